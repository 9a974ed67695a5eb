"""Every ledgered violation with its proven fix: the expect file's shrunk call replayed against a corrected copy of the op.

(A run's new, unledgered findings get theirs from ``reduce.fixes.for_new_findings``.)

The fix is computed here, on the fly, from the expect file (its repro call,
its finding's detail), never stored in the ledger: it is proven on the torch
that runs it. An op another module registers (``fsdp::``, ``inductor::``)
is made available by running the expect file's own top-level imports.
"""
from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path

from opprop.core import ledger as ledger_mod
from opprop.core.outcomes import OutcomeKind
from opprop.reduce import expectfile, fixes


# What an entry with no proof gets instead of a verdict of reduce/fixes (VERDICTS), and why no proof runs.
KERNEL_CHECK = "kernel check"  # a crash, internal assert or hang: the kernel must reject the repro's input; no copy can prove that
BY_DESIGN = "by design"  # no expect file, accepted for good: no fix is wanted
NOT_REPRODUCED = "not reproduced"  # no expect file, and no call reproduces it alone (a transient count)
_SAME_AS = re.compile(r"same (?:root cause )?as ([\w:.]+) / (\w+)")  # the reason's pointer to the entry whose fix removes it


@dataclasses.dataclass
class EntryFix:
    entry: ledger_mod.Entry
    fix: fixes.Fix | None
    problem: str = ""  # why no fix could be computed (no expect file, an op that does not load)
    status: str = ""  # the verdict when no proof ran (KERNEL_CHECK, BY_DESIGN, NOT_REPRODUCED); "" otherwise
    via: str = ""  # the entry (op / invariant) whose expect file proved this one's fix: the same root cause

    @property
    def verdict(self) -> str:
        return self.fix.verdict if self.fix is not None else self.status or "no fix"

    def one_line(self) -> str:
        design = " (by design)" if self.entry.by_design else ""
        head = f"{self.entry.aten_op} / {self.entry.invariant}{design}"
        if self.fix is None:
            return f"{head}: fix: none [{self.verdict}: {self.problem}]"
        via = f" (the fix of {self.via}, the same root cause)" if self.via else ""
        return f"{head}: {self.fix.one_line()}{via}"

    def as_json(self) -> dict:
        return {"aten_op": self.entry.aten_op, "invariant": self.entry.invariant, "by_design": self.entry.by_design,
                "expect": self.entry.expect, "verdict": self.verdict, "fix": self.fix.as_json() if self.fix else None, "problem": self.problem,
                "via": self.via}


def import_what_it_imports(path: Path) -> None:
    """The expect file's own top-level ``import`` statements (torch's modules that register its op)."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                try:
                    importlib.import_module(alias.name)
                except ImportError:
                    pass


def for_expect_file(path, *, neighbours: int = fixes.verify.NEIGHBOURS, grow: bool = True) -> fixes.Fix | None:
    """The fix for one invariant expect file, proven on its shrunk call and that call's neighbours (and grown calls)."""
    ef = expectfile.load(path)
    import_what_it_imports(ef.path)
    example = ef.meta.get("example") or {}
    return fixes.for_spec(ef.repro, ef.meta["invariant"], example.get("detail") or {}, example.get("output_index"), neighbours=neighbours, grow=grow)


def for_entry(entry: ledger_mod.Entry, root: Path = Path("."), ledger: ledger_mod.Ledger | None = None) -> EntryFix:
    """The entry's fix, proven in a forked child (a neighbour or grown call of a crashing op's may crash too: then on the
    finding's call alone, and the fix's ``grown`` count says 0). An entry with no expect file whose reason names the
    entry of its root cause (``same as OP / INVARIANT``) gets that entry's fix, proven on that one's expect file."""
    if entry.invariant in tuple(OutcomeKind):  # a crash, internal assert or hang: not an invariant
        return EntryFix(entry, None, f"a {entry.invariant}, not an alias: the kernel needs the argument check its repro shows "
                        "missing (opprop report --issue); no copy of the op can prove a check inside its kernel", KERNEL_CHECK)
    if not entry.expect:
        same = _SAME_AS.search(entry.reason)
        other = ledger.get(*same.groups()) if same and ledger is not None else None
        if other is not None and other.expect and other is not entry:
            found = for_entry(other, root, ledger)
            return dataclasses.replace(found, entry=entry, via=f"{other.aten_op} / {other.invariant}")
        if entry.by_design:
            return EntryFix(entry, None, "no expect file, and no fix wanted: " + entry.reason.split(";")[0].split(". ")[0], BY_DESIGN)
        if entry.reason.startswith("transient"):
            return EntryFix(entry, None, "no expect file: no call reproduces it alone (" + entry.reason.split(":")[0] + ")", NOT_REPRODUCED)
        return EntryFix(entry, None, "the entry has no expect file")
    path = root / entry.expect
    proof = None
    for neighbours, grow in ((fixes.verify.NEIGHBOURS, True), (0, False)):
        proof = fixes.proven_apart(lambda: for_expect_file(path, neighbours=neighbours, grow=grow))
        if proof.failed.startswith("raised "):  # the expect file or the op's copy fails: no smaller proof helps
            return EntryFix(entry, None, proof.failed.removeprefix("raised "))
        if not proof.failed and proof.fix is not None:
            return EntryFix(entry, proof.fix)
    return EntryFix(entry, None, f"the proof {proof.failed or 'proposed no fix'}, with and without neighbours and grown calls")


def counts(fixed: list[EntryFix]) -> dict:
    """Verdicts, and how many verified fixes are a kernel change with no schema fix."""
    found: dict = {}
    for f in fixed:
        found[f.verdict] = found.get(f.verdict, 0) + 1
    found["no-schema (kernel change only)"] = sum(1 for f in fixed if f.fix is not None and f.fix.no_schema)
    return found
