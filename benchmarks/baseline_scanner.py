"""The naive random scanner of issue #51: the baseline opprop's sweep must beat on true bugs nobody described.

Every overload the sweep targets, about 60 draws each: tensors from a fixed list (``scanner_kinds``), other
arguments loosely from their schema type, defaults a quarter of the time; opprop's checks are the oracle. Each
overload's draws run in a forked child, so a segfault or a hang ends one call, not the scan: the child says which
call it starts before it runs it. Two short passes follow: the mkldnn tensors on ops with a MkldnnCPU kernel, and
every out= and in-place overload, whose result must be the argument its schema names. The log (JSON lines) holds
each distinct bug (op, kind) the first time it was seen, in seconds since the start, with the call that showed it.
"""
from __future__ import annotations

import argparse
import faulthandler
import json
import os
import random
import re
import resource
import select
import shutil
import sys
import tempfile
import time
import warnings

import torch

from opprop.check import catalog
from opprop.check.runner import run_call
from opprop.core import child_process
from opprop.core import ledger as ledgers
from opprop.core.calls import Call
from opprop.core.outcomes import ASSERT_MARK
from opprop.listing import namespaces, reachable

from .scanner_kinds import DENSE, FAMILIES, FAMILY_OF, KINDS, MKLDNN, SCANNED, Tensor

GROUP_NAMESPACES = ("c10d", "_c10d_functional", "_c10d_functional_autograd", "_dtensor")  # need a process group it has none of
DRAWS = {"main": 60, "mkldnn": 20, "out": 10}
SHARE = {"main": 0.8, "mkldnn": 0.9, "out": 1.0}  # the fraction of the budget by which each pass must end
CALL_TIMEOUT_S = 10.0
MEMORY_LIMIT = 1 << 30  # address space a child may add: a drawn size of 2**31 is a rejected call, not slow work or a swapped box
INTS = (0, 1, 2, 3, -1, 4, -2, 7, 100, 65537, 2**31 + 1)  # 65537: its square overflows int32; 2**31 + 1: itself
FLOATS = (0.0, 1.0, 0.5, -1.0, 2.0, 1e-3, 1e6, float("inf"), float("nan"))
STRINGS = ("none", "mean", "sum", "reflect", "constant", "replicate", "floor", "trunc", "tanh", "relu", "", "linear", "max")
DTYPES = (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int8,
          torch.uint8, torch.bool, torch.complex64, torch.quint8, torch.qint8, torch.qint32)
ENUMS = {"ScalarType": DTYPES, "Layout": (torch.strided, torch.sparse_coo, torch.sparse_csr),
         "MemoryFormat": (torch.contiguous_format, torch.channels_last, torch.preserve_format), "Device": ("cpu",),
         "bool": (False, True), "str": STRINGS, "float": FLOATS}


def targets() -> list[str]:
    """What the default sweep targets: schema-drivable aten overloads and the other namespaces' (not those of collectives)."""
    others = [n for n in namespaces.sweep()[0] if n.split("::")[0] not in GROUP_NAMESPACES]
    return reachable.schema_targets() + others


def parameters(schema) -> list[tuple[str, str, bool]]:
    """(declared type, name, has a default) per argument, read from the schema's text: the JIT types say int for a ScalarType."""
    text = str(schema)
    inner = text[text.index("(") + 1: text.rindex(") ->")]
    params, depth, part = [], 0, ""
    for ch in inner + ",":
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if ch == "," and depth == 0:
            part = part.strip()
            if part and part != "*":
                declared, _, default = part.partition("=")
                kind, name = declared.rsplit(" ", 1)
                params.append((re.sub(r"\([a-z0-9!|* ]*\)", "", kind), name, bool(default)))
            part = ""
        else:
            part += ch
    return params


