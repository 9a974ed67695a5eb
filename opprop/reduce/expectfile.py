"""Expect files: one checked-in repro per (aten op, invariant), with its recorded output.

An expect file is a Python script a PyTorch developer can run with nothing
but torch. Beside the code sit its provenance (``OPPROP``: torch version and
git hash it was found on, date, the un-shrunk example, the shrunk call, a
suggested fix) and, last, what it printed (``EXPECTED``), in expecttest's
style: replaying runs the script in a fresh interpreter and compares; with
``EXPECTTEST_ACCEPT=1`` the record is rewritten in place by expecttest's own
``replace_string_literal``, so an accept run changes only what changed.
"""
from __future__ import annotations

import ast
import dataclasses
import datetime
import hashlib
import math
import os
import pprint
from pathlib import Path

import expecttest
import torch

from opprop.check import catalog
from opprop.check import invariants
from opprop.core.script_zygote import run_script_forked
from opprop.core.outcomes import CRASH_KINDS
from opprop.core.specs import CallSpec, SpecError
from opprop.reduce.crash_outcome import Outcome, fresh_outcome
from opprop.reduce.repro import emit

FORMAT = 1
REQUIRED = ("format", "aten_op", "invariant", "torch_version", "torch_git_version", "found_on", "example", "repro", "suggested_fix")
REPRODUCES = "reproduces"
CRASH_REQUIRED = ("format", "aten_op", "invariant", "outcome", "torch_version", "torch_git_version", "found_on", "example", "repro")


class ExpectFileError(ValueError):
    """An expect file that is corrupt or was edited out of shape (one line, naming the file)."""


def file_name(aten_op: str, invariant: str) -> str:
    """``aten::q_per_channel_scales`` + ``tensorimpl_use_count`` -> ``aten.q_per_channel_scales--tensorimpl_use_count.py``."""
    return aten_op.replace("::", ".", 1) + "--" + invariant + ".py"


def crash_file_name(aten_op: str, outcome: Outcome, variant: str = "") -> str:
    """``aten::range.out`` dying with SIGFPE -> ``aten.range.out--crash-sigfpe.py``; an assert: ``--internal_assert-<hash>``.

    ``variant`` tells apart two groups of one op and signal (another native frame: ``crash_expectfile.frame_variant``).
    """
    base = aten_op.replace("::", ".", 1) + "--" + outcome.finding_kind + "-"
    if outcome.kind == "assert":
        name = base + hashlib.sha256(outcome.what.encode()).hexdigest()[:8]
    else:
        name = base + outcome.what.lower().replace(" ", "")
    return name + (f"-{variant}" if variant else "") + ".py"


# ---------------------------------------------------------------- suggested fixes


def suggested_fix(aten_op: str, invariant: str, detail: dict, output_index) -> str:
    """The invariant's own suggestion (``Invariant.suggested_fix``); empty for crashes, hangs and unknown ids."""
    if invariant not in invariants.ids():
        return ""
    return invariants.get(invariant).suggested_fix(catalog.overload_from_name(aten_op), detail, output_index)


annotate_alias = invariants.annotate_alias


# ---------------------------------------------------------------- writing


def literal_meta(meta: dict) -> dict:
    """``meta`` as ``pprint`` can write it for ``ast.literal_eval`` to read back: a nan or inf in the example's description
    (a drawn ``eps=nan``) has no literal, and a bare ``nan`` stopped the script at its first line (NameError); it is
    written as the string "nan". The repro itself spells its floats apart (``specs``), so only the example is changed."""
    def plain(v):
        if isinstance(v, float) and not math.isfinite(v):
            return repr(v)
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(plain(x) for x in v)
        return v
    return {**meta, "example": plain(meta["example"])} if "example" in meta else meta


def render(meta: dict, code: str) -> str:
    title = f"{meta['aten_op']} breaks {meta['invariant']} on torch {meta['torch_version']}."
    header = [
        f"# opprop expect file: {title}",
        f"# Run it with nothing but torch: python {file_name(meta['aten_op'], meta['invariant'])}",
        "# `opprop replay` checks what it prints against EXPECTED (at the end);",
        "# `EXPECTTEST_ACCEPT=1 opprop replay` rewrites EXPECTED in place.",
        f'"""{title}',
        "",
        f"Suggested fix: {meta['suggested_fix'] or 'none clear'}",
        *([f"Proven fix: {_proven_fix_line(meta['fix'])}"] if meta.get("fix") else []),
        '"""',
        "",
        "OPPROP = " + pprint.pformat(literal_meta(meta), width=110, sort_dicts=False),
        "",
    ]
    return "\n".join(header) + "\n" + code + '\n\nEXPECTED = """"""\n'


