"""The crash expect file: the shrunk call as a script that needs torch (and what registers the op), checked to die the same way alone.

Its ``EXPECTED`` block records how it dies; ``opprop replay`` runs it in a
fresh interpreter (``expectfile.replay``): "still crashes", CHANGED or FIXED.
"""
from __future__ import annotations

import datetime
import hashlib
import itertools
import pprint
from pathlib import Path

import torch

from opprop.core.specs import CallSpec
from opprop.reduce import expectfile
from opprop.reduce.crash_outcome import Outcome, fresh_outcome
from opprop.reduce.crash_runner import HEAP_ENVS, REPEATS
from opprop.reduce.crash_script import script_source
from opprop.reduce.crash_shrink import GROWTH, grown


def frame_variant(frame: str) -> str:
    """What tells apart two groups of one op and signal in their file names: a hash of the native frame."""
    return hashlib.sha256(frame.encode()).hexdigest()[:6] if frame else ""


def render(meta: dict, code: str, expected: str) -> str:
    title = f"{meta['aten_op']} {meta['outcome_text']} on torch {meta['torch_version']}."
    public = meta.get("public") or "none found: only a direct call of the overload reaches it"
    name = expectfile.crash_file_name(meta['aten_op'], Outcome.from_json(meta['outcome']), meta.get('file_variant', ''))
    header = [
        f"# opprop crash repro: {title}",
        f"# Run it with {' and '.join(['torch', *(f'{p} {v}' for p, v in (meta.get('packages') or {}).items())])}"
        f"{'' if meta.get('packages') else ' and nothing else'}: python {name}",
        "# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).",
        f'"""{title}',
        "",
        f"Public entry point: {public}",
        '"""',
        "",
        "OPPROP = " + pprint.pformat(meta, width=110, sort_dicts=False),
        "",
        "# ---- the repro ----",
    ]
    return "\n".join(header) + "\n" + code + f'\n\nEXPECTED = """{expected}\n"""\n'


def write(directory, spec: CallSpec, outcome: Outcome, *, example: dict, public: str = "", definition: str | None = None,
          definition_from: str = "", runs: int = 1, frame: str = "", variant: str = "", repeat: int = 1,
          fresh: bool = False, packages: dict | None = None) -> Path:
    """Write the expect file and check it dies the same way ``runs`` times in a fresh interpreter; raise otherwise.

    ``fresh`` (heap damage, shrunk in fresh interpreters): where the damage
    lands depends on what the process allocated first (the file's own header,
    its environment: another shell, pytest, warnings shown), so the file must
    die in each of ``HEAP_ENVS``. One that returns is
    written again making the call ``REPEATS`` times, then ``GROWTH`` times
    larger: more damage, seen wherever it lands.
    """
    path = Path(directory) / expectfile.crash_file_name(spec.op, outcome, variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    attempts = [(spec, repeat)]
    if fresh:
        attempts += [(spec, REPEATS)] if repeat < REPEATS else []
        attempts += [(larger, REPEATS) for larger in (grown(spec, factor) for factor in GROWTH) if larger is not None]
    for written, calls in attempts:
        meta = {
            "format": expectfile.FORMAT,
            "aten_op": written.op,
            "invariant": outcome.finding_kind.value,
            "outcome": outcome.as_json(),
            "outcome_text": outcome.text(),
            "torch_version": torch.__version__,
            "torch_git_version": torch.version.git_version,
            **({"packages": packages} if packages else {}),  # {package: version} the script imports (a C extension's ops)
            "found_on": datetime.date.today().isoformat(),
            "public": public,
            "frame": frame,
            "file_variant": variant,
            "example": example,
            "repro": written.as_json(),
        }
        if calls > 1:
            meta["repeat"] = calls
        code = script_source(written, definition=definition, definition_from=definition_from, repeat=calls)
        path.write_text(render(meta, code, outcome.expected_text()))
        got = next((g for g in (fresh_outcome(path, env=env) for _, env in itertools.product(range(runs), HEAP_ENVS if fresh else ({},)))
                    if g != outcome.expected_text()), None)
        if got is None:
            return path
        path.unlink()
    raise expectfile.ExpectFileError(f"{path}: run alone it {got}, not {outcome.expected_text()}")
