import os
import sys

import pytest

# The custom test ops live beside the tests.
sys.path.insert(0, os.path.dirname(__file__))

from opprop.explore import profiles  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """ci is the default profile (fuzz under HypoFuzz); Hypothesis's own pytest_configure, which runs after this one, loads
    ``--hypothesis-profile dev|nightly`` over it (``profiles.load`` keeps PyTorch's test utilities from
    loading theirs later)."""
    profiles.load(profiles.default_profile())
