"""A crash in a C extension's backward op is public only through its forward's public function and autograd (issue 38):
the report runs that call in a fresh interpreter on the repro's inputs and shows how it ended. ``public_backward_ops``
stands in for torchvision (``roi_pool`` / ``_pool_backward``); torchvision itself is never needed here."""
import pytest
import torch

from opprop.core.imports import definitions_for, import_modules
from opprop.core.specs import CallSpec, TensorSpec
from opprop.reduce.crash_outcome import Outcome
from opprop.reports import backward_entry, crash_groups, issue_report

import_modules(["public_backward_ops"])  # the fresh interpreters import it too
import public_backward_ops  # noqa: E402,F401

OP = "opprop_pubgrad::_pool_backward.default"
SEGV = Outcome("signal", "SIGSEGV", "opprop_pubgrad::_pool_backward")


@pytest.fixture
def one_environment(monkeypatch):
    """Each fresh run in one environment, not in each of ``HEAP_ENVS``: these ops read address 0, which dies the same way
    wherever the heap lies, and the choice of public call is what these tests check (the environments: test_crashes.py)."""
    from opprop.reduce import crash_runner

    monkeypatch.setattr(crash_runner, "HEAP_ENVS", crash_runner.HEAP_ENVS[:1])


def _rois(batch_index):
    return TensorSpec("float32", (1, 5), "values", values=(float(batch_index), 0.0, 0.0, 2.0, 2.0))


def _group(grad, rois, batch_size=1, channels=2):
    definitions = definitions_for(["public_backward_ops"])
    spec = CallSpec(OP, (grad, rois, 1.0, 2, 2, batch_size, channels, 4, 4))
    public, note = backward_entry.backward_entry(spec, SEGV, definitions)
    g = crash_groups.CrashGroup(OP.rsplit(".", 1)[0], SEGV, [], spec, public=public, public_note=note)
    g.public_run = crash_groups.run_public(g, definitions)
    return g


def test_the_forward_of_a_backward_op_is_found_by_name():
    assert backward_entry.forward_of("opprop_pubgrad::_pool_backward.default") == "opprop_pubgrad::pool"
    assert backward_entry.forward_of("opprop_pubgrad::pool.default") == ""


def test_a_backward_crash_a_user_reaches_is_run_through_the_forward_and_backward(one_environment):
    """A box's batch index past the batch: the forward's public function, then .backward(grad), dies the same way."""
    g = _group(TensorSpec("float32", (1, 2, 2, 2), "ones"), _rois(1))
    assert "public_backward_ops.roi_pool(input, rois, 2" in g.public and g.public.endswith(".backward(grad)`"), g.public
    assert "input = torch.ones(1, 2, 4, 4" in g.public and g.public_run == "dies with SIGSEGV" and g.reached
    report = issue_report.render(g)
    assert report.startswith("## [CPU] public_backward_ops.roi_pool crashes with SIGSEGV")
    assert f"It is reachable from public API: {g.public}, run in a fresh interpreter on the inputs below, dies with SIGSEGV" in report


def test_a_shrunk_grad_autograd_refuses_is_replaced_by_a_users_loss(one_environment):
    """Shrinking left a 0-d grad, which no forward output takes: .sum().backward() gives the gradient autograd does."""
    g = _group(TensorSpec("float32", (), "ones"), _rois(1))
    assert g.public.endswith(".sum().backward()`") and g.public_run == "dies with SIGSEGV", (g.public, g.public_run)


def test_a_backward_crash_only_a_direct_call_reaches_is_shown_as_run_not_claimed(one_environment):
    """A grad with other channels than the input's: the public call ends otherwise, and the report says how, no more."""
    g = _group(TensorSpec("float32", (1, 3, 2, 2), "ones"), _rois(0))
    assert g.public and g.public_run == "returns" and not g.reached, (g.public, g.public_run)
    report = issue_report.render(g)
    assert report.startswith("## [CPU] opprop_pubgrad::_pool_backward crashes with SIGSEGV")
    assert "reachable from public API" not in report and f"A public call: {g.public}, run in a fresh interpreter" in report


def test_a_public_call_that_dies_in_its_forward_first_is_not_a_reach_of_the_backward(one_environment):
    """A batch index a hundred batches past: the forward's public function itself dies on it, so the public call's crash
    is the forward's; the report says so, and neither titles nor counts the backward's group as public."""
    g = _group(TensorSpec("float32", (1, 2, 2, 2), "ones"), _rois(100))
    assert g.public_run == "dies with SIGSEGV" and "opprop_pubgrad::pool" in g.public_note and not g.reached, (g.public, g.public_note)
    report = issue_report.render(g)
    assert report.startswith("## [CPU] opprop_pubgrad::_pool_backward crashes") and g.public_note in report


