"""The ledger's words about upstream: exemption claims hold against the lists, visibility is said and valid."""
from pathlib import Path

import pytest
import torch

from opprop.check.invariants import storage_replaced
from opprop.check import catalog
from opprop.reduce import expectfile
from opprop.core import ledger, upstream

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ledger.load(ROOT / "expected" / "ledger.toml")


@pytest.mark.parametrize("source", ["installed torch, else vendored", "vendored"])
def test_every_exemption_claim_is_in_upstreams_list_and_every_exempt_entry_claims_it(source, monkeypatch):
    if source == "vendored":
        monkeypatch.setattr(upstream, "installed_source", lambda: None)
    where, lists = upstream.lists()  # the installed torch's gen_variable_type.py when it ships it, else the vendored copy
    if source == "vendored":
        assert "upstream_exemptions.toml (torch 2.13.0+cpu, cf30153c4c13" in where
    found = upstream.problems(SHIPPED.entries.values(), lists)
    assert not found, f"against {where}:\n" + "\n".join(found)
    claimed = {e.key: e.upstream_exempt for e in SHIPPED.entries.values() if e.upstream_exempt}
    assert claimed[("aten::channel_shuffle", catalog.STORAGE_IMPL)] == "DONT_ENFORCE_STORAGE_IMPL_USE_COUNT"
    assert claimed[("aten::set_", storage_replaced.ID)] == "DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE"
    assert ("aten::set.source_Tensor", catalog.STORAGE_IMPL) not in claimed  # set_'s exemption is keyed by the name set_


def test_the_invariants_upstream_covers_are_opprops():
    assert set(upstream.COVERS) == {catalog.TENSOR_IMPL, catalog.RETURNS_INPUT, catalog.STORAGE_IMPL, storage_replaced.ID}


@pytest.mark.parametrize(
    "entry, complaint",
    [
        (ledger.Entry("aten::transpose.int", catalog.TENSOR_IMPL, "r", upstream_exempt="DONT_ENFORCE_TENSOR_IMPL_USE_COUNT"),
         "lacks 'transpose_int'"),
        (ledger.Entry("aten::set.source_Tensor", catalog.STORAGE_IMPL, "r", upstream_exempt="DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE"),
         "lacks 'set'"),
        (ledger.Entry("aten::channel_shuffle", catalog.TENSOR_IMPL, "r", upstream_exempt="DONT_ENFORCE_STORAGE_IMPL_USE_COUNT"),
         "does not exempt tensorimpl_use_count checks"),
        (ledger.Entry("aten::q_per_channel_scales", catalog.TENSOR_IMPL, "r"), "claims no exemption, but DONT_ENFORCE_TENSOR_IMPL_USE_COUNT"),
    ],
)
def test_a_false_or_missing_claim_is_named(entry, complaint):
    found = upstream.problems([entry], upstream.lists()[1])
    assert len(found) == 1 and complaint in found[0] and entry.aten_op in found[0]


def test_keys_follow_upstreams_spelling():
    assert upstream.key("aten::set_.source_Tensor", "DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE") == "set_"
    assert upstream.key("aten::dequantize.self", "DONT_ENFORCE_TENSOR_IMPL_USE_COUNT") == "dequantize_self"
    assert upstream.key("aten::channel_shuffle", "DONT_ENFORCE_STORAGE_IMPL_USE_COUNT") == "channel_shuffle"
    assert upstream.key("aten::_logcumsumexp.out", "DONT_ENFORCE_TENSOR_IMPL_USE_COUNT") == "_logcumsumexp_out_out"


def test_the_vendored_lists_name_their_source_and_match_the_installed_torch_they_were_read_from():
    meta, vendored = upstream.vendored()
    assert meta["source"] == "tools/autograd/gen_variable_type.py" and len(meta["pytorch_commit"]) == 40
    assert "set_" in vendored["DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE"]
    assert vendored["DONT_ENFORCE_TENSOR_IMPL_USE_COUNT"] <= vendored["DONT_ENFORCE_STORAGE_IMPL_USE_COUNT"]
    source = upstream.installed_source()
    if source is None or torch.version.git_version != meta["pytorch_commit"]:
        pytest.skip(f"torch {torch.__version__} does not ship the generator of commit {meta['pytorch_commit'][:12]}")
    assert upstream.parse_lists(source.read_text()) == vendored


def test_every_entry_says_where_it_shows_and_crash_entries_agree_with_their_repro():
    for entry in SHIPPED.entries.values():
        assert entry.visible in ledger.VISIBLE, f"{entry.aten_op} / {entry.invariant}: visible = {entry.visible!r}"
        if entry.invariant == "crash":
            public = expectfile.load(ROOT / entry.expect).meta["public"]
            assert entry.visible == ("public_api" if public else "direct_call"), f"{entry.expect}: public entry point {public!r}"
    below = {e.aten_op for e in SHIPPED.entries.values() if e.visible == "below_ad_inplace_or_view"}
    assert {"aten::_indices", "aten::_values", "aten::transpose.int"} <= below


@pytest.mark.parametrize(
    "line, message",
    [
        ('visible = "public"', "has visible = 'public', not one of public_api, below_ad_inplace_or_view, direct_call"),
        ('upstream_exempt = "DONT_ENFORCE_SOMETHING"', "has upstream_exempt = 'DONT_ENFORCE_SOMETHING'"),
    ],
)
def test_a_bad_value_is_a_one_line_ledger_error(tmp_path, line, message):
    bad = tmp_path / "ledger.toml"
    bad.write_text(f'[[known]]\naten_op = "aten::x"\ninvariant = "returns_input"\nreason = "r"\n{line}\n')
    with pytest.raises(ledger.LedgerError) as raised:
        ledger.load(bad)
    text = str(raised.value)
    assert message in text and str(bad) in text and "aten::x / returns_input" in text and "\n" not in text


def test_written_records_keep_the_new_fields(tmp_path):
    path = tmp_path / "ledger.toml"
    path.write_text(ledger.render(SHIPPED.entries.values()))
    assert ledger.load(path).entries == SHIPPED.entries
    new = ledger.Entry("aten::x", catalog.RETURNS_INPUT, "r", visible="direct_call", upstream_exempt="DONT_ENFORCE_TENSOR_IMPL_USE_COUNT")
    assert ledger.merge(path, [new]) == [new]
    assert ledger.load(path).get("aten::x", catalog.RETURNS_INPUT) == new
