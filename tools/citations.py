"""What the two citation tools share: where citations of the project's documents are in the
Python sources, and which repository file each one names.

A citation names a document and, usually, a section of it: ``docs/ARCHITECTURE.md 6b``,
``docs/rules/tahiti.md 5.4``, ``docs/rules/francis-drake.md 9.6.8``. Citations written before
the documents moved into the repository name them by their old bare names (the design page, a
game's rules reference, with or without the folder they had outside it); :data:`OLD_FORMS` lists
them, and :func:`target_of` maps each to the file in ``docs/`` that replaced it.

Standard library only, so it runs with any Python 3.11 (``python3 tools/check_citations.py``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SKIPPED_DIRS = {
    ".venv",
    "venv",
    ".git",
    "__pycache__",
    "node_modules",
    ".mypy_cache",
    ".ruff_cache",
}
OLD_FORMS = (
    "design.md 6b -> docs/ARCHITECTURE.md 6b",
    "shared/design.md -> docs/ARCHITECTURE.md",
    "rules/tahiti.md 5.4 -> docs/rules/tahiti.md 5.4",
    "shared/rules/<game>.md -> docs/rules/<game>.md",
)
TOOLS = {"tools/citations.py", "tools/check_citations.py", "tools/rewrite_citations.py"}
"""These files speak about citations (their examples would read as citations): not scanned."""

PATH = re.compile(
    r"(?<![\w./-])(?P<path>/?(?:[\w.-]+/)*(?:design\.md|ARCHITECTURE\.md|rules/[a-z][a-z0-9-]*\.md)"
    r"|docs/[\w./-]*?\.md)(?![\w-])"
)
"""A cited document: the design page, a rules reference or any Markdown file under ``docs/``,
with any folders before it (the old ones outside the repository, an absolute path)."""

SECTION = r"\d+(?:\.\d+)*[a-z]?(?![\w.]*\w)"
NUMBERS = re.compile(
    r"(?:``|`)?(?:[ \t]*\n[ \t]*#)?[ \t]*(?:(?:sections?|§+|sec\.)[ \t]*)?"
    rf"(?P<first>{SECTION})(?P<more>(?:[ \t]*(?:,|/|&|and|-|–)[ \t]*(?:§[ \t]*)?{SECTION})*)"
)
"""The section numbers right after a cited document: ``5.4``, ``section 3``, ``5.4, 5.5``,
``4.2 / 4.3``, ``5.4-5.7``, a comment that goes on on the next line."""
ONE_SECTION = re.compile(SECTION)

HEADING = re.compile(r"^#{1,6}[ \t]+(?:§[ \t]*)?(?P<number>\d+(?:\.\d+)*[a-z]?)[.)]?(?:[ \t]|$)")
ITEM = re.compile(r"^(?P<indent>[ \t]*)(?P<number>\d+)[.)][ \t]")


@dataclass(frozen=True)
class Citation:
    file: str  # the Python file, relative to the root
    line: int
    cited: str  # the path as written
    target: str  # the repository file it names (``docs/...``)
    sections: tuple[str, ...]  # the section numbers given (none: the whole document)
    start: int  # offsets of the path in the file's text
    end: int
    docstring: bool  # in a comment or a docstring (not in another string)


def target_of(cited: str) -> str:
    """The repository file a cited path names (see :data:`OLD_FORMS`)."""
    if "docs/" in cited:
        return "docs/" + cited.rsplit("docs/", 1)[1]
    if cited.endswith("design.md") or cited.endswith("ARCHITECTURE.md"):
        return "docs/ARCHITECTURE.md"
    return "docs/rules/" + cited.rsplit("rules/", 1)[1]


def python_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if SKIPPED_DIRS & set(rel.parts[:-1]) or rel.as_posix() in TOOLS:
            continue
        yield path


def _offsets(text: str) -> list[int]:
    starts, at = [0], 0
    for line in text.splitlines(keepends=True):
        at += len(line)
        starts.append(at)
    return starts


def regions(text: str) -> list[tuple[int, int, bool]]:
    """``(start, end, docstring)`` of every comment and string literal (offsets in ``text``);
    ``docstring`` is true for comments and for strings that stand alone as a statement (module,
    class, function and attribute docstrings)."""
    starts = _offsets(text)
    alone: set[tuple[int, int]] = set()
    try:
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Expr)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                alone.add((node.lineno, node.col_offset))
    except SyntaxError:
        pass
    found: list[tuple[int, int, bool]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type not in (tokenize.COMMENT, tokenize.STRING):
                continue
            begin = starts[tok.start[0] - 1] + tok.start[1]
            end = starts[tok.end[0] - 1] + tok.end[1]
            found.append((begin, end, tok.type == tokenize.COMMENT or tok.start in alone))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return found


def citations(root: Path, path: Path) -> list[Citation]:
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(root).as_posix()
    spans = regions(text)
    out: list[Citation] = []
    for m in PATH.finditer(text):
        where = next((s for s in spans if s[0] <= m.start() < s[1]), None)
        if where is None:
            continue  # in code, not in a comment or a string
        after = NUMBERS.match(text, m.end(), where[1])
        sections: tuple[str, ...] = ()
        if after is not None:
            sections = (after["first"], *ONE_SECTION.findall(after["more"] or ""))
        out.append(
            Citation(
                file=rel,
                line=text.count("\n", 0, m.start()) + 1,
                cited=m["path"],
                target=target_of(m["path"]),
                sections=sections,
                start=m.start("path"),
                end=m.end("path"),
                docstring=where[2],
            )
        )
    return out


def section_numbers(document: Path) -> tuple[set[str], set[str]]:
    """The section numbers of a Markdown document: those of its headings (``## 5.`` gives 5,
    ``### 9.6 ...`` 9.6, ``## 6b. Languages`` 6b), and those of the numbered items under a
    heading, nested ones included (item 8 of ``### 9.6`` is 9.6.8; item 1 of item 2 of
    ``### 3.1`` is 3.1.2.1), outside code blocks."""
    headings: set[str] = set()
    items: set[str] = set()
    current: str | None = None
    open_items: list[tuple[int, str]] = []  # (indent, number) of the items a new one may nest in
    fenced = False
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.startswith("#"):
            heading = HEADING.match(line)
            current = heading["number"] if heading else None
            open_items = []
            if heading:
                headings.add(heading["number"])
            continue
        item = ITEM.match(line)
        if item is None or current is None:
            continue
        indent = len(item["indent"].expandtabs(4))
        while open_items and open_items[-1][0] >= indent:
            open_items.pop()
        open_items.append((indent, item["number"]))
        items.add(".".join([current, *(number for _, number in open_items)]))
    return headings, items
