"""The native engine (opprop/check/native_engine.py) against the Python mode, call by call, and against planted bugs.

The Python InvariantMode is the reference: on the custom ops that break each
invariant, on the benchmark op set's samples and on legal aliasing, the native
engine must report the same (op, invariant, output, detail) for the invariants it
covers, each as often. Skipped where the hooks cannot be built (no compiler).
"""
from __future__ import annotations

import collections
import os
import subprocess
import sys
import warnings

import pytest
import torch

import opprop
from opprop.check import catalog, native_engine
from opprop.check.mode import InvariantMode

import custom_ops
from tests.support.engine_keys import counted, finding_key

why_not = native_engine.available()
pytestmark = pytest.mark.skipif(why_not is not None, reason=f"native engine unavailable: {why_not}")

COVERED = native_engine.COVERED




def python_findings(fn, *args, **kwargs) -> collections.Counter:
    with InvariantMode("diff") as mode:
        fn(*args, **kwargs)
    found = collections.Counter()
    for f in mode.findings:
        found[finding_key(f)] += f.occurrences
    return found


def native_findings(fn, *args, **kwargs) -> tuple[collections.Counter, dict]:
    _, findings, not_checked = native_engine.findings_of(fn, *args, **kwargs)
    return counted(findings), not_checked


# Bugs planted here for the invariants read from the inputs' states: an undeclared write, a swapped StorageImpl
# (of a written and of a read-only argument), declared views that are fresh memory or a view of another input, an
# undeclared write to a strided input whose gaps a declared write fills (only the elements count), and their twins.
MUT = torch.library.Library("opprop_native_mut", "DEF")
MUT.define("write_data(Tensor x) -> Tensor")
MUT.define("resize_input(Tensor x) -> Tensor")
MUT.define("bump_version(Tensor x) -> Tensor")
MUT.define("swap_written(Tensor(a!) x, Tensor y) -> ()")
MUT.define("swap_readonly(Tensor x) -> Tensor")
MUT.define("fake_view(Tensor(a) x) -> Tensor(a)")
MUT.define("fake_views(Tensor(a -> *) x) -> Tensor(a)[]")
MUT.define("view_of_other(Tensor(a) x, Tensor y) -> Tensor(a)")
MUT.define("fill_gaps(Tensor x, Tensor gaps) -> ()")  # writes gaps, undeclared: x's span changes, its elements do not
MUT.define("write_declared(Tensor(a!) x) -> ()")
MUT.impl("write_data", lambda x: x.add_(1).clone(), "CPU")
MUT.impl("resize_input", lambda x: x.resize_(x.numel() + 1).clone(), "CPU")
MUT.impl("bump_version", lambda x: x.copy_(x.clone()).clone(), "CPU")


def _swap(x, *rest):
    with torch.no_grad():
        x.set_(x.clone())
    return x.clone() if not rest else None


MUT.impl("swap_written", _swap, "CPU")
MUT.impl("swap_readonly", _swap, "CPU")
MUT.impl("fake_view", lambda x: x.clone(), "CPU")
MUT.impl("fake_views", lambda x: [x[0].clone(), x[1]], "CPU")
MUT.impl("view_of_other", lambda x, y: y.view(-1), "CPU")
def _fill_gaps(x, gaps):
    with torch._C._AutoDispatchBelowADInplaceOrView():  # as a C++ kernel writes: no version bump (x shares gaps' counter)
        gaps.fill_(7)


MUT.impl("fill_gaps", _fill_gaps, "CPU")
MUT.impl("write_declared", lambda x: (x.mul_(2), None)[1], "CPU")


def _gaps():  # x: the even elements of a buffer, gaps: the odd ones
    buffer = torch.zeros(8)
    return buffer[::2], buffer[1::2]


