"""Opaque arguments from their producers (generators/schema_producers.py): an op that takes a packed weight is called
with one that an op returning that class made, drawn inside the example and checked like any call."""
import json
import signal
import subprocess
import sys
from pathlib import Path

import torch

from tests.support.runs import env
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
        _assert_a_20_example_check_draws_valid_calls(tmp_path, op)


def _assert_a_20_example_check_draws_valid_calls(tmp_path, op: str, at_least: int = 3) -> None:
    run = tmp_path / op.replace(":", "_")
    run.mkdir()
    done = subprocess.run([sys.executable, "-m", "opprop", "check", op, "--examples", "20", "--json", "r.json"],
                          capture_output=True, text=True, env=env(), cwd=run, timeout=300)  # a fresh validity record
    drawn = next(o for o in json.loads((run / "r.json").read_text())["ops"] if o["name"] == f"{op} (drawn)")
    assert drawn["valid"] >= at_least, (op, drawn["valid"], done.stdout[-1500:])


def test_quantized_embeddings_take_a_two_dimensional_table_their_prepack_quantizes_per_row(tmp_path):
    """embedding_bag_prepack takes a 2-D quint8 or quint4x2 table quantized with float qparams, one per row: before,
    none of 30 draws of the four quantized embedding ops was valid (a 1-D or per-tensor weight, float indices)."""
    for op in ("quantized::embedding_byte", "quantized::embedding_4bit"):
        _assert_a_20_example_check_draws_valid_calls(tmp_path, op)


# ---------------------------------------------------------------- a finding or crash on a packed weight, rebuilt with its producer


def _packed_apply_spec(w_shape=(3, 4)):
    from opprop.core.specs import CallSpec, ProducedSpec, TensorSpec

    import producer_ops  # noqa: F401  (registers opprop_packed::*)
    return CallSpec("opprop_packed::apply", (ProducedSpec(CallSpec("opprop_packed::pack", (TensorSpec("float32", w_shape),))),
                                             TensorSpec("float32", (2, 2))))


def test_a_made_object_is_captured_as_its_producers_call_while_it_lives():
    """A dispatch mode sees a fresh wrapper of the packed weight: capture finds its producer's call by the object
    itself, the spec round-trips through JSON and builds a fresh object each time, and nothing outlives the call."""
    import gc

    from opprop.core import produced
    from opprop.core.specs import CallSpec, ProducedSpec
    from opprop.generators.schema import SchemaCall
    from opprop.reduce.capture import recorded

    spec = _packed_apply_spec()
    before = len(produced._MADE)
    w = torch.arange(6.0)
    producer = SchemaCall("opprop_packed::pack", torch.ops.opprop_packed.pack.default, (w,), {})
    call = SchemaCall("opprop_packed::apply", torch.ops.opprop_packed.apply.default,
                      (schema_producers.Produced(producer), torch.ones(2)), {}, produced=True)
    (captured,) = recorded(call, "opprop_packed::apply")
    made = captured.args[0]
    assert isinstance(made, ProducedSpec) and made.call.op == "opprop_packed::pack"
    assert made.call.args[0].shape == (6,) and made.call.args[0].values == tuple(range(6))
    gc.collect()
    assert len(produced._MADE) == before  # the made object died with the call, and its entry with it
    assert CallSpec.from_json(json.loads(json.dumps(spec.as_json()))) == spec
    a, b = spec.build()[0][0], spec.build()[0][0]
    assert hash(a) != hash(b)  # a fresh object from the producer each build


def test_the_shrinker_shrinks_the_producers_arguments_and_the_repro_writes_its_call():
    from opprop.reduce.repro import emit
    from opprop.reduce.shrink import shrink

    small = shrink(_packed_apply_spec(), "returns_input", isolate=False).spec
    assert small.args[0].call.args[0].numel < 12  # the producer's tensor shrank with the consumer's
    script = emit(small, "returns_input")
    assert "packed = torch.ops.opprop_packed.pack.default(packed_w)" in script
    assert script.index("packed = ") < script.index("torch.ops.opprop_packed.apply.default(packed, x)")


