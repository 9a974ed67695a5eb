"""opprop: OpInfo-driven property tests for PyTorch operators' ownership and aliasing invariants."""
__version__ = "0.1.0"

__all__ = ["checking"]


def __getattr__(name):
    # Lazy: `import opprop` (which pytest does at every start, for the plugin's entry point) must not
    # import torch (measured: ~5 s per pytest run in a project that never asks for --opprop).
    if name == "checking":
        from opprop.checking_context import checking

        return checking
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
