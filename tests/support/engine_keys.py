"""What the native engine and the Python mode must agree on, finding by finding (the differential tests' one key)."""
import collections


def finding_key(f) -> tuple:
    """Op, invariant, output and the detail, except a use count's number.

    A count is compared only as "above one": the Python mode reads it through a
    Python wrapper and corrects for the references it can see (lift_fresh, which
    hands back its input: 3 there, 2 from the C++ holders alone).
    """
    detail = tuple(sorted((k, str(v)) for k, v in f.detail.items() if k not in ("use_count", "storage_use_count")))
    return (f.aten_op, f.invariant, f.output_index, detail)


def counted(findings) -> collections.Counter:
    """Each finding's key, as often as it was made (a repeat is counted on its first record)."""
    found = collections.Counter()
    for f in findings:
        found[finding_key(f)] += f.occurrences
    return found
