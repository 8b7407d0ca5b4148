"""Check that every citation in the Python sources names a document and a section that exist.

    python3 tools/check_citations.py [ROOT] [--all] [--strict]

Scans every Python file under ROOT (default: the repository; ``.venv`` and other tool folders
skipped) for citations in comments and strings: ``docs/ARCHITECTURE.md 4``,
``docs/rules/tahiti.md 5.4``, any Markdown file under ``docs/``, and the old bare names of the
design page and the rules references, which are read as the files that replaced them
(``tools/citations.py``, ``OLD_FORMS``; ``tools/rewrite_citations.py`` rewrites them).

A citation resolves when its file is in the repository and each section number it gives is the
number of a heading there (``### 9.6 ...``) or of a numbered item under one (item 8 of
``### 9.6`` is 9.6.8). The report lists the citations that do not, grouped by cause, then the
totals. Exit status 1 when any citation does not resolve (``--strict``: also when a citation
still uses an old name); 0 otherwise. ``--all`` lists every unresolved citation, not the first
ones of each kind. Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from citations import Citation, citations, python_files, section_numbers

SHOWN = 15


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--all", action="store_true", help="list every unresolved citation")
    parser.add_argument("--strict", action="store_true", help="fail on older forms too")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()

    found: list[Citation] = []
    for path in python_files(root):
        found.extend(citations(root, path))

    documents: dict[str, tuple[set[str], set[str]] | None] = {}
    for target in sorted({c.target for c in found}):
        file = root / target
        documents[target] = section_numbers(file) if file.is_file() else None

    missing_file: list[Citation] = []
    missing_section: list[tuple[Citation, list[str]]] = []
    by_heading = by_item = whole = 0
    for c in found:
        numbers = documents[c.target]
        if numbers is None:
            missing_file.append(c)
            continue
        headings, items = numbers
        absent = [s for s in c.sections if s not in headings and s not in items]
        if absent:
            missing_section.append((c, absent))
        elif not c.sections:
            whole += 1
        elif all(s in headings for s in c.sections):
            by_heading += 1
        else:
            by_item += 1
    older = [c for c in found if not c.cited.startswith("docs/")]
    in_code_strings = [c for c in found if not c.docstring]

    limit = None if args.all else SHOWN
    if missing_file:
        print(f"Citations of files not in the repository: {len(missing_file)}")
        for target, count in Counter(c.target for c in missing_file).most_common():
            print(f"  {target}: {count}")
        for c in missing_file[:limit]:
            print(f"    {c.file}:{c.line} {c.cited} {' '.join(c.sections)}".rstrip())
    if missing_section:
        print(f"Citations of sections the document does not have: {len(missing_section)}")
        grouped: dict[tuple[str, str], list[Citation]] = defaultdict(list)
        for c, absent in missing_section:
            for s in absent:
                grouped[(c.target, s)].append(c)
        for (target, s), cs in sorted(grouped.items())[:limit]:
            where = ", ".join(f"{c.file}:{c.line}" for c in cs[:3])
            more = f" and {len(cs) - 3} more" if len(cs) > 3 else ""
            print(f"  {target} {s}: {where}{more}")
    if in_code_strings:
        print(
            f"Citations in strings that are not docstrings (not rewritten): {len(in_code_strings)}"
        )
        for c in in_code_strings[:limit]:
            print(f"  {c.file}:{c.line} {c.cited}")

    unresolved = len(missing_file) + len(missing_section)
    print()
    print(f"citations: {len(found)} in {len({c.file for c in found})} files")
    print(f"  resolving: {len(found) - unresolved}")
    print(f"    to headings: {by_heading}")
    print(f"    to numbered items under a heading: {by_item}")
    print(f"    to a whole document (no section given): {whole}")
    print(
        f"  not resolving: {unresolved} (file missing {len(missing_file)}, "
        f"section missing {len(missing_section)})"
    )
    print(f"  by an old name (not under docs/): {len(older)}")
    per_document = Counter(c.target for c in found)
    for target, count in sorted(per_document.items()):
        state = "present" if documents[target] is not None else "MISSING"
        print(f"    {target}: {count} ({state})")
    if unresolved or (args.strict and older):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
