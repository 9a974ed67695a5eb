"""Legal calls whose arguments alias each other are not findings; real violations still are.

Each call in LEGAL passes arguments that share memory on entry (the same
tensor twice, a view and its base, ``out=`` one of the inputs). PyTorch's
SchemaCheckMode is silent on every one; so must opprop be. The custom ops at
the end break their schema even with that aliasing taken into account.
"""
import pytest
import torch

import opprop

from opprop.check import catalog
from opprop.core.calls import Call
from opprop.check.runner import run_call


def _mul_self():
    x = torch.randn(3, 3)
    x.mul_(x)


def _copy_self():
    x = torch.randn(3, 3)
    x.copy_(x)


def _mul_out_self():
    a, b = torch.randn(3, 3), torch.randn(3, 3)
    torch.mul(a, b, out=a)


def _add_view_of_self():
    x = torch.randn(2, 6)
    x.add_(x.view(2, 6))


def _addmm_out_input():
    bias, m1, m2 = torch.randn(3, 4), torch.randn(3, 5), torch.randn(5, 4)
    torch.addmm(bias, m1, m2, out=bias)


def _add_out_all_three():
    x = torch.randn(4)
    torch.add(x, x, out=x)


ROWS = torch.tensor([0, 3])  # built here: torch.tensor inside a checked call goes through lift_fresh (ledgered)


def _index_add_out_self():
    x = torch.randn(4, 3)
    torch.index_add(x, 0, ROWS, torch.randn(2, 3), out=x)


def _where_out_input():
    x, y = torch.randn(5), torch.randn(5)
    torch.where(x > 0, x, y, out=x)


def _clamp_tensor_bounds_alias_self():
    x = torch.randn(6)
    x.clamp_(min=x, max=x + 1)


def _view_passed_twice():
    x = torch.randn(4, 4)
    v = x.view(16)
    torch.mul(v, v, out=x.view(16))


def _transposed_views():
    x = torch.randn(3, 3)
    x.t().mul_(x.t())


def _foreach_lists_alias():
    a, b = torch.randn(3), torch.randn(2)
    torch._foreach_mul_([a, b], [a, b])


def _linear_cross_entropy_backward():
    options = torch.nn.LinearCrossEntropyOptions(batch_chunk_size=4)
    inp = torch.randn(8, 5, requires_grad=True)
    weight = torch.randn(7, 5, requires_grad=True)
    target = torch.randint(0, 7, (8,))
    loss = torch.nn.functional.linear_cross_entropy(inp, weight, target, reduction="none", options=options)
    loss.sum().backward()  # calls mul.out and addmm.out with out= one of their inputs


LEGAL = {
    "mul_(x)": _mul_self,
    "copy_(x)": _copy_self,
    "mul(a, b, out=a)": _mul_out_self,
    "add_(x.view)": _add_view_of_self,
    "addmm(out=input)": _addmm_out_input,
    "add(x, x, out=x)": _add_out_all_three,
    "index_add(out=self)": _index_add_out_self,
    "where(out=input)": _where_out_input,
    "clamp_(min=self)": _clamp_tensor_bounds_alias_self,
    "a view passed twice": _view_passed_twice,
    "transposed views": _transposed_views,
    "_foreach_mul_(list, same list)": _foreach_lists_alias,
}
if hasattr(torch.nn, "LinearCrossEntropyOptions"):
    LEGAL["linear_cross_entropy backward"] = _linear_cross_entropy_backward


@pytest.mark.parametrize("name", sorted(LEGAL))
@pytest.mark.parametrize("snapshot_data", ["schema", "all"])
def test_legal_aliasing_call_is_silent(name, snapshot_data):
    result = run_call(Call(name, LEGAL[name], ()), snapshot_data=snapshot_data)
    assert result.error is None
    assert result.reached
    assert [f.one_line() for f in result.findings] == []


def test_schema_check_mode_agrees_these_calls_are_legal():
    from torch._subclasses.schema_check_mode import SchemaCheckMode

    for name, fn in LEGAL.items():
        if name == "_foreach_mul_(list, same list)":
            continue  # SchemaCheckMode compares Tensor[] arguments as list objects: it reports this legal call
        with SchemaCheckMode():
            fn()


# ------------------------------------------------------------- true violations, with aliasing arguments

