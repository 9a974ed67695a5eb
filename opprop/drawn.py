"""Hypothesis-drawn examples for a target: the strategy of calls, and running N of them under the checks."""
from __future__ import annotations

import time

from hypothesis import HealthCheck, given, seed as hypothesis_seed, settings
from hypothesis import strategies as st
from torch._ops import OpOverload

from . import catalog, runner, sources


def call_strategy(target, device: str = "cpu"):
    """Every source of calls for a target, simplest first.

    An OpInfo: its mutated sample inputs (generators/opinfo.py), then the
    edge-mode generators' strategies for its overload. An overload: the
    edge generators' fixed samples, the mutated samples of OpInfos named
    after it, then the edge generators' strategies.
    """
    from opprop.generators import generators_for
    from opprop.generators.opinfo import edge_generators_for, opinfo_call_strategy

    options = []
    if sources._is_module(target):
        from opprop.generators.modules import module_call_strategy

        return module_call_strategy(target, device)
    if isinstance(target, OpOverload):
        name = catalog.qualified_name(target)
        edge_samples = list(sources.edge_sample_calls(name, device))
        if edge_samples:
            options.append(st.sampled_from(edge_samples))
        for opinfo in sources.opinfos_for_overload(target):
            strategy = opinfo_call_strategy(opinfo, device)
            if strategy is not None:
                options.append(strategy)
        options += [g.strategy(device) for g in generators_for(name) if g.strategy is not None and g.available_on(device)]
    else:
        strategy = opinfo_call_strategy(target, device)
        if strategy is not None:
            options.append(strategy)
        options += [g.strategy(device) for g in edge_generators_for(target, device)]
    # Bare overloads only: an OpInfo's own samples encode validity far better than its schema does (schema
    # draws for OpInfo targets pushed conv2d's rejections from 5% to 46%).
    if isinstance(target, OpOverload):
        from opprop.generators.schema import schema_call_strategy

        schema = schema_call_strategy(target, device)
        if schema is not None:
            options.append(schema)  # schema-driven calls add to the samples and edge generators
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
