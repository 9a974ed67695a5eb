// What dispatch_hook.cpp checks around one boxed call: a plan per operator read from its c10::FunctionSchema, the
// inputs noted before the call (with their states: dispatch_hook_states.h), and the output checks after it
// (tensorimpl_use_count, storageimpl_use_count, returns_input, undeclared_alias, view_copies, written_not_returned),
// with the ids, output indices and details the Python invariants report. Findings go to the ledger of the block that
// is open in this thread (a checking(engine="native") block; dispatch_hook_ledger.h): two threads' blocks never mix.
#pragma once

#include <torch/extension.h>
#include <ATen/MemoryOverlap.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/csrc/utils/schema_info.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace hook {

using c10::DispatchKey;
using c10::DispatchKeySet;
using c10::OperatorHandle;
using torch::jit::Stack;

// ------------------------------------------------------------------ the plan: what one overload needs checked

struct Plan {
  std::string name;  // "aten::add.Tensor", as opnames.qualified_name writes it
  bool composite_implicit = false;  // decomposed above: its parts are checked, never it
  bool mutable_ = false;  // some argument is written (Tensor(a!))
  bool view = false;  // some return aliases an input without writing it
  size_t n_args = 0, n_rets = 0;
  std::vector<std::string> arg_names;
  std::vector<std::vector<char>> out_in;  // [j][i]: return j may alias argument i (an alias set in common)
  std::vector<std::vector<char>> out_out;  // [j][k]: returns j and k may alias each other
  std::vector<char> aliased_list;  // return j is annotated (a list of them may overlap among itself)
  std::vector<char> written;  // [i]: argument i is annotated written (Tensor(a!)): catalog's mutable_args
  std::vector<std::vector<size_t>> views;  // [j]: the arguments return j is declared a view of (view_copies.declared_views)
  std::vector<std::vector<size_t>> written_by;  // [j]: the written arguments return j's write annotation names
  std::vector<char> kwarg_only;  // [i]: argument i is keyword-only (a dispatch mode gets it in kwargs)
  std::vector<char> arg_is_list;  // [i]: argument i is a list of tensors (described as a list)
  std::vector<c10::TypePtr> ret_types;  // [j]: return j's type, for a result made in Python (dispatch_hook_python.h)
  bool returns_object = false;  // some return is a script object: maybe a collective's Work (pending_work.py decides)
  const c10::FunctionSchema* schema_at = nullptr;  // the schema it was made from (dispatch_hook.cpp's plan_of)
  std::string schema_text;
};

inline bool sets_meet(const c10::AliasInfo& a, const c10::AliasInfo& b) {
  if (a.isWildcardBefore() || b.isWildcardBefore()) return true;
  for (const auto& s : a.beforeSets()) {
    if (b.beforeSets().count(s)) return true;
  }
  return false;
}

// Return j may alias argument i: their alias sets meet, or the argument is a list annotated on its elements
// (``Tensor(a)[] xs -> Tensor(a)``), as catalog.classify reads with SchemaInfo and aliasing.list_element_aliases.
// Either side may be a list annotated on its elements (``Tensor(a)[]``): its elements' sets count as its own.
// With skip_written, a declared view (view_copies.declared_views): neither side written, and a list's elements count
// only where not written (``Tensor(a!)[] xs`` is written, never viewed).
inline bool may_alias(const c10::AliasInfo* ret, const c10::AliasInfo* info, bool skip_written = false) {
  if (ret == nullptr || info == nullptr) return false;
  if (skip_written && (ret->isWrite() || info->isWrite())) return false;
  if (sets_meet(*ret, *info)) return true;
  for (const auto& element : info->containedTypes()) {
    if (may_alias(ret, &element, skip_written)) return true;
  }
  for (const auto& element : ret->containedTypes()) {
    if (may_alias(&element, info, skip_written)) return true;
  }
  return false;
}

// aliasing.list_element_aliases: the argument is a list annotated on its elements (``Tensor(a)[] xs``) and the return
// is in that set (``-> Tensor(a)``).
inline bool element_alias(const c10::AliasInfo* ret, const c10::AliasInfo* arg) {
  if (ret == nullptr || arg == nullptr) return false;
  for (const auto& element : arg->containedTypes()) {
    for (const auto& set : element.beforeSets()) {
      if (ret->beforeSets().count(set)) return true;
    }
  }
  return false;
}