BUGS = {  # op -> (its arguments, the (invariant, output) pairs the Python mode reports for it)
    "opprop_test::hold_output": (lambda: (torch.randn(3),), {("tensorimpl_use_count", 0)}),
    "opprop_test::return_input": (lambda: (torch.randn(3),), {("returns_input", 0), ("tensorimpl_use_count", 0)}),
    "opprop_test::alias_input": (lambda: (torch.randn(3),), {("storageimpl_use_count", 0), ("undeclared_alias", 0)}),
    "opprop_test::one_tensor_twice": (lambda: (torch.randn(3),), {("tensorimpl_use_count", 0), ("tensorimpl_use_count", 1),
                                                                 ("undeclared_alias", 0)}),
    "opprop_test::alias_other": (lambda: (torch.randn(3), torch.randn(3)), {("undeclared_alias", 0), ("view_copies", 0)}),
    "opprop_test::mutate_input": (lambda: (torch.randn(3),), {("undeclared_mutation", None)}),
    "opprop_test::clean": (lambda: (torch.randn(3),), set()),
    "opprop_native_mut::write_data": (lambda: (torch.randn(3),), {("undeclared_mutation", None)}),
    "opprop_native_mut::resize_input": (lambda: (torch.randn(3),), {("undeclared_mutation", None)}),
    "opprop_native_mut::bump_version": (lambda: (torch.randn(3),), {("undeclared_mutation", None)}),
    "opprop_native_mut::swap_written": (lambda: (torch.randn(3), torch.randn(3)), {("storage_replaced", None)}),
    "opprop_native_mut::swap_readonly": (lambda: (torch.randn(3),), {("storage_replaced", None), ("undeclared_mutation", None)}),
    "opprop_native_mut::fake_view": (lambda: (torch.randn(3),), {("view_copies", 0)}),
    "opprop_native_mut::fake_views": (lambda: (torch.randn(2, 3),), {("view_copies", 0)}),
    "opprop_native_mut::view_of_other": (lambda: (torch.randn(3), torch.randn(3)), {("view_copies", 0), ("undeclared_alias", 0)}),
    "opprop_native_mut::fill_gaps": (_gaps, {("undeclared_mutation", None)}),
    "opprop_native_mut::write_declared": (lambda: (torch.randn(3),), set()),
}


def _op(name):
    namespace, op = name.split("::")
    return getattr(getattr(torch.ops, namespace), op)


# Where the engines differ, and why. Under a TorchDispatchMode torch runs the op's kernel with ADInplaceOrView
# excluded (the Python key's handling), so an in-place op inside a Python kernel bumps no version counter there; run
# plainly, and under the native engine (a fallback below it, which excludes nothing but its own key), it does.
PYTHON_MODE_MISSES = {"opprop_native_mut::bump_version"}


@pytest.mark.parametrize("name", sorted(BUGS))
def test_bug_ops_found_as_the_python_mode_finds_them(name):
    make, expected = BUGS[name]
    op = _op(name)
    python = python_findings(op, *make())
    native, not_checked = native_findings(op, *make())
    if name in PYTHON_MODE_MISSES:
        assert not python
    else:
        assert native == python
    assert {(k[1], k[2]) for k in native} == expected
    assert not_checked == {}
    if name == "opprop_native_mut::fill_gaps":  # one finding, gaps': x's span changed in its gaps, not its elements
        assert [dict(k[3])["argument"] for k in native.elements()] == ["gaps"]


def test_the_python_mode_runs_a_kernel_without_adinplaceorview_and_plain_code_does_not():
    """The one divergence above, shown on plain code: the version counter a Python kernel's in-place op bumps."""
    x = torch.randn(3)
    before = x._version
    _op("opprop_native_mut::bump_version")(x)
    assert x._version == before + 1  # plain
    with InvariantMode("diff"):
        before = x._version
        _op("opprop_native_mut::bump_version")(x)
        assert x._version == before  # the Python mode: no bump
    _, _, _ = native_engine.findings_of(_op("opprop_native_mut::bump_version"), x)
    assert x._version == before + 1  # native: as plain


@pytest.mark.parametrize("make", [lambda: torch.randn(1 << 16), lambda: torch.randn(512, 256).t(), lambda: torch.randn(3)],
                         ids=["digested: large contiguous", "copied: large strided", "copied: small"])
def test_a_write_is_found_whichever_way_the_snapshot_keeps_the_bytes(make):
    """snapshots' rule: a large contiguous span kept as its xxh3-128 digest, a large strided one in a kept buffer."""
    for name, expected in (("write_data", {("undeclared_mutation", None)}), ("write_declared", set())):
        op = _op(f"opprop_native_mut::{name}")
        python, (native, _) = python_findings(op, make()), native_findings(op, make())
        assert native == python and {(k[1], k[2]) for k in native} == expected


