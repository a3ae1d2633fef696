"""The host key, made once and kept; the codes; the throttle of wrong codes."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from thebes.hosting.guard import Guard, Limits
from thebes.hosting.hostkey import fingerprint, host_key, host_key_path
from thebes.hosting.invites import CONSONANTS, VOWELS, Invites, new_code, same_code


def test_the_host_key_is_made_once_for_the_user_alone_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "thebes" / "key"
    first = fingerprint(host_key(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)  # loosened by someone: made the user's alone again
    assert fingerprint(host_key(path)) == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first.startswith("SHA256:")
    assert [p.name for p in path.parent.iterdir()] == ["key"]  # no temporary file left


def test_the_host_key_lives_beside_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/data")
    assert host_key_path() == Path("/data/thebes/host_ed25519_key")


def test_codes_are_syllables_and_match_in_any_case_and_spacing() -> None:
    code = new_code()
    assert len(code) == 9 and code[4] == "-"
    letters = code.replace("-", "")
    assert all(c in CONSONANTS for c in letters[::2])
    assert all(c in VOWELS for c in letters[1::2])
    assert same_code(f" {code.upper().replace('-', ' ')} ", code)
    assert not same_code(code[:-1], code)
    assert len({new_code() for _ in range(50)}) > 45


def test_invites_go_to_people_and_spectators_take_a_free_name() -> None:
    invites = Invites(["Spectator", "Bob", "Cleo"], [0, 1])
    assert invites.spectator_user == "watcher"
    role = invites.role("SPECTATOR")
    assert role is not None and role.seat == 0
    assert invites.role("cleo") is None  # not invited: a bot, or the host's own seat


def test_wrong_codes_wait_longer_each_time_then_shut_the_address_out() -> None:
    now = [0.0]
    guard = Guard(Limits(first_delay=0.5, most_delay=4, failures_per_address=6), lambda: now[0])
    delays = [guard.failed("1.2.3.4") for _ in range(5)]
    assert delays == [0.5, 1, 2, 4, 4]
    assert guard.may_guess("1.2.3.4") and guard.may_guess("5.6.7.8")
    guard.failed("1.2.3.4")
    assert not guard.may_guess("1.2.3.4")
    assert guard.may_guess("5.6.7.8")
    now[0] += guard.limits.shut_out + 1
    assert guard.may_guess("1.2.3.4")
    assert guard.failed("1.2.3.4") == 0.5  # the old guesses are forgotten


def test_wrong_codes_from_everywhere_never_shut_a_code_out() -> None:
    guard = Guard(Limits(failures_per_address=12), lambda: 0.0)
    for n in range(9):  # 108 wrong guesses from 9 addresses, each shut out
        for _ in range(12):
            guard.failed(f"10.0.0.{n}")
    assert not guard.may_guess("10.0.0.0")
    assert guard.may_guess("10.0.0.99")  # the player's own address still guesses


def test_an_ipv6_network_of_64_bits_counts_as_one_address() -> None:
    # A household or a server is given a /64 whole: its 2**64 addresses are one guesser.
    guard = Guard(Limits(failures_per_address=3, strangers=8, per_address=2), lambda: 0.0)
    for address in ("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"):
        guard.failed(address)
    assert not guard.may_guess("2001:db8:1:2:abcd::9")
    assert guard.may_guess("2001:db8:1:3::1")  # the next network is another address
    assert guard.may_guess("::ffff:192.0.2.1") and guard.may_guess("192.0.2.1")
    for address in ("::ffff:192.0.2.1", "192.0.2.1", "::ffff:c000:201"):
        guard.failed(address)  # IPv4 mapped into IPv6 is that IPv4 address
    assert not guard.may_guess("192.0.2.1")
    assert guard.arrive("a1", "2001:db8::1") == (None, None)
    assert guard.arrive("a2", "2001:db8::2") == (None, None)
    assert guard.arrive("a3", "2001:db8::3")[0] == "too many connections from your address"


def test_strangers_share_a_pool_the_busiest_address_giving_way() -> None:
    guard = Guard(Limits(strangers=4, per_address=2))
    assert guard.arrive("a1", "a") == (None, None)
    assert guard.arrive("a2", "a") == (None, None)
    assert guard.arrive("a3", "a") == ("too many connections from your address", None)
    assert guard.arrive("b1", "b") == (None, None)
    assert guard.arrive("c1", "c") == (None, None)
    assert guard.arrive("d1", "d") == (None, "a1")  # full: the oldest of the busiest goes
    guard.leave("b1")
    assert guard.arrive("e1", "e") == (None, None)
    assert guard.taken() == 4


def test_seats_and_spectators_have_places_of_their_own() -> None:
    guard = Guard(Limits(strangers=2, per_address=2, spectators=1, per_seat=2))
    guard.arrive("s1", "x")
    assert guard.join("s1", None) == (None, None)
    guard.arrive("s2", "x")
    assert guard.join("s2", None) == ("too many spectators", None)
    for who in ("ann1", "ann2", "ann3"):
        guard.arrive(who, "y")
        refusal, evicted = guard.join(who, 0)
        assert refusal is None
    assert evicted == "ann1"  # the seat's oldest gives way to its newest
    assert guard.strangers == {} and list(guard.seats[0]) == ["ann2", "ann3"]
    for who in ("s1", "ann2", "ann3"):
        guard.leave(who)
    assert guard.taken() == 0
