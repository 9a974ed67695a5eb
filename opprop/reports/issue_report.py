"""Upstream-ready bug reports, one per crash group, in the shape of PyTorch's bug-report template.

Each gives a title, the minimal repro script (torch, and the package that
registers the op when a C extension does), how it dies, the public call if
there is one with how it ended in a fresh interpreter, and the versions of
torch (with its git hash) and of that package: a maintainer can paste it as
an issue. Public groups come first.
"""
from __future__ import annotations

import platform

import torch

from opprop.reports.crash_groups import CrashGroup
from opprop.reduce.crash_outcome import SIGNAL_WORDS
from opprop.reduce.crash_script import script_source


def title(g: CrashGroup) -> str:
    entry = g.public.strip("`").split("; ")[-1].split("(", 1)[0] if g.reached else g.op  # its last statement: the public call
    if g.outcome.kind == "signal":
        how = f"crashes with {g.outcome.what} ({SIGNAL_WORDS.get(g.outcome.what, 'signal')})"
    elif g.outcome.kind == "assert":
        how = "fails an INTERNAL ASSERT"
    else:
        how = g.outcome.expected_text()
    return f"[CPU] {entry} {how}" + ("" if entry == g.op else f" in {g.op}")


def render(g: CrashGroup, *, torch_version: str | None = None, git_version: str | None = None, heading: str = "##") -> str:
    torch_version = torch_version or torch.__version__
    git_version = git_version or torch.version.git_version
    lines = [f"{heading} {title(g)}", ""]
    if g.spec is None:
        lines += [f"_{len(g.findings)} raw finding(s); {g.note}_", ""]
        return "\n".join(lines)
    lines += ["### 🐛 Describe the bug", ""]
    guarded = g.spec.guarded
    if g.outcome.kind == "signal":
        lines.append(f"Calling `{g.op}` on the inputs below kills the process with {g.outcome.what} "
                     f"({SIGNAL_WORDS.get(g.outcome.what, 'signal')}) instead of " + ("returning or raising an error." if guarded else "raising an error."))
    else:
        lines.append(f"Calling `{g.op}` on the inputs below fails an internal assert: `{g.outcome.what}`.")
    if guarded:
        seen = sorted({str((f.get("detail") or {}).get("signal")) for f in g.findings if (f.get("detail") or {}).get("signal")})
        lines.append("It writes past the end of an input's buffer: in the repro that buffer ends at an inaccessible page "
                     "(`guarded`), so the write itself faults. Without the guard it damages the heap, and the process dies later, "
                     f"or not, depending on what the heap held{' (the fuzz run saw ' + ', '.join(seen) + ')' if seen else ''}.")
    if g.script:
        lines.append("The repro below is opprop's checked-in repro of this crash, replayed now in a fresh interpreter: it "
                     "still dies this way (no call of this run died the same way alone).")
    if g.repro_frame or g.frame:
        lines.append(f"It dies in `{g.repro_frame or g.frame}` (first torch frame of gdb's backtrace)"
                     + (f"; the fuzzed input died in `{g.frame}`." if g.frame and g.repro_frame and g.frame != g.repro_frame else "."))
    if g.public and g.public_run:
        reached = "It is reachable from public API" if g.reached else "A public call"
        lines.append(f"{reached}: {g.public}, run in a fresh interpreter on the inputs below, {g.public_run}"
                     + (f"; {g.public_note}." if g.public_note else "."))
    elif g.public:
        lines.append(f"It is reachable from public API: {g.public}.")
    else:
        lines.append("Only a direct call of the overload reaches it (no public entry point found).")
    script = g.script or script_source(g.spec, repeat=g.repeat)
    if g.preamble and not g.script:  # the modules that register the op (a C extension's): the script needs them before anything else
        script = script.replace("import torch\n", "import torch\n" + g.preamble, 1)
    lines += ["", "```python", script.rstrip(), "```", ""]
    if g.outcome.kind == "signal":
        lines.append(f"The process dies with {g.outcome.what} (exit status {-_signum(g.outcome.what)} from `subprocess`).")
    else:
        lines.append(f"Raises `RuntimeError: {g.outcome.what} ...`")
    lines += ["", "### Versions", "",
              f"torch {torch_version} (git {git_version}), " + "".join(f"{p} {v}, " for p, v in g.packages.items()) + f"Python {platform.python_version()}, {platform.system()} {platform.machine()}",
              "", f"Found by opprop fuzzing; {len(g.findings)} raw finding(s) in this group. "
              + (f"Repro file: `{g.path}`." if g.path else f"Repro file: none ({g.note or 'not written'})."), ""]
    return "\n".join(lines)


def _signum(name: str) -> int:
    import signal

    try:
        return int(signal.Signals[name])
    except KeyError:
        return 0


def render_all(groups: list[CrashGroup], *, torch_version: str | None = None, git_version: str | None = None, heading: str = "##") -> str:
    """Every group's report, public first (the order ``crash_groups.group`` sorts in, re-applied here)."""
    ordered = sorted(groups, key=lambda g: g.sort_key)
    return "\n".join(render(g, torch_version=torch_version, git_version=git_version, heading=heading) for g in ordered)
