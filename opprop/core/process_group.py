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
"""
from __future__ import annotations

import atexit
import datetime
import itertools
import os

import torch

RANK, WORLD_SIZE = 0, 1
TIMEOUT_S = 5.0  # gloo's wait for a peer; well under any example timeout (fuzz.blocking's deadline is twice it)
GROUP_CLASS = "__torch__.torch.classes.c10d.ProcessGroup"
REDUCE_OP_CLASS = "__torch__.torch.classes.c10d.ReduceOp"
# Every reduction c10d names; gloo refuses some (AVG, PREMUL_SUM): an invalid call the validity record learns.
REDUCE_OPS = ("SUM", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "AVG")

_names = itertools.count()
_live: dict = {}  # "pid", "group", "name": the group this process made
_orphans: list = []  # groups a forked process inherited: never used, never destroyed
_reduce_ops: dict = {}  # (pid, name) -> a boxed ReduceOp


def unavailable_reason() -> str | None:
    """Why no group can be made on this build, or None."""
    import torch.distributed as dist

    if not dist.is_available():
        return "torch.distributed is not available on this build"
    if not dist.is_gloo_available():
        return "this torch build has no gloo backend"
    return None


def _make(name: str):
    from torch._C import _distributed_c10d as c10d

    store = c10d.HashStore()
    store.set_timeout(datetime.timedelta(seconds=TIMEOUT_S))  # a rank past the group is waited for here: the same bound
    options = c10d.ProcessGroupGloo._Options()
    options._timeout = datetime.timedelta(seconds=TIMEOUT_S)
    options._devices = [c10d.ProcessGroupGloo.create_device(interface="lo")]
    backend = c10d.ProcessGroupGloo(store, RANK, WORLD_SIZE, options)
    group = c10d.ProcessGroup(store, RANK, WORLD_SIZE)
    group._set_default_backend(c10d.ProcessGroup.BackendType.GLOO)
    group._register_backend(torch.device("cpu"), c10d.ProcessGroup.BackendType.GLOO, backend)
    group._set_group_name(name)
    c10d._register_process_group(name, group)
    return group


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
        _live.update(pid=os.getpid(), group=_make(name), name=name)
    return _live["group"]


def group_name() -> str:
    """The registered name of this process's group (what ``_c10d_functional`` ops take)."""
    group()
    return _live["name"]


def boxed_group():
    """The group as the dispatcher takes it (``__torch__.torch.classes.c10d.ProcessGroup``)."""
    return group().boxed()


def boxed_reduce_op(name: str):
    """A ``__torch__.torch.classes.c10d.ReduceOp`` of the reduction ``name``.

    Python can build only the default (SUM) one of the TorchScript class; the
    dispatcher boxes any other when the group's own ``allreduce`` calls
    ``c10d::allreduce_``, so one such call under a recording mode keeps it.
    """
    key = (os.getpid(), name)
    if key not in _reduce_ops:
        from torch._C import _distributed_c10d as c10d
        from torch.utils._python_dispatch import TorchDispatchMode

        seen = []

        class Boxed(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                seen.extend(a for a in args if isinstance(a, torch.ScriptObject) and REDUCE_OP_CLASS in str(a._type()))
                return func(*args, **(kwargs or {}))

        options = c10d.AllreduceOptions()
        options.reduceOp = c10d.ReduceOp(getattr(c10d.ReduceOp.RedOpType, name))
        with Boxed():
            try:
                group().allreduce([torch.zeros(1)], options).wait()
            except RuntimeError:
                pass  # gloo refuses this reduction: the boxed value was seen all the same
        if not seen:
            raise RuntimeError(f"the dispatcher boxed no ReduceOp {name}")
        _reduce_ops[key] = seen[0]
    return _reduce_ops[key]


def teardown() -> None:
    """Unregister and shut down this process's group; the next ``group()`` makes a fresh one."""
    if not _live or _live["pid"] != os.getpid():
        return
    from torch._C import _distributed_c10d as c10d

    made = dict(_live)
    _live.clear()
    for key in [k for k in _reduce_ops if k[0] == made["pid"]]:
        del _reduce_ops[key]
    try:
        c10d._unregister_process_group(made["name"])
    finally:
        shutdown = getattr(made["group"], "shutdown", None)
        if shutdown is not None:
            shutdown()


atexit.register(teardown)
