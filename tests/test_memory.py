"""Exact overlap and element-wise mutation answers where the cheap screens over-report."""
import itertools

import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.check.memory import elements_equal_bytes, exact_overlap
from opprop.check.runner import run_call

aten = torch.ops.aten


def test_interleaved_column_chunks_do_not_overlap():
    x = torch.arange(24.0).reshape(2, 12)
    a, b, c = x.split(4, 1)
    assert torch._C._overlaps(a, c)  # the screen's conservative answer
    assert not exact_overlap(a, c)
    assert exact_overlap(a, x[:, 2:6])


def test_inplace_op_on_one_chunk_reads_clean_gru_gates():
    # GRU's cell multiplies one chunk of a gate buffer in place by another chunk of the same buffer
    x = torch.arange(24.0).reshape(2, 12)
    a, _, c = x.split(4, 1)
    result = run_call(Call("gru-gates", aten.mul_.Tensor, (c, a)), snapshot_data="all")
    assert result.error is None
    assert result.findings == []


def test_overlap_with_the_written_argument_is_legal():
    # a shares columns 8 and 9 with self, which mul_ writes: a may change and the output may overlap it
    x = torch.arange(24.0).reshape(2, 12)
    c, a = x[:, 8:12], x[:, 6:10]
    result = run_call(Call("overlap", aten.mul_.Tensor, (c, a)), snapshot_data="all")
    assert result.error is None and result.findings == []


def test_real_overlap_with_a_read_only_chunk_is_still_caught():
    import custom_ops

    # alias_other may alias x only; it returns a view of y, a chunk of a buffer x does not share
    y = torch.arange(24.0).reshape(2, 12)[1, 4:12]
    result = run_call(Call("overlap", custom_ops.ops.alias_other.default, (torch.ones(8), y)), snapshot_data="all")
    assert [f.detail for f in result.findings if f.invariant == catalog.UNDECLARED_ALIAS] == [{"overlaps": "y"}]


def test_elements_equal_bytes_ignores_gaps():
    import ctypes

    x = torch.arange(8, dtype=torch.int32)
    strided = x[::2]
    raw = ctypes.string_at(strided.data_ptr(), (2 * 3 + 1) * 4)
    x[1] = 100  # a gap, not an element of `strided`
    assert elements_equal_bytes(raw, strided)
    x[2] = 100  # an element
    assert not elements_equal_bytes(raw, strided)


def test_quint4x2_snapshot_stays_inside_its_storage():
    q = torch.quantize_per_channel(
        torch.ones(2, 4), torch.ones(2), torch.zeros(2), 0, torch.quint4x2
    )
    for _ in range(20):
        result = run_call(Call("int_repr", aten.int_repr.default, (q,)), snapshot_data="all")
        assert result.error is None
        assert result.findings == []


def bytes_touched(t: torch.Tensor) -> set:
    """Every byte offset into the storage that ``t``'s elements occupy, from its sizes, strides, storage offset
    and itemsize alone (an oracle independent of ``memory``'s helpers)."""
    item = t.element_size()
    touched = set()
    for index in itertools.product(*(range(n) for n in t.shape)):
        start = (t.storage_offset() + sum(i * s for i, s in zip(index, t.stride()))) * item
        touched.update(range(start, start + item))
    return touched


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_exact_overlap_agrees_with_comparing_every_byte(data):
    """The extent shortcuts (disjoint extents; a tensor that fills its extent) give the byte-set answer, also
    between two dtypes on one storage."""
    buffer = torch.zeros(64, dtype=data.draw(st.sampled_from([torch.uint8, torch.float32, torch.int64])))

    def view():
        base = buffer.view(data.draw(st.sampled_from([buffer.dtype, torch.uint8, torch.int16])))
        ndim = data.draw(st.integers(1, 3))
        shape = tuple(data.draw(st.integers(1, 4)) for _ in range(ndim))
        stride = tuple(data.draw(st.integers(0, 6)) for _ in range(ndim))
        span = sum((n - 1) * s for n, s in zip(shape, stride)) + 1
        offset = data.draw(st.integers(0, base.numel() - span)) if span <= base.numel() else None
        assume(offset is not None)
        return base.as_strided(shape, stride, offset)

    a, b = view(), view()
    assert exact_overlap(a, b) == bool(bytes_touched(a) & bytes_touched(b))


def test_a_view_of_the_whole_input_overlaps_it_and_a_later_slice_does_not():
    x = torch.arange(24.0).reshape(4, 6)
    assert exact_overlap(x.view(24), x)
    assert exact_overlap(x[:, ::2], x[1])  # gapped against dense: element 6 is in row 1
    assert not exact_overlap(x[:2, ::2], x[2:])  # extents apart
    assert not exact_overlap(x[:, ::2], x[:, 1::2])  # both gapped, interleaved
