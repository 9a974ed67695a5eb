"""Kinds by the dispatch table: a default 20-example ``opprop check`` calls an op on every tensor kind it has a kernel
for (a math bit included), and with a kind-valued argument equal to the input's own; a bug that lives only there is
found, and the controls stay silent."""

import pytest
import torch
from hypothesis import given, settings

from tests.support.runs import found_and_control_silent
from opprop.core import tensor_kinds
from opprop.generators import schema_args
from opprop.generators.schema import op_schedule, schema_call_strategy
from opprop.inputs import validity

import kind_ops  # noqa: F401  (registers opprop_kinds::*)


@pytest.mark.parametrize("op, finding", [
    ("conj_view", "returns_input: opprop_kinds::conj_view output 0 (is_input=x)"),
    ("as_layout", "returns_input: opprop_kinds::as_layout output 0 (is_input=x)"),
    ("out_strided", "written_not_returned: opprop_kinds::out_strided output 0 (written=out)"),  # a strided out= of the right shape
])
def test_a_bug_on_a_kind_the_op_has_a_kernel_for_is_found_and_its_control_is_silent(op, finding, tmp_path):
    found_and_control_silent(f"opprop_kinds::{op}", "kind_ops", finding, tmp_path)


def test_every_kind_with_a_kernel_has_a_schedule_row():
    rows = op_schedule(torch.ops.opprop_kinds.conj_view.default).rows
    conj = [row for row in rows if row["x.kind"] == "conj"]
    assert len(conj) == 1 and conj[0]["dtype"] == torch.complex64  # the bit lives on complex tensors only
    select = op_schedule(torch.ops.aten.select.int)  # a view: kernels for CSR, nested and both math bits
    assert {"sparse_csr", "nested_strided", "conj", "neg"} <= set(select.kinds)
    assert {row["self.kind"] for row in select.rows} == set(select.kinds)
    # an op with kernels for some keys only is drawn on those; one with a generic kernel (add.Tensor's composite one,
    # registered for every backend key) on every kind there is
    assert "conj" not in op_schedule(torch.ops.aten.index_select.default).kinds
    assert "sparse_coo" in op_schedule(torch.ops.aten.index_select.default).kinds
    assert "nested_jagged" not in op_schedule(torch.ops.aten.add.Tensor).kinds  # no kernel for it: no row, free draws only
    assert {k.name for k in tensor_kinds.kinds(drawn=True)} <= set(schema_args.kinds_for("aten::add.Tensor"))
    # a library's composite op: the kinds its own kernels name (conj_view: a Conjugate kernel), not every kind
    assert "sparse_csr" not in schema_args.kinds_for("opprop_kinds::conj_view")


def test_an_aten_op_with_a_generic_kernel_meets_every_kind_in_free_draws():
    """aten::abs has a CompositeExplicitAutograd kernel, which every backend key reaches, and no kernel for nested or
    block-sparse tensors: its free draws give it those too, beyond its schedule's rows."""
    op = torch.ops.aten.abs.default
    assert "nested_jagged" not in op_schedule(op).kinds
    drawn = set()

    @settings(max_examples=400, database=None, deadline=None)
    @given(schema_call_strategy(op, learner=validity.OpValidity()))
    def run(call):
        drawn.add(call.choices.get("self.kind"))

    run()
    assert {"nested_jagged", "sparse_bsr"} <= drawn, drawn
