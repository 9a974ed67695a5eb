"""The shrinker and the whole pipeline: find -> capture -> shrink -> expect file + ledger record -> replay."""
import importlib.util
import sys
from pathlib import Path

import pytest
import torch

from opprop.check import catalog
from opprop.reduce import expectfile, regressions
from opprop.core import ledger
from opprop.core.calls import Call
from opprop.reduce.capture import CaptureError, capture, reproduces
from opprop.check.runner import run_call
from opprop.reduce.shrink import ShrinkError, shrink
from opprop.core.specs import CallSpec, TensorSpec, build_tensor, tensor_spec

aten = torch.ops.aten

LEAKY_OP = '''\
import torch

LEAK = True  # the bug: the kernel keeps what it returns, as a quantizer keeps its scales
HELD = []
LIB = torch.library.Library("opprop_shrinktest", "DEF")
LIB.define("leak(Tensor x) -> Tensor")


def _leak(x):
    y = x * 2
    if LEAK:
        HELD.append(y)
    return y


LIB.impl("leak", _leak, "CPU")
'''


@pytest.fixture(scope="module")
def leaky(tmp_path_factory):
    path = tmp_path_factory.mktemp("ops") / "leaky_ops.py"
    path.write_text(LEAKY_OP)
    if "leaky_ops" in sys.modules:
        module = sys.modules["leaky_ops"]
    else:
        spec = importlib.util.spec_from_file_location("leaky_ops", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules["leaky_ops"] = module
    module.LEAK = True
    yield path, module
    module.LEAK = True


def test_custom_op_runs_through_the_whole_pipeline_and_replay_sees_the_fix(leaky, tmp_path):
    path, module = leaky
    op = "opprop_shrinktest::leak"
    # found through a Python wrapper, on a strided float64 random input
    call = Call("leak_wrapper", lambda x: torch.ops.opprop_shrinktest.leak(x) + 0, (torch.randn(4, 6, dtype=torch.float64).t(),))
    keys = {f.key for f in run_call(call).findings}
    assert (op, catalog.TENSOR_IMPL) in keys

    reg = regressions.from_call(call, op, catalog.TENSOR_IMPL, tmp_path / "expected", definition=str(path))
    assert reg.path.name == "opprop_shrinktest.leak--tensorimpl_use_count.py"
    (t,) = reg.spec.tensors()
    assert t.numel == 0 and t.stride is None and t.dtype == "float32" and t.fill == "zeros"
    assert "torch.ops.opprop_shrinktest.leak.default(x)" in reg.path.read_text()
    assert "leaky_ops.py" in reg.path.read_text()  # the op's definition is inlined: the script stands alone

    # the ledger-ready record merges into a ledger and is then expected, not new
    assert "[[known]]" in reg.toml() and 'aten_op = "opprop_shrinktest::leak"' in reg.toml()
    ledger_path = tmp_path / "ledger.toml"
    assert ledger.merge(ledger_path, [reg.entry]) == [reg.entry]
    assert ledger.merge(ledger_path, [reg.entry]) == []
    known = ledger.load(ledger_path)
    new, expected, stale = known.verdict(run_call(call).findings, [op])
    assert [f.key for f in expected] == [(op, catalog.TENSOR_IMPL)] and stale == []
    assert (op, catalog.TENSOR_IMPL) not in {f.key for f in new}

    assert expectfile.replay(reg.path, accept=False).status == "same"

    # fix the op: in this process, and in the definition its repro carries
    module.LEAK = False
    new, expected, stale = known.verdict(run_call(call).findings, [op])
    assert expected == [] and [e.key for e in stale] == [(op, catalog.TENSOR_IMPL)]
    message = stale[0].stale_message(ledger_path)
    assert "looks fixed" in message and reg.entry.expect in message
    reg.path.write_text(reg.path.read_text().replace("LEAK = True", "LEAK = False"))
    recorded = expectfile.load(reg.path).expected
    result = expectfile.replay(reg.path, accept=True)
    assert result.status == "fixed" and "looks fixed" in result.message and str(reg.path) in result.message
    assert result.actual.endswith("tensorimpl_use_count: gone (the op looks fixed)\n")
    assert expectfile.load(reg.path).expected == recorded  # a fix is never accepted into the record


def test_shrinks_strided_random_bfloat16_to_a_deterministic_minimum():
    x = torch.randn(5, 5, 5, dtype=torch.bfloat16).transpose(0, 2)[1:]
    call = Call("unsafe_split", torch.unsafe_split, (x, 2))
    spec = capture(call, "aten::unsafe_split.Tensor", catalog.STORAGE_IMPL)
    (t,) = spec.tensors()
    assert t.stride is not None and t.fill == "values" and t.dtype == "bfloat16"
    assert build_tensor(t).stride() == x.stride() and torch.equal(build_tensor(t), x)  # captured exactly
    first = shrink(spec, catalog.STORAGE_IMPL).spec
    again = shrink(spec, catalog.STORAGE_IMPL).spec
    assert first == again
    (small,) = first.tensors()
    assert small.stride is None and small.fill == "zeros" and small.dtype == "float32" and small.numel == 0


def test_capture_reaches_the_aten_call_inside_a_composite():
    call = Call("unsafe_chunk", torch.unsafe_chunk, (torch.ones(6, 2), 3))
    spec = capture(call, "aten::unsafe_split.Tensor", catalog.UNDECLARED_ALIAS)
    assert spec.op == "aten::unsafe_split.Tensor" and spec.args[1] == 2  # what unsafe_chunk passed down


def test_quantized_capture_keeps_the_quantizer_and_shrinks_it():
    q = torch.quantize_per_channel(torch.randn(3, 4), torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.double), torch.tensor([1, 2, 3, 4]), 1, torch.qint8)
    spec = capture(Call("q", aten.q_per_channel_scales.default, (q,)), "aten::q_per_channel_scales", catalog.TENSOR_IMPL)
    (t,) = spec.tensors()
    assert t.quant[:3] == ("per_channel", "qint8", 1) and t.quant[4] == (1, 2, 3, 4)
    (small,) = shrink(spec, catalog.TENSOR_IMPL).spec.tensors()
    assert small.quant[:2] == ("per_channel", "quint8") and small.quant[3:] == ((1.0,), (0,)) and small.numel == 0


