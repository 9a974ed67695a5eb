"""Hypothesis's example database for fuzzing: where failures are kept, so the next run (any shard, any night) replays them first.

``--database`` names one place or several, comma-separated (or the flag
repeated); several are one ``MultiplexedDatabase``: a failure is saved to
every writable one and fetched from all. Each place is

- ``DIR``: a ``DirectoryBasedExampleDatabase`` (default ``.opprop/examples``);
- ``redis://[:PASSWORD@]HOST:PORT/DB``: a ``RedisExampleDatabase``, live across machines;
- ``github:OWNER/REPO[/ARTIFACT]``: the latest GitHub Actions artifact of that name
  (``GitHubArtifactDatabase``, default artifact ``hypothesis-example-db``;
  ``GITHUB_TOKEN`` for a private repository), always read-only;
- ``readonly:PLACE``: any of the above, fetched from but never written.
"""
from __future__ import annotations

import dataclasses
import os
import re
from urllib.parse import urlparse

from opprop.core.errors import UsageError

DEFAULT_DIRECTORY = ".opprop/examples"
GITHUB_DEFAULT_ARTIFACT = "hypothesis-example-db"  # GitHubArtifactDatabase's own default
READONLY = "readonly:"
GITHUB = "github:"
_OWNER = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
_REPO = re.compile(r"[A-Za-z0-9._-]{1,100}$")
_ARTIFACT_FORBIDDEN = set('":<>|*?\\/\r\n')  # what actions/upload-artifact refuses in a name


@dataclasses.dataclass(frozen=True)
class Place:
    kind: str  # "directory", "redis" or "github"
    where: str  # the directory, the Redis URL, or OWNER/REPO/ARTIFACT
    readonly: bool = False


def parse(spec: str | list[str] | None) -> list[Place]:
    """Every place ``spec`` names; UsageError (one line) for a form it does not take."""
    parts = [spec] if isinstance(spec, str) or spec is None else list(spec)
    text = ",".join(p or DEFAULT_DIRECTORY for p in parts) if parts else DEFAULT_DIRECTORY
    return [_place(text, part) for part in text.split(",")]  # all read-only is allowed: replay only, nothing saved


def _place(spec: str, part: str) -> Place:
    bad = f"--database {describe(spec)!r}"
    part = part.strip()
    readonly = part.startswith(READONLY)
    if readonly:
        part = part[len(READONLY):]
    if not part:
        raise UsageError(f"{bad}: an empty place (want DIR, redis://HOST:PORT/DB, github:OWNER/REPO[/ARTIFACT], readonly:PLACE, comma-separated)")
    if part.startswith("redis://"):
        parsed = urlparse(part)
        try:
            port = parsed.port
        except ValueError:
            port = None
        if not parsed.hostname or not port:
            raise UsageError(f"{bad}: want redis://HOST:PORT/DB")
        db = parsed.path.lstrip("/") or "0"
        if not db.isdigit():
            raise UsageError(f"{bad}: the Redis database must be a number")
        return Place("redis", part, readonly)
    if part.startswith(GITHUB):
        names = part[len(GITHUB):].split("/")
        if len(names) not in (2, 3) or not _OWNER.match(names[0]) or not _REPO.match(names[1]) or names[1] in (".", ".."):
            raise UsageError(f"{bad}: want github:OWNER/REPO or github:OWNER/REPO/ARTIFACT")
        artifact = names[2] if len(names) == 3 else GITHUB_DEFAULT_ARTIFACT
        if not artifact.strip() or set(artifact) & _ARTIFACT_FORBIDDEN:
            raise UsageError(f"{bad}: {artifact!r} is not an artifact name")
        return Place("github", f"{names[0]}/{names[1]}/{artifact}", True)  # GitHubArtifactDatabase refuses writes
    if "://" in part or (re.match(r"[A-Za-z][A-Za-z0-9+.-]*:(?!\\)", part) and not os.path.exists(part)):  # an unknown scheme
        raise UsageError(f"{bad}: {part!r} is not a form --database takes "
                         "(DIR, redis://HOST:PORT/DB, github:OWNER/REPO[/ARTIFACT], readonly:PLACE)")
    return Place("directory", part, readonly)


def validate(spec: str | list[str] | None) -> str:
    """The spec as one string (what workers are handed), after checking every place in it."""
    return ",".join((READONLY if p.readonly and p.kind != "github" else "") + (GITHUB if p.kind == "github" else "") + p.where
                    for p in parse(spec))


def describe(spec: str) -> str:
    """The spec with any Redis password blanked: what journals and reports record (they are uploaded; a secret URL is not)."""
    return re.sub(r"(redis://[^:/@]*:)[^@/]*@", r"\1***@", spec)


def writable_directories(spec: str) -> list[str]:
    """The directories a run saves to (it creates them first)."""
    return [p.where for p in parse(spec) if p.kind == "directory" and not p.readonly]


def open_database(spec: str | list[str] | None):
    """Every failure saved here is replayed first by the next run that opens the same place."""
    from hypothesis.database import MultiplexedDatabase

    dbs = [_open(p) for p in parse(spec)]
    return dbs[0] if len(dbs) == 1 else MultiplexedDatabase(*dbs)


def _open(p: Place):
    from hypothesis.database import DirectoryBasedExampleDatabase, GitHubArtifactDatabase, ReadOnlyDatabase

    if p.kind == "redis":
        import redis
        from hypothesis.extra.redis import RedisExampleDatabase

        db = RedisExampleDatabase(redis.Redis.from_url(p.where))
    elif p.kind == "github":
        owner, repo, artifact = p.where.split("/", 2)
        db = GitHubArtifactDatabase(owner, repo, artifact_name=artifact)
    else:
        db = DirectoryBasedExampleDatabase(p.where)
    return ReadOnlyDatabase(db) if p.readonly else db


KEY_PREFIX = "opprop-fuzz:"


def database_key(target: str) -> bytes:
    """One key per target: each distinct (aten op, invariant) failure is a separate saved example under it."""
    return (KEY_PREFIX + target).encode()


def key_target(key: str) -> str:
    """The target a database key (as text) was made for; a key from before the prefix is the target itself."""
    return key[len(KEY_PREFIX):] if key.startswith(KEY_PREFIX) else key
