"""Runs every ATen overload that reaches dispatch under the invariants.

``InvariantMode`` is a TorchDispatchMode, so a composite op is checked
through each kernel it calls. Per overload it asks the catalog, once, which
invariants apply, what they record before the call and which output/input
pairs the schema already lets alias (a ``CheckPlan``, shared by every mode
with the same settings). Per call it first runs a cheap screen that can only
say "clean" when every check would be silent; only a call the screen cannot
clear goes through the invariants' checks themselves, which produce the
findings. The fused screen ``_clean`` knows the invariants in ``SCREENED``;
an invariant may bring a screen of its own; a plan holding any other
invariant sends every call down the slow path (fail closed).
"""
from __future__ import annotations

import sys

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.ops import catalog
from opprop.check import invariants, probe
from opprop.check.aliasing import CallAliasing, entry_storages
from opprop.check.compat import const_data_ptr as _const_data_ptr
from opprop.check.findings import MAX_CALL_VALUES, Finding, captured_call, describe_arguments
from opprop.check.invariants import ObservedCall
from opprop.check.invariants.storage_replaced import ID as STORAGE_REPLACED
from opprop.check.invariants.view_copies import ID as VIEW_COPIES
from opprop.check.memory import span_bytes
from opprop.check.snapshots import _NO_SIZES, _memory, take_states, unchanged
from opprop.explore import profiles

_getrefcount = sys.getrefcount

try:  # Dynamo's eval-frame hook, to keep Dynamo out of the dispatch frames (see InvariantMode._should_skip_dynamo)
    from torch._C._dynamo import eval_frame as _eval_frame

    _set_eval_frame = _eval_frame.set_eval_frame
    _SKIP_FRAME = _eval_frame._FrameExecStrategy(_eval_frame._FrameAction.SKIP, _eval_frame._FrameAction.DEFAULT)
    _OWN_DYNAMO_GUARD = True
except (ImportError, AttributeError):  # a torch without them: torch's own wrapper does it
    def _set_eval_frame(callback):
        return None

    _OWN_DYNAMO_GUARD = False
_overlaps = torch._C._overlaps
_storage_address = torch._C._storage_address  # the StorageImpl's address: no storage wrapper made
_storage_use_count = torch._C._storage_Use_Count
_Tensor = torch.Tensor
_strided = torch.strided

# The invariants the fused screen ``_clean`` knows how to clear; any other needs a screen of its own.
SCREENED = frozenset(
    (catalog.TENSOR_IMPL, catalog.STORAGE_IMPL, catalog.UNDECLARED_ALIAS, catalog.RETURNS_INPUT, catalog.UNDECLARED_MUTATION,
     STORAGE_REPLACED, VIEW_COPIES)
)
_UNBOUNDED = ("extent not read yet",)  # an output that may overlap something; its extent is read when a test needs it

# The invariants whose ``before`` the hot path takes itself, in one pass (``snapshots.take_states``).
FUSED_BEFORES = (catalog.UNDECLARED_MUTATION, STORAGE_REPLACED)


def _extent(t: torch.Tensor, state) -> tuple:
    """(first byte address, bytes spanned) of a tensor with storage; no byte outside can overlap it.

    Read from the input's state when it has one (its bytes were just
    compared, so they are current). A span of 0 (no elements) overlaps
    nothing, as ``torch._C._overlaps`` agrees. Packed sub-byte dtypes count
    a byte per element, which only widens the extent (a stricter screen).
    """
    if state is not None and state[1] is not None:
        return state[0][3], len(state[1])
    return _const_data_ptr(t), (t.nbytes if t.is_contiguous() else span_bytes(t))


def _flat_outputs(kind: catalog.OpKind, out) -> list:
    if isinstance(out, _Tensor):
        return [(0, out)]
    if out is None:
        return [(0, None)] if kind.n_returns else []
    if isinstance(out, (tuple, list)):
        if kind.n_returns == 1:  # a single Tensor[] return
            return [(0, t) for t in out if t is None or isinstance(t, _Tensor)]
        found = []
        for j, o in enumerate(out):
            if o is None or isinstance(o, _Tensor):
                found.append((j, o))
            elif isinstance(o, (list, tuple)):
                found.extend((j, t) for t in o if t is None or isinstance(t, _Tensor))
        return found
    return []


