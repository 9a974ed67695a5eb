"""RNNs: LSTM / GRU / RNN (tanh, relu), packed and unpacked, with and without a flat weight buffer.

``_cudnn_rnn`` takes ``Tensor? weight_buf``: defined, the kernel returns a
tensor sharing its TensorImpl (saved for backward); undefined, it returns a
fresh zero-filled one (seed discussion). That kernel exists only on CUDA, so
the ``rnn._cudnn_rnn`` generator needs ``cuda`` and is skipped, not failed,
elsewhere.

What CPU reaches: ``_use_cudnn_rnn_flatten_weight()`` is false, so
``nn.LSTM.flatten_parameters`` keeps the per-layer parameter list and every
CPU RNN runs with weight_buf undefined (no flat buffer exists at all). The
composite ``aten::lstm.input`` / ``.data`` and friends then decompose into
``mkldnn_rnn_layer`` (oneDNN: float32 LSTM, unpacked, when mkldnn is enabled)
or the native cell loop (``addmm`` + ``unsafe_split`` + activations: float64,
GRU / RNN, and packed data). Dropout is kept at 0: a random mask would make
repros non-deterministic.
"""
from __future__ import annotations

import dataclasses

import torch
from hypothesis import strategies as st

from opprop.core.calls import Call

from opprop.generators.registry import edge_generator
from opprop.strategies import ramp

aten = torch.ops.aten
GATES = {"lstm": 4, "gru": 3, "rnn_tanh": 1, "rnn_relu": 1}
CUDNN_MODE = {"rnn_relu": 0, "rnn_tanh": 1, "lstm": 2, "gru": 3}  # cudnn's mode ints
MODULES = {"lstm": torch.nn.LSTM, "gru": torch.nn.GRU, "rnn_tanh": torch.nn.RNN, "rnn_relu": torch.nn.RNN}


@dataclasses.dataclass(frozen=True)
class RNNConfig:
    kind: str = "lstm"
    input_size: int = 3
    hidden_size: int = 4
    proj_size: int = 0  # LSTM only: 0 < proj_size < hidden_size projects h
    num_layers: int = 1
    bidirectional: bool = False
    batch_first: bool = False
    has_biases: bool = True
    lengths: tuple = (3, 2)  # per sequence, non-increasing; batch = len(lengths), seq_len = lengths[0]
    dtype: torch.dtype = torch.float64

    @property
    def directions(self):
        return 2 if self.bidirectional else 1

    @property
    def out_hidden(self):
        return self.proj_size or self.hidden_size

    def params(self, device):
        """The flat list aten::lstm & co. take: per layer, per direction, w_ih, w_hh, [b_ih, b_hh], [w_hr]."""
        rows = GATES[self.kind] * self.hidden_size
        found = []
        for layer in range(self.num_layers):
            layer_in = self.input_size if layer == 0 else self.out_hidden * self.directions
            for _ in range(self.directions):
                k = len(found)
                found.append(ramp((rows, layer_in), dtype=self.dtype, device=device, start=-0.2 + 0.01 * k, step=0.4 / (rows * layer_in)))
                found.append(ramp((rows, self.out_hidden), dtype=self.dtype, device=device, start=-0.2, step=0.4 / (rows * self.out_hidden)))
                if self.has_biases:
                    found.append(ramp((rows,), dtype=self.dtype, device=device, start=-0.1, step=0.01))
                    found.append(torch.zeros(rows, dtype=self.dtype, device=device))
                if self.proj_size:
                    found.append(ramp((self.proj_size, self.hidden_size), dtype=self.dtype, device=device, start=-0.3))
        return found

    def hx(self, device):
        batch = len(self.lengths)
        h = ramp((self.num_layers * self.directions, batch, self.out_hidden), dtype=self.dtype, device=device, step=0.01)
        if self.kind != "lstm":
            return h
        return [h, torch.zeros(self.num_layers * self.directions, batch, self.hidden_size, dtype=self.dtype, device=device)]

    def padded_input(self, device):
        shape = (self.lengths[0], len(self.lengths), self.input_size)
        x = ramp(shape, dtype=self.dtype, device=device, start=-0.5)
        return x.transpose(0, 1).contiguous() if self.batch_first else x

    def packed_input(self, device):
        """(data, batch_sizes) as pack_padded_sequence makes them: time-major, batch_sizes an int64 CPU tensor."""
        batch_sizes = [sum(1 for n in self.lengths if n > t) for t in range(self.lengths[0])]
        data = ramp((sum(batch_sizes), self.input_size), dtype=self.dtype, device=device, start=-0.5)
        return data, torch.tensor(batch_sizes, dtype=torch.long)


