"""The hot path answers what the checks it stands in for would answer, call by call.

The screen (opprop/check/screen.py) clears a call only where the invariants'
own checks would find it clean: each call runs with the screen and with every
call sent down the slow path (the invariants' own checks), and the findings
must be the same. The fused befores (``snapshots.take_states``) are
undeclared_mutation's and storage_replaced's own ``before`` in one pass. The
compiled hot path (hot_path.py, hot_path.cpp) answers what the Python reference
answers, or declines: ``module.take_states`` returns what
``snapshots.take_states`` returns (the same states and the very same storage
objects), ``module.clean`` what ``screen.reference_clears`` answers, and its
walk finds the inputs ``walk.tensor_arguments`` finds. Each is run on real ops
(op_db samples of the benchmark's op set) and on custom ops that break each
invariant (tests/ops/custom_ops.py, and this file's ``opprop_fused_test::*``).
"""
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog, invariants, screen, snapshots
from opprop.check import hot_path as compiled_hot_path
from opprop.check import mode as checkmode
from opprop.check.compat import const_data_ptr
from opprop.check.runner import run_call
from opprop.check.walk import tensor_arguments
from opprop.core.calls import Call

from benchmarks.op_set import float32_samples, kept

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.runs import env as ops_importable

aten = torch.ops.aten

LIB = torch.library.Library("opprop_fused_test", "DEF")
LIB.define("swap_written(Tensor(a!) x, Tensor y) -> ()")  # swaps a written argument's StorageImpl
LIB.define("swap_read(Tensor x) -> Tensor")  # swaps a read-only argument's StorageImpl
LIB.define("fake_view(Tensor(a) x) -> Tensor(a)")  # declared a view, returns fresh memory
LIB.define("fake_views(Tensor(a -> *) x) -> Tensor(a)[]")  # one of a list of declared views is fresh memory


def _swap_written(x, y):
    x.set_(y.clone())


def _swap_read(x):
    x.set_(torch.empty_like(x))
    return x + 1


LIB.impl("swap_written", _swap_written, "CPU")
LIB.impl("swap_read", _swap_read, "CPU")
LIB.impl("fake_view", lambda x: x.clone(), "CPU")
LIB.impl("fake_views", lambda x: [x[0].clone(), x[1]], "CPU")
fused_ops = torch.ops.opprop_fused_test


def per_channel():
    return torch.quantize_per_channel(
        torch.arange(6.0).reshape(2, 3), torch.tensor([0.5, 1.0], dtype=torch.double), torch.zeros(2, dtype=torch.long), 0, torch.qint8
    )


def nested_strided():
    return torch.nested.nested_tensor([torch.ones(2, 3), torch.ones(3, 3)], layout=torch.strided)


def sparse():
    return torch.eye(3).to_sparse()


