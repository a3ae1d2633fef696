"""`thebes games`: the saved games of a folder, a line or two each, newest first.

A line reads::

      2  2026-11-23 10:15  Ann, Bob, Cleo (greedy)  seed 12  1902·14, Ann leads 38-31

(with an en dash between the scores): the time of the last save, the players (a bot with
its level), the seed (then the variants played, by rule id: ``V1 V5``, ``V1-V5`` for all),
and where the game stands. When that does not fit in the terminal's width with every name
whole, the players go on a second line under the date (at 80 columns)::

      1 2026-11-24 08:02  seed 3  finished: random1 37-27
        random1 (random), random2 (random), random3 (random), random4 (random)

where names are cut only if they still do not fit, the longest first, each to no fewer
than :data:`SHORTEST` columns and with a mark; an unreadable file's reason goes under it
the same way. Narrower than 80 columns, when the first line still has no room for the seed
and where the game stands, the seed goes after the players; and players that do not fit
on one row even with names cut take more, broken between players (at 50 columns)::

      3 2026-11-24 08:02  1902·13, Cleo leads 18-16
        Ann, Bob, Cleo (greedy)  seed 12
      4 2026-11-23 19:40  seed 3  1902·1: all level 0-0
        random1 (random), random2 (random),
        random3 (random), random4 (random)

If anyone used hints, how many actions each took after one (``hints: Ann 3``) ends the
last line, or goes on a line of its own under the players. No line runs over the
terminal's width: past every cut, a line is cut with a mark. A terminal wider than 80
columns leaves more on one line and names whole: a row is as long as what it says, never
stretched. Names, paths and reasons are shown literally and without control codes.
"""

from __future__ import annotations

import json
import shlex
import textwrap
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from rich.cells import cell_len

from thebes.catalog.components import Catalog
from thebes.errors import ThebesError
from thebes.language import N_, _, ngettext, pgettext
from thebes.records.library import (
    LISTED,
    GameProgress,
    LibraryError,
    ListedFile,
    SavedGame,
    game_files,
    read_games,
)
from thebes.rules import VARIANT_NAMES
from thebes.safeio.invocation import thebes_command
from thebes.safeio.locking import open_elsewhere
from thebes.safeio.text import printable
from thebes.tui.linecap import cut
from thebes.tui.screen import variant_id
from thebes.tui.terminal import Terminal

WIDTH = 80  # game_line's width when it is not given the terminal's
SHORTEST = 6  # a cut name keeps at least five characters and the ellipsis
DATE_COLUMNS = 16  # 2026-11-23 10:15
DASH = "\u2013"  # an en dash, as the scores of a result are written


class UnlistedFolder(ThebesError):
    """A folder `thebes games` cannot list; the message names it and says why. Exit code 1,
    as the listing has always ended here (`resume --dir` on the same folder is a
    LibraryError, 2)."""


