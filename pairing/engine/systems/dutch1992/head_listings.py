"""The pairings of each heterogeneous level's moved-down players, listed once for the
round (Dutch C7, C10).

FIDE Handbook C.04.1 (1992 text): a heterogeneous bracket pairs its moved-down players S1
with S2 in the order of D1 before its remainder.  C12 and C13 enter the same levels of a
bracket again and again; the pairings of S1 each level lists are read by all of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pairing.engine.systems.dutch1992.candidate_parts import HeadPairing, _head_pairing
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.level_colours import LevelColours
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.listing import _Listing
from pairing.engine.systems.dutch1992.remainder import RemainderNeed


class HeadListings:
    """The pairings of S1 of each level in D1 order, shared by the sub-searches of the
    round (Dutch C7, C10, C12, C13); :class:`candidates.CandidateSearch` reads them."""

    def __init__(self, feasibility: Feasibility, levels: LevelSearch) -> None:
        self.feasibility = feasibility
        self.levels = levels
        self._head_listings: dict[tuple[object, ...], _Listing[HeadPairing]] = {}
        """The pairings of the moved-down players of each level read so far (C7, C10),
        shared by the C12 and C13 sub-searches that enter the same level."""
        self.level_colours = LevelColours()
        """The test of a heterogeneous level's colour budgets (:class:`LevelColours`),
        also put to a level whose listing refuses many pairings of S1."""

    def head_pairings(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        must_pair: frozenset[int],
        remainder: RemainderNeed | None = None,
    ) -> Iterator[HeadPairing]:
        """The pairings of the moved-down players S1 with S2 in D1 order (Dutch C7, C10).

        The same sequence as :meth:`LevelSearch.assignments`, each with the remainder it
        leaves.  C12 and C13 split their search into sub-searches
        (:meth:`Search.alternatives`) that enter the same levels of the same bracket again
        and again, differing only in the players they keep up.  What the pairings of S1 are
        depends only on S1, S2, x, the float criteria kept, the players moved in and the S2
        players S1 must pair (all in the key), not on the players kept up otherwise, and
        :meth:`LevelSearch.assignments` is a pure function of them.  So the sequence is
        worked out once per round and every later sub-search reads the part already listed
        before listing further: each one sees the pairings in the same order as if it had
        listed them itself, and the candidates, hence the pairing of the round, are
        unchanged.

        ``remainder`` leaves out the pairings after which the remainder cannot be paired
        or is known to give nothing (:meth:`Feasibility.remainder_viable`); it is part of
        the key.  Once those checks have refused many pairings, the level is put to
        :meth:`LevelColours.refutes`, and when no pairing of S1 can leave a remainder
        within its x the listing ends (:meth:`LevelColours.watching`): every pairing it
        would still list gives nothing.

        Reading of Dutch C10: the lowest moved-down player paired is the last S1 player of
        the pairing of the moved-down players.  The D1 order changes his opponent first
        (and when he has none left, that of the player above him, and so on), so giving
        him another opponent means taking the next pairing of the moved-down players in
        D1 order whose remainder can be paired.  He has no other once D1 is exhausted;
        then B6, and after it B5, are dropped for upfloats and the bracket is paired again
        from C2.
        """
        key = (
            tuple(a.number for a in s1),
            tuple(b.number for b in s2),
            x,
            rules,
            moved,
            must_pair,
            remainder,
        )
        listing = self._head_listings.get(key)
        if listing is None:
            viable = None
            if remainder is not None:
                viable = self.level_colours.watching(
                    self.feasibility.remainder_viable(s1, s2, rules, moved, remainder, x),
                    s1,
                    s2,
                    remainder.stay,
                    remainder.p,
                    x,
                    remainder.j,
                    remainder.k,
                    rules,
                    moved,
                )
            listing = _Listing(
                _head_pairing(s2, assignment)
                for assignment in self.levels.assignments(
                    s1, s2, x, rules, moved, must_pair, viable=viable
                )
            )
            self._head_listings[key] = listing
        return iter(listing)
