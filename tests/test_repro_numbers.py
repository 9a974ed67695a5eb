"""A repro evaluates to the numbers its spec holds, nan and inf too, and its OPPROP header stays a literal: Python
has no literal for them, and a bare ``nan`` in a generated script is a NameError when the script runs alone (the
sweeps' repros of aten::native_group_norm.out and aten::poisson_nll_loss died of it, in OPPROP's example)."""
import ast
import math
import warnings

import pytest
import torch

from opprop.core.specs import TensorSpec, build_tensor
from opprop.reduce import crash_expectfile, expectfile, repro
from opprop.reduce.crash_outcome import Outcome

NAN, INF = float("nan"), float("inf")


def _same(a, b) -> bool:
    return all(x == y or (math.isnan(x) and math.isnan(y)) for x, y in ((complex(a).real, complex(b).real), (complex(a).imag, complex(b).imag)))


@pytest.mark.parametrize("value", [NAN, INF, -INF, 1.5, complex(NAN, 1.0), complex(0.0, INF), complex(-INF, NAN), complex(1.0, 2.0)])
def test_a_number_is_written_as_source_that_evaluates_to_it(value):
    written = repro.value_source(value)
    assert "nan" not in written.replace("'nan'", "") and "inf" not in written.replace("'inf'", "").replace("'-inf'", "")
    got = eval(written, {})
    assert type(got) is type(value) and _same(got, value)


def test_a_complex_tensor_with_nan_values_is_written_as_source():
    spec = TensorSpec("complex64", (3,), "values", values=(complex(NAN, 1.0), complex(0.0, INF), 2j))
    from_source = eval(repro.tensor_source(spec), {"torch": torch})
    assert torch.equal(from_source.isnan(), build_tensor(spec).isnan())
    assert torch.equal(torch.nan_to_num(from_source), torch.nan_to_num(build_tensor(spec)))


def test_a_per_channel_quantized_tensor_with_a_nan_scale_is_written_as_source():
    spec = TensorSpec("float32", (2, 1), "values", values=(1.0, 2.0), quant=("per_channel", "qint8", 0, (NAN, 1.0), (0, 0)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # quantized tensor creation is deprecated
        from_source = eval(repro.tensor_source(spec), {"torch": torch})
        scales = from_source.q_per_channel_scales()
    assert math.isnan(scales[0]) and scales[1] == 1.0


def _runs(text: str) -> dict:
    namespace: dict = {}
    exec(compile(text, "<repro>", "exec"), namespace)  # the header and OPPROP only: the code below is empty here
    return namespace


def test_an_example_drawn_with_a_nan_argument_leaves_the_header_runnable_and_readable():
    # the sweeps' native_group_norm.out (eps=nan) and poisson_nll_loss repros died of NameError at OPPROP's `nan`
    example = {"aten_op": "aten::add.Scalar", "inputs": {"eps": NAN, "bounds": [INF, -INF, 1.0]}}
    meta = {"aten_op": "aten::add.Scalar", "invariant": "internal_assert", "torch_version": torch.__version__,
            "outcome": Outcome("assert", "x", "aten::add.Scalar").as_json(), "outcome_text": "fails an internal assert",
            "suggested_fix": "", "example": example}
    for text in (expectfile.render(meta, ""), crash_expectfile.render(meta, "", "fails")):
        written = _runs(text)["OPPROP"]
        assert written["example"]["inputs"] == {"eps": "nan", "bounds": ["inf", "-inf", 1.0]}
        assert ast.literal_eval(text.split("OPPROP = ", 1)[1].split("\n\n", 1)[0]) == written
    assert math.isnan(example["inputs"]["eps"])  # the finding's own description is left as it was