def test_a_finding_on_a_packed_weight_consumer_replays_from_an_expect_file_with_its_producer_call(tmp_path):
    """opprop_packed::apply returns its tensor argument: the finding names the producer's call, the expect file makes the
    packed weight by calling it, and `opprop replay` reproduces it in a fresh interpreter; the _ok twin is silent."""
    from tests.support.runs import fresh_check

    run = tmp_path / "bug"
    run.mkdir()
    done = subprocess.run([sys.executable, "-m", "opprop", "check", "opprop_packed::apply", "--import", "producer_ops",
                           "--examples", "20", "--write-expected", "exp"], capture_output=True, text=True, env=env(), cwd=run, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert 'returns_input: opprop_packed::apply output 0 (is_input=x) via opprop_packed::apply(packed={"produced_by": ' in done.stdout
    assert "cannot rebuild" not in done.stdout + done.stderr
    written = run / "exp" / "opprop_packed.apply--returns_input.py"
    source = written.read_text()
    assert "\npacked = torch.ops." in source and "'produced': {'op': " in source, source[-3000:]
    replayed = subprocess.run([sys.executable, "-m", "opprop", "replay", str(written)], capture_output=True, text=True, env=env(),
                              cwd=run, timeout=300)
    assert replayed.returncode == 0 and "1 still failing" in replayed.stdout, replayed.stdout + replayed.stderr
    assert fresh_check("opprop_packed::apply_ok", "producer_ops", tmp_path / "control").splitlines()[-1] == "0 finding(s)"


def test_a_crash_on_a_packed_weight_consumer_is_rebuilt_with_its_producer_and_its_repro_crashes_standalone(tmp_path):
    """opprop_packed::segv dies on every call: once "cannot rebuild an argument of type ScriptObject", the crashing call
    the crash record kept is rebuilt with its producer's call, and the repro makes the packed weight by calling it, then
    dies in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-m", "opprop", "check", "opprop_packed::segv", "--import", "producer_ops", "--examples", "5",
                           "--crash-out", "crashes", "--no-native-frame"], capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=300)
    assert done.returncode == 4 and "cannot rebuild" not in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
    assert "(replayed choices)" in done.stdout + done.stderr  # the crash record's own call (an opaque argument's described inputs rebuild it too)
    repro = tmp_path / "crashes" / "opprop_packed.segv--crash-sigsegv.py"
    assert "\npacked = torch.ops." in repro.read_text()
    ran = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert ran.returncode == -signal.SIGSEGV, (ran.returncode, ran.stderr[-1000:])


EMBEDDING_BAG_BYTE_CRASH = "quantized.embedding_bag_byte--crash-sigsegv.py"


def test_the_checked_in_embedding_bag_byte_crash_repro_packs_its_weight_and_crashes_standalone(tmp_path):
    """quantized::embedding_bag_byte segfaults on a per_sample_weights with fewer weights than indices (expected/ledger.toml)."""
    repro = Path(__file__).resolve().parent.parent / "expected" / "crashes" / EMBEDDING_BAG_BYTE_CRASH
    assert "weight = torch.ops.quantized.embedding_bag_prepack.default(" in repro.read_text()
    ran = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert ran.returncode == -signal.SIGSEGV, (ran.returncode, ran.stderr[-1000:])


def test_a_30_example_check_of_embedding_bag_byte_writes_a_crash_repro_that_crashes_standalone(tmp_path):
    """The crash a 30-example check draws (its packed weight a 2-D table the prepack quantizes per row) is rebuilt
    with its embedding_bag_prepack call and shrunk, where it once had "no repro: ... cannot rebuild an argument of
    type ScriptObject"."""
    done = subprocess.run([sys.executable, "-m", "opprop", "check", "quantized::embedding_bag_byte", "--examples", "30",
                           "--crash-out", "crashes", "--no-native-frame"], capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=400)
    assert done.returncode == 4 and "cannot rebuild" not in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
    repro = tmp_path / "crashes" / EMBEDDING_BAG_BYTE_CRASH
    assert "weight = torch.ops.quantized.embedding_bag_prepack.default(" in repro.read_text()
    ran = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert ran.returncode == -signal.SIGSEGV, (ran.returncode, ran.stderr[-1000:])
