"""Proofs that a division of the penultimate bracket cannot fit the lowest bracket, kept
to refuse other divisions without a matching (Dutch C13; FIDE Handbook C.04.1, 1992 text).

C13 walks the penultimate bracket's S1/S2 divisions level after level, and late in a
near round robin it can refuse thousands of them, each by a perfect matching that does
not exist (:class:`c13_fit.LowestFit`: S1 paired into S2, the rest of S2 moved down and
paired with the lowest bracket).  When Edmonds' search fails, its last tree is a proof
(Tutte's theorem): its outer blossoms are odd sets of vertices, no edge joins two of
them, and all their other neighbours (the tree's inner vertices) are fewer than the
sets, so that no matching pairs every vertex.  The divisions of one bracket share their
vertices (its players, the lowest bracket's players and the bye) and differ only in
which players are in S1, which changes only the edges of those players.  So the odd
sets are kept and read again against another division's edges: when still no edge joins
two of them and their neighbours outside them are still fewer than they are, that
division has no perfect matching either, and it is refused without its graph or a
matching, exactly as the matching would refuse it.  (Late in an event the sets are
mostly players of the lowest bracket who may meet only a few players of the bracket
above: those in S1 are taken from them, whatever the division.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import filterfalse

from pairing.engine.matching.blossom import _augment
from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.entrants import Entrant

PROOFS = 64
"""The proofs a frame keeps at most, those that refused a division last first: a
division no proof refuses is read against all of them.  (Round 69 of the 150-player,
139-round, seed-2786 event keeps 26 and refuses 2,000 divisions with them.)"""

Split = bool | None
"""Whether the lowest bracket is paired as heterogeneous (``LowestFit._block``)."""


@dataclass(frozen=True, eq=False, slots=True)
class _Proof:
    """One proof kept (:meth:`FitProofs._keep`), as :meth:`_Frame._proves` reads it: its
    odd sets, their union, and for each set the other sets (``others``), the neighbours
    its vertices of the lowest bracket and the bye have whatever the division (``fixed``)
    and those they have in S2 (``up``), and its players of the bracket (bit, index).
    Compared and hashed as itself: the answers read of it are remembered by it."""

    parts: tuple[int, ...]
    every: int
    sets: tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]


class _Frame:
    """The graphs of the divisions of one bracket at one ``split``, as bit sets over one
    numbering of their vertices: the lowest bracket's players from 0 (as in
    ``LowestFit._block``), then the bye, then the bracket's players by number."""

    def __init__(
        self,
        players: Sequence[Entrant],
        split: Split,
        meet: Callable[[Entrant, Entrant], bool],
        reach: Callable[[Entrant, Split], list[int]],
        block: tuple[list[list[int]], list[int]],
    ) -> None:
        near, bye = block
        low = len(near)
        self.first = low + 1
        """The bit of the first of the bracket's players."""
        self.bit = {e.number: self.first + k for k, e in enumerate(players)}
        odd = (len(players) + low) % 2 == 1
        bye_bit = 1 << low if odd else 0
        apart = split is not True
        """Whether players moved down may meet each other and have the bye (not A3's
        heterogeneous lowest bracket)."""
        self.meets: list[int] = []
        """For each player of the bracket, the players of the bracket he may meet."""
        self.down: list[int] = []
        """For each player of the bracket, whom he may meet once moved down."""
        self.up = [0] * low
        """For each player of the lowest bracket, the bracket's players he may meet."""
        self.bye_up = 0
        for k, a in enumerate(players):
            self.meets.append(
                _bits(self.first + j for j, b in enumerate(players) if j != k and meet(a, b))
            )
            reached = reach(a, split)
            self.down.append(
                _bits(reached) | (bye_bit if apart and a.bye_allowed else 0),
            )
            for w in reached:
                self.up[w] |= 1 << self.first + k
            if apart and odd and a.bye_allowed:
                self.bye_up |= 1 << self.first + k
        self.among = apart
        self.low = [_bits(row) | (bye_bit if w in bye else 0) for w, row in enumerate(near)]
        """For each player of the lowest bracket, his neighbours there and the bye."""
        self.bye_low = _bits(bye) if odd else 0
        self.proofs: list[_Proof] = []
        """The proofs kept, those that refused a division last first."""
        self.added = 0
        """How many proofs have been kept in this frame so far (a proof is only ever
        dropped when another is kept)."""
        self._read: dict[tuple[int, int], tuple[set[_Proof], set[_Proof]]] = {}
        """For each division read before (S1, S2): the proofs read against it that refute
        it and those that do not (:meth:`_proves` reads nothing of the frame that changes)."""
        self._missed: dict[tuple[int, int], int] = {}
        """For each division no proof refused: :attr:`added` when that was answered."""

    def neighbours(self, v: int, s1: int, s2: int) -> int:
        """Vertex ``v``'s neighbours in the graph of the division ``s1``/``s2``."""
        first = self.first
        if v >= first:
            k = v - first
            if s1 >> v & 1:
                return self.meets[k] & s2
            return self.meets[k] & (s1 | s2 if self.among else s1) | self.down[k]
        if v < first - 1:
            return self.low[v] | self.up[v] & s2
        return self.bye_low | self.bye_up & s2

    def refutes(self, s1: int, s2: int) -> bool:
        """Whether a proof kept shows that the division has no perfect matching; the first
        that does is moved to the front, as the next divisions are like this one.

        A proof's answer for a division reads only the frame's edges, which do not
        change, so it is remembered: a division asked again (at other levels and
        sub-searches of C12, C13) reads only the proofs new to it, and gets the same
        answer and the same proof to the front as when every proof is read again.  In
        round 11 of the 150-player, 119-round, seed-7016 event, 583 divisions are asked
        4,483 times: 27,600 readings instead of 164,000."""
        key = (s1, s2)
        if self._missed.get(key) == self.added:
            return False  # the same proofs, read against it before, refuted nothing
        read = self._read.get(key)
        if read is None:
            read = self._read[key] = (set(), set())
        proving, failing = read
        proofs = self.proofs
        for proof in filterfalse(failing.__contains__, proofs):
            if proof not in proving:
                if not self._proves(proof, s1, s2):
                    failing.add(proof)
                    continue
                proving.add(proof)
            index = proofs.index(proof)
            if index:
                proofs.insert(0, proofs.pop(index))
            return True
        self._missed[key] = self.added
        return False

    def keep(self, parts: tuple[int, ...]) -> bool:
        """Keep the proof of the odd sets ``parts`` first, unless it is kept already; the
        last of more than :data:`PROOFS` is dropped.  Whether it is kept."""
        proofs = self.proofs
        if any(kept.parts == parts for kept in proofs):
            return False
        proofs.insert(0, self.proof(parts))
        self.added += 1
        del proofs[PROOFS:]
        return True

    def proof(self, parts: tuple[int, ...]) -> _Proof:
        """The proof of the odd sets ``parts`` (bit sets of this numbering)."""
        every = 0
        for part in parts:
            every |= part
        first = self.first
        sets: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = []
        for part in parts:
            fixed = up = 0
            players: list[tuple[int, int]] = []
            for v in _positions(part):
                if v >= first:
                    players.append((1 << v, v - first))
                elif v < first - 1:
                    fixed |= self.low[v]
                    up |= self.up[v]
                else:
                    fixed |= self.bye_low
                    up |= self.bye_up
            sets.append((every & ~part, fixed, up, tuple(players)))
        return _Proof(parts, every, tuple(sets))

    def _proves(self, proof: _Proof, s1: int, s2: int) -> bool:
        """Whether the odd sets of ``proof`` have, in the division's graph, no edge from
        one to another and fewer neighbours outside them than there are sets (Tutte).
        The neighbours of a set are those of its vertices (:meth:`neighbours`)."""
        meets, down = self.meets, self.down
        wide = s1 | s2 if self.among else s1
        outside = ~proof.every
        count = len(proof.sets)
        barrier = 0
        for others, fixed, up, players in proof.sets:
            near = fixed | up & s2
            for bit, k in players:
                if s1 & bit:
                    near |= meets[k] & s2
                else:
                    near |= meets[k] & wide | down[k]
            if near & others:
                return False
            barrier |= near & outside
            if barrier.bit_count() >= count:
                return False
        return True


