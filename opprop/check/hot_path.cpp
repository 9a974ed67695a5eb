// The hot path in C++: the dispatch mode's whole call for the common case (this file), snapshots.take_states
// (hot_path_states.h) and screen.screen (hot_path_screen.h), over what they share (hot_path_common.h).
//
// Each answers exactly what the Python code answers, in the same formats, or declines and leaves the call to it:
// any tensor that is not a plain strided CPU tensor of a whole-byte dtype, any state the Python side made another
// way (a tensor without sizes), any exception. The Python functions are the reference; tests/test_native_hot_path.py
// holds these to them call by call.
#include "hot_path_common.h"
#include "hot_path_states.h"
#include "hot_path_screen.h"

namespace {

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

// inputs_of(plan, args, kwargs) -> [(position, tensor), ...] | None: walk's answer, for the tests that hold it to
// mode.py's own walk
PyObject* inputs_of(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  if (nargs != 3 || !PyTuple_Check(args[1]) || (args[2] != Py_None && !PyDict_Check(args[2]))) return decline();
  Plan* plan = plan_in(args[0]);
  Pairs inputs;
  if (!plan || !walk(plan, args[1], args[2] == Py_None ? nullptr : args[2], inputs)) return decline();
  PyObject* pairs = PyList_New(0);
  for (auto& [i, t] : inputs) {
    PyObject* pair = Py_BuildValue("(LO)", (long long)i, t);
    if (!pair || PyList_Append(pairs, pair) < 0) {
      Py_XDECREF(pair);
      Py_DECREF(pairs);
      return decline();
    }
    Py_DECREF(pair);
  }
  return pairs;
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
  native_name = PyUnicode_InternFromString("native");
  log_name = PyUnicode_InternFromString("_reached_log");
  continue_name = PyUnicode_InternFromString("_continued");
  return PyModule_Create(&module_def);
}
