"""Why an action is not legal now, in words: the engine's reasons (:class:`~thebes.rules.NotLegal`,
values) in a sentence (:func:`illegal_line`) and in the few words a menu column holds
(:func:`illegal_short`), in the player's language. Nothing here reads English from the
engine: names, regions, places and slots are looked up from their indices. The session's
refusals of a game file and every front end word them here.
"""

from __future__ import annotations

from typing import assert_never

from thebes.catalog.components import EXHIBITION_LETTERS, EXHIBITION_SLOTS, WHEEL_SIZE
from thebes.language import _, ngettext, place_name
from thebes.rules import LAST_YEAR, GameState, Illegal, NotLegal
from thebes.safeio.text import printable


def illegal_line(why: NotLegal, state: GameState) -> str:
    """Why an action is not legal now, in a sentence without its full stop (the caller puts
    it after "Not allowed: ", or in its own sentence)."""
    catalog = state.catalog
    name = _name(why, state)
    region = (
        place_name(catalog.regions[why.region]) if 0 <= why.region < len(catalog.regions) else ""
    )
    match why.kind:
        case Illegal.GAME_OVER:
            return _("the game is over: every marker is on the end square")
        case Illegal.RETIRE_TOO_EARLY:
            return _(
                "retiring is only allowed in the last year ({year}), or with no other action left"
            ).format(year=LAST_YEAR)
        case Illegal.NO_DISPLAY_SLOT:
            return _("there is no display slot {slot}").format(slot=why.slot + 1)
        case Illegal.EMPTY_SLOT:
            return _("display slot {slot} is empty").format(slot=why.slot + 1)
        case Illegal.NOTHING_TO_EXCHANGE:
            return _("there are no display cards to exchange")
        case Illegal.RENEW_NOT_PLAYED:
            # TRANSLATORS: {variant} is the variant's name as typed on the command line
            return _(
                "renewing the display is the variant {variant}, not played in this game"
            ).format(variant="renew-anywhere")
        case Illegal.NOTHING_TO_RENEW:
            return _("there are no display cards to renew")
        case Illegal.TOO_FEW_WEEKS:
            return _(
                "it takes {weeks} weeks, and {name} has only {left} left before the end of the game"
            ).format(weeks=why.weeks, name=name, left=why.left)
        case Illegal.NO_EXHIBITION:
            return _("there is no exhibition in slot {slot}").format(
                slot=_exhibition_slot(why.slot)
            )
        case Illegal.TOO_FEW_ARTIFACTS:
            return ngettext(
                "the exhibition needs {need} {region} artifact, {name} has {have}",
                "the exhibition needs {need} {region} artifacts, {name} has {have}",
                why.need,
            ).format(need=why.need, region=region, name=name, have=why.have)
        case (
            Illegal.NO_ZEPPELIN
            | Illegal.ZEPPELIN_NO_USE
            | Illegal.NO_REGION
            | Illegal.PERMIT_STILL_VALID
            | Illegal.PERMIT_USED
            | Illegal.NO_SPECIAL_PERMIT
            | Illegal.NO_LEGEND
            | Illegal.NO_ASSISTANT
            | Illegal.NO_SHOVEL
            | Illegal.ASSISTANTS_NOT_LONE
            | Illegal.SHOVELS_NOT_LONE
            | Illegal.LEGEND_NEEDED
            | Illegal.NO_KNOWLEDGE
        ):
            return _wanting_line(why, state, name, region)
        case Illegal.DIG_WEEKS_OUT_OF_RANGE:
            return _("a dig lasts 1 to {most} weeks, not {weeks}").format(
                most=WHEEL_SIZE, weeks=why.weeks
            )
        case Illegal.DIG_DRAWS_NOTHING:
            return ngettext(
                "with {knowledge} knowledge a dig of {weeks} week draws no token; "
                "it needs at least {need} weeks",
                "with {knowledge} knowledge a dig of {weeks} weeks draws no token; "
                "it needs at least {need} weeks",
                why.weeks,
            ).format(knowledge=why.knowledge, weeks=why.weeks, need=why.need)
        case _:
            assert_never(why.kind)


