"""Schema-driven calls: valid draws for common ops, every argument type maps, adaptive validity helps."""
import warnings

import pytest
import torch
from hypothesis import HealthCheck, given, seed, settings

from opprop import catalog, runner, validity
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
    later = [valid_rate(aten.q_per_channel_scales.default, learner, n=30, s=s) for s in (2, 3, 4)]
    assert first < 0.5 and later[-1] >= 0.9, (first, later)
    assert "dense" not in learner.snapshot().allowed("self.kind", ["dense", "quantized_per_channel"])


def test_validity_persists_in_its_file(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    store = validity.store()
    store.for_op("aten::x").record({"self.kind": "dense"}, False)
    store.save()
    again = validity.ValidityStore(str(tmp_path / "v.json"))
    assert again.ops["aten::x"].total == [1, 0] and again.ops["aten::x"].valid_rate == 0.0


def test_a_fuzz_run_learns_what_an_op_rejects_and_keeps_it(tmp_path, monkeypatch):
    from fuzz_helpers import op as op_row, run_fuzz

    path = tmp_path / "validity.json"
    monkeypatch.setenv("OPPROP_VALIDITY", str(path))
    proc, rep = run_fuzz(tmp_path, "--ops", "aten::q_per_channel_scales", "--jobs", "1", "--budget", "40", "--database", str(tmp_path / "db"))
    row = op_row(rep, "aten::q_per_channel_scales")
    assert row["examples"] > 20 and row["valid_rate"] == round(row["valid"] / row["examples"], 4)
    learned = validity.ValidityStore(str(path)).ops["aten::q_per_channel_scales"]
    assert learned.total[0] >= row["examples"] - 64  # the schema-drawn ones (a ledgered target reruns fixed samples first)
    # the record the next run starts from: which kinds were tried, and which of them the op accepted
    assert learned.choices["self.kind"]["quantized_per_channel"][1] > 0
    assert learned.total[1] < learned.total[0]  # it did reject some draws, which is what there is to learn
    assert "what 1 op(s) rejected saved to" in proc.stdout
