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


# Kinds crossed into out= arguments (``generators/schedule.py`` OUT_KINDS): ``out_strided`` returns its input instead
# of an out= tensor that is not contiguous, and copies everywhere else; its ``*_ok`` control copies there too.
def _out_strided(x, out, fixed):
    if out.layout == torch.strided and not out.is_contiguous() and not fixed:
        return x
    out.resize_(x.shape).copy_(x)
    return out


for _fixed in (False, True):
    _suffix = "_ok" if _fixed else ""
    LIB.define(f"out_strided{_suffix}(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
    LIB.impl(f"out_strided{_suffix}", (lambda fixed: lambda x, out: _out_strided(x, out, fixed))(_fixed), "CompositeExplicitAutograd")
