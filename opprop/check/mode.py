"""Runs every ATen overload that reaches dispatch under the invariants.

``InvariantMode`` is a TorchDispatchMode, so a composite op is checked
through each kernel it calls. Per overload it asks the catalog, once, which
invariants apply, what they record before the call and which output/input
pairs the schema already lets alias (a ``CheckPlan``, shared by every mode
with the same settings). Per call it first runs a cheap screen that can only
say "clean" when every check would be silent; only a call the screen cannot
clear goes through the invariants' checks themselves, which produce the
findings. The fused screen is ``screen.clears`` (a test puts another in its
place with ``use_screen``); the plan is ``plan.CheckPlan``.
Where the hot path is compiled (``hot_path.py``), a call it takes runs whole in
C++ up to the screen; this module's code is the reference it is held to, and
takes over from the op's result whenever the screen does not clear the call.
"""
from __future__ import annotations

import torch
from torch._ops import OpOverload
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.check import hot_path
from opprop.check import probe
from opprop.check.aliasing import CallAliasing, entry_storages
from opprop.check.findings import MAX_CALL_VALUES, Finding, InternalError, call_signature, captured_call, describe_arguments
from opprop.check.invariants import ObservedCall
from opprop.check.invariants.storage_replaced import ID as STORAGE_REPLACED
from opprop.check import pending_work, snapshots, wrapped_numbers
from opprop.check.readable import any_inference, flat_outputs
from opprop.check.compat import OWN_DYNAMO_GUARD, set_eval_frame as _set_eval_frame, skip_in_dynamo
from opprop.check.plan import PLANS, CheckPlan
from opprop.check.screen import clears as _shipped_screen
from opprop.check.snapshots import take_states
from opprop.check.walk import Unread, tensor_arguments

_NOT_TAKEN = hot_path.NOT_TAKEN
REACHED_LOG_AT_MOST = 4096  # the reached log's entries before they are folded into counts (hot_path.cpp's fold_at)
_HandedOn = hot_path.HandedOn
# The screen every call asks, bound here once (a global read per call, no indirection); only ``use_screen`` changes it.
_clears = _shipped_screen
_storage_address = torch._C._storage_address  # the StorageImpl's address: no storage wrapper made
_storage_use_count = torch._C._storage_Use_Count
_Tensor = torch.Tensor


_screen_validated = False


class use_screen:
    """Put another screen in the mode's place (a test's oracle, or its planted bug); None puts the shipped one back.

    The switch is made when called, like ``torch.set_grad_enabled``: a module
    imported into a worker (``--import``) calls it and leaves it on; used as a
    context manager, it puts back the screen before it on exit. While any other
    screen is in place, no call takes the compiled dispatch, which would screen
    it in C++ without asking.
    """

    def __init__(self, clears):
        global _clears
        self.prior = _clears
        _clears = _shipped_screen if clears is None else clears

    def __enter__(self) -> "use_screen":
        return self

    def __exit__(self, *exc) -> None:
        global _clears
        _clears = self.prior


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
    hot_path.load()  # the compiled hot path, built on first use (or its reason for not being there)
    _screen_validated = True


