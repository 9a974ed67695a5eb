"""Small custom ops registered with torch.library that break one invariant each, on purpose.

Where no real torch op breaks an invariant on this torch, these show the
check catching it; the ``fixed_*`` twins show it going quiet once fixed.
"""
import torch

LIB = torch.library.Library("opprop_test", "DEF")
HELD = []  # what hold_output keeps alive, as a quantizer keeps its scales

LIB.define("hold_output(Tensor x) -> Tensor")
LIB.define("return_input(Tensor x) -> Tensor")
LIB.define("alias_input(Tensor x) -> Tensor")
LIB.define("mutate_input(Tensor x) -> Tensor")
LIB.define("clean(Tensor x) -> Tensor")
LIB.define("alias_other(Tensor(a) x, Tensor y) -> Tensor(a)")  # a view op that aliases the wrong input
LIB.define("one_tensor_twice(Tensor x) -> (Tensor, Tensor)")  # a fresh tensor in both output slots


def _hold_output(x):
    y = x + 1
    HELD.append(y)
    return y


def _return_input(x):
    return x


def _alias_input(x):
    return x.view(-1)


def _mutate_input(x):
    x.add_(1)  # the schema says x is read-only
    return x + 0


def _alias_other(x, y):
    return y.view(-1)


def _one_tensor_twice(x):
    y = x + 1
    return y, y


def _clean(x):
    return x * 2


for name, fn in [
    ("hold_output", _hold_output),
    ("return_input", _return_input),
    ("alias_input", _alias_input),
    ("mutate_input", _mutate_input),
    ("clean", _clean),
    ("alias_other", _alias_other),
    ("one_tensor_twice", _one_tensor_twice),
]:
    LIB.impl(name, fn, "CPU")

ops = torch.ops.opprop_test
