"""Reports built from the journal alone: the JSON report and the Markdown summary for a CI job page."""
from __future__ import annotations

from opprop.reports import report as core_report
from opprop.reports import modes_table, tested
from opprop.check.findings import Finding
from opprop.check.runner import OpStats
from opprop.core.outcomes import CRASH_KINDS, OutcomeKind
from opprop.fuzz.messages import Found, OpDone, Record, Run, joined

POOR_COVERAGE_VALID = 5  # an op with fewer valid examples than this was barely tested


def _finding_key(f: Finding) -> tuple:
    """One report finding per (op, invariant, output), and per way of dying for crashes: a target resumed after one
    crash (``pool``) may die of another fault of the same op."""
    how = (f.detail.get("signal") or f.detail.get("exit_code")) if f.invariant == OutcomeKind.CRASH and isinstance(f.detail, dict) else None
    return (f.aten_op, f.invariant, f.output_index, how)


def build_report(records: list[Record], *, device: str = "cpu") -> dict:
    run = next((r for r in records if isinstance(r, Run)), Run())
    findings: dict = {}
    replay: dict = {}
    for r in records:
        if isinstance(r, Found):
            f = Finding.from_json(r.finding)
            k = _finding_key(f)
            if k not in findings:
                findings[k] = f
                if r.replay:
                    replay[k] = {**r.replay, "target": r.target, "example": r.example}
    ops: dict = {}
    for r in records:
        if isinstance(r, OpDone):
            ops[r.target] = joined(ops[r.target], r) if r.target in ops else r  # a target's shares in later rounds, as one
            for s in r.shrunk or []:  # the minimal input Hypothesis shrank it to
                f = Finding.from_json(s)
                k = _finding_key(f)
                if k in findings and findings[k].called_op == f.called_op:
                    findings[k] = f
    for t in run.targets:
        ops.setdefault(t, OpDone(target=t, status="not_run", stats={"name": t, "examples": 0}))
    found = sorted(findings.values(), key=lambda f: (f.aten_op, f.invariant, f.output_index if f.output_index is not None else -1))
    private_asserts = [f for f in found if is_private_assert(f)]
    found = [f for f in found if not is_private_assert(f)]
    coverage = []
    for t, r in ops.items():
        s = r.stats or {}
        coverage.append({
            "name": t,
            "status": r.status,
            "budget_s": r.budget,
            "seconds": r.seconds,
            "examples": s.get("examples", 0),
            "valid": s.get("valid", 0),
            "valid_rate": round(s.get("valid", 0) / s["examples"], 4) if s.get("examples") else None,
            "errors": s.get("errors", 0),
            "reached": s.get("reached", []),
            "error_kinds": s.get("error_kinds", {}),
            "tested": tested.as_json(s.get("valid", 0), s.get("examples", 0), s.get("error_kinds")),
            "internal_errors": s.get("internal_errors", {}),
            "first_seen_at_example": r.first_seen or {},
            "modes": r.modes or {},
            **({"error": r.error} if r.error else {}),
            **({"hypothesis_error": r.hypothesis_error} if r.hypothesis_error else {}),
        })
    crashes = [{**f.as_json(), "replay": replay.get(_finding_key(f))} for f in found if f.invariant == OutcomeKind.CRASH]
    hangs = [{**f.as_json(), "replay": replay.get(_finding_key(f))} for f in found if f.invariant == OutcomeKind.HANG]
    rep = core_report.build(found, [], run.device or device,
                            budget_s=run.budget, jobs=run.jobs, shard=run.shard, seed=run.seed,
                            database=run.database, skipped_generators=run.skipped,
                            crashes=crashes, hangs=hangs)
    rep["ops"] = coverage
    rep["private_internal_asserts"] = [f.as_json() for f in private_asserts]
    from opprop.fuzz.aten_coverage import aten_coverage

    aten = aten_coverage(coverage, run.targets)
    if aten is not None:
        rep["aten_coverage"] = aten
    if run.torch_version:
        rep["torch_version"] = run.torch_version
    if run.namespaces:
        rep["namespaces"] = run.namespaces  # every namespace beside aten: its targets, or why it was left out
    if run.corpus:
        rep["corpus"] = run.corpus  # what the run started from: --corpus DIR, or the shipped seed (opprop fuzz --no-seed: none)
    if run.imports:
        rep["imports"] = run.imports  # the run's --import modules: its crash repros import them too
    return rep


def untested_ops(rep: dict) -> list[dict]:
    """The op rows that ran without one valid example: their "0 findings" says nothing (listed first)."""
    return sorted((o for o in rep["ops"] if o["status"] != "not_run" and o.get("valid", 0) == 0), key=lambda o: o["name"])


