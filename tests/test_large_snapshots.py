"""Large inputs are digested or snapshotted into kept buffers: a write is still found, and only a write.

The hot path reads an input's bytes before the call and compares them
after. From ``snapshots.DIGEST_BYTES`` a contiguous input keeps the xxh3-128
digest of its bytes and is digested again after the call; from
``snapshots.KEEP_BUFFERS`` a non-contiguous span is copied into a buffer kept
from an earlier call (free again once no state holds it) and compared with
libc's memcmp. These tests hold both paths to the same answers as the small
one, across many calls that reuse the buffers.
"""
import torch

import opprop
from opprop.check import snapshots
from opprop.core import ledger as ledger_mod

LIB = torch.library.Library("opprop_large", "DEF")
LIB.define("write_last(Tensor x) -> Tensor")  # writes the last element of a read-only input
LIB.impl("write_last", lambda x: (x[-1:].add_(1), x.sum())[-1], "CPU")  # x is 1-D in these tests
LIB.define("read_only(Tensor x) -> Tensor")
LIB.impl("read_only", lambda x: x.sum(), "CPU")
LIB.define("write_second(Tensor a, Tensor b) -> Tensor")  # writes the last element of b, declared read-only
LIB.impl("write_second", lambda a, b: (b[-1:].add_(1), a.sum())[-1], "CPU")
EMPTY = ledger_mod.Ledger(None, {})
LARGE = snapshots.KEEP_BUFFERS // 4 + 1  # float32 elements: just past the threshold
assert snapshots.DIGEST_BYTES <= LARGE * 4


def _strided(n: int) -> torch.Tensor:
    """n float32 elements every other one of a buffer: a span of 2n - 1 elements with gaps (copied, never digested)."""
    return torch.randn(n, 2)[:, 0]


def _span(t: torch.Tensor) -> int:
    return ((t.numel() - 1) * t.stride(0) + 1) * t.element_size()


def _mutations(found) -> list:
    return [f for f in found.findings if f.invariant == "undeclared_mutation"]


def test_a_write_to_the_last_byte_of_a_large_input_is_found_on_every_call():
    for x in (torch.randn(LARGE), _strided(LARGE)):  # digested, copied
        with opprop.checking(ledger=EMPTY) as found:
            for _ in range(5):
                torch.ops.opprop_large.write_last(x)
        (mutation,) = _mutations(found)
        assert mutation.detail == {"argument": "x", "changed": "data"}
        assert mutation.occurrences == 5


def test_a_large_contiguous_input_keeps_a_digest_that_answers_changed_to_one_bit():
    x = torch.randn(LARGE)
    (state,), _ = snapshots.take_states([(0, x)], (), True)
    digest = state[1]
    assert type(digest) is snapshots.Digest and len(digest) == x.nbytes
    assert snapshots.same_bytes(x.data_ptr(), digest) and snapshots.unchanged(state, x)
    for k, bit in ((0, 1), (LARGE - 1, -(2**31))):  # the first byte's lowest bit, the last byte's highest
        flipped = x.clone()
        flipped.view(torch.int32)[k] ^= bit
        assert not snapshots.same_bytes(flipped.data_ptr(), digest)
    small = torch.randn(snapshots.DIGEST_BYTES // 4 - 1)
    assert type(snapshots.take_states([(0, small)], (), True)[0][0][1]) is bytes  # below the threshold: the bytes


def test_a_write_to_the_gap_of_a_large_strided_input_is_not_its_change():
    base = torch.randn(LARGE, 2)
    x = base[:, 0]
    with opprop.checking(ledger=EMPTY) as found:
        torch.ops.opprop_large.read_only(x)
        torch.add(x, 1, out=base[:, 1])  # writes the gaps of x's span: another tensor's elements
        torch.ops.opprop_large.write_second(base[:, 1], x)
    (mutation,) = _mutations(found)
    assert (mutation.aten_op, mutation.detail) == ("opprop_large::write_second", {"argument": "b", "changed": "data"})


def test_large_inputs_read_by_many_calls_reuse_buffers_and_stay_silent():
    tensors = [_strided(LARGE) for _ in range(3)] + [torch.randn(LARGE)]
    with opprop.checking(ledger=EMPTY, engine="python") as found:  # (the Python mode's buffers, snapshots._kept)
        for _ in range(4):
            for t in tensors:
                torch.ops.opprop_large.read_only(t)
                t.mul(2)
    assert found.findings == []
    assert snapshots.in_use() == 0  # no call holds a buffer once it returned
    assert 1 <= len(snapshots._kept.get(_span(tensors[0]), ())) <= 2  # reused: one per input of a call, not one per call
    assert LARGE * 4 not in snapshots._kept  # the contiguous one was digested


def test_a_kept_buffer_that_something_still_holds_is_not_reused():
    base = torch.randn(LARGE, 2)
    held = base[:, 0]
    n = _span(held)
    state = snapshots.take_states([(0, held)], (), True)[0]
    raw = state[0][1]
    assert type(raw) is snapshots.KeptBuffer and bytes(raw) == base.numpy().tobytes()[:n]
    del state  # `raw` above still holds it: a finding's snapshot, say
    other = snapshots.take_states([(0, _strided(LARGE))], (), True)[0][0][1]
    assert other is not raw
    assert snapshots.same_bytes(held.data_ptr(), raw)
    held[-1] += 1
    assert not snapshots.same_bytes(held.data_ptr(), raw)
    del other
    again = snapshots.take_states([(0, held)], (), True)[0][0][1]
    assert again is not raw  # still held
    del raw
    assert snapshots.take_states([(0, held)], (), True)[0][0][1] in snapshots._kept[n]


def test_one_large_tensor_passed_twice_shares_one_snapshot():
    for x in (torch.randn(LARGE), _strided(LARGE)):  # digested, copied
        states, _ = snapshots.take_states([(1, x), (2, x)], (), True)
        assert states[0] is states[1]  # read once, not twice (addcmul_(grad, grad) in every Adam step)
        y = x.detach()  # another tensor over the same bytes, with the same sizes, offset and version: the same snapshot
        states, _ = snapshots.take_states([(1, x), (2, y)], (), True)
        assert states[0] is states[1]
        states, _ = snapshots.take_states([(1, x), (2, x[1:])], (), True)
        assert states[0] is not states[1] and states[0][1] is not states[1][1]


def test_a_write_to_a_tensor_passed_twice_is_found_and_a_read_is_not():
    for x in (torch.randn(LARGE), _strided(LARGE), torch.randn(16)):
        with opprop.checking(ledger=EMPTY) as found:
            torch.ops.opprop_large.read_only(x)
            torch.addcmul(x, x, x)
            torch.ops.opprop_large.write_second(x, x)
        mutations = _mutations(found)  # a and b are one tensor: both arguments changed
        assert {(f.aten_op, f.detail["argument"], f.detail["changed"]) for f in mutations} == {
            ("opprop_large::write_second", "a", "data"), ("opprop_large::write_second", "b", "data")}, x.shape
        assert snapshots.in_use() == 0
