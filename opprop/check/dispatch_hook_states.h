// The native engine's inputs before the call and the checks that compare them after it: undeclared_mutation and
// storage_replaced, decided as their Python invariants decide them (opprop/check/invariants/undeclared_mutation.py,
// storage_replaced.py, snapshots.Snapshot.changed, aliasing.CallAliasing.input_may_change), over the snapshot rules
// the compiled hot path uses (hot_path_bytes.h). The state is held in C++ (no Python object per call): the span's
// bytes, copied (the Python side digests a large contiguous span; a copy compares the same, without collisions).
// Part of dispatch_hook.cpp's one translation unit.
#pragma once

#include "hot_path_bytes.h"

#include <memory>

namespace hook {

// An input's state before the call (snapshots.InputState), for an argument the schema does not mark written.
struct State {
  bool taken = false;
  std::vector<int64_t> sizes, strides;
  int64_t offset = 0, version = 0, n = 0;  // n: the span's bytes kept
  uintptr_t ptr = 0;
  bool versioned = false;  // an inference tensor has no version counter (the Python mode never reads one)
  std::shared_ptr<char[]> bytes;  // shared with an earlier input that is the same tensor (addcmul_(g, g))
  bool digested = false;  // a large contiguous span: its digest, no bytes (snapshots.Digest)
  opprop_bytes::Digest128 digest{0, 0};
};

// xxh3-128, the xxhash module's own (dispatch_hook.load hands it over), or nullptr: every span is then copied.
inline opprop_bytes::DigestFn& digest_fn() {
  static opprop_bytes::DigestFn fn = nullptr;
  return fn;
}

struct Input {
  size_t arg;  // the schema position (a list's tensors share it)
  at::Tensor tensor;  // one reference held, so a temporary argument outlives the call; subtracted from counts
  c10::Storage entry;  // the storage on entry, held so its address names it after the call; subtracted from counts
  State state;
};

inline const c10::StorageImpl* storage_of(const Input& in) { return in.entry.unsafeGetStorageImpl(); }

// The bytes the kept snapshot buffers hold, all threads together (at most snapshots.KEPT_BYTES).
inline std::atomic<int64_t>& kept_bytes() {
  static std::atomic<int64_t> kept{0};
  return kept;
}

// A buffer for n bytes of snapshot. From snapshots.KEEP_BUFFERS bytes one kept from an earlier call of that size (up
// to snapshots.KEPT_BYTES in all, in the process) and free again once no state holds it: a fresh large allocation faults
// every page in on the copy (snapshots.py measured 7 times the copy's cost at 45 MB).
inline std::shared_ptr<char[]> buffer_of(int64_t n) {
  constexpr int64_t keep_from = opprop_bytes::KEEP_BUFFERS, kept_at_most = opprop_bytes::KEPT_BYTES;
  if (n < keep_from) return std::shared_ptr<char[]>(new char[n]);
  std::atomic<int64_t>& kept_in_process = kept_bytes();  // the cap is the process's, however many threads check
  struct Kept {
    std::unordered_map<int64_t, std::vector<std::shared_ptr<char[]>>> by_size;
    int64_t total = 0;
    ~Kept() { kept_bytes() -= total; }  // a thread's buffers go with it
  };
  thread_local Kept kept;
  auto& same_size = kept.by_size[n];
  for (auto& buffer : same_size) {
    if (buffer.use_count() == 1) return buffer;  // only this list holds it
  }
  std::shared_ptr<char[]> buffer(new char[n]);
  if (kept_in_process.fetch_add(n) + n <= kept_at_most) {
    same_size.push_back(buffer);
    kept.total += n;
  } else {
    kept_in_process -= n;
  }
  return buffer;
}

inline void take_state(Input& in, const std::vector<Input>& earlier) {
  const at::Tensor& t = in.tensor;
  State& s = in.state;
  s.taken = true;
  s.sizes.assign(t.sizes().begin(), t.sizes().end());
  s.strides.assign(t.strides().begin(), t.strides().end());
  s.offset = t.storage_offset();
  s.ptr = opprop_bytes::address(t);
  s.versioned = t.unsafeGetTensorImpl()->version_counter().enabled();
  s.version = s.versioned ? t._version() : 0;
  s.n = s.ptr && t.is_cpu() ? opprop_bytes::span_bytes(t) : 0;  // ptr 0: a ZeroTensor (forward AD) has no bytes
  if (s.n && !opprop_bytes::held(t, s.n)) s.n = 0;  // over a freed storage: no bytes to read (its metadata compared)
  if (s.n == 0) return;
  for (const Input& other : earlier) {  // one tensor passed twice: read and compared once (snapshots.large_state)
    const State& o = other.state;
    if (o.taken && (o.bytes || o.digested) && other.tensor.unsafeGetTensorImpl() == t.unsafeGetTensorImpl() &&
        o.ptr == s.ptr && o.n == s.n && o.version == s.version) {
      s.bytes = o.bytes;
      s.digested = o.digested;
      s.digest = o.digest;
      return;
    }
  }
  if (s.n >= opprop_bytes::DIGEST_BYTES && digest_fn() && t.is_contiguous()) {  // snapshots._span_bytes' rule
    s.digested = true;
    s.digest = digest_fn()(reinterpret_cast<const void*>(s.ptr), s.n);
    return;
  }
  s.bytes = buffer_of(s.n);
  std::memcpy(s.bytes.get(), reinterpret_cast<const void*>(s.ptr), s.n);
}

// snapshots.Snapshot.changed: what changed since the state, in the Python order, or nullptr.
inline const char* changed(const State& s, const at::Tensor& t) {
  if (!t.sizes().equals(s.sizes)) return "size";
  if (!t.strides().equals(s.strides)) return "stride";
  if (t.storage_offset() != s.offset) return "storage_offset";
  if (opprop_bytes::address(t) != s.ptr) return "storage";  // same offset: the storage pointer moved
  if (s.n && !opprop_bytes::held(t, s.n)) {  // (the storage shrunk in place under the same pointer: not read)
  } else if (s.digested) {
    if (!(digest_fn()(reinterpret_cast<const void*>(s.ptr), s.n) == s.digest)) return "data";
  } else if (s.n && std::memcmp(reinterpret_cast<const void*>(s.ptr), s.bytes.get(), s.n) != 0) {
    if (t.is_contiguous() || !opprop_bytes::elements_equal_bytes(s.bytes.get(), t)) return "data";
  }
  if (s.versioned && t._version() != s.version) return "version_counter";
  return nullptr;
}

// The storage a tensor sat on when the call began (aliasing.CallAliasing._on_entry): a written argument's entry
// storage, else its storage now.
inline const c10::StorageImpl* on_entry(const at::Tensor& t, const Plan& p, const std::vector<Input>& inputs) {
  for (const Input& in : inputs) {
    if (p.written[in.arg] && in.tensor.unsafeGetTensorImpl() == t.unsafeGetTensorImpl()) return storage_of(in);
  }
  return t.storage().unsafeGetStorageImpl();
}

// aliasing.CallAliasing.input_may_change for a read-only argument: it shares storage, on entry, with a written one.
inline bool may_change(const Input& in, const Plan& p, const std::vector<Input>& inputs) {
  const c10::StorageImpl* mine = nullptr;
  bool mine_known = false;
  for (const Input& w : inputs) {
    if (!p.written[w.arg]) continue;
    if (w.tensor.unsafeGetTensorImpl() == in.tensor.unsafeGetTensorImpl()) return true;
    if (!mine_known) {
      mine = on_entry(in.tensor, p, inputs);
      mine_known = true;
    }
    if (mine != nullptr && mine == storage_of(w)) return true;
  }
  return false;
}

// undeclared_mutation.bumped_by_another: a version bump alone on an input that shares storage (and so the version
// counter of its base) with another input that changed more than its version: that input's write bumped it.
inline bool bumped_by_another(size_t k, const std::vector<Input>& inputs, const std::vector<const char*>& what) {
  for (size_t o = 0; o < inputs.size(); o++) {
    if (o != k && what[o] && std::strcmp(what[o], "version_counter") != 0 && storage_of(inputs[o]) == storage_of(inputs[k])) {
      return true;
    }
  }
  return false;
}

template <class Found>
inline void check_inputs(const Plan& p, const std::vector<Input>& inputs, Found&& found) {
  std::vector<const char*> what(inputs.size(), nullptr);
  for (size_t k = 0; k < inputs.size(); k++) {
    if (inputs[k].state.taken) what[k] = changed(inputs[k].state, inputs[k].tensor);
  }
  for (size_t k = 0; k < inputs.size(); k++) {  // undeclared_mutation, in the inputs' order
    const Input& in = inputs[k];
    if (what[k] && !may_change(in, p, inputs) &&
        !(std::strcmp(what[k], "version_counter") == 0 && bumped_by_another(k, inputs, what))) {
      found(-1, "undeclared_mutation", {{"argument", p.arg_names[in.arg], 0, 's'}, {"changed", what[k], 0, 's'}});
    }
  }
  for (const Input& in : inputs) {  // storage_replaced: every tensor argument, written or not
    if (in.tensor.storage().unsafeGetStorageImpl() != storage_of(in)) {
      found(-1, "storage_replaced", {{"argument", p.arg_names[in.arg], 0, 's'}, {"mutable", "", p.written[in.arg], 'b'}});
    }
  }
}

}  // namespace hook
