"""Custom ops that fail a TORCH_INTERNAL_ASSERT on 2-d inputs: one public, one private (leading underscore).

Imported by fuzz workers through ``opprop fuzz --import internal_assert_ops``.
"""
import torch

LIB = torch.library.Library("opprop_asserts", "DEF")
LIB.define("checked(Tensor x) -> Tensor")
LIB.define("_unchecked(Tensor x) -> Tensor")
MESSAGE = 'x.dim() != 2 INTERNAL ASSERT FAILED at "opprop_asserts.cpp":7, please report a bug to PyTorch.'


def _impl(x):
    if x.dim() == 2:
        raise RuntimeError(MESSAGE)
    return x * 2


for name in ("checked", "_unchecked"):
    LIB.impl(name, _impl, "CompositeExplicitAutograd")
