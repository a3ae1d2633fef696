"""The saved analysis, ``NAME.analysis.json``: its closed schema, its digest, and its checks.

`thebes analyze FILE --save` writes it beside the game; `thebes replay` shows it. A file
from outside may have been edited, copied from another game or damaged, so reading it
checks, in this order: that it is a regular file that can be read (a dangling symbolic
link is said, not taken for no file); that it is of this format and version (by type:
``"version": true`` is not version 1); every field against a closed schema (no unknown
key, strict types, bounded numbers); that it analyses this game (``game_digest``, the
digest of the game as replayed); that each move is the game's action by its player, its
label the one its loss earns, its loss what its values say, its ``best`` and each of its
candidates a legal action at that point, written as the notation writes it, the first
candidate the best and the action played among them as the move says; that the players' summary is
the one its moves give; and last that its own ``digest``, over all of that, matches. The
first problem is one :class:`AnalysisRefused`; the replay goes on without the analysis.

Files of earlier versions (1: without ``game_digest`` and their own digest; 2: without the
candidates of each move, valued by an earlier judge) are refused with the advice to analyse
again. docs/analysis.md says all of it in words.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from thebes.analysis.game_review import GameReview, game_identity
from thebes.analysis.judge import CANDIDATES, MAX_PLAYOUTS, label_of, label_word
from thebes.analysis.luck import luck_of
from thebes.analysis.move_review import Candidate, MoveReview
from thebes.language import N_, _, ngettext, pgettext
from thebes.records.gamefile import MAX_ACTIONS, MAX_DEPTH, MAX_DIGEST, MAX_DIGITS
from thebes.records.invalid import describe_invalid
from thebes.records.notation import NotationError
from thebes.records.session import Session
from thebes.rules import GameState, legal_actions
from thebes.safeio.json_limits import JsonRefused, loads_bounded
from thebes.safeio.reading import ANALYSIS_FILE, FileRefused, read_bounded_text
from thebes.safeio.saving import SaveError, save_target, write_game_file
from thebes.safeio.text import MAX_ACTION, MAX_NAME, clipped, os_reason, printable, shown

ANALYSIS_FORMAT = "thebes-analysis"
# Version 3: each move lists the judge's candidates (version 2 files were valued by an
# earlier judge, and version 1 files had neither game_digest nor a digest of their own);
# earlier versions are refused with the advice to analyse again.
ANALYSIS_VERSION = 3
# What each earlier version lacked, said when one is refused.
EARLIER = {
    # TRANSLATORS: after "was written by an earlier thebes (analysis version 1, ...)".
    1: N_("which no digest binds to its game"),
    # TRANSLATORS: after "was written by an earlier thebes (analysis version 2, ...)".
    2: N_("valued by an earlier judge, without each move's candidates"),
}
MAX_VP = 1000.0  # no score comes near: a larger number in an analysis file is damage
MAX_FILE_BYTES = 4 * 1024 * 1024  # a 1000-action game of 4 players is about 400 KB
# A saved value is rounded to hundredths, and so is the loss before it: the loss may stand
# a hundredth off the difference of the two rounded values, never more.
ROUNDING = 0.015


class AnalysisRefused(Exception):
    """A saved analysis that cannot be used; the message says why, after the file's name
    ("does not belong to this game: ..."). ``again``: analysing the game again makes a
    good one (an analysis by an earlier thebes, or of the game before it was saved again)."""

    def __init__(self, reason: str, *, again: bool = False) -> None:
        super().__init__(reason)
        self.again = again


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


Vp = Annotated[float, Field(ge=-MAX_VP, le=MAX_VP, allow_inf_nan=False)]
Count = Annotated[int, Field(ge=0, le=MAX_ACTIONS)]


class CandidateEntry(_Strict):
    action: Annotated[str, Field(max_length=MAX_ACTION)]
    value: Vp
    error: Annotated[float, Field(ge=0, le=MAX_VP, allow_inf_nan=False)] | None
    loss: Annotated[float, Field(ge=0, le=MAX_VP, allow_inf_nan=False)]
    label: Literal["", "blunder", "mistake", "inaccuracy"]
    played: bool


class MoveEntry(_Strict):
    number: Annotated[int, Field(ge=1, le=MAX_ACTIONS)]
    player: Annotated[str, Field(max_length=MAX_NAME)]
    action: Annotated[str, Field(max_length=MAX_ACTION)]
    value: Vp
    best: Annotated[str, Field(max_length=MAX_ACTION)]
    best_value: Vp
    loss: Annotated[float, Field(ge=0, le=MAX_VP, allow_inf_nan=False)]
    label: Literal["", "blunder", "mistake", "inaccuracy"]
    scores: Annotated[list[Annotated[Vp, Field(ge=0)]], Field(min_length=2, max_length=4)]
    candidates: Annotated[list[CandidateEntry], Field(min_length=1, max_length=CANDIDATES + 1)]


class Labels(_Strict):
    blunder: Count
    mistake: Count
    inaccuracy: Count


class PlayerEntry(_Strict):
    moves: Count
    mean_loss: Annotated[float, Field(ge=0, le=MAX_VP, allow_inf_nan=False)]
    skill: Annotated[float, Field(ge=-MAX_VP * MAX_ACTIONS, le=0, allow_inf_nan=False)]
    luck: Annotated[float, Field(ge=-MAX_VP, le=MAX_VP, allow_inf_nan=False)]
    labels: Labels
    costliest: Annotated[list[Annotated[int, Field(ge=1)]], Field(max_length=3)]


class AnalysisEntry(_Strict):
    format: Literal["thebes-analysis"]
    version: Literal[3]
    file: Annotated[str, Field(max_length=4096)]
    game_digest: Annotated[str, Field(max_length=MAX_DIGEST)]
    playouts: Annotated[int, Field(ge=1, le=MAX_PLAYOUTS)]
    moves: Annotated[list[MoveEntry], Field(max_length=MAX_ACTIONS, fail_fast=True)]
    players: Annotated[dict[str, PlayerEntry], Field(min_length=2, max_length=4)]
    digest: Annotated[str, Field(max_length=MAX_DIGEST)]


# ---------------------------------------------------------------- writing


def analysis_json(review: GameReview, names: Sequence[str]) -> dict[str, Any]:
    """The analysis as `analyze --json` prints it and `--save` writes it, sealed with its
    digest."""
    content: dict[str, Any] = {
        "format": ANALYSIS_FORMAT,
        "version": ANALYSIS_VERSION,
        "file": review.file,
        "game_digest": review.digest,
        "playouts": review.playouts,
        "moves": [m.as_json() for m in review.moves],
        "players": {n: s.as_json() for n, s in review.players(names).items()},
    }
    return {**content, "digest": analysis_digest(content)}


def analysis_digest(content: dict[str, Any]) -> str:
    """The digest of everything in an analysis but its digest, as compact JSON with sorted
    keys: the game it analyses (``game_digest``) and every number and word it holds."""
    data = {key: value for key, value in content.items() if key != "digest"}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def save_analysis(review: GameReview, names: Sequence[str], path: Path) -> Path:
    """Write the analysis as JSON to ``path`` atomically (SaveError says why not)."""
    text = json.dumps(analysis_json(review, names), indent=1, ensure_ascii=False) + "\n"
    return write_game_file(path, text)


def check_target(path: Path) -> None:
    """SaveError, before any work, if an analysis cannot be saved at ``path``: a folder or
    a device there, a folder it goes in that cannot be written, or a file there that is not
    a thebes analysis (an analysis, of any version or game, is replaced)."""
    where = printable(str(path))
    if path.is_dir():
        raise SaveError(
            _("{file} is a folder; the analysis is saved under that name").format(file=where)
        )
    target = save_target(path)  # a device, a FIFO, a name no file can have
    if not os.access(target.parent, os.W_OK | os.X_OK):
        folder = printable(str(target.parent))
        raise SaveError(
            _("cannot save to {file}: the folder {folder} is not writable").format(
                file=where, folder=folder
            )
        )
    if not target.exists():
        return
    try:
        text = read_bounded_text(target, limit=MAX_FILE_BYTES, what=ANALYSIS_FILE)
        data = loads_bounded(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)
    except (FileRefused, JsonRefused):
        data = None
    if not isinstance(data, dict) or data.get("format") != ANALYSIS_FORMAT:
        raise SaveError(
            _(
                "{file} exists and is not a thebes analysis; move it away to save the analysis"
            ).format(file=where)
        )


# ---------------------------------------------------------------- reading


def load_game_analysis(path: Path, session: Session) -> GameReview | None:
    """The analysis saved at ``path`` of the game replayed as ``session``: None if there is
    no file there, AnalysisRefused if the file cannot be used (see the module's docstring)."""
    data = _read(path)
    if data is None:
        return None
    entry = _checked_schema(data)
    if entry.game_digest != game_identity(session):
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name.
            _(
                "does not belong to this game: it analyses another game, or this one before "
                "it was saved again"
            ),
            again=True,
        )
    if len(entry.moves) != len(session.steps):
        count, actions = len(entry.moves), len(session.steps)
        # TRANSLATORS: the moves of an analysis file ("it has 3 moves").
        has = ngettext("{count} move", "{count} moves", count).format(count=count)
        # TRANSLATORS: the actions of a game ("the game 4 actions").
        game_has = ngettext("{count} action", "{count} actions", actions).format(count=actions)
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name.
            _("does not belong to this game: it has {moves}, the game {actions}").format(
                moves=has, actions=game_has
            ),
            again=True,
        )
    moves = tuple(_checked_move(move, n, session) for n, move in enumerate(entry.moves, 1))
    names = [seat.name for seat in session.seats]
    luck = luck_of(session.steps, len(session.seats)).total
    review = GameReview(entry.file, entry.game_digest, entry.playouts, moves, luck)
    summaries = {name: s.as_json() for name, s in review.players(names).items()}
    if summaries != {name: p.model_dump() for name, p in entry.players.items()}:
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name.
            _("is damaged: its players' summary is not the one its moves give")
        )
    if entry.digest != analysis_digest(data):
        # TRANSLATORS: an analysis file refused: this follows the file's name.
        raise AnalysisRefused(_("was edited: its digest does not match what it holds"))
    return review


