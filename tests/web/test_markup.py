"""The posts' markdown as HTML (web/markup.py): fixed tags only, every character escaped, a
name escaped for a post (``host.talk.safe_name``) shown as written, no member id."""

from __future__ import annotations

from host.talk import safe_name
from web.markup import block, inline


def test_emphasis_code_and_small_print_become_fixed_tags():
    assert (
        inline("**Ana** takes `harvest banana`") == "<b>Ana</b> takes <code>harvest banana</code>"
    )
    assert inline("*tilted* and ~~gone~~") == "<i>tilted</i> and <s>gone</s>"
    assert block("one\n-# two") == "one<br><small>two</small>"
    assert inline("**never closed") == "**never closed"


def test_names_escaped_for_a_post_are_shown_as_written_and_cannot_make_tags():
    for name in ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "**x** `y` _z_"):
        shown = inline(f"{safe_name(name)} moved")
        assert "<script" not in shown and "<img" not in shown and "<b>" not in shown
        assert shown.startswith(("&lt;", "&quot;", "**x**"))
    assert inline(safe_name("a\\*b")) == "a\\*b"


def test_mentions_never_show_an_id():
    assert inline("<@123456789> and <@!42> and <@&7> in <#555>") == "@ and @ and @ in #"
    assert inline("<:ship:998877>") == ":ship:"
