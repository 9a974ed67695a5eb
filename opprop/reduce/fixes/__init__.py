"""A proven fix for a finding: the corrected schema re-registered and re-checked, or the kernel change, with its verdict.

``propose`` tries each candidate (``proposal.candidates``, a schema edit
first) on a scratch copy of the op (``scratch``, ``verify``) and returns the
first that is verified; when none is, the most wanted one, refuted, saying
which finding remained. It runs only when asked, for a finding in hand:
nothing here runs on a call without one.
"""
from __future__ import annotations

import dataclasses
import json
import os
from typing import Callable

import torch

from opprop.check import catalog
from opprop.core import child_process
from opprop.core.specs import CallSpec
from opprop.inputs.choices import ReplayError
from opprop.reduce.fixes import grown, proposal, schema_edit, verify

VERDICTS = ("verified", "refuted", "unverifiable", "no fix")
WIDENINGS = 3  # further arguments a schema edit may annotate when the same invariant still names one


@dataclasses.dataclass(frozen=True)
class Fix:
    aten_op: str
    invariant: str
    original: str  # the op's schema now
    schema: str  # the proposed schema ("" when it stays as it is)
    kernel: str  # the kernel change in words ("" when the schema edit alone fixes it)
    note: str
    verdict: str  # one of VERDICTS
    why: str = ""  # refuted: the finding that remained; unverifiable: what stopped the proof
    calls: int = 0  # calls that break it the copy was checked on
    grown: int = 0  # further calls (grown, the op's own samples and draws) on which the copy did as the original did

    @property
    def no_schema(self) -> bool:
        """A kernel change alone: no schema can describe what the kernel does."""
        return not self.schema and bool(self.kernel)

    def text(self) -> str:
        parts = [self.schema] if self.schema else []
        if self.kernel:
            parts.append(f"kernel: {self.kernel}")
        return "; ".join(parts) or "none found"

    def one_line(self) -> str:
        """``fix: aten::X(Tensor(a) self) -> Tensor(a) [verified]``."""
        why = f": {self.why}" if self.why and self.verdict != "verified" else ""
        return f"fix: {self.text()} [{self.verdict}{why}]"

    def diff(self) -> str:
        """The change to file upstream: native_functions.yaml's line, and the kernel's."""
        lines = [schema_edit.yaml_diff(self.original, self.schema)] if self.schema else []
        if self.kernel:
            lines.append(f"kernel: {self.kernel}")
        return "\n".join(lines)

    def header(self) -> dict:
        """What an expect file's header records of it (``expectfile.write``'s ``fix``)."""
        return {"fix": self.text(), "verdict": self.verdict, "why": self.why, "diff": self.diff()}

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> "Fix":
        return cls(**{f.name: d[f.name] for f in dataclasses.fields(cls) if f.name in d})


PROOF_TIMEOUT_S = 120  # one fix proof's deadline, in its forked child (a fuzz run's parent gives each less: commands/fuzz.py)


def wanted() -> bool:
    """Whether new findings get their fix proven (``OPPROP_FIXES=0``: not, as in a CI job that only wants findings)."""
    return os.environ.get("OPPROP_FIXES", "1") != "0"


def propose(op, invariant: str, detail: dict, output_index, specs, grown_calls=()) -> Fix:
    """The first candidate the copy verifies on ``specs`` (the finding's call first, then its neighbours) and on
    ``grown_calls`` (``grown``), or the best one refuted: a schema edit refuted on a grown call gives way to the kernel
    change (a clone on the early-return path) when that one holds everywhere."""
    specs = [s for s in specs if s is not None]
    first = specs[0] if specs else None
    relation_of = proposal.relations(op, first)
    name = catalog.qualified_name(op)
    original = str(op._schema)
    found = proposal.candidates(op, invariant, detail, output_index, relation_of)
    if not found:
        return Fix(name, invariant, original, "", "", "", "no fix", "no candidate for this finding")
    contract = detail.get("contract") if invariant == "outer_contract" else None
    tried = []
    for candidate in found:
        for _ in range(1 + WIDENINGS):
            verdict = verify.verify(op, candidate.schema, candidate.change, candidate.targets, invariant, specs, contract=contract,
                                    grown=grown_calls) if specs \
                else verify.Verdict("unverifiable", "the finding carries no call to replay")
            wider = proposal.widened(op, candidate, invariant, verdict.remaining, verdict.remaining_output) if verdict.remaining else None
            if wider is None:
                break
            candidate = wider  # the same invariant on another argument: that one annotated as well, and proven again
        tried.append((candidate, verdict))
        if verdict.verdict == "verified":
            break
    # verified first; else, when the schema edit is refuted, a kernel change that no call refutes (one no wrapper emulates)
    unrefuted = [(c, v) for c, v in tried if v.verdict == "unverifiable" and c.kernel] if tried[0][1].verdict == "refuted" else []
    candidate, verdict = next(((c, v) for c, v in tried if v.verdict == "verified"), unrefuted[0] if unrefuted else tried[0])
    schema = candidate.schema if candidate.schema != original else ""
    note = candidate.note
    first, first_verdict = tried[0]
    if candidate is not first and first.schema != original and first_verdict.verdict == "refuted":  # say why no schema edit
        note = "; ".join(n for n in (note, f"the schema edit {first.schema} is refuted: {first_verdict.why}") if n)
    return Fix(name, invariant, original, schema, candidate.kernel, note, verdict.verdict, verdict.why, verdict.calls, verdict.grown)