x = torch.arange(12.0).reshape(3, 4)
CALLS = {
    # each breaks an invariant: torch's own (ledgered) and the custom ops'
    "q_per_channel_scales": lambda: Call("q", aten.q_per_channel_scales.default, (per_channel(),)),
    "dequantize.self": lambda: Call("d", aten.dequantize.self, (torch.ones(2, 3),)),
    "unsafe_split": lambda: Call("u", aten.unsafe_split.Tensor, (torch.ones(4, 2), 2)),
    "_unsafe_view": lambda: Call("v", aten._unsafe_view.default, (torch.ones(4, 2), [8])),
    "hold_output": lambda: Call("h", custom_ops.ops.hold_output.default, (torch.ones(3),)),
    "return_input": lambda: Call("r", custom_ops.ops.return_input.default, (torch.ones(3),)),
    "alias_input": lambda: Call("a", custom_ops.ops.alias_input.default, (torch.ones(2, 2),)),
    "mutate_input": lambda: Call("m", custom_ops.ops.mutate_input.default, (torch.ones(3),)),
    "alias_other": lambda: Call("ao", custom_ops.ops.alias_other.default, (torch.ones(2, 2), torch.ones(4))),
    # each breaks storage_replaced or view_copies, which the fused screen clears itself
    "swap written": lambda: Call("sw", fused_ops.swap_written.default, (torch.ones(3), torch.ones(3))),
    "swap read": lambda: Call("sr", fused_ops.swap_read.default, (torch.ones(3),)),
    "fake view": lambda: Call("fv", fused_ops.fake_view.default, (torch.ones(2, 2),)),
    "fake views": lambda: Call("fvs", fused_ops.fake_views.default, (torch.ones(2, 2),)),
    "set_": lambda: Call("set_", aten.set_.source_Tensor, (torch.ones(3), torch.ones(4))),
    # clean: in-place, out=, views, a reduction, a resize, inputs of every layout
    "add_": lambda: Call("add_", lambda: x.clone().add_(1), ()),
    "add.out": lambda: Call("add.out", lambda: torch.add(x, x, out=torch.empty(3, 4)), ()),
    "resize_ (same StorageImpl, new memory)": lambda: Call("resize_", aten.resize_.default, (torch.ones(2), [64])),
    "cat": lambda: Call("cat", aten.cat.default, ([x, x[::2], x],)),
    "transpose": lambda: Call("t", aten.transpose.int, (x, 0, 1)),
    "split": lambda: Call("s", aten.split.Tensor, (x, 2)),
    "unbind": lambda: Call("u", aten.unbind.int, (x,)),
    "expand": lambda: Call("e", aten.expand.default, (torch.ones(3, 1), [3, 4])),
    "max.dim": lambda: Call("max", aten.max.dim, (x, 1)),
    "sparse input": lambda: Call("sp", aten.mul.Tensor, (sparse(), 2.0)),
    "nested strided input": lambda: Call("n", aten.mul.Tensor, (nested_strided(), 2.0)),
    "non-contiguous input": lambda: Call("nc", aten.mul.Tensor, (x.t(), 2.0)),
}
COMMON = ["add_", "add.out", "transpose", "split", "non-contiguous input", "nested strided input"]
# The breakers of the first invariants: the screen passes them through, the compiled screen never clears them.
VIOLATIONS = ["q_per_channel_scales", "dequantize.self", "unsafe_split", "_unsafe_view", "hold_output", "return_input",
              "alias_input", "mutate_input", "alias_other"]
SCREENED = sorted([*VIOLATIONS, *COMMON, "max.dim"])
# storage_replaced's and view_copies' breakers, and inputs the fused befores take each their own way
FUSED = sorted(["swap written", "swap read", "fake view", "fake views", "set_", *COMMON,
                "resize_ (same StorageImpl, new memory)", "cat", "unbind", "expand", "sparse input"])


def _findings(call, snapshot_data):
    result = run_call(call, snapshot_data=snapshot_data)
    return result.error, [(f.aten_op, f.invariant, f.output_index, repr(f.detail), repr(f.inputs)) for f in result.findings]


def _same_both_ways(make, snapshot_data):
    """The (error, findings) of the call ``make()`` builds, with the screen: those of a second call it builds, with every
    call sent down the slow path, must be the same."""
    screened = _findings(make(), snapshot_data)
    with checkmode.use_screen(lambda *a: False):
        exact = _findings(make(), snapshot_data)
    assert screened == exact
    return screened


# ---------------------------------------------------------------- the screen, held to the invariants' own checks


@pytest.mark.parametrize("name", SCREENED)
@pytest.mark.parametrize("snapshot_data", ["schema", "all"])
def test_screen_agrees_with_invariant_functions(name, snapshot_data, hot_path):
    _same_both_ways(CALLS[name], snapshot_data)


@pytest.mark.parametrize("name", FUSED)
def test_fused_screen_agrees_with_the_slow_path(name, hot_path):
    error, _ = _same_both_ways(CALLS[name], snapshots.DEFAULT_SNAPSHOT)
    assert error is None, error


def test_screen_passes_a_view_of_the_wrong_input_through():
    # a view op: the storage count is no screen there, so the byte extents of output and inputs decide
    found = [f for f in run_call(CALLS["alias_other"]()).findings if f.invariant == catalog.UNDECLARED_ALIAS]
    assert [f.detail for f in found] == [{"overlaps": "y"}]


