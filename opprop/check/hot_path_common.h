// What every part of the compiled hot path reads: the Python side's settings, the plan, plain tensors.
// Part of hot_path.cpp's one translation unit (native.py builds it).
#pragma once

#include <ATen/ATen.h>
#include "hot_path_bytes.h"
#include <Python.h>
#include <torch/csrc/Exceptions.h>
#include <torch/csrc/Size.h>
#include <torch/csrc/Storage.h>
#include <torch/csrc/autograd/python_variable.h>

#include <cstring>
#include <initializer_list>
#include <memory>
#include <vector>

namespace {
int64_t keep_buffers = 1 << 17;  // snapshots.KEEP_BUFFERS: from there the Python side keeps the bytes its own way
PyObject* storage_name = nullptr;  // "untyped_storage"
PyObject* overlaps = nullptr;      // torch._C._overlaps
PyObject* large_state = nullptr;   // snapshots.large_state: a large input's state, made as the Python side makes it
PyObject* same_bytes = nullptr;    // snapshots.same_bytes: compares a digest or a kept buffer

// An input's state, as the Python side names its fields (tests/test_hot_path.py parses these two lines and
// holds them to the NamedTuples' _fields; the enums below are the same names, in the same order):
// snapshots.InputState fields: metadata, raw, data
// snapshots.Metadata fields: shape, stride, offset, ptr, version
enum StateField { STATE_METADATA, STATE_RAW, STATE_DATA, STATE_FIELDS };
enum MetadataField { META_SHAPE, META_STRIDE, META_OFFSET, META_PTR, META_VERSION, META_FIELDS };
PyTypeObject* state_type = nullptr;     // snapshots.InputState (a tuple subclass)
PyTypeObject* metadata_type = nullptr;  // snapshots.Metadata (a tuple subclass)

// A new `type` (one of the NamedTuples above, or a tuple subclass of the Python side's; nullptr: a plain tuple)
// holding `items`, which it steals; NULL when one is NULL or on failure (all of them released). Made as a tuple is
// made: no __new__ runs. A plain tuple comes from the tuple free list; a subclass instance costs a GC allocation and
// its heap type's dealloc (measured: the two NamedTuples per input were most of what the hot path's calls gained
// since faacd69, which made plain tuples), so the fast path makes plain ones (``states_of``).
PyObject* new_tuple(PyTypeObject* type, std::initializer_list<PyObject*> items) {
  PyObject* t = type ? type->tp_alloc(type, items.size()) : PyTuple_New(items.size());
  bool whole = t != nullptr;
  Py_ssize_t k = 0;
  for (PyObject* item : items) {
    if (!item) whole = false;
    if (t) PyTuple_SET_ITEM(t, k++, item);
    else Py_XDECREF(item);
  }
  if (t && !whole) Py_CLEAR(t);  // its dealloc releases the items it holds
  return t;
}

// An owned reference, released on every path out of its scope (C++ exceptions included).
struct Ref {
  PyObject* p = nullptr;
  Ref() = default;
  explicit Ref(PyObject* owned) : p(owned) {}
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  Ref& operator=(Ref&& other) noexcept {
    if (this != &other) {
      PyObject* old = p;
      p = other.release();
      Py_XDECREF(old);
    }
    return *this;
  }
  ~Ref() { Py_XDECREF(p); }
  PyObject* get() const { return p; }
  PyObject* release() {
    PyObject* r = p;
    p = nullptr;
    return r;
  }
  explicit operator bool() const { return p != nullptr; }
};

// Whether the pending exception (if any) is opprop's own to drop when it declines: an Exception raised by its reads.
// KeyboardInterrupt, SystemExit and the other BaseExceptions propagate, as past the Python path's `except Exception`.
bool droppable() { return !PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_Exception); }

// True, with a RuntimeError set, before configure() has run (native.load runs it right after the import).
bool unconfigured() {
  if (overlaps && large_state && same_bytes && state_type && metadata_type) return false;
  PyErr_SetString(PyExc_RuntimeError, "opprop's compiled hot path is not configured");
  return true;
}

struct Plan {
  bool tensorimpl, storageimpl, alias, returns_input;
  std::vector<std::vector<int64_t>> may_alias;  // per return index: input positions it may alias
  bool has_views = false;
  std::vector<std::vector<int64_t>> views;  // per return index: input positions it is declared a view of
  std::vector<bool> is_view;
  bool has_written = false;
  std::vector<std::vector<int64_t>> written;  // per return index: the written input positions it must be one of
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
      t.is_quantized() || opprop_bytes::sub_byte(t))
    return nullptr;
  return &t;
}

using opprop_bytes::address;  // hot_path_bytes.h: the rules the native engine shares
using opprop_bytes::span_bytes;

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

