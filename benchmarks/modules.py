"""module_db forward and backward: each case of PyTorch's ``module_db`` timed the ways the op set is.

A case is one module input of a ModuleInfo (float32, training; the first
``PER_MODULE`` of each), built as
opprop's module targets build it (``opprop.generators.modules``), and its
call is the module's forward then a backward pass over every parameter and
differentiable input: what a user's ``loss.backward()`` runs. Each case is
timed by ``overhead.time_sample`` (plain, the do-nothing floor, opprop's
InvariantMode, SchemaCheckMode, and a baseline when given; interleaved in
shuffled rounds, minimum per way). A case that raises in some way is left
out of the ratios and counted as failed, with its error.
"""
from __future__ import annotations

import gc
import warnings

import torch

from opprop.generators import grad, modules

from . import overhead


PER_MODULE = 3  # the first inputs of each ModuleInfo: 321 cases on torch 2.13 (all 1827 take a quarter hour per run)


def cases(limit: int | None = None, per_module: int = PER_MODULE):
    """(case name, module pass, args, kwargs) for the first float32 training inputs of each ModuleInfo, in name order."""
    found = 0
    for name, info in sorted(modules.module_infos().items()):
        if torch.float32 not in modules.module_dtypes(info):
            continue
        for index, module_input in enumerate(modules.pristine_inputs(name, torch.float32, True)[:per_module]):
            try:
                module, args, kwargs = modules.build(info, module_input, modules.ModuleChange())
                items = modules.grad_items(module, args, kwargs)
                change = modules.ModuleChange(mode=grad.BACKWARD, wrt=tuple(range(len(items))))
                modules.mark(module, args, kwargs, change)
            except Exception:  # an input its own module cannot take: not a case
                continue
            yield f"{name}[{index}]", modules.ModulePass(module, change.mode), args, kwargs
            found += 1
            if limit is not None and found >= limit:
                return


def run(limit: int | None = None, repeats: int = 5, progress=None, baseline_mode=None) -> dict:
    """Per case: its ``OpTiming`` seconds, or the error a way raised; and the summary over the cases that ran every way."""
    built = list(cases(limit))
    timings, failed = [], {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k, (name, fn, args, kwargs) in enumerate(built):
            gc.collect()
            gc.disable()
            try:
                seconds = overhead.time_sample(name, fn, args, kwargs, repeats, baseline_mode)
                timings.append(overhead.OpTiming(name, 1, seconds))
            except Exception as e:  # one way raised (SchemaCheckMode on some modules): reported, not timed
                failed[name] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:160] if str(e).strip() else ''}"
            finally:
                gc.enable()
            if progress:
                progress(k + 1, len(built), name)
    return {
        "repeats": repeats,
        "cases": len(built),
        "summary": overhead.summary(timings) if timings else {},
        "timings": [{"name": t.name, "seconds": t.seconds} for t in timings],
        "failed": failed,
    }
