"""Exit codes and the error the command line prints as one line."""

from opprop.core.errors import UsageError  # noqa: F401  (raised by the library, printed here)

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_PROBE = 3  # the use-count probe cannot be trusted on this torch
EXIT_CRASH = 4  # opprop check: the op killed its worker (a signal) or hung; the crash findings and repros are reported
EXIT_NOT_TESTED = 5  # opprop check: no example was a valid call of the op, so it was not tested (why is printed)


def check_device(device: str) -> None:
    import torch

    try:
        dev = torch.device(device)
    except RuntimeError:
        raise UsageError(f"unknown device {device!r}") from None
    if dev.type == "cuda" and not torch.cuda.is_available():
        raise UsageError("device 'cuda' asked for, but torch sees no CUDA device")
