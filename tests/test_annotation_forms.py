"""Every alias-annotation form of the schema language: an op breaking what it promises is found by the invariant
docs/architecture.md's table names, its legal twin is silent, and the table names exactly these cases."""
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import opprop
from opprop.check import native_engine
from opprop.check.runner import run_call
from opprop.cli import main as cli
from opprop.core.calls import Call

import annotation_ops
import custom_ops

DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"
SECTION = "## Alias annotations: what each form promises and what opprop checks"


def _tensor():
    return torch.ones(2, 3)


def _arguments(op) -> tuple:
    """A call of ``op``: a 2x3 tensor per tensor argument, two of them per list, the keyword-only ``out`` by name."""
    args, kwargs = [], {}
    for a in op._schema.arguments:
        value = [_tensor(), _tensor()] if a.type.kind() == "ListType" else _tensor()
        if a.kwarg_only:
            kwargs[a.name] = value
        else:
            args.append(value)
    return tuple(args), kwargs


# case -> the (invariant, output index) findings its call must give, no more: none for a legal twin
CASES = {
    "hold_output": {("tensorimpl_use_count", 0)},
    "return_input": {("returns_input", 0), ("tensorimpl_use_count", 0)},  # the caller holds it too
    "alias_input": {("undeclared_alias", 0), ("storageimpl_use_count", 0)},
    "mutate_input": {("undeclared_mutation", None)},
    "clean": set(),
    "bad_view_writes": {("undeclared_mutation", None)},
    "ok_view": set(),
    "bad_view_copies": {("view_copies", 0)},
    "bad_view_of_other": {("undeclared_alias", 0), ("view_copies", 0)},
    "bad_write_swaps": {("storage_replaced", None)},
    "bad_write_returns_copy": {("written_not_returned", 0)},
    "bad_write_returns_other": {("written_not_returned", 0), ("undeclared_alias", 0)},
    "bad_out_returns_copy": {("written_not_returned", 0)},
    "ok_write": set(),
    "ok_out": set(),
    "ok_write_unwritten": set(),
    "bad_optional_returns_copy": {("written_not_returned", 0)},
    "ok_optional": set(),
    "bad_split_writes": {("undeclared_mutation", None)},
    "bad_split_copies": {("view_copies", 0)},
    "ok_split": set(),
    "bad_wildcard_writes": {("undeclared_mutation", None)},
    "bad_wildcard_views_plain": {("undeclared_alias", 0)},
    "ok_wildcard_view": set(),
    "ok_wildcard_fresh": set(),
    "bad_union_views_other": {("undeclared_alias", 0), ("view_copies", 0)},
    "ok_union": set(),
    "bad_fresh_set_views": {("undeclared_alias", 0)},
    "ok_fresh_set": set(),
    "ok_fresh_or_view_copies": set(),
    "ok_fresh_or_view_views": set(),
    "ok_fresh_set_pair": set(),
    "bad_pair_copies": {("view_copies", 0)},
    "ok_pair": set(),
    "bad_elements_written": {("undeclared_mutation", None)},
    "bad_elements_copied": {("view_copies", 0)},
    "ok_elements": set(),
    "bad_elements_swapped": {("storage_replaced", None)},
    "bad_other_list_written": {("undeclared_mutation", None)},
    "bad_elements_returned_copied": {("written_not_returned", 0)},
    "ok_elements_written": set(),
    "ok_elements_returned": set(),
}


def _op(case):
    namespace = annotation_ops.ops if case in annotation_ops.DEFINED else custom_ops.ops
    return getattr(namespace, case).default


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_form_broken_is_found_and_kept_is_silent(case, hot_path):  # the compiled screen and its Python reference
    op = _op(case)
    args, kwargs = _arguments(op)
    result = run_call(Call(case, op, args, kwargs), snapshot_data="all")
    assert result.error is None, result.error
    assert {(f.invariant, f.output_index) for f in result.findings} == CASES[case]
    assert result.reached  # the op did reach the checks


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_native_engine_finds_the_same(case):
    why_not = native_engine.available()
    if why_not is not None:
        pytest.skip(f"native engine unavailable: {why_not}")
    op = _op(case)
    args, kwargs = _arguments(op)
    with opprop.checking(engine="native") as found:
        op(*args, **kwargs)
    assert found.not_covered == ()
    assert {(f.invariant, f.output_index) for f in found.findings} == CASES[case]


def test_an_optional_written_argument_left_none_returns_none_and_is_silent():
    result = run_call(Call("none", annotation_ops.ops.ok_optional.default, (None,)), snapshot_data="all")
    assert result.error is None and result.findings == []


def test_real_in_place_and_out_overloads_return_their_written_argument():
    x, y = torch.ones(2, 3), torch.ones(2, 3)
    calls = {
        "add_": lambda: x.add_(y),
        "add.out": lambda: torch.add(x, y, out=torch.empty(2, 3)),
        "max.dim_max": lambda: torch.max(x, 1, out=(torch.empty(2), torch.empty(2, dtype=torch.long))),
        "_foreach_add_": lambda: torch._foreach_add_([x, y], [y, x]),
        "resize_": lambda: torch.ones(3).resize_(5),
        "set_": lambda: torch.ones(3).set_(torch.ones(4)),
    }
    for name, fn in calls.items():
        result = run_call(Call(name, fn, ()), snapshot_data="all")
        assert result.error is None, result.error
        assert [f.one_line() for f in result.findings if f.invariant == "written_not_returned"] == [], name


