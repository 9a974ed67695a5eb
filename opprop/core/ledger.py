"""The ledger: known, accepted violations, each with its reason and its expect file.

One TOML file (``expected/ledger.toml``, shipped in the package as
``opprop/ledger.toml``), plus the user's own ``./expected/ledger.toml`` on
top when there is one. A finding whose (aten op, invariant) is in the ledger
is expected, unless the entry is scoped (``layouts``, ``detail``) and the
finding lies outside its scope; one that is not is new; an entry that no
longer reproduces is stale, which means the op looks fixed.
"""
from __future__ import annotations

import dataclasses
import os
import sys
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# The known torch violations, shipped as package data: in the repo a link to expected/ledger.toml.
PACKAGED = Path(__file__).parents[1] / "ledger.toml"


class LedgerError(ValueError):
    """A ledger file that cannot be read or is malformed (one-line message naming the file)."""


# Where a violation shows: through the public API (a documented torch function, Tensor method or module);
# only below ADInplaceOrView (a call under _AutoDispatchBelowADInplaceOrView, or a dispatch mode, which runs
# there), because above it autograd hands the caller a fresh TensorImpl; or only on a direct call of the
# aten overload (torch.ops.aten..., a private binding). "" in an entry not yet triaged.
VISIBLE = ("public_api", "below_ad_inplace_or_view", "direct_call")
# The exemption lists of upstream's debug checks (tools/autograd/gen_variable_type.py) an entry may match;
# opprop/core/upstream.py checks each claim against the lists themselves.
UPSTREAM_LISTS = (
    "DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE",
    "DONT_ENFORCE_TENSOR_IMPL_USE_COUNT",
    "DONT_ENFORCE_STORAGE_IMPL_USE_COUNT",
)
# Tensor layouts as a finding's described inputs name them (core/descriptions.py), for an entry's ``layouts``.
LAYOUTS = ("strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc", "jagged")


@dataclasses.dataclass(frozen=True)
class Entry:
    aten_op: str
    invariant: str
    reason: str
    expect: str = ""  # path of its expect file, relative to the repo root
    by_design: bool = False  # unsafe on purpose (_unsafe_view, lift_fresh): accepted for good
    upstream: str = ""  # issue or PR that tracks it
    found_via: str = ""  # the target (OpInfo id or overload) whose generator reaches it, when not the op itself
    upstream_exempt: str = ""  # the UPSTREAM_LISTS list that exempts the op from this check upstream, if any
    visible: str = ""  # one of VISIBLE: where the violation shows
    # The targets whose property test finds it in every run (tests/test_property.py fails when one does not:
    # the op looks fixed); found in at least 4 of the ci profile's 20 examples, so dev's and nightly's random
    # draws find it too. An entry no property test reaches stays with ``opprop replay``.
    hit_by: tuple = ()
    # Scope: the violation is known only on these inputs, so the same (op, invariant) elsewhere stays new.
    layouts: tuple = ()  # some tensor input has one of these LAYOUTS (aten::t copies only a sparse COO input)
    detail: tuple = ()  # ((name, (value, ...)), ...): the finding's detail has one of these values (outer_contract's contract)

    @property
    def key(self) -> tuple[str, str]:
        return (self.aten_op, self.invariant)

    def covers(self, inputs: dict, detail: dict) -> bool:
        """Whether a finding of this entry's (op, invariant), on these described inputs with this detail, is in scope."""
        if self.layouts and not set(_layouts(inputs)) & set(self.layouts):
            return False
        return all(detail.get(name) in values for name, values in self.detail)

    def stale_message(self, ledger_path="expected/ledger.toml") -> str:
        expect = f"delete {self.expect} and " if self.expect else ""
        return (
            f"{self.aten_op} / {self.invariant} is in the ledger but no longer reproduces: the op looks fixed; "
            f"{expect}remove its entry from {ledger_path}"
        )


def expect_file(entry: Entry) -> Path | None:
    """The entry's expect file where this checkout has it: under the working directory, else in the project the shipped
    ledger sits in (an editable install); None where neither has it (a wheel ships no expected/)."""
    if not entry.expect:
        return None
    return next((p for p in (Path(entry.expect), PACKAGED.parents[1] / entry.expect) if p.is_file()), None)


def default_path() -> Path:
    """``$OPPROP_LEDGER`` when set, else the ledger shipped with opprop."""
    env = os.environ.get("OPPROP_LEDGER")
    return Path(env) if env else PACKAGED


def default_paths() -> list[Path]:
    """The ledgers ``load()`` reads, later ones adding to (and overriding) earlier ones.

    ``$OPPROP_LEDGER`` alone when set (an empty file there shows every
    finding); otherwise the shipped ledger, then the user's own
    ``./expected/ledger.toml`` when it exists and is not the shipped one.
    """
    return [path for path, _ in _default_files()]


