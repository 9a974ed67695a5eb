// The hot path's two Python steps, in C++: snapshots.take_states and screen._clean, for the common call.
//
// Both answer exactly what the Python functions answer, in the same formats, or decline (None) and leave the
// call to them: any tensor that is not a plain strided CPU torch.Tensor of a whole-byte dtype, any state the
// Python side made another way (a digest, a kept buffer, a tensor without sizes), any exception. The Python
// functions are the reference; tests/test_native_hot_path.py holds these to them call by call.
#include <ATen/ATen.h>
#include <Python.h>
#include <torch/csrc/Size.h>
#include <torch/csrc/Storage.h>
#include <torch/csrc/autograd/python_variable.h>

#include <cstring>
#include <vector>

namespace {

int64_t keep_buffers = 1 << 17;  // snapshots.KEEP_BUFFERS: from there the Python side keeps the bytes its own way
PyObject* storage_name = nullptr;  // "untyped_storage"
PyObject* overlaps = nullptr;      // torch._C._overlaps
PyObject* large_state = nullptr;   // snapshots._large_state: a large input's state, made as the Python side makes it
PyObject* same_bytes = nullptr;    // snapshots.same_bytes: compares a digest or a kept buffer

struct Plan {
  bool tensorimpl, storageimpl, alias, returns_input;
  std::vector<std::vector<int64_t>> may_alias;  // per return index: input positions it may alias
  bool has_views = false;
  std::vector<std::vector<int64_t>> views;  // per return index: input positions it is declared a view of
  std::vector<bool> is_view;
  std::vector<std::pair<int64_t, int64_t>> allowed_out_out;
  std::vector<int64_t> list_returns;
  // for dispatch: whether the plan is all the fused path (no other befores, screens or slow checks), and the
  // OpKind's name, the op to call, its tensor and written argument positions and its argument names (owned)
  bool fast = false;
  PyObject *name = nullptr, *call = nullptr;
  std::vector<int64_t> tensor_args, mutable_args;
  std::vector<PyObject*> arg_names;
  ~Plan() {
    Py_XDECREF(name);
    Py_XDECREF(call);
    for (auto n : arg_names) Py_XDECREF(n);
  }
};

Plan* plan_in(PyObject* capsule) { return static_cast<Plan*>(PyCapsule_GetPointer(capsule, "opprop.Plan")); }

bool contains(const std::vector<int64_t>& v, int64_t x) {
  for (auto y : v)
    if (y == x) return true;
  return false;
}

// A plain strided CPU tensor: a torch.Tensor or a Parameter (probe.PLAIN_TYPES, torch's THPVariable_CheckExact).
const at::Tensor* plain(PyObject* obj) {
  if (!THPVariable_CheckExact(obj)) return nullptr;
  const at::Tensor& t = THPVariable_Unpack(obj);
  if (!t.defined() || t.layout() != at::kStrided || t.is_nested() || !t.is_cpu() || t.is_inference() ||
      t.is_quantized())
    return nullptr;
  auto dtype = t.scalar_type();
  if (dtype == at::kQUInt4x2 || dtype == at::kQUInt2x4) return nullptr;
  return &t;
}

int64_t span_bytes(const at::Tensor& t) {  // memory.span_bytes
  if (t.is_contiguous()) return t.nbytes();
  if (t.numel() == 0) return 0;
  int64_t elements = 1;
  auto sizes = t.sizes();
  auto strides = t.strides();
  for (size_t d = 0; d < sizes.size(); d++) elements += (sizes[d] - 1) * strides[d];
  return elements * t.element_size();
}

uintptr_t address(const at::Tensor& t) { return reinterpret_cast<uintptr_t>(t.const_data_ptr()); }

// A tuple of ints, or a torch.Size (a tuple subclass, made as THPSize_NewFromSizes makes it: that one is not exported).
PyObject* ints(c10::IntArrayRef values, bool size = false) {
  PyObject* tuple = size ? THPSizeType.tp_alloc(&THPSizeType, values.size()) : PyTuple_New(values.size());
  if (!tuple) return nullptr;
  for (size_t k = 0; k < values.size(); k++) {
    PyObject* v = PyLong_FromLongLong(values[k]);
    if (!v) {
      Py_DECREF(tuple);
      return nullptr;
    }
    PyTuple_SET_ITEM(tuple, k, v);
  }
  return tuple;
}

// The (position, tensor) pairs of `inputs`, each a plain tensor; false when any is not.
bool unpack_inputs(PyObject* inputs, std::vector<std::pair<int64_t, PyObject*>>& out) {
  Py_ssize_t n = PyList_GET_SIZE(inputs);
  out.reserve(n);
  for (Py_ssize_t k = 0; k < n; k++) {
    PyObject* pair = PyList_GET_ITEM(inputs, k);
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) return false;
    PyObject* t = PyTuple_GET_ITEM(pair, 1);
    if (!plain(t)) return false;
    out.emplace_back(PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 0)), t);
  }
  return !PyErr_Occurred();
}

