"""Position builders for the Francis Drake rules tests."""

from __future__ import annotations

from engines.drake import ENGINE

GREEN, RED, YELLOW, BLUE = 0, 1, 2, 3


def fresh(players: int = 4, seed: int = 1) -> dict:
    return ENGINE.setup(players, seed=seed)


def play(state: dict, seat: int, move: str) -> tuple[dict, list[str], dict]:
    step = ENGINE.apply(state, seat, move)
    return step.state, step.log, step.private


def to_sailing(
    state: dict,
    order: list[int],
    *,
    supplies: int | list[int] = 2,
    crew: int = 6,
    guns: int = 6,
    trade_goods: int = 1,
    voyage: int | None = None,
) -> dict:
    """Skip Provisioning: give resources and put the ships in the Outbound Docks in ``order``."""
    n = state["n"]
    for seat in range(n):
        p = state["p"][seat]
        want = {
            "supplies": supplies if isinstance(supplies, int) else supplies[seat],
            "crew": crew,
            "guns": guns,
            "trade_goods": trade_goods,
        }
        for res, value in want.items():
            state["supply"][res] -= value - p[res]  # keep the cube count conserved
            p[res] = value
    if voyage is not None:
        state["voyage"] = voyage
    state["out"] = list(order)
    ENGINE._start_sailing(state, [])
    return state


def place_all(state: dict, plan: dict[int, list[tuple[str, str]]]) -> tuple[dict, list[str]]:
    """Place Mission Discs in Sailing Order following each seat's list of (disc, destination)."""
    plan = {seat: list(items) for seat, items in plan.items()}
    logs: list[str] = []
    while state["phase"] == "missions":
        seat = state["mturn"]
        label, dest = plan[seat].pop(0)
        state, log, _ = play(state, seat, f"disc {label}")
        state, log, _ = play(state, seat, f"to {dest}")
        logs += log
    return state, logs


def resolve(
    state: dict,
    choices: dict[tuple[int, str], str] | None = None,
    returns: dict[int, str] | None = None,
) -> tuple[dict, list[str]]:
    """Drive the Resolve phase: attack when possible unless ``choices`` says otherwise; return
    home right after the mission named in ``returns`` (seat -> disc label)."""
    choices = choices or {}
    returns = returns or {}
    logs: list[str] = []
    voyage = state["voyage"]
    while state["phase"] == "resolve" and state["voyage"] == voyage:
        cur = state["cur"]
        seat = cur["seat"]
        legal = ENGINE.legal_moves(state, seat)
        if cur["stage"] == "return":
            done = state["queue"][state["qi"] - 1][1]  # the disc just resolved
            move = "return" if returns.get(seat) == done else "continue"
        else:
            move = choices.get((seat, cur["disc"]))
            if move is None:
                move = "attack" if "attack" in legal else legal[0]
        state, log, _ = play(state, seat, move)
        logs += log
    return state, logs
