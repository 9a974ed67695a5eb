"""Real training code: small models built from configs (no download), one training step each, timed several ways.

A step is forward, backward and an optimizer step (AdamW) of a transformers
model (BERT, GPT-2, T5, Llama: two layers, 64 wide) or a timm model on a
small image. Ways: ``plain``; ``floor`` (a do-nothing dispatch mode: what any
mode pays to intercept); ``opprop`` (``opprop.checking()``, what a user runs: the
native engine where it builds); ``python`` (``checking(engine="python")``, the
Python mode); ``schema_check`` (PyTorch's SchemaCheckMode); and ``native_off``
(plain, with the native engine's fallback registered) where it builds; with ``--baseline`` an earlier revision's ``checking()`` (its InvariantMode where it has none). Rounds interleave the ways in a fresh shuffled order
each round, and a way's time is its median step over the rounds, so drift on
a shared machine hits every way alike. A way that raises is reported as
failed with its error, not timed. Needs the ``bench`` extra (timm, transformers).
"""
from __future__ import annotations

import contextlib
import gc
import random
import statistics
import time
import warnings

import torch
from torch._subclasses.schema_check_mode import SchemaCheckMode

from .overhead import NullMode, native_registration  # the floor: the same do-nothing mode the op-set part times

WAYS = ("plain", "floor", "opprop", "schema_check")
TRANSFORMERS = ("bert", "gpt2", "t5", "llama")
TIMM = ("resnet18", "mobilenetv3_small_050", "vit_tiny_patch16_224", "convnext_atto", "efficientnet_b0")
WORKLOADS = TRANSFORMERS + TIMM
SEQUENCE, BATCH, VOCAB, IMAGE = 16, 2, 256, 64


def _transformers_model(name: str):
    import transformers as tf

    small = dict(vocab_size=VOCAB, num_attention_heads=2)
    if name == "bert":
        config = tf.BertConfig(hidden_size=64, num_hidden_layers=2, intermediate_size=128, **small)
        return tf.BertForMaskedLM(config)
    if name == "gpt2":
        return tf.GPT2LMHeadModel(tf.GPT2Config(n_embd=64, n_layer=2, n_head=2, vocab_size=VOCAB, n_positions=64))
    if name == "t5":
        config = tf.T5Config(d_model=64, d_ff=128, d_kv=32, num_layers=2, num_heads=2, vocab_size=VOCAB, decoder_start_token_id=0)
        return tf.T5ForConditionalGeneration(config)
    config = tf.LlamaConfig(hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_key_value_heads=2, **small)
    return tf.LlamaForCausalLM(config)


def build(name: str):
    """A training step of workload ``name``: a function that runs forward, backward and an optimizer step."""
    torch.manual_seed(0)
    if name in TRANSFORMERS:
        model = _transformers_model(name)
        ids = torch.randint(0, VOCAB, (BATCH, SEQUENCE))
        inputs = dict(input_ids=ids, labels=ids)
        if name == "t5":
            inputs["decoder_input_ids"] = ids
        loss_of = lambda: model(**inputs).loss  # noqa: E731
    else:
        import timm

        extra = {"img_size": IMAGE} if name.startswith("vit") else {}
        model = timm.create_model(name, pretrained=False, num_classes=10, **extra)
        images, labels = torch.randn(BATCH, 3, IMAGE, IMAGE), torch.randint(0, 10, (BATCH,))
        loss_of = lambda: torch.nn.functional.cross_entropy(model(images), labels)  # noqa: E731
    return training_step(model, loss_of)


def training_step(model, loss_of):
    """One step of ``model`` in training: forward (``loss_of()``), backward and an AdamW step."""
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def step():
        optimizer.zero_grad()
        loss_of().backward()
        optimizer.step()

    return step


def _contexts(baseline_mode=None) -> dict:
    import opprop

    found = {"new": 0}

    @contextlib.contextmanager
    def checked():
        with opprop.checking() as result:
            yield
        found["new"] += len(result.new)

    @contextlib.contextmanager
    def python():  # checking(engine="python"): the Python mode, the reference (opprop/check/mode.py)
        with opprop.checking(engine="python") as result:
            yield
        found["python_new"] += len(result.new)

    found["python_new"] = 0
    ways = {"plain": contextlib.nullcontext, "floor": NullMode, "opprop": checked, "python": python, "schema_check": SchemaCheckMode}
    if native_registration() is not None:
        ways["native_off"] = contextlib.nullcontext
    if baseline_mode is not None:
        ways["baseline"] = baseline_way(baseline_mode)[1]
    return ways, found


