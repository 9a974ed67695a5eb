"""``opprop list``: what opprop can reach, one row per OpInfo and module, or per registered ATen overload.

OpInfo rows: the overloads its samples reach (forward, and in
``backward_overloads`` what their backward adds), how the catalog classifies
them, which generators draw its examples and, with ``examples``, how many
drawn examples the op accepted (an exploration session under the ``ci``
profile: what a property test runs, in a forked child so a segfaulting draw
is that row's error). Module rows (``nn.LSTM``): the same for a ModuleInfo
module's fixed examples, forward and backward. ATen rows: every registered overload,
where its calls come from (``opinfo``, ``edge``, ``schema``, ``none``), its
valid rate from earlier runs (``opprop.inputs.validity``) and why it is unreachable.
The ATen universe a fuzz run's coverage figure counts lives here too
(``eligible``, ``why_unreachable``, ``schema_targets``).
"""
from __future__ import annotations

import json
import os

import torch

from opprop.check import catalog
from opprop.core import child_process
from opprop.listing import beyond_forward
from opprop.explore import sources
from opprop.inputs import validity
from opprop.explore.session import Exploration
from opprop.generators import generators_for, modules
from opprop.generators.opinfo import allowed_changes, edge_generators_for
from opprop.generators.schema import unreachable_reason as schema_unreachable_reason
from opprop.explore.target import Target

BACKEND_NAME_HINTS = {"cudnn": "CUDA", "cuda": "CUDA", "cslt": "CUDA", "cufft": "CUDA", "cutlass": "CUDA", "miopen": "ROCm", "mps": "MPS", "mkldnn": "MKLDNN", "xpu": "XPU", "flash": "CUDA", "efficient_attention": "CUDA", "nnpack": "NNPACK", "vulkan": "Vulkan", "metal": "Metal"}
BACKEND_KEYS = ("CUDA", "MkldnnCPU", "MPS", "XPU", "SparseCUDA", "SparseCsrCUDA", "QuantizedCUDA", "NestedTensorCUDA", "MTIA", "HIP", "Meta")
OVER_REJECTED = 0.2  # an OpInfo rejecting more of its draws than this is listed in the summary


# ---------------------------------------------------------------- the ATen universe


def registered_aten_overloads() -> list:
    """aten overloads the dispatcher knows (the schema list also holds TorchScript-only builtins)."""
    registered = set(torch._C._dispatch_get_all_op_names())
    return [op for op in catalog.all_aten_overloads() if catalog.qualified_name(op) in registered]


def eligible(op) -> bool:
    """What the ATen coverage figure counts: a CPU or CompositeExplicitAutograd kernel, not CompositeImplicitAutograd."""
    return catalog.has_cpu_kernel(op) and not catalog.classify(op).composite_implicit


def why_unreachable(op) -> str | None:
    """Why opprop cannot call this overload on CPU (its kernels, or its schema), or None."""
    name = catalog.qualified_name(op)
    kind = catalog.classify(op)
    if kind.composite_implicit:
        return "CompositeImplicitAutograd (not counted: checked through the kernels it calls; its outer contract is a target of its own)"
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
    return schema_unreachable_reason(op)


def schema_targets() -> list[str]:
    """Eligible overloads the schema alone can drive: the names to add to a fuzz run's target list."""
    return [catalog.qualified_name(op) for op in registered_aten_overloads() if eligible(op) and why_unreachable(op) is None]


def composite_targets() -> list[str]:
    """CompositeImplicitAutograd overloads the schema can drive: sweep targets of their own, for their outer contract.

    A dispatch mode sees only the kernels such an op calls, so only a check
    around its whole call sees what its own schema promises (``check/outer.py``);
    the ATen coverage figure still counts the kernels, not these.
    """
    return [catalog.qualified_name(op) for op in registered_aten_overloads()
            if catalog.classify(op).composite_implicit and schema_unreachable_reason(op) is None]


