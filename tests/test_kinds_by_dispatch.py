"""Kinds by the dispatch table: a default 20-example ``opprop check`` calls an op on every tensor kind it has a kernel
for (a math bit included), and with a kind-valued argument equal to the input's own; a bug that lives only there is
found, and the controls stay silent."""

import pytest
import torch

from tests.support.runs import found_and_control_silent
from opprop.generators.schema import op_schedule

import kind_ops  # noqa: F401  (registers opprop_kinds::*)


@pytest.mark.parametrize("op", ["conj_view", "as_layout"])
def test_a_bug_on_a_kind_the_op_has_a_kernel_for_is_found_and_its_control_is_silent(op, tmp_path):
    found_and_control_silent(f"opprop_kinds::{op}", "kind_ops", f"returns_input: opprop_kinds::{op} output 0 (is_input=x)", tmp_path)


def test_every_kind_with_a_kernel_has_a_schedule_row():
    rows = op_schedule(torch.ops.opprop_kinds.conj_view.default).rows
    conj = [row for row in rows if row["x.kind"] == "conj"]
    assert len(conj) == 1 and conj[0]["dtype"] == torch.complex64  # the bit lives on complex tensors only
    select = op_schedule(torch.ops.aten.select.int)  # a view: kernels for CSR, nested and both math bits
    assert {"sparse_csr", "nested_strided", "conj", "neg"} <= set(select.kinds)
    assert {row["self.kind"] for row in select.rows} == set(select.kinds)
    assert op_schedule(torch.ops.aten.add.Tensor).kinds[0] == "dense" and "conj" not in op_schedule(torch.ops.aten.add.Tensor).kinds
