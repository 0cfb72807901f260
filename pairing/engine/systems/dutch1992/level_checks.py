"""Whether a level of a group could give its pairs at all (Dutch B1, B2, B4-B6, C8).

FIDE Handbook C.04.1 (1992 text).  Necessary conditions on one level of float criteria,
worked out before its divisions are tried: a perfect matching of the group with the
players left over (:meth:`LevelChecks.level_possible`), and a count of the colour
preferences it cannot grant against x (A8, B4).  Who may meet whom at a level is kept as
bit sets (:meth:`LevelChecks.partner_masks`), and sets of players kept up by C12 and C13
as bit sets too (:meth:`LevelChecks.mask`).  :class:`feasibility.Feasibility` holds these
checks with the others; the answers are remembered for the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.floats import Float
from pairing.engine.matching import complete_matching, maximum_matching
from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.lowest import _budget_matching

CONFLICT_CHECK_BELOW = 20
"""Groups of fewer players have each level's matching checked against x as well
(:meth:`LevelChecks._conflicts_within`).  From this size on (``levels.COLOUR_BOUND_FROM``)
the search bounds each level by its fewest colour conflicts (:func:`lowest.least_conflicts`,
the same matchings weighed), which decides the same and more."""


class LevelChecks:
    """Whether a level can give its pairs, remembered for the round (Dutch C8)."""

    def __init__(self) -> None:
        self._possible: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}
        self._colours: dict[tuple[object, ...], bool] = {}
        self._bits: dict[int, int] = {}
        self._masks: dict[frozenset[int], int] = {}
        self._mask_sets: dict[tuple[object, ...], list[int]] = {}
        self._compatible: dict[tuple[int, ...], list[int]] = {}
        self._level_graphs: dict[tuple[object, ...], tuple[list[list[int]], dict[int, list[int]]]]
        self._level_graphs = {}
        self._within_x: dict[tuple[object, ...], bool] = {}
        """Whether a level's matching can keep to x colour conflicts, by level, x and
        the players kept up (:meth:`_conflicts_within`)."""
        """Who may meet whom at a level (:meth:`_pairs_possible`), and by number of pairs
        the last perfect matching found with the players left over."""

    def mask(self, numbers: frozenset[int]) -> int:
        """The set of players ``numbers`` as an int with one bit per player (each number
        gets its own bit the first time it is seen), so that a set is a subset of another
        exactly when ``a & ~b == 0``: the remembered sets of players kept up are tested
        with this instead of frozenset comparisons."""
        mask = self._masks.get(numbers)
        if mask is None:
            bits = self._bits
            mask = 0
            for number in numbers:
                bit = bits.get(number)
                if bit is None:
                    bit = bits[number] = len(bits)
                mask |= 1 << bit
            self._masks[numbers] = mask
        return mask

    def level_possible(
        self,
        s1_only: Sequence[Entrant],
        others: Sequence[Entrant],
        pairs: int,
        edge_rules: FloatRules,
        leave_rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        x: int | None = None,
    ) -> bool:
        """Whether any S1/S2 split could give ``pairs`` pairs (Dutch C8; a necessary condition).

        A maximum matching on the compatibility graph: the ``s1_only`` players must be
        paired with ``others``, the others may also be paired among themselves, and the
        players left over must be allowed to leave.  With ``x``: any set of ``pairs``
        pairs holds at most as many pairs granting both colour preferences as a maximum
        matching of such pairs, so more than x unavoidable conflicts rule the level out
        (A8, B4); in a group of fewer than :data:`CONFLICT_CHECK_BELOW` players, so does
        a matching that cannot keep to x conflicts (:meth:`_conflicts_within`).  The
        limits of D2 are not considered, so a "possible" level may still fail; an
        impossible one always does.

        The answers are remembered for the round, by level (the key holds the players moved
        in too, on which B5 and B6 depend, so each answer is exact) and by the players kept
        up.  Of those (C12, C13) only the ones among ``others`` matter: only they could be
        left unpaired.  Keeping more players up only takes players away from those who may
        be left unpaired (A5, C12, C13), so a level possible with a set kept up is possible
        with any part of that set, and one impossible with a set is impossible with any
        larger set.  The C12 and C13 sub-searches that keep up different players
        (:meth:`Search.alternatives`) mostly get their answer from these two rules instead
        of a new matching.  The answer is the same as a new matching's.  The matching
        does not depend on x and the colour count not on the players kept up, so each
        is remembered apart: the levels that only raise x (C11) ask the matching once.
        """
        numbers = tuple(p.number for p in others)
        first = tuple(p.number for p in s1_only)
        key = (first, numbers, pairs, edge_rules, leave_rules, moved, lowest)
        kept = self.mask(keep.intersection(numbers)) if keep else 0
        answers = self._possible.get(key)
        if answers is None:
            answers = self._possible[key] = ([], [])
        possible, impossible = answers
        players = [*s1_only, *others]
        if any(known & ~kept == 0 for known in impossible):
            return False
        if not any(kept & ~known == 0 for known in possible):
            if not self._pairs_possible(
                players, len(s1_only), pairs, edge_rules, leave_rules, moved, lowest, keep
            ):
                impossible[:] = [known for known in impossible if kept & ~known != 0]
                impossible.append(kept)
                return False
            # Only the largest sets found possible and the smallest found impossible
            # need be kept: the others answer nothing those do not.
            possible[:] = [known for known in possible if known & ~kept != 0]
            possible.append(kept)
        if x is None:
            return True
        colours_key = (first, numbers, pairs, x, edge_rules, moved)
        answer = self._colours.get(colours_key)
        if answer is None:
            answer = self._colours[colours_key] = self._colours_possible(
                players, pairs, x, edge_rules, moved
            )
        if not answer or x >= pairs or len(players) >= CONFLICT_CHECK_BELOW:
            return answer
        within_key = (key, x, kept)
        answer = self._within_x.get(within_key)
        if answer is None:
            answer = self._within_x[within_key] = self._conflicts_within(
                players, len(s1_only), pairs, x, edge_rules, leave_rules, moved, lowest, keep
            )
        return answer

    def level_refused(
        self,
        numbers: tuple[int, ...],
        pairs: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        """Whether answers of :meth:`level_possible` remembered for the group of these
        players (``numbers``, none only in S1, ``rules`` for its pairs and for those
        left over) show that the level has no ``pairs`` pairs with the players ``keep``
        up (of the group) or with a part of them, or that ``pairs`` pairs leave more
        than ``x`` colour preferences unfulfilled (A8, B4); False when none does."""
        answers = self._possible.get(((), numbers, pairs, rules, rules, moved, lowest))
        if answers is not None and answers[1]:
            kept = self.mask(keep) if keep else 0
            if any(known & ~kept == 0 for known in answers[1]):
                return True
        return self._colours.get(((), numbers, pairs, x, rules, moved)) is False

    def _conflicts_within(
        self,
        players: Sequence[Entrant],
        first: int,
        pairs: int,
        x: int,
        edge_rules: FloatRules,
        leave_rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        """Whether the matching of :meth:`_pairs_possible` can have at most ``x`` pairs
        leaving a colour preference unfulfilled (Dutch A8, B4): every pairing of the
        level is such a matching, its colour conflicts at most x.  A perfect matching
        with at most ``x`` costly edges (the pairs in conflict), as C13's closed form
        asks it (:func:`lowest._budget_matching`); with x = 0 one maximum matching of
        the conflict-free pairs.  Late in an event many remainder groups of two pairs
        pass the count of :meth:`_colours_possible` (two conflict-free pairs exist) but
        not this (none of them leaves the players who may not leave paired)."""
        n = len(players)
        masks = self._mask_sets.get((tuple(e.number for e in players), edge_rules, moved))
        if masks is None:
            masks = [0] * n
            for i, a in enumerate(players):
                for j in range(max(i + 1, first), n):
                    if pair_allowed(a, players[j], edge_rules, moved):
                        masks[i] |= 1 << j
                        masks[j] |= 1 << i
        elif first:
            s1 = (1 << first) - 1
            masks = [row & ~s1 if i < first else row for i, row in enumerate(masks)]
        preferring = {
            colour: _bits(i for i, e in enumerate(players) if e.preference is colour)
            for colour in (Colour.WHITE, Colour.BLACK)
        }
        conflicts = [0 if e.preference is None else preferring[e.preference] for e in players]
        staying = [
            i
            for i, e in enumerate(players)
            if i < first or not may_leave(e, leave_rules, moved, lowest, keep)
        ]
        if _greedy_within(masks, conflicts, staying, pairs, x):
            return True
        spare = n - 2 * pairs
        size = n + spare
        cheap: list[list[int]] = [[] for _ in range(size)]
        costly: list[list[int]] = [[] for _ in range(size)]
        for i in range(n):
            row = masks[i] & ~((2 << i) - 1)
            for j in _positions(row & ~conflicts[i]):
                cheap[i].append(j)
                cheap[j].append(i)
            for j in _positions(row & conflicts[i]):
                costly[i].append(j)
                costly[j].append(i)
        stay = set(staying)
        leavers = [i for i in range(n) if i not in stay]
        for i in leavers:
            cheap[i].extend(range(n, size))
        for stand_in in range(n, size):
            cheap[stand_in] = list(leavers)
        return _budget_matching(cheap, costly, x) is not None

    def _pairs_possible(
        self,
        players: Sequence[Entrant],
        first: int,
        pairs: int,
        edge_rules: FloatRules,
        leave_rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        """The matching part of :meth:`level_possible` (Dutch B1, B2, B5, B6).

        The players who may not leave (the ``first`` ones, those kept up, and in the
        lowest group those without a right to the bye) are all in the ``pairs`` pairs:
        more than twice as many of them as pairs rule the level out without a matching
        (each stand-in takes a player who may leave, and there are as many stand-ins as
        players outside the pairs).  Late in an event most remainder groups asked with
        few pairs fail so.  With one pair the matching is that pair, holding every one of
        them: it is looked for directly (:meth:`_one_pair`)."""
        n = len(players)
        spare = n - 2 * pairs
        if spare < 0:
            return False
        leavers = [
            i for i in range(first, n) if may_leave(players[i], leave_rules, moved, lowest, keep)
        ]
        if n - len(leavers) > 2 * pairs:
            return False
        if pairs == 1:
            may = set(leavers)
            staying = [i for i in range(n) if i not in may]
            return self._one_pair(players, first, staying, edge_rules, moved)
        if self._greedy_level(players, first, pairs, edge_rules, leave_rules, moved, lowest, keep):
            return True
        key = (tuple(p.number for p in players), first, edge_rules, moved)
        graph = self._level_graphs.get(key)
        if graph is None:
            edges: list[list[int]] = [[] for _ in range(n)]
            for i in range(n):
                for j in range(max(i + 1, first), n):
                    if pair_allowed(players[i], players[j], edge_rules, moved):
                        edges[i].append(j)
                        edges[j].append(i)
            graph = self._level_graphs[key] = (edges, {})
        edges, starts = graph
        adjacent = [list(row) for row in edges]
        adjacent.extend(list(leavers) for _ in range(spare))
        for i in leavers:
            adjacent[i].extend(range(n, n + spare))
        # The last perfect matching found for this many pairs, less the pairs of the
        # players who may no longer leave, is where the search starts (Berge: the answer
        # does not depend on the start).
        mate = list(starts.get(pairs, [-1] * (n + spare)))
        may = set(leavers)
        for d in range(n, n + spare):
            if mate[d] != -1 and mate[d] not in may:
                mate[mate[d]] = mate[d] = -1
        if not complete_matching(adjacent, mate, [True] * (n + spare), greedy=True):
            return False
        starts[pairs] = mate
        return True

    def _one_pair(
        self,
        players: Sequence[Entrant],
        first: int,
        staying: Sequence[int],
        rules: FloatRules,
        moved: frozenset[int],
    ) -> bool:
        """Whether one allowed pair (never two of the ``first`` players) holds the players
        ``staying`` (at most two), everyone else leaving: :meth:`_pairs_possible` with
        one pair (Dutch B1, B2, B5, B6)."""
        n = len(players)
        masks = self._mask_sets.get((tuple(e.number for e in players), rules, moved))

        def partners(i: int) -> int:
            if masks is not None:
                row = masks[i]
            else:
                a = players[i]
                row = _bits(
                    j for j, b in enumerate(players) if j != i and pair_allowed(a, b, rules, moved)
                )
            return row & ~((1 << first) - 1) if i < first else row

        if len(staying) == 2:
            return bool(partners(staying[0]) >> staying[1] & 1)
        if staying:
            return bool(partners(staying[0]))
        return any(partners(i) for i in range(n))

    def _colours_possible(
        self,
        players: Sequence[Entrant],
        pairs: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
    ) -> bool:
        """Whether ``pairs`` pairs could leave at most x colour preferences unfulfilled (B4).

        Who may meet whom is read from the group's partner masks when a level of its
        bracket has worked them out (:meth:`partner_masks`), else from :func:`pair_allowed`."""
        need = pairs - x
        if need <= 0:
            return True
        n = len(players)
        taken = [False] * n
        clean = 0
        adjacent: list[list[int]] = [[] for _ in range(n)]
        masks = self._mask_sets.get((tuple(e.number for e in players), rules, moved))
        preferring = {
            colour: _bits(i for i, e in enumerate(players) if e.preference is colour)
            for colour in (Colour.WHITE, Colour.BLACK)
        }
        for i in range(n):
            a = players[i]
            if masks is None:
                row = _bits(
                    j
                    for j in range(i + 1, n)
                    if not colour_conflict(a, players[j])
                    and pair_allowed(a, players[j], rules, moved)
                )
            else:
                row = masks[i] & ~((2 << i) - 1)
                if a.preference is not None:
                    row &= ~preferring[a.preference]
            for j in _positions(row):
                adjacent[i].append(j)
                adjacent[j].append(i)
                if not taken[i] and not taken[j]:
                    taken[i] = taken[j] = True
                    clean += 1
            if clean >= need:
                return True
        return sum(1 for m in maximum_matching(adjacent) if m != -1) // 2 >= need

    def _greedy_level(
        self,
        players: Sequence[Entrant],
        first: int,
        pairs: int,
        edge_rules: FloatRules,
        leave_rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        """A quick proof for :meth:`level_possible`: a greedy pairing that works (Dutch C8).

        Each player takes the first free player after him allowed (B1, B2, B5, B6), read
        from the group's partner masks when a level of its bracket has worked them out
        (:meth:`partner_masks`), else asked of :func:`pair_allowed`: the same pairing."""
        n = len(players)
        masks = self._mask_sets.get((tuple(e.number for e in players), edge_rules, moved))
        taken = 0
        made = 0
        for i in range(n):
            if taken >> i & 1 or made == pairs:
                continue
            start = max(i + 1, first)
            if masks is not None:
                free = masks[i] & ~taken & ~((1 << start) - 1)
                partner = (free & -free).bit_length() - 1
            else:
                partner = -1
                a = players[i]
                for j in range(start, n):
                    if not taken >> j & 1 and pair_allowed(a, players[j], edge_rules, moved):
                        partner = j
                        break
            if partner >= 0:
                taken |= 1 << i | 1 << partner
                made += 1
            elif i < first:
                return False
        if made < pairs:
            return False
        return all(
            taken >> i & 1 or may_leave(players[i], leave_rules, moved, lowest, keep)
            for i in range(n)
        )

    def partner_masks(
        self, players: Sequence[Entrant], rules: FloatRules, moved: frozenset[int]
    ) -> list[int]:
        """Each player's allowed opponents at this level as a bitmask of positions in the
        bracket (B1, B2, B5, B6): a few bytes a player even in a bracket of thousands.

        :func:`pair_allowed` read for a whole bracket at once: who may meet whom by B1
        and B2 (:meth:`compatible_masks`, the same at every level of the bracket), less
        the pairs of unequal scores whose lower player may not float up or whose higher
        one may not float down at this level (B5, B6 as far as C9 and C10 keep them;
        not for a player over 50% in the last round, nor a downfloat of a player moved
        down).  A bracket is asked at three levels of floats on average, with the
        players moved down and without."""
        numbers = tuple(e.number for e in players)
        key = (numbers, rules, moved)
        known = self._mask_sets.get(key)
        if known is None:
            up, down = rules.up, rules.down
            no_up = no_down = 0
            by_score: dict[int, int] = {}
            for i, e in enumerate(players):
                bit = 1 << i
                by_score[e.score] = by_score.get(e.score, 0) | bit
                if e.exempt:
                    continue
                if (up < 2 and e.last_float is Float.UP) or (
                    up < 1 and e.float_two_back is Float.UP
                ):
                    no_up |= bit
                if e.number not in moved and (
                    (down < 2 and e.last_float is Float.DOWN)
                    or (down < 1 and e.float_two_back is Float.DOWN)
                ):
                    no_down |= bit
            above: dict[int, int] = {}
            higher = 0
            for score in sorted(by_score, reverse=True):
                above[score] = higher
                higher |= by_score[score]
            everyone = higher
            known = []
            for i, (e, row) in enumerate(zip(players, self.compatible_masks(players), strict=True)):
                over = above[e.score]
                under = everyone & ~over & ~by_score[e.score]
                banned = over & no_down | under & no_up
                if no_up >> i & 1:
                    banned |= over
                if no_down >> i & 1:
                    banned |= under
                known.append(row & ~banned)
            self._mask_sets[key] = known
        return known

    def compatible_masks(self, players: Sequence[Entrant]) -> list[int]:
        """Each player's opponents in the bracket by B1 and B2 (:func:`compatible`) as a
        bitmask of positions, remembered by the bracket's players."""
        numbers = tuple(e.number for e in players)
        known = self._compatible.get(numbers)
        if known is None:
            known = [0] * len(players)
            for i, a in enumerate(players):
                bit = 1 << i
                for j in range(i + 1, len(players)):
                    if compatible(a, players[j]):
                        known[i] |= 1 << j
                        known[j] |= bit
            self._compatible[numbers] = known
        return known


