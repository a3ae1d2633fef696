"""Series of games between computer players, and what they add up to: `thebes simulate`.

Each bot of a series is an *entry* with a name (its level, numbered when a level plays in
more than one seat). Game ``i`` of a series with seed ``S`` has seed ``S + i``; with
rotation, the entries sit ``seed mod players`` seats further on in each game, so every entry
plays every seat equally often over a multiple of ``players`` games, and a game depends on
its seed alone: ``--games 1 --seed S+i`` plays it again, seats included. Games are
independent, so they can be played in parallel processes, or on the workers of a Dask
cluster (:mod:`thebes.tournament.cluster`), and give the same results in the same order
whatever plays them.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from math import sqrt
from pathlib import Path
from types import ModuleType

from thebes.bots import bot_level
from thebes.catalog.components import Catalog
from thebes.catalog.loading import default_catalog
from thebes.errors import EXIT_USAGE, ThebesError
from thebes.language import _, pgettext
from thebes.records.gamefile import dump_record
from thebes.rules import NO_VARIANTS, Variants
from thebes.safeio.invocation import pip_install_command
from thebes.safeio.saving import SaveError, write_game_file
from thebes.safeio.workers import run_in_workers
from thebes.tournament.bot_games import (
    DEFAULT_NAMES,
    GameResult,
    game_file_name,
    play_bot_game,
    score_json,
)

CATEGORIES = ("artifacts", "exhibitions", "congresses", "majorities")
# Games a process may be ahead of the first game not yet given back (memory stays flat).
TASKS_AHEAD = 16


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    level: str


def entries_for(levels: Sequence[str] | None, players: int) -> list[Entry]:
    """The bots of a series: one level per seat, or one level for every seat.

    Raises ValueError with a message for the user when the levels do not fit.
    """
    if not levels:
        return [Entry(name, "random") for name in DEFAULT_NAMES[:players]]
    for level in levels:
        bot_level(level)  # ValueError, naming the levels, for a name that is none
    if len(levels) == 1:
        levels = list(levels) * players
    if len(levels) != players:
        raise ValueError(
            # TRANSLATORS: {option} is the command line's option --bots.
            _(
                "{option} names {count} levels for {players} players: "
                "give one level per seat, or one level for all seats"
            ).format(option="--bots", count=len(levels), players=players)
        )
    entries = []
    for seat, level in enumerate(levels):
        if levels.count(level) == 1:
            entries.append(Entry(level, level))
        else:
            entries.append(Entry(f"{level}{levels[: seat + 1].count(level)}", level))
    return entries


def seating(entries: Sequence[Entry], seed: int, rotate: bool) -> list[Entry]:
    """The entries in seat order for the game with this seed."""
    shift = seed % len(entries) if rotate else 0
    return [entries[(seat + shift) % len(entries)] for seat in range(len(entries))]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game of a series: its result, and why its file could not be written (--save-dir)
    if it could not; the series goes on either way, and the command reports it."""

    result: GameResult
    not_saved: str | None = None


def play_game(
    catalog: Catalog,
    seed: int,
    seats: Sequence[Entry],
    save_dir: Path | None = None,
    variants: Variants = NO_VARIANTS,
    expert_budget: int | None = None,
) -> PlayedGame:
    """One whole game: its result, with the level of each player's bot."""
    result, text = game_and_file(
        catalog, seed, seats, variants, save_dir is not None, expert_budget
    )
    return saved(result, text, save_dir)


def game_and_file(
    catalog: Catalog,
    seed: int,
    seats: Sequence[Entry],
    variants: Variants,
    with_file: bool,
    expert_budget: int | None = None,
) -> tuple[GameResult, str | None]:
    """One whole game: its result, and its game file's text if ``with_file``."""
    pairs = [(e.name, e.level) for e in seats]
    game = play_bot_game(
        catalog, seed, pairs, variants=variants, expert_budget=expert_budget, recorded=with_file
    )
    result = GameResult.of(game.state, seed, {e.name: e.level for e in seats})
    return result, None if game.record is None else dump_record(game.record)


