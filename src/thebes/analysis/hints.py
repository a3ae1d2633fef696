"""Hints: the best few actions for the player to move, as the judge values them
(:mod:`thebes.analysis.judge`, the same verdicts the analysis of the game gives later), each
with its value, its margin of error and a short reason in plain words.

The judge's one measure is the expected final margin over the best rival, in VP: the hint
lists its actions in that order. The game state holds nothing hidden (the deck's order is
not in it), and the judge's playouts are seeded from a fingerprint of the position alone,
never from the game's seed: a hint uses public information only, reveals nothing of the
draws to come, and the same position always gets the same hint. Nothing here changes the
game.

The reasons use the figures the player sees elsewhere: for a dig the planner's odds
(:func:`thebes.rules.odds.dig_odds`), for a card or a new display what it adds to the
greedy player's outlook (:mod:`thebes.bots.outlook`), for an exhibition its VP.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import assert_never

from thebes.analysis.judge import CANDIDATES, MEASURE, Judge
from thebes.bots.greedy import ActionJudge, GreedyPlayer
from thebes.catalog.kinds import KINDS, KindInfo
from thebes.language import _, decimal, ngettext, pgettext, place_name
from thebes.records.narration import card_name, card_text
from thebes.records.notation import format_action
from thebes.rules import (
    MAJORITY_VP,
    SHARED_MAJORITY_VP,
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
    dig_odds,
    knowledge_for,
    legal_actions,
    majority_vp,
    rivals_books,
    scores,
    tokens_to_draw,
)

HINTS = 3  # actions shown at the table
# A number and the unit after it, kept on one line by a no-break space (keep_units).
# The units are those of the hints' reasons in English, German and French.
UNIT = re.compile(
    r"(\d) (VP|SP|PV|artifacts?|tokens?|weeks?|Fundstücke?|Plättchen|Wochen?|objets?|jetons?"
    r"|semaines?)\b"
)
__all__ = ["CANDIDATES", "HINTS", "MEASURE", "Hint", "Hinter"]


@dataclass(frozen=True, slots=True)
class Hint:
    """One action of a hint, for the player to move."""

    action: Action
    notation: str  # as the player types it
    value: float  # the expected final margin over the best rival, VP
    error: float  # its standard error, VP (inf with one playout)
    loss: float  # against the hint's first action, VP
    label: str  # the label the analysis gives it if played ("" for none)
    reason: str  # in plain words, one short line


def signed(value: float) -> str:
    """``value`` to one decimal with its sign, "+0.0" for what rounds to nothing (never
    "-0.0"), as the player's language writes decimals."""
    return decimal(value, 1, sign=True)


class Hinter:
    """Works out hints; deterministic for a given position."""

    def __init__(self, judge: Judge | None = None) -> None:
        self.judge = judge or Judge()
        self._greedy = GreedyPlayer()

    def hints(self, state: GameState, count: int = HINTS, *, check: bool = False) -> list[Hint]:
        """The ``count`` best actions for the player to move, best first (at most the
        judge's candidates); with ``check``, their losses measured again and labelled as
        the analysis labels them (twice the work: the table's hint shows no labels)."""
        if active_seat(state) is None:
            raise ValueError("the game is over: nobody is to move")
        judge = self._greedy.judge(state.catalog)
        judgement = self.judge.judge(state, check=check)
        return [
            Hint(
                v.action,
                format_action(v.action, state.catalog.regions),
                v.value,
                v.error,
                v.loss,
                v.label,
                reason(state, v.action, judge, top=not n),
            )
            for n, v in enumerate(judgement.candidates[:count])
        ]


# ---------------------------------------------------------------- reasons


def reason(state: GameState, action: Action, judge: ActionJudge, *, top: bool = False) -> str:
    """Why ``action`` is worth considering, in one short line of whole phrases, a number
    never wrapped away from its unit. ``top``: the best hint, whose outlook, if it goes
    down, is explained."""
    return keep_units(_reason(state, action, judge, top=top))


