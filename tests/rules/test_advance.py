"""`advance`, the searches' door to the engine: the state `apply` gives, without the check of
the action and without events, and every draw still checked; the seat to move is a memo
outside the state's value."""

from __future__ import annotations

from dataclasses import replace

import pytest

from thebes.catalog.loading import default_catalog
from thebes.records.gamefile import state_digest
from thebes.rules import (
    END_TIME,
    SETUP,
    VARIANT_NAMES,
    Dig,
    Illegal,
    IllegalAction,
    ImpossibleDraw,
    NotLegal,
    ScriptedChance,
    SeededChance,
    SplitMix,
    TakeCard,
    Variants,
    active_seat,
    advance,
    apply,
    legal_actions,
    new_game,
)

CAT = default_catalog()


@pytest.mark.parametrize("combination", range(0, 32, 3))
def test_advance_reaches_the_state_apply_reaches_in_whole_games(combination: int) -> None:
    names = [n for bit, n in enumerate(VARIANT_NAMES) if combination >> bit & 1]
    players = ["A", "B", "C", "D"][: 2 + combination % 3]
    seed = 1000 + combination
    state, _ = new_game(
        CAT, players, SeededChance.for_action(seed, SETUP), Variants.from_names(names)
    )
    rng = SplitMix(seed)
    while active_seat(state) is not None:
        legal = legal_actions(state)
        action = legal[rng.below(len(legal))]
        checked, events = apply(state, action, SeededChance.for_action(seed, state.actions_taken))
        fast = advance(state, action, SeededChance.for_action(seed, state.actions_taken))
        assert fast == checked and state_digest(fast) == state_digest(checked)
        assert events  # apply tells what happened; advance has nothing to tell it to
        state = fast
    assert state.actions_taken > 20


def test_advance_checks_every_draw() -> None:
    state, _ = new_game(CAT, ["A", "B"], SeededChance(3))
    take = next(a for a in legal_actions(state) if isinstance(a, TakeCard))
    drawn = state.display[take.slot]  # a card in the player's hands now, never in the pile
    with pytest.raises(ImpossibleDraw):
        advance(state, take, ScriptedChance(cards=[drawn]))


def test_advance_at_the_end_refuses_as_apply_does() -> None:
    state, _ = new_game(CAT, ["A", "B"], SeededChance(3))
    seat = active_seat(state)
    assert seat is not None
    over = replace(state, players=tuple(replace(p, time=156) for p in state.players))
    for play in (advance, lambda s, a, c: apply(s, a, c)[0]):
        with pytest.raises(IllegalAction) as refused:
            play(over, Dig(0, 3), SeededChance(1))
        assert refused.value.refusal == NotLegal(Illegal.GAME_OVER)


def test_the_seat_to_move_is_a_memo_outside_the_value() -> None:
    state, _ = new_game(CAT, ["A", "B"], SeededChance(3))
    assert active_seat(state) == 0  # worked out, and kept
    moved_on = replace(state, players=(replace(state.players[0], time=9), state.players[1]))
    assert active_seat(moved_on) == 1  # a replaced state works it out afresh
    fresh, _ = new_game(CAT, ["A", "B"], SeededChance(3))
    assert (
        fresh == state and hash(fresh) == hash(state) and state_digest(fresh) == state_digest(state)
    )


def test_advance_refuses_a_finished_game_whether_or_not_its_seat_was_asked() -> None:
    state, _ = new_game(CAT, ["A", "B"], SeededChance(3))
    state = replace(state, players=tuple(replace(p, time=END_TIME) for p in state.players))
    for asked in (False, True):
        finished = replace(state)  # the memo of the seat to move starts afresh
        if asked:
            assert active_seat(finished) is None  # worked out: nobody
        with pytest.raises(IllegalAction):
            advance(finished, TakeCard(0), SeededChance(1))
