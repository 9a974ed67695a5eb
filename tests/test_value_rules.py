"""Values by rule (generators/schema_values.py): a default 20-example ``opprop check`` reaches a bug that lives only
at a rule's value (the additive identity, a dtype's extreme, the input's own dims), and the controls stay silent."""
import pytest
import torch

from tests.support.runs import found_and_control_silent
from opprop.generators import schedule
from opprop.generators.schema_values import DIM_LIST_RULES, SCALAR_RULES

import value_rule_ops  # noqa: F401  (registers opprop_rules::*)


@pytest.mark.parametrize("op, line", [
    ("shift", "returns_input: opprop_rules::shift output 0 (is_input=x) via opprop_rules::shift(x=float32[1, 1], offset=0.0)"),
    ("clamped", "returns_input: opprop_rules::clamped output 0 (is_input=x) via opprop_rules::clamped(x=float32[1, 1], bound=3.4028234663852886e+38)"),
    ("permuted", "returns_input: opprop_rules::permuted output 0 (is_input=x) via opprop_rules::permuted(x=float32[1, 1], dims=[0, 1])"),
    ("saturating", "undeclared_mutation: opprop_rules::saturating (argument=x, changed=data)"),  # only values past float16's range
    # past a boundary: a dim one past the last, a list longer than any rank, a negative count
    ("wrapped", "returns_input: opprop_rules::wrapped output 0 (is_input=x)"),
    ("padded", "returns_input: opprop_rules::padded output 0 (is_input=x)"),
    ("counted", "returns_input: opprop_rules::counted output 0 (is_input=x)"),
])
def test_a_bug_at_a_rules_value_is_found_and_its_control_is_silent(op, line, tmp_path):
    found_and_control_silent(f"opprop_rules::{op}", "value_rule_ops", line, tmp_path)


def test_every_rule_of_every_argument_is_a_scheduled_mode():
    op = torch.ops.opprop_rules.permuted.default
    rows = schedule.Schedule(op).rows
    assert len(rows) <= schedule.MAX_ROWS
    assert {row["dims.value"] for row in rows} == set(DIM_LIST_RULES)
    shift = schedule.Schedule(torch.ops.opprop_rules.shift.default).rows
    assert {row["offset.value"] for row in shift} == set(SCALAR_RULES)
