"""A return annotated written (``Tensor(a!)``) is not the argument its alias set names.

``add_(Tensor(a!) self, ...) -> Tensor(a!)`` and ``add.out(..., Tensor(a!) out) -> Tensor(a!)``
promise to hand back the very tensor they wrote: callers chain on it, and
autograd and the compiler's alias analysis read the return as that
argument. A kernel returning a fresh tensor (a copy of what it wrote) or
another argument breaks it silently: no other invariant applies to a
mutating op's returns (use counts and returns_input are for ops that write
nothing, view_copies for unwritten views). Same TensorImpl, not only the
same storage: a view of the argument is another tensor.

The check only reads identity. Whether the op wrote its argument cannot be
told: ``(a!)`` allows a write and does not demand one (``zero_`` of zeros,
an empty ``out``), so an annotated argument left untouched is legal.
"""
from __future__ import annotations

import functools
import re

import torch

from opprop.check.invariants.base import Invariant

ID = "written_not_returned"
_WILDCARD = "*"
_ELEMENT_SET = re.compile(r"^Tensor\(([a-z]+)!\)\[\]")  # ``Tensor(a!)[]``: a list written on its elements


def _top_level(text: str) -> list:
    """``a, Dict(str, Tensor) b`` -> its parts, split on the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for k, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    return parts + [text[start:].strip()] if text.strip() else parts


def _types(schema) -> tuple:
    """Each argument's and each return's type as the schema spells it (``Tensor(a!)[]``): Python's ``Argument`` gives
    a list only the list's own alias set, empty, not its elements'."""
    args, _, rets = str(schema).partition(") -> ")
    args = args.partition("(")[2]
    if rets.startswith("(") and rets.endswith(")"):
        rets = rets[1:-1]
    return [a.rpartition(" ")[0] for a in _top_level(args) if a != "*"], [r.rpartition(" ")[0] or r for r in _top_level(rets)]


def _sets(info, spelled: str) -> frozenset:
    """The alias sets an argument or return is in before the call, a list's elements' included; the wildcard left out
    (a ``(*)`` return names no argument)."""
    sets = set(info.before_set) if info is not None else set()
    element = _ELEMENT_SET.match(spelled)
    if element:
        sets.add(element.group(1))
    return frozenset(s for s in sets if s != _WILDCARD)


@functools.lru_cache(maxsize=None)
def written_returns(func) -> dict:
    """Return index -> the argument positions its write annotation names (the written arguments in its set)."""
    schema = func._schema
    arg_types, ret_types = _types(schema)
    found = {}
    for j, ret in enumerate(schema.returns):
        if ret.alias_info is None or not ret.alias_info.is_write:
            continue
        sets = _sets(ret.alias_info, ret_types[j])
        named = tuple(
            i for i, arg in enumerate(schema.arguments)
            if arg.alias_info is not None and arg.alias_info.is_write and sets & _sets(arg.alias_info, arg_types[i])
        )
        if named:
            found[j] = named
    return found


def _python_kernel_made(t) -> bool:
    """A return made by a tensor subclass's own ``__torch_dispatch__`` (a jagged nested tensor's wraps what it wrote in a
    new NestedTensor): the dispatcher hands the caller the written argument itself, whatever that Python code returned,
    so the caller's contract holds (checked: ``aten::asinh.out`` on one returns ``out`` to its caller)."""
    return type(t) is not torch.Tensor and type(t).__torch_dispatch__ is not torch.Tensor.__torch_dispatch__


class WrittenNotReturned(Invariant):
    id = ID
    rank = 75
    broken_when = "an in-place or out= op's return annotated Tensor(a!) is not the very argument its alias set names"

    def applies(self, kind) -> bool:
        # as view_copies: a CompositeImplicitAutograd overload is checked through the kernels it calls
        return kind.mutable and not kind.composite_implicit

    def prepare(self, func, kind):
        return written_returns(func)

    def screen(self, inputs, outputs, state, prepared):
        """Clean when every written return is one of the arguments it names (or names none this call could read)."""
        for j, t in outputs:
            named = prepared.get(j)
            if named is None or t is None or _python_kernel_made(t):
                continue
            for i, x in inputs:
                if i in named and x is t:
                    break
            else:
                if any(i in named for i, _ in inputs):
                    return False
        return True

    def check(self, call):
        names = call.kind.arg_names
        returns = written_returns(call.aliasing.func)
        for j, t in call.outputs:
            named = returns.get(j)
            if named is None or t is None or _python_kernel_made(t):
                continue
            candidates = [x for i, x in call.inputs if i in named]
            if candidates and not any(x is t for x in candidates):  # none read (unread, or None): nothing to compare
                yield j, {"written": names[named[0]]}

    def repro_facts(self, func, kind) -> dict:
        names = kind.arg_names
        returns = written_returns(func)
        one_list = len(func._schema.returns) == 1 and func._schema.returns[0].type.kind() == "ListType"
        return {"written_returns": {j: tuple(names[i] for i in named) for j, named in returns.items()}, "one_list": one_list}

    @staticmethod
    def repro_breaks(outputs, inputs, before, state, facts, seen):
        # an output must be an argument its return names; a list argument's elements are labelled ``xs[0]``
        broken = False
        for j, o in enumerate(seen["outputs"]):
            named = facts["written_returns"].get(0 if facts["one_list"] else j)
            if o is None or named is None:
                continue
            returned = any(label == name or label.startswith(name + "[") for label in o["is"] for name in named)
            print(f"output {j}: is {' or '.join(named)}: {returned}")
            broken = broken or not returned
        return broken

    def suggested_fix(self, op, detail, output_index) -> str:
        written = detail.get("written")
        return (
            f"output {output_index or 0} is declared Tensor(a!), the argument {written!r}, but is another tensor: return "
            f"{written} itself (after writing into it), or drop the write annotation from the return if a new tensor is meant"
        )


INVARIANT = WrittenNotReturned()
