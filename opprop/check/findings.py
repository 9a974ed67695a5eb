"""A finding: one invariant broken by one ATen overload on one input, in a form that survives JSON.

A finding carries what reproduces it, so shrinking never searches for it
again: ``call``, the overload's own call as it was made (a ``CallSpec``,
captured by the checks when they record the finding), and ``replay``, how
its top-level call was drawn (the target, the example-database key and the
Hypothesis choices, or the index of a fixed sample).
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any

import torch

from opprop.check.snapshots import Digest, Snapshot
from opprop.core import quantized_engine, tensor_kinds
from opprop.core.descriptions import describe_arguments, describe_value  # noqa: F401  (a finding's inputs)
from opprop.core.specs import CallSpec, ProducedSpec, SpecError, TensorSpec, describe, tensor_spec

MAX_CALL_VALUES = 4096  # a call with more tensor values than this is not captured; its ``replay`` rebuilds it


@dataclasses.dataclass
class Finding:
    aten_op: str  # "aten::q_per_channel_scales"
    called_op: str  # what the user or generator called at top level
    invariant: str  # one of catalog.ALL_INVARIANTS, or an OutcomeKind (crash, hang, internal_assert)
    output_index: int | None
    detail: dict
    inputs: dict
    # The aten-level call, arguments as they were before it ran: a CallSpec, or a PendingCall the checks
    # left (copies of the arguments, described only when asked for: the hot path's slow branch stays cheap).
    captured: Any = dataclasses.field(default=None, repr=False, compare=False)
    replay: dict | None = None  # {"target", "database_key", "choices", "steer"} or {"target", "sample"}
    # Calls that broke it again with the same op, invariant, output, input signature (and, in checking(),
    # call site): counted on the first occurrence, which alone keeps its description and captured call.
    occurrences: int = dataclasses.field(default=1, compare=False)

    @property
    def call(self) -> CallSpec | None:
        if isinstance(self.captured, PendingCall):
            self.captured = self.captured.spec()
        return self.captured

    @property
    def key(self) -> tuple[str, str]:
        return (self.aten_op, self.invariant)

    def one_line(self) -> str:
        where = "" if self.output_index is None else f" output {self.output_index}"
        detail = ", ".join(f"{k}={v}" for k, v in self.detail.items())
        shapes = ", ".join(
            f"{k}={_short(v)}" for k, v in self.inputs.items() if v is not None and not (isinstance(v, list) and not v)
        )
        times = f" [{self.occurrences} calls]" if self.occurrences > 1 else ""
        return f"{self.invariant}: {self.aten_op}{where} ({detail}) via {self.called_op}({shapes}){times}"

    def as_json(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in ("captured", "replay", "occurrences")}
        d = json.loads(json.dumps(d, default=str))  # a deep copy, as asdict made
        if self.call is not None:
            d["call"] = self.call.as_json()
        if self.replay is not None:
            d["replay"] = dict(self.replay)
        if self.occurrences > 1:  # (a single call's record reads as it always has)
            d["occurrences"] = self.occurrences
        return d

    @classmethod
    def from_json(cls, d: dict) -> "Finding":
        fields = {f.name: d.get(f.name) for f in dataclasses.fields(cls) if f.name not in ("captured", "occurrences")}
        return cls(**fields, occurrences=d.get("occurrences", 1), captured=CallSpec.from_json(d["call"]) if d.get("call") else None)


@dataclasses.dataclass
class InternalError:
    """opprop itself failed while checking one call: a record, never the user's failure.

    The op's own result was returned unchanged (or, when the failure came
    before the call, the op ran unchecked). Kept beside the findings and
    counted in every summary, so a check that stopped working is seen.
    """

    aten_op: str  # the overload whose call opprop could not check
    stage: str  # "plan", "before the call" or "after the call"
    error: str  # the exception's type and first line
    traceback: str
    where: str = ""  # the user code's file:line, when checking() recorded it

    @classmethod
    def current(cls, aten_op: str, stage: str) -> "InternalError":
        """The exception being handled, as a record."""
        import sys
        import traceback

        error = sys.exc_info()[1]
        first = (str(error).strip().splitlines() or [""])[0]
        return cls(aten_op, stage, f"{type(error).__name__}: {first[:300]}", traceback.format_exc())

    def one_line(self) -> str:
        where = f"{self.where}: " if self.where else ""
        return f"{where}opprop internal error at {self.aten_op} ({self.stage}): {self.error}"

    def as_json(self) -> dict:
        return dataclasses.asdict(self)


def _short(v) -> str:
    if isinstance(v, dict) and v.get("tensor"):
        text = f"{v['dtype']}{v['shape']}"
        if v.get("layout") not in (None, "strided") or v.get("nested"):
            text += f"[{'nested_' if v.get('nested') else ''}{v['layout']}]"
        if v.get("qscheme"):
            text += f"[{v['qscheme']}]"
        return text
    if isinstance(v, list):
        return "[" + ", ".join(_short(x) for x in v) + "]"
    return json.dumps(v) if not isinstance(v, str) else repr(v)


# ---------------------------------------------------------------- a repeat of a finding already recorded

_PLAIN = (int, float, bool, str, type(None), torch.dtype, torch.device, torch.layout, torch.memory_format)


def call_signature(inputs: list, args: tuple, kwargs: dict):
    """What makes a later call "the same call" for counting a repeated finding, read without describing it.

    Each tensor's position, dtype, layout, shape, strides and offset, which
    earlier input it is (one tensor passed twice), and the plain values of the
    other arguments. A call it cannot read returns a fresh object: never a
    repeat, so it is recorded in full.
    """
    try:
        seen: dict = {}
        tensors = []
        for position, t in inputs:
            twin = seen.setdefault(id(t), position)
            if t.layout is torch.strided and not t.is_nested:
                tensors.append((position, twin, t.dtype, tuple(t.shape), t.stride(), t.storage_offset()))
            else:
                tensors.append((position, twin, t.dtype, t.layout, t.is_nested, t.dim()))
        plain = tuple(_plain(a) for a in args), tuple((k, _plain(v)) for k, v in kwargs.items())
        return tuple(tensors), plain
    except Exception:  # a tensor that cannot say its strides (a subclass): recorded in full
        return object()


def _plain(value):
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return type(value).__name__  # a tensor (in inputs above) or another object: only its kind


# ---------------------------------------------------------------- the call, captured when a finding is recorded

def captured_call(op_name: str, observed, args, kwargs, max_values: int = MAX_CALL_VALUES) -> "PendingCall | None":
    """The overload's call as it was made, kept as copies of its arguments; inputs the call changed are
    rebuilt from their snapshot's bytes. Called on the slow path only (when the checks record a finding).

    None when an argument cannot be rebuilt (sparse, nested, a subclass, off
    CPU) or the tensors are too big to keep value by value (the finding's
    ``replay`` rebuilds those).
    """
    if sum(t.numel() for _, t in observed.inputs) > max_values:
        return None
    before = {}
    for k, state in enumerate(observed.state.get("undeclared_mutation") or ()):
        if state is None:
            continue
        t, snapshot = observed.inputs[k][1], Snapshot(state)
        if snapshot.changed(t) is not None:
            before[id(t)] = _pre_call_tensor(t, snapshot)
    try:
        return PendingCall(op_name, tuple(_copy(a, before) for a in args), {k: _copy(v, before) for k, v in kwargs.items()})
    except (SpecError, RuntimeError):  # RuntimeError: a tensor clone() refuses (per_channel_affine_float_qparams)
        return None


class PendingCall:
    """Copies of a call's arguments, described as a CallSpec on demand (with the quantized engine it ran under)."""

    __slots__ = ("op", "args", "kwargs", "engine")

    def __init__(self, op: str, args: tuple, kwargs: dict):
        self.op, self.args, self.kwargs = op, args, kwargs
        self.engine = quantized_engine.recorded()  # read now, while the call runs: the spec is described later

    def spec(self) -> CallSpec | None:
        try:
            return CallSpec(self.op, tuple(_spec_of(a) for a in self.args), {k: _spec_of(v) for k, v in self.kwargs.items()}, self.engine)
        except (SpecError, RuntimeError, TypeError, ValueError):
            return None


