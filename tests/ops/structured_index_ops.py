"""torch.library ops that break an invariant only at a structured index a rule draws (``generators/schema_indices.py``).

``segment_sum`` returns its data itself (returns_input) only when its offsets end exactly at the data's length
with an empty last segment; ``split_lengths`` only when its lengths sum to the data's length with a trailing 0.
Each copies everywhere else, and its ``*_ok`` control copies there too. Free draws never make those values
(offsets come from the convention ``[0, 1]``, lengths from any tensor of the call's dtype), so only the rule
reaches the bug.
"""
import torch

LIB = torch.library.Library("opprop_indices", "DEF")


def _ends_empty(offsets, length) -> bool:  # the last two boundaries both at the end: an empty last segment
    cuts = offsets.tolist()
    return len(cuts) >= 2 and cuts[-1] == cuts[-2] == length


def _segment_sum(data, offsets, fixed):
    if data.dim() >= 1 and offsets.dim() == 1 and _ends_empty(offsets, data.size(0)):
        return data.clone() if fixed else data
    return data.clone()


def _split_lengths(data, lengths, fixed):
    sizes = lengths.tolist() if lengths.dim() == 1 and not lengths.is_floating_point() else []
    if data.dim() >= 1 and len(sizes) >= 2 and sizes[-1] == 0 and sum(sizes) == data.size(0):
        return data.clone() if fixed else data
    return data.clone()


for _name, _schema, _fn in [("segment_sum", "(Tensor data, Tensor offsets) -> Tensor", _segment_sum),
                            ("split_lengths", "(Tensor data, Tensor lengths) -> Tensor", _split_lengths)]:
    for _fixed in (False, True):
        _op = _name + ("_ok" if _fixed else "")
        LIB.define(_op + _schema)
        LIB.impl(_op, (lambda fn, fixed: lambda *a: fn(*a, fixed))(_fn, _fixed), "CompositeExplicitAutograd")
