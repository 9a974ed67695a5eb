"""Custom ops that crash only on some inputs, for the crash-repro tests; torch only, so a repro can inline this file.

``opprop_zero::scale`` segfaults on a zero-size input (a kernel that reads
address 0, as a bad ``data_ptr()`` would). ``OPPROP_ZERO_SIZE_FIXED=1``
registers it fixed: the same op that returns. ``opprop_zero::two_ways``
dies with SIGFPE on one element and SIGSEGV on none, so a shrinker that
accepted any crash would walk from one to the other.
"""
import ctypes
import os
import signal

import torch

FIXED = os.environ.get("OPPROP_ZERO_SIZE_FIXED") == "1"

LIB = torch.library.Library("opprop_zero", "DEF")
LIB.define("scale(Tensor x) -> Tensor")
LIB.define("two_ways(Tensor x) -> Tensor")


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


LIB.impl("scale", _scale, "CPU")
LIB.impl("two_ways", _two_ways, "CPU")
