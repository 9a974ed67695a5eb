"""Building the compiled hot path so that no fault can wedge it: a private build, an atomic move, a lock that dies with its holder.

torch's own JIT builder (``torch.utils.cpp_extension.load``) guards a shared
build directory with a ``lock`` file that a killed build leaves behind, and
every later build then waits on it forever. Here each build runs in a child
process, in a directory of its own, and only its finished module is moved into
place (``os.replace``: a reader sees the whole file or none). Builders of the
same module take ``fcntl.flock`` on one lock file, which the kernel drops when
its holder dies, and wait for it a bounded time. A module is imported only when
its size and hash match the record its build wrote last (a truncated one would
kill every process that imports it with SIGBUS): else it is built again. A finished module is loaded
from the cache with no compiler, no ninja and no write access, as the prebuilt
extensions torch's own libraries ship are.

The cache is ``$TORCH_EXTENSIONS_DIR`` (else torch's default root), keyed by the
source, the torch and Python versions and the environment (``sys.prefix``): two
virtual environments with the same torch never rebuild each other's module.
"""
from __future__ import annotations

import fcntl
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

WAIT_S = 100.0  # how long a load waits for another process's build of the same module (a build takes about 20 s)
BUILD_TIMEOUT_S = 600.0  # a build still running after this long is killed, and the Python path does the work
STALE_BUILD_S = 3600.0  # a private build directory this old was left by a killed build: removed by the next build

# The child that builds: torch's builder, in a directory no other process uses (its `lock` file with it).
_BUILD = """
import sys
from torch.utils.cpp_extension import load
load(sys.argv[1], sources=[sys.argv[2]], build_directory=sys.argv[3], extra_cflags=["-O2"], verbose=True)
"""


class Unavailable(Exception):
    """The compiled module cannot be had here; its message is the reason, in one line."""


def cache_root() -> Path:
    """Where built modules live: ``$TORCH_EXTENSIONS_DIR`` as torch honours it, else torch's default root."""
    configured = os.environ.get("TORCH_EXTENSIONS_DIR")
    if configured:
        return Path(configured)
    from torch.utils.cpp_extension import get_default_build_root

    return Path(get_default_build_root())


def module_name(sources: dict[str, bytes]) -> str:
    """The module's name: its source, torch's and Python's ABI, and the environment (include paths differ per venv)."""
    key = hashlib.sha1()
    for part in sorted(sources):
        key.update(part.encode() + b"\0" + sources[part] + b"\0")
    key.update(f"{torch.__version__} {sys.implementation.cache_tag} {os.path.realpath(sys.prefix)}".encode())
    return "opprop_hot_path_" + key.hexdigest()[:16]


def built_path(root: Path, name: str) -> Path:
    return root / name / f"{name}.so"  # the name torch's builder gives it


def record_path(path: Path) -> Path:
    """Where a finished build writes the module's size and hash, after the module is in place."""
    return path.with_name(path.name + ".whole")


