"""channel_shuffle / native_channel_shuffle with groups 1 and > 1, contiguous and channels_last.

With ``groups == 1`` the shuffle is the identity, and an older kernel
returned a tensor sharing the input's storage (StorageImpl use_count 2,
output aliasing its input with no view annotation: pytorch#61794). Every
layout the kernel branches on is drawn: contiguous, channels_last /
channels_last_3d, a transposed (non-dense) input, 3-d to 5-d inputs and zero-size
batches.
"""
from __future__ import annotations

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten
OPS = {"aten::channel_shuffle": aten.channel_shuffle.default, "aten::native_channel_shuffle": aten.native_channel_shuffle.default}
LAYOUTS = ("contiguous", "channels_last", "transposed")


def shuffle_input(*, n=2, groups=2, channels_per_group=2, spatial=(3, 3), layout="contiguous", device="cpu"):
    """An ``(n, groups * channels_per_group, *spatial)`` ramp in the given memory layout."""
    x = ramp((n, groups * channels_per_group, *spatial), device=device)
    if layout == "channels_last" and x.dim() in (4, 5):
        return x.contiguous(memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d)
    if layout == "transposed" and x.dim() >= 3:
        # same logical shape, spatial dims stored swapped: strided, not dense in the default order
        return x.transpose(-1, -2).contiguous().transpose(-1, -2)
    return x


def _call(name, x, groups):
    return Call(name, OPS[name], (x, groups), source="channel_shuffle")


def _samples(device):
    """groups 1 (the identity shuffle that once aliased its input) and 2, contiguous / channels_last / transposed."""
    for name in OPS:
        for groups in (1, 2):
            for layout in LAYOUTS:
                yield _call(name, shuffle_input(groups=groups, layout=layout, device=device), groups)
        yield _call(name, shuffle_input(groups=3, channels_per_group=1, spatial=(2,), device=device), 3)
        yield _call(name, shuffle_input(n=0, groups=2, spatial=(2, 2, 2), layout="channels_last", device=device), 2)


def strategy(device):
    @st.composite
    def calls(draw):
        name = draw(st.sampled_from(tuple(OPS)))
        groups = draw(st.integers(1, 4))
        spatial = tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=3)))
        x = shuffle_input(
            n=draw(st.integers(0, 2)),
            groups=groups,
            channels_per_group=draw(st.integers(1, 3)),
            spatial=spatial,
            layout=draw(st.sampled_from(LAYOUTS)),
            device=device,
        )
        return _call(name, x, groups)

    return calls()


edge_generator("channel_shuffle.groups", targets=tuple(OPS), strategy=strategy)(_samples)
