"""The greedy player: the action with the best expected outlook right after it.

Each legal action is judged by the acting player's :class:`~thebes.bots.outlook.Outlook` of
the position it leads to, in expectation over what it may draw: a dig adds the expected VP
of its tokens (from the bag's public composition) and the site's first-dig bonus; taking a
card adds what the card does for future digs, majorities and congresses; an exchange (or a
renewal, V3) a share of the expected best of four fresh cards (V5's face-up ones for what
they are, the rest drawn from the unseen ones) over the display's best; an exhibition its
VP. The weeks an action costs come off the outlook's remaining time, so cost and gain are
weighed in the same VP.

Two variants change what an action brings beyond that, and greedy counts it: with
renew-after-exhibition (V2) an exhibition also swaps the display for four fresh cards, and
with card-preview (V5) the card that fills a taken slot is known, worth something to a
player who moves again before anyone else. Only public facts are read: the face-up cards,
and the unseen cards as a multiset (in sorted order, so the order they are stored in changes
nothing); no card below the face-up ones is known to anybody.

Where an action leaves the acting player (place, time, permits, cards spent and gained) is the
engine's own :func:`~thebes.rules.player_after`; a dig of other lengths shifts its time, and a
test holds every such forecast equal to what :func:`~thebes.rules.apply` does. A card taken
(the most valued action, turn after turn in a search) is valued without making that player:
its tableau from the engine's :func:`~thebes.rules.changed_player`, kept per tableau and
card, its time and permits from the journey and :func:`~thebes.rules.permits_after_move`; a
test holds the value equal to that of the player foreseen. What greedy keeps between turns
changes no value: the floats are those of the plain sums, in the same order.

The digs of one site, differing only in their weeks, are valued together
(:class:`~thebes.bots.dig_group.DigGroup`); an exchange's four fresh cards by the expected
best of a draw (:func:`~thebes.bots.best_of.expected_best_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import assert_never

from thebes.bots.best_of import expected_best_of
from thebes.bots.dig_group import DigGroup
from thebes.bots.outlook import Outlook, PlanKey, plan_key
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
    congress_vp,
    debris_in_bag,
    journey,
    knowledge_for,
    majority_vp,
    permits_after_move,
    player_after,
    rivals_books,
    tokens_to_draw,
)

# An exchange's promise: this share of the best of four new cards, over the display it throws
# away (else over nothing, as before issue 43); measured in docs/bot-experiments.md.
EXCHANGE_SHARE = 0.45
OVER_DISPLAY = True
EXCHANGE = (EXCHANGE_SHARE, OVER_DISPLAY)
# A card's kind, region and value: cards alike in these are alike to the outlook, wherever
# they are taken.
CardKey = tuple[CardKind, int, int]
# What ActionJudge remembers between turns (a search meets the same tableaux, places and
# unseen cards again and again): tableaux, each with the tableaux after the cards it may take;
# lists of the unseen cards by key.
TABLEAUX_REMEMBERED = 4096
UNSEEN_REMEMBERED = 1024


class GreedyPlayer:
    """Always the action of highest expected outlook; no randomness, so the seed and the
    seat are accepted only to match the other players' signature."""

    level = "greedy"

    def __init__(
        self, game_seed: int | None = 0, seat: int = 0, *, exchange: tuple[float, bool] = EXCHANGE
    ) -> None:
        self._judge: ActionJudge | None = None
        self._exchange = exchange  # the share and over_display (others, for the series)

    def judge(self, catalog: Catalog) -> ActionJudge:
        if self._judge is None or self._judge.outlook.catalog is not catalog:
            self._judge = ActionJudge(catalog, *self._exchange)
        return self._judge

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        values = self.judge(state.catalog).values(state, legal)
        # The first of the best, as max() over the indices would give.
        return legal[values.index(max(values))]


