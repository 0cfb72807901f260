"""The test of one S1/S2 division's prefixes in C13's fit of the penultimate bracket
(Dutch C13; FIDE Handbook C.04.1, 1992 text).

C13 takes the penultimate bracket's first pairing in the procedure's order with which
the lowest bracket can be paired completely.  The pairings of one division are walked in
the order of D1 by fixing S1's partners one player at a time (a prefix);
:class:`.c13_fit.LowestFit` builds the division's graph (S1, S2, the players forced down,
the lowest bracket's residents and the bye) and :func:`prefix_test` answers, for each
prefix, whether the graph has a perfect matching holding the prefix's pairs (and, on the
shorter prefixes, keeping the lowest bracket's own limit of D2, :mod:`.fit_exchanges`).
Every good pairing through the prefix gives one, so a prefix refused has no good
completion.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.matching import complete_matching
from pairing.engine.matching.exposing import ExposingTree, exposing_tree
from pairing.engine.systems.dutch1992.fit_exchanges import (
    Parts,
    inside_parts,
    within_exchanges,
)

Prefix = Callable[[tuple[int, ...]], bool]


def prefix_test(
    p: int,
    inside: frozenset[int] | None,
    refused: Callable[[], bool],
    build: Callable[[], list[list[int]]],
    spend: Callable[[], None],
    tally: Callable[[], None],
    start: Callable[[list[list[int]]], list[int]] | None = None,
) -> Prefix:
    """The test of the prefixes of a division whose S1 has ``p`` players.

    ``inside``: the vertices of the lowest bracket's original S2 when it is paired as
    homogeneous (the limit of D2 is then asked), else None; ``refused``: whether the
    division is refused as a whole without its graph (``LowestFit._loosely_refused``);
    ``build``: the division's graph (S1 from 0, S2 from ``p``); ``spend``: count one
    matching about to be worked out (it may stop the search: ``OverBudget``); ``tally``:
    count one more worked out by the limit's closed form.

    A prefix one longer than one that passed is read from the vertices that some
    maximum matching leaves exposed once the longer prefix's last S1 player is gone
    (Gallai-Edmonds, :func:`~pairing.engine.matching.exposing.exposing_tree`): one search
    answers every partner he may take, where one matching each failed in full (601 of
    995 tests in round 76 of the 150-player, 116-round, seed-8059 event).  Only what that
    cannot refuse alone (the limit of D2 on the shorter prefixes, :data:`LIMITED_PREFIX`)
    is still worked out one prefix at a time, on a perfect matching holding the prefix's
    pairs: read from the same search where it says there is one (``grown``).  Round 48 of
    the 150-player, 144-round, seed-10743 event asks the limit of 7,000 prefixes the tree
    passed, each one augmenting search before (0.57 s, now 0.43 s)."""
    answers: dict[int, bool] = {}
    graph: list[list[int]] = []
    alive: list[bool] = []
    last: list[int] = []
    parts: list[Parts] = []
    exposable: dict[int, ExposingTree] = {}

    partners: list[tuple[int, ...] | None] = [None]
    """The S2 partners (indices) ``last`` gives S1's players, in order."""

    def keep(mate: list[int]) -> None:
        """Keep ``mate`` as ``last``, the matching the next ones are grown from."""
        last[:] = mate
        partners[0] = tuple(w - p for w in mate[:p])

    def paired(prefix: tuple[int, ...]) -> bool:
        """Whether ``last`` pairs the S1 players of ``prefix`` as it gives."""
        known = partners[0]
        return known is not None and known[: len(prefix)] == prefix

    def fresh() -> list[int]:
        """The matching the first search grows: ``start``'s, else none (Berge: whether a
        perfect matching exists does not depend on it)."""
        return [-1] * len(graph) if start is None else start(graph)

    def matched(prefix: tuple[int, ...]) -> list[int] | None:
        """A perfect matching of the graph with the prefix's pairs (grown from
        ``last``), or None when there is none."""
        spend()
        dead = [*range(len(prefix)), *(p + t for t in prefix)]
        for v in dead:
            alive[v] = False
        mate = list(last) if last else fresh()
        for v, w in enumerate(mate):
            if w != -1 and not (alive[v] and alive[w]):
                mate[v] = -1
        found = complete_matching(graph, mate, alive, greedy=True)
        for v in dead:
            alive[v] = True
        if not found:
            return None
        for i, t in enumerate(prefix):
            mate[i], mate[p + t] = p + t, i
        return mate

    def grown(prefix: tuple[int, ...], used: int) -> list[int] | None:
        """A perfect matching of the graph with the prefix's pairs, or None when there is
        none: read from the tree of the prefix without its last player when that has one
        and the last partner is one it may take (:meth:`ExposingTree.exposing`), else
        :func:`matched`.  Counted as the matching it stands for, so that the turns of
        ``fitted_search`` weigh the test as before."""
        if prefix:
            tree = exposable.get(used & ~(1 << prefix[-1]))
            v = p + prefix[-1]
            if tree is not None and tree.outer[v]:
                mate = tree.exposing(v, graph)
                if mate is not None:
                    spend()
                    for i, t in enumerate(prefix):
                        mate[i], mate[p + t] = p + t, i
                    return mate
        return matched(prefix)

    def extended(prefix: tuple[int, ...], used: int) -> bool | None:
        """Whether the graph has a perfect matching with the prefix's pairs, read
        from the prefix without its last player when that one passed; None when it
        has not been asked (or did not pass)."""
        head = prefix[:-1]
        before = used & ~(1 << prefix[-1])
        if not answers.get(before):
            return None
        tree = exposable.get(before)
        if tree is None:
            if not paired(head):
                mate = grown(head, before)
                if mate is None:
                    return None  # cannot happen: the shorter prefix passed
                keep(mate)
            spend()
            dead = [*range(len(head)), *(p + t for t in head)]
            for v in dead:
                alive[v] = False
            found = exposing_tree(graph, last, alive, len(head))
            for v in dead:
                alive[v] = True
            if found is None:
                return None  # cannot happen: ``last`` is a perfect matching
            tree = exposable[before] = found
        return tree.outer[p + prefix[-1]]

    def check(prefix: tuple[int, ...]) -> bool:
        used = 0
        for t in prefix:
            used |= 1 << t
        known = answers.get(used)
        if known is not None:
            return known
        if prefix and not check(()):
            return False  # no prefix has a completion when the division has none
        if not graph and refused():
            answers[used] = False
            return False
        if not graph:
            graph.extend(build())
            alive.extend([True] * len(graph))
        if paired(prefix):
            answers[used] = True  # the last matching found pairs the prefix as given
            return True
        limited = inside is not None and len(prefix) <= LIMITED_PREFIX
        if prefix:
            outer = extended(prefix, used)
            if outer is not None and not (outer and limited):
                answers[used] = outer
                return outer
        mate = grown(prefix, used)
        found = mate is not None
        if mate is not None and limited:
            assert inside is not None
            if not parts:
                parts.append(inside_parts(graph, inside))
            dead = [*range(len(prefix)), *(p + t for t in prefix)]
            for v in dead:
                alive[v] = False
            kept = within_exchanges(graph, alive, mate, inside, parts[0])
            for v in dead:
                alive[v] = True
            if kept is not mate:
                tally()  # the closed form's test worked out one more
            found = kept is not None
            if kept is not None:
                mate = kept
        if found and mate is not None:
            keep(mate)
        answers[used] = found
        return found

    return check