def _reason(state: GameState, action: Action, judge: ActionJudge, *, top: bool) -> str:
    match action:
        case Dig():
            return dig_reason(state, action)
        case TakeCard(slot=slot):
            outlook = outlook_phrase(state, action, judge, top=top)
            return f"{card_reason(state, state.display[slot])}; {outlook}"
        case Exchange():
            where = state.catalog.locations[state.catalog.exchange_city]
            outlook = outlook_phrase(state, action, judge, top=top, with_best=True)
            # TRANSLATORS: a hint's reason; {outlook} is "outlook +2.0 VP ...".
            return _("four new display cards in {city}; {outlook}").format(
                city=place_name(where), outlook=outlook
            )
        case Renew():
            outlook = outlook_phrase(state, action, judge, top=top, with_best=True)
            # TRANSLATORS: a hint's reason; {outlook} is "outlook +2.0 VP ...".
            return _("four new display cards where you stand; {outlook}").format(outlook=outlook)
        case Exhibit(slot=slot):
            card_id = state.exhibitions[slot]
            vp = state.catalog.card(card_id).value
            name = card_name(state.catalog, card_id)
            # TRANSLATORS: a hint's reason for holding the exhibition {name}.
            return _("{name}, {vp} VP: in reach, you hold the artifacts it needs").format(
                name=name, vp=vp
            )
        case Retire():
            seat = active_seat(state)
            assert seat is not None
            total = scores(state)[seat].total
            # TRANSLATORS: a hint's reason for retiring.
            return _("no more turns: {total} VP now, changed only by the majorities").format(
                total=total
            )
        case _:
            assert_never(action)


def keep_units(text: str) -> str:
    """``text`` with a no-break space between each number and its unit ("2.17\u00a0VP"),
    so that a wrapped reason never leaves a number at the end of one line and its unit at
    the start of the next."""
    return UNIT.sub("\\1\u00a0\\2", text)


def outlook_phrase(
    state: GameState, action: Action, judge: ActionJudge, *, top: bool, with_best: bool = False
) -> str:
    """What ``action`` does to the mover's outlook: "outlook +2.0 VP" (``with_best``, for
    a new display: "outlook +2.0 VP with the best of them", before any clause). For the ``top``
    hint a fall is explained: every action lowers the outlook here (their weeks cost more
    than they add now), this one least or, played out to the end, this one still best; or
    other actions raise it, but played out this one does best."""
    gain = round(outlook_gain(state, action, judge), 1)
    if with_best:
        # TRANSLATORS: in a hint: what the action does to the player's expected final score
        # (+2.0), the best of the new display cards taken into account.
        phrase = _("outlook {gain} VP with the best of them").format(gain=signed(gain))
    else:
        # TRANSLATORS: in a hint: what the action does to the player's expected final score.
        phrase = _("outlook {gain} VP").format(gain=signed(gain))
    if not top or gain >= 0:
        return phrase
    seat = active_seat(state)
    assert seat is not None
    best = round(max(judge.values(state, legal_actions(state))) - judge.outlook.of(state, seat), 1)
    if best >= 0:
        # TRANSLATORS: {outlook} is "outlook -0.5 VP": it falls, yet this action is best.
        return _("{outlook}, yet played out to the end it does best").format(outlook=phrase)
    if best == gain:
        return _("{outlook}: every action loses ground here, this one least").format(outlook=phrase)
    return _("{outlook}: every action loses ground here; played out, this one does best").format(
        outlook=phrase
    )


