"""checking()'s default engine (issue #52): the native engine where it builds, the Python mode where a block records or
captures calls or the engine cannot run, and the block says which ran and why."""
import pytest
import torch

import opprop
from opprop.check import native_engine

import custom_ops  # noqa: F401  (registers opprop_test::*)

native = pytest.mark.skipif(native_engine.available() is not None, reason=f"native engine unavailable: {native_engine.available()}")


@native
def test_a_plain_block_is_the_native_engines_and_finds_what_the_python_mode_finds(tmp_path):
    x = torch.randn(3)
    blocks = {"default": opprop.checking(), "python": opprop.checking(engine="python"),
              "captures": opprop.checking(capture_calls=True), "records": opprop.checking(record=tmp_path / "corpus")}
    for block in blocks.values():
        with block:
            torch.ops.opprop_test.return_input(x)
    assert {name: (b.engine_used, b.engine_why) for name, b in blocks.items()} == {
        "default": ("native", ""), "python": ("python", "engine='python' asked for"),
        "captures": ("python", "it records or captures calls, which needs Python per call"),
        "records": ("python", "it records or captures calls, which needs Python per call")}
    keys = {name: sorted(f.key for f in b.findings) for name, b in blocks.items()}
    assert keys["default"] == keys["python"] == keys["captures"] == keys["records"] == [
        ("opprop_test::return_input", "returns_input"), ("opprop_test::return_input", "tensorimpl_use_count")]


def test_an_engine_it_does_not_know_is_a_value_error():
    with pytest.raises(ValueError, match="engine must be 'python' or 'native', not 'c'"):
        opprop.checking(engine="c")
