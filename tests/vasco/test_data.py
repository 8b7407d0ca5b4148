"""Component data (docs/ARCHITECTURE.md 3; docs/rules/vasco-da-gama.md 2): counts, ranges,
provenance."""

from __future__ import annotations

import shutil

import pytest

from engines.vasco import check_data
from engines.vasco import data as vdata
from tests.vasco.helpers import D


def test_data_is_valid():
    """docs/rules/vasco-da-gama.md 2.1-2.5: check_data finds no problem in the shipped files."""
    assert check_data() == []


def test_counts_and_known_values():
    """docs/rules/vasco-da-gama.md 2.1-2.4: 35 projects, 9 VdG tiles, 6 merchant ships, 6 landings
    in the rulebook's order; the rulebook's example tile; 6 pays 2 and 15 pays 3."""
    assert len(D["project_list"]) == 35 and len(D["vdg_list"]) == 9
    assert len(D["merchants"]) == 6
    assert [land["key"] for land in D["landings"]] == [
        "natal",
        "terra",
        "mozambique",
        "mombasa",
        "malindi",
        "calicut",
    ]
    tile = D["projects"]["11"]
    assert (tile["deck"], tile["crew"], tile["nav_limit"], tile["income_vp"]) == (1, 5, 7, 2)
    assert tile["source"] == "rulebook"
    assert D["line_reals"][6] == 2 and D["line_reals"][15] == 3


@pytest.fixture
def broken_copy(tmp_path, monkeypatch):
    target = tmp_path / "vasco"
    shutil.copytree(vdata.DATA_DIR, target)
    monkeypatch.setattr(vdata, "DATA_DIR", target)
    yield target
    monkeypatch.undo()
    vdata.load.cache_clear()
    vdata.load()


def test_check_data_reports_out_of_range_limit(broken_copy):
    """docs/rules/vasco-da-gama.md 2.2: a navigation limit outside 4-11 is reported."""
    path = broken_copy / "projects.toml"
    path.write_text(path.read_text().replace("nav_limit = 4\n", "nav_limit = 12\n", 1))
    assert any("nav_limit" in p for p in check_data())


def test_check_data_reports_bad_source(broken_copy):
    """docs/ARCHITECTURE.md 3: every record needs source = rulebook | public | provisional."""
    path = broken_copy / "vdg.toml"
    path.write_text(path.read_text().replace('"provisional"', '"guess"', 1))
    assert any("source" in p for p in check_data())
