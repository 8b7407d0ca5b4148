"""The pages in the bot's process (``PORTOLAN_WEB``), stopped by its close before the database,
and on their own (``python bot.py web``, slow tier)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

import bot as bot_module
from bot import create_bot
from web.server import DEFAULT_ADDRESS, SECURITY_HEADERS, parse_address

ROOT = Path(__file__).resolve().parent.parent.parent


def test_address_defaults_to_this_machine_and_can_be_off():
    assert parse_address(None) == ("127.0.0.1", 8750) == parse_address(DEFAULT_ADDRESS)
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:8000") == ("::1", 8000)
    assert parse_address("off") is None
    with pytest.raises(ValueError):
        parse_address("8750")


async def test_bot_serves_its_pages_and_stops_them_before_the_database(tmp_path, monkeypatch):
    monkeypatch.setenv("PORTOLAN_WEB", "127.0.0.1:0")
    bot = await create_bot(tmp_path / "bot.db")
    order = []
    closing_store = bot.store.close

    async def store_close():
        order.append(("database", bot.web))
        await closing_store()

    monkeypatch.setattr(bot.store, "close", store_close)
    try:
        await bot_module.start_pages(bot)
        assert bot.web is not None and bot.web.port > 0
        url = bot.web.url
        async with aiohttp.ClientSession() as session:
            async with session.get(url + "/") as home:
                assert home.status == 200
                assert all(home.headers[k] == v for k, v in SECURITY_HEADERS.items())
            async with session.get(url + "/healthz") as health:
                report = await health.json()
                assert report["database"] == {"reachable": True}
                assert health.status == 503  # the gateway is not connected in a test
    finally:
        await bot.close()
    assert order == [("database", None)]  # the pages were stopped first
    with pytest.raises(aiohttp.ClientConnectionError):
        async with aiohttp.ClientSession() as session:
            await session.get(url + "/")


async def test_a_port_in_use_leaves_the_bot_running_without_pages(tmp_path, monkeypatch, caplog):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    monkeypatch.setenv("PORTOLAN_WEB", f"127.0.0.1:{taken.getsockname()[1]}")
    bot = await create_bot(tmp_path / "bot.db")
    try:
        await bot_module.start_pages(bot)
        assert bot.web is None
        assert "the web pages could not start" in caplog.text
    finally:
        taken.close()
        await bot.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_bot_py_web_serves_the_pages_alone_and_stops_on_sigterm(tmp_path):
    port = free_port()
    env = os.environ | {
        "PORTOLAN_DB": str(tmp_path / "pages.db"),
        "PORTOLAN_WEB": f"127.0.0.1:{port}",
        "DISCORD_TOKEN": "",
    }
    child = subprocess.Popen(
        [sys.executable, "bot.py", "web"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = ""
        deadline = time.monotonic() + 30
        while "pages at" not in line and time.monotonic() < deadline:
            line = child.stderr.readline()
        assert f"pages at http://127.0.0.1:{port}" in line
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as answer:
            assert answer.status == 200  # no gateway to wait for: database and workers
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=20) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