def _default_files() -> list[tuple]:
    """(path, its stat or None) of each of ``default_paths()``: the stat taken once serves both questions."""
    if os.environ.get("OPPROP_LEDGER"):
        return [(default_path(), None)]
    # strings and stat, not Path and resolve: ``checking()`` asks on every entry, and those cost tens of microseconds
    packaged_stat = _stat_or_none(PACKAGED)
    files = [(PACKAGED, packaged_stat)]
    user = os.path.join(os.getcwd(), "expected", "ledger.toml")
    user_stat = _stat_or_none(user)
    if user_stat is not None and not (packaged_stat is not None and os.path.samestat(user_stat, packaged_stat)):
        files.append((Path(user), user_stat))
    return files


def _stat_or_none(path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (FileNotFoundError, NotADirectoryError):  # as Path.exists(): another error is raised
        return None


@dataclasses.dataclass
class Ledger:
    path: Path
    entries: dict  # (aten_op, invariant) -> Entry

    def get(self, aten_op: str, invariant: str) -> Entry | None:
        """The entry of (op, invariant), whatever its scope: ``match`` says whether it covers a finding."""
        return self.entries.get((aten_op, invariant))

    def match(self, finding) -> Entry | None:
        """The entry that covers a finding (a ``Finding``, or its JSON form), or None: the finding is new."""
        if isinstance(finding, dict):
            aten_op, invariant, inputs, detail = (finding["aten_op"], finding["invariant"],
                                                  finding.get("inputs") or {}, finding.get("detail") or {})
        else:
            aten_op, invariant, inputs, detail = finding.aten_op, finding.invariant, finding.inputs or {}, finding.detail or {}
        entry = self.entries.get((aten_op, invariant))
        return entry if entry is not None and entry.covers(inputs, detail) else None

    def split(self, findings) -> tuple[list, list]:
        """(new findings, ledgered findings)."""
        new, known = [], []
        for f in findings:
            (known if self.match(f) is not None else new).append(f)
        return new, known

    def expected_from(self, target: str) -> list[Entry]:
        """The entries the target's property test must find (``hit_by``)."""
        return [e for _, e in sorted(self.entries.items()) if target in e.hit_by]

    def stale(self, found_keys, reached_ops) -> list[Entry]:
        """Entries whose op was reached in this run but whose violation did not show: the op looks fixed.

        Not a ``layouts`` entry: a run that reached its op need not have drawn that layout for it (a dense
        aten::t says nothing of a sparse one); its expect file's replay (opprop replay) says when it is fixed.
        """
        found_keys = set(found_keys)
        reached_ops = set(reached_ops)
        return [e for k, e in sorted(self.entries.items()) if e.aten_op in reached_ops and k not in found_keys and not e.layouts]

    def verdict(self, findings, reached_ops) -> tuple[list, list, list]:
        """(new findings, ledgered findings, stale entries): what a property test or fuzz run fails on."""
        new, known = self.split(findings)
        return new, known, self.stale([f.key for f in findings], reached_ops)


def merge(path, entries) -> list[Entry]:
    """Add entries whose (aten op, invariant) the ledger lacks; existing entries (and their reasons) win.

    An existing entry without an expect file gets the new entry's link.
    Returns the entries added or linked.
    """
    path = Path(path)
    current = load(path).entries if path.exists() else {}
    added = []
    for e in entries:
        old = current.get(e.key)
        if old is None:
            current[e.key] = e
            added.append(e)
        elif not old.expect and e.expect:
            current[e.key] = dataclasses.replace(old, expect=e.expect)
            added.append(current[e.key])
    if added:
        tmp = path.with_suffix(".toml.tmp")
        tmp.write_text(render(current.values()))
        os.replace(tmp, path)
    return added


_FIELDS = {f.name for f in dataclasses.fields(Entry)}


def load_or_empty() -> Ledger:
    """The default ledger, or, when it cannot be read, an empty one and a one-line warning on stderr.

    For reports written at the end of a run: the run's findings are not lost
    to a bad ledger file; every finding is then shown as new.
    """
    try:
        return load()
    except LedgerError as e:
        print(f"opprop: warning: {e}; every finding is reported as new", file=sys.stderr)
        return Ledger(path=None, entries={})


def load(path=None) -> Ledger:
    """One ledger file; without ``path``, every file of ``default_paths()`` merged in order."""
    if path is None:
        files = _default_files()
        entries = {}
        for one, stat in files:
            entries.update(_entries(one, stat))
        return Ledger(files[-1][0], entries)
    return Ledger(Path(path), dict(_entries(path)))  # a copy: a caller may add to its entries


def _entries(path, stat: os.stat_result | None = None) -> dict:
    """The file's entries, parsed once per version of the file (``stat``, when the caller has it): not to be changed."""
    try:
        stat = stat or os.stat(path)
    except FileNotFoundError:
        raise LedgerError(f"ledger {path} does not exist") from None
    except OSError as e:
        raise LedgerError(f"cannot read ledger {path}: {e}") from None
    # a file read before, unchanged since, is not read again: ``checking()`` loads the ledger on every entry, and real
    # code enters it per step (parsing the shipped ledger costs milliseconds, more than a small model's step). The
    # stamp has the inode too: ``merge`` and editors replace a file by renaming a new one over it.
    key, stamp = os.path.abspath(path), (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size)
    known = _PARSED.get(key)
    if known is None or known[0] != stamp:
        known = _PARSED[key] = (stamp, _parse(Path(path)))  # one version per path: a rewrite replaces its old entries
    return known[1]


_PARSED: dict = {}  # absolute path -> ((device, inode, mtime, size), entries) of the version last parsed


def _parse(path: Path) -> dict:
    """The entries of one ledger file, validated (``LedgerError`` names the file and the entry)."""
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError) as e:
        raise LedgerError(f"cannot read ledger {path}: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise LedgerError(f"ledger {path} is not valid TOML: {e}") from None
    entries = {}
    for i, raw in enumerate(data.get("known", [])):
        unknown = set(raw) - _FIELDS
        missing = {"aten_op", "invariant", "reason"} - set(raw)
        if unknown or missing:
            what = f"unknown field(s) {sorted(unknown)}" if unknown else f"missing field(s) {sorted(missing)}"
            raise LedgerError(f"ledger {path}: entry {i + 1} has {what}")
        hit_by = raw.get("hit_by", ())
        if not (isinstance(hit_by, list | tuple) and all(isinstance(t, str) and t for t in hit_by)):
            raise LedgerError(f"ledger {path}: entry {i + 1} has hit_by = {hit_by!r}, not a list of target names")
        if not isinstance(raw.get("layouts", []), list) or not isinstance(raw.get("detail", {}), dict):
            raise LedgerError(f"ledger {path}: entry {i + 1} needs layouts = [...] and detail = {{...}}")
        detail = tuple(sorted((k, tuple(v) if isinstance(v, list) else (v,)) for k, v in raw.get("detail", {}).items()))
        entry = Entry(**{**raw, "hit_by": tuple(hit_by), "layouts": tuple(raw.get("layouts", ())), "detail": detail})
        bad = [x for x in entry.layouts if x not in LAYOUTS]
        if bad:
            raise LedgerError(f"ledger {path}: {entry.aten_op} / {entry.invariant} has layouts {bad}, not among {', '.join(LAYOUTS)}")
        for field, allowed in (("visible", VISIBLE), ("upstream_exempt", UPSTREAM_LISTS)):
            value = getattr(entry, field)
            if value != "" and value not in allowed:
                raise LedgerError(
                    f"ledger {path}: {entry.aten_op} / {entry.invariant} has {field} = {value!r}, not one of {', '.join(allowed)}"
                )
        if entry.key in entries:
            raise LedgerError(f"ledger {path}: {entry.aten_op} / {entry.invariant} is listed twice")
        entries[entry.key] = entry
    return entries


def render(entries) -> str:
    """The TOML text of a ledger, sorted, so that a rewrite diffs only what changed."""
    lines = [
        "# Known violations of opprop's invariants on this torch, each accepted with its reason.",
        "# A finding listed here is expected; an entry that stops reproducing fails the run (the op looks fixed).",
        "",
    ]
    for e in sorted(entries, key=lambda e: e.key):
        lines.append("[[known]]")
        for field in ("aten_op", "invariant", "reason", "expect", "upstream", "found_via", "upstream_exempt", "visible"):
            value = getattr(e, field)
            if value or field in ("aten_op", "invariant", "reason"):
                lines.append(f"{field} = {_toml_str(value)}")
        if e.layouts:
            lines.append(f"layouts = [{', '.join(_toml_str(x) for x in e.layouts)}]")
        if e.detail:
            lines.append("detail = { " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in e.detail) + " }")
        if e.by_design:
            lines.append("by_design = true")
        if e.hit_by:
            lines.append("hit_by = [" + ", ".join(_toml_str(t) for t in e.hit_by) + "]")
        lines.append("")
    return "\n".join(lines)


def _layouts(value):
    """Every tensor layout in a finding's described inputs (lists of tensors included)."""
    if isinstance(value, dict):
        if value.get("tensor"):
            yield value.get("layout")
        else:
            for v in value.values():
                yield from _layouts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _layouts(v)


def _toml_value(values: tuple) -> str:
    """One value as itself, several as a list."""
    if len(values) == 1:
        return _toml_str(values[0])
    return "[" + ", ".join(_toml_str(v) for v in values) + "]"


def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
