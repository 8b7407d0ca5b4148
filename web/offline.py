"""The pages of the offline table (``make run`` without a token, or ``bot.py local`` with
``PORTOLAN_WEB`` set): the game's page at full size in a browser beside the terminal.

They are served from a thread of their own, with their own event loop and their own connection to
the table's SQLite file: the terminal table reads its moves from stdin on its event loop, and a
server there would answer nobody while it waits for a line. Like ``python bot.py web``, the
thread only reads (its one write is the game's page token, made when the link is printed)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from host.store import Store
from host.store.web import page_path
from web.server import Site, WebServer

log = logging.getLogger("portolan.web")

T = TypeVar("T")

START_SECONDS = 10.0
"""The longest the terminal waits for the pages to start before playing without them."""


class PagesThread:
    """The pages on ``host:port`` over the SQLite file ``db``, in a daemon thread."""

    def __init__(self, db: str, host: str, port: int) -> None:
        self.db = db
        self.host, self.port = host, port
        self.url: str | None = None
        """The base address once the pages are up (the port the system gave when 0 was asked)."""
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._store: Store | None = None
        self._thread = threading.Thread(target=self._run, name="portolan-pages", daemon=True)

    def start(self) -> bool:
        """Start serving; False (with :attr:`error`) when the pages cannot start, e.g. the port
        is taken: the table then plays without them."""
        self._thread.start()
        if not self._ready.wait(START_SECONDS):
            self.error = TimeoutError(f"the pages did not start within {START_SECONDS:.0f} s")
        return self.url is not None

    def ask(self, work: Callable[[Store], Coroutine[Any, Any, T]]) -> T:
        """``work`` done with the pages' own store, on their loop (a store is used from the loop
        that opened it)."""
        if self._loop is None or self._store is None:
            raise RuntimeError("the pages are not running")
        return asyncio.run_coroutine_threadsafe(work(self._store), self._loop).result(START_SECONDS)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving and close the thread's connection (bounded: the thread is a daemon)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            # The loop may end between the check and the call.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout)

    def _run(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as error:
            self.error = self.error or error
        finally:
            self._ready.set()

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        store = self._store = await Store.open(self.db)
        server = WebServer(Site(store), self.host, self.port, health=None)
        try:
            await server.start()
            self.url = server.url
            self._ready.set()
            await self._stop.wait()
        finally:
            await server.stop()
            await store.close()


class OfflinePages:
    """What the offline table asks of its pages (host/local.py ``run_local(pages=...)``): start
    them over its SQLite file and give the game page's address, and stop them at the end."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._thread: PagesThread | None = None
        self.error: BaseException | None = None

    def start(self, db: str, table_id: int) -> str | None:
        """The address of table ``table_id``'s page, or None (with :attr:`error`) when the pages
        cannot start."""
        thread = PagesThread(db, self.host, self.port)
        if not thread.start():
            self.error = thread.error
            thread.stop()
            return None
        self._thread = thread
        token = thread.ask(lambda store: store.page_token("game", table_id))
        return f"{thread.url}{page_path('game', token)}"

    def stop(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.stop()
