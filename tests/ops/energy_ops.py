"""Custom ops a sweep's schedule must tell apart (fuzz.energy): eight that show the same behaviour on every call, and one
whose every call shows a behaviour no other call showed (a refusal worded after its input, in letters)."""
import hashlib

import torch

LIB = torch.library.Library("opprop_energy", "DEF")
FLAT = [f"flat_{c}" for c in "abcdefgh"]  # with the surprising one, more targets than energy.ROUNDS_FROM per worker
for name in (*FLAT, "surprising"):
    LIB.define(f"{name}(Tensor x) -> Tensor")


def _flat(x):
    return x * 2


def _surprising(x):
    digest = hashlib.sha1(repr((x.dtype, tuple(x.shape), x.flatten()[:4].tolist())).encode()).hexdigest()
    raise RuntimeError("refused: " + "".join(chr(ord("a") + int(c, 16)) for c in digest))


for name in FLAT:
    LIB.impl(name, _flat, "CompositeExplicitAutograd")
LIB.impl("surprising", _surprising, "CompositeExplicitAutograd")
