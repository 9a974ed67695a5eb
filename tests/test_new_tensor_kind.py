"""Adding a tensor kind is registering it in one place: this test defines a kind here and nowhere else.

The kind: 4-d tensors in channels_last memory format, with a PartsLayout of
its own (rebuilt from its contiguous values with ``.contiguous(memory_format=
torch.channels_last)``, described with its memory format). Registered for
one test only, it is drawn by schema draws, described in a finding, read
into a spec, shrunk, written as source into an expect file, and that file
replays in a fresh interpreter: no other module was edited for it.
"""
import warnings
from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, find, settings

import custom_ops
from opprop.check import catalog
from opprop.check.runner import run_call
from opprop.core import tensor_kinds
from opprop.core.specs import CallSpec, build_tensor, from_json, to_json
from opprop.core.tensor_kinds.dense import values
from opprop.generators import schema_args
from opprop.generators.schema import schema_call_strategy
from opprop.inputs import validity
from opprop.reduce import expectfile, regressions

warnings.simplefilter("ignore")

OP = custom_ops.ops.return_input.default  # returns its input: breaks returns_input on any tensor it takes


def _channels_last(t: torch.Tensor) -> bool:
    return not t.is_nested and t.dim() == 4 and not t.is_contiguous() \
        and t.is_contiguous(memory_format=torch.channels_last)


def _distinct(shape) -> bool:
    """Whether channels_last differs from contiguous at this shape (so a tensor of it still is of this kind)."""
    return len(shape) == 4 and shape[0] > 0 and shape[1] > 1 and shape[2] * shape[3] > 1


def _build(shape, dtype, device):
    shape = tuple(shape) if _distinct(shape) else (1, 2, 2, 3)
    return values(shape, dtype, device).contiguous(memory_format=torch.channels_last)


def _still_this_kind(candidates):
    return (c for c in candidates if _distinct(c.shape))


KIND = tensor_kinds.TensorKind("channels_last", _build)  # dense: offered to every op with a dense kernel
LAYOUT = tensor_kinds.PartsLayout(
    "channels_last",
    torch.strided,
    parts=("contiguous",),
    holds=_channels_last,
    components=lambda t: (t.contiguous(),),
    build=lambda spec, parts: parts[0].contiguous(memory_format=torch.channels_last),
    source=lambda spec, parts: f"{parts[0]}.contiguous(memory_format=torch.channels_last)",
    describe=lambda t: {"stride": list(t.stride()), "storage_offset": t.storage_offset(), "memory_format": "channels_last"},
    smaller=lambda spec, moves: (spec.replace(parts=(p,)) for p in _still_this_kind(moves.resized(spec.parts[0]))),
    simpler=lambda spec, moves: (spec.replace(parts=(p,)) for p in moves.simpler(spec.parts[0])),
)


@pytest.fixture
def new_kind(tmp_path, monkeypatch):
    monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / "validity.json"))
    with tensor_kinds.registered(KIND, LAYOUT):
        yield
    assert "channels_last" not in tensor_kinds.names() and "channels_last" not in tensor_kinds.layout_names()


def test_a_kind_registered_in_one_place_goes_the_whole_way(new_kind, tmp_path):
    name = catalog.qualified_name(OP)
    assert "channels_last" in schema_args.kinds_for(name)

    # drawn by schema draws
    strategy = schema_call_strategy(OP, learner=validity.OpValidity())
    call = find(strategy, lambda c: _channels_last(c.args[0]),
                settings=settings(database=None, max_examples=500, suppress_health_check=list(HealthCheck)))

    # described in a finding (not captured on the hot path: the finding's call is rebuilt from the live one)
    findings = [f for f in run_call(call).findings if f.invariant == catalog.RETURNS_INPUT]
    assert findings, "return_input on a channels_last tensor breaks returns_input"
    assert findings[0].inputs["x"]["memory_format"] == "channels_last"

    # read into a spec, shrunk, written as source into an expect file that replays
    reg = regressions.from_call(call, name, catalog.RETURNS_INPUT, tmp_path, definition=custom_ops.__file__)
    (spec,) = reg.spec.args
    assert spec.layout == "channels_last" and spec.parts[0].numel == 4 and _distinct(spec.parts[0].shape)  # shrunk, still of its kind
    assert from_json(to_json(spec)) == spec
    rebuilt = build_tensor(spec)
    assert _channels_last(rebuilt) and rebuilt.shape == spec.parts[0].shape
    text = Path(reg.path).read_text()
    assert ".contiguous(memory_format=torch.channels_last)" in text
    assert expectfile.replay(reg.path, accept=False).status == "same"
    assert CallSpec.from_json(expectfile.load(reg.path).meta["repro"]) == reg.spec


def test_an_unregistered_layout_is_a_one_line_spec_error():
    from opprop.core.specs import SpecError, TensorSpec

    spec = TensorSpec("float32", (1, 2, 2, 3), layout="channels_last", parts=(TensorSpec("float32", (1, 2, 2, 3)),))
    with pytest.raises(SpecError, match="unknown tensor layout 'channels_last'"):
        build_tensor(spec)


def test_a_kind_or_layout_registered_twice_is_an_error():
    with tensor_kinds.registered(KIND):
        with pytest.raises(tensor_kinds.KindRegistrationError, match="registered twice"):
            tensor_kinds.register(KIND)
    with pytest.raises(tensor_kinds.KindRegistrationError):
        tensor_kinds.register(tensor_kinds.layout("sparse_coo"))
