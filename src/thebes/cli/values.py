"""The checks of the command line's values: each reads one option's text into its value or
refuses it in one line (argparse's ``type=``), so a handler gets only values it can use.

A number is ASCII digits only (int() would also take "٣"); a path is never empty; bot levels
are those of the levels' table (:mod:`thebes.bots.levels`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from thebes.analysis.judge import MAX_PLAYOUTS
from thebes.bots import BUDGET_OPTION, bot_level
from thebes.language import LANGUAGES, NAMES, _, language_code
from thebes.rules import VARIANT_NAMES
from thebes.safeio.text import shown, whole_number

ALL_VARIANTS = "all"


def language(text: str) -> str:
    """A language thebes speaks, by code, locale or name (``de``, ``fr_FR.UTF-8``, ``Deutsch``)."""
    code = language_code(text)
    if code is None:
        spoken = ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)
        raise argparse.ArgumentTypeError(
            _("thebes does not speak {language} (it speaks {languages})").format(
                language=_quoted(text), languages=spoken
            )
        )
    return code


def variant_names(text: str) -> tuple[str, ...]:
    """The variants one --variant names: one, or every one for 'all' (a variant named twice
    is played once: Variants.from_names takes each name as a switch)."""
    name = text.strip().lower()
    if name == ALL_VARIANTS:
        return VARIANT_NAMES
    if name not in VARIANT_NAMES:
        raise argparse.ArgumentTypeError(
            _("no variant {name} (variants: {variants}, or {all})").format(
                name=_quoted(text), variants=", ".join(VARIANT_NAMES), all=ALL_VARIANTS
            )
        )
    return (name,)


def positive(text: str) -> int:
    # ASCII digits only: int() would also take "٣" (and "²" crashed it elsewhere).
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(_not_a_number(text))
    if value < 1:
        raise argparse.ArgumentTypeError(
            _("needs at least {least}, not {value}").format(least=1, value=value)
        )
    return value


def count(text: str) -> int:
    """A whole number, 0 or more (ASCII digits only, as :func:`positive`)."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(_not_a_number(text))
    return value


def port(text: str) -> int:
    value = whole_number(text, digits=5)
    if value is None or not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is not a port ({least} to {most})").format(
                text=_quoted(text), least=0, most=65535
            )
        )
    return value


def playouts(text: str) -> int:
    value = positive(text)
    if value > MAX_PLAYOUTS:
        raise argparse.ArgumentTypeError(_at_most(MAX_PLAYOUTS, value))
    return value


def expert_budget(text: str) -> int:
    value = positive(text)
    if value > BUDGET_OPTION.most:
        raise argparse.ArgumentTypeError(_at_most(BUDGET_OPTION.most, value))
    return value


def seed(text: str) -> int:
    """A seed: ASCII digits with an optional minus sign, within what a game file holds."""
    from thebes.records.gamefile import MAX_SEED, MIN_SEED

    negative = text.strip().startswith("-")
    value = whole_number(text.strip().removeprefix("-"), digits=len(str(MAX_SEED)))
    if value is None:
        raise argparse.ArgumentTypeError(_not_a_number(text))
    signed = -value if negative else value
    if not MIN_SEED <= signed <= MAX_SEED:
        raise argparse.ArgumentTypeError(
            _("a seed is from {least} to {most}").format(least=MIN_SEED, most=MAX_SEED)
        )
    return signed


def _not_a_number(text: str) -> str:
    return _("{text} is not a whole number").format(text=_quoted(text))


def _at_most(most: int, value: int) -> str:
    return _("at most {most}, not {value}").format(most=most, value=value)


def _quoted(text: str) -> str:
    return shown(text[:40])  # escaped once: repr of an escaped text doubles its backslashes


def path_text(text: str) -> str:
    """A path as given; an empty one is refused (Path("") is the current folder, where
    nobody asked to read or write)."""
    if not text:
        raise argparse.ArgumentTypeError(_("an empty path names no file or folder"))
    return text


def address(text: str) -> str:
    """A scheduler's address, checked by Dask when it is reached; an empty one is refused
    here (to Dask it means a cluster of its own on this machine)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("an empty address names no scheduler"))
    return text.strip()


def path(text: str) -> Path:
    return Path(path_text(text))


def levels(text: str) -> list[str]:
    """Comma-separated bot levels, each one of the levels' table."""
    names = [part.strip() for part in text.split(",")]
    for name in names:
        try:
            bot_level(name)
        except ValueError as refused:
            raise argparse.ArgumentTypeError(str(refused)) from None
    return names
