"""Kinds crossed into every argument: a sweep's first, cheap calls of each overload, before any Hypothesis draw.

A uniform random scan (``benchmarks/baseline_scanner.py``) found more undescribed bugs in one minute than the
generators did in ten: each call is cheap, and every tensor argument meets every kind. So each overload
target first runs calls drawn this way, without Hypothesis: every tensor argument (out= and lists included)
takes a cell of ``cells()`` (every kind ``opprop.core.tensor_kinds`` registers, in several shapes and
dtypes, plus expanded and channels-last strides and mkldnn tensors), mostly the first tensor's cell, sometimes another of its
kind, sometimes any; the other arguments take values loosely from their type, past their boundaries
included, and are left to their defaults a quarter of the time. Call ``i`` of an overload under a run's seed
is ``random.Random(f"{seed}:{overload}:{i}")``'s, so a finding or a crash replays from its index and seed
(``Finding.replay``'s ``crossing`` and ``crossing_seed``). Ints stop at 65537: a larger size is refused by the fuzz
worker's memory cap (``fuzz.worker.MEMORY_HEADROOM``) as an allocation error, not a false crash.
"""
from __future__ import annotations

import functools
import random
from typing import NamedTuple

import torch

from opprop.check import catalog
from opprop.core import tensor_kinds
from opprop.core.calls import CROSSING, Call
from opprop.generators.schema_args import STR_ENUMS

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

SHAPES = ((3, 4), (2, 3, 4, 5), (0, 3), (), (5,))
DENSE_DTYPES = (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64,
                torch.int64, torch.int32, torch.int8, torch.uint8, torch.bool)
STRIDED = ("expanded", "channels_last")  # dense strides no registered kind makes
MKLDNN = "mkldnn"  # the MkldnnCPU key's opaque tensors (float32 and bfloat16), which no registered kind makes
SAME_CELL, SAME_KIND = 0.6, 0.75  # a later tensor: the first's cell, else (up to SAME_KIND) another cell of its kind
# A kind's cell is float32 this often (where it has one), else any of its cells: float32 is the dtype kernels implement
# first and most fully, so a call in it gets past the dtype checks that end most calls in the nine others, into the
# code where shapes, strides and flags go wrong (the naive scanner's tensors are two thirds float32).
FLOAT32 = 0.5
DEFAULTED = 0.25  # an argument with a default is left out this often; an optional one is None this often
# Ints: small sizes, negatives, and two past what kernels expect of a count or a dim (100; 65537, whose square overflows
# int32). Never 2**31 and up: a size that large is an allocation the worker's cap (fuzz.worker) refuses anyway.
INTS = (0, 1, 2, 3, -1, -2, 4, 7, 100, 65537)
COMPLEX = (0j, 1 + 2j, complex("nan"))
FLOATS = (0.0, 1.0, 0.5, -1.0, 2.0, 1e-3, 1e6, float("inf"), float("nan"))
UNCREATABLE_PATH = "/nonexistent-opprop/crossing"  # a string argument with no default: never a file made in the cwd
UNKNOWN_STRING = "unknown"  # a string no enum-like argument takes: its check, past its values
SCALAR_TYPES = (*DENSE_DTYPES, torch.quint8, torch.qint8, torch.qint32)
ENUMS = {
    "ScalarType": SCALAR_TYPES,
    "Layout": (torch.strided, torch.sparse_coo, torch.sparse_csr, torch.sparse_csc),
    "MemoryFormat": (torch.contiguous_format, torch.channels_last, torch.preserve_format),
    "Device": ("cpu",),
    "bool": (False, True),
    "float": FLOATS,
}


class Cell(NamedTuple):
    """One tensor a crossing call can pass: a registered kind (or a dense stride) in a shape and a dtype."""

    kind: str
    shape: tuple
    dtype: torch.dtype

    def build(self) -> torch.Tensor:
        """A fresh tensor every time (an op may write it); the same values every time (tensor_kinds builds them so)."""
        if self.kind == "expanded":
            return tensor_kinds.make("dense", (1, *self.shape[1:]), self.dtype).expand(self.shape)
        if self.kind == MKLDNN:
            return tensor_kinds.make("dense", self.shape, self.dtype).to_mkldnn()
        if self.kind == "channels_last":
            return tensor_kinds.make("dense", self.shape, self.dtype).contiguous(memory_format=torch.channels_last)
        if "qdtype" in tensor_kinds.kind(self.kind).options:  # quantized: the cell's dtype is the quantized one
            return tensor_kinds.make(self.kind, self.shape, torch.float32, qdtype=self.dtype)
        return tensor_kinds.make(self.kind, self.shape, self.dtype)

    def describe(self) -> str:
        return f"{self.kind}{list(self.shape)}:{str(self.dtype).replace('torch.', '')}"


@functools.lru_cache(maxsize=None)
def cells() -> dict[str, tuple[Cell, ...]]:
    """Kind -> its cells, every drawn kind the registry has (a kind that cannot build a shape or dtype has no cell of it)."""
    out = {}
    for name in (*(n for n in tensor_kinds.names() if tensor_kinds.kind(n).drawn), *STRIDED, MKLDNN):
        dtypes = (torch.float32, torch.bfloat16) if name == MKLDNN else DENSE_DTYPES if name in STRIDED else _dtypes(tensor_kinds.kind(name))
        shapes = ((2, 3, 4, 5),) if name == "channels_last" else ((3, 4), (4, 3)) if name == "expanded" else SHAPES
        built = []
        for shape in shapes:
            for dtype in dtypes:
                cell = Cell(name, shape, dtype)
                try:
                    cell.build()
                except Exception:  # noqa: BLE001: this kind has no tensor of that shape or dtype
                    continue
                built.append(cell)
        if built:
            out[name] = tuple(built)
    return out


