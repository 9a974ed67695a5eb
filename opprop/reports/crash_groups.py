"""Crash findings grouped by cause, each group with its smallest repro and whether public API reaches it.

A group is (the op the call died in, how it died, the faulting native
frame): the ATen op the dying child had entered last (``crash_runner``), its
signal or internal-assert key (condition and source line), and for a signal
the first torch frame of gdb's backtrace of the rebuilt call. Python 3.11's
faulthandler prints Python frames only; without gdb the frame is unknown
and two kernel bugs in one op that die with one signal share a group.

Public or private: a group is public when an OpInfo sample call (an OpInfo
of a public function) died the same way in the same op, or when a public
``torch.*`` function or Tensor method named after the overload's packet,
called with the repro's own arguments in a forked child, dies the same way
in the same op (``torch_entry``); for a custom op, a public function of the ``--import``
packages that reaches it (``package_entry``: torchvision's Python API for
the ops its C extension registers), or for its backward op the forward's
public function followed by ``.backward(grad)`` (``backward_entry``).
Otherwise only a direct call of the overload reaches it.
"""
from __future__ import annotations

import dataclasses
import json

from opprop.core.outcomes import CRASH_KINDS
from opprop.fuzz.messages import Found, Record
from opprop.reduce import crash_expectfile, crash_rebuild, crash_runner, expectfile
from opprop.reduce.crash_outcome import HEAP_DAMAGE_SIGNALS, Outcome, finding_outcome
from opprop.reduce.crash_rebuild import RebuildError, Rebuilt
from opprop.reduce.crash_script import definition_of, script_source
from opprop.reduce.crash_shrink import shrink_crash
from opprop.reduce.native_frame import native_frame
from opprop.core import ledger
from opprop.core.imports import package_versions
from opprop.core.specs import CallSpec
from opprop.reports.backward_entry import backward_entry
from opprop.reports.package_entry import package_entry
from opprop.reports.torch_entry import public_entry


@dataclasses.dataclass
class CrashGroup:
    op: str  # the ATen op the call died in (for groups never rebuilt: the op the run charged it to)
    outcome: Outcome
    findings: list  # the raw findings it absorbed
    spec: CallSpec | None = None  # its smallest repro
    path: str = ""  # the repro's expect file
    public: str = ""  # how public API reaches it; "" when only the private overload does
    note: str = ""  # why there is no repro
    shrink_tries: int = 0
    frame: str = ""  # the faulting native frame of the found inputs (gdb), "" when unknown: part of the group's key
    repro_frame: str = ""  # ... of its shrunk repro (shrinking keeps op and signal, not always the frame)
    repeat: int = 1  # calls its repro makes (heap damage a later call meets)
    preamble: str = ""  # imports its repro needs before the call (modules that register a C extension's ops), "" when none
    packages: dict = dataclasses.field(default_factory=dict)  # {package: version} of what the preamble imports
    public_run: str = ""  # how the public call ended, run in a fresh interpreter with the repro's inputs; "" when not run
    public_note: str = ""  # why a public call that dies does not reach this op (it dies in another first); "" when none
    heap: bool = False  # its repro is heap damage (guarded buffers, or dying only in fresh interpreters): which signal is chance
    script: str = ""  # the repro's code when it is a checked-in file's (the ledger's, written by hand), not made from ``spec``

    @property
    def reached(self) -> bool:
        """Public API reaches it: a public call named, and, where it was run, it died as the repro does."""
        return bool(self.public) and not self.public_note and (not self.public_run or self.public_run == self.outcome.expected_text())

    @property
    def sort_key(self) -> tuple:
        return (not self.reached, self.spec is None, self.op, self.outcome.what)

    def as_json(self) -> dict:
        return {
            "op": self.op,
            "outcome": self.outcome.as_json(),
            "outcome_text": self.outcome.text(),
            "raw_findings": len(self.findings),
            "findings": self.findings,
            "repro": self.spec.as_json() if self.spec is not None else None,
            "path": self.path,
            "public": self.public,
            "note": self.note,
            "shrink_tries": self.shrink_tries,
            "frame": self.frame,
            "repro_frame": self.repro_frame,
            "repeat": self.repeat,
            "preamble": self.preamble,
            "packages": self.packages,
            "public_run": self.public_run,
            "public_note": self.public_note,
            "heap": self.heap,
            "script": self.script,
        }

    @classmethod
    def from_json(cls, d: dict) -> "CrashGroup":
        return cls(d["op"], Outcome.from_json(d["outcome"]), d.get("findings", []),
                   CallSpec.from_json(d["repro"]) if d.get("repro") else None, d.get("path", ""), d.get("public", ""), d.get("note", ""),
                   d.get("shrink_tries", 0), d.get("frame", ""), d.get("repro_frame", ""), d.get("repeat", 1),
                   d.get("preamble", ""), d.get("packages", {}), d.get("public_run", ""), d.get("public_note", ""), d.get("heap", False),
                   d.get("script", ""))


