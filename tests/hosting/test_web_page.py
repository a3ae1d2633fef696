"""The page a browser opens speaks its visitor's language: chosen from the browser's
Accept-Language among the languages thebes speaks (else the host's), every word of the
page and of its script from the catalogs, and none left in English in German or French."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from ssh_doubles import hosted

from thebes.hosting.web import STATIC
from thebes.hosting.web_page import page_language, rendered
from thebes.language import pgettext, speaking

TEMPLATE = (STATIC / "index.html").read_text(encoding="utf-8")
# Words the same in the language as in English (a key's name, a loanword).
SAME = {"de": {"Code", "Enter"}, "fr": {"Code", "Ctrl-C"}}


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
        ("es-ES, de;q=0.5, en;q=0.2", "de"),
        ("en;q=0.1, de;q=0.9", "de"),
        ("de-AT", "de"),
        ("EN-us,fr;q=0.5", "en"),
        ("es, it;q=0.8", "fr"),  # none spoken here: the host's
        ("*", "fr"),
        ("de;q=0, en;q=0", "fr"),
        ("de;q=high, en;level=1", "fr"),
        ("", "fr"),
        (None, "fr"),
        ("," * 5000 + "de", "fr"),  # only the start of a huge header is read
    ],
)
def test_the_page_is_in_the_language_the_browser_likes_best(
    accept: str | None, language: str
) -> None:
    assert page_language(accept, "fr") == language


def words_of(page: str) -> tuple[list[str], dict[str, str]]:
    """The words filled into the page's HTML (labels, titles, placeholder) and its script's."""
    block = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    assert block is not None
    said = json.loads(block.group(1))
    shown = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page)
    shown += re.findall(r"<label>(?:<input[^>]*>)? ?([^<]+?) ?(?:<input|</label>)", page)
    return [html.unescape(word).strip() for word in shown], said


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_word_of_the_page_is_filled_in(language: str) -> None:
    page = rendered(TEMPLATE, language).decode("utf-8")
    assert "{{" not in page and "}}" not in page
    assert f'<html lang="{language}">' in page
    shown, said = words_of(page)
    assert len(shown) >= 14 and all(shown)
    assert set(said) >= {"joining", "lost", "ended", "unreachable", "try_again"}
    assert "{seconds}" in said["lost"]
    assert "</" not in page.split('id="words">')[1].split("</script>")[0]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_no_word_of_the_page_is_left_in_english(language: str) -> None:
    english_shown, english_said = words_of(rendered(TEMPLATE, "en").decode("utf-8"))
    shown, said = words_of(rendered(TEMPLATE, language).decode("utf-8"))
    assert len(shown) == len(english_shown)
    for english, word in [
        *zip(english_shown, shown, strict=True),
        *((english_said[key], said[key]) for key in english_said),
    ]:
        assert word != english or word in SAME[language], (language, word)


def test_the_door_serves_the_page_in_the_browsers_language(tmp_path: Path) -> None:
    async def fetch(host: Any, accept: str) -> tuple[str, dict[str, str]]:
        async with (
            aiohttp.ClientSession() as client,
            client.get(
                f"http://127.0.0.1:{host.web_port}/", headers={"Accept-Language": accept}
            ) as response,
        ):
            return await response.text(), dict(response.headers)

    with hosted(tmp_path, web=True) as (host, _):
        page, headers = asyncio.run(fetch(host, "de-DE,de;q=0.9,en;q=0.5"))
        assert headers["Content-Language"] == "de" and '<html lang="de">' in page
        with speaking("de"):
            join = pgettext("web page", "Join")
        assert join != "Join" and f">{join}</button>" in page
        page, headers = asyncio.run(fetch(host, "fr"))
        assert headers["Content-Language"] == "fr" and '<html lang="fr">' in page
        assert "Content-Security-Policy" in headers