@functools.lru_cache(maxsize=None)
def _float32_cells(kind: str) -> tuple:
    return tuple(c for c in cells()[kind] if c.dtype == torch.float32)


@functools.lru_cache(maxsize=None)
def _kind_names() -> list:
    """The kinds with cells, in a fixed order (a seeded draw picks by position)."""
    return sorted(cells())


def _dtypes(kind) -> tuple:
    """The dtypes a kind's cells are built in: its quantized dtypes, the one it shows in (a conjugate bit), or its own."""
    if "qdtype" in kind.options:
        return tuple(kind.options["qdtype"])
    return (kind.row_dtype,) if kind.row_dtype is not None else kind.dtypes or DENSE_DTYPES


class _Draw:
    """One call's arguments, from one seeded generator: tensors mostly of the first tensor's cell."""

    def __init__(self, rng: random.Random):
        self.rng, self.first = rng, None

    def cell(self) -> Cell:
        rng = self.rng
        if self.first is None:
            self.first = self.of_kind(rng.choice(_kind_names()))
            return self.first
        roll = rng.random()
        if roll < SAME_CELL:
            return self.first
        return self.of_kind(self.first.kind if roll < SAME_KIND else rng.choice(_kind_names()))

    def of_kind(self, kind: str) -> Cell:
        """One of the kind's cells: a float32 one ``FLOAT32`` of the time, where it has one."""
        every = cells()[kind]
        float32 = _float32_cells(kind)
        return self.rng.choice(float32 if float32 and self.rng.random() < FLOAT32 else every)

    def value(self, t: str):
        rng = self.rng
        if t.startswith("Optional["):
            return None if rng.random() < DEFAULTED else self.value(t[len("Optional["):-1])
        if t.startswith("List["):
            inner = t[len("List["):-1]
            return [self.value(inner) for _ in range(rng.choice((0, 1, 2, 3)))]
        if t == "Tensor":
            return self.cell()
        if t in ("int", "SymInt"):
            return rng.choice(INTS)
        if t in ("Scalar", "number"):  # the JIT's real type of a Scalar is "number"
            return rng.choice((*INTS[:6], *FLOATS[:6], True, 1 + 2j))
        if t == "complex":
            return rng.choice(COMPLEX)
        return rng.choice(ENUMS[t]) if t in ENUMS else None  # a Generator, a Storage, a packed weight: None

    def string(self, arg):
        """A string the schema draws know for this name, or one none of them is; else its default, or a path no op can
        create (aten::from_file with shared=True makes the file it is given, and names "" 'filename not specified')."""
        if arg.name in STR_ENUMS:
            return self.rng.choice((*STR_ENUMS[arg.name], UNKNOWN_STRING))
        return arg.default_value if isinstance(arg.default_value, str) else UNCREATABLE_PATH


def _plan(op, index: int, seed: int) -> dict:
    """Call ``index``'s arguments by name, its tensors as cells (unbuilt)."""
    name = catalog.qualified_name(op)
    draw = _Draw(random.Random(f"{seed}:{name}:{index}"))
    kwargs = {}
    for arg in op._schema.arguments:
        if arg.default_value is not None or str(arg.real_type).startswith("Optional"):
            if draw.rng.random() < DEFAULTED:
                continue
        t = str(arg.real_type)
        if t in ("str", "Optional[str]"):
            kwargs[arg.name] = draw.string(arg)
        elif arg.N and t == "List[int]":  # a declared size (int[2]): that many entries, as a caller passes them
            kwargs[arg.name] = [draw.value("int") for _ in range(arg.N)]
        else:
            kwargs[arg.name] = draw.value(t)
    return kwargs


def _built(value):
    if isinstance(value, Cell):
        return value.build()
    return [_built(v) for v in value] if isinstance(value, list) else value


def _described(value) -> str | None:
    if isinstance(value, Cell):
        return value.describe()
    if isinstance(value, list) and any(isinstance(v, Cell) for v in value):
        return "[" + ", ".join(_described(v) or repr(v) for v in value) + "]"
    return None


def crossing_call(op, index: int, seed: int = 0) -> Call:
    """Call ``index`` of ``op``'s crossing under ``seed``: the same call in every process."""
    kwargs = _plan(op, index, seed)
    kinds = ", ".join(f"{k}={d}" for k, d in ((k, _described(v)) for k, v in kwargs.items()) if d) or "no tensor"
    return Call(catalog.qualified_name(op), op, (), {k: _built(v) for k, v in kwargs.items()},
                source=f"{CROSSING} {index} (seed {seed}): {kinds}")


def crossing_calls(op, start: int, count: int, seed: int = 0):
    """Calls ``start`` .. ``start + count - 1``, each built only when reached."""
    for index in range(start, start + count):
        yield index, crossing_call(op, index, seed)
