"""Sparse kinds: COO (coalesced, or not) and the compressed layouts (CSR, CSC, BSR, BSC; blocks of 1x1).

A sparse tensor is rebuilt from its parts, the way torch builds one: COO
from (indices, values) and its coalesced flag, compressed from (compressed
indices, plain indices, values). Shrinking drops COO entries and simplifies
the values part only: the indices' structure must stay valid.
"""
from __future__ import annotations

import warnings

import torch

from opprop.core.tensor_kinds.dense import values
from opprop.core.tensor_kinds.registry import PartsLayout, TensorKind, has_kernel, shape_source

RANK = 2
SPARSE_LAYOUTS = ("coo", "coo_uncoalesced", "csr", "csc", "bsr", "bsc")
DTYPES = (torch.float32, torch.float64, torch.int64)
COMPRESSED = {"sparse_csr": torch.sparse_csr, "sparse_csc": torch.sparse_csc, "sparse_bsr": torch.sparse_bsr, "sparse_bsc": torch.sparse_bsc}
ROW_COMPRESSED = ("sparse_csr", "sparse_bsr")  # compressed rows: (crow_indices, col_indices); the others compress columns


def sparse(shape, dtype=torch.float32, layout="coo", device="cpu") -> torch.Tensor:
    """``values(shape)`` in sparse COO (coalesced, or not: every entry twice, once as 0) or compressed form.

    Compressed layouts (``csr``, ``csc``, ``bsr``, ``bsc``; blocks of 1x1) take
    2-D tensors, or batched 3-D; a 0-d or 1-d shape becomes one row.
    """
    dense = values(shape, dtype, device)
    if layout == "coo":
        return dense.to_sparse().coalesce()
    if layout == "coo_uncoalesced":  # what _coalesce and friends take: the same values, duplicate indices
        c = dense.to_sparse().coalesce()
        indices = torch.cat([c.indices(), c.indices()], dim=1)
        return torch.sparse_coo_tensor(indices, torch.cat([c.values(), torch.zeros_like(c.values())]), c.shape)
    if layout not in SPARSE_LAYOUTS:
        raise ValueError(f"unknown sparse layout {layout!r}; expected one of {SPARSE_LAYOUTS}")
    if dense.dim() < 2:
        dense = dense.reshape(1, -1)
    if layout == "csr":
        return dense.to_sparse_csr()
    if layout == "csc":
        return dense.to_sparse_csc()
    return dense.to_sparse_bsr((1, 1)) if layout == "bsr" else dense.to_sparse_bsc((1, 1))


def _kind(layout: str, key: str) -> TensorKind:
    return TensorKind(f"sparse_{layout}", lambda shape, dtype, device: sparse(shape, dtype, layout, device),
                      lambda op_name, kernel_names: has_kernel(kernel_names, key), dtypes=DTYPES)


KINDS = (
    _kind("coo", "SparseCPU"),
    _kind("coo_uncoalesced", "SparseCPU"),
    *(_kind(layout, "SparseCsrCPU") for layout in ("csr", "csc", "bsr", "bsc")),
)


# ---------------------------------------------------------------- rebuilt from parts


def _quiet_build(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sparse construction warns it is beta
        return fn(*args, **kwargs)


def _fewer_entries(spec, moves):
    """A COO entry fewer (of up to 16), when indices and values are literal and contiguous."""
    if not all(p.fill == "values" and p.stride is None for p in spec.parts):
        return
    indices, vals = spec.parts
    nnz = indices.shape[1] if len(indices.shape) == 2 else 0
    for j in range(nnz if nnz <= 16 else 0):
        new_indices, new_values = moves.drop_index(indices, 1, j), moves.drop_index(vals, 0, j)
        if new_indices is not None and new_values is not None:
            yield spec.replace(parts=(new_indices, new_values))


def _simpler_values(spec, moves):
    """Only the values part can change without breaking the indices' structure (and keeps its dtype)."""
    for new in moves.simpler(spec.parts[-1]):
        if new.dtype == spec.parts[-1].dtype:
            yield spec.replace(parts=spec.parts[:-1] + (new,))


COO = PartsLayout(
    "sparse_coo",
    torch.sparse_coo,
    parts=("indices", "values"),
    holds=lambda t: type(t) is torch.Tensor,
    components=lambda t: (t._indices().clone(), t._values().clone()),
    spec_fields=lambda t: {"shape": tuple(t.shape), "coalesced": t.is_coalesced()},
    build=lambda spec, parts: _quiet_build(torch.sparse_coo_tensor, parts[0], parts[1], spec.shape, is_coalesced=bool(spec.coalesced)),
    source=lambda spec, parts: f"torch.sparse_coo_tensor({parts[0]}, {parts[1]}, {shape_source(spec.shape)}, is_coalesced={bool(spec.coalesced)})",
    describe=lambda t: {"nnz": t._nnz(), "coalesced": t.is_coalesced()},
    smaller=_fewer_entries,
    simpler=_simpler_values,
    memory=lambda t: (t._indices(), t._values()),
)


def _compressed(name: str, torch_layout) -> PartsLayout:
    def memory(t):
        compressed, plain = (t.crow_indices(), t.col_indices()) if name in ROW_COMPRESSED else (t.ccol_indices(), t.row_indices())
        return compressed, plain, t.values()

    def components(t):
        return tuple(part.clone() for part in memory(t))

    return PartsLayout(
        name,
        torch_layout,
        parts=("compressed_indices", "plain_indices", "values"),
        holds=lambda t: type(t) is torch.Tensor,
        components=components,
        build=lambda spec, parts: _quiet_build(torch.sparse_compressed_tensor, *parts, spec.shape, layout=torch_layout),
        source=lambda spec, parts: f"torch.sparse_compressed_tensor({', '.join(parts)}, {shape_source(spec.shape)}, layout={torch_layout})",
        describe=lambda t: {"nnz": t._nnz()},
        simpler=_simpler_values,
        memory=memory,
    )


LAYOUTS = (COO, *(_compressed(name, torch_layout) for name, torch_layout in COMPRESSED.items()))
