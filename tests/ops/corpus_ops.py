"""A torch.library op whose valid calls have structure, and which misbehaves only next to one: for the corpus tests.

``box_gather(boxes, idx)`` wants boxes ``[N, 4]`` of a floating dtype with ``x1 <= x2`` and
``y1 <= y2`` in every row, and ``idx`` a 1-d integer tensor of indices into them, as torchvision's
box ops do; it returns the picked rows, a fresh tensor. A schema draw picks each size and value on its
own and almost never meets that. Its fault: for an empty box list it returns ``boxes`` itself, a
returns-input that the schema (``-> Tensor``) does not allow. A recorded real call has boxes; the
empty list is one mutation away (its ``N`` shrunk to 0, in ``idx`` too). ``box_gather_fixed`` is the
same op without the fault: its control.
"""
import torch

LIB = torch.library.Library("opprop_corpus", "DEF")
LIB.define("box_gather(Tensor boxes, Tensor idx) -> Tensor")
LIB.define("box_gather_fixed(Tensor boxes, Tensor idx) -> Tensor")


def _validate(boxes, idx):
    if boxes.dim() != 2 or boxes.size(1) != 4 or not boxes.is_floating_point() or boxes.layout != torch.strided:
        raise RuntimeError(f"boxes must be a strided floating [N, 4] tensor, got {boxes.dtype}{list(boxes.shape)}")
    if not bool(((boxes[:, 0] <= boxes[:, 2]) & (boxes[:, 1] <= boxes[:, 3])).all()):
        raise RuntimeError("boxes need x1 <= x2 and y1 <= y2 in every row")
    if idx.dim() != 1 or idx.is_floating_point() or idx.dtype == torch.bool or idx.is_complex():
        raise RuntimeError(f"idx must be a 1-d integer tensor, got {idx.dtype}{list(idx.shape)}")
    if idx.numel() and not bool(((idx >= 0) & (idx < boxes.size(0))).all()):
        raise RuntimeError(f"idx out of range for {boxes.size(0)} boxes")


def _box_gather(boxes, idx):
    _validate(boxes, idx)
    if boxes.size(0) == 0:
        return boxes  # the fault: an empty box list comes back as the input itself
    return boxes.index_select(0, idx.long())


def _box_gather_fixed(boxes, idx):
    _validate(boxes, idx)
    return boxes.index_select(0, idx.long())


LIB.impl("box_gather", _box_gather, "CPU")
LIB.impl("box_gather_fixed", _box_gather_fixed, "CPU")
