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
from opprop.reduce.crash_outcome import HEAP_DAMAGE_SIGNALS, Outcome, fresh_outcome
from opprop.reduce.crash_runner import HEAP_ENVS, REPEATS
from opprop.reduce.crash_script import script_source
from opprop.reduce.crash_shrink import GROWTH, grown


REPRO_MARK = "# ---- the repro ----"  # what comes after it, up to EXPECTED, is the script a maintainer pastes


def repro_code(path) -> str:
    """The script a crash expect file runs, less its header and its EXPECTED block (a hand-written one's too)."""
    return Path(path).read_text().split(REPRO_MARK, 1)[-1].split("\nEXPECTED = ", 1)[0].strip() + "\n"


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
        "OPPROP = " + pprint.pformat(expectfile.literal_meta(meta), width=110, sort_dicts=False),
        "",
        REPRO_MARK,
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
    larger: more damage, seen wherever it lands. One that dies in every
    environment by another heap-damage signal than the run's (SIGABRT where
    the worker saw SIGSEGV) is written as dying that way: the file's name and
    outcome say what the file does. Callers read the outcome back from it.
    """
    Path(directory).mkdir(parents=True, exist_ok=True)
    attempts = [(spec, repeat)]
    if fresh:
        attempts += [(spec, REPEATS)] if repeat < REPEATS else []
        attempts += [(larger, REPEATS) for larger in (grown(spec, factor) for factor in GROWTH) if larger is not None]
    for written, calls in attempts:
        said = outcome
        while True:
            path = Path(directory) / expectfile.crash_file_name(written.op, said, variant)
            meta = {
                "format": expectfile.FORMAT,
                "aten_op": written.op,
                "invariant": said.finding_kind.value,
                "outcome": said.as_json(),
                "outcome_text": said.text(),
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
            path.write_text(render(meta, code, said.expected_text()))
            ends: list[str] = []
            for _, env in itertools.product(range(runs), HEAP_ENVS if fresh else ({},)):
                ends.append(fresh_outcome(path, env=env))
                if ends[-1] != said.expected_text() and _heap_signal(ends) is None:
                    break  # neither the way it should die nor one other heap-damage way in every run so far
            got = next((g for g in ends if g != said.expected_text()), None)
            if got is None:
                return path
            path.unlink()
            other = _heap_signal(ends)
            if not (fresh and said.kind == "signal" and other and other != said.what):
                break
            # heap damage that dies another heap-damage way in every environment: that is how this repro dies
            said = Outcome("signal", other, said.op)
    raise expectfile.ExpectFileError(f"{path}: run alone it {got}, not {outcome.expected_text()}")


def _heap_signal(ends: list[str]) -> str | None:
    """The heap-damage signal every run died with ("dies with SIGABRT" each time), or None."""
    names = {end.removeprefix("dies with ") if end.startswith("dies with ") else None for end in ends}
    return names.pop() if len(names) == 1 and names <= HEAP_DAMAGE_SIGNALS else None