def render_untested(untested: list[dict]) -> list[str]:
    """The summary's first section: targets that ran but were never validly called, each with its top rejections."""
    lines = [f"## Not tested: no valid example ({len(untested)})",
             "These ran, but the op rejected every input: no finding here is no evidence that they are clean."]
    for o in untested:
        why = o.get("error") or "; ".join(f"{e} ({c}x)" for e, c in tested.top_rejections(o.get("error_kinds"))) or o["status"]
        lines.append(f"- `{o['name']}`: 0/{o.get('examples', 0)} valid ({why})")
    if not untested:
        lines.append("none")
    return lines + [""]


def is_private_assert(f: Finding) -> bool:
    """An internal assert in a schema draw of a private overload: reported apart (its preconditions are the caller's job)."""
    return f.invariant == OutcomeKind.INTERNAL_ASSERT and bool((f.detail or {}).get("private"))


def render_private_internal_asserts(rep: dict) -> list[str]:
    """The summary section for internal asserts that schema draws hit in private overloads."""
    found = [Finding.from_json(f) for f in rep.get("private_internal_asserts", [])]
    lines = [f"## Internal asserts in private overloads, from schema draws ({len(found)})",
             "Drawn from the schema alone: a private overload trusts its callers to check its preconditions, "
             "so these may be inputs no public entry point passes. No expect file: an assert has no invariant to shrink against."]
    lines += [f"- `{f.aten_op}`: {f.detail.get('error', '')} via `{f.one_line().split(' via ', 1)[-1]}`" for f in found] or ["none"]
    return lines + [""]


def reached_ops(rep: dict) -> set:
    return {name for op in rep["ops"] for name in op.get("reached", [])}


def _key(f: dict) -> tuple:
    return (f["aten_op"], f["invariant"])


def _why_no_expect_file(f) -> str:
    """Why ``--write-expected`` writes no ownership expect file for this finding, or "" when it shrinks it."""
    if f.invariant in tuple(OutcomeKind):
        return (" (no expect file from --write-expected: it kills or stops the call rather than breaking an invariant; "
                "`opprop report --issue` shrinks crashes and internal asserts, each candidate in a forked child)")
    return ""


def render_markdown(rep: dict, ledger, baseline: dict | None = None) -> str:
    findings = [Finding.from_json(f) for f in rep["findings"]]
    new, known = ledger.split(findings)
    found_keys = {f.key for f in findings}

    # A crash entry is checked by replaying its repro (opprop replay), not by a run that happened not to draw the crashing input.
    fixed = [e for e in ledger.stale(found_keys, reached_ops(rep)) if e.invariant not in CRASH_KINDS]
    ops = rep["ops"]
    ran = [o for o in ops if o["status"] not in ("not_run",)]
    poor = [o for o in ran if o.get("valid", 0) < POOR_COVERAGE_VALID]
    untested = untested_ops(rep)
    lines = [f"# opprop fuzz: {len(findings)} finding(s) over {len(ran)}/{len(ops)} ops, {len(untested)} not tested", ""]
    lines.append(f"torch {rep.get('torch_version')}, {rep.get('device')}, budget {rep.get('budget_s')} s, jobs {rep.get('jobs')}, shard {rep.get('shard')}, "
                 f"{sum(o.get('examples', 0) for o in ops)} examples")
    if rep.get("corpus"):
        lines.append(f"Started from {rep['corpus']['about']}" + (" (--no-seed turns it off)" if rep["corpus"].get("seed") else ""))
    lines.append("")
    lines += render_untested(untested)
    lines.append(f"## New findings ({len(new)})")
    lines += [f"- `{f.one_line()}`" + _why_no_expect_file(f) for f in new] or ["none"]
    lines.append("")
    lines += render_private_internal_asserts(rep)
    internal = [(o["name"], line, n) for o in ops for line, n in (o.get("internal_errors") or {}).items()]
    if internal:  # opprop's own failures: those calls ran unchecked
        lines.append(f"## opprop internal errors: calls that ran unchecked ({sum(n for _, _, n in internal)})")
        lines += [f"- `{name}`: {n} call(s): {line}" for name, line, n in internal]
        lines.append("")
    lines.append(f"## Still present, ledgered ({len(known)})")
    for f in known:
        e = ledger.match(f)
        lines.append(f"- `{f.aten_op}` {f.invariant}: {e.reason}")
    if not known:
        lines.append("none")
    lines.append("")
    lines.append(f"## Fixed: ledgered, op reached, did not reproduce ({len(fixed)})")
    lines += [f"- `{e.aten_op}` {e.invariant}" for e in fixed] or ["none"]
    lines.append("")
    lines += render_crash_groups(rep)
    if baseline is not None:
        before = {_key(f) for f in baseline.get("findings", [])}
        now = {_key(f) for f in rep["findings"]}
        lines.append("## Changed since the baseline")
        appeared, gone = sorted(now - before), sorted(before - now)
        lines += [f"- appeared: `{a}` {i}" for a, i in appeared]
        lines += [f"- gone: `{a}` {i}" for a, i in gone]
        if not appeared and not gone:
            lines.append("no change")
        lines.append("")
    aten = rep.get("aten_coverage")
    if aten is not None:
        lines.append("## ATen coverage")
        lines.append(f"{aten['reached']} of {aten['eligible']} eligible ATen overloads ({aten['reached_fraction']:.1%}) reached "
                     f"{aten['examples_needed']} valid examples of their own target; valid-example rate over those {aten['valid_rate_reached']:.1%}. "
                     "Unreached, with why:")
        lines += [f"- `{u['name']}`: {u['valid']}/{u['examples']} valid ({u['why']})" for u in aten["unreached"]] or ["none"]
        lines.append("")
    lines += render_namespaces(rep)
    lines.append(f"## Poor coverage: fewer than {POOR_COVERAGE_VALID} valid examples ({len(poor)})")
    for o in sorted(poor, key=lambda o: o["name"]):
        why = o.get("error") or next(iter(o.get("error_kinds") or {}), "") or o["status"]
        lines.append(f"- `{o['name']}`: {o.get('valid', 0)}/{o.get('examples', 0)} valid ({why})")
    if not poor:
        lines.append("none")
    lines.append("")
    lines += modes_table.render(ran)
    not_run = [o["name"] for o in ops if o["status"] == "not_run"]
    if not_run:
        lines += ["", f"## Not run: the budget ran out first ({len(not_run)})", ", ".join(f"`{n}`" for n in not_run)]
    return "\n".join(lines) + "\n"