def crash_findings(rep: dict) -> list[dict]:
    """A report's crash and internal-assert findings, each with its replay record where the run kept one."""
    replay = {(c["aten_op"], c["invariant"], c.get("output_index")): c.get("replay") for c in rep.get("crashes", [])}
    found = []
    for f in rep.get("findings", []):
        if f.get("invariant") in CRASH_KINDS:
            found.append({**f, "replay": f.get("replay") or replay.get((f["aten_op"], f["invariant"], f.get("output_index")))})
    return found


def journal_crash_findings(records: list[Record]) -> list[dict]:
    """Every crash and internal-assert finding a journal recorded, repeats included: each is a raw finding."""
    found = []
    for r in records:
        if isinstance(r, Found) and r.finding.get("invariant") in CRASH_KINDS:
            replay = r.replay or r.finding.get("replay") or {}  # a crash's record holds it; an assert's finding does
            found.append({**r.finding, "replay": {**replay, "target": r.target} if replay else {"target": r.target}})
    return found


def _size(spec: CallSpec) -> tuple:
    return (sum(t.buffer_numel for t in spec.tensors()), len(spec.tensors()), len(spec.args) + len(spec.kwargs))


def group(findings: list[dict], out_dir, *, definitions: dict | None = None, write: bool = True, log=print,
          keep_frame: bool = True, frames: bool = True) -> list[CrashGroup]:
    """Rebuild each finding's crashing call, group by (op died in, how, native frame), shrink each group's smallest, write its repro.

    ``keep_frame``: shrinking also keeps the native frame (a gdb run, about a
    second, per candidate that dies the same way); without it a repro keeps
    op and signal, and its report names its own frame beside the group's.
    ``frames=False``: no gdb run at all (groups by op and signal only).
    """
    definitions = definitions if definitions is not None else {}
    rebuilt: dict = {}  # key -> [(finding, Rebuilt)]
    lost: dict = {}  # key -> [(finding, why)]
    tried: dict = {}  # a raw finding's call -> its rebuild (or why not): a call found again is not rebuilt again
    for f in findings:
        try:
            same = _call_key(f)
            if same not in tried:
                try:
                    tried[same] = crash_rebuild.rebuild(f, definitions=definitions)
                except RebuildError as e:
                    tried[same] = e
            if isinstance(tried[same], RebuildError):
                raise tried[same]
            r = tried[same]
        except RebuildError as e:
            wanted = finding_outcome(f)
            key = (f.get("aten_op", "?"), wanted.kind if wanted else "?", wanted.what if wanted else "?")
            lost.setdefault(key, []).append((f, str(e)))
            log(f"not rebuilt: {f.get('aten_op')} {f.get('invariant')}: {e}")
            continue
        if same + "frame" not in tried:  # gdb once per call too
            tried[same + "frame"] = _frame(r, definitions) if frames and r.outcome.kind == "signal" else ""
        frame = tried[same + "frame"]
        key = (r.outcome.op, r.outcome.kind, r.outcome.what, frame)
        rebuilt.setdefault(key, []).append((f, r))
        log(f"rebuilt: {f.get('aten_op')} {f.get('invariant')} -> {r.outcome.text()}{' at ' + frame if frame else ''} ({r.via})")
    joined = heap_damage_joined(rebuilt, log)
    groups = []
    named: set = set()  # (op, outcome) already given the plain file name
    for key, members in finishing_order(rebuilt):
        f, r = min(members, key=lambda m: _size(m[1].spec))
        variant = crash_expectfile.frame_variant(key[3]) if key[:3] in named else ""
        named.add(key[:3])
        shown = any(g.heap and g.path and g.op == key[0] for g in groups)  # the op's heap damage has a deterministic repro
        groups.append(_finish(key, members, f, r, out_dir, definitions, write, log, variant, keep_frame, fresh_fallback=not shown))
        groups[-1].findings += joined.get(key, [])
    for (op, kind, what), members in lost.items():
        home = next((g for g in groups if joins(g, op, kind, what)), None)
        if home is not None:  # the same call can die in one draw and not the next (heap damage): it has its repro there
            home.findings += [m for m, _ in members]
            log(f"{len(members)} {op} finding(s) that died with {what or kind} and were not rebuilt joined the group of the "
                f"same op whose repro {home.outcome.expected_text()}" + (" (the op's heap damage)" if home.heap else ""))
            continue
        reasons = sorted({why for _, why in members})
        groups.append(CrashGroup(op, Outcome(kind, what, op), [m for m, _ in members], note="no repro: " + reasons[0]))
    if write:
        groups = without_repro_folded(groups, definitions, log)
    return sorted(groups, key=lambda g: g.sort_key)


