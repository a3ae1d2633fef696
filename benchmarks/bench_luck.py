"""Luck per player, measured: is it honest, and how much of the margins does it explain?

Run: python benchmarks/bench_luck.py [--games G] [--strong-games K] [--multi-games M]
                                     [--seed S] [--variant NAME ...] [--credit picker,drawer]
Prints figures; asserts nothing. It plays seeded bot games, game i with seed S+i, and takes
each one's luck (:func:`thebes.analysis.luck.game_luck`) at its end:

- G games of greedy against greedy, 2 players (default 300);
- K games of strong against greedy, 2 players, strong first when S+i is even (default 0:
  about 2 s a game);
- M games of greedy with 3 and with 4 players (default 100 each).

For each series and each way of crediting a card draw (`--credit`, both by default):

- each seat's (or level's) mean luck at the digs, at the cards and in all, with one standard
  error: each must be 0 within about two of them, or the expectation is wrong;
- with 2 players, the final margin (first seat's score minus second's; strong's minus
  greedy's) regressed on the luck difference: R^2 (the share of the margins' variance luck
  explains), the slope (VP of margin a VP of luck brings; 1 if luck were counted exactly and
  play did not answer it), and the intercept (against greedy: strong's edge with luck taken
  out); R^2 of the digs' and the cards' luck alone, and of both as two regressors;
- with 3 or 4 players, each seat's score less the game's mean regressed on its luck less the
  game's mean, all seats pooled: R^2 and slope.

The same seeds give the same games and figures: `thebes simulate --players 2 --bots greedy
--seed S+i --games 1` plays game i again. The time luck takes for a game is printed too
(mean and slowest), the analysis's cost on the final screen.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import sqrt

from thebes.analysis.luck import DRAWER, PICKER, Credit, Luck, game_luck
from thebes.bots.greedy import GreedyPlayer
from thebes.catalog.loading import default_catalog
from thebes.rules import NO_VARIANTS, VARIANT_NAMES, Variants, scores
from thebes.tournament.bot_games import seated_session

CATALOG = default_catalog()


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float
    error: float  # one standard error

    def show(self) -> str:
        return f"{self.value:+.2f} ±{self.error:.2f}"


def mean(xs: Sequence[float]) -> Estimate:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return Estimate(m, sqrt(var / n))


@dataclass(frozen=True, slots=True)
class Fit:
    slope: float
    intercept: float
    r2: float


def fit(xs: Sequence[float], ys: Sequence[float]) -> Fit:
    """Least squares of ys on xs with an intercept."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    if not sxx or not syy:
        return Fit(0.0, my, 0.0)
    slope = sxy / sxx
    return Fit(slope, my - slope * mx, sxy * sxy / (sxx * syy))


def r2_of_two(xs: Sequence[float], zs: Sequence[float], ys: Sequence[float]) -> float:
    """R^2 of ys on xs and zs together (with an intercept)."""
    n = len(xs)
    mx, mz, my = sum(xs) / n, sum(zs) / n, sum(ys) / n
    a = [x - mx for x in xs]
    b = [z - mz for z in zs]
    c = [y - my for y in ys]
    saa = sum(u * u for u in a)
    sbb = sum(u * u for u in b)
    sab = sum(u * v for u, v in zip(a, b, strict=True))
    sac = sum(u * v for u, v in zip(a, c, strict=True))
    sbc = sum(u * v for u, v in zip(b, c, strict=True))
    scc = sum(u * u for u in c)
    if not scc:
        return 0.0
    det = saa * sbb - sab * sab
    if det <= 1e-9 * saa * sbb:  # one regressor is the other's multiple (two games, say)
        return max(fit(xs, ys).r2, fit(zs, ys).r2)
    ba = (sac * sbb - sbc * sab) / det
    bb = (sbc * saa - sac * sab) / det
    return (ba * sac + bb * sbc) / scc


@dataclass(slots=True)
class Series:
    """The games of one series: each game's final totals, its seats' levels and its luck by
    each way of crediting cards."""

    name: str
    totals: list[tuple[int, ...]] = field(default_factory=list)
    levels: list[tuple[str, ...]] = field(default_factory=list)
    luck: dict[Credit, list[Luck]] = field(default_factory=dict)
    seconds: list[float] = field(default_factory=list)  # luck's time a game


def play(
    name: str,
    games: int,
    seed: int,
    levels: tuple[str, ...],
    variants: Variants,
    credits: Sequence[Credit],
) -> Series:
    """``games`` games from seed ``seed``, the seats given ``levels`` rotated by the seed (the
    game of seed s seats them s mod N places on, as `thebes simulate --rotate` does)."""
    series = Series(name, luck={c: [] for c in credits})
    judge = GreedyPlayer().judge(CATALOG)
    for i in range(games):
        on = (seed + i) % len(levels)
        seated = levels[-on:] + levels[:-on] if on else levels
        seats = [(f"P{n + 1}", level) for n, level in enumerate(seated)]
        session = seated_session(CATALOG, seed + i, seats, variants=variants)
        series.totals.append(tuple(s.total for s in scores(session.state)))
        series.levels.append(seated)
        for credit in credits:
            start = time.perf_counter()
            series.luck[credit].append(game_luck(session, credit=credit, judge=judge))
            series.seconds.append(time.perf_counter() - start)
    return series


