"""A hint's reasons read as whole phrases: the outlook said whole, a fall of the best
hint's outlook explained, and a number never wrapped away from its unit."""

from __future__ import annotations

from collections.abc import Sequence

from helpers import CAT
from thebes.analysis.hints import keep_units, outlook_phrase, reason
from thebes.bots.greedy import ActionJudge
from thebes.records.session import Session, default_seats
from thebes.rules import Action, Exchange, GameState, TakeCard

NB = "\u00a0"  # no-break space


class Judge(ActionJudge):
    """The greedy judge, but each action changes the outlook by what ``gains`` says (every
    other action by ``rest``)."""

    def __init__(self, gains: dict[Action, float], rest: float) -> None:
        super().__init__(CAT)
        self.gains = gains
        self.rest = rest

    def values(self, state: GameState, legal: Sequence[Action]) -> list[float]:
        now = self.outlook.of(state, 0)
        return [now + self.gains.get(action, self.rest) for action in legal]


def opening() -> GameState:
    return Session(CAT, default_seats(["Ann", "Bob"]), 7).state


def test_a_number_keeps_its_unit_on_the_line() -> None:
    text = "1 token: 1.40 artifacts, 2.17 VP expected; 3 tokens, 12 weeks, 1 week, knowledge 0 -> 3"
    assert keep_units(text) == (
        f"1{NB}token: 1.40{NB}artifacts, 2.17{NB}VP expected; 3{NB}tokens, 12{NB}weeks, "
        f"1{NB}week, knowledge 0 -> 3"
    )


def test_the_outlook_is_said_with_its_sign_and_unit() -> None:
    state = opening()
    judge = Judge({TakeCard(0): 2.04, TakeCard(1): -0.04}, rest=-3.0)
    assert outlook_phrase(state, TakeCard(0), judge, top=True) == "outlook +2.0 VP"
    assert outlook_phrase(state, TakeCard(1), judge, top=True) == "outlook +0.0 VP"
    assert outlook_phrase(state, TakeCard(2), judge, top=False) == "outlook -3.0 VP"


def test_the_best_hints_fall_in_outlook_says_why() -> None:
    state = opening()
    # Every action loses ground, the best hint least of all.
    least = Judge({TakeCard(0): -1.2}, rest=-5.0)
    assert outlook_phrase(state, TakeCard(0), least, top=True) == (
        "outlook -1.2 VP: every action loses ground here, this one least"
    )
    # Every action loses ground, another less, but the playouts rank this one first.
    other = Judge({TakeCard(0): -1.2, TakeCard(2): -0.5}, rest=-5.0)
    assert outlook_phrase(state, TakeCard(0), other, top=True) == (
        "outlook -1.2 VP: every action loses ground here; played out, this one does best"
    )
    # An exchange would raise the outlook, but played out this take does better.
    rising = Judge({TakeCard(0): -1.2, Exchange(): 2.0}, rest=-5.0)
    assert outlook_phrase(state, TakeCard(0), rising, top=True) == (
        "outlook -1.2 VP, yet played out to the end it does best"
    )
    # Below the best hint a fall needs no word: a better action is shown above it.
    assert outlook_phrase(state, TakeCard(0), rising, top=False) == "outlook -1.2 VP"


def test_a_take_and_an_exchange_read_whole() -> None:
    # Seed 7 deals 1 Palestine book (3), 2 Egypt book (2), 3 general knowledge (2), 4 congress.
    state = opening()
    judge = Judge({TakeCard(1): 2.5, Exchange(): 3.1}, rest=-5.0)
    assert reason(state, TakeCard(1), judge, top=True) == (
        f"Egypt book (2): knowledge 0 -> 2, takes the majority; outlook +2.5{NB}VP"
    )
    assert reason(state, Exchange(), judge, top=True) == (
        f"four new display cards in Warsaw; outlook +3.1{NB}VP with the best of them"
    )
    assert reason(state, TakeCard(3), judge, top=True) == (
        f"congress: your 1st, 0 -> 1{NB}VP; outlook -5.0{NB}VP, yet played out to the end "
        "it does best"
    )


def test_a_falling_exchange_says_with_the_best_of_them_before_why_it_is_first() -> None:
    state = opening()
    judge = Judge({Exchange(): -0.5, TakeCard(1): 2.5}, rest=-5.0)
    assert reason(state, Exchange(), judge, top=True) == (
        f"four new display cards in Warsaw; outlook -0.5{NB}VP with the best of them, yet "
        "played out to the end it does best"
    )
