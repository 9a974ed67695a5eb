"""torch.compile as a native block sees it: whether Dynamo holds compiled code, and no checks while it compiles.

Why: the native engine includes its dispatch key in the thread's TLS, and Dynamo
reads that TLS. Its guards compare each tensor's dispatch keys with the TLS's
added, so a function compiled outside a block would recompile inside one (audit
fault 6): a native block opened while Dynamo holds compiled code is checked by
the Python mode instead (``checking_context``), whose keys Dynamo masks in its
guards. And Dynamo compiles with the key still included, so torch's own
compile-time calls were checked as the user's (fault 7): while Dynamo compiles
on a thread, the engine's fallback passes that thread's calls through, as the
Python mode, which says ``ignore_compile_internals``, is turned off then.

Dynamo is not imported until the user's code asks for it, and nothing here
imports it: a block registers the callbacks only where it is already imported,
and where it is not, a finder registers them the moment it is.
``torch._dynamo.reset()`` clears the callbacks, so every block registers them
again where they are gone.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys

from opprop.check import dispatch_hook

CALLBACKS = "torch._dynamo.callback"  # the module of Dynamo's compile-start and compile-end callbacks


def compiled_code_alive() -> bool:
    """Whether Dynamo holds code it compiled (and has not been reset since): a call of it would evaluate guards."""
    frames = sys.modules.get("torch._dynamo.convert_frame")
    return frames is not None and bool(frames.output_codes.seen_ids)


def watch() -> None:
    """Make sure Dynamo tells the engine when it compiles: now, if it is imported, else the moment it is."""
    callbacks = sys.modules.get(CALLBACKS)
    if callbacks is not None:
        _register(callbacks.callback_handler)
    elif not any(type(finder) is _AfterImport for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport())


def _started(_args) -> None:
    """Dynamo starts compiling on this thread (a frame, or a backward it compiles lazily): the engine passes through."""
    if dispatch_hook.module is not None:
        dispatch_hook.module.compiling(True)


def _ended(_args) -> None:
    if dispatch_hook.module is not None:
        dispatch_hook.module.compiling(False)


def _register(handler) -> None:
    if _started not in handler.start_callbacks:
        handler.register_start_callback(_started)
    if _ended not in handler.end_callbacks:
        handler.register_end_callback(_ended)


class _AfterImport(importlib.abc.MetaPathFinder):
    """Registers the callbacks right after Dynamo's callback module runs, then takes itself off ``sys.meta_path``."""

    def find_spec(self, name, path, target=None):
        if name != CALLBACKS:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run = spec.loader.exec_module

        def exec_module(module) -> None:
            run(module)
            _register(module.callback_handler)

        spec.loader.exec_module = exec_module  # (this spec's own loader object: no other module's import changes)
        return spec