def _fingerprint(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return f"{path.stat().st_size} {digest.hexdigest()}"


def is_whole(path: Path) -> bool:
    """Whether the cached module is the file its build finished: a truncated or damaged one (a copy cut short, a bad
    disk) would kill the importing process with SIGBUS, and every later one, so it is built again instead. A module
    built before records were written is held to its ELF header: its section table ends the file."""
    try:
        return record_path(path).read_text().strip() == _fingerprint(path)
    except FileNotFoundError:
        return _elf_complete(path)
    except OSError:
        return False


def _elf_complete(path: Path) -> bool:
    """A 64-bit little-endian ELF file at least as long as its header says (the section headers come last)."""
    try:
        with open(path, "rb") as f:
            header = f.read(64)
        size = path.stat().st_size
    except OSError:  # no module at all
        return False
    if len(header) < 64 or header[:4] != b"\x7fELF" or header[4] != 2 or header[5] != 1:
        return False
    section_headers = int.from_bytes(header[0x28:0x30], "little")
    entry, count = int.from_bytes(header[0x3A:0x3C], "little"), int.from_bytes(header[0x3C:0x3E], "little")
    return size >= section_headers + entry * count


def import_built(path: Path, name: str):
    """The module from its file, as an extension module (no build step, no compiler)."""
    spec = importlib.util.spec_from_file_location(name, path, loader=importlib.machinery.ExtensionFileLoader(name, str(path)))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def obtain(sources: dict[str, bytes], main: str, *, wait_s: float = WAIT_S):
    """The compiled module: loaded from the cache, or built there first; ``Unavailable`` says why not."""
    root = cache_root()
    name = module_name(sources)
    path = built_path(root, name)
    if is_whole(path):
        return import_built(path, name)
    compiler = os.environ.get("CXX", "c++")
    if shutil.which(compiler) is None:
        raise Unavailable(f"no C++ compiler ({compiler!r} not found; set CXX)")
    ninja = _ninja()
    if ninja is None:
        raise Unavailable("ninja not found (pip install ninja)")
    directory = root / name
    try:
        directory.mkdir(parents=True, exist_ok=True)
        lock = open(directory / "build.lock", "a+")
    except OSError as e:
        raise Unavailable(f"cache not writable: {directory} ({e.strerror}; set TORCH_EXTENSIONS_DIR)") from None
    with lock:
        _wait_for(lock, wait_s)
        if not is_whole(path):  # nobody built it while this process waited (or the cached one is damaged)
            _build(sources, main, name, directory, path, ninja)
        # the lock is released when the file is closed, or when this process dies
    return import_built(path, name)


def _ninja() -> str | None:
    """The ninja torch's builder runs: on PATH, or the one the ``ninja`` package installed beside this Python."""
    found = shutil.which("ninja")
    if found:
        return found
    beside = Path(sys.executable).with_name("ninja")
    if beside.exists():
        return str(beside)
    try:
        import ninja

        candidate = Path(ninja.BIN_DIR) / "ninja"
        return str(candidate) if candidate.exists() else None
    except (ImportError, AttributeError):
        return None


def _wait_for(lock, wait_s: float) -> None:
    """Take the build lock, waiting at most ``wait_s`` for a live builder (a dead one's lock is already gone)."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise Unavailable(f"another process has been building it for over {wait_s:.0f} s") from None
            time.sleep(0.2)


def _build(sources: dict[str, bytes], main: str, name: str, directory: Path, path: Path, ninja: str) -> None:
    """Build in a private directory, in a child process, and move the finished module into place."""
    for old in directory.glob("build-*"):  # left by builds that were killed
        try:
            if time.time() - old.stat().st_mtime > STALE_BUILD_S:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass
    private = Path(tempfile.mkdtemp(prefix="build-", dir=directory))
    try:
        for part, text in sources.items():
            (private / part).write_bytes(text)
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([str(Path(ninja).parent), env.get("PATH", "")])
        try:
            done = subprocess.run([sys.executable, "-c", _BUILD, name, str(private / main), str(private)], env=env,
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  timeout=BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise Unavailable(f"the build took over {BUILD_TIMEOUT_S:.0f} s") from None
        built = private / path.name
        if done.returncode != 0 or not built.exists():
            raise Unavailable(f"the build failed: {_first_error(done.stdout.decode(errors='replace'))}")
        record = private / "record"
        record.write_text(_fingerprint(built))
        os.replace(built, path)  # whole, or not there at all
        os.replace(record, record_path(path))  # last: the module is trusted only once both are in place
    finally:
        shutil.rmtree(private, ignore_errors=True)


_DIAGNOSTIC = re.compile(r":\s*(fatal )?error:", re.IGNORECASE)  # g++/clang's "file:line:col: error: ..."
_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b.*")  # a traceback's last line: "subprocess.CalledProcessError: ..."


def _first_error(output: str) -> str:
    """The build's own reason in one line: the compiler's first error, else the exception the builder ended with.

    Never a line of a traceback's source (``raise CalledProcessError(...)``): that says where, not why.
    """
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in lines:
        if _DIAGNOSTIC.search(line):
            return line[:200]
    raised = [line for line in output.splitlines() if _RAISED.match(line)]  # unindented: the exception, not its source
    if raised:
        return raised[-1][:200]
    for line in lines:
        if "error" in line.lower() and "Error building extension" not in line and not line.startswith(("raise ", "File ")):
            return line[:200]
    return (lines[-1] if lines else "no output")[:200]
