// Which bytes of a CPU tensor a snapshot keeps, and how they are compared: the rules both compiled paths share (the
// hot path's Python-held states, hot_path_states.h and hot_path_screen.h, and the native engine's C++-held ones,
// dispatch_hook_checks.h). Pure ATen: no Python object, so the native engine reads them without the GIL.
// The Python reference is named at each function (opprop/check/memory.py, opprop/check/snapshots.py).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <cstring>

namespace opprop_bytes {

// snapshots.KEEP_BUFFERS and snapshots.DIGEST_BYTES: from there a span is copied into a kept buffer, or, contiguous,
// kept as its xxh3-128 digest (the same function the Python side calls: the xxhash module's own, see
// dispatch_hook.load); snapshots.KEPT_BYTES: the most the kept buffers hold.
constexpr int64_t KEEP_BUFFERS = int64_t(1) << 17;
constexpr int64_t DIGEST_BYTES = KEEP_BUFFERS;
constexpr int64_t KEPT_BYTES = int64_t(1) << 28;

struct Digest128 {  // XXH128_hash_t
  uint64_t low, high;
  bool operator==(const Digest128& o) const { return low == o.low && high == o.high; }
};
using DigestFn = Digest128 (*)(const void*, size_t);  // XXH3_128bits

// memory.span_bytes: bytes from the first to the last element the tensor can address (strides are never negative).
inline int64_t span_bytes(const at::Tensor& t) {
  if (t.is_contiguous()) return t.nbytes();
  if (t.numel() == 0) return 0;
  int64_t elements = 1;
  auto sizes = t.sizes();
  auto strides = t.strides();
  for (size_t d = 0; d < sizes.size(); d++) elements += (sizes[d] - 1) * strides[d];
  return elements * t.element_size();
}

// memory.held_bytes: whether the tensor's storage still holds its span, `n` bytes from its offset. A view over a freed
// storage (storage.resize_(0), as FSDP frees a flat parameter between uses) keeps its sizes and offset, and its data
// pointer is the offset past null: its bytes are not there to read, and a snapshot keeps none.
inline bool held(const at::Tensor& t, int64_t n) {
  return t.has_storage() && t.storage_offset() * t.element_size() + n <= (int64_t)t.storage().nbytes();
}

// snapshots' data pointer: const_data_ptr, which never materializes a copy-on-write storage (data_ptr would).
inline uintptr_t address(const at::Tensor& t) { return reinterpret_cast<uintptr_t>(t.const_data_ptr()); }

// memory.SUB_BYTE_DTYPES: packed dtypes, whose nbytes counts a byte per element (the Python side clips their span
// to the storage; the compiled paths leave them to it).
inline bool sub_byte(const at::Tensor& t) {
  auto dtype = t.scalar_type();
  return dtype == at::kQUInt4x2 || dtype == at::kQUInt2x4;
}

// memory.elements_equal_bytes: whether the elements of `t` (a non-contiguous strided tensor whose span was `before`,
// read from the same address) are bitwise what they were; the bytes in its gaps belong to other tensors. A quantized
// tensor has no integer view to compare through in the Python reference: its raw mismatch stands (false).
inline bool elements_equal_bytes(const char* before, const at::Tensor& t) {
  if (t.is_quantized()) return false;
  const int64_t item = t.element_size(), n = t.dim();
  const char* now = static_cast<const char*>(t.const_data_ptr());
  std::vector<int64_t> index(n, 0);
  auto sizes = t.sizes();
  auto strides = t.strides();
  for (int64_t e = 0; e < t.numel(); e++) {
    int64_t at = 0;
    for (int64_t d = 0; d < n; d++) at += index[d] * strides[d] * item;
    if (std::memcmp(before + at, now + at, item) != 0) return false;
    for (int64_t d = n - 1; d >= 0 && ++index[d] == sizes[d]; d--) index[d] = 0;
  }
  return true;
}

}  // namespace opprop_bytes
