"""Plan ahead (issue 41) on SimCord: ``/plan add`` moves that play themselves when the member's
decision comes, with no interaction of theirs (across a restart), announced like any move; a plan
that cannot play is dropped and its member told by DM; ``unless_changed``; a plan is in no channel
post before it plays; ``/plan clear`` and the member's undo clear it. The relay test game: a
turn is up to two actions (``fish``, ``row``) or a ``pass``."""

from __future__ import annotations

import pytest

from tests.cogs.sim import accepted, dms, private, requests, said, texts

pytestmark = pytest.mark.usefixtures("relay_and_no_images")


async def open_relay(world):
    await world.ana.slash(world.channel, "game new", game="relay")
    await world.bo.slash(world.channel, "game join")
    started = await world.ana.slash(world.channel, "game start")
    assert accepted(started), said(started)


async def plan(world, member, move, **options):
    result = await member.slash(world.channel, "plan add", move=move, **options)
    assert private(result) and "Planned" in said(result), said(result)
    return result


async def moves(world):
    table = await world.bot.store.latest_table(world.channel.id)
    return [(m.seat, m.move) for m in await world.bot.store.moves(table.id)]


async def test_a_plan_plays_itself_when_the_turn_comes_even_after_a_restart(world):
    await open_relay(world)
    await plan(world, world.bo, "swim | fish")
    await plan(world, world.bo, "row")
    await plan(world, world.bo, "pass")
    shown = await world.bo.slash(world.channel, "plan show")
    assert private(shown) and "swim | fish" in said(shown) and "3. `pass`" in said(shown)
    # Secret until played: no channel post says it.
    assert not any("swim" in text for text in texts(world.channel))
    await world.restart()
    moved = await world.ana.slash(world.channel, "move", move="pass")
    assert accepted(moved), said(moved)
    # In the same tick, with no interaction of Bo's: his turn's two decisions, from his plan.
    assert await moves(world) == [(0, "pass"), (1, "fish"), (1, "row")]
    channel = "\n".join(texts(world.channel))
    assert "(planned)" in channel and "swim" not in channel
    left = await world.bo.slash(world.channel, "plan show")
    assert "1. `pass`" in said(left) and "fish" not in said(left)
    # Ana's turn now: the rest of Bo's plan waits for his next decision.
    assert (await world.waiting()) is world.ana


async def test_a_plan_with_no_legal_move_is_dropped_and_the_planner_told_by_dm(world):
    await open_relay(world)
    await plan(world, world.bo, "swim | fly")
    await plan(world, world.bo, "fish")
    moved = await world.ana.slash(world.channel, "move", move="pass")
    assert accepted(moved), said(moved)
    assert await moves(world) == [(0, "pass")]  # Bo's turn runs as usual
    assert (await world.waiting()) is world.bo
    told = "\n".join(dms(world.bo))
    assert "Your plan was dropped" in told and "swim | fly" in told
    assert "none of its moves is legal now" in told
    assert not any("swim" in text for text in texts(world.channel))
    shown = await world.bo.slash(world.channel, "plan show")
    assert "no plan" in said(shown)


async def test_unless_changed_drops_the_plan_when_another_seat_moved(world):
    await open_relay(world)
    await plan(world, world.bo, "fish", unless_changed=True)
    await world.ana.slash(world.channel, "move", move="fish")  # still Ana's turn
    await world.ana.slash(world.channel, "move", move="row")
    assert await moves(world) == [(0, "fish"), (0, "row")]
    assert "another player moved since you planned it" in "\n".join(dms(world.bo))


async def test_plan_clear_and_the_members_undo_clear_the_plan(world):
    await open_relay(world)
    await plan(world, world.bo, "fish")
    cleared = await world.bo.slash(world.channel, "plan clear")
    assert private(cleared) and "cleared" in said(cleared)
    await world.ana.slash(world.channel, "move", move="pass")
    assert await moves(world) == [(0, "pass")]
    await world.bo.slash(world.channel, "move", move="pass")
    await plan(world, world.bo, "fish")
    await plan(world, world.bo, "row")
    await plan(world, world.bo, "pass")
    await world.ana.slash(world.channel, "move", move="pass")
    assert await moves(world) == [(0, "pass"), (1, "pass"), (0, "pass"), (1, "fish"), (1, "row")]
    undone = await world.bo.slash(world.channel, "undo")
    assert accepted(undone), said(undone)
    # Back to Bo's decision, and nothing of his plan plays again: it is gone.
    assert await moves(world) == [(0, "pass"), (1, "pass"), (0, "pass"), (1, "fish")]
    shown = await world.bo.slash(world.channel, "plan show")
    assert "no plan" in said(shown)


async def test_plans_only_where_the_member_holds_a_seat(world):
    await open_relay(world)
    refused = await world.cy.slash(world.channel, "plan add", move="fish")
    assert private(refused) and "hold a seat" in said(refused)


def pings(world, since: int, member, *, named: bool = False) -> list[str]:
    """The channel posts and edits sent since request ``since`` that ping ``member`` (with
    ``named``: or that name them as a mention, which pings nobody in an edit)."""
    found = []
    for request in world.env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method not in ("POST", "PATCH") or not isinstance(body.get("content"), str):
            continue
        allowed = {str(u) for u in (body.get("allowed_mentions") or {}).get("users", [])}
        if str(member.id) in allowed or (named and f"<@{member.id}>" in body["content"]):
            found.append(body["content"])
    return found