class ActionJudge:
    """Expected outlook of the acting player after each of their legal actions.

    Besides the outlook's tables it keeps what comes back turn after turn in a game or a
    search, all of it public and none of it changing a value: each card's key, the weeks to
    reach and take each card from a place, the tableau after a card is taken, and the unseen
    cards by key."""

    def __init__(
        self,
        catalog: Catalog,
        exchange_share: float = EXCHANGE_SHARE,
        over_display: bool = OVER_DISPLAY,
    ) -> None:
        self.outlook = Outlook(catalog)
        self.exchange_share = exchange_share
        self.over_display = over_display
        self.card_keys: tuple[CardKey | None, ...] = tuple(
            None if c is None else (c.kind, c.region, c.value) for c in catalog.cards
        )
        self._trips: dict[tuple[int, int], tuple[int, ...]] = {}
        self._taken: dict[tuple[object, ...], dict[CardKey, _Taken]] = {}
        self._unseen: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def values(self, state: GameState, legal: Sequence[Action]) -> list[float]:
        seat = active_seat(state)
        assert seat is not None
        return _Position(self, state, seat).values(legal)

    def valuations(self, state: GameState, legal: Sequence[Action]) -> int:
        """What :meth:`values` of ``legal`` costs, counted: one valuation a legal action and
        one a kind of unseen card (an exchange's fresh cards), a count that follows its time."""
        return len(legal) + len(self.unseen_by_key(state.deck.unseen)[0])

    def foreseen(self, state: GameState, legal: Sequence[Action]) -> list[PlayerState]:
        """The acting player after each action as :meth:`values` values them, before anything
        is drawn."""
        seat = active_seat(state)
        assert seat is not None
        position = _Position(self, state, seat)
        return [position.foreseen(action) for action in legal]

    def value_of(self, state: GameState, player: PlayerState) -> float:
        """The outlook of the acting player as ``player`` (in this state's bags, display and
        rivals): what :meth:`values` gives an action that leads to ``player`` and draws
        nothing (a card taken, a retirement)."""
        seat = active_seat(state)
        assert seat is not None
        return _Position(self, state, seat)._value(player)

    def trips(self, player: PlayerState, where: int) -> tuple[int, ...]:
        """Per card id: the weeks ``player`` standing at ``where`` takes to travel to the card
        (without a zeppelin) and take it. A journey depends on the place and the car alone."""
        key = (where, player.cars)
        trips = self._trips.get(key)
        if trips is None:
            catalog = self.outlook.catalog
            at = replace(player, location=where)
            trips = self._trips[key] = tuple(
                0 if c is None else journey(catalog, at, c.city, False) + c.weeks
                for c in catalog.cards
            )
        return trips

    def taken(self, player: PlayerState) -> dict[CardKey, _Taken]:
        """The tableaux after ``player`` takes a card, by the card's key, as far as they are
        known yet (:meth:`_Position._gains` adds to them)."""
        key = (*plan_key(player), player.congresses)  # a card may add a congress too
        taken = self._taken.get(key)
        if taken is None:
            if len(self._taken) >= TABLEAUX_REMEMBERED:
                self._taken.clear()
            taken = self._taken[key] = {}
        return taken

    def unseen_by_key(self, unseen: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The unseen cards by key: the first card of each key in sorted order (the unseen
        cards are a multiset, whatever order they are kept in), and how many have its key."""
        found = self._unseen.get(unseen)
        if found is None:
            if len(self._unseen) >= UNSEEN_REMEMBERED:
                self._unseen.clear()
            counts: dict[CardKey | None, int] = {}
            firsts: list[int] = []
            keys = self.card_keys
            for card_id in sorted(unseen):
                key = keys[card_id]
                if key in counts:
                    counts[key] += 1
                else:
                    counts[key] = 1
                    firsts.append(card_id)
            found = self._unseen[unseen] = (tuple(firsts), tuple(counts.values()))
        return found


# A tableau after a card is taken, as the outlook reads it: its plan_key, the VP of its
# congresses, the region whose book points the card changed (-1: none; a card counts in one
# region at most) and those points. A plain tuple of ints, which the cyclic garbage collector
# stops tracking: greedy keeps tens of thousands.
_Taken = tuple[PlanKey, int, int, int]


class _Position:
    """What stays the same while the actions of one turn are compared."""

    def __init__(self, judge: ActionJudge, state: GameState, seat: int) -> None:
        self.judge = judge
        outlook = self.outlook = judge.outlook
        self.catalog = outlook.catalog
        self.state = state
        self.seat = seat
        self.player = state.players[seat]
        self.rivals = rivals_books(state, seat)
        self.vp_per_token = outlook.vp_per_token(state)
        self.artifact_vp = outlook.artifact_vp(self.player)
        self._prospects = outlook.exhibition_prospects(state, self.player)
        self._dig_groups: dict[tuple[int, bool, bool, bool, bool, bool], DigGroup] = {}

    def values(self, legal: Sequence[Action]) -> list[float]:
        exchange_gain: float | None = None
        renew_gain: float | None = None
        result = []
        groups = self._dig_groups
        for action in legal:
            if type(action) is Dig:  # most of them: the weeks of a few kinds of dig
                key = (
                    action.region,
                    action.legend,
                    action.assistant,
                    action.shovel,
                    action.special_permit,
                    action.zeppelin,
                )
                group = groups.get(key)
                if group is None:
                    group = groups[key] = self._new_dig_group(action)
                result.append(group.value(action.weeks))
                continue
            match action:
                case Dig():
                    value = self._dig_group(action).value(action.weeks)
                case TakeCard():
                    value = self._take(action)
                case Exchange():
                    if exchange_gain is None:
                        exchange_gain = self._exchange_gain(self.catalog.exchange_city)
                    value = self._value(self.foreseen(action)) + exchange_gain
                case Renew():
                    if renew_gain is None:
                        renew_gain = self._exchange_gain(self.player.location)
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
        if action.zeppelin or self.state.deck.face_up:
            after = self.foreseen(action)
            value = self._value(after)
            if self.state.deck.face_up:  # V5
                value += self._revealed_gain(action.slot, after)
            return value
        # What foreseen() gives, without making the player: the engine moves the player to
        # the card by the journey and the card's weeks, renews the permits in a new year and
        # adds the card to the tableau (tests hold the two equal).
        player = self.player
        card_id = self.state.display[action.slot]
        time = player.time + self.judge.trips(player, player.location)[card_id]
        permits_used = permits_after_move(player.time, time, player.permits_used)
        key = self.judge.card_keys[card_id]
        assert key is not None
        taken = self.judge.taken(player)
        tableau = taken.get(key)
        if tableau is None:
            tableau = taken[key] = self._taken(player, card_id, time)
        tableau_key, congresses_vp, region, points = tableau
        rivals = self.rivals
        # Majority VP are whole numbers: the sum as it stands, the card's region's term
        # replaced, is the sum after the card exactly.
        score = (
            self.outlook.exhibition_vp(player)
            + congresses_vp
            + sum(map(majority_vp, player.books, rivals))
        )
        if region >= 0:
            best = rivals[region]
            score += majority_vp(points, best) - majority_vp(player.books[region], best)
        plan = self.outlook.plan_of(tableau_key, self.vp_per_token)
        return self.artifact_vp + score + plan.value(time, permits_used) + self._prospects

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
        revealed, *others = self._card_gains(after, after.location, [known[0], *rest])
        return self.judge.exchange_share * max(0.0, revealed - max(others, default=0.0))

    def _exhibit(self, action: Exhibit) -> float:
        player = self.foreseen(action)
        rest = self.state.exhibitions[: action.slot] + self.state.exhibitions[action.slot + 1 :]
        prospects = self.outlook.exhibition_prospects(replace(self.state, exhibitions=rest), player)
        value = self._value(player, prospects)
        if self.state.variants.renew_after_exhibition:  # V2: a fresh display for this one
            value += self._new_display_gain(player.location) - self._display_gain(player.location)
        return value

    def _dig_group(self, action: Dig) -> DigGroup:
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

    def _new_dig_group(self, action: Dig) -> DigGroup:
        catalog, state, player = self.catalog, self.state, self.player
        region = action.region
        know = knowledge_for(player, region, legend=action.legend, assistant=action.assistant)
        after = player_after(state, action)
        bonus = state.site_bonus[region]
        return DigGroup(
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

    def _exchange_gain(self, where: int) -> float:
        """The new display's gain over (``over_display``) the gain of the one thrown away."""
        over = self._display_gain(where) if self.judge.over_display else 0.0
        return self._new_display_gain(where) - over

    def _new_display_gain(self, where: int) -> float:
        """Expected gain of taking the best of four new display cards, seen from ``where``
        after the exchange or renewal: the face-up cards of the draw pile (V5) come first and
        are known, the others are drawn from the unseen ones."""
        deck = self.state.deck
        known = self._face_up_researcher_cards()[:DISPLAY_SLOTS]
        if not deck.unseen and not known:
            return 0.0
        player = self.player
        # Each key of the unseen cards priced once, from its first card in sorted order.
        firsts, counts = self.judge.unseen_by_key(deck.unseen)
        gains: list[float] = []
        for gain, count in zip(self._gains(player, where, firsts), counts, strict=True):
            gains += [gain] * count
        # (Without V5 nothing is known: no gains to work out, nor the outlook they start from.)
        best_known = max(self._card_gains(player, where, known), default=0.0) if known else 0.0
        hidden_draws = DISPLAY_SLOTS - len(known)
        share = self.judge.exchange_share
        if not hidden_draws or not gains:
            return share * best_known
        return share * expected_best_of(gains, hidden_draws, at_least=best_known)

    def _face_up_researcher_cards(self) -> list[int]:
        """V5: the face-up cards that will fill display slots, in order. An exhibition turned
        up goes to the queue, and the slot takes the card after it."""
        catalog = self.catalog
        return [
            c for c in self.state.deck.face_up if catalog.card(c).kind is not CardKind.EXHIBITION
        ]

    def _display_gain(self, where: int) -> float:
        """What the display as it lies is worth, in the terms of :meth:`_new_display_gain`."""
        cards = [c for c in self.state.display if c != NO_CARD]
        return self.judge.exchange_share * max(
            self._card_gains(self.player, where, cards), default=0.0
        )

    def _card_gains(self, player: PlayerState, where: int, cards: Sequence[int]) -> list[float]:
        """What taking each card adds to the outlook of ``player`` standing at ``where``.
        Cards alike but for their city are priced alike, from the first one's city."""
        keys = self.judge.card_keys
        first: dict[CardKey | None, int] = {}
        for card_id in cards:
            first.setdefault(keys[card_id], card_id)
        gain_of = dict(zip(first, self._gains(player, where, list(first.values())), strict=True))
        return [gain_of[keys[card_id]] for card_id in cards]

    def _gains(self, player: PlayerState, where: int, cards: Sequence[int]) -> list[float]:
        """What taking each card adds to the outlook of ``player`` standing at ``where``:
        :meth:`_value` of the player after it (the engine's changed_player: moved to the card,
        on by the journey and the card's weeks, the card in the tableau) less the outlook now,
        never below 0; 0 where it is too late (T5). The sums are those of :meth:`_value`, in its
        order, so the floats are the same; the tableau after each card is remembered."""
        judge = self.judge
        base = self._value(player)
        trips = judge.trips(player, where)
        taken = judge.taken(player)
        keys = judge.card_keys
        rivals = self.rivals
        vp_per_token = self.vp_per_token
        plan_of = self.outlook.plan_of
        start, permits_used = player.time, player.permits_used
        artifact_vp, prospects = self.artifact_vp, self._prospects
        exhibition_vp = self.outlook.exhibition_vp(player)
        now = tuple(map(majority_vp, player.books, rivals))  # each region's majority VP
        majorities = sum(now)
        gains: list[float] = []
        for card_id in cards:
            time = start + trips[card_id]
            if time > END_TIME:
                gains.append(0.0)  # T5: too late to take it
                continue
            key = keys[card_id]
            assert key is not None
            after = taken.get(key)
            if after is None:
                after = taken[key] = self._taken(player, card_id, time)
            tableau_key, congresses_vp, region, points = after
            # whole VP, as in _take: the sum of the majorities after the card, exactly
            score = exhibition_vp + congresses_vp + majorities
            if region >= 0:
                score += majority_vp(points, rivals[region]) - now[region]
            plan = plan_of(tableau_key, vp_per_token)
            value = artifact_vp + score + plan.value(time, permits_used) + prospects
            gains.append(value - base if value > base else 0.0)
        return gains

    def _taken(self, player: PlayerState, card_id: int, time: int) -> _Taken:
        card = self.catalog.cards[card_id]
        assert card is not None
        after = changed_player(
            self.catalog,
            player,
            location=card.city,
            time=time,
            arrival=player.arrival,
            permits_used=player.permits_used,
            gained_cards=(card_id,),
        )
        changed = [r for r, points in enumerate(after.books) if points != player.books[r]]
        assert len(changed) <= 1, "a card counts in one region at most"
        region = changed[0] if changed else -1
        points = after.books[region] if changed else 0
        return (plan_key(after), congress_vp(after.congresses), region, points)