class Draw:
    """One call's arguments, drawn loosely from their types: tensors mostly of the first tensor's kind."""

    def __init__(self, rng: random.Random, kinds: list[str]):
        self.rng, self.kinds, self.first = rng, kinds, None

    def tensor(self) -> Tensor:
        if self.first is None:
            self.first = self.rng.choice(self.kinds)
            return Tensor(self.first)
        roll = self.rng.random()
        if roll < 0.6:
            return Tensor(self.first)
        family = [k for k in FAMILIES[FAMILY_OF[self.first]] if k in self.kinds] if roll < 0.75 else self.kinds
        return Tensor(self.rng.choice(family))

    def value(self, kind: str):
        rng = self.rng
        if kind.endswith("?"):
            return None if rng.random() < 0.25 else self.value(kind[:-1])
        listed = re.fullmatch(r"(.+)\[(\d*)\]", kind)
        if listed:
            length = int(listed.group(2) or rng.choice((0, 1, 2, 3)))
            return [self.value(listed.group(1)) for _ in range(length)]
        if kind == "Tensor":
            return self.tensor()
        if kind in ("int", "SymInt"):
            return rng.choice(INTS)
        if kind == "Scalar":
            return rng.choice((*INTS[:6], *FLOATS[:6], True, 1 + 2j))
        return rng.choice(ENUMS[kind]) if kind in ENUMS else None  # Generator, Storage, a packed weight: None

    def call(self, params) -> dict:
        return {name: self.value(kind) for kind, name, default in params if not (default and self.rng.random() < 0.25)}


def built(value):
    """The drawn value with each tensor built fresh."""
    if isinstance(value, Tensor):
        return value.build()
    return [built(v) for v in value] if isinstance(value, list) else value


def source(value) -> str:
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return f"float({str(value)!r})"
    if isinstance(value, list):
        return "[" + ", ".join(source(v) for v in value) + "]"
    return repr(value)


def repro(name: str, kwargs: dict) -> str:
    """The call as Python: ``KINDS`` is benchmarks.scanner_kinds.KINDS."""
    namespace, rest = name.split("::")
    op, _, overload = rest.partition(".")
    args = ", ".join(f"{k}={source(v)}" for k, v in kwargs.items())
    return f"torch.ops.{namespace}.{op}.{overload or 'default'}({args})"


def written_returns(op) -> list[tuple[int, str]]:
    """(return index, argument name) for each return its schema says is a written argument (out=, in-place)."""
    schema = op._schema
    names = {frozenset(a.alias_info.before_set): a.name for a in schema.arguments if a.alias_info is not None and a.alias_info.is_write}
    return [(i, names[frozenset(r.alias_info.before_set)]) for i, r in enumerate(schema.returns)
            if r.alias_info is not None and frozenset(r.alias_info.before_set) in names]


def check(name: str, op, kwargs: dict, pass_name: str) -> tuple[list, bool]:
    """(the bugs one call shows as (op, kind, detail), whether the op took the call)."""
    args = {k: built(v) for k, v in kwargs.items()}
    result = run_call(Call(name, op, (), args, source="schema"))
    bugs = [(f.aten_op, f.invariant, json.dumps(f.detail, default=str)[:300]) for f in result.findings
            if not (f.invariant == "internal_assert" and f.detail.get("private"))]
    if pass_name == "out" and result.valid:
        fresh = {k: built(v) for k, v in kwargs.items()}  # the checked call's own result is gone: call it again
        out = op(**fresh)
        outs = out if isinstance(out, (tuple, list)) else (out,)
        for index, arg in written_returns(op):
            if isinstance(kwargs.get(arg), Tensor) and index < len(outs):
                if outs[index] is not fresh[arg]:
                    # the oracle's name for it (written_not_returned): one bug, whichever pass sees it
                    bugs.append((name, "written_not_returned", f"return {index} is not argument {arg}"))
    return bugs, result.valid


