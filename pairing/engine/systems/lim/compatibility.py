"""Lim 9.1 and 13: which players may meet, and how many pairings a set allows."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.matching import ShrinkingMatching, matching_size
from pairing.engine.messages import Message, words
from pairing.engine.model import TournamentState
from pairing.engine.systems.lim.players import BLACK_BIT, WHITE_BIT, Entrant


def colours_legal(a: Entrant, b: Entrant) -> bool:
    """True when some allocation keeps both players within Lim 9.1's colour limits."""
    return bool(
        (a.permitted & WHITE_BIT and b.permitted & BLACK_BIT)
        or (a.permitted & BLACK_BIT and b.permitted & WHITE_BIT)
    )


class GroupMatching:
    """A maximum matching of a group's compatibility graph, kept up to date while players
    leave it (the look-ahead of Lim 11.1-11.4): :class:`~.matching.ShrinkingMatching`
    over the positions of ``players``.
    """

    def __init__(self, players: Sequence[Entrant], compatible: Callable[[Entrant, Entrant], bool]):
        self.players = list(players)
        self.position = {p.pairing_number: i for i, p in enumerate(self.players)}
        adjacent: list[list[int]] = [[] for _ in self.players]
        for i, a in enumerate(self.players):
            for j in range(i + 1, len(self.players)):
                if compatible(a, self.players[j]):
                    adjacent[i].append(j)
                    adjacent[j].append(i)
        self._matching = ShrinkingMatching(adjacent)

    @property
    def size(self) -> int:
        """The size of the present maximum matching."""
        return self._matching.size

    def size_without(self, gone: Sequence[Entrant], *, bound: int | None = None) -> int:
        """The size of a maximum matching once ``gone`` have left (see
        :meth:`ShrinkingMatching.size_without`)."""
        return self._matching.size_without(
            [self.position[p.pairing_number] for p in gone], bound=bound
        )

    def remove(self, gone: Sequence[Entrant], *, bound: int | None = None) -> int:
        """Let ``gone`` leave for good; returns the new maximum size."""
        return self._matching.remove([self.position[p.pairing_number] for p in gone], bound=bound)


class Compatibility:
    """The round's compatibility rules (Lim 9.1, 13) and the matching checks built on them."""

    def __init__(self, state: TournamentState, *, maxi: bool) -> None:
        self.maxi = maxi
        self.last_round = state.is_last_round and state.rounds_completed > 0
        self.round_number = state.round_number

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """True when a and b may be paired (Lim 9.1).

        Our reading of Lim 13: in the last round, keeping equal scores together outranks
        the colour limits, so two players with the same score who have not met are
        compatible whatever their colours.  Players of different scores still need
        Lim 9.1.
        """
        if b.pairing_number in a.avoid or a is b:
            return False
        return (self.last_round and a.score == b.score) or colours_legal(a, b)

    def why_incompatible(self, a: Entrant, b: Entrant) -> Message:
        """Why two players may not be paired, in words (Lim 9.1)."""
        if b.pairing_number in a.avoid:
            return words("explain.lim.skip_met")
        return words("explain.lim.skip_colours")

    def _dirac(self, players: Sequence[Entrant]) -> bool:
        """True when every player is compatible with at least half of the others.

        By Dirac's theorem the compatibility graph then has a Hamiltonian cycle, so all
        players can be paired (all but any one when their number is odd).  Degrees are
        bounded from below cheaply, so a False answer proves nothing.
        """
        n = len(players)
        if n < 3:
            return False
        # A player allowed one colour only clashes with the others allowed only that one
        # (counted even where Lim 13 waives it: the bound stays a lower bound).
        single = {WHITE_BIT: 0, BLACK_BIT: 0}
        for p in players:
            if p.permitted in single:
                single[p.permitted] += 1
        for p in players:
            clash = single[p.permitted] - 1 if single.get(p.permitted, 0) else 0
            if 2 * (n - 1 - len(p.avoid) - clash) < n:
                return False
        return True

    def max_pairs(self, players: Sequence[Entrant]) -> int:
        """The largest number of compatible pairings among ``players`` (a matching)."""
        n = len(players)
        if n < 2:
            return 0
        if n == 2:
            return 1 if self.compatible(players[0], players[1]) else 0
        if self._dirac(players):
            return n // 2
        index = {p.pairing_number: i for i, p in enumerate(players)}
        adjacent = [
            [index[q.pairing_number] for q in players if q is not p and self.compatible(p, q)]
            for p in players
        ]
        return matching_size(adjacent)

    def can_pair(self, players: Sequence[Entrant], needed: int) -> bool:
        """True when ``needed`` compatible pairings can be made among ``players``."""
        if needed <= 0:
            return True
        if 2 * needed > len(players):
            return False
        if self._dirac(players):
            return True
        return self.max_pairs(players) >= needed