def config_strategy(kinds=tuple(GATES)):
    """Structure first (kind, sizes, layers, sequences), then flags and dtype."""

    @st.composite
    def draw(d):
        kind = d(st.sampled_from(kinds))
        hidden = d(st.integers(1, 4))
        lengths = tuple(sorted(d(st.lists(st.integers(1, 3), min_size=1, max_size=3)), reverse=True))
        return RNNConfig(
            kind=kind,
            input_size=d(st.integers(1, 4)),
            hidden_size=hidden,
            proj_size=d(st.integers(0, hidden - 1)) if kind == "lstm" and hidden > 1 else 0,
            num_layers=d(st.integers(1, 2)),
            bidirectional=d(st.booleans()),
            batch_first=d(st.booleans()),
            has_biases=d(st.booleans()),
            lengths=lengths,
            dtype=d(st.sampled_from((torch.float64, torch.float32))),
        )

    return draw()


def fixed_configs(kind):
    """Plain, bidirectional two-layer batch_first, no biases in float32 (oneDNN for LSTM), projected LSTM."""
    yield RNNConfig(kind=kind)
    yield RNNConfig(kind=kind, num_layers=2, bidirectional=True, batch_first=True, lengths=(3, 3, 1))
    yield RNNConfig(kind=kind, has_biases=False, dtype=torch.float32)
    if kind == "lstm":
        yield RNNConfig(kind=kind, proj_size=2, bidirectional=True, dtype=torch.float32)


# ---------------------------------------------------------------- aten overloads


def aten_input_call(cfg: RNNConfig, device) -> Call:
    op = getattr(aten, cfg.kind).input
    args = (cfg.padded_input(device), cfg.hx(device), cfg.params(device), cfg.has_biases, cfg.num_layers, 0.0, False,
            cfg.bidirectional, cfg.batch_first)
    return Call(f"aten::{cfg.kind}.input", op, args, source=f"rnn.{cfg.kind}.input")


def aten_data_call(cfg: RNNConfig, device) -> Call:
    op = getattr(aten, cfg.kind).data
    data, batch_sizes = cfg.packed_input(device)
    args = (data, batch_sizes, cfg.hx(device), cfg.params(device), cfg.has_biases, cfg.num_layers, 0.0, False, cfg.bidirectional)
    return Call(f"aten::{cfg.kind}.data", op, args, source=f"rnn.{cfg.kind}.data")


# ---------------------------------------------------------------- nn modules (torch._VF underneath)


class _ModuleForward:
    """Calls an nn RNN module on a fixed input, packing it first when ``lengths`` is given."""

    def __init__(self, module, lengths=None):
        self.module = module
        # built here, not in the call: torch.tensor under the checks is a lift_fresh that returns its input
        self.lengths = None if lengths is None else torch.tensor(lengths)

    def __call__(self, x, hx):
        if self.lengths is not None:
            # unsorted lengths: packing sorts, the module unsorts (index_select around the packed kernel)
            x = torch.nn.utils.rnn.pack_padded_sequence(x, self.lengths, batch_first=self.module.batch_first, enforce_sorted=False)
        return self.module(x, hx)

    def __repr__(self):
        return f"{type(self.module).__name__}(packed={self.lengths is not None})"


def module_call(cfg: RNNConfig, packed: bool, device) -> Call:
    """nn.LSTM / GRU / RNN: forward goes through flatten_parameters (a no-op off CUDA) and torch._VF.<kind>."""
    kwargs = dict(num_layers=cfg.num_layers, bias=cfg.has_biases, batch_first=cfg.batch_first, bidirectional=cfg.bidirectional,
                  device=device, dtype=cfg.dtype)
    if cfg.kind.startswith("rnn_"):
        kwargs["nonlinearity"] = cfg.kind[4:]
    if cfg.kind == "lstm" and cfg.proj_size:
        kwargs["proj_size"] = cfg.proj_size
    module = MODULES[cfg.kind](cfg.input_size, cfg.hidden_size, **kwargs)
    with torch.no_grad():
        for p, value in zip(module._flat_weights, cfg.params(device)):
            p.copy_(value)
    module.requires_grad_(False)
    forward = _ModuleForward(module, tuple(reversed(cfg.lengths)) if packed else None)
    hx = cfg.hx(device)
    hx = tuple(hx) if isinstance(hx, list) else hx
    target = f"aten::{cfg.kind}.{'data' if packed else 'input'}"
    return Call(target, forward, (cfg.padded_input(device), hx), source=f"rnn.module.{cfg.kind}")