async def test_a_planned_decision_pings_nobody_and_a_dropped_plan_pings_its_member(world):
    await open_relay(world)
    await plan(world, world.bo, "fish")
    await plan(world, world.bo, "row")
    mark = len(world.env.http_requests)
    await world.ana.slash(world.channel, "move", move="pass")
    # Bo's whole turn played from his plan: no post pinged or mentioned him.
    assert await moves(world) == [(0, "pass"), (1, "fish"), (1, "row")]
    assert pings(world, mark, world.bo, named=True) == []
    assert "(planned)" in "\n".join(texts(world.channel))
    # A plan that cannot play: dropped, and Bo pinged for his turn as usual.
    await plan(world, world.bo, "swim")
    mark = len(world.env.http_requests)
    await world.ana.slash(world.channel, "move", move="pass")
    assert (await world.waiting()) is world.bo
    assert "Your plan was dropped" in "\n".join(dms(world.bo))
    assert len(pings(world, mark, world.bo)) == 1


async def test_a_decision_past_the_plans_end_pings_its_member_once(world):
    await open_relay(world)
    await plan(world, world.bo, "fish")  # his turn's first action only
    mark = len(world.env.http_requests)
    await world.ana.slash(world.channel, "move", move="pass")
    assert await moves(world) == [(0, "pass"), (1, "fish")]
    assert (await world.waiting()) is world.bo
    pinged = pings(world, mark, world.bo)
    assert len(pinged) == 1, pinged
    # He moves himself: not pinged again for the rest of his turn.
    mark = len(world.env.http_requests)
    await world.bo.slash(world.channel, "move", move="row")
    assert pings(world, mark, world.bo) == []


async def test_game_status_says_who_has_a_plan_never_what(world):
    await open_relay(world)
    await plan(world, world.bo, "swim | fish")
    await plan(world, world.bo, "row")
    status = await world.ana.slash(world.channel, "game status")
    shown = said(status)
    assert "bo has a plan (2 moves)" in shown, shown
    assert "swim" not in shown and "fish" not in shown and "row" not in shown


async def test_a_plan_typed_in_greek_plays_as_move_would(world, locales):
    """A Greek-client member plans a move in Greek words (Drake): it plays the move ``/move``
    would play for the same text."""
    players = [world.ana, world.bo, world.cy]
    for member in players:
        locales[member.id] = "el"
    least = world.bot.tables.engine("drake").min_players
    started = await world.open_and_start(game="drake", players=players[: max(2, least)])
    assert accepted(started), said(started)
    table = await world.table()
    member = await world.waiting()
    seat = table.seat_of(member.id)
    decision = await world.bot.tables._decision(table, seat)
    said_el = decision._said("el")[0]
    move, greek = next(
        (m, said_el[m])
        for m in decision.legal
        if not said_el[m].isascii() and decision.pick(said_el[m], "el") == m
    )
    result = await member.slash(world.channel, "plan add", move=greek)
    assert private(result) and "Σχεδιάστηκε" in said(result), said(result)
    await world.bot.tables.plans.settle()
    (row,) = await world.bot.store.moves(table.id, last=1)
    assert (row.seat, row.move) == (seat, move)
    assert "(planned)" in "\n".join(texts(world.channel)) or "σχέδ" in "\n".join(
        texts(world.channel)
    )


async def test_plan_and_mygames_from_a_dm_answer_privately_and_plan_at_the_chosen_table(world):
    """Issue 41 "from anywhere": /mygames, /catchup and /plan are user-installable and allowed in
    DMs; /plan show and /mygames in a DM answer privately with the member's own data; /plan add
    with a ``game`` picked from the list of the member's games plans at that table."""
    synced = {c["name"]: c for c in requests(world.env, "PUT", "/commands")[-1].json}
    for name in ("mygames", "catchup", "plan"):
        assert sorted(synced[name]["contexts"]) == [0, 1, 2], name
        assert sorted(synced[name]["integration_types"]) == [0, 1], name
    await open_relay(world)
    table = await world.table()
    listed = await world.bo.user.slash("mygames")
    assert private(listed) and "relay" in said(listed).lower(), said(listed)
    none = await world.bo.user.slash("plan show")
    assert private(none) and "no plan at any of your games" in said(none), said(none)
    choices = await world.bo.user.autocomplete("plan add", "game", "")
    assert [c["value"] for c in choices] == [str(table.id)]
    offered = await world.bo.user.autocomplete("plan add", "move", "", game=str(table.id))
    assert offered == []  # not his decision now: nothing to offer, as in the channel
    planned = await world.bo.user.slash("plan add", move="fish", game=str(table.id))
    assert private(planned) and "Planned" in said(planned), said(planned)
    refused = await world.bo.user.slash("plan add", move="fish", game=str(10**6))
    assert private(refused) and "do not sit at that game" in said(refused)
    shown = await world.bo.user.slash("plan show")
    assert private(shown) and f"(table {table.id})" in said(shown) and "1. `fish`" in said(shown)
    assert "1. `fish`" in said(await world.bo.user.slash("plan show", game=str(table.id)))
    assert not any("fish" in text for text in texts(world.channel))
    # The plan made from the DM plays at that table when Bo's decision comes.
    await world.ana.slash(world.channel, "move", move="pass")
    assert await moves(world) == [(0, "pass"), (1, "fish")]
    # Ana, who has no plan, sees only that; never Bo's.
    hers = await world.ana.user.slash("plan show")
    assert private(hers) and "fish" not in said(hers)
