"""Schema text edited the way native_functions.yaml spells it: an alias set added, moved or dropped, an argument made mutable.

torchgen's ``FunctionSchema`` (the parser that reads native_functions.yaml)
does the editing, and ``torch._C.parse_schema`` holds every result, so a
proposed schema is one the dispatcher would register. A schema torchgen
cannot read (an ``Any`` or ``t[]`` type, ``...``) gets no edit: None.
"""
from __future__ import annotations

import dataclasses
import string

import torch
from torchgen.model import Annotation, Arguments, FunctionSchema, SelfArgument

_ARGUMENT_GROUPS = ("pre_self_positional", "post_self_positional", "pre_tensor_options_kwarg_only", "post_tensor_options_kwarg_only", "out")


def split_name(qualified: str) -> tuple[str, str]:
    """``aten::dequantize.self(...)`` -> (``aten``, ``dequantize.self(...)``)."""
    namespace, _, rest = qualified.partition("::")
    return namespace, rest


@dataclasses.dataclass(frozen=True)
class _Renamed(FunctionSchema):
    """An op named in place whose self is not written (``c10d::allreduce_(Tensor[] tensors, ...)``,
    ``inductor::resize_storage_bytes_``): torchgen refuses the name, so it reads the schema under the name without its
    trailing underscore, and this prints it under its own name again."""
    spelled: str = ""

    def __str__(self) -> str:
        return self.spelled + super().__str__()[len(str(self.name)):]


def parse(schema_text: str) -> FunctionSchema | None:
    """torchgen's reading of ``ns::name.overload(...) -> ...`` (namespace dropped), or None when it cannot read it."""
    text = split_name(schema_text)[1]
    try:
        return FunctionSchema.parse(text)
    except (AssertionError, RuntimeError, ValueError, KeyError, IndexError):
        pass
    name, paren, rest = text.partition("(")
    base, dot, overload = name.partition(".")
    if not base.endswith("_"):
        return None
    try:
        plain = FunctionSchema.parse(base[:-1] + dot + overload + paren + rest)
    except (AssertionError, RuntimeError, ValueError, KeyError, IndexError):
        return None
    return _Renamed(**{f.name: getattr(plain, f.name) for f in dataclasses.fields(plain)}, spelled=name)


def qualified(namespace: str, schema: FunctionSchema) -> str:
    """The edited schema with its namespace, as ``torch._C.parse_schema`` reads it back (so it is registrable)."""
    text = f"{namespace}::{schema}"
    torch._C.parse_schema(text)
    return text


def used_sets(schema: FunctionSchema) -> set:
    found = set()
    for a in [*schema.arguments.flat_all, *schema.returns]:
        if a.annotation is not None:
            found |= set(a.annotation.alias_set) | set(a.annotation.alias_set_after)
    return found


def fresh_set(schema: FunctionSchema) -> str:
    return next(c for c in string.ascii_lowercase if c not in used_sets(schema))


def argument(schema: FunctionSchema, name: str):
    return next((a for a in schema.arguments.flat_all if a.name == name), None)


def _with_argument(arguments: Arguments, name: str, change) -> Arguments:
    updates = {}
    for group in _ARGUMENT_GROUPS:
        values = getattr(arguments, group)
        if any(a.name == name for a in values):
            updates[group] = tuple(change(a) if a.name == name else a for a in values)
    if arguments.self_arg is not None and arguments.self_arg.argument.name == name:
        updates["self_arg"] = SelfArgument(change(arguments.self_arg.argument))
    return dataclasses.replace(arguments, **updates)


def _with_returns(schema: FunctionSchema, indices, annotation_of) -> FunctionSchema:
    returns = tuple(dataclasses.replace(r, annotation=annotation_of(r)) if j in indices else r for j, r in enumerate(schema.returns))
    return dataclasses.replace(schema, returns=returns)


def add_alias(schema: FunctionSchema, input_name: str | None, outputs) -> FunctionSchema:
    """``f(Tensor self) -> Tensor`` -> ``f(Tensor(a) self) -> Tensor(a)``: the argument (None: outputs only) and outputs in one
    alias set, the argument's own set when it has one."""
    arg = argument(schema, input_name) if input_name else None
    if arg is not None and arg.annotation is not None:
        alias = arg.annotation.alias_set[0]
    else:
        alias = next((r.annotation.alias_set[0] for j, r in enumerate(schema.returns) if j in outputs and r.annotation), None) or fresh_set(schema)
    read = Annotation(alias_set=(alias,), is_write=False, alias_set_after=())
    # a Tensor(a)[] output: the argument is ``Tensor(a -> *)``, as chunk and split spell it (SchemaInfo reads the
    # element aliases through that wildcard)
    to_list = any(j < len(schema.returns) and schema.returns[j].type.is_list_like() for j in outputs)
    into = dataclasses.replace(read, alias_set_after=("*",)) if to_list and not (arg is not None and arg.type.is_list_like()) else read
    if arg is not None and arg.annotation is None:
        schema = dataclasses.replace(schema, arguments=_with_argument(schema.arguments, input_name, lambda a: dataclasses.replace(a, annotation=into)))
    return _with_returns(schema, set(outputs), lambda r: r.annotation if r.annotation is not None else read)


def drop_alias(schema: FunctionSchema, output: int) -> FunctionSchema:
    """The output declared fresh; an argument whose set no output names any more loses its annotation too."""
    schema = _with_returns(schema, {output}, lambda r: None)
    still = {s for r in schema.returns if r.annotation is not None for s in r.annotation.alias_set}
    for a in schema.arguments.flat_all:
        if a.annotation is not None and not a.annotation.is_write and not set(a.annotation.alias_set) & still:
            schema = dataclasses.replace(schema, arguments=_with_argument(schema.arguments, a.name, lambda x: dataclasses.replace(x, annotation=None)))
    return schema


def mark_mutable(schema: FunctionSchema, name: str) -> FunctionSchema:
    """``Tensor x`` -> ``Tensor(a!) x`` (``Tensor(a)`` -> ``Tensor(a!)``: a view argument keeps its set)."""
    arg = argument(schema, name)
    alias = arg.annotation.alias_set[0] if arg.annotation is not None else fresh_set(schema)
    write = Annotation(alias_set=(alias,), is_write=True, alias_set_after=())
    return dataclasses.replace(schema, arguments=_with_argument(schema.arguments, name, lambda a: dataclasses.replace(a, annotation=write)))


def yaml_diff(old: str, new: str) -> str:
    """The one-line change to native_functions.yaml (``- func: ...`` / ``+ func: ...``); the namespace is the file's, not the line's."""
    return f"-  func: {split_name(old)[1]}\n+  func: {split_name(new)[1]}"
