"""Every kind of interaction is counted once, at its first response, with its time since creation
(issue 42: portolan_interactions_total and portolan_interaction_first_response_seconds;
discord_io/first_response.py)."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from tests.cogs.sim import lobby_post


def counted(kind: str) -> tuple[float, float, float]:
    """(interactions, first responses timed, their total seconds) of one kind so far."""
    labels = {"kind": kind}
    return (
        REGISTRY.get_sample_value("portolan_interactions_total", labels) or 0.0,
        REGISTRY.get_sample_value("portolan_interaction_first_response_seconds_count", labels)
        or 0.0,
        REGISTRY.get_sample_value("portolan_interaction_first_response_seconds_sum", labels) or 0.0,
    )


async def test_commands_buttons_and_autocomplete_are_counted_once_at_their_first_response(world):
    ana, bo, channel = world.ana, world.bo, world.channel
    before = {kind: counted(kind) for kind in ("command", "button", "autocomplete")}
    await ana.slash(channel, "game new", game="sealed")  # acknowledged, then answered: once
    await bo.click(lobby_post(channel), label="Join")
    await ana.slash(channel, "game start")
    await ana.autocomplete(channel, "move", "move", "bid")
    await ana.slash(channel, "game new", game="sealed")  # refused at once (reply, no defer)
    after = {kind: counted(kind) for kind in before}
    grown = {
        kind: [round(b - a, 3) for a, b in zip(before[kind], after[kind], strict=True)]
        for kind in before
    }
    assert [grown[kind][:2] for kind in ("command", "button", "autocomplete")] == [
        [3, 3],
        [1, 1],
        [1, 1],
    ]
    for kind, (_, _, seconds) in grown.items():
        assert 0 <= seconds < 3 * (3 if kind == "command" else 1), (kind, seconds)


class Response:
    """An interaction's response as discord.py keeps it: done after the first one."""

    def __init__(self, done: bool) -> None:
        self.done = done
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, **kw) -> None:
        self.done = True
        self.sent.append(text)


async def test_a_reply_that_is_the_first_response_is_counted_and_a_later_one_is_not():
    """The refusals of the error handler (discord_io/errors.py) answer with ``reply`` alone."""
    import datetime
    import types

    import discord

    from discord_io.replies import reply

    def interaction(done: bool):
        async def followup(text: str, **kw) -> None:
            pass

        return types.SimpleNamespace(
            type=discord.InteractionType.component,
            created_at=discord.utils.utcnow() - datetime.timedelta(seconds=1.5),
            client=types.SimpleNamespace(command_ids={}),
            response=Response(done),
            followup=types.SimpleNamespace(send=followup),
        )

    before = counted("button")
    first = interaction(done=False)
    await reply(first, "Sorry, something went wrong on my side.")
    await reply(interaction(done=True), "Done.")  # a follow-up: answered before, counted then
    after = counted("button")
    assert first.response.sent == ["Sorry, something went wrong on my side."]
    assert after[:2] == (before[0] + 1, before[1] + 1)
    assert 1.5 <= after[2] - before[2] < 2.5  # seconds since its creation


@pytest.mark.usefixtures("relay_and_no_images")
async def test_a_button_answered_with_a_form_is_counted_at_the_form(world):
    """ "Plan a move" (discord_io/planning.py) answers with a form, not through ``reply``."""
    await world.ana.slash(world.channel, "game new", game="relay")
    await world.bo.slash(world.channel, "game join")
    await world.ana.slash(world.channel, "game start")
    pressed = await world.bo.click(world.channel.last_message, label="My choices")
    before = counted("button")
    shown = await world.bo.click(pressed.followups[-1].message, label="Plan a move")
    assert shown.modal is not None
    assert counted("button")[:2] == (before[0] + 1, before[1] + 1)
