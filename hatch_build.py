"""The build's one step of its own: compile the message catalogs.

``src/thebes/language/locale/LANG/LC_MESSAGES/thebes.po`` is what translators edit and git
keeps; the program reads the compiled ``thebes.mo`` beside it. Every build (a wheel, an
editable install) compiles them with Babel, so an installed thebes always carries catalogs
that match its sources; the ``.mo`` files are build artifacts, ignored by git. A fuzzy
(unchecked) translation is left out, and its message is shown in English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("src/thebes/language/locale")


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every ``.po`` under the locale folder of ``root``; the ``.mo`` files made."""
    made = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            messages = read_po(source, locale=po.parts[-3])
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, messages, use_fuzzy=False)
        made.append(mo)
    return made


class CompileCatalogs(BuildHookInterface):
    """Hatch's build hook (``[tool.hatch.build.hooks.custom]`` in pyproject.toml)."""

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        for mo in compile_catalogs(Path(self.root)):
            build_data["artifacts"].append(str(mo.relative_to(self.root)))