def test_what_changed_is_named_as_the_python_mode_names_it():
    """undeclared_mutation's detail says what changed: data, size, version counter, storage (a swap)."""
    changed = {}
    for name in ("write_data", "resize_input", "bump_version", "swap_readonly"):
        native, _ = native_findings(_op(f"opprop_native_mut::{name}"), torch.randn(3))
        changed[name] = {dict(k[3])["changed"] for k in native if k[1] == "undeclared_mutation"}
    assert changed == {"write_data": {"data"}, "resize_input": {"size"}, "bump_version": {"version_counter"},
                       "swap_readonly": {"storage"}}


# A bug planted here: an op whose schema declares a fresh output, whose kernel hands back its input.
LIB = torch.library.Library("opprop_native_test", "DEF")
LIB.define("planted(Tensor x) -> Tensor")
LIB.define("declared(Tensor(a) x) -> Tensor(a)")
LIB.impl("planted", lambda x: x, "CPU")
LIB.impl("declared", lambda x: x.view(-1), "CPU")  # a declared view: legal
LIB.impl("declared", lambda x: x.view(-1), "Meta")


def test_planted_bug_is_found_and_its_declared_twin_is_silent():
    x = torch.randn(4)
    with opprop.checking(engine="native") as found:
        torch.ops.opprop_native_test.planted(x)
        torch.ops.opprop_native_test.declared(x)
    keys = {(c.aten_op, c.invariant) for c in found.findings}
    assert ("opprop_native_test::planted", "returns_input") in keys
    assert not any(op == "opprop_native_test::declared" for op, _ in keys)
    assert all(not c.known for c in found.findings)
    assert found.not_covered == ()


LEGAL = {  # aliasing the schemas allow, with the call's own values: nothing to report
    "view": lambda a, b: a.view(-1),
    "transpose": lambda a, b: a.t(),
    "split": lambda a, b: a.split(1),
    "out=": lambda a, b: torch.add(a, b, out=torch.empty_like(a)),
    "out= is an input": lambda a, b: torch.mul(a, b, out=a),
    "in-place": lambda a, b: a.add_(b),
    "in-place on itself": lambda a, b: a.mul_(a),
    "copy onto itself": lambda a, b: a.copy_(a),
    "unbind": lambda a, b: a.unbind(0),
    "inference tensor": lambda a, b: torch.add(a.detach(), b),
}


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_aliasing_stays_silent(name):
    a, b = torch.randn(2, 2), torch.randn(2, 2)
    native, not_checked = native_findings(LEGAL[name], a, b)
    assert native == collections.Counter()
    assert not_checked == {}


def test_inference_tensors_are_checked_natively():
    """A dispatch mode passes inference tensors unread; the Fake key is in TLS, so the native engine reads them."""
    with torch.inference_mode():
        x = torch.randn(3)
    native, _ = native_findings(torch.ops.opprop_native_test.planted, x)
    assert {k[1] for k in native} == {"returns_input", "tensorimpl_use_count"}


# A bug planted on sparse tensors only, which the C++ checks decline: a kernel that hands back its sparse input.
SPARSE = torch.library.Library("opprop_native_sparse", "DEF")
SPARSE.define("return_input(Tensor x) -> Tensor")
SPARSE.impl("return_input", lambda x: x, "SparseCPU")


def test_a_declined_call_is_checked_by_the_python_checks_in_the_same_block():
    """A call the C++ checks decline (a sparse argument) is handed to InvariantMode's checks of one call: the block
    finds what the Python mode finds on it, detail and count alike, with the user's line; counted in taken_over."""
    op = torch.ops.opprop_native_sparse.return_input
    x = torch.eye(3).to_sparse()
    python = python_findings(op, x)
    assert {k[1] for k in python} == {"returns_input", "tensorimpl_use_count"}
    with native_engine.NativeChecks() as block:
        y = op(x)
        op(x)
        torch.add(x, x)
    assert y is x
    assert counted(block.findings) == collections.Counter({k: 2 * n for k, n in python.items()})
    assert block.not_checked == {} and block.internal_errors == [] and block.python_errors == []
    assert block.taken_over == {("opprop_native_sparse::return_input", "sparse tensor"): 2,
                                ("aten::add.Tensor", "sparse tensor"): 1}
    with opprop.checking(engine="native") as found:
        op(x)
    assert {(c.aten_op, c.invariant) for c in found.findings} == {(k[0], k[1]) for k in python}
    assert all("test_native_engine.py:" in c.where for c in found.findings), [c.where for c in found.findings]
    assert found.internal_errors == []  # (nothing ran unchecked: no NotChecked record)


