"""The Hypothesis profile the README promises is the one property tests run, whatever PyTorch's test utilities load.

Counted by Hypothesis itself: its observability log (one line per test case)
in a pytest run of one cheap property test, in a fresh interpreter.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from opprop.explore import profiles

REPO = Path(__file__).resolve().parents[1]
CHEAP = "test_property_abs_cpu"  # abs draws a valid call almost every time, from a space far larger than 100


def examples_run(tmp_path, *args, ci: bool) -> int:
    """How many valid examples the property test ran (Hypothesis's count of passing test cases)."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(HYPOTHESIS_EXPERIMENTAL_OBSERVABILITY_NOCOVER="1", HYPOTHESIS_STORAGE_DIRECTORY=str(tmp_path))
    if ci:
        env["CI"] = "true"  # PyTorch's common_utils then loads its pytorch_ci profile (50 examples)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_property.py", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
         "-k", CHEAP, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    cases = [json.loads(line) for log in (tmp_path / "observed").glob("*testcases.jsonl") for line in log.read_text().splitlines()]
    assert len({c["property"] for c in cases}) == 1, "expected the property test's own examples only"
    return sum(c["status"] == "passed" for c in cases)


@pytest.mark.parametrize("ci", [False, True], ids=["local", "CI=true"])
def test_ci_profile_runs_its_examples(tmp_path, ci):
    assert examples_run(tmp_path, ci=ci) == profiles.CI_EXAMPLES == 20


def test_hypothesis_profile_option_is_obeyed(tmp_path):
    assert examples_run(tmp_path, "--hypothesis-profile", "dev", ci=False) == profiles.PROFILES["dev"]["max_examples"] == 100



def test_profiles_that_keep_failures_name_their_database_whatever_profile_was_active():
    """PyTorch's common_utils loads a profile with no database on import; a profile registered then must not inherit it."""
    before = settings._current_profile
    settings.register_profile("opprop-test-no-database", derandomize=True, database=None, max_examples=10)
    settings.load_profile("opprop-test-no-database")
    try:
        profiles.register()
        for name in profiles.KEEPS_FAILURES:  # what HypoFuzz needs: it skips derandomized tests and listens to the database
            p = settings.get_profile(name)
            assert p.database is not None and not p.derandomize, name
        assert settings.get_profile("fuzz").database == settings.get_profile("nightly").database
        ci = settings.get_profile("ci")
        assert (ci.derandomize, ci.max_examples, ci.database) == (True, profiles.CI_EXAMPLES, None)
        assert profiles.settings_for("nightly").database is not None
    finally:
        profiles.register()
        settings.load_profile(before)


def test_the_database_of_those_profiles_is_opprop_database(monkeypatch, tmp_path):
    monkeypatch.setenv(profiles.DATABASE_ENV, f"{tmp_path / 'mine'},readonly:{tmp_path / 'fleet'}")
    db = profiles.settings_for("dev").database
    db.save(b"k", b"v")
    assert (tmp_path / "mine").is_dir() and not (tmp_path / "fleet").exists()
