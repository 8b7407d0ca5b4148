"""GET /healthz and GET /metrics (issue 42 "Operating"; web/ops.py, host/metrics.py).

Each test mounts the routes on a bare aiohttp application: the pages' server is not needed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import types
from collections.abc import Awaitable, Callable

import pytest
from aiohttp import ClientResponse, web
from aiohttp.test_utils import TestClient, TestServer
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from host import metrics, workers
from host.notify import DeadTarget, Deliverer, RateLimited
from host.store import OutboxItem, Store
from host.tables import TableService, is_filler
from players import Budget
from tests.host.conftest import FakeTransport
from web.ops import OUTBOX_STUCK_SECONDS, gateway_state, health_report, ops_middleware, ops_routes

CH = 9_731_055
MEMBER = 7_359_210
MEMBER_NAME = "Zefiro Quill"


@pytest.fixture
def no_pools(monkeypatch):
    """Legal moves, boards and searches in threads of this process: starting a worker pool takes
    a second, more than a fast test may."""
    monkeypatch.setattr(workers, "_enabled", False)


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "ops.db")
    yield store
    await store.close()


async def client_for(
    health: Callable[[], Awaitable[dict]], *routes: web.RouteDef, middleware: bool = False
) -> TestClient:
    app = web.Application(middlewares=[ops_middleware] if middleware else [])
    app.add_routes([*ops_routes(health), *routes])
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


async def healthz(health: Callable[[], Awaitable[dict]]) -> tuple[ClientResponse, dict]:
    """GET /healthz once: the response (status, headers) and its JSON report."""
    client = await client_for(health)
    try:
        response = await client.get("/healthz")
        return response, await response.json()
    finally:
        await client.close()


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


# ---- /healthz -----------------------------------------------------------------------------------


async def test_healthz_is_200_with_every_part_when_all_is_well(store):
    response, report = await healthz(lambda: health_report(store, gateway={0: True, 1: True}))
    assert response.status == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert report["healthy"] is True
    assert report["database"] == {"reachable": True}
    assert report["outbox"] == {"depth": 0, "oldest_age_seconds": None}
    assert report["gateway"] == {"0": {"connected": True}, "1": {"connected": True}}
    assert set(report["workers"]) == set(workers.LANES)
    assert all(lane["alive"] for lane in report["workers"].values())


async def test_healthz_is_503_when_the_database_cannot_be_read(store):
    await store.close()  # every read fails from now on, as with a database that went away
    response, report = await healthz(lambda: health_report(store, gateway={0: True}))
    assert response.status == 503
    assert report["healthy"] is False
    assert report["database"]["reachable"] is False
    assert "outbox" not in report  # not known, rather than a depth of 0
    assert report["gateway"] == {"0": {"connected": True}}  # the other parts still said


async def test_healthz_is_503_when_a_shard_is_not_connected(store):
    response, report = await healthz(lambda: health_report(store, gateway={0: True, 1: False}))
    assert response.status == 503
    assert report["gateway"]["1"] == {"connected": False}
    assert report["database"] == {"reachable": True}


async def test_healthz_reports_the_outbox_and_is_503_when_its_oldest_item_is_stuck(store):
    await store.queue([OutboxItem(key="k1", kind="channel", target=CH, payload={"text": "x"})])
    await store.queue([OutboxItem(key="k2", kind="channel", target=CH, payload={"text": "y"})])
    later = time.time() + 60

    async def fresh() -> dict:
        return await health_report(store, pools=False, now=lambda: later)

    async def stuck() -> dict:
        return await health_report(store, pools=False, now=lambda: later + OUTBOX_STUCK_SECONDS)

    client = await client_for(fresh)
    try:
        busy = await client.get("/healthz")
        report = await busy.json()
    finally:
        await client.close()
    assert busy.status == 200  # a queue that moves is busy, not ill
    assert report["outbox"]["depth"] == 2
    assert 59 <= report["outbox"]["oldest_age_seconds"] <= 61
    client = await client_for(stuck)
    try:
        assert (await client.get("/healthz")).status == 503
    finally:
        await client.close()


async def test_healthz_is_503_when_a_worker_pool_is_broken(store, monkeypatch):
    # What ProcessPoolExecutor holds once a worker died: a reason in _broken (host/workers.py
    # replaces the pool at the lane's next job).
    broken = types.SimpleNamespace(_broken="A child process terminated abruptly", _processes={})
    monkeypatch.setitem(workers._pools, "search", broken)
    response, report = await healthz(lambda: health_report(store))
    assert response.status == 503
    assert report["workers"]["search"]["alive"] is False
    assert report["workers"]["quick"]["alive"] is True


async def test_healthz_is_503_with_the_reason_when_the_probe_itself_fails():
    async def failing() -> dict:
        raise ConnectionResetError("peer went away at 10.0.0.7")

    response, report = await healthz(failing)
    assert response.status == 503
    assert report == {"error": "ConnectionResetError", "healthy": False}  # the kind, no detail


def test_gateway_state_names_every_shard_this_process_runs():
    class Shard:
        def __init__(self, closed: bool) -> None:
            self.closed = closed

        def is_closed(self) -> bool:
            return self.closed

    shards = {0: Shard(False), 2: Shard(True)}
    bot = types.SimpleNamespace(shard_ids=[0, 1, 2], shard_count=4, get_shard=shards.get)
    assert gateway_state(bot) == {0: True, 1: False, 2: False}
    before_login = types.SimpleNamespace(shard_ids=None, shard_count=None, get_shard={}.get)
    assert gateway_state(before_login) == {0: False}


# ---- /metrics -----------------------------------------------------------------------------------


def exposed_names(text: str) -> set[str]:
    return {
        line.split()[2]
        for line in text.splitlines()
        if line.startswith("# TYPE ") and line.split()[2].startswith("portolan_")
    }


async def test_metrics_exposes_every_declared_name_in_prometheus_text():
    client = await client_for(lambda: health_report_unused())
    try:
        response = await client.get("/metrics")
        text = await response.text()
    finally:
        await client.close()
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/plain; version=")
    assert exposed_names(text) == set(metrics.METRIC_NAMES)
    assert set(metrics.METRIC_NAMES) == {
        "portolan_interactions_total",
        "portolan_interaction_first_response_seconds",
        "portolan_moves_accepted_total",
        "portolan_outbox_depth",
        "portolan_outbox_oldest_age_seconds",
        "portolan_deliveries_total",
        "portolan_discord_errors_total",
        "portolan_discord_rate_limits_total",
        "portolan_worker_pool_restarts_total",
        "portolan_filler_decision_seconds",
        "portolan_active_games",
        "portolan_page_requests_total",
        "portolan_page_render_seconds",
    }
    # Parsable by Prometheus's own parser, and every known label set is there from the start.
    families = {f.name: f for f in text_string_to_metric_families(text)}
    moves = {
        (s.labels["game"], s.labels["by"]) for s in families["portolan_moves_accepted"].samples
    }
    assert ("vasco", "timeout") in moves


async def health_report_unused() -> dict:
    return {}


async def test_a_move_through_the_table_service_moves_its_counter(store, no_pools):
    service = TableService(store)
    await service.open(
        guild_id=1, channel_id=CH, game="vasco", user_id=MEMBER, name=MEMBER_NAME, pace="normal"
    )
    await service.join(CH, MEMBER + 1, "Bo")
    await service.start(CH, MEMBER, seed=3)
    before = value("portolan_moves_accepted_total", game="vasco", by="member")
    played = 0
    for _ in range(3):
        table = await service.latest(CH)
        engine = service.engine("vasco")
        seat = engine.to_move(engine.decode(table.state))[0]
        user = table.user_of(seat)
        await service.submit(CH, user, (await service.legal_moves(CH, user))[0])
        played += 1
    assert value("portolan_moves_accepted_total", game="vasco", by="member") == before + played


async def test_fillers_time_their_decisions_and_their_moves_count_as_theirs(store, no_pools):
    service = TableService(store)
    service.filler_budget = Budget(iterations=2, depth=1)
    await service.open(
        guild_id=1,
        channel_id=CH,
        game="vasco",
        user_id=MEMBER,
        name=MEMBER_NAME,
        bots=1,
        pace="normal",
    )
    moves = value("portolan_moves_accepted_total", game="vasco", by="filler")
    decisions = value("portolan_filler_decision_seconds_count", game="vasco", level="normal")
    outcome = await service.start(CH, MEMBER, seed=11)
    for _ in range(6):
        await service.settle(outcome.table.id)
        table = await service.latest(CH)
        engine = service.engine("vasco")
        waiting = engine.to_move(engine.decode(table.state))
        if is_filler(table, waiting[0]):
            continue
        await service.submit(CH, MEMBER, (await service.legal_moves(CH, MEMBER))[0])
    await service.settle(outcome.table.id)
    filled = value("portolan_moves_accepted_total", game="vasco", by="filler") - moves
    timed = value("portolan_filler_decision_seconds_count", game="vasco", level="normal")
    assert filled >= 1
    assert timed - decisions == filled  # one decision timed per filler move


async def test_active_games_are_counted_by_game_at_the_background_tick(store, no_pools):
    service = TableService(store)
    for channel, game in ((CH, "vasco"), (CH + 1, "vasco"), (CH + 2, "tahiti")):
        await service.open(
            guild_id=1, channel_id=channel, game=game, user_id=MEMBER, name="A", pace="normal"
        )
        await service.join(channel, MEMBER + 1, "B")
        if channel != CH + 2:  # the Tahiti table stays a lobby: not a running game
            await service.start(channel, MEMBER, seed=1)
    await service.kick_due()
    assert value("portolan_active_games", game="vasco") == 2
    assert value("portolan_active_games", game="tahiti") == 0
    assert value("portolan_active_games", game="drake") == 0


class Refusing(FakeTransport):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    async def send_channel(self, item, png):
        raise self.error


def item(key: str) -> OutboxItem:
    return OutboxItem(key=key, kind="channel", target=CH, payload={"text": "hello"})


async def test_deliveries_errors_and_429s_are_counted(store):
    sent = value("portolan_deliveries_total", kind="channel", outcome="sent")
    limited = value("portolan_deliveries_total", kind="channel", outcome="limited")
    gone = value("portolan_deliveries_total", kind="channel", outcome="gone")
    limits = value("portolan_discord_rate_limits_total")
    forbidden = value("portolan_discord_errors_total", reason="gone")
    await store.queue([item("a")])
    await Deliverer(store, FakeTransport()).flush()
    assert value("portolan_deliveries_total", kind="channel", outcome="sent") == sent + 1
    await store.queue([item("b")])
    deliverer = Deliverer(store, Refusing(RateLimited(30.0)))
    await deliverer.flush()
    await deliverer.close()
    assert value("portolan_deliveries_total", kind="channel", outcome="limited") == limited + 1
    assert value("portolan_discord_rate_limits_total") == limits + 1
    # The deliverer's flush saw the item it could not send: the outbox gauges say so.
    assert value("portolan_outbox_depth") == 1
    await store.queue([item("c")])
    later = Deliverer(store, Refusing(DeadTarget("channel deleted", gone=True)), now=lambda: 1e12)
    await later.flush()
    assert value("portolan_deliveries_total", kind="channel", outcome="gone") == gone + 1
    assert value("portolan_discord_errors_total", reason="gone") == forbidden + 1
    assert value("portolan_outbox_oldest_age_seconds") > 3600  # "b" waited since its queueing


def test_a_broken_pool_replaced_is_counted(monkeypatch):
    broken = types.SimpleNamespace(shutdown=lambda **kw: None)
    monkeypatch.setitem(workers._pools, "quick", broken)
    before = value("portolan_worker_pool_restarts_total", lane="quick")
    assert workers._discard_broken("quick")
    assert value("portolan_worker_pool_restarts_total", lane="quick") == before + 1


async def test_page_requests_are_counted_by_route_name_never_by_path():
    async def page(request: web.Request) -> web.Response:
        return web.Response(text="a game")

    token = "Zq3vT0kEnNeverInALabel"
    client = await client_for(
        health_report_unused, web.get("/g/{token}", page, name="game"), middleware=True
    )
    before = value("portolan_page_requests_total", kind="game", status="200")
    try:
        assert (await client.get(f"/g/{token}")).status == 200
        assert (await client.get(f"/nothing/{token}")).status == 404
        text = await (await client.get("/metrics")).text()
    finally:
        await client.close()
    assert value("portolan_page_requests_total", kind="game", status="200") == before + 1
    assert value("portolan_page_requests_total", kind="unknown", status="404") >= 1
    assert value("portolan_page_render_seconds_count", kind="game") >= 1
    assert token not in text


def test_label_values_are_never_free_text():
    metrics.move_accepted("<script>", "member")
    metrics.interaction("modal_submit_by_735921", 0.2)
    metrics.page_request("/g/secret-token", 200, 0.01)
    metrics.page_request("Game", 200, 0.01)
    assert value("portolan_moves_accepted_total", game="other", by="member") >= 1
    assert value("portolan_interactions_total", kind="other") >= 1
    assert value("portolan_page_requests_total", kind="other", status="200") >= 2


KNOWN_LABEL_VALUES = {
    "game": {*metrics.GAME_IDS, metrics.OTHER},
    "by": {*metrics.MOVERS, metrics.OTHER},
    "kind": {
        *metrics.INTERACTION_KINDS,
        *metrics.DELIVERY_KINDS,
        *metrics.PAGE_KINDS,
        metrics.OTHER,
    },
    "outcome": set(metrics.DELIVERY_OUTCOMES),
    "reason": set(metrics.DISCORD_ERRORS),
    "lane": set(metrics.POOL_LANES),
    "level": {*metrics.LEVELS, metrics.OTHER},
    "status": {str(code) for code in range(100, 600)},
    "le": None,  # histogram buckets: numbers
}


async def test_nothing_secret_in_metrics_after_a_game(store, no_pools):
    """After moves and deliveries: every label value is from a known set, and no member id,
    channel id, member name or move text is anywhere in /metrics."""
    service = TableService(store)
    await service.open(
        guild_id=1, channel_id=CH, game="vasco", user_id=MEMBER, name=MEMBER_NAME, pace="normal"
    )
    await service.join(CH, MEMBER + 1, "Bo")
    outcome = await service.start(CH, MEMBER, seed=5)
    deliverer = Deliverer(store, FakeTransport())
    await deliverer.deliver(outcome.items)
    texts = []
    for _ in range(4):
        table = await service.latest(CH)
        engine = service.engine("vasco")
        user = table.user_of(engine.to_move(engine.decode(table.state))[0])
        move = (await service.legal_moves(CH, user))[-1]
        texts.append(move)
        await deliverer.deliver((await service.submit(CH, user, move)).items)
    client = await client_for(health_report_unused, middleware=True)
    try:
        text = await (await client.get("/metrics")).text()
    finally:
        await client.close()
    for family in text_string_to_metric_families(text):
        if not family.name.startswith("portolan_"):
            continue
        for sample in family.samples:
            for label, found in sample.labels.items():
                known = KNOWN_LABEL_VALUES[label]
                assert known is None or found in known, (sample.name, label, found)
    for secret in (str(MEMBER), str(MEMBER + 1), str(CH), MEMBER_NAME):
        assert secret not in text
    # Move texts are short words ("back") that a help line may hold: look for them in the
    # samples' labels only (beside the known sets above, which already exclude them).
    labels = [line.split("{", 1)[1] for line in text.splitlines() if "{" in line]
    assert texts and not any(f'"{move}"' in line for move in texts for line in labels)


# ---- shard processes ----------------------------------------------------------------------------

CHILD = """
from host import metrics
for _ in range({n}):
    metrics.move_accepted("vasco", "planned")
