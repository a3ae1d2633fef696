"""The ladder of a Thebes server: each person's rating, updated by every finished game between
people, with OpenSkill's Plackett-Luce model (a Bayesian rating for games of more than two
players, as TrueSkill is, without its patent).

Bots are left out: their strength is known by their level and measured elsewhere
(`docs/bots.md`), and a bot in two seats of one game cannot be one player in a rating. A
game counts when at least two people finished it in their seats or left them: their order
among themselves is what is rated. A person who left a game to a bot (by leaving, or by
running out of time when the table gives the rest of the game to a bot) ranks below
everyone who stayed: abandoning counts as a loss.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from thebes.lobby.rows import Rating, SeatRow

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Outcome:
    """One person's seat at a finished game."""

    account: int
    points: int
    left: bool  # left the game to a bot before its end


def places(outcomes: Sequence[Outcome]) -> list[int]:
    """Each outcome's place, 1 the best: more points first, equal points share a place (the
    printed rules have no tie-breaker: E5), and those who left after all who stayed."""
    keys = [(o.left, -o.points) for o in outcomes]
    return [1 + sum(other < key for other in keys) for key in keys]


def rated(
    outcomes: Sequence[Outcome], before: Mapping[int, tuple[float, float]]
) -> list[tuple[int, float, float, int]]:
    """The people's new ratings, (account, mu, sigma, place) each, after a game with these
    outcomes; ``before`` holds the ratings of those who had one. Nothing for fewer than two
    people."""
    if len(outcomes) < 2:
        return []
    ranks = places(outcomes)
    teams = []
    for outcome in outcomes:
        mu, sigma = before.get(outcome.account, (MODEL.mu, MODEL.sigma))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        (outcome.account, team[0].mu, team[0].sigma, rank)
        for outcome, team, rank in zip(outcomes, after, ranks, strict=True)
    ]


def shown(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: what the player is at least, nearly surely (mu less
    three sigmas), so that a newcomer's few lucky games do not top the ladder."""
    return mu - 3 * sigma


def finished(
    seats: Sequence[SeatRow],
    totals: Sequence[int],
    rating_of: Callable[[int], Rating | None],
) -> tuple[list[tuple[int, int | None, int, int]], list[tuple[int, float, float, int]]]:
    """A finished game's seats, (seat, account, place, points) each, every seat ranked (a
    bot's too, for the record), and its people's new ratings (:func:`rated`), their
    ratings before read by ``rating_of``."""
    ranks = places([Outcome(-1, totals[s.seat], s.left_game) for s in seats])
    people = [Outcome(s.account, totals[s.seat], s.left_game) for s in seats if s.account]
    before = {}
    for outcome in people:
        rating = rating_of(outcome.account)
        if rating is not None:
            before[outcome.account] = (rating.mu, rating.sigma)
    results = [(s.seat, s.account, ranks[s.seat], totals[s.seat]) for s in seats]
    return results, rated(people, before)