def test_screen_passes_violations_through(hot_path):
    # the screen must not clear a known violation: q_per_channel_scales' output is held by the quantizer
    assert any(f.invariant == catalog.TENSOR_IMPL for f in run_call(CALLS["q_per_channel_scales"]()).findings)


@pytest.mark.parametrize(
    "name, invariant",
    [("swap written", "storage_replaced"), ("swap read", "storage_replaced"), ("set_", "storage_replaced"),
     ("fake view", "view_copies"), ("fake views", "view_copies")],
)
def test_fused_screen_passes_the_new_invariants_violations_through(name, invariant, hot_path):
    # not cleared by the screen: the violation reaches the slow path and is reported
    result = run_call(CALLS[name]())
    assert result.error is None, result.error
    assert invariant in {f.invariant for f in result.findings}


@pytest.mark.parametrize("opinfo_id", ["nn.functional.embedding_bag", "linalg.lu", "unsafe_chunk", "histogram", "native_batch_norm", "nn.functional.pad.replicate_negative"])
def test_screen_agrees_on_opinfo_samples(opinfo_id, hot_path):
    opinfo = catalog.opinfos_by_id()[opinfo_id]
    for args, kwargs in float32_samples(opinfo):
        _same_both_ways(lambda: Call(opinfo_id, opinfo.op, args, kwargs), "schema")


def test_screen_clears_clean_calls(monkeypatch, hot_path):
    # the fast path is really taken: a clean functional, view and in-place op never reach the slow path
    slow = []
    real = checkmode.InvariantMode._record
    monkeypatch.setattr(checkmode.InvariantMode, "_record", lambda self, *a: slow.append(a[0].kind.name) or real(self, *a))
    for name in ("add_", "transpose", "split", "max.dim", "non-contiguous input"):
        assert run_call(CALLS[name]()).findings == []
    assert slow == []


@pytest.mark.parametrize("op, invariant", [
    ("mutate_input", catalog.UNDECLARED_MUTATION), ("alias_input", catalog.UNDECLARED_ALIAS), ("return_input", catalog.RETURNS_INPUT)])
def test_a_parameter_input_is_checked_as_a_tensor(op, invariant, hot_path):
    # model weights reach the mode as Parameters: their bytes, storage and extent are read as a plain tensor's
    import opprop
    from opprop.core import ledger as ledger_mod

    weight = torch.nn.Parameter(torch.ones(2, 2))
    with opprop.checking(ledger=ledger_mod.Ledger(None, {}), engine="python") as found:  # (the Python mode's hot path)
        getattr(custom_ops.ops, op)(weight)
    assert invariant in {f.invariant for f in found.findings}


def test_views_of_parameters_are_cleared_by_the_screen(monkeypatch, hot_path):
    # t(weight) in every linear layer: the declared view sits on the Parameter's storage, so the fast path clears it
    import opprop

    slow = []
    real = checkmode.InvariantMode._record
    monkeypatch.setattr(checkmode.InvariantMode, "_record", lambda self, *a: slow.append(a[0].kind.name) or real(self, *a))
    layer = torch.nn.Linear(3, 2)
    with opprop.checking(engine="python") as found:
        layer(torch.randn(4, 3)).sum().backward()
    assert found.findings == [] and slow == []


def test_a_wrong_screen_storage_reader_refuses_to_run(monkeypatch, python_hot_path):
    from opprop.check import probe

    monkeypatch.setattr(checkmode, "_storage_use_count", lambda address: 1)  # never sees a shared storage
    with pytest.raises(probe.ProbeError, match="refusing to run"):
        checkmode.validate_readers(force=True)
    monkeypatch.undo()
    checkmode.validate_readers(force=True)  # the real readers pass


def test_mode_default_snapshot_policy_is_the_projects_one():
    assert checkmode.InvariantMode("x").snapshot_all == (snapshots.DEFAULT_SNAPSHOT == "all")
    other = next(p for p in snapshots.SNAPSHOT_POLICIES if p != snapshots.DEFAULT_SNAPSHOT)
    assert checkmode.InvariantMode("x", snapshot_data=other).snapshot_all == (other == "all")
    with pytest.raises(ValueError):
        checkmode.InvariantMode("x", snapshot_data="some")


