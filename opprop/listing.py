"""Rows of ``opprop list``: each OpInfo, the overloads its samples reach, how the catalog classifies them,
which generators draw its examples and, with ``examples``, how many of those the op accepted."""
from __future__ import annotations

import torch

from . import catalog, reach, runner, sources


def _probe_dtype(opinfo, device):
    dtypes = sources.supported_dtypes(opinfo, device)
    for preferred in (torch.float32, torch.int64, torch.bool):
        if preferred in dtypes:
            return [preferred]
    return dtypes[:1]


def generator_names(opinfo, device: str) -> list[str]:
    """What draws this OpInfo's examples: its mutated samples, plus edge generators of its overload."""
    from opprop.generators.opinfo import allowed_changes, edge_generators_for

    names = []
    if sources.supported_dtypes(opinfo, device):
        unusable = allowed_changes(catalog.opinfo_id(opinfo), device).unusable
        names.append(f"opinfo (cannot draw valid calls: {unusable})" if unusable else "opinfo")
    names += [g.name for g in edge_generators_for(opinfo, device)]
    return names


def opinfo_rows(device: str = "cpu", *, examples: int = 0, only=None) -> list[dict]:
    """One row per OpInfo (or per id in ``only``): reached overloads (from one dtype's samples), their
    classification, the generators, and with ``examples`` > 0 the coverage of a short drawn run."""
    rows = []
    for opinfo in catalog.op_db():
        name = catalog.opinfo_id(opinfo)
        if only is not None and name not in only:
            continue
        dtypes = sources.supported_dtypes(opinfo, device)
        row = {"op": name, "aten_name": opinfo.aten_name, "dtypes": [str(d).replace("torch.", "") for d in dtypes]}
        row["generators"] = generator_names(opinfo, device)
        if dtypes:
            try:
                stats, found = runner.run_calls(name, sources.opinfo_sample_calls(opinfo, device, _probe_dtype(opinfo, device)))
                row.update(examples=stats.examples, valid=stats.valid, overloads=[_overload_row(n) for n in sorted(stats.reached)])
                row["sample_findings"] = sorted({f"{f.aten_op} {f.invariant}" for f in found.values()})
                row["backward_overloads"] = reach.backward_only_overloads(opinfo, device, _probe_dtype(opinfo, device)[0], set(stats.reached))
            except Exception as e:  # a sample generator that itself fails is reported, not hidden
                row.update(examples=0, valid=0, overloads=[], error=f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}")
        else:
            row.update(examples=0, valid=0, overloads=[], error=f"no dtypes on {device}")
        if examples and dtypes:
            from . import opinfo_coverage

            row["coverage"] = opinfo_coverage.measure(opinfo, device, examples=examples).as_json(examples)
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
    """The issue's two coverage figures over rows with coverage: share reaching ``examples`` valid, and
    ops with more than 20% of their draws rejected."""
    measured = [r for r in rows if "coverage" in r and r.get("kind") != "module"]
    reached = [r for r in measured if r["coverage"]["reached_target"]]
    over = [r["op"] for r in measured if r["coverage"]["rejected_fraction"] > 0.2]
    return {
        "opinfos_measured": len(measured),
        "reached_target": len(reached),
        "reached_fraction": round(len(reached) / len(measured), 4) if measured else 0.0,
        "target_valid": examples,
        "over_20pct_rejected": over,
    }