_Division = tuple[_Frame, int, int]
"""A division of :meth:`FitProofs.refutes`: its frame, S1 and S2 as bit sets of it."""


class FitProofs:
    """The proofs found for the divisions of C13's penultimate bracket, by bracket and
    ``split`` (:class:`_Frame`), and the test of a division against them.

    ``meet``, ``reach`` and ``block`` are ``LowestFit``'s: who may meet whom (B1, B2),
    whom of the lowest bracket a player moved down may meet, and the lowest bracket's
    own edges and bye (A3, B1b).  :meth:`learn` is given the graph ``LowestFit`` builds
    for a division (S1, S2, the lowest bracket, the bye, in that order)."""

    def __init__(
        self,
        meet: Callable[[Entrant, Entrant], bool],
        reach: Callable[[Entrant, Split], list[int]],
        block: Callable[[Split], tuple[list[list[int]], list[int]]],
    ) -> None:
        self._meet = meet
        self._reach = reach
        self._block = block
        self._frames: dict[tuple[tuple[int, ...], Split], _Frame] = {}
        self.kept = 0
        """How many proofs are kept, in every frame: none to read, nothing to work out."""
        self._divisions: dict[tuple[tuple[int, ...], tuple[int, ...], Split], _Division] = {}
        """Each division asked about: its frame, S1 and S2 as bit sets of the frame."""

    def _frame(self, s1: Sequence[Entrant], s2: Sequence[Entrant], split: Split) -> _Frame:
        players = sorted((*s1, *s2), key=lambda e: e.number)
        key = (tuple(e.number for e in players), split)
        frame = self._frames.get(key)
        if frame is None:
            frame = self._frames[key] = _Frame(
                players, split, self._meet, self._reach, self._block(split)
            )
        return frame

    def refutes(self, s1: Sequence[Entrant], s2: Sequence[Entrant], split: Split) -> bool:
        """Whether a proof kept shows that the division ``s1``/``s2`` has no perfect
        matching (every S1 player may meet every S2 player he may meet by B1, B2)."""
        if not self.kept:
            return False
        key = (tuple(e.number for e in s1), tuple(e.number for e in s2), split)
        known = self._divisions.get(key)
        if known is None:
            frame = self._frame(s1, s2, split)
            bit = frame.bit
            known = self._divisions[key] = (
                frame,
                _bits(bit[e.number] for e in s1),
                _bits(bit[e.number] for e in s2),
            )
        frame, side1, side2 = known
        return bool(frame.proofs) and frame.refutes(side1, side2)

    def learn(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        split: Split,
        graph: Sequence[Sequence[int]],
        start: Sequence[int] | None = None,
        found: list[int] | None = None,
    ) -> bool:
        """Whether the division's ``graph`` has a perfect matching (Edmonds, as
        ``complete_matching``); when it has none, the failed search's tree is kept as a
        proof (:meth:`_keep`), and when it has one, it is put in ``found`` (if given).

        ``start``, a matching of the graph (the lowest bracket's own, worked out once),
        is what the search grows (Berge: whether a perfect matching exists does not
        depend on the start), and the tree of the search that fails is the proof: a
        failed search's tree is a Tutte barrier whatever matching it grew from, and
        :meth:`_keep` keeps only what holds.  Searching again from nothing for the
        proof cost a second search for most refusals (170 of 224 in round 76 of the
        150-player, 116-round, seed-8059 event)."""
        n = len(graph)
        mate = [-1] * n if start is None else list(start)
        alive = [True] * n
        for v, row in enumerate(graph):
            if mate[v] == -1:
                for w in row:
                    if mate[w] == -1 and w != v:
                        mate[v], mate[w] = w, v
                        break
        for root in range(n):
            if mate[root] != -1:
                continue
            even: list[bool] = []
            tree = _augment(root, graph, mate, alive, even)
            if tree is not None:
                self._keep(s1, s2, split, graph, tree, even)
                return False
        if found is not None:
            found[:] = mate
        return True

    def _keep(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        split: Split,
        graph: Sequence[Sequence[int]],
        tree: Sequence[int],
        even: Sequence[bool],
    ) -> None:
        """Keep the proof of a failed search: O its inner vertices, the odd sets its
        outer vertices joined by edges (its blossoms).  It is kept only when it holds:
        more odd sets than O has vertices, and none with a neighbour outside it and O."""
        barrier = {v for v in tree if not even[v]}
        part_of: dict[int, int] = {}
        parts: list[list[int]] = []
        for v in tree:
            if v in barrier or v in part_of:
                continue
            part_of[v] = len(parts)
            members = [v]
            for u in members:
                for w in graph[u]:
                    if w not in barrier and w not in part_of:
                        part_of[w] = len(parts)
                        members.append(w)
            parts.append(members)
        if len(parts) <= len(barrier) or any(len(members) % 2 == 0 for members in parts):
            return
        frame = self._frame(s1, s2, split)
        p, q = len(s1), len(s2)
        named = [frame.bit[e.number] for e in (*s1, *s2)]
        low = frame.first - 1

        def bit(v: int) -> int:
            return named[v] if v < p + q else min(v - p - q, low)

        if frame.keep(tuple(_bits(map(bit, members)) for members in parts)):
            self.kept += 1
