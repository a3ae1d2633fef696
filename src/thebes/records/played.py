"""The record of a game played without a session: each action with what chance gave it,
written into the game file a session would have written for the same game.

`thebes simulate --save-dir` plays its games of bots without a
:class:`~thebes.records.session.Session` (no history, events or undo: nothing reads them),
and builds the game's record once, at its end, from the actions and draws it kept. The
record is the one a session playing the same actions with the same draws gives (the tests
compare the two files, digest included). :func:`action_record` and :func:`game_record` are
what a session's ``play`` and ``to_record`` build too, so a session can use them.

Must not: play for a seat or decide a rule; it writes down what was played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from thebes.catalog.components import Catalog
from thebes.records.draws import Recorder
from thebes.records.gamefile import (
    COLOURS,
    FORMAT,
    FORMAT_VERSION,
    ActionRecord,
    GameRecord,
    Options,
    SeatRecord,
    rules_version_for,
    sealed,
)
from thebes.records.notation import format_action
from thebes.rules import Action, GameState, Variants


@dataclass(frozen=True, slots=True)
class PlayedAction:
    """One action of a game, by the seat that took it, and its draws as they came."""

    seat: int
    action: Action
    draws: Recorder


def action_record(
    catalog: Catalog,
    player: str,
    action: Action,
    draws: Recorder,
    hinted: bool = False,
    stood_in: str | None = None,
) -> ActionRecord:
    """An action as the game file writes it: who took it, its notation, its draws, and
    whether it followed a hint or a bot (of level ``stood_in``) chose it for its person."""
    return ActionRecord(
        player=player,
        action=format_action(action, catalog.regions),
        cards=draws.cards,
        found=[catalog.token(t).name for t in draws.found],
        debris=draws.debris,
        hinted=hinted,
        stood_in=stood_in,
    )


def game_record(
    seed: int | None,
    players: list[SeatRecord],
    options: Options,
    variants: Variants,
    setup: list[int],
    actions: list[ActionRecord],
    final: GameState,
) -> GameRecord:
    """The game as a record of the current format version, sealed with its digest
    (``final`` the state its actions led to)."""
    record = GameRecord(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        rules_version=rules_version_for(variants.names),
        seed=seed,
        players=players,
        options=options,
        variants=list(variants.names),
        setup=setup,
        actions=actions,
        digest="",
    )
    return sealed(record, final)


def bot_game_record(
    catalog: Catalog,
    seed: int | None,
    seats: Sequence[tuple[str, str]],
    expert_budget: int | None,
    setup: list[int],
    played: Sequence[PlayedAction],
    final: GameState,
) -> GameRecord:
    """The record of a game with a bot in every seat, given as (name, level) in seat order,
    the colours in seat order, undo off (a session of bots: ``thebes simulate``'s), and
    ``expert_budget`` the budget the file keeps (``recorded_budget``'s)."""
    names = [name for name, _ in seats]
    return game_record(
        seed,
        [
            SeatRecord(name=name, colour=COLOURS[i], kind="bot", bot=level)
            for i, (name, level) in enumerate(seats)
        ],
        Options(undo=False, hints=True, confirm=True, expert_budget=expert_budget),
        final.variants,
        setup,
        [action_record(catalog, names[p.seat], p.action, p.draws) for p in played],
        final,
    )
