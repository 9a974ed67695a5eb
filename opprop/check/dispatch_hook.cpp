// opprop's checks in C++ at a dispatcher key: one boxed fallback on the Fake key, which torch 2.13 reserves for a C++
// FakeTensor mode and registers nothing on. It sits below ADInplaceOrView and the Python key, just above BackendSelect,
// so it meets each call where a TorchDispatchMode does, and it is reached only while the key is included in this
// thread's TLS (a native block, native_engine.py). Three other routes were measured against it and left out of the
// product (docs/checking.md, "Routes measured"): a kernel per operator on ADInplaceOrView, a fallback on
// TESTING_ONLY_GenericMode, a RecordFunction observer.
//
// The checks themselves are dispatch_hook_checks.h; findings and declined calls go to the block's ledger, which Python
// drains (dispatch_hook_ledger.h); what the checks hand to Python (a collective's Work, a declined call) is
// dispatch_hook_python.h.
// torch's release libraries are built with NDEBUG, and some of its headers change a class's layout without it
// (RecordFunction's inputs_valid_): the build here has no flag of its own for it, so the source says it first.
#ifndef NDEBUG
#define NDEBUG
#endif
#include "dispatch_hook_checks.h"
#include "dispatch_hook_python.h"

#include <c10/core/impl/LocalDispatchKeySet.h>
#include <c10/util/Exception.h>

#include <dlfcn.h>

#include <memory>
#include <unordered_set>

