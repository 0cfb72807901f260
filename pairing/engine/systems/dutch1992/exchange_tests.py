"""The tests that leave an exchange of a level out of its listing at every x (Dutch B1,
B2, C8, D2).

FIDE Handbook C.04.1 (1992 text).  An exchange of D2 gives no pairing at a level when
one of its S1 players has no allowed partner in its S2, or its S2 has more players who
may not be left unpaired than S1 has players (late in an event, in the lowest bracket,
nearly everyone has had the bye: B1b).  When the original S1 cannot be paired into S2
under B1 and B2, König's theorem gives a set Z of S1 players with fewer partners in S2
than players; an exchange leaving the rest of Z in S1 with still fewer partners in the
new S2 than players fails Hall's condition.  An exchange of two players entering S1 is
out when S1 cannot be paired into S2 with either of them entering alone.  None of these
reads x or the players kept up.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.divisions import Base, each_alone_covers
from pairing.engine.systems.dutch1992.exchanges import _hall_violator

Exchanged = tuple[int, int, int]
"""An exchange's S1 and the players leaving and entering S1, as bit sets of positions."""


class ExchangeTests:
    """The tests of the module for one level's bracket, p and float criteria, worked out
    once and put to each exchange (:meth:`passed`).

    ``allowed``: each position's allowed partners under the level's float criteria;
    ``loose``: the same with every float criterion dropped; ``staying``: the players who
    may not be left unpaired even then (bit sets of positions); ``origin``: the original
    division's matchings under ``loose`` (:meth:`Feasibility.exchange_base`)."""

    __slots__ = (
        "_critical",
        "_everyone",
        "_known",
        "_loose",
        "_needy",
        "_origin",
        "_original",
        "_p",
        "_reach_all",
        "_short",
        "_staying",
        "_violator",
        "allowed",
    )

    def __init__(
        self, allowed: Sequence[int], loose: Sequence[int], staying: int, p: int, origin: Base
    ) -> None:
        n = len(allowed)
        self.allowed = allowed
        self._loose = loose
        self._staying = staying
        self._p = p
        self._origin = origin
        self._known: dict[int, Exchanged | None] = {}
        """By index in D2 order: :meth:`passed` of each exchange asked (:meth:`at`)."""
        self._everyone = everyone = (1 << n) - 1
        self._original = original = (1 << p) - 1
        self._violator = _hall_violator(loose, p)
        self._short = [i for i in range(p) if self._violator >> i & 1]
        """The S1 positions of the Hall violator Z (none when S1 can be paired into S2)."""
        reach_all = 0
        for i in self._short:
            reach_all |= loose[i]
        self._reach_all = reach_all
        # An S1 player keeping S1 has an allowed partner in the new S2 when he has three or
        # more in the original S2, one entering S1 when he has two (at most two leave S2).
        self._critical = _bits(
            i for i in range(p) if (allowed[i] & everyone & ~original).bit_count() < 3
        )
        self._needy = _bits(j for j in range(p, n) if (allowed[j] & ~original).bit_count() < 2)

    def at(self, index: int, out_of: tuple[int, ...], into: tuple[int, ...]) -> Exchanged | None:
        """:meth:`passed` of the exchange at ``index`` in D2 order, remembered: the listing
        of a level and the walks of its levels at each x (``LevelExchanges._walk``) ask
        the same exchanges."""
        known = self._known
        if index in known:
            return known[index]
        exchanged = known[index] = self.passed(out_of, into)
        return exchanged

    def passed(self, out_of: tuple[int, ...], into: tuple[int, ...]) -> Exchanged | None:
        """The exchange of D2 moving the players at 1-based positions ``out_of`` out of
        S1 and ``into`` into it, unless a test of the module leaves it out (None)."""
        allowed = self.allowed
        # One or two players each way: the first and last are all of them.
        leaving = 1 << out_of[0] - 1 | 1 << out_of[-1] - 1
        entering = 1 << into[0] - 1 | 1 << into[-1] - 1
        mask1 = self._original & ~leaving | entering
        mask2 = self._everyone & ~mask1
        if (self._staying & mask2).bit_count() > self._p:
            return None  # more S2 players who must be paired than S1 players
        check = self._critical & mask1 | entering & self._needy
        if check and any(allowed[i] & mask2 == 0 for i in _positions(check)):
            return None  # an S1 player without an allowed partner in S2
        short = self._short
        if short:
            if (self._violator & ~leaving).bit_count() > (self._reach_all & mask2).bit_count():
                return None  # even all of Z's partners in S2 are too few for the rest
            rest = [i for i in short if i + 1 not in out_of]
            reach = 0
            for i in rest:
                reach |= self._loose[i]
            if len(rest) > (reach & mask2).bit_count():
                return None  # the rest of Z still has too few partners in S2 (Hall)
        if len(into) > 1 and not each_alone_covers(
            self._loose, self._origin, leaving, entering, self._original
        ):
            return None  # S1 cannot be paired into S2 with either entering alone (C8)
        return mask1, leaving, entering
