// snapshots.take_states, compiled: the states and storages taken before the call.
// Part of hot_path.cpp's one translation unit (native.py builds it); the Python reference is named at each function.
#pragma once

namespace {
// The states and storages of plain inputs, as snapshots.take_states makes them; `written_at(k)`: input k is written.
template <typename Written>
PyObject* states_of(const std::vector<std::pair<int64_t, PyObject*>>& inputs, Written written_at) {
  Py_ssize_t n = inputs.size();
  // built by appending, so a large input's Python helper can read the states before it (snapshots.large_state)
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
      PyObject* meta = new_tuple(metadata_type, {ints(t.sizes(), true), ints(t.strides()),
                                                 PyLong_FromLongLong(t.storage_offset()),
                                                 PyLong_FromVoidPtr((void*)ptr), PyLong_FromLongLong(t._version())});
      if (!meta) throw std::runtime_error("meta");
      int64_t bytes = ptr ? span_bytes(t) : 0;  // ptr 0: a ZeroTensor (forward AD) has no bytes
      PyObject* state;
      if (bytes < keep_buffers) {
        PyObject* raw = PyBytes_FromStringAndSize(bytes ? (const char*)ptr : nullptr, bytes);
        state = new_tuple(state_type, {meta, raw, Py_NewRef(Py_None)});  // it releases meta when raw is NULL
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
  if (unconfigured()) return nullptr;
  if (nargs != 2 || !PyList_Check(args[0])) return decline();
  PyObject* mutable_args = args[1];
  try {
    std::vector<std::pair<int64_t, PyObject*>> inputs;
    if (!unpack_inputs(args[0], inputs)) return decline();
    return states_of(inputs, [&](Py_ssize_t k) {
      Ref position(PyLong_FromLongLong(inputs[k].first));
      return position ? PySequence_Contains(mutable_args, position.get()) : -1;
    });
  } catch (...) {
    return decline();
  }
}

}  // namespace
