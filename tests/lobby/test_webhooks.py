"""The webhooks of a server: each message POSTed once as JSON to a real listener on this
machine, retried within bounds, never to a local address unless allowed, never longer
than its deadline, over TLS verified against the name given; and the addresses a player
may give."""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import json
import socket
import ssl
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from helpers import wait_until
from thebes.lobby.webhooks import (
    AddressInfo,
    Refused,
    WebhookLimits,
    Webhooks,
    is_public,
    parse_address,
    turn_message,
    webhook_problem,
)

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


def sending(**options: Any) -> tuple[Webhooks, list[tuple[str, bool, str]]]:
    outcomes: list[tuple[str, bool, str]] = []
    options.setdefault("allow_local", True)
    options.setdefault("limits", QUICK)
    hooks = Webhooks(on_outcome=lambda *outcome: outcomes.append(outcome), **options)
    return hooks, outcomes


def told(outcomes: list[tuple[str, bool, str]], count: int = 1) -> None:
    wait_until(lambda: len(outcomes) >= count, f"{count} outcomes", details=lambda: outcomes)


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


def resolving(table: dict[str, Sequence[str]], asked: list[str] | None = None) -> Any:
    """A resolver that knows only ``table``: a name's addresses, as getaddrinfo gives them."""

    def resolve(host: str, port: int) -> list[AddressInfo]:
        if asked is not None:
            asked.append(host)
        found: list[AddressInfo] = []
        for text in table[host]:
            ip = ipaddress.ip_address(text)
            if ip.version == 4:
                found.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (text, port)))
            else:
                found.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (text, port, 0, 0)))
        return found

    return resolve


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "[::1]", "10.1.2.3", "169.254.169.254", "[::ffff:127.0.0.1]", "localhost"],
)
def test_local_addresses_are_refused_unless_allowed(listener: Listener, host: str) -> None:
    hooks, outcomes = sending(allow_local=False)
    with hooks:
        assert not hooks.send("k", listener.url(host=host), MESSAGE)
        assert hooks.pending() == 0
    assert listener.received == []
    assert outcomes == []


@pytest.mark.parametrize("addresses", [["127.0.0.1"], ["93.184.215.14", "127.0.0.1"]])
def test_a_name_resolving_to_a_local_address_is_never_connected_to(
    listener: Listener, addresses: list[str]
) -> None:
    asked: list[str] = []
    resolve = resolving({"hooks.example.org": addresses}, asked)
    hooks, outcomes = sending(allow_local=False, resolve=resolve)
    with hooks:
        assert hooks.send("k", listener.url(host="hooks.example.org"), MESSAGE)
        told(outcomes)
    local = "hooks.example.org resolves to 127.0.0.1, a local or private address"
    assert outcomes == [("k", False, f"not sent: {local}")]
    assert asked == ["hooks.example.org"]  # refused for good: not asked again
    assert listener.received == []


def test_the_connection_goes_to_the_address_checked(listener: Listener) -> None:
    # The name is unknown to this machine's resolver: the message can only arrive by the
    # address the check saw, never by the name resolved again.
    hooks, outcomes = sending(resolve=resolving({"hooks.example.org": ["127.0.0.1"]}))
    with hooks:
        hooks.send("k", listener.url(host="hooks.example.org"), MESSAGE)
        told(outcomes)
    assert outcomes == [("k", True, "HTTP 200")]
    assert listener.received[0].headers["Host"] == f"hooks.example.org:{listener.port}"


def test_an_address_that_refuses_the_connection_gives_way_to_the_next(listener: Listener) -> None:
    closed = socket.create_server(("127.0.0.1", 0))
    dead = closed.getsockname()
    closed.close()  # nothing listens there now: connecting is refused at once

    def resolve(host: str, port: int) -> list[AddressInfo]:
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", dead),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port)),
        ]

    hooks, outcomes = sending(resolve=resolve)
    with hooks:
        hooks.send("k", listener.url(host="hooks.example.org"), MESSAGE)
        told(outcomes)
    assert outcomes == [("k", True, "HTTP 200")]


def test_the_system_resolver_finds_localhost_where_local_addresses_are_allowed(
    listener: Listener,
) -> None:
    hooks, outcomes = sending()  # ::1 first, maybe: refused, then 127.0.0.1
    with hooks:
        hooks.send("k", listener.url(host="localhost"), MESSAGE)
        told(outcomes)
    assert outcomes == [("k", True, "HTTP 200")]


def test_the_system_resolver_s_localhost_is_refused_when_sent_to() -> None:
    # The name is refused as soon as it is given; were it not, its addresses would be.
    target = parse_address("http://localhost:8000/", allow_local=True)
    assert not isinstance(target, str)
    with Webhooks() as hooks, pytest.raises(Refused, match="a local or private address"):
        hooks._checked(target)


@dataclass
class Certificates:
    authority: Path
    chain: Path
    key: Path


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    """A certificate authority of the test's own, and a certificate it signed for
    hooks.example.org."""
    folder = tmp_path_factory.mktemp("tls")
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "thebes test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "hooks.example.org")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("hooks.example.org")]), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), False)
        .sign(ca_key, hashes.SHA256())
    )
    found = Certificates(folder / "ca.pem", folder / "chain.pem", folder / "key.pem")
    found.authority.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    found.chain.write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    found.key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return found


