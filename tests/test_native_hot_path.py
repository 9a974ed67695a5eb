"""The compiled hot path answers what the Python reference answers, call by call, or declines.

``hot_path.module.take_states`` must return what ``snapshots.take_states``
returns (the same states and the very same storage objects), and
``hot_path.module.clean`` what ``screen.reference_clears`` answers, on every call it does
not decline. Both are run side by side on real ops (op_db samples of the
benchmark's op set) and on custom ops that break each invariant.
"""
import re
import sys
from pathlib import Path

import pytest
import torch
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import mode as checkmode, hot_path, screen, snapshots
from opprop.check.runner import run_call
from opprop.check.walk import tensor_arguments
from opprop.core.calls import Call

from opprop.check import catalog
from benchmarks.op_set import float32_samples, kept

import custom_ops  # noqa: F401  (registers opprop_test::*)
from tests.support.runs import env as ops_importable

aten = torch.ops.aten


@pytest.fixture(autouse=True)
def compiled():
    assert hot_path.load() is not None, f"the compiled hot path did not build: {hot_path.why_not}"
    return hot_path.module


def _same_state(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return (type(a) is type(b) is snapshots.InputState and type(a.metadata) is type(b.metadata) is snapshots.Metadata
            and type(a.metadata.shape) is type(b.metadata.shape) and a.metadata == b.metadata
            and type(a.raw) is type(b.raw) and a.raw == b.raw and a.data is b.data is None)


def test_the_headers_name_the_state_fields_in_the_python_order():
    # hot_path_common.h's comment names each NamedTuple's fields, and its enums index them in that order
    header = (Path(hot_path.__file__).parent / "hot_path_common.h").read_text()
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
def screen_answers():
    """Every call the mode screens while the test runs: the compiled answer next to the reference one."""
    answers = []
    module = hot_path.module

    def both(plan, inputs, outputs, before, storages):
        want = screen.reference_clears(plan, inputs, outputs, before, storages)
        got = None if plan.compiled is None else module.clean(plan.compiled, inputs, outputs, before, storages)
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


VIOLATIONS = {
    "hold_output": lambda: Call("h", custom_ops.ops.hold_output.default, (torch.ones(3),)),
    "return_input": lambda: Call("r", custom_ops.ops.return_input.default, (torch.ones(3),)),
    "alias_input": lambda: Call("a", custom_ops.ops.alias_input.default, (torch.ones(2, 2),)),
    "mutate_input": lambda: Call("m", custom_ops.ops.mutate_input.default, (torch.ones(3),)),
    "alias_other": lambda: Call("ao", custom_ops.ops.alias_other.default, (torch.ones(2, 2), torch.ones(4))),
    "q_per_channel_scales": lambda: Call("q", aten.q_per_channel_scales.default, (
        torch.quantize_per_channel(torch.arange(6.0).reshape(2, 3), torch.tensor([0.5, 1.0], dtype=torch.double),
                                   torch.zeros(2, dtype=torch.long), 0, torch.qint8),)),
    "_unsafe_view": lambda: Call("v", aten._unsafe_view.default, (torch.ones(4, 2), [8])),
    "unsafe_split": lambda: Call("u", aten.unsafe_split.Tensor, (torch.ones(4, 2), 2)),
    "dequantize.self": lambda: Call("d", aten.dequantize.self, (torch.ones(2, 3),)),
}


@pytest.mark.parametrize("name", sorted(VIOLATIONS))
def test_the_compiled_screen_never_clears_a_violation(name, screen_answers):
    answers = screen_answers
    findings = run_call(VIOLATIONS[name]()).findings
    assert findings, name
    assert _mismatches(answers) == []
    assert any(got is False for _, got, _ in answers) or all(got is None for _, got, _ in answers)


def test_the_compiled_path_is_taken_on_a_clean_call(monkeypatch):
    # a clean call runs whole in the compiled dispatch; a call with a finding is handed to the Python path after the op
    answers = []
    module = hot_path.module

    def dispatch(*a):
        answers.append(module.dispatch(*a))
        return answers[-1]

    monkeypatch.setattr(hot_path, "module", type("Counting", (), {
        "dispatch": staticmethod(dispatch), "clean": staticmethod(module.clean), "take_states": staticmethod(module.take_states),
        "make_plan": staticmethod(module.make_plan)}))
    x = torch.randn(4, 4)
    run_call(VIOLATIONS["hold_output"]())  # each op's first call plans it, on the Python path
    run_call(Call("mm", aten.mm.default, (x, x)))
    answers.clear()
    result = run_call(Call("mm", aten.mm.default, (x, x)))
    assert result.findings == [] and result.internal_errors == []
    assert len(answers) == 1 and type(answers[0]) is torch.Tensor
    answers.clear()
    result = run_call(VIOLATIONS["hold_output"]())
    assert [f.invariant for f in result.findings] == ["tensorimpl_use_count"] and result.internal_errors == []
    # the op ran compiled and was handed on, with its result, in what the call returned; the finding made on the Python path
    assert len(answers) == 1 and type(answers[0]) is hot_path.HandedOn


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
    import subprocess

    script = (
        "import torch, opprop\n"
        "from opprop.check import hot_path\n"
        "import custom_ops\n"
        "with opprop.checking() as found:\n"
        "    custom_ops.ops.mutate_input(torch.nn.Parameter(torch.ones(3)))\n"
        "    torch.mm(torch.ones(2, 2), torch.ones(2, 2))\n"
        "print(hot_path.module is None, hot_path.why_not, sorted({f.invariant for f in found.findings}))\n"
    )
    env = {**ops_importable(), "OPPROP_HOT_PATH": "0"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True OPPROP_HOT_PATH=0 ['undeclared_mutation']"
