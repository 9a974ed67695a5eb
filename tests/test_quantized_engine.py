"""The quantized engine a packed-weight call runs under (opprop/core/quantized_engine.py): drawn for an op that takes or
makes a packed weight, set around its producer and itself, put back afterwards, and written into its repros.

tests/ops/engine_ops.py's ``opprop_engine::apply`` runs only under another engine than the default, the one its weight was
packed under, as ``quantized::conv2d_add`` runs only under onednn and ``sparse::qlinear_dynamic`` only under qnnpack."""
import signal
import subprocess
import sys

import pytest
import torch
from hypothesis import HealthCheck, Phase, given, settings

from tests.support.runs import env, fresh_check
from opprop.core import quantized_engine
from opprop.core.calls import from_spec
from opprop.core.specs import CallSpec, ProducedSpec, TensorSpec


def _check(op: str, directory, *args) -> str:
    directory.mkdir()
    done = subprocess.run([sys.executable, "-m", "opprop", "check", op, "--import", "engine_ops", "--examples", "20", *args],
                          capture_output=True, text=True, env=env(), cwd=directory, timeout=300)  # a fresh validity record
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def test_a_default_check_calls_an_op_only_another_engine_runs_and_its_expect_file_sets_that_engine(tmp_path):
    """Under the default engine alone none of the 20 calls was valid; the schedule's rows give each engine a call, the
    finding's expect file sets the engine its call ran under, and replays in a fresh interpreter; the twin is silent."""
    out = _check("opprop_engine::apply", tmp_path / "bug", "--write-expected", "exp")
    assert "returns_input: opprop_engine::apply output 0 (is_input=x)" in out, out[-3000:]
    written = tmp_path / "bug" / "exp" / "opprop_engine.apply--returns_input.py"
    assert "\ntorch.backends.quantized.engine = '" in written.read_text()
    assert "'engine': '" in written.read_text()  # the repro's spec keeps it too
    replayed = subprocess.run([sys.executable, "-m", "opprop", "replay", str(written)], capture_output=True, text=True, env=env(),
                              cwd=tmp_path / "bug", timeout=300)
    assert replayed.returncode == 0 and "1 still failing" in replayed.stdout, replayed.stdout + replayed.stderr
    assert fresh_check("opprop_engine::apply_ok", "engine_ops", tmp_path / "control").splitlines()[-1] == "0 finding(s)"


def test_the_engine_in_effect_is_back_after_every_call_taken_or_refused():
    """Run in a fresh interpreter: in CI's worker, after the tests before it, every one of the 40 drawn calls was
    refused, twice in a row (the state it met is not traced); alone, or in a process of its own, the op takes some."""
    done = subprocess.run([sys.executable, "-c", "from tests.test_quantized_engine import engine_restore_check as c; c()"],
                          env=env(), capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]


