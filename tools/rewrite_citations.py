"""Point the citations in comments and docstrings at the documents in the repository.

    python3 tools/rewrite_citations.py [ROOT] [--dry-run]

In every Python file under ROOT (default: the repository; ``.venv`` and other tool folders
skipped), a citation by an old bare name becomes the name of the file in ``docs/`` that
replaced it: the design page becomes ``docs/ARCHITECTURE.md`` and a game's rules reference the
file of that name in ``docs/rules`` (``tools/citations.py``, ``OLD_FORMS``); the section numbers
stay as they are (the documents in ``docs/`` keep the numbers). Only comments and docstrings
change: a citation in any other string (a text a player reads, an assertion message) is listed
and left alone. A citation already under ``docs/`` is left alone, so running the tool twice changes
nothing the second time and never doubles the folder.

``--dry-run`` changes no file: it prints, per file, how many citations would be rewritten. Both
modes list the lines the longer names push past the project's 100 characters, to rewrap by hand
(the tool does not reflow text). Afterwards, ``python3 tools/check_citations.py --strict`` checks
that every citation resolves. Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from citations import citations, python_files

LINE_LENGTH = 100
"""The project's line length (``pyproject.toml``): a rewritten line longer than this is listed."""


def long_lines(text: str, before: str) -> list[int]:
    """Lines of ``text`` longer than :data:`LINE_LENGTH` that were not in ``before``."""
    old = set(before.splitlines())
    return [
        n
        for n, line in enumerate(text.splitlines(), 1)
        if len(line) > LINE_LENGTH and line not in old
    ]


def rewritten(root: Path, path: Path) -> tuple[str, int, list[str]]:
    """The file's new text, how many citations changed, and the citations left alone in strings
    that are not docstrings (``file:line path``)."""
    text = path.read_text(encoding="utf-8")
    changed = 0
    left: list[str] = []
    parts: list[str] = []
    at = 0
    for c in citations(root, path):
        if c.cited == c.target:
            continue
        if not c.docstring:
            left.append(f"{c.file}:{c.line} {c.cited}")
            continue
        parts.append(text[at : c.start])
        parts.append(c.target)
        at = c.end
        changed += 1
    parts.append(text[at:])
    return "".join(parts), changed, left


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--dry-run", action="store_true", help="count, change nothing")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    total = files = 0
    left_alone: list[str] = []
    too_long: list[str] = []
    for path in python_files(root):
        text, changed, left = rewritten(root, path)
        left_alone.extend(left)
        if not changed:
            continue
        rel = path.relative_to(root).as_posix()
        too_long.extend(f"{rel}:{n}" for n in long_lines(text, path.read_text(encoding="utf-8")))
        total += changed
        files += 1
        print(f"{changed:4d}  {rel}")
        if not args.dry_run:
            path.write_text(text, encoding="utf-8")
    verb = "would rewrite" if args.dry_run else "rewrote"
    print(f"{verb} {total} citations in {files} files")
    if left_alone:
        print(f"left alone (in strings that are not docstrings): {len(left_alone)}")
        for line in left_alone:
            print(f"  {line}")
    if too_long:
        print(
            f"lines now longer than {LINE_LENGTH} characters (rewrap them; ruff's E501): "
            f"{len(too_long)}"
        )
        for where in too_long:
            print(f"  {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
