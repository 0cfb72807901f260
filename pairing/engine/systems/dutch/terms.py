"""The weight of a pair (C.04.3 2026, Article 2, C6-C21) summed from each player's terms.

:func:`.criteria.edge_weight` adds each criterion's value at its field's offset.  Most
of those values belong to one player of the pair: C6 and C7 (the higher player's score),
C8 (the higher player's score), C9 (each player's games played), C14-C21 (each
player's floats, at his score's sub-field).  Only C3, C10-C13 (the two players'
colours) and the scores compared in C14, C15, C19 and C21 need both.  So each player's
own terms are worked out once a round, and a pair's weight is their sum, with the
colour fields read from a table of the round's colour kinds and the score comparison
added in: the same integer as :func:`~.criteria.edge_weight`'s, asked for every pair of
every bracket's graph (#38; ``tests/engine/test_dutch_pair_terms.py`` holds the two
equal for every pair and place of the rounds of a sweep event).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from pairing.engine.floats import Float
from pairing.engine.systems.dutch.criteria import ByeContext, Layout, colour_fields, offsets
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow, compatible


class PairTerms:
    """Each player's terms of the weight, for one round's ``players`` (by index)."""

    def __init__(self, players: Sequence[Entrant], layout: Layout, bye: ByeContext) -> None:
        at = offsets(layout)
        shift = layout.shifts
        self.players = list(players)
        backs = range(len(at.floats))
        c6 = 1 << at.c6
        self.scores = [p.score for p in players]
        self.next_term = [
            (1 << at.c8_pairs) + (1 << (at.c8_scores + shift[p.score])) for p in players
        ]
        """C8 (the lower player in the next score group): the pair, the higher score."""
        self.bye_term = [
            bye.played_rank[p.played_games] << at.c9 if p.score == bye.score else 0 for p in players
        ]
        """C9 (the single downfloater takes the bye): each player's games played."""
        self.high_term: list[int] = []
        """C6, C7, C15, C18-C21 for the higher player in the bracket, as if the lower
        player has no upfloat against a higher score."""
        self.low_term: list[int] = []
        """C14 and C18, C20 for the lower player in the bracket."""
        self.high_down: list[int] = []
        """C14, C16 for the higher player's downfloats, when his score is no higher."""
        self.low_up: list[tuple[int, tuple[int, ...]]] = []
        """C15, C17 and the offsets of C19, C21 the lower player's upfloats take away
        from a higher player's terms (his score above the lower player's)."""
        for p in players:
            own = shift[p.score]
            high = c6 + (1 << (at.c7 + own))
            low = 0
            down = 0
            up = 0
            up_scores: list[int] = []
            for back in backs:
                c14, c15 = at.floats[back]
                c18, c19 = at.float_scores[back]
                floated = p.floats[back]
                high += (1 << c15) + (1 << (c19 + own))
                if floated is Float.DOWN:
                    high += 1 << (c18 + own)
                    low += (1 << c14) + (1 << (c18 + own))
                    down += 1 << c14
                elif floated is Float.UP:
                    up += 1 << c15
                    up_scores.append(c19)
            self.high_term.append(high)
            self.low_term.append(low)
            self.high_down.append(down)
            self.low_up.append((up, tuple(up_scores)))
        self.shift = [shift[p.score] for p in players]
        kinds: dict[Hashable, int] = {}
        self.colour_kind = [
            kinds.setdefault(
                (p.imbalance, p.preference, p.absolute, p.strong, p.repeated), len(kinds)
            )
            for p in players
        ]
        self._kinds = len(kinds)
        self._colours: dict[int, int] = {}
        self._colour_offsets = at.colours

    def _colour_term(self, high: int, low: int) -> int:
        """C10-C13 of the pair, by the players' colour kinds, worked out once a round."""
        key = self.colour_kind[low] * self._kinds + self.colour_kind[high]
        found = self._colours.get(key)
        if found is None:
            found = 0
            values = colour_fields(self.players[low], self.players[high])
            for offset, value in zip(self._colour_offsets, values, strict=True):
                if value:
                    found += 1 << offset
            self._colours[key] = found
        return found

    def weight(
        self,
        high: int,
        low: int,
        in_bracket: bool,
        in_next: bool,
        single: bool,
        regardless_of_c1: bool = False,
    ) -> int:
        """:func:`~.criteria.edge_weight` of ``players[high]`` with ``players[low]``
        without the completion field: 0 when C1 or C3 forbids the pair (C3 only,
        ``regardless_of_c1``)."""
        a, b = self.players[high], self.players[low]
        if not (colours_allow(a, b) if regardless_of_c1 else compatible(a, b)):
            return 0
        weight = 0
        if in_next:
            weight = self.next_term[high]
        if single:
            weight += self.bye_term[high] + self.bye_term[low]
        if not in_bracket:
            return weight
        weight += self.high_term[high] + self.low_term[low] + self._colour_term(high, low)
        if self.scores[high] <= self.scores[low]:
            return weight + self.high_down[high]
        up, up_scores = self.low_up[low]
        if up:
            own = self.shift[high]
            weight -= up
            for c19 in up_scores:
                weight -= 1 << (c19 + own)
        return weight
