"""Every op namespace on the build is in the default sweep beside aten::; one is left out only with its reason in data."""
import subprocess
import sys

from opprop.fuzz import targets
from opprop.listing import namespaces
from opprop.reports import fuzz_summary
from tests.support.runs import OPS


def test_the_default_sweep_holds_quantized_and_the_other_kernel_namespaces():
    found = targets.fuzz_targets("cpu")
    names = set(found.names)
    for name in ("quantized::add", "quantized::linear_dynamic_fp16_unpacked_weight", "_quantized::add",
                 "mkldnn::_reorder_linear_weight", "onednn::qadd.tensor", "sparse::qlinear_prepack"):
        assert name in names, name
    by = {r["namespace"]: r for r in found.namespaces}
    assert by["quantized"]["targets"] > 50 and not by["quantized"]["excluded"]
    assert {n.split("::")[0] for n in found.names if "::" in n} >= {"aten", "quantized", "_quantized", "mkldnn", "onednn", "sparse"}


def test_a_namespace_is_left_out_only_with_its_reason_and_the_list_says_so():
    why = namespaces.excluded()
    assert why and all(reason.strip() for reason in why.values())
    found = targets.fuzz_targets("cpu")
    assert not {n.split("::")[0] for n in found.names} & set(why)
    listed = {r["namespace"]: r for r in found.namespaces if r["excluded"]}
    assert set(listed) == set(why) & {r["namespace"] for r in found.namespaces}
    assert listed["symm_mem"]["excluded"] == why["symm_mem"]
    assert "c10d" not in why and "c10d::allreduce_" in found.names  # collectives run on the one-process group
    lines = "\n".join(fuzz_summary.render_namespaces({"namespaces": list(found.namespaces)}))
    assert f"`symm_mem::` 0 of {listed['symm_mem']['registered']} overloads; excluded: {why['symm_mem']}" in lines
    assert "`quantized::`" in lines


def test_fuzz_list_shows_every_namespace_and_an_imports_own():
    proc = subprocess.run([sys.executable, "-m", "opprop", "fuzz", "--list", "--import", "custom_ops"],
                          capture_output=True, text=True, check=True, cwd=OPS)  # beside the module, as a user runs it
    listed = proc.stdout.split()
    assert "quantized::add" in listed and "_quantized::add" in listed and "onednn::qadd.tensor" in listed
    assert any(n.startswith("opprop_test::") for n in listed)  # the namespace custom_ops registers
    assert not any(n.startswith("symm_mem::") for n in listed)
    assert "excluded namespace symm_mem::" in proc.stderr and namespaces.excluded()["symm_mem"] in proc.stderr
    assert {"c10d::allreduce_", "c10d::send", "_c10d_functional::all_reduce", "_c10d_functional_autograd::all_to_all_single"} <= set(listed)