PyObject* decline() {
  PyErr_Clear();
  Py_RETURN_NONE;
}

// The states and storages of plain inputs, as snapshots.take_states makes them; `written_at(k)`: input k is written.
template <typename Written>
PyObject* states_of(const std::vector<std::pair<int64_t, PyObject*>>& inputs, Written written_at) {
  Py_ssize_t n = inputs.size();
  // built by appending, so a large input's Python helper can read the states before it (snapshots._large_state)
  PyObject* states = PyList_New(0);
  PyObject* storages = PyList_New(0);
  if (!states || !storages) {
    Py_XDECREF(states);
    Py_XDECREF(storages);
    return decline();
  }
  try {
    for (Py_ssize_t k = 0; k < n; k++) {
      PyObject* obj = inputs[k].second;
      const at::Tensor& t = THPVariable_Unpack(obj);
      PyObject* storage = PyObject_CallMethodNoArgs(obj, storage_name);
      if (!storage || PyList_Append(storages, storage) < 0) {
        Py_XDECREF(storage);
        throw std::runtime_error("untyped_storage");
      }
      Py_DECREF(storage);
      int written = written_at(k);
      if (written < 0) throw std::runtime_error("mutable_args");
      if (written) {
        if (PyList_Append(states, Py_None) < 0) throw std::runtime_error("append");
        continue;
      }
      uintptr_t ptr = address(t);
      PyObject* meta = Py_BuildValue(
          "(NNLNL)", ints(t.sizes(), true), ints(t.strides()),
          (long long)t.storage_offset(), PyLong_FromVoidPtr((void*)ptr), (long long)t._version());
      if (!meta) throw std::runtime_error("meta");
      int64_t bytes = ptr ? span_bytes(t) : 0;  // ptr 0: a ZeroTensor (forward AD) has no bytes
      PyObject* state;
      if (bytes < keep_buffers) {
        PyObject* raw = PyBytes_FromStringAndSize(bytes ? (const char*)ptr : nullptr, bytes);
        state = raw ? Py_BuildValue("(NNO)", meta, raw, Py_None) : nullptr;
        if (!raw) Py_DECREF(meta);
      } else {  // a digest or a kept buffer, or the previous input's state over the same bytes: the Python side's
        state = PyObject_CallFunction(large_state, "OKLOO", meta, (unsigned long long)ptr, (long long)bytes,
                                      t.is_contiguous() ? Py_True : Py_False, states);
        Py_DECREF(meta);
      }
      if (!state) throw std::runtime_error("state");
      int appended = PyList_Append(states, state);
      Py_DECREF(state);
      if (appended < 0) throw std::runtime_error("append");
    }
  } catch (...) {
    Py_DECREF(states);
    Py_DECREF(storages);
    return decline();
  }
  return Py_BuildValue("(NN)", states, storages);
}

