"""The engine's refusals are values: a kind and numbers, no words (a front end words them)."""

from __future__ import annotations

import dataclasses
from enum import Enum

import pytest

from helpers import CAT, last_weeks, region, setup, start
from thebes.rules import (
    Dig,
    Exchange,
    Illegal,
    IllegalAction,
    NotLegal,
    Renew,
    SeededChance,
    TakeCard,
    apply,
    why_illegal,
)


def test_a_refusal_holds_only_numbers_and_its_kind() -> None:
    fields = {f.name: f.type for f in dataclasses.fields(NotLegal)}
    assert fields.pop("kind") in (Illegal, "Illegal")
    assert set(fields.values()) <= {int, "int"}, fields
    assert all(isinstance(kind.value, int) for kind in Illegal)  # no words in the kinds
    assert NotLegal.__slots__ and dataclasses.fields(NotLegal)  # slotted
    with pytest.raises(dataclasses.FrozenInstanceError):
        NotLegal(Illegal.EMPTY_SLOT).slot = 1  # type: ignore[misc]


def test_refusals_met_in_play_hold_no_words() -> None:
    state = setup(start(2), 0, cards=[], location="Egypt")
    for action in (TakeCard(0, True), Dig(region("Crete"), 4), Renew(), TakeCard(9)):
        refusal = why_illegal(state, action)
        assert refusal is not None
        for field in dataclasses.fields(refusal):
            value = getattr(refusal, field.name)
            assert isinstance(value, int | Enum) and not isinstance(value, str), (action, field)


def test_the_main_refusals_as_values() -> None:
    state = last_weeks(start(2, display=[1, 65, 84, 10]), 3, location="Greece")
    ann = state.players[0]
    assert ann.name == "Ann" and ann.zeppelins == 0
    # not enough weeks left: the weeks it takes (the journey from Greece to London, 3, and
    # the shovel's 3) and the weeks left
    assert why_illegal(state, TakeCard(1)) == NotLegal(
        Illegal.TOO_FEW_WEEKS, seat=0, weeks=6, left=3
    )
    assert why_illegal(state, TakeCard(0, True)) == NotLegal(Illegal.NO_ZEPPELIN, seat=0)
    assert why_illegal(state, Renew()) == NotLegal(Illegal.RENEW_NOT_PLAYED)
    empty = dataclasses.replace(state, display=(1, 0, 84, 10))
    assert why_illegal(empty, TakeCard(1)) == NotLegal(Illegal.EMPTY_SLOT, slot=1)
    none = dataclasses.replace(state, display=(0, 0, 0, 0))
    assert why_illegal(none, Exchange()) == NotLegal(Illegal.NOTHING_TO_EXCHANGE)


def test_the_exception_carries_the_value_and_no_words() -> None:
    state = dataclasses.replace(start(2), display=(1, 0, 84, 10))
    with pytest.raises(IllegalAction) as refused:
        apply(state, TakeCard(1), SeededChance(0))
    assert refused.value.refusal == NotLegal(Illegal.EMPTY_SLOT, slot=1)
    # The engine words nothing: its message names the kind, for a traceback.
    assert str(refused.value) == "not legal now: EMPTY_SLOT"


@pytest.mark.parametrize("kind", list(Illegal), ids=lambda k: k.name)
def test_every_kind_has_a_message_naming_it(kind: Illegal) -> None:
    assert str(IllegalAction(NotLegal(kind, region=1))) == f"not legal now: {kind.name}"
    assert CAT.regions  # the names come from the catalog, by index
