"""A crashing call as the lines a maintainer pastes: build the inputs, make the call; nothing but torch.

The crash expect file's code, what a fresh interpreter runs for a call that
dies only there, and what an issue report quotes.
"""
from __future__ import annotations

from pathlib import Path

from opprop.check import catalog
from opprop.core import guard, process_group
from opprop.core import imports
from opprop.core.imports import torch_namespaces
from opprop.core.specs import CallSpec
from opprop.reduce.repro import bind, op_source, setup_lines


def script_source(spec: CallSpec, *, definition: str | None = None, definition_from: str = "", call_text: str = "",
                  repeat: int = 1) -> str:
    """Build the inputs, call the overload (or ``call_text``, a public call spelled with the same names): the lines a maintainer pastes.

    ``repeat`` > 1 makes the call in a loop: for heap damage that only a later call meets, or a
    connection an earlier call left half-made when it raised (c10d's ``send`` to a rank past the group).
    """
    names = catalog.classify(spec.overload).arg_names
    lines = ["import torch", ""]
    if spec.guarded:
        lines += ["", guard.SOURCE.rstrip(), "", ""]
    if definition:
        lines += [f"# ---- the op under test, from {definition_from or 'its definition'} ----", definition.rstrip(),
                  "# ---- end of the op's definition ----", ""]
    lines += setup_lines(spec)
    call_args = []
    inputs: list = []
    for i, a in enumerate(spec.args):
        call_args.append(bind(lines, names[i] if i < len(names) else f"arg{i}", a, inputs))
    for k, a in spec.kwargs.items():
        call_args.append(f"{k}=" + bind(lines, k, a, inputs))
    call = call_text or f"{op_source(spec)}({', '.join(call_args)})"
    if repeat > 1:  # an earlier call may raise (a peer's wait timed out) and still leave what the next call meets
        lines += [f"for i in range({repeat}):  # a later call meets the damage, or the half-made state, an earlier one left",
                  "    try:", "        " + call, "    except Exception:", f"        if i == {repeat - 1}:", "            raise"]
    else:
        lines.append(call)
    if spec.on_group:
        lines += process_group.script_teardown()
    return "\n".join(lines) + "\n"


def helper_blocks() -> tuple[str, ...]:
    """The fixed text a script holds word for word wherever it needs it: the guarded-buffer helper, the one-process
    group's start and its teardown. Shared by every such repro, so none of it is the repro's own lines."""
    return (guard.SOURCE.rstrip(), "\n".join(process_group.script_setup()).rstrip(), "\n".join(process_group.script_teardown()))


def own_lines(script: str) -> list[str]:
    """The script's non-blank lines less ``helper_blocks``: what this repro itself says."""
    for block in helper_blocks():
        script = script.replace(block, "")
    return [line for line in script.splitlines() if line.strip()]


def definition_of(definitions, op: str) -> tuple[str | None, str]:
    """(what a repro of ``op`` holds before its inputs so the op exists, where that is from): the source of the
    module registering its namespace, inlined; else the imports of ``imports.repro_imports`` (the one rule,
    violation repros' too); else (None, "")."""
    namespace = op.split("::")[0]
    path = (definitions or {}).get(namespace)
    if path:
        return Path(path).read_text(), Path(path).name
    modules = imports.repro_imports(definitions, op)
    if not modules:
        return None, ""
    given = isinstance(definitions, imports.Definitions) and modules == definitions.imported_by(namespace)
    return imports.preamble(definitions, op), "--import " + " ".join(definitions.imports) if given else " ".join(modules)


def needs_definition(definitions, op: str) -> bool:
    """Whether a script calling ``op`` cannot run in a fresh interpreter: a namespace torch does not register, with no definition."""
    return op.split("::")[0] not in torch_namespaces() and definition_of(definitions, op)[0] is None


def call_arguments(spec: CallSpec) -> tuple[list, list]:
    """How the script spells each argument: (positional texts, keyword texts), tensors by their variable names."""
    names = catalog.classify(spec.overload).arg_names
    scratch: list = []
    pos = [bind(scratch, names[i] if i < len(names) else f"arg{i}", a, []) for i, a in enumerate(spec.args)]
    kw = [f"{k}=" + bind(scratch, k, a, []) for k, a in spec.kwargs.items()]
    return pos, kw