LIMITED_PREFIX = 4
"""The longest choice of S1's partners on which :class:`.c13_fit.LowestFit` asks the lowest
bracket's own limit of D2 (:mod:`.fit_exchanges`); longer ones ask the perfect matching
alone.  Either answer only refuses choices without a good completion, so the limit may
be asked anywhere; it pays where it refuses early, before the search walks on.  Measured
at 150 players (processor time of the round, the limit asked up to 2, 4 and everywhere,
each a weighted test then): round 48 of the 139-round seed-3103 event 1.35, 0.18, 0.18 s
(its refusals come at 2 to 4 partners); round 55 of the 145-round seed-7090 event 0.85,
0.12 s; round 59 of the 132-round seed-2950 event 0.31 s each (over 60 s without the
limit); round 50 of the 125-round seed-6515 event 0.40, 0.41, 1.00 s (its refusals come
at 5 to 8 partners, each a weighted test that saves nothing).  Since most refusals are
answered by the Gallai-Edmonds test instead (``fit_exchanges``), up to 4, 5, 6 and 7:
round 48 of the 115-round seed-7062 event 0.58, 0.19, 0.21, 0.21 s (its S1 has five
players: a whole choice refused by the limit is not walked on to the lowest bracket);
round 43 of the 124-round seed-2607 event 0.23, 0.12, 0.12, 0.13 s; the seed-6515 round
0.43, 0.43, 0.44, 0.66 s; no other round of 150 players over 0.15 s changed by more than
the noise (0.02 s).  Since C13's fit takes only conflict-free pairs at x = 0
(``levels``), up to 4 and 5: the seed-6515 round 0.35, 0.98 s; the seed-7062 round 0.10,
0.08 s; rounds 59 of seed 2950, 48 of seed 3103, 65 of seed 2796 and 51 of seed 6548
within 0.02 s."""
