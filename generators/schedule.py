"""Edge modes and argument relations by rule, scheduled by a covering design before any free draw.

Every schema-driven call first draws a *plan*: a value for each mode
choice of the op (``columns``). The first ``len(rows)`` examples of a
target take the schedule's rows in order; every example after that draws
its row number freely, and with it either a row again or a free plan that
moves at most two choices off their plain value.

The rows are a one-factor covering design: row 0 is every choice's first
(plain) value, and each other value of each choice is put into rows 1..19
round robin, so within 20 examples every mode of every parameter is tried.
All tensor arguments take the same tensor mode in a row (a zero-size row is
zero-size throughout), so the arguments keep agreeing with each other.

The plan is itself a Hypothesis draw (the row number, then the free
choices), so a call replays from its choices and a failing example
shrinks towards row 0, free, plain. Each row runs as its own one-example
Hypothesis test whose row number can take one value (its other choices the
simplest, and shrinkable): Hypothesis keeps a draw's range fixed within a
test, so one test cannot step through the rows.
"""
from __future__ import annotations

from hypothesis import strategies as st

from opprop.core import quantized_engine, tensor_kinds
from opprop.generators.schema_indices import ends_for, structure_of
from opprop.generators.schema_values import rules_for
from opprop.strategies.edge_modes import INDEX_BOUNDS, MAX_MASK, OUT_RELATIONS, RELATIONS, TENSOR_MODES, mask_combinations

EDGE_FAMILY = False  # inputs for any target, not an edge-generator family (generators.registry)

MAX_ROWS = 20  # the first examples of ``opprop check`` (its --examples 20) cover every mode
FREE_SPREAD = 8  # a free draw of the row number is a row about one time in this many (rows are for the first examples)
FREE_PICKS = 2  # a free plan moves at most this many choices off their plain value
BASE = "tensors.mode"  # the tensor mode every tensor argument of a row shares; it also shapes the call's base shape
KIND = "tensors.kind"  # the tensor kind every tensor argument of a row shares: each kind the op has a kernel for has a row
# Index-like tensor arguments, by rule: these names, or a name ending in one of SUFFIXES.
INDEX_NAMES = frozenset({"index", "indices", "offsets", "target"})
INDEX_SUFFIXES = ("_index", "_indices", "_offsets")
TENSOR_TYPES = ("Tensor", "Optional[Tensor]")
# Suffixes of the choices that set one argument's value or relation: a kind row keeps out of theirs (``_rows``).
ARGUMENT_SUFFIXES = (".value", ".relation", ".bound", ".ends", ".mask", ".out_kind")
# Suffixes of the choices that are modes: what the reports count per op.
MODE_SUFFIXES = (".mode", ".relation", ".bound", ".mask", ".default", ".value", ".ends", ".out_kind")
# What an out= tensor is before the op writes it: empty (the op resizes it, as most callers pass), already the call's
# shape, that shape in other strides (transposed, channels-last where 4-d), or under the negative bit: kernels must
# resize, restride or resolve each, and some write through or return the wrong tensor instead. (Its dtype is a choice
# of its own; a sparse or quantized out= would need a row each, where the op's own kinds need them more.)
OUT_KINDS = ("empty", "sized", "transposed", "channels_last", "neg")


def is_out(arg) -> bool:
    return arg.kwarg_only and arg.alias_info is not None and arg.alias_info.is_write


def is_index(arg) -> bool:
    """Index-like: drawn as indices, never in a tensor mode; structured ones (offsets, lengths) too."""
    return arg.name in INDEX_NAMES or arg.name.endswith(INDEX_SUFFIXES) or structure_of(arg) is not None


def is_optional(arg) -> bool:
    return not is_out(arg) and (arg.default_value is not None or str(arg.real_type).startswith("Optional"))


def mask_size(arg) -> int | None:
    return arg.N if str(arg.real_type) == "List[bool]" and arg.N and arg.N <= MAX_MASK else None


def tensor_params(op) -> list:
    """The tensor arguments that take a tensor mode: plain or optional tensors, not out=, not index-like."""
    return [a for a in op._schema.arguments if str(a.real_type) in TENSOR_TYPES and not is_out(a) and not is_index(a)]


