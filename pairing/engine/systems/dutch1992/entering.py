"""Whether any division within D2's exchanges can pair a level within x colour conflicts,
decided exactly by the players of S2 who enter S1 (Dutch A8, B4, C6-C8, D2).

FIDE Handbook C.04.1 (1992 text).  A level (a group, p, x and the float criteria) whose
original S1 and S2 give nothing tries every exchange of D2, each with every
transposition, before C11 raises x.  When none of them pairs it within x, proving so
walks every exchange: in round 74 of the 150-player, 123-round, seed-2875 event the
lowest bracket of 53 players, joined by C13, tried 10,000 exchanges at x = 2 for 3.7 s,
then found its pairing at x = 3.  The bounds asked before the walk
(:func:`lowest.priced_conflicts_within_exchanges`, Lagrange's relaxation of the limit
of two exchanges) bound that level by 2 only: the cheapest matching with 2 conflicts has
3 pairs inside the original S2, the cheapest with at most 2 such pairs has 3 conflicts.

Every pairing of a division within two exchanges is a perfect matching of the group
(the players left over matched to stand-ins, as in :func:`lowest.least_conflicts`) with
at most two pairs inside the original S2 N, each of which holds one of the at most two
players of N that the exchange put in S1 (:func:`lowest.within_exchange_witness`).  So
for some set E of two players of N (or fewer, when fewer have a partner in N at all) it
is a perfect matching of the group without the pairs inside N that hold neither: one
question of whether a perfect matching has at most x conflicts for each such E.  When no
E has one, no division within D2's exchanges gives a pairing of the level at x, and
there is nothing after the exchanges tried so far either.  Only that direction is used.

D2 never exchanges the two highest S1 players together when S2 is the larger
(:func:`exchanges.exchange_order`), so a matching leaving both of them over pairs no
division: they leave over by one stand-in vertex of their own (:func:`top_pair`).  With
it, the other way holds too: each such matching with at most two pairs inside N is the
pairing of a division within D2 (one player of each pair inside N enters S1; each
player of S1 left over, and one of each pair inside S1, leaves it).  So a C12
sub-search resumed after a pairing of the level asks as well: in round 65 of the
150-player, 130-round, seed-2913 event, three of them walked 3,200 exchanges each
(searching 460 to 720) for nothing, where the matchings without that stand-in kept the
two highest players over.  In round 68 of the 150-player, 132-round, seed-7075
event the only matchings of a 37-player level at x = 5 left both over, and its 2,252
exchanges were walked for 0.4 s.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from pairing.engine.matching.exposed_pairs import exposed_pairable
from pairing.engine.matching.primal_dual import certified_matching
from pairing.engine.systems.dutch1992.brackets import Phase
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    may_leave,
)
from pairing.engine.systems.dutch1992.entering_sets import group_graph
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.listing import _Listing
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    PENALTIES,
    Witness,
    _budget_matching,
    _witness,
)
from pairing.engine.systems.dutch1992.optima import warm_matching
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

PATIENCE = 64
"""The exchanges a level tries before :func:`patient` asks :func:`refuted`.  Most levels
find their pairing (or pass over every exchange cheaply) well before; one that walks on
pays for one question, a weighted matching of the group and a few matchings (about 5 ms
at 40-60 players), less than the walk of these exchanges."""

RESUMED_PATIENCE = 32
"""The exchanges a search resumed after a pairing of its level (C12, C13) searches
without a pairing before :func:`patient` asks :func:`refuted`, a few times as long as
the question takes when it finds a matching: most such searches find a pairing after a
few searched among a few hundred read (in round 65 of the 150-player, 127-round,
seed-2796 event, 179 of 180 after fewer than 32, where asking after 16 cost 40 ms and
after 64 read 80 ms), while one that has none left searches hundreds (460 to 720 in
round 65 of the 130-round, seed-2913 event)."""

MOST_QUESTIONS = 600
"""At most this many sets E are asked (:func:`entering_witness`); a level with more
players of N having partners in N is not decided here and walks its exchanges as before."""


LOOK_AHEAD = 256
"""The exchanges a search resumed after a pairing of its level (a C12 or C13
sub-search keeping one more player up) reads before it asks the level's bounds with its
players kept up (:func:`patient_survivors`).  In round 65 of the 150-player, 127-round,
seed-2796 event, C12's 200 sub-searches mostly found their pairing within a few dozen
exchanges; the bounds first cost each about a millisecond."""


RESUMED_WALK = 1024
"""The places of the exchanges' listing a search resumed after a pairing of its level
(C12, C13) reads without one before :func:`patient_survivors` asks :func:`refuted`,
whatever it has searched: the listing of the survivors marks every such place
(:data:`WALKED`), so a walk through exchanges that the colour bounds pass over stops
there too.  In round 68 of the 150-player, 130-round, seed-8085 event two C12
sub-searches of a 31-player level walked 2,300 exchanges (a third of the round) to the
listing's end, searching fewer than ten, where the question had said none was left."""