def subclass_targets() -> list[str]:
    """Overloads with no kernel of their own that a tensor subclass implements (the jagged NestedTensor's op table:
    ``_nested_get_offsets``, ``to_padded_tensor``): ``opprop check`` drives them on that kind, since schema draws take
    the kinds an op has a kernel for first (``kinds_for``), so the sweep runs them too. Not in the ATen coverage figure,
    which counts CPU kernels."""
    from opprop.core import tensor_kinds

    subclass_kinds = [k for k in tensor_kinds.kinds(drawn=True) if not k.dense]
    found = []
    for op in registered_aten_overloads():
        if catalog.has_cpu_kernel(op) or catalog.classify(op).composite_implicit or schema_unreachable_reason(op) is not None:
            continue
        name = catalog.qualified_name(op)
        if any(k.taken_by(name, []) for k in subclass_kinds):
            found.append(name)
    return found


# ---------------------------------------------------------------- OpInfo rows


def _probe_dtype(opinfo, device):
    dtypes = sources.supported_dtypes(opinfo, device)
    for preferred in (torch.float32, torch.int64, torch.bool):
        if preferred in dtypes:
            return [preferred]
    return dtypes[:1]


def generator_names(opinfo, device: str) -> list[str]:
    """What draws this OpInfo's examples: its mutated samples, plus edge generators of its overload."""
    names = []
    if sources.supported_dtypes(opinfo, device):
        unusable = allowed_changes(catalog.opinfo_id(opinfo), device).unusable
        names.append(f"opinfo (cannot draw valid calls: {unusable})" if unusable else "opinfo")
    names += [g.name for g in edge_generators_for(opinfo, device)]
    return names


def drawn_coverage(target: Target, device: str, examples: int) -> dict:
    """``drawn_coverage_here`` in a forked child where fork exists: a draw that segfaults a kernel
    (``native_batch_norm`` in eval mode without running stats) is that row's error, not the end of the listing."""
    if not hasattr(os, "fork") or device != "cpu":
        return drawn_coverage_here(target, device, examples)

    def measure() -> bytes:  # the child (one intra-op thread: child_process)
        return json.dumps(drawn_coverage_here(target, device, examples)).encode()

    end = child_process.run(measure)
    data = end.output
    if end.signal is not None or not data:
        why = f"crashed (signal {end.signal})" if end.signal is not None else "the measuring process failed"
        error = f"{why} while drawing; run opprop fuzz --ops {target.name} to get the crashing input"
        return {"valid": 0, "rejected": 0, "rejected_fraction": 0.0, "reached_target": False, "findings": [], "error_kinds": {}, "error": error}
    return json.loads(data)


def drawn_coverage_here(target: Target, device: str, examples: int) -> dict:
    """A target's valid and rejected counts in a short drawn run, as its property test draws (``ci`` profile,
    refused examples rejected), until ``examples`` are valid or Hypothesis gives up."""
    unusable = target.unusable(device)
    session = Exploration(target, device=device, seed=None, profile="ci", reject_invalid=True)
    if not unusable:
        session.draw(examples)
    s = session.drawn_stats
    error = unusable or (f"no strategy on {device}" if session.status == "no_inputs" else session.hypothesis_error)
    total = s.valid + s.errors
    return {
        "valid": s.valid,
        "rejected": s.errors,
        "rejected_fraction": round(s.errors / total, 3) if total else 0.0,
        "reached_target": s.valid >= examples,
        "findings": sorted({f"{op} {inv}" for op, inv, _ in session.findings}),
        "error_kinds": {k[:120]: v for k, v in sorted(s.first_errors.items(), key=lambda kv: -kv[1])[:3]},
        **({"error": error} if error else {}),
    }


