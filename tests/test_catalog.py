"""The catalog classifies ops from their schema and the dispatcher."""
import pytest
import torch

from opprop.check import catalog

aten = torch.ops.aten


@pytest.mark.parametrize(
    "op, kind",
    [
        (aten.add.Tensor, "functional"),
        (aten.add_.Tensor, "inplace"),
        (aten.add.out, "out"),
        (aten.view.default, "view"),
        (aten.transpose.int, "view"),
        (aten.split.Tensor, "view"),
        (aten.q_per_channel_scales.default, "functional"),
    ],
)
def test_kind(op, kind):
    assert catalog.classify(op).kind == kind


def test_invariants_follow_codegen_rules():
    codegen = {catalog.TENSOR_IMPL, catalog.STORAGE_IMPL, catalog.UNDECLARED_ALIAS, catalog.RETURNS_INPUT, catalog.UNDECLARED_MUTATION}
    assert codegen <= set(catalog.classify(aten.add.Tensor).invariants)
    view = catalog.classify(aten.view.default).invariants
    assert catalog.TENSOR_IMPL in view and catalog.STORAGE_IMPL not in view
    inplace = catalog.classify(aten.add_.Tensor).invariants
    assert catalog.TENSOR_IMPL not in inplace and catalog.RETURNS_INPUT not in inplace
    assert catalog.UNDECLARED_MUTATION in inplace


def test_composite_implicit_and_random():
    reshape = catalog.classify(aten.reshape.default)
    assert reshape.composite_implicit and catalog.TENSOR_IMPL not in reshape.invariants
    assert not catalog.classify(aten.add.Tensor).composite_implicit
    assert catalog.classify(aten.bernoulli.default).random
    assert not catalog.classify(aten.mm.default).random


def test_schema_allows_view_alias_but_not_functional_alias():
    assert (0, 0) in catalog.classify(aten.view.default).allowed_out_in
    assert not catalog.classify(aten.add.Tensor).allowed_out_in
    assert (0, 0) in catalog.classify(aten.add_.Tensor).allowed_out_in
