"""``opprop list``: the op catalog, with each OpInfo's reached overloads and their kinds."""
from __future__ import annotations

import json
import sys

from ..errors import EXIT_OK, check_device


def add_parser(sub):
    p = sub.add_parser("list", help="print the op catalog")
    p.add_argument("--json", action="store_true", help="JSON instead of a table")
    p.add_argument("--device", default="cpu")
    p.set_defaults(handler=cmd_list)


def cmd_list(args) -> int:
    from .. import listing

    check_device(args.device)
    rows = listing.opinfo_rows(args.device)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        for row in rows:
            print(listing.format_row(row))
    return EXIT_OK


