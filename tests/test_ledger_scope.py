"""Scoped ledger entries: a finding is known only inside its entry's ``layouts`` and ``detail``; the same
(op, invariant) outside them stays new."""
import dataclasses
import warnings
from pathlib import Path

import pytest
import torch

import opprop
from opprop.check.findings import describe_arguments
from opprop.check.runner import run_call
from opprop.core import ledger
from opprop.core.calls import Call

warnings.filterwarnings("ignore", message="Sparse invariant checks")
SHIPPED = ledger.load(Path(__file__).resolve().parents[1] / "expected" / "ledger.toml")


def coo():
    return torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3.0, 4.0, 5.0]), (2, 3)).coalesce()


def _findings(fn, *args):
    result = run_call(Call("c", fn, args))
    assert result.error is None, result.error
    return result.findings


@pytest.mark.parametrize("call", [torch.Tensor.t, lambda x: x.transpose(0, 1), lambda x: x.select(0, 1)], ids=["t", "transpose", "select"])
def test_a_sparse_coo_view_that_copies_is_known_through_checking(call):
    with opprop.checking(ledger=SHIPPED) as found:
        call(coo())
    copies = [f for f in found.findings if f.invariant == "view_copies"]
    assert copies and all(f.known for f in copies), [f.one_line() for f in found.findings]
    assert found.new == []


def test_the_same_op_and_invariant_on_a_dense_input_is_new():
    (sparse,) = [f for f in _findings(torch.Tensor.t, coo()) if f.invariant == "view_copies"]
    assert SHIPPED.match(sparse) is SHIPPED.get("aten::t", "view_copies")
    # the same finding, as a dense input of a real call describes it: outside the entry's layouts
    dense = dataclasses.replace(sparse, inputs=describe_arguments(["self"], (torch.ones(2, 3),), {}))
    assert SHIPPED.match(dense) is None
    new, known = SHIPPED.split([sparse, dense])
    assert new == [dense] and known == [sparse]
    assert SHIPPED.match(dense.as_json()) is None and SHIPPED.match(sparse.as_json()) is not None  # reports' JSON form


def test_a_layouts_entry_is_not_stale_when_a_run_reached_its_op_without_that_layout():
    assert SHIPPED.stale([], ["aten::t"]) == []
    plain = ledger.Ledger(None, {("aten::t", "view_copies"): ledger.Entry("aten::t", "view_copies", "r")})
    assert [e.aten_op for e in plain.stale([], ["aten::t"])] == ["aten::t"]


def test_an_outer_contract_entry_knows_only_the_contracts_it_names():
    weight = torch.full((2, 2), 1e6)  # beyond float16: saturated in place, and returned
    found = {f.detail["contract"]: f for f in _findings(torch.ops.aten._saturate_weight_to_fp16.default, weight)}
    assert set(found) == {"returns_input", "undeclared_mutation"}
    assert all(SHIPPED.match(f) is not None for f in found.values())
    (returned,) = [f for f in _findings(torch.ops.aten.atleast_1d.default, torch.ones(2)) if f.invariant == "outer_contract"]
    assert SHIPPED.match(returned) is not None
    other = dataclasses.replace(returned, detail={**returned.detail, "contract": "undeclared_mutation"})
    assert SHIPPED.match(other) is None


def test_scopes_survive_a_rewrite_and_bad_ones_are_one_line_errors(tmp_path):
    path = tmp_path / "ledger.toml"
    path.write_text(ledger.render(SHIPPED.entries.values()))
    again = ledger.load(path)
    assert again.entries == SHIPPED.entries
    assert again.get("aten::t", "view_copies").layouts == ("sparse_coo",)
    assert again.get("aten::_saturate_weight_to_fp16", "outer_contract").detail == (("contract", ("returns_input", "undeclared_mutation")),)
    for line, message in [('layouts = ["coo"]', "has layouts ['coo'], not among strided"),
                          ('layouts = "sparse_coo"', "needs layouts = [...]")]:
        path.write_text(f'[[known]]\naten_op = "aten::x"\ninvariant = "view_copies"\nreason = "r"\n{line}\n')
        with pytest.raises(ledger.LedgerError) as raised:
            ledger.load(path)
        assert message in str(raised.value) and str(path) in str(raised.value) and "\n" not in str(raised.value)
