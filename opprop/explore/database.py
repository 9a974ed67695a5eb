"""Hypothesis's example database for fuzzing: a directory, or Redis for a fleet of machines."""
from __future__ import annotations

from urllib.parse import urlparse

from opprop.core.errors import UsageError

DEFAULT_DIRECTORY = ".opprop/examples"


def validate(url: str | None) -> str:
    url = url or DEFAULT_DIRECTORY
    if url.startswith("redis://"):
        parsed = urlparse(url)
        if not parsed.hostname or not parsed.port:
            raise UsageError(f"--database {url!r}: want redis://HOST:PORT/DB")
        db = parsed.path.lstrip("/") or "0"
        if not db.isdigit():
            raise UsageError(f"--database {url!r}: the Redis database must be a number")
    elif "://" in url:
        raise UsageError(f"--database {url!r}: want a directory or redis://HOST:PORT/DB")
    return url


def open_database(url: str | None):
    """Every failure saved here is replayed first by the next run that opens the same place."""
    url = validate(url)
    if url.startswith("redis://"):
        import redis
        from hypothesis.extra.redis import RedisExampleDatabase

        return RedisExampleDatabase(redis.Redis.from_url(url))
    from hypothesis.database import DirectoryBasedExampleDatabase

    return DirectoryBasedExampleDatabase(url)


KEY_PREFIX = "opprop-fuzz:"


def database_key(target: str) -> bytes:
    """One key per target: each distinct (aten op, invariant) failure is a separate saved example under it."""
    return (KEY_PREFIX + target).encode()


def key_target(key: str) -> str:
    """The target a database key (as text) was made for; a key from before the prefix is the target itself."""
    return key[len(KEY_PREFIX):] if key.startswith(KEY_PREFIX) else key
