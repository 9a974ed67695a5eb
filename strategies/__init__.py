"""Composable Hypothesis strategies for PyTorch values: dtypes, shapes, memory layouts, tensors, indices.

Each strategy validates its arguments up front (``InvalidArgument`` names
the bad one) and draws structure before data, simplest option first, so a
shrunk example is small, contiguous and float32 whenever it can be.
"""
from opprop.strategies.dtypes import dtypes, is_differentiable, simplest_first
from opprop.strategies.indices import index_ramp, index_tensors, offsets
from opprop.strategies.layouts import KINDS as LAYOUT_KINDS, StrideLayout, layouts
from opprop.strategies.shapes import shapes
from opprop.strategies.tensors import arange_tensor, ramp, small_values, tensors

__all__ = [
    "LAYOUT_KINDS", "StrideLayout", "arange_tensor", "dtypes", "index_ramp", "index_tensors", "is_differentiable",
    "layouts", "offsets", "ramp", "shapes", "simplest_first", "small_values", "tensors",
]
