"""``--import MODULE``: load the user's modules first, so the custom ops they register with torch.library exist."""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from opprop.core.errors import UsageError

_TORCH_NAMESPACES: frozenset | None = None  # op namespaces registered before the first --import: torch's own


class Definitions(dict):
    """Namespace -> source file of the imported module that registers it (inlined in repros), and the ``--import`` modules.

    A namespace no file names (a C extension registers it, or a module
    builds its name at run time) gets a repro that imports the modules:
    ``preamble(ns)``.
    """

    def __init__(self, found=(), imports=(), registered_by=()):
        super().__init__(found)
        self.imports = tuple(imports)
        self.registered_by = dict(registered_by)  # namespace -> installed module whose source registers it (imported, not inlined)

    def imported_by(self, namespace: str) -> tuple:
        """The modules a repro of the namespace imports: none for one with source to inline or torch's own."""
        if namespace in self.registered_by:
            return (self.registered_by[namespace],)
        if namespace in self or namespace in torch_namespaces():
            return ()
        return self.imports


def repro_imports(definitions, op: str) -> tuple:
    """The modules a repro of ``op`` imports so that the op exists: the one rule for violation and crash repros.

    The modules that register its namespace when no source of theirs is
    inlined (``Definitions.imported_by``); else, for torch's own op that a
    bare ``import torch`` does not define (``fsdp::chunk_cat``, defined by a
    module op_db imports), the torch module that defines it; else none.
    ``definitions`` may be a plain namespace -> source dict, or None.
    """
    namespace = op.split("::")[0]
    modules = definitions.imported_by(namespace) if isinstance(definitions, Definitions) else ()
    if modules or namespace in (definitions or {}) or namespace in ("aten", "prims"):
        return modules
    module = registering_module(op)
    return (module,) if module is not None and module.split(".")[0] == "torch" else ()


def preamble(definitions, op: str) -> str:
    """``import m`` lines of ``repro_imports``: what a repro of ``op`` runs before its inputs."""
    return "".join(f"import {m}\n" for m in repro_imports(definitions, op))


def registering_module(op: str) -> str | None:
    """The imported module whose source defined ``op``'s schema, from the dispatcher's record of where it was registered
    (``debug: registered at FILE.py:LINE``): torch's own ``fsdp::chunk_cat`` is defined by a module a bare ``import
    torch`` does not import, so a repro must import it. None for a schema C++ defines (every ATen op)."""
    import re

    import torch

    try:
        found = re.search(r"^debug: registered at (.+\.py):\d+", torch._C._dispatch_dump(op), re.M)
    except RuntimeError:
        return None
    if found is None:
        return None
    path = os.path.realpath(found.group(1))
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and name != "__main__" and os.path.realpath(file) == path:
            return name
    return None


def package_versions(modules) -> dict:
    """{package: version} of the packages the modules belong to (torch's own left out: every report names it)."""
    from importlib import metadata

    versions = {}
    for name in modules:
        root = name.split(".")[0]
        if root == "torch" or root in versions:
            continue
        version = getattr(sys.modules.get(root), "__version__", None)
        if version is None:
            try:
                version = metadata.version(root)
            except metadata.PackageNotFoundError:
                continue
        versions[root] = str(version)
    return versions


def torch_namespaces() -> frozenset:
    """Op namespaces torch registers itself (those there before the user's modules were imported)."""
    if _TORCH_NAMESPACES is not None:
        return _TORCH_NAMESPACES
    return frozenset({"aten", "prims", "quantized", "_quantized", "prim", "profiler", "debugprims"})


def _namespaces() -> frozenset:
    import torch

    return frozenset(n.split("::", 1)[0] for n in torch._C._dispatch_get_all_op_names())


def import_modules(names) -> None:
    """Import each module; a module beside the user is found, here and in the interpreters this process starts (repro checks, gdb)."""
    global _TORCH_NAMESPACES
    if _TORCH_NAMESPACES is None:
        _TORCH_NAMESPACES = _namespaces()
    if names and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a module beside the user, as ``python -m`` would find it
    if names and os.getcwd() not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join([os.getcwd(), *filter(None, [os.environ.get("PYTHONPATH")])])
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise UsageError(f"cannot import {name!r}: {e}") from None
        _share_root(module)


def _share_root(module) -> None:
    """Put the folder this module was found under on PYTHONPATH, for the interpreters this process starts.

    A module can be found through a ``sys.path`` entry of this process only
    (a test's conftest, a script's own folder); a fresh worker, a repro check
    or gdb must find it too.
    """
    path = getattr(module, "__file__", None)
    if not path:
        return
    root = Path(path).resolve().parent
    if Path(path).name == "__init__.py":
        root = root.parent
    for _ in range(module.__name__.count(".")):
        root = root.parent
    entries = [e for e in os.environ.get("PYTHONPATH", "").split(os.pathsep) if e]
    if str(root) not in entries:
        os.environ["PYTHONPATH"] = os.pathsep.join([*entries, str(root)])


def definitions_for(names) -> Definitions:
    """Namespace -> source file of the imported module that registers it, for repros that must stand alone.

    A module registers a namespace when its source names it as a
    ``torch.library`` namespace (``Library("ns", ...)``, ``"ns::op"``,
    ``torch.library.custom_op("ns::op")``); the first such module wins.
    A module of an installed package (torch's own ``fsdp::``, say) is not
    inlined: its source imports its package's siblings, so the repro imports
    it instead (``preamble``).
    """
    import re
    import torch

    found: dict = {}
    registered_by: dict = {}
    namespaces = {n.split("::", 1)[0] for n in torch._C._dispatch_get_all_op_names()} - {"aten"}
    for name in names:
        path = getattr(sys.modules.get(name), "__file__", None)
        if not path or not path.endswith(".py"):
            continue
        try:
            with open(path) as fh:
                source = fh.read()
        except OSError:
            continue
        for ns in namespaces:
            if ns not in found and ns not in registered_by and re.search(rf"""["']{re.escape(ns)}(::[^"']*)?["']""", source):
                if _installed(path):
                    registered_by[ns] = name
                else:
                    found[ns] = path
    return Definitions(found, names, registered_by)


def _installed(path: str) -> bool:
    """Whether a module file belongs to an installed package (under site-packages), so cannot be inlined alone."""
    import sysconfig

    where = Path(path).resolve()
    roots = {Path(sysconfig.get_paths()[k]).resolve() for k in ("purelib", "platlib")}
    return any(where.is_relative_to(root) for root in roots)
