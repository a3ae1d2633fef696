"""The catalogs are complete: every message of the program is in the template, and German
and French translate every one of them, with the same placeholders and markup, in each
language's plural forms; what the program reads is compiled from them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from thebes.language import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "thebes" / "language" / "locale"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
# What a translation must keep as it is: {named} placeholders, argparse's %(named)s and %s,
# and rich's [markup] tags.
KEPT = re.compile(r"\{[a-z_0-9]*(?:[:!][^}]*)?\}|%\([a-z_]+\)[sdr]|%[sdr]|\[/?[a-z ]*\]")


def _catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def _key(message: Message) -> tuple[str | None, str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, ident


def _strings(message: Message) -> list[str]:
    string = message.string
    return [string] if isinstance(string, str) else list(string or ())


def _messages(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {_key(message) for message in catalog if message.id}


def test_the_template_holds_every_message_the_sources_mark(tmp_path: Path) -> None:
    pybabel = Path(sys.executable).with_name("pybabel")
    extracted = tmp_path / "thebes.pot"
    subprocess.run(
        [str(pybabel), "--quiet", "extract", "-F", "babel.cfg", "-o", str(extracted), "."],
        cwd=ROOT,
        check=True,
    )
    template = _catalog(LOCALE / "thebes.pot")
    missing = _messages(_catalog(extracted)) - _messages(template)
    stale = _messages(template) - _messages(_catalog(extracted))
    assert not missing, f"run `bash .ci/catalogs`: not in the template: {sorted(missing)[:5]}"
    assert not stale, f"run `bash .ci/catalogs`: gone from the sources: {sorted(stale)[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_keeping_its_placeholders(code: str) -> None:
    template = _catalog(LOCALE / "thebes.pot")
    translations = _catalog(LOCALE / code / "LC_MESSAGES" / "thebes.po", locale=code)
    forms = translations.num_plurals
    faults = []
    for message in template:
        if not message.id:
            continue
        found = translations.get(message.id, context=message.context)
        strings = [] if found is None else _strings(found)
        if found is None or found.fuzzy or not strings or not all(strings):
            faults.append(f"untranslated: {_key(message)}")
            continue
        originals = [message.id] if isinstance(message.id, str) else list(message.id)
        if len(originals) > 1 and len(strings) != forms:
            faults.append(f"{len(strings)} plural forms, not {forms}: {_key(message)}")
        kept = set(KEPT.findall(originals[-1]))
        # The last form (plural, "other") keeps every placeholder; a singular form may say
        # "a book" where the English says it, without its {count}.
        for at, string in enumerate(strings):
            found_here = set(KEPT.findall(string))
            whole = at == len(strings) - 1 or len(originals) == 1
            if found_here != kept if whole else not found_here <= kept:
                faults.append(f"placeholders {sorted(kept)} changed in {string!r}")
    assert not faults, f"{len(faults)} faults in {code}: " + "\n".join(faults[:20])


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_program_reads_what_the_catalog_says(code: str) -> None:
    """The compiled catalog is the .po's (a stale .mo: `bash .ci/catalogs`)."""
    translations = _catalog(LOCALE / code / "LC_MESSAGES" / "thebes.po", locale=code)
    compiled = catalog(code)
    for message in translations:
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            continue  # the header, and plural messages (checked by the plural test above)
        if not message.id or message.fuzzy or not message.string:
            continue
        if message.context:
            assert compiled.pgettext(message.context, message.id) == message.string
        else:
            assert compiled.gettext(message.id) == message.string


def test_french_puts_a_no_break_space_before_two_part_punctuation() -> None:
    # French typography: "Ann dit : ..." with U+00A0 before : ; ? ! (a plain space lets the
    # terminal break the line before the colon; none at all is English).
    french = _catalog(LOCALE / "fr" / "LC_MESSAGES" / "thebes.po", "fr")
    wrong = [
        text
        for message in french
        if message.id
        for text in _strings(message)
        if re.search(r"(?<=\S) [:;?!](?=\s|$)|\w[;?!](?=\s|$)", text)
    ]
    assert wrong == []