// take_states(inputs, mutable_args) -> (states, storages) | None
PyObject* take_states(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 2 || !PyList_Check(args[0])) return decline();
  PyObject* mutable_args = args[1];
  std::vector<std::pair<int64_t, PyObject*>> inputs;
  if (!unpack_inputs(args[0], inputs)) return decline();
  return states_of(inputs, [&](Py_ssize_t k) {
    PyObject* position = PyLong_FromLongLong(inputs[k].first);
    int yes = position ? PySequence_Contains(mutable_args, position) : -1;
    Py_XDECREF(position);
    return yes;
  });
}

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
  if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 3 || PyTuple_GET_ITEM(state, 2) != Py_None) return -1;
  PyObject* meta = PyTuple_GET_ITEM(state, 0);
  PyObject* raw = PyTuple_GET_ITEM(state, 1);
  if (!PyTuple_Check(meta) || PyTuple_GET_SIZE(meta) != 5 || raw == Py_None) return -1;
  int same = same_ints(PyTuple_GET_ITEM(meta, 0), t.sizes());
  if (same <= 0) return same;
  same = same_ints(PyTuple_GET_ITEM(meta, 1), t.strides());
  if (same <= 0) return same;
  long long offset = PyLong_AsLongLong(PyTuple_GET_ITEM(meta, 2));
  void* ptr = PyLong_AsVoidPtr(PyTuple_GET_ITEM(meta, 3));
  long long version = PyLong_AsLongLong(PyTuple_GET_ITEM(meta, 4));
  if (PyErr_Occurred()) return -1;
  if (offset != t.storage_offset() || (uintptr_t)ptr != address(t) || version != t._version()) return 0;
  if (!PyBytes_CheckExact(raw)) {  // a large input's digest or kept buffer: compared as the Python side compares it
    if (raw == previous) return 1;  // one large tensor passed twice shares its state: compared once
    PyObject* same = PyObject_CallFunctionObjArgs(same_bytes, PyTuple_GET_ITEM(meta, 3), raw, nullptr);
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

void free_plan(PyObject* capsule) { delete static_cast<Plan*>(PyCapsule_GetPointer(capsule, "opprop.Plan")); }

std::vector<int64_t> int_list(PyObject* seq) {
  std::vector<int64_t> out;
  PyObject* fast = PySequence_Fast(seq, "a sequence of ints");
  if (!fast) throw std::runtime_error("ints");
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++)
    out.push_back(PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, k)));
  Py_DECREF(fast);
  return out;
}

// make_plan(tensorimpl, storageimpl, alias, returns_input, may_alias, views, allowed_out_out, list_returns) -> capsule
PyObject* make_plan(PyObject*, PyObject* args) {
  int tensorimpl, storageimpl, alias, returns_input;
  int fast;
  PyObject *may_alias, *views, *allowed, *list_returns, *name, *call, *tensor_args, *mutable_args, *arg_names;
  if (!PyArg_ParseTuple(args, "ppppOOOOpOOOOO", &tensorimpl, &storageimpl, &alias, &returns_input, &may_alias, &views,
                        &allowed, &list_returns, &fast, &name, &call, &tensor_args, &mutable_args, &arg_names))
    return nullptr;
  auto plan = new Plan{(bool)tensorimpl, (bool)storageimpl, (bool)alias, (bool)returns_input};
  try {
    plan->fast = fast;
    Py_INCREF(name);
    plan->name = name;
    Py_INCREF(call);
    plan->call = call;
    plan->tensor_args = int_list(tensor_args);
    plan->mutable_args = int_list(mutable_args);
    PyObject* names = PySequence_Fast(arg_names, "arg_names");
    if (!names) throw std::runtime_error("arg_names");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(names); k++) {
      PyObject* n = PySequence_Fast_GET_ITEM(names, k);
      Py_INCREF(n);
      plan->arg_names.push_back(n);
    }
    Py_DECREF(names);
    PyObject* fast = PySequence_Fast(may_alias, "may_alias");
    if (!fast) throw std::runtime_error("may_alias");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast); k++)
      plan->may_alias.push_back(int_list(PySequence_Fast_GET_ITEM(fast, k)));
    Py_DECREF(fast);
    if (views != Py_None) {
      plan->has_views = true;
      PyObject *key, *value;
      Py_ssize_t pos = 0;
      while (PyDict_Next(views, &pos, &key, &value)) {
        long long j = PyLong_AsLongLong(key);
        if (j < 0) throw std::runtime_error("views");
        if ((size_t)j >= plan->views.size()) {
          plan->views.resize(j + 1);
          plan->is_view.resize(j + 1, false);
        }
        plan->views[j] = int_list(value);
        plan->is_view[j] = true;
      }
    }
    PyObject* pairs = PySequence_Fast(allowed, "allowed_out_out");
    if (!pairs) throw std::runtime_error("allowed_out_out");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(pairs); k++) {
      auto pair = int_list(PySequence_Fast_GET_ITEM(pairs, k));
      if (pair.size() != 2) {
        Py_DECREF(pairs);
        throw std::runtime_error("pair");
      }
      plan->allowed_out_out.emplace_back(pair[0], pair[1]);
    }
    Py_DECREF(pairs);
    plan->list_returns = int_list(list_returns);
    if (PyErr_Occurred()) throw std::runtime_error("ints");
  } catch (...) {
    delete plan;
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a plan");
    return nullptr;
  }
  return PyCapsule_New(plan, "opprop.Plan", free_plan);
}