def _copy(value, before: dict):
    """A copy of an argument as it was before the call (not requiring grad: see ``specs.describe``)."""
    if isinstance(value, torch.Tensor):
        if type(value) is not torch.Tensor or value.layout != torch.strided or tensor_kinds.layout_of(value) is not None or value.device.type != "cpu":
            raise SpecError("not rebuildable")  # a kind built from parts (sparse, nested): the finding's replay rebuilds it
        old = before.get(id(value))
        if id(value) in before and old is None:
            raise SpecError("changed by the call, and its earlier value cannot be rebuilt")
        return old if old is not None else value.detach().clone()
    if isinstance(value, (list, tuple)):
        return [_copy(v, before) for v in value]
    if isinstance(value, torch.ScriptObject):  # an opaque object: its producer's call, while this call still knows it
        return describe(value)
    return value


def _pre_call_tensor(t: torch.Tensor, snapshot) -> torch.Tensor | None:
    """The tensor as it was before the call, from the bytes the snapshot read (plain CPU tensors only)."""
    if snapshot.raw is None or type(snapshot.raw) is Digest or snapshot.stride is None or t.is_quantized or type(t) is not torch.Tensor or tensor_kinds.layout_of(t) is not None:
        return None
    if not isinstance(snapshot.size, torch.Size):
        return None
    buffer = torch.zeros(snapshot.offset + len(snapshot.raw) // t.element_size(), dtype=t.dtype)
    if snapshot.raw:
        buffer[snapshot.offset:] = torch.frombuffer(bytearray(snapshot.raw), dtype=torch.uint8).view(t.dtype)
    return buffer.as_strided(snapshot.size, snapshot.stride, snapshot.offset)


def _spec_of(value):
    if isinstance(value, torch.Tensor):
        return compact(tensor_spec(value))
    if isinstance(value, (list, tuple)):
        return [_spec_of(v) for v in value]
    if isinstance(value, ProducedSpec):  # described when the call was captured (_copy)
        return value
    return describe(value)
def compact(spec: TensorSpec) -> TensorSpec:
    """A fill rule instead of literal values where the rule rebuilds the same values."""
    if spec.fill != "values" or spec.stride is not None or spec.quant is not None or spec.values is None:
        return spec
    values = spec.values
    for fill, matches in (("zeros", lambda i, v: v == 0), ("ones", lambda i, v: v == 1), ("arange", lambda i, v: v == i)):
        if all(matches(i, v) for i, v in enumerate(values)):
            return spec.replace(fill=fill, values=None)
    return spec