def _read(path: Path) -> dict[str, Any] | None:
    """The JSON object at ``path``, None if nothing is there."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:  # a name too long for the file system, a folder not searchable
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name; {reason}
            # is the system's.
            _("cannot be read: {reason}").format(reason=os_reason(exc))
        ) from None
    if stat.S_ISLNK(os.lstat(path).st_mode) and not path.exists():
        target = printable(clipped(os.readlink(path), 60))
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name.
            _("is a symbolic link to {target}, which does not exist").format(target=target)
        )
    try:
        text = read_bounded_text(path, limit=MAX_FILE_BYTES, what=ANALYSIS_FILE)
        data = loads_bounded(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)
    except FileRefused as refused:
        # TRANSLATORS: an analysis file refused: this follows the file's name.
        raise AnalysisRefused(_("cannot be used: {reason}").format(reason=refused)) from None
    except JsonRefused as refused:
        # TRANSLATORS: an analysis file refused: this follows the file's name.
        raise AnalysisRefused(_("is damaged: {reason}").format(reason=refused)) from None
    if not isinstance(data, dict) or data.get("format") != ANALYSIS_FORMAT:
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name; {field} is
            # what the file lacks, as JSON.
            _("is not a thebes analysis (no {field})").format(
                field=f'"format": "{ANALYSIS_FORMAT}"'
            )
        )
    return data


def _checked_schema(data: dict[str, Any]) -> AnalysisEntry:
    version = data.get("version")
    if type(version) is not int:  # by type: true == 1 in Python
        wrong = printable(clipped(json.dumps(version, ensure_ascii=False)))
        raise AnalysisRefused(
            # TRANSLATORS: {field} is the JSON key "version".
            _("is damaged: {field}: a whole number, not {wrong}").format(
                field="version", wrong=wrong
            )
        )
    if version in EARLIER:
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name; {lacks} is
            # "which no digest binds to its game" or the like.
            _("was written by an earlier thebes (analysis version {version}, {lacks})").format(
                version=version, lacks=_(EARLIER[version])
            ),
            again=True,
        )
    if version != ANALYSIS_VERSION:
        raise AnalysisRefused(
            # TRANSLATORS: an analysis file refused: this follows the file's name.
            _(
                "is of analysis version {version}, which this thebes does not read "
                "(it reads version {readable})"
            ).format(version=version, readable=ANALYSIS_VERSION)
        )
    try:
        return AnalysisEntry.model_validate(data)
    except ValidationError as exc:
        raise AnalysisRefused(
            _("is damaged: {reason}").format(
                reason=describe_invalid(exc, ("moves", pgettext("analysis file", "move")))
            )
        ) from None


def _checked_move(move: MoveEntry, number: int, session: Session) -> MoveReview:
    """``move`` as a review, if it is consistent and is the game's action ``number``."""
    if move.number != number:
        raise AnalysisRefused(
            _("is damaged: move {number} is numbered {given}").format(
                number=number, given=move.number
            )
        )
    step = session.steps[number - 1]
    if (move.player, move.action) != (step.record.player, step.record.action):
        raise AnalysisRefused(
            _("does not belong to this game: its move {number} is not the game's").format(
                number=number
            )
        )
    if len(move.scores) != len(session.seats):
        raise AnalysisRefused(
            _("is damaged: move {number} scores {count} players").format(
                number=number, count=len(move.scores)
            )
        )
    # TRANSLATORS: an action an analysis names: "its best, 'take 2', is not an action".
    best = _("its best")
    # TRANSLATORS: an action an analysis names: "a candidate, 'take 2', is not an action".
    candidate = _("a candidate")
    named = [(best, move.best), *((candidate, c.action) for c in move.candidates)]
    problem = (
        _inconsistency(move)
        or next((p for what, a in named if (p := _not_legal(what, a, step.before, session))), None)
        or _candidates_problem(move)
    )
    if problem is not None:
        raise AnalysisRefused(
            _("is damaged: move {number}: {problem}").format(number=number, problem=problem)
        )
    candidates = tuple(
        Candidate(
            c.action, c.value, math.inf if c.error is None else c.error, c.loss, c.label, c.played
        )
        for c in move.candidates
    )
    return MoveReview(
        number,
        move.player,
        move.action,
        move.value,
        move.best,
        move.best_value,
        move.loss,
        move.label,
        tuple(move.scores),
        candidates,
    )


