"""The ``opprop`` command line: check, list (and later fuzz, shrink, replay).

Bad input gets one line on stderr and exit status 2; never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_PROBE = 3  # the use-count probe cannot be trusted on this torch


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not usage + traceback
        raise UsageError(message)


def _add_check(sub):
    p = sub.add_parser("check", help="run one op under the invariant checks and print its findings")
    p.add_argument("op", help="OpInfo name (nn.functional.embedding_bag) or overload (aten::q_per_channel_scales)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--json", metavar="FILE", help="write the JSON report here")
    p.add_argument("--snapshot-data", choices=("schema", "all"), default="all", help="which inputs get a data snapshot for the mutation check")
    p.set_defaults(handler=cmd_check)


def _add_list(sub):
    p = sub.add_parser("list", help="print the op catalog")
    p.add_argument("--json", action="store_true", help="JSON instead of a table")
    p.add_argument("--device", default="cpu")
    p.set_defaults(handler=cmd_list)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="opprop", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _add_check(sub)
    _add_list(sub)
    return parser


def _check_device(device: str) -> None:
    import torch

    try:
        dev = torch.device(device)
    except RuntimeError:
        raise UsageError(f"unknown device {device!r}") from None
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise UsageError("device 'cuda' asked for, but torch sees no CUDA device")


def cmd_check(args) -> int:
    from . import catalog, probe, report, runner, sources

    _check_device(args.device)
    try:
        target = catalog.resolve(args.op)
    except catalog.UnknownOp as e:
        raise UsageError(str(e)) from None
    probe.validate()
    name = sources.target_name(target)
    findings: dict = {}
    stats, _ = runner.run_calls(name, sources.sample_calls(target, args.device), snapshot_data=args.snapshot_data, findings=findings)
    all_stats = [stats]
    found = runner.unique_findings(findings)
    for f in found:
        print(f.one_line())
    for s in all_stats:
        print(f"{s.name}: {s.examples} examples, {s.valid} valid, {s.errors} rejected, {s.seconds:.2f} s, {len(s.reached)} aten overloads reached")
    print(f"{len(found)} finding(s)")
    if args.json:
        report.write(args.json, report.build(found, all_stats, args.device))
    return EXIT_OK


def cmd_list(args) -> int:
    from . import listing

    _check_device(args.device)
    rows = listing.opinfo_rows(args.device)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for row in rows:
            print(listing.format_row(row))
    return EXIT_OK


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.handler(args)
    except UsageError as e:
        print(f"opprop: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as e:
        from .probe import ProbeError

        if isinstance(e, ProbeError):
            print(f"opprop: error: {e}", file=sys.stderr)
            return EXIT_PROBE
        raise
    except KeyboardInterrupt:
        print("opprop: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
