"""Whole games between computer players, for `thebes simulate` and for tests.

Game ``i`` of a run with seed ``S`` has seed ``S + i``, so ``--games 1 --seed S+i`` plays it
again exactly. :func:`play_bot_game` is the game loop of `thebes simulate`: it asks each
seat's player for an action and advances the engine's state, and pays for nothing its result
does not read (no session, history, events or notation; the actions and draws are kept only
for a game file, which is written once, at the end). :func:`play_to_the_end` plays bots on a
session instead, with all a session keeps; both give the same game (the table at a terminal
runs its own loop, with people at some seats: :mod:`thebes.tui.table`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from thebes.bots import Player, RandomPlayer, make_bot
from thebes.bots.levels import recorded_budget
from thebes.catalog.components import Catalog
from thebes.records.draws import Recorder
from thebes.records.gamefile import GameRecord
from thebes.records.played import PlayedAction, bot_game_record
from thebes.records.session import Session, default_seats
from thebes.rules import (
    NO_VARIANTS,
    SETUP,
    Chance,
    GameState,
    Score,
    SeededChance,
    Variants,
    active_seat,
    advance,
    derive_seed,
    is_over,
    legal_actions,
    mix_seed,
    new_game,
    scores,
    winners,
)

DEFAULT_NAMES = ("P1", "P2", "P3", "P4")


def play_to_the_end(session: Session, players: Sequence[Player]) -> None:
    """Play until the game ends, each seat's player choosing its own actions."""
    while not session.is_over:
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))


def seated_session(
    catalog: Catalog,
    seed: int,
    seats: Sequence[tuple[str, str]],
    make_player: Callable[[str, int, int, int | None], Player] = make_bot,
    variants: Variants = NO_VARIANTS,
    expert_budget: int | None = None,
) -> Session:
    """A whole game of bots, given as (name, level) in seat order, recorded in a session;
    ``make_player(level, seed, seat, expert_budget)`` makes each seat's player (the
    session's budget for experts: the default if none is given)."""
    names = [name for name, _ in seats]
    session = Session(
        catalog,
        default_seats(names, dict(seats)),
        seed,
        variants=variants,
        undo=False,
        expert_budget=expert_budget,
    )
    budget = session.expert_budget
    players = [make_player(level, seed, seat, budget) for seat, (_, level) in enumerate(seats)]
    play_to_the_end(session, players)
    return session


@dataclass(frozen=True, slots=True)
class BotGame:
    """A whole game of bots played without a session: where it ended, and its record when
    one was asked for (the record a session playing it would give)."""

    state: GameState
    record: GameRecord | None = None


def play_bot_game(
    catalog: Catalog,
    seed: int,
    seats: Sequence[tuple[str, str]],
    make_player: Callable[[str, int, int, int | None], Player] = make_bot,
    variants: Variants = NO_VARIANTS,
    expert_budget: int | None = None,
    *,
    recorded: bool = False,
) -> BotGame:
    """The game :func:`seated_session` plays (the same seats, players, draws and end), on the
    engine alone: each action chosen among the legal ones and passed to ``advance``, which
    neither checks it again nor tells its events. With ``recorded``, the actions and their
    draws are kept and the game's record made at the end."""
    names = [name for name, _ in seats]
    setup = Recorder(SeededChance.for_action(seed, SETUP))
    state, _ = new_game(catalog, names, setup, variants)
    budget = recorded_budget((level for _, level in seats), len(seats), expert_budget)
    players = [make_player(level, seed, seat, budget) for seat, (_, level) in enumerate(seats)]
    played: list[PlayedAction] | None = [] if recorded else None
    draws = derive_seed(seed)  # SeededChance.for_action(seed, n), its first part mixed once
    while (seat := active_seat(state)) is not None:
        action = players[seat].choose(state, legal_actions(state))
        chance: Chance = SeededChance(mix_seed(draws, state.actions_taken))
        if played is not None:
            recorder = Recorder(chance)
            played.append(PlayedAction(seat, action, recorder))
            chance = recorder
        state = advance(state, action, chance)
    if played is None:
        return BotGame(state)
    record = bot_game_record(catalog, seed, seats, budget, setup.cards, played, state)
    return BotGame(state, record)


def bot_session(
    catalog: Catalog,
    player_count: int,
    seed: int,
    level: str = "random",
    variants: Variants = NO_VARIANTS,
) -> Session:
    """A whole game of bots of one level, named P1, P2, ..., recorded in a session."""
    seats = [(n, level) for n in DEFAULT_NAMES[:player_count]]
    return seated_session(catalog, seed, seats, variants=variants)


def game_file_name(player_count: int, seed: int) -> str:
    """The name `thebes simulate --save-dir` gives a game's file."""
    return f"game-{player_count}p-{seed}.json"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended, or stands if it is unfinished: the score line of `thebes simulate`
    and of `thebes replay --summary` and ``--json``."""

    seed: int | None
    players: tuple[str, ...]  # seat order
    scores: tuple[Score, ...]  # seat order
    finished: bool
    leaders: tuple[str, ...]  # the highest total now; the winners once finished
    actions: int
    bots: tuple[tuple[str, str], ...] = ()  # (name, level) of each computer player
    variants: tuple[str, ...] = ()  # the names of the variants played (V1-V5)

    @classmethod
    def of(
        cls, state: GameState, seed: int | None, bots: Mapping[str, str] | None = None
    ) -> GameResult:
        """The result of the game in ``state``; ``bots`` gives the level of each computer
        player by name."""
        names = tuple(p.name for p in state.players)
        return cls(
            seed=seed,
            players=names,
            scores=scores(state),
            finished=is_over(state),
            leaders=tuple(names[i] for i in winners(state)),
            actions=state.actions_taken,
            bots=tuple((bots or {}).items()),
            variants=state.variants.names,
        )

    @property
    def winners(self) -> tuple[str, ...]:
        """Who won: nobody yet in an unfinished game, only players in the lead."""
        return self.leaders if self.finished else ()

    def score(self, name: str) -> Score:
        return self.scores[self.players.index(name)]

    def as_json(self) -> dict[str, object]:
        """The object `thebes simulate --json` and `thebes replay --json` print."""
        return {
            "seed": self.seed,
            "players": list(self.players),
            "scores": {
                name: score_json(score)
                for name, score in zip(self.players, self.scores, strict=True)
            },
            "finished": self.finished,
            "winners": list(self.winners),
            "leaders": list(self.leaders),
            "actions": self.actions,
            "bots": dict(self.bots),
            "variants": list(self.variants),
        }


def score_json(score: Score) -> dict[str, int]:
    """A player's score as the JSON of a result gives it: each category and the total."""
    return {
        "artifacts": score.artifacts,
        "exhibitions": score.exhibitions,
        "congresses": score.congresses,
        "majorities": score.majorities,
        "total": score.total,
    }


def play_random_game(
    catalog: Catalog, player_count: int, seed: int, variants: Variants = NO_VARIANTS
) -> GameState:
    """The engine alone, without a session: the same game as :func:`bot_session` gives."""
    names = DEFAULT_NAMES[:player_count]
    state, _ = new_game(catalog, names, SeededChance.for_action(seed, SETUP), variants)
    seats = [RandomPlayer(seed, seat) for seat in range(player_count)]
    draws = derive_seed(seed)  # SeededChance.for_action(seed, n), its first part mixed once
    while (seat := active_seat(state)) is not None:
        action = seats[seat].choose(state, legal_actions(state))
        state = advance(state, action, SeededChance(mix_seed(draws, state.actions_taken)))
    return state