def _inconsistency(move: MoveEntry) -> str | None:
    """Why the numbers and the label of ``move`` cannot be the analysis's own, if they
    cannot: a label other than its loss earns, a loss other than its values differ by."""
    if move.label and move.label != label_of(move.loss):
        return _("a loss of {loss} VP earns {earns}, not {label}").format(
            loss=f"{move.loss:g}", earns=_earns(move.loss), label=label_word(move.label)
        )
    if move.loss == 0 and (move.best != move.action or move.best_value != move.value):
        return _("a loss of 0 VP, yet another action or value is named the best")
    if move.loss > 0 and move.best == move.action:
        return _("a loss of {loss} VP to the action itself").format(loss=f"{move.loss:g}")
    if move.loss > 0 and abs(move.best_value - move.value - move.loss) > ROUNDING:
        differ = move.best_value - move.value
        return _("a loss of {loss} VP, but its values differ by {differ}").format(
            loss=f"{move.loss:g}", differ=f"{differ:.2f}"
        )
    return None


def _candidates_problem(move: MoveEntry) -> str | None:
    """Why the candidates of ``move`` cannot be the judge's, if they cannot: the first not
    the best, a label other than its loss earns, a loss other than the values differ by,
    or the action played not among them as the move says."""
    first, candidates = move.candidates[0], move.candidates
    if first.loss != 0:
        named = shown(printable(clipped(first.action)))
        return _("its first candidate, {action}, loses {loss} VP").format(
            action=named, loss=f"{first.loss:g}"
        )
    for c in candidates:
        if c.label and c.label != label_of(c.loss):
            return _("a candidate's loss of {loss} VP earns {earns}, not {label}").format(
                loss=f"{c.loss:g}", earns=_earns(c.loss), label=label_word(c.label)
            )
    played = [c for c in candidates if c.played]
    if len(played) != 1:
        return _("{count} candidates are the action played, not 1").format(count=len(played))
    mine = played[0]
    if (mine.action, mine.loss, mine.label) != (move.action, move.loss, move.label):
        return _("the action played as a candidate is not the move as reviewed")
    if move.loss > 0 and move.best != first.action:
        return _("its best is not its first candidate")
    return None


def _not_legal(what: str, text: str, before: GameState, session: Session) -> str | None:
    """Why ``text``, an action the move names (``what``: "its best"), is not a legal action
    in ``before`` as the notation writes it."""
    action_text = shown(printable(clipped(text)))
    try:
        action = session.parse(text)
    except NotationError:
        # TRANSLATORS: {what} is "its best" or "a candidate"; {action} the action, quoted.
        return _("{what}, {action}, is not an action").format(what=what, action=action_text)
    if session.notation(action) != text:
        return _("{what}, {action}, is not written as thebes writes actions").format(
            what=what, action=action_text
        )
    if action not in legal_actions(before):
        return _("{what}, {action}, is not a legal action there").format(
            what=what, action=action_text
        )
    return None


def _earns(loss: float) -> str:
    """The label a loss earns, in words, or "no label"."""
    label = label_of(loss)
    return label_word(label) if label else _("no label")
