"""Plan ahead from where a member already looks (issue 41) on SimCord: the turn post's "My
choices", pressed by a seated member whose decision it is not, answers privately with their plan
and a "Plan a move" button; its form adds one entry as ``/plan add`` does, in the member's
language, and the entry plays when their decision comes. The relay test game (tests/relay.py):
a turn is up to two actions (``fish``, ``row``) or a ``pass``."""

from __future__ import annotations

import pytest

from tests.cogs.sim import private, said, texts

pytestmark = pytest.mark.usefixtures("relay_and_no_images")


async def open_relay(world):
    await world.ana.slash(world.channel, "game new", game="relay")
    await world.bo.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    return world.channel.last_message  # the turn post: Ana to move, with "My choices"


def form_input(shown) -> tuple[str, dict]:
    """The custom id and the payload of the one text input of the form a press answered with."""
    modal = shown.modal
    assert modal is not None, said(shown)
    [field] = [c for row in modal["components"] for c in row.get("components", [row])]
    return field["custom_id"], modal | {"field": field}


async def test_my_choices_offers_a_plan_when_it_is_not_your_decision(world):
    post = await open_relay(world)
    pressed = await world.bo.click(post, label="My choices")
    assert private(pressed) and "Plan a move" in said(pressed), said(pressed)
    answer = pressed.followups[-1].message
    shown = await world.bo.click(answer, label="Plan a move")
    field, modal = form_input(shown)
    assert modal["title"] == "Plan a move" and modal["field"]["max_length"] == 200
    done = await world.bo.submit_modal(shown, {field: "swim | fish"})
    assert private(done) and "Planned" in said(done) and "1. `swim | fish`" in said(done)
    assert not any("swim" in text for text in texts(world.channel))
    # Not for a member without a seat; Ana, whose decision it is, sees her choices.
    stranger = await world.cy.click(post, label="My choices")
    assert private(stranger) and "no decision" in said(stranger)
    assert "Plan a move" not in said(stranger)
    assert "Plan a move" not in said(await world.ana.click(post, label="My choices"))
    # The entry plays when Bo's decision comes, as /plan add's would.
    await world.ana.slash(world.channel, "move", move="pass")
    table = await world.bot.store.latest_table(world.channel.id)
    assert [(m.seat, m.move) for m in await world.bot.store.moves(table.id)] == [
        (0, "pass"),
        (1, "fish"),
    ]


async def test_the_plan_form_speaks_the_members_language(world, locales):
    locales[world.bo.id] = "el"
    post = await open_relay(world)
    pressed = await world.bo.click(post, label="My choices")
    answer = pressed.followups[-1].message
    label = next(c.label for row in answer.components for c in row.children)
    assert label != "Plan a move" and not label.isascii(), label
    shown = await world.bo.click(answer, label=label)
    field, modal = form_input(shown)
    assert not modal["title"].isascii() and not modal["field"]["label"].isascii()
    done = await world.bo.submit_modal(shown, {field: "fish"})
    assert private(done) and "Σχεδιάστηκε" in said(done), said(done)
