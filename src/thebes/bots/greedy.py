"""The greedy player: the action with the best expected outlook right after it.

Each legal action is judged by the acting player's :class:`~thebes.bots.outlook.Outlook` of
the position it leads to, in expectation over what it may draw: a dig adds the expected VP
of its tokens (from the bag's public composition) and the site's first-dig bonus; taking a
card adds what the card does for future digs, majorities and congresses; an exchange (or a
renewal, variant V3) adds the expected best of four fresh cards: the face-up ones of the
draw pile (variant V5) for what they are, the rest drawn from the unseen ones; an exhibition
its VP. The weeks an action costs come off the outlook's remaining time, so cost and gain
are weighed in the same VP.

Two variants change what an action brings beyond that, and greedy counts it: with
renew-after-exhibition (V2) an exhibition also swaps the display for four fresh cards, and
with card-preview (V5) the card that fills a taken slot is known, worth something to a
player who moves again before anyone else. Only public facts are read: the face-up cards,
and the unseen cards as a multiset (in sorted order, so the order they are stored in changes
nothing); no card below the face-up ones is known to anybody.

Where an action leaves the acting player (place, time, permits, cards spent and gained) is the
engine's own :func:`~thebes.rules.player_after`; a dig of other lengths shifts its time, and a
test holds every such forecast equal to what :func:`~thebes.rules.apply` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import comb
from typing import assert_never

from thebes.bots.outlook import DigPlan, Outlook
from thebes.catalog.components import DISPLAY_SLOTS, Catalog
from thebes.catalog.kinds import CardKind
from thebes.rules import (
    END_TIME,
    NO_CARD,
    Action,
    Dig,
    Exchange,
    Exhibit,
    GameState,
    PlayerState,
    Renew,
    Retire,
    TakeCard,
    active_seat,
    changed_player,
    debris_in_bag,
    journey,
    knowledge_for,
    permits_after_move,
    player_after,
    rivals_books,
    tokens_to_draw,
)

# An exchange shows four new cards; the best of them is worth this share of its promise
# (it may be gone before the player gets to it, and taking it costs another turn).
EXCHANGE_SHARE = 0.8


class GreedyPlayer:
    """Always the action of highest expected outlook; no randomness, so the seed and the
    seat are accepted only to match the other players' signature."""

    level = "greedy"

    def __init__(self, game_seed: int | None = 0, seat: int = 0) -> None:
        self._judge: ActionJudge | None = None

    def judge(self, catalog: Catalog) -> ActionJudge:
        if self._judge is None or self._judge.outlook.catalog is not catalog:
            self._judge = ActionJudge(catalog)
        return self._judge

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        values = self.judge(state.catalog).values(state, legal)
        return legal[max(range(len(legal)), key=values.__getitem__)]


class ActionJudge:
    """Expected outlook of the acting player after each of their legal actions."""

    def __init__(self, catalog: Catalog) -> None:
        self.outlook = Outlook(catalog)

    def values(self, state: GameState, legal: Sequence[Action]) -> list[float]:
        seat = active_seat(state)
        assert seat is not None
        return _Position(self.outlook, state, seat).values(legal)

    def foreseen(self, state: GameState, legal: Sequence[Action]) -> list[PlayerState]:
        """The acting player after each action as :meth:`values` values them, before anything
        is drawn."""
        seat = active_seat(state)
        assert seat is not None
        position = _Position(self.outlook, state, seat)
        return [position.foreseen(action) for action in legal]


