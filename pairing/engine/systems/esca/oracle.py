"""ESCA 1, 2, 7, 9: whether the players left can still be paired."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from pairing.engine.matching import ShrinkingMatching, complete_matching, perfect_matching_within
from pairing.engine.matching.primal_dual import Optimum, certified_matching
from pairing.engine.systems.esca.cards import Card

WEIGHTED_FROM = 20
"""With fewer players left the branch and bound decides (fast at that size)."""


def same_school(a: Card, b: Card) -> bool:
    """True when both players come from the same school (ESCA 7); no school clashes with none."""
    return bool(a.school) and a.school == b.school


def _graph(bad: Sequence[frozenset[int]]) -> list[list[int]]:
    """Adjacency lists: each position with every other one except ``bad[i]``."""
    everyone = frozenset(range(len(bad)))
    return [sorted(everyone - bad[i] - {i}) for i in range(len(bad))]


class Undecided(Exception):
    """Only the exact check would decide (:meth:`Oracle.allows` with ``search=False``)."""


class Oracle:
    """Whether the players not yet paired can still all be paired (ESCA 1) with at most
    ``budget`` more same-school games (ESCA 7).

    ``good`` is a matching of the graph without rematches and without the avoided pairs
    (same school; in round 1 also the ESCA 3, 6, 27 separations), ``legal`` (built once
    an avoided pair is allowed) a maximum matching of the graph without the pairs that
    may never meet (rematches; in round 1 perhaps top players too).  The answer is exact
    at every size:

    - no, when the good graph leaves more than ``2k`` of the players unmatched or the
      legal graph cannot pair them all (a pairing with ``k`` avoided pairs would do
      better); with a budget of 0 that is also the yes;
    - yes, when a certificate is at hand: a legal pairing of all the players left with
      at most ``k`` avoided pairs.  One is kept from choice to choice (``certificate``):
      when a pair is taken out of it, the two partners it leaves are paired to each
      other, through one board of the certificate, or along an alternating path of
      pairs without a clash (:meth:`_reroute`); failing that a pairing is grown by
      Edmonds' augmenting paths from the repaired one and from a maximum matching
      without avoided pairs, and its avoided pairs counted;
    - otherwise a minimum-cost perfect matching of the players left decides, exactly,
      and becomes the certificate (:meth:`_exact`; with ``weighted=False`` the branch and
      bound of :func:`matching.perfect_matching_within` instead, kept as the oracle of
      the tests).

    The good matching is searched only as far as the budget needs (``at_least``).

    Our reading of ESCA 7: in every round the number of same-school games is the smallest
    any pairing without a rematch allows, even at the price of floats; so none at all in
    rounds 1-3 or later wherever possible.  The oracle counts that number exactly.
    """

    def __init__(
        self,
        good_bad: Sequence[frozenset[int]],
        legal_bad: Sequence[frozenset[int]],
        *,
        weighted: bool = True,
    ) -> None:
        self.weighted = weighted
        self.good_bad = good_bad
        self.legal_bad = legal_bad
        self.good = ShrinkingMatching(_graph(good_bad))
        self.legal: ShrinkingMatching | None = None
        self.remaining = len(good_bad)
        self.budget = 0
        self.gone: list[int] = []
        self.left = set(range(len(good_bad)))
        self.certificate: tuple[dict[int, int], int] | None = None
        """A legal pairing of ``left`` with at most ``budget`` avoided pairs, when known,
        and its number of avoided pairs."""
        self._found: tuple[tuple[int, ...], tuple[dict[int, int], int]] | None = None
        """The certificate :meth:`allows` found last, for :meth:`take`."""
        self._edges: tuple[list[list[int]], list[list[int]]] | None = None
        """The cheap and the costly edges of every player, for :meth:`_exact`."""
        self._too_costly: dict[frozenset[int], int] = {}
        """Sets of players no legal pairing pairs with so few avoided pairs (:meth:`_exact`)."""
        self._cheapest: dict[frozenset[int], tuple[dict[int, int], int] | None] = {}
        """Sets of players with a legal pairing of the fewest avoided pairs and their number,
        or None when they have no legal pairing (:meth:`_cheapest_pairing`)."""
        self._optima: dict[frozenset[int], Optimum] = {}
        """The same sets' weighted matchings with their duals (:meth:`_held_beyond_budget`)."""

    @property
    def shortfall(self) -> int:
        """Pairs the good graph cannot make among the players left: a lower bound of the
        avoided pairs the round needs."""
        return self.remaining // 2 - self.good.size

    def legal_size(self) -> int:
        """The size of a maximum legal matching of the players left."""
        self._build_legal()
        assert self.legal is not None
        return self.legal.size

    def _build_legal(self) -> None:
        if self.legal is None:
            self.legal = ShrinkingMatching(_graph(self.legal_bad))
            if self.gone:
                self.legal.remove(self.gone)

    def relax(self, extra: int = 1) -> None:
        """Allow ``extra`` more avoided pairs."""
        self.budget += extra
        self._build_legal()

    def clash(self, a: int, b: int) -> bool:
        """True when ``a`` v ``b`` is legal but an avoided pair (same school, ...)."""
        return b in self.good_bad[a] and b not in self.legal_bad[a]

    def allows(self, gone: Sequence[int], clashes: int = 0, *, search: bool = True) -> bool:
        """True when the rest is pairable once ``gone`` have been paired (or given the
        bye) with ``clashes`` avoided pairs among them.

        ``search=False``: raises :class:`Undecided` where only the exact check of
        :meth:`_exact` would decide (for :meth:`allows_one_of`)."""
        budget = self.budget - clashes
        if budget < 0:
            return False
        pairs = (self.remaining - len(gone)) // 2
        need = max(pairs - budget, 0)
        if self.good.size_without(gone, bound=pairs, at_least=need) < need:
            return False
        if self.legal is None or need == pairs:
            return True  # the good matching pairs everyone
        if self.legal.size_without(gone, bound=pairs) < pairs:
            return False
        if (self.remaining - len(gone)) % 2:
            return True  # not reached: the bye is taken first
        found = self._certify(gone, budget, search=search)
        if found is None:
            return False
        self._found = (tuple(sorted(gone)), found)
        return True

    def allows_one_of(self, a: int, others: Sequence[int]) -> bool:
        """True when ``a`` may meet one of ``others`` and leave the rest pairable: what
        :meth:`allows_pair` says of one of them, but with one exact check for all.

        Each is first asked without the exact check; the ones that leaves undecided are
        decided together by one minimum-cost perfect matching of the players left in
        which ``a`` may meet only them (:meth:`_cheapest_pairing`): ``a`` v ``b`` leaves
        the rest pairable within the budget exactly when some legal pairing of everyone
        left pairs ``a`` with ``b`` within it.  Without ``weighted``, or with an odd number
        left, :meth:`allows_pair` of each in turn."""
        if not self.defers:
            return any(self.allows_pair(a, b) for b in others)
        undecided = []
        for b in others:
            if b in self.legal_bad[a]:
                continue
            try:
                if self.allows((a, b), 1 if self.clash(a, b) else 0, search=False):
                    return True
            except Undecided:
                undecided.append(b)
        if not undecided or self._beyond_budget(compute=True):
            return False
        found = self._cheapest_pairing(frozenset(self.left), a, frozenset(undecided))
        return found is not None and found[1] <= self.budget

    def allows_pair(self, a: int, b: int, *, search: bool = True) -> bool:
        """True when ``a`` v ``b`` is legal and leaves the rest pairable (``search`` as
        for :meth:`allows`)."""
        if b in self.legal_bad[a] or self._beyond_budget(compute=False):
            return False
        return self.allows((a, b), 1 if self.clash(a, b) else 0, search=search)

    def _beyond_budget(self, *, compute: bool) -> bool:
        """True when no legal pairing of all the players left keeps within the budget,
        so that no pair leaves the rest pairable (the pair and a pairing of the rest would
        be one); from the cheapest pairing of the players left, when known or when
        ``compute``.  Only with ``weighted`` and an even number left (no bye to come)."""
        if not self.defers:
            return False
        left = frozenset(self.left)
        if not compute and left not in self._cheapest:
            return False
        found = self._cheapest_pairing(left)
        return found is None or found[1] > self.budget

    @property
    def defers(self) -> bool:
        """True when :meth:`allows_pair` may leave undecided (``search=False``) what
        :meth:`first_allowed` then decides for several candidates at once."""
        return self.weighted and self.remaining % 2 == 0 and self.remaining >= WEIGHTED_FROM

    def first_allowed(self, a: int, others: Sequence[int]) -> int | None:
        """The position in ``others`` of the first player ``a`` may meet with the rest
        still pairable (:meth:`allows_pair`), or None; for :attr:`defers`.

        One minimum-cost perfect matching of the players left in which ``a`` may meet
        only the candidates asked about says whether one of them will do, and names one
        that will (its partner there); the candidates before that one are then asked
        the same way, halving the range, so the first is found with a few matchings
        instead of one exact check for each.  The pairing found for him is kept for
        :meth:`take`."""
        if self._beyond_budget(compute=True):
            return None
        lowest, first = 0, None
        high = len(others) - 1
        found: tuple[dict[int, int], int] | None = None
        while lowest <= high:
            middle = high if first is None else (lowest + high) // 2
            partners = frozenset(others[lowest : middle + 1])
            pairing = self._cheapest_pairing(frozenset(self.left), a, partners)
            if pairing is None or pairing[1] > self.budget:
                if first is None:
                    return None
                lowest = middle + 1
                continue
            found = pairing
            first = others.index(pairing[0][a], lowest)
            high = first - 1
        if first is None or found is None:
            return None
        b = others[first]
        mate = {v: w for v, w in found[0].items() if v not in (a, b)}
        clashes = 1 if self.clash(a, b) else 0
        self._found = (tuple(sorted((a, b))), (mate, found[1] - clashes))
        return first

    def take(self, gone: Sequence[int], clashes: int = 0) -> None:
        """Record ``gone`` as paired or given the bye (after :meth:`allows` said yes)."""
        found, self._found = self._found, None
        if found is not None and found[0] == tuple(sorted(gone)):
            self.certificate = found[1]
        elif self.certificate is not None and (self.remaining - len(gone)) % 2 == 0:
            # Before the matchings let ``gone`` leave: the repair reads them as they are.
            self.certificate = self._certify(gone, self.budget - clashes)
        else:
            self.certificate = None
        pairs = (self.remaining - len(gone)) // 2
        need = max(pairs - (self.budget - clashes), 0)
        self.good.remove(gone, bound=pairs, at_least=need)
        if self.legal is not None:
            self.legal.remove(gone, bound=pairs)
        self.remaining -= len(gone)
        self.budget -= clashes
        self.gone.extend(gone)
        self.left.difference_update(gone)

    def take_pair(self, a: int, b: int) -> None:
        """Record the pair ``a`` v ``b``."""
        self.take((a, b), 1 if self.clash(a, b) else 0)

    def _cost(self, mate: dict[int, int]) -> int:
        """The avoided pairs of a pairing."""
        return sum(1 for a, b in mate.items() if a < b and b in self.good_bad[a])

    def _certify(
        self, gone: Sequence[int], budget: int, *, search: bool = True
    ) -> tuple[dict[int, int], int] | None:
        """A legal pairing of the players left after ``gone`` with at most ``budget``
        avoided pairs and their number, or None when there is none (exact); with
        ``search=False``, :class:`Undecided` where only :meth:`_exact` would decide."""
        assert self.legal is not None
        adjacent = self.legal.adjacent
        rest = self.left.difference(gone)
        if self.certificate is None and gone and len(self.left) % 2 == 0:
            # One certificate of the players left serves every choice until the next.
            self.certificate = self._certify((), self.budget)
        if self.certificate is not None:
            mate = dict(self.certificate[0])
            cost = self.certificate[1]
            freed = []
            for v in gone:
                w = mate.pop(v, None)
                if w is not None:
                    del mate[w]
                    cost -= w in self.good_bad[v]
                    if w not in gone:
                        freed.append(w)
            if not freed and cost <= budget:
                return mate, cost
            if len(freed) == 2:
                f, g = freed
                # f - g, or f - x = y - g over one board x - y of the certificate.
                best: tuple[int, int, int] | None = None
                if g not in self.legal_bad[f]:
                    best = (1 if g in self.good_bad[f] else 0, -1, -1)
                if best is None or best[0] + cost > budget:
                    for x in adjacent[f]:
                        y = mate.get(x)
                        if y is None or y in self.legal_bad[g]:
                            continue
                        bad = self.good_bad
                        delta = (x in bad[f]) + (g in bad[y]) - (y in bad[x])
                        if best is None or delta < best[0]:
                            best = (delta, x, y)
                            if cost + delta <= budget:
                                break
                if best is not None and cost + best[0] <= budget:
                    _, x, y = best
                    if x == -1:
                        mate[f], mate[g] = g, f
                    else:
                        mate[f], mate[x], mate[y], mate[g] = x, f, g, y
                    return mate, cost + best[0]
                if self._reroute(mate, f, g, budget - cost):
                    return mate, self._cost(mate)
            # Edmonds' augmenting paths over the legal graph, from the repaired pairing.
            grown = self._grow(mate, rest)
            if grown is None:
                return None  # no legal pairing at all
            cost = self._cost(grown)
            if cost <= budget:
                return grown, cost
        # From a maximum matching without avoided pairs, grown the same way.
        good = self.good.mate_without(gone)
        start = {v: good[v] for v in rest if good[v] != -1 and good[v] in rest}
        grown = self._grow(start, rest)
        if grown is None:
            return None
        cost = self._cost(grown)
        if cost <= budget:
            return grown, cost
        if not search:
            raise Undecided
        exact = self._exact(rest, budget)
        return None if exact is None else (exact, self._cost(exact))

    def _reroute(self, mate: dict[int, int], f: int, g: int, slack: int) -> bool:
        """Pair the two players ``f`` and ``g`` left free in ``mate`` along an alternating
        path f - x = y - ... - g that adds at most ``slack`` avoided pairs; True when one
        was found (and applied to ``mate``).

        Breadth-first from ``f`` over pairs without a clash to a paired player ``x``, then
        to his partner ``y``; every vertex is used once, so a path found is a valid
        change of ``mate`` (one that needs an odd cycle is not found: then Edmonds'
        search or the exact check decides)."""
        assert self.legal is not None
        bad, never, adjacent = self.good_bad, self.legal_bad, self.legal.adjacent
        gain = {f: 0}
        """Outer vertices: the avoided pairs given up on the way there."""
        came: dict[int, int] = {}
        """Inner vertex -> the outer vertex it was reached from."""
        via: dict[int, int] = {}
        """Outer vertex -> the inner vertex (his old partner) it was reached through."""
        queue = deque([f])
        while queue:
            u = queue.popleft()
            if g not in never[u] and (g in bad[u]) - gain[u] <= slack:
                pairs = [(u, g)]
                while u != f:
                    x = via[u]
                    u = came[x]
                    pairs.append((u, x))
                for a, b in pairs:
                    mate[a], mate[b] = b, a
                return True
            for x in adjacent[u]:
                if x in bad[u] or x in gain or x in came or x == g:
                    continue
                y = mate.get(x)
                if y is None or y in gain or y in came:
                    continue
                came[x] = u
                via[y] = x
                gain[y] = gain[u] + (y in bad[x])
                queue.append(y)
        return False

    def _grow(self, start: dict[int, int], rest: set[int]) -> dict[int, int] | None:
        """A legal pairing of ``rest`` grown from the pairs of ``start`` (Edmonds'
        augmenting paths), or None when the players ``rest`` have none."""
        assert self.legal is not None
        alive = [False] * len(self.good_bad)
        for v in rest:
            alive[v] = True
        full = [-1] * len(self.good_bad)
        for v, w in start.items():
            full[v] = w
        # The players left free usually meet each other (one school's surplus): pair them
        # directly, avoided pairs included, before searching for augmenting paths.
        free = sorted(v for v in rest if full[v] == -1)
        for v in free:
            if full[v] == -1:
                for w in free:
                    if w != v and full[w] == -1 and w not in self.legal_bad[v]:
                        full[v], full[w] = w, v
                        break
        if not complete_matching(self.legal.adjacent, full, alive):
            return None
        return {v: full[v] for v in rest}

    def _exact(self, rest: set[int], budget: int) -> dict[int, int] | None:
        """A legal pairing of the players ``rest`` with at most ``budget`` avoided pairs,
        or None when there is none: the cheapest pairing (:meth:`_cheapest_pairing`), or
        with ``weighted=False`` the branch and bound (:meth:`_searched`)."""
        if not self.weighted or len(rest) < WEIGHTED_FROM:
            return self._searched(rest, budget)
        found = self._cheapest_pairing(frozenset(rest))
        if found is None or found[1] > budget:
            return None
        return dict(found[0])

    def _cheapest_pairing(
        self, rest: frozenset[int], player: int = -1, partners: frozenset[int] | None = None
    ) -> tuple[dict[int, int], int] | None:
        """A legal pairing of the players ``rest`` with the fewest avoided pairs and their
        number, or None when they have no legal pairing; remembered for the round.  With
        ``partners``, ``player`` meets one of them (and is not remembered), and None also
        says that no such pairing keeps within the budget, when the duals of the cheapest
        pairing of ``rest`` prove it without a matching (:meth:`_held_beyond_budget`).

        A minimum-cost perfect matching (Edmonds' weighted blossom algorithm, the
        project's primal-dual one, polynomial): every legal pair weighs more than all the
        avoided pairs together, less one for an avoided pair, so the heaviest matching is
        a largest one and, among those, one with the fewest avoided pairs.  It answers
        every budget at once, where the branch and bound proves a no by search (199,513
        search nodes in one round of a 150-player event).

        Heaviest matchings often tie, and another implementation may return another of
        them; what the pairing reads from one is the same in all: whether it pairs
        everyone, its number of avoided pairs (both fixed by its weight), and in
        :meth:`first_allowed` only a candidate known to fit, the search going on until
        the first that fits.  The matching itself is kept only as a certificate to repair
        (:meth:`_certify`), whose failures the exact check decides.  So the pairings are
        those of NetworkX's matching, used here before (2.4 times slower on 32-64 players
        left of a 150-player round)."""
        if partners is None and rest in self._cheapest:
            return self._cheapest[rest]
        if partners is not None and self._held_beyond_budget(rest, player, partners):
            return None
        players = sorted(rest)
        heavy = len(players) + 1
        weights: dict[tuple[int, int], int] = {}
        for i, v in enumerate(players):
            bad, never = self.good_bad[v], self.legal_bad[v]
            for w in players[i + 1 :]:
                if partners is not None and player in (v, w) and v + w - player not in partners:
                    continue
                if w not in bad:
                    weights[(v, w)] = heavy
                elif w not in never:
                    weights[(v, w)] = heavy - 1
        optimum = certified_matching(players, weights)
        mate = optimum.mate
        found = None
        if len(mate) == len(players):
            found = (mate, self._cost(mate))
        if partners is None:
            self._cheapest[rest] = found
            self._optima[rest] = optimum
        return found

    def _held_beyond_budget(
        self, rest: frozenset[int], player: int, partners: frozenset[int]
    ) -> bool:
        """True when the duals of the cheapest pairing of ``rest`` (when known) prove
        that no legal pairing of ``rest`` in which ``player`` meets one of ``partners``
        keeps within the budget.  Such a pairing has the weight of the cheapest less
        its extra avoided pairs, and at most the cheapest's weight less half
        :meth:`Optimum.held_loss`; so more than twice the budget's slack of loss is
        a proof (most of the candidates left undecided in the hardest rounds of a
        150-player event: no matching is made for them)."""
        optimum = self._optima.get(rest)
        if optimum is None:
            return False
        found = self._cheapest[rest]
        if found is None:
            return True  # no legal pairing of rest at all
        return optimum.held_loss(player, partners) > 2 * (self.budget - found[1])

    def _searched(self, rest: set[int], budget: int) -> dict[int, int] | None:
        """:func:`matching.perfect_matching_within` on the players ``rest``, over the
        whole graph (built once) and with the sets found too costly kept from call to
        call: the next choice asks about sets that overlap this one's."""
        if self._edges is None:
            everyone = range(len(self.good_bad))
            cheap = [
                [w for w in everyone if w not in self.good_bad[v] and w != v] for v in everyone
            ]
            costly = [
                [
                    w
                    for w in everyone
                    if w in self.good_bad[v] and w not in self.legal_bad[v] and w != v
                ]
                for v in everyone
            ]
            self._edges = (cheap, costly)
        cheap, costly = self._edges
        found = perfect_matching_within(
            cheap, costly, budget, within=frozenset(rest), failed=self._too_costly
        )
        if found is None:
            return None
        return {v: found[v] for v in rest}


