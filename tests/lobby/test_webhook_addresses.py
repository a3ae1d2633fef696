"""The addresses a player may give as a webhook: a web address of a host reachable from
the internet (a local one only where the server allows it), and which IP addresses are
public."""

from __future__ import annotations

import ipaddress

import pytest

from thebes.lobby.webhooks import is_public, parse_address, webhook_problem


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
