"""README.md stays a front page (at most 8 KiB: the details live in docs/), and no relative link in it or docs/ is dead.

A link is checked to its file and, where it names one, to a heading of that file, by GitHub's anchor rule.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_LIMIT = 8192
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
_CODE = re.compile(r"`[^`\n]*`")  # inline code: `Tensor[](a!)` is no link


def prose(page: Path) -> str:
    """The page's text without its code blocks and inline code."""
    return _CODE.sub("", _FENCE.sub("", page.read_text()))


def anchor(heading: str) -> str:
    """GitHub's id for a heading: lower case, punctuation but hyphens dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text())
    return {anchor(m.group(1)) for m in re.finditer(r"^#+\s+(.+?)\s*$", text, re.M)}


def dead_links(page: Path, root: Path = ROOT) -> list[str]:
    """The relative links of ``page`` whose file, or heading, does not exist."""
    dead = []
    for target in _LINK.findall(prose(page)):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:: not this repository's
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            dead.append(f"{page.relative_to(root)}: {target} (no such file)")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            dead.append(f"{page.relative_to(root)}: {target} (no such heading)")
    return dead


def test_the_readme_is_at_most_8_kib():
    assert (ROOT / "README.md").stat().st_size <= README_LIMIT


def test_every_relative_link_in_the_readme_and_docs_resolves():
    assert [d for page in PAGES for d in dead_links(page)] == []


def test_a_dead_link_and_a_dead_heading_are_found(tmp_path):
    (tmp_path / "other.md").write_text("# A heading: with `code`\n")
    page = tmp_path / "page.md"
    page.write_text("[ok](other.md#a-heading-with-code) [gone](absent.md) [no heading](other.md#nothing) "
                    "[web](https://example.com/x.md)\n```\n[in code](absent2.md)\n```\n`Tensor[](a!)`\n")
    assert [d.split(": ", 1)[1] for d in dead_links(page, tmp_path)] == ["absent.md (no such file)", "other.md#nothing (no such heading)"]

