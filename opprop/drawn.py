"""Hypothesis-drawn examples for a target: the strategy of calls, and running N of them under the checks."""
from __future__ import annotations

import time

from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
from hypothesis import strategies as st
from torch._ops import OpOverload

from . import catalog, runner, sources


def call_strategy(target, device: str = "cpu"):
    """Every source of calls for a target, simplest first: fixed samples, then edge-mode generators' strategies."""
    from opprop.generators import generators_for

    options = []
    samples = list(sources.sample_calls(target, device))
    if samples:
        options.append(st.sampled_from(samples))
    if isinstance(target, OpOverload):
        names = [catalog.qualified_name(target)]
    else:
        overload = catalog.overload_from_name("aten::" + target.aten_name)
        names = [catalog.qualified_name(overload)] if overload is not None else []
    for name in names:
        for g in generators_for(name):
            if g.strategy is not None and g.available_on(device):
                options.append(g.strategy(device))
    if not options:
        return None
    return st.one_of(options)


def run_drawn(target, device: str, *, examples: int, seed: int, snapshot_data: str = "schema", findings=None, database=None):
    """Draw ``examples`` calls and run each under the checks; record, never stop at a finding."""
    strategy = call_strategy(target, device)
    if strategy is None:
        return None
    name = sources.target_name(target) + " (drawn)"
    stats = runner.OpStats(name)
    findings = {} if findings is None else findings

    @hypothesis_seed(seed)
    @settings(max_examples=examples, database=database, deadline=None, suppress_health_check=list(HealthCheck), derandomize=False)
    @given(strategy)
    def explore(call):
        start = time.perf_counter()
        result = runner.run_call(call, snapshot_data=snapshot_data)
        stats.add(result, time.perf_counter() - start)
        for f in result.findings:
            findings.setdefault((f.aten_op, f.invariant, f.output_index), f)

    explore()
    return stats
