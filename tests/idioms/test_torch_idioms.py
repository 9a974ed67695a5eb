"""Tests written the way PyTorch's own suites are: ``@ops(op_db)``, ``@modules(module_db)``, instantiate_device_type_tests.

Plain pytest runs them as ordinary tests; ``pytest --opprop tests/idioms``
runs them under opprop's checks and summarizes every finding they reach
(``--opprop=fail`` fails only tests with a new, unledgered finding). Kept
to float32 and small selections so that the checked run stays quick.
"""
import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests, ops
from torch.testing._internal.common_methods_invocations import op_db
from torch.testing._internal.common_modules import module_db, modules
from torch.testing._internal.common_utils import TestCase

OP_NAMES = (
    "abs", "acos", "add", "addcdiv", "addcmul", "addmm", "amax", "asin", "atan", "atan2", "bmm", "cat", "clamp",
    "cos", "cosh", "cumsum", "div", "exp", "expand", "flatten", "flip", "gather", "index_select", "lerp", "log",
    "log_softmax", "logsumexp", "masked_fill", "matmul", "max", "maximum", "mean", "mm", "mul", "mv", "neg",
    "nn.functional.dropout", "nn.functional.gelu", "nn.functional.linear", "nn.functional.relu", "nn.functional.silu",
    "norm", "permute", "pow", "prod", "reshape", "rsqrt", "sigmoid", "sin", "softmax", "split", "sqrt", "squeeze",
    "stack", "sub", "sum", "t", "tanh", "transpose", "unsqueeze", "var", "view", "where",
)
OPS = [op for op in op_db if op.name in OP_NAMES and op.variant_test_name == ""]

MODULE_NAMES = (
    "nn.AdaptiveAvgPool2d", "nn.AvgPool2d", "nn.BatchNorm1d", "nn.BatchNorm2d", "nn.Conv1d", "nn.Conv2d",
    "nn.ConvTranspose2d", "nn.ELU", "nn.Embedding", "nn.GELU", "nn.GroupNorm", "nn.GRUCell", "nn.Hardtanh",
    "nn.LayerNorm", "nn.LeakyReLU", "nn.Linear", "nn.LSTMCell", "nn.MaxPool2d", "nn.MSELoss", "nn.CrossEntropyLoss",
    "nn.ReLU", "nn.Sigmoid", "nn.Softmax", "nn.Tanh", "nn.ZeroPad2d",
)
MODULES = [m for m in module_db if m.name in MODULE_NAMES]


def _backward(out) -> None:
    """Sum every differentiable output and backpropagate (what a training step does)."""
    flat = out if isinstance(out, (tuple, list)) else [out]
    total = [t.sum() for t in flat if isinstance(t, torch.Tensor) and t.requires_grad and t.is_floating_point()]
    if total:
        torch.stack(total).sum().backward()


class TestOpsIdioms(TestCase):
    @ops(OPS, allowed_dtypes=(torch.float32,))
    def test_forward_backward(self, device, dtype, op):
        for sample in op.sample_inputs(device, dtype, requires_grad=op.supports_autograd):
            out = op(sample.input, *sample.args, **sample.kwargs)
            if op.supports_autograd:
                _backward(out)


class TestModulesIdioms(TestCase):
    @modules(MODULES, allowed_dtypes=(torch.float32,))
    def test_forward_backward(self, device, dtype, module_info, training):
        for module_input in module_info.module_inputs_func(module_info, device=device, dtype=dtype, requires_grad=True, training=training):
            if module_input.forward_input is None:
                continue
            args, kwargs = module_input.constructor_input.args, module_input.constructor_input.kwargs
            module = module_info.module_cls(*args, **kwargs).to(device=device, dtype=dtype).train(training)
            _backward(module(*module_input.forward_input.args, **module_input.forward_input.kwargs))


instantiate_device_type_tests(TestOpsIdioms, globals(), only_for="cpu")
instantiate_device_type_tests(TestModulesIdioms, globals(), only_for="cpu")


def test_the_selection_is_as_wide_as_promised():
    assert len(OPS) >= 50 and len(MODULES) >= 20