WALKED = -2
"""S1 of an exchange listed only to mark :data:`RESUMED_WALK` places read."""


PRICED_FROM = 24
"""From this many sets E left within x by the duals' bound, :func:`entering_witness`
first asks :func:`priced_refutation` (one to three weighted matchings), which may prove
them all barren at once.  In round 70 of the 150-player, 148-round, seed-9037 event a
33-player level at p = 5 asked 276 sets (0.43 s) for none: its five S1 players have four
allowed partners among them, and one of the two highest (whose only partner gives a
conflict) stays paired (D2), so every pairing of five pairs needs three pairs inside the
original S2 or two conflicts, which the priced matching shows in one."""


class Undecided(Exception):
    """:func:`entering_witness` would ask more than :data:`MOST_QUESTIONS` matchings."""


def top_pair(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> tuple[int, int] | None:
    """The numbers of the two highest S1 players when D2 keeps them from leaving S1
    together and a matching of the level could leave both over: S1 of two players or
    more, S2 the larger, at least two players left over, and both allowed to be (Dutch
    A5, D2); else None."""
    if p < 2 or len(players) - p <= p or len(players) - 2 * p < 2:
        return None
    if not all(may_leave(players[i], rules, moved, lowest, keep) for i in (0, 1)):
        return None
    return players[0].number, players[1].number


def entering_gain(chosen: Sequence[int], best: Mapping[int, Sequence[tuple[int, int]]]) -> int:
    """The most that pairs inside N at the players of E (``chosen``) can add, twice, to
    the weight of a matching of the group without them (Dutch B4, D2): the largest sum
    of the gains (the negated slacks of :meth:`Optimum.slack`) of a set of such pairs
    that is itself a matching, at most one at each player of E.

    ``best`` gives each player's pairs inside N of positive gain as (gain, partner), the
    greatest first; only the first ``2 * len(chosen) - 1`` are read, enough whatever the
    other players of E take (each takes at most two of his partners away).  The duals
    bound a matching's weight by the greatest without the pairs added plus half each
    one's negated slack, so :func:`entering_witness`'s bound adding the best gain at each
    player of E alone counts a pair between two of them, or a partner two of them share,
    twice; this sum counts each pair once and lets no two pairs meet."""
    width = 2 * len(chosen) - 1

    def most(k: int, used: frozenset[int]) -> int:
        if k == len(chosen):
            return 0
        v = chosen[k]
        if v in used:
            return most(k + 1, used)
        answer = most(k + 1, used)
        for gain, w in best.get(v, ())[:width]:
            if w not in used:
                answer = max(answer, gain + most(k + 1, used | {v, w}))
        return answer

    return most(0, frozenset())


def entering_witness(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    x: int,
) -> Witness | None:
    """A perfect matching of the level's shape with at most ``x`` colour conflicts and at
    most :data:`EXCHANGES` pairs inside the original S2, or None when there is none
    (then no division within D2's exchanges pairs the level at ``x``; see the module).

    The players of N with a partner in N are E's candidates: E is every set of
    :data:`EXCHANGES` of them (all of them when fewer).  First one weighted matching of
    the group without any pair inside N, the fewest conflicts first (as in
    :func:`lowest.least_conflicts`), with its duals: a matching with E's pairs inside N
    added uses at most one of them at each player of E, so it has no fewer conflicts
    than that optimum less half the negated reduced cost of the cheapest pair inside N
    at each player of E (:meth:`Optimum.slack`).  The sets E this bound leaves within x
    are taken, the most promising first; one whose own pairs inside N, each counted once
    and none two sharing a player (:func:`entering_gain`), still leave it over x is
    passed (in round 61 of the 150-player, 145-round, seed-10018 event, C12's
    sub-searches kept one player up each and asked 6 to 28 sets of a level at x = 3 that
    this passes all of, the best pairs of E's two players mostly sharing a partner).
    So is one whose conflict-free pairs leave more than 2x players free, or exactly 2x
    that no x pairs with a conflict can join (:func:`exposed_pairable`, by Gallai and
    Edmonds: in round 68 of the 150-player, 121-round, seed-10008 event, all 156 sets
    of a level at x = 1, each a weighted matching).  Each other is asked as
    :func:`lowest._budget_matching` with the conflicts as the costly pairs and ``x`` as
    the budget; two sets keeping the same pairs inside N are asked once, each begun from
    the optimum of the one before (:func:`optima.warm_matching`).  Raises
    :class:`Undecided` past :data:`MOST_QUESTIONS` questions.

    When :func:`top_pair` names the two highest S1 players, they leave over through a
    vertex of their own, joined to another that takes a stand-in when either does, so
    that at most one of them is left over (D2).
    """
    tops = top_pair(players, p, rules, moved, lowest, keep)
    graph = group_graph(players, p, rules, moved, lowest, keep, tops)
    if graph is None or x < 0:
        return None
    size, heavy, weights, inside = graph.size, graph.heavy, graph.weights, graph.inside
    optimum = certified_matching(range(size), weights)
    mate = optimum.mate
    twice_least = 2 * (size // 2 * heavy - sum(weights[(v, w)] for v, w in mate.items() if v < w))
    gains: dict[int, int] = {}
    added: dict[int, list[tuple[int, int]]] = {}
    for i, j, conflict in inside:
        gain = -optimum.slack(i, j, heavy - conflict)
        for v, w in ((i, j), (j, i)):
            gains[v] = max(gains.get(v, 0), gain)
            if gain > 0:
                added.setdefault(v, []).append((gain, w))
    if len(mate) == size and twice_least <= 2 * x:
        return _witness(players, p, mate)
    best = {v: sorted(row, reverse=True)[: 2 * EXCHANGES - 1] for v, row in added.items()}
    entering = sorted(gains)
    bounds = sorted(
        (twice_least - sum(gains[v] for v in chosen), chosen)
        for chosen in itertools.combinations(entering, min(EXCHANGES, len(entering)))
    )
    cheap: list[list[int]] = [[] for _ in range(size)]
    costly: list[list[int]] = [[] for _ in range(size)]
    for (i, j), weight in weights.items():
        (cheap if weight == heavy else costly)[i].append(j)
        (cheap if weight == heavy else costly)[j].append(i)
    start = [-1] * size
    for v, w in mate.items():
        if weights[(min(v, w), max(v, w))] == heavy:
            start[v] = w
    asked: set[frozenset[int]] = set()
    warm = ("entering", tuple(e.number for e in players), p, rules, moved, lowest, size)
    within = sum(1 for bound, _ in bounds if bound <= 2 * x)
    if within >= PRICED_FROM and priced_refutation(size, weights, heavy, inside, x, warm):
        return None
    for bound, chosen in bounds:
        if bound > 2 * x:
            break  # this set E and every one after it need more than x conflicts
        if twice_least - entering_gain(chosen, best) > 2 * x:
            continue  # E's own pairs inside N cannot bring the conflicts within x
        kept = frozenset(k for k, (i, j, _) in enumerate(inside) if i in chosen or j in chosen)
        if kept in asked:
            continue
        asked.add(kept)
        if len(asked) > MOST_QUESTIONS:
            raise Undecided
        cheap_e = [list(row) for row in cheap]
        costly_e = [list(row) for row in costly]
        for k in kept:
            i, j, conflict = inside[k]
            (costly_e if conflict else cheap_e)[i].append(j)
            (costly_e if conflict else cheap_e)[j].append(i)
        if exposed_pairable(cheap_e, costly_e, start, x) is False:
            continue  # no matching of E's graph has x conflicts or fewer (Gallai-Edmonds)
        found = _budget_matching(cheap_e, costly_e, x, warm)
        if found is not None:
            return _witness(players, p, dict(enumerate(found)))
    return None


def priced_refutation(
    size: int,
    weights: dict[tuple[int, int], int],
    heavy: int,
    inside: Sequence[tuple[int, int, bool]],
    x: int,
    warm: tuple[object, ...],
) -> bool:
    """Whether Lagrange's relaxation of the limit of :data:`EXCHANGES` pairs inside the
    original S2 proves that no set E of :func:`entering_witness` has a matching within
    ``x`` colour conflicts (Dutch B4, D2).

    ``weights`` are :func:`entering_witness`'s graph without the pairs inside N (each
    weighing ``heavy`` less its conflict, the stand-ins and the top pair's vertices as
    there) and ``inside`` those pairs (i, j, conflict).  Every matching of any set E's
    graph is a perfect matching of the graph with all of them, and has at most
    :data:`EXCHANGES` pairs inside N (each holds its own player of E).  Pricing each
    conflict at two and each pair inside N at ``m`` (:data:`PENALTIES`), such a matching
    within ``x`` costs at most ``2 * x + EXCHANGES * m``: when the cheapest perfect
    matching of all costs more (or there is none), no set E has one.  When the cheapest
    has at most :data:`EXCHANGES` pairs inside N, no higher price proves more (as in
    :func:`lowest.priced_conflicts_within_exchanges`).  ``warm`` keys the optima begun
    from (:func:`optima.warm_matching`)."""
    for price in PENALTIES:
        dear = (size // 2) * (2 + price) + 1
        priced = {edge: dear - 2 * (heavy - weight) for edge, weight in weights.items()}
        for i, j, conflict in inside:
            priced[(i, j)] = dear - 2 * conflict - price
        mate = warm_matching((*warm, "priced", price), size, priced)
        if len(mate) < size:
            return True
        cost = sum(dear - priced[(v, w)] for v, w in mate.items() if v < w)
        if cost > 2 * x + EXCHANGES * price:
            return True
        pairs = {(i, j) for i, j, _ in inside}
        if sum(1 for v, w in mate.items() if v < w and (v, w) in pairs) <= EXCHANGES:
            return False
    return False


def refuted(
    front: WitnessFront,
    kept: frozenset[int],
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    x: int,
) -> bool:
    """Whether no division within D2's exchanges pairs the level at ``x`` with the players
    ``kept`` up (:func:`entering_witness`); False when a matching of ``front`` (the
    level's, :class:`WitnessFront`) shows one may, or when it is not decided.  A matching
    found is added to ``front``: it shows the level's colour bounds at most ``x`` too.
    The front's matchings may leave both players of :func:`top_pair` over: one of them
    shows the level may be paired only when it keeps one of those two."""
    tops = top_pair(players, p, rules, moved, lowest, kept)
    if tops is None:
        if front.witnessed(kept, x)[0]:
            return False
    elif any(front.witnessed(kept | {top}, x)[0] for top in tops):
        return False
    try:
        witness = entering_witness(players, p, rules, moved, lowest, kept, x)
    except Undecided:
        return False
    if witness is None:
        return True
    front.add(witness)
    return False


Split = tuple[int, Sequence[Entrant], Sequence[Entrant]]


def patient(
    splits: Iterable[Split],
    after: tuple[int, tuple[int, ...]] | None,
    possible: Callable[[int, Sequence[Entrant], Sequence[Entrant]], bool],
    phases: Callable[[int, Sequence[Entrant], Sequence[Entrant]], Iterator[Phase]],
    ask: Callable[[], bool] | None,
) -> Iterator[Phase]:
    """The pairings of a level's exchanges in D2 order (``LevelSearch.split_pairings``):
    each exchange ``splits`` lists (index, S1, S2) from the one of ``after`` on that is
    ``possible`` gives its ``phases``.

    After :data:`PATIENCE` exchanges without a pairing, ``ask()`` (:func:`refuted`) is
    asked once, and when it says that no division within the exchanges can pair the
    level, the rest are not tried: none of them would give a pairing.  It is not asked
    (None) when the original division gave one.  A search resumed after a pairing of
    this level (``after``) has pairings before, but with its players kept up maybe none
    left (C12, C13): it asks after :data:`RESUMED_PATIENCE` exchanges searched without
    one.
    """
    tried = searched = 0
    given = after is not None
    found = False
    later = ask if after is not None else None  # asked by a resumed search
    for index, s1, s2 in splits:
        if after is not None and index < after[0]:
            continue
        if possible(index, s1, s2):
            for phase in phases(index, s1, s2):
                given = found = True
                yield phase
            searched += 1
            if searched == RESUMED_PATIENCE and not found and later is not None and later():
                return
        tried += 1
        if tried == PATIENCE and ask is not None and not given and ask():
            return


Survivor = tuple[int, int, Sequence[Entrant], Sequence[Entrant], int]
"""An exchange that no player kept up rules out: its place among the exchanges
:func:`patient` would read (past :data:`PATIENCE`, counted in D2 order:
``LevelExchanges._walk``), its index in D2 order, S1, S2 and S1 as a bit set (-1 for
the exchange at :data:`PATIENCE` listed only to ask there, :data:`WALKED` for one listed
only to mark the places read)."""


def patient_survivors(
    survivors: _Listing[Survivor],
    after: tuple[int, tuple[int, ...]] | None,
    covered: Callable[[int], bool],
    phases: Callable[[int, Sequence[Entrant], Sequence[Entrant]], Iterator[Phase]],
    ask: Callable[[], bool] | None,
    bounded: Callable[[], bool] | None = None,
) -> Iterator[Phase]:
    """:func:`patient` reading only the exchanges already found possible with no player
    kept up, each then ``covered`` with the players kept up: the same pairings, as the
    exchanges left out would give none.  ``ask`` is asked as :func:`patient` asks it,
    after the :data:`PATIENCE` th exchange of the full listing (listed with S1 -1 when
    left out), or, should a listing leave it out, before the next one read (those
    between gave nothing); a search resumed after a pairing (``after``) asks it after
    :data:`RESUMED_PATIENCE` exchanges searched without one, as :func:`patient`, or
    once it has read :data:`RESUMED_WALK` places of the listing without one (asked once:
    the answer would be the same).

    ``bounded`` (the level's bounds, ``LevelSearch._level_open``, not yet asked) is
    asked once :data:`LOOK_AHEAD` exchanges have been read without a pairing: when it
    says the level has none, the rest are not read (they would give none either)."""
    given = after is not None
    waiting = ask is not None and not given
    searched = 0
    found = False
    later = ask if after is not None else None  # asked by a resumed search
    unread = LOOK_AHEAD
    start = 0
    if after is not None:
        # The exchanges listed so far are in D2 order: the resumed search starts at the
        # first at or after its own (C12 and C13 resume deep in long listings).
        start = bisect.bisect_left(survivors.produced, after[0], key=_index)
    begin = -1
    reading = start - 1
    for place, index, s1, s2, side1 in survivors.reading_from(start):
        reading += 1
        if after is not None and index < after[0]:
            continue
        if begin < 0:
            begin = place
        if (
            later is not None
            and not found
            and place - begin >= RESUMED_WALK
            and reading + 1 == len(survivors.produced)
        ):
            # This reader walks exchanges no reader has walked: the question may end it.
            if later():
                return
            later = None
        if side1 == WALKED:
            continue
        if bounded is not None:
            unread -= 1
            if not unread:
                if not bounded():
                    return
                bounded = None
        if waiting and place >= PATIENCE and not given:
            waiting = False
            if ask is not None and ask():
                return
        if side1 >= 0 and covered(side1):
            for phase in phases(index, s1, s2):
                given = found = True
                bounded = None  # the level has a pairing: the bounds would pass it
                yield phase
            searched += 1
            if searched == RESUMED_PATIENCE and not found and later is not None and later():
                return
        if waiting and place + 1 == PATIENCE and not given:
            waiting = False
            if ask is not None and ask():
                return


def _index(survivor: Survivor) -> int:
    """A survivor's index in D2 order (what :func:`patient_survivors` seeks by)."""
    return survivor[1]
