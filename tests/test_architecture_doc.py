"""docs/architecture.md names every module of opprop/, generators/ and strategies/ with its one job.

A module is named by its path (``opprop/check/walk.py``), its folder and file
(``check/walk.py``), or, where no other module has its file name, the file
name alone in backticks (`` `walk.py` ``). A package's ``__init__.py`` is
named by its folder (`` `commands/` ``).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
TOPS = ("opprop", "generators", "strategies")
MAPPED = ("generators", "strategies")  # opprop/generators and opprop/strategies are links to these


def _modules() -> list[Path]:
    found = []
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if top == "opprop" and relative.parts[1] in MAPPED:
                continue
            found.append(relative)
    return found


def unnamed(doc: str, modules: list[Path]) -> list[str]:
    """The modules ``doc`` does not name."""
    shared = Counter(m.name for m in modules if m.name != "__init__.py")
    missing = []
    for module in modules:
        if module.name == "__init__.py":
            named = re.search(rf"`(?:[\w/]*/)?{re.escape(module.parent.name)}/`", doc)
        else:
            named = (str(module) in doc or f"{module.parent.name}/{module.name}" in doc
                     or (shared[module.name] == 1 and f"`{module.name}`" in doc))
        if not named:
            missing.append(str(module))
    return missing


def test_every_module_is_named_in_the_architecture():
    assert unnamed(DOC.read_text(), _modules()) == []


def test_a_file_name_two_modules_share_names_neither():
    modules = [Path("opprop/core/errors.py"), Path("opprop/cli/errors.py"), Path("opprop/check/walk.py"), Path("opprop/cli/commands/__init__.py")]
    assert unnamed("`errors.py`, `walk.py`, `commands/`", modules) == ["opprop/core/errors.py", "opprop/cli/errors.py"]
    assert unnamed("`core/errors.py`, `opprop/cli/errors.py`, `check/walk.py`, `opprop/cli/commands/`", modules) == []
    assert unnamed("", modules) == [str(m) for m in modules]
