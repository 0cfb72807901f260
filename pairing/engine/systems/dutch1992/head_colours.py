"""The colour counts of a heterogeneous level against each prefix of a pairing of its
moved-down players (Dutch A8, B4, C7, C10, C11).

FIDE Handbook C.04.1 (1992 text).  :func:`criteria.colours_allow_level` asks of a whole
level whether its S1 can take players of S2 within x and leave a remainder that can pair
its pairs within the remainder's own x, from the counts of each colour preference alone.
The same question holds for what a prefix of a pairing of S1 leaves: the S1 players not
paired yet take players of S2 not taken yet, and the remainder is made of the others.
Asked of each prefix, it cuts a branch as soon as no way of completing it can leave a
remainder within its x, where the matchings of :meth:`Feasibility.remainder_viable` see
no colours.  In round 63 of the 150-player, 136-round, seed-2480 event, C12 kept 13 of
the 16 S2 players of a 9-player S1 up, and the search of S1's pairings asked 39,000
prefixes before its first pairing, nearly all of them below a first pair that took the
colours the remainder needed.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.criteria import _colour_class, colours_allow_counts
from pairing.engine.systems.dutch1992.entrants import Entrant


class HeadColours:
    """:func:`colours_allow_counts` for each set of S2 players taken by the first S1
    players of a level (Dutch A8, B4, C10): a test of that set and its size alone, as
    :func:`matching.lexicographic_assignments` requires of its ``viable``.

    The counts the question reads are those of the S1 players left (by their number)
    and of the S2 players not taken, by preference and by whether they may be left over;
    the answers are remembered by those counts, which few sets differ in.  The head's x
    is not lowered by the conflicts of the pairs made: only a necessary condition.
    """

    __slots__ = ("_answers", "_classes", "_j", "_k", "_p_r", "_rows", "_x_h")

    def __init__(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        stay: frozenset[int],
        p_r: int,
        x_h: int,
        j: int,
        k: int,
    ) -> None:
        rows = [0, 0, 0]
        self._rows: list[tuple[int, int, int]] = []
        """By number of S1 players paired: the preferences of those left."""
        for a in reversed(s1):
            self._rows.append((rows[0], rows[1], rows[2]))
            rows[_colour_class(a)] += 1
        self._rows.append((rows[0], rows[1], rows[2]))
        self._rows.reverse()
        classes = [[0, 0] for _ in range(3)]
        for t, b in enumerate(s2):
            c = _colour_class(b)
            classes[c][0] |= 1 << t
            if t not in stay:
                classes[c][1] |= 1 << t
        self._classes = [(every, free) for every, free in classes]
        """By preference: the S2 players who have it, and those of them who may be left
        over, as bit sets of S2 indices."""
        self._p_r, self._x_h, self._j, self._k = p_r, x_h, j, k
        self._answers: dict[tuple[int, ...], bool] = {}

    def allows(self, taken: int, paired: int) -> bool:
        """Whether the counts leave a chance once the first ``paired`` S1 players have
        taken the S2 players ``taken`` (a bit set of S2 indices)."""
        counts = [(every & ~taken).bit_count() for every, _ in self._classes]
        free = [(leaver & ~taken).bit_count() for _, leaver in self._classes]
        key = (paired, *counts, *free)
        answer = self._answers.get(key)
        if answer is None:
            answer = self._answers[key] = colours_allow_counts(
                self._rows[paired], counts, free, self._p_r, self._x_h, self._j, self._k
            )
        return answer
