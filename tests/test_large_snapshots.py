"""Large inputs are snapshotted into kept buffers and compared in place: a write is still found, and only a write.

The hot path copies an input's bytes before the call and compares them
after. From ``snapshots.KEEP_BUFFERS`` bytes the copy goes into a buffer
kept from an earlier call and the compare is libc's memcmp: these tests hold
that path to the same answers as the small one, across many calls that
reuse the buffers.
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
    assert snapshots.lent[0] == 0  # every buffer came back
    assert len(snapshots._kept.get(LARGE * 4, ())) >= 1


def test_a_kept_buffer_that_something_still_holds_is_not_reused():
    held = torch.randn(LARGE)
    state = snapshots.take_states([(0, held)], (), True)[0]
    raw = state[0][1]
    assert type(raw) is bytearray and bytes(raw) == bytes(held.numpy().tobytes())
    kept_before = len(snapshots._kept.get(len(raw), ()))
    snapshots.give_back(state)  # `raw` above still holds it
    assert len(snapshots._kept.get(len(raw), ())) == kept_before
    assert snapshots.same_bytes(held.data_ptr(), raw)
    held[-1] += 1
    assert not snapshots.same_bytes(held.data_ptr(), raw)