def render_namespaces(rep: dict) -> list[str]:
    """The namespaces beside aten: how many targets each gave the sweep, and each one left out with why."""
    rows = rep.get("namespaces")
    if not rows:
        return []
    lines = ["## Namespaces beside aten", "",
             "Targets: overloads the schema can drive (as ATen's). Left out only by opprop/data/namespaces.toml, with its reason.", ""]
    lines += [f"- `{r['namespace']}::` {r['targets']} of {r['registered']} overloads" + (f"; excluded: {r['excluded']}" if r["excluded"] else "")
              for r in rows]
    return lines + [""]


def render_crash_groups(rep: dict) -> list[str]:
    """One row per crash group, public first, then each group's upstream-ready report.

    Groups come from ``opprop report --issue`` (the report's ``crash_groups``);
    a report without them groups its raw crash findings by (op, signal) and
    says how to shrink them.
    """
    from opprop.reports import crash_groups, issue_report

    raw = crash_groups.crash_findings(rep)
    if not raw and not rep.get("crash_groups"):
        return []
    if rep.get("crash_groups") is None:
        counts: dict = {}
        for f in raw:
            key = (f["aten_op"], (f.get("detail") or {}).get("signal") or f["invariant"])
            counts[key] = counts.get(key, 0) + 1
        lines = [f"## Crash groups, not yet shrunk ({len(counts)} by op and signal, {len(raw)} raw crash finding(s))",
                 f"`opprop report --issue {rep.get('journal') or 'REPORT.json'}` rebuilds, shrinks, groups and reports them.", "",
                 "| op | signal | raw findings |", "| --- | --- | --- |"]
        lines += [f"| `{op}` | {sig} | {n} |" for (op, sig), n in sorted(counts.items())]
        return lines + [""]
    groups = sorted((crash_groups.CrashGroup.from_json(g) for g in rep["crash_groups"]), key=lambda g: g.sort_key)
    absorbed = sum(len(g.findings) for g in groups)
    lines = [f"## Crash groups ({len(groups)} from {absorbed} raw crash finding(s), public first)", "",
             "| op it dies in | how | native frame | public entry point | smallest repro | raw findings |", "| --- | --- | --- | --- | --- | --- |"]
    for g in groups:
        how = g.outcome.what if g.outcome.kind == "signal" else f"{g.outcome.kind}: {g.outcome.what}"
        repro = f"`{g.path}`" if g.path else g.note
        public = g.public or ("private overload only" if g.spec is not None else "unknown (no repro)")
        if g.public and g.public_run:
            public += f": {g.public_run}" if g.reached else f", which {g.public_run} (private overload only)"
        cells = [f"`{g.op}`", how, f"`{g.frame}`" if g.frame else "", public, repro, str(len(g.findings))]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += ["", "### Upstream-ready reports", "",
              issue_report.render_all(groups, torch_version=rep.get("torch_version"), git_version=rep.get("torch_git_version"), heading="####"), ""]
    return lines
