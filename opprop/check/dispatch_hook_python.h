// The native engine's two hand-offs to Python, each for a call the C++ checks cannot finish alone, each decided by
// the Python mode's own code (no second copy of its rule here):
//  - a collective's pending Work: check/pending_work.py says which call's Work to complete before the checks read its
//    outputs (a group of one rank), as the Python mode asks it; the wait's error is the call's own (gloo refused it);
//  - a call the C++ checks decline (sparse, nested, not on CPU, no storage, a sub-byte dtype): the block's Python
//    checks of one call (native_engine.PythonChecks: InvariantMode's, never entered as a mode) run it, so what they
//    find is the block's. A fake, functional or subclass tensor stays counted only: the Python mode leaves it unread.
// Part of dispatch_hook.cpp's one translation unit.
#pragma once

#include <torch/csrc/jit/python/pybind_utils.h>

namespace hook {

// pending_work.for_native_engine, set once by dispatch_hook.load; never destroyed (kernels may run during teardown).
inline py::object*& pending_work_fn() {
  static py::object* fn = nullptr;
  return fn;
}

// The call's arguments as Python (args, kwargs), the keyword-only ones by name, as a dispatch mode receives them.
inline std::pair<py::tuple, py::dict> python_arguments(const Plan& p, const std::vector<c10::IValue>& arguments) {
  py::list args;
  py::dict kwargs;
  for (size_t i = 0; i < arguments.size(); i++) {
    py::object value = torch::jit::toPyObject(arguments[i]);
    if (p.kwarg_only[i]) kwargs[py::str(p.arg_names[i])] = value;
    else args.append(value);
  }
  return {py::tuple(args), kwargs};
}

// The call's returns as Python, as the op returns them: one value, a tuple of several, or None.
inline py::object python_returns(const Plan& p, const Stack& stack) {
  if (p.n_rets == 0) return py::none();
  if (p.n_rets == 1) return torch::jit::toPyObject(stack.back());
  py::tuple out(p.n_rets);
  for (size_t j = 0; j < p.n_rets; j++) out[j] = torch::jit::toPyObject(stack[stack.size() - p.n_rets + j]);
  return out;
}

// After a call whose schema returns a script object, before its checks: the Work pending_work says to complete, waited
// for. `arguments` (the call's, kept by the caller) are let go before the checks count references. pending_work's
// question failing is opprop's own (a record); the wait's error propagates, the call's own.
inline void complete_pending_work(const Plan& p, std::vector<c10::IValue> arguments, const Stack& stack) {
  py::gil_scoped_acquire gil;
  py::object work;
  try {
    auto [args, kwargs] = python_arguments(p, arguments);
    work = (*pending_work_fn())(p.name, args, kwargs, python_returns(p, stack));
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_Exception)) throw;  // a Ctrl-C (or SystemExit) that landed here is the user's: raised
    ledger().error(p.name, e.what());
    return;
  }
  arguments.clear();
  if (!work.is_none()) work.attr("wait")();
}

// A call the C++ checks decline (`why`), handed to the block's Python checks, which run it: true when they took it
// (its results are on the stack), false when it is the caller's to run (no block, or Python passed). The op's own
// exception propagates; the Fake key is excluded while Python runs, so neither the op's kernel nor opprop's own calls
// come back here.
inline bool hand_to_python(const Plan& p, Stack* stack, const char* why) {
  Ledger& l = ledger();
  if (!l.python_checks) return false;
  c10::impl::ExcludeDispatchKeyGuard outside(DispatchKey::Fake);
  py::gil_scoped_acquire gil;
  py::object out;
  {
    std::vector<c10::IValue> arguments = torch::jit::pop(*stack, p.n_args);  // (held while Python runs, as torch's own
    py::tuple args;                                                             // Python key holds them)
    py::dict kwargs;
    try {
      std::tie(args, kwargs) = python_arguments(p, arguments);
    } catch (py::error_already_set& e) {
      for (auto& a : arguments) stack->push_back(std::move(a));
      if (!e.matches(PyExc_Exception)) throw;  // a Ctrl-C (or SystemExit) that landed here is the user's: raised
      l.error(p.name, e.what());
      return false;
    }
    py::tuple taken = l.python_checks(p.name, why, args, kwargs);
    if (!taken[0].cast<bool>()) {
      for (auto& a : arguments) stack->push_back(std::move(a));
      return false;
    }
    out = taken[1];
  }
  if (p.n_rets == 1) {
    stack->push_back(torch::jit::toIValue(out, p.ret_types[0]));
  } else if (p.n_rets > 1) {
    py::tuple several = out;
    for (size_t j = 0; j < p.n_rets; j++) stack->push_back(torch::jit::toIValue(several[j], p.ret_types[j]));
  }
  return true;
}

}  // namespace hook