class CheckPlan:
    """What one overload needs checked, decided once from the catalog and the invariants."""

    __slots__ = (
        "func", "call", "kind", "checks", "befores", "screens", "slow", "entry", "fused", "with_data",
        "mutation_slot", "replaced_slot", "tensorimpl", "storageimpl", "alias", "returns_input", "mutation",
        "replaced", "views", "may_alias_inputs", "allowed_out_out", "aliased_list_returns",
    )

    def __init__(self, func: OpOverload, snapshot_all: bool, only):
        kind = catalog.classify(func)
        self.func = func
        # what OpOverload.__call__ runs, without its Python frame (paid by every call); a subclass
        # (TorchBindOpOverload) may dispatch in Python first, so it keeps its own __call__
        self.call = func._op if type(func) is OpOverload else func
        self.kind = kind
        chosen = [invariants.get(inv) for inv in kind.invariants if only is None or inv in only]
        self.checks = tuple((inv.id, inv.check) for inv in chosen)
        names = {inv.id for inv in chosen}
        self.tensorimpl = catalog.TENSOR_IMPL in names
        self.storageimpl = catalog.STORAGE_IMPL in names
        self.alias = catalog.UNDECLARED_ALIAS in names
        self.returns_input = catalog.RETURNS_INPUT in names
        self.mutation = catalog.UNDECLARED_MUTATION in names
        self.replaced = STORAGE_REPLACED in names
        # undeclared_mutation's before, with the same policy (a data clone off CPU only when asked or when the op writes)
        self.with_data = snapshot_all or kind.mutable
        # both fused befores apply (the usual case): the hot path takes them in one pass
        self.fused = self.mutation and self.replaced
        # (invariant id, before) per other invariant that records state
        stateful = [inv for inv in chosen if inv.before is not None and not (self.fused and inv.id in FUSED_BEFORES)]
        self.befores = tuple((inv.id, inv.before) for inv in stateful)
        slots = {inv.id: k for k, inv in enumerate(stateful)}
        self.mutation_slot = slots.get(catalog.UNDECLARED_MUTATION)  # where the fused screen finds them, unfused
        self.replaced_slot = slots.get(STORAGE_REPLACED)
        # (index into the states, screen, what it prepared for this overload) per invariant with a screen of its own
        self.screens = tuple(
            (slots.get(inv.id), inv.screen, inv.prepare(func, kind))
            for inv in chosen
            if inv.id not in SCREENED and inv.screen is not None
        )
        self.slow = any(inv.id not in SCREENED and inv.screen is None for inv in chosen)  # fail closed
        # view_copies: return index -> input positions it is declared a view of; None when no output is one
        # (its check then has nothing to look at)
        self.views = (invariants.get(VIEW_COPIES).prepare(func, kind) or None) if VIEW_COPIES in names else None
        # a mutating op: record what its written arguments sit on, so aliasing is read as it was on entry
        # (taken from storage_replaced's storages when those are taken anyway)
        self.entry = kind.mutable and bool(chosen)
        # Per return index: the input positions the schema lets it alias (no overlap test for those).
        self.may_alias_inputs = tuple(
            frozenset(i for (jj, i) in kind.allowed_out_in if jj == j) for j in range(kind.n_returns)
        )
        self.allowed_out_out = kind.allowed_out_out
        self.aliased_list_returns = kind.aliased_list_returns


_PLANS: dict = {}  # (snapshot_all, only) -> {id(func): (func, CheckPlan or None)}


def _forget_plans() -> None:
    for plans in _PLANS.values():  # cleared in place: modes hold these dicts
        plans.clear()


invariants.on_change(_forget_plans)  # a plan lists the invariants that were registered when it was made


_screen_validated = False


def validate_readers(force: bool = False) -> None:
    """The probe's readers, and the screen's own StorageImpl reader, checked once before any call is trusted.

    The screen reads a StorageImpl's count from its address (no storage
    wrapper made): ``probe.calibrate_screen`` checks, on known cases, that it
    names the storage the probe reads and counts what the probe counts, plus
    what a live storage wrapper holds (measured: a dropped one holds a
    reference on some releases, none on others); otherwise
    ``probe.ProbeError`` refuses to run.
    """
    global _screen_validated
    probe.validate(force)  # itself once, unless forced
    if _screen_validated and not force:
        return
    _screen_validated = False
    # looked up per call, so a reader put in their place (a test's planted bug) is the one checked
    probe.calibrate_screen(lambda address: _storage_use_count(address), lambda t: _storage_address(t))
    _screen_validated = True


