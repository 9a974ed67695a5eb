"""The C++ dispatcher hooks of ``dispatch_hook.cpp`` (with ``dispatch_hook_checks.h``, ``dispatch_hook_ledger.h``,
``dispatch_hook_states.h``, ``dispatch_hook_python.h`` and the compiled hot path's snapshot rules, ``hot_path_bytes.h``),
built on first use by ``extension_build``.

One fallback on the ``Fake`` key (reserved by torch 2.13, nothing registered on it), reached only while the key is
included in this thread's TLS (``include(True)``, a native block): below autograd and ADInplaceOrView, where a
TorchDispatchMode sits. Three other routes were measured against it and are a record in docs/checking.md.

``load()`` returns the module or None, and ``why_not`` says why not.
"""
from __future__ import annotations

import threading
from pathlib import Path

from opprop.check import extension_build, pending_work

SOURCE = Path(__file__).with_name("dispatch_hook.cpp")
PARTS = (SOURCE, *(SOURCE.with_name(part) for part in ("dispatch_hook_checks.h", "dispatch_hook_ledger.h", "dispatch_hook_states.h",
                                                        "dispatch_hook_python.h", "hot_path_bytes.h")))

module = None
why_not: str | None = None
_tried = False
_loading = threading.Lock()


def load():
    """The compiled module (built into the cache the first time, about 30 s), or None with ``why_not`` set."""
    global module, why_not, _tried
    if _tried:
        return module
    with _loading:
        if not _tried:
            try:
                taken = _fake_key_taken()
                if taken:
                    raise extension_build.Unavailable(f"the Fake dispatch key has kernels of torch's own ({taken})")
                module = extension_build.obtain({p.name: p.read_bytes() for p in PARTS}, SOURCE.name)
                module.install_fallbacks()
                module.use_digest(_xxhash_library())  # (without it every large span is copied: the same answers)
                module.use_pending_work(pending_work.for_native_engine)  # the Python mode's rule, asked from C++
            except extension_build.Unavailable as e:
                module, why_not = None, str(e)
            except Exception as e:  # noqa: BLE001  (any failure to build, load or set up: the Python mode does the work)
                module, why_not = None, f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[-1][:200]}"
            _tried = True
    return module


def _xxhash_library() -> str:
    """The xxhash module's compiled library, whose XXH3_128bits snapshots.Digest is made with (loaded by importing it)."""
    import xxhash._xxhash

    return xxhash._xxhash.__file__


def _fake_key_taken() -> str:
    """What torch itself registers on the Fake key (nothing on 2.13): the fallback there would override it."""
    import torch

    try:
        names = sorted(torch._C._dispatch_get_registrations_for_dispatch_key("Fake"))
    except RuntimeError as e:  # a torch without the key
        return f"no Fake key: {e}"
    return ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")


if __name__ == "__main__":  # python -m opprop.check.dispatch_hook: build it now (CI does, before its tests)
    import sys

    if load() is None:
        print(f"opprop: the native engine is not available: {why_not}", file=sys.stderr)
        sys.exit(1)
    print(f"opprop: the native engine is {module.__file__}")
