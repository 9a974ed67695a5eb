"""A torch.library op whose bug shows only on exact values: repros of it must keep literal values."""
import torch

LIB = torch.library.Library("opprop_realcode", "DEF")
LIB.define("keep_if_marked(Tensor x) -> Tensor")


def _keep_if_marked(x):
    # returns its input itself (undeclared) when it holds the marker value, a fresh tensor otherwise
    return x if bool((x == 0.375).any()) else x.clone()


LIB.impl("keep_if_marked", _keep_if_marked, "CPU")
