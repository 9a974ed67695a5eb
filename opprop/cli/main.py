"""The ``opprop`` command line. Each subcommand is a module in ``opprop/cli/commands``.

Bad input gets one line on stderr and exit status 2; never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import warnings

from opprop.check import engines
from opprop.cli import commands
from opprop.cli.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_PROBE, UsageError


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, not usage + traceback
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="opprop", description="OpInfo-driven property tests for PyTorch operators' invariants")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        importlib.import_module(f"{commands.__name__}.{info.name}").add_parser(sub)
    return parser


def main(argv=None) -> int:
    # Ops warn about deprecations by the hundred; findings are what the user reads.
    warnings.simplefilter("ignore")
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        engines.engine()  # a bad OPPROP_ENGINE is one line and exit 2 before any command runs (run_call asks too)
        return args.handler(args)
    except UsageError as e:
        print(f"opprop: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except KeyboardInterrupt:
        print("opprop: interrupted", file=sys.stderr)
        return 130
    except Exception as e:
        from opprop.check.probe import ProbeError

        if isinstance(e, ProbeError):
            print(f"opprop: error: {e}", file=sys.stderr)
            return EXIT_PROBE
        raise
