"""The actions a player may take (A1-A5, and renew under the variant renew-anywhere, V3),
as immutable values: what the notation reads and writes and what :func:`thebes.rules.apply`
takes. They are final: the engine dispatches on their exact type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, final


@final
@dataclass(frozen=True, slots=True)
class TakeCard:
    """A1: take the researcher card in display slot ``slot`` (0-3)."""

    slot: int
    zeppelin: bool = False


@final
@dataclass(frozen=True, slots=True)
class Exchange:
    """A2: exchange the four display cards in Warsaw."""

    zeppelin: bool = False


@final
@dataclass(frozen=True, slots=True)
class Dig:
    """A3: excavate at the site of region ``region`` for ``weeks`` weeks.

    The options say which single-use cards the dig spends: the legend of the region, a lone
    assistant, a lone shovel, a special permit (needed exactly when the region's permit is
    used) and a zeppelin for the journey.
    """

    region: int
    weeks: int
    legend: bool = False
    assistant: bool = False
    shovel: bool = False
    special_permit: bool = False
    zeppelin: bool = False


@final
@dataclass(frozen=True, slots=True)
class Exhibit:
    """A4: hold the exhibition in exhibition slot ``slot`` (0 = a, 1 = b, 2 = c)."""

    slot: int
    zeppelin: bool = False


@final
@dataclass(frozen=True, slots=True)
class Retire:
    """A5: move straight to the end square and take no more turns."""

    zeppelin: ClassVar[bool] = False  # no journey, so never by zeppelin (P3)


@final
@dataclass(frozen=True, slots=True)
class Renew:
    """V3 (variant renew-anywhere): discard the four display cards and draw four, where the
    player stands, for 2 weeks."""

    zeppelin: ClassVar[bool] = False  # no journey, so never by zeppelin (P3)


Action = TakeCard | Exchange | Dig | Exhibit | Retire | Renew