def baseline_way(baseline_mode) -> tuple:
    """(what it is, a block factory): the loaded revision's checking(), as `opprop` is the current one, like against
    like; its InvariantMode where it has none."""
    from . import baseline

    checking = baseline.checking()
    return ("checking()", checking) if checking is not None else ("InvariantMode", lambda: baseline_mode("real"))


def time_workload(name: str, rounds: int = 7, baseline_mode=None) -> dict:
    """Median seconds per step of each way, interleaved over ``rounds``; a way that raised is {"failed": error}."""
    step = build(name)
    ways, found = _contexts(baseline_mode)
    times: dict = {w: [] for w in ways}
    failed: dict = {}
    registration = native_registration()
    prepare = registration.prepare if registration is not None else (lambda way: False)  # outside each way's clock
    for way, context in ways.items():  # warm up every way once (plans, caches, lazy kernels), and learn which fail
        prepare(way)
        try:
            with context():
                step()
        except Exception as e:  # noqa: BLE001  (any failure of a way is its result)
            failed[way] = f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[0][:200]}"
    order = [w for w in ways if w not in failed]
    shuffle = random.Random(0).shuffle
    for _ in range(rounds):
        shuffle(order)
        for way in order:
            if prepare(way):  # the registration switched: one untimed step, so no way is timed cold after a switch
                with ways[way]():
                    step()
            gc.collect()
            start = time.perf_counter()
            with ways[way]():
                step()
            times[way].append(time.perf_counter() - start)
    result = {w: {"failed": failed[w]} if w in failed else {"seconds": statistics.median(times[w])} for w in ways}
    result["new_findings"] = found["new"]
    result["python_new_findings"] = found["python_new"]
    return result


def same_findings(name: str) -> dict:
    """The differential on one workload: its first step, built afresh from the same seed, run once under the Python
    mode and once under the native engine; the findings (op, invariant, output, detail) with their counts compared,
    as ``tests/test_native_engine_parity.py`` compares them on module_db. Empty lists: the same findings."""
    from opprop.check import native_engine
    from opprop.check.mode import InvariantMode
    from tests.support.engine_keys import counted

    python_step, native_step = build(name), build(name)
    torch.manual_seed(1)
    with InvariantMode("diff") as mode:
        python_step()
    torch.manual_seed(1)
    _, native_found, not_checked = native_engine.findings_of(native_step)
    python, native = counted(mode.findings), counted(native_found)
    return {"findings": sum(python.values()), "only_python": [list(map(str, k)) for k in python - native],
            "only_native": [list(map(str, k)) for k in native - python], "not_checked": {str(k): v for k, v in not_checked.items()}}


def run(names=WORKLOADS, rounds: int = 7, progress=None, baseline_mode=None) -> dict:
    """Per workload its timings, or {"failed": error} when it cannot be built (a missing package)."""
    results = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for k, name in enumerate(names):
            try:
                results[name] = time_workload(name, rounds, baseline_mode)
                if native_registration() is not None:
                    results[name]["differential"] = same_findings(name)
            except ImportError as e:
                results[name] = {"failed": f"ImportError: {e} (pip install -e .[bench])"}
            if progress:
                progress(k + 1, len(names), name)
    return results


def ratio(row: dict, a: str, b: str) -> float | None:
    """Seconds of way ``a`` over way ``b`` in one workload's row; None when either failed."""
    x, y = row.get(a, {}), row.get(b, {})
    return x["seconds"] / y["seconds"] if "seconds" in x and "seconds" in y else None


def summary(results: dict) -> dict:
    """Geometric mean over the workloads where both ways ran, per ratio, and how many that is."""
    found = {}
    for a, b in (("opprop", "plain"), ("python", "plain"), ("opprop", "python"), ("opprop", "floor"), ("floor", "plain"),
                 ("schema_check", "opprop"), ("opprop", "baseline"), ("python", "baseline"), ("native_off", "plain")):
        values = [r for r in (ratio(row, a, b) for row in results.values()) if r is not None]
        if values:
            geo = statistics.geometric_mean(values)
            found[f"{a}/{b}"] = {"geomean": geo, "workloads": len(values)}
    return found
