"""A level's bounds worked out with some players kept up, reused for more kept up (Dutch
A5, B4, C12, C13, D2).

FIDE Handbook C.04.1 (1992 text).  The C12 and C13 sub-searches meet the same level of
the same bracket again and again, each with other players kept up.  Before trying its
divisions one by one, a level asks whether any division within D2's exchanges pairs it
(:func:`lowest.within_exchanges`) and its colour bounds (B4,
:func:`lowest.priced_conflicts_within_exchanges`, :func:`lowest.least_conflicts`), each
a matching of the group in which only the players who may leave are matched to
stand-ins.  Keeping a player up only takes his stand-in edges away (A5), so with more
players kept up there are only fewer matchings:

- a level that has no matching (or none within the exchanges) with the players
  ``kept'`` up has none with any more kept up;
- a cheapest matching found with ``kept'`` up that leaves none of ``kept`` over, where
  ``kept'`` is a part of ``kept``, is still a matching with ``kept`` up, and none is
  cheaper: the optimum (the bound) is the same;
- any matching found before with at most two pairs inside the original S2 that leaves
  none of ``kept`` over shows that some matching within the exchanges exists (whatever
  x, which :func:`lowest.within_exchanges` does not read), with any players kept up;
- a matching of c conflicts and i pairs inside the original S2 that leaves none of
  ``kept`` over shows each priced bound at most what it costs at that price
  (:meth:`KeptBounds.priced_at_most`).

So these answers are the ones the matchings would give: only the work is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from pairing.engine.systems.dutch1992.lowest import EXCHANGES, Witness
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

_T = TypeVar("_T")

ANY_CONFLICTS = 1 << 30
"""An x above every number of colour conflicts: :meth:`WitnessFront.witnessed` then
reads every matching kept."""


class KeptOptima(Generic[_T]):
    """The optimum of one weighted matching of a level (one bound) by the players kept
    up, each found one kept with the players it left over (None: no matching at all)."""

    __slots__ = ("_exact", "_found", "_none")

    def __init__(self) -> None:
        self._exact: dict[frozenset[int], _T | None] = {}
        self._found: list[tuple[frozenset[int], frozenset[int], _T]] = []
        """Each optimum worked out: the players kept up, those its matching left over."""
        self._none: list[frozenset[int]] = []
        """The sets of players kept up with which there was no matching."""

    def known(self, kept: frozenset[int]) -> tuple[bool, _T | None]:
        """Whether the optimum with ``kept`` up follows from those found, and which."""
        if kept in self._exact:
            return True, self._exact[kept]
        for fewer in self._none:
            if fewer <= kept:
                return True, None
        for fewer, left, value in self._found:
            if fewer <= kept and left.isdisjoint(kept):
                return True, value
        return False, None

    def above(self, kept: frozenset[int], x: int, bound: Callable[[_T], int]) -> bool:
        """Whether an optimum found with a part of ``kept`` up shows the bound with
        ``kept`` up to be over ``x``: none found (no matching), or its ``bound`` over x.

        Keeping more players up only takes stand-in edges away (A5): every matching with
        ``kept`` up is one with fewer up, so the cheapest costs at least as much and the
        bound, which grows with that cost, is at least as high."""
        for fewer, value in self._exact.items():
            if fewer <= kept and (value is None or bound(value) > x):
                return True
        return False

    def add(self, kept: frozenset[int], left: frozenset[int] | None, value: _T | None) -> None:
        """Keep the optimum ``value`` found with ``kept`` up, its matching leaving the
        players ``left`` over (None: none found, and ``value`` is None)."""
        self._exact[kept] = value
        if value is None or left is None:
            self._none.append(kept)
        else:
            self._found.append((kept, left, value))


class KeptBounds:
    """The bounds of one group at one level of float criteria (one bracket, p, the
    players moved down and the float rules), by the players kept up.

    ``front``: the matchings the group's bounds found (:class:`WitnessFront`), to which
    each matching found here is added.
    """

    __slots__ = ("_front", "_least", "_not_within", "_priced", "_shapes", "_within")

    def __init__(self, front: WitnessFront) -> None:
        self._front = front
        self._within: dict[frozenset[int], bool] = {}
        self._not_within: list[frozenset[int]] = []
        self._priced: dict[int, KeptOptima[tuple[int, int]]] = {}
        self._least: KeptOptima[int] = KeptOptima()
        self._shapes: dict[tuple[int, int], set[frozenset[int]]] = {}
        """The players left over by each matching found here, by its colour conflicts and
        its pairs inside the original S2."""

    def within(self, kept: frozenset[int], work: Callable[[], Witness | None]) -> bool:
        """Whether some matching within D2's exchanges leaves none of ``kept`` over
        (:func:`lowest.within_exchanges`); ``work`` (:func:`lowest.within_exchange_witness`)
        is asked when nothing found before answers, and the matching it finds is kept."""
        answer = self._within.get(kept)
        if answer is None:
            if self._front.witnessed(kept, ANY_CONFLICTS)[0]:
                answer = True
            elif any(fewer <= kept for fewer in self._not_within):
                answer = False
            else:
                witness = work()
                answer = witness is not None
                if witness is None:
                    self._not_within.append(kept)
                else:
                    self._keep([witness])
            self._within[kept] = answer
        return answer

    def refused(self, kept: frozenset[int], x: int) -> bool:
        """Whether the answers worked out before show that no division within D2's
        exchanges pairs the level within ``x`` with ``kept`` up (Dutch B4, D2): no
        matching within them with ``kept`` or a part of it up (:meth:`within`), or a
        priced bound or the least over ``x`` (:meth:`priced_above`,
        :meth:`least_above`).  The original division is one of them: its pairings
        need not be searched."""
        return (
            self._within.get(kept) is False
            or any(fewer <= kept for fewer in self._not_within)
            or self.least_above(kept, x)
            or any(self.priced_above(index, kept, x) for index in self._priced)
        )

    def priced(
        self,
        index: int,
        kept: frozenset[int],
        work: Callable[[list[Witness]], tuple[int, int] | None],
    ) -> tuple[int, int] | None:
        """The bound of :func:`lowest.priced_conflicts_within_exchanges` at the price of
        index ``index`` with ``kept`` up (:meth:`_optimum`)."""
        optima = self._priced.get(index)
        if optima is None:
            optima = self._priced[index] = KeptOptima()
        return self._optimum(optima, kept, work)

    def priced_at_most(self, index: int, price: int, kept: frozenset[int], x: int) -> bool:
        """Whether a matching found before shows the bound of
        :func:`lowest.priced_conflicts_within_exchanges` at ``price`` (of index
        ``index``) with ``kept`` up to be at most ``x``; False too when that bound is
        already known (:meth:`priced` then answers without a matching).

        A matching leaving none of ``kept`` over, with c conflicts and i pairs inside the
        original S2, costs 2c + i * price at that price: the cheapest costs no more, so
        the bound (the cheapest cost less twice the price, halved up) is at most x when
        2c + (i - 2) * price <= 2x.  With more than two pairs inside it does not show
        the higher prices' bounds at most x: those are asked in turn.
        """
        optima = self._priced.get(index)
        if optima is not None and optima.known(kept)[0]:
            return False
        for (conflicts, inside), lefts in self._shapes.items():
            if 2 * conflicts + (inside - EXCHANGES) * price <= 2 * x and any(
                left.isdisjoint(kept) for left in lefts
            ):
                return True
        return False

    def priced_above(self, index: int, kept: frozenset[int], x: int) -> bool:
        """Whether the bound of :func:`lowest.priced_conflicts_within_exchanges` at the
        price of index ``index`` with ``kept`` up is over ``x`` by one worked out with a
        part of ``kept`` up (:meth:`KeptOptima.above`)."""
        optima = self._priced.get(index)
        return optima is not None and optima.above(kept, x, _first)

    def least_above(self, kept: frozenset[int], x: int) -> bool:
        """Whether the bound of :func:`lowest.least_conflicts` with ``kept`` up is over
        ``x`` by one worked out with a part of ``kept`` up (:meth:`KeptOptima.above`)."""
        return self._least.above(kept, x, _itself)

    def conflicts_needed(self, kept: frozenset[int]) -> bool:
        """Whether a bound worked out with a part of ``kept`` up shows that no matching
        with ``kept`` up has no colour conflict and at most :data:`EXCHANGES` pairs inside
        the original S2 (B4, D2): then :func:`lowest.free_witness` finds none.

        Such a matching costs at most twice the price at every price, so each priced
        bound of it is at most 0, and so is :func:`lowest.least_conflicts`; a bound of
        at least 1 with fewer players up is at least 1 with ``kept`` up
        (:meth:`KeptOptima.above`)."""
        return self.least_above(kept, 0) or any(
            self.priced_above(index, kept, 0) for index in self._priced
        )

    def least(
        self, kept: frozenset[int], work: Callable[[list[Witness]], int | None]
    ) -> int | None:
        """The bound of :func:`lowest.least_conflicts` with ``kept`` up (:meth:`_optimum`)."""
        return self._optimum(self._least, kept, work)

    def _optimum(
        self,
        optima: KeptOptima[_T],
        kept: frozenset[int],
        work: Callable[[list[Witness]], _T | None],
    ) -> _T | None:
        """A bound with ``kept`` up: from an optimum found before when one answers
        (:meth:`KeptOptima.known`), otherwise ``work``'s, which records the matching it
        found in the list it is given (added to the front)."""
        known, value = optima.known(kept)
        if known:
            return value
        found: list[Witness] = []
        value = work(found)
        optima.add(kept, found[-1].left if found else None, value)
        self._keep(found)
        return value

    def _keep(self, found: list[Witness]) -> None:
        """Keep the matchings ``found`` (emptying the list) for :meth:`priced_at_most`
        and in the front."""
        for witness in found:
            self._shapes.setdefault((witness.conflicts, witness.inside), set()).add(witness.left)
        self._front.add_all(found)


def _first(value: tuple[int, int]) -> int:
    """The bound of a priced optimum (its conflicts bound, not its pairs inside S2)."""
    return value[0]


def _itself(value: int) -> int:
    """The bound of :func:`lowest.least_conflicts` as it is."""
    return value