def _greedy_within(
    masks: Sequence[int], conflicts: Sequence[int], staying: Sequence[int], pairs: int, x: int
) -> bool:
    """A quick proof for :meth:`LevelChecks._conflicts_within`: ``pairs`` pairs found
    greedily (each player who may not leave first, with the first partner free of a
    colour conflict who may not leave either, else the first free of a conflict, else
    the first; then any pairs, conflict-free first) with every player who may not leave
    paired and at most ``x`` conflicts.  False proves nothing.  ``masks``: who may meet
    whom, ``conflicts``: with whom each has a colour conflict, as bit sets of positions."""
    taken = 0
    made = spent = 0
    stay = _bits(staying)

    def take(i: int, options: int) -> bool:
        nonlocal taken, made, spent
        options &= ~taken
        if not options:
            return False
        clean = options & ~conflicts[i]
        pick = clean & stay or clean or options & stay or options
        j = (pick & -pick).bit_length() - 1
        taken |= 1 << i | 1 << j
        made += 1
        spent += 0 if pick & clean else 1
        return True

    for i in staying:
        if not taken >> i & 1 and not take(i, masks[i]):
            return False
    for clean_only in (True, False):
        for i in range(len(masks)):
            if made >= pairs:
                break
            if taken >> i & 1:
                continue
            options = masks[i] & ~taken
            if clean_only:
                options &= ~conflicts[i]
            if options:
                take(i, options)
    return made == pairs and spent <= x
