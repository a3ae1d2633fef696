"""`thebes replay`: a saved game step by step on the game screen, or its score table
(``--summary``, ``--json``). The viewer is the terminal UI's; this prints the table."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from thebes.cli.stdio import need_keys
from thebes.cli.streams import Streams
from thebes.errors import EXIT_OK
from thebes.language import _, ngettext, pgettext
from thebes.safeio.text import MAX_NAME, padded, printable

if TYPE_CHECKING:
    from thebes.records.session import Session
    from thebes.tournament.bot_games import GameResult
    from thebes.tui.terminal import Terminal

NAME_WIDTH = MAX_NAME


def replay_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The game of the file (RecordError says why it cannot be replayed)."""
    from thebes.catalog.loading import default_catalog
    from thebes.records.session import Session
    from thebes.tournament.bot_games import GameResult

    path = chosen_file(args)
    session = Session.load(path, default_catalog())
    if not (args.summary or args.json):
        need_keys(handed)
        from thebes.tui.evaluation import saved_analysis
        from thebes.tui.replay import ReplayViewer
        from thebes.tui.terminal import terminal_for

        analysis = saved_analysis(path, session)  # NAME.analysis.json, if it is there
        if analysis.refused is not None:  # said here too: it stays once the replay is left
            where = printable(str(analysis.path))
            # TRANSLATORS: the analysis file and why it is not used ("was edited: ...").
            said = _("analysis {file} {reason}").format(
                file=where, reason=printable(analysis.refused)
            )
            Streams(handed).complain(said)
        with terminal_for(handed, colour=args.colour) as terminal:
            ReplayViewer(session, terminal, analysis=analysis).run()
        return EXIT_OK
    bots = {seat.name: seat.bot for seat in session.seats if seat.bot is not None}
    result = GameResult.of(session.state, session.seed, bots)
    streams = Streams(handed)
    if args.json:
        streams.say(json.dumps(result.as_json()))
        return EXIT_OK
    streams.say(summary_table(path, session, result))
    return EXIT_OK


def watch_command(args: argparse.Namespace, handed: Terminal | None) -> int:
    """The game of the file as it is played elsewhere (RecordError says why it cannot be
    read)."""
    from thebes.catalog.loading import default_catalog
    from thebes.records.session import Session
    from thebes.tui.terminal import terminal_for
    from thebes.tui.watch import GameWatcher

    catalog = default_catalog()
    path = chosen_file(args)
    session = Session.load(path, catalog)
    with terminal_for(handed, colour=args.colour) as terminal:
        GameWatcher(path, session, catalog, terminal).run()
    return EXIT_OK


def chosen_file(args: argparse.Namespace) -> Path:
    """The file of the game a command names: FILE, or game N of `thebes games` in the
    folder of --dir (LibraryError if the list has no game N)."""
    from thebes.catalog.loading import default_catalog
    from thebes.records.library import games_folder, is_game_number, listed_game

    choice: str = args.file
    if not is_game_number(choice):
        return Path(choice)
    _, game = listed_game(choice, args.dir or games_folder(), default_catalog())
    return game.file.path


def summary_table(path: Path, session: Session, result: GameResult) -> str:
    """The score table of `replay --summary`; an unfinished game names who leads, not
    winners. Names and the path are printed without control codes."""
    seed = _("no seed") if session.seed is None else _("seed {seed}").format(seed=session.seed)
    actions = len(session.steps)
    if session.is_over:
        # TRANSLATORS: the state of a game in replay --summary: it is over.
        status = pgettext("game", "final")
    else:
        status = ngettext(
            "after {count} action, unfinished", "after {count} actions, unfinished", actions
        ).format(count=actions)
    # TRANSLATORS: the score table's column heads, 9 characters at most: the VP for
    # artifacts, exhibitions, congresses and the majorities of specialized knowledge.
    columns = (
        pgettext("score table", "artifacts"),
        pgettext("score table", "exhibit."),
        pgettext("score table", "congress"),
        pgettext("score table", "majority"),
    )
    lines = [f"{printable(str(path))}  {seed}  ({status})"]
    if session.variants:  # as the screen's title names them
        from thebes.tui.screen import variants_label

        lines.append(variants_label(session.variants, short=False))
    player, total = pgettext("score table", "player"), pgettext("score table", "total")
    lines.append(f"{player:<{NAME_WIDTH}} " + " ".join(f"{c:>9}" for c in columns) + f" {total:>6}")
    for name, s in zip(result.players, result.scores, strict=True):
        lines.append(
            f"{padded(printable(name), NAME_WIDTH)} {s.artifacts:>9} {s.exhibitions:>9} "
            f"{s.congresses:>9} {s.majorities:>9} {s.total:>6}"
        )
    if session.is_over:
        winners = ", ".join(map(printable, result.winners))
        lines.append(_("winners: {names}").format(names=winners))
    else:
        leaders = ", ".join(map(printable, result.leaders))
        lines.append(_("unfinished; in the lead now: {names}").format(names=leaders))
    hints = session.hints_used()
    if hints:  # who took actions after a hint, as the final table says it
        # TRANSLATORS: who took actions after a hint: "hints: Ann 2, Bob 1".
        counts = ", ".join(f"{printable(n)} {c}" for n, c in hints.items())
        lines.append(_("hints: {counts}").format(counts=counts))
    stand_ins = session.stand_ins()
    if stand_ins:  # for whom a bot played when their time ran out, as `thebes games` says it
        counts = ", ".join(f"{printable(n)} {c}" for n, c in stand_ins.items())
        # TRANSLATORS: how many of each player's actions a bot played for them when their
        # time ran out (a server's clock): "bot stood in: Bob 2".
        lines.append(_("bot stood in: {players}").format(players=counts))
    return "\n".join(lines)
