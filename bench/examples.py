"""Write the example board images the README shows: one mid-game board per game.

    python -m bench.examples [--out docs/boards] [--width 360] [--lang el] [--games tahiti]

Each is a 3-player game (Francis Drake: 4) played by random members from a fixed seed, drawn
exactly as the bot posts it, then shown the way a phone shows it: scaled to ``--width`` pixels
(0: full size). ``--lang el`` or ``ru`` draws them in that language, into ``OUT/<lang>/``.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from PIL import Image

from engines import ENGINES, GAMES
from render import RENDERERS
from render.common import PHONE_WIDTH, to_png
from tests.conformance import configurations

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eve"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="docs/boards")
    parser.add_argument("--width", type=int, default=PHONE_WIDTH, help="scale to (0: full size)")
    parser.add_argument("--lang", default="en", choices=["en", "el", "ru"], help="drawn in")
    parser.add_argument("--games", nargs="+", choices=sorted(ENGINES), help="default: every game")
    args = parser.parse_args()
    out = Path(args.out) if args.lang == "en" else Path(args.out) / args.lang
    out.mkdir(parents=True, exist_ok=True)
    for game, engine in ENGINES.items():
        if args.games and game not in args.games:
            continue
        players = GAMES[game].example_players
        variant = next(v for n, v in configurations(engine) if n == players)
        state = engine.setup(players, seed=11, variant=variant)
        chooser = random.Random(11)
        for _ in range(GAMES[game].example_moves):
            waiting = engine.to_move(state)
            if not waiting:
                break
            seat = chooser.choice(waiting)
            state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
        view = engine.view(state, None) | {"names": NAMES[:players], "lang": args.lang}
        image = RENDERERS[game].board(view)
        if args.width and image.width > args.width:
            height = round(image.height * args.width / image.width)
            image = image.resize((args.width, height), Image.Resampling.LANCZOS)
        (out / f"{game}.png").write_bytes(to_png(image))
        print(out / f"{game}.png")


if __name__ == "__main__":
    main()
