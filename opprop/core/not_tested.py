"""Targets whose generator draws no valid call on this torch, each with why (``opprop/data/not_tested.toml``).

A property test whose generator draws nothing fails unless its target is
listed here, so a generator that breaks shows as red, not as a skip; a
listed target that draws again fails too (delete its entry).
"""
from __future__ import annotations

import tomllib
from pathlib import Path

PATH = Path(__file__).parents[1] / "data" / "not_tested.toml"


class NotTestedError(ValueError):
    """The list cannot be read or is malformed (one-line message naming the file)."""


def load(path: Path = PATH) -> dict[str, str]:
    """Target name -> why its generator draws no valid call."""
    try:
        data = tomllib.loads(Path(path).read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise NotTestedError(f"cannot read {path}: {e}") from None
    targets = {}
    for i, raw in enumerate(data.get("target", [])):
        if set(raw) != {"name", "reason"} or not all(isinstance(v, str) and v for v in raw.values()):
            raise NotTestedError(f"{path}: target {i + 1} needs exactly a non-empty name and reason, has {sorted(raw)}")
        if raw["name"] in targets:
            raise NotTestedError(f"{path}: {raw['name']} is listed twice")
        targets[raw["name"]] = raw["reason"]
    return targets
