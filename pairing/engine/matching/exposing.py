"""The failed search that says which vertices a maximum matching can leave exposed, kept
to give, for each of them, such a matching without another search.

:func:`~.blossom.exposable_without` answers, from a perfect matching of a graph, for
every vertex ``v`` whether the graph less one vertex ``gone`` and ``v`` has a perfect
matching: once ``gone`` leaves, its partner (the root) alone is exposed, and the vertices
some maximum matching leaves exposed are the outer vertices of the failed search from
the root (Gallai-Edmonds).  Each such vertex is the end of an even alternating path from
the root, and turning that path over gives the matching that exposes it.  The search's
parent links hold the path as they hold an augmenting one (Edmonds' search reads an
augmenting path to a free vertex ``y`` found next to an outer vertex the same way), so
:meth:`ExposingTree.exposing` reads it from ``v``'s partner, and checks what it read: a
matching it cannot vouch for is not given (the caller then searches as before).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .blossom import _augment


@dataclass(frozen=True, slots=True)
class ExposingTree:
    """The failed search from the root of :func:`exposing_tree`."""

    outer: list[bool]
    """For each vertex, whether some maximum matching of the vertices left exposes it."""
    parent: list[int]
    """The search's parent links (-1 where none)."""
    mate: list[int]
    """The matching the search grew: the perfect matching without ``gone``'s pair."""
    left: list[bool]
    """The vertices left: the alive ones less ``gone``."""
    root: int
    """``gone``'s partner, the one vertex ``mate`` leaves exposed among those left."""

    def exposing(self, v: int, adjacent: Sequence[Sequence[int]]) -> list[int] | None:
        """A perfect matching of the vertices left less the outer vertex ``v`` (``v``
        unmatched, the vertices not left as in :attr:`mate`), read from the tree by
        turning over the alternating path from the root to ``v``; None when what is read
        is not one (the caller then searches for it).

        What is read is checked: a path of edges between vertices left, none twice and
        not ``v``, from ``v``'s partner to the one vertex left that :attr:`mate` leaves
        exposed (the walk stops only there).  Turning over such a path changes only its
        pairs: the root is matched, ``v`` exposed, every other pair kept."""
        mate = list(self.mate)
        if v == self.root:
            return mate
        to = mate[v]
        if to == -1 or not self.outer[v]:
            return None
        left = self.left
        parent = self.parent
        mate[v] = -1
        turned: list[int] = []
        while to != -1:
            previous = parent[to]
            if previous == -1 or not left[previous] or previous not in adjacent[to]:
                return None
            following = mate[previous]
            mate[to], mate[previous] = previous, to
            turned.append(to)
            turned.append(previous)
            if len(turned) > len(mate):
                return None
            to = following
        if v in turned or len(set(turned)) < len(turned):
            return None
        return mate


def exposing_tree(
    adjacent: Sequence[Sequence[int]], mate: Sequence[int], alive: Sequence[bool], gone: int
) -> ExposingTree | None:
    """:func:`~.blossom.exposable_without` with its failed search kept: given ``mate``, a
    perfect matching of the ``alive`` vertices (``gone`` among them), the search from
    ``gone``'s partner once ``gone`` has left; None when ``mate`` is not one."""
    partner = mate[gone]
    if partner == -1:
        return None
    rest = list(mate)
    rest[gone] = rest[partner] = -1
    left = list(alive)
    left[gone] = False
    even: list[bool] = []
    parents: list[int] = []
    if _augment(partner, adjacent, rest, left, even, parents) is None:
        return None
    return ExposingTree(even, parents, rest, left, partner)
