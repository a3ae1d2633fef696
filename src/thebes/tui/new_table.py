"""The questions that make a new table at a server's lobby, one by one: its players and
bots, its pace and time a move, what happens when a player's time runs out, privacy and
variants. Enter takes the answer in brackets; Ctrl-C gives up."""

from __future__ import annotations

from prompt_toolkit import PromptSession

from thebes.bots import BOT_LEVELS
from thebes.language import _, pgettext
from thebes.lobby.options import LIVE_MINUTES, SLOW_HOURS, TableOptions
from thebes.lobby.rows import OnTimeout, Pace
from thebes.rules import VARIANT_NAMES
from thebes.safeio.text import printable
from thebes.tui.asking import is_yes
from thebes.tui.terminal import Terminal


class TableQuestions:
    """A new table's options, asked at ``terminal``."""

    def __init__(
        self, terminal: Terminal, prompt: PromptSession[str], question: PromptSession[str]
    ) -> None:
        self.terminal, self.prompt, self.question = terminal, prompt, question

    def ask(self) -> TableOptions | None:
        """A new table's options, asked one by one (Enter takes the default in brackets)."""
        say = self.terminal.say
        say(_("A new table (Enter takes what is in brackets; Ctrl-C gives up):"))
        try:
            seats = self._ask_number(_("Players at the table, you included (2-4) [3]: "), 2, 4, 3)
            bots = self._ask_number(
                _("How many of them are bots (0-{most}) [0]: ").format(most=seats - 1),
                0,
                seats - 1,
                0,
            )
            levels: list[str | None] = [None] * (seats - bots)
            for number in range(bots):
                levels.append(
                    self._ask_choice(
                        _("Level of bot {number} ({{levels}}) [greedy]: ").format(
                            number=number + 1
                        ),
                        {level: level for level in BOT_LEVELS},
                        "greedy",
                    )
                )
            live = self._ask_choice(
                _("Pace: {live} or {slow} [{live}]: "),
                {"live": pgettext("pace", "live"), "slow": pgettext("pace", "slow")},
                "live",
            )
            if live == "live":
                least, most = LIVE_MINUTES
                minutes = self._ask_number(
                    _("Minutes a move ({least}-{most}) [5]: ").format(least=least, most=most),
                    least,
                    most,
                    5,
                )
                pace, seconds = Pace.LIVE, minutes * 60
            else:
                least, most = SLOW_HOURS
                hours = self._ask_number(
                    _("Hours a move ({least}-{most}) [24]: ").format(least=least, most=most),
                    least,
                    most,
                    24,
                )
                pace, seconds = Pace.SLOW, hours * 3600
            rest = self._ask_choice(
                _("When a player's time runs out, a bot plays the {move} or the {game} [{move}]: "),
                {"move": pgettext("time out", "move"), "game": pgettext("time out", "game")},
                "move",
            )
            private = is_yes(
                self.question.prompt(_("Private: only those invited sit down? [y/N] "))
                .strip()
                .lower()
            )
            variants = self._ask_variants()
        except KeyboardInterrupt:
            return None
        return TableOptions(
            seats=tuple(levels),
            variants=variants,
            pace=pace,
            move_seconds=seconds,
            on_timeout=OnTimeout.GAME if rest == "game" else OnTimeout.MOVE,
            private=private,
        )

    def _ask_number(self, question: str, least: int, most: int, default: int) -> int:
        while True:
            text = self.prompt.prompt(question).strip()
            if not text:
                return default
            if text.isdigit() and least <= int(text) <= most:
                return int(text)
            self.terminal.say(
                _("A number from {least} to {most}, please.").format(least=least, most=most)
            )

    def _ask_choice(self, question: str, choices: dict[str, str], default: str) -> str:
        """One of ``choices`` (value: the word shown), by its word or the English one, or
        the start of one; ``question`` names them as {value} (or all as {levels})."""
        asked = question.format(levels=", ".join(choices.values()), **choices)
        while True:
            text = self.prompt.prompt(asked).strip().casefold()
            if not text:
                return default
            found = [
                value
                for value, word in choices.items()
                if value.startswith(text) or word.casefold().startswith(text)
            ]
            if len(set(found)) == 1:
                return found[0]
            self.terminal.say(_("One of: {choices}.").format(choices=", ".join(choices.values())))

    def _ask_variants(self) -> tuple[str, ...]:
        while True:
            text = self.prompt.prompt(
                _("Variants ({names}), or Enter for none: ").format(names=", ".join(VARIANT_NAMES))
            )
            names = tuple(n for n in text.replace(",", " ").split() if n)
            unknown = [n for n in names if n not in VARIANT_NAMES]
            if not unknown:
                return names
            self.terminal.say(_("No variant {name}.").format(name=printable(unknown[0])))