def engine_restore_check():
    """A user's own engine (not the default) is in effect before and after each drawn call, whichever engine the call
    drew and whether the op took it or raised; a spec's call puts it back too."""
    import engine_ops  # noqa: F401  (registers opprop_engine::*)
    from opprop.check.runner import ARGUMENT_ERRORS
    from opprop.generators.schema import schema_call_strategy

    user = next(e for e in quantized_engine.engines() if e != quantized_engine.DEFAULT)
    before = torch.backends.quantized.engine
    outcomes = []

    @settings(max_examples=40, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(schema_call_strategy(torch.ops.opprop_engine.apply_ok.default))
    def calls(call):
        torch.backends.quantized.engine = user
        try:
            call()
            outcomes.append((call.engine, True))
        except ARGUMENT_ERRORS:
            outcomes.append((call.engine, False))
        assert torch.backends.quantized.engine == user

    try:
        calls()
        spec = CallSpec("opprop_engine::apply", (ProducedSpec(CallSpec("opprop_engine::pack", (TensorSpec("float32", (3,)),))),
                                                 TensorSpec("float32", (2,))), engine=quantized_engine.DEFAULT)
        torch.backends.quantized.engine = user
        try:
            from_spec(spec)()
        except RuntimeError:
            pass  # the default engine: refused, and the user's engine back all the same
        assert torch.backends.quantized.engine == user
    finally:
        torch.backends.quantized.engine = before
    assert len({engine for engine, _ in outcomes}) >= 2 and {True, False} <= {ok for _, ok in outcomes}, outcomes


def test_a_crash_repro_sets_the_engine_its_call_ran_under_and_the_default_is_not_written():
    from opprop.reduce.crash_script import script_source

    other = next(e for e in quantized_engine.engines() if e != quantized_engine.DEFAULT)
    spec = CallSpec("aten::add.Tensor", (TensorSpec("float32", (2,)), TensorSpec("float32", (2,))), engine=other)
    script = script_source(spec)
    assert f"\ntorch.backends.quantized.engine = {other!r}" in script
    assert script.index("quantized.engine") < script.index("torch.ops.aten.add.Tensor(")
    assert CallSpec.from_json(spec.as_json()) == spec and CallSpec.from_json(spec.as_json()).engine == other
    assert "quantized.engine" not in script_source(spec.replace(engine=None))


@pytest.mark.parametrize("op_name", ["quantized::conv2d_add", "quantized::linear_leaky_relu", "sparse::qlinear", "sparse::qlinear_dynamic",
                                     "quantized::conv1d_dynamic", "quantized::conv_transpose1d_dynamic"])
def test_a_packed_weight_op_takes_one_of_the_schedule_rows_a_fuzz_share_runs(op_name):
    """A fuzz share stops an op's schedule after REJECTED_ROWS refused rows: within them, the engines' rows (onednn for
    conv2d_add and linear_leaky_relu, fbgemm for sparse::qlinear, qnnpack for sparse::qlinear_dynamic) and the producer
    named for the consumer's dims (conv1d_prepack for conv1d_dynamic, where conv2d_prepack takes 4-d weights only) give
    each a valid call. Before, none of these ops had a valid call in a 300 s sweep of the quantized namespaces."""
    from opprop.check import catalog
    from opprop.explore.session import REJECTED_ROWS
    from opprop.generators.schema import scheduled

    _, rows = scheduled(catalog.overload_from_name(op_name))
    taken = []
    for row in rows[:REJECTED_ROWS]:
        @settings(max_examples=1, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        @given(row)
        def first(call):
            try:
                call()
                taken.append(call.engine)
            except (RuntimeError, NotImplementedError):
                pass

        first()
    assert taken, f"{op_name}: none of its first {REJECTED_ROWS} rows was valid"



def test_a_conv_like_op_named_for_no_dims_draws_a_weight_with_a_kernel_dim_per_stride_entry_first():
    """onednn::qconv_prepack takes a padding, so its weight is (out, in, *kernel) first, one kernel dim per stride entry:
    before, it was 1-d first ("stride should contain -1 elements for -1D convolution"), and none of a 300 s sweep's 326
    draws was valid."""
    from opprop.generators.schema import schema_call_strategy
    from opprop.inputs.validity import OpValidity

    agree = []

    @settings(max_examples=100, database=None, deadline=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(schema_call_strategy(torch.ops.onednn.qconv_prepack.default, learner=OpValidity()))
    def draws(call):
        weight, stride = call.args[0], call.args[4]
        agree.append(weight.dim() >= 3 and weight.dim() == len(stride) + 2)

    draws()
    assert sum(agree) >= len(agree) / 3, (sum(agree), len(agree))


def test_a_crash_under_another_engine_shrinks_keeping_it_and_its_repro_sets_it_and_dies(tmp_path):
    """opprop_engine::segv dies only under the non-default engine its weight was packed under: the crash shrinker keeps
    the engine (the default does not die), runs the producer only in its forked child (before, a candidate whose
    producer raised an IndexError, as quantized::linear_prepack's does on a 1-d weight, ended the whole opprop report),
    and the repro sets the engine and dies in a fresh interpreter."""
    from pathlib import Path

    import engine_ops
    from opprop.reduce import crash_runner, crash_shrink
    from opprop.reduce.crash_outcome import Outcome
    from opprop.reduce.crash_script import script_source

    other = next(e for e in quantized_engine.engines() if e != quantized_engine.DEFAULT)
    weight = ProducedSpec(CallSpec("opprop_engine::pack_rows", (TensorSpec("float32", (2, 3)),)))
    spec = CallSpec("opprop_engine::segv", (weight, TensorSpec("float32", (2,))), engine=other)
    outcome = crash_runner.run_spec(spec)
    assert outcome == Outcome("signal", "SIGSEGV", "opprop_engine::segv")
    assert not crash_runner.run_spec(spec.replace(engine=None)).crashes  # refused under the default engine
    shrunk = crash_shrink.shrink_crash(spec, outcome, max_tries=40).spec
    assert shrunk.engine == other and len(shrunk.args[0].call.args[0].shape) == 2
    repro = tmp_path / "repro.py"
    repro.write_text(script_source(shrunk, definition=Path(engine_ops.__file__).read_text()))
    ran = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == -signal.SIGSEGV, (ran.returncode, ran.stderr[-1000:])


def test_a_fused_ops_attr_is_a_post_op_it_knows():
    """mkldnn_prepacked::conv2d_prepack's attr names its fused post-op: drawn as "" (its type's value), all 526 of its
    draws in a 300 s sweep were "Fusion behavior undefined"; now most draws name one it knows (none, relu)."""
    from opprop.generators.schema import schema_call_strategy
    from opprop.inputs.validity import OpValidity

    undefined = []

    @settings(max_examples=40, database=None, deadline=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(schema_call_strategy(torch.ops.mkldnn_prepacked.conv2d_prepack.default, learner=OpValidity()))
    def draws(call):
        try:
            call()
        except RuntimeError as e:
            undefined.append("Fusion behavior undefined" in str(e))

    draws()
    assert sum(undefined) < 20, sum(undefined)
