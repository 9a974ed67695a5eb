"""Upstream-ready reports for invariant findings (violations), one per root cause, as crash groups are for crashes.

Findings group by root cause: the op family (its overload packet, an
in-place ``_`` and a ScalarType suffix dropped: the six ``_cast_*`` ops are
one kernel template) and the kind of fix (``ROOT``: an output that aliases
an input shows as returns_input, use counts and undeclared_alias at once, and
one alias set or one clone fixes them all). Each group's report is built in
a forked child with a deadline, from one finding: the minimal call (its
ledger entry's expect file, else its captured call shrunk), the standalone
repro script written by ``reduce.repro`` and run in a fresh interpreter, the
proven fix (``reduce.fixes``) as a native_functions.yaml diff or the kernel
change, where public API reaches it (the ledger's ``visible`` and reason, or
the public target that found it), and the torch version and git hash.
"""
from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import tempfile
from pathlib import Path

from opprop.check import catalog, invariants
from opprop.check.findings import Finding
from opprop.core import child_process, imports
from opprop.core.specs import CallSpec
from opprop.reduce import capture, expectfile, fixes, regressions, repro, shrink
from opprop.reports import ledger_fixes

ROOT = {"returns_input": "alias", "undeclared_alias": "alias", "tensorimpl_use_count": "alias", "storageimpl_use_count": "alias",
        "view_copies": "alias", "undeclared_mutation": "mutation", "storage_replaced": "storage"}
# the finding a group's report is built from: the plainest statement of the cause first
PREFERRED = ("returns_input", "view_copies", "undeclared_alias", "undeclared_mutation", "storage_replaced",
             "storageimpl_use_count", "tensorimpl_use_count", "outer_contract")
_SCALAR_SUFFIX = re.compile(r"_(Byte|Char|Short|Int|Long|Half|Float|Double|BFloat16|Bool|ComplexFloat|ComplexDouble)$")
SHRINK_TRIES = 200  # a group's call is shrunk this far at most (an expect file's call is minimal already)
GROUP_TIMEOUT_S = 180  # one group's repro, fix and fresh-interpreter run


def family(aten_op: str) -> str:
    """``aten::_cast_Byte`` -> ``aten::_cast``; ``aten::add_.Tensor`` -> ``aten::add``."""
    name = aten_op.split(".", 1)[0]
    return _SCALAR_SUFFIX.sub("", name.rstrip("_") or name)


def contract(finding: dict) -> str:
    """The invariant a finding breaks, an outer contract's own (``returns_input``, ...)."""
    return (finding.get("detail") or {}).get("contract") or finding["invariant"] if finding["invariant"] == "outer_contract" else finding["invariant"]


def root_of(finding: dict) -> tuple:
    c = contract(finding)
    return (family(finding["aten_op"]), ROOT.get(c, c))


def violations(report: dict) -> list[dict]:
    """The report's invariant findings (crashes, hangs and internal asserts are crash groups')."""
    ids = set(invariants.ids())
    return [f for f in report.get("findings", []) if f.get("invariant") in ids]


def ledger_findings(ledger) -> list[dict]:
    """Every ledgered violation with an expect file, as the finding its expect file records (its shrunk call and detail):
    ``opprop report --issue expected/ledger.toml`` reports them all."""
    ids = set(invariants.ids())
    found = []
    for entry in ledger.entries.values():
        if entry.invariant not in ids or not entry.expect or not Path(entry.expect).exists():
            continue
        ef = expectfile.load(entry.expect)
        example = ef.meta.get("example") or {}
        found.append({"aten_op": entry.aten_op, "called_op": entry.aten_op, "invariant": entry.invariant,
                      "output_index": example.get("output_index"), "detail": example.get("detail") or {},
                      "inputs": example.get("inputs") or {}, "call": ef.meta["repro"]})
    return found


