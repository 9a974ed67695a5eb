"""The library's own error for bad input; the command line turns it into one line and exit 2 (cli/errors.py)."""


class UsageError(Exception):
    """Bad input from the user (unknown op, bad flag, unreadable file): one line, exit 2."""
