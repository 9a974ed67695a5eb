"""The checked-in expect files: each replays identically, is minimal, is ledgered; replay reports changes."""
import ast
import importlib
import shutil
from pathlib import Path

import pytest

from opprop.check import catalog
from opprop.cli import main as cli
from opprop.reduce import expectfile
from opprop.core import ledger
from opprop.reduce.capture import reproduces
from opprop.reduce.shrink import arg_leaves, _couple_shape_args, replace_leaf, _reproduces_isolated, resized
from opprop.core.specs import TensorSpec

EXPECTED = Path(__file__).resolve().parents[1] / "expected"
FILES = sorted(EXPECTED.glob("*.py"))
# Repros whose kernel does not check its tensors' sizes against its int arguments: a tensor one element
# smaller still "reproduces", by reading and writing out of bounds, so minimal means the smallest valid call.
SMALLEST_VALID_CALL = {
    "aten.mkldnn_rnn_layer_backward--undeclared_mutation.py": "nn.LSTM(1, 1) on one step of one sample; "
    "mkldnn_rnn_layer_backward takes weights and workspace of any size for hidden_size=1",
}


def test_there_are_expect_files_for_the_known_findings():
    keys = {expectfile.load(p).key for p in FILES}
    for key in [
        ("aten::q_per_channel_scales", catalog.TENSOR_IMPL),
        ("aten::q_per_channel_zero_points", catalog.TENSOR_IMPL),
        ("aten::dequantize.self", catalog.RETURNS_INPUT),
        ("aten::_unsafe_view", catalog.STORAGE_IMPL),
        ("aten::unsafe_split.Tensor", catalog.UNDECLARED_ALIAS),
        ("aten::lift_fresh", catalog.RETURNS_INPUT),
    ]:
        assert key in keys


def _replays(path) -> int:
    """Twice for a script that makes the one-process group: a record that depends on timing (a collective's worker
    thread) differs between two runs. Once for the rest, whose record depends on the call alone (two replays of every
    file would be about a tenth of CI's 30 minutes)."""
    return 2 if "one_process_group(" in path.read_text() else 1


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_replays_identically(path):
    for _ in range(_replays(path)):
        result = expectfile.replay(path, accept=False)
        assert result.status == "same", f"{path.name}: {result.status}: {result.message}\n{expectfile.diff(result)}"


def _one_element_fewer(spec):
    """Every single shrink step on a tensor of the repro that leaves fewer elements (views' shape args follow)."""
    before = sum(t.buffer_numel for t in spec.tensors())
    for where, value in arg_leaves(spec):
        if isinstance(value, TensorSpec):
            for smaller in resized(value):
                plain = replace_leaf(spec, where, smaller)
                for candidate in (plain, _couple_shape_args(plain, where, value.shape, smaller.shape)):
                    if candidate is not None and sum(t.buffer_numel for t in candidate.tensors()) < before:
                        yield candidate


