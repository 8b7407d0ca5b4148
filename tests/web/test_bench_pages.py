"""``python -m bench.load --pages N`` measures the web pages beside busy tables (issue 42):
readers get every kind of page, no interaction is late meanwhile, and the board cache stays within
its bound. Slow tier: the run starts a bot and plays for seconds."""

from __future__ import annotations

import argparse

import pytest

from bench.load import run_world, summarise

pytestmark = pytest.mark.slow


async def test_pages_beside_busy_tables_are_timed_and_the_cache_is_bounded(tmp_path):
    args = argparse.Namespace(seconds=5.0, seed=4, drain=5.0, think=(0.2, 0.8), tick=0, pages=3)
    summary = summarise([await run_world(args, str(tmp_path / "load.db"), 3, first_table=0)])
    pages = summary["pages"]
    for kind in ("game page", "board (cached)", "replay page", "replay board (new)"):
        assert pages["kinds"][kind]["n"] > 0, kind
    assert not [k for k in pages["kinds"] if "(" in k and k.endswith(")") and k[-4:-1].isdigit()]
    assert 0 < pages["cache_bytes"] <= pages["cache_max_bytes"]
    assert summary["all"]["over_3s"] == 0 and summary["all"]["never"] == 0
