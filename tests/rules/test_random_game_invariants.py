"""Random games over many seeds, with the game's invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from helpers import CAT
from thebes.records.gamefile import state_digest
from thebes.records.notation import format_action, parse_action
from thebes.rules import (
    END_TIME,
    NO_VARIANTS,
    VARIANT_NAMES,
    Action,
    DeckReshuffled,
    Dig,
    DisplayRenewed,
    Dug,
    Event,
    Exchange,
    GameState,
    Pile,
    Renew,
    Retire,
    SeededChance,
    TakeCard,
    Variants,
    action_cost,
    active_seat,
    all_actions,
    apply,
    debris_aside,
    debris_in_bag,
    is_over,
    legal_actions,
    make_player,
    new_game,
    scores,
    why_illegal,
)

EVERY_ACTION = all_actions()
ALL_CARDS = Counter(c.id for c in CAT.cards if c is not None)


def check_components(state: GameState) -> None:
    # Every token is in exactly one bag, on a site or with a player: 31 per region.
    places = [*state.bags, [t for t in state.site_bonus if t], *(p.tokens for p in state.players)]
    tokens = Counter(t for place in places for t in place)
    assert all(n == 1 for n in tokens.values())
    assert set(tokens) == set(range(1, len(CAT.tokens)))
    for r in range(len(CAT.regions)):
        in_region = sum(1 for t in tokens if CAT.token(t).region == r)
        assert in_region + CAT.debris[r] == 31
        # No region yields more than its 36 artifact VP.
        found = [t for p in state.players for t in p.tokens if CAT.token(t).region == r]
        assert sum(CAT.token(t).value for t in found if CAT.token(t).kind.name == "ARTIFACT") <= 36
    # Every card is in exactly one place: the unseen cards stand for the piles' hidden ones,
    # and the face-up cards of card-preview (V5) are in no pile and no longer unseen.
    deck = state.deck
    reserve_known = deck.reserve.known if deck.reserve else ()
    cards = Counter(
        [
            *deck.unseen,
            *deck.face_up,
            *(c for p in deck.piles for c in p.known),
            *reserve_known,
            *deck.discard,
            *(c for c in state.display if c),
            *state.exhibitions,
            *(c for p in state.players for c in p.cards + p.exhibitions),
        ]
    )
    assert cards == ALL_CARDS
    hidden = sum(p.hidden for p in deck.piles) + (deck.reserve.hidden if deck.reserve else 0)
    assert hidden == len(deck.unseen)
    assert len(state.exhibitions) <= 3
    # The tableau counters are what the held cards and tokens add up to.
    for p in state.players:
        assert p == make_player(
            CAT,
            p.name,
            location=p.location,
            time=p.time,
            arrival=p.arrival,
            permits_used=p.permits_used,
            cards=p.cards,
            exhibitions=p.exhibitions,
            tokens=p.tokens,
        )
        assert list(p.cards) == sorted(p.cards) and list(p.tokens) == sorted(p.tokens)
    check_variant_invariants(state)


def check_variant_invariants(state: GameState) -> None:
    deck = state.deck
    for r in range(len(CAT.regions)):
        in_bag = len(state.bags[r]) + debris_in_bag(state, r)
        kept = len(CAT.bag_tokens[r]) - len(state.bags[r])
        if state.variants.steady_digs:
            # V1, P12: 20 tokens a bag and 10 debris aside; each token kept is replaced from
            # the 10 while any is left, then the bag shrinks.
            assert in_bag == (20 if kept <= 10 else 30 - kept)
            assert debris_aside(state, r) == max(0, 10 - kept)
        else:
            assert debris_in_bag(state, r) == CAT.debris[r]
            assert debris_aside(state, r) == 0
    face_down = sum(p.size for p in deck.piles)
    if state.variants.card_preview:
        # V5, P13: two cards lie face up while a face-down card is left to turn up; once
        # none is, fewer (the reshuffle waits until a card must be drawn).
        assert len(deck.face_up) == 2 or (len(deck.face_up) < 2 and face_down == 0)
        assert deck.draw_size == len(deck.face_up) + face_down
    else:
        assert deck.face_up == ()


def check_events(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    for event in events:
        if isinstance(event, Dug):
            if not after.variants.steady_digs:
                assert (event.replaced, event.aside) == (0, None)
                continue
            # V1: each token kept is replaced from the debris aside while any is left.
            aside = debris_aside(before, event.region)
            assert event.replaced == min(len(event.found), aside)
            assert event.aside == aside - event.replaced == debris_aside(after, event.region)


def check_turn(state: GameState) -> None:
    seat = active_seat(state)
    waiting = [p for p in state.players if p.time < END_TIME]
    if seat is None:
        assert not waiting and is_over(state)
        return
    active = state.players[seat]
    assert active.time == min(p.time for p in waiting)
    assert active.arrival == max(p.arrival for p in waiting if p.time == active.time)


def check_actions(state: GameState, apply_all: bool) -> tuple[Action, ...]:
    legal = legal_actions(state)
    assert legal or is_over(state)
    assert len(set(legal)) == len(legal)
    listed = set(legal)
    for action in EVERY_ACTION:
        reason = why_illegal(state, action)
        assert (reason is None) == (action in listed), (action, reason)
    before = state_digest(state)
    for action in legal:
        assert parse_action(format_action(action, CAT.regions), CAT.regions) == action
        if apply_all:
            after, _ = apply(state, action, SeededChance(1))
            # Every kind of action, options included, leaves the position it started from
            # as it was (a digest is taken from the content, so it sees a change in place).
            assert state_digest(state) == before, action
            assert state_digest(after) != before, action
    return legal


Chooser = Callable[[random.Random, tuple[Action, ...]], Action]


def any_action(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    return rng.choice(legal)


def varied_action(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    """An exhibition whenever one can be held, else one time in two the longest dig, else
    any kind of action with equal chance: random players seldom hold an exhibition, and
    the variants V2 and V4 happen only then."""
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        if not isinstance(action, Retire):
            kinds.setdefault(type(action).__name__, []).append(action)
    if not kinds:
        return legal[0]
    if "Exhibit" in kinds:
        return rng.choice(kinds["Exhibit"])
    digs = [a for a in kinds.get("Dig", ()) if isinstance(a, Dig)]
    if digs and rng.random() < 0.5:
        longest = max(d.weeks for d in digs)
        return rng.choice([d for d in digs if d.weeks == longest])
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def tally(state: GameState, action: Action, events: tuple[Event, ...]) -> Counter[str]:
    """The action's and the events' kinds, and the signs of the variants at work."""
    seen = Counter([type(action).__name__, *(type(e).__name__ for e in events)])
    for event in events:
        if isinstance(event, Dug):
            seen["debris replaced"] += event.replaced
        elif isinstance(event, DisplayRenewed) and event.player == -1:
            seen["renewed after an exhibition"] += 1
        elif isinstance(event, DeckReshuffled) and state.variants.card_preview:
            seen["reshuffled under the preview"] += 1
    if state.variants.card_preview and len(state.deck.face_up) < 2:
        seen["fewer face up"] += 1
    return seen


def play_checked(
    players: int,
    seed: int,
    variants: Variants = NO_VARIANTS,
    *,
    apply_all: bool = False,
    choose: Chooser = any_action,
) -> tuple[GameState, Counter[str]]:
    """A random game, every invariant checked before and after each action; the final
    state, and how many times each kind of event and action came up."""
    chance = SeededChance(seed)
    rng = random.Random(seed)
    state, setup_events = new_game(CAT, [f"P{i}" for i in range(players)], chance, variants)
    seen = Counter(type(e).__name__ for e in setup_events)
    times = [p.time for p in state.players]
    steps = 0
    while not is_over(state):
        check_components(state)
        check_turn(state)
        legal = check_actions(state, apply_all=apply_all)
        action = choose(rng, legal)
        before = state
        mover, weeks = active_seat(before), action_cost(before, action)
        state, events = apply(state, action, chance)
        assert events
        assert mover is not None  # every action's weeks are the cost the listing states
        assert state.players[mover].time == before.players[mover].time + weeks
        check_events(before, state, events)
        seen.update(tally(state, action, events))
        now = [p.time for p in state.players]
        assert all(b >= a for a, b in zip(times, now, strict=True))  # never goes back
        assert sum(b > a for a, b in zip(times, now, strict=True)) == 1
        times = now
        steps += 1
    check_components(state)
    assert legal_actions(state) == ()
    assert all(s.artifacts <= 36 * 5 for s in scores(state))
    assert steps == state.actions_taken
    return state, seen


# Not traced for coverage (pytest-cov's marker): it asks about every action in thousands of
# positions, which the tracer makes five times slower, and the scenario tests cover the
# same lines.
@pytest.mark.no_cover
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(12):
        play_checked(players, seed, apply_all=seed < 2)


# Each variant alone, then all five together (V1-V5), and the signs that a variant was
# played: every one must come up when it is (so its invariants were put to the test), none
# when it is not.
VARIANT_SETS = [(name,) for name in VARIANT_NAMES] + [VARIANT_NAMES]
VARIANT_SIGNS = {
    "steady-digs": ("debris replaced",),
    "renew-after-exhibition": ("renewed after an exhibition",),
    "renew-anywhere": ("Renew",),
    "more-exhibitions": ("CardDrawnAndDiscarded",),
    "card-preview": ("CardTurnedUp", "fewer face up", "reshuffled under the preview"),
}


@pytest.mark.no_cover
@pytest.mark.parametrize("names", VARIANT_SETS, ids=lambda n: "+".join(n) if len(n) < 5 else "all")
def test_random_games_keep_every_invariant_under_the_variants(names: tuple[str, ...]) -> None:
    variants = Variants.from_names(names)
    seen: Counter[str] = Counter()
    for players in (2, 3, 4):
        state, counts = play_checked(
            players, 100 + players, variants, apply_all=players == 2, choose=varied_action
        )
        assert state.variants == variants
        seen += counts
    for name, signs in VARIANT_SIGNS.items():
        for sign in signs:
            assert (seen[sign] > 0) == (name in names), (name, sign, seen)


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    def run(seed: int) -> list[GameState]:
        chance = SeededChance(seed)
        rng = random.Random(seed)
        state, _ = new_game(CAT, ["A", "B", "C"], chance)
        states = [state]
        while not is_over(state):
            state, _ = apply(state, rng.choice(legal_actions(state)), chance)
            states.append(state)
        return states

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_applying_leaves_the_old_state_untouched() -> None:
    # A digest is a fingerprint of every field's content taken at that moment, so it
    # catches a change made in place to the old state; comparing the state's attributes
    # with themselves afterwards could not.
    chance = SeededChance(3)
    state, _ = new_game(CAT, ["A", "B", "C"], chance)
    rng = random.Random(3)
    while not is_over(state):
        before = state_digest(state)
        after, _ = apply(state, rng.choice(legal_actions(state)), chance)
        assert state_digest(state) == before
        assert state_digest(after) != before  # the digest does see the action
        state = after


class _Bounded:
    """A seeded chance that fails instead of hanging if one action draws without end."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededChance(seed)
        self.cards = 0

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        self.cards += 1
        assert self.cards < 200, "one action drew 200 cards: a refill never ends"
        return self.inner.draw_card(pile, unseen)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        return self.inner.draw_tokens(bag, debris, count)


@pytest.mark.parametrize(
    "names", [(), ("card-preview",), VARIANT_NAMES], ids=["base", "card-preview", "all"]
)
def test_card_hungry_games_exhaust_the_deck_and_still_end(names: tuple[str, ...]) -> None:
    """Players who take cards whenever they can empty the deck: refills must stop, with
    the face-up cards of card-preview too (P9, P13)."""
    variants = Variants.from_names(names)
    exhausted = 0
    seen: Counter[str] = Counter()
    for seed in range(15):
        rng = random.Random(seed)
        state, _ = new_game(CAT, ["A", "B", "C", "D"], SeededChance(seed), variants)
        while not is_over(state):
            legal = legal_actions(state)
            takes = [a for a in legal if isinstance(a, TakeCard | Exchange | Renew)]
            action = rng.choice(takes or list(legal))
            before = state
            state, events = apply(state, action, _Bounded(seed * 1000 + state.actions_taken))
            check_components(state)
            check_events(before, state, events)
            seen.update(tally(state, action, events))
        exhausted += 0 in state.display
    assert exhausted > 0  # the situation was reached
    if variants.card_preview:
        assert seen["fewer face up"] and seen["reshuffled under the preview"]
