"""No module imports another project module's private name: a name shared on purpose is public.

A leading underscore says "this module's own"; a name another module reaches
for (``from opprop.check.screen import _clean``, ``probe._validated``) is a
seam nobody declared. torch's and Hypothesis's privates are not counted here:
those go through their own seams (``check/compat.py``, ``inputs/choices.py``).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOPS = ("opprop", "generators", "strategies")
MAPPED = ("generators", "strategies")  # top-level folders mapped into the package as opprop.generators, opprop.strategies


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _project(module: str) -> str | None:
    """The module's name inside the package (``generators.grad`` is ``opprop.generators.grad``), or None outside it."""
    top = module.split(".")[0]
    if top in MAPPED:
        return "opprop." + module
    return module if top == "opprop" else None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return _project(".".join(parts))


def private_reaches(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each use in ``source`` (the module ``module``) of another project module's private name, as 'line: name'."""
    package = module if is_package else module.rpartition(".")[0]
    tree = ast.parse(source)
    bound: dict[str, str] = {}  # a local name -> the project object it names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source_module = ".".join(base + ([node.module] if node.module else []))
            else:
                source_module = node.module or ""
            source_module = _project(source_module)
            if source_module is None:
                continue
            for alias in node.names:
                if _private(alias.name) and source_module != module:
                    found.append((node.lineno, f"from {source_module} import {alias.name}"))
                bound[alias.asname or alias.name] = f"{source_module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                target = _project(alias.name)
                if target is not None:
                    bound[alias.asname or alias.name.split(".")[0]] = target if alias.asname else _project(alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain, value = [], node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                owner = ".".join([bound[value.id], *reversed(chain)])
                if owner != module:
                    found.append((node.lineno, f"{owner}.{node.attr}"))
    return [f"{line}: {name}" for line, name in sorted(found)]


def _modules():
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if top == "opprop" and path.relative_to(ROOT / top).parts[0] in MAPPED:
                continue  # links to the top-level folders, read there
            yield path


def test_no_module_imports_another_modules_private_name():
    reaches = []
    for path in _modules():
        for reach in private_reaches(path.read_text(), _module_name(path), path.name == "__init__.py"):
            reaches.append(f"{path.relative_to(ROOT)}:{reach}")
    assert reaches == []


def test_every_way_of_reaching_a_private_name_is_seen():
    here = "opprop.check.mode"
    source = (
        "from opprop.check.screen import _clean, clears\n"  # a private name imported
        "from . import probe\n"
        "import opprop.check.snapshots as snapshots\n"
        "from generators import grad\n"
        "import torch\n"
        "probe._validated\n"  # read through a relative import
        "snapshots._memory(0)\n"  # through an aliased import
        "grad._walk\n"  # a mapped folder's module
        "torch._C._overlaps\n"  # torch's own: its seams' business
        "_own = 1\n"
    )
    assert private_reaches(source, here) == [
        "1: from opprop.check.screen import _clean",
        "6: opprop.check.probe._validated",
        "7: opprop.check.snapshots._memory",
        "8: opprop.generators.grad._walk",
    ]
    assert private_reaches("from opprop.check.mode import _x\n", here) == []  # its own name