def test_values_stay_when_values_are_the_cause():
    lib = torch.library.Library("opprop_shrinkvalues", "DEF")
    lib.define("leak_if_negative(Tensor x) -> Tensor")
    held = []

    def impl(x):
        y = x.clone()
        if bool((x < 0).any()):
            held.append(y)
        return y

    lib.impl("leak_if_negative", impl, "CPU")
    op = "opprop_shrinkvalues::leak_if_negative"
    spec = CallSpec(op, (tensor_spec(torch.tensor([3.0, -2.0, 5.0, 1.0])),))
    small = shrink(spec, catalog.TENSOR_IMPL).spec
    (t,) = small.tensors()
    assert t.fill == "values" and t.numel == 1 and t.values[0] < 0


def test_shrinking_a_call_that_passes_is_an_error_and_so_is_capturing_one():
    clean = CallSpec("aten::add.Tensor", (TensorSpec("float32", (2,)), TensorSpec("float32", (2,))))
    assert not reproduces(clean, catalog.TENSOR_IMPL)
    with pytest.raises(ShrinkError):
        shrink(clean, catalog.TENSOR_IMPL)
    with pytest.raises(CaptureError, match="none breaks it"):
        capture(Call("add", aten.add.Tensor, (torch.ones(2), torch.ones(2))), "aten::add.Tensor", catalog.TENSOR_IMPL)


def test_shrink_command_writes_expect_files_from_a_check_report(tmp_path, capsys):
    from opprop.cli import main as cli

    report = tmp_path / "r.json"
    assert cli.main(["check", "aten::q_per_channel_scales", "--examples", "5", "--json", str(report)]) == 0
    out = tmp_path / "expected"
    assert cli.main(["shrink", str(report), "--out", str(out)]) == 0
    names = sorted(p.name for p in out.glob("*.py"))
    assert "aten.q_per_channel_scales--tensorimpl_use_count.py" in names
    assert "[[known]]" in capsys.readouterr().out
    assert cli.main(["shrink", str(report), "--out", str(out)]) == 0
    assert "kept" in capsys.readouterr().out  # an existing expect file is not rewritten without --force
