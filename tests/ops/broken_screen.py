"""Imported with --import, it breaks opprop's fused screen in whatever process imports it: a planted internal error.

The check's worker may be a fresh interpreter, which a test's monkeypatch
never reaches; an imported module does. The test that imports it in its own
process puts the shipped screen back after it (``mode.use_screen`` as a context manager).
"""
from opprop.check import mode


def _broken(*args, **kwargs):
    raise RuntimeError("planted: the screen broke")


mode.use_screen(_broken)