// view_copies.may_be_fresh: a return in the wildcard set, or in a set no argument is in (``-> Tensor(b|a)``), may be
// new memory, so it is no declared view.
inline bool may_be_fresh(const c10::FunctionSchema& s, const c10::AliasInfo& ret) {
  if (ret.isWildcardBefore()) return true;
  std::function<bool(const c10::AliasInfo&, c10::Symbol)> holds = [&](const c10::AliasInfo& info, c10::Symbol set) {
    if (info.beforeSets().count(set)) return true;
    for (const auto& element : info.containedTypes()) {
      if (holds(element, set)) return true;
    }
    return false;
  };
  for (const auto& set : ret.beforeSets()) {
    bool held = false;
    for (const auto& arg : s.arguments()) held |= arg.alias_info() != nullptr && holds(*arg.alias_info(), set);
    if (!held) return true;
  }
  return false;
}

// written_not_returned.written_returns: a return annotated written names the written arguments in a set of its (a
// list's elements' included); the wildcard names none.
inline bool named_by(const c10::AliasInfo* ret, const c10::AliasInfo* arg) {
  if (ret == nullptr || arg == nullptr) return false;
  for (const auto& set : ret->beforeSets()) {
    if (set != c10::AliasInfo::wildcardSet() && arg->beforeSets().count(set)) return true;
  }
  for (const auto& element : arg->containedTypes()) {
    if (named_by(ret, &element)) return true;
  }
  for (const auto& element : ret->containedTypes()) {
    if (named_by(&element, arg)) return true;
  }
  return false;
}

inline Plan make_plan(const OperatorHandle& op) {
  const auto& s = op.schema();
  Plan p;
  p.name = s.name() + (s.overload_name().empty() ? "" : "." + s.overload_name());
  p.composite_implicit = op.hasKernelForDispatchKey(DispatchKey::CompositeImplicitAutograd);
  const auto& args = s.arguments();
  const auto& rets = s.returns();
  p.n_args = args.size();
  p.n_rets = rets.size();
  p.written.assign(args.size(), 0);
  p.kwarg_only.assign(args.size(), 0);
  p.arg_is_list.assign(args.size(), 0);
  for (size_t i = 0; i < args.size(); i++) {
    p.arg_names.push_back(args[i].name());
    p.kwarg_only[i] = args[i].kwarg_only();
    p.arg_is_list[i] = args[i].type()->kind() == c10::TypeKind::ListType;
    p.written[i] = args[i].alias_info() && args[i].alias_info()->isWrite();
    p.mutable_ |= p.written[i];
  }
  p.views.assign(rets.size(), {});
  p.written_by.assign(rets.size(), {});
  // what the outputs may alias: catalog.classify's allowed_out_in and allowed_out_out, read the same way (SchemaInfo
  // of the schema alone, plus a list annotated on its elements, which SchemaInfo misses: aliasing.list_element_aliases)
  torch::utils::SchemaInfo info(s);
  p.out_in.assign(rets.size(), std::vector<char>(args.size(), 0));
  p.out_out.assign(rets.size(), std::vector<char>(rets.size(), 0));
  p.aliased_list.assign(rets.size(), 0);
  for (size_t j = 0; j < rets.size(); j++) {
    p.ret_types.push_back(rets[j].type());
    p.returns_object |= rets[j].type()->kind() == c10::TypeKind::ClassType;
    const c10::AliasInfo* r = rets[j].alias_info();
    if (r && !r->isWrite()) p.view = true;
    p.aliased_list[j] = r != nullptr;
    for (size_t i = 0; i < args.size(); i++) {
      const c10::AliasInfo* a = args[i].alias_info();
      p.out_in[j][i] = info.may_contain_alias({c10::SchemaArgType::output, j}, {c10::SchemaArgType::input, i}) ||
                       element_alias(r, a);
      if (may_alias(r, a, /*skip_written=*/true) && !may_be_fresh(s, *r)) p.views[j].push_back(i);  // a declared view
      if (r && r->isWrite() && p.written[i] && named_by(r, a)) p.written_by[j].push_back(i);
    }
    for (size_t k = 0; k < rets.size(); k++) {
      p.out_out[j][k] = k != j && info.may_contain_alias({c10::SchemaArgType::output, j}, {c10::SchemaArgType::output, k});
    }
  }
  return p;
}

}  // namespace hook

#include "dispatch_hook_ledger.h"
#include "dispatch_hook_states.h"  // the inputs' states, noted before the call