LIB = torch.library.Library("opprop_alias_test", "DEF")
# writes y, which the schema says is read-only; y aliases nothing mutable
LIB.define("write_other(Tensor(a!) x, Tensor y, Tensor z) -> Tensor(a!)")
# returns a view of y; only x may alias the output
LIB.define("view_of_other(Tensor(a!) x, Tensor y) -> Tensor(a!)")
# returns z itself, undeclared, while x and y alias each other
LIB.define("return_third(Tensor x, Tensor y, Tensor z) -> Tensor")
# moves x onto y's storage, then writes it: y is written although nothing aliased it on entry
LIB.define("adopt_and_write(Tensor(a!) x, Tensor y) -> Tensor(a!)")


def _write_other(x, y, z):
    y.add_(1)
    return x


def _view_of_other(x, y):
    return y.view(-1)


def _return_third(x, y, z):
    return z


def _adopt_and_write(x, y):
    x.set_(y)
    return x.add_(1)


LIB.impl("write_other", _write_other, "CPU")
LIB.impl("adopt_and_write", _adopt_and_write, "CPU")
LIB.impl("view_of_other", _view_of_other, "CPU")
LIB.impl("return_third", _return_third, "CPU")
ops = torch.ops.opprop_alias_test


def _keys(fn):
    result = run_call(Call("c", fn, ()), snapshot_data="all")
    assert result.error is None
    return {(f.invariant, tuple(sorted(f.detail.items()))) for f in result.findings}


def test_write_to_an_argument_aliasing_only_another_read_only_one_is_caught():
    x, y = torch.ones(3), torch.ones(3)
    found = _keys(lambda: ops.write_other(x, y, y))  # y and z alias each other, neither aliases x
    assert (catalog.UNDECLARED_MUTATION, (("argument", "y"), ("changed", "data"))) in found
    assert (catalog.UNDECLARED_MUTATION, (("argument", "z"), ("changed", "data"))) in found


def test_write_excused_only_for_the_argument_aliasing_the_mutable_one():
    x, y = torch.ones(3), torch.ones(3)
    # z is x (may change), y is not: y's write is still a finding, z's changes are not
    found = _keys(lambda: ops.write_other(x, y, x))
    assert (catalog.UNDECLARED_MUTATION, (("argument", "y"), ("changed", "data"))) in found
    assert not any(inv == catalog.UNDECLARED_MUTATION and ("argument", "z") in d for inv, d in found)


def test_view_of_an_argument_not_aliasing_the_output_is_caught():
    x = torch.ones(3)
    y = torch.ones(3)
    found = _keys(lambda: ops.view_of_other(x, y))
    assert (catalog.UNDECLARED_ALIAS, (("overlaps", "y"),)) in found
    # y aliasing x on entry makes the same view legal aliasing; a view of x is still not x, the written return its
    # schema names (tests/test_annotation_forms.py)
    assert _keys(lambda: ops.view_of_other(x, x)) == {("written_not_returned", (("written", "x"),))}


def test_returning_an_input_is_caught_while_other_arguments_alias():
    x = torch.ones(3)
    found = _keys(lambda: ops.return_third(x, x, torch.ones(2)))
    assert (catalog.RETURNS_INPUT, (("is_input", "z"),)) in found
    assert (catalog.UNDECLARED_ALIAS, (("overlaps", "z"),)) not in found  # reported once, as returns_input


def test_batch_norm_running_stats_stay_a_finding():
    # SchemaInfo.is_mutable calls running_mean mutable when training is set; the schema does not (ledgered)
    x, mean, var = torch.zeros(1, 1), torch.zeros(1), torch.zeros(1)
    found = _keys(lambda: torch.ops.aten.native_batch_norm.default(x, None, None, mean, var, True, 0.0, 0.6))
    assert (catalog.UNDECLARED_MUTATION, (("argument", "running_var"), ("changed", "data"))) in found


def test_aliasing_the_call_creates_is_not_aliasing_on_entry():
    # after the call x sits on y's storage; read then, y would look like it aliased x all along
    x, y = torch.ones(3), torch.ones(3)
    found = _keys(lambda: ops.adopt_and_write(x, y))
    assert (catalog.UNDECLARED_MUTATION, (("argument", "y"), ("changed", "data"))) in found
    assert (catalog.UNDECLARED_ALIAS, (("overlaps", "y"),)) in found


def test_set_still_aliases_its_source_undeclared():
    found = _keys(lambda: torch.ops.aten.set_.source_Tensor(torch.ones(2), torch.ones(2)))
    assert (catalog.UNDECLARED_ALIAS, (("overlaps", "source"),)) in found