PyObject* decline() {  // None: the Python function answers instead (a pending interrupt propagates)
  if (!droppable()) return nullptr;
  PyErr_Clear();
  Py_RETURN_NONE;
}

void free_plan(PyObject* capsule) { delete static_cast<Plan*>(PyCapsule_GetPointer(capsule, "opprop.Plan")); }

std::vector<int64_t> int_list(PyObject* seq) {
  std::vector<int64_t> out;
  Ref fast(PySequence_Fast(seq, "a sequence of ints"));
  if (!fast) throw std::runtime_error("ints");
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(fast.get()); k++) {
    out.push_back(PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast.get(), k)));
    if (PyErr_Occurred()) throw std::runtime_error("ints");
  }
  return out;
}

// A {return index: [input positions]} dict as one list per return index; present[j]: j is a key.
void lists_per_return(PyObject* dict, const char* what, std::vector<std::vector<int64_t>>& lists,
                      std::vector<bool>& present) {
  PyObject *key, *value;
  Py_ssize_t pos = 0;
  while (PyDict_Next(dict, &pos, &key, &value)) {
    long long j = PyLong_AsLongLong(key);
    if (j < 0 || j > (1 << 20)) throw std::runtime_error(what);
    if ((size_t)j >= lists.size()) {
      lists.resize(j + 1);
      present.resize(j + 1, false);
    }
    lists[j] = int_list(value);
    present[j] = true;
  }
}

// make_plan(tensorimpl, storageimpl, alias, returns_input, may_alias, views, allowed_out_out, list_returns, fast, name,
//           call, tensor_args, mutable_args, arg_names, written) -> capsule: CheckPlan's screen settings, in the order that
// native.plan_of passes them (fast: the plan is all the fused path; name, call: the OpKind's name and the op to call)
PyObject* make_plan(PyObject*, PyObject* args) {
  int tensorimpl, storageimpl, alias, returns_input;
  int fast;
  PyObject *may_alias, *views, *allowed, *list_returns, *name, *call, *tensor_args, *mutable_args, *arg_names, *written;
  if (!PyArg_ParseTuple(args, "ppppOOOOpOOOOOO", &tensorimpl, &storageimpl, &alias, &returns_input, &may_alias, &views,
                        &allowed, &list_returns, &fast, &name, &call, &tensor_args, &mutable_args, &arg_names, &written))
    return nullptr;
  if ((views != Py_None && !PyDict_Check(views)) || (written != Py_None && !PyDict_Check(written))) {
    PyErr_SetString(PyExc_TypeError, "views, written: a dict or None");
    return nullptr;
  }
  auto plan = std::make_unique<Plan>();
  plan->tensorimpl = tensorimpl;
  plan->storageimpl = storageimpl;
  plan->alias = alias;
  plan->returns_input = returns_input;
  try {
    plan->fast = fast;
    plan->name = Py_NewRef(name);
    plan->call = Py_NewRef(call);
    plan->tensor_args = int_list(tensor_args);
    for (auto i : plan->tensor_args)
      if (i < 0) throw std::runtime_error("tensor_args");  // positions into the call's arguments
    plan->mutable_args = int_list(mutable_args);
    Ref names(PySequence_Fast(arg_names, "arg_names"));
    if (!names) throw std::runtime_error("arg_names");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(names.get()); k++)
      plan->arg_names.push_back(Py_NewRef(PySequence_Fast_GET_ITEM(names.get(), k)));
    Ref per_return(PySequence_Fast(may_alias, "may_alias"));
    if (!per_return) throw std::runtime_error("may_alias");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(per_return.get()); k++)
      plan->may_alias.push_back(int_list(PySequence_Fast_GET_ITEM(per_return.get(), k)));
    plan->has_views = views != Py_None;
    if (plan->has_views) lists_per_return(views, "views", plan->views, plan->is_view);
    plan->has_written = written != Py_None;  // written_not_returned.written_returns
    std::vector<bool> written_keys;
    if (plan->has_written) lists_per_return(written, "written", plan->written, written_keys);
    Ref pairs(PySequence_Fast(allowed, "allowed_out_out"));
    if (!pairs) throw std::runtime_error("allowed_out_out");
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(pairs.get()); k++) {
      auto pair = int_list(PySequence_Fast_GET_ITEM(pairs.get(), k));
      if (pair.size() != 2) throw std::runtime_error("pair");
      plan->allowed_out_out.emplace_back(pair[0], pair[1]);
    }
    plan->list_returns = int_list(list_returns);
  } catch (...) {  // the Python error stays (a python_error leaves it set); else a ValueError says so
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "not a plan");
    return nullptr;
  }
  PyObject* capsule = PyCapsule_New(plan.get(), "opprop.Plan", free_plan);
  if (capsule) plan.release();  // the capsule owns it now
  return capsule;
}

}  // namespace
