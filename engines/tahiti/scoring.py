"""Tahiti's end scoring (docs/rules/tahiti.md 6.2) as plain functions over Harvest Charts: the
engine scores the final charts with them, the seat filler (``heuristics.py``) charts it imagines."""

from __future__ import annotations

from engines.tahiti.board import _c


def goods_score(chart: dict[str, int]) -> int:
    """docs/rules/tahiti.md 6.2 Goods: the value of the first empty space after the cubes."""
    values = _c()["row_values"]
    return sum(values[min(n, len(values) - 1)] for n in chart.values())


def score_rows(charts: list[dict[str, int]], favourites: list[str]) -> list[dict[str, int]]:
    """docs/rules/tahiti.md 6.2: each seat's goods, favourite bonus, variety and total, for these
    charts and Favourite tiles (the seat filler scores charts it imagines, too)."""
    comp = _c()
    first, second = comp["bonus"]
    rows = []
    for seat, chart in enumerate(charts):
        goods = goods_score(chart)
        favourite = 0
        for g in comp["favourites"][favourites[seat]]:
            # docs/rules/tahiti.md 6.2, 9.7 A11 (dense ranking over all players), A12 (>= 1 cube).
            levels = sorted({c[g] for c in charts if c[g] > 0}, reverse=True)
            mine = chart[g]
            if mine > 0 and mine == levels[0]:
                favourite += first
            elif mine > 0 and len(levels) > 1 and mine == levels[1]:
                favourite += second
        # docs/rules/tahiti.md 6.2 Variety: the value above the rightmost completed column.
        column = min(chart.values())
        variety = comp["variety"][column - 1] if column >= 1 else 0
        rows.append(
            {
                "goods": goods,
                "favourite": favourite,
                "variety": variety,
                "columns": column,
                "cubes": sum(chart.values()),
                "total": goods + favourite + variety,
            }
        )
    return rows
