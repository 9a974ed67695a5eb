// snapshots.take_states, compiled: the states and storages taken before the call.
// Part of hot_path.cpp's one translation unit (native.py builds it); the Python reference is named at each function.
#pragma once

namespace {
// A state made plain (a tuple of a tuple, raw and None: see states_of) as snapshots.InputState of a snapshots.Metadata,
// the fields the Python side reads by name; any other (None, a state made named) as itself. NULL with an error set.
PyObject* named_state(PyObject* state) {
  if (!PyTuple_CheckExact(state)) return Py_NewRef(state);
  PyObject* meta = PyTuple_GET_ITEM(state, STATE_METADATA);
  PyObject* named_meta;
  if (PyTuple_CheckExact(meta)) {
    named_meta = metadata_type->tp_alloc(metadata_type, META_FIELDS);
    for (Py_ssize_t k = 0; named_meta && k < META_FIELDS; k++)
      PyTuple_SET_ITEM(named_meta, k, Py_NewRef(PyTuple_GET_ITEM(meta, k)));
  } else {
    named_meta = Py_NewRef(meta);
  }
  return new_tuple(state_type, {named_meta, Py_NewRef(PyTuple_GET_ITEM(state, STATE_RAW)),
                                Py_NewRef(PyTuple_GET_ITEM(state, STATE_DATA))});
}

// Every plain state in the list `states` replaced by its named form (named_state); false with an error set on failure.
bool name_states(PyObject* states) {
  for (Py_ssize_t k = 0; k < PyList_GET_SIZE(states); k++) {
    PyObject* named = named_state(PyList_GET_ITEM(states, k));
    if (!named || PyList_SetItem(states, k, named) < 0) return false;  // (SetItem releases the plain one)
  }
  return true;
}

// The states and storages of plain inputs, as snapshots.take_states makes them; `written_at(k)`: input k is written.
// `named`: each state an InputState of a Metadata, as the Python side reads them. Else, for the dispatch's own screen,
// plain tuples in the same order (name_states names them when the call is handed on): made from the tuple free list,
// without the NamedTuples' GC allocation and heap-type dealloc, on every call the screen clears. A large input's state
// is made by the Python helper, which reads the state before it by name: from the first one on, all are named.
template <typename Written>
PyObject* states_of(const std::vector<std::pair<int64_t, PyObject*>>& inputs, Written written_at, bool named = true) {
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
      int64_t bytes = ptr ? span_bytes(t) : 0;  // ptr 0: a ZeroTensor (forward AD) has no bytes
      if (bytes && !opprop_bytes::held(t, bytes)) bytes = 0;  // over a freed storage: no bytes to read
      if (!named && bytes >= keep_buffers) {
        if (!name_states(states)) throw std::runtime_error("named");
        named = true;
      }
      PyObject* meta = new_tuple(named ? metadata_type : nullptr,
                                 {ints(t.sizes(), true), ints(t.strides()), PyLong_FromLongLong(t.storage_offset()),
                                  PyLong_FromVoidPtr((void*)ptr), PyLong_FromLongLong(t._version())});
      if (!meta) throw std::runtime_error("meta");
      PyObject* state;
      if (bytes < keep_buffers) {
        PyObject* raw = PyBytes_FromStringAndSize(bytes ? (const char*)ptr : nullptr, bytes);
        state = new_tuple(named ? state_type : nullptr, {meta, raw, Py_NewRef(Py_None)});  // (releases meta if raw is NULL)
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
  return new_tuple(nullptr, {states, storages});
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
