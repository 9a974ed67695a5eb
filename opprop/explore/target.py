"""What opprop explores: a ``Target`` (an OpInfo, an overload, an edge generator, an nn module) and where its calls come from.

Each kind of target is one ``TargetKind`` in ``KINDS``: how to find one by
name, its fixed sample calls, the Hypothesis strategies of its drawn calls,
the validity record its schema-driven draws teach, and the aten op a crash
inside it is charged to. Every command and the fuzz worker go through
``resolve`` and these, so a new kind (``nn.Module`` targets: ``MODULE``) is
one more ``TargetKind`` registered here, and nothing else branches on the kind.
"""
from __future__ import annotations

import dataclasses
import difflib
from typing import Any, Callable, Iterator

from hypothesis import strategies as st
from torch._ops import OpOverload

from opprop.check import catalog
from opprop.explore import sources
from opprop.inputs import corpus, seed, validity
from opprop.check.catalog import UnknownOp
from opprop.generators import all_edge_generators, generators_for, modules
from opprop.generators.corpus import corpus_call_strategy
from opprop.generators.opinfo import allowed_changes, edge_generators_for, opinfo_call_strategy
from opprop.generators.schema import schema_call_strategy, scheduled, unreachable_reason


@dataclasses.dataclass(frozen=True)
class TargetKind:
    """How one kind of target behaves. ``find(name)`` returns the object or None; ``names(query)`` feeds "did you mean"."""

    name: str
    find: Callable[[str], Any]
    name_of: Callable[[Any], str]
    names: Callable[[str], list]
    samples: Callable[[Any, str], Iterator]  # (obj, device) -> fixed Calls
    strategies: Callable[[Any, str, Any], list]  # (obj, device, learner or None) -> strategies, simplest first
    learner: Callable[[Any], Any] = lambda obj: None  # the validity record schema-driven draws teach, or None
    aten_op: Callable[[Any], str | None] = lambda obj: None  # the overload a crash inside the target is charged to
    unusable: Callable[[Any, str], str | None] = lambda obj, device: None  # why its generator draws no valid call, probed
    scheduled: Callable[[Any, str, Any], Any] = lambda obj, device, learner: None  # (schema strategy, one per schedule row), or None


@dataclasses.dataclass(frozen=True)
class Target:
    name: str  # "nn.functional.embedding_bag", "aten::q_per_channel_scales"
    kind: str  # a key of KINDS
    obj: Any  # the OpInfo, the OpOverload, ...

    @property
    def _kind(self) -> TargetKind:
        return KINDS[self.kind]

    def sample_calls(self, device: str = "cpu") -> Iterator:
        """The fixed calls: what ``opprop check --samples-only`` runs."""
        return self._kind.samples(self.obj, device)

    def call_strategy(self, device: str = "cpu", *, learner=None):
        """Every source of drawn calls, simplest first, or None when there is none.

        ``learner``: the validity record that steers schema-driven draws (the
        target's own by default; a frozen copy replays a past draw exactly).
        """
        options = self.call_strategies(device, learner=learner)
        return st.one_of(options) if options else None

    def call_strategies(self, device: str = "cpu", *, learner=None) -> list:
        """Every source of drawn calls, simplest first (what ``call_strategy`` chooses among)."""
        return self._kind.strategies(self.obj, device, learner)

    def learner(self):
        return self._kind.learner(self.obj)

    def scheduled_strategy(self, device: str = "cpu", *, learner=None):
        """(free, rows): the schema-driven draws, and one strategy per row of its schedule of edge modes and
        relations (``generators.schedule``), run before any other draw; None for a target without them. A row's
        calls replay in ``free``."""
        return self._kind.scheduled(self.obj, device, learner)

    def drawn_around_recorded_calls(self, device: str = "cpu") -> bool:
        """Whether an active ``--corpus`` replaces this overload's other draws with its recorded calls' (``_recorded``)."""
        return self.kind == "overload" and _recorded(self.name, device)[1]

    @property
    def aten_op(self) -> str:
        return self._kind.aten_op(self.obj) or self.name

    def unusable(self, device: str = "cpu") -> str | None:
        """Why its drawn calls cannot be valid on ``device`` (a CUDA-only OpInfo, a module without inputs), or None:
        a property test skips with it, the listing shows it."""
        return self._kind.unusable(self.obj, device)


# ---------------------------------------------------------------- OpInfo targets