_CIA = torch.library.Library("opprop_cia_keep", "DEF")
_CIA.define("keep(Tensor x) -> Tensor")  # returns its input, and the schema says nothing of it
_CIA.define("keep_alias(Tensor(a) x) -> Tensor(a)")  # returns its input, as its schema allows
for _name in ("keep", "keep_alias"):
    _CIA.impl(_name, lambda x: x, "CompositeImplicitAutograd")


def _returns_input_below_autograd(fn):
    """A CompositeImplicitAutograd op reaches a dispatch mode whole only below autograd (a compiled graph's runtime)."""
    with opprop.checking() as found, torch._C._AutoDispatchBelowAutograd():
        fn()
    return [f for f in found.findings if f.invariant == catalog.RETURNS_INPUT]


def test_a_composite_op_that_returns_self_as_its_schema_allows_is_silent():
    x = torch.ones(3)
    assert _returns_input_below_autograd(lambda: torch.ops.aten.to.dtype(x, torch.float32)) == []  # documented: self when no conversion
    assert _returns_input_below_autograd(lambda: torch.ops.aten.contiguous.default(x)) == []
    assert _returns_input_below_autograd(lambda: torch.ops.opprop_cia_keep.keep_alias(x)) == []


def test_a_composite_op_that_returns_its_input_without_an_alias_annotation_is_found():
    found = _returns_input_below_autograd(lambda: torch.ops.opprop_cia_keep.keep(torch.ones(3)))
    assert [(f.aten_op, f.detail) for f in found] == [("opprop_cia_keep::keep", {"is_input": "x"})]


# A list annotated on its elements (``Tensor(a)[] xs``) lets an output in set ``a`` alias an element, as torchgen and the
# JIT's alias analysis read it; SchemaInfo reads only the list's own (empty) set and would call every such alias a finding.
_LISTS = torch.library.Library("opprop_list_alias", "DEF")
_LISTS.define("first_view(Tensor(a)[] xs, Tensor y) -> Tensor(a)")  # a view of xs[0], as declared
_LISTS.define("first_view_plain(Tensor[] xs, Tensor y) -> Tensor")  # the same, declared fresh
_LISTS.define("other_view(Tensor(a)[] xs, Tensor y) -> Tensor(a)")  # a view of y: not what the set allows
_LISTS.define("first(Tensor(a)[] xs) -> Tensor(a)")  # composite: returns xs[0] itself
_LISTS.define("first_plain(Tensor[] xs) -> Tensor")
for _name, _fn in (("first_view", lambda xs, y: xs[0].view(-1)), ("first_view_plain", lambda xs, y: xs[0].view(-1)),
                   ("other_view", lambda xs, y: y.view(-1))):
    _LISTS.impl(_name, _fn, "CompositeExplicitAutograd")
for _name in ("first", "first_plain"):
    _LISTS.impl(_name, lambda xs: xs[0], "CompositeImplicitAutograd")


def _alias_findings(op_name, *args):
    op = getattr(torch.ops.opprop_list_alias, op_name).default
    return [(f.invariant, f.detail) for f in run_call(Call(op_name, op, args, {})).findings if f.invariant == catalog.UNDECLARED_ALIAS]


def test_an_output_in_a_lists_element_set_may_alias_an_element():
    xs, y = [torch.ones(3), torch.ones(2)], torch.ones(4)
    assert _alias_findings("first_view", xs, y) == []
    assert _alias_findings("first_view_plain", xs, y) == [("undeclared_alias", {"overlaps": "xs"})]
    assert _alias_findings("other_view", xs, y) == [("undeclared_alias", {"overlaps": "y"})]  # the set names xs, not y
    x = torch.ones(3)
    assert _returns_input_below_autograd(lambda: torch.ops.opprop_list_alias.first([x])) == []
    assert [f.detail for f in _returns_input_below_autograd(lambda: torch.ops.opprop_list_alias.first_plain([x]))] == [{"is_input": "xs"}]


def test_a_declared_view_of_a_lists_element_must_share_an_elements_storage():
    """view_copies reads ``Tensor(a)[] xs -> Tensor(a)`` as a view of an element: a view of xs[0] is silent; a view
    of y shares no element's storage ("copies xs"); an undeclared list (``first_view_plain``) declares no view."""
    xs, y = [torch.ones(3), torch.ones(2)], torch.ones(4)

    def view_copies(op_name):
        op = getattr(torch.ops.opprop_list_alias, op_name).default
        return [f.detail for f in run_call(Call(op_name, op, (xs, y), {})).findings if f.invariant == "view_copies"]

    assert view_copies("first_view") == []
    assert view_copies("first_view_plain") == []
    assert view_copies("other_view") == [{"copies": "xs"}]