def saved(result: GameResult, text: str | None, save_dir: Path | None) -> PlayedGame:
    """The game whose result and file text these are, its file written into ``save_dir``
    (None: not saved). Where the game was played does not matter: the file is written
    here, by the process that prints the results."""
    if save_dir is None or text is None or result.seed is None:
        return PlayedGame(result)
    try:
        write_game_file(save_dir / game_file_name(len(result.players), result.seed), text)
    except SaveError as exc:
        return PlayedGame(result, str(exc))
    return PlayedGame(result)


@dataclass(frozen=True, slots=True)
class Series:
    entries: tuple[Entry, ...]
    games: int
    seed: int
    rotate: bool = False
    save_dir: Path | None = None
    variants: Variants = NO_VARIANTS
    expert_budget: int | None = None  # the expert bots' simulations a move (None: default)

    def seats(self, index: int) -> list[Entry]:
        return seating(self.entries, self.seed + index, self.rotate)


class ClusterUnavailable(ThebesError):
    """A study given a Dask scheduler where Dask distributed is not installed."""

    exit_code = EXIT_USAGE


def play_series(
    series: Series,
    jobs: int = 1,
    scheduler: str | None = None,
    finished: Callable[[], None] | None = None,
) -> Generator[PlayedGame, None, None]:
    """Each game of the series, in order, played by ``jobs`` processes, or by the workers
    of the Dask cluster whose scheduler is at the address ``scheduler``; ``finished`` is
    called as each game ends, in the order they end. Close the generator when done with
    it (``contextlib.closing``): that stops the processes or leaves the cluster, even when
    the series is not played to its end."""
    if scheduler is not None:
        cluster = _cluster_module()
        yield from cluster.play_on_cluster(series, scheduler, finished)
        return
    tasks = (
        (series.seed + i, series.seats(i), series.save_dir, series.variants, series.expert_budget)
        for i in range(series.games)
    )
    if jobs <= 1 or series.games == 1:
        catalog = default_catalog()
        for task in tasks:
            played = play_game(catalog, *task)
            if finished is not None:
                finished()
            yield played
        return
    yield from run_in_workers(
        min(jobs, series.games),
        _play_in_worker,
        tasks,
        start=_start_worker,
        ahead=TASKS_AHEAD * jobs,
        finished=finished,
    )


def _cluster_module() -> ModuleType:
    """:mod:`thebes.tournament.cluster`, imported only for a study given a scheduler (Dask
    takes a while to import, and is an optional extra); ClusterUnavailable says how to
    install it when it is not there."""
    try:
        from thebes.tournament import cluster
    except ImportError as exc:
        if (exc.name or "").partition(".")[0] == "thebes":
            raise  # our own bug, not a missing library
        install = pip_install_command(_cluster_requirement())
        raise ClusterUnavailable(
            # TRANSLATORS: {option} is --scheduler, {extra} thebes[cluster] and {install} the
            # command that installs it.
            _("{option} needs Dask distributed (the extra {extra}): {install}").format(
                option="--scheduler", extra="thebes[cluster]", install=install
            )
        ) from None
    return cluster


def _cluster_requirement() -> str:
    """What the extra thebes[cluster] installs, as the installed package's metadata says
    (``distributed>=...``): installing it works however thebes itself was installed, where
    ``pip install thebes[cluster]`` would look for thebes on PyPI."""
    try:
        requirements = metadata.requires("thebes") or []
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        requirements = []
    for requirement in requirements:
        wanted, _semicolon, marker = requirement.partition(";")
        if marker.replace(" ", "").replace("'", '"') == 'extra=="cluster"':
            return wanted.strip()
    return "distributed"


_worker_catalog: Catalog | None = None


