// The native engine's per-block ledgers: what one checking block's calls found and declined (in its thread's TLS, so
// two threads' blocks never mix), the process's orphan ledger for threads torch starts, and how a block's contents
// reach Python (drained) or an outer block (merged). Part of dispatch_hook.cpp's one translation unit, included by
// dispatch_hook_checks.h after the plan.
#pragma once

#include <c10/core/impl/LocalDispatchKeySet.h>

#include <unordered_set>

namespace hook {

// ------------------------------------------------------------------ what Python drains, per block

struct Field {  // one field of a finding's detail: a name, a count or index, or a flag
  std::string key, text;
  int64_t number = 0;
  char type = 'i';  // 'i' number, 's' text, 'b' flag (number 0 or 1)
};

// A tensor argument's facts as core/descriptions.describe_value writes them, read when a finding is first made only
struct TensorFacts {
  std::string dtype, device, layout, qscheme;
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0;
  bool requires_grad = false;
};
struct Described {  // one argument: its name, and its tensor (or a list's tensors)
  std::string name;
  bool list = false;
  std::vector<TensorFacts> tensors;
};

struct Finding {
  std::string op, invariant;
  int64_t output = 0;  // the return index; -1 for a finding about an argument (None in Python)
  std::vector<Field> detail;
  int64_t occurrences = 1;  // the same finding made again (a ledgered op in every training step) is counted here
  std::string where;  // the user's file:line, asked of the block's site function on a finding's first record
  std::vector<Described> described;  // the call's tensor arguments, described on the first record

  std::string key() const {
    std::string k = op + "|" + invariant + "|" + std::to_string(output);
    for (const Field& f : detail) k += "|" + f.key + "=" + f.text + "#" + std::to_string(f.number);
    return k;
  }
};

struct Ledger {  // one checking block's: what its thread's calls found and declined
  std::mutex mu;
  std::vector<Finding> findings;
  std::unordered_map<std::string, size_t> index;  // Finding::key -> its place in findings
  std::unordered_map<std::string, int64_t> declined;  // "op|reason" -> calls passed through unchecked
  std::atomic<int64_t> checked{0}, errors{0};
  std::string first_error;  // opprop's own failure, the first one: a record, never the user's exception
  py::object site;  // () -> "file.py:12", the user's line (checking() hands usercode.user_frame), or None
  py::object python_checks;  // (op, why, args, kwargs) -> (taken, result): the declined calls' checks, or None
  // The exploration sessions' blocks (count_reached): calls per overload met, as InvariantMode.reached counts them, and
  // the last overload whose call raised with its message (InvariantMode.raised_in: an internal assert's key)
  bool count_reached = false;
  std::unordered_map<const Plan*, int64_t> reached;
  std::string raised_op, raised_what;
  void reach(const Plan& p) {
    std::lock_guard<std::mutex> g(mu);
    reached[&p]++;
  }
  void raised(const Plan& p, const char* what) {
    std::lock_guard<std::mutex> g(mu);
    raised_op = p.name;
    raised_what = what;
  }

