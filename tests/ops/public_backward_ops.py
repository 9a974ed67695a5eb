"""A package stand-in whose crash is in a backward op that no Python function names: autograd calls it.

As torchvision's ``roi_pool`` and ``_roi_pool_backward``: ``pool(input, rois,
spatial_scale, pooled_height, pooled_width)`` is the forward, and its
autograd formula calls ``_pool_backward(grad, rois, spatial_scale,
pooled_height, pooled_width, batch_size, channels, height, width)`` with the
input's sizes. The backward reads address 0 (SIGSEGV) when a box's batch
index (``rois[:, 0]``) is past the batch, as an unchecked kernel writing
``grad_input[batch_index]`` would, and when a 4-d ``grad``'s channels are not
``channels`` (a grad no forward output gives: only a direct call reaches
that one); the forward returns, unless the index is a hundred batches past
(then its own read faults first). ``roi_pool(input,
boxes, output_size, spatial_scale=1.0)`` is the public function, with
torchvision.ops's signature. Its namespace is joined at run time, so a repro
imports this module (as one imports torchvision).
"""
import ctypes

import torch

__version__ = "0.9.2"
NAMESPACE = "_".join(["opprop", "pubgrad"])
LIB = torch.library.Library(NAMESPACE, "DEF")
LIB.define("pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) -> Tensor")
LIB.define("_pool_backward(Tensor grad, Tensor rois, float spatial_scale, int pooled_height, int pooled_width, "
           "int batch_size, int channels, int height, int width) -> Tensor")


def _pool(input, rois, spatial_scale, pooled_height, pooled_width):
    if rois.size(0) > 0 and rois.dim() == 2 and rois.size(1) > 0 and int(rois[:, 0].max()) >= 100 * max(input.size(0), 1):
        ctypes.string_at(0)  # a batch index far past the batch: the forward's own read faults first
    return input.new_zeros(rois.size(0), input.size(1), pooled_height, pooled_width)


def _pool_backward(grad, rois, spatial_scale, pooled_height, pooled_width, batch_size, channels, height, width):
    if rois.size(0) > 0 and rois.dim() == 2 and rois.size(1) > 0 and int(rois[:, 0].max()) >= batch_size:
        ctypes.string_at(0)  # reads address 0: SIGSEGV
    if grad.dim() == 4 and grad.size(1) != channels:
        ctypes.string_at(0)  # reads grad by the channel count it was told: a grad no forward output has
    return grad.new_zeros(batch_size, channels, height, width)


def _setup(ctx, inputs, output):
    input, rois, spatial_scale, pooled_height, pooled_width = inputs
    ctx.rois, ctx.args = rois, (spatial_scale, pooled_height, pooled_width, *input.shape)


def _backward(ctx, grad):
    return getattr(torch.ops, NAMESPACE)._pool_backward(grad, ctx.rois, *ctx.args), None, None, None, None


LIB.impl("pool", _pool, "CPU")
LIB.impl("_pool_backward", _pool_backward, "CPU")
torch.library.register_autograd(f"{NAMESPACE}::pool", _backward, setup_context=_setup, lib=LIB)


def roi_pool(input, boxes, output_size, spatial_scale=1.0):
    """The public function: as torchvision.ops.roi_pool calls its op."""
    return torch.ops.opprop_pubgrad.pool(input, boxes, spatial_scale, output_size, output_size)