def _proven_fix_line(fix: dict) -> str:
    """``fixes.Fix.header`` in a line: the fix, its verdict, and why when it is not verified (as ``Fix.one_line``)."""
    why = f": {fix['why']}" if fix.get("why") and fix["verdict"] != "verified" else ""
    return f"{fix['fix']} [{fix['verdict']}{why}]"


def write(
    directory,
    spec: CallSpec,
    invariant: str,
    *,
    example: dict,
    suggested: str,
    definition: str | None = None,
    definition_from: str = "",
    preamble: str = "",
    fix: dict | None = None,
) -> Path:
    """Write (or overwrite) the expect file for ``spec``; its EXPECTED is what the script prints now."""
    meta = {
        "format": FORMAT,
        "aten_op": spec.op,
        "invariant": invariant,
        "torch_version": torch.__version__,
        "torch_git_version": torch.version.git_version,
        "found_on": datetime.date.today().isoformat(),
        "suggested_fix": suggested,
        **({"fix": fix} if fix else {}),  # the proven fix (reduce/fixes), on files written since it existed
        "example": example,
        "repro": spec.as_json(),
    }
    path = Path(directory) / file_name(spec.op, invariant)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(meta, emit(spec, invariant, definition=definition, definition_from=definition_from, preamble=preamble)))
    out = run_script_forked(path)  # as replay runs it: a fresh interpreter's state, torch's import paid once
    if out.returncode != 0 or not out.stdout.rstrip().endswith(REPRODUCES):
        path.unlink()
        raise ExpectFileError(f"{path}: the repro does not reproduce {invariant} when run alone ({_last_line(out.stderr) or _last_line(out.stdout)})")
    _set_expected(path, out.stdout)
    return path


# ---------------------------------------------------------------- reading


@dataclasses.dataclass
class ExpectFile:
    path: Path
    meta: dict
    expected: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.meta["aten_op"], self.meta["invariant"])

    @property
    def repro(self) -> CallSpec:
        return CallSpec.from_json(self.meta["repro"])


def load(path) -> ExpectFile:
    path = Path(path)
    try:
        source = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise ExpectFileError(f"{path}: cannot read expect file ({e})") from None
    try:
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as e:
        raise ExpectFileError(f"{path}: not valid Python (line {e.lineno}: {e.msg}); regenerate it with opprop shrink") from None
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id in ("OPPROP", "EXPECTED"):
                try:
                    found[node.targets[0].id] = ast.literal_eval(node.value)
                except ValueError:
                    raise ExpectFileError(f"{path}: {node.targets[0].id} (line {node.lineno}) is not a literal") from None
    for name in ("OPPROP", "EXPECTED"):
        if name not in found:
            raise ExpectFileError(f"{path}: no {name} block: not an opprop expect file, or edited out of shape")
    meta, expected = found["OPPROP"], found["EXPECTED"]
    if not isinstance(meta, dict) or not isinstance(expected, str):
        raise ExpectFileError(f"{path}: OPPROP must be a dict and EXPECTED a string")
    if meta.get("invariant") in CRASH_KINDS:
        return _load_crash(path, meta, expected)
    missing = [k for k in REQUIRED if k not in meta]
    if missing:
        raise ExpectFileError(f"{path}: OPPROP lacks {', '.join(missing)}")
    if meta["format"] != FORMAT:
        raise ExpectFileError(f"{path}: expect-file format {meta['format']!r}, this opprop reads {FORMAT}")
    if path.name != file_name(meta["aten_op"], meta["invariant"]):
        raise ExpectFileError(f"{path}: named for another finding than its OPPROP says ({meta['aten_op']} / {meta['invariant']})")
    try:
        CallSpec.from_json(meta["repro"])
    except (SpecError, KeyError, TypeError, ValueError) as e:
        raise ExpectFileError(f"{path}: OPPROP['repro'] is malformed ({e})") from None
    if not expected.rstrip().endswith(REPRODUCES):
        raise ExpectFileError(f"{path}: EXPECTED does not end with '{meta['invariant']}: {REPRODUCES}': edited by hand?")
    return ExpectFile(path, meta, expected)


