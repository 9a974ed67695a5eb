"""Outer contracts: a CompositeImplicitAutograd target is checked against its own schema around the whole call."""
import subprocess
import sys

import pytest
import torch

import cia_ops  # noqa: F401  (registers opprop_cia::*)
from opprop.check import catalog
from opprop.check.runner import run_call
from opprop.cli import main as cli
from opprop.core.calls import Call

aten = torch.ops.aten
ops = torch.ops.opprop_cia
INNER = [i for i in catalog.ALL_INVARIANTS if i != "outer_contract"]


def _found(call, invariants=None):
    result = run_call(call, invariants=invariants)
    assert result.valid, result.error
    return [(f.aten_op, f.invariant, f.detail.get("contract")) for f in result.findings]


def test_a_cia_op_writing_an_argument_its_schema_calls_read_only_is_found_at_the_outer_op():
    call = Call("opprop_cia::mutates", ops.mutates.default, (torch.ones(3),), source="schema")
    assert _found(call, INNER) == []  # the dispatch mode sees only add_ (its own self) and mul: legal
    assert _found(call) == [("opprop_cia::mutates", "outer_contract", "undeclared_mutation")]


def test_a_cia_op_returning_its_argument_under_a_schema_without_alias_is_found():
    x = torch.ones(3)
    assert _found(Call("opprop_cia::returns_self", ops.returns_self.default, (x,))) == [
        ("opprop_cia::returns_self", "outer_contract", "returns_input")]


@pytest.mark.parametrize("op, args", [
    (ops.clean.default, (torch.ones(2, 3),)),
    (ops.maybe_self.default, (torch.ones(2, 3),)),  # x itself: its schema lets it
    (ops.maybe_self.default, (torch.ones(3, 2).t(),)),  # a copy: always legal
    (aten.contiguous.default, (torch.ones(2, 3),)),  # returns self, as Tensor(a) allows
    (aten.contiguous.default, (torch.ones(3, 2).t(),)),
    (aten.reshape.default, (torch.ones(2, 3), [3, 2])),  # a view
    (aten.reshape.default, (torch.ones(3, 2).t(), [6])),  # a copy
    (aten.dropout_.default, (torch.ones(4), 0.5, True)),  # writes self(a!): its schema says so
    (aten.to.other, (_same := torch.zeros(0, 1), _same, False, False, None)),  # returns self, which is also other
])
def test_legal_cia_calls_stay_silent(op, args):
    assert catalog.classify(op).composite_implicit
    # the outer contract only: reshape's copy reaches aten::_unsafe_view, ledgered unsafe by design
    assert _found(Call(catalog.qualified_name(op), op, args), ["outer_contract"]) == []


def test_opprop_check_finds_it_and_its_repro_stands_alone(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    out_dir = tmp_path / "expected"
    assert cli.main(["check", "opprop_cia::mutates", "--import", "cia_ops", "--examples", "20", "--write-expected", str(out_dir)]) == 0
    out = capsys.readouterr().out
    assert "outer_contract: opprop_cia::mutates (contract=undeclared_mutation, argument=x" in out
    assert "checked_at=outer op" in out
    repro = out_dir / "opprop_cia.mutates--outer_contract.py"
    run = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert "outer_contract: reproduces" in run.stdout, run.stdout + run.stderr


@pytest.mark.parametrize("op", ["opprop_cia::clean", "opprop_cia::maybe_self"])
def test_opprop_check_of_a_correct_cia_op_is_silent(op, capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", op, "--import", "cia_ops", "--examples", "20"]) == 0
    assert capsys.readouterr().out.strip().endswith("0 finding(s)")
