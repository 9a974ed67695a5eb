"""The package as users get it: a wheel built from the checkout, installed into a fresh virtual environment in another
directory, where ``opprop check`` runs (and builds its compiled hot path from the packaged source). That build goes
into a cache that already holds this environment's module: two environments keep one build each, and neither
rebuilds the other's.

The new environment reads this one's dependencies through a .pth file (torch is gigabytes), and ``pip check`` holds
the wheel's declared requirements to them; opprop itself is only the wheel's.
"""
import os
import shutil
import site
import subprocess
import sys
import venv

from opprop.check import extension_build, hot_path

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_built_wheel_installs_elsewhere_and_checks_an_op(tmp_path):
    dist = tmp_path / "dist"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), REPO],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = dist.glob("opprop-*.whl")
    env = tmp_path / "fresh"
    venv.create(env, with_pip=False)
    python = str(env / "bin" / "python")
    target = subprocess.run([python, "-c", "import site; print(site.getsitepackages()[0])"], capture_output=True, text=True).stdout.strip()
    with open(os.path.join(target, "dependencies.pth"), "w") as fh:  # this environment's packages, not its opprop
        fh.write("\n".join(site.getsitepackages()) + "\n")
    # (no deps: they are this environment's; forced: its own opprop, an editable install, is visible through the .pth)
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--no-index", "--no-deps", "--force-reinstall",
                                "-q", str(wheel)], capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    checked = subprocess.run([sys.executable, "-m", "pip", "--python", python, "check"], capture_output=True, text=True, timeout=300)
    assert not [line for line in checked.stdout.splitlines() if line.lower().startswith("opprop ")], checked.stdout  # its requirements hold
    work = tmp_path / "elsewhere"
    work.mkdir()
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    cache = tmp_path / "extensions"
    environ["TORCH_EXTENSIONS_DIR"] = str(cache)
    ours = _this_environments_module_in(cache)
    where = subprocess.run([python, "-c", "import opprop; print(opprop.__file__)"], cwd=work, env=environ, capture_output=True, text=True)
    assert where.returncode == 0 and where.stdout.startswith(str(env)), where.stdout + where.stderr[-2000:]
    seeded = subprocess.run([python, "-c", "from opprop.inputs import seed; print(seed.DIR); print(seed.one_line())"], cwd=work, env=environ,
                            capture_output=True, text=True)  # the sweep's default seed corpus ships in the wheel
    assert seeded.returncode == 0 and seeded.stdout.startswith(str(env)) and "the shipped seed corpus:" in seeded.stdout, seeded.stdout + seeded.stderr[-2000:]
    prior = subprocess.run([python, "-c", "from opprop.inputs import validity_prior as p; print(p.PATH); print(p.one_line())"], cwd=work,
                           env={k: v for k, v in environ.items() if k != "OPPROP_PRIOR"}, capture_output=True, text=True)
    assert prior.returncode == 0 and prior.stdout.startswith(str(env)) and "refusals learned on torch" in prior.stdout, prior.stdout + prior.stderr[-2000:]
    checked = subprocess.run([str(env / "bin" / "opprop"), "check", "q_per_channel_scales"], cwd=work, env=environ,
                             capture_output=True, text=True, timeout=600)
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]
    assert "tensorimpl_use_count: aten::q_per_channel_scales output 0" in checked.stdout
    assert checked.stdout.splitlines()[-1] == "2 finding(s)"
    assert "compiled hot path unavailable" not in checked.stderr  # built from the packaged source, in the new environment
    modules = sorted(cache.glob("opprop_hot_path_*/*.so"))
    assert len(modules) == 2 and ours in modules  # its own build, beside this environment's
    stamps = {m: m.stat().st_mtime_ns for m in modules}
    status = "from opprop.check import hot_path; hot_path.load(); print(hot_path.status())"
    for python in (sys.executable, python):  # neither rebuilds the other's
        again = subprocess.run([python, "-c", status], cwd=work, env=environ, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0 and "opprop: compiled hot path" in again.stdout, again.stdout + again.stderr[-2000:]
    assert {m: m.stat().st_mtime_ns for m in sorted(cache.glob("opprop_hot_path_*/*.so"))} == stamps


def _this_environments_module_in(cache):
    """A copy of this environment's built hot path in ``cache`` (no compiler run); its path."""
    assert hot_path.load() is not None, hot_path.why_not
    name = extension_build.module_name({part.name: part.read_bytes() for part in hot_path.PARTS})
    shutil.copytree(extension_build.cache_root() / name, cache / name, ignore=shutil.ignore_patterns("build.lock"))
    (module,) = (cache / name).glob("*.so")
    return module
