"""A torch.library op whose bug only drawn inputs reach: no fixed sample, and a dtype ``opprop check``'s
default run (seed 0, 100 examples) does not draw, while a fuzz run's longer, reseeded search does."""
import torch

LIB = torch.library.Library("opprop_drawonly", "DEF")
HELD = []  # what the half-precision fast path keeps, as a cache would

LIB.define("half_leak(Tensor x) -> Tensor")


def _half_leak(x):
    y = x * 2
    if x.dtype == torch.float16 and x.dim() >= 3 and x.shape[-1] >= 3:  # the bug: only a large fp16 path caches its output
        HELD.append(y)
    return y


LIB.impl("half_leak", _half_leak, "CPU")
