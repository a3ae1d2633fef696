"""A server's web tickets: however many links one account asks for, the tickets of the
others stay good (the oldest of the account holding the most go first)."""

from __future__ import annotations

import pytest

from thebes.hosting import accounts
from thebes.hosting.accounts import RETURN_SECONDS, Tickets
from thebes.lobby.names import Visitor


def test_links_asked_for_over_and_over_end_no_one_elses_ticket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(accounts, "TICKETS_KEPT", 64)
    tickets = Tickets(clock=lambda: 0.0)
    ann = Visitor("SHA256:ann", "lobby")
    kept = tickets.new(ann, RETURN_SECONDS, once=False)
    links = [tickets.new(Visitor(f"SHA256:m{n % 8}"), 600, once=True) for n in range(1000)]
    ticket = tickets.use(kept)
    assert ticket is not None and ticket.who == ann
    assert tickets.use(links[-1]) is not None  # the newest link of the others is good too
    assert tickets.use(links[0]) is None  # the oldest went
    assert len(tickets._tickets) <= 64
