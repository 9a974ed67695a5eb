"""From a finding to a checked-in regression: locate its call, capture the ATen call, shrink, write the expect file.

Works from a report's finding (re-finding the call the way ``opprop check``
does) or straight from a call (a test, a custom op); either way it hands
back the expect file and the ledger record a reviewer would add.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from . import expectfile
from .calls import Call
from .capture import CaptureError, capture, failing_findings, locate
from .findings import Finding
from .ledger import Entry
from .runner import run_call
from .shrink import ShrinkError, shrink
from .specs import CallSpec


@dataclasses.dataclass
class Regression:
    path: Path
    spec: CallSpec  # the shrunk ATen call
    finding: Finding  # what the shrunk call reports
    entry: Entry  # the ledger-ready record
    tries: int  # shrink candidates run

    def toml(self) -> str:
        from .ledger import render

        return render([self.entry]).split("\n\n", 1)[1].strip()


def _relative(path: Path) -> str:
    rel = os.path.relpath(path.resolve(), Path.cwd())
    return str(path.resolve()) if rel.startswith("..") else rel


def from_call(call: Call, aten_op: str, invariant: str, out_dir, *, example: dict | None = None, definition: str | None = None) -> Regression:
    """``definition``: path of a module whose source registers a non-aten op; it is inlined in the repro."""
    if example is None:
        original = [f for f in run_call(call, snapshot_data="all").findings if f.key == (aten_op, invariant)]
        if not original:
            raise CaptureError(f"{aten_op} / {invariant}: {call.target} does not break it")
        example = original[0].as_json()
    spec = capture(call, aten_op, invariant)
    result = shrink(spec, invariant)
    finding = failing_findings(result.spec, invariant)[0]
    source = Path(definition).read_text() if definition else None
    path = expectfile.write(
        out_dir,
        result.spec,
        invariant,
        example=example,
        suggested=expectfile.suggested_fix(aten_op, invariant, finding.detail, finding.output_index),
        definition=source,
        definition_from=Path(definition).name if definition else "",
    )
    entry = Entry(aten_op=aten_op, invariant=invariant, reason="new: not yet triaged", expect=_relative(path))
    return Regression(path, result.spec, finding, entry, result.tries)


def from_finding(finding: Finding, out_dir, *, device: str = "cpu", examples: int = 100, seed: int = 0, definition: str | None = None) -> Regression:
    call = locate(finding.called_op, finding.aten_op, finding.invariant, device=device, examples=examples, seed=seed)
    return from_call(call, finding.aten_op, finding.invariant, out_dir, example=finding.as_json(), definition=definition)


def from_report(report: dict, out_dir, *, force: bool = False, definitions: dict | None = None, log=print) -> list[Regression]:
    """One expect file per (aten op, invariant) in the report; existing files are kept unless ``force``."""
    definitions = definitions or {}
    device = report.get("device", "cpu")
    done: set = set()
    written = []
    for raw in report.get("findings", []):
        finding = Finding.from_json(raw)
        if finding.key in done:
            continue
        done.add(finding.key)
        target = Path(out_dir) / expectfile.file_name(*finding.key)
        if target.exists() and not force:
            log(f"kept {target} (exists; --force rewrites it)")
            continue
        namespace = finding.aten_op.split("::")[0]
        try:
            reg = from_finding(
                finding,
                out_dir,
                device=device,
                examples=report.get("examples", 100),
                seed=report.get("seed", 0),
                definition=definitions.get(namespace),
            )
        except (CaptureError, ShrinkError, expectfile.ExpectFileError) as e:
            log(f"skipped {finding.aten_op} / {finding.invariant}: {e}")
            continue
        log(f"wrote {reg.path} ({reg.tries} shrink tries)")
        written.append(reg)
    return written
