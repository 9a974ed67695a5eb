"""torch.library ops that schema draws cannot, or can only sometimes, call validly: no silent clean.

``boxes_area`` wants boxes ``[N, 4]`` (N >= 6) of float32 with ``x1 <= x2`` and
``y1 <= y2`` in every row, sorted by ``x1`` (as an NMS-ordered list) and not all
of one width: a schema draw picks each size and value on its own and never
meets that (not even the edge modes' arange-like fills, whose boxes share a width). ``floats_only`` takes
only floating-point tensors, so some draws are valid and others not.
"""
import torch

LIB = torch.library.Library("opprop_untestable", "DEF")
LIB.define("boxes_area(Tensor boxes) -> Tensor")
LIB.define("floats_only(Tensor x) -> Tensor")


def _boxes_area(boxes):
    if boxes.dim() != 2 or boxes.size(1) != 4 or boxes.size(0) < 6:
        raise RuntimeError(f"boxes must be [N, 4] with N >= 6, got {list(boxes.shape)}")
    if boxes.dtype != torch.float32:
        raise RuntimeError(f"boxes must be float32, got {boxes.dtype}")
    if not bool((boxes[:, 0] <= boxes[:, 2]).all() and (boxes[:, 1] <= boxes[:, 3]).all() and (boxes[:, 0] < boxes[:, 2]).any()):
        raise RuntimeError("boxes need x1 <= x2 and y1 <= y2 in every row, and one box of positive width")
    widths = boxes[:, 2] - boxes[:, 0]
    if not bool((boxes[1:, 0] > boxes[:-1, 0]).all()) or bool((widths == widths[0]).all()):
        raise RuntimeError("boxes must be sorted by x1 and not all of one width")
    return widths * (boxes[:, 3] - boxes[:, 1])


def _floats_only(x):
    if not x.is_floating_point():
        raise RuntimeError(f"floats_only takes a floating-point tensor, got {x.dtype}")
    return x * 2


LIB.impl("boxes_area", _boxes_area, "CPU")
LIB.impl("floats_only", _floats_only, "CPU")