class _Position:
    """What stays the same while the actions of one turn are compared."""

    def __init__(self, outlook: Outlook, state: GameState, seat: int) -> None:
        self.outlook = outlook
        self.catalog = outlook.catalog
        self.state = state
        self.seat = seat
        self.player = state.players[seat]
        self.rivals = rivals_books(state, seat)
        self.vp_per_token = outlook.vp_per_token(state)
        self.artifact_vp = outlook.artifact_vp(self.player)
        self._prospects = outlook.exhibition_prospects(state, self.player)
        self._dig_groups: dict[tuple[int, bool, bool, bool, bool, bool], _DigGroup] = {}

    def values(self, legal: Sequence[Action]) -> list[float]:
        exchange_gain: float | None = None
        renew_gain: float | None = None
        result = []
        for action in legal:
            match action:
                case Dig():
                    value = self._dig_group(action).value(action.weeks)
                case TakeCard():
                    value = self._take(action)
                case Exchange():
                    if exchange_gain is None:
                        exchange_gain = self._new_display_gain(self.catalog.exchange_city)
                    value = self._value(self.foreseen(action)) + exchange_gain
                case Renew():
                    if renew_gain is None:
                        renew_gain = self._new_display_gain(self.player.location)
                    value = self._value(self.foreseen(action)) + renew_gain
                case Exhibit():
                    value = self._exhibit(action)
                case Retire():
                    value = self._value(self.foreseen(action))
                case _:
                    assert_never(action)
            result.append(value)
        return result

    # ------------------------------------------------------------ helpers

    def _value(self, player: PlayerState, prospects: float | None = None) -> float:
        outlook = self.outlook
        return (
            self.artifact_vp
            + outlook.score_without_artifacts(player, self.rivals)
            + outlook.dig_outlook(player, self.vp_per_token)
            + (self._prospects if prospects is None else prospects)
        )

    def foreseen(self, action: Action) -> PlayerState:
        """The acting player after ``action`` as it is valued: the engine's
        :func:`~thebes.rules.player_after`, before anything is drawn (a dig's finds and a new
        display are valued apart)."""
        state = self.state
        match action:
            case TakeCard(slot=slot):
                return player_after(state, action, cards=(state.display[slot],))
            case Exhibit(slot=slot):
                return player_after(state, action, exhibitions=(state.exhibitions[slot],))
            case Dig():
                return self._dig_group(action).foreseen(action.weeks)
            case _:
                return player_after(state, action)

    # ------------------------------------------------------------ each kind of action

    def _take(self, action: TakeCard) -> float:
        after = self.foreseen(action)
        value = self._value(after)
        if self.state.deck.face_up:  # V5
            value += self._revealed_gain(action.slot, after)
        return value

    def _revealed_gain(self, slot: int, after: PlayerState) -> float:
        """V5: what the known card that fills ``slot`` adds over the other three, to a player
        who moves again before anyone else (T2: on equal times the last to arrive moves)."""
        state = self.state
        if any(p.time < after.time for i, p in enumerate(state.players) if i != self.seat):
            return 0.0
        known = self._face_up_researcher_cards()
        if not known:
            return 0.0
        rest = [c for i, c in enumerate(state.display) if c != NO_CARD and i != slot]
        revealed, *others = self._card_gains(after, [known[0], *rest])
        return EXCHANGE_SHARE * max(0.0, revealed - max(others, default=0.0))

    def _exhibit(self, action: Exhibit) -> float:
        player = self.foreseen(action)
        rest = self.state.exhibitions[: action.slot] + self.state.exhibitions[action.slot + 1 :]
        prospects = self.outlook.exhibition_prospects(replace(self.state, exhibitions=rest), player)
        value = self._value(player, prospects)
        if self.state.variants.renew_after_exhibition:  # V2: a fresh display for this one
            value += self._new_display_gain(player.location) - self._display_gain(player.location)
        return value

    def _dig_group(self, action: Dig) -> _DigGroup:
        """What the digs differing only in their weeks have in common, worked out for the
        first of them asked about."""
        key = (
            action.region,
            action.legend,
            action.assistant,
            action.shovel,
            action.special_permit,
            action.zeppelin,
        )
        group = self._dig_groups.get(key)
        if group is None:
            group = self._dig_groups[key] = self._new_dig_group(action)
        return group

    def _new_dig_group(self, action: Dig) -> _DigGroup:
        catalog, state, player = self.catalog, self.state, self.player
        region = action.region
        know = knowledge_for(player, region, legend=action.legend, assistant=action.assistant)
        after = player_after(state, action)
        bonus = state.site_bonus[region]
        return _DigGroup(
            static=self.artifact_vp
            + self.outlook.score_without_artifacts(after, self.rivals)
            + self._prospects
            + (self.outlook.token_vp[bonus] if bonus else 0),
            plan=self.outlook.dig_plan(after, self.vp_per_token),
            after=after,
            start=after.time - action.weeks,  # the journey's end
            before=player.time,
            # A3.2 as the engine marks it, before a new year may renew the permits.
            permits_used=player.permits_used | 1 << region,
            tokens=catalog.wheel[know.total],
            extra_tokens=tokens_to_draw(catalog, player, know.total, 0, shovel=action.shovel),
            bag_size=len(state.bags[region]) + debris_in_bag(state, region),
            vp_per_token=self.vp_per_token[region],
        )

    def _new_display_gain(self, where: int) -> float:
        """Expected gain of taking the best of four new display cards, seen from ``where``
        after the exchange or renewal: the face-up cards of the draw pile (V5) come first and
        are known, the others are drawn from the unseen ones."""
        deck = self.state.deck
        known = self._face_up_researcher_cards()[:DISPLAY_SLOTS]
        # Sorted: the unseen cards are a multiset, whatever order they are kept in.
        unseen = sorted(deck.unseen)
        if not unseen and not known:
            return 0.0
        at = replace(self.player, location=where)
        gains = self._card_gains(at, unseen)
        best_known = max(self._card_gains(at, known), default=0.0)
        hidden_draws = DISPLAY_SLOTS - len(known)
        if not hidden_draws or not gains:
            return EXCHANGE_SHARE * best_known
        return EXCHANGE_SHARE * _expected_best_of(gains, hidden_draws, at_least=best_known)

    def _face_up_researcher_cards(self) -> list[int]:
        """V5: the face-up cards that will fill display slots, in order. An exhibition turned
        up goes to the queue, and the slot takes the card after it."""
        catalog = self.catalog
        return [
            c for c in self.state.deck.face_up if catalog.card(c).kind is not CardKind.EXHIBITION
        ]

    def _display_gain(self, where: int) -> float:
        """What the display as it lies is worth, in the terms of :meth:`_new_display_gain`."""
        at = replace(self.player, location=where)
        cards = [c for c in self.state.display if c != NO_CARD]
        return EXCHANGE_SHARE * max(self._card_gains(at, cards), default=0.0)

    def _card_gains(self, at: PlayerState, cards: Sequence[int]) -> list[float]:
        """What taking each card adds to the outlook of ``at``."""
        catalog = self.catalog
        base = self._value(at)
        gain_of: dict[tuple[CardKind, int, int], float] = {}
        gains = []
        for card_id in cards:
            card = catalog.cards[card_id]
            assert card is not None
            # Cards alike but for their city are priced alike, from the first one's city.
            key = (card.kind, card.region, card.value)
            gain = gain_of.get(key)
            if gain is None:
                time = at.time + journey(catalog, at, card.city, False) + card.weeks
                if time > END_TIME:
                    gain = gain_of[key] = 0.0  # T5: too late to take it
                else:
                    taken = changed_player(
                        catalog,
                        at,
                        location=card.city,
                        time=time,
                        arrival=at.arrival,
                        permits_used=at.permits_used,
                        gained_cards=(card_id,),
                    )
                    gain = gain_of[key] = max(0.0, self._value(taken) - base)
            gains.append(gain)
        return gains


