"""Where a webhook's message goes: never to a local address unless the server allows it,
not even by a name that resolves to one, only to the address checked (the next one if it
refuses the connection), and over TLS verified against the name given."""

from __future__ import annotations

import datetime
import ipaddress
import json
import socket
import ssl
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from webhook_listener import MESSAGE, Listener, listening, sending, told

from thebes.lobby.webhooks import AddressInfo, Refused, WebhookLimits, Webhooks, parse_address


@pytest.fixture
def listener() -> Iterator[Listener]:
    yield from listening()


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
