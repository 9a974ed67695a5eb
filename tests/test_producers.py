"""Opaque arguments from their producers (generators/schema_producers.py): an op that takes a packed weight is called
with one that an op returning that class made, drawn inside the example and checked like any call."""
import json
import subprocess
import sys

import torch

from fuzz_helpers import env
from opprop.generators import schema_producers
from opprop.generators.schema import unreachable_reason


def test_the_dispatcher_names_each_packed_weights_producers():
    linear = schema_producers.producers_of("__torch__.torch.classes.quantized.LinearPackedParamsBase")
    assert {"quantized::linear_prepack", "quantized::linear_prepack_fp16"} <= set(linear)
    assert "quantized::conv2d_prepack" in schema_producers.producers_of("__torch__.torch.classes.quantized.Conv2dPackedParamsBase")
    assert schema_producers.producers_of("__torch__.torch.classes.c10d.ProcessGroup") == ()  # made outside any op
    assert unreachable_reason(torch.ops.quantized.linear.default) is None  # once "argument type ... has no strategy"


def test_a_20_example_check_calls_a_packed_weight_op_validly_through_its_producer(tmp_path):
    done = subprocess.run([sys.executable, "-m", "opprop", "check", "quantized::linear", "--examples", "20", "--json", "r.json"],
                          capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=300)  # a fresh validity record
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    drawn = next(o for o in json.loads((tmp_path / "r.json").read_text())["ops"] if o["name"] == "quantized::linear (drawn)")
    assert drawn["valid"] >= 1
    assert "quantized::linear" in drawn["reached"]  # the op itself, called validly
    assert any(name.endswith("linear_prepack") or "linear_prepack" in name for name in drawn["reached"])  # its producer, checked


def test_a_conv_and_a_dynamic_linear_take_the_weight_their_producer_packs_from_the_inputs_shape(tmp_path):
    """A packed conv weight is quantized (the prepack has no dense kernel), (out, in, *kernel) with qint8 values, and
    drawn on the consumer's base shape, so its channels match the input's: before, none of 20 draws of these ops
    was valid (the producer got dense, 1-D or quint8 weights, or channels of its own)."""
    for op in ("quantized::conv2d_relu.new", "quantized::linear_dynamic"):
        run = tmp_path / op.replace(":", "_")
        run.mkdir()
        done = subprocess.run([sys.executable, "-m", "opprop", "check", op, "--examples", "20", "--json", "r.json"],
                              capture_output=True, text=True, env=env(), cwd=run, timeout=300)  # a fresh validity record
        drawn = next(o for o in json.loads((run / "r.json").read_text())["ops"] if o["name"] == f"{op} (drawn)")
        assert drawn["valid"] >= 3, (op, drawn["valid"], done.stdout[-1500:])
