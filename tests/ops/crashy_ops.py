"""Custom ops that crash, hang, or break an invariant only on one input, with edge generators to reach them.

Imported by fuzz workers through ``opprop fuzz --import crashy_ops``: the
fuzzer must survive the segfault and the hang, record each with the input
that caused it, and save the rare failure to the example database.
"""
import ctypes
import os
import time

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call
from opprop.generators import edge_generator

LIB = torch.library.Library("opprop_crashy", "DEF")
LIB.define("segv(Tensor x) -> Tensor")
LIB.define("hang(Tensor x) -> Tensor")
LIB.define("rare_hold(Tensor x) -> Tensor")
LIB.define("hold_then_hang(Tensor x) -> Tensor")
LIB.define("two_faults(Tensor x) -> Tensor")  # two bugs: a segfault on one length, an abort on another
HELD = []
SEGV_LENGTH = 3
HANG_LENGTH = 2
RARE_LENGTH = 37
ABORT_LENGTH = 5


def _segv(x):
    if x.shape[0] == SEGV_LENGTH:
        ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2


def _hang(x):
    if x.shape[0] == HANG_LENGTH:
        while True:
            time.sleep(1)
    return x * 2


def _rare_hold(x):
    y = x + 1
    if x.shape[0] == RARE_LENGTH:
        HELD.append(y)  # use_count 2 on this length only
    return y


def _two_faults(x):
    if x.shape[0] == SEGV_LENGTH:
        ctypes.string_at(0)  # SIGSEGV
    if x.shape[0] == ABORT_LENGTH:
        os.abort()  # SIGABRT: a second fault, found only if the first does not end the op's share
    return x * 2


def _hold_then_hang(x):
    """Holds its first two outputs (use_count 2: a finding each), then hangs, after creating $CRASHY_HANG_MARKER."""
    CALLS[0] += 1
    if CALLS[0] > 2:
        if os.environ.get("CRASHY_HANG_MARKER"):
            open(os.environ["CRASHY_HANG_MARKER"], "w").close()
        while True:
            time.sleep(1)
    y = x + 1
    HELD.append(y)
    return y


CALLS = [0]
for _name, _fn in [("segv", _segv), ("hang", _hang), ("rare_hold", _rare_hold), ("hold_then_hang", _hold_then_hang),
                  ("two_faults", _two_faults)]:
    LIB.impl(_name, _fn, "CPU")

ops = torch.ops.opprop_crashy


def _calls(op, name, lengths):
    return lengths.map(lambda n: Call(f"opprop_crashy::{name}", op, (torch.zeros(n),), source=f"crashy.{name}"))


def _generator(name, lengths):
    op = getattr(ops, name).default

    @edge_generator(f"crashy.{name}", targets=(f"opprop_crashy::{name}",), strategy=lambda device: _calls(op, name, lengths))
    def samples(device):
        """One harmless call (length 1)."""
        yield Call(f"opprop_crashy::{name}", op, (torch.zeros(1),), source=f"crashy.{name}")

    return samples


_generator("segv", st.integers(1, 6))
_generator("hang", st.integers(1, 6))
_generator("rare_hold", st.integers(0, 200))
_generator("hold_then_hang", st.integers(1, 6))
_generator("two_faults", st.integers(1, 6))
