"""Facts learned once per torch build (opprop/core/build_facts.py): kept, relearned when unreadable, never wrong for
want of a folder, and what lets a check of a custom op skip op_db."""
import subprocess
import sys

from opprop.check import catalog
from opprop.core import build_facts
from tests.support import runs


def test_a_fact_is_learned_once_and_read_after(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_CACHE_DIR", str(tmp_path))
    calls = []
    assert build_facts.learned("answer", lambda: calls.append(1) or 42) == 42
    assert build_facts.learned("answer", lambda: calls.append(1) or 43) == 42
    assert calls == [1]
    assert build_facts.learned("answer", lambda: 7, "OMP_NUM_THREADS=2") == 7  # another key, another fact


def test_an_unreadable_fact_is_learned_again_and_unknown_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_CACHE_DIR", str(tmp_path))
    build_facts.learned("answer", lambda: 1)
    (kept,) = tmp_path.glob("answer-*.json")
    kept.write_text('{"valu')  # a process killed mid-write by hand, or a disk error
    assert build_facts.learned("answer", lambda: 2) == 2
    assert build_facts.learned("unknown", lambda: None) is None
    assert not list(tmp_path.glob("unknown-*"))


def test_a_folder_that_cannot_be_written_costs_time_not_the_answer(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("OPPROP_CACHE_DIR", str(blocker / "below"))
    assert build_facts.learned("answer", lambda: 5) == 5


def test_only_opinfo_and_module_names_and_overloads_named_like_an_opinfo_need_op_db():
    assert catalog.needs_op_db("nn.functional.conv2d") and catalog.needs_op_db("nn.LSTM")
    assert catalog.needs_op_db("aten::abs") and catalog.needs_op_db("aten::add.Tensor")
    assert not catalog.needs_op_db("opprop_rules::shift") and not catalog.needs_op_db("aten::_fft_r2c")


def test_a_custom_op_check_never_imports_op_db_in_the_parent(tmp_path):
    """The parent preloads op_db only for a target that needs it (opprop check on a custom op: seconds sooner)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "opprop", "check", "opprop_rules::shift", "--import", "value_rule_ops",
                           "--examples", "20"], capture_output=True, text=True, env=runs.env(), timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "returns_input: opprop_rules::shift" in done.stdout
    assert "common_methods_invocations" not in done.stderr
