"""checking() and threads, as torch has them: dispatch modes are per thread, so each thread's block is its own, a
decorated function may be called from any number of threads at once, and a thread started inside a block (which
the block cannot check) is named once, never silently."""
import threading

import torch

import opprop

from custom_ops import ops as custom  # noqa: F401  (registers opprop_test::*)


def test_a_decorated_function_called_from_two_threads_at_once():
    decorated = opprop.checking()
    seen, errors = [], []
    barrier = threading.Barrier(2)

    @decorated
    def step(x):
        barrier.wait(timeout=30)  # both calls inside their blocks at once
        out = torch.ops.opprop_test.return_input(x)
        seen.append(len(decorated._modes))  # (the decorator's object holds no block of its own)
        return out

    def run():
        try:
            for _ in range(50):
                x = torch.ones(3)
                assert step(x) is x
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(seen) == 100
    with opprop.checking() as alone:
        torch.ops.opprop_test.return_input(torch.ones(3))
    assert [f.key for f in decorated.findings] == [f.key for f in alone.findings]  # the last call's block, whole


def test_each_threads_block_keeps_its_own_findings():
    results = {}

    def run(name, op):
        with opprop.checking() as found:
            for _ in range(20):
                op(torch.ones(3))
        results[name] = sorted({f.aten_op for f in found.findings})

    threads = [threading.Thread(target=run, args=("held", torch.ops.opprop_test.hold_output)),
               threading.Thread(target=run, args=("returned", torch.ops.opprop_test.return_input))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {"held": ["opprop_test::hold_output"], "returned": ["opprop_test::return_input"]}


def test_a_thread_started_inside_a_block_is_named_once():
    with opprop.checking() as found:
        workers = [threading.Thread(target=lambda: torch.ops.opprop_test.return_input(torch.ones(2)), name=f"loader-{k}")
                   for k in range(2)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    assert found.findings == []  # its calls ran unchecked (the mode is the block's thread's)
    assert found.unchecked_threads == ["loader-0", "loader-1"]
    (record,) = [e for e in found.internal_errors if e.aten_op == "<threads>"]
    assert "2 thread(s) started inside ran unchecked" in record.error and record.where.startswith("tests/test_checking_threads.py:")
    with opprop.checking() as quiet:
        torch.ones(2) + 1
    assert quiet.unchecked_threads == [] and quiet.internal_errors == []
    assert threading.Thread.start.__module__ == "threading"  # unwatched once no block is open
