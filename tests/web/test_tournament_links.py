"""A tournament's posts link to its page when ``PORTOLAN_WEB_URL`` is set (issue 42): the notice
of each round's tables and the final standings; without it, no post links anywhere."""

from __future__ import annotations

import re
from itertools import count

from host.life import PlayByPost
from host.store import Store
from host.tables import TableService
from host.tournaments import TournamentService
from tests.podium import ENGINE as PODIUM

HALL = 7_070_001
THREADS = count(7_100_000)


async def tournament_posts(path) -> tuple[Store, dict]:
    store = await Store.open(path)
    tables = TableService(store, engines={PODIUM.id: PODIUM})

    async def make_thread(parent: int, name: str) -> int:
        return next(THREADS)

    cups = TournamentService(tables, PlayByPost(tables), make_thread=make_thread)
    await cups.create(
        guild_id=1,
        channel_id=HALL,
        user_id=9,
        name="Cup",
        game="podium",
        table_size=2,
        rounds=1,
        pace="untimed",
    )
    for user in (11, 12, 13, 14):
        await cups.join(HALL, user, f"P{user}")
    tournament = await cups.start(HALL, 9, is_admin=False)
    for row in await store.pairings(tournament.id):
        table = await store.get_table(row.table_id)
        for user in row.players:
            await tables.submit(table.channel_id, user, f"score {user % 10}")
    await cups.settle()
    posts = {i.key: i.payload["text"] for i in await store.pending() if i.target == HALL}
    return store, posts


async def test_round_notice_and_final_standings_link_the_tournament_page(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTOLAN_WEB_URL", "https://pages.example.org")
    store, posts = await tournament_posts(tmp_path / "cup.db")
    try:
        (tournament,) = await store.tournaments_with_status("finished")
        token = await store.page_token("tournament", tournament.id)
        link = f"<https://pages.example.org/t/{token}>"
        paired = next(text for key, text in posts.items() if key.endswith(":r1:paired"))
        finished = next(text for key, text in posts.items() if key.endswith(":finished"))
        assert paired.endswith(link) and finished.endswith(link)
    finally:
        await store.close()


async def test_no_link_without_a_public_address(tmp_path, monkeypatch):
    monkeypatch.delenv("PORTOLAN_WEB_URL", raising=False)
    store, posts = await tournament_posts(tmp_path / "cup.db")
    try:
        assert posts and not any(re.search(r"https?://", text) for text in posts.values())
    finally:
        await store.close()
