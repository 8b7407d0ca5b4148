"""Every Prometheus metric of the bot, declared once, and one-line helpers for the call sites
(issue 42).

Names follow Prometheus's naming guide: the `portolan_` namespace, the unit in the name
(`_seconds`), `_total` on counters. Labels are only ever game ids, kinds, levels, outcomes and
statuses, each from a fixed set (`_one_of` turns anything else into "other"): never a member, a
channel, a token, a name or a move text, and a label's values stay few whatever members type.

Shard processes: with `PROMETHEUS_MULTIPROC_DIR` set before the bot starts, each process writes
its values to files there and `/metrics` (web/ops.py) sums them; gauges say how
(`multiprocess_mode`). Without it, the default registry of this one process is exposed. No discord
types here: host never imports discord (docs/ARCHITECTURE.md 1), so the Discord adapter passes
kinds and numbers.
"""

from __future__ import annotations

import atexit
import functools
import os
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics, multiprocess

from engines import GAME_IDS

# No `_created` series beside each counter and histogram: twice the series for a time no panel
# reads (and multiprocess mode has none, so one process and several expose the same names).
disable_created_metrics()

OTHER = "other"

INTERACTION_KINDS = ("command", "autocomplete", "button")
MOVERS = ("member", "planned", "filler", "autopilot", "timeout")
"""Who made an accepted move: the member, their plan (issue 41), a seat filler, a member's seat on
autopilot (resigned or expelled), or another player's skip of a seat whose time ran out (its
default move)."""
DELIVERY_KINDS = ("channel", "dm")
DELIVERY_OUTCOMES = ("sent", "retry", "limited", "dead", "gone")
"""As host/notify.py's ``Deliverer.send_one`` says them; "done" and "busy" sent nothing and are not
counted."""
DISCORD_ERRORS = ("forbidden", "gone", "failed")
"""A target that forbids the bot, a target that no longer exists, any other failed send."""
LEVELS = ("easy", "normal", "hard")
POOL_LANES = ("quick", "search")
PAGE_KINDS = (
    "home",
    "static",
    "game",
    "board",
    "replay",
    "replay_board",
    "record",
    "tournament",
    "server",
    "healthz",
    "metrics",
    "unknown",
)
"""The web server's route names (web/server.py, web/ops.py), and "unknown" for a path no route
matched: a request's page kind is one of these or "other"."""

# Around Discord's 3-second deadline for a first response.
FIRST_RESPONSE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
# A filler thinks from a tenth of a second (easy) to several seconds (hard), plus its wait for a
# worker.
DECISION_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
# A cached page is a few milliseconds; an uncached replay step draws a board (issue 42: <= 300 ms).
PAGE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

INTERACTIONS = Counter("portolan_interactions_total", "Interactions received, by kind.", ["kind"])
FIRST_RESPONSE = Histogram(
    "portolan_interaction_first_response_seconds",
    "Time from an interaction's creation (its snowflake) to the bot's first response to it.",
    ["kind"],
    buckets=FIRST_RESPONSE_BUCKETS,
)
MOVES = Counter(
    "portolan_moves_accepted_total",
    "Moves accepted and committed, by game and by who made them.",
    ["game", "by"],
)
OUTBOX_DEPTH = Gauge(
    "portolan_outbox_depth",
    "Outbox items neither sent nor dead (claimed ones included), at the deliverer's last flush.",
    multiprocess_mode="livesum",  # each shard process flushes its own servers' items
)
OUTBOX_OLDEST_AGE = Gauge(
    "portolan_outbox_oldest_age_seconds",
    "Age of the oldest outbox item neither sent nor dead (0 when empty), at the last flush.",
    multiprocess_mode="livemax",
)
DELIVERIES = Counter(
    "portolan_deliveries_total", "Outbox items tried, by kind and outcome.", ["kind", "outcome"]
)
DISCORD_ERRORS_TOTAL = Counter(
    "portolan_discord_errors_total", "Sends Discord refused or that failed, by reason.", ["reason"]
)
RATE_LIMITS = Counter(
    "portolan_discord_rate_limits_total", "Sends Discord answered with HTTP 429 (the target waits)."
)
POOL_RESTARTS = Counter(
    "portolan_worker_pool_restarts_total",
    "Worker pools replaced after a worker process died, by lane.",
    ["lane"],
)
FILLER_DECISION = Histogram(
    "portolan_filler_decision_seconds",
    "A seat filler's decision as its table waits (queue for a worker included), by game, level.",
    ["game", "level"],
    buckets=DECISION_BUCKETS,
)
ACTIVE_GAMES = Gauge(
    "portolan_active_games",
    "Running games (lobbies not included), by game, at the last background tick.",
    ["game"],
    multiprocess_mode="livesum",  # each shard process counts its own servers' tables
)
PAGE_REQUESTS = Counter(
    "portolan_page_requests_total",
    "Web requests answered, by page kind and HTTP status.",
    ["kind", "status"],
)
PAGE_RENDER = Histogram(
    "portolan_page_render_seconds",
    "Time to answer a web request, by page kind.",
    ["kind"],
    buckets=PAGE_BUCKETS,
)

METRIC_NAMES: tuple[str, ...] = (
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
)
"""Every name above, as `/metrics` exposes it (tests/web/test_ops.py holds the two together)."""