def test_dynamo_stays_out_of_the_dispatch_frame():
    """The mode keeps Dynamo out of ``__torch_dispatch__`` itself (not torch's wrapper, which costs ~1 us a call).

    A compiled function run under the mode: without the frame marked for
    Dynamo to skip, Dynamo traces the dispatch frame and warns about the
    eval-frame builtin it meets; the calls must still reach the checks, and a
    real violation inside must still be found.
    """
    import warnings

    import torch._dynamo

    assert not getattr(checkmode.InvariantMode.__torch_dispatch__, "_torchdynamo_disable", False)  # not torch's wrapper

    def body(x, y):
        return (x.sin() + 1).relu(), torch.ops.opprop_fused_test.swap_read(y)

    compiled = torch.compile(body, backend="eager")
    x, y = torch.randn(4), torch.randn(3)
    torch._dynamo.reset()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with checkmode.InvariantMode("compiled") as mode:
            got, _ = compiled(x, y)
    dynamo_warnings = [str(w.message) for w in caught if "dynamo" in str(w.filename).lower() or "Dynamo" in str(w.message)]
    assert dynamo_warnings == []
    assert torch.equal(got, (x.sin() + 1).relu())
    assert {"aten::sin", "aten::relu", "opprop_fused_test::swap_read"} <= set(mode.reached)
    assert ("opprop_fused_test::swap_read", "storage_replaced") in {f.key for f in mode.findings}


# ---------------------------------------------------------------- the states: what the befores read


def _same_before(a, b) -> bool:
    """The fused pass's state and an invariant's own ``before``: the same metadata and bytes, and data kept by both or neither."""
    if a is None or b is None:
        return a is b
    (meta_a, raw_a, data_a), (meta_b, raw_b, data_b) = a, b
    return meta_a == meta_b and raw_a == raw_b and (data_a is None) == (data_b is None)


def _kind(mutable_args, mutable):
    """The two facts the befores read from a catalog.OpKind."""
    return type("Kind", (), {"mutable_args": mutable_args, "mutable": mutable})


@pytest.mark.parametrize("name", FUSED)
def test_take_states_is_the_invariants_own_befores(name, monkeypatch, python_hot_path):
    # at each call the mode makes, before the op runs: the fused pass and the two befores, on the same inputs
    mutation, replaced = invariants.get(catalog.UNDECLARED_MUTATION), invariants.get(checkmode.STORAGE_REPLACED)
    real = checkmode.take_states
    compared = []

    def both(inputs, mutable_args, with_data):
        states, storages = real(inputs, mutable_args, with_data)
        kind = _kind(mutable_args, with_data)  # with_data is the mode's snapshot_all or the op's mutability
        own_storages = replaced.before(inputs, kind, with_data)
        own_states = mutation.before(inputs, kind, with_data)
        compared.append(
            len(storages) == len(own_storages) and all(a is b for a, b in zip(storages, own_storages))
            and len(states) == len(own_states) and all(_same_before(a, b) for a, b in zip(states, own_states))
        )
        return states, storages

    monkeypatch.setattr(checkmode, "take_states", both)
    assert run_call(CALLS[name]()).error is None
    assert compared and all(compared)


def test_take_states_matches_the_befores_on_untouched_inputs():
    # the exact values, on inputs of every kind the mode meets, nothing run in between
    values = [torch.ones(3), x.t(), x[1:, ::2], torch.empty(0), sparse(), nested_strided(), torch.ones(2, dtype=torch.int8), torch.tensor(3.0)]
    inputs = list(enumerate(values))
    mutation, replaced = invariants.get(catalog.UNDECLARED_MUTATION), invariants.get(checkmode.STORAGE_REPLACED)
    for mutable_args in (frozenset(), frozenset({0, 3})):
        for with_data in (False, True):
            kind = _kind(mutable_args, False)
            states, storages = snapshots.take_states(inputs, mutable_args, with_data)
            assert storages == replaced.before(inputs, kind, with_data)
            assert all(a is b for a, b in zip(storages, replaced.before(inputs, kind, with_data)))
            own = mutation.before(inputs, kind, with_data)
            assert len(states) == len(own) and all(_same_before(a, b) for a, b in zip(states, own))
            assert [s is None for s in states] == [i in mutable_args for i in range(len(values))]


