"""``opprop report --issue FILE``: a fuzz run's crashes and violations as minimal repros, grouped, and as upstream-ready bug reports.

FILE is a fuzz report (``opprop fuzz --report``) or a fuzz journal (one JSON
record a line; every crash it recorded counts as a raw finding); several
journals (one per shard) are merged into one report, with one set of crash
groups over all of them. Each crash
and internal-assert finding is rebuilt and shrunk in forked children, grouped
by (op it died in, signal), and its group's smallest repro is written to
``--out``. The Markdown reports, public crashes first, go to stdout (or
``--md``); ``--json`` writes the report with its ``crash_groups``, and
``--summary`` the run's Markdown summary with its crash-groups section.
Invariant findings get one report each per root cause (``violation_report``),
after the crash groups; ``--only`` names the kinds to rebuild (``crash``,
``internal_assert``, ``violation``), so a sweep's crashes and violations can be
reported without its many internal asserts.
"""
from __future__ import annotations

import json
import sys

from opprop.cli.errors import EXIT_OK, UsageError
from opprop.core.outcomes import CRASH_KINDS

VIOLATION = "violation"  # --only's name for the invariant findings, reported one per root cause


def add_parser(sub):
    p = sub.add_parser("report", help="shrink a fuzz run's crashes into grouped repros and upstream-ready bug reports")
    p.add_argument("--issue", required=True, nargs="+", metavar="FILE",
                   help="a fuzz report JSON (opprop fuzz --report) or a fuzz journal (.jsonl); several shards' journals make one report; "
                        "a ledger (expected/ledger.toml): a report per root cause of its violations")
    p.add_argument("--out", default="expected/crashes", help="where the repro files go (default expected/crashes/)")
    p.add_argument("--md", metavar="FILE.md", help="write the bug reports here instead of stdout")
    p.add_argument("--json", metavar="FILE.json", help="write the report with its crash groups here")
    p.add_argument("--summary", metavar="FILE.md", help="write the run's Markdown summary, crash groups included, here")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                   help="import MODULE first (it registers the custom ops the findings name); its source is inlined in their repros, "
                        "or, where its source never names the namespace (a C extension), they import it; "
                        "the fuzz run's own --import modules (recorded in its journal) are imported too")
    p.add_argument("--only", nargs="+", choices=(*(k.value for k in CRASH_KINDS), VIOLATION), metavar="KIND",
                   help="rebuild only these kinds of finding: crash, internal_assert, violation (internal asserts are most of "
                        "an all-ATen run's, and most of its time); without it, all three: crash groups, then a report per root "
                        "cause of the invariant findings (repro, proven fix, public reach)")
    p.add_argument("--no-frame-shrink", action="store_true",
                   help="shrink keeping op and signal only, not the native frame too (faster: no gdb run per kept candidate)")
    p.add_argument("--no-native-frame", action="store_true",
                   help="no gdb at all: group by op and signal only, with no native frame (a gdb run costs 10-20 s with libtorch's symbols)")
    p.set_defaults(handler=cmd_report)


def read_inputs(paths: list[str]) -> tuple[dict, list]:
    """(report, raw crash findings) from one report or journal, or from several shards' journals merged."""
    if len(paths) == 1:
        return read_input(paths[0])
    from opprop.reports import crash_groups
    from opprop.fuzz import journal
    from opprop.reports import fuzz_summary as summary

    try:
        records = journal.read_many(paths)  # a report JSON is refused here: merging takes the shards' journals
    except OSError as e:
        raise UsageError(f"cannot read {e.filename}: {e.strerror}") from None
    except journal.JournalError as e:
        raise UsageError(f"{e}; merging takes the shards' journals") from None
    rep = summary.build_report(records)
    rep["journal"] = " ".join(paths)
    return rep, crash_groups.journal_crash_findings(records)


