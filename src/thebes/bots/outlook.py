"""What a position is worth to a player: their score now plus what they can still dig up.

The *outlook* of a player is a projected final score in VP:

- the score as it stands (artifacts, exhibitions, congresses, the majorities as they stand);
- the **dig outlook**: the remaining weeks, year by year, filled with the best digs the
  player's present knowledge allows, each site at most once a year (its permit), the
  current year only at sites whose permit is still valid. A dig's worth is the tokens it
  draws times the bag's expected VP per token (artifact VP left in the bag over the tokens
  left in it: public, the bots never look at the order of anything). Weeks no dig is worth
  are counted at :data:`FALLBACK_RATE`, what a week of gathering cards is worth;
- what single-use cards still promise (a legend, a lone assistant or shovel, a special
  permit, a zeppelin) and how close the player is to each exhibition on offer.

Spending weeks shortens the outlook, so an action's cost in time is priced by the same
figure that prices what it gains: the greedy player picks the action whose outcome has the
best expected outlook, and the strong player judges where its look-ahead stops with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from thebes.catalog.components import (
    LEGEND_VALUE,
    REGION_COUNT,
    WHEEL_SIZE,
    Catalog,
    TokenKind,
)
from thebes.rules import (
    END_TIME,
    WEEKS_PER_YEAR,
    GameState,
    PlayerState,
    congress_vp,
    debris_in_bag,
    helper_bonus,
    majority_vp,
    rivals_books,
    total_knowledge,
)

# Weeks of travel a dig adds on average (a site is one or two weeks from the last place).
TRAVEL_PER_DIG = (2.0, 1.5)  # without, with a car
# VP a week is worth when no dig is better: roughly what gathering cards brings.
FALLBACK_RATE = 0.3
# Share of an exhibition's VP counted before it is held, by artifacts still missing.
EXHIBITION_PROSPECT = (0.5, 0.25, 0.1)
# Weeks a zeppelin saves on an average journey.
ZEPPELIN_WEEKS = 2.0
# Dig plans remembered (a search meets the same tableaux and bags again and again).
PLAN_CACHE_SIZE = 4096
# What a dig plan depends on, besides the bags: a tableau's books per region, general points,
# legends, assistants, shovels, cars, zeppelins and special permits (plan_key).
PlanKey = tuple[tuple[int, ...], int, int, int, int, int, int, int]
# Fewer weeks than this leave no time to use a single-use card for a dig.
MIN_WEEKS_FOR_SINGLE_USE = 6
# Single-use cards may go unused; count this share of what they promise.
SINGLE_USE_SHARE = 0.8


class Outlook:
    """Outlook arithmetic for one catalog; tables are computed once."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        wheel = catalog.wheel
        # best[car][knowledge][shovel bonus]: (tokens, weeks with travel) of the dig with
        # the most tokens per week.
        self.best: tuple[tuple[tuple[tuple[int, float], ...], ...], ...] = tuple(
            tuple(
                tuple(_best_dig(wheel[k], bonus, travel) for bonus in range(3))
                for k in range(WHEEL_SIZE + 1)
            )
            for travel in TRAVEL_PER_DIG
        )
        self.token_vp = tuple(
            t.value if t is not None and t.kind is TokenKind.ARTIFACT else 0 for t in catalog.tokens
        )
        self.card_vp = tuple(0 if c is None else c.value for c in catalog.cards)
        # Dig plans by the bags' VP per token, then by plan_key (plan_of).
        self._plans_by_bags: dict[tuple[float, ...], dict[PlanKey, DigPlan]] = {}
        self._plans: dict[PlanKey, DigPlan] = {}
        self._plans_for: tuple[float, ...] | None = None
        self._plan_count = 0
        self._bags: tuple[tuple[int, ...], ...] | None = None
        self._steady = False
        self._vp_per_token: tuple[float, ...] = ()

    # ------------------------------------------------------------ the bags

    def vp_per_token(self, state: GameState) -> tuple[float, ...]:
        """Per region: expected artifact VP of one token drawn from its bag now."""
        # Keyed by the bags and the variant: with steady-digs (V1) the debris in a bag
        # depends on the variant as well as on the tokens left (fewer debris, then more).
        if state.bags is not self._bags or state.variants.steady_digs != self._steady:
            token_vp = self.token_vp
            debris = [debris_in_bag(state, r) for r in range(len(state.bags))]
            self._vp_per_token = tuple(
                sum(token_vp[t] for t in bag) / (len(bag) + debris[r]) if bag or debris[r] else 0.0
                for r, bag in enumerate(state.bags)
            )
            self._bags = state.bags
            self._steady = state.variants.steady_digs
        return self._vp_per_token

    # ------------------------------------------------------------ the parts of an outlook

    def artifact_vp(self, player: PlayerState) -> int:
        token_vp = self.token_vp
        return sum(token_vp[t] for t in player.tokens)

    def score_without_artifacts(self, player: PlayerState, rivals_books: tuple[int, ...]) -> int:
        """Exhibitions, congresses and the majorities as they stand against ``rivals_books``
        (the highest book points any other player has, per region)."""
        return (
            self.exhibition_vp(player)
            + congress_vp(player.congresses)
            + sum(map(majority_vp, player.books, rivals_books))
        )

    def exhibition_vp(self, player: PlayerState) -> int:
        """The VP of the exhibitions the player has held."""
        if not player.exhibitions:
            return 0
        card_vp = self.card_vp
        return sum(card_vp[c] for c in player.exhibitions)

    def dig_outlook(self, player: PlayerState, vp_per_token: tuple[float, ...]) -> float:
        """Expected VP of the digs the remaining weeks allow, plus single-use cards' promise."""
        return self.plan_of(plan_key(player), vp_per_token).value(player.time, player.permits_used)

    def dig_plan(self, player: PlayerState, vp_per_token: tuple[float, ...]) -> DigPlan:
        """The digs the player's tableau allows, best first, whatever the time is."""
        return self.plan_of(plan_key(player), vp_per_token)

    def plan_of(self, key: PlanKey, vp_per_token: tuple[float, ...]) -> DigPlan:
        """:meth:`dig_plan` of a tableau, by its :func:`plan_key`."""
        if vp_per_token is not self._plans_for:
            # By the bags' figures, not the tuple's identity: a search meets the same bags
            # again in other states (the same draws after another candidate).
            plans = self._plans_by_bags.get(vp_per_token)
            if plans is None:
                if self._plan_count >= PLAN_CACHE_SIZE:
                    self._plans_by_bags.clear()
                    self._plan_count = 0
                plans = self._plans_by_bags[vp_per_token] = {}
            self._plans = plans
            self._plans_for = vp_per_token
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._dig_plan(key, vp_per_token)
            self._plan_count += 1
        return plan

    def _dig_plan(self, key: PlanKey, vp_per_token: tuple[float, ...]) -> DigPlan:
        books_by_region, general, legends, assistants, shovels, cars, zeppelins, permits = key
        best = self.best[1 if cars else 0]
        shovel_bonus = helper_bonus(shovels, False)
        assistant_bonus = helper_bonus(assistants, False)
        digs: list[tuple[float, float, float, int]] = []  # (VP per week, VP, weeks, region)
        for region, books in enumerate(books_by_region):
            if not books:
                continue
            tokens, weeks = best[total_knowledge(books + assistant_bonus, general)][shovel_bonus]
            if tokens:
                vp = tokens * vp_per_token[region]
                digs.append((vp / weeks, vp, weeks, region))
        digs.sort(reverse=True)

        # Single-use cards: what each adds to one dig (if there is time left for one).
        bonus = 0.0
        if legends:
            for region in range(REGION_COUNT):
                if legends >> region & 1:
                    bonus += self._extra_knowledge(
                        best,
                        books_by_region[region],
                        assistant_bonus + LEGEND_VALUE,
                        general,
                        shovel_bonus,
                        vp_per_token[region],
                    )
        if digs:
            top = digs[0][3]
            if assistants == 1:
                bonus += self._extra_knowledge(
                    best, books_by_region[top], 1, general, shovel_bonus, vp_per_token[top]
                )
            if shovels == 1:
                bonus += vp_per_token[top]
            if permits:
                _, vp, weeks, _ = digs[0]
                bonus += permits * max(0.0, vp - FALLBACK_RATE * weeks)
        top_rate = max(digs[0][0] if digs else 0.0, FALLBACK_RATE)
        zeppelin_vp = zeppelins * ZEPPELIN_WEEKS * top_rate
        return DigPlan(tuple(digs), SINGLE_USE_SHARE * bonus, SINGLE_USE_SHARE * zeppelin_vp)

    def _extra_knowledge(
        self,
        best: tuple[tuple[tuple[int, float], ...], ...],
        books: int,
        extra: int,
        general: int,
        shovel_bonus: int,
        vp_per_token: float,
    ) -> float:
        """VP that ``extra`` specialized points add to one dig at a site (over the weeks it
        would take anyway)."""
        tokens, weeks = best[total_knowledge(books + extra, general)][shovel_bonus]
        with_extra = tokens * vp_per_token - FALLBACK_RATE * weeks
        if books:
            tokens, weeks = best[total_knowledge(books, general)][shovel_bonus]
            without = tokens * vp_per_token - FALLBACK_RATE * weeks
        else:
            without = 0.0
        return max(0.0, with_extra - max(0.0, without))

    def exhibition_prospects(self, state: GameState, player: PlayerState) -> float:
        """A share of each displayed exhibition's VP, by how few artifacts are missing."""
        if END_TIME - player.time < 5:
            return 0.0
        cards = self.catalog.cards
        prospect = 0.0
        have = player.artifacts
        for card_id in state.exhibitions:
            card = cards[card_id]
            assert card is not None
            missing = 0
            for held, need in zip(have, card.requires, strict=True):
                if need > held:
                    missing += need - held
            if missing < len(EXHIBITION_PROSPECT):
                prospect += EXHIBITION_PROSPECT[missing] * card.value
        return prospect

    # ------------------------------------------------------------ whole outlooks

    def of(self, state: GameState, seat: int, player: PlayerState | None = None) -> float:
        """The outlook of ``seat`` (as ``player``, if given, in this state's bags and display)."""
        if player is None:
            player = state.players[seat]
        return (
            self.artifact_vp(player)
            + self.score_without_artifacts(player, rivals_books(state, seat))
            + self.dig_outlook(player, self.vp_per_token(state))
            + self.exhibition_prospects(state, player)
        )