@dataclass(frozen=True, slots=True)
class _DigGroup:
    static: float  # the score and prospects after the dig, bonus artifact included
    plan: DigPlan
    after: PlayerState  # after the dig of the weeks the group was made for, nothing found
    start: int  # the time the digging starts, after the journey
    before: int  # the time the action starts
    permits_used: int
    tokens: tuple[int, ...]  # by weeks: the wheel's tokens for the dig's knowledge
    extra_tokens: int  # shovels
    bag_size: int
    vp_per_token: float

    def value(self, weeks: int) -> float:
        """Expected outlook after the dig of this many weeks, its finds included."""
        time, permits_used = self.clock(weeks)
        tokens = min(self.tokens[weeks] + self.extra_tokens, self.bag_size)
        return self.static + self.plan.value(time, permits_used) + tokens * self.vp_per_token

    def clock(self, weeks: int) -> tuple[int, int]:
        """The time after the dig of this many weeks, and the permits then used."""
        time = self.start + weeks
        return time, permits_after_move(self.before, time, self.permits_used)

    def foreseen(self, weeks: int) -> PlayerState:
        """The player after the dig of this many weeks, before anything is found."""
        time, permits_used = self.clock(weeks)
        return replace(self.after, time=time, permits_used=permits_used)


def _expected_best_of(values: list[float], draws: int, at_least: float = 0.0) -> float:
    """Expected maximum of ``at_least`` and ``draws`` values drawn without replacement from
    ``values``."""
    values = sorted(values)
    n = len(values)
    if n <= draws:
        return max(values[-1], at_least) if values else at_least
    total = comb(n, draws)
    # The i-th smallest (0-based) is the maximum when the other draws-1 come from below it.
    return sum(max(v, at_least) * comb(i, draws - 1) for i, v in enumerate(values)) / total
