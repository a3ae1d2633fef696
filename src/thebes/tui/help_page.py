"""The help page of the table: the commands, how actions are typed, and the variants in
play (``help``; ``help keys`` is :mod:`thebes.tui.keyshelp`)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from thebes.language import _, place_name
from thebes.records.spoken_notation import notation_examples, spoken_words
from thebes.rules import RENEW_WEEKS, VARIANT_SUMMARIES, Variants
from thebes.tui.command_words import as_typed
from thebes.tui.commands import COMMANDS, program
from thebes.tui.keyshelp import two_columns
from thebes.tui.menu import RENEW_NUMBER
from thebes.tui.screen import variant_id


def help_view(variants: Variants, *, hints: bool = True, remote: bool = False) -> RenderableType:
    """The commands, how actions are typed, and the variants in play; ``hints`` False: the
    game was started with --no-hints; ``remote``: at a hosted table's remote terminal,
    where no path of the host's is named and pages close with q, Enter or Esc."""
    # Each command by its word in the player's language: what is shown is what is typed.
    commands = {
        name: command.help_at(remote=remote)
        for name, command in COMMANDS.items()
        if not (remote and command.host_only)
    }
    if not hints and remote:  # a server's rated table, or a host's choice
        commands["hint"] = _("off for this game")
    elif not hints:
        commands["hint"] = _("off for this game: it was started with {option}").format(
            option="--no-hints"
        )
    # TRANSLATORS: keys z, 1z, Enter, n, Esc stay; {confirm}, {planner}: commands as typed
    actions = _(
        "A menu number picks that action (add z to go by zeppelin: 1z) and shows it with "
        "its cost first: Enter plays it, n or Esc goes back ('{confirm}' stops asking). "
        "An action can be typed as the notation writes it ({examples}); "
        "'{planner}' opens the planner."
    ).format(
        confirm=as_typed("confirm", "off"),
        examples=notation_examples(variants.renew_anywhere),
        planner=f"{spoken_words()['dig']} {place_name('Egypt')}",
    )
    parts: list[RenderableType] = [
        Text(_("Commands (type them at any prompt):"), style="bold"),
        two_columns([(COMMANDS[name].word, line) for name, line in commands.items()]),
        Text(actions),
    ]
    if hints:
        # TRANSLATORS: {hint}, {key} typed as they are ("hint", "?"); {games}, {no_hints}: commands
        about_hints = _(
            "{hint} (or {key}) works from what every player can see, as the analysis judges; "
            "the record notes each action taken after a hint, and the final table and "
            "'{games}' say who used them. "
            "'{no_hints}' starts a game without hints."
        ).format(
            hint=as_typed("hint"),
            key="?",
            games=program("games", remote=remote),
            no_hints=program("play --no-hints", remote=remote),
        )
        parts.append(Text(about_hints))
    if variants.renew_anywhere:
        # TRANSLATORS: {command} typed as it is ("renew"); {variant}: a variant's name as typed
        about_renew = _(
            "{command} (menu {number}): discard the four display cards and draw four new "
            "ones where you stand, {weeks} weeks (variant {variant})."
        ).format(
            command=spoken_words()["renew"],
            number=RENEW_NUMBER,
            weeks=RENEW_WEEKS,
            variant="renew-anywhere",
        )
        parts.append(Text(about_renew))
    if variants:
        variants_head = _("Variants in play ('{command}' explains them, at V1-V5):")
        parts.append(Text(variants_head.format(command=as_typed("rules")), style="bold"))
        rows = [(f"{variant_id(name)} {name}", VARIANT_SUMMARIES[name]) for name in variants.names]
        parts.append(two_columns(rows))
    parts += [
        Text(_("Tab completes actions and commands; Ctrl-C or Ctrl-D asks to leave.")),
        Text(
            _(
                "Pages such as this one close with q, Enter or Esc (the arrows, PgUp, PgDn and "
                "space scroll a long one)."
            )
            if remote
            else _("Pages such as this one end with q.")
        ),
    ]
    return Group(*parts)
