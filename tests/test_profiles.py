"""The settings profiles: ``ci`` as CI runs it; those that keep failures have a database whatever was active before."""
from hypothesis import settings

from opprop.explore import profiles


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