metrics.active_games({{"vasco": {n}}})
"""


@pytest.mark.slow
async def test_two_processes_counters_are_summed_with_prometheus_multiproc_dir(
    tmp_path, monkeypatch
):
    shared = tmp_path / "prometheus"
    shared.mkdir()
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(shared)}
    children = [
        subprocess.Popen([sys.executable, "-c", CHILD.format(n=n)], env=env) for n in (3, 4)
    ]
    assert [child.wait(timeout=60) for child in children] == [0, 0]
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(shared))
    client = await client_for(health_report_unused)
    try:
        text = await (await client.get("/metrics")).text()
    finally:
        await client.close()
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    moved = ("portolan_moves_accepted_total", (("by", "planned"), ("game", "vasco")))
    assert samples[moved] == 7  # 3 + 4, from two processes
    # A live gauge leaves the sums with its process (host/metrics.py marks it dead at exit); a
    # counter stays.
    assert "portolan_active_games" not in exposed_names(text)


async def _no_health() -> dict:
    return {}


def test_every_route_of_the_pages_server_is_a_known_page_kind():
    """A route added to the server without its kind in metrics.PAGE_KINDS would be counted as
    "other"; this names it."""
    from web.server import make_app

    app = make_app(None, _no_health)  # type: ignore[arg-type]  # routes only: no page is asked
    names = {route.name for route in app.router.routes() if route.name}
    assert names and names <= set(metrics.PAGE_KINDS), names - set(metrics.PAGE_KINDS)
