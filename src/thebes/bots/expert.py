"""The expert player: Monte Carlo search over sampled deals of what nobody has seen.

Thebes has no private hands: everything hidden (the order of the unseen cards, what comes
out of a bag) is hidden from every player alike, and the game state holds only public
facts (the unseen cards as a multiset, each pile's count of hidden cards, the bags'
contents). So the expert's information set is the public state, and a *deal* (one order
of everything unseen, consistent with what every player has seen: :class:`_Deal`) is a
seed: every draw of one simulation comes from it, never from the game's own chance, which
the bot cannot reach.

The search is flat, determinized Monte Carlo with common deals:

1. **The candidates** are the greedy player's best :attr:`ExpertBudget.root_actions` (by
   default :data:`ROOT_ACTIONS`: 12 with 2 players, 8 with more). The listing holds dozens
   of digs that differ only in their weeks; the best move is often outside greedy's first
   four, where the strong player stops.
2. **A simulation** plays one candidate in the *n*-th deal of the move, then greedy
   players in every seat, until the game ends (valued by the final scores) or the
   expert's own time has passed the root's by :attr:`ExpertBudget.horizon` weeks (valued
   by the players' outlooks). Every candidate's *n*-th simulation plays the same deal, and
   a deal fixes the *k*-th card drawn and the *k*-th dig at each site whatever was played
   before: the candidates are compared on the same luck, not only at the first draw.
3. **The value** of a simulation is the expert's total against the best rival's, squashed
   into 0..1 (0.5 + 0.5 tanh(margin / scale)): a win by 30 is not worth much more than a
   win by 10, as in the game. Each total is taken less its seat's luck at its digs in the
   simulation (:class:`_Deal`), which averages nothing whatever is played: the expectation
   stays, the spread narrows.
4. **Sequential halving** shares the budget among rounds: each round plays every candidate
   left on the same new deals and keeps the better half, so most simulations go to the few
   that matter.
5. **The work** of a move is capped (:attr:`ExpertBudget.work`, by default
   :func:`expert_work`): greedy's valuations in the playouts and
   :data:`TURN_WORK` a turn, counted as they are made, follow the time a simulation takes;
   each round of the halving ends after the deal that reaches its share of the cap. A guard
   for positions dearer than any measured: in the slowest ones measured, the default
   budgets stop short of it.

A search tree below the root (single-observer ISMCTS with progressive widening) and deals
drawn afresh at every draw instead of fixed for a simulation were tried and measured worse
at the budgets a move can afford, and UCB at the root no better than halving
(docs/bot-experiments.md); they are gone.

The search is deterministic: its deals follow from the bot's own seed (a one-way hash of
the game seed and the seat), the action number and the simulation's number, and its budget
is a number of simulations and a count of work, not a time, so a seeded game with experts
replays and resumes exactly, on any machine. The unseen cards and the bags are put in sorted
order first, so the choice depends on what they hold, not on how they are stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import tanh

from thebes.bots.greedy import ActionJudge, GreedyPlayer
from thebes.bots.outlook import expected_find_vp
from thebes.bots.playout import collector_paused, margin_of, sorted_multisets
from thebes.catalog.components import Catalog
from thebes.rules import (
    Action,
    Dig,
    GameState,
    Pile,
    SeededChance,
    SplitMix,
    active_seat,
    advance,
    bot_seed,
    derive_seed,
    is_over,
    legal_actions,
    mix_seed,
    scores,
)

DEFAULT_EXPERT_BUDGETS = {2: 600, 3: 400, 4: 400}
"""The expert's simulations per move when nobody says otherwise, by the number of players:
as many as keep its slowest move within 2 s on one core (docs/bots.md). A simulation costs
more with more players: twenty of the expert's weeks hold more of the rivals' turns."""

MAX_EXPERT_BUDGET = 100_000
"""The most simulations a move a user may ask of the expert (minutes a move)."""

EXPERT_WORK_PER_SIMULATION = {2: 1400, 3: 1700, 4: 1700}
"""The expert's work a move is at most its simulations times this, by the number of players.
The work of a simulation is greedy's valuations in its playout (a legal action, or a kind of
unseen card for an exchange, each one) and 24 more a turn: about what each costs in time. A
guard, not a budget: the slowest moves of the series in docs/bots.md (many digs listed at
every turn) cost up to about 1,370 a simulation with 2 players and 1,550 with 3 or 4, so the
cap leaves such moves as they were and keeps a move in a position dearer still within about
2 s on one core."""


def expert_simulations(players: int, given: int | None = None) -> int:
    """The expert's simulations a move: ``given``, else the default for ``players``."""
    return DEFAULT_EXPERT_BUDGETS[players] if given is None else given


