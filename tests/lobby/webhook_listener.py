"""A listener for the webhooks' tests: an HTTP server on this machine that answers as a
test scripts it and keeps what it was sent; and webhooks that send quickly, their outcomes
kept."""

from __future__ import annotations

import ssl
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from helpers import wait_until
from thebes.lobby.webhooks import WebhookLimits, Webhooks

# Short waits and deadlines, so that retries and timeouts take a fraction of a second.
QUICK = WebhookLimits(waits=(0.02, 0.05), timeout=2.0)
MESSAGE = {"event": "your_turn", "player": "Ann", "table": 12, "moves": 37}


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Listener:
    """An HTTP server on 127.0.0.1 answering each POST with the next status of ``script``
    (then 200), and keeping what it was sent."""

    server: ThreadingHTTPServer
    script: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def url(self, path: str = "/hook", host: str = "127.0.0.1") -> str:
        scheme = "https" if isinstance(self.server.socket, ssl.SSLSocket) else "http"
        return f"{scheme}://{host}:{self.port}{path}"


def listening(context: ssl.SSLContext | None = None) -> Iterator[Listener]:
    listener: Listener

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            listener.received.append(Received(self.path, dict(self.headers.items()), body))
            status = listener.script.pop(0) if listener.script else 200
            self.send_response(status)
            if status in (301, 302):
                self.send_header("Location", "http://127.0.0.1:1/elsewhere")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, format: str, *args: Any) -> None:
            pass

    class Server(ThreadingHTTPServer):
        def handle_error(self, request: Any, client_address: Any) -> None:
            pass  # a TLS handshake refused by a test's client is no failure of the test

    server = Server(("127.0.0.1", 0), Handler)
    if context is not None:
        server.socket = context.wrap_socket(server.socket, server_side=True)
    listener = Listener(server)
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield listener
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def sending(**options: Any) -> tuple[Webhooks, list[tuple[str, bool, str]]]:
    outcomes: list[tuple[str, bool, str]] = []
    options.setdefault("allow_local", True)
    options.setdefault("limits", QUICK)
    hooks = Webhooks(on_outcome=lambda *outcome: outcomes.append(outcome), **options)
    return hooks, outcomes


def told(outcomes: list[tuple[str, bool, str]], count: int = 1) -> None:
    wait_until(lambda: len(outcomes) >= count, f"{count} outcomes", details=lambda: outcomes)
