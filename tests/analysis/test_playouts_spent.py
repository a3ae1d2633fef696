"""How the analysis and hints spend their playouts: rounds on the same draws, only the best
actions going on after the first rounds, no round past a budget of greedy's valuations
(docs/analysis.md, "How the playouts are spent")."""

from __future__ import annotations

import pytest

from helpers import ANALYSIS_GAMES
from thebes.analysis.game_review import open_game
from thebes.analysis.hints import HINTS, Hinter
from thebes.analysis.judge import CANDIDATES, KEEP, NARROW_AFTER, VALUATIONS, Judge
from thebes.analysis.playouts import Evaluator
from thebes.bots.greedy import GreedyPlayer
from thebes.bots.playout import play_out, sorted_multisets
from thebes.rules import GameState, active_seat, derive_seed, legal_actions

SEED = 77


@pytest.fixture(scope="module")
def position() -> GameState:
    """Late in a stored game: short playouts."""
    return open_game(ANALYSIS_GAMES / "game-2p-300.json").session.steps[40].before


def test_every_action_gets_every_playout_unless_told(position: GameState) -> None:
    actions = Evaluator(1).candidates(position, legal_actions(position), 3)
    valued = Evaluator(4).values(position, actions, SEED)
    assert [len(v.margins) for v in valued] == [4, 4, 4]


def test_after_the_first_rounds_only_the_best_go_on_on_the_same_draws(
    position: GameState,
) -> None:
    actions = Evaluator(1).candidates(position, legal_actions(position), 3)
    every = Evaluator(5).values(position, actions, SEED)
    narrowed = Evaluator(5, narrow_after=2, keep=1).values(position, actions, SEED)
    # The best after 2 playouts goes on to 5; the others keep their 2, the same ones.
    first_two = [sum(v.margins[:2]) for v in every]
    best = first_two.index(max(first_two))
    assert [len(v.margins) for v in narrowed] == [5 if n == best else 2 for n in range(3)]
    for all_of_them, few in zip(every, narrowed, strict=True):
        assert few.margins == all_of_them.margins[: len(few.margins)]
    # An action valued beside them on their first draws, after them, changes nothing.
    (beside,) = Evaluator(5).values(position, actions[:1], SEED, rounds=2)
    assert beside.margins == every[0].margins[:2]


def test_no_round_starts_past_the_budget_of_valuations(position: GameState) -> None:
    actions = Evaluator(1).candidates(position, legal_actions(position), 2)
    seat = active_seat(position)
    assert seat is not None
    state = sorted_multisets(position)
    greedy = GreedyPlayer()
    # What one round of playouts costs here, in greedy's valuations.
    round_costs = [
        sum(
            play_out(
                greedy, state, action, seat, derive_seed(SEED, state.actions_taken, n), 30
            ).valuations
            for action in actions
        )
        for n in range(6)
    ]
    assert all(cost > 0 for cost in round_costs)
    budget = sum(round_costs[:3]) + round_costs[2] - 1  # a 4th round as dear would pass it
    valued = Evaluator(6, narrow_after=1, keep=2, valuations=budget).values(position, actions, SEED)
    assert [len(v.margins) for v in valued] == [3, 3]
    # The first rounds are played whatever the budget.
    tiny = Evaluator(6, narrow_after=2, keep=2, valuations=1).values(position, actions, SEED)
    assert [len(v.margins) for v in tiny] == [2, 2]


def test_a_hint_narrows_to_the_actions_it_shows_within_its_budget() -> None:
    evaluator = Judge().evaluator
    assert (evaluator.narrow_after, evaluator.keep, evaluator.valuations) == (
        NARROW_AFTER,
        KEEP,
        VALUATIONS,
    )
    assert KEEP == HINTS  # the actions a hint shows are those played out to the end
    # In the first half of a four-player game playouts are long: the budget stops the rounds
    # before 12 (here at 7), the actions shown played out more than the fourth.
    early = open_game(ANALYSIS_GAMES / "game-4p-400.json").session.steps[30].before
    judgement = Judge().judge(early)
    counts = sorted(v.playouts for v in judgement.candidates)
    assert len(counts) == CANDIDATES
    assert counts[0] == NARROW_AFTER and NARROW_AFTER < counts[-1] < 12, counts
    assert counts[1:] == [counts[-1]] * HINTS
    hints = Hinter().hints(early)
    assert [h.action for h in hints] == [v.action for v in judgement.candidates[:HINTS]]
