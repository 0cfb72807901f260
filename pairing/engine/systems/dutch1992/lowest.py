"""Whether a lowest bracket paired as homogeneous can be paired at all (Dutch C13, D2).

FIDE Handbook C.04.1 (1992 text).  C13 re-pairs the penultimate bracket until the
players it moves down let the lowest bracket be paired completely.  Late in an event most
sets of players moved down do not, and the procedure proves each by trying every
division of D2 (the original S1 and S2, every exchange of one player and of two) with
every transposition.  The answer has a closed form, used here to decide it with one
matching instead:

A division pairs the bracket completely when its S1 can be paired with S2 (the player
left over taking the bye when the bracket is odd).  Such a pairing is a perfect matching
of the bracket (with one vertex for the bye) in which every pair has one player in S1.
Conversely, take any perfect matching and call T the original S1 (the top p players by
A2) and N the rest.  Putting one player of each pair in S1 gives a division; it differs
from the original by as many players as there are pairs inside N (the counts force as
many pairs inside T, the bye counted with them when it goes to a player of T, and those
are the players exchanged out).  The limits of D2 (not the highest of S1 in an even
bracket, not the lowest of S2, not the two highest of S1 together in an odd one) never
bind: each pair inside T or N lets either of its players be the one exchanged, and the
bye's player is the only one without that choice.  So the bracket can be paired exactly
when some perfect matching has at most two pairs inside N.

At the last level of the bracket (x = p, B5 and B6 dropped as far as C9 and C10 go) every
pairing of every division is tried, and each earlier level allows only fewer; so this is
also whether the procedure finds any pairing of the bracket (Dutch C1-C11 at p = p0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.matching import (
    SearchTooLong,
    complete_matching,
    maximum_matching,
    perfect_matching_within,
)
from pairing.engine.matching.primal_dual import max_weight_matching
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.optima import warm_matching

EXCHANGES = 2
"""D2 exchanges one player or two, never more."""


@dataclass(frozen=True, slots=True)
class Witness:
    """One matching found by :func:`least_conflicts` or
    :func:`priced_conflicts_within_exchanges`: the players it leaves over (matched to
    stand-ins), its colour conflicts (B4) and its pairs inside the original S2.

    It is a matching of the same group at the same level with any other players kept up
    as long as it leaves none of them over (keeping a player up only removes his
    stand-in edges, A5), so it bounds those groups' bounds from above.
    """

    left: frozenset[int]
    conflicts: int
    inside: int


def _witness(players: Sequence[Entrant], p: int, mate: dict[int, int]) -> Witness:
    """The :class:`Witness` of a perfect matching ``mate`` of ``players`` and stand-ins."""
    n = len(players)
    pairs = [(i, j) for i, j in mate.items() if i < j < n]
    return Witness(
        left=frozenset(players[i].number for i, j in mate.items() if i < n <= j),
        conflicts=sum(1 for i, j in pairs if colour_conflict(players[i], players[j])),
        inside=sum(1 for i, j in pairs if i >= p),
    )


def _homogeneous(players: Sequence[Entrant]) -> bool:
    """Whether the lowest bracket of these players is paired as homogeneous (Dutch A3):
    at least half of them have a score above the bracket's (its lowest resident's)."""
    low = min(p.score for p in players)
    above = sum(1 for p in players if p.score > low)
    return not above or 2 * above >= len(players)


def lowest_pairable(players: Sequence[Entrant]) -> bool | None:
    """Whether the lowest bracket of ``players`` (residents and players moved in, A2
    order) can be paired at p0 = n // 2; None when it is paired as heterogeneous, which
    this does not decide."""
    if not players or not _homogeneous(players):
        return None
    return _pairable(list(players), [], 0)


def lowest_pairable_with_some(
    residents: Sequence[Entrant],
    forced: Sequence[Entrant],
    choices: Sequence[Entrant],
    count: int,
) -> bool | None:
    """Whether some ``count`` of ``choices`` moved down with ``forced`` let the lowest
    bracket of ``residents`` be paired (as :func:`lowest_pairable`).

    ``choices`` and ``forced`` must all come before every resident in A2 order; None when
    they do not, or when the bracket would not be paired as homogeneous, or when they
    would not all be in the original S1 (this does not decide those).
    """
    if not residents or count > len(choices):
        return None
    last = max(p.key for p in (*forced, *choices)) if forced or choices else None
    if last is not None and last >= min(p.key for p in residents):
        return None
    n = len(residents) + len(forced) + count
    if len(forced) + count > n // 2:
        return None
    low = min(p.score for p in residents)
    if any(p.score <= low for p in (*forced, *choices)):
        return None
    above = len(forced) + count + sum(1 for p in residents if p.score > low)
    if 2 * above < n:
        return None
    return _pairable([*forced, *sorted(residents, key=lambda e: e.key)], list(choices), count)


def least_conflicts(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    record: list[Witness] | None = None,
) -> int | None:
    """The fewest pairs that cannot grant both colour preferences (B4) in any pairing of
    ``p`` pairs of a group at one level of float criteria, whatever its division (Dutch
    A8, B4, C6-C11); None when it has none.

    Every pairing of every division of the group at this level pairs ``p`` pairs of the
    pairs allowed there and leaves over only players who may leave (moved down, or the
    bye in the lowest group): a perfect matching of the group with one stand-in for each
    player left over, joined to those who may leave.  So none of them can have fewer: a
    level whose x is below this gives nothing, and its D2 divisions need not be tried one
    by one.  Found as a minimum-cost perfect matching (Edmonds' weighted blossom
    algorithm, the project's primal-dual :func:`max_weight_matching`; each edge
    weighs more than all the costs together, so the heaviest matching is a largest one).
    The matching found is added to ``record`` when given.
    """
    n = len(players)
    spare = n - 2 * p
    if spare < 0:
        return None
    heavy = 2 * n + 2
    weights: dict[tuple[int, int], int] = {}
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if pair_allowed(a, b, rules, moved):
                weights[(i, j)] = heavy - (1 if colour_conflict(a, b) else 0)
        if may_leave(a, rules, moved, lowest, keep):
            for stand_in in range(n, n + spare):
                weights[(i, stand_in)] = heavy
    key = (tuple(a.number for a in players), p, rules, moved, lowest, None)
    mate = warm_matching(key, n + spare, weights)
    if len(mate) < n + spare:
        return None
    if record is not None:
        record.append(_witness(players, p, mate))
    return sum(1 for i, j in mate.items() if i < j < n and colour_conflict(players[i], players[j]))


def within_exchanges(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> bool:
    """Whether some division of a group at one level of float criteria, within D2's
    exchanges, could give a pairing of ``p`` pairs at any x: whether
    :func:`within_exchange_witness` finds a matching (Dutch C6-C8, D2)."""
    return within_exchange_witness(players, p, rules, moved, lowest, keep) is not None


def within_exchange_witness(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> Witness | None:
    """A matching showing that some division of a group at one level of float criteria,
    within D2's exchanges, could give a pairing of ``p`` pairs at any x, or None when
    none does (Dutch C6-C8, D2).

    Every such pairing is a matching of ``p`` allowed pairs whose players left over may
    all leave (moved down, or the bye in the lowest group; never a player kept up), the
    rest matched to stand-ins.  Call T the original S1 (the first ``p`` players) and N
    the rest: a division exchanging k players has exactly k players of N in its S1, and
    each pair inside N holds one of them, so its pairings have at most k <= 2 pairs
    inside N.  When no matching has at most :data:`EXCHANGES` of them, no division gives
    anything at this level, whatever x (B4) and whichever exchanges D2 allows.  Only
    this direction is used (the level is then passed over), so D2's limits need not
    hold of the matching found: when one exists the divisions are tried as before.
    Decided as C13's closed form is (:func:`_budget_matching`), the pairs inside N the
    costly edges; the matching found is returned as a :class:`Witness` (None: none).
    """
    n = len(players)
    spare = n - 2 * p
    if spare < 0:
        return None
    size = n + spare
    cheap: list[list[int]] = [[] for _ in range(size)]
    costly: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            if pair_allowed(a, players[j], rules, moved):
                edges = costly if i >= p else cheap
                edges[i].append(j)
                edges[j].append(i)
        if may_leave(a, rules, moved, lowest, keep):
            for stand_in in range(n, size):
                cheap[i].append(stand_in)
                cheap[stand_in].append(i)
    warm = (tuple(a.number for a in players), p, rules, moved, lowest, "within")
    mate = _budget_matching(cheap, costly, EXCHANGES, warm)
    return None if mate is None else _witness(players, p, dict(enumerate(mate)))


def free_witness(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> Witness | None:
    """A matching of a level's shape (as in :func:`least_conflicts`) with no colour
    conflict (B4) and at most :data:`EXCHANGES` pairs inside the original S2, when a
    quick search finds one; None otherwise (which proves nothing).

    A maximum matching of the conflict-free allowed pairs not inside the original S2
    (and of the stand-ins) is grown by augmenting paths over the conflict-free pairs
    inside it too.  Found, it is a :class:`Witness` that both bounds of the level are 0.
    With at most :data:`EXCHANGES` pairs, any such matching has few enough pairs inside,
    and a greedy one is looked for first (:func:`_few_free_pairs`).
    """
    n = len(players)
    spare = n - 2 * p
    if spare < 0:
        return None
    if p <= EXCHANGES:
        quick = _few_free_pairs(players, p, rules, moved, lowest, keep)
        if quick is not None:
            return quick
    size = n + spare
    outside: list[list[int]] = [[] for _ in range(size)]
    every: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if pair_allowed(a, b, rules, moved) and not colour_conflict(a, b):
                if i < p:
                    outside[i].append(j)
                    outside[j].append(i)
                every[i].append(j)
                every[j].append(i)
        if may_leave(a, rules, moved, lowest, keep):
            for stand_in in range(n, size):
                for edges in (outside, every):
                    edges[i].append(stand_in)
                    edges[stand_in].append(i)
    mate = maximum_matching(outside)
    if not complete_matching(every, mate, [True] * size):
        return None
    witness = _witness(players, p, dict(enumerate(mate)))
    return witness if witness.inside <= EXCHANGES else None


def _few_free_pairs(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> Witness | None:
    """``p`` conflict-free allowed pairs holding every player who may not leave, the
    others left over, found greedily (each such player first, with the first partner
    who may not leave either, else the first; then the first free pairs); None when
    that fails (which proves nothing).  A matching of :func:`free_witness`'s shape."""
    n = len(players)
    stay = [not may_leave(a, rules, moved, lowest, keep) for a in players]
    if sum(stay) > 2 * p:
        return None
    mate: dict[int, int] = {}

    def partner(i: int) -> int:
        a = players[i]
        fallback = -1
        for j, b in enumerate(players):
            if j == i or j in mate or colour_conflict(a, b) or not pair_allowed(a, b, rules, moved):
                continue
            if stay[j] or not stay[i]:
                return j
            if fallback < 0:
                fallback = j
        return fallback

    for i in [*(i for i in range(n) if stay[i]), *(i for i in range(n) if not stay[i])]:
        if len(mate) == 2 * p:
            break
        if i in mate:
            continue
        j = partner(i)
        if j >= 0:
            mate[i], mate[j] = j, i
        elif stay[i]:
            return None
    left = [i for i in range(n) if i not in mate]
    if len(mate) < 2 * p or any(stay[i] for i in left):
        return None
    for k, i in enumerate(left):
        mate[i], mate[n + k] = n + k, i
    return _witness(players, p, mate)


