"""The torch releases opprop claims, run for real: ``nox`` (from the repo top; ``pip install -e '.[versions]'``).

One session per release (``nox -s torch-2.13.0``), then ``render``, which
writes docs/torch-versions.md and fails when pyproject.toml's torch range
is not exactly the verified releases. A session makes its virtual
environment under $OPPROP_VENVS (default /work/venvs; each holds a
multi-GB torch, so never inside the repo) on first use and reuses it after,
so nox makes none of its own.
"""
import sys
from pathlib import Path

import nox

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tools import torch_versions, torch_versions_doc  # noqa: E402

nox.options.default_venv_backend = "none"
nox.options.sessions = [f"torch-{v}" for v in torch_versions.VERSIONS] + ["render"]


def _release(version):
    def run(session):
        torch_versions.run_version(version, log=session.log)

    run.__doc__ = f"probe, check q_per_channel_scales, replay, real-code tests on torch {version}"
    return run


for _version in torch_versions.VERSIONS:
    nox.session(name=f"torch-{_version}", venv_backend="none")(_release(_version))


@nox.session(venv_backend="none")
def render(session):
    """docs/torch-versions.md from docs/torch-versions/*.json; fails if the declared range is not what passed."""
    if torch_versions_doc.main():
        session.error("pyproject.toml's torch range is not the verified releases (see docs/torch-versions.md)")
