"""storage_replaced: no tensor argument, mutable or not, leaves the call on another StorageImpl."""
import torch

from opprop.core.calls import Call
from opprop.check.runner import run_call

aten = torch.ops.aten
ID = "storage_replaced"

LIB = torch.library.Library("opprop_storage_test", "DEF")
LIB.define("swap_storage(Tensor(a!) x, Tensor y) -> ()")  # writes x, but swaps its StorageImpl instead
LIB.define("swap_readonly(Tensor x) -> Tensor")  # does not even declare x written
LIB.define("resize_out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")  # clean: resizes out in place


def _swap_storage(x, y):
    x.set_(y.clone())


def _swap_readonly(x):
    x.set_(torch.empty_like(x))
    return x + 1


def _resize_out(x, *, out):
    out.resize_(x.shape)
    return out.copy_(x)


LIB.impl("swap_storage", _swap_storage, "CPU")
LIB.impl("swap_readonly", _swap_readonly, "CPU")
LIB.impl("resize_out", _resize_out, "CPU")
ops = torch.ops.opprop_storage_test


def _found(fn, *args, **kwargs):
    result = run_call(Call("c", fn, args, kwargs))
    assert result.error is None, result.error
    return [(f.aten_op, f.detail) for f in result.findings if f.invariant == ID]


def test_catches_a_custom_op_swapping_a_mutable_arguments_storage():
    assert _found(ops.swap_storage.default, torch.ones(3), torch.ones(3)) == [
        ("opprop_storage_test::swap_storage", {"argument": "x", "mutable": True})
    ]


def test_catches_a_custom_op_swapping_a_read_only_arguments_storage():
    assert _found(ops.swap_readonly.default, torch.ones(3)) == [
        ("opprop_storage_test::swap_readonly", {"argument": "x", "mutable": False})
    ]


def test_catches_set_which_swaps_by_design():
    x, y = torch.ones(3), torch.zeros(4)
    assert _found(aten.set_.source_Tensor, x, y) == [("aten::set_.source_Tensor", {"argument": "self", "mutable": True})]


def test_silent_when_out_is_resized_in_place():
    # a larger out reallocates the data, inside the same StorageImpl
    assert _found(ops.resize_out.default, torch.ones(2, 5), out=torch.ones(1)) == []
    assert _found(lambda: torch.add(torch.ones(4, 4), 1, out=torch.empty(0))) == []
    assert _found(lambda: torch.ones(2).resize_(100)) == []


def test_silent_on_clean_ops():
    x = torch.arange(12.0).reshape(3, 4)
    for fn in (
        lambda: x + x,
        lambda: x.clone().mul_(2),
        lambda: x.t().contiguous(),
        lambda: torch.cat([x, x], out=torch.empty(0)),
        lambda: x.to_sparse().coalesce(),
        lambda: x.unbind(),
    ):
        assert _found(fn) == []


def test_screen_passes_a_swap_through(monkeypatch):
    # the fast path must not clear a swapped storage: checked with and without the invariant's screen
    from opprop.check import invariants

    inv = invariants.get(ID)
    assert inv.screen([(0, torch.ones(2))], [], [torch.ones(2).untyped_storage()], None) is False
    t = torch.ones(2)
    assert inv.screen([(0, t)], [], [t.untyped_storage()], None) is True


def test_opprop_check_reports_it_and_the_ledger_knows_set_(capsys, tmp_path, monkeypatch):
    from opprop.cli import main as cli
    from opprop.core import ledger

    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    assert cli.main(["check", "aten::set_.source_Tensor", "--examples", "5"]) == 0
    assert "storage_replaced: aten::set_.source_Tensor (argument=self, mutable=True)" in capsys.readouterr().out
    entry = ledger.load(ledger.default_path()).get("aten::set_.source_Tensor", ID)
    assert entry is not None and entry.by_design