def _one_of(value: object, known: Iterable[str]) -> str:
    """``value`` when it is one of the known label values, else "other": a label never carries
    free text."""
    text = str(value)
    return text if text in known else OTHER


def interaction(kind: str, first_response_seconds: float | None = None) -> None:
    """One interaction answered first (a command, an autocomplete, a button), and how long after its
    creation."""
    kind = _one_of(kind, INTERACTION_KINDS)
    INTERACTIONS.labels(kind).inc()
    if first_response_seconds is not None:
        FIRST_RESPONSE.labels(kind).observe(max(0.0, first_response_seconds))


def move_accepted(game: str, by: str) -> None:
    """A move committed at a ``game`` table, made by ``by`` (one of :data:`MOVERS`)."""
    MOVES.labels(_one_of(game, GAME_IDS), _one_of(by, MOVERS)).inc()


def mover(*, filler: bool, autopilot: bool, planned: bool, timed_out: bool) -> str:
    """Who made a move, as :func:`move_accepted` counts it."""
    if filler:
        return "filler"
    if planned:
        return "planned"
    if timed_out:
        return "timeout"
    if autopilot:
        return "autopilot"
    return "member"


def delivery(kind: str, outcome: str) -> None:
    """An outbox item tried (``outcome`` as ``Deliverer.send_one`` returns it); a refusal also
    counts as an error
    or a 429."""
    outcome = _one_of(outcome, DELIVERY_OUTCOMES)
    if outcome == OTHER:
        return  # "done", "busy": nothing was sent or refused
    DELIVERIES.labels(_one_of(kind, DELIVERY_KINDS), outcome).inc()


def counted_delivery(send_one: Callable[..., Awaitable[str]]) -> Callable[..., Awaitable[str]]:
    """Count what ``Deliverer.send_one`` (host/notify.py) did with each item, whoever called it (the
    deliverer's queues, the interaction path, a DMs-closed notice)."""

    @functools.wraps(send_one)
    async def counted(self: object, item: Any, *args: Any, **kwargs: Any) -> str:
        outcome = await send_one(self, item, *args, **kwargs)
        delivery(item.kind, outcome)
        return outcome

    return counted


def discord_error(reason: str) -> None:
    """A send Discord refused ("forbidden", "gone") or that failed otherwise ("failed")."""
    DISCORD_ERRORS_TOTAL.labels(_one_of(reason, DISCORD_ERRORS)).inc()


def rate_limited() -> None:
    """Discord answered a send with HTTP 429."""
    RATE_LIMITS.inc()


def outbox(depth: int, oldest_age_seconds: float | None) -> None:
    """The outbox as the deliverer last saw it (``oldest_age_seconds`` None: empty)."""
    OUTBOX_DEPTH.set(depth)
    OUTBOX_OLDEST_AGE.set(max(0.0, oldest_age_seconds or 0.0))


def pool_restarted(lane: str) -> None:
    """A worker pool was replaced because one of its processes died."""
    POOL_RESTARTS.labels(_one_of(lane, POOL_LANES)).inc()


@contextmanager
def filler_deciding(game: str, level: str) -> Iterator[None]:
    """Time a seat filler's decision (``with metrics.filler_deciding(game, level): ...``); a failed
    one too."""
    start = time.perf_counter()
    try:
        yield
    finally:
        FILLER_DECISION.labels(_one_of(game, GAME_IDS), _one_of(level, LEVELS)).observe(
            time.perf_counter() - start
        )


def active_games(by_game: Mapping[str, int]) -> None:
    """Running games per game id now; a game absent from ``by_game`` has none."""
    counts = {game: 0 for game in GAME_IDS}
    for game, count in by_game.items():
        key = _one_of(game, GAME_IDS)
        counts[key] = counts.get(key, 0) + count
    for game, count in counts.items():
        ACTIVE_GAMES.labels(game).set(count)


def page_request(kind: str, status: int, seconds: float) -> None:
    """A web request answered: its page kind (a route's name: game, replay, ...), HTTP status and
    time taken."""
    kind = _one_of(kind, PAGE_KINDS)
    PAGE_REQUESTS.labels(kind, str(int(status))).inc()
    PAGE_RENDER.labels(kind).observe(max(0.0, seconds))


def _known_at_zero() -> None:
    """Every known label set starts at 0, so a rate over a fresh process is 0, not absent."""
    for kind in INTERACTION_KINDS:
        INTERACTIONS.labels(kind)
    for game in GAME_IDS:
        ACTIVE_GAMES.labels(game)
        for by in MOVERS:
            MOVES.labels(game, by)
    for kind in DELIVERY_KINDS:
        for outcome in DELIVERY_OUTCOMES:
            DELIVERIES.labels(kind, outcome)
    for reason in DISCORD_ERRORS:
        DISCORD_ERRORS_TOTAL.labels(reason)
    for lane in POOL_LANES:
        POOL_RESTARTS.labels(lane)


def _forget_this_process_at_exit() -> None:
    """With shard processes, a process that ends takes its live gauges (outbox, active games) out
    of the sums; its counters stay, as counters must (a restart does not undo moves)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        atexit.register(lambda: multiprocess.mark_process_dead(os.getpid()))


_known_at_zero()
_forget_this_process_at_exit()
