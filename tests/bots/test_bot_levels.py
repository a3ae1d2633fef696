"""The levels' table (bots.levels.LEVELS): each level's name, factory, one-line description
and options, read by the command line, the game files, the tournaments and the docs."""

from __future__ import annotations

import re

import pytest

from helpers import REPO
from thebes.bots import (
    BOT_LEVELS,
    BUDGET_OPTION,
    BUDGETED,
    HEAVY,
    LEVELS,
    ExpertPlayer,
    bot_level,
    levels_described,
    make_bot,
    recorded_budget,
)
from thebes.cli.arguments import build_parser
from thebes.cli.streams import Streams
from thebes.tournament.series import entries_for


def test_every_level_makes_a_player_of_its_own_level() -> None:
    assert tuple(level.name for level in LEVELS) == BOT_LEVELS
    assert len(set(BOT_LEVELS)) == len(BOT_LEVELS)
    for level in LEVELS:
        assert bot_level(level.name) is level
        for seed in (5, None):
            player = make_bot(level.name, seed, 1)
            assert getattr(player, "level", None) == level.name
            assert type(player) is type(level.make(seed, 1, None))


def test_every_description_is_one_line_that_reads_after_the_name() -> None:
    for level in LEVELS:
        text = level.description
        assert text and "\n" not in text and len(text) <= 100, level.name
        assert text[0].islower() and not text.endswith("."), level.name
    assert levels_described().startswith(f"{LEVELS[0].name} ({LEVELS[0].description}), ")


def test_one_level_has_a_budget_and_its_factory_takes_it() -> None:
    assert {"expert"} == BUDGETED
    assert bot_level("expert").budget is BUDGET_OPTION
    assert [level.name for level in LEVELS if level.budget is not None] == ["expert"]
    made = make_bot("expert", 3, 0, 50)
    assert isinstance(made, ExpertPlayer) and made.budget.simulations == 50
    assert BUDGET_OPTION.simulations(2) == BUDGET_OPTION.defaults[2]
    assert BUDGET_OPTION.simulations(4, 7) == 7


def test_the_expert_alone_is_heavy() -> None:
    # What a server counts among the few tables with a heavy bot (lobby.hall).
    assert {"expert"} == HEAVY


def test_a_game_keeps_a_budget_only_when_a_budgeted_level_plays() -> None:
    assert recorded_budget(["greedy", None], 2, None) is None
    assert recorded_budget(["greedy", None], 2, 40) == 40
    assert recorded_budget([None, "expert", "random"], 3, None) == BUDGET_OPTION.defaults[3]
    assert recorded_budget(["expert", "expert"], 2, 99) == 99


@pytest.mark.parametrize("name", ["genius", "Expert", ""])
def test_a_name_that_is_no_level_is_refused_naming_the_levels(name: str) -> None:
    levels = ", ".join(BOT_LEVELS)
    with pytest.raises(ValueError, match=f"unknown bot level {name!r} \\(levels: {levels}\\)"):
        bot_level(name)
    with pytest.raises(ValueError, match=levels):
        make_bot(name, 1, 0)
    with pytest.raises(ValueError, match=levels):
        entries_for([name], 2)


def test_the_help_of_play_describes_every_level_and_the_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        build_parser(Streams(None)).parse_args(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for level in LEVELS:
        assert f"{level.name} ({level.description})" in text
    assert f"at most {BUDGET_OPTION.most}" in text


def test_the_docs_list_every_level_in_order() -> None:
    bots = (REPO / "docs" / "bots.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \|", bots, flags=re.MULTILINE)
    assert tuple(rows) == BOT_LEVELS
    command_line = (REPO / "docs" / "command-line.md").read_text(encoding="utf-8")
    listed = ", ".join(f"`{name}`" for name in BOT_LEVELS)
    assert listed in " ".join(command_line.split())