def child(names: list[str], draws: int, first: int, seed: int, pass_name: str, kinds: list[str], out_fd: int, scratch: str) -> int:
    """Run draws ``first..draws`` of each overload, one JSON line before each call and one after it, in ``scratch``:
    a drawn string is a file name to some ops (aten::from_file with shared=True makes a file of the drawn size)."""
    os.chdir(scratch)
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)  # torch's warnings and a dying kernel's words: the wait status is the answer
    faulthandler.disable()  # (it writes to a copy of stderr of its own)
    warnings.simplefilter("ignore")
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    used = int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (used + MEMORY_LIMIT, hard))
    with os.fdopen(out_fd, "w", buffering=1) as out:
        for name in names:
            op = catalog.overload_from_name(name)
            params = parameters(op._schema)
            for i in range(first, draws):
                kwargs = Draw(random.Random(f"{seed}:{pass_name}:{name}:{i}"), kinds).call(params)
                out.write(json.dumps({"start": [name, i], "repro": repro(name, kwargs)}) + "\n")
                try:
                    bugs, valid = check(name, op, kwargs, pass_name)
                except Exception as e:  # noqa: BLE001: the op's own error outside the checks (a rejection), never the scan's end
                    bugs, valid = [], False
                    if ASSERT_MARK in str(e) and not name.split("::")[-1].startswith("_"):  # as runner.internal_assert has it
                        bugs = [(name, "internal_assert", str(e).splitlines()[0][:300])]
                out.write(json.dumps({"done": [name, i], "bugs": bugs, "valid": valid}) + "\n")
            first = 0
    return 0


