// What every part of the compiled hot path reads: the Python side's settings, the plan, plain tensors.
// Part of hot_path.cpp's one translation unit (native.py builds it).
#pragma once

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

}  // namespace
