"""explore(): one target inside a worker, run in-process here."""
from opprop.fuzz.database import open_database
from opprop.fuzz.explore import explore


def test_ledgered_target_keeps_to_per_op_examples(tmp_path):
    """A ledgered op reruns its fixed samples first; with fewer examples asked than that, it must stop there, not fail."""
    found = []
    result = explore("kron", device="cpu", seconds=60, max_examples=10, seed=0, database=open_database(str(tmp_path / "db")),
                     on_example=lambda *a: None, on_finding=lambda f, n: found.append((f.aten_op, f.invariant)))
    assert result["status"] == "ran", result
    assert "error" not in result and "hypothesis_error" not in result
    assert result["stats"]["examples"] == 10
    assert ("aten::_unsafe_view", "storageimpl_use_count") in found
