"""The README and the guides in docs/ (issue 37): a short README, and links that lead
somewhere.

The README is for a newcomer: it stays short, starts with the two commands, states
plainly whether the FIDE Dutch is endorsed (with the parity figure of
``bench/README.md``), and keeps CI's test command.  Every relative link in it and in the
guides names a file of the repository, and every ``#anchor`` a heading of that file.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
README_MAX_LINES = 200
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _links(path: Path) -> list[str]:
    """The targets of the Markdown links and pictures in ``path``, code blocks left out."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return LINK.findall(text)


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to -."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_anchor(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def test_readme_stays_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines"


def test_readme_starts_with_the_two_commands_and_keeps_ci_test_command() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "make run" in first_block and "make test" in first_block
    assert text.index("```sh") < text.index("## Features")


def test_readme_states_the_endorsement_with_the_bench_parity_figure() -> None:
    bench = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    section = bench.split("### Parity with the endorsed program", 1)[1]
    together = re.search(r"\| together \| \*\*([\d,]+)\*\*", section)
    assert together is not None, "bench/README.md's parity table lost its 'together' row"
    figure = together.group(1)
    text = README.read_text(encoding="utf-8")
    assert (
        f"no (pairs identically to the endorsed bbpPairings on {figure} tournaments; "
        "see [bench](bench/README.md))"
    ) in text


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: p.name)
def test_relative_links_lead_to_files_and_headings_of_the_repository(path: Path) -> None:
    broken = []
    for target in _links(path):
        if re.match(r"[a-z]+:", target):
            continue  # an address on the web, not a file
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        found = linked.is_relative_to(ROOT) and linked.exists()
        if not found or (anchor and linked.suffix == ".md" and anchor not in _anchors(linked)):
            broken.append(target)
    assert broken == [], f"{path.name}: links to nothing: {broken}"


def test_the_readme_links_every_guide() -> None:
    links = {target.split("#")[0] for target in _links(README)}
    missing = [doc.name for doc in DOCS if f"docs/{doc.name}" not in links]
    assert missing == []


def _layout_block() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Layout") :]
    return section[section.index("```") + 3 : section.index("```", section.index("```") + 3)]


def _mapped_folders() -> set[str]:
    """The folders the README's map names, as paths from the repository's root (an
    indented entry is inside ``swissweb/tournament/``)."""
    folders = set()
    for line in _layout_block().splitlines():
        names = line.split("   ")[0]
        for name in re.findall(r"([\w./]+/)", names):
            inside = line.startswith("  ") and not name.startswith(("swissweb", "tests"))
            folders.add(("swissweb/tournament/" if inside else "") + name.rstrip("/"))
    return folders


def test_the_readme_map_names_only_folders_that_exist() -> None:
    """#33: the README's map of the code matches the tree: every folder it names exists."""
    missing = sorted(f for f in _mapped_folders() if not (ROOT / f).is_dir())
    assert missing == []


def _not_mapped(name: str) -> bool:
    """Whether a top-level folder is no part of the project's tree: git's own, or one
    ``.gitignore`` keeps out (the virtualenv, tools' caches, build output)."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    patterns = [line.rstrip("/") for line in lines if line and not line.startswith("#")]
    return name == ".git" or any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


def test_the_readme_map_names_every_domain_package_and_top_folder() -> None:
    """Every package of the web app and of the engine and every top-level folder is on
    the map, so a newcomer finds where a feature lives from it."""
    mapped = _mapped_folders()
    packages = {
        str(p.parent.relative_to(ROOT)) for p in (ROOT / "swissweb").glob("*/__init__.py")
    } | {
        str(p.parent.relative_to(ROOT))
        for p in (ROOT / "swissweb" / "tournament").glob("*/__init__.py")
        if p.parent.name not in {"migrations", "management", "templatetags"}
    }
    engine = {
        str(p.parent.relative_to(ROOT)) for p in (ROOT / "pairing" / "engine").glob("*/__init__.py")
    }
    top = {p.name for p in ROOT.iterdir() if p.is_dir() and not _not_mapped(p.name)}
    assert sorted((packages | engine | top) - mapped) == []


CODE_FOLDERS = ("swissweb", "pairing", "bench", "templates")
NAMED_GUIDE = re.compile(r"docs/([\w.-]+\.md)")


def test_every_guide_the_code_names_exists() -> None:
    """A docstring or template that sends the reader to ``docs/X.md`` names a guide of the
    repository (the festival model once named a guide never written)."""
    missing = sorted(
        f"{path.relative_to(ROOT)}: docs/{name}"
        for folder in CODE_FOLDERS
        for path in (ROOT / folder).rglob("*")
        if path.suffix in {".py", ".html"}
        for name in NAMED_GUIDE.findall(path.read_text(encoding="utf-8"))
        if not (ROOT / "docs" / name).is_file()
    )
    assert missing == []
