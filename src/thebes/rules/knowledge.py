"""The arithmetic of a dig: knowledge points and tokens drawn (rules A3.3-A3.8, D5-D7)."""

from __future__ import annotations

from thebes.catalog.components import LEGEND_VALUE, WHEEL_SIZE, Catalog
from thebes.rules.state import PlayerState
from thebes.rules.values import value


def helper_bonus(held: int, discard_lone: bool) -> int:
    """Assistants (A3.4) or shovels (A3.8): 2 held give 1, 3 or more give 2 (D6); exactly
    one gives 1 only when it is discarded for this dig."""
    if held >= 3:
        return 2
    if held == 2:
        return 1
    return 1 if held == 1 and discard_lone else 0


def total_knowledge(specialized: int, general: int) -> int:
    """A3.5, A3.6: general points count up to the specialized ones; the wheel ends at 12."""
    total = specialized + (general if general < specialized else specialized)
    return total if total < WHEEL_SIZE else WHEEL_SIZE


@value
class Knowledge:
    """What a player brings to a dig at one site."""

    books: int  # specialized points from book cards and book tokens of the region
    legend: int
    assistants: int
    general_held: int

    @property
    def specialized(self) -> int:
        return self.books + self.legend + self.assistants

    @property
    def general_used(self) -> int:
        return min(self.general_held, self.specialized)  # A3.5

    @property
    def total(self) -> int:
        return total_knowledge(self.specialized, self.general_held)

    @property
    def qualifies(self) -> bool:
        """D5: at least one specialized point must come from books or the legend."""
        return self.books + self.legend > 0


def knowledge_for(player: PlayerState, region: int, *, legend: bool, assistant: bool) -> Knowledge:
    return Knowledge(
        books=player.books[region],
        legend=LEGEND_VALUE if legend else 0,  # A3.4
        assistants=helper_bonus(player.assistants, assistant),
        general_held=player.general,
    )


def tokens_to_draw(
    catalog: Catalog, player: PlayerState, total: int, weeks: int, *, shovel: bool
) -> int:
    """A3.8: the wheel's count for (total, weeks) plus the shovel bonus (bag size not applied)."""
    return catalog.wheel[total][weeks] + helper_bonus(player.shovels, shovel)
