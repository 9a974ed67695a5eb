"""Large inputs are snapshotted into kept buffers and compared in place: a write is still found, and only a write.

The hot path copies an input's bytes before the call and compares them
after. From ``snapshots.KEEP_BUFFERS`` bytes the copy goes into a buffer
kept from an earlier call (free again once no state holds it) and the compare
is libc's memcmp: these tests hold that path to the same answers as the small
one, across many calls that reuse the buffers.
"""
import torch

import opprop
from opprop.check import snapshots
from opprop.core import ledger as ledger_mod

LIB = torch.library.Library("opprop_large", "DEF")
LIB.define("write_last(Tensor x) -> Tensor")  # writes the last element of a read-only input
LIB.impl("write_last", lambda x: (x.view(-1)[-1:].add_(1), x.sum())[-1], "CPU")
LIB.define("read_only(Tensor x) -> Tensor")
LIB.impl("read_only", lambda x: x.sum(), "CPU")
LIB.define("write_second(Tensor a, Tensor b) -> Tensor")  # writes the last element of b, declared read-only
LIB.impl("write_second", lambda a, b: (b.view(-1)[-1:].add_(1), a.sum())[-1], "CPU")
EMPTY = ledger_mod.Ledger(None, {})
LARGE = snapshots.KEEP_BUFFERS // 4 + 1  # float32 elements: just past the threshold


def _mutations(found) -> list:
    return [f for f in found.findings if f.invariant == "undeclared_mutation"]


def test_a_write_to_the_last_byte_of_a_large_input_is_found_on_every_call():
    x = torch.randn(LARGE)
    with opprop.checking(ledger=EMPTY) as found:
        for _ in range(5):
            torch.ops.opprop_large.write_last(x)
    (mutation,) = _mutations(found)
    assert mutation.detail == {"argument": "x", "changed": "data"}
    assert mutation.occurrences == 5


def test_large_inputs_read_by_many_calls_reuse_buffers_and_stay_silent():
    tensors = [torch.randn(LARGE) for _ in range(3)]
    with opprop.checking(ledger=EMPTY) as found:
        for _ in range(4):
            for t in tensors:
                torch.ops.opprop_large.read_only(t)
                t.mul(2)
    assert found.findings == []
    assert snapshots.in_use() == 0  # no call holds a buffer once it returned
    assert 1 <= len(snapshots._kept.get(LARGE * 4, ())) <= 2  # reused: one per input of a call, not one per call


def test_a_kept_buffer_that_something_still_holds_is_not_reused():
    held = torch.randn(LARGE)
    state = snapshots.take_states([(0, held)], (), True)[0]
    raw = state[0][1]
    assert type(raw) is snapshots.KeptBuffer and bytes(raw) == bytes(held.numpy().tobytes())
    del state  # `raw` above still holds it: a finding's snapshot, say
    other = snapshots.take_states([(0, torch.randn(LARGE))], (), True)[0][0][1]
    assert other is not raw
    assert snapshots.same_bytes(held.data_ptr(), raw)
    held[-1] += 1
    assert not snapshots.same_bytes(held.data_ptr(), raw)
    del other
    again = snapshots.take_states([(0, held)], (), True)[0][0][1]
    assert again is not raw  # still held
    del raw
    assert snapshots.take_states([(0, held)], (), True)[0][0][1] in snapshots._kept[LARGE * 4]


def test_one_large_tensor_passed_twice_shares_one_snapshot():
    x = torch.randn(LARGE)
    states, _ = snapshots.take_states([(1, x), (2, x)], (), True)
    assert states[0] is states[1]  # one copy, not two (addcmul_(grad, grad) in every Adam step)
    y = x.detach()  # another tensor over the same bytes, with the same sizes, offset and version: the same snapshot
    states, _ = snapshots.take_states([(1, x), (2, y)], (), True)
    assert states[0] is states[1]
    states, _ = snapshots.take_states([(1, x), (2, x[1:])], (), True)
    assert states[0] is not states[1] and states[0][1] is not states[1][1]


def test_a_write_to_a_tensor_passed_twice_is_found_and_a_read_is_not():
    for n in (LARGE, 16):
        x = torch.randn(n)
        with opprop.checking(ledger=EMPTY) as found:
            torch.ops.opprop_large.read_only(x)
            torch.addcmul(x, x, x)
            torch.ops.opprop_large.write_second(x, x)
        mutations = _mutations(found)  # a and b are one tensor: both arguments changed
        assert {(f.aten_op, f.detail["argument"], f.detail["changed"]) for f in mutations} == {
            ("opprop_large::write_second", "a", "data"), ("opprop_large::write_second", "b", "data")}, n
        assert snapshots.in_use() == 0