def without_repro_folded(groups: list[CrashGroup], definitions, log=print) -> list[CrashGroup]:
    """Each group with no written repro joins its op's group that ``joins`` allows (a fork-rebuilt heap-damage call
    whose file alone returns: the op's guarded repro shows that damage), else gets the ledger's repro where it can."""
    kept = []
    for g in groups:
        home = None if g.path else next((h for h in groups if h is not g and joins(h, g.op, g.outcome.kind, g.outcome.what)), None)
        if home is not None:
            home.findings += g.findings
            log(f"{len(g.findings)} {g.op} finding(s) whose repro was not written ({g.outcome.what}) joined the group "
                f"whose repro {home.outcome.expected_text()}")
            continue
        if not g.path:
            ledgered_repro(g, definitions, log)
        kept.append(g)
    return kept


def ledgered_repro(g: CrashGroup, definitions, log=print) -> None:
    """A group none of whose raw findings gave a repro, of a crash the ledger knows with a checked-in repro: that repro,
    replayed now in a fresh interpreter, is the group's when it still dies the way it records.

    Heap damage a fork hides, or a call that crashes only after an earlier
    one of the run (c10d's half-made connection), can escape every rebuild;
    the maintainer still gets a repro, and the note says where it is from.
    """
    entry = ledger.load_or_empty().get(g.op, g.outcome.finding_kind.value)
    path = ledger.expect_file(entry) if entry is not None else None
    if path is None:
        return
    try:
        replayed = expectfile.replay(path)
    except expectfile.ExpectFileError as e:
        g.note += f"; the ledger's repro cannot be read ({e})"
        return
    if replayed.status != "same":
        g.note += f"; the ledger's repro {entry.expect} {replayed.actual.strip()} now, not {replayed.expected.strip()}"
        return
    ef = expectfile.load(path)
    g.spec, g.path, g.repeat, g.outcome = ef.repro, str(path), ef.meta.get("repeat", 1), Outcome.from_json(ef.meta["outcome"])
    g.public, g.script = ef.meta.get("public", ""), crash_expectfile.repro_code(path)
    g.note = f"{g.note.removeprefix('no repro: ')}; the repro is the ledger's checked-in one, replayed now: still {replayed.actual.strip()}"
    g.public_run = run_public(g, definitions)
    log(f"{g.op}: no raw finding gave a repro; the ledger's {entry.expect} still {replayed.actual.strip()}")


