"""A failure one fuzz process stores in the shared example database is the first thing another replays."""
import os
import shutil
import sys
import socket
import subprocess
import time
import zipfile
from datetime import datetime, timezone

import pytest

from tests.support.runs import keys, op, run_fuzz
from opprop.cli import main as cli
from opprop.explore.database import database_key, describe, open_database, validate

RARE = ("opprop_crashy::rare_hold", "tensorimpl_use_count")  # breaks only on length 37 of 0..200


def _find_then_replay(tmp_path, database):
    common = ["--ops", "opprop_crashy::rare_hold", "--jobs", "1", "--budget", "120", "--database", database]
    _, first = run_fuzz(tmp_path, *common, "--per-op-examples", "3000", "--seed", "0", name="finder")
    assert RARE in keys(first)
    found_at = op(first, "opprop_crashy::rare_hold")["first_seen_at_example"]["opprop_crashy::rare_hold tensorimpl_use_count"]
    assert found_at > 1  # it took a search to find
    _, second = run_fuzz(tmp_path, *common, "--per-op-examples", "1", "--seed", "1", name="replayer")
    assert RARE in keys(second)
    assert op(second, "opprop_crashy::rare_hold")["first_seen_at_example"] == {"opprop_crashy::rare_hold tensorimpl_use_count": 1}
    shrunk = next(f for f in second["findings"] if (f["aten_op"], f["invariant"]) == RARE)
    assert shrunk["inputs"]["x"]["shape"] == [37]


def test_directory_database_replays_a_stored_failure_first(tmp_path):
    _find_then_replay(tmp_path, str(tmp_path / "examples"))
    # The same one-example run without the stored failure does not find it: the database did the work.
    _, fresh = run_fuzz(tmp_path, "--ops", "opprop_crashy::rare_hold", "--jobs", "1", "--budget", "120",
                        "--per-op-examples", "1", "--seed", "1", "--database", str(tmp_path / "empty"), name="fresh")
    assert RARE not in keys(fresh)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    binary = shutil.which("redis-server")
    if binary is None:
        why = "redis-server is not installed: cannot test the shared Redis example database"
        if os.environ.get("CI"):  # CI claims to run it (.ci/run installs it): a skip there would hide that it did not
            pytest.fail(f"{why} (CI is set)", pytrace=False)
        pytest.skip(why)
    port = _free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > end or server.poll() is not None:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def test_redis_database_replays_a_stored_failure_first(tmp_path, redis_url):
    _find_then_replay(tmp_path, redis_url)


