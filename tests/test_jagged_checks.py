"""Jagged nested tensors are read: their ragged size is a nested int, symbolic but no tracer's, so their calls are
checked (a getter that hands back a buffer the tensor holds is found) and the common ops on them stay silent; one
whose buffers are fake (a trace) is still passed through unread."""
import torch

import opprop
from opprop.check.readable import readable


def _jagged():
    return torch.nested.nested_tensor([torch.randn(2, 3), torch.randn(4, 3)], layout=torch.jagged)


def test_a_getter_returning_a_held_buffer_is_found():
    nt = _jagged()
    # the Python mode's: the jagged tensor's own __torch_dispatch__ answers the getter in Python, above the native
    # engine's key, so the native engine never meets the call (docs/checking.md, what it does not)
    with opprop.checking(engine="python") as found:
        offsets = torch.ops.aten._nested_get_offsets.default(nt)
    assert offsets is nt._offsets  # the tensor's own buffer, under a schema that declares no alias
    assert [(f.aten_op, f.invariant) for f in found.findings] == [("aten::_nested_get_offsets", "tensorimpl_use_count")]


def test_common_ops_on_jagged_tensors_stay_silent():
    nt = _jagged()
    with opprop.checking() as found:
        nt + 1, nt.sin(), nt * nt, torch.nn.functional.relu(nt), nt.clone(), nt.sum(dim=1), nt.unbind()
        nt.values(), nt.offsets(), nt.transpose(1, 2)  # declared views (their buffers are the tensor's)
    assert found.findings == [] and found.internal_errors == []


def test_a_jagged_tensor_over_fake_buffers_is_not_read():
    from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    assert readable(_jagged())
    with FakeTensorMode(shape_env=ShapeEnv()):
        nt = torch.nested.nested_tensor_from_jagged(torch.randn(6, 3), torch.tensor([0, 2, 6]))
    assert type(nt._values) is FakeTensor and not readable(nt)
