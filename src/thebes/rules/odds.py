"""What a dig can be expected to bring, from the bag's public composition.

Every token of a bag is equally likely to be drawn, so the expected number of artifacts
(and their expected VP) among ``n`` tokens drawn is ``n`` times the bag's share, and the
chance of no artifact at all is hypergeometric. The first-dig bonus adds its artifact for
sure. Used by the UI's dig preview and by bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from thebes.catalog.components import TokenKind
from thebes.rules.bags import debris_in_bag
from thebes.rules.state import GameState


@dataclass(frozen=True, slots=True)
class BagContents:
    """What a region's bag holds now, as everyone can work it out."""

    artifacts_by_value: tuple[int, ...]  # index v: artifacts worth v VP (index 0 unused)
    knowledge: int  # specialized- and general-knowledge tokens
    debris: int

    @property
    def artifacts(self) -> int:
        return sum(self.artifacts_by_value)

    @property
    def artifact_vp(self) -> int:
        return sum(v * n for v, n in enumerate(self.artifacts_by_value))

    @property
    def size(self) -> int:
        return self.artifacts + self.knowledge + self.debris


@dataclass(frozen=True, slots=True)
class DigOdds:
    tokens: int  # tokens drawn
    artifacts: float  # expected artifacts found, first-dig bonus included
    vp: float  # expected artifact VP, first-dig bonus included
    bonus: bool  # the first-dig bonus artifact is still on the site
    at_least_one: float  # the chance of finding at least one artifact, bonus included


def bag_contents(state: GameState, region: int) -> BagContents:
    catalog = state.catalog
    by_value = [0] * 8
    knowledge = 0
    for token_id in state.bags[region]:
        token = catalog.token(token_id)
        if token.kind is TokenKind.ARTIFACT:
            by_value[token.value] += 1
        else:
            knowledge += 1
    return BagContents(tuple(by_value), knowledge, debris_in_bag(state, region))


def dig_odds(state: GameState, region: int, tokens: int) -> DigOdds:
    bag = bag_contents(state, region)
    drawn = min(tokens, bag.size)
    bonus = bool(state.site_bonus[region])
    bonus_vp = state.catalog.token(state.site_bonus[region]).value if bonus else 0
    share = drawn / bag.size if bag.size else 0.0
    return DigOdds(
        tokens=drawn,
        artifacts=share * bag.artifacts + (1 if bonus else 0),
        vp=share * bag.artifact_vp + bonus_vp,
        bonus=bonus,
        # Tokens are drawn without putting any back: none of the ``drawn`` is an artifact
        # with the hypergeometric chance C(others, drawn) / C(size, drawn).
        at_least_one=1.0 if bonus else 1 - _none_found(bag.size, bag.artifacts, drawn),
    )


def _none_found(size: int, artifacts: int, drawn: int) -> float:
    if size == 0:
        return 1.0
    return comb(size - artifacts, drawn) / comb(size, drawn)
