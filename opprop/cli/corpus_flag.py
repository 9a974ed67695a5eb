"""``--corpus DIR`` on ``opprop check`` and ``opprop fuzz``: start each target from the calls recorded in DIR;
and on ``opprop fuzz``, the shipped seed (``inputs/seed.py``) when no ``--corpus`` is named, unless ``--no-seed``."""
from __future__ import annotations

from opprop.cli.errors import UsageError

HELP = ("start each target from the calls recorded in DIR (pytest --opprop-record DIR, opprop.checking(record=DIR), opprop corpus): "
        "the recorded calls first, then Hypothesis mutations of them")
SEED_HELP = ("do not start from the shipped seed corpus (calls recorded from PyTorch's own tests, opprop corpus --seed-out), "
             "which opprop fuzz uses when no --corpus is named")


def add_argument(p, seed: bool = False) -> None:
    p.add_argument("--corpus", metavar="DIR", help=HELP + ("; replaces the shipped seed" if seed else ""))
    if seed:
        p.add_argument("--no-seed", action="store_true", help=SEED_HELP)


def use(args, seed: bool = False) -> dict | None:
    """Make ``args.corpus`` (or, with ``seed``, the shipped seed) the corpus of this run and of every worker it
    starts; a bad DIR is a one-line usage error. Returns what the run starts from, for its journal and summary."""
    from opprop.inputs import corpus

    if args.corpus:
        try:
            path = corpus.use(args.corpus)
        except (corpus.CorpusError, OSError) as e:
            raise UsageError(f"--corpus {args.corpus}: {e}") from None
        return {"path": path, "seed": False, "about": f"the corpus {path}"}
    if not seed or getattr(args, "no_seed", False):
        return None
    from opprop.inputs import seed as shipped

    if not shipped.available():
        return None
    return {"path": corpus.use(shipped.DIR), "seed": True, "about": shipped.one_line()}
