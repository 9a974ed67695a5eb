"""How exploration sessions run: Hypothesis settings profiles (the snapshot policy is ``check.snapshots``'s).

``ci``: few examples per op, derandomized, so all property tests together fit
CI; ``dev``: more, with the example database for ``--lf``-style replay;
``nightly``: many; ``fuzz``: what HypoFuzz (``hypothesis fuzz``) needs, and
the default under it: it refuses derandomized tests and keeps its corpus in
the example database. A rejected example (the op refused its arguments) does
not count towards ``max_examples``.

A profile that keeps failures names its database and ``derandomize`` itself,
never inheriting them from whatever profile was active when it was
registered (PyTorch's ``common_utils`` loads one with no database on import).
Its database is ``$OPPROP_DATABASE`` (any ``--database`` form: a directory,
Redis, a GitHub artifact, several) or Hypothesis's own directory,
``.hypothesis/examples``.
"""
from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, Verbosity, settings


CI_EXAMPLES = 20
DATABASE_ENV = "OPPROP_DATABASE"
PROFILES = {
    "ci": dict(max_examples=CI_EXAMPLES, derandomize=True, database=None, print_blob=True),
    "dev": dict(max_examples=100, derandomize=False),
    "nightly": dict(max_examples=1000, derandomize=False),
    "fuzz": dict(max_examples=1000, derandomize=False),  # HypoFuzz runs until stopped: max_examples is moot
}
KEEPS_FAILURES = ("dev", "nightly", "fuzz")
# Op calls are slow next to Hypothesis's expectations and many ops reject some draws: neither is a test bug.
COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large, HealthCheck.large_base_example])


# A session without a profile (check, fuzz): no deadline, no health check, every distinct failure
# reported, nothing printed. ``seed`` and ``max_examples`` come from the session.
EXPLORING = dict(deadline=None, suppress_health_check=list(HealthCheck), report_multiple_bugs=True, print_blob=False, verbosity=Verbosity.quiet)


def keeping_database():
    """The database of the profiles that keep failures: ``$OPPROP_DATABASE``, else Hypothesis's default directory."""
    from opprop.explore.database import open_database

    return open_database(os.environ.get(DATABASE_ENV) or os.path.abspath(os.path.join(".hypothesis", "examples")))


def register() -> None:
    database = keeping_database()  # one object: HypoFuzz wants every test's database to be the active profile's
    for name, values in PROFILES.items():
        settings.register_profile(name, **COMMON, **values, **({"database": database} if name in KEEPS_FAILURES else {}))


def default_profile() -> str:
    """``fuzz`` under HypoFuzz (which skips derandomized tests and needs a database), else ``ci``."""
    detection = sys.modules.get("hypofuzz.detection")  # imported by ``hypothesis fuzz`` in every process it starts
    return "fuzz" if detection is not None and detection.in_hypofuzz_run() else "ci"


def load(name: str) -> None:
    """Register opprop's profiles and load ``name``, after PyTorch's test utilities have had their say.

    Importing ``torch.testing._internal.common_utils`` (``catalog.op_db()``
    does) registers PyTorch's own ``dev`` (10 examples) and loads it, or
    ``pytorch_ci`` (50) under ``CI``: imported here first, it cannot do so
    after the profile is chosen, and ours replace its ``dev``.
    """
    import torch.testing._internal.common_utils  # noqa: F401  (its import-time load_profile happens now)

    register()
    settings.load_profile(name)


def settings_for(name: str, **overrides) -> settings:
    kept = {"database": keeping_database()} if name in KEEPS_FAILURES and "database" not in overrides else {}
    return settings(**{**COMMON, **PROFILES[name], **kept, **overrides})
