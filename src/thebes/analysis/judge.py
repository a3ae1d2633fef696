"""The judge: one valuation of a position's actions, for hints, `analyze`, `hint`, the
replay and the luck-and-skill lines alike.

The judge values the greedy player's best few actions (at most one dig per site and choice
of cards: the weeks of a dig are the planner's to compare) by playouts
(:class:`~thebes.analysis.playouts.Evaluator`), every draw sampled from what is still
unseen, the same draws for every action, seeded from a fingerprint of the position alone:
it uses public information only, and the same position always gets the same judgement,
whoever asks (a hint at the table, `thebes hint`, or the analysis of the game afterwards).

Its one measure is the **expected final margin over the best rival**, in VP: the mover's
final score less the best of the others', averaged over the playouts. Each value carries its
standard error. An action's *loss* is how much less it is worth than the judge's best
action, measured again on independent playouts (the *check*: on the playouts that chose
it, the best of several noisy values is worth more than it is, and every other action
would seem to lose); its *label* (:data:`LABELS`) is given only where that loss exceeds
both the label's threshold and :data:`SURE` standard errors of the difference, so that the
noise of the playouts earns none. The best action's loss is 0 by definition: the action a
hint puts first is never labelled by the analysis of the same position. An action asked
about that is not among the candidates (the action a player took) is valued on the same
draws, after the candidates, so asking never changes what the candidates are worth or which
is best.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from thebes.analysis.playouts import Evaluator, Valued, paired_error, seed_of
from thebes.bots.strong import SearchBudget
from thebes.language import N_, _
from thebes.rules import Action, Dig, GameState, active_seat, legal_actions

CANDIDATES = SearchBudget().candidates  # the greedy player's best actions valued
PLAYOUTS = SearchBudget().playouts  # at most, for each candidate
# How the playouts are spent (docs/analysis.md): after NARROW_AFTER rounds only the KEEP
# best actions go on, and no round starts that would take the valuations greedy makes past
# VALUATIONS (scaled with the playouts asked for).
NARROW_AFTER = 3
KEEP = 3
VALUATIONS = 14000
CHECK_SHARE = 3  # fifths of VALUATIONS the check of the losses may spend
MAX_PLAYOUTS = 1000  # a bound on --playouts: 1000 takes about an hour a game

# A loss of at least this many VP earns the label; below the first, none (docs/analysis.md).
LABELS = (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0))
LABEL_NAMES = tuple(name for name, _threshold in LABELS)
# The labels in words (the names above are what the analysis files keep).
LABEL_WORDS = {
    # TRANSLATORS: the analysis's label of an action that lost 8 VP or more.
    "blunder": N_("blunder"),
    # TRANSLATORS: the analysis's label of an action that lost 4 VP or more.
    "mistake": N_("mistake"),
    # TRANSLATORS: the analysis's label of an action that lost 2 VP or more.
    "inaccuracy": N_("inaccuracy"),
}
# The labels with their article, after a loss: "loses 4.6 VP, a mistake".
LABEL_WITH_ARTICLE = {
    "blunder": N_("a blunder"),
    "mistake": N_("a mistake"),
    "inaccuracy": N_("an inaccuracy"),
}
SURE = 2.0  # a label needs a loss of this many standard errors of the difference

# Shown with the hints, translated there (the --json output keeps it in English).
MEASURE = N_(
    "Values are the final margin over your best rival you can expect, in VP, "
    "± one standard error of the playouts."
)


def label_word(label: str) -> str:
    """A label ("mistake"; see LABELS) in the player's language."""
    return _(LABEL_WORDS[label])


def label_of(loss: float) -> str:
    """The label a loss in VP would earn were it sure: "blunder", "mistake", "inaccuracy"
    or "" (a good move)."""
    for name, threshold in LABELS:
        if loss >= threshold:
            return name
    return ""


def without_weeks(action: Action) -> Action:
    """The action with a dig's weeks left out: three lengths of one dig are one candidate
    (the planner compares the weeks)."""
    return replace(action, weeks=0) if isinstance(action, Dig) else action


