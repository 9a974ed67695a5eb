"""out= ops for the naive scanner's out pass: one returns a fresh tensor where its schema names ``out``, one is right."""
import torch

LIB = torch.library.Library("opprop_scanner", "DEF")
LIB.define("fresh_out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")
LIB.define("good_out(Tensor x, *, Tensor(a!) out) -> Tensor(a!)")


def _fresh_out(x, *, out):
    out.resize_(x.shape).copy_(x)
    return x.clone()  # the schema says the result is ``out``


def _good_out(x, *, out):
    return out.resize_(x.shape).copy_(x)


LIB.impl("fresh_out", _fresh_out, "CompositeExplicitAutograd")
LIB.impl("good_out", _good_out, "CompositeExplicitAutograd")
