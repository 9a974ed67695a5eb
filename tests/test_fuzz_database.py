"""A failure one fuzz process stores in the shared example database is the first thing another replays."""
import os
import shutil
import sys
import socket
import subprocess
import time

import pytest

from fuzz_helpers import keys, op, run_fuzz

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
