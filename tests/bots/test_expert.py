"""The expert player: its search is reproducible, reads only public information (never the
game's own draws), returns legal actions, keeps its budget in the game file, and plays
better than chance. Budgets here are tiny: the search's strength is measured by
benchmarks/bench_expert.py, not by tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from pytest import MonkeyPatch

from helpers import CAT
from thebes.bots import (
    DEFAULT_EXPERT_BUDGETS,
    ExpertBudget,
    ExpertPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    make_bot,
)
from thebes.bots.expert import EXPERT_WORK_PER_SIMULATION, TURN_WORK, _Deal, _Search
from thebes.bots.greedy import ActionJudge
from thebes.records.gamefile import sealed
from thebes.records.session import Session, default_seats
from thebes.rules import (
    Action,
    Dig,
    GameState,
    Pile,
    Variants,
    active_seat,
    is_over,
    legal_actions,
    scores,
)
from thebes.tournament.bot_games import play_to_the_end

TINY = ExpertBudget(simulations=24, horizon=20)


def greedy_game(seed: int, actions: int, seats: tuple[str, ...] = ("Ann", "Bob")) -> Session:
    """A seeded session after ``actions`` actions of greedy play."""
    session = Session(CAT, default_seats(list(seats)), seed)
    greedy = GreedyPlayer()
    for _ in range(actions):
        session.play(greedy.choose(session.state, session.legal_actions()))
    return session


def expert_choice(state: GameState, seed: int = 7, budget: ExpertBudget = TINY) -> object:
    seat = active_seat(state)
    assert seat is not None
    return ExpertPlayer(seed, seat, budget).choose(state, legal_actions(state))


def test_the_same_seed_and_position_give_the_same_action() -> None:
    state = greedy_game(3, 14).state
    first = expert_choice(state)
    assert expert_choice(state) == first
    assert first in legal_actions(state)


def test_the_choice_does_not_depend_on_how_the_unseen_cards_and_bags_are_stored() -> None:
    state = greedy_game(4, 10).state
    shuffled = replace(
        state,
        deck=replace(state.deck, unseen=tuple(reversed(state.deck.unseen))),
        bags=tuple(tuple(reversed(bag)) for bag in state.bags),
    )
    assert shuffled != state
    assert expert_choice(shuffled) == expert_choice(state)


def test_two_games_of_other_seeds_in_the_same_public_state_get_the_same_choice() -> None:
    # The same actions and draws under another game seed: the same public state, whose
    # next draws differ. A search that reached the game's own draws would tell them apart.
    game = greedy_game(11, 12)
    record = game.to_record()
    other = Session.from_record(sealed(record.model_copy(update={"seed": 12}), game.state), CAT)
    assert other.state == game.state and other.seed != game.seed
    assert expert_choice(other.state) == expert_choice(game.state)
    dig = next(a for a in game.legal_actions() if isinstance(a, Dig) and a.weeks >= 4)
    game.play(dig)
    other.play(dig)
    assert game.state.players != other.state.players  # what each game's dig finds differs


def test_a_lone_legal_action_is_played_without_a_search() -> None:
    state = greedy_game(3, 6).state
    only = legal_actions(state)[:1]
    assert ExpertPlayer(1, 0, ExpertBudget(simulations=1)).choose(state, only) == only[0]


def test_every_choice_is_legal_in_a_game_with_every_variant_and_four_players() -> None:
    session = Session(
        CAT,
        default_seats(["A", "B", "C", "D"]),
        21,
        variants=Variants.from_names(("steady-digs", "renew-anywhere", "card-preview")),
    )
    budget = ExpertBudget(simulations=3, horizon=6)
    players = [ExpertPlayer(21, seat, budget) for seat in range(4)]
    # Session.play refuses an illegal action: the game reaching its end is the check.
    play_to_the_end(session, players)
    assert is_over(session.state)


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_at_a_tiny_budget_it_beats_the_random_player() -> None:
    for seed in (1, 2):
        session = Session(CAT, default_seats(["E", "R"]), seed)
        budget = ExpertBudget(simulations=4)
        play_to_the_end(session, [ExpertPlayer(seed, 0, budget), RandomPlayer(seed, 1)])
        expert, rival = (s.total for s in scores(session.state))
        assert expert > rival


def test_make_bot_gives_the_expert_its_budget() -> None:
    made = make_bot("expert", 3, 1, 50)
    assert isinstance(made, ExpertPlayer) and made.budget.simulations == 50
    default = make_bot("expert", 3, 1)
    assert isinstance(default, ExpertPlayer) and default.budget.simulations is None
    # Without a budget, the search plays the default for the game's number of players.
    for seats in (("Ann", "Bob"), ("Ann", "Bob", "Cid", "Dee")):
        state = greedy_game(3, 1, seats).state
        search = _Search(default, state, legal_actions(state))
        assert search.simulations == DEFAULT_EXPERT_BUDGETS[len(seats)]
    assert DEFAULT_EXPERT_BUDGETS[2] > DEFAULT_EXPERT_BUDGETS[4]


# ---------------------------------------------------------------- the work of a move


def searched(state: GameState, budget: ExpertBudget) -> _Search:
    search = _Search(ExpertPlayer(7, 0, budget), state, legal_actions(state))
    search.run()
    return search


def visits(search: _Search) -> int:
    return sum(child.visits for child in search.children)


def test_the_work_counted_is_greedys_valuations_and_a_share_for_each_turn(
    monkeypatch: MonkeyPatch,
) -> None:
    state = greedy_game(5, 8).state
    counted: list[int] = []
    values = ActionJudge.values

    def counting(judge: ActionJudge, state: GameState, legal: Sequence[Action]) -> list[float]:
        counted.append(TURN_WORK + len(legal) + len(judge.unseen_by_key(state.deck.unseen)[0]))
        return values(judge, state, legal)

    monkeypatch.setattr(ActionJudge, "values", counting)
    search = searched(state, ExpertBudget(simulations=40))
    assert len(counted) > 40  # the root's ranking, then the turns of every playout
    assert search.work == sum(counted)
    assert search.work_cap == 40 * EXPERT_WORK_PER_SIMULATION[2]


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_a_move_stops_at_its_work_cap_after_the_deal_that_reaches_it() -> None:
    state = greedy_game(5, 8).state
    # Out of reach: the simulations decide (12 candidates, 4 rounds of 40 simulations:
    # 12 x 3, 6 x 6, 3 x 13, 2 x 20).
    free = searched(state, ExpertBudget(simulations=160, work=10**9))
    assert visits(free) == 12 * 3 + 6 * 6 + 3 * 13 + 2 * 20
    # A cap of a third of that work: fewer deals, the last round's ending past the cap by
    # less than its deal (the two candidates left), never fewer than a deal a round.
    cap = free.work // 3
    capped = searched(state, ExpertBudget(simulations=160, work=cap))
    assert 12 + 6 + 3 + 2 <= visits(capped) < visits(free)
    assert cap <= capped.work < cap + free.work // 20
    assert searched(state, ExpertBudget(simulations=160, work=cap)).work == capped.work
    # A cap of nothing: one deal a round.
    assert visits(searched(state, ExpertBudget(simulations=160, work=0))) == 12 + 6 + 3 + 2


def test_it_searches_greedys_12_best_actions_with_2_players_and_8_with_more() -> None:
    judge = GreedyPlayer().judge(CAT)
    for seats, candidates in ((("Ann", "Bob"), 12), (("Ann", "Bob", "Eve"), 8)):
        state = greedy_game(5, 8, seats).state
        legal = legal_actions(state)
        assert len(legal) > 12
        search = _Search(ExpertPlayer(7, 0, TINY), state, legal)
        best = sorted(judge.values(state, legal), reverse=True)
        values = judge.values(state, search.actions)
        assert len(search.actions) == candidates
        assert sorted(values, reverse=True) == best[:candidates]
    given = _Search(ExpertPlayer(7, 0, ExpertBudget(root_actions=5)), state, legal)
    assert len(given.actions) == 5


# ---------------------------------------------------------------- the budget in the file


# A whole game (or many playouts), untraced: the tracer triples its time; shorter tests
# cover its lines (tests/conftest.py).
@pytest.mark.no_cover
def test_the_budget_goes_through_the_game_file_and_a_resumed_game_goes_on_exactly(
    tmp_path: Path,
) -> None:
    seed, budget = 5, 3
    seats = default_seats(["E", "G"], {"E": "expert", "G": "greedy"})

    def players(session: Session) -> list[Player]:
        return [make_bot(s.bot or "", seed, n, session.expert_budget) for n, s in enumerate(seats)]

    whole = Session(CAT, seats, seed, undo=False, expert_budget=budget)
    play_to_the_end(whole, players(whole))
    half = Session(CAT, seats, seed, undo=False, expert_budget=budget)
    for step in whole.steps[:25]:
        half.play(step.action)
    half.save(tmp_path / "half.json")
    assert json.loads((tmp_path / "half.json").read_text())["options"]["expert_budget"] == budget
    resumed = Session.load(tmp_path / "half.json", CAT)
    assert resumed.expert_budget == budget
    play_to_the_end(resumed, players(resumed))
    assert resumed.state == whole.state


def test_the_budget_is_written_when_an_expert_plays_and_only_then(tmp_path: Path) -> None:
    plain = Session(CAT, default_seats(["Ann", "G"], {"G": "greedy"}), 1)
    plain.save(tmp_path / "plain.json")
    assert "expert_budget" not in json.loads((tmp_path / "plain.json").read_text())["options"]
    # An expert with no budget given plays the default, and the file says which, so a
    # later change of the default cannot change how this game goes on.
    expert = Session(CAT, default_seats(["Ann", "E"], {"E": "expert"}), 1)
    assert expert.expert_budget == DEFAULT_EXPERT_BUDGETS[2]
    assert expert.to_record().options.expert_budget == DEFAULT_EXPERT_BUDGETS[2]
    three = Session(CAT, default_seats(["Ann", "Bob", "E"], {"E": "expert"}), 1)
    assert three.expert_budget == DEFAULT_EXPERT_BUDGETS[3]
    # A person's seat taken over by an expert (a hosted game) notes it then.
    taken = Session(CAT, default_seats(["Ann", "Bob"]), 1, autosave=tmp_path / "taken.json")
    taken.put_bot(1, "expert")
    options = json.loads((tmp_path / "taken.json").read_text())["options"]
    assert options["expert_budget"] == DEFAULT_EXPERT_BUDGETS[2]


def test_a_deal_draws_alike_in_two_lines_of_play_and_only_what_may_be_drawn() -> None:
    # Common random numbers: the k-th card and the k-th dig at a site of one deal do not
    # depend on what was drawn elsewhere in between, so candidates are compared on one luck.
    state = greedy_game(5, 0).state
    unseen = state.deck.unseen
    other = next(n for n, bag in enumerate(state.bags) if n and bag)  # another site's bag
    hidden_only = Pile(hidden=3, known=())
    token_vp = GreedyPlayer().judge(CAT).outlook.token_vp

    def deal(seed: int) -> _Deal:
        return _Deal(seed, CAT, token_vp, 2)

    for seed in range(20):
        one, two = deal(seed), deal(seed)
        two.draw_tokens(state.bags[other], 2, 3)  # a dig elsewhere, in the second line only
        assert one.draw_tokens(state.bags[0], 4, 3) == two.draw_tokens(state.bags[0], 4, 3)
        first = one.draw_card(hidden_only, unseen)
        assert first == two.draw_card(hidden_only, unseen) and first in unseen
        rest = tuple(card for card in unseen if card != first)
        assert one.draw_card(hidden_only, rest) in rest
        assert deal(seed).draw_card(Pile(hidden=0, known=(90,)), unseen) == 90
    finds = {deal(seed).draw_tokens(state.bags[0], 4, 3) for seed in range(20)}
    assert len(finds) > 5  # the deals differ


def test_the_luck_of_a_dig_is_what_it_found_less_what_the_bag_let_expect() -> None:
    # The control variate: each dig's luck, charged to the digger, averages nothing over
    # the deals, so taking it off the totals leaves their expectation where it was.
    state = greedy_game(5, 0).state
    token_vp = GreedyPlayer().judge(CAT).outlook.token_vp
    bag, debris, count = state.bags[0], 4, 3
    expected = count * sum(token_vp[t] for t in bag) / (len(bag) + debris)
    lucks = []
    for seed in range(3000):
        deal = _Deal(seed, CAT, token_vp, 3)
        deal.digger = 1
        found, _ = deal.draw_tokens(bag, debris, count)
        assert deal.luck[0] == deal.luck[2] == 0.0
        assert deal.luck[1] == sum(token_vp[t] for t in found) - expected
        lucks.append(deal.luck[1])
    mean = sum(lucks) / len(lucks)
    spread = (sum((x - mean) ** 2 for x in lucks) / len(lucks)) ** 0.5
    assert spread > 1.0  # the finds differ by whole VP
    assert abs(mean) < 4 * spread / len(lucks) ** 0.5  # and their luck averages nothing


def test_a_dig_in_a_simulation_charges_its_luck_to_the_seat_that_digs() -> None:
    session = greedy_game(4, 2)  # the second seat moves, and may dig
    state = session.state
    seat = active_seat(state)
    assert seat == 1
    search = _Search(ExpertPlayer(7, seat, TINY), state, legal_actions(state))
    dig = next(a for a in legal_actions(state) if isinstance(a, Dig))
    charged = set()
    for seed in range(20):
        deal = _Deal(seed, CAT, search.judge.outlook.token_vp, 2)
        search.play(state, dig, deal)
        assert deal.luck[0] == 0.0
        charged.add(deal.luck[1])
    assert len(charged) > 2
