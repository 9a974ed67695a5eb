"""undeclared_alias on a list return declared Tensor(a)[]: its elements may overlap each other, and no pair of them is
read, so a call returning tens of thousands of views is checked in linear time. aten::tensor_split.sections with
sections=65537 (a CompositeImplicitAutograd op, checked around its whole call) was reported as a 30 s hang by both
#51 sweeps: the check compared every pair of its 65537 outputs (2e9 pairs), while the op alone returns in 0.5 s.
The elements of a list not declared aliased are compared where their bytes may meet (a sort and a sweep), and a call's
findings are looked up once (its signature holds split_with_sizes' 65537 sizes): two more false hangs of the scan."""
import time

import torch

from opprop.core.calls import Call
from opprop.check.runner import run_call

LIB = torch.library.Library("opprop_list_alias_test", "DEF")
LIB.define("many_views(Tensor(a -> *) x) -> Tensor(a)[]")  # legal: every element a view of x, as split declares
LIB.define("views_and_alias(Tensor(a -> *) x) -> (Tensor(a)[], Tensor)")  # the second output aliases x, undeclared
LIB.impl("many_views", lambda x: list(x.split(1)), "CompositeImplicitAutograd")
LIB.impl("views_and_alias", lambda x: (list(x.split(1)), x.view(-1)), "CompositeImplicitAutograd")
# two outputs of one fresh buffer: sharing a byte (undeclared), apart, and interleaved (their extents meet, no byte shared)
for name, parts in (("overlapping", lambda y: (y[0:2], y[1:3])), ("apart", lambda y: (y[0:2], y[2:4])),
                    ("interleaved", lambda y: (y[0::2], y[1::2]))):
    LIB.define(f"{name}(Tensor x) -> (Tensor, Tensor)")
    LIB.impl(name, lambda x, parts=parts: parts(x.clone()), "CPU")
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


def test_an_empty_tensor_chunked_into_65537_pieces_is_checked_in_seconds_not_taken_for_a_hang():
    # the scan's "hang": unsafe_chunk (composite: split_with_sizes below it) on a [0, 3] tensor, over 120 s in the checks
    start = time.monotonic()
    found = _found(torch.ops.aten.unsafe_chunk.default, torch.zeros(0, 3), 65537)
    assert time.monotonic() - start < 20
    assert found and {f[0] for f in found} == {"storageimpl_use_count"}  # every piece shares the input's storage: ledgered


def test_outputs_that_share_a_byte_are_found_and_apart_or_interleaved_ones_are_not():
    assert ("undeclared_alias", 0, None, None, 1) in _found(ops.overlapping.default, torch.zeros(4))
    for legal in (ops.apart.default, ops.interleaved.default):
        assert not [f for f in _found(legal, torch.zeros(4)) if f[0] == "undeclared_alias"]


def test_a_storage_argument_is_described_without_its_bytes():
    # set_ onto a storage grown to 26 MB: describing the call printed every byte of it (a minute, a false hang)
    from opprop.core.descriptions import describe_value

    assert describe_value(torch.zeros(3).untyped_storage()) == {"storage": True, "nbytes": 12, "device": "cpu"}
    start = time.monotonic()
    result = run_call(Call("c", torch.ops.aten.set_.source_Tensor_storage_offset, (torch.zeros(2, 3), torch.zeros(2, 3), 4, [65537, 100])))
    assert result.error is None and result.findings
    assert time.monotonic() - start < 20
