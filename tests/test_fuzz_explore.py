"""fuzz_target(): one target's share of a fuzz run, as a worker runs it, run in-process here."""
from opprop.explore.database import open_database
from opprop.fuzz.worker import fuzz_target


def test_ledgered_target_keeps_to_per_op_examples(tmp_path):
    """A ledgered op reruns its fixed samples first; with fewer examples asked than that, it must stop there, not fail."""
    found = []
    result = fuzz_target("kron", device="cpu", seconds=60, max_examples=10, seed=0, database=open_database(str(tmp_path / "db")),
                         on_example=lambda *a: None, on_finding=lambda f, n: found.append(f))
    assert result["status"] == "ran", result
    assert "error" not in result and "hypothesis_error" not in result
    assert result["stats"]["examples"] == 10
    assert ("aten::_unsafe_view", "storageimpl_use_count") in {f.key for f in found}
    # each finding keeps its ATen call and the fixed sample that reached it
    f = next(f for f in found if f.key == ("aten::_unsafe_view", "storageimpl_use_count"))
    assert f.call is not None and f.call.op == "aten::_unsafe_view"
    assert f.replay["target"] == "kron" and isinstance(f.replay["sample"], int)
