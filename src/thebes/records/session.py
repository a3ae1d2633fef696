"""A game in progress: the engine state, its history, its draws, undo and autosave.

A :class:`Session` is what a table, the replay viewer and the analysis hold (`thebes simulate`
plays its bot games without one: :mod:`thebes.tournament.bot_games`).
In a seeded game each action's draws come from a generator seeded by the game seed and the
action number (:meth:`SeededChance.for_action`), so a game resumed from its file goes on
exactly as it would have without the interruption. A game without a seed draws from the
operating system (:class:`SecretChance`): nothing on the screen, in the file or given to a
bot foretells a draw, and a resumed game draws afresh. Every outcome is recorded beside the
action; loading a file replays those recorded outcomes, checking each against the deck and
the bags.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import replace
from pathlib import Path

from thebes.bots.levels import recorded_budget
from thebes.catalog.components import Catalog
from thebes.errors import ThebesError
from thebes.language import _
from thebes.records.blockers import Blocked, Blocker, SessionRefused
from thebes.records.draws import Recorder, Replayer, recorded_finds
from thebes.records.gamefile import (
    ActionRecord,
    GameRecord,
    Options,
    RecordError,
    SeatRecord,
    dump_record,
    expected_digest,
    read_record,
    rules_version_problem,
)
from thebes.records.illegal_words import illegal_line
from thebes.records.marks import hints_used, stand_ins
from thebes.records.notation import NotationError, format_action, parse_action
from thebes.records.played import action_record, game_record
from thebes.records.seats import Seat, Step, default_seats
from thebes.rules import (
    NO_VARIANTS,
    SETUP,
    Action,
    Chance,
    Event,
    GameState,
    Illegal,
    IllegalAction,
    ImpossibleDraw,
    NotLegal,
    SecretChance,
    SeededChance,
    Variants,
    active_seat,
    apply,
    is_over,
    legal_actions,
    new_game,
)
from thebes.safeio.locking import GameLock
from thebes.safeio.saving import (
    FileChanged,
    Fingerprint,
    SaveError,
    fingerprint,
    free_name_beside,
    save_target,
    write_unless_changed,
)
from thebes.safeio.text import printable

__all__ = ["NotSaved", "Seat", "Session", "Step", "default_seats"]


class NotSaved(ThebesError):
    """An action that had to be saved to be played could not be; the message says why."""


class Session:
    """A game of Thebes being played, replayed or resumed."""

    def __init__(
        self,
        catalog: Catalog,
        seats: list[Seat],
        seed: int | None,
        *,
        variants: Variants = NO_VARIANTS,
        undo: bool = True,
        hints: bool = True,
        confirm: bool = True,
        expert_budget: int | None = None,
        autosave: Path | None = None,
        _setup: list[int] | None = None,
    ) -> None:
        self.catalog = catalog
        self.seats = list(seats)
        self.seed = seed
        # The expert bots' simulations a move; None while no expert plays and none was asked
        # for. Set whenever an expert plays, so the file says it (docs/game-files.md).
        self.expert_budget = expert_budget
        self._note_expert_budget()
        self.undo_enabled = undo
        self.hints_enabled = hints
        # A person's action chosen by number is shown to confirm before it is played.
        self.confirm_enabled = confirm
        # The player to move has seen a hint: their next action is recorded as hinted.
        self._hint_seen = False
        self.autosave = autosave
        # Why the last autosave failed; None again once a save succeeds.
        self.save_problem: str | None = None
        # Where the game went when its file was changed elsewhere (None again once told).
        self.save_moved: str | None = None
        # The autosave file as last read or written here: another one there is not overwritten.
        self._seen: tuple[Path, Fingerprint] | None = None
        # The autosave file's lock, held by whoever opened the game: it moves with the game.
        self.lock: GameLock | None = None
        chance: Chance = self._draws(SETUP) if _setup is None else Replayer(_setup, None, None)
        recorder = Recorder(chance)
        try:
            state, events = new_game(catalog, [s.name for s in seats], recorder, variants)
            if isinstance(chance, Replayer):
                chance.check_used_up()
        except ImpossibleDraw as exc:
            raise RecordError(f"setup: {exc}") from None
        self.setup = recorder.cards
        self.start = state
        self.setup_events = events
        self.steps: list[Step] = []
        self._state = state
        self._token_ids = [
            {catalog.token(t).name: t for t in (catalog.site_bonus[r], *catalog.bag_tokens[r])}
            for r in range(len(catalog.regions))
        ]

    # ------------------------------------------------------------ the game

    @property
    def variants(self) -> Variants:
        """The variants the game is played with (the state carries them)."""
        return self.start.variants

    @property
    def seeded(self) -> bool:
        """Whether the draws follow from a seed (and so can be foreseen by whoever has it)."""
        return self.seed is not None

    def _draws(self, action_number: int) -> Chance:
        if self.seed is None:
            return SecretChance()
        return SeededChance.for_action(self.seed, action_number)

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def active_seat(self) -> int | None:
        return active_seat(self._state)

    @property
    def is_over(self) -> bool:
        return is_over(self._state)

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self._state)

    def notation(self, action: Action) -> str:
        return format_action(action, self.catalog.regions)

    def parse(self, text: str) -> Action:
        return parse_action(text, self.catalog.regions)

    def play(
        self, action: Action, *, stood_in: str | None = None, must_save: bool = False
    ) -> tuple[Event, ...]:
        """Take ``action`` for the active player (IllegalAction says why not); autosaves.
        ``stood_in``: a bot of that level chose it for the person, whose time ran out.
        ``must_save``: an action the autosave cannot write is taken back at once and
        NotSaved says why."""
        before = self._state
        seat = active_seat(before)
        if seat is None:
            over = NotLegal(Illegal.GAME_OVER)
            raise IllegalAction(over)
        if stood_in is not None and self.seats[seat].is_bot:
            raise SessionRefused(Blocker(Blocked.BOT_SEATED, seat))
        recorder = Recorder(self._draws(before.actions_taken))
        after, events = apply(before, action, recorder)
        hinted = self._hint_seen and stood_in is None
        name = self.seats[seat].name
        record = action_record(self.catalog, name, action, recorder, hinted, stood_in)
        hint_seen, self._hint_seen = self._hint_seen, False
        self._push(Step(before, action, events, record), after)
        self.save_if_autosaving()
        if must_save and self.save_problem is not None:
            # Not on disk: not played (the file still holds the game without it).
            self.steps.pop()
            self._state, self._hint_seen = before, hint_seen
            raise NotSaved(self.save_problem)
        return events

    # ------------------------------------------------------------ hints

    def hint_blocker(self) -> Blocker | None:
        """Why the player to move may not see a hint now, or None if they may."""
        if not self.hints_enabled:
            return Blocker(Blocked.HINTS_OFF)
        seat = self.active_seat
        if seat is None:
            return Blocker(Blocked.GAME_OVER)
        if self.seats[seat].is_bot:
            return Blocker(Blocked.BOTS_TURN, seat)
        return None

    def note_hint(self) -> None:
        """The player to move has been shown a hint: their next action is marked so in the
        record. Nothing of the game changes. SessionRefused if no hint is allowed now."""
        blocker = self.hint_blocker()
        if blocker is not None:
            raise SessionRefused(blocker)
        self._hint_seen = True

    @property
    def hint_seen(self) -> bool:
        """Whether the player to move has seen a hint since the last action."""
        return self._hint_seen

    def hints_used(self) -> dict[str, int]:
        """How many of their actions each player took after a hint, in seat order; only
        the players who used any."""
        return hints_used(self.seats, self.steps)

    def stand_ins(self) -> dict[str, int]:
        """How many of each player's actions a bot played for them when their time ran
        out, in seat order; only the players it happened to."""
        return stand_ins(self.seats, self.steps)

    def _push(self, step: Step, after: GameState) -> None:
        self.steps.append(step)
        self._state = after

    # ------------------------------------------------------------ undo

    def undo_blocker(self) -> Blocker | None:
        """Why the last action of a person cannot be taken back, or None if it can."""
        if not self.undo_enabled:
            return Blocker(Blocked.UNDO_OFF)
        if not self.steps:
            return Blocker(Blocked.NOTHING_PLAYED)
        for step in reversed(self.steps):
            record = step.record
            if record.cards or record.debris is not None:
                kind = Blocked.CARDS_REVEALED if record.cards else Blocked.TOKENS_REVEALED
                return Blocker(kind, self._seat_of(step), step.action)
            if not self._by_bot(step):
                return None
        return Blocker(Blocked.NO_PERSONS_ACTION)

    def undo_steps(self) -> list[Step]:
        """What :meth:`undo` would take back, newest first: the last action of a person and
        the bots' actions that followed it (SessionRefused if undo cannot)."""
        blocker = self.undo_blocker()
        if blocker is not None:
            raise SessionRefused(blocker)
        taken: list[Step] = []
        while not taken or self._by_bot(taken[-1]):
            taken.append(self.steps[-1 - len(taken)])
        return taken

    def undo(self) -> list[Step]:
        """Take back the last action of a person, with the bots' actions that followed it
        (newest first in the list): the turn goes back to that person, never to a bot."""
        taken = self.undo_steps()
        del self.steps[-len(taken) :]
        self._state = taken[-1].before
        # A hint seen in the position left behind says nothing about the one gone back to.
        self._hint_seen = False
        # A bot that took a seat over after the point gone back to plays it from here on.
        self.seats = [
            replace(s, bot_from=min(s.bot_from, self._state.actions_taken))
            if s.bot_from is not None
            else s
            for s in self.seats
        ]
        self.save_if_autosaving()
        return taken

    def _seat_of(self, step: Step) -> int:
        """The seat that played ``step``."""
        return next(i for i, s in enumerate(self.seats) if s.name == step.record.player)

    def _by_bot(self, step: Step) -> bool:
        """Whether ``step`` was played by a bot (a seat taken over by one: only from then; a
        stand-in's: undo must not give a person back the move their clock took from them)."""
        seat = next(s for s in self.seats if s.name == step.record.player)
        if step.record.stood_in is not None:
            return True
        if seat.bot_from is None:
            return seat.is_bot
        return step.before.actions_taken >= seat.bot_from

    def put_bot(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays the person's seat ``seat`` from now on (the file says
        from which action); autosaves. SessionRefused if the seat is a bot's already."""
        if self.seats[seat].is_bot:
            raise SessionRefused(Blocker(Blocked.BOT_SEATED, seat))
        self.seats[seat] = replace(self.seats[seat], bot=level, bot_from=self._state.actions_taken)
        self._note_expert_budget()
        self._hint_seen = self._hint_seen and self.active_seat != seat
        self.save_if_autosaving()

    def _note_expert_budget(self) -> None:
        """A bot with a budget plays: the file says the budget, given or the default (a
        later default must not change how a resumed game goes on)."""
        players = len(self.seats)
        self.expert_budget = recorded_budget(
            (s.bot for s in self.seats), players, self.expert_budget
        )

    # ------------------------------------------------------------ files

    def to_record(self) -> GameRecord:
        """The game as a record of the current format version, sealed with its digest."""
        players = [
            SeatRecord(
                name=s.name,
                colour=s.colour,
                kind="bot" if s.is_bot and s.bot_from is None else "human",
                bot=s.bot,
                bot_from=s.bot_from,
            )
            for s in self.seats
        ]
        options = Options(
            undo=self.undo_enabled,
            hints=self.hints_enabled,
            confirm=self.confirm_enabled,
            expert_budget=self.expert_budget,
        )
        actions = [step.record for step in self.steps]
        return game_record(
            self.seed, players, options, self.variants, self.setup, actions, self._state
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the game to ``path`` atomically and return the file written (the target of
        a symbolic link); SaveError says why it could not be, FileChanged that the autosave
        file was changed on disk since this game last read or wrote it."""
        target = save_target(path)
        seen = self._seen[1] if self._seen is not None and self._seen[0] == target else None
        target, written = write_unless_changed(path, dump_record(self.to_record()), seen)
        with contextlib.suppress(SaveError):  # an autosave path no file can have
            if self.autosave is not None and save_target(self.autosave) == target:
                self._seen = (target, written)
        return target

    def save_if_autosaving(self) -> None:
        """Save to the autosave file, if there is one. A failure never stops the game: it
        is kept in ``save_problem`` until a later save succeeds. A file changed on disk by
        someone else is left as it is, and the game saved beside it from then on."""
        if self.autosave is None:
            return
        try:
            try:
                self.save(self.autosave)
            except FileChanged as exc:
                beside = self._move_beside(self.autosave)
                self.save(beside)
                # TRANSLATORS: {reason} says the game file was changed by another process.
                self.save_moved = _("{reason}; left as it is, this game goes on in {file}").format(
                    reason=exc, file=beside
                )
                if self.lock is not None and self.lock.unguarded is not None:
                    # TRANSLATORS: {reason} says why the game could not be locked.
                    self.save_moved += " " + _("(with no lock: {reason})").format(
                        reason=self.lock.unguarded
                    )
        except SaveError as exc:
            self.save_problem = str(exc)
        else:
            self.save_problem = None

    def _move_beside(self, autosave: Path) -> Path:
        """A new file beside ``autosave`` (named as given: the table shows it as typed) made
        the autosave file, the lock moved there; SaveError if no name can be had."""
        for _attempt in range(5):  # another process may lock a name first: then the next one
            beside = autosave.with_name(free_name_beside(save_target(autosave)).name)
            if self.lock is None or self.lock.move(beside):
                self.autosave = beside
                return beside
        message = _("no free name beside {file} to save the game in")
        raise SaveError(message.format(file=printable(str(autosave))))

    @classmethod
    def load(cls, path: Path, catalog: Catalog, *, autosave: bool = False) -> Session:
        """Replay a game file with its recorded draws; RecordError says what is wrong."""
        seen = fingerprint(path)
        record = read_record(path)
        try:
            session = cls.from_record(record, catalog, autosave=path if autosave else None)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None
        if autosave and seen is not None and seen == fingerprint(path):  # the file as read
            session._seen = (Path(os.path.realpath(path.expanduser())), seen)
        return session

    @classmethod
    def from_record(
        cls, record: GameRecord, catalog: Catalog, *, autosave: Path | None = None
    ) -> Session:
        problem = rules_version_problem(record.rules_version, record.variants)
        if problem:
            raise RecordError(problem)
        seats = [Seat(p.name, p.colour, p.bot, p.bot_from) for p in record.players]
        try:
            session = cls(
                catalog,
                seats,
                record.seed,
                variants=Variants.from_names(record.variants),
                undo=record.options.undo,
                hints=record.options.hints,
                confirm=record.options.confirm,
                expert_budget=record.options.expert_budget,
                _setup=record.setup,
            )
        except ValueError as exc:  # a player count or names the rules refuse
            raise RecordError(f"players: {exc}") from None
        for number, entry in enumerate(record.actions, 1):
            session._replay_one(number, entry)
        # Version 2 digests cover the header too: an edited seed, bot level or colour is
        # refused here even though the replay itself went through.
        digest = expected_digest(record, session.state)
        if digest != record.digest:
            raise RecordError(
                _(
                    "the digest {digest} does not match the replayed game "
                    "({replayed}): the file was changed or written by different rules"
                ).format(digest=printable(record.digest), replayed=digest)
            )
        session.autosave = autosave
        return session

    def _replay_one(self, number: int, entry: ActionRecord) -> None:
        # Text from the file is shown escaped: a message must not carry control codes.
        # TRANSLATORS: an action of a game file, where a problem is: "action 12 (take 2)".
        where = _("action {number} ({action})").format(
            number=number, action=printable(entry.action)
        )
        before = self._state
        seat = active_seat(before)
        if seat is None:
            raise RecordError(_("{where}: the game was already over").format(where=where))
        if entry.player != self.seats[seat].name:
            message = _("{where}: it was {name}'s turn, not {other}'s")
            name, other = self.seats[seat].name, printable(entry.player)
            raise RecordError(message.format(where=where, name=name, other=other))
        try:
            action = self.parse(entry.action)
        except NotationError as exc:
            # TRANSLATORS: a refusal of the action {number} of a game file.
            message = _("action {number}: {reason}")
            raise RecordError(message.format(number=number, reason=exc)) from None
        # Kept in canonical form: the reader accepts any letter case and spacing (a control
        # character may even pass for a space), but the screen, the log and the next save
        # show only what the notation writes.
        entry = entry.model_copy(update={"action": self.notation(action)})
        found = recorded_finds(where, action, entry, self._token_ids, self.catalog.regions)
        chance = Replayer(entry.cards, found, entry.debris)
        try:
            after, events = apply(before, action, chance)
            chance.check_used_up()
        except IllegalAction as exc:
            message = _("{where}: not a legal action there: {reason}")
            reason = illegal_line(exc.refusal, before)
            raise RecordError(message.format(where=where, reason=reason)) from None
        except ImpossibleDraw as exc:
            message = _("{where}: impossible draw: {reason}")
            raise RecordError(message.format(where=where, reason=exc)) from None
        self._push(Step(before, action, events, entry), after)