@dataclasses.dataclass
class ViolationGroup:
    root: tuple
    findings: list  # raw finding dicts, the representative first
    entry: object = None  # its ledger Entry, when known
    schema: str = ""
    spec: dict | None = None  # the repro's call (CallSpec JSON)
    script: str = ""
    ran: str = ""  # the repro's last line in a fresh interpreter
    fix: dict | None = None  # Fix.as_json()
    note: str = ""  # why a part is missing

    @property
    def first(self) -> dict:
        return self.findings[0]

    @property
    def public(self) -> str:
        """Where public API reaches it: the ledger's word, else the public target (an OpInfo) that found it."""
        if self.entry is not None and self.entry.visible:
            return self.entry.visible
        target = (self.first.get("replay") or {}).get("target") or self.first.get("called_op") or ""
        return "public_api" if target and "::" not in target and not target.startswith("aten.") else ""

    def as_json(self) -> dict:
        return {"root": list(self.root), "aten_ops": sorted({f["aten_op"] for f in self.findings}),
                "invariants": sorted({f["invariant"] for f in self.findings}), "findings": len(self.findings),
                "known": self.entry is not None, "schema": self.schema, "spec": self.spec, "script": self.script,
                "ran": self.ran, "fix": self.fix, "public": self.public, "note": self.note}


def group(findings: list[dict], ledger, *, definitions=None, log=print) -> list[ViolationGroup]:
    """One group per root cause, each with its repro, fix and fresh-interpreter run; by_design ledger entries left out."""
    if findings:
        fixes.grown.warm()  # op_db imported once, here, not in each group's forked child
    roots: dict = {}
    for f in findings:
        roots.setdefault(root_of(f), []).append(f)
    groups = []
    for root, members in sorted(roots.items()):
        members.sort(key=lambda f: (PREFERRED.index(contract(f)) if contract(f) in PREFERRED else len(PREFERRED), f["aten_op"]))
        entries = [ledger.match(Finding.from_json(f)) for f in members]
        if entries and all(e is not None and e.by_design for e in entries):
            log(f"{root[0]} ({root[1]}): by design in the ledger, no report")
            continue
        g = ViolationGroup(root, members, entry=next((e for e in entries if e is not None), None))
        _build(g, definitions, log)
        groups.append(g)
    return groups


def _build(g: ViolationGroup, definitions, log) -> None:
    for grow in (True, False):  # a neighbour or grown call may crash the op: then the fix is proven on the finding's call alone
        built = child_process.run(lambda: json.dumps(_built_or_why(g, definitions, grow)).encode(), timeout=GROUP_TIMEOUT_S)
        if built.code == 0 and built.output:
            break
    if built.code != 0 or not built.output:
        g.note = f"the repro could not be built: it {built.how or 'returned nothing'}"
    else:
        for k, v in json.loads(built.output).items():
            setattr(g, k, v)
    if g.script:
        g.ran = _fresh_run(g.script)
    log(f"{g.first['aten_op']} / {g.first['invariant']}: {len(g.findings)} finding(s); repro {g.ran or g.note}")


def _built_or_why(g: ViolationGroup, definitions, grow: bool) -> dict:
    try:
        return _built(g, definitions, grow)
    except Exception as e:  # an op whose copy or call fails in a way of its own: said in its report, never the end of the others
        return {"note": f"the repro could not be built: {type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"}


def _built(g: ViolationGroup, definitions, grow: bool = True) -> dict:
    """In a forked child: the group's minimal call, its repro script (its ledger expect file's code, else one written
    from its captured call, shrunk), its fix."""
    first = Finding.from_json(g.first)
    expect = _expect_file(g, first)
    if expect is not None:
        ledger_fixes.import_what_it_imports(expect)  # an op torch's own module registers (fsdp::, inductor::)
    op = catalog.overload_from_name(first.aten_op)
    out = {"schema": str(op._schema) if op is not None else ""}
    try:
        spec = expectfile.load(expect).repro if expect is not None else _shrunk_call(first)
    except (capture.CaptureError, shrink.ShrinkError, expectfile.ExpectFileError, ValueError) as e:
        return {**out, "note": f"no call reproduces it alone: {str(e).splitlines()[0][:200]}"}
    found = capture.failing_findings(spec, first.invariant)
    detail, output_index = (found[0].detail, found[0].output_index) if found else (first.detail, first.output_index)
    if expect is not None:
        script = _expect_code(expect)
    else:
        namespace = first.aten_op.split("::")[0]
        source = definitions.get(namespace) if definitions else None
        script = repro.emit(spec, first.invariant, definition=Path(source).read_text() if source else None,
                            definition_from=Path(source).name if source else "",
                            preamble=imports.preamble(definitions, first.aten_op))
    fix = fixes.for_spec(spec, first.invariant, detail, output_index, grow=grow, neighbours=fixes.verify.NEIGHBOURS if grow else 0)
    return {**out, "spec": spec.as_json(), "script": script, "fix": fix.as_json()}


