"""Custom ops that crash only on some inputs, for the crash-repro tests; torch only, so a repro can inline this file.

``opprop_zero::scale`` segfaults on a zero-size input (a kernel that reads
address 0, as a bad ``data_ptr()`` would). ``OPPROP_ZERO_SIZE_FIXED=1``
registers it fixed: the same op that returns. ``opprop_zero::two_ways``
dies with SIGFPE on one element and SIGSEGV on none, so a shrinker that
accepted any crash would walk from one to the other.
``opprop_zero::second_call`` raises on its first call in a process and
segfaults on every later one, as c10d's ``send`` to a rank past a
one-process group does (the first call times out, the next one uses the
connection it left half made). ``opprop_zero::aborts`` dies with SIGABRT
on any input, as heap damage that glibc notices does.
"""
import ctypes
import os
import signal

import torch

FIXED = os.environ.get("OPPROP_ZERO_SIZE_FIXED") == "1"

LIB = torch.library.Library("opprop_zero", "DEF")
LIB.define("scale(Tensor x) -> Tensor")
LIB.define("two_ways(Tensor x) -> Tensor")
LIB.define("second_call(Tensor x) -> Tensor")
LIB.define("aborts(Tensor x) -> Tensor")
CALLS = []  # second_call's calls in this process


def _scale(x):
    if x.numel() == 0 and not FIXED:
        ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2


def _two_ways(x):
    if x.numel() == 1:
        os.kill(os.getpid(), signal.SIGFPE)
    if x.numel() == 0:
        ctypes.string_at(0)
    return x * 2


def _second_call(x):
    CALLS.append(1)
    if len(CALLS) == 1:
        raise RuntimeError("no peer answered (the first call)")
    ctypes.string_at(0)
    return x * 2


def _aborts(x):
    os.abort()
    return x


LIB.impl("scale", _scale, "CPU")
LIB.impl("two_ways", _two_ways, "CPU")
LIB.impl("second_call", _second_call, "CPU")
LIB.impl("aborts", _aborts, "CPU")
