"""opprop/check/snapshots.py: inputs without data to read are watched without it (ZeroTensors: tests/test_backward.py)."""
import torch

from opprop.check import runner
from opprop.core.calls import Call


def test_meta_tensors_are_not_cloned_or_compared():
    """A meta tensor has no data: cloning it for the mutation check and comparing the clones (aten::equal has no
    Meta kernel) turned every call on meta inputs into a rejected one."""
    x, y = torch.empty(3, 4, device="meta"), torch.empty(3, 4, device="meta")
    for fn in (torch.add, lambda a, b: a.add_(b)):
        result = runner.run_call(Call("add", fn, (x, y)), snapshot_data="all")
        assert result.valid, result.error
        assert result.findings == []