def _overlap(a, b) -> bool:
    """undeclared_alias's _overlaps for two tensors already known to have storage (same answer)."""
    if not (a.is_cpu and b.is_cpu) and a.device != b.device:
        return False
    try:
        return _overlaps(a, b)
    except RuntimeError:
        return False


def _apart(x: tuple, y: tuple) -> bool:
    """Two (address, span) extents share no byte."""
    return not (x[1] and y[1] and x[0] < y[0] + y[1] and y[0] < x[0] + x[1])


def _clean(plan: CheckPlan, inputs: list, outputs: list, before: list | None, storages: list | None) -> bool:
    """True only when every check in the plan would report nothing for this call.

    A conservative screen: anything it cannot clear cheaply (an output held
    elsewhere, a shared storage, an identity or overlap, a changed input)
    goes to the invariant functions, which decide and describe.

    Overlap tests are skipped where they cannot answer yes:
    ``torch._C._overlaps`` only finds overlap between tensors on one
    StorageImpl (or on storages sharing one refcounted allocation, which
    hold each other's count up), so an output whose StorageImpl no other
    tensor holds overlaps nothing (the storage use count, read anyway for
    non-view ops, says so); elsewhere two tensors whose byte extents are
    disjoint cannot overlap. The reference count threshold matches
    ``invariants/tensorimpl_use_count.py``: getrefcount's argument, the loop
    name, the ``outputs`` entry and the op's return value (any extra
    reference here only makes the screen stricter).

    ``before`` is undeclared_mutation's state per input, ``storages``
    storage_replaced's (either None when the plan lacks it). The StorageImpl
    use count is read from its address (``_storage_Use_Count`` of
    ``_storage_address``, which makes no storage wrapper): the probe's
    reading, plus one while a Python wrapper of the storage holds a reference
    (``validate_readers`` measured when), so never less (stricter). Two live tensors are on one StorageImpl exactly when
    their StorageImpl addresses are equal (view_copies).
    """
    try:
        if storages is not None:
            if before is not None:
                for (_, t), state, storage in zip(inputs, before, storages):
                    if storage is not None and t.untyped_storage() is not storage:
                        return False  # storage_replaced
                    if state is not None:  # snapshots.unchanged, its common case inlined
                        meta, raw, _ = state
                        if raw is None or meta[0] is _NO_SIZES:
                            if not unchanged(state, t):
                                return False
                        elif (t.shape, t.stride(), t.storage_offset(), _const_data_ptr(t), t._version) != meta or (
                            raw and _memory(meta[3])[:len(raw)] != raw
                        ):
                            return False
            else:
                for (_, t), storage in zip(inputs, storages):
                    if storage is not None and t.untyped_storage() is not storage:
                        return False
        elif before:
            for (_, t), state in zip(inputs, before):
                if state is not None and not unchanged(state, t):
                    return False
        views = plan.views
        if views is not None:  # view_copies: each declared view sits on the storage of an input it views
            for j, t in outputs:
                bases = views.get(j)
                if bases is None or t is None or type(t) is not _Tensor or t.layout is not _strided:
                    continue
                address = _storage_address(t)
                for i, x in inputs:
                    if i in bases and type(x) is _Tensor and x.layout is _strided and _storage_address(x) == address:
                        break
                else:
                    return False
    except (RuntimeError, NotImplementedError):  # a tensor whose storage cannot be read: let the checks decide
        return False
    if not outputs:
        return True
    if plan.tensorimpl:
        if len(outputs) > 1:
            ids = [id(t) for _, t in outputs if t is not None]
            if len(set(ids)) != len(ids):
                return False  # one TensorImpl in several output slots: let the check count it
        reader = probe.tensorimpl_reader
        for _, t in outputs:
            if t is not None:
                held = reader(t)
                if held > 1 or (held == 1 and _getrefcount(t) > 4):
                    return False
    storageimpl = plan.storageimpl
    alias, ret = plan.alias, plan.returns_input
    if not (storageimpl or alias or ret):
        return True
    may_alias = plan.may_alias_inputs
    n_may = len(may_alias)
    in_extents = None  # per input: its extent, or None without storage; filled on first need
    out_extents = []  # per output: its extent, _UNBOUNDED until first needed, or None when nothing can overlap it
    for j, t in outputs:
        if t is None:
            out_extents.append(None)
            continue
        extent = None
        if type(t) is _Tensor and t.layout is _strided:  # probe.has_storage, but for nested tensors
            if storageimpl:  # (a nested output's count is read too: only stricter, its check skips it)
                if _storage_use_count(_storage_address(t)) > 1:
                    return False
            elif alias and not t.is_nested:
                extent = _UNBOUNDED  # the storage may be shared (a view op): bound it when an overlap test needs it
        if alias or ret:
            allowed = may_alias[j] if j < n_may else ()
            for k, (i, inp) in enumerate(inputs):
                if t is inp:  # returns_input if it applies; undeclared_alias unless the schema allows it
                    if ret or (alias and i not in allowed):
                        return False
                elif extent is not None and i not in allowed:
                    if in_extents is None:
                        in_extents = _input_extents(inputs, before)
                    other = in_extents[k]
                    if other is not None:
                        if extent is _UNBOUNDED:
                            extent = _extent(t, None)
                        if not _apart(extent, other) and _overlap(t, inp):
                            return False
        out_extents.append(extent)
    if alias and len(outputs) > 1:
        allowed_pairs = plan.allowed_out_out
        list_returns = plan.aliased_list_returns
        n = len(outputs)
        for a in range(n):
            j, t = outputs[a]
            if t is None:
                continue
            for b in range(a + 1, n):
                k, u = outputs[b]
                if u is None or (j, k) in allowed_pairs or (j == k and j in list_returns):
                    continue
                if t is u:
                    return False
                extent, other = out_extents[a], out_extents[b]
                if extent is None or other is None:
                    continue
                if extent is _UNBOUNDED:
                    extent = out_extents[a] = _extent(t, None)
                if other is _UNBOUNDED:
                    other = out_extents[b] = _extent(u, None)
                if not _apart(extent, other) and _overlap(t, u):
                    return False
    return True


