"""Final scoring (rules E1-E5, D10), computable at any moment of the game."""

from __future__ import annotations

from thebes.catalog.components import TokenKind
from thebes.catalog.kinds import CONGRESS_VP
from thebes.rules.state import GameState
from thebes.rules.values import value

MAJORITY_VP = 5  # E4: the single highest player
SHARED_MAJORITY_VP = 3  # E4: each of the tied highest players


def congress_vp(held: int) -> int:
    """E3: the VP of this many congress cards (the table ends at 7)."""
    return CONGRESS_VP[min(held, len(CONGRESS_VP) - 1)]


@value
class Score:
    artifacts: int
    exhibitions: int
    congresses: int
    majorities: int
    majority_by_region: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.artifacts + self.exhibitions + self.congresses + self.majorities


def majority_vp(points: int, rivals_best: int) -> int:
    """E4 and D10: the majority VP of a player with ``points`` book points in a region where
    no other player has more than ``rivals_best``: 5 alone at the top, 3 sharing it, none for
    a top of 0."""
    if points > rivals_best:
        return MAJORITY_VP
    if points and points == rivals_best:
        return SHARED_MAJORITY_VP
    return 0


def rivals_books(state: GameState, seat: int) -> tuple[int, ...]:
    """Per region, the most book points any player but ``seat`` has."""
    others = [p.books for i, p in enumerate(state.players) if i != seat]
    return tuple(max(points) for points in zip(*others, strict=True))


def majority_awards(state: GameState) -> tuple[tuple[int, ...], ...]:
    """E4 and D10: per player, the majority VP won in each region."""
    return tuple(
        tuple(
            majority_vp(mine, theirs)
            for mine, theirs in zip(player.books, rivals_books(state, seat), strict=True)
        )
        for seat, player in enumerate(state.players)
    )


def scores(state: GameState) -> tuple[Score, ...]:
    """Each player's score, as it would stand if the game ended now."""
    catalog = state.catalog
    result = []
    for player, majority in zip(state.players, majority_awards(state), strict=True):
        artifacts = 0
        for token_id in player.tokens:
            token = catalog.token(token_id)
            if token.kind is TokenKind.ARTIFACT:
                artifacts += token.value
        result.append(
            Score(
                artifacts=artifacts,
                exhibitions=sum(catalog.card(c).value for c in player.exhibitions),
                congresses=congress_vp(player.congresses),
                majorities=sum(majority),
                majority_by_region=majority,
            )
        )
    return tuple(result)


def winners(state: GameState) -> tuple[int, ...]:
    """E5: the seats with the highest total; more than one is a shared win."""
    totals = [s.total for s in scores(state)]
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
