"""Which inputs get a data snapshot for the mutation check: the one policy every command, test and mode uses.

Torch-free, so the command line reads it without importing torch (``opprop --help`` stays fast).
"""

# Which inputs get a data snapshot for the mutation check. On CPU every input already gets a byte
# snapshot (one memcpy) either way; elsewhere "all" clones every input, "schema" only those of ops that
# write some argument. One default everywhere, so a nightly fuzz run checks what ``opprop check`` and the
# property tests check: "all", the stricter, since a write to a read-only input is what "schema" would miss.
# InvariantMode's own default is this one too (on CPU both policies cost the same: one memcpy per input).
DEFAULT_SNAPSHOT = "all"
SNAPSHOT_POLICIES = ("schema", "all")