def _expect_file(g: ViolationGroup, first: Finding) -> Path | None:
    if g.entry is not None and g.entry.expect and g.entry.key == first.key and Path(g.entry.expect).exists():
        return Path(g.entry.expect)
    return None


def _shrunk_call(first: Finding) -> CallSpec:
    spec, _ = regressions.starting_call(first, examples=20)
    return shrink.shrink(spec, first.invariant, max_tries=SHRINK_TRIES).spec


def _expect_code(path: Path) -> str:
    """An expect file's script without its header, OPPROP and EXPECTED blocks: what a maintainer runs."""
    text = path.read_text()
    tree = ast.parse(text)
    marks = {n.targets[0].id: n for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)}
    lines = text.splitlines()
    return "\n".join(lines[marks["OPPROP"].end_lineno:marks["EXPECTED"].lineno - 1]).strip() + "\n"


def _fresh_run(script: str) -> str:
    """The repro's last line, run alone in a fresh interpreter (``<invariant>: reproduces`` when it stands alone)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(script)
    try:
        done = child_process.run_script(fh.name)
        lines = (done.stdout or "").strip().splitlines()
        return lines[-1] if done.returncode == 0 and lines else f"exit {done.returncode}: {(done.stderr or '').strip()[-200:]}"
    finally:
        os.unlink(fh.name)


def title(g: ViolationGroup) -> str:
    checked = invariants.get(contract(g.first))
    return f"[CPU] {g.root[0]}: {checked.broken_when if checked else contract(g.first)}"


def render(g: ViolationGroup, *, torch_version: str, git_version: str, heading: str = "##") -> str:
    first = g.first
    lines = [f"{heading} {title(g)}", "", "### 🐛 Describe the bug", ""]
    lines.append(f"`{first['aten_op']}` breaks `{first['invariant']}`: {Finding.from_json(first).one_line()}")
    if g.schema:
        lines += ["", f"Its schema: `{g.schema}`"]
    if len(g.findings) > 1:
        lines += ["", "The same root cause shows as: " + ", ".join(sorted({f"`{f['aten_op']}` / {f['invariant']}" for f in g.findings[1:]})) + "."]
    lines += ["", _reach(g)]
    if g.script:
        lines += ["", "Minimal repro (nothing but torch" + (" and the module that registers the op" if "the op under test" in g.script else "")
                  + "; its last line says whether it still breaks):", "", "```python", g.script.rstrip(), "```", "",
                  f"Run alone in a fresh interpreter, it ends: `{g.ran}`"]
    else:
        lines += ["", f"_No repro: {g.note}_"]
    if g.fix:
        fix = fixes.Fix.from_json(g.fix)
        lines += ["", "### Proposed fix", "", f"{fix.one_line()} (proven on a scratch copy of the op: {fix.calls} call(s) that break it, "
                  f"{fix.grown} grown call(s))", "", "```diff", fix.diff() or "(none)", "```"]
        if fix.note:
            lines.append(f"Note: {fix.note}")
    lines += ["", "### Versions", "", f"torch {torch_version} (git {git_version})", "",
              f"Found by opprop; {len(g.findings)} finding(s) in this group" + (" (known: in opprop's ledger)." if g.entry is not None else "."), ""]
    return "\n".join(lines)


def _reach(g: ViolationGroup) -> str:
    if g.entry is not None:
        return f"Reached from: `{g.entry.visible or 'unknown'}` (opprop's ledger: {g.entry.reason})"
    target = (g.first.get("replay") or {}).get("target") or g.first.get("called_op") or g.first["aten_op"]
    if g.public:
        return f"Reached from public API: the OpInfo `{target}` (a public torch function) made the call."
    return f"Reached by a direct call of the overload (found through `{target}`); no public entry point found."


def render_all(groups: list[ViolationGroup], *, torch_version: str, git_version: str, heading: str = "##") -> str:
    """Every group's report, public ones first, then new before known."""
    ordered = sorted(groups, key=lambda g: (g.public != "public_api", g.entry is not None, g.root))
    return "\n".join(render(g, torch_version=torch_version, git_version=git_version, heading=heading) for g in ordered)
