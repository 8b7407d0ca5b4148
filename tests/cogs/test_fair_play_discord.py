"""Fair play, closed (issue 23) on SimCord: the Discord-facing findings, each reproduced."""

from __future__ import annotations

import pytest

from tests.cogs.sim import said, stub_render


@pytest.fixture(autouse=True)
def _no_images(monkeypatch):
    monkeypatch.setattr("host.notify.render_png_async", stub_render)


@pytest.mark.parametrize(
    "zone",
    ["Europe", "x" * 300, "America/", "../../etc/passwd", "Mars"],
    ids=["folder", "300 chars", "slash", "path", "none"],
)
async def test_prefs_refuses_a_time_zone_that_is_no_zone_clearly(world, zone):
    """Issue 23 defect 4: `/prefs timezone:Europe` (a folder of the zone database) or a
    300-character name answered "Something went wrong"; it gets the clear refusal, and nothing is
    stored."""
    bad = await world.ana.slash(world.channel, "prefs", timezone=zone)
    assert bad.ephemeral and "Unknown time zone" in said(bad), said(bad)
    assert "tz" not in await world.bot.store.get_prefs(world.ana.id)


async def test_prefs_names_the_zones_a_region_holds_and_takes_any_case(world):
    bad = await world.ana.slash(world.channel, "prefs", timezone="Europe")
    assert "Did you mean Europe/" in said(bad)
    ok = await world.ana.slash(world.channel, "prefs", timezone="europe/athens")
    assert "Time zone: Europe/Athens" in said(ok)
    assert (await world.bot.store.get_prefs(world.ana.id))["tz"] == "Europe/Athens"
