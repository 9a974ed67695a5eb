"""Composable Hypothesis strategies for PyTorch values: dtypes, shapes, memory layouts, tensors."""
