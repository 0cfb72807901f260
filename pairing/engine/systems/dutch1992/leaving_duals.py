"""A bound on the colour conflicts of every exchange with the same players leaving S1,
read off one dual of the assignment (Dutch A8, B4, C8, D2).

FIDE Handbook C.04.1 (1992 text).  An exchange of D2 moves the players L out of S1 and
the players E of S2 into it: its S1 is the original S1 less L with E, its S2 the
original S2 less E with L, and each of its pairings pairs every S1 player with an S2
player he may meet, at one conflict for each pair whose players prefer the same colour
(B4).  The fewest conflicts are an assignment's cost, so any feasible dual bounds them
from below (linear programming duality): a price for each S1 player and a price of at
most 0 for each S2 player, no allowed pair priced above its conflict.

The S1 players staying (the original S1 less L) against the original S2 with L (the
graph of ``ExchangeDeficits._leaving_bound``) have such a dual, worked out once for L:
a maximum conflict-free matching, each S1 player priced at the fewest conflicts on an
alternating path from him to an S2 player it leaves free, each S2 player matched at
minus his mate's price, each free one at 0; then, when those S1 players can be paired
at all, raised by the Hungarian method (:func:`fewest_conflicts`) from there to a dual
whose total is their least, tight on a least pairing, so that the players moved by
each exchange cost it what they cost (late in an event a level's listing asks hundreds
of exchanges whose bounds of the exchange alone stay at or below x while their least is
above it: round 67 of the 150-player, 114-round, seed-6006 event, 2,400 at x = 6 before,
1,800 after).  The exchanges with the same L read it:

* E's S2 players leave S2: their prices, at most 0, drop out of the total, which can
  only rise (and the dual stays feasible);
* each player of E, now in S1, is priced at the least, over his allowed partners in the
  new S2, of the pair's conflict less that partner's price: feasible by construction.

The total is a lower bound on the exchange's conflicts; when it is above x no pairing of
the exchange is within x, and its own bound (a matching and paths per exchange) need not
be worked out.  Thousands of exchanges share a few hundred sets L: a few bit operations
an exchange instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _positions
from pairing.engine.systems.dutch1992.divisions import Matching, _augment
from pairing.engine.systems.dutch1992.fewest_conflicts import fewest_conflicts


class LeavingDuals:
    """The dual of one set of players leaving S1 (see the module), and the bound it gives
    each exchange with those players leaving (:meth:`bound`).

    ``free`` and ``costly``: each position's allowed partners without and with a colour
    conflict (bit sets of positions in the bracket); ``side1``: the original S1 players
    staying; ``side2``: the original S2 and the players leaving S1."""

    __slots__ = ("_costly", "_free", "_levels", "_none", "_price", "total")

    def __init__(self, free: Sequence[int], costly: Sequence[int], side1: int, side2: int) -> None:
        self._free = free
        self._costly = costly
        rows = list(_positions(side1))
        self._none = len(rows) + 3
        """Above the conflicts of any pairing of an exchange (its S1 has at most two
        players more): the bound when it has no pairing at all."""
        matching = Matching([-1] * len(free), 0)
        for u in rows:
            _augment(u, free, side2, matching, [0])
        mate = matching.mate
        # The fewest conflicts on an alternating path from each S1 player to a free S2
        # player, level by level (a player reaching no free one is given the cap, as
        # every price capped alike stays feasible).
        cap = self._none
        price: dict[int, int] = {}
        below = 0  # the S2 players priced at most the level before
        upto = side2 & ~matching.matched  # the S2 players priced at most this level
        left = rows
        level = 0
        while left:
            added = False
            while True:
                rest = []
                grew = False
                for u in left:
                    if free[u] & upto or costly[u] & below:
                        price[u] = level
                        if mate[u] != -1:
                            upto |= 1 << mate[u]
                        grew = True
                    else:
                        rest.append(u)
                left = rest
                if not grew:
                    break
                added = True
            if not added and level:
                break  # no S2 player was priced at this level: none will be later
            below = upto
            level += 1
        for u in left:
            price[u] = cap
        # Raised to the least (the Hungarian method, started from these prices, which
        # are feasible, capped or not, and this matching) when the staying players can
        # be paired at all.
        column = [0] * len(free)
        for v in _positions(side2):
            column[v] = price[mate[v]] if mate[v] != -1 else 0
        total = sum(price[u] for u in rows if mate[u] == -1)
        least: tuple[list[int], dict[int, int]] = ([], {})
        reach = [(free[u] | costly[u]) & side2 for u in rows]
        conflicts = [costly[u] & side2 for u in rows]
        start = [mate[u] for u in rows]
        prices = [price[u] for u in rows]
        if fewest_conflicts(reach, conflicts, 0, None, start, prices, least) is not None:
            total = sum(least[0])
            for v in _positions(side2):
                column[v] = -least[1].get(v, 0)
                total -= column[v]
        self.total = total
        """The dual's total: a lower bound on the conflicts of the staying S1 players'
        pairings into ``side2`` (their least, when they can be paired)."""
        levels: dict[int, int] = {}
        for v in _positions(side2):
            value = column[v]
            levels[value] = levels.get(value, 0) | 1 << v
        self._price = column
        """Each S2 player's price, negated."""
        self._levels = sorted(levels.items())
        """The S2 players by their negated price, the lowest first."""

    def bound(self, entering: int, side2: int) -> int:
        """A lower bound on the colour conflicts of the exchange whose players entering
        S1 are ``entering`` and whose S2 is ``side2`` (bit sets of positions)."""
        total = self.total
        price = self._price
        free = self._free
        costly = self._costly
        for e in _positions(entering):
            total += price[e]
            clear = free[e] & side2
            either = clear | costly[e] & side2
            for level, players in self._levels:
                if either & players:
                    total += level if clear & players else level + 1
                    break
            else:
                return self._none  # he may meet nobody in S2: no pairing at all
        return total