def test_a_nested_blocks_python_findings_are_the_outer_blocks_too():
    op = torch.ops.opprop_native_sparse.return_input
    x = torch.eye(3).to_sparse()
    with native_engine.NativeChecks() as outer:
        with native_engine.NativeChecks() as inner:
            op(x)
    assert {f.invariant for f in inner.findings} == {f.invariant for f in outer.findings} == {"returns_input",
                                                                                             "tensorimpl_use_count"}
    assert outer.taken_over == inner.taken_over == {("opprop_native_sparse::return_input", "sparse tensor"): 1}


def test_a_declined_output_is_counted_never_silent():
    """A sparse output of dense arguments is declined after the call ran (too late to hand over): counted as such, and
    one internal-error record says so."""
    with opprop.checking(engine="native") as found:
        torch.eye(3).to_sparse()
    assert {why for _, why in found.not_checked} == {native_engine.OUTPUT_DECLINED + "sparse tensor"}
    assert any(e.aten_op == "<native engine>" for e in found.internal_errors)


def _op_set():
    from benchmarks import op_set

    return op_set.kept()


# One test per op of the set, its samples made when it runs: made at collection, in every xdist worker, they cost
# 12 s of each worker's start (OpInfo's sample iterator walks the stack with inspect, slow under an import's frames).
@pytest.mark.parametrize("name", _op_set())
def test_op_set_samples_same_findings_as_the_python_mode(name):
    from benchmarks import op_set

    opinfo = catalog.opinfos_by_id()[name]
    samples = op_set.float32_samples(opinfo)
    assert samples, name
    for k, (args, kwargs) in enumerate(samples):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            opinfo.op(*args, **kwargs)  # (lazy initialisation outside both)
            expected = python_findings(opinfo.op, *args, **kwargs)
            native, not_checked = native_findings(opinfo.op, *args, **kwargs)
        # a call declined on its arguments is checked by the Python checks in the block; one declined on a sparse or
        # nested output (read after it ran) is counted, and the Python mode's findings on it are left out of the comparison
        declined = {op for op, _ in not_checked}
        assert {why for _, why in not_checked} <= {native_engine.OUTPUT_DECLINED + why for why in ("sparse tensor", "nested tensor")}, (name, k)
        assert native == collections.Counter({key: n for key, n in expected.items() if key[0] not in declined}), (name, k)


def test_plans_read_every_schema_as_the_catalog_does():
    """The C++ plan of every registered overload: its written arguments, declared views and allowed aliasing are the
    catalog's (classify: mutable, view, allowed_out_in, allowed_out_out) and view_copies.declared_views, exactly."""
    from opprop.check import dispatch_hook
    from opprop.check.invariants.view_copies import declared_views

    hook = dispatch_hook.load()
    compared, differ = 0, []
    for name in torch._C._dispatch_get_all_op_names():
        base, _, overload = name.partition(".")
        namespace, op = base.split("::")
        try:
            func = getattr(getattr(getattr(torch.ops, namespace), op), overload or "default")
        except (AttributeError, RuntimeError):
            continue  # (an overload Python cannot reach)
        _, mutable, view, _, out_in, out_out, views = hook.plan(base, overload)
        kind = catalog.classify(func)
        compared += 1
        if (mutable, view, {tuple(p) for p in out_in}, {tuple(p) for p in out_out}, {j: tuple(v) for j, v in views.items()}) != (
                kind.mutable, kind.view, set(kind.allowed_out_in), set(kind.allowed_out_out), declared_views(func)):
            differ.append(name)
    assert compared > 2000 and differ == []


def test_plans_read_a_list_annotated_on_its_elements_as_the_catalog_does():
    """``Tensor(a)[] xs -> Tensor(a)``: the output is declared a view of an element, in the C++ plan and in
    view_copies.declared_views alike; ``Tensor(a!)[]`` elements are written, never viewed."""
    from opprop.check import dispatch_hook
    from opprop.check.invariants.view_copies import declared_views

    lib = torch.library.Library("opprop_native_lists", "DEF")
    lib.define("view_of_one(Tensor(a)[] xs, Tensor y) -> Tensor(a)")
    lib.define("written(Tensor(a!)[] xs) -> Tensor(a)")
    hook = dispatch_hook.load()
    for name, views in (("view_of_one", {0: (0,)}), ("written", {})):
        func = getattr(torch.ops.opprop_native_lists, name).default
        assert hook.plan(f"opprop_native_lists::{name}", "")[-1] == views == declared_views(func)


