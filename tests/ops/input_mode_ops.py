"""torch.library ops that break an invariant only on one kind of input (issue 25, rules 2 and 3), and their controls.

Each ``*_bug`` op misbehaves only when its arguments relate in one way, or
one argument is in one edge mode; generic draws (each argument on its own,
small positive values) never meet it. Each ``*_ok`` twin does the same
work with a schema that declares it, and must stay silent.
"""
import torch

LIB = torch.library.Library("opprop_modes", "DEF")
SCHEMAS = {
    # the same tensor passed for two parameters: hands back its input
    "same_twice_bug": "(Tensor x, Tensor y) -> Tensor",
    "same_twice_ok": "(Tensor x, Tensor y) -> Tensor",
    # a running-statistics update of a read-only argument, visible only when the input has negative values
    "track_min_bug": "(Tensor x, Tensor running) -> Tensor",
    "track_min_ok": "(Tensor x, Tensor(a!) running) -> Tensor",
    # a 2-D non-contiguous row-major input (a slice of a wider one): returns a view of it instead of a copy
    "noncontig_bug": "(Tensor x) -> Tensor",
    "noncontig_ok": "(Tensor(a) x) -> Tensor(a)",
    # a bool[2] output mask: [False, True] hands back the input
    "mask_bug": "(Tensor x, bool[2] output_mask) -> Tensor",
    "mask_ok": "(Tensor x, bool[2] output_mask) -> Tensor",
    # an index equal to the indexed length: an alias of the input instead of an IndexError
    "take_rows_bug": "(Tensor x, Tensor index) -> Tensor",
    "take_rows_ok": "(Tensor x, Tensor index) -> Tensor",
    # out= overlapping the input: the kernel swaps out's storage instead of writing it
    "scale_out_bug": "(Tensor x, *, Tensor(a!) out) -> Tensor(a!)",
    "scale_out_ok": "(Tensor x, *, Tensor(a!) out) -> Tensor(a!)",
    # takes anything: every mode of every parameter is a valid call (the schedule's coverage)
    "accepts_all": "(Tensor x, Tensor y, Tensor index, bool[2] output_mask, Tensor? w=None, int k=0, *, Tensor(a!) out) -> Tensor(a!)",
}
for _name, _schema in SCHEMAS.items():
    LIB.define(_name + _schema)


def _same_twice(bug):
    def fn(x, y):
        if bug and x is y and x.numel():
            return x  # "nothing to combine": the input itself
        return x + y
    return fn


def _track_min(x, running):
    if x.shape != running.shape:
        raise RuntimeError("running must have x's shape")
    running.add_(x.clamp(max=0))  # folds the negative part in: a write of zeros when x >= 0
    return x * 2


def _noncontig(bug):
    def fn(x):
        if x.dim() != 2:
            raise RuntimeError("x must be 2-D")
        if not bug:
            return x.t()
        row_major_gapped = not x.is_contiguous() and x.stride(0) >= x.stride(1) > 1
        return x.t() if row_major_gapped else x.t().clone()  # the strided fast path forgets to copy
    return fn


def _mask(bug):
    def fn(x, output_mask):
        if bug and list(output_mask) == [False, True]:
            return x
        return x * 2
    return fn


def _take_rows(bug):
    def fn(x, index):
        if index.dtype != torch.int64 or x.dim() == 0:
            raise RuntimeError("take_rows wants an int64 index into a tensor of at least one dim")
        n = x.size(0)
        if bool(((index < 0) | (index > n)).any()) or (not bug and bool((index == n).any())):
            raise IndexError(f"index out of range for {n} rows")
        if n and bool((index == n).any()):
            return x.view_as(x)  # "past the end": hands back all rows, as a view
        return x.index_select(0, index)
    return fn


def _scale_out(bug):
    def fn(x, *, out):
        result = x * 2
        overlaps = out.numel() and x.numel() and out.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        if bug and overlaps:
            out.set_(result)  # swaps out's storage for a fresh one instead of writing it
            return out
        out.resize_(result.shape)
        out.copy_(result)
        return out
    return fn


def _accepts_all(x, y, index, output_mask, w=None, k=0, *, out):
    return out


IMPLS = {
    "accepts_all": _accepts_all,
    "same_twice_bug": _same_twice(True), "same_twice_ok": _same_twice(False),
    "track_min_bug": _track_min, "track_min_ok": _track_min,
    "noncontig_bug": _noncontig(True), "noncontig_ok": _noncontig(False),
    "mask_bug": _mask(True), "mask_ok": _mask(False),
    "take_rows_bug": _take_rows(True), "take_rows_ok": _take_rows(False),
    "scale_out_bug": _scale_out(True), "scale_out_ok": _scale_out(False),
}
for _name, _fn in IMPLS.items():
    LIB.impl(_name, _fn, "CPU")

ops = torch.ops.opprop_modes
