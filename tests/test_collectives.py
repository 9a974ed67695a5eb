"""Collectives on the one-process group (opprop/core/process_group.py, generators/schema_groups.py): they get valid
calls, a group-taking op's bug is found, and a collective that waits for a peer is not tested, never a hang finding."""
import json
import os
import subprocess
import sys
import textwrap

from tests.support.runs import OPS, env


def _check(tmp_path, op, *args, examples=20):
    report = tmp_path / "r.json"
    done = subprocess.run([sys.executable, "-m", "opprop", "check", op, "--import", "collective_ops", "--examples", str(examples),
                           "--json", str(report), *args], capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=120)
    return done, json.loads(report.read_text())


def _drawn(rep, op):
    return next(o for o in rep["ops"] if o["name"] == f"{op} (drawn)")


def test_real_collectives_get_valid_calls_on_the_one_process_group(tmp_path):
    for op in ("c10d::broadcast_", "_c10d_functional::all_gather_into_tensor"):
        done, rep = _check(tmp_path, op, examples=10)
        assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]  # findings or none; never "not tested"
        drawn = _drawn(rep, op)
        assert drawn["valid"] >= 1 and op in drawn["reached"], drawn


def test_a_group_taking_op_that_returns_its_input_is_found_and_its_control_stays_silent(tmp_path):
    for op in ("opprop_coll::leaky_all_reduce", "opprop_coll::leaky_pg_identity"):  # by its name; by the ProcessGroup object
        _, rep = _check(tmp_path, op)
        assert (op, "returns_input") in {(f["aten_op"], f["invariant"]) for f in rep["findings"]}, rep["findings"]
    done, rep = _check(tmp_path, "opprop_coll::fresh_all_reduce")
    assert done.returncode == 0 and rep["findings"] == [] and _drawn(rep, "opprop_coll::fresh_all_reduce")["valid"] >= 1


def test_a_collective_that_waits_for_a_peer_is_not_tested_with_its_reason_never_a_hang(tmp_path):
    done, rep = _check(tmp_path, "opprop_coll::waits_for_peer", "--example-timeout", "1")
    assert done.returncode == 5, done.stdout[-2000:] + done.stderr[-2000:]  # not tested: no valid call; not 4 (a hang)
    assert rep["findings"] == []
    assert "blocked: waited past its 1 s deadline for a peer" in done.stdout


def _script(tmp_path, body: str) -> str:
    path = tmp_path / "group.py"
    path.write_text(textwrap.dedent(body))
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, env=env(), cwd=OPS, timeout=60)
    return done.stdout + done.stderr[-2000:]


def test_the_group_is_reused_remade_after_teardown_and_after_a_fork(tmp_path):
    out = _script(tmp_path, """
        import os, torch
        from torch._C import _distributed_c10d as c10d
        from opprop.core import child_process
        from opprop.core import process_group
        first = process_group.group_name()
        assert process_group.group_name() == first and process_group.group() is process_group.group()  # a second example reuses it
        print("first", torch.ops._c10d_functional.all_reduce(torch.ones(2), "sum", first).tolist())
        def child():  # the parent's gloo threads are not here: the child makes its own group, and it works
            name = process_group.group_name()
            return f"{name != first} {torch.ops._c10d_functional.all_reduce(torch.ones(2), 'sum', name).tolist()}".encode()
        print("child", child_process.run(child, timeout=30).output.decode())
        process_group.teardown()
        try:
            c10d._resolve_process_group(first)
            print("still registered")
        except RuntimeError:
            print("unregistered")
        second = process_group.group_name()
        print("second", second != first, torch.ops._c10d_functional.all_reduce(torch.ones(2), "sum", second).tolist())
    """)
    assert "first [1.0, 1.0]" in out and "child True [1.0, 1.0]" in out, out
    assert "unregistered" in out and "second True [1.0, 1.0]" in out, out


def test_the_group_is_torn_down_when_an_example_is_interrupted(tmp_path):
    out = _script(tmp_path, """
        import atexit
        from torch._C import _distributed_c10d as c10d
        made = []
        def after():  # registered first, so it runs after opprop's own exit hook
            try:
                c10d._resolve_process_group(made[0])
                print("left registered")
            except RuntimeError:
                print("torn down")
        atexit.register(after)
        import torch
        import collective_ops
        from opprop.core import process_group
        made.append(process_group.group_name())
        torch.ops.opprop_coll.fresh_all_reduce(torch.ones(2), "sum", made[0])
        raise KeyboardInterrupt  # the example is interrupted
    """)
    assert "torn down" in out and "left registered" not in out, out


def _standalone(script):
    """Run ``script`` in a fresh interpreter where collective_ops is not importable: it defines the op and starts the group itself."""
    bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    ran = subprocess.run([sys.executable, "-I", str(script)], capture_output=True, text=True, env=bare, cwd=script.parent, timeout=120)
    return ran.returncode, ran.stdout + ran.stderr[-1500:]


