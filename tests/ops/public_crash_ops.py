"""A package stand-in: custom ops its public functions reach under other signatures, each crashing one precise way.

Its namespace is joined at run time, so a repro imports this module (as one
imports torchvision) instead of inlining its source; ``__version__`` is what
a report's versions line must name.

``pool(input, rois, spatial_scale, pooled_height, pooled_width)`` reads
address 0 (SIGSEGV) on an empty input with boxes, as torchvision's roi_pool
does on ``torch.zeros(0, 1, 4, 4)``; ``roi_pool(input, boxes, output_size,
spatial_scale=1.0)`` is its public wrapper, with torchvision.ops's signature.

``scatter_past(x)`` stands for heap damage: a write past a buffer that a
process with a large heap (a child forked from opprop's reducer) never
notices, that a fresh interpreter dies of with SIGSEGV, and that a fuzz
worker saw as SIGABRT (glibc noticing). It dies only on a non-empty input.
"""
import ctypes
import sys

import torch

__version__ = "3.1.4"
NAMESPACE = "_".join(["opprop", "public"])
LIB = torch.library.Library(NAMESPACE, "DEF")
LIB.define("pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) -> Tensor")
LIB.define("scatter_past(Tensor x) -> Tensor")


def _pool(input, rois, spatial_scale, pooled_height, pooled_width):
    if input.numel() == 0 and rois.size(0) > 0:
        ctypes.string_at(0)  # reads address 0: SIGSEGV
    return input.new_zeros(rois.size(0), input.size(1) if input.dim() > 1 else 1, pooled_height, pooled_width)


def _scatter_past(x):
    if x.numel() > 0 and "opprop.reduce.crash_runner" not in sys.modules:
        ctypes.string_at(0)  # a fresh interpreter: the damage meets a pointer
    return x.clone()  # a fork of the reducer: the damage landed in slack


LIB.impl("pool", _pool, "CPU")
LIB.impl("scatter_past", _scatter_past, "CPU")


def roi_pool(input, boxes, output_size, spatial_scale=1.0):
    """The public function: as torchvision.ops.roi_pool calls its op."""
    return torch.ops.opprop_public.pool(input, boxes, spatial_scale, output_size, output_size)


def scatter(x):
    return torch.ops.opprop_public.scatter_past(x)