namespace hook {
namespace {

// A failure of opprop's own planted by the fault tests (tests/test_native_engine_faults.py), in this thread only:
// 1 while reading the inputs, 2 while checking the outputs.
thread_local int planted_failure = 0;
constexpr const char* READ_FAILED = "error reading inputs";

// Run `call` (which runs the op below this key) with the checks around it; a failure of opprop's own is counted and
// the op's result stands. The op's own exceptions propagate unchanged.
// (A CompositeImplicitAutograd op reaches here only with autograd below it, as it reaches a dispatch mode: checked
// whole with the invariants that apply to it, its decomposition below unchecked, as under the mode.)
template <class Call>
void checked(const Plan& p, Stack* stack, Call&& below) {
  Ledger& l = ledger();
  if (l.count_reached) l.reach(p);
  auto call = [&] {  // the op's own exception propagates unchanged; a counting block notes which overload raised it
    if (!l.count_reached) return below();
    try {
      below();
    } catch (const c10::Error& e) {
      l.raised(p, e.what_without_backtrace());
      throw;
    } catch (const std::exception& e) {
      l.raised(p, e.what());
      throw;
    }
  };
  std::vector<Input> inputs;
  const char* why = nullptr;
  try {
    if (planted_failure == 1) throw std::runtime_error("planted: reading the inputs failed");
    why = note_inputs(p, *stack, inputs);
  } catch (const std::exception& e) {
    ledger().error(p.name, e.what());
    why = READ_FAILED;
  }
  if (why) {
    inputs.clear();
    // (the block hands the call to its Python checks; what the Python mode leaves unread stays counted)
    if (why != UNREAD && why != READ_FAILED && hand_to_python(p, stack, why)) return;
    ledger().decline(p.name, why);
    call();
    return;
  }
  // A call that may return a collective's Work: its arguments kept for pending_work's question after it
  const bool may_pend = p.returns_object && pending_work_fn() != nullptr;
  std::vector<c10::IValue> arguments;
  if (may_pend) arguments.assign(stack->end() - p.n_args, stack->end());
  call();
  if (may_pend) complete_pending_work(p, std::move(arguments), *stack);
  try {
    if (planted_failure == 2) throw std::runtime_error("planted: checking the outputs failed");
    check_outputs(p, inputs, *stack);
    ledger().checked++;
  } catch (py::error_already_set&) {  // only a Ctrl-C (or SystemExit) gets here (Ledger::add): the user's, raised
    throw;
  } catch (const std::exception& e) {
    ledger().error(p.name, e.what());
  }
}

// ------------------------------------------------------------------ the fallback on the Fake key

// Plans by operator name, each checked against the schema it was made from: an operator's Library destroyed and
// another registered under the same name (or at the same address) never gets the dead one's plan. A plan replaced is
// kept (a call on another thread may be reading it).
std::mutex plans_mu;
std::unordered_map<c10::OperatorName, std::unique_ptr<Plan>> plans;
std::vector<std::unique_ptr<Plan>> replaced_plans;

const Plan& plan_of(const OperatorHandle& op) {
  std::lock_guard<std::mutex> g(plans_mu);
  auto& p = plans[op.operator_name()];
  const c10::FunctionSchema* schema = &op.schema();
  if (p && p->schema_at != schema) {  // re-registered: the same plan only for the very same schema
    if (p->schema_text == c10::toString(*schema)) {
      p->schema_at = schema;
    } else {
      replaced_plans.push_back(std::move(p));
    }
  }
  if (!p) {
    p = std::make_unique<Plan>(make_plan(op));
    p->schema_at = schema;
    p->schema_text = c10::toString(*schema);
  }
  return *p;
}

void fallback(const OperatorHandle& op, DispatchKeySet ks, Stack* stack) {
  auto below = [&] {
    c10::impl::ExcludeDispatchKeyGuard outside(DispatchKey::Fake);  // what the kernel calls is not checked, as under a mode
    op.redispatchBoxed(ks & DispatchKeySet(DispatchKeySet::FULL_AFTER, DispatchKey::Fake), stack);
  };
  // With the Python key excluded (torch._C._DisableTorchDispatch: FakeTensorMode's and other modes' own inner calls)
  // no dispatch mode sees the call, so the Python mode's checks would not: passed through as they are there.
  // So are Dynamo's own calls while it compiles on this thread (a mode that ignores compile internals is off then).
  if (c10::impl::tls_is_dispatch_key_excluded(DispatchKey::Python) || hook::thread_blocks().compiling) {
    below();
    return;
  }
  checked(plan_of(op), stack, below);
}

std::unique_ptr<torch::Library> fake_library;

// Kept only once registered: a registration that throws (another fallback on the key) leaves nothing that looks done.
void install_fake_fallback() {
  if (!fake_library) {
    auto lib = std::make_unique<torch::Library>(torch::Library::IMPL, "_", DispatchKey::Fake, __FILE__, __LINE__);
    lib->fallback(torch::CppFunction::makeFromBoxedFunction<&fallback>());
    fake_library = std::move(lib);
  }
}

}  // namespace
}  // namespace hook

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  using namespace hook;
  m.def("use_digest", [](const std::string& library) {  // xxh3-128 from the xxhash module's library (already loaded)
    void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_NOLOAD);
    void* fn = handle ? dlsym(handle, "XXH3_128bits") : nullptr;
    digest_fn() = reinterpret_cast<opprop_bytes::DigestFn>(fn);
    return fn != nullptr;
  });
  m.def("plant_failure", [](int where) {  // the fault tests' planted failure in this thread (0: none); returns the prior
    int prior = planted_failure;
    planted_failure = where;
    return prior;
  });
  m.def("install_fallbacks", &install_fake_fallback, "the Fake key's fallback (once)");
  m.def("uninstall_fallbacks", [] {  // refused while a block is open: its thread's calls would fail with no kernel
    std::lock_guard<std::mutex> g(blocks_mu());
    if (!blocks().empty()) {
      throw std::runtime_error("the native engine's fallback is in use by " + std::to_string(blocks().size()) +
                               " open checking block(s); unregister it after they end");
    }
    fake_library.reset();
  });
  m.def("use_pending_work", [](py::object fn) {  // pending_work's question for the native engine (once, kept for good)
    pending_work_fn() = new py::object(std::move(fn));
  });
  m.def("compiling", [](bool on) {  // torch.compile starts (true) or ends compiling on this thread; returns the prior
    bool prior = hook::thread_blocks().compiling;
    hook::thread_blocks().compiling = on;
    return prior;
  });
  m.def("include", [](bool on) {  // the Fake key in this thread's TLS (the fallback reached) or not; returns the prior
    bool prior = c10::impl::tls_is_dispatch_key_included(DispatchKey::Fake);
    c10::impl::tls_set_dispatch_key_included(DispatchKey::Fake, on);
    return prior;
  });
  m.def("open_block", [](py::object site) {
    Ledger* l = open_block();
    l->site = site.is_none() ? py::object() : site;
    return reinterpret_cast<intptr_t>(l);
  }, py::arg("site") = py::none(), "a new block's ledger (its handle); site: () -> the user's file:line, or None");
  m.def("enter", [](intptr_t handle) {  // this thread's calls go to the block's ledger; returns the prior handle
    Ledger* prior = current_block();
    current_block() = block_of(handle);
    return reinterpret_cast<intptr_t>(prior);
  });
  m.def("leave", [](intptr_t prior) { current_block() = prior ? block_of(prior) : nullptr; });
  m.def("begin", [](py::object site, py::object python_checks, bool count_reached) {  // a block in one call: its handle
    Ledger* l = open_block();
    l->count_reached = count_reached;
    l->site = site.is_none() ? py::object() : site;
    l->python_checks = python_checks.is_none() ? py::object() : python_checks;
    bool registered = true;  // the key is never included without opprop's fallback there: else a record, code as plain
    try {
      install_fake_fallback();  // (a null check once registered)
    } catch (const std::exception& e) {
      registered = false;
      std::string why = e.what();
      why = "not registered, nothing checked in this block: " + why.substr(0, why.find('\n'));
      l->error("<the Fake key's fallback>", why.c_str());
    }
    enter_block(l, registered);
    return reinterpret_cast<intptr_t>(l);
  }, py::arg("site") = py::none(), py::arg("python_checks") = py::none(), py::arg("count_reached") = false);
  m.def("end", [](intptr_t handle) {  // its end in one call, in any order of this thread's blocks: what it found, closed
    Ledger* l = block_of(handle);  // (a handle not open: refused before anything changes)
    Ledger* outer = leave_block(l);
    bool alone;
    {
      std::lock_guard<std::mutex> g(blocks_mu());
      alone = blocks().size() == 1;
    }
    if (alone) take_into(orphans(), *l);  // the only block: calls on threads torch started for it are its own
    if (outer) merge(*l, *outer);  // nested: the outer block saw these calls too
    py::dict reached;  // (a counting block's: {overload: calls}, and the overload that raised last, or None)
    for (const auto& [plan, n] : l->reached) reached[py::str(plan->name)] = n;
    py::object raised = l->raised_op.empty() ? py::object(py::none()) : py::object(py::make_tuple(l->raised_op, l->raised_what));
    py::tuple taken = py::make_tuple(drained(*l), declined_of(*l), py::make_tuple(l->checked.load(), l->errors.load(),
                                                                                  l->first_error), reached, raised);
    close_block(l);
    return taken;
  });
  m.def("merge", [](intptr_t from, intptr_t into) { merge(*block_of(from), *block_of(into)); },
        "a copy of what block `from` holds added to block `into`");
  m.def("close_block", [](intptr_t handle) { close_block(block_of(handle)); }, "the block's ledger is gone");
  m.def("blocks_open", [] {
    std::lock_guard<std::mutex> g(blocks_mu());
    return blocks().size();
  });
  m.def("drain", [](intptr_t handle) { return drained(handle ? *block_of(handle) : orphans()); }, py::arg("handle") = 0,
        "[(op, invariant, output or None, {detail}, occurrences, where)], and clears them");
  m.def("take_declined", [](intptr_t handle) { return declined_of(handle ? *block_of(handle) : orphans()); },
        py::arg("handle") = 0, "{(op, reason): calls}, and clears them");
  m.def("counters", [](intptr_t handle) {  // (calls checked, opprop's own errors, the first one's message)
    Ledger& l = handle ? *block_of(handle) : orphans();
    std::lock_guard<std::mutex> g(l.mu);
    return py::make_tuple(l.checked.load(), l.errors.load(), l.first_error);
  }, py::arg("handle") = 0);
  m.def("kept_bytes", [] { return kept_bytes().load(); }, "bytes the kept snapshot buffers hold, all threads together");
  m.def("plan", [](const std::string& ns_name, const std::string& overload) {  // a plan's fields, for the tests
    auto op = c10::Dispatcher::singleton().findOp(c10::OperatorName(ns_name, overload));
    if (!op) throw std::invalid_argument("no operator " + ns_name + "." + overload);
    Plan p = make_plan(*op);
    py::list out_in, out_out;
    for (size_t j = 0; j < p.n_rets; j++) {
      for (size_t i = 0; i < p.n_args; i++) {
        if (p.out_in[j][i]) out_in.append(py::make_tuple(j, i));
      }
      for (size_t k = j + 1; k < p.n_rets; k++) {
        if (p.out_out[j][k]) out_out.append(py::make_tuple(j, k));
      }
    }
    py::dict views;
    for (size_t j = 0; j < p.n_rets; j++) {
      if (!p.views[j].empty()) views[py::int_(j)] = py::tuple(py::cast(p.views[j]));
    }
    return py::make_tuple(p.name, p.mutable_, p.view, p.composite_implicit, out_in, out_out, views);
  });
}
