"""generators/modules.py: every ModuleInfo module is a target, run forward then backward, train and eval."""
import json

import pytest
import torch
from hypothesis import find, settings

from opprop.check import catalog
from opprop.cli import main as cli
from opprop.check import runner
from opprop.core.calls import Call
from opprop.fuzz import targets as fuzz_targets
from opprop.generators import modules
from opprop.explore.target import resolve

FIND = settings(max_examples=200, database=None)


def strategy(name):
    return modules.module_call_strategy(modules.module_infos()[name])


def test_every_module_db_module_is_a_target_named_apart_from_opinfos():
    from torch.testing._internal.common_modules import module_db

    names = set(modules.module_targets())
    assert {m.name for m in module_db} <= names and "nn.EmbeddingBag" in names
    assert not names & set(catalog.opinfos_by_id())
    lstm = resolve("nn.LSTM")
    assert (lstm.kind, lstm.name, lstm.aten_op) == ("module", "nn.LSTM", "nn.LSTM") and modules.is_module(lstm.obj)
    assert resolve("nn.functional.conv2d").kind == "opinfo"
    with pytest.raises(catalog.UnknownOp, match="did you mean: nn.LSTM"):
        resolve("nn.LSTMM")


def test_drawn_examples_shrink_to_float32_training_forward():
    call = find(strategy("nn.Conv2d"), lambda c: True, settings=FIND)
    assert "float32, train" in call.source and "wrt" not in call.source


def test_batch_is_cut_and_eval_and_float64_are_drawn():
    call = find(strategy("nn.Linear"), lambda c: "leading dim 1" in c.source and "eval" in c.source and "float64" in c.source, settings=FIND)
    x = (call.args or (call.kwargs["input"],))[0]
    assert x.shape[0] == 1 and x.dtype == torch.float64
    assert not call.fn.module.training


def test_backward_over_the_bias_alone_asks_convolution_backward_for_the_bias_grad_only():
    from tests.test_backward import MaskRecorder

    call = find(strategy("nn.Conv2d"), lambda c: c.source.endswith("backward wrt bias"), settings=FIND)
    assert [n for n, p in call.fn.module.named_parameters() if p.requires_grad] == ["bias"]
    with MaskRecorder() as rec:
        call()
    assert rec.masks == [(False, False, True)]


def _check_json(tmp_path, name):
    out = tmp_path / "r.json"
    assert cli.main(["check", name, "--examples", "30", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    return set().union(*(s["reached"] for s in report["ops"]))


@pytest.mark.parametrize("name, forward, backward", [
    ("nn.LSTM", "aten::mkldnn_rnn_layer", "aten::mkldnn_rnn_layer_backward"),
    ("nn.BatchNorm2d", "aten::native_batch_norm", "aten::native_batch_norm_backward"),
    ("nn.EmbeddingBag", "aten::_embedding_bag", "aten::_embedding_bag_backward"),
])
def test_check_runs_forward_and_backward(tmp_path, capsys, name, forward, backward):
    reached = _check_json(tmp_path, name)
    assert {forward, backward} <= reached
    sources = [c.source for c in modules.module_sample_calls(modules.module_infos()[name])]
    assert any(", train," in s for s in sources) and any(", eval," in s for s in sources)


def test_every_example_of_a_module_is_a_fresh_module():
    a, b = (modules.module_call(modules.module_infos()["nn.Linear"], 0, modules.ModuleChange()) for _ in range(2))
    assert a.fn.module is not b.fn.module
    assert torch.equal(a.fn.module.weight, b.fn.module.weight)  # seeded: the same parameters every time
    assert a.kwargs["input"] is not b.kwargs["input"]


def test_modules_are_fuzz_targets_and_property_tests():
    names = fuzz_targets.fuzz_targets().names
    assert "nn.LSTM" in names and "nn.BatchNorm2d" in names
    assert fuzz_targets.select(names, ["nn.LSTM"]) == ["nn.LSTM"]
    import tests.test_property as prop

    assert callable(getattr(prop, "test_property_nn_LSTM_cpu"))


def test_list_has_module_rows_and_reach_counts(capsys):
    assert cli.main(["list", "--json", "--examples", "5", "--op", "nn.LSTM", "--op", "nn.functional.conv2d"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["op"]: r for r in data["ops"]}
    assert rows["nn.LSTM"]["kind"] == "module" and rows["nn.LSTM"]["coverage"]["valid"] == 5
    assert "aten::convolution_backward" in rows["nn.functional.conv2d"]["backward_overloads"]
    assert data["modules_summary"]["modules_measured"] == 1
    assert "aten::convolution_backward" in data["reach"]["backward_only"]["overloads"]
    assert "aten::mkldnn_rnn_layer_backward" in data["reach"]["modules_only"]["overloads"]
    assert data["reach"]["modules_only"]["count"] == len(data["reach"]["modules_only"]["overloads"])


def test_an_input_passed_again_as_out_is_declared_written_and_aliased():
    """nn.LinearCrossEntropyLoss calls torch.mul(x, y, out=x): x's change and the output's overlap with x come
    through ``out``, which the schema marks; SchemaCheckMode's add_argument_values reads them the same way."""
    x, y = torch.randn(4, 4), torch.randn(4, 1)
    result = runner.run_call(Call("mul", lambda a, b: torch.mul(a, b, out=a), (x, y)), snapshot_data="all")
    assert result.valid and result.findings == []
    z = torch.randn(4, 4)
    result = runner.run_call(Call("mul", lambda a, b, c: torch.mul(a, b, out=c), (x, y, z)), snapshot_data="all")
    assert result.valid and result.findings == []


def test_a_loss_target_without_a_derivative_is_left_out_of_the_drawn_subsets():
    allowed = modules.module_allowed("nn.NLLLoss")
    assert allowed.unusable is None
    call = find(strategy("nn.GaussianNLLLoss"), lambda c: "backward" in c.source, settings=FIND)
    assert runner.run_call(call).valid