def _find_opinfo(name: str):
    if "::" in name or name.startswith("aten."):
        return None  # an overload's name: no op_db import needed
    return catalog.opinfos_by_id().get(name)


def _opinfo_samples(opinfo, device: str) -> Iterator:
    yield from sources.opinfo_sample_calls(opinfo, device)
    overload = catalog.overload_from_name("aten::" + opinfo.aten_name)
    if overload is not None:
        yield from sources.edge_sample_calls(catalog.qualified_name(overload), device)


def _opinfo_strategies(opinfo, device: str, learner) -> list:
    # No schema draws: an OpInfo's own samples encode validity far better than its schema does (schema
    # draws for OpInfo targets pushed conv2d's rejections from 5% to 46%).
    options = []
    strategy = opinfo_call_strategy(opinfo, device)
    if strategy is not None:
        options.append(strategy)
    return options + [g.strategy(device) for g in edge_generators_for(opinfo, device)]


def _opinfo_aten_op(opinfo) -> str | None:
    overload = catalog.overload_from_name("aten::" + opinfo.aten_name)
    return catalog.qualified_name(overload) if overload is not None else None


OPINFO = TargetKind(
    name="opinfo",
    find=_find_opinfo,
    name_of=catalog.opinfo_id,
    names=lambda query: [] if "::" in query or query.startswith("aten.") else list(catalog.opinfos_by_id()),
    samples=_opinfo_samples,
    strategies=_opinfo_strategies,
    aten_op=_opinfo_aten_op,
    unusable=lambda opinfo, device: allowed_changes(catalog.opinfo_id(opinfo), device).unusable,
)


# ---------------------------------------------------------------- overload targets


def _find_overload(name: str):
    qualified = "::" in name or name.startswith("aten.")
    return catalog.overload_from_name(name if qualified else "aten::" + name)


def _overload_samples(op: OpOverload, device: str) -> Iterator:
    yield from sources.corpus_sample_calls(op, device)  # --corpus: the recorded calls first
    yield from sources.edge_sample_calls(catalog.qualified_name(op), device)
    for opinfo in sources.opinfos_for_overload(op):
        yield from sources.opinfo_sample_calls(opinfo, device)


def _recorded(name: str, device: str) -> tuple[list, bool]:
    """The active corpus's calls of the overload, and whether they replace its other draws: a ``--corpus`` does (an op
    with structured valid calls is drawn around them alone: schema draws rarely call it validly); a seed adds them as
    one more source beside the schema draws and their schedule (``seed.is_seed``)."""
    recorded = corpus.calls_for(name) if device == "cpu" else []
    return recorded, bool(recorded) and not seed.is_seed(corpus.active())


def _overload_strategies(op: OpOverload, device: str, learner) -> list:
    """The recorded calls' mutations (``_recorded``), the edge generators' fixed samples, the mutated samples of
    OpInfos named after it, the edge generators' strategies, then schema-driven calls."""
    name = catalog.qualified_name(op)
    recorded, replaces = _recorded(name, device)
    if replaces:
        return [corpus_call_strategy(name, op, recorded)]
    options = [corpus_call_strategy(name, op, recorded)] if recorded else []
    edge_samples = list(sources.edge_sample_calls(name, device))
    if edge_samples:
        options.append(st.sampled_from(edge_samples))
    for opinfo in sources.opinfos_for_overload(op):
        strategy = opinfo_call_strategy(opinfo, device)
        if strategy is not None:
            options.append(strategy)
    options += [g.strategy(device) for g in generators_for(name) if g.strategy is not None and g.available_on(device)]
    schema = schema_call_strategy(op, device, learner=learner)
    if schema is not None:
        options.append(schema)
    return options


def _overload_schedule(op: OpOverload, device: str, learner):
    """The schema draws' schedule, unless recorded calls replace them (``_recorded``)."""
    if _recorded(catalog.qualified_name(op), device)[1]:
        return None
    return scheduled(op, device, learner=learner)


def _overload_learner(op: OpOverload):
    if unreachable_reason(op) is not None:
        return None
    return validity.store().for_op(catalog.qualified_name(op))


def _overload_names(query: str) -> list:
    names = catalog.all_overload_names()
    return list(names) if "::" in query or query.startswith("aten.") else [n for n in names if n.startswith("aten::")]