def joined(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the last of a list of names: "Ann, Bob and Cleo".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def status_text(standing: GameProgress, show: Callable[[str], str]) -> str:
    """Where the game stands: "1902·14, Ann leads 38-31", "finished: Ann 76-69", "1902·1:
    all level 0-0" when three or four players are level at the top; names are written by
    ``show``."""
    first, second = standing.top_two
    score = f"{first}{DASH}{second}"
    if len(standing.leaders) == len(standing.players) > 2:  # no names needed
        # TRANSLATORS: a saved game's state: over ("finished"), else its date ("1902·14").
        when = pgettext("game", "finished") if standing.finished else standing.where
        # TRANSLATORS: three or four players level at the top: "1902·1: all level 0-0".
        return _("{when}: all level {score}").format(when=when, score=score)
    leaders = joined([show(name) for name in standing.leaders])
    if standing.finished:
        # TRANSLATORS: a game over, its winners and the score: "finished: Ann 76-69".
        return _("finished: {leaders} {score}").format(leaders=leaders, score=score)
    # TRANSLATORS: a game going on: "1902·14, Ann leads 38-31" (two leaders: "lead").
    line = ngettext(
        "{when}, {leaders} leads {score}", "{when}, {leaders} lead {score}", len(standing.leaders)
    )
    return line.format(when=standing.where, leaders=leaders, score=score)


def saved_at(file: ListedFile) -> str:
    """When the file was saved, in :data:`DATE_COLUMNS` columns; "date unknown" when the
    file could not be looked at or its date is not believable (see records.library)."""
    if file.mtime is not None:
        try:
            return datetime.fromtimestamp(file.mtime).strftime("%Y-%m-%d %H:%M")
        except (OverflowError, OSError, ValueError):  # only with a clock set far ahead
            pass
    # TRANSLATORS: instead of a date and time: at most 16 columns.
    return _("date unknown").ljust(DATE_COLUMNS)


def game_line(number: int, game: SavedGame, digits: int = 2, width: int = WIDTH) -> str:
    """The listing's line for one game, its number right-aligned in ``digits`` columns: one
    line when everything fits in ``width`` columns with every name whole, else the players
    (or an unreadable file's reason) on a line of their own under it; and the seed after
    them when, even so, it leaves where the game stands no room."""
    lead = f"{number:>{digits}} {saved_at(game.file)}  "
    under = " " * (digits + 1)  # a second line starts under the date
    standing = game.standing
    if standing is None:
        name = printable(game.file.path.name)
        reason = _("unreadable: {reason}").format(reason=printable(game.error or ""))
        if cell_len(lead + name) + 2 + cell_len(reason) <= width:
            return f"{lead}{name}  {reason}"
        return f"{cut(lead + name, width)}\n{under}{cut(reason, width - len(under))}"
    seed = _("no seed") if standing.seed is None else _("seed {seed}").format(seed=standing.seed)
    if standing.variants:  # by rule id: V1-V5 for all five
        ids = [variant_id(name) for name in standing.variants]
        seed += "  V1-V5" if len(ids) == len(VARIANT_NAMES) else "  " + " ".join(ids)
    line = f"{lead}{players_text(standing, printable)}  {seed}  {status_text(standing, printable)}"
    lines, players_at = [line], cell_len(lead)
    if cell_len(line) > width:
        # The players go under, where they have room to stay whole (or be cut less).
        first = fitted(lambda show: f"{lead}{seed}  {status_text(standing, show)}", width, standing)
        players = player_rows(standing, width - len(under))
        lines, players_at = [first, *(under + row for row in players)], len(under)
        if cell_len(first) > width:
            # Not even with names cut (a narrow terminal): where the game stands keeps the
            # first line, and the seed ends the players' line, or goes on a line of its own.
            lines[0] = fitted(lambda show: lead + status_text(standing, show), width, standing)
            if cell_len(lines[-1]) + 2 + cell_len(seed) <= width:
                lines[-1] += f"  {seed}"
            else:
                lines.append(under + seed)
    for counts, label in ((standing.hints, HINTS), (standing.stand_ins, STAND_INS)):
        if not counts:
            continue
        # Who used hints, and for whom a bot stood in: at the end of the last line if it
        # fits, else on a line of its own, under the players.
        told = counts_text(counts, width - cell_len(lines[-1]) - 2, label)
        if cell_len(lines[-1]) + 2 + cell_len(told) <= width:
            lines[-1] += f"  {told}"
        else:
            told = counts_text(counts, width - players_at, label)
            lines.append(" " * players_at + told)
    # Past every cut a line that still runs over (a huge seed) is cut with a mark.
    return "\n".join(cut(text, width) for text in lines)


def players_text(standing: GameProgress, show: Callable[[str], str]) -> str:
    """ "Ann, Bob, Cleo (greedy)": the players, each bot with its level, and a person's seat
    a bot took over with the first action the bot played (``Bob (greedy from action 57)``)."""
    return ", ".join(
        show(name) + bot_label(level, standing.bot_from(seat))
        for seat, (name, level) in enumerate(standing.players)
    )


def player_rows(standing: GameProgress, room: int) -> list[str]:
    """The players under the date, in ``room`` columns: on one row, names cut as little as
    lets them fit (:func:`fitted`); when not even names of :data:`SHORTEST` columns fit
    there (a narrow terminal), on as many rows as it takes, broken between players, each
    name whole if its row has room for it and its label."""
    one = fitted(lambda show: players_text(standing, show), room, standing)
    if cell_len(one) <= room:
        return [one]
    rows: list[str] = []
    last = len(standing.players) - 1
    for seat, (name, level) in enumerate(standing.players):
        label = bot_label(level, standing.bot_from(seat)) + ("," if seat < last else "")
        player = cut(printable(name), max(SHORTEST, room - cell_len(label))) + label
        if rows and cell_len(rows[-1]) + 1 + cell_len(player) <= room:
            rows[-1] += " " + player
        else:
            rows.append(player)
    return rows


def bot_label(level: str | None, bot_from: int | None) -> str:
    """ " (greedy)" for a bot's seat, " (greedy from action 57)" for a person's seat a bot
    played from its 57th action on (``bot_from``, the actions before it, is 56), "" for a
    person's."""
    if level is None:
        return ""
    if bot_from is None:
        return f" ({level})"
    # TRANSLATORS: a person's seat a bot took over: "Bob (greedy from action 57)"; {level}
    # is the bot's level as typed.
    return " " + _("({level} from action {number})").format(level=level, number=bot_from + 1)


def fitted(
    text: Callable[[Callable[[str], str]], str],
    room: int,
    standing: GameProgress,
) -> str:
    """``text`` written with names cut as little as lets it fit in ``room`` columns: the
    longest names first, all to the same width, never below :data:`SHORTEST`."""
    longest = max(cell_len(printable(name)) for name, _level in standing.players)
    written = ""
    for limit in range(max(longest, SHORTEST), SHORTEST - 1, -1):

        def show(name: str, limit: int = limit) -> str:
            return cut(printable(name), limit)

        written = text(show)
        if cell_len(written) <= room:
            break
    return written


# Translated where shown: the counts of the listing's marks, "{players}" being "Ann 3, Bob 1".
# TRANSLATORS: how many actions each player took after a hint: "hints: Ann 3, Bob 1".
HINTS = N_("hints: {players}")
# TRANSLATORS: how many of each player's actions a bot played for them when their time ran
# out (a server's clock): "bot stood in: Bob 2".
STAND_INS = N_("bot stood in: {players}")


def counts_text(counts: Sequence[tuple[str, int]], room: int, label: str) -> str:
    """``label`` (:data:`HINTS`, :data:`STAND_INS`) with each player's count, "Ann 3, Bob 1",
    in ``room`` columns if names cut to :data:`SHORTEST` allow."""
    longest = max(cell_len(printable(name)) for name, _count in counts)
    text = ""
    for limit in range(max(longest, SHORTEST), SHORTEST - 1, -1):
        players = ", ".join(f"{cut(printable(name), limit)} {n}" for name, n in counts)
        text = _(label).format(players=players)
        if cell_len(text) <= room:
            break
    return text


def print_games(
    terminal: Terminal,
    folder: Path,
    catalog: Catalog,
    *,
    as_json: bool = False,
    everything: bool = False,
    named_folder: bool = False,
) -> None:
    """Print the listing of ``folder`` at ``terminal`` (JSON: one object per game);
    UnlistedFolder if it cannot be read. ``named_folder``: the folder was given (--dir), so
    the command to resume a game of it names it too. The games' lines are flushed one by one: a long
    listing shows as it is read."""
    where = printable(str(folder))
    try:
        files = game_files(folder)
    except LibraryError as exc:
        raise UnlistedFolder(str(exc)) from None
    out = terminal.console.file
    width = terminal.size()[0]

    def tell(text: str) -> None:
        """A sentence for people: on the output, or on the errors when it carries JSON."""
        print(wrapped(text, width), file=terminal.errors if as_json else out)

    if not files:
        tell(
            _("No saved games in {folder}; '{command}' starts one.").format(
                folder=where, command=thebes_command("play")
            )
        )
        return
    shown = files if everything else files[:LISTED]
    if not as_json:
        terminal.say(
            wrapped(_("Saved games in {folder}, newest first:").format(folder=where), width)
        )
    digits = len(str(len(shown)))
    indent = " " * (max(digits, 2) + 1)
    for number, game in enumerate(read_games(shown, catalog), 1):
        holder = open_elsewhere(game.file.path)  # being played in another window
        if as_json:
            entry = game.as_json(number)
            entry["open_in"] = None if holder is None else {"pid": holder.pid, "host": holder.host}
            print(json.dumps(entry), file=out, flush=True)
        else:
            print(game_line(number, game, max(digits, 2), width), file=out, flush=True)
            if holder is not None:
                print(open_note(game.file.path, holder.describe(), indent, width), file=out)
                out.flush()
    left = len(files) - len(shown)
    if left:
        older = ngettext(
            "{count} older game not listed ('{option}' lists them).",
            "{count} older games not listed ('{option}' lists them).",
            left,
        )
        tell(older.format(count=left, option="--all"))
    if not as_json:
        for line in closing_lines(where, named_folder=named_folder):
            terminal.say(wrapped(line, width))


def open_note(path: Path, holder: str, indent: str, width: int) -> str:
    """Under a game open in another window (``holder`` says which), the command that
    follows it: on a row of its own when the sentence leaves it none, whole however long
    (the terminal folds it), so that it copies as it is."""
    watch = thebes_command("watch " + shlex.quote(printable(str(path))))
    # TRANSLATORS: {holder} says which process has the game open.
    note = _("open in {holder} now; '{command}' follows it").format(holder=holder, command=watch)
    if cell_len(indent + note) > width:
        lead = _("open in {holder} now; this follows it:").format(holder=holder)
        note = f"{wrapped(lead, width, indent).lstrip()}\n{indent}'{watch}'"
    return indent + note


def closing_lines(where: str, *, named_folder: bool) -> tuple[str, str]:
    """The listing's last lines: how to resume a game of it, and replay one."""
    # N counts in this folder: the listing of another than the default says --dir.
    folder_option = f" --dir {shlex.quote(where)}" if named_folder else ""
    resume = thebes_command("resume") + folder_option
    replay = thebes_command("replay") + folder_option
    return (
        # TRANSLATORS: {command} is a command as typed ("thebes resume"); N a number.
        _("'{command} N' resumes game N; '{command}' the newest unfinished one;").format(
            command=resume
        ),
        # TRANSLATORS: {command} is a command as typed ("thebes replay"); N a number.
        _("'{command} N' shows game N from its start.").format(command=replay),
    )


def wrapped(text: str, width: int, indent: str = "") -> str:
    """``text`` broken between words into rows of at most ``width`` columns (each line of
    it on rows of its own, each row after ``indent``); a word longer than a row (a path)
    gets a row of its own and is never cut."""
    rows: list[str] = []
    for line in text.split("\n"):
        rows += textwrap.wrap(
            line,
            max(20, width),
            break_long_words=False,
            break_on_hyphens=False,
            initial_indent=indent,
            subsequent_indent=indent,
        )
    return "\n".join(rows)