def _load_crash(path: Path, meta: dict, expected: str) -> "ExpectFile":
    """A crash repro (``crash_expectfile``): its EXPECTED is how it dies, e.g. ``dies with SIGFPE``."""
    missing = [k for k in CRASH_REQUIRED if k not in meta]
    if missing:
        raise ExpectFileError(f"{path}: OPPROP lacks {', '.join(missing)}")
    if meta["format"] != FORMAT:
        raise ExpectFileError(f"{path}: expect-file format {meta['format']!r}, this opprop reads {FORMAT}")
    try:
        outcome = Outcome.from_json(meta["outcome"])
        CallSpec.from_json(meta["repro"])
    except (SpecError, KeyError, TypeError, ValueError) as e:
        raise ExpectFileError(f"{path}: OPPROP['outcome'] or ['repro'] is malformed ({e})") from None
    if path.name != crash_file_name(meta["aten_op"], outcome, meta.get("file_variant", "")):
        raise ExpectFileError(f"{path}: named for another crash than its OPPROP says ({meta['aten_op']} / {outcome.expected_text()})")
    if expected.strip() != outcome.expected_text():
        raise ExpectFileError(f"{path}: EXPECTED says {expected.strip()!r}, OPPROP says {outcome.expected_text()!r}: edited by hand?")
    return ExpectFile(path, meta, expected)


# ---------------------------------------------------------------- replaying


@dataclasses.dataclass
class Replay:
    path: Path
    status: str  # "same" | "changed" | "accepted" | "fixed" | "error"
    expected: str
    actual: str
    message: str = ""
    crash: bool = False  # a crash repro: "same" means it still crashes


def replay(path, *, accept: bool | None = None) -> Replay:
    """Run one expect file and compare; ``accept`` (default: $EXPECTTEST_ACCEPT) rewrites a changed record."""
    ef = load(path)
    if ef.meta["invariant"] in CRASH_KINDS:
        return _replay_crash(ef)
    accept = bool(os.getenv("EXPECTTEST_ACCEPT")) if accept is None else accept
    out = run_script_forked(ef.path)  # as a fresh interpreter runs it, torch's import paid once (script_zygote)
    actual = expecttest.normalize_nl(out.stdout)
    if out.returncode != 0:
        return Replay(ef.path, "error", ef.expected, actual, f"the script failed: {_last_line(out.stderr)}")
    if actual == ef.expected:
        return Replay(ef.path, "same", ef.expected, actual)
    if not actual.rstrip().endswith(REPRODUCES):
        ledger_hint = " and its entry in expected/ledger.toml"
        return Replay(ef.path, "fixed", ef.expected, actual, f"{ef.meta['aten_op']} no longer breaks {ef.meta['invariant']}: the op looks fixed; delete {ef.path}{ledger_hint}")
    if accept:
        _set_expected(ef.path, actual)
        return Replay(ef.path, "accepted", ef.expected, actual, "record rewritten")
    return Replay(ef.path, "changed", ef.expected, actual, "output changed; EXPECTTEST_ACCEPT=1 opprop replay rewrites the record")


def _replay_crash(ef: ExpectFile) -> Replay:
    """Still crashes (the same way), CHANGED (another signal, a Python error now) or FIXED (it returns)."""
    actual = fresh_outcome(ef.path) + "\n"
    expected = ef.expected.strip() + "\n"
    op = ef.meta["aten_op"]
    if actual == expected:
        return Replay(ef.path, "same", expected, actual, crash=True)
    if actual.strip() == "returns":
        return Replay(ef.path, "fixed", expected, actual,
                      f"{op} no longer {expected.strip()}: the call returns, the kernel looks fixed; delete {ef.path} and its entry in expected/ledger.toml",
                      crash=True)
    return Replay(ef.path, "changed", expected, actual,
                  f"{op} now {actual.strip()} (recorded: {expected.strip()}); if that is the fix (an argument check), delete {ef.path} and its "
                  "ledger entry, otherwise regenerate it with opprop report", crash=True)


def diff(r: Replay) -> str:
    import difflib

    return "".join(difflib.unified_diff(r.expected.splitlines(True), r.actual.splitlines(True), "expected", "actual"))


def _set_expected(path: Path, actual: str) -> None:
    source = path.read_text()
    node = next(
        n for n in ast.parse(source).body if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "EXPECTED"
    )
    new, _ = expecttest.replace_string_literal(source, node.value.lineno, node.value.end_lineno, actual)
    path.write_text(new)


def _last_line(text: str) -> str:
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""