using Pairs = std::vector<std::pair<int64_t, PyObject*>>;

// screen._clean's answer for plain inputs and outputs (an output NULL for None): 1 clean, 0 not, -1 declined.
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

// clean(plan, inputs, outputs, before, storages) -> True | False | None (screen._clean's answer, or declined)
PyObject* clean(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 5 || !PyList_Check(args[1]) || !PyList_Check(args[2])) return decline();
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
}



PyObject* not_taken = nullptr;  // what dispatch returns for a call it leaves to the Python path

PyObject* not_taken_() {
  PyErr_Clear();
  return Py_NewRef(not_taken);
}
PyObject* plans_name = nullptr;  // "_plans"
PyObject* native_name = nullptr;  // "native"
PyObject* log_name = nullptr;  // "_reached_log"
PyObject* continue_name = nullptr;  // "_continued"

// The schema's tensor arguments (Tensor, Tensor?, Tensor[]) at their positions, as mode._take_inputs walks them;
// false when one is a tensor that is not plain (the Python path reads it its own way).
bool walk(Plan* plan, PyObject* args, PyObject* kwargs, Pairs& inputs) {
  Py_ssize_t n_args = PyTuple_GET_SIZE(args);
  for (auto i : plan->tensor_args) {
    PyObject* value;
    if (i < n_args) {
      value = PyTuple_GET_ITEM(args, i);
    } else {
      if (!kwargs || (size_t)i >= plan->arg_names.size()) continue;
      value = PyDict_GetItemWithError(kwargs, plan->arg_names[i]);
      if (!value) {
        if (PyErr_Occurred()) return false;
        continue;
      }
    }
    if (THPVariable_Check(value)) {
      if (!plain(value)) return false;
      inputs.emplace_back(i, value);
    } else if (PyList_Check(value) || PyTuple_Check(value)) {
      Py_ssize_t n = PySequence_Fast_GET_SIZE(value);  // a list or a tuple: no new object
      for (Py_ssize_t k = 0; k < n; k++) {
        PyObject* v = PySequence_Fast_GET_ITEM(value, k);
        if (!THPVariable_Check(v)) continue;
        if (!plain(v)) return false;
        inputs.emplace_back(i, v);
      }
    }
  }
  return true;
}