namespace hook {

// What the Python mode passes through unread too (walk.Unread): no record, only the count.
constexpr const char* UNREAD = "subclass, fake or functional tensor (unread, as by the Python mode)";
// A declined output's reason starts so (native_engine.OUTPUT_DECLINED): the call ran before it could be handed over.
constexpr const char* OUTPUT_DECLINED = "an output: ";

// Why a tensor is not read here (the Python mode reads it its own way, or not at all), or nullptr.
inline const char* declines(const at::Tensor& t) {
  const c10::TensorImpl* impl = t.unsafeGetTensorImpl();
  static const DispatchKeySet foreign({DispatchKey::Python, DispatchKey::Functionalize, DispatchKey::PythonTLSSnapshot,
                                       DispatchKey::FuncTorchBatched, DispatchKey::FuncTorchGradWrapper, DispatchKey::Fake});
  if (impl->key_set().has_any(foreign) || impl->has_symbolic_sizes_strides()) return UNREAD;  // (a tracer's sizes)
  if (impl->is_nested()) return "nested tensor";
  if (impl->layout() == c10::kMkldnn) return "mkldnn tensor";
  if (impl->layout() != c10::kStrided) return "sparse tensor";
  if (!impl->is_cpu() && !impl->is_meta()) return "not a CPU tensor";  // (a meta tensor: its metadata, no bytes)
  if (!impl->has_storage()) return "tensor without storage";
  if (opprop_bytes::sub_byte(t)) return "sub-byte dtype";  // (the Python side clips its span to the storage)
  return nullptr;
}

template <class F>
inline bool each_tensor(const c10::IValue& v, F&& f) {  // false when f declines one
  if (v.isTensor()) return f(v.toTensor());
  if (v.isTensorList()) {
    for (const at::Tensor& t : v.toTensorList()) {
      if (!f(t)) return false;
    }
  } else if (v.isList()) {
    for (const c10::IValue& e : v.toListRef()) {
      if (e.isTensor() && !f(e.toTensor())) return false;
    }
  }
  return true;
}

// The call's tensor arguments, each with its storage on entry and, unless written, its state (undeclared_mutation's
// before); the reason the call is declined, or nullptr.
inline const char* note_inputs(const Plan& p, const Stack& stack, std::vector<Input>& inputs) {
  const char* why = nullptr;
  size_t first = stack.size() - p.n_args;
  for (size_t i = 0; i < p.n_args && !why; i++) {
    each_tensor(stack[first + i], [&](const at::Tensor& t) {
      if (!t.defined()) return true;
      why = declines(t);
      if (why) return false;
      inputs.push_back({i, t, t.storage(), {}});
      return true;
    });
  }
  if (why) return why;
  for (size_t k = 0; k < inputs.size(); k++) {
    if (!p.written[inputs[k].arg]) take_state(inputs[k], inputs);
  }
  return nullptr;
}

// ------------------------------------------------------------------ the checks, after the call

// Whether two tensors on one storage share a byte (memory.exact_overlap's answer, in C++).
inline bool overlaps(const at::Tensor& a, const at::Tensor& b) {
  const c10::TensorImpl* x = a.unsafeGetTensorImpl();
  const c10::TensorImpl* y = b.unsafeGetTensorImpl();
  if (x == y) return true;
  if (!x->has_storage() || !y->has_storage() || x->numel() == 0 || y->numel() == 0) return false;
  if (x->storage().data() != y->storage().data()) return false;  // (get_overlap_status says TooHard for any gapped layout)
  if (at::get_overlap_status(x, y) == at::MemOverlapStatus::No) return false;
  auto extent = [](const c10::TensorImpl* t, int64_t& lo, int64_t& hi) {
    int64_t size = t->dtype().itemsize();
    lo = hi = t->storage_offset() * size;
    for (int64_t d = 0; d < t->dim(); d++) {
      int64_t step = (t->sizes()[d] - 1) * t->strides()[d] * size;
      (step < 0 ? lo : hi) += step;
    }
    hi += size;
  };
  int64_t alo, ahi, blo, bhi;
  extent(x, alo, ahi);
  extent(y, blo, bhi);
  if (ahi <= blo || bhi <= alo) return false;
  int64_t lo = std::min(alo, blo), hi = std::max(ahi, bhi);
  if (hi - lo > (int64_t(1) << 26) || x->numel() > (1 << 22) || y->numel() > (1 << 22)) return true;
  std::vector<char> marked(hi - lo, 0);
  auto walk = [&](const c10::TensorImpl* t, bool mark) {  // every element's bytes, odometer order
    int64_t size = t->dtype().itemsize(), n = t->dim();
    std::vector<int64_t> index(n, 0);
    for (int64_t e = 0; e < t->numel(); e++) {
      int64_t at = t->storage_offset() * size;
      for (int64_t d = 0; d < n; d++) at += index[d] * t->strides()[d] * size;
      for (int64_t k = 0; k < size; k++) {
        if (mark) marked[at + k - lo] = 1;
        else if (marked[at + k - lo]) return true;
      }
      for (int64_t d = n - 1; d >= 0 && ++index[d] == t->sizes()[d]; d--) index[d] = 0;
    }
    return false;
  };
  walk(x, true);
  return walk(y, false);
}

// C++ holders of a TensorImpl or StorageImpl, from its use_count: a live Python wrapper holds one reference (torch
// 2.13's PyObject preservation), counted only when Python code beyond the wrapper's own preservation keeps it (its
// refcount above the one the target holds), as the Python invariant adds the wrapper when Python holds it.
template <class Target>
inline int64_t holders(const Target* target, int64_t use_count) {
  PyObject* py = target->pyobj_slot()->load_pyobj();
  if (py != nullptr && Py_REFCNT(py) <= 1) use_count -= 1;
  return use_count;
}

struct Output {
  size_t ret;  // the return position (a list's tensors share it)
  const at::Tensor* tensor;
};

inline TensorFacts facts_of(const at::Tensor& t) {
  TensorFacts facts;
  facts.dtype = std::string(c10::getDtypeNames(t.scalar_type()).first);
  facts.device = t.device().str();
  facts.layout = t.layout() == c10::kStrided ? "strided" : c10::toString(t.layout());  // (others are handed to Python)
  facts.sizes.assign(t.sizes().begin(), t.sizes().end());
  if (t.layout() == c10::kStrided) {
    facts.strides.assign(t.strides().begin(), t.strides().end());
    facts.offset = t.storage_offset();
  }
  facts.requires_grad = t.requires_grad();
  if (t.is_quantized()) facts.qscheme = c10::toString(t.qscheme());
  return facts;
}

// The call's tensor arguments, as the Python mode describes a finding's inputs (read after the call, as it reads them);
// a list's tensors together. Its other arguments left the stack with the call: not described.
inline void describe_inputs(const Plan& p, const std::vector<Input>& inputs, Finding& f) {
  for (const Input& in : inputs) {
    if (!in.tensor.defined()) continue;
    const std::string& name = in.arg < p.arg_names.size() ? p.arg_names[in.arg] : "arg" + std::to_string(in.arg);
    if (f.described.empty() || f.described.back().name != name) {
      bool list = in.arg < p.arg_is_list.size() && p.arg_is_list[in.arg];
      f.described.push_back({name, list, {}});
    }
    f.described.back().tensors.push_back(facts_of(in.tensor));
  }
}

inline void check_outputs(const Plan& p, const std::vector<Input>& inputs, const Stack& stack) {
  Ledger& l = ledger();
  std::vector<Output> outputs;
  size_t first = stack.size() - p.n_rets;
  for (size_t j = 0; j < p.n_rets; j++) {
    const c10::IValue& v = stack[first + j];
    if (v.isTensor()) {
      if (v.toTensor().defined()) outputs.push_back({j, &v.toTensor()});
    } else if (v.isTensorList()) {  // (elements of a List are IValues: their references stay on the stack)
      for (const c10::IValue& e : v.toListRef()) {
        if (e.isTensor() && e.toTensor().defined()) outputs.push_back({j, &e.toTensor()});
      }
    }
  }
  auto found = [&](int64_t j, const char* inv, std::vector<Field> detail) {
    l.add({p.name, inv, j, std::move(detail)}, true, [&](Finding& f) { describe_inputs(p, inputs, f); });
  };
  auto named = [](const char* key, const std::string& text) { return std::vector<Field>{{key, text, 0, 's'}}; };
  auto counted = [](const char* key, int64_t number) { return std::vector<Field>{{key, "", number, 'i'}}; };
  for (const Output& o : outputs) {  // (read after the call: too late to hand it to the Python checks, counted apart)
    if (const char* why = declines(*o.tensor)) {
      l.decline(p.name, why == UNREAD ? std::string(why) : OUTPUT_DECLINED + std::string(why));
      return;
    }
  }
  check_inputs(p, inputs, found);
  const bool counts = !p.mutable_ && !p.composite_implicit;
  for (size_t a = 0; a < outputs.size(); a++) {
    const Output& o = outputs[a];
    const c10::TensorImpl* impl = o.tensor->unsafeGetTensorImpl();
    if (counts) {  // tensorimpl_use_count: the stack's one reference, less the ones this hook holds
      int64_t count = holders(impl, (int64_t)o.tensor->use_count());
      for (const Input& in : inputs) count -= in.tensor.unsafeGetTensorImpl() == impl;
      if (count > 1) found(o.ret, "tensorimpl_use_count", counted("use_count", count));
      bool first = true;  // storageimpl_use_count: once per distinct output
      for (size_t b = 0; b < a; b++) first &= outputs[b].tensor->unsafeGetTensorImpl() != impl;
      if (!p.view && first && impl->has_storage()) {
        const c10::Storage& storage = o.tensor->storage();
        int64_t scount = holders(storage.unsafeGetStorageImpl(), (int64_t)storage.use_count());
        for (const Input& in : inputs) scount -= storage_of(in) == storage.unsafeGetStorageImpl();  // entry holds
        if (scount > 1) found(o.ret, "storageimpl_use_count", counted("storage_use_count", scount));
      }
    }
    // returns_input.may_return: a CompositeImplicitAutograd op met whole (below autograd) may hand back the input its
    // schema lets this output alias (`to`, `flatten` return self when there is nothing to do)
    bool may_return = false;
    for (const Input& in : inputs) {
      may_return |= p.composite_implicit && in.tensor.unsafeGetTensorImpl() == impl && p.out_in[o.ret][in.arg];
    }
    for (const Input& in : inputs) {  // returns_input and undeclared_alias against each input
      bool same = in.tensor.unsafeGetTensorImpl() == impl;
      if (same && !p.mutable_) {
        if (!may_return) found(o.ret, "returns_input", named("is_input", p.arg_names[in.arg]));
        continue;
      }
      if (p.out_in[o.ret][in.arg] || !(same || overlaps(*o.tensor, in.tensor))) continue;
      bool excused = false;  // it aliased, on entry, an argument the output may alias
      for (const Input& other : inputs) {
        excused |= other.arg != in.arg && p.out_in[o.ret][other.arg] && storage_of(other) == storage_of(in) && storage_of(in);
      }
      if (!excused) found(o.ret, "undeclared_alias", named("overlaps", p.arg_names[in.arg]));
    }
    if (p.view && !p.composite_implicit && !p.views[o.ret].empty()) {  // view_copies (view_copies._copies)
      const Input* base = nullptr;  // the first input it is declared a view of
      bool shares = false;
      for (const Input& in : inputs) {
        if (std::find(p.views[o.ret].begin(), p.views[o.ret].end(), in.arg) == p.views[o.ret].end()) continue;
        if (base == nullptr) base = &in;
        shares |= in.tensor.storage().unsafeGetStorageImpl() == impl->storage().unsafeGetStorageImpl();
      }
      if (base && !shares) found(o.ret, "view_copies", named("copies", p.arg_names[base->arg]));
    }
    if (!p.composite_implicit && !p.written_by[o.ret].empty()) {  // written_not_returned: the argument itself
      const std::vector<size_t>& written_args = p.written_by[o.ret];
      bool read = false, returned = false;  // (a None or unread argument: nothing to compare)
      for (const Input& in : inputs) {
        if (std::find(written_args.begin(), written_args.end(), in.arg) == written_args.end()) continue;
        read = true;
        returned |= in.tensor.unsafeGetTensorImpl() == impl;
      }
      if (read && !returned) found(o.ret, "written_not_returned", named("written", p.arg_names[written_args[0]]));
    }
    for (size_t b = a + 1; b < outputs.size(); b++) {  // undeclared_alias between outputs
      const Output& u = outputs[b];
      if (p.out_out[o.ret][u.ret] || (o.ret == u.ret && p.aliased_list[o.ret])) continue;
      if (!overlaps(*o.tensor, u.tensor[0])) continue;
      bool excused = false;  // both may alias inputs that shared a storage on entry
      for (const Input& x : inputs) {
        for (const Input& y : inputs) {
          excused |= p.out_in[o.ret][x.arg] && p.out_in[u.ret][y.arg] && storage_of(x) == storage_of(y) && storage_of(x);
        }
      }
      if (!excused) found(o.ret, "undeclared_alias", counted("overlaps_output", (int64_t)u.ret));
    }
  }
}

}  // namespace hook
