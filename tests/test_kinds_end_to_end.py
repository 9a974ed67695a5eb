"""Every tensor kind goes the whole way: drawn, described in a finding, rebuilt from a spec, shrunk, written, replayed."""
import subprocess
import sys
import warnings

import pytest
import torch

from tests.support.runs import keys, run_fuzz
from opprop.check import catalog
from opprop.core import tensor_kinds
from opprop.reduce import expectfile, repro
from opprop.check.findings import describe_value
from opprop.reduce.shrink import shrink
from opprop.core.specs import CallSpec, build_tensor, from_json, tensor_spec, to_json
from opprop.strategies import kinds

warnings.simplefilter("ignore")


def _contents(t):
    """What a tensor of any kind holds, comparable with torch.equal."""
    if t.is_nested:
        return [c for c in t.unbind()]
    if t.is_quantized:
        return [t.int_repr(), t.q_per_channel_scales() if t.qscheme() != torch.per_tensor_affine else torch.tensor(t.q_scale())]
    if t.layout != torch.strided:
        return [t.to_dense()]
    return [t]


@pytest.mark.parametrize("kind", tensor_kinds.names())
def test_every_kind_is_described_rebuilt_and_written_as_source(kind):
    t = kinds.make(kind, (2, 3))
    described = describe_value(t)
    assert described["tensor"] and described["layout"] == str(t.layout)[6:]
    spec = tensor_spec(t)
    assert from_json(to_json(spec)) == spec
    rebuilt = build_tensor(spec)
    from_source = eval(repro.tensor_source(spec), {"torch": torch})
    for other in (rebuilt, from_source):
        assert other.layout == t.layout and other.is_nested == t.is_nested and other.dtype == t.dtype
        assert all(torch.equal(a, b) for a, b in zip(_contents(t), _contents(other), strict=True))
        if t.layout == torch.sparse_coo:
            assert other.is_coalesced() == t.is_coalesced()


def test_a_nested_finding_shrinks_to_one_empty_component():
    spec = CallSpec("aten::_nested_tensor_size", (tensor_spec(kinds.make("nested_strided", (2, 3))),))
    small = shrink(spec, catalog.TENSOR_IMPL, isolate=False).spec
    (t,) = small.args
    assert t.layout == "nested_strided" and len(t.parts) == 1 and t.parts[0].numel == 0


def test_a_sparse_coo_finding_shrinks_by_dropping_entries():
    spec = CallSpec("aten::_values", (tensor_spec(kinds.make("sparse_coo", (2, 3))),))
    small = shrink(spec, catalog.TENSOR_IMPL, isolate=False).spec
    (t,) = small.args
    assert t.layout == "sparse_coo" and t.parts[1].shape[0] < 6


@pytest.mark.parametrize("op", ["aten::_indices", pytest.param("aten::_nested_tensor_size", marks=pytest.mark.nightly)])  # nested: nightly (slow)
def test_fuzz_writes_an_expect_file_for_a_sparse_and_a_nested_finding_that_replays(tmp_path, monkeypatch, op):
    """finding -> spec -> expect file -> replay in a fresh interpreter: no "cannot rebuild" for any kind."""
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "validity.json"))
    out = tmp_path / "expected"
    proc, rep = run_fuzz(tmp_path, "--ops", op, "--jobs", "1", "--budget", "60", "--per-op-examples", "60",
                         "--database", str(tmp_path / "db"), "--write-expected", str(out))
    assert (op, catalog.TENSOR_IMPL) in keys(rep)
    assert "cannot rebuild" not in proc.stdout + proc.stderr
    written = out / f"{op.replace('::', '.')}--tensorimpl_use_count.py"
    assert written.exists(), proc.stdout[-2000:]
    ran = subprocess.run([sys.executable, str(written)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0 and "tensorimpl_use_count: reproduces" in ran.stdout, ran.stdout + ran.stderr
    assert expectfile.replay(written, accept=False).status == "same"


def nested_only_ops():
    """Eligible ATen overloads whose only kernel is NestedTensorCPU (asked of the dispatcher, not listed)."""
    from opprop.listing import reachable

    dense = ("CPU", "CompositeExplicitAutograd", "CompositeExplicitAutogradNonFunctional", "CompositeImplicitAutograd")
    found = []
    for op in reachable.registered_aten_overloads():
        name = catalog.qualified_name(op)
        has = [k for k in (*dense, "NestedTensorCPU") if torch._C._dispatch_has_kernel_for_dispatch_key(name, k)]
        if has == ["NestedTensorCPU"]:
            found.append(name)
    return found


def test_ops_with_only_a_strided_nested_kernel_reach_five_valid_examples_each(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "validity.json"))
    ops = nested_only_ops()
    assert len(ops) >= 8 and "aten::_nested_tensor_size" in ops
    _, rep = run_fuzz(tmp_path, "--ops", *ops, "--jobs", "1", "--budget", "120", "--per-op-examples", "20",
                      "--database", str(tmp_path / "db"), timeout=400)
    # five valid examples, or fewer that ended at a finding: a failing share stops to shrink it (_nested_select_backward
    # reaches _nested_tensor_size's ledgered use count after its schedule's rows of values past each int's boundary)
    valid = {o["name"]: o["valid"] for o in rep["ops"] if not (o["valid"] and o.get("first_seen_at_example"))}
    assert {op: valid[op] for op in ops if op in valid and valid[op] < 5} == {}
