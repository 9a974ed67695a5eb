"""Each tensor-kind strategy yields its kind."""
import warnings

import torch
from hypothesis import given, settings

from opprop.strategies import kinds

warnings.simplefilter("ignore")


@settings(max_examples=15, deadline=None)
@given(kinds.quantized_tensors())
def test_quantized(t):
    assert t.is_quantized and t.dtype in kinds.QUANTIZED_DTYPES


@settings(max_examples=10, deadline=None)
@given(kinds.nested_tensors())
def test_nested(t):
    assert t.is_nested and t.layout in (torch.jagged, torch.strided)


@settings(max_examples=10, deadline=None)
@given(kinds.sparse_tensors())
def test_sparse(t):
    assert t.layout in (torch.sparse_coo, torch.sparse_csr, torch.sparse_csc, torch.sparse_bsr, torch.sparse_bsc)
    assert t.is_sparse or t.layout != torch.strided


@settings(max_examples=10, deadline=None)
@given(kinds.viewed_tensors())
def test_viewed(t):
    assert t._base is not None or t._opprop_live_view._base is t


def test_every_quantized_dtype_and_scheme_builds():
    for dtype in kinds.QUANTIZED_DTYPES:
        assert kinds.quantized((2, 4), dtype).qscheme() == torch.per_tensor_affine
    for dtype in kinds.PER_CHANNEL_DTYPES:
        assert kinds.quantized((2, 4), dtype, "per_channel", axis=1).q_per_channel_axis() == 1
    for dtype in kinds.FLOAT_QPARAMS_DTYPES:
        q = kinds.quantized((2, 4), dtype, "per_channel_float_qparams")
        assert q.qscheme() == torch.per_channel_affine_float_qparams


def test_the_quantized_edge_generator_builds_through_the_one_builder():
    """One builder per kind: generators/quantized.py has no quantized dtype list or quantize call of its own."""
    import inspect

    from opprop.generators import quantized as family

    source = inspect.getsource(family)
    assert "QUANTIZED_DTYPES =" not in source and "quantize_per_" not in source
    assert family.per_channel(dtype=torch.qint8).dtype == torch.qint8


def test_values_are_deterministic_and_fresh():
    a, b = kinds.values((2, 3)), kinds.values((2, 3))
    assert torch.equal(a, b) and a._base is None


def test_uncoalesced_coo_holds_the_same_values_with_duplicate_indices():
    dense = kinds.values((2, 3))
    t = kinds.make("sparse_coo_uncoalesced", (2, 3))
    assert t.is_sparse and not t.is_coalesced()
    assert t._nnz() == 2 * kinds.make("sparse_coo", (2, 3))._nnz()
    assert torch.equal(t.to_dense(), dense)
