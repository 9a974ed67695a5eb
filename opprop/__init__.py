"""opprop: OpInfo-driven property tests for PyTorch operators' ownership and aliasing invariants."""
__version__ = "0.1.0"

from .checking import checking  # noqa: E402  (the public API: the checks around any code)

__all__ = ["checking"]
