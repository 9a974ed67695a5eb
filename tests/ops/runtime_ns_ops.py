"""A custom op whose namespace this file never spells out: the name is joined at run time.

A source scan for ``Library("ns", ...)`` cannot find which module registers
it, as with the ops a C extension registers (torchvision's): its crash
repros must import this module (``--import runtime_ns_ops``) instead of
inlining its source. ``double`` is its public entry point.
"""
import ctypes

import torch

NAMESPACE = "_".join(["opprop", "runtime", "ns"])
LIB = torch.library.Library(NAMESPACE, "DEF")
LIB.define("segv(Tensor x) -> Tensor")


def _segv(x):
    if x.dim() >= 1 and x.shape[0] == 3:
        ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2


LIB.impl("segv", _segv, "CPU")
_SEGV = getattr(torch.ops, NAMESPACE).segv


def double(x):
    """The public function: twice ``x``, through the op."""
    return _SEGV(x)