OVERLOAD = TargetKind(
    name="overload",
    find=_find_overload,
    name_of=catalog.qualified_name,
    names=_overload_names,
    samples=_overload_samples,
    strategies=_overload_strategies,
    learner=_overload_learner,
    aten_op=catalog.qualified_name,
    scheduled=lambda op, device, learner: _overload_schedule(op, device, learner),
)


# ---------------------------------------------------------------- edge-generator targets (one generator's calls)


def _edge_strategies(generator, device: str, learner) -> list:
    if not generator.available_on(device):
        return []
    if generator.strategy is not None:
        return [generator.strategy(device)]
    count = len(list(generator.samples(device)))  # fresh samples per example: never reuse a mutated tensor
    return [st.integers(0, count - 1).map(lambda i: list(generator.samples(device))[i])] if count else []


def _edge_aten_op(generator) -> str | None:
    overload = catalog.overload_from_name(generator.targets[0]) if generator.targets else None
    return catalog.qualified_name(overload) if overload is not None else None


EDGE = TargetKind(
    name="edge",
    find=lambda name: all_edge_generators().get(name),
    name_of=lambda generator: generator.name,
    names=lambda query: list(all_edge_generators()),
    samples=lambda generator, device: generator.samples(device) if generator.available_on(device) else iter(()),
    strategies=_edge_strategies,
    aten_op=_edge_aten_op,
)


# ---------------------------------------------------------------- ModuleInfo targets (nn.LSTM: generators/modules.py)


def _module_name(name: str) -> bool:
    """``nn.LSTM``: a ModuleInfo's name (OpInfo ids of functionals are ``nn.functional.*``, so they never collide);
    asked before importing module_db, which costs seconds."""
    return name.startswith("nn.") and "." not in name[3:]


def _module_strategies(module_info, device: str, learner) -> list:
    strategy = modules.module_call_strategy(module_info, device)
    return [] if strategy is None else [strategy]


MODULE = TargetKind(
    name="module",
    find=lambda name: modules.module_infos().get(name) if _module_name(name) else None,
    name_of=lambda module_info: module_info.name,
    names=lambda query: list(modules.module_infos()) if query.startswith("nn.") else [],
    samples=modules.module_sample_calls,
    strategies=_module_strategies,
    # no aten_op: a crash inside a module is charged to the module (its name), which calls many overloads
    unusable=lambda module_info, device: modules.module_allowed(module_info.name, device).unusable,
)


KINDS: dict[str, TargetKind] = {kind.name: kind for kind in (OPINFO, MODULE, OVERLOAD, EDGE)}  # tried in this order by resolve


def resolve(name: str) -> Target:
    """The target a name names (an OpInfo id, a module ``nn.LSTM``, an overload, ``q_per_channel_scales`` for ``aten::...``);
    UnknownOp with close matches otherwise."""
    for kind in KINDS.values():
        obj = kind.find(name)
        if obj is not None:
            return Target(kind.name_of(obj), kind.name, obj)
    close = close_names(name, [n for kind in KINDS.values() for n in kind.names(name)])
    hint = f" (did you mean: {', '.join(close)}?)" if close else ""
    raise UnknownOp(f"unknown op {name!r}{hint}")


def close_names(query: str, candidates, n: int = 3, cutoff: float = 0.6) -> list:
    """The ``n`` candidates most like ``query``, each compared whole and by its bare op name.

    A bare name drops the namespace and the overload (``aten::conv2d.padding``, ``nn.functional.conv2d``: ``conv2d``),
    so ``conv2`` finds the OpInfo and the overload alike; the whole name breaks ties. One overload per op.
    """
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(query.lower())

    def ratio(text: str) -> float:
        matcher.set_seq1(text.lower())
        return matcher.ratio() if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff else 0.0

    best: dict = {}  # the op (an overload's packet, or the name) -> (score, name)
    for name in candidates:
        bare = name.partition("::")[2].partition(".")[0] if "::" in name else name.rpartition(".")[2]
        score = max(ratio(name), ratio(bare))
        if score >= cutoff:
            scored = (-score, -_whole_ratio(query, name), len(name), name)
            op = name.partition(".")[0] if "::" in name else name
            best[op] = min(best.get(op, scored), scored)
    return [scored[-1] for scored in sorted(best.values())[:n]]


def _whole_ratio(query: str, name: str) -> float:
    return difflib.SequenceMatcher(None, query.lower(), name.lower()).ratio()
