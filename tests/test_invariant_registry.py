"""Invariants are objects found by being in opprop/check/invariants/; one the fused screen does not know still runs."""
import sys

import pytest
import torch

from opprop.check import catalog
from opprop.check import invariants, screen
from opprop.core.calls import Call
from opprop.check.runner import run_call

aten = torch.ops.aten


class _EveryOutput(invariants.Invariant):
    """A dummy: reports every defined output of every op, so whether it ran is plain to see."""

    id = "opprop_test_every_output"
    rank = 1000
    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        return True

    def check(self, call):
        for j, t in call.outputs:
            if t is not None:
                yield j, {"numel": t.numel()}


@pytest.fixture
def registered():
    def register(invariant):
        invariants.register(invariant, origin="tests")
        added.append(invariant.id)
        return invariant

    added = []
    yield register
    for inv_id in added:
        invariants.unregister(inv_id)


def test_every_module_registers_one_invariant():
    assert set(catalog.ALL_INVARIANTS) <= set(invariants.ids())
    for inv in invariants.all_invariants():
        assert sys.modules[type(inv).__module__].INVARIANT is inv
        assert type(inv).__module__ == f"opprop.check.invariants.{inv.id}"  # one module per invariant, named by its id


def test_an_invariant_the_screen_does_not_know_runs_on_every_call(registered):
    # no screen of its own and not in screen.SCREENED: every call goes down the slow path (fail closed)
    inv = registered(_EveryOutput())
    assert inv.id not in screen.SCREENED and inv.screen is None
    assert inv.id in catalog.classify(aten.add.Tensor).invariants  # classify's cache was dropped on registration
    result = run_call(Call("add", aten.add.Tensor, (torch.ones(2, 3), torch.ones(2, 3))))
    found = [(f.aten_op, f.invariant, f.detail) for f in result.findings]
    assert found == [("aten::add.Tensor", inv.id, {"numel": 6})]


def test_an_invariant_with_its_own_screen_is_cleared_by_it(registered):
    screened = []

    class Screened(_EveryOutput):
        id = "opprop_test_screened"

        def prepare(self, func, kind):
            return kind.name

        def screen(self, inputs, outputs, state, prepared):
            screened.append((prepared, len(outputs)))
            return True  # a (wrong) screen that clears everything: the check must not run

    registered(Screened())
    result = run_call(Call("add", aten.add.Tensor, (torch.ones(2, 3), torch.ones(2, 3))))
    assert screened == [("aten::add.Tensor", 1)] and result.findings == []


def test_before_state_reaches_the_check(registered):
    class Shapes(_EveryOutput):
        id = "opprop_test_shapes"

        def before(self, inputs, kind, snapshot_all):
            return [tuple(t.shape) for _, t in inputs]

        def check(self, call):
            yield None, {"shapes": call.state[self.id]}

    registered(Shapes())
    result = run_call(Call("mm", aten.mm.default, (torch.ones(2, 3), torch.ones(3, 4))), invariants=["opprop_test_shapes"])
    assert [f.detail for f in result.findings] == [{"shapes": [(2, 3), (3, 4)]}]


def test_a_module_without_an_invariant_is_an_error(tmp_path, monkeypatch):
    package = tmp_path / "opprop_test_invs_none"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "forgot.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(invariants.InvariantRegistrationError, match="opprop_test_invs_none.forgot defines no INVARIANT"):
        invariants.discover([str(package)], "opprop_test_invs_none")


def test_a_duplicate_id_is_an_error(tmp_path, monkeypatch):
    package = tmp_path / "opprop_test_invs_dup"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "again.py").write_text(
        "from opprop.check.invariants.undeclared_alias import UndeclaredAlias\nINVARIANT = UndeclaredAlias()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(invariants.InvariantRegistrationError, match="'undeclared_alias' is registered twice"):
        invariants.discover([str(package)], "opprop_test_invs_dup")
    assert invariants.ids().count("undeclared_alias") == 1


def test_an_invariant_without_a_check_or_repro_is_refused():
    class Half(invariants.Invariant):
        id = "opprop_test_half"

    with pytest.raises(invariants.InvariantRegistrationError, match="needs a check and a repro_breaks function"):
        invariants.register(Half())
    assert "opprop_test_half" not in invariants.ids()


@pytest.mark.parametrize("inv", invariants.all_invariants(), ids=lambda inv: inv.id)
def test_the_repro_inlines_each_invariants_own_decision_functions(inv):
    """The expect file's _breaks and _state are the invariant's imported, linted functions, source for source."""
    import inspect

    from opprop.check.invariants.base import repro_source

    namespace = {"torch": torch}
    exec(repro_source(inv.repro_breaks, "_breaks") + repro_source(inv.repro_state, "_state"), namespace)
    for name, function in (("_breaks", inv.repro_breaks), ("_state", inv.repro_state)):
        assert inspect.signature(namespace[name]) == inspect.signature(function)
        assert namespace[name].__code__.co_code == function.__code__.co_code
