"""``opprop fuzz --write-expected``: each new finding is shrunk into an expect file (by ``opprop shrink``, in a child)."""
from tests.support.runs import keys, run_fuzz


def test_new_findings_become_expect_files(tmp_path, monkeypatch):
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    monkeypatch.setenv("OPPROP_LEDGER", str(empty))  # nothing is known, so every finding is new
    out = tmp_path / "expected"
    _, rep = run_fuzz(tmp_path, "--ops", "aten::q_per_channel_scales", "--jobs", "1", "--budget", "120",
                      "--database", str(tmp_path / "db"), "--write-expected", str(out))
    assert ("aten::q_per_channel_scales", "tensorimpl_use_count") in keys(rep)
    written = out / "aten.q_per_channel_scales--tensorimpl_use_count.py"
    assert written.exists()
    assert "'aten_op': 'aten::q_per_channel_scales'" in written.read_text()
