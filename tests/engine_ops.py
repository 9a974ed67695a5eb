"""torch.library ops around a packed weight that run only under another quantized engine than the default
(tests/test_quantized_engine.py), as ``quantized::conv2d_add`` runs only under onednn: ``pack`` makes a
``LinearPackedParamsBase`` and notes the engine it ran under; ``apply`` refuses a call unless it runs under the engine
its weight was packed under, and that engine is not the default, then returns its tensor argument itself (returns_input,
under a schema that declares a fresh output); its ``apply_ok`` twin returns a copy."""
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


def _apply(packed, x, fixed):
    engine = torch.backends.quantized.engine
    if engine == DEFAULT or _PACKED_UNDER.get(hash(packed)) != engine:
        raise RuntimeError(f"Didn't find engine for operation opprop_engine::apply {engine}")
    return x.clone() if fixed else x


LIB.define(f"pack(Tensor w) -> {PACKED}")
LIB.impl("pack", _pack, "CompositeExplicitAutograd")
for _fixed in (False, True):
    _op = "apply" + ("_ok" if _fixed else "")
    LIB.define(f"{_op}({PACKED} packed, Tensor x) -> Tensor")
    LIB.impl(_op, (lambda fixed: lambda packed, x: _apply(packed, x, fixed))(_fixed), "CompositeExplicitAutograd")
