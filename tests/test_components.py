"""Tensors without storage: view_copies and undeclared_alias compare their components (sparse indices and values, a jagged buffer)."""
import warnings

import pytest
import torch

from opprop.check.components import components
from opprop.check.runner import run_call
from opprop.core.calls import Call

warnings.filterwarnings("ignore", message="Sparse invariant checks")

LIB = torch.library.Library("opprop_components", "DEF")
LIB.define("fresh_view(Tensor(a) x) -> Tensor(a)")  # declared a view; returns fresh indices and values
LIB.define("shared_view(Tensor(a) x) -> Tensor(a)")  # declared a view; shares its input's values (clean)
LIB.define("hidden_alias(Tensor x) -> Tensor")  # not declared a view; shares its input's values
LIB.impl("fresh_view", lambda x: x.clone(), "SparseCPU")
LIB.impl("shared_view", lambda x: torch.sparse_coo_tensor(x._indices().clone(), x._values(), x.shape), "SparseCPU")
LIB.impl("hidden_alias", lambda x: torch.sparse_coo_tensor(x._indices().clone(), x._values(), x.shape), "SparseCPU")
for name in ("fresh_view", "shared_view", "hidden_alias"):  # and for compressed layouts: the same, by their components
    LIB.impl(name, {"fresh_view": lambda x: x.clone(), "shared_view": lambda x: _csr_like(x, x.values()),
                    "hidden_alias": lambda x: _csr_like(x, x.values())}[name], "SparseCsrCPU")
ops = torch.ops.opprop_components


def _csr_like(x, values):
    return torch.sparse_csr_tensor(x.crow_indices().clone(), x.col_indices().clone(), values, x.shape)


def coo():
    return torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3.0, 4.0, 5.0]), (2, 3)).coalesce()


def csr():
    return coo().to_sparse_csr()


def _found(fn, *args, invariant):
    result = run_call(Call("c", fn, args))
    assert result.error is None, result.error
    return sorted((f.aten_op, f.output_index, tuple(f.detail.items())) for f in result.findings if f.invariant == invariant)


@pytest.mark.parametrize("make", [coo, csr], ids=["coo", "csr"])
def test_a_declared_view_of_a_sparse_tensor_returning_fresh_components_is_view_copies(make):
    assert _found(ops.fresh_view.default, make(), invariant="view_copies") == [("opprop_components::fresh_view", 0, (("copies", "x"),))]


@pytest.mark.parametrize("make", [coo, csr], ids=["coo", "csr"])
def test_a_declared_view_sharing_a_component_is_clean(make):
    assert _found(ops.shared_view.default, make(), invariant="view_copies") == []
    assert _found(ops.shared_view.default, make(), invariant="undeclared_alias") == []


@pytest.mark.parametrize("make", [coo, csr], ids=["coo", "csr"])
def test_an_undeclared_alias_through_components_is_found(make):
    assert _found(ops.hidden_alias.default, make(), invariant="undeclared_alias") == [
        ("opprop_components::hidden_alias", 0, (("overlaps", "x"),))]


UNCOALESCED = lambda: torch.sparse_coo_tensor(torch.tensor([[0, 0]]), torch.ones(2), (2,))  # noqa: E731
LEGAL = {  # name: (the call, what builds its input outside it)
    "coalesce, coalesced": (torch.Tensor.coalesce, coo),  # returns self: Tensor(a)
    "coalesce, uncoalesced": (torch.Tensor.coalesce, UNCOALESCED),
    "values": (torch.Tensor.values, coo),  # a dense view of the values: declared
    "indices": (torch.Tensor.indices, coo),
    "csr values": (torch.Tensor.values, csr),
    "csr crow_indices": (torch.Tensor.crow_indices, csr),
    "csr t": (torch.Tensor.t, csr),
    "unsqueeze": (lambda x: x.unsqueeze(0), coo),
    "permute": (lambda x: x.permute(1, 0), coo),
    "detach": (torch.Tensor.detach, coo),
    "clone": (torch.Tensor.clone, coo),
    "add": (lambda x: x + x, coo),
    "to_dense": (torch.Tensor.to_dense, coo),
}


@pytest.mark.parametrize("name", LEGAL)
def test_legal_sparse_calls_stay_silent(name):
    fn, make = LEGAL[name]
    result = run_call(Call(name, fn, (make(),)))
    assert result.error is None
    assert [f.one_line() for f in result.findings if f.invariant in ("view_copies", "undeclared_alias")] == []


def test_real_torch_sparse_aliasing_the_storage_checks_missed():
    """Found once components are compared (true findings, ledgered with layouts = ["sparse_coo"]: tests/test_ledger_scope.py).
    ``coo.to_sparse_csr()`` hands back a CSR tensor whose values and column indices are the COO input's
    (``_to_sparse_csr(Tensor self, ...) -> Tensor`` declares no alias); ``t`` of a sparse COO tensor,
    declared ``Tensor(a) -> Tensor(a)``, returns fresh indices and values."""
    s = coo()
    assert ("aten::_to_sparse_csr", 0, (("overlaps", "self"),)) in _found(torch.Tensor.to_sparse_csr, s, invariant="undeclared_alias")
    assert _found(torch.Tensor.t, coo(), invariant="view_copies") == [("aten::t", 0, (("copies", "self"),))]


def test_components_of_each_kind():
    s, c = coo(), csr()
    assert [t.shape for t in components(s)] == [(2, 3), (3,)]
    assert [t.data_ptr() for t in components(c)] == [c.crow_indices().data_ptr(), c.col_indices().data_ptr(), c.values().data_ptr()]
    dense = torch.ones(2)
    assert components(dense) == (dense,)
    jagged = torch.nested.nested_tensor([torch.ones(2), torch.ones(3)], layout=torch.jagged)
    assert components(jagged)[0].untyped_storage() is jagged._values.untyped_storage()
