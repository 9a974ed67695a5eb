# opprop crash repro: c10d::send dies with SIGSEGV (segmentation fault) in c10d::send on torch 2.13.0+cpu.
# Run it with torch and nothing else: python c10d.send--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""c10d::send dies with SIGSEGV (segmentation fault) in c10d::send on torch 2.13.0+cpu.

Public entry point: `torch.distributed.send(tensor, 1)` twice in a world of 1 (the first raises DistStoreError)
"""

OPPROP = {'format': 1,
 'aten_op': 'c10d::send',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': 'c10d::send'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in c10d::send',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '`torch.distributed.send(tensor, 1)` twice in a world of 1 (the first raises DistStoreError)',
 'frame': '',
 'file_variant': '',
 'example': {'aten_op': 'c10d::send',
             'called_op': 'c10d::send',
             'invariant': 'crash',
             'output_index': None,
             'detail': {'example': 4, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'dst': 1,
                        'process_group': 'the one-process group',
                        'tag': 0,
                        'tensors': [{'device': 'cpu',
                                     'dtype': 'float16',
                                     'layout': 'strided',
                                     'shape': [3, 3],
                                     'storage_offset': 0,
                                     'stride': [3, 1],
                                     'tensor': True}]},
             'replay': {'call': "Call(c10d::send: [{'tensor': True, 'dtype': 'float16', 'shape': [3, 3], "
                                "'device': 'cpu', 'layout': 'strided', 'stride': [3, 1], 'storage_offset': "
                                "0}], 'the one-process group', 1, 0)",
                        'choices': '41014105410241034107410141014100',
                        'corpus': '/tmp/snapT/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:c10d::send',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': 'c10d::send',
                        'example': 4}},
 'repro': {'op': 'c10d::send',
           'args': [[{'tensor': {'dtype': 'float32', 'shape': [1], 'fill': 'zeros'}}],
                    {'group': 'group'},
                    1,
                    0],
           'kwargs': {}},
 'written_by_hand': 'the call made twice, the first in try/except: made once it times out (DistStoreError), '
                    'so opprop report could not rebuild it'}

# ---- the repro ----
import torch

# ---- the one-process group the call runs on, made as opprop made it ----
def one_process_group(name, timeout_s):
    """A gloo group of rank 0 in a world of 1 on an in-memory HashStore (nothing outside this process), registered as ``name``."""
    import datetime
    from torch._C import _distributed_c10d as c10d

    timeout = datetime.timedelta(seconds=timeout_s)
    store = c10d.HashStore()
    store.set_timeout(timeout)  # a rank past the group is waited for here: no longer than gloo waits
    options = c10d.ProcessGroupGloo._Options()
    options._timeout = timeout
    options._devices = [c10d.ProcessGroupGloo.create_device(interface="lo")]
    backend = c10d.ProcessGroupGloo(store, 0, 1, options)
    group = c10d.ProcessGroup(store, 0, 1)
    group._set_default_backend(c10d.ProcessGroup.BackendType.GLOO)
    group._register_backend(torch.device("cpu"), c10d.ProcessGroup.BackendType.GLOO, backend)
    group._set_group_name(name)
    c10d._register_process_group(name, group)
    return group


def boxed_reduce_op(group, name):
    """The ReduceOp ``name`` as the dispatcher takes it (a TorchScript object). Python builds only the default (SUM)
    one; the dispatcher boxes any other when the group's own ``allreduce`` calls ``c10d::allreduce_``."""
    from torch._C import _distributed_c10d as c10d
    from torch.utils._python_dispatch import TorchDispatchMode

    seen = []

    class Boxed(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.extend(a for a in args if isinstance(a, torch.ScriptObject) and "c10d.ReduceOp" in str(a._type()))
            return func(*args, **(kwargs or {}))

    options = c10d.AllreduceOptions()
    options.reduceOp = c10d.ReduceOp(getattr(c10d.ReduceOp.RedOpType, name))
    with Boxed():
        try:
            group.allreduce([torch.zeros(1)], options).wait()
        except RuntimeError:
            pass  # gloo refuses this reduction (AVG): the boxed value was seen all the same
    if not seen:
        raise RuntimeError(f"the dispatcher boxed no ReduceOp {name}")
    return seen[0]


def destroy_group(group):
    """Unregister ``group`` and shut it down."""
    from torch._C import _distributed_c10d as c10d

    try:
        c10d._unregister_process_group(group.group_name)
    finally:
        if hasattr(group, "shutdown"):
            group.shutdown()


one_group = one_process_group('opprop-repro', timeout_s=5.0)


tensors = [torch.zeros(1)]
try:  # the first call waits for rank 1's address until the group's timeout
    torch.ops.c10d.send.default(tensors, one_group.boxed(), 1, 0)
except torch.distributed.DistStoreError:
    pass
torch.ops.c10d.send.default(tensors, one_group.boxed(), 1, 0)  # the half-made connection to rank 1 is used
destroy_group(one_group)

EXPECTED = """dies with SIGSEGV
"""