def finishing_order(rebuilt: dict) -> list:
    """The rebuilt groups ((key, members) pairs) in the order they are finished: by op, an op's guarded groups first,
    then by outcome, larger groups first. Once a guarded group has its repro, another group of the op whose file
    returns alone joins it (``without_repro_folded``) instead of being rebuilt in fresh interpreters, minutes each,
    for a repro that dies only in some runs."""
    return sorted(rebuilt.items(), key=lambda kv: (kv[0][0], not any(r.spec.guarded for _, r in kv[1]), kv[0][1:3], -len(kv[1])))


def heap_damage_joined(rebuilt: dict, log) -> dict:
    """Groups rebuilt only in fresh interpreters (heap damage that dies, or not, by where it lands) of an op that also
    has a guarded group (the write past a buffer, faulting where it happens, every run) join that group: the same op's
    heap damage, shown deterministically. Taken out of ``rebuilt``; returns {guarded key: the findings it gains}."""
    guarded = {key[0]: key for key, members in rebuilt.items() if any(r.spec.guarded for _, r in members)}
    joined: dict = {}
    for key in list(rebuilt):
        home = guarded.get(key[0])
        if home is not None and home != key and all(r.fresh for _, r in rebuilt[key]):
            members = rebuilt.pop(key)
            joined.setdefault(home, []).extend(f for f, _ in members)
            log(f"{len(members)} {key[0]} finding(s) rebuilt only in fresh interpreters ({key[2]}) joined the group whose "
                f"guarded repro shows the op's heap damage every run")
    return joined


def _call_key(f: dict) -> str:
    """What makes two raw findings the same call: op, how it died, the replay's draw and the described inputs."""
    replay = f.get("replay") or {}
    same = {k: replay.get(k) for k in ("target", "choices", "corpus", "sample", "crossing", "crossing_seed", "strategy")}
    return json.dumps([f.get("aten_op"), f.get("called_op"), finding_outcome(f) and finding_outcome(f).as_json(), same, f.get("inputs")],
                      sort_keys=True, default=str)


def joins(g: CrashGroup, op: str, kind: str, what: str) -> bool:
    """A finding not rebuilt joins a group with a repro of the op it was charged to: one whose repro dies as it did,
    that holds a rebuilt finding the run saw die that way (heap damage rebuilt to the guard's SIGSEGV), or whose repro
    is heap damage when the finding's signal is one heap damage gives (where the damage lands decides which)."""
    if g.spec is None or not g.path or g.op != op:
        return False
    if g.heap and kind == "signal" and what in HEAP_DAMAGE_SIGNALS:
        return True
    seen = [finding_outcome(f) for f in g.findings]
    return (g.outcome.kind, g.outcome.what) == (kind, what) or any(o is not None and (o.kind, o.what) == (kind, what) for o in seen)


def _frame(r: Rebuilt, definitions: dict, spec: CallSpec | None = None) -> str:
    spec = spec or r.spec
    text, _ = definition_of(definitions, spec.op)
    return native_frame(script_source(spec, definition=text, repeat=r.repeat))


