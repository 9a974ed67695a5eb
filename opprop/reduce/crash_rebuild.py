"""From a raw crash finding to the crashing ATen call, checked to die the way the finding says, alone, in a child.

Three routes, in order: the recorded Hypothesis choices drawn again, the
finding's description of its arguments, a seeded search over the target's
draws. A signal the call does not repeat alone in a forked child is rebuilt
with guarded buffers, then in fresh interpreters (heap damage).
"""
from __future__ import annotations

import dataclasses
import json
import tempfile

import torch
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.check.catalog import UnknownOp
from opprop.core.specs import FILLS, CallSpec, Literal, ProducedSpec, SpecError, TensorSpec
from opprop.explore.database import key_target
from opprop.explore.replay import replay_call
from opprop.explore.session import describe_call
from opprop.explore.target import resolve
from opprop.inputs import choices
from opprop.reduce.crash_outcome import Outcome, finding_outcome, matches
from opprop.reduce.crash_runner import REPEATS, run_forked, run_spec
from opprop.reduce.crash_script import needs_definition
from opprop.reduce.crash_shrink import GROWTH, MAGNIFY, grown, magnified
from opprop.reduce.shrink import arg_leaves, replace_leaf

SEARCH_EXAMPLES = 200  # fresh draws tried when the recorded choices no longer draw the crashing call


class RebuildError(ValueError):
    """A crash finding whose crashing call could not be rebuilt (one line: why)."""


@dataclasses.dataclass
class Rebuilt:
    spec: CallSpec  # the crashing ATen call, not yet shrunk
    outcome: Outcome  # how it dies, in its own op
    via: str  # "replayed choices" | "input description"
    public_sample: str = ""  # the OpInfo whose sample call died the same way, when that is how it was found
    fresh: bool = False  # it dies only in a fresh interpreter (heap damage a forked child does not notice): shrink there too
    repeat: int = 1  # calls the fresh interpreter makes: a second call may be what meets the damage the first left


def rebuild(finding: dict, *, device: str = "cpu", definitions=None) -> Rebuilt:
    """The ATen call behind a crash finding, checked to die the way the finding says, alone, in a child.

    ``definitions`` (``imports.Definitions``): what registers a custom op, so a
    fresh interpreter can call it too (heap damage a fork does not show).
    """
    wanted = finding_outcome(finding)
    if wanted is None:
        raise RebuildError(f"{finding.get('aten_op')} / {finding.get('invariant')}: not a crash or internal-assert finding")
    replay = finding.get("replay") or {}
    why = []
    if replay.get("choices") or "sample" in replay or "crossing" in replay:  # a draw's choices, a fixed sample's or crossing call's index
        try:
            return _from_choices(finding, wanted, replay, device, definitions)
        except RebuildError as e:
            why.append(str(e))
    else:
        why.append("no recorded choices")
    try:
        return _from_description(finding, wanted, definitions)
    except RebuildError as e:
        why.append(str(e))
    try:
        return _from_search(finding, wanted, replay, definitions=definitions)
    except RebuildError as e:
        why.append(str(e))
    raise RebuildError("; ".join(why))


def finding_target(finding: dict, replay: dict) -> str:
    """The fuzz target the finding was drawn for (its database key, less the fuzz run's prefix, names it too)."""
    return replay.get("target") or key_target(replay.get("database_key") or "") or finding.get("called_op")


def _redraw(target, replay: dict, device: str):
    """The call Hypothesis drew from the recorded choices (with the validity record that steered it, when kept), or None."""
    try:
        # the whole replay (a schedule row's "strategy", a "corpus"), with the target resolved
        return replay_call({**replay, "target": target.name}, device)
    except choices.ReplayError:
        return None


def _from_choices(finding: dict, wanted: Outcome, replay: dict, device: str, definitions) -> Rebuilt:
    target_name = finding_target(finding, replay)
    try:
        target = resolve(target_name)
    except UnknownOp as e:
        raise RebuildError(str(e)) from None
    call = _redraw(target, replay, device)
    if call is None:
        raise RebuildError("the recorded choices no longer draw a call")
    if _normal(describe_call(call)["inputs"]) != _normal(finding.get("inputs") or {}):
        raise RebuildError("the recorded choices draw another input now (the strategy changed since the run)")
    return _capture(call, target, target_name, wanted, "replayed choices", definitions)


class _Found(Exception):
    pass


