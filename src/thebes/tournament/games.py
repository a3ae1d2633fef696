"""Whole games between computer players, for `thebes simulate` and for tests.

Game ``i`` of a run with seed ``S`` has seed ``S + i``, so ``--games 1 --seed S+i`` plays it
again exactly. :func:`play_out` is the one game loop: it asks each seat's player for an
action and plays it on the session; the terminal game uses it with people in some seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from thebes.bots import Player, RandomPlayer, make_bot
from thebes.catalog.components import Catalog
from thebes.records.session import Session, default_seats
from thebes.rules import (
    NO_VARIANTS,
    SETUP,
    GameState,
    SeededChance,
    Variants,
    active_seat,
    apply,
    is_over,
    legal_actions,
    new_game,
    scores,
    winners,
)

DEFAULT_NAMES = ("P1", "P2", "P3", "P4")


def play_out(session: Session, players: Sequence[Player]) -> None:
    """Play until the game ends, each seat's player choosing its own actions."""
    while not session.is_over:
        seat = session.active_seat
        assert seat is not None
        session.play(players[seat].choose(session.state, session.legal_actions()))


def seated_session(
    catalog: Catalog,
    seed: int,
    seats: Sequence[tuple[str, str]],
    make_player: Callable[[str, int, int], Player] = make_bot,
    variants: Variants = NO_VARIANTS,
) -> Session:
    """A whole game of bots, given as (name, level) in seat order, recorded in a session;
    ``make_player(level, seed, seat)`` makes each seat's player."""
    names = [name for name, _ in seats]
    session = Session(
        catalog, default_seats(names, dict(seats)), seed, variants=variants, undo=False
    )
    play_out(session, [make_player(level, seed, seat) for seat, (_, level) in enumerate(seats)])
    return session


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


def result_json(
    state: GameState, seed: int | None, bots: dict[str, str] | None = None
) -> dict[str, Any]:
    """The score line of `thebes simulate --json` and `thebes replay --json`; ``bots``
    gives the level of each computer player by name."""
    names = [p.name for p in state.players]
    return {
        "seed": seed,
        "players": names,
        "scores": {
            name: {
                "artifacts": s.artifacts,
                "exhibitions": s.exhibitions,
                "congresses": s.congresses,
                "majorities": s.majorities,
                "total": s.total,
            }
            for name, s in zip(names, scores(state), strict=True)
        },
        # An unfinished game has no winners yet, only players in the lead.
        "finished": is_over(state),
        "winners": [names[i] for i in winners(state)] if is_over(state) else [],
        "leaders": [names[i] for i in winners(state)],
        "actions": state.actions_taken,
        "bots": dict(bots or {}),
        "variants": list(state.variants.names),
    }


def play_random_game(
    catalog: Catalog, player_count: int, seed: int, variants: Variants = NO_VARIANTS
) -> GameState:
    """The engine alone, without a session: the same game as :func:`bot_session` gives."""
    names = DEFAULT_NAMES[:player_count]
    state, _ = new_game(catalog, names, SeededChance.for_action(seed, SETUP), variants)
    seats = [RandomPlayer(seed, seat) for seat in range(player_count)]
    while not is_over(state):
        seat = active_seat(state)
        assert seat is not None
        action = seats[seat].choose(state, legal_actions(state))
        state, _ = apply(state, action, SeededChance.for_action(seed, state.actions_taken))
    return state
