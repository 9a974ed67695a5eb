"""An op that writes into a buffer it allocated itself at an index its input gives, unchecked: heap damage no guard on the
inputs catches. ``scatter_rows(x, index)`` returns ``x``'s rows gathered into a fresh buffer; a row index past the
buffer writes past it. A small overshoot lands in the allocator's slack and the call returns (as torchvision's
``_roi_align_backward`` does with a box's batch index of 2 in a batch of 2); one a thousand times past the rows meets
unmapped memory: SIGSEGV, here by reading address 0."""
import ctypes

import torch

LIB = torch.library.Library("opprop_far", "DEF")
LIB.define("scatter_rows(Tensor x, Tensor index) -> Tensor")


def _scatter_rows(x, index):
    rows = max(x.size(0), 1) if x.dim() else 1
    if index.numel() and int(index.abs().max()) >= 1000 * rows:
        ctypes.string_at(0)  # the write lands in unmapped memory
    return x.clone()  # a write within the slack: nothing shows


LIB.impl("scatter_rows", _scatter_rows, "CPU")
