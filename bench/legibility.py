from engines import ENGINES
from render import RENDERERS
from render.common import recording_text, readable_share
from tests.conformance import configurations
import random
for gid, eng in ENGINES.items():
    players, variant = configurations(eng)[-1]
    st = eng.setup(players, seed=5, variant=variant)
    ch = random.Random(1)
    for _ in range(40):
        w = eng.to_move(st)
        if not w: break
        s = ch.choice(w); st = eng.apply(st, s, ch.choice(eng.legal_moves(st, s))).state
    with recording_text() as rec:
        img = RENDERERS[gid].board(eng.view(st, None))
    share, smallest = readable_share(rec, img.width)
    with recording_text() as rec2:
        p = RENDERERS[gid].private(eng.view(st, 0))
    ps = readable_share(rec2, p.width) if p is not None else None
    print(gid, img.size, f"board {share:.1%} min {smallest:.1f}px", "private", ps and f"{ps[0]:.1%} min {ps[1]:.1f}", p and p.size)
