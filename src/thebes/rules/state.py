"""The state of a game of Thebes: the clock, the variants played, the players, the deck and
the bags, as immutable values.

Everything here is a frozen, slotted dataclass of ints and tuples: copying a state is free
(share it), and a bot can keep thousands of them. The actions a player may take are in
:mod:`thebes.rules.actions`, what they cause in :mod:`thebes.rules.events`; the rules that
move from one state to the next are the rest of :mod:`thebes.rules`.

The state holds only public information. The draw pile is not an ordered list but a stack of
*piles* (the staged stacks of rule S6/S7): each pile knows how many of its cards are still
unseen researcher cards (which ones is hidden: any card of ``Deck.unseen`` is equally likely)
and which known cards it holds (exhibitions shuffled in, or discards after a reshuffle). A bag
is the tuple of non-debris tokens still in it. So a state never hides an order that a bot
could peek at, and every random event is one draw from a public multiset (see
:mod:`thebes.rules.chance`).

Time is counted in weeks from week 1 of 1901: ``time = (year - 1901) * 52 + (week - 1)``; the
end square, week 1 of 1904, is :data:`END_TIME`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, fields

from thebes.catalog.components import WEEKS_PER_YEAR, Catalog
from thebes.rules.values import value

FIRST_YEAR = 1901
LAST_YEAR = 1903
END_TIME = (LAST_YEAR + 1 - FIRST_YEAR) * WEEKS_PER_YEAR  # week 1 of 1904
LAST_YEAR_START = (LAST_YEAR - FIRST_YEAR) * WEEKS_PER_YEAR
NO_CARD = 0
NOT_WORKED_OUT = -2  # GameState.to_move before anyone asked


def year_of(time: int) -> int:
    return FIRST_YEAR + time // WEEKS_PER_YEAR


def week_of(time: int) -> int:
    return time % WEEKS_PER_YEAR + 1


def date_text(time: int) -> str:
    """A time as a player reads it: "1902·14" (year·week), or "done" at the end."""
    if time >= END_TIME:
        return "done"
    return f"{year_of(time)}·{week_of(time)}"


def time_of(year: int, week: int) -> int:
    return (year - FIRST_YEAR) * WEEKS_PER_YEAR + week - 1


# ---------------------------------------------------------------- variants


@value
class Variants:
    """The optional rules of *Jenseits von Theben* (2004) a game is played with (V1-V5).

    Booleans, not a set of names: the engine asks for them on its hot paths. The names are
    the fields' names with dashes, as a person types them (``--variant steady-digs``).
    """

    steady_digs: bool = False  # V1
    renew_after_exhibition: bool = False  # V2
    renew_anywhere: bool = False  # V3
    more_exhibitions: bool = False  # V4
    card_preview: bool = False  # V5

    @classmethod
    def from_names(cls, names: Iterable[str]) -> Variants:
        """The variants named (ValueError names one that is not a variant)."""
        chosen = {}
        for name in names:
            if name not in VARIANT_NAMES:
                raise ValueError(f"no variant {name!r} (variants: {', '.join(VARIANT_NAMES)})")
            chosen[name.replace("-", "_")] = True
        return cls(**chosen)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the variants in play, in the rulebook's order (V1 first)."""
        return tuple(n for n in VARIANT_NAMES if getattr(self, n.replace("-", "_")))

    def __bool__(self) -> bool:
        return bool(self.names)


VARIANT_NAMES = tuple(f.name.replace("_", "-") for f in fields(Variants))
NO_VARIANTS = Variants()

# Each variant in a few words, for the help of `--variant` and the screen's header.
VARIANT_SUMMARIES = {
    "steady-digs": "bags of 20 tokens: each token kept is replaced by one of 10 debris set aside",
    "renew-after-exhibition": "after each exhibition the four display cards are replaced",
    "renew-anywhere": "an action anywhere: replace the four display cards, 2 weeks",
    "more-exhibitions": "after each exhibition a card is drawn: an exhibition is shown",
    "card-preview": "the next two cards of the draw pile lie face up",
}
RENEW_WEEKS = 2  # V3


# ---------------------------------------------------------------- state


@value
class PlayerState:
    """One player's marker, archaeologist and tableau.

    ``cards`` and ``tokens`` are what the player holds (sorted ids). The counters after them
    are a summary of those two tuples, kept in step by :mod:`thebes.rules.tableau` because the
    legal-action listing reads them on every turn.
    """

    name: str
    location: int
    time: int
    arrival: int  # stacking stamp: a later arrival lies on top (rule T2)
    permits_used: int  # bit r set: the permit for region r is used this year
    cards: tuple[int, ...]
    exhibitions: tuple[int, ...]
    tokens: tuple[int, ...]
    books: tuple[int, ...]  # specialized points per region from book cards and book tokens
    general: int
    legends: int  # bit r set: holds the legend of region r
    assistants: int
    shovels: int
    cars: int
    zeppelins: int
    special_permits: int
    congresses: int
    artifacts: tuple[int, ...]  # artifact count per region

    @property
    def done(self) -> bool:
        return self.time >= END_TIME


@value
class Pile:
    """A face-down stack: ``hidden`` unseen researcher cards plus the ``known`` cards in it."""

    hidden: int
    known: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.hidden + len(self.known)


@value
class Deck:
    unseen: tuple[int, ...]  # researcher cards nobody has seen yet, sorted
    piles: tuple[Pile, ...]  # the draw pile, top stack first
    reserve: Pile | None  # stack 3 (3-4 players), until the first reshuffle uses it
    discard: tuple[int, ...]  # sorted
    reshuffles: int
    # V5 (variant card-preview): the top cards of the draw pile, face up, top first. They
    # are committed when turned up, so they are in no pile and no longer unseen.
    face_up: tuple[int, ...] = ()

    @property
    def draw_size(self) -> int:
        return len(self.face_up) + sum(p.size for p in self.piles)


@value
class GameState:
    catalog: Catalog
    variants: Variants
    players: tuple[PlayerState, ...]
    display: tuple[int, ...]  # card ids in slots 1-4; NO_CARD for an empty slot
    exhibitions: tuple[int, ...]  # the exhibition queue, slot a first (at most 3)
    deck: Deck
    bags: tuple[tuple[int, ...], ...]  # per region: non-debris tokens in the bag, sorted
    site_bonus: tuple[int, ...]  # per region: the first-dig token still on the site, or 0
    clock: int  # next stacking stamp
    last_actor: int  # seat of the player who acted last, -1 before the first action
    exchange_streak: int  # exchanges by last_actor since another player's turn (D4)
    actions_taken: int
    # The seat to move, once turns.active_seat has worked it out (-1: nobody, the game is
    # over; -2: not yet). A memo, not part of the value: equality, hashing and the digest
    # leave it out, and dataclasses.replace starts it afresh.
    to_move: int = field(default=NOT_WORKED_OUT, init=False, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return _fields(self) == _fields(other)

    def __hash__(self) -> int:
        return hash(_fields(self))


def _fields(state: GameState) -> tuple[object, ...]:
    return (
        state.variants,
        state.players,
        state.display,
        state.exhibitions,
        state.deck,
        state.bags,
        state.site_bonus,
        state.clock,
        state.last_actor,
        state.exchange_streak,
        state.actions_taken,
    )
