"""Rows of ``opprop list --all-aten``: every registered ATen overload, where its calls come from, and why not.

Sources: ``opinfo`` (an OpInfo named after it), ``edge`` (an edge-mode
generator targets it), ``schema`` (its schema alone drives calls). The
valid rate comes from what earlier runs recorded (``opprop.validity``).
"""
from __future__ import annotations

import torch

from . import catalog, validity

BACKEND_NAME_HINTS = {"cudnn": "CUDA", "cuda": "CUDA", "cslt": "CUDA", "cufft": "CUDA", "cutlass": "CUDA", "miopen": "ROCm", "mps": "MPS", "mkldnn": "MKLDNN", "xpu": "XPU", "flash": "CUDA", "efficient_attention": "CUDA", "nnpack": "NNPACK", "vulkan": "Vulkan", "metal": "Metal"}
BACKEND_KEYS = ("CUDA", "MkldnnCPU", "MPS", "XPU", "SparseCUDA", "SparseCsrCUDA", "QuantizedCUDA", "NestedTensorCUDA", "MTIA", "HIP", "Meta")


def registered_aten_overloads() -> list:
    """aten overloads the dispatcher knows (the schema list also holds TorchScript-only builtins)."""
    registered = set(torch._C._dispatch_get_all_op_names())
    return [op for op in catalog.all_aten_overloads() if catalog.qualified_name(op) in registered]


def eligible(op) -> bool:
    """What the coverage target counts: a CPU or CompositeExplicitAutograd kernel, not CompositeImplicitAutograd."""
    return catalog.has_cpu_kernel(op) and not catalog.classify(op).composite_implicit


def unreachable_reason(op) -> str | None:
    """Why opprop cannot call this overload on CPU, or None."""
    from opprop.generators.schema import unreachable_reason as schema_reason

    name = catalog.qualified_name(op)
    kind = catalog.classify(op)
    if kind.composite_implicit:
        return "CompositeImplicitAutograd (checked through the kernels it calls)"
    if not catalog.has_cpu_kernel(op):
        keys = [k for k in BACKEND_KEYS if k != "Meta" and torch._C._dispatch_has_kernel_for_dispatch_key(name, k)]
        if keys:
            return f"backend-only kernel ({', '.join(keys)})"
        # a CPU-only build registers no CUDA kernels at all: the name says which backend it is for
        hinted = sorted({backend for token, backend in BACKEND_NAME_HINTS.items() if token in name.lower()})
        if hinted:
            return f"backend-only kernel ({', '.join(hinted)}; not registered in this build)"
        if torch._C._dispatch_has_kernel_for_dispatch_key(name, "Meta"):
            return "no CPU kernel (Meta only)"
        return "no CPU kernel"
    return schema_reason(op)


def aten_rows(with_opinfo: bool = True) -> list[dict]:
    from opprop.generators import generators_for

    by_base = {}
    if with_opinfo:
        for o in catalog.op_db():
            by_base.setdefault(o.aten_name, []).append(catalog.opinfo_id(o))
    store = validity.store()
    rows = []
    for op in registered_aten_overloads():
        name = catalog.qualified_name(op)
        base = op._schema.name.split("::", 1)[1]
        reason = unreachable_reason(op)
        srcs = []
        if by_base.get(base):
            srcs.append("opinfo")
        if generators_for(name):
            srcs.append("edge")
        if reason is None:
            srcs.append("schema")
        record = store.ops.get(name)
        rows.append(
            {
                "name": name,
                "kind": catalog.classify(op).kind,
                "eligible": eligible(op),
                "sources": srcs or ["none"],
                "valid_rate": None if record is None else record.valid_rate,
                "tries": 0 if record is None else record.total[0],
                "unreachable": reason,
            }
        )
    return rows


def format_aten_row(row: dict) -> str:
    rate = "-" if row["valid_rate"] is None else f"{row['valid_rate']:.0%}"
    tail = f"  unreachable: {row['unreachable']}" if row["unreachable"] else ""
    return f"{row['name']:<60} {row['kind']:<10} {','.join(row['sources']):<18} {rate:>5}{tail}"


def schema_targets() -> list[str]:
    """Eligible overloads the schema alone can drive: the names to add to a fuzz run's target list."""
    return [catalog.qualified_name(op) for op in registered_aten_overloads() if eligible(op) and unreachable_reason(op) is None]
