// screen.reference_clears, compiled: whether every check of the plan would be silent on the call.
// Part of hot_path.cpp's one translation unit (native.py builds it); the Python reference is named at each function.
#pragma once

namespace {
// -1: not that tuple; else whether `values` (a tuple of ints) equals `expected`.
int same_ints(PyObject* values, c10::IntArrayRef expected) {
  if (!PyTuple_Check(values)) return -1;
  if ((size_t)PyTuple_GET_SIZE(values) != expected.size()) return 0;
  for (size_t d = 0; d < expected.size(); d++) {
    long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(values, d));
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v != expected[d]) return 0;
  }
  return 1;
}

// -1: decline; 0: changed; 1: as in its state (snapshots.unchanged). `previous`: the large state compared last.
int unchanged(PyObject* state, const at::Tensor& t, PyObject*& previous) {
  if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != STATE_FIELDS || PyTuple_GET_ITEM(state, STATE_DATA) != Py_None)
    return -1;
  PyObject* meta = PyTuple_GET_ITEM(state, STATE_METADATA);
  PyObject* raw = PyTuple_GET_ITEM(state, STATE_RAW);
  if (!PyTuple_Check(meta) || PyTuple_GET_SIZE(meta) != META_FIELDS || raw == Py_None) return -1;
  int same = same_ints(PyTuple_GET_ITEM(meta, META_SHAPE), t.sizes());
  if (same <= 0) return same;
  same = same_ints(PyTuple_GET_ITEM(meta, META_STRIDE), t.strides());
  if (same <= 0) return same;
  long long offset = PyLong_AsLongLong(PyTuple_GET_ITEM(meta, META_OFFSET));
  void* ptr = PyLong_AsVoidPtr(PyTuple_GET_ITEM(meta, META_PTR));
  long long version = PyLong_AsLongLong(PyTuple_GET_ITEM(meta, META_VERSION));
  if (PyErr_Occurred()) return -1;
  if (offset != t.storage_offset() || (uintptr_t)ptr != address(t) || version != t._version()) return 0;
  if (!PyBytes_CheckExact(raw)) {  // a large input's digest or kept buffer: compared as the Python side compares it
    if (raw == previous) return 1;  // one large tensor passed twice shares its state: compared once
    PyObject* same = PyObject_CallFunctionObjArgs(same_bytes, PyTuple_GET_ITEM(meta, META_PTR), raw, nullptr);
    if (!same) return -1;
    int yes = PyObject_IsTrue(same);
    Py_DECREF(same);
    previous = yes == 1 ? raw : nullptr;
    return yes;
  }
  Py_ssize_t n = PyBytes_GET_SIZE(raw);
  return n == 0 || std::memcmp(ptr, PyBytes_AS_STRING(raw), n) == 0;
}

struct Extent {
  uintptr_t start;
  int64_t span;
};

bool apart(const Extent& x, const Extent& y) {  // screen._apart
  return !(x.span && y.span && x.start < y.start + y.span && y.start < x.start + x.span);
}

Extent extent_of(const at::Tensor& t) { return {address(t), span_bytes(t)}; }

// screen._overlap for two plain CPU tensors: torch._C._overlaps, whose RuntimeError means no.
int overlap(PyObject* a, PyObject* b) {
  PyObject* result = PyObject_CallFunctionObjArgs(overlaps, a, b, nullptr);
  if (!result) {
    if (PyErr_ExceptionMatches(PyExc_RuntimeError)) {
      PyErr_Clear();
      return 0;
    }
    return -1;
  }
  int yes = PyObject_IsTrue(result);
  Py_DECREF(result);
  return yes;
}


using Pairs = std::vector<std::pair<int64_t, PyObject*>>;