def _finish(key, members, finding: dict, r: Rebuilt, out_dir, definitions: dict, write: bool, log, variant: str,
            keep_frame: bool = True, fresh_fallback: bool = True) -> CrashGroup:
    """Shrink the group's smallest call and write its repro.

    A signal shrunk in forked children whose file then does not die the
    same way in a fresh interpreter (heap damage the fork's inherited heap
    happened to expose) is rebuilt from the found call: with guarded
    buffers (then it is grouped by the fault the guard gives), else in
    fresh interpreters. A guarded call whose file does not die alone (the
    guard did not make the fault: c10d's half-made connection) is rebuilt
    unguarded in fresh interpreters.
    """
    g = _shrunk_group(key, members, finding, r, out_dir, definitions, write, log, variant, keep_frame)
    if write and fresh_fallback and not g.path and not r.fresh and r.outcome.kind == "signal":
        plain = crash_rebuild.guarded_spec(r.spec, guard=False)  # guarded, yet its file lives alone: the call as found, fresh
        fresh = (crash_rebuild.fresh_rebuild(plain, r.outcome, definitions) if plain is not None
                 else crash_rebuild.heap_rebuild(r.spec, r.outcome, definitions))
        if fresh is not None:
            log(f"{r.spec.op}: its forked-child repro does not die the same way in a fresh interpreter; rebuilt ({fresh.via})")
            if fresh.spec.guarded or not fresh.outcome.same(r.outcome):  # another signal, at the faulting write or where it lands
                key = (key[0], fresh.outcome.kind, fresh.outcome.what, _frame(fresh, definitions))
            g = _shrunk_group(key, members, finding, fresh, out_dir, definitions, write, log, variant, keep_frame)
    return g


def _shrunk_group(key, members, finding: dict, r: Rebuilt, out_dir, definitions: dict, write: bool, log, variant: str,
                  keep_frame: bool) -> CrashGroup:
    same_frame = (lambda c: _frame(r, definitions, c) == key[3]) if key[3] and keep_frame else None  # gdb only on candidates that die the same way
    result = shrink_crash(r.spec, r.outcome, also=same_frame, fresh=r.fresh, repeat=r.repeat, definitions=definitions)
    spec = result.spec
    public = next((m.public_sample for _, m in members if m.public_sample), "") or public_entry(spec, r.outcome, fresh=r.fresh,
                                                                                                 repeat=r.repeat)
    if not public:  # a custom op: the Python API of the packages that were imported to register it
        public = package_entry(spec, r.outcome, getattr(definitions, "imports", ()), fresh=r.fresh)
    public_note = ""
    if not public:  # a custom backward op: autograd calls it, through its forward's public function
        public, public_note = backward_entry(spec, r.outcome, definitions, repeat=r.repeat)
    repro_frame = (key[3] if spec == r.spec else _frame(r, definitions, spec)) if key[3] else ""  # gdb again only for a new call
    g = CrashGroup(key[0], r.outcome, [f for f, _ in members], spec, public=public, shrink_tries=result.tries, frame=key[3],
                   repro_frame=repro_frame, public_note=public_note, heap=r.fresh or r.spec.guarded)  # its rebuild needed one
    text, source = definition_of(definitions, spec.op)
    if text and not definitions.get(spec.op.split("::")[0]):
        g.preamble = text  # imports: the issue report's script needs them too
        g.packages = package_versions(definitions.imported_by(spec.op.split("::")[0]))
    if write:
        try:
            path = crash_expectfile.write(out_dir, spec, r.outcome, example=finding, public=public, frame=key[3], variant=variant,
                                     repeat=r.repeat, fresh=r.fresh, definition=text, definition_from=source, packages=g.packages)
            g.path = str(path)
            written = expectfile.load(path).meta  # what the file holds: the call made more often, or larger; heap damage dying another way
            g.spec, g.repeat, g.outcome = CallSpec.from_json(written["repro"]), written.get("repeat", 1), Outcome.from_json(written["outcome"])
            log(f"wrote {path} ({result.tries} shrink tries)")
        except ValueError as e:
            g.note = f"no repro: {e}"
            log(f"repro not written: {e}")
    g.public_run = run_public(g, definitions)
    return g


def run_public(g: CrashGroup, definitions) -> str:
    """The group's public call run in a fresh interpreter on its repro's inputs: how it ended ("" when it names no call)."""
    call = g.public[1:-1] if g.public.startswith("`") and g.public.endswith(")`") and g.public.count("`") == 2 else ""
    if g.spec is None or not call:
        return ""
    return crash_runner.run_spec(g.spec, fresh=True, call_text=call, repeat=g.repeat, definitions=definitions).expected_text()
