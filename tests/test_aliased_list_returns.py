"""undeclared_alias on a list return declared Tensor(a)[]: its elements may overlap each other, and no pair of them is
read, so a call returning tens of thousands of views is checked in linear time. aten::tensor_split.sections with
sections=65537 (a CompositeImplicitAutograd op, checked around its whole call) was reported as a 30 s hang by both
#51 sweeps: the check compared every pair of its 65537 outputs (2e9 pairs), while the op alone returns in 0.5 s."""
import time

import torch

from opprop.core.calls import Call
from opprop.check.runner import run_call

LIB = torch.library.Library("opprop_list_alias_test", "DEF")
LIB.define("many_views(Tensor(a -> *) x) -> Tensor(a)[]")  # legal: every element a view of x, as split declares
LIB.define("views_and_alias(Tensor(a -> *) x) -> (Tensor(a)[], Tensor)")  # the second output aliases x, undeclared
LIB.impl("many_views", lambda x: list(x.split(1)), "CompositeImplicitAutograd")
LIB.impl("views_and_alias", lambda x: (list(x.split(1)), x.view(-1)), "CompositeImplicitAutograd")
ops = torch.ops.opprop_list_alias_test

MANY = 20_000  # 2e8 pairs: over a minute with every pair read; a second or two without


def _found(fn, *args):
    result = run_call(Call("c", fn, args))
    assert result.error is None, result.error
    return [(f.invariant, f.output_index, f.detail.get("contract"), f.detail.get("overlaps"), f.detail.get("overlaps_output"))
            for f in result.findings]


def test_a_long_list_of_declared_views_is_checked_without_reading_every_pair():
    start = time.monotonic()
    assert _found(ops.many_views.default, torch.zeros(MANY)) == []
    assert time.monotonic() - start < 20


def test_an_undeclared_alias_between_a_list_element_and_another_output_is_still_found():
    found = _found(ops.views_and_alias.default, torch.zeros(3))
    assert ("outer_contract", 1, "undeclared_alias", "x", None) in found
    assert ("outer_contract", 0, "undeclared_alias", None, 1) in found
