"""torch.library ops whose bug shows only when a tensor of another kind meets one argument (``generators/crossing.py``).

``csr_other`` returns ``x`` itself (returns_input) when its second argument is a sparse CSR tensor, and a copy
everywhere else; the schema draws give a custom op's arguments dense tensors of one kind, so only crossing meets it.
``quantized_out`` reads address 0 (SIGSEGV) when its out= tensor is quantized, as a kernel that trusts its out=
tensor's kind would. Each ``*_ok`` control copies (or writes) there too.
"""
import ctypes

import torch

LIB = torch.library.Library("opprop_crossing", "DEF")


def _csr_other(x, other, fixed):
    if other.layout == torch.sparse_csr and not fixed:
        return x
    return x.clone()


def _quantized_out(x, out, fixed):
    if out.is_quantized and not fixed:
        ctypes.string_at(0)  # SIGSEGV
    return out


for _fixed in (False, True):
    _suffix = "_ok" if _fixed else ""
    LIB.define(f"csr_other{_suffix}(Tensor x, Tensor other) -> Tensor")
    LIB.impl(f"csr_other{_suffix}", (lambda fixed: lambda x, other: _csr_other(x, other, fixed))(_fixed), "CompositeExplicitAutograd")
    LIB.define(f"quantized_out{_suffix}(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
    LIB.impl(f"quantized_out{_suffix}", (lambda fixed: lambda x, out: _quantized_out(x, out, fixed))(_fixed), "CompositeExplicitAutograd")


# ``picky`` is a Python kernel that fails in its own code (a KeyError, as a prim's meta function on an integer dtype)
# on anything but a floating tensor: a refused call, never the end of the target's share.
_RESULT_DTYPES = {torch.float32: torch.float64, torch.float64: torch.float64}


def _picky(x):
    return x.to(_RESULT_DTYPES[x.dtype])


LIB.define("picky(Tensor x) -> Tensor")
LIB.impl("picky", _picky, "CompositeExplicitAutograd")
