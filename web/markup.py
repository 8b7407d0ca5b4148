"""The posts' markdown as HTML: the log lines, standings and tie-break reasons that the channel
shows are Discord markdown (``**bold**``, a name escaped by ``host.talk.safe_name``), and a page
shows the same words.

Only fixed tags are ever written (``b``, ``i``, ``u``, ``s``, ``code``, ``small``), never an
attribute, and every character of the text is escaped with :func:`html.escape`, so a member's
name cannot become a tag, an attribute or a link. A mention would name a member by id: it is
shown as ``@`` alone."""

from __future__ import annotations

import html
import re

_MENTION = re.compile(r"<(@[!&]?|#)\d+>")
_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_ESCAPABLE = frozenset("*_~|><#`[]()\\-@:.!")
_MARKERS = (("**", "b"), ("__", "u"), ("~~", "s"), ("*", "i"))


def _without_ids(text: str) -> str:
    text = _MENTION.sub(lambda m: "#" if m.group(1) == "#" else "@", text)
    return _EMOJI.sub(r":\1:", text)


def inline(text: str) -> str:
    """One line of markdown as HTML: emphasis, code and escapes; everything else as text."""
    text = _without_ids(text)
    out: list[str] = []
    open_tags: list[tuple[str, str]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text) and text[i + 1] in _ESCAPABLE:
            out.append(html.escape(text[i + 1]))
            i += 2
            continue
        if char == "`":
            end = text.find("`", i + 1)
            if end > i + 1:
                out.append(f"<code>{html.escape(text[i + 1 : end])}</code>")
                i = end + 1
                continue
        for marker, tag in _MARKERS:
            if not text.startswith(marker, i):
                continue
            if any(m == marker for m, _ in open_tags):
                while open_tags:
                    m, t = open_tags.pop()
                    out.append(f"</{t}>")
                    if m == marker:
                        break
                i += len(marker)
                break
            if text.find(marker, i + len(marker) + 1) != -1:
                open_tags.append((marker, tag))
                out.append(f"<{tag}>")
                i += len(marker)
                break
        else:
            out.append(html.escape(char))
            i += 1
            continue
    out.extend(f"</{t}>" for _, t in reversed(open_tags))
    return "".join(out)


def block(text: str) -> str:
    """Several lines (a post): each line as :func:`inline`, Discord's small print (``-# ``)
    as ``<small>``, joined by ``<br>``."""
    lines = []
    for line in text.split("\n"):
        if line.startswith("-# "):
            lines.append(f"<small>{inline(line[3:])}</small>")
        else:
            lines.append(inline(line))
    return "<br>".join(lines)