def test_a_finding_not_rebuilt_joins_the_group_with_a_repro_of_its_op_and_signal(tmp_path):
    """Heap damage may die in one draw of a call and not in the next: a finding whose call is not rebuilt joins the group
    of the same op that died the same way, so no group is left without a repro; one of another signal keeps its own."""
    import public_crash_ops  # noqa: F401

    def described(shape):
        return {"tensor": True, "dtype": "float32", "shape": list(shape), "device": "cpu", "layout": "strided",
                "stride": list(torch.empty(shape).stride()), "storage_offset": 0}

    def finding(signal_name, called, inputs):
        return {"aten_op": "opprop_public::pool", "called_op": called, "invariant": "crash", "output_index": None,
                "detail": {"example": 1, "phase": "example", "signal": signal_name}, "inputs": inputs,
                "replay": {"target": called, "choices": "00"}}

    found = finding("SIGSEGV", "opprop_public::pool", {"input": described((0, 1, 4, 4)), "rois": described((1, 5)), "spatial_scale": 1.0,
                                                      "pooled_height": 1, "pooled_width": 1})
    gone = [finding(sig, "opprop_public::pool_gone", {}) for sig in ("SIGSEGV", "SIGFPE")]  # their target no longer exists
    groups = crash_groups.group([found, *gone], tmp_path, definitions=definitions_for(["public_crash_ops"]), log=lambda m: None, frames=False)
    segv = next(g for g in groups if g.outcome.what == "SIGSEGV")
    assert segv.path and len(segv.findings) == 2 and gone[0] in segv.findings
    [fpe] = [g for g in groups if g.outcome.what == "SIGFPE"]
    assert fpe.spec is None and fpe.note.startswith("no repro: ") and fpe.findings == [gone[1]]


def test_a_write_past_a_buffer_the_kernel_allocated_is_rebuilt_with_its_index_magnified():
    """No guard on the inputs catches a write past the kernel's own buffer, and a fresh interpreter returns at the found
    index (2 rows past a batch of 2); the same index a thousand times farther faults, and that is the rebuilt call."""
    from opprop.reduce import crash_rebuild
    from opprop.reduce.crash_shrink import magnified

    import_modules(["far_write_ops"])
    definitions = definitions_for(["far_write_ops"])
    x = TensorSpec("float32", (2, 3), "ones")
    spec = CallSpec("opprop_far::scatter_rows.default", (x, TensorSpec("int64", (2,), "values", values=(0, 2))))
    assert [c.args[1].values for c in magnified(spec)] == [(1000, 2), (0, 2000)]
    r = crash_rebuild.fresh_rebuild(spec, Outcome("signal", "SIGABRT", "opprop_far::scatter_rows"), definitions)
    assert r is not None and r.fresh and r.outcome.what == "SIGSEGV" and r.spec.args[1].values == (0, 2000), r
    assert "farther" in r.via


def test_the_same_call_found_twice_is_rebuilt_once(tmp_path, monkeypatch):
    """A fuzz journal may hold one call several times (the same draw, died again): it is rebuilt once, both findings kept."""
    import public_crash_ops  # noqa: F401
    from opprop.reduce import crash_rebuild

    calls = []
    real = crash_rebuild.rebuild
    monkeypatch.setattr(crash_rebuild, "rebuild", lambda f, **kw: calls.append(f) or real(f, **kw))
    inputs = {"input": {"tensor": True, "dtype": "float32", "shape": [0, 1, 4, 4], "device": "cpu", "layout": "strided",
                        "stride": [16, 16, 4, 1], "storage_offset": 0},
              "rois": {"tensor": True, "dtype": "float32", "shape": [1, 5], "device": "cpu", "layout": "strided", "stride": [5, 1],
                       "storage_offset": 0}, "spatial_scale": 1.0, "pooled_height": 1, "pooled_width": 1}
    found = [{"aten_op": "opprop_public::pool", "called_op": "opprop_public::pool", "invariant": "crash", "output_index": None,
              "detail": {"example": n, "phase": "example", "signal": "SIGSEGV"}, "inputs": inputs, "replay": None} for n in (3, 9)]
    [g] = crash_groups.group(found, tmp_path, definitions=definitions_for(["public_crash_ops"]), log=lambda m: None, frames=False)
    assert g.path and len(g.findings) == 2 and len(calls) == 1
