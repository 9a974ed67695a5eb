"""A torch.library op with two faults, each on its own kind of input: a run of it meets two distinct failures.

``two_faults(x)`` hands back its input when ``x`` is floating point and, for
any other dtype, writes into ``x`` (declared read-only) and returns a copy.
Hypothesis tells the two apart (one failure class per set of findings), so
its final replay runs two failing examples, not one.
"""
import torch

LIB = torch.library.Library("opprop_two", "DEF")
LIB.define("two_faults(Tensor x) -> Tensor")


def _two_faults(x):
    if x.is_floating_point():
        return x
    x.add_(1)
    return x + 0


LIB.impl("two_faults", _two_faults, "CPU")
