"""The notation in the player's language: what the menu shows, and what a player may type.

Game files keep the canonical notation (:mod:`thebes.records.notation`, English words). A
player reads and may type the same actions in their own words: ``graben Ägypten 6
+legende`` is ``dig Egypt 6 +legend``. Each verb and option has one word in each language,
from the catalogs (context ``notation``), and each site its printed name
(:func:`~thebes.language.place_name`). Typed text is read in either: a verb as it is
written, a site or an option by any unique prefix of its name in either language; letter
case and accents do not matter (``agypten``, ``echanger``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from thebes.language import pgettext, place_name
from thebes.records.notation import (
    DIG_OPTIONS,
    VERBS,
    NotationError,
    format_action,
    parse_action,
    parse_dig_site,
)
from thebes.rules import Action
from thebes.safeio.text import clipped


def spoken_words() -> dict[str, str]:
    """Each canonical verb and option, to its word in the current language."""
    # TRANSLATORS: the words of the action notation, typed at the prompt and read in menus:
    # each one word, lower case, no spaces; no two verbs alike, no two options alike.
    return {
        "take": pgettext("notation", "take"),
        "exchange": pgettext("notation", "exchange"),
        "dig": pgettext("notation", "dig"),
        "exhibit": pgettext("notation", "exhibit"),
        "retire": pgettext("notation", "retire"),
        "renew": pgettext("notation", "renew"),
        "legend": pgettext("notation", "legend"),
        "assistant": pgettext("notation", "assistant"),
        "shovel": pgettext("notation", "shovel"),
        "permit": pgettext("notation", "permit"),
        "zeppelin": pgettext("notation", "zeppelin"),
    }


def spoken_word(word: str) -> str:
    """A canonical verb or option in the current language."""
    return spoken_words()[word]


def notation_examples(renew: bool = False) -> str:
    """Actions as a player types them, for the help: "take 2, exchange, dig Egypt 6
    +shovel, exhibit a, retire" in the player's words."""
    words = spoken_words()
    egypt = place_name("Egypt")
    examples = [
        f"{words['take']} 2",
        words["exchange"],
        f"{words['dig']} {egypt} 6 +{words['shovel']}",
        f"{words['exhibit']} a",
        words["retire"],
    ]
    return ", ".join(examples + ([words["renew"]] if renew else []))


def folded(text: str) -> str:
    """``text`` in lower case without accents, as typed text is compared."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def say_action(action: Action, regions: tuple[str, ...]) -> str:
    """``action`` in the player's words (the canonical notation in English)."""
    return say_notation(format_action(action, regions))


def say_notation(text: str) -> str:
    """An action's canonical notation in the player's words: its verb and options, and a
    site by its printed name."""
    words = spoken_words()
    spoken = []
    for at, word in enumerate(text.split()):
        if at == 0:
            spoken.append(words.get(word, word))
        elif word.startswith("+"):
            spoken.append("+" + words.get(word[1:], word[1:]))
        else:
            spoken.append(place_name(word))
    return " ".join(spoken)


def canonical_text(text: str, regions: tuple[str, ...]) -> str:
    """Typed ``text`` with the player's words put back into the canonical notation's (words
    it does not know are left for the notation to refuse, with its reasons)."""
    words = text.split()
    if not words:
        return text
    verbs = _names(VERBS, exact=True)
    canonical = [verbs.get(folded(words[0]), words[0])]
    sites = _names(regions, place=True)
    options = _names(DIG_OPTIONS)
    for at, word in enumerate(words[1:]):
        if word.startswith("+"):
            canonical.append("+" + (_named(word[1:], options) or word[1:]))
        elif at == 0 and canonical[0] == "dig":
            canonical.append(_named(word, sites) or word)
        else:
            canonical.append(word)
    return " ".join(canonical)


def read_action(text: str, regions: tuple[str, ...]) -> Action:
    """The action typed as ``text``, in the player's words or the canonical notation
    (NotationError, as :func:`~thebes.records.notation.parse_action`, if it is none: its
    message quotes what was typed, and names the verbs in the player's words)."""
    canonical = canonical_text(text, regions)
    verbs = [spoken_word(verb) for verb in VERBS]
    try:
        return parse_action(canonical, regions, verbs)
    except NotationError as exc:
        if canonical == text:
            raise
        typed = str(exc).replace(repr(clipped(canonical)), repr(clipped(text)), 1)
        raise NotationError(typed) from None


def read_dig_site(text: str, regions: tuple[str, ...]) -> tuple[int, list[str]] | None:
    """:func:`~thebes.records.notation.parse_dig_site` of text in the player's words."""
    return parse_dig_site(canonical_text(text, regions), regions)


def _names(canonical: Iterable[str], *, exact: bool = False, place: bool = False) -> dict[str, str]:
    """Each name of ``canonical``'s words, folded, in both languages, to its canonical word;
    a prefix of one name too unless ``exact`` (a prefix two words share is left out)."""
    spoken: dict[str, set[str]] = {}
    for word in canonical:
        names = {word, place_name(word) if place else spoken_word(word)}
        for name in map(folded, names):
            prefixes = [name] if exact else [name[:n] for n in range(1, len(name) + 1)]
            for prefix in prefixes:
                spoken.setdefault(prefix, set()).add(word)
    return {name: next(iter(words)) for name, words in spoken.items() if len(words) == 1}


def _named(word: str, names: dict[str, str]) -> str | None:
    return names.get(folded(word))
