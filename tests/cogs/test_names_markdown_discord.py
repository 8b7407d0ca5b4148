"""Names as members wrote them, in posts (issue 40 section 2), on SimCord: markdown in a display
name is escaped, never stripped, so Discord shows "the_longest_display_name_32char" and "**bold**"
as written (not "thelongestdisplayname32char", not "bold" in bold), and a name still never forms a
mention or a link."""

from __future__ import annotations

import re

import pytest

from tests.cogs.sim import said, stub_render, texts

UNDERSCORES = "the_longest_display_name_32char"
NAMES = [
    UNDERSCORES,
    "**bold**",
    "__under__ ~~gone~~ ||hidden||",
    "[x](https://x.example)",
    "`code` O`Brien",
]


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)
    monkeypatch.setattr("host.images.render_png_async", stub_render)


def discord_shows(content: str) -> str:
    """The text Discord shows for a message, formatting aside: a backslash shows the
    punctuation after it as written; an unescaped ``*``, ``~``, ``|`` or backtick is markup and
    shows nothing; an unescaped ``_`` is markup unless it is inside a word (Discord leaves
    ``snake_case`` alone); a masked link ``[text](url)`` shows its text."""
    content = re.sub(r"(?<!\\)\[((?:[^\]\\]|\\.)*)(?<!\\)\]\([^)]*\)", r"\1", content)
    shown: list[tuple[str, bool]] = []  # (character, written as is)
    i = 0
    while i < len(content):
        ch = content[i]
        if ch == "\\" and i + 1 < len(content) and not content[i + 1].isalnum():
            shown.append((content[i + 1], True))
            i += 2
            continue
        shown.append((ch, False))
        i += 1
    out = []
    for k, (ch, literal) in enumerate(shown):
        if not literal and ch in "*~|`":
            continue
        if not literal and ch == "_":
            before = shown[k - 1][0] if k else " "
            after = shown[k + 1][0] if k + 1 < len(shown) else " "
            if not (before.isalnum() and after.isalnum()):
                continue
        out.append(ch)
    return "".join(out)


def test_the_renderer_reads_markdown_like_discord():
    assert discord_shows("**bold** and __u__") == "bold and u"
    assert discord_shows(r"\*\*bold\*\* and snake_case") == "**bold** and snake_case"
    assert discord_shows(r"the\_long\_name") == "the_long_name"
    assert discord_shows("[x](https://x.example)") == "x"
    assert discord_shows("`code`") == "code"
    assert discord_shows(r"\`code\`") == "`code`"


@pytest.mark.parametrize("name", NAMES, ids=["underscores", "bold", "marks", "link", "backticks"])
async def test_a_display_name_is_shown_as_written_in_posts(world, name):
    member = world.add_member(name)
    await world.ana.slash(world.channel, "game new", game="sealed")
    joined = await member.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    join_note = next(t for t in [said(joined), *texts(world.channel)] if "joined the game" in t)
    assert name in discord_shows(join_note), (join_note, discord_shows(join_note))
    posts = "\n".join(discord_shows(t) for t in texts(world.channel))
    assert name in posts, posts
    for text in texts(world.channel):  # never a mention nor a masked link
        assert not re.search(r"(?<!\\)\[(?:[^\]\\]|\\.)*(?<!\\)\]\(", text), text
        assert "@everyone" not in text
