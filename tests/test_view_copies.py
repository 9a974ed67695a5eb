"""view_copies: an output the schema declares a view of an input shares that input's storage."""
import pytest
import torch

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.check.runner import run_call

aten = torch.ops.aten
ID = "view_copies"

LIB = torch.library.Library("opprop_view_test", "DEF")
LIB.define("fake_view(Tensor(a) x) -> Tensor(a)")  # declared a view, returns fresh memory
LIB.define("fake_views(Tensor(a -> *) x) -> Tensor(a)[]")  # the same, for a list of views (as split declares)
LIB.define("view_of_other(Tensor(a) x, Tensor y) -> Tensor(a)")  # a real view, of the wrong input
LIB.define("real_view(Tensor(a) x) -> Tensor(a)")  # clean
LIB.impl("fake_view", lambda x: x.clone(), "CPU")
LIB.impl("fake_views", lambda x: [x[0].clone(), x[1]], "CPU")
LIB.impl("view_of_other", lambda x, y: y.view(-1), "CPU")
LIB.impl("real_view", lambda x: x.view(-1), "CPU")
ops = torch.ops.opprop_view_test


def _found(fn, *args, **kwargs):
    result = run_call(Call("c", fn, args, kwargs))
    assert result.error is None, result.error
    return [(f.aten_op, f.output_index, f.detail) for f in result.findings if f.invariant == ID]


def test_catches_a_declared_view_returning_fresh_memory():
    assert _found(ops.fake_view.default, torch.ones(2, 3)) == [("opprop_view_test::fake_view", 0, {"copies": "x"})]


def test_catches_one_copy_among_a_list_of_views():
    assert _found(ops.fake_views.default, torch.ones(2, 3)) == [("opprop_view_test::fake_views", 0, {"copies": "x"})]


def test_catches_a_view_of_an_input_it_is_not_declared_to_view():
    assert _found(ops.view_of_other.default, torch.ones(4), torch.ones(4)) == [
        ("opprop_view_test::view_of_other", 0, {"copies": "x"})
    ]


x = torch.arange(24.0).reshape(2, 3, 4)
z = torch.randn(3, 4, dtype=torch.complex64)
CLEAN_VIEWS = {
    "custom view": lambda: ops.real_view.default(x),
    "view": lambda: x.view(24),
    "transpose": lambda: x.transpose(0, 2),
    "t": lambda: x[0].t(),
    "select": lambda: x.select(1, 2),
    "split": lambda: x.split(1, 2),
    "unbind": lambda: x.unbind(1),
    "chunk": lambda: x.chunk(3, 2),
    "diagonal": lambda: x.diagonal(0, 1, 2),
    "as_strided": lambda: x.as_strided((2, 2), (1, 2), 3),
    "expand": lambda: x[:, :1].expand(2, 5, 4),
    "alias": lambda: aten.alias.default(x),
    "unfold": lambda: x.unfold(2, 2, 1),
    "narrow": lambda: x.narrow(2, 1, 0),  # an empty view still sits on its base's storage
    "squeeze": lambda: x[:1].squeeze(0),
    "movedim": lambda: x.movedim(0, 2),
    "reshape (view)": lambda: x.reshape(6, 4),
    "reshape (copy)": lambda: x.transpose(0, 1).reshape(-1),  # CompositeImplicit: a clone reaches dispatch
    "flatten, unflatten": lambda: x.flatten().unflatten(0, (4, 6)),
    "view_as_real": lambda: torch.view_as_real(z),
    "real, imag": lambda: (z.real, z.imag),
    "_conj": lambda: z.conj(),
    "detach": lambda: x.detach(),
    "view.dtype": lambda: x.view(torch.int32),
    "split_with_sizes": lambda: x.split([1, 3], 2),
    "sparse values, indices": lambda: (x[0].to_sparse().coalesce().values(), x[0].to_sparse().coalesce().indices()),
    "quantized view": lambda: torch.quantize_per_tensor(x, 0.5, 0, torch.qint8).view(-1),
}


@pytest.mark.parametrize("name", sorted(CLEAN_VIEWS))
def test_silent_on_real_views(name):
    result = run_call(Call(name, CLEAN_VIEWS[name], ()), snapshot_data="all")
    assert result.error is None, result.error
    assert [f.one_line() for f in result.findings if f.invariant == ID] == []
    assert any(catalog.classify(catalog.overload_from_name(op)).view for op in result.reached), result.reached


def test_view_ops_reach_the_screen_not_the_slow_path(monkeypatch):
    from opprop.check import mode as checkmode

    slow = []
    real = checkmode.InvariantMode._record
    monkeypatch.setattr(checkmode.InvariantMode, "_record", lambda self, *a: slow.append(a[0].kind.name) or real(self, *a))
    for name in ("view", "transpose", "split", "unbind", "expand", "custom view"):
        assert run_call(Call(name, CLEAN_VIEWS[name], ())).findings == []
    assert slow == []


def test_opprop_check_reports_it(capsys, tmp_path, monkeypatch):
    from opprop.cli import main as cli

    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    # --import: the op's worker may be a fresh interpreter (a test process that ran ops on OpenMP threads spawns)
    assert cli.main(["check", "opprop_view_test::fake_view", "--examples", "5", "--import", "tests.test_view_copies"]) == 0
    assert "view_copies: opprop_view_test::fake_view output 0 (copies=x)" in capsys.readouterr().out


def test_the_repro_script_reproduces_it_standalone(tmp_path):
    import subprocess
    import sys

    from opprop.reduce import repro
    from opprop.core.specs import CallSpec

    spec = CallSpec.from_json({"op": "aten::view", "args": [{"tensor": {"dtype": "float32", "shape": [2, 3], "fill": "zeros"}}, [6]], "kwargs": {}})
    script = tmp_path / "clean_view.py"
    script.write_text(repro.emit(spec, ID))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert "output 0: declared a view of self, shares its storage: True" in run.stdout, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith(f"{ID}: gone (the op looks fixed)")


FAKE_VIEW_SOURCE = """\
LIB = torch.library.Library("opprop_view_test", "DEF")
LIB.define("fake_view(Tensor(a) x) -> Tensor(a)")
LIB.impl("fake_view", lambda x: x.clone(), "CPU")
"""


def test_the_repro_script_reproduces_a_fake_view_standalone(tmp_path):
    import subprocess
    import sys

    from opprop.reduce import repro
    from opprop.core.specs import CallSpec

    spec = CallSpec.from_json({"op": "opprop_view_test::fake_view", "args": [{"tensor": {"dtype": "float32", "shape": [2], "fill": "ones"}}], "kwargs": {}})
    script = tmp_path / "fake_view.py"
    script.write_text(repro.emit(spec, ID, definition=FAKE_VIEW_SOURCE))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert "output 0: declared a view of x, shares its storage: False" in run.stdout, run.stdout + run.stderr
    assert run.stdout.rstrip().endswith(f"{ID}: reproduces")
