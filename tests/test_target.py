"""Targets: one ``resolve`` for every kind (OpInfo, overload, edge generator, module), each with its own calls."""
import pytest
import torch

from opprop.check import catalog
from opprop.explore.replay import replay_call
from opprop.explore.target import KINDS, resolve


@pytest.mark.parametrize("name, kind, resolved", [
    ("aten::add.Tensor", "overload", "aten::add.Tensor"),
    ("aten.add.Tensor", "overload", "aten::add.Tensor"),
    ("aten::q_per_channel_scales", "overload", "aten::q_per_channel_scales"),
    ("add", "opinfo", "add"),
    ("q_per_channel_scales", "overload", "aten::q_per_channel_scales"),  # no OpInfo of that name: the aten overload
    ("nn.functional.embedding_bag", "opinfo", "nn.functional.embedding_bag"),
    ("quantized.per_channel_params", "edge", "quantized.per_channel_params"),
    ("nn.LSTM", "module", "nn.LSTM"),
])
def test_resolve(name, kind, resolved):
    target = resolve(name)
    assert (target.kind, target.name) == (kind, resolved)


def test_resolve_unknown_names_close_matches():
    with pytest.raises(catalog.UnknownOp, match="did you mean: aten::q_per_channel_scales"):
        resolve("aten::q_per_chanel_scales")


def test_every_kind_gives_calls_and_the_aten_op_crashes_are_charged_to():
    assert set(KINDS) == {"opinfo", "overload", "edge", "module"}
    for name, aten_op in [("kron", "aten::kron"), ("aten::q_per_channel_scales", "aten::q_per_channel_scales"),
                          ("quantized.per_channel_params", "aten::q_per_channel_scales"),
                          ("nn.Linear", "nn.Linear")]:  # a module calls many overloads: its crashes are charged to it
        target = resolve(name)
        assert target.aten_op == aten_op
        assert next(iter(target.sample_calls("cpu")), None) is not None, name
        assert target.call_strategy("cpu") is not None, name


def test_a_fixed_sample_replays_as_the_same_call():
    first = next(iter(resolve("aten::q_per_channel_scales").sample_calls("cpu")))
    again = replay_call({"target": "aten::q_per_channel_scales", "sample": 0})
    assert again.fn is first.fn and repr(again) == repr(first)
    (x,) = again.args
    assert torch.equal(x.int_repr(), first.args[0].int_repr())
