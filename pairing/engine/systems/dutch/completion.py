"""C4, completion, for the Dutch system of 2026 (C.04.3 2026, Articles 2 C4 and 3):
whether the players still to be paired can all be paired, the bye to a player who may
take it, asked of one round's sets of players again and again in late rounds (#38).

:class:`Completion` holds these checks for :class:`.procedure.RoundProcedure`: maximum
matchings by C1 and C3 (:func:`~pairing.engine.matching.dense_maximum_matching`), the
bracket that must be paired with everyone below before it is tried without them, and
whether a bracket's matching leaves a round that can be completed.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat

from pairing.engine.matching import dense_maximum_matching, exposable_vertices
from pairing.engine.systems.dutch import ties
from pairing.engine.systems.dutch.criteria import ByeContext
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow, compatible
from pairing.engine.systems.dutch.order import Outcome

SETS_UP_TO = 128
"""Rounds of at most this many players keep, per player, whom he may meet (speed only:
the neighbour lists are the same either way)."""

_has = set.__contains__
"""Whether a player's may-meet set holds another player (mapped over kept sets)."""


class Completion:
    """C4's checks over one round's players (sorted by score, then pairing number)."""

    players: list[Entrant]
    bye: ByeContext
    _completable_sets: dict[tuple[tuple[int, ...], tuple[int, ...] | None], bool]
    _matchings: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]]
    """:meth:`_matching`'s maximum matchings, by players and those kept apart."""
    _pairs_within: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]
    """The players :meth:`pairs_within`'s maximum matching leaves over, by players and
    those kept apart."""
    _met: dict[int, set[int]]
    """Per player, whom he may meet: :meth:`_may_meet`."""
    _numbers: dict[int, int]
    """Each player's place in ``players``, by pairing number."""
    _pairs_seen: dict[int, int]
    """Pairs of the round's players that maximum matchings asked about before found,
    both ways: where the next one begins (:meth:`_completable_now`)."""

    def _adjacent(self, members: Sequence[int]) -> list[list[int]]:
        return [
            [
                j
                for j, b in enumerate(members)
                if i != j and compatible(self.players[a], self.players[b])
            ]
            for i, a in enumerate(members)
        ]

    def _matching(self, members: Sequence[int], apart: set[int] | None = None) -> list[int]:
        """A maximum matching of ``members`` by C1 and C3, no two of ``apart`` together:
        ``mate[i]`` indexes ``members``, -1 for unmatched (dense: see
        :func:`~pairing.engine.matching.dense_maximum_matching`).  Remembered for the
        round: C4 asks it of the next score group each time a bracket is paired
        (:meth:`_extends`), and C6 of the players a bracket moves down with that group
        after :meth:`.procedure.RoundProcedure._no_one_pairs_below` has (#38)."""
        key = (tuple(members), tuple(sorted(apart)) if apart else ())
        known = self._matchings.get(key)
        if known is None:
            known = self._matchings[key] = self._matching_now(members, apart)
        return list(known)

    def _matching_now(self, members: Sequence[int], apart: set[int] | None) -> list[int]:
        """:meth:`_matching`, worked out."""
        entrants = [self.players[m] for m in members]
        held = [m in apart for m in members] if apart else [False] * len(members)

        def adjacent(i: int, j: int) -> bool:
            if held[i] and held[j]:
                return False
            return compatible(entrants[i], entrants[j])

        # A held player's row skips the held: they stand in it as no player (-1).
        unheld = [-1 if h else b for b, h in zip(members, held, strict=True)] if apart else members
        vertices = range(len(members))

        def row(i: int) -> list[int]:
            """:func:`adjacent`'s list for ``i``, read from the kept set (ascending),
            its members picked by the set's test in one pass (``compress``, #38)."""
            meets = self._may_meet(members[i])
            return list(compress(vertices, map(meets.__contains__, unheld if held[i] else members)))

        return dense_maximum_matching(
            len(members), adjacent, None, row if self._sets_pay() else None
        )

    def _completable(self, members: Sequence[int], bye_allowed: Sequence[int] | None) -> bool:
        """Whether ``members`` can all be paired, one of ``bye_allowed`` left over when
        their number is odd (``None``: any bye candidate of the round).  Remembered for
        the round: a late round asks the same sets again and again (#38)."""
        if not members:
            return True
        key = (tuple(members), None if bye_allowed is None else tuple(bye_allowed))
        known = self._completable_sets.get(key)
        if known is None:
            known = self._completable_sets[key] = self._completable_now(members, bye_allowed)
        return known

    def _completable_now(self, members: Sequence[int], bye_allowed: Sequence[int] | None) -> bool:
        """:meth:`_completable`, worked out."""
        players = self.players
        allowed: set[int] = set()
        if len(members) % 2:
            allowed = set(
                bye_allowed
                if bye_allowed is not None
                else (m for m in members if self.bye.candidate(players[m]))
            )
        dummy = len(members)  # the bye, last
        entrants = [players[m] for m in members]
        may_take_bye = [m in allowed for m in members]
        if len(members) % 2 and not any(may_take_bye):
            return False  # C2, C4: one player of an odd set is left over for the bye

        def adjacent(i: int, j: int) -> bool:
            if j == dummy:
                return may_take_bye[i]
            if i == dummy:
                return may_take_bye[j]
            return compatible(entrants[i], entrants[j])

        vertices = range(dummy)

        def row(i: int) -> list[int]:
            if i == dummy:
                return [j for j in range(dummy) if may_take_bye[j]]
            meets = self._may_meet(members[i])
            found = list(compress(vertices, map(meets.__contains__, members)))
            if may_take_bye[i]:
                found.append(dummy)
            return found

        # Only the answer is read, and the size of a maximum matching does not depend
        # on the matching it was grown from.
        start = self._begun(members, dummy + len(members) % 2)
        kept = row if self._sets_pay() else None
        mate = dense_maximum_matching(
            dummy + len(members) % 2, adjacent, start, kept, until_unmatched=True
        )
        self._remember(members, mate)
        return -1 not in mate

    def _sets_pay(self) -> bool:
        """Whether matchings read their neighbour lists from the kept sets
        (:meth:`_may_meet`, each worked out over the whole round): in rounds of the size
        of near round robins (#38); a large round asks the predicate of a matching's own
        players only, as a set would cost the whole round for each of them."""
        return len(self.players) <= SETS_UP_TO

    def _may_meet(self, a: int) -> set[int]:
        """The players of the round ``a`` may meet (C1 and C3, as ``compatible(a, b)``
        asks), kept for the round: in late rounds each player may meet few others, and
        a matching's neighbour list is read from this set instead of asking of every
        player (#38)."""
        found = self._met.get(a)
        if found is None:
            players = self.players
            player = players[a]
            # C1 as a difference of sets: every other player but those met (or kept
            # apart); then C3, which only a non-topscorer with an absolute colour
            # preference can fail (``compatible``, asked of no pair, #38).
            numbers = self._numbers
            found = set(range(len(players)))
            found.discard(a)
            found.difference_update([numbers[n] for n in player.avoid if n in numbers])
            if player.absolute and not player.topscorer:
                found = {b for b in found if colours_allow(player, players[b])}
            self._met[a] = found
        return found

    def _begun(self, who: Sequence[int | None], size: int) -> list[int]:
        """A matching of ``size`` vertices to grow a maximum one from: the pairs found
        before (:meth:`_remember`) between two players of ``who`` (vertex ``i`` is the
        player ``who[i]``, None for a vertex that is none).  A late round asks about
        sets of players that differ by a few (#38): the searches start from the pairs
        the last ones found, most of them still there."""
        seen = self._pairs_seen
        position = {m: i for i, m in enumerate(who) if m is not None}
        start = [-1] * size
        for i, m in enumerate(who):
            if m is None or start[i] != -1:
                continue
            partner = seen.get(m)
            if partner is None or seen.get(partner) != m:
                continue
            j = position.get(partner)
            if j is not None and start[j] == -1:
                start[i], start[j] = j, i
        return start

    def _remember(self, who: Sequence[int | None], mate: Sequence[int]) -> None:
        """Keep the pairs of players a maximum matching found (``mate`` over the
        vertices of ``who``, as in :meth:`_begun`) for the next searches."""
        seen = self._pairs_seen
        size = len(who)
        for i, j in enumerate(mate):
            if i < j < size:
                a, b = who[i], who[j]
                if a is not None and b is not None:
                    seen[a], seen[b] = b, a

    def _needs_everyone(self, carried: list[int], residents: list[int], below: list[int]) -> bool:
        """C4 before pairing: True when no pairing of the bracket with the most pairs of
        its own (C6, the top field without C4) leaves a round that can be completed, so
        the smaller graphs of :meth:`_pair_completed` would be paired in vain.

        Those pairings leave over ``f`` players of the bracket, each one some maximum
        matching of the bracket leaves unmatched (Gallai-Edmonds); the round completes
        only if ``f`` such players and everyone ``below`` can all be paired (the bye to
        a candidate).  Whether any ``f`` of them can is one maximum matching: those
        players, as many stand-ins joined to each of them as are to stay out, the
        players below, and the bye.  False is no promise: the smaller graphs decide."""
        bracket = carried + residents
        apart = set(carried)
        size = len(bracket)
        floaters = size - 2 * self.pairs_within(bracket, apart)
        if floaters == 0:
            return not self._completable(below, None)
        # One such pairing first, the one C6's matching found: when its players left over
        # and everyone below complete the round, the answer is False without the search
        # below.  They cannot pair among themselves (the bracket's matching would have
        # one pair more) unless two of them are moved down: only at most one is asked.
        left = self.left_within(bracket, apart)
        if sum(1 for v in left if v in apart) <= 1 and self._completable(
            sorted([*left, *below]), None
        ):
            return False
        return self._no_floaters_complete(bracket, apart, floaters, below)

    def _no_floaters_complete(
        self, bracket: list[int], apart: set[int], floaters: int, below: list[int]
    ) -> bool:
        """:meth:`_needs_everyone`'s search over every set of ``floaters`` players some
        maximum matching of ``bracket`` (none of ``apart`` together) leaves over: True
        when none of them completes the round with everyone ``below``."""
        players = self.players
        size = len(bracket)
        # The bracket with floaters - 1 stand-ins joined to all its players: maximum
        # matchings then leave one vertex over, and the players some of them leave
        # over are those some maximum matching of the bracket leaves over.
        stand_ins = list(range(size, size + floaters - 1))
        adjacent: list[list[int]] = []
        if self._sets_pay():
            for a in bracket:
                meets, held = self._may_meet(a), a in apart
                adjacent.append(
                    [j for j, b in enumerate(bracket) if b in meets and not (held and b in apart)]
                    + stand_ins
                )
        else:
            adjacent = [
                [
                    j
                    for j, b in enumerate(bracket)
                    if j != i
                    and not (a in apart and b in apart)
                    and compatible(players[a], players[b])
                ]
                + stand_ins
                for i, a in enumerate(bracket)
            ]
        adjacent += [list(range(size)) for _ in stand_ins]
        # The bracket's maximum matching (remembered: :meth:`pairs_within` asked it),
        # each stand-in with one of the players it leaves over, is a maximum one of this
        # graph: one vertex is left, the fewest an odd number of vertices can leave.
        start = [*self._matching(bracket, apart), *([-1] * len(stand_ins))]
        free = [i for i in range(size) if start[i] == -1]
        for s, i in zip(stand_ins, free, strict=False):
            start[s], start[i] = i, s
        exposable = exposable_vertices(adjacent, start)
        if exposable is None:
            return False
        loose = [bracket[i] for i in sorted(exposable) if i < size]
        others = len(loose) - floaters  # stand-ins for the loose players who stay out
        first_below = len(loose) + others
        count = first_below + len(below)
        bye = count  # the bye, last, when the count is odd
        # By vertex: its player (None for a stand-in), whether it is loose, and
        # whether it may take the bye.
        who: list[int | None] = [*loose, *([None] * others), *below]
        is_loose = [i < len(loose) for i in range(count)]
        takes_bye = [a is not None and self.bye.candidate(players[a]) for a in who]

        def adjacent_to(i: int, j: int) -> bool:
            if i > j:
                i, j = j, i
            if j == bye:
                return takes_bye[i]
            a, b = who[i], who[j]
            if a is None or b is None:  # a stand-in: joined to the loose players only
                return (a is None) != (b is None) and is_loose[i]
            if is_loose[j]:
                return False
            return compatible(players[a], players[b])

        # Only whether a vertex is left over is read: the matching begins from pairs
        # found before among the players below (loose players and stand-ins meet none
        # of them there, so each such pair is an edge of this graph).
        below_only: list[int | None] = [*([None] * first_below), *below]
        start = self._begun(below_only, count + count % 2)
        met: list[set[int]] = []
        if self._sets_pay():
            met = [self._may_meet(a) if a is not None else set() for a in who]

        def row(v: int) -> list[int]:
            """:func:`adjacent_to`'s list for ``v``, read from the kept sets: a loose
            player meets the stand-ins, the players below (as ``compatible`` asks with
            the earlier vertex's player first) and the bye; a stand-in the loose
            players; the bye its candidates; a player below the loose players and the
            players below, as a loose player does, and the bye."""
            if v >= count:
                return [w for w in range(count) if takes_bye[w]]
            if v < first_below:
                if not is_loose[v]:
                    return list(range(len(loose)))
                meets = met[v]
                found = list(range(len(loose), first_below))
                found += compress(range(first_below, count), map(meets.__contains__, below))
                if count % 2 and takes_bye[v]:
                    found.append(bye)
                return found
            player = who[v]
            # Each list picked in one pass in C (``compress``, #38).
            found = list(compress(range(len(loose)), map(_has, met[: len(loose)], repeat(player))))
            found += compress(range(first_below, v), map(_has, met[first_below:v], repeat(player)))
            found += compress(range(v + 1, count), map(met[v].__contains__, who[v + 1 :]))
            if count % 2 and takes_bye[v]:
                found.append(bye)
            return found

        kept = row if self._sets_pay() else None
        mate = dense_maximum_matching(
            count + count % 2, adjacent_to, start, kept, until_unmatched=True
        )
        return -1 in mate

    def pairs_within(self, members: Sequence[int], apart: set[int] | None = None) -> int:
        """The most pairs the players ``members`` can form among themselves (C1, C3),
        no two of ``apart`` together.  Remembered for the round: a bracket asks it of
        its players before it is paired (:meth:`_needs_everyone`) and again each time
        it is paired (#38)."""
        return (len(members) - len(self.left_within(members, apart))) // 2

    def left_within(self, members: Sequence[int], apart: set[int] | None = None) -> tuple[int, ...]:
        """The players of ``members`` one maximum matching of :meth:`pairs_within`
        leaves over, remembered for the round with its answer."""
        key = (tuple(members), tuple(sorted(apart)) if apart else ())
        known = self._pairs_within.get(key)
        if known is None:
            mate = self._matching(members, apart)
            known = self._pairs_within[key] = tuple(
                m for m, partner in zip(members, mate, strict=True) if partner == -1
            )
        return known

    def _extends(self, outcome: Outcome, rest: list[int]) -> bool:
        """C4: whether the players the bracket's matching leaves unmatched, with everyone
        below the next score group, can all be paired.

        When the next score group was left out of the graph, its pairs must still come
        out as C8 wants them: a floater paired into it, the rest of it paired
        as fully as it can be.  One such pairing that leaves a completable round is
        enough; when none is found the bracket is paired again with the group in view.
        """
        nxt = outcome.next_left_out
        floaters = list(outcome.left)
        if not nxt or not floaters:
            # The matching the round reads (NetworkX's, worked out when first read) is
            # not asked when every set of players its duals may leave over answers alike.
            # Those of the search begun warm first, then those of the search from
            # nothing (each holds of every optimum: :meth:`.order.Outcome.every_duals`).
            beyond = {*rest, *nxt}

            def answer(s: set[int]) -> bool:
                return self._completable(sorted(s | beyond), None)

            for duals in outcome.every_duals() if outcome.pending else ():
                sets = duals.unmatched_sets(4)
                if sets is None:
                    continue
                # Only the sets some optimum leaves over are asked (exactly, from the
                # duals: :meth:`.primal_dual.Optimum.leaves_exactly`, for less than a
                # completion check costs; one of them is the set the duals' own
                # matching leaves).  When they differ, the matching the round reads
                # decides, as :func:`.ties.left_over_answer` over the same sets would
                # find.
                left = sets if len(sets) == 1 else [s for s in sets if duals.leaves_exactly(s)]
                answers = {answer(s) for s in left}
                if len(answers) > 1:
                    break
                if len(answers) == 1:
                    return answers.pop()
            else:
                if outcome.pending:
                    common = ties.left_over_answer(outcome, answer, 8)
                    if common is not None:
                        return common
            unmatched = {v for v in outcome.view if outcome.mate.get(v, v) == v}
            return self._completable(sorted(unmatched | set(rest)), None)
        (x,) = floaters
        players = self.players
        mate = self._matching(nxt)
        for i, y in enumerate(nxt):
            if not compatible(players[x], players[y]):
                continue
            if len(nxt) % 2 == 0:
                partner = mate[i]
                loose = [] if partner == -1 else [nxt[partner]]
                if partner == -1:
                    continue
            else:
                others = [v for v in nxt if v != y]
                if 2 * self.pairs_within(others) != len(others):
                    continue
                loose = []
            if self._completable(sorted(set(loose) | set(rest)), None):
                return True
        return False
