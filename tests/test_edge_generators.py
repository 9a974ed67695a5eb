"""Edge-mode generators reach their modes: each test runs real torch ops and asserts what they did."""
from __future__ import annotations

import dataclasses

import pytest
import torch
from hypothesis import HealthCheck, given, seed, settings

from opprop.explore import sources
from opprop.check.runner import run_call
from opprop.generators import all_edge_generators, output_mask, registry

GENERATORS = all_edge_generators()
CPU_GENERATORS = sorted(n for n, g in GENERATORS.items() if g.available_on("cpu"))


def drawn_calls(strategy, n=30, seed_value=0):
    """``n`` calls drawn from ``strategy`` with a fixed seed (deterministic, no example database)."""
    calls = []

    @seed(seed_value)
    @settings(max_examples=n, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(call):
        calls.append(call)

    collect()
    return calls


def findings_of(result):
    return {(f.aten_op, f.invariant) for f in result.findings}


# ---------------------------------------------------------------- every generator


def test_every_family_registers_documented_generators():
    families = {g.module.rsplit(".", 1)[1] for g in GENERATORS.values()}
    assert set(registry.families()) == families
    assert {"quantized", "output_mask", "embedding_bag", "rnn"} <= families
    assert all(g.doc for g in GENERATORS.values())


def _package(tmp_path, monkeypatch, name, modules):
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for module, source in modules.items():
        (pkg / f"{module}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


FAMILY = """
from opprop.core.calls import Call
from opprop.generators.registry import edge_generator
import torch

@edge_generator("{name}.abs", targets=("aten::abs",))
def samples(device):
    \"\"\"abs on a ramp.\"\"\"
    yield Call("aten::abs", torch.ops.aten.abs.default, (torch.arange(3.0),))
"""


def test_a_family_is_found_by_being_in_the_package(tmp_path, monkeypatch):
    name = _package(tmp_path, monkeypatch, "gens_found", {"absfamily": FAMILY.format(name="gens_found"), "helpers": "EDGE_FAMILY = False\n"})
    assert registry.families(name) == ["absfamily"]
    assert set(registry.all_edge_generators(name)) == {"gens_found.abs"}


def test_a_module_that_registers_nothing_is_an_error(tmp_path, monkeypatch):
    name = _package(tmp_path, monkeypatch, "gens_broken", {"absfamily": FAMILY.format(name="gens_broken"), "forgot": "import torch\n"})
    with pytest.raises(registry.RegistrationError, match="gens_broken.forgot registers no edge generator"):
        registry.families(name)


@pytest.mark.parametrize("name", CPU_GENERATORS)
def test_samples_are_valid(name):
    calls = list(GENERATORS[name].samples("cpu"))
    assert calls
    errors = [(c, r.error) for c in calls for r in [run_call(c)] if not r.valid]
    assert not errors


@pytest.mark.parametrize("name", [n for n in CPU_GENERATORS if GENERATORS[n].strategy is not None])
def test_strategy_valid_rate_at_least_80_percent(name):
    calls = drawn_calls(GENERATORS[name].strategy("cpu"), n=30)
    valid = sum(run_call(c).valid for c in calls)
    assert valid >= 0.8 * len(calls), f"{valid}/{len(calls)} valid"


# ---------------------------------------------------------------- output masks


def test_output_mask_undefined_outputs_pass():
    gen = GENERATORS["output_mask.aten::native_batch_norm_backward"]
    call = next(c for c in gen.samples("cpu") if c.args[-1] == [True, False, False])
    grads = call()
    assert grads[0] is not None and grads[1] is None and grads[2] is None
    result = run_call(call)
    assert result.valid and result.findings == []
    assert "aten::native_batch_norm_backward" in result.reached


@pytest.mark.parametrize("spec", output_mask.SPECS, ids=lambda s: s.target)
def test_every_mask_combination_is_sampled_and_clean(spec):
    calls = list(GENERATORS[f"output_mask.{spec.target}"].samples("cpu"))
    masks = [tuple(c.args[spec.mask_index]) for c in calls]
    assert len(set(masks)) == 2**spec.n_mask
    undefined = 0
    for c, mask in zip(calls, masks):
        out = c()
        assert all(o is not None for o, m in zip(out, mask) if m)  # what was asked for is computed
        undefined += sum(o is None for o in out)
        assert findings_of(run_call(c)) == set()
    # the composite _convolution_double_backward computes every output whatever the mask; the kernels leave masked ones undefined
    assert undefined > 0 or spec.target == "aten::_convolution_double_backward"


# ---------------------------------------------------------------- quantized


def test_dequantize_float_pass_through_is_flagged():
    gen = GENERATORS["quantized.dequantize"]
    call = next(c for c in gen.samples("cpu") if not c.args[0].is_quantized)
    assert ("aten::dequantize.self", "returns_input") in findings_of(run_call(call))


def test_dequantize_strategy_draws_pass_through_and_every_scheme():
    calls = drawn_calls(GENERATORS["quantized.dequantize"].strategy("cpu"), n=60)
    singles = [c.args[0] for c in calls if c.target == "aten::dequantize.self"]
    schemes = {t.qscheme() for t in singles if t.is_quantized}
    assert {torch.per_tensor_affine, torch.per_channel_affine, torch.per_channel_affine_float_qparams} <= schemes
    assert any(t.dtype == torch.float32 for t in singles)
    assert any(c.target == "aten::dequantize.tensors" for c in calls)


def test_per_channel_params_drawn_still_flagged():
    calls = drawn_calls(GENERATORS["quantized.per_channel_params"].strategy("cpu"), n=20)
    scales = [c for c in calls if c.target == "aten::q_per_channel_scales"]
    assert scales
    assert all(("aten::q_per_channel_scales", "tensorimpl_use_count") in findings_of(run_call(c)) for c in scales)


# ---------------------------------------------------------------- embedding_bag


def _bag_features(call):
    if call.target == "nn.functional.embedding_bag":
        k = call.kwargs
        return ({"sum": 0, "mean": 1, "max": 2}[k["mode"]], k["per_sample_weights"] is not None, k["include_last_offset"], k["padding_idx"])
    a = call.args
    padding = a[8] if len(a) > 8 else None
    return (a[4], a[6] is not None, a[7], None if padding in (None, -1) else padding)


@pytest.mark.parametrize("name", [n for n in CPU_GENERATORS if n.startswith("embedding_bag.")])
def test_embedding_bag_every_mode_exercised(name):
    gen = GENERATORS[name]
    for calls in (list(gen.samples("cpu")), drawn_calls(gen.strategy("cpu"), n=30)):
        features = [_bag_features(c) for c in calls]
        assert {f[0] for f in features} == {0, 1, 2}
        assert {f[1] for f in features} == {True, False}
        assert all(f[0] == 0 for f in features if f[1])  # per-sample weights only in sum mode
        assert {f[2] for f in features} == {True, False}
        assert any(f[3] is not None for f in features)


def test_embedding_bag_drawn_offsets_reach_empty_and_trailing_bags():
    calls = drawn_calls(GENERATORS["embedding_bag._embedding_bag"].strategy("cpu"), n=30)
    offsets = [(c.args[1].numel(), c.args[2].tolist(), c.args[7]) for c in calls]
    assert any(len(o) != len(set(o)) for _, o, _ in offsets)  # a repeated offset: an empty bag
    assert any(not last and o[-1] == n for n, o, last in offsets)  # an offset at the end: trailing empty bag
    # every drawn call is valid: the op's own bag_size matches the offsets it was given
    for c in calls[:10]:
        bag_size = c()[2]
        assert bag_size.numel() == c.args[2].numel() - (1 if c.args[7] else 0)


# ---------------------------------------------------------------- RNNs


def test_cpu_rnns_run_with_weight_buf_undefined():
    assert torch.ops.aten._use_cudnn_rnn_flatten_weight() is False
    lstm = list(GENERATORS["rnn.lstm.input"].samples("cpu"))
    float32 = run_call(next(c for c in lstm if c.args[0].dtype == torch.float32))
    float64 = run_call(next(c for c in lstm if c.args[0].dtype == torch.float64))
    packed = run_call(next(iter(GENERATORS["rnn.lstm.data"].samples("cpu"))))
    module = run_call(next(iter(GENERATORS["rnn.module.gru"].samples("cpu"))))
    assert all(r.valid for r in (float32, float64, packed, module))
    assert "aten::mkldnn_rnn_layer" in float32.reached  # oneDNN: weights as separate tensors
    assert {"aten::addmm", "aten::unsafe_split.Tensor"} <= set(float64.reached)  # the native cell loop
    assert "aten::addmm" in packed.reached and "aten::mkldnn_rnn_layer" not in packed.reached
    for r in (float32, float64, packed, module):
        assert not any("cudnn" in op for op in r.reached)


def test_cudnn_rnn_is_skipped_not_failed_without_a_gpu():
    gen = GENERATORS["rnn._cudnn_rnn"]
    assert gen.needs == "cuda" and not gen.available_on("cpu")
    assert list(sources.edge_sample_calls("aten::_cudnn_rnn", "cpu")) == []


# ---------------------------------------------------------------- channel_shuffle, lu_unpack


def test_channel_shuffle_groups_one_and_more():
    calls = list(GENERATORS["channel_shuffle.groups"].samples("cpu"))
    assert {c.args[1] for c in calls} >= {1, 2}
    assert any(c.args[0].is_contiguous(memory_format=torch.channels_last) and not c.args[0].is_contiguous() for c in calls)
    for c in calls:
        if c.args[0].numel():
            assert findings_of(run_call(c)) == set(), c  # groups 1 no longer aliases its input on this torch


def test_channel_shuffle_zero_size_input_shares_storage():
    """On torch 2.13 a zero-element input comes back sharing its input's storage, with no view annotation.

    No byte is shared (there are none), so it is a storage finding, not an alias one.
    """
    call = next(c for c in GENERATORS["channel_shuffle.groups"].samples("cpu") if c.args[0].numel() == 0 and c.target == "aten::channel_shuffle")
    found = findings_of(run_call(call))
    assert ("aten::channel_shuffle", "storageimpl_use_count") in found
    assert ("aten::channel_shuffle", "undeclared_alias") not in found


def test_lu_unpack_every_flag_combination():
    calls = list(GENERATORS["lu_unpack.flags"].samples("cpu"))
    assert {(c.args[2], c.args[3]) for c in calls} == {(True, True), (True, False), (False, True), (False, False)}
    for c in calls:
        P, L, U = c()
        assert (L.numel() > 0) == c.args[2] and (P.numel() > 0) == c.args[3]
        assert findings_of(run_call(c)) == set()


def test_cudnn_rnn_calls_fit_the_schema_on_meta():
    """Without a GPU, the meta kernel still checks the CUDA generator's argument order and shapes (weight_buf undefined)."""
    from opprop.generators import rnn

    for kind in rnn.GATES:
        for cfg in rnn.fixed_configs(kind):
            cfg = dataclasses.replace(cfg, dtype=torch.float32)
            output, hy = rnn.cudnn_rnn_call(cfg, False, "meta")()[:2]
            batch_dim = 0 if cfg.batch_first else 1
            assert output.shape[batch_dim] == len(cfg.lengths)
            assert output.shape[-1] == cfg.out_hidden * cfg.directions
            assert tuple(hy.shape) == (cfg.num_layers * cfg.directions, len(cfg.lengths), cfg.out_hidden)
