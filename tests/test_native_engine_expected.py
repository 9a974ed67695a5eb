"""Every ledgered finding with the native engine on: each expect file's recorded call (its OPPROP repro, built as the
repro builds it) run under the Python mode and under the native engine. Where the Python mode finds the file's
(op, invariant) from the call alone, the native engine finds it too: a call its C++ checks decline on its arguments
(sparse, nested) is handed to the Python checks in the same block, and a collective's Work is completed before its
checks read, by the Python mode's rule (check/pending_work.py), so a write gloo's thread makes late is seen. Two
exceptions, each named: a call declined on an output (a sparse result of dense arguments: read only after the call ran,
too late to hand over), counted; and a call a tensor subclass's own __torch_dispatch__ answers in Python above the
engine's key (``ABOVE_THE_KEY``: the call never reaches it, so it is neither checked nor counted; the Python mode, at
the Python key, sees it first). A file whose call alone does not reproduce under the Python mode either (a backward
pass, a collective's count) is left to ``opprop replay``, which runs it with torch alone.
"""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from opprop.check import native_engine
from opprop.check.mode import InvariantMode
from opprop.core import quantized_engine
from opprop.reduce import expectfile

why_not = native_engine.available()
pytestmark = pytest.mark.skipif(why_not is not None, reason=f"native engine unavailable: {why_not}")

EXPECTED = Path(__file__).resolve().parent.parent / "expected"
DECLINED = {native_engine.OUTPUT_DECLINED + why for why in ("sparse tensor", "mkldnn tensor", "nested tensor")}
# Jagged nested tensors' own handlers return a buffer they hold, calling nothing below the Python key.
ABOVE_THE_KEY = {"aten::_nested_get_max_seqlen", "aten::_nested_get_min_seqlen", "aten::_nested_get_offsets"}


def _files():
    return [pytest.param(p, id=p.stem) for p in sorted(EXPECTED.glob("*.py"))]


@pytest.mark.parametrize("path", _files())
def test_the_ledgered_finding_is_found_natively_where_the_python_mode_finds_it_from_its_call(path):
    ef = expectfile.load(path)
    spec = ef.repro
    func = spec.overload
    with warnings.catch_warnings(), quantized_engine.using(spec.engine):  # the engine the call ran under (conv2d_add: onednn)
        warnings.simplefilter("ignore")
        args, kwargs = spec.build()
        try:
            with InvariantMode("expected") as mode:
                func(*args, **kwargs)
        except Exception as e:  # noqa: BLE001
            pytest.skip(f"the call alone raises: {type(e).__name__} (opprop replay runs the file itself)")
        if ef.key not in {(f.aten_op, f.invariant) for f in mode.findings}:
            pytest.skip("the call alone does not reproduce it under the Python mode either (opprop replay runs the file)")
        args, kwargs = spec.build()
        _, findings, not_checked = native_engine.findings_of(func, *args, **kwargs)
    found = ef.key in {(f.aten_op, f.invariant) for f in findings}
    declined = {why for op, why in not_checked if op == ef.key[0]}
    if ef.key[0] in ABOVE_THE_KEY:
        assert not found and not not_checked  # the gap, as it is: if this changes, the list is stale
    else:
        assert found or (declined and declined <= DECLINED), (not_checked, [(f.aten_op, f.invariant) for f in findings])
