"""How a call can end beside an invariant broken: the finding kinds a crash, a hang or a failed internal assert records.

One enum, str-valued and written as its plain value everywhere (``str``, f-strings, ``repr``, JSON), so
journals, reports, the ledger and expect files read and write the same bytes as when these were bare strings.
Torch-free.
"""
from __future__ import annotations

import enum


class OutcomeKind(str, enum.Enum):
    """A finding's ``invariant`` when the call did not return: it killed its process, hung, or failed an internal assert."""

    CRASH = "crash"  # the process died (a signal), or a worker was lost outside any example
    HANG = "hang"  # the call ran past the example timeout
    INTERNAL_ASSERT = "internal_assert"  # a RuntimeError saying INTERNAL ASSERT FAILED: PyTorch's own words for a bug

    __str__ = str.__str__
    __format__ = str.__format__

    def __repr__(self) -> str:  # pprint writes expect files' OPPROP blocks: the value, as the bare string was
        return repr(self.value)


CRASH_KINDS = (OutcomeKind.CRASH, OutcomeKind.INTERNAL_ASSERT)  # crash repros: their EXPECTED is how the call dies
LOST_KINDS = (OutcomeKind.CRASH, OutcomeKind.HANG)  # a worker lost while running an example
ASSERT_MARK = "INTERNAL ASSERT FAILED"  # what a failed TORCH_INTERNAL_ASSERT's message says


def says_bug(error: BaseException) -> bool:
    """Whether an error is PyTorch's own word for a bug (a failed internal assert), whatever the input: a finding,
    never a refusal of the input, so no learner of what ops refuse may count it as one."""
    return isinstance(error, RuntimeError) and ASSERT_MARK in str(error)