@pytest.fixture
def secure(certificates: Certificates) -> Iterator[Listener]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certificates.chain, certificates.key)
    yield from listening(context)


def test_https_goes_to_the_address_checked_and_verifies_the_name(
    secure: Listener, certificates: Certificates
) -> None:
    trusted = ssl.create_default_context(cafile=str(certificates.authority))
    resolve = resolving({"hooks.example.org": ["127.0.0.1"], "other.example.org": ["127.0.0.1"]})
    hooks, outcomes = sending(resolve=resolve, tls=trusted, limits=WebhookLimits(attempts=1))
    with hooks:
        hooks.send("right", secure.url(host="hooks.example.org"), MESSAGE)
        told(outcomes)
        # The same server under a name its certificate does not hold: refused by TLS.
        hooks.send("wrong", secure.url(host="other.example.org"), MESSAGE)
        told(outcomes, 2)
    assert outcomes[0] == ("right", True, "HTTP 200")
    assert outcomes[1][:2] == ("wrong", False)
    assert "certificate" in outcomes[1][2].lower()
    assert len(secure.received) == 1
    assert json.loads(secure.received[0].body) == MESSAGE


@pytest.mark.parametrize(
    "address",
    [
        "https://example.org/thebes",
        "http://example.org:8080/hook?player=ann&t=1",
        "https://hooks.example.org.",
        "https://93.184.215.14/hook",
        "https://[2606:4700::1]:8443/hook",
        "https://xn--bcher-kva.example/",
        "HTTPS://Example.ORG/Hook",
        "https://ntfy.sh/thebes_ann-42",
    ],
)
def test_addresses_a_webhook_may_have(address: str) -> None:
    assert webhook_problem(address) is None


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("", "characters of web addresses"),
        ("https://example.org/" + "x" * 300, "at most 300 characters"),
        ("https://bücher.example/", "xn--"),
        ("https://example.org/a b", "characters of web addresses"),
        ("https://example.org/a\\b", "characters of web addresses"),
        ("https://example.org/\r\nX: 1", "characters of web addresses"),
        ("ftp://example.org/", "begins with http:// or https://"),
        ("javascript:alert(1)", "begins with http:// or https://"),
        ("https:example.org", "begins with http:// or https://"),
        ("example.org/hook", "begins with http:// or https://"),
        ("https://ann:secret@example.org/", "user name or password"),
        ("https://example.org/hook#top", "# part"),
        ("https:///hook", "needs a host"),
        ("https://example.org:0/", "port"),
        ("https://example.org:65536/", "port"),
        ("https://example.org:+80/", "port"),
        ("https://example.org:http/", "port"),
        ("https://-bad-.example.org/", "not a valid name"),
        ("https://exa_mple.org/", "not a valid name"),
        ("https://127.1/", "not a valid name"),
        ("https://2130706433/", "not a valid name"),
        ("https://[93.184.215.14]/", "not a valid name"),
        ("https://127.0.0.1/", "reachable from the internet"),
        ("https://[fd00::1]/", "reachable from the internet"),
        ("https://[::ffff:10.0.0.1]/", "reachable from the internet"),
        ("https://hooks.localhost/", "reachable from the internet"),
    ],
)
def test_addresses_a_webhook_may_not_have(address: str, problem: str) -> None:
    found = webhook_problem(address)
    assert found is not None
    assert problem in found


def test_a_local_address_is_a_webhook_where_the_server_allows_it() -> None:
    assert webhook_problem("http://127.0.0.1:8000/hook", allow_local=True) is None
    assert webhook_problem("http://localhost:8000/hook", allow_local=True) is None
    target = parse_address("http://[::1]:8000/hook?x=1", allow_local=True)
    assert not isinstance(target, str)
    assert (target.host, target.port, target.path, target.host_header) == (
        "::1",
        8000,
        "/hook?x=1",
        "[::1]:8000",
    )


@pytest.mark.parametrize(
    ("address", "public"),
    [
        ("93.184.215.14", True),
        ("2606:4700::1", True),
        ("127.0.0.1", False),
        ("0.0.0.0", False),
        ("10.0.0.1", False),
        ("172.16.0.1", False),
        ("192.168.1.1", False),
        ("100.64.0.1", False),  # shared address space (carrier-grade NAT)
        ("169.254.169.254", False),  # the cloud's metadata service
        ("224.0.0.1", False),
        ("233.1.1.1", False),
        ("240.0.0.1", False),
        ("255.255.255.255", False),
        ("::", False),
        ("::1", False),
        ("fe80::1", False),
        ("fc00::1", False),
        ("fec0::1", False),
        ("ff0e::1", False),
        ("::ffff:127.0.0.1", False),
        ("::ffff:93.184.215.14", True),  # mapped: judged as the IPv4 address it is
        ("2002:7f00:1::", False),  # 6to4 of 127.0.0.1
        ("2002:5db8:d70e::", True),  # 6to4 of a public address
        ("64:ff9b::a00:1", False),  # NAT64 of 10.0.0.1
    ],
)
def test_public_addresses(address: str, public: bool) -> None:
    assert is_public(ipaddress.ip_address(address)) is public


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
