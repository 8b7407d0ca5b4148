"""Operating routes: GET /healthz and Prometheus GET /metrics (issue 42, docs/ARCHITECTURE.md 5b).

The web server mounts `ops_routes(health)` beside its pages and may install `ops_middleware` to
count and time every request. `health()` is the server's own probe (database, gateway per shard,
outbox, worker pools); this module only judges its report (`healthy`) and answers with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client import REGISTRY as DEFAULT_REGISTRY
from prometheus_client.multiprocess import MultiProcessCollector

from host import metrics, workers
from host.store import Store

HealthProbe = Callable[[], Awaitable[dict]]

# An outbox whose oldest item waits longer than this is stuck, not busy: the background loop
# flushes every minute and a 429 asks for seconds to minutes (host/notify.py).
OUTBOX_STUCK_SECONDS = 600.0


def healthy(report: dict) -> bool:
    """Whether a health report says the bot can serve: every part that is present must be well.

    Parts (all optional, so a pages-only process reports only what it has):
    - `database`: {"reachable": bool}
    - `gateway`: {"<shard id>": {"connected": bool}, ...}
    - `outbox`: {"depth": int, "oldest_age_seconds": float | None}; stuck when the oldest item
      waits longer than OUTBOX_STUCK_SECONDS (a deep but moving outbox is busy, not ill)
    - `workers`: {"<pool name>": {"alive": bool}, ...}
    A report with an `error` key (the probe itself failed) is unhealthy.
    """
    if report.get("error"):
        return False
    database = report.get("database")
    if database is not None and not database.get("reachable", False):
        return False
    for shard in (report.get("gateway") or {}).values():
        if not shard.get("connected", False):
            return False
    outbox = report.get("outbox")
    if outbox is not None:
        age = outbox.get("oldest_age_seconds")
        if age is not None and age > OUTBOX_STUCK_SECONDS:
            return False
    return all(pool.get("alive", False) for pool in (report.get("workers") or {}).values())


PROBE_SECONDS = 2.0
"""How long the database may take to answer the probe before it counts as unreachable."""


async def health_report(
    store: Store,
    *,
    gateway: Mapping[int, bool] | None = None,
    pools: bool = True,
    now: Callable[[], float] = time.time,
) -> dict[str, Any]:
    """The report `/healthz` answers with, for the process that serves it: the database (one read
    of the outbox, which also gives its depth and oldest age: this process's shards only, as its
    deliverer sees them), the gateway per shard (``gateway``: shard id -> connected, see
    :func:`gateway_state`; None: a process without a gateway, e.g. `python bot.py web`) and the
    worker pools (``pools``: this process runs them)."""
    report: dict[str, Any] = {}
    try:
        depth, oldest = await asyncio.wait_for(store.backlog(), PROBE_SECONDS)
    except Exception as error:  # any failure to read is "unreachable"; the kind says which
        report["database"] = {"reachable": False, "error": type(error).__name__}
    else:
        report["database"] = {"reachable": True}
        report["outbox"] = {
            "depth": depth,
            "oldest_age_seconds": None if oldest is None else round(max(0.0, now() - oldest), 3),
        }
    if gateway is not None:
        report["gateway"] = {str(shard): {"connected": bool(up)} for shard, up in gateway.items()}
    if pools:
        report["workers"] = workers.lanes_alive()
    return report


def gateway_state(bot: Any) -> dict[int, bool]:
    """Shard id -> connected, for a discord.py ``AutoShardedClient`` (read by duck typing: this
    module stays free of discord). A shard this process should run but has not connected yet, or
    has lost, is False."""
    wanted = bot.shard_ids or range(bot.shard_count or 1)
    state = {}
    for shard_id in wanted:
        shard = bot.get_shard(shard_id)
        state[shard_id] = shard is not None and not shard.is_closed()
    return state


def metrics_registry() -> CollectorRegistry:
    """The registry to expose: every shard process summed when PROMETHEUS_MULTIPROC_DIR is set, else
    this one."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        return registry
    return DEFAULT_REGISTRY


def ops_routes(health: HealthProbe) -> list[web.RouteDef]:
    """GET /healthz (200 or 503 with the health report as JSON) and GET /metrics (Prometheus
    text)."""

    async def healthz(request: web.Request) -> web.Response:
        try:
            report = dict(await health())
        except Exception as error:  # a failing probe is itself the news: say so, not a bare 500
            report = {"error": type(error).__name__}
        report["healthy"] = ok = healthy(report)
        return web.json_response(
            report,
            status=200 if ok else 503,
            dumps=lambda data: json.dumps(data, sort_keys=True),
            headers={"Cache-Control": "no-store"},
        )

    async def metrics_text(request: web.Request) -> web.Response:
        # Merging every process's files (multiprocess mode) is file I/O: off the event loop.
        body = await asyncio.to_thread(generate_latest, metrics_registry())
        response = web.Response(body=body, headers={"Cache-Control": "no-store"})
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    return [
        web.get("/healthz", healthz, name="healthz"),
        web.get("/metrics", metrics_text, name="metrics"),
    ]


@web.middleware
async def ops_middleware(request: web.Request, handler: Callable) -> web.StreamResponse:
    """Count every request by its page kind and status, and time it (portolan_page_*)."""
    start = time.perf_counter()
    status = 500
    try:
        response = await handler(request)
        status = response.status
        return response
    except web.HTTPException as error:
        status = error.status
        raise
    finally:
        metrics.page_request(page_kind(request), status, time.perf_counter() - start)


def page_kind(request: web.Request) -> str:
    """The route's name (the pages' server names its routes: game, replay, ...) or a fixed word,
    never the path: paths carry tokens, and a label per token would both leak them and grow
    without bound."""
    route = request.match_info.route
    if route.name:
        return route.name
    return "other" if route.resource is not None else "unknown"  # unknown: no route matched