def _import_what_it_imports(path):
    """Import the modules the script imports at top level: one of torch's own packages registers a non-aten op (fsdp::)."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                importlib.import_module(alias.name)


@pytest.mark.nightly  # a shrink step per tensor element of every file, each in a fresh child: pytest -m nightly
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_repro_is_minimal(path):
    _import_what_it_imports(path)
    ef = expectfile.load(path)
    spec, invariant = ef.repro, ef.meta["invariant"]
    assert reproduces(spec, invariant)
    for t in spec.tensors():
        assert t.fill != "values" or len(t.values) <= 8, "literal values left in a repro: values were not the cause?"
    if path.name in SMALLEST_VALID_CALL:
        return
    crashes = []  # a smaller input can crash the kernel outright (native_batch_norm): that is no repro either
    for smaller in _one_element_fewer(spec):
        assert not _reproduces_isolated(smaller, invariant, crashes), f"{path.name}: still fails with fewer elements: {smaller.as_json()}"


def test_every_expect_file_is_ledgered_and_every_link_exists():
    known = ledger.load(EXPECTED / "ledger.toml")
    for path in FILES:
        entry = known.get(*expectfile.load(path).key)
        assert entry is not None, f"{path.name} has no ledger entry"
        assert entry.expect == f"expected/{path.name}"
    for entry in known.entries.values():
        if entry.expect:
            assert (EXPECTED.parent / entry.expect).exists(), entry.expect
    for op in ("aten::_unsafe_view", "aten::unsafe_split.Tensor", "aten::lift_fresh"):
        assert all(e.by_design for e in known.entries.values() if e.aten_op == op)


def test_alias_findings_suggest_the_schema_annotation():
    ef = expectfile.load(EXPECTED / "aten.dequantize.self--returns_input.py")
    assert "dequantize.self(Tensor(a) self) -> Tensor(a)" in ef.meta["suggested_fix"]
    assert ef.meta["torch_version"] and len(ef.meta["torch_git_version"]) == 40
    assert ef.meta["example"]["aten_op"] == "aten::dequantize.self"  # the un-shrunk finding


# ---------------------------------------------------------------- replay on edited records


@pytest.fixture
def copy(tmp_path):
    src = EXPECTED / "aten.q_per_channel_scales--tensorimpl_use_count.py"
    dst = tmp_path / src.name
    shutil.copy(src, dst)
    return dst


def test_changed_record_exits_nonzero_naming_the_file_and_accept_rewrites_it(copy, capsys, monkeypatch):
    text = copy.read_text()
    copy.write_text(text.replace("tensorimpl_use_count=2 python_refs", "tensorimpl_use_count=7 python_refs"))
    monkeypatch.delenv("EXPECTTEST_ACCEPT", raising=False)
    assert cli.main(["replay", str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"CHANGED: {copy}" in out and "+output 0: float64[1] tensorimpl_use_count=2" in out
    monkeypatch.setenv("EXPECTTEST_ACCEPT", "1")
    assert cli.main(["replay", str(copy)]) == 0
    assert copy.read_text() == text  # accept restores exactly what the script prints, nothing else
    monkeypatch.delenv("EXPECTTEST_ACCEPT")
    assert cli.main(["replay", str(copy)]) == 0
    assert "still failing" in capsys.readouterr().out


def test_a_folder_replays_its_expect_files_and_an_empty_one_is_one_line(copy, tmp_path, capsys):
    assert cli.main(["replay", str(copy.parent)]) == 0
    assert capsys.readouterr().out == f"still failing: {copy}\n1 still failing\n"
    (tmp_path / "empty").mkdir()
    assert cli.main(["replay", str(tmp_path / "empty")]) == 2
    assert capsys.readouterr().err == f"opprop: error: no expect files in {tmp_path / 'empty'}/\n"
    assert cli.main(["replay", "--dir", str(tmp_path / "absent")]) == 2  # the default folder, absent: the same one line
    assert capsys.readouterr().err == f"opprop: error: no expect files in {tmp_path / 'absent'}/\n"


def test_replay_in_parallel_prints_and_exits_as_one_file_after_another(tmp_path, capsys):
    """-j 2 and -j 1 agree on a folder with a changed record, a crash repro and a first file that finishes last."""
    names = ["aten.dequantize.self--returns_input.py", "aten.q_per_channel_scales--tensorimpl_use_count.py",
             "aten.q_per_channel_zero_points--tensorimpl_use_count.py", "crashes/_quantized.conv2d_prepack--crash-sigfpe.py"]
    (tmp_path / "crashes").mkdir()
    for name in names:
        shutil.copy(EXPECTED / name, tmp_path / name)
    slow = tmp_path / names[0]  # sorted first: with two at once, the second file is done before it
    slow.write_text("import time\ntime.sleep(4)\n" + slow.read_text())
    changed = tmp_path / names[1]
    changed.write_text(changed.read_text().replace("tensorimpl_use_count=2 python_refs", "tensorimpl_use_count=7 python_refs"))
    runs = {}
    for jobs in ("1", "2"):
        code = cli.main(["replay", "-j", jobs, str(tmp_path)])
        runs[jobs] = (code, capsys.readouterr())
    assert runs["2"] == runs["1"]
    code, printed = runs["2"]
    assert code == 1 and printed.out.splitlines()[-1] == "1 changed, 1 still crashes, 2 still failing"
    assert [line.split(": ")[1] for line in printed.out.splitlines() if line.split(": ")[0] in ("still failing", "CHANGED", "still crashes")] \
        == [str(tmp_path / name) for name in names]


@pytest.mark.parametrize("jobs, message", [("0", "must be at least 1, not 0"), ("-2", "must be at least 1, not -2"), ("two", "not a whole number")])
def test_a_bad_jobs_count_is_one_line(copy, capsys, jobs, message):
    assert cli.main(["replay", "-j", jobs, str(copy)]) == 2
    err = capsys.readouterr().err
    assert err == f"opprop: error: argument -j/--jobs: {message}" + ("\n" if jobs != "two" else ": 'two'\n")


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda t: t[: len(t) // 2] + "(", "not valid Python"),  # cut mid-file (the "(" keeps a cut at a name invalid)
        (lambda t: t.replace("EXPECTED = ", "RECORDED = "), "no EXPECTED block"),
        (lambda t: t.replace("'aten_op': 'aten::q_per_channel_scales'", "'aten_op': 'aten::q_scale'"), "named for another finding"),
        (lambda t: t.replace("'format': 1,", "'format': 1, 'torch_version': f'x',", 1), "not a literal"),
        (lambda t: t.replace("tensorimpl_use_count: reproduces", "all good"), "edited by hand"),
        (lambda t: t.replace("'repro': {'op'", "'repro': {'opx'"), "malformed"),
    ],
)
def test_corrupt_or_hand_edited_file_gets_one_line_naming_it(copy, capsys, edit, message):
    copy.write_text(edit(copy.read_text()))
    assert cli.main(["replay", str(copy)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(copy) in err and message in err
    assert "Traceback" not in err


def test_the_by_design_flag_and_its_reason_say_the_same():
    # the flag is the one source of "accepted for good": a reason says "by design" exactly when its entry is flagged
    known = ledger.load(EXPECTED / "ledger.toml")
    assert [(e.aten_op, e.invariant) for e in known.entries.values() if ("by design" in e.reason.lower()) != e.by_design] == []
