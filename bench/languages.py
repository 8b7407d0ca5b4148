"""The issue's measure (issue 26, "Done when"): whole games through the offline table in Greek
and Russian, and the share of the words it prints and draws in the language's script.

    python -m bench.languages                      every game, el and ru, whole 3-player games
    python -m bench.languages --games tahiti --lang el --moves 40

Each game is played by ``python bot.py local GAME --players 3 --lang LANG`` as a member would
(``host.local.run_local``), its moves piped in as English move texts from a seeded random policy
(the way tests/test_local_table.py plays), after the table's own ``moves``, ``view`` and ``board``
commands. Printed: everything the table writes (image paths aside: the table is run without an
image folder; the images are drawn all the same). Drawn: every text Pillow draws on the board,
private and standings images. Seats are named by the table itself ("Seat 1" in the language);
``Player A`` placeholders, mentions and digits are not words. A move refused (an English move
text not accepted) is counted: the issue wants none.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from bench.scripts import script_count
from engines import ENGINES, GAMES
from engines.base import Engine, Rng
from host import workers
from host.local import run_local
from host.tables import player_range
from render.common import recording_text

PLAYERS = 3
TARGET = 0.97
"""The issue's bar: at least 97% of the words in the language's script."""


@dataclass
class Share:
    """Words in the language's script among all words counted, and the others by frequency."""

    inside: int
    total: int
    foreign: Counter[str] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.inside / self.total if self.total else 1.0

    def common(self, top: int = 8) -> str:
        return ", ".join(f"{w} x{n}" for w, n in self.foreign.most_common(top)) or "-"


@dataclass
class Measure:
    """One game in one language through the offline table."""

    game: str
    lang: str
    moves: int
    refused: list[str]
    finished: bool
    printed: Share
    drawn: Share
    seconds: float


def variant_for(engine: Engine, players: int) -> str:
    """The first variant ``players`` can play (every game has one for 3)."""
    for variant in engine.variants:
        low, high = player_range(engine, variant)
        if low <= players <= high:
            return variant
    raise ValueError(f"{engine.id} has no variant for {players} players")


POLICIES = ("random", "playout")
"""How the scripted seats choose: uniformly among the legal moves, or by the engine's playout
policy (``rollout_move``, what the seat fillers' search plays out with). A uniform Drake captain
sails from Plymouth at once (``sail`` is legal at every placement), so its random games end after
a few dozen moves; the playout policy plays whole voyages (about 200 moves)."""


def scripted_moves(
    engine: Engine,
    players: int,
    seed: int,
    variant: str,
    limit: int | None = None,
    policy: str = "random",
) -> list[str]:
    """A game (its first ``limit`` moves) as ``SEAT MOVE`` lines of English move texts, found
    by playing the engine directly with a seeded ``policy`` (see ``POLICIES``)."""
    chooser = random.Random(seed)
    playout = Rng.from_seed(seed)
    state = engine.setup(players, seed=seed, variant=variant)
    lines: list[str] = []
    while (waiting := engine.to_move(state)) and (limit is None or len(lines) < limit):
        seat = chooser.choice(waiting)
        if policy == "playout":
            move = GAMES[engine.id].heuristics.rollout_move(state, seat, playout)
        else:
            move = chooser.choice(engine.legal_moves(state, seat))
        lines.append(f"{seat + 1} {move}")
        state = engine.apply(state, seat, move).state
    return lines


async def measure(
    game: str,
    lang: str,
    *,
    seed: int = 1,
    limit: int | None = None,
    players: int = PLAYERS,
    policy: str = "random",
) -> Measure:
    """Play ``game`` (whole, or its first ``limit`` moves) at the offline table in ``lang``."""
    engine = ENGINES[game]
    variant = variant_for(engine, players)
    moves = scripted_moves(engine, players, seed, variant, limit, policy)
    first = moves[0].split(" ", 1)[0] if moves else "1"
    # The table's own commands once, so their words count too.
    lines = [f"moves {first}", f"view {first}", "board", *moves]
    out = io.StringIO()
    workers.use_processes(False)  # drawn in this process, where the drawing is recorded
    started = time.perf_counter()
    try:
        with recording_text() as records:
            await run_local(
                game,
                players,
                variant=variant,
                seed=seed,
                out_dir=None,
                lines=lines,
                out=out,
                lang=lang,
            )
    finally:
        workers.use_processes(True)
    seconds = time.perf_counter() - started
    printed = out.getvalue()
    refused = [line for line in printed.splitlines() if line.startswith("! ")]
    return Measure(
        game=game,
        lang=lang,
        moves=len(moves),
        refused=refused,
        finished=limit is None or len(moves) < limit,
        printed=Share(*script_count([printed], lang)),
        drawn=Share(*script_count([r.text for r in records], lang)),
        seconds=seconds,
    )


def report(results: list[Measure]) -> str:
    """The figures, one line per game and language, then the most frequent foreign words."""
    head = f"{'game':<12} {'lang':<4} {'moves':>5} {'refused':>7} {'printed':>16} {'drawn':>16}"
    lines = [head, "-" * len(head)]
    for m in results:
        printed = f"{m.printed.share:.1%} of {m.printed.total}"
        drawn = f"{m.drawn.share:.1%} of {m.drawn.total}"
        lines.append(
            f"{m.game:<12} {m.lang:<4} {m.moves:>5} {len(m.refused):>7} {printed:>16} {drawn:>16}"
            f"  ({m.seconds:.0f} s)"
        )
    lines.append("")
    lines.append(f"Most frequent words not in the language's script (target: {TARGET:.0%} in it):")
    for m in results:
        lines.append(f"  {m.game} {m.lang} printed: {m.printed.common()}")
        lines.append(f"  {m.game} {m.lang} drawn:   {m.drawn.common()}")
        if m.refused:
            lines.append(f"  {m.game} {m.lang} refused: {m.refused[0]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(ENGINES), choices=sorted(ENGINES))
    parser.add_argument("--lang", nargs="+", default=["el", "ru"], choices=["el", "ru", "en"])
    parser.add_argument("--moves", type=int, help="only the first MOVES moves of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--policy", choices=POLICIES, default="random", help="how the scripted seats choose"
    )
    args = parser.parse_args(argv)
    results = []
    for game in args.games:
        for lang in args.lang:
            result = asyncio.run(
                measure(game, lang, seed=args.seed, limit=args.moves, policy=args.policy)
            )
            results.append(result)
            print(
                f"{game} {lang}: printed {result.printed.share:.1%}, "
                f"drawn {result.drawn.share:.1%}",
                file=sys.stderr,
                flush=True,
            )
    print(report(results))
    met = all(
        m.printed.share >= TARGET and m.drawn.share >= TARGET and not m.refused for m in results
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