def test_a_collective_finding_shrinks_to_an_expect_file_that_starts_the_group_and_replays_standalone(tmp_path):
    op = "opprop_coll::leaky_pg_identity"  # its bug needs a live group of one, reached through the ProcessGroup object
    _, rep = _check(tmp_path, op)
    described = next(f for f in rep["findings"] if f["aten_op"] == op and f["invariant"] == "returns_input")["inputs"]
    assert described["process_group"] == "the one-process group", described  # in words: no object address, no pid
    out = tmp_path / "expected"
    done = subprocess.run([sys.executable, "-m", "opprop", "shrink", str(tmp_path / "r.json"), "--out", str(out), "--import", "collective_ops"],
                          capture_output=True, text=True, env=env(), cwd=tmp_path, timeout=240)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    script = out / "opprop_coll.leaky_pg_identity--returns_input.py"
    text = script.read_text()
    assert "one_group = one_process_group('opprop-repro'" in text and "destroy_group(one_group)" in text and "opprop-1" not in text
    rc, printed = _standalone(script)
    assert rc == 0 and printed.rstrip().endswith("returns_input: reproduces"), printed[-2000:]
    replayed = subprocess.run([sys.executable, "-m", "opprop", "replay", str(script)], capture_output=True, text=True, env=env(), cwd=tmp_path,
                              timeout=120)
    assert "still failing" in replayed.stdout, replayed.stdout[-1500:] + replayed.stderr[-1500:]


def test_a_reduce_op_is_rebuilt_as_its_own_reduction_in_the_repro(tmp_path):
    import collective_ops
    from opprop.core import process_group
    from opprop.core.specs import CallSpec, TensorSpec, describe, from_json, to_json
    from opprop.reduce.repro import emit

    boxed = process_group.boxed_reduce_op("MAX")
    assert describe(boxed) == process_group.GroupArg("ReduceOp.MAX") == from_json(to_json(describe(boxed)))
    assert describe(process_group.group_name()) == process_group.NAME and describe(process_group.boxed_group()) == process_group.GROUP
    op = "opprop_coll::leaky_max_reduce"  # returns its input for MAX only: a repro boxing the default SUM would not reproduce
    spec = CallSpec(op, (TensorSpec("float32", (2,)), describe(boxed), describe(process_group.boxed_group())))
    args, _ = spec.build()  # rebuilt here too, on this process's group
    assert spec.overload(*args) is args[0]
    script = tmp_path / "max.py"
    script.write_text(emit(spec, "returns_input", definition=open(collective_ops.__file__).read(), definition_from="collective_ops.py"))
    rc, printed = _standalone(script)
    assert rc == 0 and printed.rstrip().endswith("returns_input: reproduces"), printed[-2000:]


# ---------------------------------------------------------------- a collective's Work, completed before the checks read


def _checked(op, *args):
    """The findings (invariant names) of one call under the mode, and whether the call raised."""
    from opprop.check.mode import InvariantMode

    mode = InvariantMode(str(op))
    try:
        with mode:
            op(*args)
    except RuntimeError:
        return {f.invariant for f in mode.findings}, True
    return {f.invariant for f in mode.findings}, False


def test_a_write_the_work_makes_after_the_call_returns_is_seen_on_a_group_of_one_rank():
    """gloo writes a collective's tensors on its worker thread: c10d::_reduce_scatter_base_'s output, under a schema
    without (a!), has never been written when the call returns; the mode waits for the Work before reading."""
    import torch
    import collective_ops  # noqa: F401  (registers opprop_coll::late_fill_)
    from opprop.core import process_group

    group, maximum = process_group.boxed_group(), process_group.boxed_reduce_op("MAX")
    for _ in range(5):
        found, raised = _checked(torch.ops.c10d._reduce_scatter_base_.default, torch.zeros(2), torch.ones(2), group, maximum)
        assert not raised and "undeclared_mutation" in found, found
    found, raised = _checked(torch.ops.opprop_coll.late_fill_.default, torch.zeros(2), group, 0.3)  # written 0.3 s after
    assert (found, raised) == ({"undeclared_mutation"}, False)


def test_a_call_gloo_refuses_on_its_thread_is_an_invalid_call_not_a_finding():
    """An output of one element for an input of none: gloo raises from the Work, after the call returned its output
    (the caller's own tensor, returns_input). The call raises under the mode, and nothing is found on it."""
    import torch
    from opprop.core import process_group

    group, total = process_group.boxed_group(), process_group.boxed_reduce_op("SUM")
    found, raised = _checked(torch.ops.c10d._reduce_scatter_base_.default, torch.zeros(1), torch.zeros(1, 0), group, total)
    assert raised and found == set(), found


def test_on_a_group_of_more_ranks_the_mode_never_waits_for_the_work():
    """Waiting there could reorder the ranks' communication: the checks read when the call returns (the late write is
    missed, never made up)."""
    import time

    import torch
    from torch._C import _distributed_c10d as c10d
    import collective_ops  # noqa: F401

    two = c10d.ProcessGroup(c10d.HashStore(), 0, 2)
    two._register_backend(torch.device("cpu"), c10d.ProcessGroup.BackendType.CUSTOM, c10d.FakeProcessGroup._create_internal(0, 2))
    started = time.monotonic()
    found, raised = _checked(torch.ops.opprop_coll.late_fill_.default, torch.zeros(2), two.boxed(), 2.0)
    assert time.monotonic() - started < 1.5 and (found, raised) == (set(), False)
