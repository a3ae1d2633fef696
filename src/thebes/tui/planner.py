"""The dig planner: for a site, each number of weeks with the tokens it draws and what it is
expected to find, and what each optional card would change; the player picks weeks and
options, and the dig played is always the one last shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.model import Dig
from thebes.notation import DIG_OPTIONS, dig_options, dig_with
from thebes.rules import why_illegal
from thebes.session import Session
from thebes.text import printable, whole_number
from thebes.tui.linecap import line_problem
from thebes.tui.menu import dig_plan, option_effects, option_sets


class DigPlanner:
    """Asks for the weeks and options of a dig at one site, showing the odds of each."""

    def __init__(self, session: Session, console: Console, prompt: PromptSession[str]) -> None:
        self.session = session
        self.console = console
        self.prompt = prompt

    def choose(self, digs: tuple[Dig, ...]) -> Dig | None:
        """Ask for weeks and options until a legal dig of ``digs`` is chosen (None: 'back').
        Options stay as chosen until changed; a line that changes them shows the new table
        first, with its weeks ready to confirm, so the dig played is the one last shown."""
        site = self.session.catalog.regions[digs[0].region]
        choices = option_sets(digs)
        options = choices[0]
        ready = ""  # weeks typed with a change of options, offered again to confirm
        message: Text | None = None
        while True:
            self.console.print(self.view(digs, options))
            if message is not None:
                self.console.print(message)
            words = [f"{d.weeks}{option_words(d)}" for d in digs if _same_options(d, options)]
            try:
                text = self.prompt.prompt(
                    f"Dig at {site}: weeks (e.g. {words[0]}), +option or -option to change "
                    "the table, or 'back': ",
                    completer=WordCompleter([*words, "back"], sentence=True),
                    default=ready,
                )
            except (KeyboardInterrupt, EOFError):
                return None
            ready = ""
            problem = line_problem(text)  # before stripping: a line cut at the cap is refused
            if problem is not None:
                message = Text(problem)
                continue
            if text.strip().lower() in ("", "back", "b"):
                return None
            try:
                plan = read_plan_line(text, options, choices)
            except OptionsRefused as exc:
                # The engine's reason for the same dig at the weeks on show says why.
                trial = replace(exc.asked, weeks=digs[0].weeks)
                reason = why_illegal(self.session.state, trial)
                message = Text(f"{exc}: {reason}." if reason else f"{exc}.")
                continue
            except ValueError as exc:
                message = Text(str(exc))
                continue
            message = None
            if plan.options != options:
                options = plan.options
                if plan.weeks is not None:
                    ready = str(plan.weeks)
                    message = Text(f"Options changed: check the table; Enter digs {ready} weeks.")
                continue
            if plan.weeks is None:
                continue
            chosen = replace(options, weeks=plan.weeks)
            if chosen in digs:
                return chosen
            reason = why_illegal(self.session.state, chosen) or "not legal now"
            message = Text(f"Not allowed: {reason}.")

    def view(self, digs: tuple[Dig, ...], options: Dig) -> RenderableType:
        """The table for the options chosen, then what each option would change."""
        state = self.session.state
        plan = dig_plan(state, digs, options)
        site = state.catalog.regions[plan.region]
        table = Table(
            title=f"Dig at {site}{option_words(options)}: knowledge {plan.knowledge}",
            title_justify="left",
        )
        for column in ("weeks", "in all", "tokens", "exp. artifacts", "exp. VP"):
            table.add_column(column, justify="right")
        for row in plan.rows:
            table.add_row(
                str(row.weeks),
                str(row.cost),
                str(row.tokens),
                f"{row.artifacts:.2f}",
                f"{row.vp:.2f}",
            )
        notes = [Text("  " + line) for line in option_effects(state, digs)]
        if state.site_bonus[plan.region]:
            notes.append(Text("  first dig here: the 1-VP artifact on the site is yours too"))
        return Group(table, *notes)


@dataclass(frozen=True, slots=True)
class PlanLine:
    """What a line typed in the dig planner asks for."""

    options: Dig  # weeks=0: the option flags to show and play
    weeks: int | None  # the weeks to dig, if the line gives them


def read_plan_line(text: str, options: Dig, choices: Sequence[Dig]) -> PlanLine:
    """Read "6", "+shovel", "-legend", "6 +shovel" against the options shown now.

    ``+x`` adds option x, ``-x`` drops it, a number gives the weeks; options not mentioned
    stay as they are. Of the legal option sets with every option asked for and none of the
    dropped ones, the one with the fewest cards spent is taken (a required +permit or
    +legend stays). ValueError says what is wrong with the line.
    """
    added: set[str] = set()
    dropped: set[str] = set()
    weeks: int | None = None
    problem = line_problem(text)  # before splitting: a line cut at the cap is refused
    if problem is not None:
        raise ValueError(problem)
    for word in text.lower().split():
        if word[0] in "+-" and word[1:] in DIG_OPTIONS:
            (added if word[0] == "+" else dropped).add(word[1:])
        elif whole_number(word, digits=2) is not None and weeks is None:
            weeks = whole_number(word, digits=2)
        else:
            raise ValueError(
                f"{printable(word)!r} is not understood: give one number of weeks, e.g. 6, "
                f"and options such as +{DIG_OPTIONS[0]} or -{DIG_OPTIONS[0]}"
            )
    wanted = (set(dig_options(options)) | added) - dropped
    fitting = [
        c for c in choices if set(dig_options(c)) >= wanted and not set(dig_options(c)) & dropped
    ]
    if not fitting:
        asked = " ".join([*(f"+{o}" for o in sorted(wanted)), *(f"-{o}" for o in sorted(dropped))])
        raise OptionsRefused(f"No legal dig here with {asked}", dig_with(options.region, 0, wanted))
    return PlanLine(min(fitting, key=lambda c: len(dig_options(c))), weeks)


class OptionsRefused(ValueError):
    """No legal dig has the options asked for; ``asked`` is a dig with them (weeks 0)."""

    def __init__(self, message: str, asked: Dig) -> None:
        super().__init__(message)
        self.asked = asked


def _same_options(dig: Dig, options: Dig) -> bool:
    return replace(dig, weeks=0) == options


def option_words(dig: Dig) -> str:
    """The dig's options as they are typed: " +legend +shovel"."""
    return "".join(f" +{name}" for name in dig_options(dig))
