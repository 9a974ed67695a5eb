"""From a finding to a checked-in regression: its ATen call, shrunk, written as an expect file.

A finding starts shrinking from what it carries, never from a new search:
its captured ATen call (``Finding.call``) when that reproduces alone, else
its top-level call regenerated from ``Finding.replay`` (a fixed sample, or
the Hypothesis choices of its draw) and captured again. Only a report
written before findings carried either falls back to searching like
``opprop check`` (``capture.search_again``), and says so. Works straight from
a call too (a test, a custom op); either way it hands back the expect file
and the ledger record a reviewer would add.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from opprop.core import imports
from opprop.reduce import expectfile, fixes
from opprop.core.calls import Call
from opprop.reduce.capture import CaptureError, capture, failing_findings, reproduces, search_again
from opprop.inputs.choices import ReplayError
from opprop.explore.replay import replay_call
from opprop.check.findings import Finding
from opprop.core.ledger import Entry, render
from opprop.check.runner import run_call
from opprop.reduce.shrink import ShrinkError, shrink
from opprop.core.opnames import overload_from_name
from opprop.core.outcomes import OutcomeKind
from opprop.core.specs import CallSpec


@dataclasses.dataclass
class Regression:
    path: Path
    spec: CallSpec  # the shrunk ATen call
    finding: Finding  # what the shrunk call reports
    entry: Entry  # the ledger-ready record
    tries: int  # shrink candidates run
    origin: str = "a call in hand"  # where shrinking started (starting_call)

    def toml(self) -> str:
        return render([self.entry]).split("\n\n", 1)[1].strip()


def _relative(path: Path) -> str:
    rel = os.path.relpath(path.resolve(), Path.cwd())
    return str(path.resolve()) if rel.startswith("..") else rel


def from_call(call: Call, aten_op: str, invariant: str, out_dir, *, example: dict | None = None, definition: str | None = None) -> Regression:
    """``definition``: path of a module whose source registers a non-aten op; it is inlined in the repro."""
    if example is None:
        original = [f for f in run_call(call).findings if f.key == (aten_op, invariant)]
        if not original:
            raise CaptureError(f"{aten_op} / {invariant}: {call.target} does not break it")
        example = original[0].as_json()
    return from_spec(capture(call, aten_op, invariant), invariant, out_dir, example=example, definition=definition)


def from_spec(spec: CallSpec, invariant: str, out_dir, *, example: dict, definition: str | None = None,
              preamble: str = "") -> Regression:
    """Shrink an ATen call that breaks ``invariant`` alone and write its expect file.

    ``preamble``: import lines for a namespace registered by a module not inlined (an installed package's).
    """
    result = shrink(spec, invariant)
    finding = failing_findings(result.spec, invariant)[0]
    source = Path(definition).read_text() if definition else None
    fix = _proven_fix(result.spec, invariant, finding)
    path = expectfile.write(
        out_dir,
        result.spec,
        invariant,
        example=example,
        suggested=expectfile.suggested_fix(spec.op, invariant, finding.detail, finding.output_index),
        definition=source,
        definition_from=Path(definition).name if definition else "",
        preamble=preamble,
        fix=fix,
    )
    entry = Entry(aten_op=spec.op, invariant=invariant, reason="new: not yet triaged", expect=_relative(path))
    return Regression(path, result.spec, finding, entry, result.tries)



def _proven_fix(spec: CallSpec, invariant: str, finding) -> dict | None:
    """The shrunk call's proven fix for the expect file's header (``fixes``), or the reason it has none; None when proofs
    are off (``fixes.wanted``). A fix that cannot be proven never stops the file being written."""
    if not fixes.wanted():
        return None
    proof = fixes.proven_apart(lambda: fixes.for_spec(spec, invariant, finding.detail, finding.output_index))
    fix = proof.or_unverifiable(spec.op, invariant)
    return fix.header() if fix is not None else None


def _load_definition(path: str) -> None:
    """Run the module that registers a custom op (its namespace is not loaded in this process)."""
    import importlib.util
    import sys

    module_spec = importlib.util.spec_from_file_location(f"_opprop_definition_{Path(path).stem}", path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = module
    module_spec.loader.exec_module(module)


def starting_call(finding: Finding, *, device: str = "cpu", examples: int = 100, seed: int = 0) -> tuple[CallSpec, str]:
    """The ATen call shrinking starts from, and where it came from."""
    if finding.call is not None and reproduces(finding.call, finding.invariant):
        return finding.call, "its captured call"
    if finding.replay:
        try:
            call = replay_call(finding.replay, device)
        except ReplayError as e:
            raise CaptureError(f"{finding.aten_op} / {finding.invariant}: {e}") from None
        return capture(call, finding.aten_op, finding.invariant), "its replayed " + next((k.replace("crossing", "crossing call") for k in ("sample", "crossing") if k in finding.replay), "draw")
    call = search_again(finding.called_op, finding.aten_op, finding.invariant, device=device, examples=examples, seed=seed)
    why = "its captured call does not reproduce alone" if finding.call is not None else "the report predates findings that carry their call"
    return capture(call, finding.aten_op, finding.invariant), f"a new search (fallback: {why})"


def from_finding(finding: Finding, out_dir, *, device: str = "cpu", examples: int = 100, seed: int = 0, definition: str | None = None,
                 preamble: str = "", example: dict | None = None) -> Regression:
    spec, origin = starting_call(finding, device=device, examples=examples, seed=seed)
    reg = from_spec(spec, finding.invariant, out_dir, example=example or _example(finding), definition=definition, preamble=preamble)
    return dataclasses.replace(reg, origin=origin)


def _example(finding: Finding) -> dict:
    """The un-shrunk example as the expect file's provenance shows it (without the bulky captured values)."""
    return {k: v for k, v in finding.as_json().items() if k not in ("call", "replay")}


def skipped_because(finding: Finding, ledger=None, *, captured_only: bool = False) -> str | None:
    """The one findings filter of every expect-file writer: why ``finding`` gets no file, or None when it gets one."""
    if finding.invariant in {k.value for k in OutcomeKind}:  # searched for again here, a crash would kill this process
        return "not an invariant; its repro is a crash expect file (opprop report --issue)"
    if ledger is not None and ledger.match(finding) is not None:
        return "ledgered: its entry has its expect file"
    if captured_only and finding.call is None:
        return "its call could not be captured"
    return None


def write_expected(findings, out_dir, *, ledger=None, captured_only: bool = False, force: bool = False, definitions=None,
                   provenance=None, device: str = "cpu", examples: int = 100, seed: int = 0, log=print) -> list[Regression]:
    """The one route from findings to expect files: one per (aten op, invariant), for the findings ``skipped_because``
    keeps; an existing file is kept unless ``force``. ``opprop check --write-expected``, ``opprop shrink`` (which
    ``opprop fuzz --write-expected`` runs in a child, so that no op runs in the fuzz parent) and the plugin's
    ``--opprop-write-expected`` all write through it. ``definitions``: namespace -> the source registering it (a
    ``Definitions`` also names the modules a repro imports: ``imports.preamble``), loaded here when its ops are not. ``provenance``:
    (aten op, invariant) -> the un-shrunk example the file shows, where the caller knows more than the finding (the
    plugin's test and user frame)."""
    definitions = {} if definitions is None else definitions  # an empty Definitions still names the --import modules
    done: set = set()
    written = []
    for finding in findings:
        if finding.key in done:  # one file per (aten op, invariant): the first finding kept makes it
            continue
        why = skipped_because(finding, ledger, captured_only=captured_only)
        if why is not None:
            log(f"skipped {finding.aten_op} / {finding.invariant}: {why}")
            continue
        done.add(finding.key)
        target = Path(out_dir) / expectfile.file_name(*finding.key)
        if target.exists() and not force:
            log(f"kept {target} (exists; --force rewrites it)")
            continue
        namespace = finding.aten_op.split("::")[0]
        definition = definitions.get(namespace)
        if definition and overload_from_name(finding.aten_op) is None:
            _load_definition(definition)
        try:
            reg = from_finding(finding, out_dir, device=device, examples=examples, seed=seed, definition=definition,
                               preamble=imports.preamble(definitions, finding.aten_op),
                               example=(provenance or {}).get(finding.key))
        except (CaptureError, ShrinkError, expectfile.ExpectFileError, ValueError) as e:
            said = f"{finding.aten_op} / {finding.invariant}: "
            log(f"skipped {said}{str(e).removeprefix(said)}")  # (most of these errors begin with the same words)
            continue
        log(f"wrote {reg.path} ({reg.tries} shrink tries, from {reg.origin}); its ledger record:\n{reg.toml()}\n")
        written.append(reg)
    return written
