"""The use-count probe trusts itself only after known cases read right."""
import pytest
import torch

from opprop.check import compat, probe


@pytest.fixture(autouse=True)
def _revalidated():
    """Each test may plant a broken reader: the real ones are validated again after it."""
    yield
    probe.validate(force=True)


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


@pytest.mark.parametrize("off_by", [1, -1])
def test_storage_reader_one_off_refuses_to_run(monkeypatch, off_by):
    """The calibrated reader counting one too many or one too few on every case is refused."""
    real = probe.storageimpl_reader
    monkeypatch.setattr(probe, "storageimpl_reader", lambda t: real(t) + off_by)
    with pytest.raises(probe.ProbeError, match="refusing to run"):
        probe.validate(force=True)


@pytest.mark.parametrize(
    "raw, why",
    [
        (lambda t: probe._read_through_held_wrapper(t) + 2, "the wrapper would hold 3 references"),
        (lambda t: probe._read_through_held_wrapper(t) - 2, "the wrapper would hold -1 references"),
        # one too few only where the storage is shared: a constant offset cannot absorb it
        (lambda t: (lambda n: n - 1 if n > 2 else n)(probe._read_through_held_wrapper(t)), "a view of a live base"),
    ],
    ids=["plus-two", "minus-two", "short-when-shared"],
)
def test_raw_storage_reader_that_calibration_cannot_fix_refuses_to_run(monkeypatch, raw, why):
    monkeypatch.setattr(probe, "raw_storageimpl_reader", raw)
    with pytest.raises(probe.ProbeError, match="refusing to run") as e:
        probe.validate(force=True)
    assert why in str(e.value)


def test_a_reader_that_counts_a_storage_wrapper_as_a_holder_refuses_to_run(monkeypatch):
    """Read by address, a wrapper that holds a reference counts one too many: after a dropped wrapper
    on releases where it keeps its reference (2.9 on), while one is held on all; either is refused."""
    monkeypatch.setattr(probe, "storageimpl_reader", lambda t: torch._C._storage_Use_Count(torch._C._storage_address(t)))
    with pytest.raises(probe.ProbeError, match="(storage wrapper was dropped|holds its storage wrapper).*refusing to run"):
        probe.validate(force=True)


def _screen(read_at):
    return probe.calibrate_screen(read_at, torch._C._storage_address)


def test_the_real_screen_reader_calibrates_to_none_or_one_dropped_reference():
    assert _screen(torch._C._storage_Use_Count) in (0, 1)
    assert probe.calibration()["dropped_wrapper_refs"] in (0, 1)


@pytest.mark.parametrize(
    "read_at",
    [
        lambda a: torch._C._storage_Use_Count(a) + 1,  # every call would take the slow path
        lambda a: torch._C._storage_Use_Count(a) - 1,  # would clear calls the checks flag
        lambda a: min(torch._C._storage_Use_Count(a), 2),  # misses the third holder
        lambda a: torch._C._storage_Use_Count(a) + (torch._C._storage_Use_Count(a) == 2),  # one too many where two hold it
    ],
    ids=["one-too-many", "one-too-few", "capped", "extra-at-two"],
)
def test_a_wrong_screen_reader_refuses_to_run(read_at):
    with pytest.raises(probe.ProbeError, match="screen StorageImpl reader is wrong.*refusing to run"):
        _screen(read_at)


def test_a_screen_reading_another_storage_refuses_to_run():
    other = torch.empty(1)
    with pytest.raises(probe.ProbeError, match="at another StorageImpl"):
        probe.calibrate_screen(torch._C._storage_Use_Count, lambda t: torch._C._storage_address(other))


def test_calibration_takes_off_a_constant_wrapper_reference(monkeypatch):
    """A raw reader that sees no reference of a held wrapper (a release where it borrows) is calibrated, not refused."""
    monkeypatch.setattr(probe, "raw_storageimpl_reader", lambda t: probe._read_through_held_wrapper(t) - 1)
    probe.validate(force=True)
    assert probe.calibration()["held_wrapper_refs"] == 0
    assert probe.storageimpl_use_count(torch.empty(2)) == 1
    monkeypatch.undo()
    probe.validate(force=True)
    assert probe.calibration()["held_wrapper_refs"] == 1


def test_a_temporary_wrapper_read_is_the_same_either_way():
    """The reader holds the wrapper for the read, so a wrapper made and dropped before changes nothing."""
    t = torch.empty(3)
    first = probe.storageimpl_use_count(t)
    t.untyped_storage()  # made and dropped
    assert probe.storageimpl_use_count(t) == first == 1


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
    monkeypatch.setattr(probe, "validated", False)
    assert cli.main(["check", "aten::q_per_channel_scales"]) == EXIT_PROBE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refusing to run" in err


def test_the_read_only_data_pointer_before_2_13_agrees_and_copies_nothing():
    """The reading used where torch has no Tensor.const_data_ptr passes the same check as the real one."""
    compat.validate(compat._const_data_ptr_before_2_13)
    compat.validate()


@pytest.mark.parametrize(
    "reader, why",
    [
        (lambda t: t.data_ptr(), "materialized"),  # asks for write access: copies a copy-on-write storage
        (lambda t, real=compat.const_data_ptr: real(t) + 8, "reads"),  # one element off
    ],
    ids=["writable-pointer", "off-by-an-element"],
)
def test_a_wrong_data_pointer_reader_refuses_to_run(monkeypatch, reader, why):
    monkeypatch.setattr(compat, "const_data_ptr", reader)
    with pytest.raises(probe.ProbeError, match=f"{why}.*refusing to run"):
        probe.validate(force=True)
