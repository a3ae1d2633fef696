"""The canonical text of an action: one line a person can read and type.

    take 2               take the card in display slot 2 (slots 1-4)
    take 2 +zeppelin     ... flying there by zeppelin
    exchange             exchange the display in Warsaw
    dig Egypt 6          dig 6 weeks at Egypt
    dig Egypt 6 +legend +assistant +shovel +permit +zeppelin
                         ... spending the legend of Egypt, a lone assistant, a lone shovel,
                         a special permit and a zeppelin (any of them, in any order)
    exhibit a            hold the exhibition in slot a (a-c)
    retire               move to the end square (last year)
    renew                replace the four display cards where you stand (variant
                         renew-anywhere, V3)

:func:`format_action` writes the canonical form (options in the order above);
:func:`parse_action` also accepts any letter case, extra spaces, options in any order and a
unique prefix of a region name or of an option (``+ass``), so
``parse_action(format_action(a)) == a`` for every action.
Numbers are ASCII digits only ("²" passes ``str.isdigit`` but is no number here), and text
longer than any action is refused before it is looked at.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import assert_never

from thebes.catalog.components import DISPLAY_SLOTS, EXHIBITION_LETTERS, WHEEL_SIZE
from thebes.language import _, place_name
from thebes.rules import Action, Dig, Exchange, Exhibit, Renew, Retire, TakeCard
from thebes.safeio.text import MAX_ACTION, clipped, printable, whole_number

VERBS = ("take", "exchange", "dig", "exhibit", "retire", "renew")
DIG_OPTIONS = ("legend", "assistant", "shovel", "permit", "zeppelin")


class NotationError(ValueError):
    """Text that is not an action; the message says what is wrong and what would be right."""


def dig_options(dig: Dig) -> tuple[str, ...]:
    """The option words a dig uses, in canonical order (zeppelin last)."""
    used = (dig.legend, dig.assistant, dig.shovel, dig.special_permit, dig.zeppelin)
    return tuple(name for name, on in zip(DIG_OPTIONS, used, strict=True) if on)


def dig_with(region: int, weeks: int, options: Collection[str]) -> Dig:
    """The dig with these option words (those of DIG_OPTIONS) and no others."""
    return Dig(
        region,
        weeks,
        legend="legend" in options,
        assistant="assistant" in options,
        shovel="shovel" in options,
        special_permit="permit" in options,
        zeppelin="zeppelin" in options,
    )


def format_action(action: Action, regions: tuple[str, ...]) -> str:
    match action:
        case TakeCard(slot=slot):
            text = f"take {slot + 1}"
        case Exchange():
            text = "exchange"
        case Dig():
            options = "".join(f" +{o}" for o in dig_options(action))
            return f"dig {regions[action.region]} {action.weeks}{options}"
        case Exhibit(slot=slot):
            text = f"exhibit {EXHIBITION_LETTERS[slot]}"
        case Retire():
            return "retire"
        case Renew():
            return "renew"
        case _:
            assert_never(action)
    return text + " +zeppelin" if action.zeppelin else text


def parse_action(text: str, regions: tuple[str, ...], verbs: Sequence[str] = VERBS) -> Action:
    """The action ``text`` writes, else NotationError, naming ``verbs`` as the verbs."""
    if len(text) > MAX_ACTION:
        message = _("an action is at most {most} characters long, not {length}")
        raise NotationError(message.format(most=MAX_ACTION, length=len(text)))
    words, listed = text.split(), ", ".join(verbs)
    if not words:
        raise NotationError(_("no action given; actions start with {verbs}").format(verbs=listed))
    verb = words[0].lower()
    options = [w[1:].lower() for w in words[1:] if w.startswith("+")]
    args = [w for w in words[1:] if not w.startswith("+")]
    if any(not o for o in options):
        raise NotationError(
            _("{text}: a lone '+' (options are written {examples}, ...)").format(
                text=_q(text), examples="+legend, +zeppelin"
            )
        )
    if verb == "take":
        options = _check_options(text, options, ("zeppelin",))
        # TRANSLATORS: what an action needs: "'take': needs a display slot ..."; {example}
        # is an action ('take 2'), not translated.
        wanted = _("a display slot 1-4, e.g. {example}").format(example="'take 2'")
        slot = _one_arg(text, args, wanted)
        number = whole_number(slot, digits=1)
        if number is None or not 1 <= number <= DISPLAY_SLOTS:
            raise NotationError(
                _("{text}: the display slot is 1 to {most}, not {given}").format(
                    text=_q(text), most=DISPLAY_SLOTS, given=_q(slot)
                )
            )
        return TakeCard(number - 1, "zeppelin" in options)
    if verb == "exchange":
        options = _check_options(text, options, ("zeppelin",))
        if args:
            raise NotationError(
                _("{text}: {verb} takes no argument").format(text=_q(text), verb="'exchange'")
            )
        return Exchange("zeppelin" in options)
    if verb == "exhibit":
        options = _check_options(text, options, ("zeppelin",))
        wanted = _("an exhibition slot a-c, e.g. {example}").format(example="'exhibit a'")
        letter = _one_arg(text, args, wanted).lower()
        if len(letter) != 1 or letter not in EXHIBITION_LETTERS:
            raise NotationError(
                _("{text}: the exhibition slot is a, b or c, not {given}").format(
                    text=_q(text), given=_q(letter)
                )
            )
        return Exhibit(EXHIBITION_LETTERS.index(letter), "zeppelin" in options)
    if verb in ("retire", "renew"):
        options = _check_options(text, options, ())
        if args:
            raise NotationError(
                _("{text}: {verb} takes no argument").format(text=_q(text), verb=repr(verb))
            )
        return Retire() if verb == "retire" else Renew()
    if verb == "dig":
        options = _check_options(text, options, DIG_OPTIONS)
        if len(args) != 2:
            raise NotationError(
                # TRANSLATORS: {form} and {example} are the notation, not translated.
                _("{text}: write a dig as {form}, e.g. {example}").format(
                    text=_q(text), form="'dig <site> <weeks>'", example="'dig Egypt 6'"
                )
            )
        region = _region(text, args[0], regions)
        weeks = whole_number(args[1], digits=2)
        if weeks is None or not 1 <= weeks <= WHEEL_SIZE:
            raise NotationError(
                _("{text}: a dig lasts 1 to {most} weeks, not {given}").format(
                    text=_q(text), most=WHEEL_SIZE, given=_q(args[1])
                )
            )
        return dig_with(region, weeks, options)
    raise NotationError(
        _("{text}: unknown action {given}; actions start with {verbs}").format(
            text=_q(text), given=_q(words[0]), verbs=listed
        )
    )


def _q(text: str) -> str:
    """Text from a person or a file, quoted for a message: escaped, and at most 40 characters
    of it."""
    return repr(clipped(text))


def _one_arg(text: str, args: list[str], wanted: str) -> str:
    if len(args) != 1:
        # TRANSLATORS: {wanted} is what the action needs: "a display slot 1-4, e.g. 'take 2'".
        raise NotationError(_("{text}: needs {wanted}").format(text=_q(text), wanted=wanted))
    return args[0]


def option_named(word: str, allowed: Collection[str]) -> str | None:
    """The option ``word`` names among ``allowed``: itself or the one it is a prefix of
    ("ass" -> "assistant"); None if it names none or more than one."""
    matches = [a for a in allowed if a.startswith(word)]
    return matches[0] if len(matches) == 1 else None


def _check_options(text: str, options: list[str], allowed: tuple[str, ...]) -> list[str]:
    """The options spelled out (a unique prefix stands for its option), each once."""
    named = []
    for option in options:
        name = option_named(option, allowed)
        if name is None:
            if allowed:
                message = _("{text}: unknown option {option} here (allowed: {options})")
            else:
                message = _("{text}: unknown option {option} here (allowed: none)")
            raise NotationError(
                message.format(
                    text=_q(text),
                    option="+" + printable(option),
                    options=", ".join(f"+{a}" for a in allowed),
                )
            )
        named.append(name)
    if len(set(named)) != len(named):
        raise NotationError(_("{text}: an option is given twice").format(text=_q(text)))
    return named


def parse_dig_site(text: str, regions: tuple[str, ...]) -> tuple[int, list[str]] | None:
    """``dig SITE [+option ...]`` without weeks (the planner's way in): the site and the
    option words; None for any other text. NotationError for an unknown site."""
    words = text.split()
    if len(words) < 2 or words[0].lower() != "dig" or words[1].startswith("+"):
        return None
    if any(not w.startswith("+") for w in words[2:]):
        return None
    return _region(text, words[1], regions), [w.lower() for w in words[2:]]


def _region(text: str, word: str, regions: tuple[str, ...]) -> int:
    lowered = word.lower()
    exact = [i for i, r in enumerate(regions) if r.lower() == lowered]
    if exact:
        return exact[0]
    matches = [i for i, r in enumerate(regions) if r.lower().startswith(lowered)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        message = _("{text}: ambiguous site {given} (sites: {sites})")
    else:
        message = _("{text}: unknown site {given} (sites: {sites})")
    raise NotationError(
        message.format(text=_q(text), given=_q(word), sites=", ".join(map(place_name, regions)))
    )