def expert_work(players: int, simulations: int) -> int:
    """The most work the expert's move of ``simulations`` may take with ``players``."""
    return simulations * EXPERT_WORK_PER_SIMULATION[players]


ROOT_ACTIONS = {2: 12, 3: 8, 4: 8}
"""The candidates searched at the root when nobody says otherwise, by the number of players:
12 won more games against strong than 8 with 2 players at the same budget, and about as
many against greedy (docs/bots.md); with 3 or 4 players, where a simulation costs more, 8
is what was measured."""

# The work of a turn of a playout besides its valuations (the legal actions listed, the action
# played, the position made): in time, about what 24 valuations cost (docs/bots.md).
TURN_WORK = 24


@dataclass(frozen=True, slots=True)
class ExpertBudget:
    simulations: int | None = None  # per move (None: DEFAULT_EXPERT_BUDGETS)
    work: int | None = None  # the most work a move (None: expert_work of its simulations)
    horizon: int = 20  # weeks of the expert's own time a simulation looks ahead
    root_actions: int | None = None  # greedy's best actions searched (None: ROOT_ACTIONS)
    scale: float = 8.0  # VP of margin squashed to tanh(1): a value of 0.88 against 0.12


class _Node:
    """What the simulations of one root action found, for the expert."""

    __slots__ = ("total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0


class ExpertPlayer:
    level = "expert"

    def __init__(
        self, game_seed: int | None, seat: int, budget: ExpertBudget | None = None
    ) -> None:
        self._seed = bot_seed(game_seed, seat)
        self.budget = budget or ExpertBudget()
        self._greedy = GreedyPlayer()

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        with collector_paused():
            return _Search(self, sorted_multisets(state), legal).run()


class _Search:
    """One move's search from ``root``."""

    def __init__(self, player: ExpertPlayer, root: GameState, legal: Sequence[Action]) -> None:
        seat = active_seat(root)
        assert seat is not None
        self.budget = budget = player.budget
        self.root = root
        self.seat = seat
        self.seed = derive_seed(player._seed, root.actions_taken)
        self.judge: ActionJudge = player._greedy.judge(root.catalog)
        self.stop = root.players[seat].time + budget.horizon
        self.simulations = expert_simulations(len(root.players), budget.simulations)
        self.work_cap = (
            expert_work(len(root.players), self.simulations) if budget.work is None else budget.work
        )
        self.work = 0  # greedy's valuations so far, and TURN_WORK a turn (_judged)
        root_actions = budget.root_actions
        if root_actions is None:
            root_actions = ROOT_ACTIONS[len(root.players)]
        ranked = self.ranked(root, legal)[:root_actions]
        self.actions = [legal[i] for i in ranked]
        self.children = [_Node() for _ in self.actions]

    def run(self) -> Action:
        """Sequential halving at the root: each round shares its simulations among the
        actions left, every one on the same deals, and keeps the better half.

        A round also ends after the deal that brings the work to its share of the work cap
        (what the rounds before left of it, shared among the rounds still to play), so a
        move whose playouts are dear plays fewer deals, never fewer than one a round."""
        children = self.children
        left = list(range(len(children)))
        rounds = max(1, (len(left) - 1).bit_length())
        for round_ in range(rounds):
            each = max(1, self.simulations // (rounds * len(left)))
            until = self.work + (self.work_cap - self.work) // (rounds - round_)
            for deal in range(each):
                if deal and self.work >= until:
                    break
                for i in left:
                    self.simulate(self.actions[i], children[i])
            left.sort(key=lambda i: -children[i].total / children[i].visits)  # ties: greedy's
            left = left[: max(1, (len(left) + 1) // 2)]
            if len(left) == 1:
                break
        return self.actions[left[0]]

    def simulate(self, action: Action, child: _Node) -> None:
        """One simulation through the root action ``action``, on the deal of its visit."""
        seed = derive_seed(self.seed, child.visits)
        root = self.root
        deal = _Deal(seed, root.catalog, self.judge.outlook.token_vp, len(root.players))
        state = self.play(root, action, deal)
        totals = self.playout(state, deal)
        totals = tuple(total - luck for total, luck in zip(totals, deal.luck, strict=True))
        child.visits += 1
        child.total += self.values(totals)[self.seat]

    def ranked(self, state: GameState, legal: Sequence[Action]) -> list[int]:
        """The indices of ``legal``, best first by the greedy player's values (ties in the
        listing's order)."""
        values = self._judged(state, legal)
        return sorted(range(len(legal)), key=lambda i: -values[i])

    def _judged(self, state: GameState, legal: Sequence[Action]) -> list[float]:
        """Greedy's values of ``legal``, their work counted."""
        self.work += TURN_WORK + self.judge.valuations(state, legal)
        return self.judge.values(state, legal)

    def cut(self, state: GameState) -> bool:
        return is_over(state) or state.players[self.seat].time >= self.stop

    def play(self, state: GameState, action: Action, deal: _Deal) -> GameState:
        if type(action) is Dig:
            digger = active_seat(state)
            assert digger is not None
            deal.digger = digger
        return advance(state, action, deal)

    def playout(self, state: GameState, deal: _Deal) -> tuple[float, ...]:
        """Every seat's final score, or outlook where the horizon cuts the game short,
        after greedy play from ``state``."""
        greedy = self.judge
        while not self.cut(state):
            legal = legal_actions(state)
            values = self._judged(state, legal)
            action = legal[max(range(len(legal)), key=values.__getitem__)]
            state = self.play(state, action, deal)
        if is_over(state):
            return tuple(float(s.total) for s in scores(state))
        outlook = greedy.outlook
        return tuple(outlook.of(state, i) for i in range(len(state.players)))

    def values(self, totals: tuple[float, ...]) -> list[float]:
        """Each seat's margin over its best rival, squashed into 0..1."""
        scale = self.budget.scale
        return [0.5 + 0.5 * tanh(margin_of(totals, i) / scale) for i in range(len(totals))]


class _Deal:
    """One determinization: an order of everything nobody has seen, fixed for a whole
    simulation, consistent with what every player has seen.

    The deck: the *k*-th card drawn since the root comes from the same place in every line
    of play (a hidden slot or a known card of its pile, by the *k*-th number of the deal),
    and a hidden slot holds the unseen card that comes first in the deal's own order of the
    cards. The bags: the *k*-th dig at a site since the root draws the tokens (and debris)
    that come first in the deal's order for that dig. So two lines that differ only in an
    action in between draw the same next cards and find the same tokens: their comparison
    is not drowned in the luck of the draw (common random numbers). Each order is a uniform
    random one, so every draw is as likely as in the game.

    Each dig adds to the digger's entry of :attr:`luck` (one a seat) the artifact VP it
    found less what its bag let it expect: the luck of the dig. Its expectation is nothing
    at every dig, whatever was played before, so a simulation's totals less the luck keep
    the expectation of the totals, with less spread (a control variate): the candidates are
    compared on their play more than on their finds.
    """

    __slots__ = ("_cards", "_catalog", "_digs", "_rank", "_seed", "_token_vp", "digger", "luck")

    def __init__(self, seed: int, catalog: Catalog, token_vp: tuple[int, ...], seats: int) -> None:
        self._seed = seed
        self._catalog = catalog
        self._cards = 0  # cards drawn since the root
        self._digs = [0] * len(catalog.regions)  # digs at each site since the root
        self._rank: list[int] | None = None  # each card's place in the deal's order
        self._token_vp = token_vp  # each token's VP as an artifact
        self.luck = [0.0] * seats  # each seat's luck at its digs
        self.digger = 0  # the seat whose dig draws next

    def draw_card(self, pile: Pile, unseen: tuple[int, ...]) -> int:
        self._cards += 1
        pick = SplitMix(mix_seed(self._seed, self._cards)).below(pile.size)
        if pick >= pile.hidden:
            return pile.known[pick - pile.hidden]
        rank = self._rank
        if rank is None:
            # Made at the first hidden draw only: many playouts draw no hidden card.
            order = mix_seed(self._seed, -1)
            rank = self._rank = [mix_seed(order, card) for card in range(len(self._catalog.cards))]
        return min(unseen, key=rank.__getitem__)

    def draw_tokens(
        self, bag: tuple[int, ...], debris: int, count: int
    ) -> tuple[tuple[int, ...], int]:
        if not bag:
            return (), count
        region = self._catalog.token(bag[0]).region
        self._digs[region] += 1
        # The same generator for the same dig of a site, so the same bag gives the same find.
        found, debris_drawn = SeededChance(
            derive_seed(self._seed, -2, region, self._digs[region])
        ).draw_tokens(bag, debris, count)
        token_vp = self._token_vp
        self.luck[self.digger] += sum(token_vp[t] for t in found) - expected_find_vp(
            token_vp, bag, debris, count
        )
        return found, debris_drawn