def test_nested_strided_input_is_snapshotted():
    # a strided nested tensor has no sizes or strides: its buffer bytes still show a write
    n = nested_strided()
    state = snapshots.take_state(n, False)
    assert snapshots.unchanged(state, n)
    n.unbind()[0].fill_(5.0)
    assert not snapshots.unchanged(state, n)
    assert snapshots.Snapshot(state).changed(n) == "data"
    assert run_call(CALLS["nested strided input"]()).error is None


def test_state_sees_storage_swap_and_stride_change():
    t = torch.ones(4)
    state = snapshots.take_state(t, False)
    assert snapshots.unchanged(state, t)
    t.as_strided_((2,), (2,))
    assert not snapshots.unchanged(state, t)
    assert snapshots.Snapshot(state).changed(t) == "size"
    u = torch.ones(4)
    state = snapshots.take_state(u, False)
    u.set_(torch.ones(4).untyped_storage())
    assert snapshots.Snapshot(state).changed(u) == "storage"
    v = torch.ones(4)
    state = snapshots.take_state(v, False)
    v.add_(0)  # same data, bumped version
    assert snapshots.Snapshot(state).changed(v) == "version_counter"


def test_reading_an_input_does_not_materialize_a_copy_on_write_storage():
    # _lazy_clone leaves its input on a copy-on-write storage: asking for a writable data pointer would copy it
    # and look like the op swapped the input's storage
    t = torch.ones(3)
    ptr = const_data_ptr(t)
    result = run_call(Call("lc", aten._lazy_clone.default, (t,)))
    assert result.error is None and result.findings == []
    assert const_data_ptr(t) == ptr


def test_memory_reads_the_bytes_string_at_reads():
    import ctypes

    t = torch.arange(10, dtype=torch.int16)
    t[3] = 0  # a zero byte in the middle must be kept
    ptr = const_data_ptr(t)
    assert snapshots.memory_at(ptr)[: t.nbytes] == ctypes.string_at(ptr, t.nbytes) == t.numpy().tobytes()


# ---------------------------------------------------------------- the compiled hot path, held to the Python reference


@pytest.fixture
def compiled():
    assert compiled_hot_path.load() is not None, f"the compiled hot path did not build: {compiled_hot_path.why_not}"
    return compiled_hot_path.module


def _same_state(a, b) -> bool:
    """The compiled state is the reference's: the same types and values, and no data kept by either."""
    if a is None or b is None:
        return a is b
    return (type(a) is type(b) is snapshots.InputState and type(a.metadata) is type(b.metadata) is snapshots.Metadata
            and type(a.metadata.shape) is type(b.metadata.shape) and a.metadata == b.metadata
            and type(a.raw) is type(b.raw) and a.raw == b.raw and a.data is b.data is None)


def test_the_headers_name_the_state_fields_in_the_python_order():
    # hot_path_common.h's comment names each NamedTuple's fields, and its enums index them in that order
    header = (Path(compiled_hot_path.__file__).parent / "hot_path_common.h").read_text()
    for prefix, cls in (("STATE", snapshots.InputState), ("META", snapshots.Metadata)):
        named = re.search(rf"// snapshots\.{cls.__name__} fields: (.+)", header)
        assert named, cls.__name__
        assert tuple(f.strip() for f in named.group(1).split(",")) == cls._fields
        enum = re.search(rf"enum \w+ {{ ({prefix}_\w+(?:, {prefix}_\w+)*) }};", header)
        assert enum, prefix
        assert enum.group(1).split(", ") == [f"{prefix}_{f.upper()}" for f in cls._fields] + [f"{prefix}_FIELDS"]


