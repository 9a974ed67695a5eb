"""Upstream's own exemptions from its ownership checks, and the ledger's claims about them.

Debug builds of PyTorch check, in the autograd kernels that
``tools/autograd/gen_variable_type.py`` generates, much of what opprop checks:
an output's TensorImpl use_count <= 1, a non-view output's StorageImpl
use_count == 1, an in-place op keeping its inputs' TensorImpl and storage.
Three lists there exempt ops from those checks. A ledger entry's
``upstream_exempt`` names the list that exempts its op from the check of its
invariant; ``problems`` holds every claim against the lists.

The lists come from the installed torch when it ships the generator (wheels
carry it as ``torchgen/packaged/autograd/gen_variable_type.py``), else from
the copy in ``opprop/data/upstream_exemptions.toml``, which names the torch
version and commit it was read from.
"""
from __future__ import annotations

import ast
import importlib.util
import tomllib
from pathlib import Path

from opprop.core.ledger import UPSTREAM_LISTS

SAME, TENSOR_IMPL, STORAGE = UPSTREAM_LISTS
VENDORED = Path(__file__).parents[1] / "data" / "upstream_exemptions.toml"

# The lists that exempt an op from the upstream check an invariant corresponds to. A DONT_ENFORCE_SAME_...
# op skips every check of check_tensorimpl_and_storage, the output use counts included; returning an input
# is what the TensorImpl use_count check catches (the caller still holds it).
COVERS = {
    "tensorimpl_use_count": (TENSOR_IMPL, SAME),
    "returns_input": (TENSOR_IMPL, SAME),
    "storageimpl_use_count": (STORAGE, SAME),
    "storage_replaced": (SAME,),
}


def installed_source() -> Path | None:
    """gen_variable_type.py of the installed torch: torchgen's packaged copy, or a source checkout's tools/."""
    candidates = []
    spec = importlib.util.find_spec("torchgen")
    if spec and spec.origin:
        candidates.append(Path(spec.origin).parent / "packaged" / "autograd" / "gen_variable_type.py")
    torch_spec = importlib.util.find_spec("torch")
    if torch_spec and torch_spec.origin:
        candidates.append(Path(torch_spec.origin).parents[1] / "tools" / "autograd" / "gen_variable_type.py")
    return next((p for p in candidates if p.is_file()), None)


def parse_lists(source: str) -> dict[str, frozenset]:
    """The three lists from gen_variable_type.py's text, ``*OTHER_LIST`` expanded, without importing it."""
    found: dict[str, frozenset] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        if name not in UPSTREAM_LISTS or not isinstance(node.value, ast.Set):
            continue
        names = set()
        for element in node.value.elts:
            if isinstance(element, ast.Starred) and isinstance(element.value, ast.Name):
                names |= found[element.value.id]
            else:
                names.add(ast.literal_eval(element))
        found[name] = frozenset(names)
    missing = set(UPSTREAM_LISTS) - set(found)
    if missing:
        raise ValueError(f"gen_variable_type.py has no {', '.join(sorted(missing))}")
    return found


def vendored() -> tuple[dict, dict[str, frozenset]]:
    """(provenance, lists) of the vendored copy."""
    data = tomllib.loads(VENDORED.read_text())
    lists = {name: frozenset(data["lists"][name]) for name in UPSTREAM_LISTS}
    return {k: v for k, v in data.items() if k != "lists"}, lists


def lists() -> tuple[str, dict[str, frozenset]]:
    """(where they were read, the lists): the installed torch's when it ships them, else the vendored copy."""
    source = installed_source()
    if source is not None:
        return str(source), parse_lists(source.read_text())
    meta, vendored_lists = vendored()
    return f"{VENDORED} (torch {meta['torch_version']}, {meta['pytorch_commit']})", vendored_lists


def key(aten_op: str, list_name: str) -> str:
    """How ``list_name`` spells ``aten_op``: DONT_ENFORCE_SAME_... by cpp.name (``set_`` for every set_
    overload), the use-count lists by type_wrapper_name (``dequantize_self``)."""
    name, _, overload = aten_op.split("::", 1)[-1].partition(".")
    if _is_out(aten_op):
        name += "_out"
    if list_name == SAME or not overload or overload == "default":
        return name
    return f"{name}_{overload}"


def _is_out(aten_op: str) -> bool:
    try:
        import torch

        namespace, _, rest = aten_op.partition("::")
        name, _, overload = rest.partition(".")
        schema = getattr(getattr(getattr(torch.ops, namespace), name), overload or "default")._schema
    except (AttributeError, RuntimeError, ImportError):
        return False
    return any(a.is_out for a in schema.arguments)


def problems(entries, upstream: dict[str, frozenset]) -> list[str]:
    """One line per false or missing claim: a claimed list without the op, a list that does not cover the
    entry's invariant, or an op that a list covering its invariant exempts with no claim in its entry."""
    out = []
    for e in entries:
        covering = COVERS.get(e.invariant, ())
        exempting = [name for name in covering if key(e.aten_op, name) in upstream[name]]
        where = f"{e.aten_op} / {e.invariant}"
        if e.upstream_exempt:
            if e.upstream_exempt not in covering:
                out.append(f"{where} claims {e.upstream_exempt}, which does not exempt {e.invariant} checks")
            elif e.upstream_exempt not in exempting:
                out.append(f"{where} claims {e.upstream_exempt}, which lacks {key(e.aten_op, e.upstream_exempt)!r}")
        elif exempting:
            out.append(f"{where} claims no exemption, but {exempting[0]} has {key(e.aten_op, exempting[0])!r}")
    return out
