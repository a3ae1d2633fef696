"""The dig planner: for a site, each number of weeks with the tokens it draws and what it is
expected to find, and what each optional card would change; the player picks weeks and
options, and the dig played is always the one last shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from thebes.language import _, decimal, ngettext, pgettext, place_name
from thebes.records.notation import DIG_OPTIONS, dig_options, dig_with, option_named
from thebes.records.view import GameView
from thebes.rules import (
    Dig,
    GameState,
    action_cost,
    active_seat,
    dig_odds,
    journey,
    knowledge_for,
    tokens_to_draw,
    why_illegal,
)
from thebes.safeio.text import shown, whole_number
from thebes.tui.linecap import line_problem
from thebes.tui.wording import illegal_line


class DigPlanner:
    """Asks for the weeks and options of a dig at one site, showing the odds of each."""

    def __init__(
        self,
        session: GameView,
        console: Console,
        prompt: PromptSession[str],
        above: Callable[[], RenderableType] | None = None,
    ) -> None:
        self.session = session
        self.console = console
        self.prompt = prompt
        self.above = above  # drawn over the planner's table: who is where, the standings

    def choose(self, digs: tuple[Dig, ...], preset: str = "") -> Dig | None:
        """Ask for weeks and options until a legal dig of ``digs`` is chosen (None: 'back').
        ``preset`` is a planner line of options to start with ("+zeppelin"). Options stay
        as chosen until changed; a line that changes them shows the new table first, with
        its weeks ready to confirm, so the dig played is the one last shown."""
        site = self.session.catalog.regions[digs[0].region]
        choices = option_sets(digs)
        options = choices[0]
        ready = ""  # weeks typed with a change of options, offered again to confirm
        message: Text | None = None
        if preset:
            try:
                options = read_plan_line(preset, options, choices).options
            except ValueError as exc:
                message = Text(str(exc))
        while True:
            self.draw(digs, options, message)
            words = [f"{d.weeks}{option_words(d)}" for d in digs if _same_options(d, options)]
            try:
                text = self.prompt.prompt(
                    prompt_text(site, words[0].split()[0]),
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
                state = self.session.state
                why = why_illegal(state, trial)
                if why:
                    # TRANSLATORS: the planner's refusal of options ("No legal dig here
                    # with +shovel"), then the reason.
                    refused = _("{refusal}: {reason}.").format(
                        refusal=exc, reason=illegal_line(why, state)
                    )
                else:
                    refused = f"{exc}."
                message = Text(refused)
                continue
            except ValueError as exc:
                message = Text(str(exc))
                continue
            message = None
            if plan.options != options:
                options = plan.options
                if plan.weeks is not None:
                    ready = str(plan.weeks)
                    changed = ngettext(
                        "Options changed: check the table; Enter digs {count} week.",
                        "Options changed: check the table; Enter digs {count} weeks.",
                        plan.weeks,
                    ).format(count=plan.weeks)
                    message = Text(changed)
                continue
            if plan.weeks is None:
                continue
            chosen = replace(options, weeks=plan.weeks)
            if chosen in digs:
                return chosen
            reason = _why_not(self.session.state, chosen)
            message = Text(_("Not allowed: {reason}.").format(reason=reason))

    def draw(self, digs: tuple[Dig, ...], options: Dig, message: Text | None) -> None:
        """The planner's screen: the head (``above``) over the table if the terminal is tall
        enough for both, the notes, ``message`` and the prompt; else the table alone, so
        that its title never scrolls off."""
        body = Group(self.view(digs, options), *([message] if message is not None else []))
        if self.above is not None:
            self.console.clear()
            head = self.above()
            if self._rows(head) + self._rows(body) + 1 <= self.console.height:
                self.console.print(head)
        self.console.print(body)

    def _rows(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def view(self, digs: tuple[Dig, ...], options: Dig) -> RenderableType:
        """The table for the options chosen, then what each option would change."""
        state = self.session.state
        plan = site_dig_options(state, digs, options)
        site = place_name(state.catalog.regions[plan.region])
        # TRANSLATORS: the planner's title: "Dig at Egypt +legend: knowledge 4"; {options}
        # are the options as typed (" +legend"), not translated.
        title = _("Dig at {site}{options}: knowledge {knowledge}").format(
            site=site, options=option_words(options), knowledge=plan.knowledge
        )
        table = Table(
            title=title,
            title_justify="left",
            box=box.SIMPLE_HEAD,  # no edges: the rows a short terminal needs for the notes
            show_edge=False,
        )
        # TRANSLATORS: the planner's headers: weeks dug, weeks in all (travel included),
        # tokens drawn, the chance of 1 artifact or more, expected artifacts and VP.
        for column in (
            pgettext("planner", "weeks"),
            pgettext("planner", "in all"),
            pgettext("planner", "tokens"),
            pgettext("planner", "1+ artifact"),
            pgettext("planner", "exp. artifacts"),
            pgettext("planner", "exp. VP"),
        ):
            table.add_column(column, justify="right")
        for row in plan.rows:
            table.add_row(
                str(row.weeks),
                str(row.cost),
                str(row.tokens),
                f"{row.chance:.0%}",
                decimal(row.artifacts, 2),
                decimal(row.vp, 2),
            )
        notes = [Text("  " + line) for line in option_effects(state, digs, options)]
        if state.site_bonus[plan.region]:
            first = _("first dig here: the 1-VP artifact on the site is yours too")
            notes.append(Text("  " + first))
        return Group(table, *notes)


def prompt_text(site: str, weeks: str) -> str:
    """The planner's prompt, short enough to leave room for the typing on a line of 80
    columns (the table's title names the options shown, its notes what each changes)."""
    # TRANSLATORS: the planner's prompt; {back} is the word typed to go back ("back"),
    # and +option or -option what is typed to add or drop an option (+shovel).
    return _("Dig at {site}: weeks (e.g. {weeks}), +option or -option, or '{back}': ").format(
        site=place_name(site), weeks=weeks, back="back"
    )


@dataclass(frozen=True, slots=True)
class PlanLine:
    """What a line typed in the dig planner asks for."""

    options: Dig  # weeks=0: the option flags to show and play
    weeks: int | None  # the weeks to dig, if the line gives them


def read_plan_line(text: str, options: Dig, choices: Sequence[Dig]) -> PlanLine:
    """Read "6", "+shovel", "-legend", "6 +shovel" against the options shown now.

    ``+x`` adds option x, ``-x`` drops it (a unique prefix will do: ``+ass``), a number
    gives the weeks; options not mentioned
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
        option = option_named(word[1:], DIG_OPTIONS) if word[0] in "+-" and word[1:] else None
        if option is not None:
            (added if word[0] == "+" else dropped).add(option)
        elif whole_number(word, digits=2) is not None and weeks is None:
            weeks = whole_number(word, digits=2)
        else:
            raise ValueError(
                _(
                    "{word} is not understood: give one number of weeks, e.g. 6, "
                    "and options such as +{option} or -{option}"
                ).format(word=shown(word), option=DIG_OPTIONS[0])
            )
    wanted = (set(dig_options(options)) | added) - dropped
    fitting = [
        c for c in choices if set(dig_options(c)) >= wanted and not set(dig_options(c)) & dropped
    ]
    if not fitting:
        asked = " ".join([*(f"+{o}" for o in sorted(wanted)), *(f"-{o}" for o in sorted(dropped))])
        refusal = _("No legal dig here with {options}").format(options=asked)
        raise OptionsRefused(refusal, dig_with(options.region, 0, wanted))
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


@dataclass(frozen=True, slots=True)
class PlanRow:
    weeks: int
    cost: int  # weeks in all, travel included
    tokens: int
    chance: float  # of at least one artifact
    artifacts: float
    vp: float


@dataclass(frozen=True, slots=True)
class SiteDigOptions:
    """What digging at one site would do, for one choice of options."""

    region: int
    options: Dig  # weeks=0: the option flags only
    knowledge: int
    rows: tuple[PlanRow, ...]


def site_dig_options(state: GameState, digs: tuple[Dig, ...], options: Dig) -> SiteDigOptions:
    """The planner's table for these option flags: each legal number of weeks."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    know = knowledge_for(player, options.region, legend=options.legend, assistant=options.assistant)
    rows = []
    for dig in digs:
        if replace(dig, weeks=0) != options:
            continue
        count = tokens_to_draw(state.catalog, player, know.total, dig.weeks, shovel=dig.shovel)
        odds = dig_odds(state, dig.region, count)
        rows.append(
            PlanRow(
                dig.weeks,
                action_cost(state, dig),
                odds.tokens,
                odds.at_least_one,
                odds.artifacts,
                odds.vp,
            )
        )
    return SiteDigOptions(options.region, options, know.total, tuple(rows))


def option_sets(digs: tuple[Dig, ...]) -> list[Dig]:
    """The distinct option choices among the legal digs (weeks set to 0), fewest first."""
    seen: dict[Dig, None] = {}
    for dig in digs:
        seen.setdefault(replace(dig, weeks=0), None)

    def spent(d: Dig) -> int:
        return d.legend + d.assistant + d.shovel + d.zeppelin

    return sorted(seen, key=spent)


def option_effects(state: GameState, digs: tuple[Dig, ...], options: Dig) -> list[str]:
    """What each optional card would change from the ``options`` shown, in words: ``+x``
    for one not chosen, ``-x`` to take back one chosen."""
    seat = active_seat(state)
    assert seat is not None
    player = state.players[seat]
    region = digs[0].region
    catalog = state.catalog
    base = min(option_sets(digs), key=lambda d: d.legend + d.assistant + d.shovel + d.zeppelin)
    now = knowledge_for(player, region, legend=options.legend, assistant=options.assistant).total
    lines = []
    flags = {f for d in digs for f in dig_options(d)}
    site = place_name(catalog.regions[region])
    # In each line, {option} is the option as typed ("+legend", "-shovel"), not translated.
    if "legend" in flags and not base.legend:
        other = knowledge_for(
            player, region, legend=not options.legend, assistant=options.assistant
        )
        if options.legend:
            line = _("{option}: keep the {site} legend, knowledge {now} -> {then}")
        else:
            line = _("{option}: spend the {site} legend, knowledge {now} -> {then}")
        option = "-legend" if options.legend else "+legend"
        lines.append(line.format(option=option, site=site, now=now, then=other.total))
    if "assistant" in flags:
        other = knowledge_for(
            player, region, legend=options.legend, assistant=not options.assistant
        )
        if options.assistant:
            line = _("{option}: keep your lone assistant, knowledge {now} -> {then}")
        else:
            line = _("{option}: spend your lone assistant, knowledge {now} -> {then}")
        option = "-assistant" if options.assistant else "+assistant"
        lines.append(line.format(option=option, now=now, then=other.total))
    if "shovel" in flags:
        lines.append(
            _("{option}: keep your lone shovel, one token fewer").format(option="-shovel")
            if options.shovel
            else _("{option}: spend your lone shovel, one more token").format(option="+shovel")
        )
    if "zeppelin" in flags:
        travel = journey(catalog, player, catalog.site_base + region, False)
        if options.zeppelin:
            line = ngettext(
                "{option}: keep the zeppelin, the journey costs {count} week instead of 0",
                "{option}: keep the zeppelin, the journey costs {count} weeks instead of 0",
                travel,
            ).format(option="-zeppelin", count=travel)
        else:
            line = _(
                "{option}: spend a zeppelin, the journey costs 0 weeks instead of {count}"
            ).format(option="+zeppelin", count=travel)
        lines.append(line)
    if base.special_permit:
        lines.append(
            _(
                "{option} (required): your {site} permit is used; this spends a special permit"
            ).format(option="+permit", site=site)
        )
    elif base.legend:
        lines.append(
            _("{option} (required): your only {site} knowledge is the legend").format(
                option="+legend", site=site
            )
        )
    return lines


def _why_not(state: GameState, dig: Dig) -> str:
    """Why ``dig`` may not be dug now, in words."""
    why = why_illegal(state, dig)
    return illegal_line(why, state) if why is not None else _("not legal now")
