"""An expect file for an op that a module of an installed package registers (torch's own ``fsdp::``) imports that module.

Inlining its source (as for a user's ``--import``ed file) breaks: it imports
its package's siblings. Before this, ``opprop shrink --import`` inlined it
(or, with an empty definition map, emitted neither), and the repro failed
alone with "no attribute 'all_gather_copy_in'", so no expect file was written.
"""
import json
import subprocess
import sys

from tests.support.runs import env

from opprop.core.imports import Definitions, definitions_for, import_modules, preamble

MODULE = "torch.distributed.fsdp._fully_shard._fsdp_collectives"
FINDING = {
    "aten_op": "fsdp::all_gather_copy_in", "called_op": "fsdp::all_gather_copy_in", "invariant": "returns_input",
    "output_index": 1, "detail": {"is_input": "all_gather_output"},
    "inputs": {"all_gather_inputs": [{"device": "cpu", "dtype": "float32", "layout": "strided", "shape": [1], "storage_offset": 0,
                                      "stride": [1], "tensor": True}],
               "all_gather_output": {"device": "cpu", "dtype": "float32", "layout": "strided", "shape": [1], "storage_offset": 0,
                                     "stride": [1], "tensor": True},
               "inp_split_sizes": [0], "all_gather_input_numel": 0, "rank": 0},
    "call": {"op": "fsdp::all_gather_copy_in",
             "args": [[{"tensor": {"dtype": "float32", "shape": [1], "fill": "zeros"}}],
                      {"tensor": {"dtype": "float32", "shape": [1], "fill": "zeros"}}, [0], 0, 0], "kwargs": {}},
}


def test_an_installed_module_is_imported_not_inlined():
    import_modules([MODULE])
    found = definitions_for([MODULE])
    assert "fsdp" not in found  # no source to inline
    assert preamble(found, "fsdp::all_gather_copy_in") == f"import {MODULE}\n"


def test_shrink_writes_a_repro_that_imports_the_registering_module_and_runs_alone(tmp_path):
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"torch_version": "", "device": "cpu", "findings": [FINDING]}))
    out = tmp_path / "expected"
    done = subprocess.run([sys.executable, "-m", "opprop", "shrink", str(report), "--out", str(out), "--import", MODULE],
                          capture_output=True, text=True, env=env(), timeout=300)
    assert done.returncode == 0, done.stderr
    script = out / "fsdp.all_gather_copy_in--returns_input.py"
    assert script.exists(), done.stdout
    text = script.read_text()
    assert f"\nimport {MODULE}\n" in text and "the op under test, from" not in text
    alone = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert alone.returncode == 0 and alone.stdout.rstrip().endswith("returns_input: reproduces"), alone.stderr


def test_a_crash_repro_of_torchs_own_op_imports_the_module_that_defines_it():
    """A sweep reaches fsdp::chunk_cat with no --import (a module op_db imports defined it): its crash repro must import
    that module, which a bare ``import torch`` does not (run alone it said "no attribute 'chunk_cat'"). Run alone, the
    fresh interpreter dies as the forked call does."""
    from opprop.core.imports import Definitions
    from opprop.core.specs import CallSpec
    from opprop.reduce import crash_runner, crash_script

    import_modules([MODULE])
    assert crash_script.definition_of(Definitions(), "fsdp::chunk_cat") == (f"import {MODULE}\n", MODULE)
    assert crash_script.definition_of(Definitions(), "aten::_chunk_cat") == (None, "")
    spec = CallSpec.from_json({"op": "fsdp::chunk_cat", "args": [[{"tensor": {"dtype": "float32", "shape": [], "fill": "zeros"}}], 0, 1],
                               "kwargs": {"out": {"tensor": {"dtype": "float32", "shape": [0], "fill": "zeros"}}}})
    alone = crash_runner.run_spec(spec, fresh=True, definitions=Definitions())
    assert (alone.kind, alone.what) == ("signal", "SIGSEGV"), alone


def test_a_sweeps_finding_on_torchs_own_op_gets_an_expect_file_that_imports_its_module(tmp_path, monkeypatch):
    """A sweep reaches fsdp:: with no --import (op_db imported the module): the violation's expect file imports that
    module by the rule crash repros use (``imports.repro_imports``). Before, it had no import, failed alone with
    "no attribute 'all_gather_copy_in'", and no file was written."""
    from opprop.check.findings import Finding
    from opprop.reduce import regressions

    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))  # nothing is known: the finding is new
    import_modules([MODULE])
    written = regressions.write_expected([Finding.from_json(FINDING)], tmp_path / "expected", definitions=Definitions(), log=lambda _: None)
    assert [r.path.name for r in written] == ["fsdp.all_gather_copy_in--returns_input.py"]
    assert f"\nimport {MODULE}\n" in written[0].path.read_text()
