"""torch.library ops around a packed weight (tests/test_producers.py): ``pack`` makes a quantized
``LinearPackedParamsBase`` from a tensor, and ``apply`` takes one and returns its tensor argument itself (returns_input,
under a schema that declares a fresh output); its ``apply_ok`` twin returns a copy. ``pack`` is the simplest producer of
the class (one argument), so a fresh draw of ``apply`` makes its packed weight with it first. ``segv`` takes one too
and dies reading address 0 (SIGSEGV): its crash repro must make the packed weight by calling ``pack``."""
import ctypes

import torch

LIB = torch.library.Library("opprop_packed", "DEF")
PACKED = "__torch__.torch.classes.quantized.LinearPackedParamsBase"


def _pack(w):
    features = max(1, w.numel())  # any drawn tensor packs: a 1 x numel int8 weight
    return torch.ops.quantized.linear_prepack(torch.quantize_per_tensor(torch.zeros(1, features), 1.0, 0, torch.qint8), None)


def _segv(packed, x):
    ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2


def _apply(packed, x, fixed):
    return x.clone() if fixed else x


LIB.define(f"pack(Tensor w) -> {PACKED}")
LIB.impl("pack", _pack, "CompositeExplicitAutograd")
LIB.define(f"segv({PACKED} packed, Tensor x) -> Tensor")
LIB.impl("segv", _segv, "CompositeExplicitAutograd")
for _fixed in (False, True):
    _op = "apply" + ("_ok" if _fixed else "")
    LIB.define(f"{_op}({PACKED} packed, Tensor x) -> Tensor")
    LIB.impl(_op, (lambda fixed: lambda packed, x: _apply(packed, x, fixed))(_fixed), "CompositeExplicitAutograd")
