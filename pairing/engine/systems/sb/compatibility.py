"""Who may meet in the SB-ordered Swiss (SB 1, and the Dutch B2 colour limits of SB 7),
and whether a set of players can still all be paired (SB 1, SB 4, SB 5, SB 6)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

from pairing.engine.matching import (
    augment,
    complete_matching,
    exposed_by_some,
    grow_matching,
    has_perfect_matching,
    matching_size,
)

from .entrants import Entrant


def compatible(a: Entrant, b: Entrant) -> bool:
    """True when a and b may meet: not met before, not a forbidden pair (SB 1).

    SB 1 is the text's first basic principle and its only absolute rule.  A forfeit is
    not a meeting (as FIDE C.04.2 3.5); the event's forbidden pairs are kept apart the same way.
    """
    return b.number not in a.barred and a.number not in b.barred


def colours_kept(a: Entrant, b: Entrant) -> bool:
    """True when some colours for a and b keep the Dutch B2 limits for both (SB 7).

    SB 7, our reading: the B2 limits (colour difference beyond +-2, a colour three times
    running) are a wish, not a rule: SB 4 prefers opponents with whom they can be kept.
    """
    return (a.may_white and b.may_black) or (a.may_black and b.may_white)


def completable(members: Sequence[Entrant], *, bye: bool) -> bool:
    """True when the players can all be paired (SB 1), or all but one who may have the bye.

    Dirac's theorem first: when every player is compatible with at least half of the
    others (half of the rest after the bye), a perfect matching exists; otherwise an
    exact maximum matching decides.  So the search never misses a legal pairing, and
    groups larger than twice the rounds played never need the matching.
    """
    size = len(members)
    if size == 0:
        return True
    odd = size % 2 == 1
    if odd and not (bye and any(m.bye_allowed for m in members)):
        return False
    if size == 1:
        return True
    need = (size + 1) // 2 if odd else size // 2
    if size >= 3:
        most_barred = max(len(m.barred) for m in members)
        if size - 1 - most_barred >= need:
            return True
        numbers = frozenset(m.number for m in members)
        if all(size - 1 - len(m.barred & numbers) >= need for m in members):
            return True
    adjacent = _adjacent(members)
    if odd:
        dummy = size
        adjacent.append([i for i, m in enumerate(members) if m.bye_allowed])
        for i in adjacent[dummy]:
            adjacent[i].append(dummy)
    return has_perfect_matching(adjacent, allow_one_unmatched=False)


def most_pairs(members: Sequence[Entrant]) -> int:
    """The largest number of pairs the players can make among themselves (SB 1, SB 5)."""
    size = len(members)
    if size < 2:
        return 0
    if size >= 3:
        most_barred = max(len(m.barred) for m in members)
        if size - 1 - most_barred >= (size + 1) // 2:
            return size // 2
    return matching_size(_adjacent(members))


def _adjacent(members: Sequence[Entrant]) -> list[list[int]]:
    return [
        [j for j, b in enumerate(members) if i != j and compatible(a, b)]
        for i, a in enumerate(members)
    ]


class Compatibility:
    """SB 1 among a fixed set of players (a score group and everyone below it), kept as
    one bitset of allowed partners per player, so that the many sets of floaters that
    SB 5 tries are checked without asking :func:`compatible` again for every pair.

    Players are given as bitsets (:meth:`mask`); :meth:`completable` answers exactly as
    :func:`completable` does on the same players.
    """

    def __init__(self, players: Sequence[Entrant], partners: Partners | None = None) -> None:
        shared = Partners(players) if partners is None else partners
        self._index = shared.index
        among = self.mask(players)
        # Only these players: the searches read no one else's partners.
        self._masks = masks = [m & among for m in shared.masks]
        self._bye = shared.bye & among
        self._dummy = len(masks)
        """A vertex that stands for the bye: a partner of everyone who may have it."""
        self._adjacent = _Rows(masks, self._bye)
        self._most_barred = max(
            (len(players) - 1 - masks[i].bit_count() for i in _bits(among)), default=0
        )
        """The most players any one player may not meet among them (Dirac's bound)."""
        self._short_by_one: dict[int, int] = {}
        """For sets of vertices (the bye's included when present, as bitsets): those some
        maximum matching of the set leaves free when its maximum matchings leave exactly
        one free, else 0 (:meth:`with_one`)."""
        self._short: dict[int, int] = {}
        """How many vertices the maximum matchings of a set leave free (bitsets, the
        bye's vertex included when present)."""
        self._grown_from: dict[int, int] = {}
        """For a set of players, the set of all of them but one whose maximum matching
        grows into its own (:meth:`note_chain`)."""
        self._matchings: dict[int, tuple[list[int], int]] = {}
        """A maximum matching of a set of vertices (the bye's included when its bit is
        set; numbered as all players) and its size, kept to grow the larger sets'."""
        self._bases: dict[tuple[int, bool], tuple[list[int], int, int, int]] = {}
        """A maximum matching of each base (with the bye or not), the players it leaves
        free, the players next to one that some maximum matching leaves free (the bye's
        vertex counted as one, as bitsets), and how many it leaves free (the bye
        included)."""

    def mask(self, members: Iterable[Entrant]) -> int:
        """The bitset of ``members``."""
        subset = 0
        for member in members:
            subset |= 1 << self._index[member.number]
        return subset

    def rows_made(self) -> int:
        """How many lists of partners the searches have made so far (:class:`_Rows`)."""
        return self._adjacent.made

    def partners(self, player: Entrant) -> int:
        """The bitset of the players ``player`` may meet (SB 1)."""
        return self._masks[self._index[player.number]]

    def completable(self, subset: int, *, bye: bool) -> bool:
        """True when the players of the bitset ``subset`` can all be paired (SB 1), or all
        but one who may have the bye: the same answer as :func:`completable` gives on
        them."""
        if not subset:
            return True
        size = subset.bit_count()
        odd = size % 2 == 1
        if odd and not (bye and subset & self._bye):
            return False
        if size == 1:
            return True
        local = _bits(subset)
        masks = self._masks
        need = (size + 1) // 2 if odd else size // 2
        fewest = min((masks[i] & subset).bit_count() for i in local)
        if size >= 3 and fewest >= need:
            return True  # Dirac's theorem, as completable
        if not odd and fewest == 0:
            return False  # someone has no partner left
        position = {i: k for k, i in enumerate(local)}
        adjacent = [[position[j] for j in _bits(masks[i] & subset)] for i in local]
        if odd:
            dummy = size
            adjacent.append([k for k, i in enumerate(local) if self._bye >> i & 1])
            for k in adjacent[dummy]:
                adjacent[k].append(dummy)
        return has_perfect_matching(adjacent, allow_one_unmatched=False)

    def with_one(self, shared: int, extra: int, *, bye: bool) -> bool:
        """:meth:`completable` of ``shared | extra``, ``extra`` the bit of one player not
        in ``shared``, decided for every such player by one matching of ``shared``.

        X and one more vertex c have a perfect matching exactly when the maximum
        matchings of X leave one vertex free and c is a neighbour of one they may leave
        free (Gallai-Edmonds' D): c's partner u in a perfect matching leaves X without u
        perfectly matched, and conversely.  So one maximum matching of X and one search
        from its free vertex answer for every c: SB 5 asks about many sets of floaters
        that differ only in their last.
        """
        subset = shared | extra
        size = subset.bit_count()
        odd = size % 2 == 1
        if odd and not (bye and subset & self._bye):
            return False
        if size == 1:
            return True
        vertices = shared | (1 << self._dummy if odd else 0)
        free = self._short_by_one.get(vertices)
        if free is None:
            free = self._short_by_one[vertices] = self._exposable(vertices)
        near = self._masks[extra.bit_length() - 1]
        if odd and self._bye & extra:
            near |= 1 << self._dummy
        return bool(near & free)

    def without_one(self, shared: int, gone: int) -> bool:
        """:meth:`completable` of ``shared`` without the player of the bit ``gone`` (no
        bye), decided for every such player by one matching of ``shared``: Y without
        c has a perfect matching exactly when the maximum matchings of Y leave one
        vertex free and some leaves c free (Gallai-Edmonds' D, as :meth:`with_one`)."""
        subset = shared & ~gone
        if not subset:
            return True
        if subset.bit_count() % 2 == 1:
            return False
        free = self._short_by_one.get(shared)
        if free is None:
            free = self._short_by_one[shared] = self._exposable(shared)
        return bool(free & gone)

    def short_by_more_than(self, shared: int, more: int, *, bye: bool) -> bool:
        """True when ``shared`` and any ``more`` players added cannot all be paired (with
        the bye's vertex when their number is odd and ``bye``): the maximum matchings of
        ``shared`` leave more than ``more`` vertices free, and each vertex added lets a
        matching grow by one pair at most, so leaves at most one fewer free."""
        odd = (shared.bit_count() + more) % 2 == 1
        dummy = 1 << self._dummy if odd and bye else 0
        vertices = shared | dummy
        short = self._short.get(vertices)
        if short is None:
            _, size = self._matching(shared, dummy)
            short = self._short[vertices] = vertices.bit_count() - 2 * size
        return short > more

    def free_in_some(self, players: int) -> int:
        """The players of the bitset that some maximum matching of theirs (no bye) leaves
        free: Gallai-Edmonds' D, the outer vertices of a failed search from each player a
        maximum matching leaves free."""
        mate, _ = self._matching(players, 0)
        outer = exposed_by_some(self._adjacent, mate, self._alive(players, False))
        return sum(1 << v for v, yes in enumerate(outer) if yes)

    def note_chain(self, chain: Sequence[int]) -> None:
        """Each set of players of ``chain`` is the one before it with one player more:
        :meth:`short_by_more_than` grows the matching of each from the one before's by a
        single search (a new maximum matching is the old one or grows by a path from the
        player added, Berge), for the sets of floaters tried in a row share most."""
        for smaller, larger in itertools.pairwise(chain):
            self._grown_from[larger] = smaller

    def _matching(self, players: int, dummy: int) -> tuple[list[int], int]:
        """A maximum matching of the players of the bitset and ``dummy`` (the bye's bit or
        0) and its size, grown along :meth:`note_chain`'s sets from the nearest known."""
        chain = [players]
        while chain[-1] | dummy not in self._matchings and chain[-1] in self._grown_from:
            chain.append(self._grown_from[chain[-1]])
        first = chain.pop()
        known = self._matchings.get(first | dummy)
        if known is None:
            mate = self._greedy_mates(first | dummy)
            alive = self._alive(first, bool(dummy))
            known = mate, grow_matching(self._adjacent, mate, alive, prune=True)
            self._matchings[first | dummy] = known
        mate, size = known
        smaller = first
        live: list[bool] | None = None
        for larger in reversed(chain):
            added = (larger & ~smaller).bit_length() - 1
            # With a perfect matching there is no free vertex for a path to end at; a
            # failed search leaves the matching as it was.
            if (smaller | dummy).bit_count() != 2 * size:
                if live is None:
                    live = self._alive(larger, bool(dummy))
                else:
                    live[added] = True
                trial = list(mate)
                if augment(added, self._adjacent, trial, live):
                    mate = trial
                    size += 1
            elif live is not None:
                live[added] = True
            self._matchings[larger | dummy] = mate, size
            smaller = larger
        return mate, size

    def _greedy(self, vertices: int) -> tuple[list[list[int]], list[int]]:
        """The graph of the vertices of the bitset (numbered 0, 1, ... in their order) and
        a greedy matching of it that pairs those with the fewest partners first."""
        local = _bits(vertices)
        position = {v: k for k, v in enumerate(local)}
        masks = self._masks
        bye = self._bye
        dummy = self._dummy
        adjacent = []
        for v in local:  # each row as the search's, in increasing order, the bye's last
            near = bye if v == dummy else masks[v] | (bye >> v & 1) << dummy
            adjacent.append([position[w] for w in _bits(near & vertices)])
        mate = [-1] * len(local)
        for k in sorted(range(len(local)), key=lambda k: len(adjacent[k])):
            if mate[k] == -1:
                for w in adjacent[k]:
                    if mate[w] == -1:
                        mate[k], mate[w] = w, k
                        break
        return adjacent, mate

    def _exposable(self, vertices: int) -> int:
        """The vertices of the bitset (the bye's vertex as one of them) that some maximum
        matching of theirs leaves free, when those matchings leave exactly one free; else
        0."""
        known = self._matchings.get(vertices)
        players = vertices & ~(1 << self._dummy)
        if known is None and players in self._grown_from:
            # One search from the matching of a head (:meth:`note_chain`) before it.
            known = self._matching(players, vertices & 1 << self._dummy)
        if known is not None:  # a base's matching, numbered as all players
            dummy = vertices & 1 << self._dummy
            if vertices.bit_count() - 2 * known[1] != 1:
                return 0
            alive = self._alive(vertices & ~dummy, bool(dummy))
            outer = exposed_by_some(self._adjacent, known[0], alive)
            return sum(1 << v for v, yes in enumerate(outer) if yes)
        local = _bits(vertices)
        adjacent, mate = self._greedy(vertices)
        alive = [True] * len(local)
        if complete_matching(adjacent, mate, alive):
            return 0  # a perfect matching: none left free
        # The first vertex left free has no augmenting path, now or later (Edmonds), so
        # the matchings leave one free exactly when the others can all be matched.
        alone = next(k for k, w in enumerate(mate) if w == -1)
        alive[alone] = False
        if not complete_matching(adjacent, mate, alive):
            return 0
        alive[alone] = True
        outer = exposed_by_some(adjacent, mate, alive)
        return sum(1 << local[k] for k, yes in enumerate(outer) if yes)

    def _helping(self, key: tuple[int, bool]) -> int:
        """The players next to one that some maximum matching of the base ``key`` leaves
        free (Gallai-Edmonds' D, the bye's vertex counted as one), kept with its matching:
        worked out only when the base's matchings leave someone free."""
        start, unmatched, _, short = self._bases[key]
        alive = self._alive(key[0], key[1])
        outer = exposed_by_some(self._adjacent, start, alive)
        exposed = sum(1 << v for v, yes in enumerate(outer) if yes)
        helping = 0
        for v, near in enumerate(self._masks):
            if key[1] and self._bye >> v & 1:
                near |= 1 << self._dummy
            if near & exposed:
                helping |= 1 << v
        self._bases[key] = (start, unmatched, helping, short)
        return helping

    def _greedy_mates(self, vertices: int) -> list[int]:
        """A greedy matching of the vertices of the bitset (the bye's included when its bit
        is set), in the numbering of all players: each in turn with the first free partner,
        by bitsets, so that a large base's maximum matching needs few searches."""
        mate = [-1] * (self._dummy + 1)
        free = vertices
        dummy = 1 << self._dummy
        for v in _bits(vertices):
            own = 1 << v
            if not free & own:
                continue
            near = self._bye if v == self._dummy else self._masks[v]
            if v != self._dummy and self._bye & own:
                near |= dummy
            near &= free
            if near:
                w = (near & -near).bit_length() - 1
                mate[v], mate[w] = w, v
                free &= ~(own | 1 << w)
        return mate

    def growing(self, base: int, added: Sequence[int], *, bye: bool) -> list[int]:
        """The size of a maximum matching of the players of ``base`` with the first 0, 1,
        2, ... of ``added`` (bits of players not in ``base``), the bye's vertex with them
        when ``bye``: one matching grown by one search per player added (a new maximum
        matching is the old one or grows by a path from the player added, Berge)."""
        chain = [base]
        for bit in added:
            chain.append(chain[-1] | bit)
        self.note_chain(chain)
        dummy = 1 << self._dummy if bye else 0
        return [self._matching(players, dummy)[1] for players in chain]

    def _alive(self, subset: int, dummy: bool) -> list[bool]:
        alive = [False] * (self._dummy + 1)
        for i in _bits(subset):
            alive[i] = True
        alive[self._dummy] = dummy
        return alive

    def completable_from(
        self,
        base: int,
        subset: int,
        *,
        bye: bool,
        last: int = 0,
        heads: Callable[[], Iterable[tuple[int, int]]] | None = None,
    ) -> bool:
        """:meth:`completable` of ``subset``, grown from a maximum matching of the players
        of ``base`` kept between calls: for the many subsets SB 5 asks about that differ
        from one set by a few players (the group without its floaters, the players below
        with them), a few searches of Edmonds' algorithm decide instead of a matching
        from scratch.  The answer is :meth:`completable`'s: one search from each free
        player decides whether a perfect matching exists, whatever the start.

        ``last``, the bit of the last player added to or taken from ``base`` in a run of
        questions that differ only in him: where the bounds below leave the answer open,
        :meth:`with_one` or :meth:`without_one` gives it instead of a search (and
        ``heads`` gives sets of players with how many are still to join them: they refuse it
        when :meth:`short_by_more_than` says so).  The answer is the same.
        """
        if not subset:
            return True
        size = subset.bit_count()
        odd = size % 2 == 1
        if odd and not (bye and subset & self._bye):
            return False
        if size >= 3 and size - 1 - self._most_barred >= (size + 1) // 2:
            return True  # Dirac's theorem, as completable: each has partners enough
        key = (base, bye and odd)
        known = self._bases.get(key)
        if known is None:
            dummy = 1 << self._dummy if key[1] else 0
            start, pairs = self._matching(base, dummy)
            unmatched = sum(1 << v for v in _bits(base) if start[v] == -1)
            short = (base | dummy).bit_count() - 2 * pairs
            known = self._bases[key] = (start, unmatched, -1, short)
        start, unmatched, helping, short = known
        # Every free player of the result is the end of a path that alternates between
        # the start's pairs and the result's; a path between two players the start left
        # free inside ``base`` would have made it larger (Berge).  So each such player
        # needs a path to a player added or one whose partner left: too many, no.
        added = (subset & ~base).bit_count()
        alone = (unmatched & subset).bit_count()
        if alone > added:
            freed = 0
            gone = base & ~subset
            while gone:
                low = gone & -gone
                w = start[low.bit_length() - 1]
                if w != -1 and subset >> w & 1:
                    freed += 1
                gone ^= low
            if odd and start[self._dummy] != -1 and not subset >> start[self._dummy] & 1:
                freed += 1  # the bye's partner left
            if alone > added + freed:
                return False
        # Only players added: each path from a player (or the bye) the start left free
        # ends at a player added next to one that some maximum matching of ``base``
        # leaves free (Gallai-Edmonds), a different one for each path.
        if not base & ~subset and short:
            if helping == -1:
                helping = self._helping(key)
            if (subset & ~base & helping).bit_count() < short:
                return False
        if last and not base & ~subset:
            if heads is not None and any(
                self.short_by_more_than(head, more, bye=bye) for head, more in heads()
            ):
                return False
            return self.with_one(subset & ~last, last, bye=bye)
        if last and not bye and not subset & ~base and last & base & ~subset:
            return self.without_one(subset | last, last)
        alive = self._alive(subset, odd)
        mate = list(start)
        for v, w in enumerate(start):
            if w != -1 and not (alive[v] and alive[w]):
                mate[v] = -1
        return complete_matching(self._adjacent, mate, alive)


class Partners:
    """SB 1 among all the players of a round, as one bitset of allowed partners per
    player (numbered in the order given): made once and shared by each score group's
    :class:`Compatibility`, whose players are among them, instead of built again for
    every group."""

    def __init__(self, players: Sequence[Entrant]) -> None:
        self.index = {e.number: i for i, e in enumerate(players)}
        everyone = (1 << len(players)) - 1
        masks = [everyone & ~(1 << i) for i in range(len(players))]
        for i, player in enumerate(players):
            for number in player.barred:
                j = self.index.get(number)
                if j is not None:
                    masks[i] &= ~(1 << j)
                    masks[j] &= ~(1 << i)
        self.masks = masks
        self.bye = sum(1 << i for i, e in enumerate(players) if e.bye_allowed)


class _Rows(Sequence[list[int]]):
    """The partners of each player (SB 1) and of the bye's vertex, the last, as lists in
    increasing order, each made when a search first reads it: a large group with many
    players below needs few of them, and each costs as many steps as players."""

    def __init__(self, masks: Sequence[int], bye: int) -> None:
        self._masks = masks
        self._bye = bye
        self._rows: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return len(self._masks) + 1

    @property
    def made(self) -> int:
        """How many lists have been made."""
        return len(self._rows)

    def __getitem__(self, v: int) -> list[int]:  # type: ignore[override]  # read by index, never sliced
        row = self._rows.get(v)
        if row is None:
            dummy = len(self._masks)
            if v == dummy:
                row = _bits(self._bye)
            else:
                row = _bits(self._masks[v])
                if self._bye >> v & 1:
                    row.append(dummy)
            self._rows[v] = row
        return row


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    if mask.bit_count() * 8 > mask.bit_length() > 64:
        # Many bits set: one pass over the binary digits, lowest first.
        return [i for i, digit in enumerate(bin(mask)[:1:-1]) if digit == "1"]
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
