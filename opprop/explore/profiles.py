"""How exploration sessions run: Hypothesis settings profiles (the snapshot policy is ``check.snapshots``'s).

``ci``: few examples per op, derandomized, so all property tests together fit
CI; ``dev``: more, with the example database for ``--lf``-style replay;
``nightly``: many. A rejected example (the op refused its arguments) does not
count towards ``max_examples``.
"""
from __future__ import annotations

from hypothesis import HealthCheck, Verbosity, settings


CI_EXAMPLES = 20
PROFILES = {
    "ci": dict(max_examples=CI_EXAMPLES, derandomize=True, database=None, print_blob=True),
    "dev": dict(max_examples=100),
    "nightly": dict(max_examples=1000),
}
# Op calls are slow next to Hypothesis's expectations and many ops reject some draws: neither is a test bug.
COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large, HealthCheck.large_base_example])


# A session without a profile (check, fuzz): no deadline, no health check, every distinct failure
# reported, nothing printed. ``seed`` and ``max_examples`` come from the session.
EXPLORING = dict(deadline=None, suppress_health_check=list(HealthCheck), report_multiple_bugs=True, print_blob=False, verbosity=Verbosity.quiet)


def register() -> None:
    for name, values in PROFILES.items():
        settings.register_profile(name, **COMMON, **values)


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
    return settings(**{**COMMON, **PROFILES[name], **overrides})