class LevelMatching:
    """A maximum matching of one score level and the players floated into it (ESCA 9,
    23a): a pair is made only if the level can still pair as many of its players."""

    def __init__(self, members: Sequence[Card], floated: Sequence[Card], oracle: Oracle):
        self.local = {card.index: position for position, card in enumerate(members)}
        arrived = frozenset(self.local[c.index] for c in floated)
        everyone = frozenset(self.local)
        arrived_global = frozenset(c.index for c in floated)
        adjacent = []
        for position, card in enumerate(members):
            allowed = everyone - oracle.good_bad[card.index] - {card.index}
            if position in arrived:
                allowed -= arrived_global
            adjacent.append(sorted(map(self.local.__getitem__, allowed)))
        self.matching = ShrinkingMatching(adjacent)

    @property
    def size(self) -> int:
        return self.matching.size

    def keeps(self, cards: Sequence[Card]) -> bool:
        """True when pairing or floating ``cards`` costs the level no more pairs than
        their own (ESCA 9: no extra floater)."""
        gone = [self.local[c.index] for c in cards]
        lost = len(cards) // 2 if len(cards) > 1 else 0
        need = self.size - lost
        return self.matching.size_without(gone, at_least=need) >= need

    def remove(self, cards: Sequence[Card]) -> None:
        self.matching.remove([self.local[c.index] for c in cards])
