"""Real code under opprop.checking(): no finding beyond ledgered ones.

Training steps, an LSTM, Conv2d + BatchNorm2d, EmbeddingBag, and the
everyday calls whose arguments alias each other on entry (legal: the
schema marks the written argument mutable). A finding here is either a
real violation (then ledgered, with its expect file) or a false positive
of the checks; none is filtered.
"""
import pytest
import torch

import opprop


def _assert_only_ledgered(fn):
    with opprop.checking() as found:
        fn()
    assert not found.new, found.report(found.new)
    return found


def _train(make_optimizer, steps=2):
    def step():
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
        optimizer = make_optimizer(model.parameters())
        for _ in range(steps):
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(torch.randn(5, 8)), torch.randn(5, 4))
            loss.backward()
            optimizer.step()

    return step


def test_sgd_momentum_foreach_training_step():
    _assert_only_ledgered(_train(lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9, foreach=True)))


def test_adam_foreach_training_step():
    _assert_only_ledgered(_train(lambda p: torch.optim.Adam(p, lr=0.01, foreach=True)))


def test_adam_fused_training_step():
    _assert_only_ledgered(_train(lambda p: torch.optim.Adam(p, lr=0.01, fused=True)))


def test_resuming_from_a_deep_copy_of_optimizer_state():
    """copy.deepcopy of an optimizer's state, as a resume does (timm's test_optimizer_resume): set_ onto a copied storage."""
    import copy

    def resume():
        model = torch.nn.Linear(3, 2)
        optimizer = torch.optim.AdamW(model.parameters())
        model(torch.ones(1, 3)).sum().backward()
        optimizer.step()
        optimizer.load_state_dict(copy.deepcopy(optimizer.state_dict()))

    found = _assert_only_ledgered(resume)
    assert ("aten::set_.source_Storage", "storage_replaced") in {f.key for f in found.findings}


def test_lstm_forward_backward_float32():
    def run():
        torch.manual_seed(0)
        lstm = torch.nn.LSTM(4, 8, num_layers=2)
        x = torch.randn(3, 2, 4, requires_grad=True)
        out, (h, c) = lstm(x)
        (out.sum() + h.sum() + c.sum()).backward()

    _assert_only_ledgered(run)


@pytest.mark.parametrize("training", [True, False], ids=["train", "eval"])
def test_conv2d_batchnorm2d(training):
    def run():
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4)).train(training)
        x = torch.randn(2, 3, 8, 8, requires_grad=True)
        model(x).sum().backward()

    found = _assert_only_ledgered(run)
    mutation = [f for f in found.findings if f.aten_op == "aten::native_batch_norm"]
    assert bool(mutation) == training  # running stats are written in training only (the ledgered schema bug)


def test_embedding_bag_max_forward_backward():
    def run():
        bag = torch.nn.EmbeddingBag(10, 3, mode="max")
        bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4])).sum().backward()

    _assert_only_ledgered(run)


def test_mul_inplace_with_itself():
    def run():
        x = torch.randn(4)
        x.mul_(x)

    _assert_only_ledgered(run)


def test_copy_inplace_from_itself():
    def run():
        x = torch.randn(4)
        x.copy_(x)

    _assert_only_ledgered(run)


def test_mul_out_into_an_input():
    def run():
        a, b = torch.randn(4), torch.randn(4)
        torch.mul(a, b, out=a)

    _assert_only_ledgered(run)