def _wanting_line(why: NotLegal, state: GameState, name: str, region: str) -> str:
    """:func:`illegal_line` for what a player lacks: a card, a permit, knowledge."""
    catalog = state.catalog
    match why.kind:
        case Illegal.NO_ZEPPELIN:
            return _("{name} has no zeppelin").format(name=name)
        case Illegal.ZEPPELIN_NO_USE:
            return _("a zeppelin is no use: {name} is already in {place}").format(
                name=name, place=place_name(catalog.locations[why.location])
            )
        case Illegal.NO_REGION:
            return _("there is no region {region}").format(region=why.region)
        case Illegal.PERMIT_STILL_VALID:
            return _("the permit for {region} is still valid: no special permit is needed").format(
                region=region
            )
        case Illegal.PERMIT_USED:
            return _(
                "the permit for {region} is used this year: only a special permit allows the dig"
            ).format(region=region)
        case Illegal.NO_SPECIAL_PERMIT:
            return _(
                "the permit for {region} is used this year and {name} has no special permit"
            ).format(region=region, name=name)
        case Illegal.NO_LEGEND:
            return _("{name} has no legend of {region}").format(name=name, region=region)
        case Illegal.NO_ASSISTANT:
            return _("{name} has no assistant").format(name=name)
        case Illegal.NO_SHOVEL:
            return _("{name} has no shovel").format(name=name)
        case Illegal.ASSISTANTS_NOT_LONE:
            # TRANSLATORS: {have} is two or more
            return _(
                "only a lone assistant can be discarded for a bonus; "
                "{name}'s {have} assistants count without it"
            ).format(name=name, have=why.have)
        case Illegal.SHOVELS_NOT_LONE:
            # TRANSLATORS: {have} is two or more
            return _(
                "only a lone shovel can be discarded for a bonus; "
                "{name}'s {have} shovels count without it"
            ).format(name=name, have=why.have)
        case Illegal.LEGEND_NEEDED:
            return _("{name} has no {region} books: the dig needs the legend of {region}").format(
                name=name, region=region
            )
        case Illegal.NO_KNOWLEDGE:
            return _(
                "{name} has no specialized knowledge of {region} (books or its legend)"
            ).format(name=name, region=region)
        case _:
            raise ValueError(f"not a lack: {why.kind}")


def illegal_short(why: NotLegal, state: GameState) -> str:
    """Why an action is not legal now in the few words a menu column holds ("6 wk, only 4
    left"); typing the entry's number says it whole (:func:`illegal_line`)."""
    catalog = state.catalog
    region = (
        place_name(catalog.regions[why.region]) if 0 <= why.region < len(catalog.regions) else ""
    )
    match why.kind:
        case Illegal.TOO_FEW_WEEKS:
            # TRANSLATORS: a menu column; "wk" abbreviates weeks
            return _("{weeks} wk, only {left} left").format(weeks=why.weeks, left=why.left)
        case Illegal.NOTHING_TO_EXCHANGE | Illegal.NOTHING_TO_RENEW:
            return _("no display cards")
        case Illegal.EMPTY_SLOT:
            # as long as the sentence: the menu has said it so from the start
            return _("display slot {slot} is empty").format(slot=why.slot + 1)
        case Illegal.GAME_OVER:
            return _("the game is over")
        case Illegal.RETIRE_TOO_EARLY:
            # TRANSLATORS: a menu column: retiring is allowed only in the last year
            return _("only in {year}").format(year=LAST_YEAR)
        case Illegal.NO_DISPLAY_SLOT:
            return _("no slot {slot}").format(slot=why.slot + 1)
        case Illegal.RENEW_NOT_PLAYED:
            # TRANSLATORS: a menu column: the variant is not played in this game
            return _("not in this game")
        case Illegal.NO_EXHIBITION:
            return _("no exhibition {slot}").format(slot=_exhibition_slot(why.slot))
        case Illegal.TOO_FEW_ARTIFACTS:
            # TRANSLATORS: a menu column: artifacts an exhibition needs, and those held
            return _("{need} {region} artifacts, {have} held").format(
                need=why.need, region=region, have=why.have
            )
        case Illegal.NO_ZEPPELIN:
            return _("no zeppelin")
        case Illegal.ZEPPELIN_NO_USE:
            # TRANSLATORS: a menu column: the archaeologist is already at that place
            return _("already there")
        case Illegal.NO_REGION:
            return _("no region {region}").format(region=why.region)
        case Illegal.PERMIT_STILL_VALID:
            return _("permit still valid")
        case Illegal.PERMIT_USED:
            return _("permit used")
        case Illegal.NO_SPECIAL_PERMIT:
            return _("no special permit")
        case Illegal.NO_LEGEND:
            return _("no legend")
        case Illegal.NO_ASSISTANT:
            return _("no assistant")
        case Illegal.NO_SHOVEL:
            return _("no shovel")
        case Illegal.ASSISTANTS_NOT_LONE:
            return _("not a lone assistant")
        case Illegal.SHOVELS_NOT_LONE:
            return _("not a lone shovel")
        case Illegal.LEGEND_NEEDED:
            return _("legend needed")
        case Illegal.NO_KNOWLEDGE:
            return _("no knowledge of {region}").format(region=region)
        case Illegal.DIG_WEEKS_OUT_OF_RANGE:
            # TRANSLATORS: a menu column; "wk" abbreviates weeks
            return _("1 to {most} wk").format(most=WHEEL_SIZE)
        case Illegal.DIG_DRAWS_NOTHING:
            # TRANSLATORS: a menu column; "wk" abbreviates weeks
            return _("at least {need} wk").format(need=why.need)
        case _:
            assert_never(why.kind)


def _name(why: NotLegal, state: GameState) -> str:
    players = state.players
    return printable(players[why.seat].name) if 0 <= why.seat < len(players) else _("nobody")


def _exhibition_slot(slot: int) -> str:
    """An exhibition slot as the screen names it (a-c), or its number if there is none."""
    return EXHIBITION_LETTERS[slot] if 0 <= slot < EXHIBITION_SLOTS else str(slot)
