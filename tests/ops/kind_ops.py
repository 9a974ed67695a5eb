"""torch.library ops that break an invariant only on a tensor kind the dispatch table gives them (``generators/schedule.py``'s
kind rows, ``opprop/core/tensor_kinds/math_bits.py``) or at a kind-valued argument equal to the input's own
(``generators/schema_values.py``).

``conj_view`` has a kernel for the ``Conjugate`` key (a fallthrough, as views and ``mm`` have), so its kernel sees a
conjugate-flagged input itself, and returns it (returns_input) only then. ``as_layout`` has a kernel only for sparse
COO tensors and returns its input only when asked for the layout it already has. Each copies everywhere else; its
``*_ok`` control copies there too. Free draws rarely or never give them those inputs.
"""
import torch

LIB = torch.library.Library("opprop_kinds", "DEF")


def _conj_view(x, fixed):
    return (x.clone() if fixed else x) if x.is_conj() else x.clone()


def _as_layout(x, layout, fixed):
    return (x.clone() if fixed else x) if layout == x.layout else x.clone()


for _fixed in (False, True):
    _suffix = "_ok" if _fixed else ""
    LIB.define(f"conj_view{_suffix}(Tensor x) -> Tensor")
    LIB.impl(f"conj_view{_suffix}", (lambda fixed: lambda x: _conj_view(x, fixed))(_fixed), "CompositeExplicitAutograd")
    LIB.impl(f"conj_view{_suffix}", torch.library.fallthrough_kernel, "Conjugate")
    LIB.define(f"as_layout{_suffix}(Tensor x, Layout layout) -> Tensor")
    LIB.impl(f"as_layout{_suffix}", (lambda fixed: lambda x, layout: _as_layout(x, layout, fixed))(_fixed), "SparseCPU")