def for_spec(spec: CallSpec, invariant: str, detail: dict, output_index, *, neighbours: int = verify.NEIGHBOURS, grow: bool = True) -> Fix:
    """The fix for a finding on ``spec``'s call (an expect file's repro, a finding's captured call), its neighbours replayed
    too, and (``grow``) the call grown and the op's own samples and draws."""
    more = [*grown.larger(spec), *grown.drawn(spec.overload)] if grow else []
    return propose(spec.overload, invariant, detail, output_index, [spec, *verify.neighbours(spec, neighbours)], more)


def for_finding(finding) -> Fix | None:
    """The fix for a ``check.findings.Finding`` (None for crashes, hangs and internal asserts)."""
    op = catalog.overload_from_name(finding.aten_op)
    if op is None or finding.invariant not in catalog_invariants():
        return None
    spec = finding.call if finding.call is not None else _replayed(finding)
    if spec is None:
        return propose(op, finding.invariant, finding.detail, finding.output_index, [])
    return for_spec(spec, finding.invariant, finding.detail, finding.output_index)


def _replayed(finding) -> CallSpec | None:
    """The ATen call that breaks the invariant, captured from the finding's call made again from its ``replay``: for a
    finding that carries no captured call (the native engine keeps none), as an expect file's starting call is found;
    None when it cannot be made again or does not break it then."""
    if not finding.replay:
        return None
    from opprop.explore.replay import replay_call
    from opprop.reduce.capture import CaptureError, capture

    try:
        return capture(replay_call(finding.replay), finding.aten_op, finding.invariant)
    except (CaptureError, ReplayError):
        return None


@dataclasses.dataclass(frozen=True)
class Proof:
    """How a proof run apart ended: its fix (None: none proposed), or why it gave none ("" when it ended)."""

    fix: Fix | None
    failed: str = ""  # "timed out after 120 s", "died with SIGSEGV", "raised ValueError: ..."

    def or_unverifiable(self, aten_op: str, invariant: str) -> Fix | None:
        """The fix; for a proof that did not end, an unverifiable Fix that says how it ended."""
        if not self.failed:
            return self.fix
        return Fix(aten_op, invariant, "", "", "", "", "unverifiable", f"the proof {self.failed}")


def proven_apart(prove: Callable[[], "Fix | None"], *, timeout: float = PROOF_TIMEOUT_S) -> Proof:
    """``prove()`` run in a forked child within ``timeout`` seconds: the one way every fix is proven, since a neighbour or
    a grown call of the finding's may crash or hang, and the scratch op it registers is not the caller's to keep. A
    process where CUDA is initialized (a forked child cannot use it) or that cannot fork proves it here, untimed."""
    if not hasattr(os, "fork") or torch.cuda.is_initialized():
        return _decoded(_proven(prove))
    ended = child_process.run(lambda: json.dumps(_proven(prove)).encode(), timeout=timeout)
    if ended.code == 0 and ended.output:
        return _decoded(json.loads(ended.output))
    return Proof(None, ended.how or "returned nothing")


def warm_parent() -> None:
    """In opprop's own commands, before they fork proofs: what each proof imports (op_db, Hypothesis's first-test
    setup), done once in the parent instead of in every child (a second each). Never in a user's process (a
    ``checking()`` finding's ``fix``, the pytest plugin's expect files): importing op_db there is a side effect."""
    if wanted():
        grown.warm()


def _proven(prove) -> dict:
    try:
        fix = prove()
    except Exception as e:  # an op whose copy or call fails in a way of its own: said, never a crash of the caller
        first = str(e).splitlines()[0][:200] if str(e) else ""
        return {"raised": f"{type(e).__name__}: {first}"}
    return {"fix": fix.as_json() if fix is not None else None}


def _decoded(proven: dict) -> Proof:
    if "raised" in proven:
        return Proof(None, "raised " + proven["raised"])
    return Proof(Fix.from_json(proven["fix"]) if proven["fix"] is not None else None)


def key(finding) -> tuple:
    """Which fix a finding (a ``Finding`` or its JSON) shares: one per op, invariant and output."""
    if isinstance(finding, dict):
        return finding["aten_op"], finding["invariant"], finding.get("output_index")
    return finding.aten_op, finding.invariant, finding.output_index


def for_new_findings(found, *, timeout: float = PROOF_TIMEOUT_S, budget: float | None = None, log=print) -> dict:
    """Each new (unledgered) invariant finding's fix, proven apart and printed beside it: ``key`` -> Fix.

    Each proof has ``timeout`` seconds; past ``budget`` seconds in all, the rest are said not computed (a fuzz run's
    parent, after the sweep). Nothing runs for a finding the ledger knows, or for a crash or hang."""
    import time

    from opprop.core import ledger

    known, ids, proving = ledger.load_or_empty(), catalog_invariants(), wanted()
    end = None if budget is None else time.monotonic() + budget
    fixed: dict = {}
    for f in found:
        if f.invariant not in ids or key(f) in fixed or known.match(f) is not None:
            continue
        if not proving:
            log(f"  {f.aten_op} / {f.invariant}: fix: not computed (OPPROP_FIXES=0)")
            continue
        if end is not None and time.monotonic() > end:
            log(f"  {f.aten_op} / {f.invariant}: fix: not computed (the fixes' {budget:g} s ran out)")
            continue
        warm_parent()
        fix = proven_apart(lambda: for_finding(f), timeout=timeout).or_unverifiable(f.aten_op, f.invariant)
        if fix is not None:
            fixed[key(f)] = fix
            log(f"  {f.aten_op} / {f.invariant}: {fix.one_line()}")
    return fixed


def attach(report_findings: list, fixed: dict) -> None:
    """Each report finding (JSON) whose key has a fix carries it, as ``fix``."""
    for f in report_findings:
        if key(f) in fixed:
            f["fix"] = fixed[key(f)].as_json()


def catalog_invariants() -> tuple:
    from opprop.check import invariants

    return invariants.ids()
