"""A script forked from the zygote (opprop/core/script_zygote.py) ends, prints and fails as in a fresh interpreter."""
import subprocess
import sys

import pytest

from opprop.core import script_zygote
from opprop.core.child_process import TIMED_OUT, run_script

SCRIPTS = {
    "prints": "import sys, os, torch\nprint(__name__, os.path.basename(sys.argv[0]), os.path.basename(os.getcwd()), torch.get_num_threads())\n",
    "exits": "import sys\nprint('before')\nsys.exit(3)\n",
    "raises": "raise ValueError('no such thing')\n",
    "dies": "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
    "reads_stdin": "import sys\nprint(repr(sys.stdin.read()))\n",
    "exits_with_text": "raise SystemExit('said why')\n",
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_forked_script_ends_as_a_fresh_interpreter_does(name, tmp_path):
    folder = tmp_path / "here"
    folder.mkdir()
    path = folder / f"{name}.py"
    path.write_text(SCRIPTS[name])
    fresh, forked = run_script(path), script_zygote.run_script_forked(path)
    assert (forked.returncode, forked.stdout) == (fresh.returncode, fresh.stdout)
    assert fresh.stderr.strip().splitlines()[-1:] == forked.stderr.strip().splitlines()[-1:]


def test_a_script_past_its_deadline_is_killed_and_the_zygote_runs_the_next(tmp_path):
    slow, quick = tmp_path / "slow.py", tmp_path / "quick.py"
    slow.write_text("import time\ntime.sleep(60)\n")
    quick.write_text("print('done')\n")
    assert script_zygote.run_script_forked(slow, timeout=1).returncode == TIMED_OUT
    assert script_zygote.run_script_forked(quick).stdout == "done\n"


def test_a_dead_zygote_is_answered_by_a_fresh_interpreter_then_started_again(tmp_path):
    path = tmp_path / "quick.py"
    path.write_text("print('done')\n")
    zygote = script_zygote.Zygote()
    try:
        assert zygote.run(path).stdout == "done\n"
        zygote._proc.kill()
        zygote._proc.wait()
        assert zygote.run(path).stdout == "done\n"  # a fresh interpreter's answer, or a new zygote's: the same
        assert zygote.run(path).stdout == "done\n"
    finally:
        zygote.close()


def test_the_zygote_has_imported_nothing_of_opprop(tmp_path):
    path = tmp_path / "modules.py"
    path.write_text("import sys\nprint(sorted(m for m in sys.modules if m.startswith(('opprop', 'hypothesis'))))\n")
    assert script_zygote.run_script_forked(path).stdout == "[]\n"
    assert subprocess.run([sys.executable, str(path)], capture_output=True, text=True).stdout == "[]\n"
