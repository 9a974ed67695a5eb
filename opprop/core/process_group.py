"""The one-process group collectives run on: started when an example first needs it, torn down at exit.

``c10d::`` ops take a ``ProcessGroup`` and ``_c10d_functional::`` ops a
group's name; with a gloo group of one rank (an in-memory ``HashStore``,
nothing outside the process) nearly all of them run. The group is made once
per process and reused by every later example: a collective that fails
(a send with no peer) leaves it usable. A process forked after the group was
made (a shrink candidate, a crash rebuild) cannot use it, since its gloo
threads stayed behind in the parent: that process makes its own, and keeps
the inherited one referenced, never destroyed (its destructor would join
threads that do not exist here). Gloo's own timeout bounds every wait inside
the group, so a collective that waits for a peer fails with an error (an
invalid call) long before the example timeout.

How the group is made, a ``ReduceOp`` boxed and the group torn down is
``SOURCE``, run here and written as it is into every repro of a call that
takes the group, so a standalone script rebuilds the very group the call ran
on. Such an argument is kept as a ``GroupArg`` (the group, its name, a
``ReduceOp``), never as this process's object or name: specs, findings'
descriptions and repros rebuild it in any process.
"""
from __future__ import annotations

import atexit
import dataclasses
import itertools
import os

import torch

RANK, WORLD_SIZE = 0, 1
TIMEOUT_S = 5.0  # gloo's wait for a peer; well under any example timeout (fuzz.blocking's deadline is twice it)
GROUP_CLASS = "__torch__.torch.classes.c10d.ProcessGroup"
REDUCE_OP_CLASS = "__torch__.torch.classes.c10d.ReduceOp"
WORK_CLASS = "__torch__.torch.classes.c10d.Work"  # what a c10d collective returns: its pending work
# Every reduction c10d names; gloo refuses some (AVG, PREMUL_SUM): an invalid call the validity record learns.
REDUCE_OPS = ("SUM", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "AVG")

_names = itertools.count()
_live: dict = {}  # "pid", "group", "name": the group this process made
_orphans: list = []  # groups a forked process inherited: never used, never destroyed
_reduce_ops: dict = {}  # (pid, name) -> a boxed ReduceOp
_made_names: set = set()  # every name this process (or the parent it was forked from) gave a group

# How the group is made, boxed and torn down: source text, run here and written into repros as it is,
# so a standalone script rebuilds the very group the call ran on.
SOURCE = '''def one_process_group(name, timeout_s):
    """A gloo group of rank 0 in a world of 1 on an in-memory HashStore (nothing outside this process), registered as ``name``."""
    import datetime
    from torch._C import _distributed_c10d as c10d

    timeout = datetime.timedelta(seconds=timeout_s)
    store = c10d.HashStore()
    store.set_timeout(timeout)  # a rank past the group is waited for here: no longer than gloo waits
    options = c10d.ProcessGroupGloo._Options()
    options._timeout = timeout
    options._devices = [c10d.ProcessGroupGloo.create_device(interface="lo")]
    backend = c10d.ProcessGroupGloo(store, 0, 1, options)
    group = c10d.ProcessGroup(store, 0, 1)
    group._set_default_backend(c10d.ProcessGroup.BackendType.GLOO)
    group._register_backend(torch.device("cpu"), c10d.ProcessGroup.BackendType.GLOO, backend)
    group._set_group_name(name)
    c10d._register_process_group(name, group)
    return group


def boxed_reduce_op(group, name):
    """The ReduceOp ``name`` as the dispatcher takes it (a TorchScript object). Python builds only the default (SUM)
    one; the dispatcher boxes any other when the group's own ``allreduce`` calls ``c10d::allreduce_``."""
    from torch._C import _distributed_c10d as c10d
    from torch.utils._python_dispatch import TorchDispatchMode

    seen = []

    class Boxed(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.extend(a for a in args if isinstance(a, torch.ScriptObject) and "c10d.ReduceOp" in str(a._type()))
            return func(*args, **(kwargs or {}))

    options = c10d.AllreduceOptions()
    options.reduceOp = c10d.ReduceOp(getattr(c10d.ReduceOp.RedOpType, name))
    with Boxed():
        try:
            group.allreduce([torch.zeros(1)], options).wait()
        except RuntimeError:
            pass  # gloo refuses this reduction (AVG): the boxed value was seen all the same
    if not seen:
        raise RuntimeError(f"the dispatcher boxed no ReduceOp {name}")
    return seen[0]


def destroy_group(group):
    """Unregister ``group`` and shut it down."""
    from torch._C import _distributed_c10d as c10d

    try:
        c10d._unregister_process_group(group.group_name)
    finally:
        if hasattr(group, "shutdown"):
            group.shutdown()
'''

_namespace: dict = {"torch": torch}
exec(SOURCE, _namespace)  # noqa: S102: our own text, the same the repro holds
one_process_group, _boxed_reduce_op, destroy_group = (_namespace[k] for k in ("one_process_group", "boxed_reduce_op", "destroy_group"))


def unavailable_reason() -> str | None:
    """Why no group can be made on this build, or None."""
    import torch.distributed as dist

    if not dist.is_available():
        return "torch.distributed is not available on this build"
    if not dist.is_gloo_available():
        return "this torch build has no gloo backend"
    return None