PENALTIES = (1, 2, 4)
"""The prices (in half conflicts) put on each pair inside the original S2 by
:func:`least_conflicts_within_exchanges`, one matching each."""


def least_conflicts_within_exchanges(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> int | None:
    """A lower bound on the colour conflicts (B4) of any pairing of ``p`` pairs of a
    group at one level of float criteria, over the divisions within D2's two exchanges
    (Dutch C6-C8, D2); None when no matching has a pairing's shape at all.

    As in :func:`within_exchanges`, each such pairing is a matching with at most
    :data:`EXCHANGES` pairs inside the original S2.  Pricing each of those pairs at
    ``m`` half conflicts (Lagrange's relaxation of that limit), every such matching costs
    at most its conflicts plus ``m``, so the cheapest matching of all, less ``m``, is a
    lower bound for each price ``m``; the largest of them is returned.  Each is a
    minimum-cost perfect matching as in :func:`least_conflicts` (the same stand-ins).
    """
    best = -1
    for price in PENALTIES:
        found = priced_conflicts_within_exchanges(players, p, rules, moved, lowest, keep, price)
        if found is None:
            return None
        best = max(best, found[0])
        if found[1] <= EXCHANGES:
            break  # the higher prices bound no higher (priced_conflicts_within_exchanges)
    return max(best, 0)


def priced_conflicts_within_exchanges(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    price: int,
    record: list[Witness] | None = None,
) -> tuple[int, int] | None:
    """The lower bound of :func:`least_conflicts_within_exchanges` at one price of the
    pairs inside the original S2 (one minimum-cost perfect matching), with the number of
    pairs inside the original S2 of the matching found; None when no matching has a
    pairing's shape (at any price: the edges are the same).

    When that matching has at most :data:`EXCHANGES` pairs there, no higher price bounds
    higher: at a higher price it costs no more, less the higher price twice, than it
    did (each such pair adds the difference, the bound takes off twice the difference),
    and the cheapest matching at that price costs no more than it.  The matching found is
    added to ``record`` when given."""
    n = len(players)
    spare = n - 2 * p
    if spare < 0:
        return None
    heavy = (n + 1) * (2 + price) + 1
    weights: dict[tuple[int, int], int] = {}
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if pair_allowed(a, b, rules, moved):
                cost = (2 if colour_conflict(a, b) else 0) + (price if i >= p else 0)
                weights[(i, j)] = heavy - cost
        if may_leave(a, rules, moved, lowest, keep):
            for stand_in in range(n, n + spare):
                weights[(i, stand_in)] = heavy
    key = (tuple(a.number for a in players), p, rules, moved, lowest, price)
    mate = warm_matching(key, n + spare, weights)
    if len(mate) < n + spare:
        return None
    if record is not None:
        record.append(_witness(players, p, mate))
    cost = sum(heavy - weights[(i, j)] for i, j in mate.items() if i < j)
    inside = sum(1 for i, j in mate.items() if p <= i < j < n)
    return -((EXCHANGES * price - cost) // 2), inside  # ceil((cost - 2 * price) / 2)


def raised_least_down(
    upper: Sequence[Entrant],
    forced: Sequence[Entrant],
    residents: Sequence[Entrant],
    least_down: int,
) -> int:
    """The fewest players the penultimate bracket (``upper``) must move down for C13 to
    succeed, raised past the numbers that no set of that many can reach (Dutch C13, D2).

    The penultimate bracket moves down as many players as its size modulo 2 and two more
    for each pair fewer its remainder makes.  For each such number from ``least_down`` up,
    while the lowest bracket would be paired as homogeneous: when no set of that many of
    the penultimate bracket's players, moved down with those ``forced`` down, lets the
    lowest bracket be paired at all (:func:`lowest_pairable_with_some`), no candidate
    moving that many down is good.  The first number not ruled out (or not decided) is
    returned; one above the bracket's size when every number is ruled out.
    """
    count = least_down + (least_down - len(upper)) % 2
    while count <= len(upper):
        if lowest_pairable_with_some(residents, forced, upper, count) is not False:
            break
        count += 2
    return max(count, least_down)


def _pairable(fixed: list[Entrant], choices: list[Entrant], count: int) -> bool:
    """A perfect matching of ``fixed`` and ``count`` of ``choices`` (the rest of them
    matched to stand-ins), with a vertex for the bye when the bracket is odd, having at
    most :data:`EXCHANGES` pairs inside the bracket's lower half.

    The original S2 of the bracket is the last n - n // 2 players of ``fixed``: those
    of ``choices`` taken rank above all of them (the callers see to it).
    """
    n = len(fixed) + count
    p = n // 2
    real = [*fixed, *choices]
    first_choice = len(fixed)
    stand_ins = len(choices) - count
    size = len(real) + stand_ins + n % 2
    lower = set(range(len(fixed) - (n - p), len(fixed)))
    if not stand_ins and _natural_pairing(real, lower):
        return True
    cheap: list[list[int]] = [[] for _ in range(size)]
    costly: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(real):
        for j in range(i + 1, len(real)):
            if compatible(a, real[j]):
                edges = costly if i in lower and j in lower else cheap
                edges[i].append(j)
                edges[j].append(i)
    for s in range(len(real), len(real) + stand_ins):
        for i in range(first_choice, len(real)):
            cheap[s].append(i)
            cheap[i].append(s)
    if n % 2:
        bye = size - 1
        for i, a in enumerate(real):
            if a.bye_allowed:
                cheap[bye].append(i)
                cheap[i].append(bye)
    return _within_budget(cheap, costly, EXCHANGES)


WEIGHTED_FROM = 12
"""From this many vertices :func:`_within_budget` answers with the two bounds of
:func:`perfect_matching_within`'s first node and, when they differ, a weighted matching:
that branch and bound took a second a round in graphs of 30 vertices (round 37 of the
150-player sweep event of seed 2034), minutes at 40 (round 41 of seed 2033), and more than
20 s in :func:`within_exchanges` (round 63 of seed 2052)."""

BRANCH_NODES = 64
"""Below :data:`WEIGHTED_FROM` vertices, the nodes :func:`perfect_matching_within` may
open before :func:`_within_budget` turns to the bounds and the weighted matching: it
answers nearly every graph in one or two, but took thousands (0.1-0.2 s) in a few sparse
graphs (30 vertices in round 37 of the 150-player sweep event of seed 2034, before
:data:`WEIGHTED_FROM` came down to 12), which the weighted matching answers in about a
millisecond."""


def _within_budget(cheap: list[list[int]], costly: list[list[int]], budget: int) -> bool:
    """Whether the graph has a perfect matching with at most ``budget`` costly edges
    (:func:`_budget_matching`)."""
    return _budget_matching(cheap, costly, budget) is not None


def _budget_matching(
    cheap: list[list[int]],
    costly: list[list[int]],
    budget: int,
    warm: tuple[object, ...] | None = None,
) -> list[int] | None:
    """A perfect matching with at most ``budget`` costly edges (each vertex's mate), or
    None when the graph has none.  ``warm``: the key under which the weighted matching
    below begins from the last optimum of the same group (:func:`warm_matching`).

    In a graph of fewer than :data:`WEIGHTED_FROM` vertices, first
    :func:`perfect_matching_within` itself, up to :data:`BRANCH_NODES` nodes of its
    search.  Otherwise (or when that search is cut short), first the two bounds of
    :func:`perfect_matching_within`'s first node: a maximum matching of the cheap edges
    leaving more than ``2 * budget`` vertices proves no, and one grown into a perfect
    matching over all edges (or found to have none) with at most ``budget`` costly edges
    proves yes (or no).  When they differ, one minimum-cost perfect matching decides
    (Edmonds' weighted blossom algorithm, the project's primal-dual
    :func:`max_weight_matching`): every edge weighs more than all the costly edges
    together, one less when costly, so the heaviest matching is a largest one with the
    fewest costly edges.  Whether there is one is :func:`perfect_matching_within`'s
    answer (which matching may differ).
    """
    size = len(cheap)
    if size < WEIGHTED_FROM:
        try:
            return perfect_matching_within(cheap, costly, budget, nodes=BRANCH_NODES)
        except SearchTooLong:
            pass
    if size % 2:
        return None
    mate = maximum_matching(cheap)
    if size - sum(1 for m in mate if m != -1) > 2 * budget:
        return None
    every = [[*row, *dear] for row, dear in zip(cheap, costly, strict=True)]
    if not complete_matching(every, mate, [True] * size):
        return None
    dear_sets = [frozenset(row) for row in costly]
    if sum(1 for v, w in enumerate(mate) if v < w and w in dear_sets[v]) <= budget:
        return mate
    heavy = size + 2
    weights: dict[tuple[int, int], int] = {}
    for edges, weight in ((cheap, heavy), (costly, heavy - 1)):
        for v, row in enumerate(edges):
            for w in row:
                if v < w:
                    weights[(v, w)] = weight
    if warm is None:
        best = max_weight_matching(range(size), weights)
    else:
        best = warm_matching(warm, size, weights)
    if len(best) < size:
        return None
    if sum(1 for v, w in best.items() if v < w and weights[(v, w)] < heavy) > budget:
        return None
    return [best[v] for v in range(size)]


def _natural_pairing(real: Sequence[Entrant], lower: set[int]) -> bool:
    """Whether the players outside ``lower`` can each meet the player of ``lower`` in the
    same place, the last of ``lower`` left over taking the bye when there is one: a
    perfect matching with no pair inside the lower half, so a certificate for
    :func:`_pairable` that costs one look a pair (a round 1 of 2,000 players built the
    whole graph of 2,000,000 pairs to find it)."""
    upper = [i for i in range(len(real)) if i not in lower]
    below = sorted(lower)
    if len(below) - len(upper) not in (0, 1):
        return False
    if len(below) > len(upper) and not real[below[-1]].bye_allowed:
        return False
    return all(compatible(real[i], real[j]) for i, j in zip(upper, below, strict=False))


def lowest_graph(previous: Accepted, lowest: Bracket) -> tuple[list[Entrant], list[list[int]]]:
    """The lowest bracket's residents and the players forced down into it, and who of them
    may meet whom (B1, B2); when the two lowest brackets together are odd, one more vertex
    for the bye, joined to those who may have it (B1b).  For the C13 bounds."""
    low = [*previous.forced_down, *lowest.residents]
    adjacent = [[j for j, b in enumerate(low) if a is not b and compatible(a, b)] for a in low]
    if (len(previous.bracket.players) + len(low)) % 2:
        bye = len(low)
        adjacent.append([i for i, a in enumerate(low) if a.bye_allowed])
        for i in adjacent[bye]:
            adjacent[i].append(bye)
    return low, adjacent
