import os
import sys

from hypothesis import settings

# The custom test ops live beside the tests.
sys.path.insert(0, os.path.dirname(__file__))

from opprop.explore import profiles  # noqa: E402

# ci is the default (fuzz under HypoFuzz); ``--hypothesis-profile dev|nightly`` (Hypothesis's pytest plugin) overrides it.
profiles.register()
settings.load_profile(profiles.default_profile())
