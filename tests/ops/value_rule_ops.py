"""torch.library ops that break an invariant only at a value a rule draws (``generators/schema_values.py``, and the
``extreme`` tensor mode of ``strategies/edge_modes.py``).

Each returns its input itself (a non-view op: returns_input and tensorimpl_use_count) only at its rule's value,
and copies everywhere else; its ``*_ok`` control copies at that value too. Free draws rarely or never make those
values (floats come from 1.0, 0.5, 2.0; small int lists from 0..2), so only the rule reaches the bug.
"""
import torch

LIB = torch.library.Library("opprop_rules", "DEF")


def _shift(x, offset, fixed):  # zero: adding 0 is nothing to do
    return (x.clone() if fixed else x) if offset == 0 else x + offset


def _clamped(x, bound, fixed):  # extreme: nothing is above the dtype's largest value
    if x.is_floating_point() and bound >= torch.finfo(x.dtype).max:
        return x.clone() if fixed else x
    return x.clamp(max=bound) if x.is_floating_point() else x + 0


def _permuted(x, dims, fixed):  # own: the identity permutation (every dim in order)
    if list(dims) == list(range(x.dim())) and x.dim() >= 2:
        return x.clone() if fixed else x
    return x.permute(dims).clone()


def _saturating(x, fixed):  # extreme data: clamped in place to float16's range before packing (_saturate_weight_to_fp16)
    if x.is_floating_point():
        (x.clone() if fixed else x).clamp_(-65504.0, 65504.0)
    return x * 1


def _wrapped(x, dim, fixed):  # past: a dim one past the last, taken for "no dim" instead of refused
    return (x.clone() if fixed else x) if dim == x.dim() and x.dim() >= 1 else x.sum(dim) if -x.dim() <= dim < x.dim() else x * 1


def _padded(x, pad, fixed):  # long: more pad entries than any rank has, read as "nothing to pad"
    return (x.clone() if fixed else x) if len(pad) > 8 else x * 1


def _counted(x, count, fixed):  # negative: a count below zero, read as "nothing to repeat"
    return (x.clone() if fixed else x) if count < 0 else x.repeat(*([count] + [1] * (x.dim() - 1))) if x.dim() else x * count


for _name, _schema, _fn in [("saturating", "(Tensor x) -> Tensor", _saturating),("shift", "(Tensor x, float offset) -> Tensor", _shift),
                            ("clamped", "(Tensor x, float bound) -> Tensor", _clamped),
                            ("permuted", "(Tensor x, int[] dims) -> Tensor", _permuted),
                            ("wrapped", "(Tensor x, int dim) -> Tensor", _wrapped),
                            ("padded", "(Tensor x, int[] pad) -> Tensor", _padded),
                            ("counted", "(Tensor x, int count) -> Tensor", _counted)]:
    for _fixed in (False, True):
        _op = _name + ("_ok" if _fixed else "")
        LIB.define(_op + _schema)
        LIB.impl(_op, (lambda fn, fixed: lambda *a: fn(*a, fixed))(_fn, _fixed), "CompositeExplicitAutograd")