def test_run_call_checks_with_the_engine_the_switch_names(monkeypatch):
    """runner.run_call, under everything that runs calls (the property tests, check, fuzz), takes OPPROP_ENGINE: told
    "native", it finds what only the native engine sees (a Python kernel's version bump, which a dispatch mode hides),
    its op's arguments described; unset, the Python mode's; a name it does not know is a one-line error."""
    from opprop.check import engines, runner
    from opprop.core.calls import Call
    from opprop.core.errors import UsageError

    op = _op("opprop_native_mut::bump_version").default
    call = Call("opprop_native_mut::bump_version", op, (torch.randn(3),), {})
    monkeypatch.delenv(engines.SWITCH, raising=False)
    assert runner.run_call(call).findings == []
    monkeypatch.setenv(engines.SWITCH, "native")
    result = runner.run_call(call)
    assert [(f.aten_op, f.invariant, f.detail["changed"]) for f in result.findings] == [
        ("opprop_native_mut::bump_version", "undeclared_mutation", "version_counter")]
    assert set(result.findings[0].inputs) == {"x"} and result.valid and result.internal_errors == []
    monkeypatch.setenv(engines.SWITCH, "c++")
    with pytest.raises(UsageError, match=r"^OPPROP_ENGINE='c\+\+': not an engine; one of python, native$"):
        runner.run_call(call)
    done = subprocess.run([sys.executable, "-m", "opprop", "check", "aten::abs"], capture_output=True, text=True,
                          env={**os.environ, engines.SWITCH: "c++"}, timeout=300)
    assert (done.returncode, done.stderr) == (2, "opprop: error: OPPROP_ENGINE='c++': not an engine; one of python, native\n")


@pytest.mark.parametrize("name", sorted(n for n, (_, found) in BUGS.items() if found and n not in PYTHON_MODE_MISSES))
def test_a_native_finding_describes_its_calls_tensors_as_the_python_mode_does(name):
    """Read in C++ on a finding's first record only: each tensor argument's dtype, shape, strides, offset, device and
    layout (a list's together), as describe_value writes them; the call's other arguments left the stack with it."""
    make = BUGS[name][0]
    described = {}
    for engine in ("python", "native"):
        with opprop.checking(engine=engine) as found:
            _op(name)(*make())
        described[engine] = {(f.invariant, f.output_index): f.finding.inputs for f in found.findings}
    assert described["native"].keys() == described["python"].keys()
    for key, python_inputs in described["python"].items():
        tensors = {arg: d for arg, d in python_inputs.items() if isinstance(d, (dict, list))}
        assert described["native"][key] == tensors and tensors, key


def test_run_call_under_the_native_engine_counts_reached_and_names_the_overload_that_asserted(monkeypatch):
    """The exploration sessions read ``reached`` (their behaviours, the schedule) and ``raised_in`` (an internal
    assert's key when the call is no one overload): counted in C++ by a counting block, as InvariantMode counts them."""
    import internal_assert_ops  # noqa: F401  (opprop_asserts::checked asserts on 2-d inputs)
    from opprop.check import engines, runner
    from opprop.core.calls import Call

    calls = [Call("matmul", torch.matmul, (torch.randn(4, 8, 16), torch.randn(16, 16)), {}),
             Call("opprop_test::return_input", _op("opprop_test::return_input").default, (torch.randn(3),), {}),
             Call("a composite", lambda x: torch.ops.opprop_asserts.checked(x.sin()), (torch.randn(2, 2),), {})]
    seen = {}
    for engine in ("python", "native"):
        monkeypatch.setenv(engines.SWITCH, engine)
        seen[engine] = [(r.reached, sorted((f.aten_op, f.invariant) for f in r.findings), r.error)
                        for r in map(runner.run_call, calls)]
    assert seen["native"] == seen["python"]
    assert seen["native"][2][1] == [("opprop_asserts::checked", "internal_assert")]  # the overload, not "a composite"
    assert seen["native"][0][0] and all(n > 0 for n in seen["native"][0][0].values())
