"""``--corpus DIR`` on ``opprop check`` and ``opprop fuzz``: start each target from the calls recorded in DIR."""
from __future__ import annotations

from opprop.cli.errors import UsageError

HELP = ("start each target from the calls recorded in DIR (pytest --opprop-record DIR, opprop.checking(record=DIR)): "
        "the recorded calls first, then Hypothesis mutations of them")


def add_argument(p) -> None:
    p.add_argument("--corpus", metavar="DIR", help=HELP)


def use(args) -> None:
    """Make ``args.corpus`` the corpus of this run and of every worker it starts; a bad DIR is a one-line usage error."""
    if not args.corpus:
        return
    from opprop.inputs import corpus

    try:
        corpus.use(args.corpus)
    except (corpus.CorpusError, OSError) as e:
        raise UsageError(f"--corpus {args.corpus}: {e}") from None