// dispatch(mode, func, args, kwargs): the whole checked call for a fused plan over plain tensors whose one output
// the screen clears, returning the op's result; the op's own exception propagates. Anything else either is left
// to the Python path before the op runs (returns `not_taken`), or, after it ran, is handed to the Python path's
// second half (mode._continued = (plan, out, inputs, before, storages); returns `not_taken` too, see mode.py).
PyObject* dispatch(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 4 || !PyTuple_Check(args[2])) return not_taken_();
  PyObject *mode = args[0], *func = args[1], *call_args = args[2], *kwargs = args[3];
  if (kwargs != Py_None && !PyDict_Check(kwargs)) return not_taken_();
  if (kwargs == Py_None) kwargs = nullptr;
  PyObject* plans = PyObject_GetAttr(mode, plans_name);
  if (!plans) return not_taken_();
  PyObject* key = PyLong_FromVoidPtr(func);  // id(func)
  PyObject* entry = key && PyDict_Check(plans) ? PyDict_GetItemWithError(plans, key) : nullptr;  // borrowed
  Py_XDECREF(key);
  Py_DECREF(plans);  // the entry stays: the mode's plans hold it
  if (!entry || !PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2 || PyTuple_GET_ITEM(entry, 0) != func)
    return not_taken_();
  PyObject* check_plan = PyTuple_GET_ITEM(entry, 1);
  if (check_plan == Py_None) return not_taken_();
  PyObject* compiled = PyObject_GetAttr(check_plan, native_name);
  if (!compiled) return not_taken_();
  Plan* plan = compiled == Py_None ? nullptr : plan_in(compiled);
  Py_DECREF(compiled);  // the CheckPlan holds it
  if (!plan || !plan->fast) return not_taken_();
  Pairs inputs;
  if (!walk(plan, call_args, kwargs, inputs)) return not_taken_();
  PyObject* taken = states_of(inputs, [&](Py_ssize_t k) { return (int)contains(plan->mutable_args, inputs[k].first); });
  if (taken == Py_None) {  // states_of declined
    Py_DECREF(taken);
    return not_taken_();
  }
  PyObject* log = PyObject_GetAttr(mode, log_name);
  int logged = log ? PyList_Append(log, plan->name) : -1;
  Py_XDECREF(log);
  if (logged < 0) {
    Py_DECREF(taken);
    return not_taken_();
  }
  PyObject* out = PyObject_Call(plan->call, call_args, kwargs);
  if (!out) {  // the op's own exception: the user's
    Py_DECREF(taken);
    return nullptr;
  }
  PyObject *before = PyTuple_GET_ITEM(taken, 0), *storages = PyTuple_GET_ITEM(taken, 1);
  if (Py_TYPE(out) == (PyTypeObject*)THPVariableClass && plain(out)) {
    Pairs outs{{0, out}};
    int clean = screen_core(plan, inputs, outs, before, storages, 1);  // `out` here is the one reference
    if (clean == 1) {
      Py_DECREF(taken);
      return out;
    }
    PyErr_Clear();
  }
  // the rest on the Python path, from the op's result on
  PyObject* pairs = PyList_New(inputs.size());
  for (size_t k = 0; pairs && k < inputs.size(); k++)
    PyList_SET_ITEM(pairs, k, Py_BuildValue("(LO)", (long long)inputs[k].first, inputs[k].second));
  PyObject* handed = pairs ? Py_BuildValue("(ONNOO)", check_plan, out, pairs, before, storages) : nullptr;
  Py_DECREF(taken);
  if (!handed || PyObject_SetAttr(mode, continue_name, handed) < 0) {
    Py_XDECREF(handed);
    return nullptr;  // the op ran: nothing can be handed back (an internal failure that cannot happen in practice)
  }
  Py_DECREF(handed);
  return Py_NewRef(not_taken);
}

// configure(keep_buffers, overlaps, large_state, same_bytes, not_taken): the Python side's threshold, helpers and marker
PyObject* configure(PyObject*, PyObject* args) {
  long long keep;
  PyObject *fn, *large, *same, *marker;
  if (!PyArg_ParseTuple(args, "LOOOO", &keep, &fn, &large, &same, &marker)) return nullptr;
  keep_buffers = keep;
  for (auto [slot, value] : {std::pair<PyObject**, PyObject*>{&overlaps, fn}, {&large_state, large}, {&same_bytes, same},
                             {&not_taken, marker}}) {
    Py_XDECREF(*slot);
    Py_INCREF(value);
    *slot = value;
  }
  Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"take_states", (PyCFunction)(void (*)(void))take_states, METH_FASTCALL, "snapshots.take_states, or None"},
    {"clean", (PyCFunction)(void (*)(void))clean, METH_FASTCALL, "screen._clean, or None"},
    {"dispatch", (PyCFunction)(void (*)(void))dispatch, METH_FASTCALL, "a whole checked call, or not_taken"},
    {"make_plan", make_plan, METH_VARARGS, "a plan's screen settings, for clean"},
    {"configure", configure, METH_VARARGS, "thresholds and readers from the Python side"},
    {nullptr, nullptr, 0, nullptr}};

// torch.utils.cpp_extension names the module (TORCH_EXTENSION_NAME: one per torch release, see native.py)
#define OPPROP_CAT(a, b) a##b
#define OPPROP_INIT(name) OPPROP_CAT(PyInit_, name)
#define OPPROP_QUOTE(x) #x
#define OPPROP_NAME(x) OPPROP_QUOTE(x)

struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, OPPROP_NAME(TORCH_EXTENSION_NAME), nullptr, -1, methods};

}  // namespace

PyMODINIT_FUNC OPPROP_INIT(TORCH_EXTENSION_NAME)(void) {
  storage_name = PyUnicode_InternFromString("untyped_storage");
  plans_name = PyUnicode_InternFromString("_plans");
  native_name = PyUnicode_InternFromString("native");
  log_name = PyUnicode_InternFromString("_reached_log");
  continue_name = PyUnicode_InternFromString("_continued");
  return PyModule_Create(&module_def);
}
