"""Ops that take a process group (a ``ProcessGroup`` or a ``str group_name``), each built to misbehave in one precise way.

Imported through ``--import collective_ops``. ``leaky_all_reduce`` and
``leaky_pg_identity`` take the shortcut a kernel might on a group of one rank
(nothing to reduce: return the input itself) under a schema that declares a
fresh output; they refuse any name or group that is not a live group, so only
the one-process group opprop starts reaches the bug; ``leaky_max_reduce`` does so only
for the ``ReduceOp`` MAX (a repro must rebuild that reduction, not the
default SUM). ``fresh_all_reduce`` is
their control (a copy). ``waits_for_peer`` blocks forever, as a receive with
no peer would: its timeout must never be a finding. ``late_fill_`` writes its
tensor (under a schema without ``(a!)``) on another thread after the call has
returned its Work, as gloo's worker thread writes a collective's tensors.
"""
import threading
import time

import torch
from torch._C import _distributed_c10d as c10d

LIB = torch.library.Library("opprop_coll", "DEF")
LIB.define("leaky_all_reduce(Tensor x, str reduce_op, str group_name) -> Tensor")
LIB.define("fresh_all_reduce(Tensor x, str reduce_op, str group_name) -> Tensor")
LIB.define("leaky_pg_identity(Tensor x, __torch__.torch.classes.c10d.ProcessGroup process_group) -> Tensor")
LIB.define("leaky_max_reduce(Tensor x, __torch__.torch.classes.c10d.ReduceOp reduce_op, "
           "__torch__.torch.classes.c10d.ProcessGroup process_group) -> Tensor")
LIB.define("waits_for_peer(Tensor x, int src, str group_name) -> Tensor")
LIB.define("late_fill_(Tensor x, __torch__.torch.classes.c10d.ProcessGroup process_group, float seconds) "
           "-> __torch__.torch.classes.c10d.Work")


def _size(group_name: str) -> int:
    return c10d._resolve_process_group(group_name).size()  # raises for a name no live group has


def _leaky_all_reduce(x, reduce_op, group_name):
    if _size(group_name) == 1:
        return x  # the bug: the input itself, under "-> Tensor"
    return x.clone()


def _fresh_all_reduce(x, reduce_op, group_name):
    _size(group_name)
    return x.clone()


def _leaky_pg_identity(x, process_group):
    if c10d.ProcessGroup.unbox(process_group).size() == 1:
        return x  # the same bug, reached through the ProcessGroup object
    return x.clone()


def _leaky_max_reduce(x, reduce_op, process_group):
    if c10d.ProcessGroup.unbox(process_group).size() == 1 and c10d.ReduceOp.RedOpType(reduce_op.op()) == c10d.ReduceOp.RedOpType.MAX:
        return x  # the bug, for one reduction only
    return x.clone()


def _waits_for_peer(x, src, group_name):
    _size(group_name)
    while True:  # a receive from a peer the one-process group does not have
        time.sleep(0.5)


def _late_fill_(x, process_group, seconds):
    future = torch.futures.Future()

    def write():  # the undeclared write, after the call returned
        time.sleep(seconds)
        x.fill_(7)
        future.set_result([x])

    threading.Thread(target=write, daemon=True).start()
    return c10d._create_work_from_future(future).boxed()


for name, fn in (("leaky_all_reduce", _leaky_all_reduce), ("fresh_all_reduce", _fresh_all_reduce),
                 ("leaky_pg_identity", _leaky_pg_identity), ("leaky_max_reduce", _leaky_max_reduce), ("waits_for_peer", _waits_for_peer),
                 ("late_fill_", _late_fill_)):
    LIB.impl(name, fn, "CompositeExplicitAutograd")