def _register_aten(kind, form, make):
    def samples(device):
        for cfg in fixed_configs(kind):
            yield make(cfg, device)

    def strategy(device):
        return config_strategy((kind,)).map(lambda cfg: make(cfg, device))

    samples.__doc__ = (
        f"aten::{kind}.{form} with a params list (weight_buf undefined, the only CPU path): "
        f"{'packed data + batch_sizes' if form == 'data' else 'padded input, batch_first both ways'}, uni/bidirectional, 1-2 layers."
    )
    edge_generator(f"rnn.{kind}.{form}", targets=(f"aten::{kind}.{form}",), strategy=strategy)(samples)


def _register_module(kind):
    def samples(device):
        for cfg in fixed_configs(kind):
            yield module_call(cfg, False, device)
            yield module_call(cfg, True, device)

    def strategy(device):
        return st.tuples(config_strategy((kind,)), st.booleans()).map(lambda cp: module_call(cp[0], cp[1], device))

    samples.__doc__ = (
        f"nn.{MODULES[kind].__name__} ({kind}) forward, packed (unsorted PackedSequence) and padded: "
        "flatten_parameters finds no cuDNN, so _VF gets the parameter list (weight_buf undefined)."
    )
    edge_generator(f"rnn.module.{kind}", targets=(f"aten::{kind}.input", f"aten::{kind}.data"), strategy=strategy)(samples)


for _kind in GATES:
    _register_aten(_kind, "input", aten_input_call)
    _register_aten(_kind, "data", aten_data_call)
    _register_module(_kind)


# ---------------------------------------------------------------- _cudnn_rnn (CUDA only)


def flat_weight_buffer(weights, weight_stride0, cfg: RNNConfig):
    """cuDNN's flat buffer: ``_cudnn_rnn_flatten_weight`` copies the weights in and leaves them viewing it."""
    buf = torch._cudnn_rnn_flatten_weight(
        weights, weight_stride0, cfg.input_size, CUDNN_MODE[cfg.kind], cfg.hidden_size, cfg.proj_size, cfg.num_layers,
        cfg.batch_first, cfg.bidirectional,
    )
    return buf


def cudnn_rnn_call(cfg: RNNConfig, with_weight_buf: bool, device) -> Call:
    weights = cfg.params(device)
    weight_stride0 = (4 if cfg.has_biases else 2) + (1 if cfg.proj_size else 0)
    weight_buf = flat_weight_buffer(weights, weight_stride0, cfg) if with_weight_buf else None
    hx = cfg.hx(device)
    h, c = (hx[0], hx[1]) if cfg.kind == "lstm" else (hx, None)
    args = (cfg.padded_input(device), weights, weight_stride0, weight_buf, h, c, CUDNN_MODE[cfg.kind], cfg.hidden_size,
            cfg.proj_size, cfg.num_layers, cfg.batch_first, 0.0, True, cfg.bidirectional, [], None)
    return Call("aten::_cudnn_rnn", aten._cudnn_rnn.default, args, source="rnn._cudnn_rnn")


def _cudnn_strategy(device):
    return st.tuples(config_strategy(), st.booleans()).map(
        lambda cw: cudnn_rnn_call(dataclasses.replace(cw[0], dtype=torch.float32), cw[1], device)
    )


@edge_generator("rnn._cudnn_rnn", targets=("aten::_cudnn_rnn",), strategy=_cudnn_strategy, needs="cuda")
def cudnn_rnn(device):
    """aten::_cudnn_rnn with weight_buf undefined and defined (the output that shares weight_buf's TensorImpl); CUDA only."""
    for kind in GATES:
        for cfg in fixed_configs(kind):
            cfg = dataclasses.replace(cfg, dtype=torch.float32)
            for with_weight_buf in (False, True):
                yield cudnn_rnn_call(cfg, with_weight_buf, device)
