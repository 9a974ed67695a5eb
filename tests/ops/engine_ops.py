"""torch.library ops around a packed weight that run only under another quantized engine than the default
(tests/test_quantized_engine.py), as ``quantized::conv2d_add`` runs only under onednn: ``pack`` makes a
``LinearPackedParamsBase`` and notes the engine it ran under; ``apply`` refuses a call unless it runs under the engine
its weight was packed under, and that engine is not the default, then returns its tensor argument itself (returns_input,
under a schema that declares a fresh output); its ``apply_ok`` twin returns a copy. ``segv`` dies reading address 0
(SIGSEGV) under the engine its weight was packed under, when that is not the default; its producer ``pack_rows`` reads
its weight's second dim, so a 1-d or 0-d weight raises an IndexError, as quantized::linear_prepack's does."""
import ctypes

import torch

DEFAULT = torch.backends.quantized.engine  # a fresh interpreter's (the module is inlined in repros: no opprop import)
LIB = torch.library.Library("opprop_engine", "DEF")
PACKED = "__torch__.torch.classes.quantized.LinearPackedParamsBase"
_PACKED_UNDER: dict = {}  # a packed weight's C++ address -> the engine it was packed under


def _pack(w):
    features = max(1, w.numel())
    packed = torch.ops.quantized.linear_prepack(torch.quantize_per_tensor(torch.zeros(1, features), 1.0, 0, torch.qint8), None)
    _PACKED_UNDER[hash(packed)] = torch.backends.quantized.engine
    return packed


def _pack_rows(w):
    return _pack(w.reshape(w.shape[0], w.shape[1], -1))  # w.shape[1]: IndexError for a 1-d or 0-d weight


def _refuse_another_engine(packed, op):
    engine = torch.backends.quantized.engine
    if engine == DEFAULT or _PACKED_UNDER.get(hash(packed)) != engine:
        raise RuntimeError(f"Didn't find engine for operation opprop_engine::{op} {engine}")


def _apply(packed, x, fixed):
    _refuse_another_engine(packed, "apply")
    return x.clone() if fixed else x


def _segv(packed, x):
    _refuse_another_engine(packed, "segv")
    ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2


LIB.define(f"pack(Tensor w) -> {PACKED}")
LIB.impl("pack", _pack, "CompositeExplicitAutograd")
LIB.define(f"pack_rows(Tensor w) -> {PACKED}")
LIB.impl("pack_rows", _pack_rows, "CompositeExplicitAutograd")
LIB.define(f"segv({PACKED} packed, Tensor x) -> Tensor")
LIB.impl("segv", _segv, "CompositeExplicitAutograd")
for _fixed in (False, True):
    _op = "apply" + ("_ok" if _fixed else "")
    LIB.define(f"{_op}({PACKED} packed, Tensor x) -> Tensor")
    LIB.impl(_op, (lambda fixed: lambda packed, x: _apply(packed, x, fixed))(_fixed), "CompositeExplicitAutograd")