class InvariantMode(TorchDispatchMode):
    """Checks the invariants at every ATen overload that reaches dispatch.

    Inputs the schema marks mutable are never snapshotted. On CPU every other
    tensor input gets a byte snapshot (one memcpy). On other devices a data
    snapshot costs a device copy, so ``snapshot_data="schema"`` takes one only
    for ops that write some argument (where a write to the wrong tensor is
    the likely bug) and ``"all"`` for every op. The default is the project's
    one default, ``snapshots.DEFAULT_SNAPSHOT``.
    """

    # The default settings live on the class, so a mode entered per call (as
    # run_call does) sets only what differs: its construction is part of the
    # overhead of every checked call.
    snapshot_all = snapshots.DEFAULT_SNAPSHOT == "all"
    only = None
    max_captured_values = MAX_CALL_VALUES  # a finding's call with more tensor values is left to its replay
    _plans: dict = PLANS.setdefault((snapshot_all, None), {})
    # Made on first use (every mode is made per checked call in run_call: two containers fewer is measurable):
    internal_errors: tuple | list = ()  # InternalError records; a list once there is one
    # (op, input signature, site) -> {(invariant, nth of its findings in the call): the first Finding}: repeats counted there
    _recorded: dict | None = None
    _reached_folded: dict | None = None  # overload name -> calls, of the log's entries folded (_fold_reached)

    def __init__(self, called_op: str, *, snapshot_data: str = snapshots.DEFAULT_SNAPSHOT, invariants=None):
        super().__init__()
        if snapshot_data != snapshots.DEFAULT_SNAPSHOT:
            if snapshot_data not in snapshots.SNAPSHOT_POLICIES:
                raise ValueError(f"snapshot_data must be one of {snapshots.SNAPSHOT_POLICIES}, not {snapshot_data!r}")
            self.snapshot_all = snapshot_data == "all"
        if not (probe.validated and _screen_validated):
            validate_readers()
        self.called_op = called_op
        self.findings: list[Finding] = []
        self._reached_log: list[str] = []  # one name per call: an append is cheaper than a counter (folded, see reached)
        self.raised_in = None  # (OpOverload, its error's text): the last overload whose call raised a RuntimeError
        if invariants is not None or snapshot_data != snapshots.DEFAULT_SNAPSHOT:
            self.only = None if invariants is None else frozenset(invariants)
            self._plans = PLANS.setdefault((self.snapshot_all, self.only), {})

    @classmethod
    def _should_skip_dynamo(cls) -> bool:
        """False: ``__torch_dispatch__`` keeps Dynamo out itself, without torch's ``_disable_dynamo`` wrapper.

        TorchDispatchMode wraps a subclass's ``__torch_dispatch__`` in ``torch._disable_dynamo(recursive=True)``,
        whose Python wrapper costs every call about 1 us, more than half a small op's plain time; it runs the frame
        with the eval-frame callback cleared. Here the frame's code is marked for Dynamo to skip (below the class)
        and its first act clears the callback with the same C function, so nothing it calls is traced either (a
        test compiles a function under the mode: no graph break, no warning). A torch without them keeps the wrapper.
        """
        return not OWN_DYNAMO_GUARD

    # A higher-order op (torch.cond, while_loop, map) comes to __torch_dispatch__ as itself, not an
    # OpOverload: it runs there unchanged, with the mode popped. A mode that does not say this makes torch raise
    # "no rule registered for HigherOrderOperator" where the same code runs without opprop.
    supports_higher_order_operators = True

    @classmethod
    def ignore_compile_internals(cls) -> bool:
        """True: ``torch.compile`` compiles under the mode as it would without it, and the mode checks what runs.

        Dynamo skips compiling any frame while a dispatch mode that does not
        say this is on the stack, so the user's compiled function would run
        eagerly (other results, other exceptions) only because opprop was
        there. With it, the mode is off while torch compiles and on again for
        the compiled artifact's own ops (aot_eager's graph is checked op by op).
        """
        return True

    @property
    def reached(self) -> dict[str, int]:
        """Calls per overload name, in first-call order."""
        counts: dict[str, int] = dict(self._reached_folded or {})
        for name in self._reached_log:
            counts[name] = counts.get(name, 0) + 1
        return counts

    def _fold_reached(self) -> None:
        """The log's names counted into ``_reached_folded``, the log emptied: a long block (a training run) keeps a
        count per overload, not an entry per call (the compiled hot path calls this at the same length)."""
        if self._reached_folded is None:
            self._reached_folded = {}
        counts = self._reached_folded
        for name in self._reached_log:
            counts[name] = counts.get(name, 0) + 1
        self._reached_log.clear()

    def _plan(self, func) -> tuple:
        # Keyed by id(func): hashing an OpOverload costs a Python call. The entry
        # keeps func alive, so its id is never reused for another object.
        try:
            plan = CheckPlan(func, self.snapshot_all, self.only) if isinstance(func, OpOverload) else None
        except Exception:  # an op the catalog cannot read: it runs unchecked, and the failure is a record
            self._internal(func, "plan")
            plan = None
        entry = self._plans[id(func)] = (func, plan)
        return entry

    def _internal(self, func, stage: str) -> None:
        """Keep the exception being handled as an internal error of opprop's (the user's call goes on)."""
        name = catalog.qualified_name(func) if isinstance(func, OpOverload) else str(func)
        if type(self.internal_errors) is tuple:
            self.internal_errors = []
        self.internal_errors.append(InternalError.current(name, stage))

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        """Checks the call, or passes it through untouched; the op's own result and exception are the user's.

        Every step of opprop's own (planning, the state taken before the
        call, the checks after it) is guarded: an error there is kept in
        ``internal_errors`` and the call runs or returns as it would without
        the mode. A call with a tensor opprop cannot read as memory (fake or
        functional, a meta subclass instance, symbolic sizes; an inference
        tensor) is passed through unread, so a symbolic size is never
        compared (no guard is added to a trace).
        """
        prior = _set_eval_frame(None)  # Dynamo stays out of this frame and all it calls (see _should_skip_dynamo)
        try:
            compiled = hot_path.module
            handed = None
            if compiled is not None and _clears is _shipped_screen:  # (another screen in use_screen: the path below)
                handed = compiled.dispatch(self, func, args, kwargs)
                if type(handed) is _Tensor:
                    return handed  # checked and cleared, compiled (hot_path.py): the op's own result
                if type(handed) is not _HandedOn:  # NOT_TAKEN: the op has not run, the path below takes it whole
                    handed = None
            if handed is not None:  # the op ran compiled and the screen did not clear it: from its result on, here
                plan, out, inputs, before, storages = handed
                del handed  # `out` is referenced here as on the path below (the tensorimpl check counts references)
                kind, states, entry, befores = plan.kind, None, None, ()
                if kwargs is None:
                    kwargs = {}
            else:
                entry = self._plans.get(id(func))
                if entry is None or entry[0] is not func:
                    entry = self._plan(func)
                plan = entry[1]
                if kwargs is None:
                    kwargs = {}
                if plan is None:  # not an ATen overload (a higher-order op), or one opprop cannot plan: unchecked
                    return func(*args, **kwargs)
                kind = plan.kind
                reached_log = self._reached_log
                if len(reached_log) >= REACHED_LOG_AT_MOST:
                    self._fold_reached()
                reached_log.append(kind.name)
                inputs = ()  # (for the handler below, if the walk itself fails)
                try:
                    inputs = tensor_arguments(kind, args, kwargs)  # walk.py: the one walk, raises Unread
                    if plan.fused_befores:  # undeclared_mutation's and storage_replaced's befores, in one pass (compiled, where it takes them)
                        before, storages = (plan.compiled is not None and hot_path.module.take_states(inputs, kind.mutable_args)) or take_states(
                            inputs, kind.mutable_args, plan.with_data)
                        entry = None  # on the slow path, from the storages
                    else:
                        before = storages = None
                        entry = entry_storages(inputs, kind) if plan.records_entry_storages else None
                    befores = plan.befores
                    states = None
                    if befores:  # what the other invariants record before the call
                        snapshot_all = self.snapshot_all
                        states = []
                        for _, record in befores:
                            states.append(record(inputs, kind, snapshot_all))
                        if not plan.fused_befores:
                            if plan.mutation_slot is not None:
                                before = states[plan.mutation_slot]
                            if plan.replaced_slot is not None:
                                storages = states[plan.replaced_slot]
                except Unread:  # passed through unread: once, its exception the op's own (not an internal error)
                    return plan.call(*args, **kwargs)
                except Exception:
                    if not any_inference(inputs):
                        self._internal(func, "before the call")
                    return plan.call(*args, **kwargs)
                out = plan.call(*args, **kwargs)
            if kind.returns_work:  # a collective: its Work completed before any read, on a group of one rank
                work = None
                try:
                    work = pending_work.to_complete(func, args, kwargs, out)
                except Exception:
                    self._internal(func, "after the call")
                if work is not None:
                    work.wait()  # its error is the call's own: gloo refused the call (pending_work.py)
                del work
            outputs = ()
            try:
                if type(out) is _Tensor:  # the common case without a call
                    outputs = [(0, out)]
                else:
                    outputs = flat_outputs(kind, out)
                    if outputs is None:
                        return out  # a fake or functional output (a mode below made it): not read
                clean = not plan.unscreened and _clears(plan, inputs, outputs, before, storages)
                if clean:
                    for slot, screen, prepared in plan.screens:  # the invariants' own screens (inlined: every call)
                        if not screen(inputs, outputs, None if slot is None else states[slot], prepared):
                            clean = False
                            break
                if not clean:
                    signature = None
                    if self._recorded:
                        signature = (kind.name, call_signature(inputs, args, kwargs), self._site())
                        if self._counted_repeat(plan, signature, inputs, outputs, before, storages):
                            return out
                    state = {inv: states[k] for k, (inv, _) in enumerate(befores)}
                    if plan.fused_befores:
                        state[catalog.UNDECLARED_MUTATION], state[STORAGE_REPLACED] = before, storages
                        if plan.records_entry_storages:  # what the written arguments sat on when the call began: entry_storages' values
                            mutable_args = kind.mutable_args
                            entry = [s if i in mutable_args else None for (i, _), s in zip(inputs, storages)]
                    call = ObservedCall(kind, inputs, outputs, state, CallAliasing(func, kind, args, kwargs, inputs, entry))
                    self._record(plan, call, args, kwargs, signature)
            except Exception:
                if not any_inference(inputs, outputs):
                    self._internal(func, "after the call")
            return out
        except RuntimeError as e:  # the op's own error (opprop's are kept above): which overload raised it, for an assert's key
            numbers = wrapped_numbers.as_tensors(func, args, e)
            if numbers is not None:  # not the op's: a number torch unwrapped (a traced graph's constant), refused
                return self.__torch_dispatch__(func, types, numbers, kwargs)
            self.raised_in = (func, str(e))
            raise
        finally:
            _set_eval_frame(prior)

    def _site(self):
        """Where the call came from, for telling repeats apart: none for the mode (``checking()`` reads the user's line)."""
        return None

    def _counted_repeat(self, plan: CheckPlan, signature, inputs, outputs, before, storages) -> bool:
        """A repeat of findings already kept, cleared for everything else: counted at the cost of a screen.

        The call has the op, input signature and site of a call that broke
        some invariants. Those are counted again on their first findings
        (not re-described, not re-captured); every other invariant of the
        plan is screened, as for a clean call. Anything the screen cannot
        clear (or a plan the screen cannot reduce) takes the full checks.
        """
        fired = self._recorded.get(signature)
        if fired is None or not plan.fused_befores or plan.screens or plan.unscreened:
            return False
        fired_ids = frozenset(inv for inv, _ in fired)
        rest = self._reduced_plan(plan, fired_ids)
        if rest.screens or rest.unscreened:
            return False
        if not _clears(rest, inputs, outputs, before if rest.mutation else None, storages if rest.replaced else None):
            return False
        for finding in fired.values():
            finding.occurrences += 1
        return True

    def _reduced_plan(self, plan: CheckPlan, without: frozenset) -> CheckPlan:
        """The plan of the same overload without some invariants (made once per set)."""
        only = frozenset(inv for inv, _ in plan.checks) - without
        plans = PLANS.setdefault((self.snapshot_all, only), {})
        entry = plans.get(id(plan.func))
        if entry is None:
            entry = plans[id(plan.func)] = (plan.func, CheckPlan(plan.func, self.snapshot_all, only))
        return entry[1]

    def _record(self, plan: CheckPlan, call: ObservedCall, args, kwargs, signature=None) -> None:
        """The slow path: run the invariant functions and keep what they report.

        A finding with the op, invariant, output, input signature and call
        site of one already kept is a repeat: it adds to that finding's
        ``occurrences`` and is not described or captured again, so real code
        that calls a ledgered op in every step pays little more than for a
        clean call (see ``_counted_repeat``).
        """
        kind = plan.kind
        described = fired = None
        for inv, check in plan.checks:
            for nth, (output_index, detail) in enumerate(check(call)):
                if fired is None:  # looked up once a call: a signature holds its int lists (split_with_sizes' 65537 sizes)
                    if signature is None:
                        signature = (kind.name, call_signature(call.inputs, args, kwargs), self._site())
                    if self._recorded is None:
                        self._recorded = {}
                    fired = self._recorded.setdefault(signature, {})
                key = (inv, nth)  # the invariant's nth finding in a call: one per argument or output it names
                first = fired.get(key)
                if first is not None:
                    first.occurrences += 1
                    continue
                if described is None:  # described once per call, only when something new is found
                    described, captured = describe_arguments(kind.arg_names, args, kwargs), captured_call(kind.name, call, args, kwargs, self.max_captured_values)
                finding = fired[key] = Finding(
                    aten_op=kind.name,
                    called_op=self.called_op,
                    invariant=inv,
                    output_index=output_index,
                    detail=detail,
                    inputs=dict(described),
                    captured=captured,
                )
                self.findings.append(finding)


if OWN_DYNAMO_GUARD:  # Dynamo runs the dispatch frame untraced; the frame then clears the callback for what it calls
    skip_in_dynamo(InvariantMode.__torch_dispatch__)
