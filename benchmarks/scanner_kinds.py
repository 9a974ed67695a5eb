"""The naive scanner's fixed tensors: about thirty, one builder each, every call a fresh deterministic tensor.

Its families (dense, sparse, quantized, mkldnn) are how the scanner keeps a call's tensors mostly alike;
mkldnn is the extra pass's backend key only. A repro names a tensor by its kind: ``KINDS["f32_t"]()`` builds it again.
"""
from __future__ import annotations

import torch


def _values(shape, dtype=torch.float32):
    """The same values every time: a seeded generator, never the global one."""
    g = torch.Generator().manual_seed(sum(shape) + len(shape))
    x = torch.randn(shape, generator=g) * 3
    if dtype.is_complex:
        return torch.complex(x, x.flip(-1) if x.dim() else x).to(dtype)
    if dtype == torch.bool:
        return x > 0
    return x.to(dtype)


def _coo(shape, sparse_dim, coalesced=True):
    dense = _values(shape)
    dense[(0,) * sparse_dim] = 0
    out = dense.to_sparse(sparse_dim)
    if coalesced:
        return out
    indices = torch.cat([out.indices(), out.indices()[:, :1]], 1)  # one index twice: uncoalesced
    values = torch.cat([out.values(), out.values()[:1]])
    return torch.sparse_coo_tensor(indices, values, shape)


def _per_channel(shape, dtype):
    scales = torch.linspace(0.05, 0.2, shape[0], dtype=torch.float64)
    return torch.quantize_per_channel(_values(shape), scales, torch.zeros(shape[0], dtype=torch.long), 0, dtype)


def _neg_bit():
    return torch._neg_view(_values((3,)))


DENSE = {
    "f32": lambda: _values((3, 4)),
    "f64": lambda: _values((2, 3), torch.float64),
    "f16": lambda: _values((4,), torch.float16),
    "bf16": lambda: _values((2, 2), torch.bfloat16),
    "i64": lambda: _values((5,), torch.int64),
    "i32": lambda: _values((2, 3), torch.int32),
    "i8": lambda: _values((4,), torch.int8),
    "u8": lambda: _values((3,)).abs().to(torch.uint8),
    "bool": lambda: _values((4,), torch.bool),
    "c64": lambda: _values((3,), torch.complex64),
    "f32_empty": lambda: torch.empty(0, 3),
    "f32_0d": lambda: torch.tensor(1.5),
    "i64_0d": lambda: torch.tensor(2),
    "f32_one": lambda: torch.tensor([0.5]),
    "f32_t": lambda: _values((4, 3)).t(),  # non-contiguous
    "f32_expanded": lambda: _values((1, 3)).expand(4, 3),
    "c64_conj": lambda: _values((3,), torch.complex64).conj(),
    "f32_neg": _neg_bit,
    "f32_4d": lambda: _values((1, 2, 3, 3)),
    "f32_channels_last": lambda: _values((2, 3, 4, 4)).to(memory_format=torch.channels_last),
}
SPARSE = {
    "coo_2d": lambda: _coo((3, 4), 2),
    "coo_1d": lambda: _coo((5,), 1),
    "coo_hybrid": lambda: _coo((3, 4, 2), 2),
    "coo_uncoalesced": lambda: _coo((3, 4), 2, coalesced=False),
    "csr": lambda: _values((3, 4)).relu().to_sparse_csr(),
    "csc": lambda: _values((3, 4)).relu().to_sparse_csc(),
}
QUANTIZED = {
    "quint8": lambda: torch.quantize_per_tensor(_values((2, 3)), 0.1, 3, torch.quint8),
    "qint8_4d": lambda: torch.quantize_per_tensor(_values((1, 2, 3, 3)), 0.05, 0, torch.qint8),
    "qint32": lambda: torch.quantize_per_tensor(_values((4,)), 0.01, 0, torch.qint32),
    "quint8_per_channel": lambda: _per_channel((2, 3), torch.quint8),
    "qint8_per_channel_4d": lambda: _per_channel((2, 2, 3, 3), torch.qint8),
}
MKLDNN = {  # the extra pass's backend key (MkldnnCPU), drawn only there
    "mkldnn_f32": lambda: _values((2, 3)).to_mkldnn(),
    "mkldnn_f32_4d": lambda: _values((1, 2, 3, 3)).to_mkldnn(),
}
FAMILIES = {"dense": DENSE, "sparse": SPARSE, "quantized": QUANTIZED, "mkldnn": MKLDNN}
KINDS = {name: build for family in FAMILIES.values() for name, build in family.items()}
FAMILY_OF = {name: family for family, kinds in FAMILIES.items() for name in kinds}
SCANNED = [name for name in KINDS if FAMILY_OF[name] != "mkldnn"]


class Tensor:
    """A drawn tensor argument: its kind's name (what a repro says), built fresh for each call."""

    def __init__(self, kind: str):
        self.kind = kind

    def build(self) -> torch.Tensor:
        return KINDS[self.kind]()

    def __repr__(self) -> str:
        return f"KINDS[{self.kind!r}]()"