def position_seed(state: GameState) -> int:
    """The playouts' seed: a hash of the position (public), never of the game's seed."""
    # Imported here: the game files' reader loads pydantic, which the command line's
    # parser (it reads this module's bounds) does without.
    from thebes.records.gamefile import state_digest

    return seed_of("hint " + state_digest(state))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the judge makes of one action, for the player to move."""

    action: Action
    value: float  # the expected final margin over the best rival, VP
    error: float  # the standard error of ``value`` (inf with one playout)
    loss: float  # how much less than the best action it is worth, VP, >= 0, to 0.01
    loss_error: float  # the standard error of ``loss``, paired playout by playout
    label: str  # "" or one of LABEL_NAMES: given only where the loss is sure
    scores: tuple[float, ...]  # every seat's expected final score, VP
    playouts: int
    checked: float  # the value as the check of the losses measured it (else ``value``)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The judge's verdicts on a position: its candidates, best first, then any action asked
    about that was not one of them."""

    seat: int  # the player to move
    candidates: tuple[Verdict, ...]  # best first, by value
    asked: tuple[Verdict, ...]  # actions valued on request, beside the candidates

    @property
    def best(self) -> Verdict:
        return self.candidates[0]

    def of(self, action: Action) -> Verdict:
        """The verdict on ``action`` (a candidate or an action asked about)."""
        for verdict in (*self.candidates, *self.asked):
            if verdict.action == action:
                return verdict
        raise KeyError(action)


class Judge:
    """Judges positions; deterministic for a given position and ``playouts``."""

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        if not 1 <= playouts <= MAX_PLAYOUTS:
            raise ValueError(f"from 1 to {MAX_PLAYOUTS} playouts, not {playouts}")
        self.playouts = playouts
        budget = VALUATIONS * playouts // PLAYOUTS
        horizon = SearchBudget().horizon
        self.evaluator = Evaluator(
            playouts, horizon, narrow_after=NARROW_AFTER, keep=KEEP, valuations=budget
        )
        # The second, independent valuation that measures losses: every action to the end
        # of its budget, none left behind (leaving some behind would choose again), the
        # first rounds played whatever the budget (a standard error needs a few); three
        # fifths of the first's budget keep a game's analysis within 3 s on two cores.
        self.checker = Evaluator(
            playouts,
            horizon,
            narrow_after=NARROW_AFTER,
            keep=CANDIDATES + 1,
            valuations=budget * CHECK_SHARE // 5,
        )

    def judge(
        self, state: GameState, asked: Sequence[Action] = (), *, check: bool = False
    ) -> Judgement:
        """The verdicts on the greedy player's best actions in ``state`` and on ``asked``;
        with ``check``, each one's loss measured again on independent playouts, and its
        label (without, no action is labelled)."""
        seat = active_seat(state)
        if seat is None:
            raise ValueError("the game is over: nobody is to move")
        seed = position_seed(state)
        legal = legal_actions(state)
        actions = self.evaluator.candidates(state, legal, CANDIDATES, same=without_weeks)
        valued = self.evaluator.values(state, actions, seed)
        # sorted() is stable: equal values keep greedy's order.
        ranked = sorted(valued, key=lambda v: -v.value)
        best = ranked[0]
        others = [a for a in dict.fromkeys(asked) if a not in actions]
        extra = self.evaluator.values(state, others, seed, rounds=len(best.margins))
        if not check:
            return Judgement(
                seat,
                tuple(_verdict(v, best, v, best, labelled=False) for v in ranked),
                tuple(_verdict(v, best, v, best, labelled=False) for v in extra),
            )
        # The best was chosen on the first playouts, so on them it is worth a little more
        # than it is (the best of several noisy values): its lead over the others is
        # measured again on playouts that did not choose it.
        again = self.checker.values(
            state, [v.action for v in (*ranked, *extra)], seed_of("check " + str(seed))
        )
        first = again[0]
        return Judgement(
            seat,
            tuple(_verdict(v, best, c, first) for v, c in zip(ranked, again, strict=False)),
            tuple(
                _verdict(v, best, c, first)
                for v, c in zip(extra, again[len(ranked) :], strict=True)
            ),
        )


def _verdict(
    valued: Valued, best: Valued, checked: Valued, first: Valued, *, labelled: bool = True
) -> Verdict:
    """The verdict on ``valued`` (its value among the candidates, ``best`` theirs), its
    loss measured as ``checked`` against ``first``, the best's check."""
    if valued is best:
        loss, loss_error = 0.0, 0.0
    else:
        # Rounded as files keep it, so a saved loss and its label never disagree.
        loss = round(max(0.0, first.value - checked.value), 2)
        common = min(len(checked.margins), len(first.margins))
        loss_error = paired_error(first.margins[:common], checked.margins[:common])
    sure = labelled and loss > 0 and loss >= SURE * loss_error
    return Verdict(
        valued.action,
        valued.value,
        _error(valued.margins),
        loss,
        loss_error,
        label_of(loss) if sure else "",
        valued.scores,
        len(valued.margins),
        checked.value,
    )


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (inf for fewer than two)."""
    count = len(values)
    if count < 2:
        return math.inf
    mean = math.fsum(values) / count
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (count - 1) / count)
