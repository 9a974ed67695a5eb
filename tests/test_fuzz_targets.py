"""The fuzz target list, its shards, and the command line's refusals."""
import subprocess
import sys

import pytest

from opprop.cli import main as cli
from opprop.fuzz import targets
from tests.support.runs import OPS, env


def test_two_shards_cover_every_target_exactly_once():
    names = targets.fuzz_targets("cpu").names
    assert len(names) == len(set(names)) > 500
    assert "aten::q_per_channel_scales" in names and "nn.functional.embedding_bag" in names
    first, second = targets.shard(names, 1, 2), targets.shard(names, 2, 2)
    assert first and second
    assert sorted(first + second) == sorted(names)
    assert not set(first) & set(second)


def test_patterns_confined_to_namespaces_list_the_same_targets_without_op_db():
    import custom_ops  # noqa: F401  (registers opprop_test::*)

    assert targets.namespaces_named(["opprop_test::*", "aten::add.Tensor"]) == {"opprop_test", "aten"}
    for patterns in (["relu"], ["nn.LSTM"], ["*::add"], ["opprop_test::*", "add"], []):
        assert targets.namespaces_named(patterns) is None, patterns
    full = targets.fuzz_targets("cpu")
    for within in ({"opprop_test"}, {"quantized", "opprop_test"}, {"aten"}, {"aten", "quantized"}, {"no_such_namespace"}):
        narrow = targets.fuzz_targets("cpu", within=frozenset(within))
        assert narrow.names == tuple(n for n in full.names if n.split("::")[0] in within and "::" in n), within
        assert list(narrow.namespaces) == [r for r in full.namespaces if r["namespace"] in within]
    for ops, name in ((["opprop_test::*"], "opprop_test::return_input"), (["aten::_coalesce"], "aten::_coalesce")):
        listed = subprocess.run([sys.executable, "-c", "import sys; from opprop.cli import main; rc = main.main(sys.argv[1:]); "
                                 "print('op_db' if 'torch.testing._internal.common_methods_invocations' in sys.modules else 'no op_db'); sys.exit(rc)",
                                 "fuzz", "--list", "--import", "custom_ops", "--ops", *ops], capture_output=True, text=True, env=env(), timeout=120)
        assert listed.returncode == 0, listed.stderr[-2000:]
        assert listed.stdout.split("\n")[-2:] == ["no op_db", ""] and name in listed.stdout.split(), listed.stdout[-500:]


@pytest.mark.nightly  # slow end to end; its parts are tested in CI (pytest -m nightly runs it)
def test_shards_from_the_command_line_partition_the_selection():
    def listed(shard):
        proc = subprocess.run([sys.executable, "-m", "opprop", "fuzz", "--list", "--ops", "nn.functional.*", "aten::q_per_channel_*", "--shard", shard],
                              capture_output=True, text=True, check=True)
        return proc.stdout.split()

    everything, one, two = listed("1/1"), listed("1/2"), listed("2/2")
    assert len(everything) > 50
    assert sorted(one + two) == sorted(everything) and not set(one) & set(two)
    assert "aten::q_per_channel_scales" in everything


@pytest.mark.parametrize("argv, message", [
    (["--shard", "3/2"], "--shard '3/2': want 1 <= I <= N"),
    (["--shard", "x"], "--shard 'x': want I/N, e.g. 1/4"),
    (["--budget", "-1"], "--budget must be a positive number of seconds, not -1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--database", "http://x"], "--database 'http://x': 'http://x' is not a form --database takes (DIR, redis://HOST:PORT/DB, github:OWNER/REPO[/ARTIFACT], readonly:PLACE)"),
    (["--ops", "no_such_op*", "--list"], "--ops pattern 'no_such_op*' matches no target"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv, message):
    assert cli.main(["fuzz", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"opprop: error: {message}\n"
    assert captured.out == ""


def test_the_default_sweep_holds_every_overload_the_schema_drives_each_once():
    from opprop.listing import reachable

    every = targets.fuzz_targets("cpu").names
    assert len(every) == len(set(every))
    assert set(reachable.schema_targets()) <= set(every)
    assert "aten::_lazy_clone" in every and "nn.functional.embedding_bag" in every  # outside op_db's reach, and an OpInfo
    assert "aten::_nested_tensor_size" in every  # reached by the nested edge generator
    assert set(reachable.composite_targets()) <= set(every)  # CompositeImplicitAutograd overloads, for their outer contract
    assert {"aten::atleast_1d", "aten::type_as", "aten::alpha_dropout"} <= set(every)


def test_all_aten_is_accepted_and_changes_nothing():
    def listed(*argv):
        return subprocess.run([sys.executable, "-m", "opprop", "fuzz", "--list", *argv], capture_output=True, text=True, check=True).stdout.split()

    assert listed("--all-aten") == listed()


def test_overload_patterns_reach_past_the_default_list():
    picked = targets.select(targets.fuzz_targets("cpu").names, ["aten::_lazy_clone", "aten::q_per_channel_scales"])
    assert picked == ["aten::q_per_channel_scales", "aten::_lazy_clone"]  # listed ones first, then the rest
    every_aten = targets.select(targets.fuzz_targets("cpu").names, ["aten::*"])
    assert not any("::" not in n for n in every_aten)
    assert "aten::conv2d" in every_aten  # CompositeImplicitAutograd: a target for its outer contract
    assert targets.select([], ["aten::conv2d"]) == ["aten::conv2d"]  # and named exactly, outside any list


def test_custom_namespace_pattern_lists_its_registered_ops():
    proc = subprocess.run([sys.executable, "-m", "opprop", "fuzz", "--list", "--import", "custom_ops", "--ops", "opprop_test::*"],
                          capture_output=True, text=True, check=True, cwd=OPS)  # beside the module, as a user runs it
    assert "opprop_test::hold_output" in proc.stdout.split() and "opprop_test::clean" in proc.stdout.split()
    assert not any(n.startswith("aten::") for n in proc.stdout.split())


def test_the_sweep_checks_a_composite_overloads_outer_contract(tmp_path):
    from tests.support.runs import keys, run_fuzz

    # atleast_1d and type_as return their input under a schema without an alias (ledgered, found by opprop check):
    # only a check around the whole call sees it, and the sweep now runs them as targets of their own
    _, report = run_fuzz(tmp_path, "--ops", "aten::atleast_1d", "aten::type_as", "--budget", "40", "--jobs", "1")
    assert {("aten::atleast_1d", "outer_contract"), ("aten::type_as", "outer_contract")} <= keys(report)


def test_an_overload_only_a_tensor_subclass_implements_is_a_sweep_target_drawn_on_that_kind(tmp_path):
    """Overloads with no kernel that the jagged NestedTensor's op table implements: opprop check drives them (their
    tensors are drawn jagged first), so the default sweep lists them and reaches them with valid calls."""
    from tests.support.runs import run_fuzz
    from opprop.check import catalog
    from opprop.listing import reachable

    subclass = reachable.subclass_targets()
    assert {"aten::_nested_get_values", "aten::to_padded_tensor"} <= set(subclass)
    assert not any(catalog.has_cpu_kernel(catalog.overload_from_name(n)) for n in subclass)
    assert set(subclass) <= set(targets.fuzz_targets().names)
    _, report = run_fuzz(tmp_path, "--ops", "aten::_nested_get_values", "aten::to_padded_tensor", "--budget", "40", "--jobs", "1",
                         "--per-op-examples", "200")
    reached = {o["name"]: o["valid"] for o in report["ops"]}
    assert reached["aten::_nested_get_values"] > 0 and reached["aten::to_padded_tensor"] > 0, reached
