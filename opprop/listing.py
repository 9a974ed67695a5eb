"""Rows of ``opprop list``: each OpInfo, the overloads its samples reach, and how the catalog classifies them."""
from __future__ import annotations

import torch

from . import catalog, runner, sources


def _probe_dtype(opinfo, device):
    dtypes = sources.supported_dtypes(opinfo, device)
    for preferred in (torch.float32, torch.int64, torch.bool):
        if preferred in dtypes:
            return [preferred]
    return dtypes[:1]


def opinfo_rows(device: str = "cpu") -> list[dict]:
    """One row per OpInfo: reached overloads (from one dtype's samples) and their classification."""
    rows = []
    for opinfo in catalog.op_db():
        name = catalog.opinfo_id(opinfo)
        dtypes = sources.supported_dtypes(opinfo, device)
        row = {"op": name, "aten_name": opinfo.aten_name, "dtypes": [str(d).replace("torch.", "") for d in dtypes]}
        if dtypes:
            try:
                stats, _ = runner.run_calls(name, sources.opinfo_sample_calls(opinfo, device, _probe_dtype(opinfo, device)))
                row.update(examples=stats.examples, valid=stats.valid, overloads=[_overload_row(n) for n in sorted(stats.reached)])
            except Exception as e:  # a sample generator that itself fails is reported, not hidden
                row.update(examples=0, valid=0, overloads=[], error=f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
        else:
            row.update(examples=0, valid=0, overloads=[], error=f"no dtypes on {device}")
        rows.append(row)
    return rows


def _overload_row(name: str) -> dict:
    op = catalog.overload_from_name(name)
    return catalog.classify(op).as_json() if op is not None else {"name": name}


def format_row(row: dict) -> str:
    ops = ", ".join(f"{o['name']}[{o.get('kind', '?')}{',CIA' if o.get('composite_implicit') else ''}{',random' if o.get('random') else ''}]" for o in row["overloads"])
    tail = f"  ERROR {row['error']}" if "error" in row else ""
    return f"{row['op']:<40} {row['valid']:>4}/{row['examples']:<4} {ops}{tail}"