def _input_extents(inputs: list, before: list) -> list:
    """Per input: its extent, or None for a tensor without storage (nothing to overlap)."""
    states = before or [None] * len(inputs)
    return [
        _extent(x, state) if type(x) is _Tensor and x.layout is _strided and not x.is_nested else None
        for (_, x), state in zip(inputs, states)
    ]


class InvariantMode(TorchDispatchMode):
    """Checks the invariants at every ATen overload that reaches dispatch.

    Inputs the schema marks mutable are never snapshotted. On CPU every other
    tensor input gets a byte snapshot (one memcpy). On other devices a data
    snapshot costs a device copy, so ``snapshot_data="schema"`` takes one only
    for ops that write some argument (where a write to the wrong tensor is
    the likely bug) and ``"all"`` for every op. The default is the project's
    one default, ``profiles.DEFAULT_SNAPSHOT``.
    """

    # The default settings live on the class, so a mode entered per call (as
    # run_call does) sets only what differs: its construction is part of the
    # overhead of every checked call.
    snapshot_all = profiles.DEFAULT_SNAPSHOT == "all"
    only = None
    max_captured_values = MAX_CALL_VALUES  # a finding's call with more tensor values is left to its replay
    _plans: dict = _PLANS.setdefault((snapshot_all, None), {})

    def __init__(self, called_op: str, *, snapshot_data: str = profiles.DEFAULT_SNAPSHOT, invariants=None):
        super().__init__()
        if snapshot_data != profiles.DEFAULT_SNAPSHOT:
            if snapshot_data not in profiles.SNAPSHOT_POLICIES:
                raise ValueError(f"snapshot_data must be one of {profiles.SNAPSHOT_POLICIES}, not {snapshot_data!r}")
            self.snapshot_all = snapshot_data == "all"
        if not (probe._validated and _screen_validated):
            validate_readers()
        self.called_op = called_op
        self.findings: list[Finding] = []
        self._reached_log: list[str] = []  # one name per call: an append is cheaper than a counter
        if invariants is not None or snapshot_data != profiles.DEFAULT_SNAPSHOT:
            self.only = None if invariants is None else frozenset(invariants)
            self._plans = _PLANS.setdefault((self.snapshot_all, self.only), {})

    @classmethod
    def _should_skip_dynamo(cls) -> bool:
        """False: ``__torch_dispatch__`` keeps Dynamo out itself, without torch's ``_disable_dynamo`` wrapper.

        TorchDispatchMode wraps a subclass's ``__torch_dispatch__`` in
        ``torch._disable_dynamo(recursive=True)``, whose Python wrapper costs
        every call about 1 us, more than half a small op's plain time. What it
        does for a dispatch frame is run it with the eval-frame callback
        cleared and put the prior one back. Here the frame's code is marked
        for Dynamo to skip (below the class) and its first act is to clear
        the callback with the same C function, so nothing it calls is traced
        either (a test compiles a function under the mode: no graph break,
        no warning). A torch without those functions keeps its wrapper.
        """
        return not _OWN_DYNAMO_GUARD

    @property
    def reached(self) -> dict[str, int]:
        """Calls per overload name, in first-call order."""
        counts: dict[str, int] = {}
        for name in self._reached_log:
            counts[name] = counts.get(name, 0) + 1
        return counts

    def _plan(self, func) -> tuple:
        # Keyed by id(func): hashing an OpOverload costs a Python call. The entry
        # keeps func alive, so its id is never reused for another object.
        plan = CheckPlan(func, self.snapshot_all, self.only) if isinstance(func, OpOverload) else None
        entry = self._plans[id(func)] = (func, plan)
        return entry

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        prior = _set_eval_frame(None)  # Dynamo stays out of this frame and all it calls (see _should_skip_dynamo)
        try:
            entry = self._plans.get(id(func))
            if entry is None or entry[0] is not func:
                entry = self._plan(func)
            plan = entry[1]
            if kwargs is None:
                kwargs = {}
            if plan is None:  # not an ATen overload (a higher-order op): nothing to check
                return func(*args, **kwargs)
            kind = plan.kind
            self._reached_log.append(kind.name)
            # the tensor arguments, at their schema positions (inline: a function call here is paid by every call)
            inputs = []
            n_args = len(args)
            for i in kind.tensor_args:
                value = args[i] if i < n_args else kwargs.get(kind.arg_names[i])
                if type(value) is _Tensor or isinstance(value, _Tensor):
                    inputs.append((i, value))
                elif isinstance(value, (list, tuple)):
                    inputs.extend((i, v) for v in value if isinstance(v, _Tensor))
            if plan.fused:  # undeclared_mutation's and storage_replaced's befores, in one pass
                before, storages = take_states(inputs, kind.mutable_args, plan.with_data)
                entry = None  # on the slow path, from the storages
            else:
                before = storages = None
                entry = entry_storages(inputs, kind) if plan.entry else None
            befores = plan.befores
            states = None
            if befores:  # what the other invariants record before the call
                snapshot_all = self.snapshot_all
                states = []
                for _, record in befores:
                    states.append(record(inputs, kind, snapshot_all))
                if not plan.fused:
                    if plan.mutation_slot is not None:
                        before = states[plan.mutation_slot]
                    if plan.replaced_slot is not None:
                        storages = states[plan.replaced_slot]
            out = plan.call(*args, **kwargs)
            outputs = [(0, out)] if type(out) is _Tensor else _flat_outputs(kind, out)  # the common case without a call
            clean = not plan.slow and _clean(plan, inputs, outputs, before, storages)
            if clean:
                for slot, screen, prepared in plan.screens:  # the invariants' own screens (inlined: every call)
                    if not screen(inputs, outputs, None if slot is None else states[slot], prepared):
                        clean = False
                        break
            if not clean:
                state = {inv: states[k] for k, (inv, _) in enumerate(befores)}
                if plan.fused:
                    state[catalog.UNDECLARED_MUTATION], state[STORAGE_REPLACED] = before, storages
                    if plan.entry:  # what the written arguments sat on when the call began: entry_storages' values
                        mutable_args = kind.mutable_args
                        entry = [s if i in mutable_args else None for (i, _), s in zip(inputs, storages)]
                call = ObservedCall(kind, inputs, outputs, state, CallAliasing(func, kind, args, kwargs, inputs, entry))
                self._record(plan, call, args, kwargs)
            return out
        finally:
            _set_eval_frame(prior)

    def _record(self, plan: CheckPlan, call: ObservedCall, args, kwargs) -> None:
        """The slow path: run the invariant functions and keep what they report."""
        kind = plan.kind
        described = None
        for inv, check in plan.checks:
            for output_index, detail in check(call):
                if described is None:  # described once per call, only when something is found
                    described, captured = describe_arguments(kind.arg_names, args, kwargs), captured_call(kind.name, call, args, kwargs, self.max_captured_values)
                self.findings.append(
                    Finding(
                        aten_op=kind.name,
                        called_op=self.called_op,
                        invariant=inv,
                        output_index=output_index,
                        detail=detail,
                        inputs=dict(described),
                        captured=captured,
                    )
                )


if _OWN_DYNAMO_GUARD:  # Dynamo runs the dispatch frame untraced; the frame then clears the callback for what it calls
    _eval_frame.set_code_exec_strategy(InvariantMode.__torch_dispatch__.__code__, _SKIP_FRAME)