@pytest.mark.parametrize("ci, rc, outcome", [("true", 1, "1 error"), (None, 0, "1 skipped")])
def test_without_redis_server_the_redis_test_fails_under_ci_and_skips_elsewhere(tmp_path, ci, rc, outcome):
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PATH"] = str(tmp_path)  # holds no redis-server
    if ci:
        env["CI"] = ci
    run = subprocess.run([sys.executable, "-m", "pytest", __file__, "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                          "-k", "test_redis_database_replays_a_stored_failure_first"], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == rc and outcome in run.stdout.splitlines()[-1], run.stdout[-1500:]


# ---------------------------------------------------------------- the fleet's forms: several places, read-only, GitHub artifacts


def test_database_forms_open_as_hypothesis_databases():
    from hypothesis.database import DirectoryBasedExampleDatabase, GitHubArtifactDatabase, MultiplexedDatabase, ReadOnlyDatabase

    db = open_database("github:acme/nightly/opprop-examples,.opprop/examples")
    assert isinstance(db, MultiplexedDatabase)
    artifact, local = db._wrapped
    assert isinstance(artifact, ReadOnlyDatabase) and isinstance(artifact._wrapped, GitHubArtifactDatabase)  # it refuses writes unwrapped
    assert (artifact._wrapped.owner, artifact._wrapped.repo, artifact._wrapped.artifact_name) == ("acme", "nightly", "opprop-examples")
    assert isinstance(local, DirectoryBasedExampleDatabase)
    assert open_database("github:acme/nightly")._wrapped.artifact_name == "hypothesis-example-db"
    assert validate(["a", "readonly:b"]) == "a,readonly:b"  # the flag repeated: one spec, as workers are handed it
    assert describe("redis://:s3cret@cache:6379/0,dir") == "redis://:***@cache:6379/0,dir"


@pytest.mark.parametrize("spec, why", [
    ("s3://bucket/db", "not a form --database takes"),
    ("github:acme", "want github:OWNER/REPO"),
    ("github:acme/nightly/a/b", "want github:OWNER/REPO"),
    ("github:acme/nightly/bad:name", "not an artifact name"),
    ("redis://cache/0", "want redis://HOST:PORT/DB"),
    ("redis://:s3cret@cache:6379/x", "must be a number"),
    ("dir,,other", "an empty place"),
    ("readonly:", "an empty place"),
])
def test_bad_database_forms_are_one_line_and_exit_2(capsys, spec, why):
    assert cli.main(["fuzz", "--database", spec, "--list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("opprop: error: --database") and why in err
    assert "s3cret" not in err  # a secret URL is never printed


def test_multiplexed_saves_to_every_writable_place_and_fetches_from_all(tmp_path):
    """What a shard does with last night's database (read-only) beside its own: replays both, writes only its own."""
    last_night, tonight = tmp_path / "last", tmp_path / "tonight"
    open_database(str(last_night)).save(b"k", b"found last night")
    db = open_database(f"readonly:{last_night},{tonight}")
    db.save(b"k", b"found tonight")
    assert set(db.fetch(b"k")) == {b"found last night", b"found tonight"}
    assert set(open_database(str(last_night)).fetch(b"k")) == {b"found last night"}  # untouched
    assert set(open_database(str(tonight)).fetch(b"k")) == {b"found tonight"}
    db.delete(b"k", b"found last night")  # Hypothesis deletes what no longer fails: not from a read-only place
    assert set(open_database(str(last_night)).fetch(b"k")) == {b"found last night"}


def _as_github_artifact(database_dir, cwd, name):
    """``database_dir`` zipped as actions/upload-artifact zips a directory, where GitHubArtifactDatabase caches the
    artifact it downloads (``.hypothesis/github-artifacts/NAME/<time>.zip``, fresh for a day): it reads that, offline."""
    cache = cwd / ".hypothesis" / "github-artifacts" / name
    cache.mkdir(parents=True)
    stamp = datetime.now(timezone.utc).isoformat().replace(":", "_")
    with zipfile.ZipFile(cache / f"{stamp}.zip", "w") as zf:
        for path in sorted(database_dir.rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(database_dir).as_posix())


def test_a_shard_replays_last_nights_artifact_first_and_keeps_it_in_its_own_database(tmp_path):
    """The nightly workflow's form: last night's artifact (read-only) multiplexed with tonight's directory, which is uploaded."""
    last_night = tmp_path / "last-night"
    common = ["--ops", "opprop_crashy::rare_hold", "--jobs", "1", "--budget", "120"]
    _, first = run_fuzz(tmp_path, *common, "--per-op-examples", "3000", "--seed", "0", "--database", str(last_night), name="finder")
    assert op(first, "opprop_crashy::rare_hold")["first_seen_at_example"]["opprop_crashy::rare_hold tensorimpl_use_count"] > 1
    shard = tmp_path / "shard"
    shard.mkdir()
    _as_github_artifact(last_night, shard, "opprop-examples")
    _, second = run_fuzz(tmp_path, *common, "--per-op-examples", "1", "--seed", "1",
                         "--database", "github:acme/nightly/opprop-examples", "--database", "tonight", name="replayer", cwd=shard)
    assert op(second, "opprop_crashy::rare_hold")["first_seen_at_example"] == {"opprop_crashy::rare_hold tensorimpl_use_count": 1}
    assert second["database"] == "github:acme/nightly/opprop-examples,tonight"
    key = database_key("opprop_crashy::rare_hold")
    assert set(open_database(str(shard / "tonight")).fetch(key)) & set(open_database(str(last_night)).fetch(key))  # carried to tonight's upload
