"""The expected best of a few values drawn without replacement: what greedy expects of an
exchange, the best of four fresh cards drawn from the unseen ones."""

from __future__ import annotations

from functools import cache
from math import comb
from operator import mul


def expected_best_of(values: list[float], draws: int, at_least: float = 0.0) -> float:
    """Expected maximum of ``at_least`` and ``draws`` values drawn without replacement from
    ``values``."""
    values = sorted(values)
    n = len(values)
    if n <= draws:
        return max(values[-1], at_least) if values else at_least
    # The i-th smallest (0-based) is the maximum when the other draws-1 come from below it.
    ways, total = _ways(n, draws)
    if at_least > values[0]:
        values = [max(v, at_least) for v in values]
    # One product per value, summed in order: the float of the sum over the values.
    expected: float = sum(map(mul, values, ways))
    return expected / total


@cache
def _ways(n: int, draws: int) -> tuple[tuple[int, ...], int]:
    """For :func:`expected_best_of`: comb(i, draws - 1) for each i below n, and comb(n, draws)."""
    return tuple(comb(i, draws - 1) for i in range(n)), comb(n, draws)