def warm_up() -> None:
    """What the first checked call and the first tensor of each kind set up (two seconds and more), done once here
    before any fork: else each child pays it, and its first call can look like a hang."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for build in KINDS.values():
            build()
        run_call(Call("aten::add.Tensor", torch.ops.aten.add.Tensor, (torch.ones(2), torch.ones(2)), source="schema"))
        torch.ops.prims.sinh.default(torch.ones(2))  # the prims' first call imports their references: ten seconds


class Scan:
    """The parent: forks a child per batch of overloads, reads what it starts, and logs each distinct bug once."""

    def __init__(self, log_path: str, seed: int, budget: float, ledger=None):
        self.seed, self.budget, self.start = seed, budget, time.monotonic()
        self.ledger = ledger if ledger is not None else ledgers.load_or_empty()
        self.log = open(log_path, "w", buffering=1)
        self.seen: set = set()
        self.calls = self.valid = 0
        self.scratch = tempfile.mkdtemp(prefix="baseline-scan-")
        warm_up()

    def close(self) -> None:
        self.log.close()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def found(self, op: str, kind: str, detail: str, repro_text: str, pass_name: str) -> None:
        if (op, kind) in self.seen:
            return
        self.seen.add((op, kind))
        invariant = kind.split(":")[0]
        known = self.ledger.match({"aten_op": op, "invariant": invariant, "inputs": {}, "detail": {}}) is not None
        self.write({"type": "bug", "op": op, "kind": kind, "seconds": round(self.elapsed(), 2), "known": known,
                    "pass": pass_name, "detail": detail, "repro": repro_text})

    def write(self, record: dict) -> None:
        self.log.write(json.dumps(record) + "\n")

    def run_pass(self, pass_name: str, names: list[str], kinds: list[str], batch: int = 8) -> None:
        """Every overload's draws, ``batch`` overloads a child, until the pass's share of the budget is spent."""
        draws, deadline = DRAWS[pass_name], self.budget * SHARE[pass_name]
        queue = [(names[i:i + batch], 0) for i in range(0, len(names), batch)]
        while queue and self.elapsed() < deadline:
            group, first = queue.pop(0)
            stopped = self.run_child(group, draws, first, pass_name, kinds, deadline)
            if stopped is not None:  # the call that crashed or hung: go on after it
                name, i = stopped
                rest = group[group.index(name):]
                if i + 1 < draws:
                    queue.insert(0, (rest, i + 1))
                elif len(rest) > 1:
                    queue.insert(0, (rest[1:], 0))

    def run_child(self, names, draws, first, pass_name, kinds, deadline, confirming=False):
        """(overload, draw) of the call the child crashed or hung in, or None. A call past CALL_TIMEOUT_S runs again
        alone with three times as long (a loaded box is not a hang); a crash is a crash the first time."""
        timeout = CALL_TIMEOUT_S * (3 if confirming else 1)
        read, write = os.pipe()

        def body() -> int:
            os.close(read)
            return child(names, draws, first, self.seed, pass_name, kinds, write, self.scratch)

        pid = child_process.start(body)
        os.close(write)
        started, buffer, last, since = None, b"", None, time.monotonic()
        with os.fdopen(read, "rb", buffering=0) as pipe:
            while True:
                ready = select.select([pipe], [], [], 0.2)[0]
                chunk = pipe.read(1 << 16) if ready else None
                if chunk == b"":
                    break
                if chunk:
                    buffer += chunk
                    *lines, buffer = buffer.split(b"\n")
                    for line in lines:
                        started, last, since = self.read_line(json.loads(line), started, last, pass_name)
                if time.monotonic() - since > timeout or self.elapsed() > deadline:
                    child_process.kill(pid)
                    child_process.wait(pid)
                    if started is None or self.elapsed() > deadline:
                        return None
                    if confirming:  # slow twice, alone in a fresh child the second time: a hang
                        self.found(started[0], "hang", f"over {timeout:g} s twice", last, pass_name)
                    else:
                        self.run_child([started[0]], started[1] + 1, started[1], pass_name, kinds, deadline, confirming=True)
                    return started
        status = child_process.wait(pid)
        if started is not None:  # it ended inside a call
            how = child_process.ChildExit(status)
            if how.signal is not None:
                self.found(started[0], f"crash:{how.signal_name}", how.how, last, pass_name)
            else:
                self.write({"type": "scanner_error", "op": started[0], "how": how.how, "repro": last})
            return started
        return None

    def read_line(self, record: dict, started, last, pass_name):
        now = time.monotonic()
        if "start" in record:
            return tuple(record["start"]), record["repro"], now
        self.calls += 1
        self.valid += record["valid"]
        for op, kind, detail in record["bugs"]:
            self.found(op, kind, detail, last, pass_name)
        return None, last, now

    def run(self, names: list[str]) -> None:
        shuffled = sorted(names)
        random.Random(self.seed).shuffle(shuffled)
        self.write({"type": "run", "seed": self.seed, "budget": self.budget, "targets": len(shuffled), "torch": torch.__version__})
        self.run_pass("main", shuffled, SCANNED)
        mkldnn = [n for n in shuffled if catalog.has_kernel(catalog.overload_from_name(n), "MkldnnCPU")]
        self.run_pass("mkldnn", mkldnn, [*MKLDNN, *DENSE])
        self.run_pass("out", [n for n in shuffled if written_returns(catalog.overload_from_name(n))], SCANNED)
        self.write({"type": "end", "seconds": round(self.elapsed(), 2), "calls": self.calls, "valid": self.valid,
                    "bugs": len(self.seen)})
        self.close()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.baseline_scanner", description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=float, default=600.0, help="seconds (default 600)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log", default="baseline_scan.jsonl")
    p.add_argument("--ops", default="", help="comma-separated overloads (default: every sweep target)")
    p.add_argument("--import", dest="imports", action="append", default=[], help="a module that registers ops")
    args = p.parse_args(argv)
    for module in args.imports:
        __import__(module)
    torch.set_num_threads(1)
    names = [n for n in args.ops.split(",") if n] or targets()
    scan = Scan(args.log, args.seed, args.budget)
    scan.run(names)
    print(f"{len(scan.seen)} distinct bugs in {scan.calls} calls ({scan.valid} valid), log {args.log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
