"""generators/grad.py: drawn calls run autograd's own backward, double backward and forward-mode AD under the checks."""
import torch
from hypothesis import HealthCheck, given, settings
from torch.utils._python_dispatch import TorchDispatchMode

from opprop.check import catalog
from opprop.check import runner
from opprop.core.calls import Call
from opprop.generators import grad
from opprop.generators.opinfo import opinfo_call_strategy

CONV_BACKWARD = torch.ops.aten.convolution_backward.default


class MaskRecorder(TorchDispatchMode):
    """Records the output_mask of every convolution_backward call autograd makes."""

    def __init__(self):
        super().__init__()
        self.masks = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is CONV_BACKWARD:
            self.masks.append(tuple(args[-1]))
        return func(*args, **(kwargs or {}))


def _conv_parts():
    torch.manual_seed(0)
    return torch.randn(1, 2, 5, 5), torch.randn(3, 2, 3, 3), torch.randn(3)


def test_backward_wrt_input_and_bias_asks_convolution_backward_for_no_weight_grad():
    x, w, b = _conv_parts()
    call = Call("nn.functional.conv2d", grad.Pass(torch.nn.functional.conv2d, grad.BACKWARD, (0, 2)), (x, w, b))
    grad.mark((x, (w, b), {}), grad.BACKWARD, (0, 2))
    assert (x.requires_grad, w.requires_grad, b.requires_grad) == (True, False, True)
    with MaskRecorder() as rec:
        call()
    assert rec.masks == [(True, False, True)]


def test_the_pass_runs_under_the_checks_in_the_same_call():
    x, w, b = _conv_parts()
    grad.mark((x, (w, b), {}), grad.BACKWARD, (1,))
    result = runner.run_call(Call("nn.functional.conv2d", grad.Pass(torch.nn.functional.conv2d, grad.BACKWARD, (1,)), (x, w, b)))
    assert result.valid and "aten::convolution_backward" in result.reached


def test_gradgrad_and_jvp_reach_kernels_backward_does_not():
    def reached(mode):
        x = torch.randn(4, 3)
        grad.mark((x, (), {}), mode, (0,))
        result = runner.run_call(Call("tanh", grad.Pass(torch.tanh, mode, (0,)), (x,)))
        assert result.valid
        return set(result.reached)

    backward, twice, jvp = reached(grad.BACKWARD), reached(grad.GRADGRAD), reached(grad.JVP)
    assert "aten::tanh_backward" in backward and "aten::tanh_backward" in twice
    assert len(twice - backward) > 0  # the backward of tanh_backward
    assert "aten::_has_same_storage_numel" in jvp - backward  # make_dual checks its tangent


def test_drawn_conv2d_backward_reaches_at_least_three_output_masks():
    """What the issue asks: autograd calls convolution_backward with the masks the drawn subsets imply."""
    strategy = opinfo_call_strategy(catalog.opinfos_by_id()["nn.functional.conv2d"])
    rec = MaskRecorder()

    @settings(max_examples=300, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def draw(call):
        with rec:
            try:
                call()
            except RuntimeError:  # a draw the op rejects
                pass

    draw()
    assert len(set(rec.masks)) >= 3, set(rec.masks)


def test_subsets_shrink_to_no_pass_then_to_every_input():
    from hypothesis import find

    assert find(grad.passes((grad.BACKWARD, grad.JVP), 3), lambda p: True) == (grad.NONE, ())
    assert find(grad.passes((grad.BACKWARD, grad.JVP), 3), lambda p: p[0] != grad.NONE) == (grad.BACKWARD, (0, 1, 2))
    assert find(grad.passes((grad.BACKWARD,), 5), lambda p: len(p[1]) == 2)[1] in {(i, j) for i in range(5) for j in range(i + 1, 5)}


def test_opinfo_without_autograd_draws_no_pass():
    assert grad.modes(catalog.opinfos_by_id()["bitwise_and"]) == ()
    conv = grad.modes(catalog.opinfos_by_id()["nn.functional.conv2d"])
    assert conv[0] == grad.BACKWARD and set(conv) <= {grad.BACKWARD, grad.GRADGRAD, grad.JVP}


def test_forward_ad_zero_tensors_are_not_read_as_mutated():
    """Forward AD hands kernels ZeroTensors (data pointer 0, nbytes > 0): reading their "bytes" read garbage,
    which the mutation check once reported as aten::to.dtype_layout mutating its input."""
    x, y = torch.randn(5), torch.tensor(2.0)
    result = runner.run_call(Call("add", grad.Pass(torch.add, grad.JVP, (1,)), (x, y)), snapshot_data="all")
    assert result.valid and "aten::_efficientzerotensor" in result.reached
    assert result.findings == []


def test_forward_ad_is_never_drawn_over_a_subset():
    """An input without a tangent gets a ZeroTensor one; a kernel given a ZeroTensor under a dispatch mode segfaults."""
    from hypothesis import find
    from hypothesis.errors import NoSuchExample

    assert find(grad.passes((grad.JVP,), 3), lambda p: p[0] == grad.JVP) == (grad.JVP, (0, 1, 2))
    try:
        find(grad.passes((grad.BACKWARD, grad.JVP), 3), lambda p: p[0] == grad.JVP and len(p[1]) < 3)
    except NoSuchExample:
        pass
    else:
        raise AssertionError("forward AD drawn over a subset")