def _start_worker() -> None:
    global _worker_catalog
    _worker_catalog = default_catalog()


def _play_in_worker(
    task: tuple[int, list[Entry], Path | None, Variants, int | None],
) -> PlayedGame:
    assert _worker_catalog is not None
    return play_game(_worker_catalog, *task)


# ---------------------------------------------------------------- standings


@dataclass(slots=True)
class Standing:
    """How one entry did over the games of a series."""

    entry: Entry
    games: int = 0
    wins: float = 0.0  # a win shared by k players counts 1/k
    totals: list[int] = field(default_factory=list)
    category_sums: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))

    def add(self, result: GameResult) -> None:
        name = self.entry.name
        score = score_json(result.score(name))
        self.games += 1
        if name in result.winners:
            self.wins += 1 / len(result.winners)
        self.totals.append(score["total"])
        for category in CATEGORIES:
            self.category_sums[category] += score[category]

    @property
    def mean(self) -> float:
        return sum(self.totals) / len(self.totals) if self.totals else 0.0

    @property
    def std(self) -> float:
        """The sample standard deviation of the totals (0 for fewer than two games)."""
        n = len(self.totals)
        if n < 2:
            return 0.0
        mean = self.mean
        return sqrt(sum((t - mean) ** 2 for t in self.totals) / (n - 1))

    def category_mean(self, category: str) -> float:
        return self.category_sums[category] / self.games if self.games else 0.0

    def as_json(self) -> dict[str, object]:
        return {
            "level": self.entry.level,
            "games": self.games,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "mean": round(self.mean, 2),
            "std": round(self.std, 2),
            "breakdown": {c: round(self.category_mean(c), 2) for c in CATEGORIES},
        }


def series_standings(
    entries: Sequence[Entry],
    results: Iterable[GameResult],
    on_result: Callable[[GameResult], None] | None = None,
) -> list[Standing]:
    """Tally the results (calling ``on_result`` with each as it comes)."""
    table = {e.name: Standing(e) for e in entries}
    for result in results:
        for name in result.players:
            table[name].add(result)
        if on_result is not None:
            on_result(result)
    return list(table.values())


def summary_json(table: Sequence[Standing], games: int) -> dict[str, object]:
    """The object that ends `thebes simulate --json`."""
    return {"summary": {"games": games, "bots": {s.entry.name: s.as_json() for s in table}}}


def standings_lines(table: Sequence[Standing]) -> list[str]:
    """The per-bot table that ends a series in plain text, within 80 columns for bot names
    as `simulate` makes them (`random1`, `greedy2`)."""
    wide = max([3, *(len(s.entry.name) for s in table)])
    # TRANSLATORS: the headers of `thebes simulate`'s table, each at most as wide as its
    # column: bot (3), level (6), games (5), wins (7), win % (6), mean (5), ± std (5), and the
    # mean VP of artifacts, exhibitions, congresses and majorities (6 each).
    bot, level, games, wins = _("bot"), pgettext("bot", "level"), _("games"), _("wins")
    rate_head, mean, std = _("win %"), _("mean"), _("± std")
    categories = " ".join(
        f"{name:>6}" for name in (_("artif."), _("exhib."), _("congr."), _("major."))
    )
    head = (
        f"{bot:<{wide}} {level:<6} {games:>5} {wins:>7} {rate_head:>6} {mean:>5} {std:>5}  "
        + categories
    )
    lines = [head, "─" * len(head)]
    for s in table:
        rate = 100 * s.wins / s.games if s.games else 0.0
        parts = " ".join(f"{s.category_mean(c):6.1f}" for c in CATEGORIES)
        lines.append(
            f"{s.entry.name:<{wide}} {s.entry.level:<6} {s.games:>5} {s.wins:>7.5g} "
            f"{rate:>5.1f}% {s.mean:>5.1f} {s.std:>5.1f}  {parts}"
        )
    return lines
