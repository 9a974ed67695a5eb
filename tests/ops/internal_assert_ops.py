"""Custom ops that fail a TORCH_INTERNAL_ASSERT on 2-d inputs: one public, one private (leading underscore); and
one that asserts on integers and refuses complex inputs.

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


# A private op whose integral inputs fail an internal assert and whose complex inputs are refused: what a learner of
# refusals must tell apart (the assert is a bug to keep drawing; the refusal is an input to avoid).
# Its own namespace, so runs over ``opprop_asserts::*`` stay as they were.
BUG_OR_REFUSAL = torch.library.Library("opprop_bug_or_refusal", "DEF")
BUG_OR_REFUSAL.define("_asserts_on_integers(Tensor x) -> Tensor")


def _asserts_on_integers(x):
    if not (x.is_floating_point() or x.is_complex() or x.dtype == torch.bool):
        raise RuntimeError('isFloatingType(x.scalar_type()) INTERNAL ASSERT FAILED at "opprop_asserts.cpp":21, please report a bug to PyTorch.')
    if x.is_complex():
        raise RuntimeError('"asserts_on_integers" not implemented for \'ComplexFloat\'')
    return x * 2


BUG_OR_REFUSAL.impl("_asserts_on_integers", _asserts_on_integers, "CompositeExplicitAutograd")
