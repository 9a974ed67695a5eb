# opprop crash repro: _c10d_functional::reduce_scatter_tensor_out dies with SIGSEGV (segmentation fault) in _c10d_functional::reduce_scatter_tensor_out on torch 2.13.0+cpu.
# Run it with torch and nothing else: python _c10d_functional.reduce_scatter_tensor_out--crash-sigsegv.py
# `opprop replay` runs it in a fresh interpreter: still crashes, CHANGED (another signal, a Python error) or FIXED (it returns).
"""_c10d_functional::reduce_scatter_tensor_out dies with SIGSEGV (segmentation fault) in _c10d_functional::reduce_scatter_tensor_out on torch 2.13.0+cpu.

Public entry point: none found: only a direct call of the overload reaches it
"""

OPPROP = {'format': 1,
 'aten_op': '_c10d_functional::reduce_scatter_tensor_out',
 'invariant': 'crash',
 'outcome': {'kind': 'signal', 'what': 'SIGSEGV', 'op': '_c10d_functional::reduce_scatter_tensor_out'},
 'outcome_text': 'dies with SIGSEGV (segmentation fault) in _c10d_functional::reduce_scatter_tensor_out',
 'torch_version': '2.13.0+cpu',
 'torch_git_version': 'cf30153c4c131c8164ee7798e5022d810682e2cb',
 'found_on': '2026-12-06',
 'public': '',
 'frame': 'c10d::ProcessGroupGloo::reduce_scatter_tensor_coalesced (libtorch_cpu.so)',
 'file_variant': '',
 'example': {'aten_op': '_c10d_functional::reduce_scatter_tensor_out',
             'called_op': '_c10d_functional::reduce_scatter_tensor_out',
             'detail': {'example': 19, 'phase': 'example', 'signal': 'SIGSEGV'},
             'inputs': {'group_name': "the one-process group's name",
                        'group_size': 1,
                        'input': {'device': 'cpu',
                                  'dtype': 'int32',
                                  'layout': 'strided',
                                  'shape': [],
                                  'storage_offset': 0,
                                  'stride': [],
                                  'tensor': True},
                        'out': {'device': 'cpu',
                                'dtype': 'int32',
                                'layout': 'strided',
                                'shape': [0],
                                'storage_offset': 0,
                                'stride': [1],
                                'tensor': True},
                        'reduce_op': 'max'},
             'invariant': 'crash',
             'output_index': None,
             'replay': {'call': "Call(_c10d_functional::reduce_scatter_tensor_out: {'tensor': True, 'dtype': "
                                "'int32', 'shape': [], 'device': 'cpu', 'layout': 'strided', 'stride': [], "
                                '\'storage_offset\': 0}, \'max\', 1, "the one-process group\'s name", '
                                "out={'tensor': True, 'dtype': 'int32', 'shape': [0], 'device': 'cpu', "
                                "'layout': 'strided', 'stride': [1], 'storage_offset': 0})",
                        'choices': '4114004103410341034105410041034106',
                        'corpus': '/work/main/opprop/data/seed_corpus',
                        'database_key': 'opprop-fuzz:_c10d_functional::reduce_scatter_tensor_out',
                        'steer': {'choices': {}, 'total': [0, 0], 'valid_rate': None},
                        'target': '_c10d_functional::reduce_scatter_tensor_out'}},
 'repro': {'op': '_c10d_functional::reduce_scatter_tensor_out',
           'args': [{'tensor': {'dtype': 'int32', 'shape': [], 'fill': 'zeros'}},
                    'max',
                    0,
                    {'group': 'group_name'}],
           'kwargs': {'out': {'tensor': {'dtype': 'int32', 'shape': [], 'fill': 'zeros'}}}}}

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

input = torch.zeros((), dtype=torch.int32)
out_ = torch.zeros((), dtype=torch.int32)
torch.ops._c10d_functional.reduce_scatter_tensor_out.default(input, 'max', 0, one_group.group_name, out=out_)
destroy_group(one_group)


EXPECTED = """dies with SIGSEGV
"""
