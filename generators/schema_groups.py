"""Process-group arguments: collectives' opaque and group-valued arguments, from the one-process group.

``c10d::allreduce_`` takes a ``ProcessGroup`` and a ``ReduceOp`` (TorchScript
classes no op returns), ``_c10d_functional::all_reduce`` a group's name;
both run on the one-process gloo group of ``opprop.core.process_group``.
Arguments that relate to the group take its values: its size, a rank (the
group's own, or one past it, which a kernel must refuse), one split size per
rank, one output tensor per rank. An op that takes a group is one that may
wait for a peer the group does not have (``takes_group``: the fuzz pool's
deadline, ``opprop.fuzz.blocking``, reads it).
"""
from __future__ import annotations

from opprop.core import process_group

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

GROUP_NAME = "group_name"  # ``str`` or ``Any`` in the schema (torch 2.13 types it ``Any``)
NAME_TYPES = ("str", "Any", "Optional[str]")
OPAQUE = (process_group.GROUP_CLASS, process_group.REDUCE_OP_CLASS)
NESTED_LIST = "List[List[Tensor]]"  # allgather_'s outputs: per input tensor, one per rank
RANK_NAMES = frozenset({"src", "dst", "root_rank", "peer"})
RANKS = ("own", "past")  # the group's own rank (0); the first rank past the group
SPLIT_NAMES = frozenset({"output_split_sizes", "input_split_sizes"})
SPLITS = ("even", "per_rank")  # [] (split evenly); one size per rank, summing to dim 0
P2P_OPS = ("isend", "irecv")


def _bare(t: str) -> str:
    return t[len("Optional["):-1] if t.startswith("Optional[") else t


def is_group_argument(arg) -> bool:
    """An argument that names a process group: the group itself, or its name."""
    t = str(arg.real_type)
    return _bare(t) == process_group.GROUP_CLASS or (arg.name == GROUP_NAME and t in NAME_TYPES)


def takes_group(op) -> bool:
    """The op runs on a process group: a collective or point-to-point op, which may wait for a peer."""
    return any(is_group_argument(a) for a in op._schema.arguments)


def draws(op, arg) -> bool:
    """This module gives ``arg`` its value (``group_value``): the schema's own types have no strategy for it."""
    t = _bare(str(arg.real_type))
    return t in OPAQUE or is_group_argument(arg) or (takes_group(op) and (t == NESTED_LIST or (arg.name == "op_list" and t == "List[str]")))


def unreachable_reason(op) -> str | None:
    """Why no call of a group-taking op can be made here (no torch.distributed, no gloo), or None."""
    if not any(_bare(str(a.real_type)) in OPAQUE or is_group_argument(a) for a in op._schema.arguments):
        return None
    return process_group.unavailable_reason()


def group_value(arg, ctx):
    """The value of a group-valued argument, or ``NotImplemented`` for any other (left to names and types)."""
    t = _bare(str(arg.real_type))
    if t == process_group.GROUP_CLASS:
        return process_group.boxed_group()
    if t == process_group.REDUCE_OP_CLASS:
        return process_group.boxed_reduce_op(ctx.choose(f"{arg.name}.reduce_op", process_group.REDUCE_OPS))
    if is_group_argument(arg):
        return process_group.group_name()
    if not takes_group(ctx.op):
        return NotImplemented
    if arg.name == "group_size" and t == "int":
        return process_group.WORLD_SIZE
    if arg.name in RANK_NAMES and t == "int":
        return process_group.RANK if ctx.choose(f"{arg.name}.rank", RANKS) == "own" else process_group.WORLD_SIZE
    if arg.name == "reduce_op" and t == "str":
        return ctx.choose(f"{arg.name}.reduce_op", process_group.REDUCE_OPS).lower()
    if arg.name in SPLIT_NAMES and t == "List[int]":
        return [] if ctx.choose(f"{arg.name}.split", SPLITS) == "even" else [ctx.shape[0] if ctx.ndim else 1] * process_group.WORLD_SIZE
    if arg.name == "device_ids" and t == "List[int]":
        return []  # gloo has no devices to name
    if t == NESTED_LIST:
        return [[ctx.tensor(arg.name, kind="dense") for _ in range(process_group.WORLD_SIZE)] for _ in range(ctx.tensor_list_length())]
    if arg.name == "op_list" and t == "List[str]":
        return [ctx.choose(f"{arg.name}.p2p", P2P_OPS) for _ in range(ctx.tensor_list_length())]
    return NotImplemented