// screen.clears' answer for plain inputs and outputs (an output NULL for None): 1 clean, 0 not, -1 declined.
// `refs`: the references to an output that the caller's own names hold (the outputs entry, the op's return value).
int screen_core(Plan* plan, const Pairs& inputs, const Pairs& outs, PyObject* before, PyObject* storages, Py_ssize_t refs) {
  Py_ssize_t n_in = inputs.size();
  try {
    if (storages != Py_None) {
      if (!PyList_Check(storages) || PyList_GET_SIZE(storages) != n_in) return -1;
      if (before != Py_None && (!PyList_Check(before) || PyList_GET_SIZE(before) != n_in)) return -1;
      PyObject* previous = nullptr;
      for (Py_ssize_t k = 0; k < n_in; k++) {
        const at::Tensor& t = THPVariable_Unpack(inputs[k].second);
        PyObject* storage = PyList_GET_ITEM(storages, k);
        if (storage != Py_None) {  // storage_replaced: the input still sits on the storage it had
          if (!THPStorage_Check(storage)) return -1;
          if (THPStorage_Unpack(storage).unsafeGetStorageImpl() != t.storage().unsafeGetStorageImpl())
            return 0;
        }
        if (before != Py_None) {
          PyObject* state = PyList_GET_ITEM(before, k);
          if (state == Py_None) continue;
          int same = unchanged(state, t, previous);
          if (same < 0) return -1;
          if (!same) return 0;
        }
      }
    } else if (before != Py_None && PyObject_IsTrue(before)) {
      return -1;  // an unfused plan's states: the Python screen reads them
    }
    if (plan->has_views) {  // view_copies: each declared view sits on the storage of an input it views
      for (auto& [j, t] : outs) {
        if (!t || j < 0 || (size_t)j >= plan->is_view.size() || !plan->is_view[j]) continue;
        auto impl = THPVariable_Unpack(t).storage().unsafeGetStorageImpl();
        bool found = false;
        for (auto& [i, x] : inputs)
          if (contains(plan->views[j], i) && THPVariable_Unpack(x).storage().unsafeGetStorageImpl() == impl) {
            found = true;
            break;
          }
        if (!found) return 0;
      }
    }
    if (plan->has_written) {  // written_not_returned: a written return is the argument it names (its screen)
      for (auto& [j, t] : outs) {
        if (!t || j < 0 || (size_t)j >= plan->written.size() || plan->written[j].empty()) continue;
        bool named = false, returned = false;  // (an argument passed None, or unread: nothing to compare)
        for (auto& [i, x] : inputs) {
          if (!contains(plan->written[j], i)) continue;
          named = true;
          returned |= x == t;
        }
        if (named && !returned) return 0;
      }
    }
    if (outs.empty()) return 1;
    if (plan->tensorimpl) {
      for (size_t a = 0; a < outs.size(); a++)  // one TensorImpl in several output slots: let the check count it
        for (size_t b = a + 1; b < outs.size(); b++)
          if (outs[a].second && outs[a].second == outs[b].second) return 0;
      for (auto& [j, t] : outs) {
        if (!t) continue;
        auto held = THPVariable_Unpack(t).use_count();
        // the outputs entry and the op's return value hold it (the Python screen's 4 adds its loop name and
        // getrefcount's argument)
        if (held > 1 || (held == 1 && Py_REFCNT(t) > refs)) return 0;
      }
    }
    if (!(plan->storageimpl || plan->alias || plan->returns_input)) return 1;
    std::vector<Extent> in_extents;
    std::vector<int> out_bounded;  // per output: 1 when an overlap test applies (a view op's output, bounded lazily)
    for (auto& [j, t] : outs) {
      if (!t) {
        out_bounded.push_back(0);
        continue;
      }
      const at::Tensor& x = THPVariable_Unpack(t);
      bool bounded = false;
      if (plan->storageimpl) {
        if (x.storage().use_count() > 1) return 0;
      } else if (plan->alias) {
        bounded = true;
      }
      if (plan->alias || plan->returns_input) {
        const std::vector<int64_t>* allowed =
            (j >= 0 && (size_t)j < plan->may_alias.size()) ? &plan->may_alias[j] : nullptr;
        for (Py_ssize_t k = 0; k < n_in; k++) {
          auto [i, inp] = inputs[k];
          bool may = allowed && contains(*allowed, i);
          if (t == inp) {
            if (plan->returns_input || (plan->alias && !may)) return 0;
          } else if (bounded && !may) {
            if (in_extents.empty())
              for (auto& [_, y] : inputs) in_extents.push_back(extent_of(THPVariable_Unpack(y)));
            if (!apart(extent_of(x), in_extents[k])) {
              int yes = overlap(t, inp);
              if (yes < 0) return -1;
              if (yes) return 0;
            }
          }
        }
      }
      out_bounded.push_back(bounded);
    }
    if (plan->alias && outs.size() > 1) {
      for (size_t a = 0; a < outs.size(); a++) {
        auto [j, t] = outs[a];
        if (!t) continue;
        for (size_t b = a + 1; b < outs.size(); b++) {
          auto [k, u] = outs[b];
          if (!u) continue;
          bool allowed = (j == k && contains(plan->list_returns, j));
          for (auto& p : plan->allowed_out_out)
            if (p.first == j && p.second == k) allowed = true;
          if (allowed) continue;
          if (t == u) return 0;
          if (!out_bounded[a] || !out_bounded[b]) continue;
          if (!apart(extent_of(THPVariable_Unpack(t)), extent_of(THPVariable_Unpack(u)))) {
            int yes = overlap(t, u);
            if (yes < 0) return -1;
            if (yes) return 0;
          }
        }
      }
    }
  } catch (...) {
    return -1;
  }
  return 1;
}

PyObject* answer(int clean) {
  if (clean < 0) return decline();
  return PyBool_FromLong(clean);
}

// clean(plan, inputs, outputs, before, storages) -> True | False | None (screen.clears' answer, or declined)
PyObject* clean(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (unconfigured()) return nullptr;
  if (nargs != 5 || !PyList_Check(args[1]) || !PyList_Check(args[2])) return decline();
  try {
    Plan* plan = plan_in(args[0]);
    if (!plan) return decline();
    Pairs inputs, outs;
    if (!unpack_inputs(args[1], inputs)) return decline();
    PyObject* outputs = args[2];
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(outputs); k++) {  // (return index, tensor or NULL for None)
      PyObject* pair = PyList_GET_ITEM(outputs, k);
      if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) return decline();
      PyObject* t = PyTuple_GET_ITEM(pair, 1);
      long long j = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 0));
      if (PyErr_Occurred()) return decline();
      if (t != Py_None && !plain(t)) return decline();
      outs.emplace_back(j, t == Py_None ? nullptr : t);
    }
    return answer(screen_core(plan, inputs, outs, args[3], args[4], 2));
  } catch (...) {
    return decline();
  }
}

}  // namespace
