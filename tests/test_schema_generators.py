"""Schema-driven calls: valid draws for common ops, every argument type maps, adaptive validity helps."""
import warnings

import pytest
import torch
from hypothesis import HealthCheck, given, seed, settings

from opprop.check import catalog
from opprop.check import runner
from opprop.inputs import validity
from opprop.generators import schema_args
from opprop.generators.schema import schema_call_strategy, unreachable_reason

aten = torch.ops.aten


def valid_rate(op, learner, n=30, s=0):
    results = []

    @seed(s)
    @settings(max_examples=n, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(schema_call_strategy(op, learner=learner))
    def run(call):
        assert call.fn is op and call.source == "schema"
        results.append(runner.run_call(call).valid)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    return sum(results) / len(results)


@pytest.mark.parametrize(
    "op, floor",
    [
        # floors a little under what 30 draws measured (add 0.8, mm 0.4, sum 0.5, cat 0.6, index_select 0.4)
        (aten.add.Tensor, 0.5),
        (aten.mm.default, 0.2),
        (aten.sum.dim_IntList, 0.3),
        (aten.cat.default, 0.3),
        (aten.index_select.default, 0.2),
    ],
)
def test_common_ops_get_valid_calls(op, floor):
    learner = validity.OpValidity()
    rate = valid_rate(op, learner)
    assert rate >= floor, f"{op}: valid rate {rate:.0%}"
    assert learner.total[0] == 30 and learner.total[1] == round(rate * 30)


def test_every_argument_type_of_aten_maps_or_is_named_unsupported():
    seen = set()
    for op in catalog.all_aten_overloads():
        for a in op._schema.arguments:
            seen.add(str(a.real_type))
    for t in ("Tensor", "Optional[Tensor]", "List[Tensor]", "int", "List[int]", "float", "number", "bool", "ScalarType",
              "Optional[Layout]", "Optional[MemoryFormat]", "Optional[Device]", "str", "Optional[Generator]"):
        assert t in seen and t in schema_args.SUPPORTED_TYPES
    # an op using each listed type draws without error
    for op in (aten.empty.memory_format, aten.arange.start_step, aten.native_dropout.default, aten.div.Tensor_mode, aten.to.dtype_layout):
        assert unreachable_reason(op) is None
        valid_rate(op, validity.OpValidity(), n=5)
    assert "Storage" in unreachable_reason(aten.set_.source_Storage)


def test_adaptive_validity_raises_the_valid_rate_of_an_op_that_rejects_often():
    # q_per_channel_scales accepts only per-channel quantized tensors: most first draws are rejected
    learner = validity.OpValidity()
    first = valid_rate(aten.q_per_channel_scales.default, learner, n=30, s=1)
    later = [valid_rate(aten.q_per_channel_scales.default, learner, n=30, s=s) for s in (2, 3, 4, 5, 6)]
    # a floor of draws still tries what the record avoids (validity.FLOOR_ODDS, per steered choice)
    assert first < 0.5 and sum(later[-3:]) / 3 >= 0.9 - 2 / validity.FLOOR_ODDS, (first, later)
    assert "dense" not in learner.snapshot().allowed("self.kind", ["dense", "quantized_per_channel"])


def test_validity_persists_in_its_file(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    store = validity.store()
    store.for_op("aten::x").record({"self.kind": "dense"}, False)
    store.save()
    again = validity.ValidityStore(str(tmp_path / "v.json"))
    assert again.ops["aten::x"].total == [1, 0] and again.ops["aten::x"].valid_rate == 0.0


def test_a_fuzz_run_learns_what_an_op_rejects_and_keeps_it(tmp_path, monkeypatch):
    from tests.support.runs import op as op_row, run_fuzz

    path = tmp_path / "validity.json"
    monkeypatch.setenv("OPPROP_VALIDITY", str(path))
    # _coalesce runs only on uncoalesced sparse tensors: every dense, view and coalesced draw is rejected (--no-seed: schema
    # draws are what this measures, and the shipped seed holds recorded calls of _coalesce, which replace them)
    proc, rep = run_fuzz(tmp_path, "--ops", "aten::_coalesce", "--no-seed", "--jobs", "1", "--budget", "60", "--per-op-examples", "400",
                         "--database", str(tmp_path / "db"))
    row = op_row(rep, "aten::_coalesce")
    assert row["examples"] == 400 and row["valid_rate"] == round(row["valid"] / row["examples"], 4)
    learned = validity.ValidityStore(str(path)).ops["aten::_coalesce"]
    # every example is learned, unless a worker was lost mid-share (CI under load once kept 315 of 400; a lost worker's
    # learning goes with it, and the resumed one's record replaces it: not yet traced, see the stop note of 2026-12-06)
    assert 200 <= learned.total[0] <= 400 and learned.total[1] <= row["valid"]
    kinds = learned.choices["self.kind"]
    assert kinds["sparse_coo_uncoalesced"][1] > 0 and kinds.get("dense", [0, 0])[1] == 0
    # a coalesced input fails _coalesce's internal assert (!self.is_coalesced()): a bug, never learned as a refusal
    assert kinds["sparse_coo"][0] > 0 and kinds["sparse_coo"][1] == kinds["sparse_coo"][0]
    # steered: once the op accepted one kind, the kinds it never accepted were drawn only on the floor (beyond the
    # schedule's rows, drawn first, before the record knew anything: generators/schedule.py)
    from opprop.generators.schema import op_schedule

    rows = len(op_schedule(aten._coalesce.default).rows)
    refused = sum(tries for tries, accepted in kinds.values() if accepted == 0)
    assert refused < 40 + rows + 2 * 400 / validity.FLOOR_ODDS, kinds
    assert "sparse_coo_uncoalesced" in learned.allowed("self.kind", list(kinds)) and "dense" not in learned.allowed("self.kind", list(kinds))
    assert "what 1 op(s) rejected saved to" in proc.stdout


def test_ops_with_only_sparse_or_quantized_kernels_draw_those_kinds_first():
    # _coalesce has a SparseCPU kernel and no dense one; its out= variant runs it, so it inherits that
    assert schema_args.kinds_for("aten::_coalesce")[0] == "sparse_coo"
    assert schema_args.kinds_for("aten::_coalesce.out")[0] == "sparse_coo"
    assert schema_args.kinds_for("aten::int_repr.out")[0].startswith("quantized")
    assert schema_args.kinds_for("aten::add.Tensor")[0] == "dense"  # a dense kernel: dense first, sparse still drawn
    assert "sparse_coo" in schema_args.kinds_for("aten::add.Tensor")
    # it takes only uncoalesced sparse tensors (with two or more entries): before, every draw was rejected
    learner = validity.OpValidity()
    rates = [valid_rate(aten._coalesce.default, learner, n=30, s=s) for s in range(3)]
    assert sum(rates) / 3 >= 0.15, rates
    assert learner.choices["self.kind"]["sparse_coo_uncoalesced"][1] > 0


def test_ops_named_for_n_spatial_dims_draw_inputs_of_that_rank():
    assert [schema_args.spatial_dims(n) for n in ("aten::adaptive_avg_pool2d", "aten::upsample_nearest3d.vec", "aten::atleast_3d", "aten::fft_fft2")] == [2, 3, None, None]
    for op in (aten.adaptive_avg_pool2d.default, aten._adaptive_avg_pool3d.default, aten.reflection_pad1d.default):
        assert valid_rate(op, validity.OpValidity(), n=30) >= 0.3, op


def test_a_value_accepted_far_less_often_than_the_best_is_dropped_and_one_tried_too_little_is_kept():
    learner = validity.OpValidity()
    for k in range(25):
        learner.record({"dtype": "float32"}, k % 5 != 0)  # 20 of 25
    for k in range(10):
        learner.record({"dtype": "complex64"}, k < 2)  # 2 of 10: under a third of float32's rate
    for k in range(10):
        learner.record({"dtype": "float64"}, k < 4)  # 4 of 10: kept
    for k in range(7):
        learner.record({"dtype": "int64"}, k < 1)  # 1 of 7: too few tries to judge by rate
    assert learner.allowed("dtype", ["float32", "complex64", "float64", "int64", "bool"]) == ["float32", "float64", "int64", "bool"]


def drawn_calls(op, n=40, s=0):
    """n schema draws of op (fresh validity record), not run."""
    calls = []

    @seed(s)
    @settings(max_examples=n, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(schema_call_strategy(op, learner=validity.OpValidity()))
    def run(call):
        calls.append(call)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run()
    return calls


def test_tensor_lists_of_one_call_share_a_length_and_a_scalar_list_matches_it():
    # _foreach_* refuse lists of other lengths; a length per list met that one time in three (planted: a length drawn
    # per list fails the share below, a scalar list of length 1 fails the ScalarList assertion)
    calls = drawn_calls(aten._foreach_add.List)
    same = [c for c in calls if c.choices.get("lists.length", "same") == "same"]
    assert len(same) >= len(calls) / 2 and all(len(c.args[0]) == len(c.args[1]) for c in same)
    assert any(len(c.args[0]) > 1 for c in same)
    # a later list keeps its own length in some draws: _foreach_copy crashes on lists of different lengths
    assert any(len(c.args[0]) != len(c.args[1]) for c in calls)
    for c in drawn_calls(aten._foreach_add.ScalarList):
        assert len(c.args[1]) == len(c.args[0])
    fresh = [c for c in drawn_calls(aten._foreach_add.List_out) if c.choices.get("out.relation", "fresh") == "fresh"]
    assert fresh and all(len(c.kwargs["out"]) == len(c.args[0]) for c in fresh)  # one out per list element


def test_tensor_arguments_of_list_ops_are_their_scalars():
    # _foreach_add.Tensor takes a 0-d `other`; _foreach_addcmul.Tensor one scalar per list element
    plain = [c for c in drawn_calls(aten._foreach_add.Tensor, n=15) if c.choices.get("other.mode", "plain") == "plain"]
    assert plain and all(c.args[1].dim() == 0 for c in plain)  # an edge mode (zero_size) still shapes some
    plain = [c for c in drawn_calls(aten._foreach_addcmul.Tensor, n=15) if c.choices.get("scalars.mode", "plain") == "plain"]
    assert plain and all(c.args[3].shape == (len(c.args[0]),) for c in plain)
    lrs = [c.kwargs["lr"] for c in drawn_calls(aten._fused_sgd.tensor_lr, n=15)]
    assert lrs and all(lr.numel() == 1 for lr in lrs)


def test_upper_bounds_are_drawn_above_their_lower_ones():
    # random_(from, to), randint(low, high), uniform_(from, to) refuse from >= to
    for c in drawn_calls(getattr(aten.random_, "from")):
        frm, to = c.args[1], c.args[2]
        assert to is None or to > frm
    assert all(c.args[1] > c.args[0] for c in drawn_calls(aten.randint.low, n=20))
    assert all(c.args[1] >= 1 for c in drawn_calls(aten.random_.to, n=20))


def test_an_out_dtype_is_learned_as_the_inputs_own():
    # "same" is one choice across calls of every dtype, so the validity record can learn it
    calls = drawn_calls(aten.add.out)
    outs = [c for c in calls if c.choices.get("out.dtype") == "same" and c.choices.get("out.relation", "fresh") == "fresh" and c.kwargs["out"].dtype == c.args[0].dtype]
    assert outs and all(c.choices.get("out.dtype", "same") in ("same", "floating", "torch.int64", "torch.bool") for c in calls)


def test_an_out_dtype_can_be_the_floating_type_a_promoting_op_returns():
    # sigmoid.out on an integer tensor returns float: neither "same" nor a fixed float32 (a float64 input) fits both
    from opprop.generators.schema import out_dtype

    assert out_dtype("floating", torch.int64) == torch.get_default_dtype()
    assert out_dtype("floating", torch.float64) == torch.float64 and out_dtype("floating", torch.complex64) == torch.complex64
    assert out_dtype("same", torch.int64) == torch.int64 and out_dtype(torch.bool, torch.float64) == torch.bool
    calls = drawn_calls(aten.sigmoid.out, n=100)
    floating = [c for c in calls if c.choices.get("out.dtype") == "floating" and c.choices.get("out.relation", "fresh") == "fresh"]
    assert floating and all(c.kwargs["out"].dtype == out_dtype("floating", c.args[0].dtype) for c in floating)


def test_a_dtype_family_never_accepted_is_dropped_whole():
    # erf_ on integer tensors: every integral dtype is refused together (ATen dispatches on families)
    learner = validity.OpValidity()
    for dtype in ("torch.int64", "torch.int64", "torch.int32", "torch.uint8"):
        learner.record({"dtype": dtype}, False)
    learner.record({"dtype": "torch.float32"}, True)
    options = ["torch.float32", "torch.int64", "torch.int8", "torch.bool", "torch.float16"]
    assert learner.allowed("dtype", options) == ["torch.float32", "torch.bool", "torch.float16"]  # int8 never tried
    learner.record({"dtype": "torch.int16"}, True)  # one integral dtype accepted: the family is judged per value again
    assert learner.allowed("dtype", options) == options  # (int64: two refusals, under MIN_TRIES)


def test_quantization_parameters_are_one_per_tensor_or_one_per_channel():
    # a whole tensor as `scale` was refused ("a Tensor with 9 elements cannot be converted to Scalar"), and a float
    # ScalarType for a quantized result ("ScalarType Float is not supported in new_qtensor"): both ops reached 0 valid
    for c in drawn_calls(aten.quantize_per_channel.default, n=20):
        if c.choices.get("self.mode", "plain") == "plain" and c.choices.get("scales.relation", "own") == "own" and c.args[0].dim():
            assert c.args[1].shape == (c.args[0].shape[0],)
    assert valid_rate(aten.quantize_per_tensor.tensor_qparams, validity.OpValidity(), n=30) >= 0.15
    assert valid_rate(aten.quantize_per_channel.default, validity.OpValidity(), n=30) >= 0.15