def read_input(path: str) -> tuple[dict, list]:
    """(report, raw crash findings) from a report JSON or a journal, or a ledger (``.toml``: its violations, no crash);
    UsageError when it is none of them."""
    if path.endswith(".toml"):
        return _ledger_input(path), []
    from opprop.reports import crash_groups
    from opprop.reports import report as core_report
    from opprop.fuzz import journal
    from opprop.reports import fuzz_summary as summary

    try:
        with open(path) as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        try:
            rep = core_report.read(path)
        except core_report.ReportError as e:
            raise UsageError(str(e)) from None
        return rep, crash_groups.crash_findings(rep)
    try:
        records = journal.read(path)
    except journal.JournalError as e:
        raise UsageError(str(e)) from None
    if not records:
        raise UsageError(f"{path} is neither an opprop fuzz report (JSON) nor a fuzz journal (JSON lines)")
    return summary.build_report(records), crash_groups.journal_crash_findings(records)


def _ledger_input(path: str) -> dict:
    """A report whose findings are the ledger's violations, each as its expect file records it."""
    import torch

    from opprop.core import ledger as ledger_mod
    from opprop.reports import violation_report

    try:
        ledger = ledger_mod.load(path)
    except (OSError, ledger_mod.LedgerError) as e:
        raise UsageError(f"cannot read {path}: {e}") from None
    return {"findings": violation_report.ledger_findings(ledger), "torch_version": torch.__version__,
            "torch_git_version": torch.version.git_version, "imports": []}


def _violation_reports(rep: dict, imports) -> tuple[list, str]:
    """The run's invariant findings as upstream-ready reports, one per root cause (``reports.violation_report``)."""
    from opprop.core import ledger as ledger_mod
    from opprop.core.imports import definitions_for
    from opprop.reports import violation_report

    groups = violation_report.group(violation_report.violations(rep), ledger_mod.load_or_empty(), definitions=definitions_for(imports),
                                    log=lambda m: print(m, file=sys.stderr))
    rep["violation_groups"] = [g.as_json() for g in groups]
    return groups, violation_report.render_all(groups, torch_version=rep.get("torch_version") or "", git_version=rep.get("torch_git_version") or "")


def cmd_report(args) -> int:
    from opprop.reports import crash_groups, issue_report
    from opprop.core.imports import definitions_for, import_modules

    rep, findings = read_inputs(args.issue)
    imports = [*args.imports, *(m for m in rep.get("imports") or [] if m not in args.imports)]  # and the run's own --import
    import_modules(imports)
    kinds = set(args.only or (*(k.value for k in CRASH_KINDS), VIOLATION))
    findings = [f for f in findings if f.get("invariant") in kinds]
    from opprop.check import probe
    from opprop.fuzz import forked

    forked.prepare_parent()  # one intra-op thread: every call runs in a forked child
    probe.validate()
    groups = crash_groups.group(findings, args.out, definitions=definitions_for(imports),
                                log=lambda m: print(m, file=sys.stderr), keep_frame=not args.no_frame_shrink, frames=not args.no_native_frame)
    rep["crash_groups"] = [g.as_json() for g in groups]
    text = issue_report.render_all(groups, torch_version=rep.get("torch_version"), git_version=rep.get("torch_git_version"))
    header = f"# opprop: {len(groups)} crash group(s) from {len(findings)} raw crash finding(s)\n\n"
    if VIOLATION in kinds:  # and every invariant finding, one report per root cause
        violations, violation_text = _violation_reports(rep, imports)
        header += f"# opprop: {len(violations)} violation report(s), one per root cause\n\n"
        text += "\n" + violation_text
    if args.md:
        with open(args.md, "w") as fh:
            fh.write(header + text)
    else:
        sys.stdout.write(header + text)
    if args.json:
        from opprop.reports import report as core_report

        core_report.write(args.json, rep)
    if args.summary:
        from opprop.core import ledger as ledger_mod
        from opprop.reports import fuzz_summary as summary

        with open(args.summary, "w") as fh:
            fh.write(summary.render_markdown(rep, ledger_mod.load_or_empty()))
    print(f"{len(groups)} crash group(s) from {len(findings)} raw crash finding(s); "
          f"{sum(1 for g in groups if g.path)} with a repro in {args.out}/, {sum(1 for g in groups if g.reached)} public", file=sys.stderr)
    return EXIT_OK
