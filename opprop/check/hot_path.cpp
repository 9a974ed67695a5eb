// The hot path in C++: the dispatch mode's whole call for the common case (this file), snapshots.take_states
// (hot_path_states.h) and screen.reference_clears (hot_path_screen.h), over what they share (hot_path_common.h).
//
// Each answers exactly what the Python code answers, in the same formats, or declines and leaves the call to it:
// any tensor that is not a plain strided CPU tensor of a whole-byte dtype, any state the Python side made another
// way (a tensor without sizes), any exception. The Python functions are the reference; tests/test_hot_path.py
// holds these to them call by call.
#include "hot_path_common.h"
#include "hot_path_states.h"
#include "hot_path_screen.h"

namespace {

PyObject* not_taken = nullptr;  // what dispatch returns for a call it leaves to the Python path
PyObject* handed_on = nullptr;  // the type of what it returns for a call it hands on (a tuple subclass: see mode.py)

PyObject* not_taken_() {  // a pending interrupt propagates: nothing ran yet
  if (!droppable()) return nullptr;
  PyErr_Clear();
  return Py_NewRef(not_taken);
}
PyObject* plans_name = nullptr;  // "_plans"
PyObject* compiled_name = nullptr;  // "compiled": the CheckPlan attribute holding its compiled plan
PyObject* log_name = nullptr;  // "_reached_log"
PyObject* fold_name = nullptr;  // "_fold_reached"
constexpr Py_ssize_t fold_at = 4096;  // mode.REACHED_LOG_AT_MOST

// isinstance(obj, torch.Tensor), or -1 with the error set (THPVariable_Check throws that error as a C++ exception)
int is_tensor(PyObject* obj) { return THPVariable_CheckExact(obj) ? 1 : PyObject_IsInstance(obj, THPVariableClass); }

// The schema's tensor arguments (Tensor, Tensor?, Tensor[]) at their positions, as InvariantMode.__torch_dispatch__
// walks them; false when one is a tensor that is not plain (the Python path reads it its own way), or on an error.
bool walk(Plan* plan, PyObject* args, PyObject* kwargs, Pairs& inputs) {
  Py_ssize_t n_args = PyTuple_GET_SIZE(args);
  for (auto i : plan->tensor_args) {
    PyObject* value;
    if (i < 0) return false;  // (make_plan refuses it)
    if (i < n_args) {
      value = PyTuple_GET_ITEM(args, i);
    } else {
      if (!kwargs || i < 0 || (size_t)i >= plan->arg_names.size()) continue;
      value = PyDict_GetItemWithError(kwargs, plan->arg_names[i]);  // borrowed: args and kwargs hold it
      if (!value) {
        if (PyErr_Occurred()) return false;
        continue;
      }
    }
    int tensor = is_tensor(value);
    if (tensor < 0) return false;
    if (tensor) {
      if (!plain(value)) return false;
      inputs.emplace_back(i, value);
    } else if (PyList_Check(value) || PyTuple_Check(value)) {
      Py_ssize_t n = PySequence_Fast_GET_SIZE(value);  // a list or a tuple: no new object
      for (Py_ssize_t k = 0; k < n; k++) {
        PyObject* v = PySequence_Fast_GET_ITEM(value, k);
        int item = is_tensor(v);
        if (item < 0) return false;
        if (!item) continue;
        if (!plain(v)) return false;
        inputs.emplace_back(i, v);
      }
    }
  }
  return true;
}

// [(position, tensor), ...]: what the Python side takes as a call's inputs; NULL with an error set on failure.
PyObject* pairs_of(const Pairs& inputs) {
  Ref pairs(PyList_New(inputs.size()));
  if (!pairs) return nullptr;
  for (size_t k = 0; k < inputs.size(); k++) {
    PyObject* pair = Py_BuildValue("(LO)", (long long)inputs[k].first, inputs[k].second);
    if (!pair) return nullptr;
    PyList_SET_ITEM(pairs.get(), k, pair);
  }
  return pairs.release();
}

// inputs_of(plan, args, kwargs) -> [(position, tensor), ...] | None: walk's answer, for the tests that hold it to
// the mode's own walk
PyObject* inputs_of(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  try {
    if (nargs != 3 || !PyTuple_Check(args[1]) || (args[2] != Py_None && !PyDict_Check(args[2]))) return decline();
    Plan* plan = plan_in(args[0]);
    Pairs inputs;
    if (!plan || !walk(plan, args[1], args[2] == Py_None ? nullptr : args[2], inputs)) return decline();
    PyObject* pairs = pairs_of(inputs);
    return pairs ? pairs : decline();
  } catch (...) {
    return decline();
  }
}

// The plan entry the mode holds for `func`, as a new reference (the entry keeps the CheckPlan and its compiled plan
// alive across the op call, whatever forgets the mode's plans meanwhile); NULL when there is none.
PyObject* entry_of(PyObject* mode, PyObject* func) {
  Ref plans(PyObject_GetAttr(mode, plans_name));
  if (!plans || !PyDict_Check(plans.get())) return nullptr;
  Ref key(PyLong_FromVoidPtr(func));  // id(func)
  if (!key) return nullptr;
  PyObject* entry = PyDict_GetItemWithError(plans.get(), key.get());  // borrowed from the dict
  if (!entry || !PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2 || PyTuple_GET_ITEM(entry, 0) != func)
    return nullptr;
  return Py_NewRef(entry);
}

// dispatch(mode, func, args, kwargs): the whole checked call for a fused plan over plain tensors whose one output
// the screen clears, returning the op's result (a torch.Tensor); the op's own exception propagates. Anything else is
// either left to the Python path before the op runs (returns `not_taken`), or, after it ran, handed to the Python
// path's second half: returns a handed_on of (plan, out, inputs, before, storages), see mode.py. Nothing is kept
// between calls, and every reference used after the op is the call's own.
PyObject* dispatch(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (unconfigured()) return nullptr;
  if (nargs != 4 || !PyTuple_Check(args[2])) return not_taken_();
  PyObject *mode = args[0], *func = args[1], *call_args = args[2], *kwargs = args[3];
  if (kwargs != Py_None && !PyDict_Check(kwargs)) return not_taken_();
  if (kwargs == Py_None) kwargs = nullptr;
  Ref entry, compiled, taken;
  Plan* plan = nullptr;
  Pairs inputs;
  try {
    entry = Ref(entry_of(mode, func));
    if (!entry) return not_taken_();
    PyObject* check_plan = PyTuple_GET_ITEM(entry.get(), 1);  // the entry holds it
    if (check_plan == Py_None) return not_taken_();
    compiled = Ref(PyObject_GetAttr(check_plan, compiled_name));
    if (!compiled || compiled.get() == Py_None) return not_taken_();
    plan = plan_in(compiled.get());
    if (!plan || !plan->fast) return not_taken_();
    if (!walk(plan, call_args, kwargs, inputs)) return not_taken_();
    taken = Ref(states_of(  // plain tuples: named only if the call is handed on (states_of)
        inputs, [&](Py_ssize_t k) { return (int)contains(plan->mutable_args, inputs[k].first); }, false));
    if (!taken) return nullptr;  // an interrupt while taking them (states_of declines everything else with None)
    if (taken.get() == Py_None) return not_taken_();
    Ref log(PyObject_GetAttr(mode, log_name));
    if (!log || !PyList_Check(log.get())) return not_taken_();
    if (PyList_GET_SIZE(log.get()) >= fold_at) {  // InvariantMode._fold_reached: the log stays bounded in a long block
      Ref folded(PyObject_CallMethodNoArgs(mode, fold_name));
      if (!folded) return not_taken_();
    }
    if (PyList_Append(log.get(), plan->name) < 0) return not_taken_();
  } catch (...) {  // a C++ exception from a read (a python_error leaves its Python error set)
    return not_taken_();
  }
  Ref out(PyObject_Call(plan->call, call_args, kwargs));
  if (!out) return nullptr;  // the op's own exception: the user's
  PyObject *before = PyTuple_GET_ITEM(taken.get(), 0), *storages = PyTuple_GET_ITEM(taken.get(), 1);
  if (Py_TYPE(out.get()) == (PyTypeObject*)THPVariableClass && plain(out.get())) {
    Pairs outs{{0, out.get()}};
    int clean = screen_core(plan, inputs, outs, before, storages, 1);  // `out` here is the one reference
    if (clean == 1) return out.release();
    if (!droppable()) return nullptr;  // an interrupt during the screen: it propagates, as on the Python path
    PyErr_Clear();
  }
  // the rest on the Python path, from the op's result on, with the states as the Python side reads them
  if (!name_states(before)) return nullptr;  // the op ran: nothing can be handed back (a MemoryError)
  PyObject* pairs = pairs_of(inputs);
  if (!pairs) return nullptr;
  // the hand-off holds the one reference to the output now (the tensorimpl check counts them)
  return new_tuple((PyTypeObject*)handed_on, {Py_NewRef(PyTuple_GET_ITEM(entry.get(), 1)), out.release(), pairs,
                                              Py_NewRef(before), Py_NewRef(storages)});
}

// configure(keep_buffers, overlaps, large_state, same_bytes, not_taken, handed_on, input_state, metadata): the Python
// side's threshold, helpers, marker, hand-off type and the state's two NamedTuples (snapshots.InputState, Metadata)
PyObject* configure(PyObject*, PyObject* args) {
  long long keep;
  PyObject *fn, *large, *same, *marker, *handed, *state, *metadata;
  if (!PyArg_ParseTuple(args, "LOOOOOOO", &keep, &fn, &large, &same, &marker, &handed, &state, &metadata)) return nullptr;
  for (PyObject* f : {fn, large, same})
    if (!PyCallable_Check(f)) {
      PyErr_SetString(PyExc_TypeError, "configure: the helpers must be callable");
      return nullptr;
    }
  for (PyObject* type : {handed, state, metadata})  // made as tuples are (new_tuple): no __new__ of theirs runs
    if (!PyType_Check(type) || !PyType_IsSubtype((PyTypeObject*)type, &PyTuple_Type)) {
      PyErr_SetString(PyExc_TypeError, "configure: the hand-off and state types must be tuple subclasses");
      return nullptr;
    }
  for (auto [slot, value] : {std::pair<PyTypeObject**, PyObject*>{&state_type, state}, {&metadata_type, metadata}}) {
    Py_XDECREF((PyObject*)*slot);
    Py_INCREF(value);
    *slot = (PyTypeObject*)value;
  }
  keep_buffers = keep;
  for (auto [slot, value] : {std::pair<PyObject**, PyObject*>{&overlaps, fn}, {&large_state, large}, {&same_bytes, same},
                             {&not_taken, marker}, {&handed_on, handed}}) {
    Py_XDECREF(*slot);
    Py_INCREF(value);
    *slot = value;
  }
  Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"take_states", (PyCFunction)(void (*)(void))take_states, METH_FASTCALL, "snapshots.take_states, or None"},
    {"clean", (PyCFunction)(void (*)(void))clean, METH_FASTCALL, "screen.clears, or None"},
    {"dispatch", (PyCFunction)(void (*)(void))dispatch, METH_FASTCALL, "a whole checked call, or not_taken"},
    {"inputs_of", (PyCFunction)(void (*)(void))inputs_of, METH_FASTCALL, "the dispatch's walk, or None"},
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
  compiled_name = PyUnicode_InternFromString("compiled");
  log_name = PyUnicode_InternFromString("_reached_log");
  fold_name = PyUnicode_InternFromString("_fold_reached");
  if (!storage_name || !plans_name || !compiled_name || !log_name || !fold_name) return nullptr;
  return PyModule_Create(&module_def);
}
