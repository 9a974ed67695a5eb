"""``pytest --opprop``: every test's call phase under ``opprop.checking()``, a summary at the end.

Registered as a ``pytest11`` entry point and off unless asked for.
``--opprop`` (or ``--opprop=report``) reports; ``--opprop=fail`` also fails
a test that made a new (unledgered) finding. ``--opprop-report FILE``
writes JSON; ``--opprop-write-expected DIR`` shrinks each new finding into
an expect file from the ATen-level call captured when it happened.
``--opprop-record DIR`` also writes each distinct ATen-level call the tests
made into the corpus DIR (one file per process), for ``--corpus DIR``. Under
pytest-xdist each worker sends its findings to the controller, which
merges, summarizes and writes.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

MODES = ("report", "fail")


def pytest_addoption(parser):
    group = parser.getgroup("opprop", "opprop: ownership and aliasing invariants at every ATen op the tests run")
    group.addoption(
        "--opprop",
        nargs="?",
        const="report",
        default=None,
        metavar="MODE",
        help="run every test under opprop's checks: 'report' (the default) summarizes findings at the end; "
        "'fail' also fails a test that made a new (unledgered) finding",
    )
    group.addoption("--opprop-report", metavar="FILE", help="write the findings as JSON to FILE (implies --opprop)")
    group.addoption(
        "--opprop-write-expected",
        metavar="DIR",
        help="shrink each new finding into an expect file in DIR, from the ATen call captured when it happened (implies --opprop)",
    )

    group.addoption(
        "--opprop-engine",
        choices=("native", "python"),
        default=None,
        help="the engine that checks the tests (default: checking()'s own, the native engine where it builds and the "
        "run neither records nor writes expect files, else the Python mode)",
    )
    group.addoption(
        "--opprop-record",
        metavar="DIR",
        help="write each distinct ATen-level call the tests make into the corpus DIR, for opprop check/fuzz --corpus DIR (implies --opprop)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """``--opprop tests/x.py``: a bare ``--opprop`` before a path means report (argparse would take the path as MODE)."""
    for i, arg in enumerate(args):
        if arg == "--opprop" and (i + 1 == len(args) or args[i + 1] not in MODES):
            args[i] = "--opprop=report"


def pytest_configure(config):
    mode = config.getoption("opprop")
    if mode is None and (config.getoption("opprop_report") or config.getoption("opprop_write_expected")
                         or config.getoption("opprop_record")):
        mode = "report"
    if mode is None:
        return
    if mode not in MODES:
        raise pytest.UsageError(f"--opprop={mode}: MODE is one of {', '.join(MODES)} (plain --opprop means report)")
    from opprop.core import ledger

    try:
        known = ledger.load()
    except ledger.LedgerError as e:
        raise pytest.UsageError(f"opprop: {e}") from None
    config.pluginmanager.register(OppropSession(config, mode, known), "opprop-session")


class OppropSession:
    """What one pytest process (controller or xdist worker) checks and collects."""

    def __init__(self, config, mode: str, known):
        self.config = config
        self.mode = mode
        self.ledger = known
        self.write_dir = config.getoption("opprop_write_expected")
        self.report_path = config.getoption("opprop_report")
        self.records: list[dict] = []  # per (test, aten op, invariant): the first finding, with a count
        self.internal_errors: list[dict] = []  # opprop failed to check a call (the test ran on unchanged), per test
        self.tests_checked = 0
        self.captured: set = set()  # (aten op, invariant) whose call this process already keeps
        self.definitions: dict = {}  # namespace -> source file registering it (custom ops' repros)
        self.log: list[str] = []
        self.slower_because: set[str] = set()  # why a process checked more slowly: one whole line per reason
        self.engine = config.getoption("opprop_engine")
        self.recorder = None  # --opprop-record: one corpus file for every test of this process
        if config.getoption("opprop_record"):
            from opprop.inputs.recording import CorpusRecorder

            self.recorder = CorpusRecorder(config.getoption("opprop_record"))

    def _note_slower(self, found) -> None:
        """Why this test was checked the slow way, said once per reason for the whole run (never silently)."""
        from opprop.check import hot_path, native_engine

        if (found.engine_why or "").startswith(native_engine.UNAVAILABLE):
            self.slower_because.add(f"{found.engine_why}; the Python mode did the same checks, slower")
        if found.engine_used == "python" and hot_path.module is None and hot_path.why_not:
            self.slower_because.add(f"compiled hot path unavailable ({hot_path.why_not}); the Python path did the same checks, slower")

    # ------------------------------------------------------------ per test

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        from opprop.checking_context import checking

        found = checking(ledger=self.ledger, capture_calls=bool(self.write_dir), record=self.recorder, engine=self.engine)
        try:
            with found:
                result = yield
        finally:
            self.tests_checked += 1
            self._note_slower(found)
            self._keep(item.nodeid, found.findings)
            self.internal_errors.extend(dict(e.as_json(), test=item.nodeid) for e in found.internal_errors)
        new = found.new
        if new and self.mode == "fail":
            pytest.fail(checking.report(new), pytrace=False)
        return result

    def _keep(self, test: str, findings) -> None:
        by_key: dict = {}
        for f in findings:
            rec = by_key.get((f.key, f.known))  # a scoped ledger entry can know one finding of a key and not another
            if rec is None:
                rec = by_key[(f.key, f.known)] = dict(f.as_json(), test=test, count=0)
                rec.pop("call", None)
                rec.pop("occurrences", None)  # "count" holds them: every call site's
                self.records.append(rec)
            rec["count"] += f.occurrences
            if f.call is not None and f.key not in self.captured:  # one captured call per new (op, invariant)
                self.captured.add(f.key)
                rec["call"] = f.call.as_json()
                self._add_definition(rec)

    def _add_definition(self, rec: dict) -> None:
        """For a custom op: the source file (under the rootdir) that registers its namespace, inlined in its repro."""
        namespace = rec["aten_op"].split("::")[0]
        if namespace == "aten":
            return
        if namespace not in self.definitions:
            from opprop.core.imports import definitions_for

            root = str(self.config.rootpath) + os.sep
            local = [
                name for name, m in list(sys.modules.items())
                if (getattr(m, "__file__", None) or "").startswith(root) and "site-packages" not in m.__file__
            ]
            self.definitions.update({ns: p for ns, p in definitions_for(local).items() if ns not in self.definitions})
        if namespace in self.definitions:
            rec["definition"] = self.definitions[namespace]

    # ------------------------------------------------------------ xdist: workers send, the controller merges

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        sent = getattr(node, "workeroutput", {}).get("opprop")
        if sent:
            data = json.loads(sent)
            self.records.extend(data["records"])
            self.internal_errors.extend(data["internal_errors"])
            self.tests_checked += data["tests_checked"]
            self.slower_because.update(data.get("slower_because", ()))

    # ------------------------------------------------------------ the end

    def pytest_sessionfinish(self, session):
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: the controller reports
            workeroutput["opprop"] = json.dumps(
                {"records": self.records, "internal_errors": self.internal_errors, "tests_checked": self.tests_checked,
                 "slower_because": sorted(self.slower_because)}
            )
            return
        if self.write_dir:
            self._write_expected()
        if self.report_path:
            Path(self.report_path).write_text(json.dumps(self.report(), indent=1, default=str) + "\n")
            self.log.append(f"JSON report written to {self.report_path}")

    def summary(self) -> list[dict]:
        """One row per (aten op, invariant, verdict): calls, tests, the first test (by id) that hit it, and the ledger's verdict
        (a scoped entry, ``layouts`` or ``detail``, knows some findings of its key and not others: those get a row each)."""
        rows: dict = {}
        for rec in self.records:
            key = (rec["aten_op"], rec["invariant"], rec["known"])
            row = rows.get(key)
            if row is None:
                row = rows[key] = {
                    "aten_op": key[0], "invariant": key[1], "known": rec["known"], "reason": rec["reason"],
                    "count": 0, "tests": 0, "first_test": rec["test"], "where": rec["where"], "example": rec,
                }
            row["count"] += rec["count"]
            row["tests"] += 1
            if rec["test"] < row["first_test"]:
                row.update(first_test=rec["test"], where=rec["where"], example=rec)
        return [rows[k] for k in sorted(rows, key=lambda k: (rows[k]["known"], k))]

    def report(self) -> dict:
        import torch

        return {
            "mode": self.mode,
            "torch_version": torch.__version__,
            "tests_checked": self.tests_checked,
            "summary": [{k: v for k, v in row.items() if k != "example"} for row in self.summary()],
            "findings": self.records,
            "internal_errors": self.internal_errors,
        }

    def _write_expected(self) -> None:
        """The new findings' captured calls, shrunk into expect files by the one route (``regressions.write_expected``)."""
        from opprop.check.findings import Finding
        from opprop.reduce import regressions

        definitions = {r["aten_op"].split("::")[0]: r["definition"] for r in self.records if r.get("definition")}
        with_calls = sorted(self.records, key=lambda r: "call" not in r)  # a key's captured call before its other records
        provenance = {(r["aten_op"], r["invariant"]): {k: v for k, v in r.items() if k != "call"} for r in reversed(with_calls)}
        regressions.write_expected([Finding.from_json(r) for r in with_calls], self.write_dir, ledger=self.ledger, captured_only=True,
                                   definitions=definitions, provenance=provenance, log=self.log.append)

    def pytest_terminal_summary(self, terminalreporter):
        if getattr(self.config, "workeroutput", None) is not None:
            return
        rows = self.summary()
        tr = terminalreporter
        tr.section("opprop")
        new = [r for r in rows if not r["known"]]
        calls = sum(r["count"] for r in rows)
        tr.write_line(
            f"{self.tests_checked} test(s) checked; {calls} finding(s) in {len(rows)} (aten op, invariant) pair(s): "
            f"{len(new)} new, {len(rows) - len(new)} known"
        )
        for r in rows:
            status = "known" if r["known"] else "NEW"
            tr.write_line(f"{status:5} {r['aten_op']} / {r['invariant']}: {r['count']} call(s) in {r['tests']} test(s); first {r['first_test']} ({r['where']})")
        if self.internal_errors:  # opprop's own failures: the tests ran on unchanged, those calls went unchecked
            by_error: dict = {}
            for e in self.internal_errors:
                by_error.setdefault((e["aten_op"], e["stage"], e["error"]), []).append(e["test"])
            tr.write_line(f"{len(self.internal_errors)} opprop internal error(s): those calls ran unchecked (tracebacks in --opprop-report)")
            for (op, stage, error), tests in by_error.items():
                tr.write_line(f"ERROR {op} ({stage}): {error}: {len(tests)} call(s); first {min(tests)}")
        for why in sorted(self.slower_because):  # once per reason, for the whole run
            tr.write_line(f"opprop: {why}")
        for line in self.log:
            tr.write_line(line)