def group():
    """This process's one-process group (a ``torch.distributed.ProcessGroup``), made on first use."""
    if _live and _live["pid"] != os.getpid():  # inherited through a fork: unusable here
        _orphans.append(_live.pop("group"))
        _live.clear()
    if not _live:
        reason = unavailable_reason()
        if reason is not None:
            raise RuntimeError(f"no process group: {reason}")
        name = f"opprop-{os.getpid()}-{next(_names)}"
        _made_names.add(name)
        _live.update(pid=os.getpid(), group=one_process_group(name, TIMEOUT_S), name=name)
    return _live["group"]


def group_name() -> str:
    """The registered name of this process's group (what ``_c10d_functional`` ops take)."""
    group()
    return _live["name"]


def boxed_group():
    """The group as the dispatcher takes it (``__torch__.torch.classes.c10d.ProcessGroup``)."""
    return group().boxed()


def boxed_reduce_op(name: str):
    """A ``__torch__.torch.classes.c10d.ReduceOp`` of the reduction ``name``, on this process's group (``SOURCE``)."""
    key = (os.getpid(), name)
    if key not in _reduce_ops:
        _reduce_ops[key] = _boxed_reduce_op(group(), name)
    return _reduce_ops[key]


def teardown() -> None:
    """Unregister and shut down this process's group; the next ``group()`` makes a fresh one."""
    if not _live or _live["pid"] != os.getpid():
        return
    made = dict(_live)
    _live.clear()
    for key in [k for k in _reduce_ops if k[0] == made["pid"]]:
        del _reduce_ops[key]
    destroy_group(made["group"])


atexit.register(teardown)


# ---------------------------------------------------------------- as an argument of a repro


@dataclasses.dataclass(frozen=True)
class GroupArg:
    """An argument that is the one-process group, its name or a ``ReduceOp``: kept by what it is, never by its
    per-process value (a name with a pid in it, a TorchScript object), so any process, and a repro, rebuilds it."""

    what: str  # "group", "group_name" or "ReduceOp.<reduction>"

    def __post_init__(self):
        if self.what not in ("group", "group_name") and self.what.removeprefix("ReduceOp.") not in REDUCE_OPS:
            raise ValueError(f"not a group argument: {self.what!r}")


GROUP, NAME = GroupArg("group"), GroupArg("group_name")
_WORDS = {GROUP: "the one-process group", NAME: "the one-process group's name"}
SCRIPT_GROUP_NAME = "opprop-repro"  # what a repro script names its group
_VAR = "one_group"  # the script's variable holding it
SCRIPT_NAMES = (_VAR, "one_process_group", "boxed_reduce_op", "destroy_group")  # what the script binds: no argument may take these


def group_arg(value) -> GroupArg | None:
    """``value`` as a GroupArg: a group or a name this module made (here or before a fork), a ReduceOp; else None."""
    if isinstance(value, str):
        return NAME if value in _made_names else None
    if not isinstance(value, torch.ScriptObject):
        return None
    from torch._C import _distributed_c10d as c10d

    kind = value._type().qualified_name()
    if kind == GROUP_CLASS:
        return GROUP if c10d.ProcessGroup.unbox(value).group_name in _made_names else None
    if kind == REDUCE_OP_CLASS:
        name = c10d.ReduceOp.RedOpType(value.op()).name
        return GroupArg("ReduceOp." + name) if name in REDUCE_OPS else None  # PREMUL_SUM's factor is not readable
    return None


def _reduction(arg: GroupArg) -> str:
    return arg.what.removeprefix("ReduceOp.")


def build(arg: GroupArg):
    """The argument's value on this process's group."""
    if arg == GROUP:
        return boxed_group()
    if arg == NAME:
        return group_name()
    return boxed_reduce_op(_reduction(arg))


def words(arg: GroupArg) -> str:
    """How a finding's JSON describes it: "the one-process group", "the one-process group's name", "ReduceOp MAX"."""
    return _WORDS.get(arg) or f"ReduceOp {_reduction(arg)}"


def from_words(text) -> GroupArg | None:
    """The GroupArg ``words`` described, or None."""
    found = [a for a in (GROUP, NAME, *(GroupArg("ReduceOp." + r) for r in REDUCE_OPS)) if words(a) == text]
    return found[0] if found else None


def source(arg: GroupArg) -> str:
    """The argument as a repro script spells it, after ``script_setup``."""
    if arg == GROUP:
        return f"{_VAR}.boxed()"
    if arg == NAME:
        return f"{_VAR}.group_name"
    return f"boxed_reduce_op({_VAR}, {_reduction(arg)!r})"


def script_setup() -> list[str]:
    """The lines that start the group in a repro script (before its arguments are built)."""
    return ["# ---- the one-process group the call runs on, made as opprop made it ----", SOURCE.rstrip(), "", "",
            f"{_VAR} = one_process_group({SCRIPT_GROUP_NAME!r}, timeout_s={TIMEOUT_S!r})", ""]


def script_teardown() -> list[str]:
    """The line that tears the script's group down, last."""
    return [f"destroy_group({_VAR})"]