def test_large_inputs_get_the_reference_digests_and_kept_buffers(compiled):
    big = torch.randn(snapshots.KEEP_BUFFERS // 4 + 8, 2)
    values = [big, big, big.t(), big[:, 0], torch.ones(3)]  # a digest, shared, a kept buffer twice, bytes
    inputs = list(enumerate(values))
    states, storages = compiled.take_states(inputs, frozenset())
    want, want_storages = snapshots.take_states(inputs, frozenset(), False)
    assert [type(s[1]) for s in states] == [type(s[1]) for s in want] == [
        snapshots.Digest, snapshots.Digest, snapshots.KeptBuffer, snapshots.KeptBuffer, bytes]
    assert states[1] is states[0] and want[1] is want[0]  # the same tensor passed twice: one state, as in Python
    for got, ref in zip(states, want):
        assert got[0] == ref[0] and len(got[1]) == len(ref[1])
        assert (got[1].value == ref[1].value) if type(got[1]) is snapshots.Digest else bytes(got[1]) == bytes(ref[1])
    plan = checkmode.InvariantMode("x")._plan(aten.add.Tensor)[1]
    outputs = [(0, torch.ones(2))]
    assert compiled.clean(plan.compiled, inputs, outputs, states, storages) is True
    big.numpy()[-1, -1] += 1  # the last element, behind the version counter's back: only the bytes say so
    assert compiled.clean(plan.compiled, inputs, outputs, states, storages) is False


def test_take_states_returns_the_reference_states_and_storages(compiled):
    base = torch.arange(24.0).reshape(4, 6)
    values = [base, base.t(), base[1:, ::2], torch.empty(0), torch.ones(2, dtype=torch.int8), torch.tensor(3.0),
              torch.ones(3, dtype=torch.complex64), torch.zeros(2, 2, dtype=torch.bool), base[2:3, 1:4], base.expand(2, 4, 6),
              torch.nn.Parameter(torch.ones(2, 3))]  # model weights reach the mode as Parameters
    inputs = list(enumerate(values)) + [(3, base)]  # one tensor passed twice
    for mutable_args in (frozenset(), frozenset({0, 3}), (1,)):
        got = compiled.take_states(inputs, mutable_args)
        assert got is not None
        states, storages = got
        want_states, want_storages = snapshots.take_states(inputs, mutable_args, False)
        assert all(a is b for a, b in zip(storages, want_storages)) and len(storages) == len(want_storages)
        assert len(states) == len(want_states) and all(_same_state(a, b) for a, b in zip(states, want_states))


@pytest.mark.parametrize("value", [
    lambda: torch.Tensor._make_subclass(type("Sub", (torch.Tensor,), {}), torch.ones(3)),  # a subclass: read its own way
    lambda: torch.ones(3).to_sparse(),
    lambda: torch.nested.nested_tensor([torch.ones(2), torch.ones(3)], layout=torch.strided),
    lambda: torch.quantize_per_tensor(torch.ones(3), 0.5, 0, torch.qint8),
    lambda: torch.ones(3, device="meta"),
])
def test_take_states_declines_what_it_does_not_take(compiled, value):
    assert compiled.take_states([(0, torch.ones(2)), (1, value())], frozenset()) is None
    with torch.inference_mode():
        assert compiled.take_states([(0, torch.ones(2))], frozenset()) is None


@pytest.fixture
def screen_answers(compiled):
    """Every call the mode screens while the test runs: the compiled answer next to the reference one."""
    answers = []

    def both(plan, inputs, outputs, before, storages):
        want = screen.reference_clears(plan, inputs, outputs, before, storages)
        got = None if plan.compiled is None else compiled.clean(plan.compiled, inputs, outputs, before, storages)
        answers.append((plan.kind.name, got, want))
        return want

    with checkmode.use_screen(both):
        yield answers


def _mismatches(answers):
    return [(name, got, want) for name, got, want in answers if got is not None and got != want]


def test_the_compiled_screen_answers_as_the_reference_on_op_db_samples(screen_answers):
    answers = screen_answers
    opinfos = catalog.opinfos_by_id()
    for opinfo_id in kept():  # the benchmark's op set: 215 OpInfos, views, reductions, in-place and out= ops among them
        opinfo = opinfos.get(opinfo_id)
        if opinfo is None:  # not in this torch release's op_db (the set was picked on 2.13)
            continue
        for args, kwargs in float32_samples(opinfo):
            run_call(Call(opinfo_id, opinfo.op, args, kwargs))
    assert _mismatches(answers) == []
    answered = [a for a in answers if a[1] is not None]
    assert len(answered) > 0.8 * len(answers)  # the compiled screen takes the common call
    assert any(want is False for _, got, want in answered)  # and some it answered were not clean


@pytest.mark.parametrize("name", sorted(VIOLATIONS))
def test_the_compiled_screen_never_clears_a_violation(name, screen_answers):
    answers = screen_answers
    findings = run_call(CALLS[name]()).findings
    assert findings, name
    assert _mismatches(answers) == []
    assert any(got is False for _, got, _ in answers) or all(got is None for _, got, _ in answers)


def test_the_compiled_path_is_taken_on_a_clean_call(monkeypatch, compiled):
    # a clean call runs whole in the compiled dispatch; a call with a finding is handed to the Python path after the op
    answers = []

    def dispatch(*a):
        answers.append(compiled.dispatch(*a))
        return answers[-1]

    monkeypatch.setattr(compiled_hot_path, "module", type("Counting", (), {
        "dispatch": staticmethod(dispatch), "clean": staticmethod(compiled.clean), "take_states": staticmethod(compiled.take_states),
        "make_plan": staticmethod(compiled.make_plan)}))
    x = torch.randn(4, 4)
    run_call(CALLS["hold_output"]())  # each op's first call plans it, on the Python path
    run_call(Call("mm", aten.mm.default, (x, x)))
    answers.clear()
    result = run_call(Call("mm", aten.mm.default, (x, x)))
    assert result.findings == [] and result.internal_errors == []
    assert len(answers) == 1 and type(answers[0]) is torch.Tensor
    answers.clear()
    result = run_call(CALLS["hold_output"]())
    assert [f.invariant for f in result.findings] == ["tensorimpl_use_count"] and result.internal_errors == []
    # the op ran compiled and was handed on, with its result, in what the call returned; the finding made on the Python path
    assert len(answers) == 1 and type(answers[0]) is compiled_hot_path.HandedOn


def test_a_call_handed_on_carries_the_reference_states(compiled):
    # the dispatch makes its states plain tuples and names them only when it hands the call on (hot_path_states.h:
    # states_of): handed on, every state is the reference's InputState of a Metadata, whether all were plain (small
    # inputs) or a large input's came after a small one's (named from there, for the Python helper that makes it);
    # a clean call with those inputs still runs compiled whole
    big = torch.ones(snapshots.KEEP_BUFFERS // 4 + 8)  # its state a digest, made by snapshots.large_state
    mode = checkmode.InvariantMode("x")
    for func, args in ((custom_ops.ops.hold_output.default, (torch.ones(3),)),
                       (custom_ops.ops.alias_other.default, (torch.ones(2, 2), big))):
        mode._plan(func)
        inputs = list(enumerate(args))
        want, want_storages = snapshots.take_states(inputs, frozenset(), False)
        handed = compiled.dispatch(mode, func, args, None)
        assert type(handed) is compiled_hot_path.HandedOn, func
        _, _, got_inputs, states, storages = handed
        assert [(i, id(t)) for i, t in got_inputs] == [(i, id(t)) for i, t in inputs]
        assert len(storages) == len(want_storages) and all(a is b for a, b in zip(storages, want_storages))
        assert len(states) == len(want)
        for a, b in zip(states, want):
            if type(b.raw) is snapshots.Digest:  # made twice, equal by value
                assert type(a.raw) is snapshots.Digest and (a.raw.n, a.raw.value) == (b.raw.n, b.raw.value)
                a, b = a._replace(raw=None), b._replace(raw=None)
            assert _same_state(a, b), func
    mode._plan(aten.add.Tensor)
    assert type(compiled.dispatch(mode, aten.add.Tensor, (torch.ones(1), big), None)) is torch.Tensor


def _same_walk(compiled, plan, args, kwargs):
    """The compiled walk's (position, tensor) pairs are the reference walk's; None where it declines (a tensor it does
    not take), which a call it must take may not do."""
    got = compiled.inputs_of(plan.compiled, args, kwargs)
    if got is None:
        return None
    want = tensor_arguments(plan.kind, args, kwargs or {})
    return [(i, id(t)) for i, t in got] == [(i, id(t)) for i, t in want]


def test_the_compiled_walk_finds_the_reference_inputs(compiled):
    # every tensor argument at its schema position: positional, keyword, Optional[Tensor] None, Tensor[] lists, Parameters
    x, y, w = torch.randn(3, 4), torch.randn(3, 4), torch.nn.Parameter(torch.randn(4))
    cases = [
        (aten.add.Tensor, (x, y), None),
        (aten.add.out, (x, y), {"out": torch.empty(3, 4)}),
        (aten.cat.default, ([x, y, x],), {}),
        (aten.native_layer_norm.default, (x, [4], w, None, 1e-5), {}),
        (aten.index.Tensor, (x, [None, torch.tensor([0, 2])]), {}),
        (aten.addcmul_.default, (x.clone(), y, y), {"value": 2}),
    ]
    for func, args, kwargs in cases:
        assert _same_walk(compiled, checkmode.InvariantMode("x")._plan(func)[1], args, kwargs), func
    sparse_call = (torch.ones(2).to_sparse(), x[0, :2])
    assert compiled.inputs_of(checkmode.InvariantMode("x")._plan(aten.mul.Tensor)[1].compiled, sparse_call, {}) is None


class _WalkBoth(TorchDispatchMode):
    """Holds the compiled walk to the reference walk on every ATen call that reaches dispatch."""

    def __init__(self, compiled):
        super().__init__()
        self.compiled, self.answers = compiled, []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        plan = checkmode.InvariantMode("x")._plan(func)[1] if isinstance(func, torch._ops.OpOverload) else None
        if plan is not None and plan.compiled is not None:
            self.answers.append((plan.kind.name, bool(kwargs), _same_walk(self.compiled, plan, args, kwargs)))
        return func(*args, **(kwargs or {}))


def test_the_compiled_walk_is_the_reference_walk_on_the_op_set_and_custom_ops(compiled):
    # every ATen call of the benchmark's 215-op set's samples, and the custom ops called positionally and by keyword
    opinfos = catalog.opinfos_by_id()
    with _WalkBoth(compiled) as both:
        for opinfo_id in kept():
            opinfo = opinfos.get(opinfo_id)
            if opinfo is None:  # not in this torch release's op_db (the set was picked on 2.13)
                continue
            for args, kwargs in float32_samples(opinfo):
                try:
                    opinfo.op(*args, **kwargs)
                except Exception:  # a sample this release refuses: the calls before the refusal were walked
                    pass
    answers = both.answers
    x, y = torch.randn(2, 2), torch.randn(4)
    for name in ("hold_output", "return_input", "alias_input", "mutate_input", "clean", "one_tensor_twice", "alias_other"):
        plan = checkmode.InvariantMode("x")._plan(getattr(custom_ops.ops, name).default)[1]
        positional = (x, y) if name == "alias_other" else (x,)
        by_keyword = dict(zip(plan.kind.arg_names, positional))
        for args, kwargs in ((positional, None), ((), by_keyword), (positional[:1], by_keyword)):
            answers.append((name, bool(kwargs), _same_walk(compiled, plan, args, kwargs)))
    assert [a for a in answers if a[2] is False] == []
    assert sum(a[2] is True for a in answers) > 0.8 * len(answers)  # the compiled walk takes the common call
    assert any(a[1] and a[2] for a in answers)  # keyword tensors among them (out= ops, the custom ops by keyword)


def test_without_the_compiled_path_the_python_one_finds_the_same():
    # OPPROP_HOT_PATH=0 (or no compiler): the reference functions do all the work, and say why
    script = (
        "import torch, opprop\n"
        "from opprop.check import hot_path\n"
        "import custom_ops\n"
        "with opprop.checking(engine='python') as found:\n"
        "    custom_ops.ops.mutate_input(torch.nn.Parameter(torch.ones(3)))\n"
        "    torch.mm(torch.ones(2, 2), torch.ones(2, 2))\n"
        "print(hot_path.module is None, hot_path.why_not, sorted({f.invariant for f in found.findings}))\n"
    )
    env = {**ops_importable(), "OPPROP_HOT_PATH": "0"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True OPPROP_HOT_PATH=0 ['undeclared_mutation']"
