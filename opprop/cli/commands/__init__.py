"""One module per ``opprop`` subcommand; each defines ``add_parser(subparsers)``."""
