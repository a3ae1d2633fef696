"""Luck per player per game: what each player's draws brought beyond what they could expect.

The idea is backgammon programs': a roll's luck is what it gained against the average roll.
Everything random in Thebes is one draw from a public multiset (:mod:`thebes.rules.chance`),
so each draw of a game is set against the mean of every draw it could have been, there and
then:

- **A dig** is the digger's luck: the artifact VP its tokens hold, less the VP that as many
  tokens drawn from that bag, as it was, hold on average (every token as likely as any:
  :func:`~thebes.bots.outlook.expected_find_vp`, which the expert's control variate uses
  too). How many tokens are drawn is the player's choice (knowledge, weeks, shovels), not
  luck; the first-dig bonus is certain, so it is in both figures and changes no luck.
  Knowledge tokens count 0 here: they score through the majorities and later digs, not as
  VP of their own.
- **A card** drawn from the draw pile (a refill after a card is taken, an exchange, a
  renewal, V2's and V4's draws, V5's card turned up) is valued by the greedy player's
  yardstick: what taking it would add to the player's outlook (:mod:`thebes.bots.outlook`:
  the card's worth less the weeks it costs, never below 0, as greedy prices an exchange's
  cards), asked of greedy's :class:`~thebes.bots.greedy.ActionJudge`, and only as far as
  it beats the best the player has already: the cards that stayed in the display or were
  drawn into it before by the same action, and the player's best other action (an
  exchange, a dig). A bad display costs what the next best thing is short of a good one,
  not the whole of a good card. An exhibition is worth what the outlook counts for one on
  offer. The luck is that value less the mean value over the pile the card came from:
  each of the pile's known cards, and each unseen card for each of its hidden slots,
  equally likely (how the engine draws it). A card drawn by V4 that is not an exhibition
  is discarded: worth 0 to everyone, so such a draw is valued 0 but for the exhibitions
  it could have been.
- **Whom a card is credited to**: the player who gets the first pick of it, the one to move
  once the action that drew it is over (:data:`PICKER`), valued in that position. The
  other reading, the player whose action drew it (:data:`DRAWER`), is kept for the
  measurement that chose between them: over greedy's games the first pick explains more of
  the final margins (docs/analysis.md, "Luck"). Draws by the last action of a game are
  nobody's: nobody picks again.

Every draw's luck has a mean of 0 given everything before it, whatever was played (the value
of every card it could have been is worked out in the same position, the one before the
action's draws), so over many games each player's luck averages 0, and what is left of the
margins is play and the luck this measure leaves out (knowledge tokens, the setup's display).

Nothing is played out: each action is played again by the engine from the position before
it, with its recorded draws, through a chance that notes what each draw could have been;
the cards are valued by greedy's judge, a few hundred valuations a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from thebes.bots.greedy import ActionJudge, GreedyPlayer
from thebes.bots.outlook import expected_find_vp
from thebes.catalog.components import DISPLAY_SLOTS
from thebes.catalog.kinds import CardKind
from thebes.records.session import Session, Step
from thebes.rules import (
    END_TIME,
    NO_CARD,
    CardDrawnAndDiscarded,
    CardRevealed,
    Dug,
    Exhibit,
    ExhibitionRevealed,
    GameState,
    ImpossibleDraw,
    Pile,
    SlotLeftEmpty,
    TakeCard,
    active_seat,
    advance,
    legal_actions,
)

Credit = Literal["picker", "drawer"]
PICKER: Credit = "picker"  # a card is the luck of whoever moves first once it is drawn
DRAWER: Credit = "drawer"  # a card is the luck of whoever's action drew it

Kind = Literal["dig", "card"]


@dataclass(frozen=True, slots=True)
class LuckEvent:
    """One draw of a game and its luck: ``got`` less ``expected``."""

    action: int  # the action that drew it, numbered from 1 as the game file numbers them
    seat: int  # whose luck it is
    kind: Kind
    item: int  # the region dug, or the card drawn
    got: float  # VP the dig found (its first-dig bonus too); what the card added, in VP
    expected: float  # the mean of the same over every draw it could have been

    @property
    def luck(self) -> float:
        return self.got - self.expected


@dataclass(frozen=True, slots=True)
class Luck:
    """Each seat's luck in a game, in VP, split by kind of draw, and every draw's."""

    digs: tuple[float, ...]  # per seat
    cards: tuple[float, ...]  # per seat
    events: tuple[LuckEvent, ...]  # in the order of the game

    @property
    def total(self) -> tuple[float, ...]:
        return tuple(d + c for d, c in zip(self.digs, self.cards, strict=True))


def game_luck(
    session: Session, *, credit: Credit = PICKER, judge: ActionJudge | None = None
) -> Luck:
    """Each seat's luck in the game ``session`` holds, so far (its steps)."""
    return luck_of(session.steps, len(session.seats), credit=credit, judge=judge)


