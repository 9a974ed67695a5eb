"""Structured indices (generators/schema_indices.py): a default 20-example ``opprop check`` reaches a bug that lives
only where offsets or lengths meet the end of the data they cut, and the controls stay silent."""

import pytest
import torch

from tests.support.runs import found_and_control_silent
from opprop.generators import schedule
from opprop.generators.schema_indices import ENDS, boundaries, segment_lengths

import structured_index_ops  # noqa: F401  (registers opprop_indices::*)


@pytest.mark.parametrize("op", ["segment_sum", "split_lengths"])
def test_a_bug_where_segments_meet_the_end_is_found_and_its_control_is_silent(op, tmp_path):
    found_and_control_silent(f"opprop_indices::{op}", "structured_index_ops", f"returns_input: opprop_indices::{op} output 0 (is_input=data)",
                             tmp_path)


def test_every_ending_of_every_structured_argument_is_a_scheduled_mode():
    rows = schedule.Schedule(torch.ops.opprop_indices.segment_sum.default).rows
    assert {row["offsets.ends"] for row in rows} == {"drawn", *ENDS}  # offsets has a name convention: drawn leads
    rows = schedule.Schedule(torch.ops.opprop_indices.split_lengths.default).rows
    assert {row["lengths.ends"] for row in rows} == set(ENDS)  # no convention: ending at the data leads
    assert "lengths.mode" not in rows[0]  # an index, not a tensor drawn in a tensor mode


@pytest.mark.parametrize("length", [0, 1, 4, 5])
def test_offsets_are_monotone_from_zero_and_lengths_sum_as_named(length):
    ends = {e: boundaries(e, length) for e in ENDS}
    for cuts in ends.values():
        assert cuts[0] == 0 and cuts == sorted(cuts)
    assert ends["at"][-1] == length and ends["empty"][-2:] == [length, length]
    assert ends["before"][-1] == max(length - 1, 0) and ends["past"][-1] == length + 1
    sums = {e: sum(segment_lengths(e, length)) for e in ENDS}
    assert sums == {"at": length, "empty": length, "before": max(length - 1, 0), "past": length + 1}
    assert segment_lengths("empty", length)[-1] == 0
    for e in ENDS:
        sizes = segment_lengths(e, length)
        assert sizes == sorted(sizes, reverse=True) and min(sizes) >= 0