  // ask_site: a first record asks the block's site for the user's line; a merged one keeps its own (a call made on
  // a thread torch started has no line of the user's: the block's `with` line would be no better than none)
  // describe: fills a first record's `described` from the call (outside `mu`; a repeat is only counted)
  void add(Finding f, bool ask_site = true, const std::function<void(Finding&)>& describe = {}) {
    std::string k = f.key();
    {
      std::lock_guard<std::mutex> g(mu);
      auto at = index.find(k);
      if (at != index.end()) {  // a repeat: counted, no Python
        findings[at->second].occurrences += f.occurrences;
        return;
      }
    }
    if (describe) describe(f);
    if (site && ask_site && f.where.empty()) {  // a first record: where the user's code made the call (never under `mu`)
      py::gil_scoped_acquire gil;
      try {
        f.where = site().cast<std::string>();
      } catch (py::error_already_set& e) {  // no line: the finding stands without one; a Ctrl-C that landed in
        if (!e.matches(PyExc_Exception)) throw;  // site() (KeyboardInterrupt, SystemExit) is the user's: raised
      } catch (const py::cast_error&) {
      }
    }
    std::lock_guard<std::mutex> g(mu);
    auto [at, fresh] = index.try_emplace(std::move(k), findings.size());
    if (fresh) findings.push_back(std::move(f));
    else findings[at->second].occurrences += f.occurrences;
  }
  void decline(const std::string& op, const std::string& reason) {
    std::lock_guard<std::mutex> g(mu);
    declined[op + "|" + reason]++;
  }
  void error(const std::string& op, const char* what) {
    std::lock_guard<std::mutex> g(mu);
    if (errors++ == 0) first_error = op + ": " + what;
  }
};

// The ledger of the block open in this thread; a thread with the key included and no block (a thread torch started
// with this thread's dispatch TLS) writes to the process's own, which a block takes when it is the only one open.
inline Ledger& orphans() {
  static Ledger* l = new Ledger();  // never destroyed: kernels may run during interpreter teardown
  return *l;
}
inline Ledger*& current_block() {
  thread_local Ledger* block = nullptr;
  return block;
}
inline Ledger& ledger() {
  Ledger* block = current_block();
  return block ? *block : orphans();
}

// ------------------------------------------------------------------ blocks: one ledger each

inline std::mutex& blocks_mu() {
  static auto* mu = new std::mutex();
  return *mu;
}
inline std::unordered_set<Ledger*>& blocks() {
  static auto* open = new std::unordered_set<Ledger*>();
  return *open;
}

// This thread's open blocks, in the order they began, and whether the Fake key was included before the first: blocks
// may end in any order (two generators or asyncio tasks each holding one across a yield), so each end puts back the
// thread's state from what is still open, never from what was current when it began.
struct ThreadBlocks {
  std::vector<Ledger*> open;
  bool included_before = false;
  bool compiling = false;  // torch.compile compiles on this thread (compile_watch): torch's own calls, passed through
};
inline ThreadBlocks& thread_blocks() {
  thread_local ThreadBlocks mine;
  return mine;
}

inline Ledger* open_block() {
  auto* l = new Ledger();
  std::lock_guard<std::mutex> g(blocks_mu());
  blocks().insert(l);
  return l;
}

inline Ledger* block_of(intptr_t handle) {
  auto* l = reinterpret_cast<Ledger*>(handle);
  std::lock_guard<std::mutex> g(blocks_mu());
  if (!blocks().count(l)) throw std::invalid_argument("not an open block");
  return l;
}

inline void merge(Ledger& from, Ledger& into) {  // a nested block's findings are its outer block's too (as nested modes')
  std::vector<Finding> copied;
  {
    std::lock_guard<std::mutex> g(from.mu);
    copied = from.findings;
  }
  for (auto& f : copied) into.add(std::move(f), /*ask_site=*/false);
  std::scoped_lock g(from.mu, into.mu);
  for (auto& [key, n] : from.declined) into.declined[key] += n;
  into.checked += from.checked.load();
  if (from.errors && !into.errors) into.first_error = from.first_error;
  into.errors += from.errors.load();
}

// A finding's arguments as describe_arguments writes a call's tensor ones: {name: {"tensor": True, "dtype": ...} or [...]}
inline py::dict described_of(const Finding& f) {
  py::dict out;
  for (const Described& d : f.described) {
    py::list tensors;
    for (const TensorFacts& t : d.tensors) {
      py::dict v;
      v["tensor"] = true;
      v["dtype"] = t.dtype;
      v["shape"] = py::cast(t.sizes);
      v["device"] = t.device;
      v["layout"] = t.layout;
      if (t.layout == "strided") {
        v["stride"] = py::cast(t.strides);
        v["storage_offset"] = t.offset;
      }
      if (t.requires_grad) v["requires_grad"] = true;
      if (!t.qscheme.empty()) v["qscheme"] = t.qscheme;
      tensors.append(v);
    }
    if (d.list) out[py::str(d.name)] = tensors;
    else if (!d.tensors.empty()) out[py::str(d.name)] = tensors[0];
  }
  return out;
}

// What a ledger found, for Python, and cleared: [(op, invariant, output or None, {detail}, occurrences, where, {described})]
inline py::list drained(Ledger& l) {
  std::vector<Finding> taken;
  {
    std::lock_guard<std::mutex> g(l.mu);
    taken.swap(l.findings);
    l.index.clear();
  }
  py::list out;
  for (auto& f : taken) {
    py::dict detail;
    for (auto& field : f.detail) {
      if (field.type == 's') detail[py::str(field.key)] = py::str(field.text);
      else if (field.type == 'b') detail[py::str(field.key)] = py::bool_(field.number != 0);
      else detail[py::str(field.key)] = py::int_(field.number);
    }
    py::object output = f.output < 0 ? py::object(py::none()) : py::object(py::int_(f.output));
    out.append(py::make_tuple(f.op, f.invariant, output, detail, f.occurrences, f.where, described_of(f)));
  }
  return out;
}

// The calls a ledger declined, {(op, reason): calls}, and cleared.
inline py::dict declined_of(Ledger& l) {
  std::unordered_map<std::string, int64_t> taken;
  {
    std::lock_guard<std::mutex> g(l.mu);
    taken.swap(l.declined);
  }
  py::dict out;
  for (auto& [key, n] : taken) {
    auto bar = key.find('|');
    out[py::make_tuple(key.substr(0, bar), key.substr(bar + 1))] = n;
  }
  return out;
}

// Everything `from` holds moved to `into` (the process's orphan ledger into the one block open).
inline void take_into(Ledger& from, Ledger& into) {
  merge(from, into);
  std::lock_guard<std::mutex> g(from.mu);
  from.findings.clear();
  from.index.clear();
  from.declined.clear();
  from.checked = 0;
  from.errors = 0;
}

// This thread's calls go to block `l` from now, with the Fake key included (when its fallback is registered).
inline void enter_block(Ledger* l, bool include_key) {
  ThreadBlocks& mine = thread_blocks();
  if (mine.open.empty()) mine.included_before = c10::impl::tls_is_dispatch_key_included(c10::DispatchKey::Fake);
  mine.open.push_back(l);
  current_block() = l;
  if (include_key) c10::impl::tls_set_dispatch_key_included(c10::DispatchKey::Fake, true);
}

// Block `l` left, in any order of this thread's blocks: the thread's block and key put back from those still open.
// `l` takes a copy of what the blocks begun after it and still open hold (it saw their calls so far); returns the
// block open when it began, if still open (it saw `l`'s calls: the caller merges them), else nullptr.
inline Ledger* leave_block(Ledger* l) {
  ThreadBlocks& mine = thread_blocks();
  Ledger* outer = nullptr;
  std::vector<Ledger*> inner;
  auto at = std::find(mine.open.begin(), mine.open.end(), l);
  if (at != mine.open.end()) {
    if (at != mine.open.begin()) outer = *(at - 1);
    inner.assign(at + 1, mine.open.end());
    mine.open.erase(at);
  }
  for (Ledger* later : inner) merge(*later, *l);  // (copied: each still hands its own on when it ends)
  current_block() = mine.open.empty() ? nullptr : mine.open.back();
  if (mine.open.empty()) c10::impl::tls_set_dispatch_key_included(c10::DispatchKey::Fake, mine.included_before);
  return outer;
}

inline void close_block(Ledger* l) {
  {
    std::lock_guard<std::mutex> g(blocks_mu());
    blocks().erase(l);
  }
  delete l;  // (its thread left it: current_block no longer names it)
}

}  // namespace hook