def luck_of(
    steps: Sequence[Step],
    players: int,
    *,
    credit: Credit = PICKER,
    judge: ActionJudge | None = None,
) -> Luck:
    """Each of ``players`` seats' luck in the actions ``steps``, the game's first ones."""
    if judge is None and steps:
        judge = GreedyPlayer().judge(steps[0].before.catalog)
    digs = [0.0] * players
    cards = [0.0] * players
    events: list[LuckEvent] = []
    for number, step in enumerate(steps, 1):
        assert judge is not None
        for event in _step_luck(judge, step, number, credit):
            (digs if event.kind == "dig" else cards)[event.seat] += event.luck
            events.append(event)
    return Luck(tuple(digs), tuple(cards), tuple(events))


def _step_luck(judge: ActionJudge, step: Step, number: int, credit: Credit) -> list[LuckEvent]:
    """The luck of one action's draws."""
    before = step.before
    dug = next((e for e in step.events if type(e) is Dug), None)
    witness = _Witness(step.record.cards, dug)
    after = advance(before, step.action, witness)
    events: list[LuckEvent] = []
    if witness.dig is not None and dug is not None:
        bag, debris, count = witness.dig
        token_vp = judge.outlook.token_vp
        bonus = before.site_bonus[dug.region]
        bonus_vp = token_vp[bonus] if bonus else 0
        found = sum(token_vp[t] for t in dug.found) + bonus_vp
        expected = expected_find_vp(token_vp, bag, debris, count) + bonus_vp
        events.append(LuckEvent(number, dug.player, "dig", dug.region, found, expected))
    if witness.card_draws:
        seat = active_seat(after if credit == PICKER else before)
        if seat is not None:
            events += _card_luck(judge, step, after, witness.card_draws, number, seat)
    return events


def _card_luck(
    judge: ActionJudge,
    step: Step,
    after: GameState,
    draws: Sequence[tuple[Pile, tuple[int, ...], int]],
    number: int,
    seat: int,
) -> list[LuckEvent]:
    """The luck of an action's card draws for ``seat``: each researcher card by how much it
    raises the best card of the display as the draw finds it (the cards that stayed, and
    those this action drew into it before), an exhibition by its own worth."""
    drawn = {card for _, _, card in draws}
    stayed = [c for c in after.display if c and c not in drawn]
    values = _CardValues(judge, _before_the_draws(step, after, drawn), after, seat)
    values.need(stayed)
    best = max([values.elsewhere, *(values.values[c] for c in stayed)])
    discarded = _discarded_draw(step, len(draws))
    in_display = set(after.display)
    events: list[LuckEvent] = []
    for i, (pile, unseen, card) in enumerate(draws):
        only_exhibitions = i == discarded
        got = values.raised(card, best, only_exhibitions)
        expected = values.mean_raised(pile, unseen, best, only_exhibitions)
        events.append(LuckEvent(number, seat, "card", card, got, expected))
        if card in in_display:
            best = max(best, values.values[card])
    return events


def _before_the_draws(step: Step, after: GameState, drawn: set[int]) -> GameState:
    """The position after ``step`` as it stood before its draws: the display's cards that
    stayed, the exhibitions but the one held, the deck as it was.

    Every card a draw could have been is valued there, and so are the other actions it is
    measured against: no value may depend on what the draws brought (a card drawn leaves
    the unseen cards, which an exchange is valued by), or the mean of the values would not
    be what the draws bring on average."""
    before = step.before
    queue = before.exhibitions
    if type(step.action) is Exhibit:
        queue = queue[: step.action.slot] + queue[step.action.slot + 1 :]
    display = tuple(NO_CARD if c in drawn else c for c in after.display)
    return replace(after, deck=before.deck, exhibitions=queue, display=display)


def _discarded_draw(step: Step, draws: int) -> int | None:
    """The draw of ``step`` whose card, but for an exhibition, is discarded: V4's after an
    exhibition held, the last draw of the action if the last card it drew went to the
    queue or the discard pile (the display's draws end with a card in a slot, or an empty
    slot). Under V5 V4 draws a face-up card, and the draw that turns up the next one is
    valued as any card turned up."""
    variants = step.before.variants
    if not variants.more_exhibitions or variants.card_preview or type(step.action) is not Exhibit:
        return None
    last = next(
        (
            e
            for e in reversed(step.events)
            if type(e) in (CardRevealed, SlotLeftEmpty, ExhibitionRevealed, CardDrawnAndDiscarded)
        ),
        None,
    )
    if type(last) in (ExhibitionRevealed, CardDrawnAndDiscarded):
        return draws - 1
    return None


