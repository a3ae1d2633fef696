"""The computer players' levels: one table, :data:`LEVELS`, that everything else reads.

Each entry is a :class:`BotLevel`: its name, the factory that makes its player for a seat,
the one line that describes it (the command line's help, the setup questions and the docs
say it), and its options: the expert's budget of simulations a move (:class:`BudgetOption`:
its defaults by the number of players and its bound), which `--expert-budget` sets and a
game file keeps; and whether its move is heavy (a server seats few of them at once). The
command line, the game-file reader, the tournaments, the tables and a server's lobby ask
this table for the names, the descriptions, a player, a budget and what is heavy; none
branches on a level's name. A level added here is offered everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from thebes.bots.expert import (
    DEFAULT_EXPERT_BUDGETS,
    MAX_EXPERT_BUDGET,
    ExpertBudget,
    ExpertPlayer,
    expert_simulations,
)
from thebes.bots.greedy import GreedyPlayer
from thebes.bots.random_player import RandomPlayer
from thebes.bots.strong import StrongPlayer
from thebes.language import N_, _
from thebes.rules import Action, GameState


class Player(Protocol):
    def choose(self, state: GameState, legal: Sequence[Action]) -> Action: ...


Factory = Callable[[int | None, int, int | None], Player]
"""What makes a level's player: the game seed (None: a game without one), the seat, and the
budget of simulations a move (None: the level's default; ignored by a level without one)."""


@dataclass(frozen=True, slots=True)
class BudgetOption:
    """A level's search budget, in simulations a move: the default by the number of players
    and the most a user may ask (`--expert-budget N`, the game file's ``expert_budget``)."""

    defaults: Mapping[int, int]
    most: int

    def simulations(self, players: int, given: int | None = None) -> int:
        """``given``, else the default for ``players``."""
        return self.defaults[players] if given is None else given


@dataclass(frozen=True, slots=True)
class BotLevel:
    name: str
    make: Factory
    # One line, no capital and no full stop: "NAME (DESCRIPTION)" reads; marked with N_ and
    # translated where it is shown.
    description: str
    budget: BudgetOption | None = None  # the level's search budget, if a user may set it
    # A move holds a core for a second or so: a server runs only a few tables with one
    # (lobby.options.HallLimits.heavy_tables), so that a few accounts cannot take every core.
    heavy: bool = False


def _random(game_seed: int | None, seat: int, budget: int | None) -> Player:
    return RandomPlayer(game_seed, seat)


def _greedy(game_seed: int | None, seat: int, budget: int | None) -> Player:
    return GreedyPlayer(game_seed, seat)


def _strong(game_seed: int | None, seat: int, budget: int | None) -> Player:
    return StrongPlayer(game_seed, seat)


def _expert(game_seed: int | None, seat: int, budget: int | None) -> Player:
    return ExpertPlayer(game_seed, seat, ExpertBudget(simulations=budget))


LEVELS: tuple[BotLevel, ...] = (
    # TRANSLATORS: the bot level "random", as the help describes it.
    BotLevel("random", _random, N_("any legal action, uniformly")),
    BotLevel(
        "greedy",
        _greedy,
        # TRANSLATORS: the bot level "greedy", as the help describes it.
        N_("the best expected score and prospects right after the action; a millisecond a move"),
    ),
    BotLevel(
        "strong",
        _strong,
        # TRANSLATORS: the bot level "strong"; greedy is the name of a level.
        N_("greedy's four best actions, each played out by greedy players; 0.15 s a move"),
    ),
    BotLevel(
        "expert",
        _expert,
        # TRANSLATORS: the bot level "expert"; greedy is the name of a level.
        N_(
            "greedy's best actions searched on sampled deals of all that is unseen; under a "
            "second a move"
        ),
        BudgetOption(DEFAULT_EXPERT_BUDGETS, MAX_EXPERT_BUDGET),
        heavy=True,
    ),
)
"""Every level, weakest first."""

BOT_LEVELS = tuple(level.name for level in LEVELS)

_BY_NAME = {level.name: level for level in LEVELS}

BUDGETED = frozenset(level.name for level in LEVELS if level.budget is not None)
"""The levels with a budget: one, as a game file keeps one budget (``expert_budget``)."""

HEAVY = frozenset(level.name for level in LEVELS if level.heavy)
"""The levels whose moves are heavy (:attr:`BotLevel.heavy`)."""


def _budget_option() -> BudgetOption:
    (budget,) = (level.budget for level in LEVELS if level.budget is not None)
    return budget


BUDGET_OPTION = _budget_option()
"""The budget `--expert-budget` sets and a game file keeps."""


def bot_level(name: str) -> BotLevel:
    """The level named ``name``; ValueError, naming the levels, for a name that is none."""
    level = _BY_NAME.get(name)
    if level is None:
        raise ValueError(
            _("unknown bot level {level} (levels: {levels})").format(
                level=repr(name), levels=", ".join(BOT_LEVELS)
            )
        )
    return level


def make_bot(
    level: str, game_seed: int | None, seat: int, expert_budget: int | None = None
) -> Player:
    """A computer player of this level, seeded from the game seed and its seat through a
    one-way hash (or, in a game without a seed, from the operating system). A level with a
    budget searches ``expert_budget`` simulations a move (None: its default for the game's
    number of players); the other levels have no use for it."""
    return bot_level(level).make(game_seed, seat, expert_budget)


def levels_described() -> str:
    """Every level with its description: "random (any legal action), greedy (...), ..."."""
    return ", ".join(f"{level.name} ({_(level.description)})" for level in LEVELS)


def recorded_budget(levels: Iterable[str | None], players: int, given: int | None) -> int | None:
    """The budget a game of ``players`` whose seats play ``levels`` (None: a person) keeps
    in its file: ``given``, else the default when a level with a budget plays, else None (a
    later default must not change how a resumed game goes on)."""
    if given is None and BUDGETED.intersection(levels):
        return BUDGET_OPTION.simulations(players)
    return given


__all__ = [
    "BOT_LEVELS",
    "BUDGETED",
    "BUDGET_OPTION",
    "DEFAULT_EXPERT_BUDGETS",
    "HEAVY",
    "LEVELS",
    "MAX_EXPERT_BUDGET",
    "BotLevel",
    "BudgetOption",
    "Factory",
    "Player",
    "bot_level",
    "expert_simulations",
    "levels_described",
    "make_bot",
    "recorded_budget",
]
