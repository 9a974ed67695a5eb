"""The public entry point of a custom op, found in the Python API of the packages the user imported.

The ops a C extension registers (``torchvision::deform_conv2d``) have no
``torch.*`` function; users reach them through the package's own Python
functions (``torchvision.ops.deform_conv2d``). A public function of an
imported package (no underscore in its module path or name) reaches the op
when its code, nested functions included, names the op's namespace and
packet (``torch.ops.ns.packet``, ``"ns::packet"``) or uses a module global
that is the op. Each such function is called with the repro's own
arguments (positionally, then bound by parameter: the repro's tensors in
order, an argument of the same name, a required one from the op's other
arguments) in a forked child, as ``torch_entry.public_entry`` calls
``torch.*`` functions: dying the same way makes it a checked public call
(``crash_groups`` then runs it in a fresh interpreter too). Otherwise it is
named as the function whose code calls the op.
"""
from __future__ import annotations

import inspect
import itertools
import sys
import types

from opprop.reduce.crash_runner import run_forked
from opprop.core.specs import TensorSpec
from opprop.reduce.crash_script import call_arguments

MAX_BINDINGS = 6  # argument lists tried per public function (each a fork)


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


def package_entry(spec, outcome, packages, *, fresh: bool = False) -> str:
    """A public function of the imported packages reaching the op, as the report names it; "" when none is found.

    ``fresh`` (a call that dies only in a fresh interpreter): a fork proves
    nothing, so the bindings are named unchecked and ``crash_groups`` runs the first there.
    """
    if not packages:
        return ""
    found = callers(spec.op, packages)
    for qualified in found:
        fn = resolve(qualified)
        for pick, texts in bindings(fn, spec):
            if fresh:
                return f"`{qualified}({', '.join(texts)})`"

            def prepare(fn=fn, pick=pick):
                args, kwargs = spec.build()
                values = [*args, *kwargs.values()]
                return lambda: fn(*pick(values))

            if run_forked(prepare).same(outcome):
                return f"`{qualified}({', '.join(texts)})`"
    if found:
        return f"`{found[0]}(...)`, whose code calls `{spec.op.split('.')[0]}` (not run with the repro's inputs)"
    return ""


def bindings(fn, spec):
    """(pick, texts): ways to call ``fn`` with the repro's arguments; ``pick(values)`` takes the op's built argument
    values (in schema order) to ``fn``'s positional arguments, ``texts`` spells them as the repro script names them.

    First the op's own arguments, positionally; then by ``fn``'s parameters:
    an argument of the same name, else the repro's next tensor, else (a
    required parameter) each of the op's other arguments in turn.
    """
    pos, kw = call_arguments(spec)
    texts = pos + [t.split("=", 1)[1] for t in kw]
    names = [a.name for a in spec.overload._schema.arguments][: len(pos)] + list(spec.kwargs)
    leaves = [*spec.args, *spec.kwargs.values()]
    tensors = [i for i, v in enumerate(leaves) if isinstance(v, TensorSpec)]
    yield (lambda values: values[: len(pos)]), pos
    try:
        params = [p for p in inspect.signature(fn).parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        return
    fixed, free = [], []  # per parameter: the op argument index it takes, or None (a required parameter to fill)
    by_name = {p.name for p in params} & set(names)
    unnamed = iter(i for i in tensors if names[i] not in by_name)
    for p in params:
        if p.name in by_name:
            fixed.append(names.index(p.name))
        elif (i := next(unnamed, None)) is not None:
            fixed.append(i)
        elif p.default is inspect.Parameter.empty:
            fixed.append(None)
            free.append(p)
        else:
            break
    used = {i for i in fixed if i is not None}
    others = [i for i in range(len(texts)) if i not in used and i not in tensors]
    for fill in itertools.islice(itertools.product(others, repeat=len(free)), MAX_BINDINGS):
        it = iter(fill)
        order = [i if i is not None else next(it) for i in fixed]
        if order != list(range(len(pos))):
            yield (lambda values, order=order: [values[i] for i in order]), [texts[i] for i in order]


def resolve(qualified: str):
    module, _, attr = qualified.rpartition(".")
    return getattr(sys.modules[module], attr)