class _Witness:
    """A chance that gives back an action's recorded draws and notes what each one could
    have been: the pile and the unseen cards of each card draw, the bag, debris and count
    of the dig."""

    def __init__(self, cards: Sequence[int], dug: Dug | None) -> None:
        self._cards = cards
        self._dug = dug
        self.card_draws: list[tuple[Pile, tuple[int, ...], int]] = []
        self.dig: tuple[tuple[int, ...], int, int] | None = None

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        drawn = len(self.card_draws)
        if drawn >= len(self._cards):
            raise ImpossibleDraw("the record holds fewer card draws than the action made")
        card = self._cards[drawn]
        self.card_draws.append((pile, unseen, card))
        return card

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        if self._dug is None:
            raise ImpossibleDraw("the record holds no dig for this action")
        self.dig = (bag, debris, count)
        return self._dug.found, self._dug.debris


class _CardValues:
    """What each card would be worth to ``seat`` in ``state``, by greedy's judge, worked
    out once a card."""

    def __init__(self, judge: ActionJudge, state: GameState, after: GameState, seat: int) -> None:
        self.judge = judge
        self.catalog = state.catalog
        player = self.player = state.players[seat]
        # The position as the seat would weigh a card of the display on its own turn: greedy
        # values the mover, so the seat is made the mover (the memo active_seat reads; all
        # else stays). Without V5's face-up cards: what the card would add, not what the
        # card turned up after it would.
        self.state = _turn_of(replace(state, deck=replace(state.deck, face_up=())), seat)
        self.now = judge.value_of(self.state, player)
        self.trips = judge.trips(player, player.location)
        self.values: dict[int, float] = {}
        # What the seat's best action but a card of the display adds (0 at least): a card
        # drawn is worth only what it adds to that. The actions are those legal ``after``
        # (an exchange needs a card in the display), valued before the draws.
        legal = legal_actions(_turn_of(replace(state, display=after.display), seat))
        others = [a for a in legal if type(a) is not TakeCard]
        self.elsewhere = max([0.0, *(v - self.now for v in judge.values(self.state, others))])

    def need(self, cards: Sequence[int]) -> None:
        """Work out the values of ``cards`` not worked out yet."""
        self._value([c for c in set(cards) if c not in self.values])

    def raised(self, card: int, best: float, only_exhibitions: bool = False) -> float:
        """What ``card`` drawn brings: an exhibition its value; a researcher card what it adds
        to ``best``, the best value in the display, or nothing with ``only_exhibitions``."""
        self.need((card,))
        value = self.values[card]
        if self.catalog.card(card).kind is CardKind.EXHIBITION:
            return value
        if only_exhibitions or value <= best:
            return 0.0
        return value - best

    def mean_raised(
        self, pile: Pile, unseen: tuple[int, ...], best: float, only_exhibitions: bool
    ) -> float:
        """The mean of :meth:`raised` over a card drawn from ``pile``: each known card, and
        for each hidden slot any card of ``unseen``, equally likely (the unseen cards are all
        researcher cards)."""
        hidden = 0.0
        if pile.hidden and unseen and not only_exhibitions:
            self.need(unseen)
            values = self.values
            hidden = sum(values[c] - best for c in unseen if values[c] > best) / len(unseen)
        known = sum(self.raised(c, best, only_exhibitions) for c in pile.known)
        return (pile.hidden * hidden + known) / pile.size

    def _value(self, cards: Sequence[int]) -> None:
        """Work out the values of ``cards``: a researcher card by what taking it from the
        display adds to the outlook now, as greedy values the action, four to a display."""
        catalog, player, values, trips = self.catalog, self.player, self.values, self.trips
        keys = self.judge.card_keys
        # Greedy values a card taken by its key (kind, region, value) and the time it takes
        # to reach and take: cards alike in both are valued once.
        alike: dict[tuple[object, int], list[int]] = {}
        for card in cards:
            if catalog.card(card).kind is CardKind.EXHIBITION:
                queue = replace(self.state, exhibitions=(card,))
                values[card] = self.judge.outlook.exhibition_prospects(queue, player)
            elif player.time + trips[card] > END_TIME:
                values[card] = 0.0  # T5: too late to take it
            else:
                alike.setdefault((keys[card], trips[card]), []).append(card)
        takeable = [group[0] for group in alike.values()]
        for start in range(0, len(takeable), DISPLAY_SLOTS):
            batch = takeable[start : start + DISPLAY_SLOTS]
            display = (*batch, *[batch[0]] * (DISPLAY_SLOTS - len(batch)))
            shown = _turn_of(replace(self.state, display=display), self.state.to_move)
            taken = self.judge.values(shown, [TakeCard(i) for i in range(len(batch))])
            for card, value in zip(batch, taken, strict=True):
                for same in alike[keys[card], trips[card]]:
                    values[same] = max(0.0, value - self.now)


def _turn_of(state: GameState, seat: int) -> GameState:
    """``state`` with ``seat`` to move: the memo :func:`~thebes.rules.active_seat` reads,
    set on this new value only (greedy's judge values the mover's actions)."""
    object.__setattr__(state, "to_move", seat)
    return state
