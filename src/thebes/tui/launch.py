"""Starting and resuming a game at the terminal it is handed: the people's names asked there,
the game made, saved and locked by the table layer (:mod:`thebes.table.games`), whose
refusal of the players is worded here (:class:`SetupError`), then the table played from
this keyboard."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from prompt_toolkit import PromptSession

from thebes.bots import BOT_LEVELS
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _, current_language, ngettext, speaking
from thebes.records.session import Session
from thebes.rules import Variants
from thebes.safeio.invocation import thebes_command
from thebes.safeio.locking import GameLock
from thebes.safeio.text import name_problem, printable
from thebes.table.authority import Table
from thebes.table.ending import leave_out_skill
from thebes.table.games import (
    AskSeats,
    GameOptions,
    SetupRefused,
    new_game,
    saved_game,
    seats_from,
)
from thebes.tui.door import table_at
from thebes.tui.prompting import prompt_session
from thebes.tui.terminal import Terminal
from thebes.tui.wording import setup_line


class SetupError(ThebesError):
    """Players or options that cannot start a game; the message says why."""

    exit_code = EXIT_USAGE


class GameNotStarted(ThebesError):
    """The players were asked their names and left instead (Ctrl-C, the end of input): no
    game, and not a refused command line (the base's exit code, 1)."""


@contextmanager
def setup_worded() -> Iterator[None]:
    """Around :func:`new_game`: the table's refusal of the players (SetupRefused), worded as
    the SetupError that ends the command."""
    try:
        yield
    except SetupRefused as refused:
        raise SetupError(setup_line(refused)) from None


def ask_seats(terminal: Terminal) -> AskSeats:
    """The people's names (and bots) asked at ``terminal``, for :func:`seats_from`;
    GameNotStarted if they leave instead."""

    def ask(taken: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
        with terminal.prompting():
            try:
                return _ask_seats(terminal, taken)
            except (KeyboardInterrupt, EOFError):
                raise GameNotStarted(_("no game started")) from None

    return ask


# The level offered first for a computer player: it plays sensibly, answers at once, and
# a newcomer can beat it (strong and expert look ahead, and take time over a move).
DEFAULT_LEVEL = "greedy"


def _ask_seats(terminal: Terminal, taken: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Ask how many people play and their names, beside the bots named in ``taken``; with
    no bot given, offer computer players (and their levels) for the seats left, at least
    one for a person alone. The names, and the bots added as (name, level)."""
    ask = prompt_session(terminal)
    # The questions and answers stay on screen, so a refusal reads under its question.
    ask.app.erase_when_done = False
    # One person is enough: with a bot given, or the bots offered next.
    fewest, most = 1, 4 - len(taken)
    people = _("How many people play at this keyboard ({fewest}-{most})? ").format(
        fewest=fewest, most=most
    )
    count = _ask_number(terminal, ask, people, fewest, most)
    names: list[str] = []
    while len(names) < count:
        name = ask.prompt(_("Name of player {number}: ").format(number=len(names) + 1))
        name = name.strip(" ")
        problem = name_problem(name)
        if problem is not None:
            terminal.say(_("Not as a name: {problem}.").format(problem=problem))
        elif name.lower() in {n.lower() for n in names + taken}:
            terminal.say(_("That name is taken."))
        else:
            names.append(name)
    if taken or count == 4:
        return names, []
    return names, _ask_bots(terminal, ask, names, needed=max(0, 2 - count), free=4 - count)


def _ask_bots(
    terminal: Terminal, ask: PromptSession[str], names: list[str], *, needed: int, free: int
) -> list[tuple[str, str]]:
    """Offer ``needed`` to ``free`` computer players (Enter: ``needed``) and ask each one's
    level (Enter: DEFAULT_LEVEL); each is named after its level, apart from every name."""
    # TRANSLATORS: [2] is the answer Enter gives.
    question = _("How many computer players ({fewest}-{most})? [{default}] ").format(
        fewest=needed, most=free, default=needed
    )
    count = _ask_number(terminal, ask, question, needed, free, default=needed)
    levels = ", ".join(BOT_LEVELS)
    bots: list[tuple[str, str]] = []
    while len(bots) < count:
        number = len(bots) + 1
        # TRANSLATORS: {levels} are the levels as typed (random, greedy, ...); [{default}]
        # is the one Enter gives.
        level_question = _("Level of computer player {number} ({levels}) [{default}]: ")
        answer = ask.prompt(
            level_question.format(number=number, levels=levels, default=DEFAULT_LEVEL)
        )
        answer = answer.strip().lower() or DEFAULT_LEVEL
        level = next((lv for lv in BOT_LEVELS if lv.startswith(answer)), None)
        if level is None:
            terminal.say(
                _("Please type {levels} (or its first letter), or Enter for {default}.").format(
                    levels=levels, default=DEFAULT_LEVEL
                )
            )
            continue
        bots.append((_bot_name(level, names + [name for name, _level in bots]), level))
    if bots:
        seats = ", ".join(f"{name} ({level})" for name, level in bots)
        said = ngettext("Computer player: {players}.", "Computer players: {players}.", len(bots))
        terminal.say(said.format(players=seats))
    return bots


def _bot_name(level: str, taken: list[str]) -> str:
    """A computer player's name: its level ("Greedy"), numbered if that name is taken."""
    used = {name.lower() for name in taken}
    name, number = level.capitalize(), 2
    while name.lower() in used:
        name, number = f"{level.capitalize()} {number}", number + 1
    return name


def _ask_number(
    terminal: Terminal,
    ask: PromptSession[str],
    question: str,
    fewest: int,
    most: int,
    default: int | None = None,
) -> int:
    """A whole number from ``fewest`` to ``most``, asked until one is typed (Enter:
    ``default``, if there is one)."""
    choices = [str(n) for n in range(fewest, most + 1)]
    if len(choices) == 1 and default is None:
        refusal = _("Please type {choice}.").format(choice=choices[0])
    elif len(choices) == 1:
        refusal = _("Please type {choice}, or Enter for {default}.").format(
            choice=choices[0], default=default
        )
    elif default is None:
        refusal = _("Please type {choices} or {last}.").format(
            choices=", ".join(choices[:-1]), last=choices[-1]
        )
    else:
        refusal = _("Please type {choices} or {last}, or Enter for {default}.").format(
            choices=", ".join(choices[:-1]), last=choices[-1], default=default
        )
    while True:
        answer = ask.prompt(question).strip()
        if not answer and default is not None:
            return default
        if answer in choices:
            return int(answer)
        terminal.say(refusal)


def start_game(
    terminal: Terminal,
    *,
    names: str | None,
    bots: list[str],
    seed: int | None,
    variants: Variants,
    save: str | None,
    force: bool,
    undo: bool,
    fast: bool,
    hints: bool = True,
    confirm: bool = True,
    expert_budget: int | None = None,
    review: bool = True,
) -> None:
    """A new game at ``terminal``, played to its end or until left. A save file that cannot
    be used is a SaveError, players that cannot play a SetupError, names not given when
    asked GameNotStarted."""
    options = GameOptions(
        seed, variants, undo=undo, hints=hints, confirm=confirm, expert_budget=expert_budget
    )
    ask = ask_seats(terminal) if terminal.interactive else None
    with setup_worded(), new_game(names, bots, options, save, force, ask=ask) as (session, lock):
        terminal.console.print(saved_where(session), soft_wrap=True)
        _run(Table(session, lock, fast=fast), terminal, lock, fast=fast, review=review)


def saved_where(session: Session) -> str:
    """Where a new game is saved, and what a seed means for its draws."""
    said = _("The game is saved in {path} after every action.").format(
        path=printable(str(session.autosave))
    )
    if session.seed is None:
        return said
    seeded = _(
        "A seeded game (seed {seed}): the same seed and the same moves give the "
        "same draws, so whoever knows the seed can foresee them."
    ).format(seed=session.seed)
    return f"{seeded} {said}"


def resume_game(terminal: Terminal, path: Path, *, fast: bool, review: bool = True) -> None:
    """The game saved in ``path`` at ``terminal``, from where it was left (RecordError says
    why it cannot be, GameInUse that another process has it open). The game is locked
    while it is open (:mod:`thebes.safeio.locking`), and read once it is."""
    with saved_game(path) as (session, lock):
        if session.is_over:
            where = printable(str(path))
            command = thebes_command("replay " + where)
            terminal.console.print(
                _("That game is over; '{command}' shows it.").format(command=command),
                soft_wrap=True,
            )
        _run(Table(session, lock, fast=fast), terminal, lock, fast=fast, review=review)


def _run(table: Table, terminal: Terminal, lock: GameLock, *, fast: bool, review: bool) -> None:
    """Play at ``table`` from the keyboard; the one line about its lock, if there is one
    (a stale lock taken over, or none made), printed and shown on the table's first
    screen. ``review`` False: the end shows no skill (:mod:`thebes.table.ending`)."""
    if not review:
        leave_out_skill(table)
    game = table_at(terminal)(table, terminal, fast=fast)
    notice = lock.notice()
    if notice is not None:
        terminal.console.print(notice, soft_wrap=True)
        game.talk.say(notice)
    with speaking(current_language()):  # a `lang` typed at the table ends with the game
        game.run()


__all__ = [
    "GameNotStarted",
    "GameOptions",
    "SetupError",
    "ask_seats",
    "new_game",
    "resume_game",
    "saved_where",
    "seats_from",
    "setup_worded",
    "start_game",
]
