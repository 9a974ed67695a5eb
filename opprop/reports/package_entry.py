"""The public entry point of a custom op, found in the Python API of the packages the user imported.

The ops a C extension registers (``torchvision::deform_conv2d``) have no
``torch.*`` function; users reach them through the package's own Python
functions (``torchvision.ops.deform_conv2d``). A public function of an
imported package (no underscore in its module path or name) reaches the op
when its code, nested functions included, names the op's namespace and
packet (``torch.ops.ns.packet``, ``"ns::packet"``) or uses a module global
that is the op. Each such function is first called with the repro's own
arguments in a forked child, as ``crash_groups.public_entry`` calls
``torch.*`` functions: dying the same way makes it a checked public call.
Otherwise it is named as the function whose code calls the op.
"""
from __future__ import annotations

import inspect
import sys
import types

from opprop.reduce.crash_runner import run_forked
from opprop.reduce.crash_script import call_arguments


def callers(op: str, packages) -> list[str]:
    """Qualified names of the imported packages' public functions whose code reaches ``op`` (``ns::packet[.overload]``)."""
    ns, rest = op.split("::", 1)
    packet = rest.split(".")[0]
    roots = {p.split(".")[0] for p in packages}
    seen, found = set(), []
    for name in sorted((m for m in list(sys.modules) if m.split(".")[0] in roots), key=lambda m: (m.count("."), m)):
        module = sys.modules.get(name)
        if module is None or any(part.startswith("_") for part in name.split(".")):
            continue
        for attr, fn in sorted(vars(module).items()):
            if attr.startswith("_") or not inspect.isfunction(fn) or id(fn) in seen:
                continue
            seen.add(id(fn))  # named where it is first found: the shortest public module path
            if (fn.__module__ or "").split(".")[0] in roots and _reaches(fn, ns, packet):
                found.append(f"{name}.{attr}")
    return found


def _reaches(fn, ns: str, packet: str) -> bool:
    names: set = set()
    stack = [fn.__code__]
    while stack:
        code = stack.pop()
        names.update(code.co_names)
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                stack.append(c)
            elif isinstance(c, str):
                names.add(c)
    if {ns, packet} <= names or any(n.startswith(f"{ns}::{packet}") for n in names):
        return True
    qualified = f"{ns}::{packet}"
    for n in names:
        obj = fn.__globals__.get(n)
        if getattr(obj, "_qualified_op_name", None) == qualified or getattr(getattr(obj, "_schema", None), "name", None) == qualified:
            return True
    return False


def package_entry(spec, outcome, packages) -> str:
    """A public function of the imported packages reaching the op, as the report names it; "" when none is found."""
    if not packages:
        return ""
    found = callers(spec.op, packages)
    pos, kw = call_arguments(spec)
    for qualified in found:
        fn = _resolve(qualified)

        def prepare(fn=fn):
            args, kwargs = spec.build()
            return lambda: fn(*args, **kwargs)

        if run_forked(prepare).same(outcome):
            return f"`{qualified}({', '.join(pos + kw)})`"
    if found:
        return f"`{found[0]}(...)`, whose code calls `{spec.op.split('.')[0]}` (not run with the repro's inputs)"
    return ""


def _resolve(qualified: str):
    module, _, attr = qualified.rpartition(".")
    return getattr(sys.modules[module], attr)