def expected_find_vp(token_vp: Sequence[int], bag: Sequence[int], debris: int, count: int) -> float:
    """The artifact VP that ``count`` tokens drawn from ``bag`` (its non-debris tokens) and
    ``debris`` debris are expected to hold, each token valued by ``token_vp`` (0 for
    knowledge). Drawn without putting back, every token is as likely as any to be among
    them, so it is ``count`` times the bag's mean, whatever the order of the draw. What a
    dig finds less this is its luck: the expert's control variate and the analysis's luck
    at the digs (:mod:`thebes.analysis.luck`) share it."""
    size = len(bag) + debris
    if not size:
        return 0.0
    return count * sum(token_vp[t] for t in bag) / size


def plan_key(player: PlayerState) -> PlanKey:
    """What a player's dig plan depends on, besides the bags: the tableau's counters."""
    return (
        player.books,
        player.general,
        player.legends,
        player.assistants,
        player.shovels,
        player.cars,
        player.zeppelins,
        player.special_permits,
    )


class DigPlan:
    """A player's possible digs, best rate first, and what their single-use cards add."""

    __slots__ = ("_regions", "_values", "_year", "digs", "single_use", "zeppelins")

    def __init__(
        self, digs: tuple[tuple[float, float, float, int], ...], single_use: float, zeppelins: float
    ) -> None:
        self.digs = digs
        self.single_use = single_use
        self.zeppelins = zeppelins
        self._year = _fill(digs, WEEKS_PER_YEAR)  # a whole year of digs
        self._regions = 0  # a bit per region dug
        for dig in digs:
            self._regions |= 1 << dig[3]
        self._values: dict[int, float] = {}

    def value(self, time: int, permits_used: int) -> float:
        """Expected VP of the digs in the weeks from ``time`` to the end, year by year."""
        permits_used &= self._regions  # the permits of sites it does not dig change nothing
        key = time << 5 | permits_used
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(time, permits_used)
        return found

    def _value(self, time: int, permits_used: int) -> float:
        remaining = END_TIME - time
        if remaining <= 0:
            return 0.0
        digs = self.digs
        this_year = min(WEEKS_PER_YEAR - time % WEEKS_PER_YEAR, remaining)
        # This year's permits used leave their sites out (their digs skipped in order).
        outlook = _fill(digs, this_year, permits_used)
        later = remaining - this_year
        if later >= WEEKS_PER_YEAR:
            outlook += (later // WEEKS_PER_YEAR) * self._year
        if later % WEEKS_PER_YEAR:
            outlook += _fill(digs, later % WEEKS_PER_YEAR)
        outlook += self.zeppelins
        if remaining >= MIN_WEEKS_FOR_SINGLE_USE:
            outlook += self.single_use
        return outlook


def _best_dig(row: tuple[int, ...], bonus: int, travel: float) -> tuple[int, float]:
    """The weeks with the most tokens per week (travel included); (0, 1.0) if none."""
    best_tokens, best_weeks = 0, 1.0
    for weeks in range(1, len(row)):
        if row[weeks] < 1:
            continue
        tokens = row[weeks] + bonus
        if best_tokens == 0 or tokens * best_weeks > best_tokens * (weeks + travel):
            best_tokens, best_weeks = tokens, weeks + travel
    return best_tokens, best_weeks


def _fill(digs: Sequence[tuple[float, float, float, int]], weeks: float, used: int = 0) -> float:
    """VP of the best digs fitting in ``weeks`` (the last one pro rata), the rest of the
    time at :data:`FALLBACK_RATE`; the digs at sites whose bit is set in ``used`` left out."""
    vp = 0.0
    for rate, dig_vp, dig_weeks, region in digs:
        if used >> region & 1:
            continue
        if rate <= FALLBACK_RATE:
            break
        if dig_weeks <= weeks:
            vp += dig_vp
            weeks -= dig_weeks
        else:
            return vp + rate * weeks
    return vp + FALLBACK_RATE * weeks


__all__ = ["DigPlan", "Outlook", "PlanKey", "expected_find_vp", "plan_key"]