def dig_reason(state: GameState, dig: Dig) -> str:
    """The tokens the dig draws and what it is expected to find: the planner's figures."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    know = knowledge_for(player, dig.region, legend=dig.legend, assistant=dig.assistant)
    count = tokens_to_draw(state.catalog, player, know.total, dig.weeks, shovel=dig.shovel)
    odds = dig_odds(state, dig.region, count)
    # TRANSLATORS: a dig's hint: the tokens it draws and what they are expected to hold.
    found = ngettext(
        "{count} token: {artifacts} artifacts, {vp} VP expected",
        "{count} tokens: {artifacts} artifacts, {vp} VP expected",
        odds.tokens,
    ).format(count=odds.tokens, artifacts=decimal(odds.artifacts, 2), vp=decimal(odds.vp, 2))
    if odds.bonus:
        # TRANSLATORS: {found} is "3 tokens: 1.20 artifacts, 3.40 VP expected".
        return _("{found} (the site's artifact included)").format(found=found)
    # TRANSLATORS: {found} is "3 tokens: 1.20 artifacts, 3.40 VP expected"; {chance} "75%".
    return _("{found}; {chance} for at least one").format(
        found=found, chance=f"{odds.at_least_one:.0%}"
    )


def outlook_gain(state: GameState, action: Action, judge: ActionJudge) -> float:
    """What ``action`` changes in the mover's outlook (the greedy player's projected final
    score), its weeks counted: the greedy player's value of it less the outlook now."""
    seat = active_seat(state)
    assert seat is not None
    return judge.values(state, [action])[0] - judge.outlook.of(state, seat)


def card_reason(state: GameState, card_id: int) -> str:
    """The card and what taking it changes for the player to move, in a few words (its kind's
    hint in the kinds table): "Egypt book (2): knowledge 1 -> 3, takes the majority"."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    catalog = state.catalog
    card = catalog.card(card_id)
    info = KINDS[card.kind]
    if not info.hint:
        # "zeppelin: one journey costs 0 weeks": the effect names the card itself.
        return card_text(catalog, card_id, info.effect)
    taken = changed_player(
        catalog,
        player,
        location=player.location,
        time=player.time,
        arrival=player.arrival,
        permits_used=player.permits_used,
        gained_cards=(card_id,),
    )
    region = card.region
    before, after = _counter(player, info, region), _counter(taken, info, region)
    majority = _majority(state, seat, region, taken.books[region]) if region >= 0 else ""
    effect = _(info.hint).format(
        before=before,
        after=after,
        value=card.value,
        majority=majority,
        nth=_ordinal(after),
        vp_before=congress_vp(before),
        vp_after=congress_vp(after),
    )
    return f"{card_name(catalog, card_id)}: {effect}"


def _counter(player: PlayerState, info: KindInfo, region: int) -> int:
    """The tableau counter a card of this kind adds to (of its region, where it is one per
    region)."""
    counter: int | tuple[int, ...] = getattr(player, info.counter)
    return counter[region] if isinstance(counter, tuple) else counter


def _ordinal(n: int) -> str:
    """``n`` as an ordinal: "1st", "2nd", "3rd", "4th" (a congress card held)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        ordinal = pgettext("ordinal", "{n}th")
    elif n % 10 == 1:
        ordinal = pgettext("ordinal", "{n}st")
    elif n % 10 == 2:
        ordinal = pgettext("ordinal", "{n}nd")
    else:
        ordinal = pgettext("ordinal", "{n}rd")
    return ordinal.format(n=n)


def _majority(state: GameState, seat: int, region: int, after: int) -> str:
    """What book points ``after`` do to the region's majority as things stand: it is taken
    (", takes the majority") or shared (", shares the majority") where it was not held."""
    rivals = rivals_books(state, seat)[region]
    before = majority_vp(state.players[seat].books[region], rivals)
    now = majority_vp(after, rivals)
    if now == before:
        return ""
    if now == MAJORITY_VP:
        # TRANSLATORS: after a hint's "knowledge 1 -> 3": the region's majority of books.
        return _(", takes the majority")
    if now == SHARED_MAJORITY_VP:
        # TRANSLATORS: after a hint's "knowledge 1 -> 3": the region's majority of books.
        return _(", shares the majority")
    return ""