def test_a_tensor_subclass_kernel_whose_caller_gets_the_written_argument_is_silent():
    # a jagged nested tensor's __torch_dispatch__ wraps what asinh.out wrote in a new NestedTensor; the dispatcher still
    # hands its caller `out` itself (the mode sees the Python kernel's own return, the caller does not)
    from opprop.core import tensor_kinds

    out = torch.empty(3, 1)
    assert torch.ops.aten.asinh.out(tensor_kinds.make("nested_jagged", (3,), torch.float32), out=out) is out
    for name, fn, args, kwargs in (("asinh.out", torch.ops.aten.asinh.out, (tensor_kinds.make("nested_jagged", (3,), torch.float32),),
                                    {"out": torch.empty(3, 1)}),
                                   ("round_", torch.ops.aten.round_.default, (tensor_kinds.make("nested_jagged", (3,), torch.float32),), {})):
        result = run_call(Call(name, fn, args, kwargs), snapshot_data="all")
        assert result.error is None and [f.one_line() for f in result.findings if f.invariant == "written_not_returned"] == [], name


def _table_rows() -> list:
    text = DOC.read_text()
    section = text[text.index(SECTION):]
    section = section[:section.find("\n## ", len(SECTION))] if "\n## " in section[len(SECTION):] else section
    return [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| ---")][1:]


def test_the_doc_table_names_exactly_these_cases():
    rows = _table_rows()
    assert rows, f"{DOC} has no table under {SECTION!r}"
    named = [set(re.findall(r"`(\w+)`", row.split("|")[-2])) for row in rows]  # the last column: the cases
    assert all(named), [row for row, cases in zip(rows, named) if not cases]  # every row names its cases
    assert set().union(*named) == set(CASES)


def test_check_finds_a_written_return_that_is_a_copy_and_its_repro_reproduces_it(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "v.json"))
    op = "opprop_ann::bad_write_returns_copy"
    assert cli.main(["check", op, "--import", "annotation_ops", "--examples", "5", "--write-expected", str(tmp_path)]) == 0
    assert f"written_not_returned: {op} output 0 (written=x)" in capsys.readouterr().out
    repro = tmp_path / "opprop_ann.bad_write_returns_copy--written_not_returned.py"
    run = subprocess.run([sys.executable, str(repro)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert "output 0: is x: False" in run.stdout and "written_not_returned: reproduces" in run.stdout, run.stdout + run.stderr


def _written_variant_calls():
    """Each OpInfo's in-place variant and out= call on its first two float32 samples, on copies of their tensors."""
    from opprop.check import catalog

    for opinfo in catalog.op_db():
        if opinfo.inplace_variant is None and not opinfo.supports_out:
            continue
        try:
            samples = list(opinfo.sample_inputs("cpu", torch.float32))[:2]
        except Exception:  # a sample generator that refuses float32 on CPU: not this test's subject
            continue
        for s in samples:
            if opinfo.inplace_variant is not None and isinstance(s.input, torch.Tensor):
                yield Call(opinfo.name, lambda s=s: opinfo.inplace_variant(s.input.clone(), *s.args, **s.kwargs), ())
            if opinfo.supports_out:
                yield Call(opinfo.name, lambda s=s, opinfo=opinfo: _with_out(opinfo, s), ())


def _with_out(opinfo, sample):
    """The out= call, into tensors shaped as the functional call's results."""
    ref = opinfo.op(sample.input, *sample.args, **sample.kwargs)
    if isinstance(ref, torch.Tensor):
        out = torch.empty_like(ref)
    elif isinstance(ref, tuple) and all(isinstance(r, torch.Tensor) for r in ref):
        out = tuple(torch.empty_like(r) for r in ref)
    else:
        return None
    return opinfo.op(sample.input, *sample.args, **sample.kwargs, out=out)


@pytest.mark.nightly  # every OpInfo's in-place and out= variants, a few minutes (pytest -m nightly runs it)
def test_every_opinfo_in_place_and_out_variant_returns_the_argument_it_wrote():
    from opprop.check import catalog
    from opprop.check.invariants.written_not_returned import written_returns

    found, written = [], set()
    for call in _written_variant_calls():
        result = run_call(call)
        found += [f.one_line() for f in result.findings if f.invariant == "written_not_returned"]
        written |= {name for name in result.reached if written_returns(catalog.overload_from_name(name))}
    assert found == []
    assert len(written) > 300, len(written)  # the overloads reached that return what they write: it checked them


@pytest.mark.parametrize("case", ["bad_write_returns_copy", "bad_out_returns_copy", "bad_optional_returns_copy"])
def test_a_written_return_that_is_a_copy_gets_the_kernel_fix_verified(case):
    from opprop.reduce import fixes

    op = _op(case)
    args, kwargs = _arguments(op)
    (finding,) = run_call(Call(case, op, args, kwargs, source="repro")).findings
    fix = fixes.for_finding(finding)
    assert fix.verdict == "verified" and not fix.schema, fix.one_line()
    assert fix.kernel.startswith(f"return {finding.detail['written']} itself"), fix.one_line()
