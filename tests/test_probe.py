"""The use-count probe trusts itself only after known cases read right."""
import pytest
import torch

from opprop.check import probe


def test_known_counts():
    probe.validate(force=True)
    t = torch.empty(2)
    assert probe.tensorimpl_use_count(t) == 1
    assert probe.storageimpl_use_count(t) == 1
    v = t.view(2, 1)
    assert probe.storageimpl_use_count(t) == 2  # base and view share one StorageImpl
    del v
    assert probe.storageimpl_use_count(t) == 1
    assert probe.tensorimpl_use_count(None) == 0


def test_storage_wrapper_already_alive_is_discounted_once():
    t = torch.empty(3)
    keep = t.untyped_storage()  # a live Python storage wrapper
    assert probe.storageimpl_use_count(t) == 1
    del keep


@pytest.mark.parametrize("which", ["tensorimpl_reader", "storageimpl_reader"])
def test_broken_reader_refuses_to_run(monkeypatch, which):
    real = getattr(probe, which)
    monkeypatch.setattr(probe, which, lambda t: real(t) + 1)
    with pytest.raises(probe.ProbeError, match="refusing to run"):
        probe.validate(force=True)


def test_reader_that_raises_refuses_to_run(monkeypatch):
    def gone(t):
        raise AttributeError("'Tensor' object has no attribute '_use_count'")

    monkeypatch.setattr(probe, "tensorimpl_reader", gone)
    with pytest.raises(probe.ProbeError, match="cannot read counts"):
        probe.validate(force=True)


def test_cli_reports_broken_probe_in_one_line(monkeypatch, capsys):
    from opprop.cli import main as cli
    from opprop.cli.errors import EXIT_PROBE

    monkeypatch.setattr(probe, "tensorimpl_reader", lambda t: 7)
    monkeypatch.setattr(probe, "_validated", False)
    assert cli.main(["check", "aten::q_per_channel_scales"]) == EXIT_PROBE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refusing to run" in err