def _from_search(finding: dict, wanted: Outcome, replay: dict, examples: int = SEARCH_EXAMPLES, definitions=None) -> Rebuilt:
    """Draw the target's calls again (seeded), each in a child, until one dies the way the finding did."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings

    target_name = finding_target(finding, replay)
    try:
        target = resolve(target_name)
    except UnknownOp as e:
        raise RebuildError(str(e)) from None
    strategy = target.call_strategy("cpu")
    if strategy is None:
        raise RebuildError(f"{target_name} has no strategy to search")
    found = []

    @seed(0)
    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.generate],
              verbosity=Verbosity.quiet, report_multiple_bugs=False)
    @given(strategy)
    def search(call):
        if matches(run_forked(lambda: call), wanted):
            found.append(call)
            raise _Found()

    try:
        search()
    except _Found:
        return _capture(found[0], target, target_name, wanted, f"searched {examples} draws", definitions)
    except Exception as e:  # noqa: BLE001: Hypothesis gave up drawing (Unsatisfiable and the like)
        raise RebuildError(f"the search over {target_name} failed ({type(e).__name__})") from None
    raise RebuildError(f"no call among {examples} fresh draws of {target_name} {wanted.text()}")


def _capture(call, target, target_name: str, wanted: Outcome, via: str, definitions=None) -> Rebuilt:
    """Run the call in a child that records each op's arguments; the op it died in, called alone, must die the same way.

    A signal the forked child does not repeat is tried once more in a fresh
    interpreter, on the last op the child entered (``run_spec``'s ``fresh``).
    """
    with tempfile.NamedTemporaryFile("r", suffix=".json") as record:
        outcome = run_forked(lambda: call, record_path=record.name)
        text = record.read()
    recorded = json.loads(text) if text else {}
    spec = CallSpec.from_json(recorded) if recorded and "unrecordable" not in recorded else None
    public = _public_sample(target, target_name, call)
    if not matches(outcome, wanted):
        fresh = heap_rebuild(spec, wanted, definitions) if spec is not None else None
        if fresh is None:
            raise RebuildError(f"the redrawn call {outcome.text()}, not {wanted.text()}")
        return dataclasses.replace(fresh, via=via + ", " + fresh.via, public_sample=public)
    if spec is None:
        raise RebuildError(f"the crashing call of {outcome.op} cannot be rebuilt: {recorded.get('unrecordable', 'nothing recorded')}")
    alone = run_spec(spec)
    if not alone.same(outcome):
        fresh = heap_rebuild(spec, wanted, definitions)
        if fresh is not None:
            return dataclasses.replace(fresh, via=via + ", " + fresh.via, public_sample=public)
        raise RebuildError(f"the captured call of {outcome.op}, called alone with no dispatch mode, {alone.text()}, "
                           f"while under a dispatch mode it {outcome.text()}")
    return Rebuilt(spec, alone, via, public)


def _public_sample(target, target_name: str, call) -> str:
    if target.kind == "opinfo" and not any(part.startswith("_") for part in target_name.split(".")):
        return f"OpInfo `{target_name}` sample: {call!r}"
    return ""


def heap_rebuild(spec: CallSpec, wanted: Outcome, definitions=None) -> Rebuilt | None:
    """A signal the call does not repeat alone in a forked child: guarded buffers first (deterministic, and a fork is
    cheap), then fresh interpreters."""
    return guarded_rebuild(spec, wanted) or fresh_rebuild(spec, wanted, definitions)


def guarded_rebuild(spec: CallSpec, wanted: Outcome) -> Rebuilt | None:
    """``spec`` with every strided buffer ending at an inaccessible page (``guard``), when it then faults in its own op; else None.

    For a signal a call does not repeat alone, or not the same way in every
    environment: heap damage, a write past a buffer that the allocator
    notices later, or not at all. Guarded, the write faults in the kernel:
    SIGSEGV, whichever signal the damage happened to raise in the fuzz run.
    The repro then dies the same way everywhere, at the bug.
    """
    if wanted.kind != "signal":
        return None
    candidate = guarded_spec(spec)
    if candidate is None:
        return None
    outcome = run_spec(candidate)
    if outcome.kind != "signal" or outcome.op != spec.op or run_spec(spec).same(outcome):
        return None  # not a fault in this op, or one the call makes without the guard (a crash of its own, not a write past a buffer)
    return Rebuilt(candidate, outcome, f"its buffers ending at an inaccessible page: the write past one faults ({wanted.what} in the run)")


def guarded_spec(spec: CallSpec, guard: bool = True) -> CallSpec | None:
    """Every strided buffer of ``spec`` (sparse parts too) guarded (``guard=False``: none); None when nothing changes."""

    def guard_all(v: TensorSpec) -> TensorSpec:
        if v.layout != "strided":
            return v.replace(parts=tuple(guard_all(p) for p in v.parts))
        return v.replace(guarded=guard) if v.quant is None and v.buffer_numel > 0 else v

    out = spec
    for where, v in arg_leaves(spec):
        if isinstance(v, TensorSpec):
            out = replace_leaf(out, where, guard_all(v))
    return None if out == spec else out


def fresh_rebuild(spec: CallSpec, wanted: Outcome, definitions=None) -> Rebuilt | None:
    """``spec`` (a crashing call a forked child did not repeat, or whose fork-shrunk repro returns alone) rebuilt to
    die as wanted in a fresh interpreter; else None.

    A call that writes past its buffer may land in the allocator's slack and
    die only where the heap was already busy (a fuzz worker): it is tried as
    recorded, then made ``REPEATS`` times (a later call meets the damage an
    earlier one left), then with every tensor ``GROWTH`` times larger, then
    with one index-like value ``MAGNIFY`` times farther (``magnified``: a
    write past a buffer the kernel allocated, which no guard on the inputs
    catches, reaches unmapped memory); shrinking then
    finds the smallest that dies. Any heap-damage signal counts (``matches``'s
    ``heap``): where the damage lands decides which. A custom op runs there
    with what registers it (``definitions``), or not at all.
    """
    if wanted.kind != "signal" or needs_definition(definitions, spec.op):
        return None
    tries = [(spec, 1, "in a fresh interpreter"), (spec, REPEATS, f"called {REPEATS} times in a fresh interpreter")]
    tries += [(grown(spec, factor), 1, f"{factor}x larger, in a fresh interpreter") for factor in GROWTH]
    tries += [(far, 1, f"an index-like value {MAGNIFY}x farther, in a fresh interpreter") for far in magnified(spec)]
    for candidate, repeat, how in tries:
        if candidate is None:
            continue
        outcome = run_spec(candidate, fresh=True, repeat=repeat, definitions=definitions)
        if matches(outcome, wanted, heap=True):
            return Rebuilt(candidate, outcome, how, fresh=True, repeat=repeat)
    return None


def _normal(value):
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def _from_description(finding: dict, wanted: Outcome, definitions=None) -> Rebuilt:
    """Tensors built from the finding's dtype/shape/stride description, each fill tried: for calls of an overload."""
    called = finding.get("called_op") or ""
    op = catalog.overload_from_name(called) if "::" in called else None
    if op is None:
        raise RebuildError(f"{called or '?'} is not an overload: its arguments cannot be rebuilt from their description")
    inputs = finding.get("inputs") or {}
    tried = []
    for fill in FILLS[:3]:
        try:
            spec = spec_from_description(op, inputs, fill)
        except SpecError as e:
            raise RebuildError(f"cannot rebuild the arguments from their description ({e})") from None
        outcome = run_spec(spec)
        if matches(outcome, wanted):
            return Rebuilt(spec, outcome, "input description")
        fresh = heap_rebuild(spec, wanted, definitions)
        if fresh is not None:
            return dataclasses.replace(fresh, via="input description, " + fresh.via)
        tried.append(f"{fill}: {outcome.text()}")
    raise RebuildError("rebuilt from the input description, it does not crash the same way (" + "; ".join(tried) + ")")


_LITERAL_TYPES = ("ScalarType", "Layout", "MemoryFormat", "Device")


def spec_from_description(op: OpOverload, inputs: dict, fill: str) -> CallSpec:
    """A CallSpec from ``findings.describe_value`` output: shapes, strides and scalars as described, values by ``fill``."""
    args, kwargs = [], {}
    positional = True
    for a in op._schema.arguments:
        if a.name not in inputs:
            if not a.has_default_value():
                raise SpecError(f"argument {a.name!r} is not described")
            positional = False
            continue
        value = _from_described(inputs[a.name], str(a.type), fill)
        if positional and not a.kwarg_only:
            args.append(value)
        else:
            kwargs[a.name] = value
    return CallSpec(catalog.qualified_name(op), tuple(args), kwargs)


def _from_described(v, type_text: str, fill: str):
    if isinstance(v, dict) and "produced_by" in v:  # an opaque argument: its producer, on inputs rebuilt the same way
        producer = catalog.overload_from_name(v["produced_by"])
        if producer is None:
            raise SpecError(f"no producer named {v['produced_by']}")
        return ProducedSpec(spec_from_description(producer, v.get("inputs") or {}, fill))
    if isinstance(v, dict) and v.get("tensor"):
        if v.get("layout", "strided") != "strided" or v.get("qscheme") or v.get("device", "cpu") != "cpu":
            raise SpecError(f"a {v.get('layout')} {v.get('qscheme') or ''} tensor on {v.get('device')}".replace("  ", " "))
        shape = tuple(v["shape"])
        grad = bool(v.get("requires_grad"))  # kernels may branch on it (as_strided_scatter's contiguity assert)
        t = TensorSpec(v["dtype"], shape, fill, stride=tuple(v["stride"]) if "stride" in v else None, offset=v.get("storage_offset", 0),
                       requires_grad=grad)
        contiguous = TensorSpec(v["dtype"], shape, fill, requires_grad=grad)
        if t.offset == 0 and (t.stride is None or torch.empty(shape).stride() == t.stride or t.numel == 0):
            return contiguous
        return t
    if isinstance(v, list):
        return [_from_described(x, type_text, fill) for x in v]
    if isinstance(v, str) and v.startswith("torch.") and any(k in type_text for k in _LITERAL_TYPES):
        return Literal(v)
    if isinstance(v, str) and any(k in type_text for k in _LITERAL_TYPES):
        return Literal("torch." + v) if "Device" not in type_text else Literal(f"torch.device({v!r})")
    return v