def report(series: Series, by_level: bool) -> None:
    games = len(series.totals)
    players = len(series.totals[0])
    print(f"\n{series.name}, {games} games")
    for credit, lucks in series.luck.items():
        print(f"  cards credited to the {credit}")
        groups: dict[str, list[int]] = {}  # a seat or a level: the (game, seat) of each
        for g, levels in enumerate(series.levels):
            for seat in range(players):
                key = levels[seat] if by_level else f"seat {seat + 1}"
                groups.setdefault(key, []).append(g * players + seat)
        for key, where in groups.items():
            digs = [lucks[w // players].digs[w % players] for w in where]
            cards = [lucks[w // players].cards[w % players] for w in where]
            total = [d + c for d, c in zip(digs, cards, strict=True)]
            print(
                f"    {key:<8} luck at digs {mean(digs).show():>13}  at cards "
                f"{mean(cards).show():>13}  in all {mean(total).show():>13}"
            )
        if players == 2:
            margins(series, lucks, by_level)
        else:
            pooled(series, lucks)
    times = sorted(series.seconds)
    print(
        f"  luck's time a game: mean {1000 * sum(times) / len(times):.0f} ms, "
        f"slowest {1000 * times[-1]:.0f} ms"
    )


def margins(series: Series, lucks: list[Luck], by_level: bool) -> None:
    """The 2-player margins regressed on the luck difference."""
    ys: list[float] = []
    digs: list[float] = []
    cards: list[float] = []
    for totals, levels, luck in zip(series.totals, series.levels, lucks, strict=True):
        first = levels.index("strong") if by_level else 0
        second = 1 - first
        ys.append(totals[first] - totals[second])
        digs.append(luck.digs[first] - luck.digs[second])
        cards.append(luck.cards[first] - luck.cards[second])
    total = [d + c for d, c in zip(digs, cards, strict=True)]
    whole = fit(total, ys)
    who = "strong - greedy" if by_level else "seat 1 - seat 2"
    print(
        f"    margin ({who}) on luck difference: R^2 {whole.r2:.3f}  slope {whole.slope:.2f}"
        f"  intercept {whole.intercept:+.2f}  (mean margin {mean(ys).show()})"
    )
    print(
        f"    R^2 on the digs' luck alone {fit(digs, ys).r2:.3f}, on the cards' alone "
        f"{fit(cards, ys).r2:.3f}, on both apart {r2_of_two(digs, cards, ys):.3f}"
        f"  (slopes {fit(digs, ys).slope:.2f}, {fit(cards, ys).slope:.2f})"
    )


def pooled(series: Series, lucks: list[Luck]) -> None:
    """Each seat's score less the game's mean on its luck less the game's mean."""
    xs: list[float] = []
    ys: list[float] = []
    for totals, luck in zip(series.totals, lucks, strict=True):
        n = len(totals)
        mean_total = sum(totals) / n
        mean_luck = sum(luck.total) / n
        for seat in range(n):
            ys.append(totals[seat] - mean_total)
            xs.append(luck.total[seat] - mean_luck)
    result = fit(xs, ys)
    print(
        f"    score less the game's mean on luck less the game's mean, seats pooled: "
        f"R^2 {result.r2:.3f}  slope {result.slope:.2f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="greedy against greedy")
    parser.add_argument("--strong-games", type=int, default=0, help="strong against greedy")
    parser.add_argument("--multi-games", type=int, default=100, help="3 and 4 greedy players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[], choices=[*VARIANT_NAMES, "all"])
    parser.add_argument("--credit", default="picker,drawer", help="picker, drawer or both")
    args = parser.parse_args(argv)
    credits: list[Credit] = []
    for name in args.credit.split(","):
        if name not in (PICKER, DRAWER):
            parser.error(f"--credit: {name!r} is neither {PICKER} nor {DRAWER}")
        credits.append(PICKER if name == PICKER else DRAWER)
    if min(args.games, args.strong_games, args.multi_games) < 0 or args.games == 1:
        parser.error("the numbers of games must be 0 or more, and never 1 (no error from one)")
    names = VARIANT_NAMES if "all" in args.variant else args.variant
    variants = Variants.from_names(names) if names else NO_VARIANTS
    print(
        f"seeds from {args.seed}, variants: {', '.join(variants.names) or 'none'}; "
        "luck in VP, ± one standard error"
    )
    started = time.perf_counter()
    if args.games:
        greedy = play(
            "greedy against greedy",
            args.games,
            args.seed,
            ("greedy", "greedy"),
            variants,
            credits,
        )
        report(greedy, by_level=False)
    if args.strong_games > 1:
        strong = play(
            "strong against greedy",
            args.strong_games,
            args.seed,
            ("strong", "greedy"),
            variants,
            credits,
        )
        report(strong, by_level=True)
    for players in (3, 4):
        if args.multi_games > 1:
            many = play(
                f"{players} greedy players",
                args.multi_games,
                args.seed,
                ("greedy",) * players,
                variants,
                credits,
            )
            report(many, by_level=False)
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
