"""The players kept up by C12 and C13 against the exchanges of a division (Dutch C8,
C12, C13, D2).

FIDE Handbook C.04.1 (1992 text).  A division of a bracket gives nothing at any level
when its S1 cannot be paired into S2, or the S2 players who must be paired cannot all be
paired into S1, under B1 and B2 alone (:meth:`Feasibility.division_possible`).  The C13
sub-searches of a penultimate bracket try the same exchanges of the same bracket with
many sets of players kept up, each of whom must be paired: the second question is asked
again for each set.  Its answer depends only on S1 and on the S2 players who must be
paired, so it is remembered by those and shared by every set of players kept up that
gives the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.criteria import LOOSEST, may_leave
from pairing.engine.systems.dutch1992.divisions import Matching, covers
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility


class KeptCovers:
    """For the divisions of one bracket: whether the S2 players who must be paired, with
    the players kept up, can be paired into S1 (the part of
    :meth:`Feasibility.division_possible` that depends on the players kept up).

    ``rows``: the bracket's partner masks with every float criterion dropped (B1, B2);
    ``staying``: the players who may not be left unpaired even then (B1b in the lowest
    bracket); ``position``: each player's position in the bracket, by number.  A player
    kept up in S2 without a partner in S1 rules the division out at once.
    """

    __slots__ = ("_answers", "_everyone", "_rows", "_staying", "divisions", "position")

    def __init__(self, rows: Sequence[int], staying: int, position: dict[int, int]) -> None:
        self._rows = rows
        self._staying = staying
        self._everyone = (1 << len(rows)) - 1
        self._answers: dict[tuple[int, int], bool] = {}
        self.position = position
        self.divisions: dict[tuple[int, int], tuple[int, bool]] = {}
        """By p and exchange index: the division's S1 (a bit set of positions) and
        whether it gives anything with no player kept up (filled by the caller)."""

    def covered(self, side1: int, kept: int) -> bool:
        """Whether the S2 players who must be paired, those of ``kept`` (a bit set of
        positions) in S2 included, can all be paired into ``side1`` (Berge, Kuhn)."""
        side2 = self._everyone & ~side1
        required = (self._staying | kept) & side2
        key = (side1, required)
        answer = self._answers.get(key)
        if answer is None:
            rows = self._rows
            answer = all(rows[u] & side1 for u in _positions(kept & side2)) and covers(
                rows, required, side1, Matching([-1] * len(rows), 0)
            )
            self._answers[key] = answer
        return answer


def kept_covers_of(
    feasibility: Feasibility, players: Sequence[Entrant], moved: frozenset[int], lowest: bool
) -> KeptCovers:
    """The :class:`KeptCovers` of a bracket, read from the facts that
    :meth:`Feasibility.division_possible` reads: its partner masks with every float
    criterion dropped and the players who may not be left unpaired even then."""
    return KeptCovers(
        feasibility.partner_masks(players, LOOSEST, moved),
        _bits(
            i
            for i, e in enumerate(players)
            if not may_leave(e, LOOSEST, moved, lowest, frozenset())
        ),
        {e.number: i for i, e in enumerate(players)},
    )