class Schedule:
    """An op's mode choices and the rows that cover them."""

    def __init__(self, op, kinds=("dense",)):
        args = list(op._schema.arguments)
        tensors = tensor_params(op)
        self.tensor_names = [a.name for a in tensors]
        self.optional = {a.name for a in args if is_optional(a)}
        # the first kind (dense where the op has a dense kernel), then every kind the dispatch table gives it a kernel
        # for (sparse, quantized, nested, a math bit): a row each, so a 20-example check calls the op on each
        self.kinds = (kinds[0], *(k for k in kinds[1:] if not tensor_kinds.kind(k).dense))
        self.first_kind = kinds[0]
        kind_column = [(KIND, self.kinds)] if tensors and len(self.kinds) > 1 else []
        relations = [(f"{a.name}.relation", RELATIONS) for a in tensors[1:]]
        single_outs = [a for a in args if is_out(a) and str(a.real_type) == "Tensor"]
        outs = [(f"{a.name}.relation", OUT_RELATIONS) for a in single_outs] + [(f"{a.name}.out_kind", OUT_KINDS) for a in single_outs]
        bounds = [(f"{a.name}.bound", INDEX_BOUNDS) for a in args
                  if is_index(a) and "Tensor" in str(a.real_type) and not is_out(a) and not structure_of(a)]
        ends = [(f"{a.name}.ends", ends_for(a)) for a in args if ends_for(a)]  # structured indices (schema_indices)
        masks = [(f"{a.name}.mask", tuple(mask_combinations(mask_size(a)))) for a in args if mask_size(a)]
        optional = [(f"{a.name}.default", (True, False)) for a in args if is_optional(a)]
        values = [(f"{a.name}.value", rules_for(a)) for a in args if rules_for(a)]  # values by rule (schema_values)
        # a packed weight's quantized engine (quantized_engine): a row each, as a row's other choices take their first value;
        # the first rows, plain but for it (a fuzz share stops its rows after REJECTED_ROWS refused ones)
        engine = [(quantized_engine.CHOICE, quantized_engine.engines())] if quantized_engine.drawn_for(op) else []
        # per argument, as free plans draw them
        self.free_columns = [(f"{n}.mode", TENSOR_MODES) for n in self.tensor_names] + masks + bounds + ends + outs + relations + values
        # as rows assign them: one tensor mode for all tensors
        self.columns = engine + ([(BASE, TENSOR_MODES)] if tensors else []) + kind_column + masks + optional + bounds + ends + outs + relations + values
        self.rows = self._rows()

    def _rows(self) -> list[dict]:
        """Row 0 plain; each other value of each column into the least-loaded row that has no value of that column
        yet, keeping a relation out of a row whose tensor mode it would hide (its argument would take no mode)."""
        items = [(name, option) for name, options in self.columns for option in options[1:]]
        # kinds last, each into a row that sets no argument's value: an op with a generic kernel is offered every kind,
        # and a value rule's row must keep the dense tensors its bug lives on (a kind row's tensor mode is moot)
        items = [item for item in items if item[0] != KIND] + [item for item in items if item[0] == KIND]
        count = 1 + min(len(items), MAX_ROWS - 1)
        assigned: list[dict] = [{} for _ in range(count)]
        for name, option in items:
            free = [r for r in range(1, count) if name not in assigned[r]]
            calm = [r for r in free if not ((name.endswith(".relation") or name == KIND) and BASE in assigned[r])]
            if name.endswith(".relation"):  # nor a row that passes an optional argument: there it shows its plain mode
                calm = [r for r in calm if name.replace(".relation", ".default") not in assigned[r]]
            if name == KIND:
                bare = [r for r in free if not any(n.endswith(ARGUMENT_SUFFIXES) for n in assigned[r])]
                calm = [r for r in bare if r in calm] or bare
            row = min(calm or free, key=lambda r: (len(assigned[r]), r))
            assigned[row][name] = option
        assigned[0] = {name: options[0] for name, options in self.columns}  # row 0: plain, every optional argument absent
        return [self._expand(row) for row in assigned]

    def _expand(self, row: dict) -> dict:
        """A row's assignments as the choices the draw makes, every unassigned mode at its plain value."""
        plan = {name: options[0] for name, options in self.columns if name not in (BASE, KIND) and not name.endswith(".default")}
        plan.update(row)
        plan.pop(KIND, None)
        mode = row.get(BASE, TENSOR_MODES[0])
        plan[BASE] = mode
        kind = row.get(KIND, self.first_kind)
        for name in self.tensor_names:
            plan[f"{name}.mode"] = mode
            plan[f"{name}.kind"] = kind  # modes shape only dense tensors
        if tensor_kinds.kind(kind).row_dtype is not None:
            plan["dtype"] = tensor_kinds.kind(kind).row_dtype  # a kind that shows only in some dtypes (a conjugate bit: complex)
        present = [n for n, v in row.items() if n.endswith(".default") and v is False]
        # an absent optional argument would take no mode: a row that gives it one passes it
        present += [f"{n}.default" for n in self.optional if f"{n}.default" not in row
                    and (mode != "plain" and n in self.tensor_names or any(c.startswith(f"{n}.") for c in row))]
        for name in present:
            plan[name] = False
            plan[name.replace(".default", ".none")] = False
        return plan

    def plan_strategy(self, learner=None, row: int | None = None):
        """A plan per call: schedule row ``row``, or (``row`` None) a row number drawn freely and with it a row
        or a free plan. A row's choices replay in the free draw (its row number is in the free range)."""
        rows, free = self.rows, self.free_columns
        spread = FREE_SPREAD * len(rows)

        @st.composite
        def plans(draw):
            r = draw(st.integers(row + 1, row + 1) if row is not None else st.integers(0, spread))
            if 1 <= r <= len(rows):
                return dict(rows[r - 1])
            plan = {name: options[0] for name, options in free}
            picks = draw(st.lists(st.integers(0, len(free) - 1), max_size=FREE_PICKS, unique=True)) if free else []
            for i in picks:
                name, options = free[i]
                allowed = learner.steered(name, options, draw) if learner is not None else list(options)
                others = [o for o in allowed if o != options[0]]
                if others:
                    plan[name] = draw(st.sampled_from(others))
            return plan

        return plans()


def modes_of(choices: dict) -> dict:
    """The mode choices among a call's choices (what the per-op table of modes counts)."""
    return {k: v for k, v in choices.items() if k.endswith(MODE_SUFFIXES)}


def tally(table: dict, modes: dict, valid: bool) -> None:
    """Count one call's modes into ``table``: "choice=value" -> [examples, valid]."""
    for choice, value in modes.items():
        counts = table.setdefault(f"{choice}={value}", [0, 0])
        counts[0] += 1
        counts[1] += int(valid)