def opinfo_rows(device: str = "cpu", *, examples: int = 0, only=None) -> list[dict]:
    """One row per OpInfo (or per id in ``only``): reached overloads (from one dtype's samples), their
    classification, the generators, and with ``examples`` > 0 the coverage of a short drawn run."""
    rows = []
    for opinfo in catalog.op_db():
        name = catalog.opinfo_id(opinfo)
        if only is not None and name not in only:
            continue
        target = Target(name, "opinfo", opinfo)
        dtypes = sources.supported_dtypes(opinfo, device)
        row = {"op": name, "aten_name": opinfo.aten_name, "dtypes": [str(d).replace("torch.", "") for d in dtypes]}
        row["generators"] = generator_names(opinfo, device)
        if dtypes:
            session = Exploration(target, device=device)
            try:
                session.run_samples(calls=sources.opinfo_sample_calls(opinfo, device, _probe_dtype(opinfo, device)))
                stats = session.sample_stats
                row.update(examples=stats.examples, valid=stats.valid, overloads=[_overload_row(n) for n in sorted(stats.reached)])
                row["sample_findings"] = sorted({f"{op} {inv}" for op, inv, _ in session.findings})
                row["backward_overloads"] = beyond_forward.backward_only_overloads(opinfo, device, _probe_dtype(opinfo, device)[0], set(stats.reached))
            except Exception as e:  # a sample generator that itself fails is reported, not hidden
                row.update(examples=0, valid=0, overloads=[], error=f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
        else:
            row.update(examples=0, valid=0, overloads=[], error=f"no dtypes on {device}")
        if examples and dtypes:
            row["coverage"] = drawn_coverage(target, device, examples)
        rows.append(row)
    return rows


def module_rows(device: str = "cpu", *, examples: int = 0, only=None) -> list[dict]:
    """One row per ModuleInfo module (or per name in ``only``): what its fixed examples reach (forward and backward,
    train and eval, float32), and with ``examples`` > 0 the coverage of a short drawn run."""
    rows = []
    for name, module_info in sorted(modules.module_infos().items()):
        if only is not None and name not in only:
            continue
        target = Target(name, "module", module_info)
        dtypes = modules.module_dtypes(module_info, device)
        row = {"op": name, "kind": "module", "dtypes": [str(d).replace("torch.", "") for d in dtypes], "generators": ["module"]}
        unusable = target.unusable(device)
        if unusable:
            row["generators"] = [f"module (cannot draw valid calls: {unusable})"]
        session = Exploration(target, device=device)
        try:
            session.run_samples()
            stats = session.sample_stats
            row.update(examples=stats.examples, valid=stats.valid, overloads=[_overload_row(n) for n in sorted(stats.reached)])
            row["sample_findings"] = sorted({f"{op} {inv}" for op, inv, _ in session.findings})
        except Exception as e:  # an inputs function or constructor that itself fails is reported, not hidden
            row.update(examples=0, valid=0, overloads=[], error=f"{type(e).__name__}: {(str(e).splitlines() or [''])[0][:160]}")
        if examples and dtypes:
            row["coverage"] = drawn_coverage(target, device, examples)
        rows.append(row)
    return rows


def _overload_row(name: str) -> dict:
    op = catalog.overload_from_name(name)
    return catalog.classify(op).as_json() if op is not None else {"name": name}


def format_row(row: dict) -> str:
    ops = ", ".join(f"{o['name']}[{o.get('kind', '?')}{',CIA' if o.get('composite_implicit') else ''}{',random' if o.get('random') else ''}]" for o in row["overloads"])
    tail = f"  ERROR {row['error']}" if "error" in row else ""
    cov = row.get("coverage")
    drawn = f" drawn {cov['valid']:>3} valid {cov['rejected']:>3} rejected" if cov else ""
    return f"{row['op']:<40} {row['valid']:>4}/{row['examples']:<4}{drawn} {ops}{tail}"


def summary(rows: list[dict], examples: int) -> dict:
    """Over OpInfo rows with coverage: the share reaching ``examples`` valid, and the ops rejecting over 20% of
    their draws (module rows: ``beyond_forward.module_summary``)."""
    measured = [r for r in rows if "coverage" in r and r.get("kind") != "module"]
    reached = [r for r in measured if r["coverage"]["reached_target"]]
    over = [r["op"] for r in measured if r["coverage"]["rejected_fraction"] > OVER_REJECTED]
    return {
        "opinfos_measured": len(measured),
        "reached_target": len(reached),
        "reached_fraction": round(len(reached) / len(measured), 4) if measured else 0.0,
        "target_valid": examples,
        "over_20pct_rejected": over,
    }


# ---------------------------------------------------------------- ATen rows


def aten_rows(with_opinfo: bool = True) -> list[dict]:
    by_base = {}
    if with_opinfo:
        for o in catalog.op_db():
            by_base.setdefault(o.aten_name, []).append(catalog.opinfo_id(o))
    store = validity.store()
    rows = []
    for op in registered_aten_overloads():
        name = catalog.qualified_name(op)
        base = op._schema.name.split("::", 1)[1]
        reason = why_unreachable(op)
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
