"""The webhooks of a server: each message POSTed once as JSON to a real listener on this
machine, retried within bounds, never longer than its deadline, its queue bounded; and the
message of a turn. Where a message may go: test_webhook_destinations.py; the addresses a
player may give: test_webhook_addresses.py."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from webhook_listener import MESSAGE, QUICK, Listener, listening, sending, told

from helpers import wait_until
from thebes.lobby.webhooks import WebhookLimits, Webhooks, turn_message


@pytest.fixture
def listener() -> Iterator[Listener]:
    yield from listening()


class RawListener:
    """A TCP listener on 127.0.0.1 that counts its connections and answers each with
    ``answer`` (a function of the socket), or with nothing until it is closed."""

    def __init__(self, answer: Any = None) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.answer = answer
        self.closed = threading.Event()
        self.held: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            self.held.append(connection)
            if self.answer is not None:
                threading.Thread(
                    target=self.answer, args=(connection, self.closed), daemon=True
                ).start()

    def close(self) -> None:
        self.closed.set()
        self.sock.close()
        for connection in self.held:
            connection.close()


@pytest.fixture
def silent() -> Iterator[RawListener]:
    raw = RawListener()
    yield raw
    raw.close()


def test_a_message_arrives_once_as_json_with_its_headers(listener: Listener) -> None:
    hooks, outcomes = sending()
    with hooks:
        assert hooks.send("12:37:2", listener.url("/hook/ann?token=x1"), MESSAGE)
        told(outcomes)
    assert outcomes == [("12:37:2", True, "HTTP 200")]
    [got] = listener.received
    assert json.loads(got.body) == MESSAGE
    assert got.path == "/hook/ann?token=x1"
    assert got.headers["Content-Type"] == "application/json"
    assert got.headers["User-Agent"].startswith("thebes")
    assert got.headers["Host"] == f"127.0.0.1:{listener.port}"
    assert got.headers["Idempotency-Key"] == "12:37:2"


def test_the_same_key_is_sent_once_and_keys_are_remembered_within_a_bound(
    listener: Listener,
) -> None:
    hooks, outcomes = sending(limits=WebhookLimits(keys_kept=2))
    with hooks:
        assert hooks.send("a", listener.url(), MESSAGE)
        assert not hooks.send("a", listener.url(), MESSAGE)  # queued: refused
        told(outcomes)
        assert not hooks.send("a", listener.url(), MESSAGE)  # sent: refused
        assert hooks.send("b", listener.url(), MESSAGE)
        assert hooks.send("c", listener.url(), MESSAGE)  # "a" is forgotten
        assert hooks.send("a", listener.url(), MESSAGE)
        told(outcomes, 4)
    assert len(listener.received) == 4


@pytest.mark.parametrize("status", [500, 503, 408, 429])
def test_a_failure_that_may_pass_is_retried_and_arrives(listener: Listener, status: int) -> None:
    listener.script = [status, 200]
    hooks, outcomes = sending()
    with hooks:
        hooks.send("k", listener.url(), MESSAGE)
        told(outcomes)
    assert outcomes == [("k", True, "HTTP 200")]
    assert [json.loads(got.body) for got in listener.received] == [MESSAGE, MESSAGE]


def test_retries_are_bounded(listener: Listener) -> None:
    listener.script = [500] * 10
    hooks, outcomes = sending()
    with hooks:
        hooks.send("k", listener.url(), MESSAGE)
        told(outcomes)
    assert outcomes == [("k", False, "HTTP 500, 3 attempts")]
    assert len(listener.received) == 3


@pytest.mark.parametrize("status", [404, 400, 401, 410, 301])
def test_a_refusal_or_a_redirect_is_final(listener: Listener, status: int) -> None:
    listener.script = [status]
    hooks, outcomes = sending()
    with hooks:
        hooks.send("k", listener.url(), MESSAGE)
        told(outcomes)
    assert outcomes[0][:2] == ("k", False)
    assert outcomes[0][2].startswith(f"HTTP {status}")
    assert len(listener.received) == 1


def test_a_listener_that_never_answers_times_out_a_bounded_number_of_times(
    silent: RawListener,
) -> None:
    hooks, outcomes = sending(limits=WebhookLimits(waits=(0.02,), timeout=0.3))
    with hooks:
        hooks.send("k", f"http://127.0.0.1:{silent.port}/", MESSAGE)
        told(outcomes)
    assert outcomes == [("k", False, "no answer within 0.3 s, 3 attempts")]
    assert silent.connections == 3


def drip(connection: socket.socket, closed: threading.Event) -> None:
    """An answer begun and never ended: a byte of header at a time."""
    connection.sendall(b"HTTP/1.1 200 OK\r\n")
    while not closed.wait(0.02):
        try:
            connection.sendall(b"X")
        except OSError:
            return


def test_an_answer_dripped_a_byte_at_a_time_ends_at_the_deadline() -> None:
    raw = RawListener(drip)
    hooks, outcomes = sending(limits=WebhookLimits(attempts=1, timeout=0.4))
    try:
        with hooks:
            hooks.send("k", f"http://127.0.0.1:{raw.port}/", MESSAGE)
            told(outcomes)
    finally:
        raw.close()
    assert outcomes == [("k", False, "no answer within 0.4 s")]


def answering(answer: bytes) -> Any:
    def answer_with(connection: socket.socket, closed: threading.Event) -> None:
        with connection, contextlib.suppress(OSError):  # the client may hang up first
            connection.recv(65536)
            connection.sendall(answer)

    return answer_with


@pytest.mark.parametrize(
    ("answer", "outcome"),
    [
        (b"HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 204 No\r\n\r\n", "HTTP 204"),
        (b"SSH-2.0-OpenSSH_9.6\r\n\r\n", "not an HTTP answer"),
        (b"HTTP/1.1 200 OK\r\n", "the connection closed without an answer"),
        (b"HTTP/1.1 200 OK\r\n" + b"X-Long: " + b"x" * 8000, "no HTTP answer in its first"),
    ],
)
def test_what_comes_back_decides(answer: bytes, outcome: str) -> None:
    raw = RawListener(answering(answer))
    hooks, outcomes = sending(limits=WebhookLimits(attempts=1))
    try:
        with hooks:
            hooks.send("k", f"http://127.0.0.1:{raw.port}/", MESSAGE)
            told(outcomes)
    finally:
        raw.close()
    assert outcomes[0][2].startswith(outcome)


def test_the_queue_refuses_beyond_its_bound(silent: RawListener) -> None:
    hooks, outcomes = sending(limits=WebhookLimits(workers=1, queue=2, timeout=5))
    address = f"http://127.0.0.1:{silent.port}/"
    with hooks:
        assert hooks.send("one", address, MESSAGE)
        assert hooks.send("two", address, MESSAGE)
        assert not hooks.send("three", address, MESSAGE)
        assert hooks.pending() == 2
        silent.close()  # the attempt under way ends: the connection is closed
    assert {outcome[0] for outcome in outcomes} == {"one", "two"}
    assert not any(delivered for _, delivered, _ in outcomes)


def test_one_host_holds_only_its_share_of_the_queue(silent: RawListener) -> None:
    hooks, _ = sending(limits=WebhookLimits(workers=1, per_host=1, timeout=5))
    with hooks:
        assert hooks.send("one", f"http://127.0.0.1:{silent.port}/", MESSAGE)
        assert not hooks.send("two", f"http://127.0.0.1:{silent.port}/", MESSAGE)
        assert hooks.send("three", f"http://127.0.0.2:{silent.port}/", MESSAGE)
        silent.close()


def test_closing_gives_up_the_messages_waiting_and_refuses_more(listener: Listener) -> None:
    listener.script = [500]
    hooks, outcomes = sending(limits=WebhookLimits(waits=(60,)))
    hooks.send("k", listener.url(), MESSAGE)
    wait_until(lambda: len(listener.received) == 1, "the first attempt")
    hooks.close()
    assert [outcome[:2] for outcome in outcomes] == [("k", False)]
    assert not hooks.send("later", listener.url(), MESSAGE)
    assert len(listener.received) == 1


def test_an_outcome_that_fails_does_not_stop_the_sending(listener: Listener) -> None:
    def failing(key: str, delivered: bool, reason: str) -> None:
        raise RuntimeError("the lobby's own trouble")

    with Webhooks(QUICK, allow_local=True, on_outcome=failing) as hooks:
        for key in "ab":
            hooks.send(key, listener.url(), MESSAGE)
        wait_until(lambda: len(listener.received) == 2, "both messages")


def test_a_key_or_a_message_the_lobby_got_wrong_is_an_error(listener: Listener) -> None:
    with Webhooks(QUICK, allow_local=True) as hooks:
        with pytest.raises(ValueError):
            hooks.send("line\r\nX-Evil: 1", listener.url(), MESSAGE)
        with pytest.raises(ValueError):
            hooks.send("k", listener.url(), {"text": "x" * 20_000})
        with pytest.raises(TypeError):
            hooks.send("k", listener.url(), {"when": object()})
        assert not hooks.send("k", "ftp://example.org/", MESSAGE)


def test_the_turn_message() -> None:
    join = "ssh -t -p 2222 table-12@thebes.example.org"
    message = turn_message(
        player="Ann", table=12, table_name="Sunday", moves=37, deadline=86_400.0, join=join
    )
    assert message == {
        "event": "your_turn",
        "player": "Ann",
        "table": 12,
        "table_name": "Sunday",
        "moves": 37,
        "deadline": "1970-01-02T00:00:00Z",
        "join": join,
        "text": f"Ann, it is your turn at table 12 (Sunday): {join}",
    }
    plain = turn_message(
        player="Ann", table=3, table_name=None, moves=0, deadline=None, join=join, language="de"
    )
    assert plain["deadline"] is None
    assert plain["table_name"] is None
    assert join in plain["text"]
    json.dumps(plain)
