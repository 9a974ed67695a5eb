"""opprop: OpInfo-driven property tests for PyTorch operators' ownership and aliasing invariants."""
__version__ = "0.1.0"
