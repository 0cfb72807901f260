"""Brackets paired from the structure of their criteria, without a general matching.

FIDE Handbook C.04.3 (in force from 1 February 2026), Articles 3 and 4, for the brackets
that :mod:`.procedure` would otherwise pair with a weighted matching of the whole
bracket, which costs the cube of its size: minutes for the score groups of a
1,000-player open.

The weight of a pair (:func:`.criteria.edge_weight`) knows only a few facts of each
player: score, colour difference, colour preference and its strength, the colour of the
last two games, the floats of the last two rounds and, for C9, games played.  Players
with the same facts are interchangeable for C2-C21; only C1 (who met whom) tells
them apart.  So the players of a bracket fall into a few *kinds*, and:

1. **Bound.**  The heaviest fractional pairing of the kinds, C1 set aside, is a
   transportation problem between two copies of the kinds (each pair shipped both
   ways), solved exactly in integers.  Half its value bounds every pairing of the
   bracket from above.
2. **Moved-down players (Articles 4.4 and 4.2, steps 1 and 2).**  Each MDP in order takes the
   highest resident he may meet whose kind keeps the bound reachable.
3. **S1 against S2 (Article 4.2).**  The best pairing of S1 against S2 is a
   transportation problem between their kinds.  Its dual prices make some pairs of
   kinds *tight*, and a pairing of S1 against S2 is one of the best exactly when all
   its pairs are tight.  Each S1 player in order then takes the highest S2 player such
   that the players left can still all be paired by tight pairs (an alternating path
   decides it): the first transposition among the best.  In an odd remainder, the S2
   player left over floats.
4. **Proof.**  When that pairing reaches the bound of step 1, no pairing of the bracket
   is better; it needs no exchange (Article 4.3), and it is the pairing that the
   weighted matching of :mod:`.procedure` chooses.  When it does not, the answer is
   None and the bracket goes to that matching.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from .shipping import Network, Plan, ship

LEFT_OVER = -1
"""The place, on the S1 side, of the player an odd bracket leaves unpaired."""


@dataclass(frozen=True, slots=True)
class Transport:
    """An optimal transportation plan's value and dual prices."""

    value: int
    left_prices: list[int]
    right_prices: list[int]
    """``left_prices[i] + right_prices[j] >= weight[i, j]`` for every arc, with equality
    on every arc the plan uses; the prices, weighted by supply and demand, sum to
    ``value``."""


def transport(
    supply: Sequence[int], demand: Sequence[int], weights: Mapping[tuple[int, int], int]
) -> Transport | None:
    """Ship all of ``supply`` (left nodes) to meet all of ``demand`` (right nodes) along
    the arcs of ``weights`` for the greatest total weight; None when it cannot be done.

    Successive shortest paths (R. K. Ahuja, T. L. Magnanti and J. B. Orlin, *Network
    Flows*, 1993, ch. 9) with costs the negated weights, each path found by a queue-based
    Bellman-Ford search, so that every quantity stays an exact integer."""
    n_left, n_right = len(supply), len(demand)
    total = sum(supply)
    if total != sum(demand):
        return None
    arcs: list[list[tuple[int, int]]] = [[] for _ in range(n_left)]
    for (i, j), w in weights.items():
        arcs[i].append((j, w))
    flow: list[dict[int, int]] = [{} for _ in range(n_right)]  # flow[j][i]
    left_rest, right_rest = list(supply), list(demand)
    shipped = value = 0
    while shipped < total:
        dist_left: list[int | None] = [0 if left_rest[i] else None for i in range(n_left)]
        dist_right: list[int | None] = [None] * n_right
        via_left = [-1] * n_left
        via_right = [-1] * n_right
        _shortest(arcs, flow, weights, dist_left, dist_right, via_left, via_right)
        reached = {
            j: distance
            for j in range(n_right)
            if right_rest[j] and (distance := dist_right[j]) is not None
        }
        if not reached:
            return None
        end = min(reached, key=reached.__getitem__)
        forward: list[tuple[int, int]] = []
        backward: list[tuple[int, int]] = []
        amount = right_rest[end]
        j = end
        while True:
            i = via_right[j]
            forward.append((i, j))
            if via_left[i] == -1:
                start = i
                break
            j = via_left[i]
            backward.append((i, j))
            amount = min(amount, flow[j][i])
        amount = min(amount, left_rest[start])
        for i, j in forward:
            flow[j][i] = flow[j].get(i, 0) + amount
        for i, j in backward:
            flow[j][i] -= amount
            if not flow[j][i]:
                del flow[j][i]
        left_rest[start] -= amount
        right_rest[end] -= amount
        shipped += amount
        gain = dist_right[end]
        assert gain is not None
        value -= amount * gain
    potential_left: list[int | None] = [0] * n_left
    potential_right: list[int | None] = [0] * n_right
    _shortest(arcs, flow, weights, potential_left, potential_right, [-1] * n_left, [-1] * n_right)
    left_prices = [p or 0 for p in potential_left]
    right_prices = [-(p or 0) for p in potential_right]
    return Transport(value=value, left_prices=left_prices, right_prices=right_prices)


def _shortest(
    arcs: list[list[tuple[int, int]]],
    flow: list[dict[int, int]],
    weights: Mapping[tuple[int, int], int],
    dist_left: list[int | None],
    dist_right: list[int | None],
    via_left: list[int],
    via_right: list[int],
) -> None:
    """Shortest distances in the residual graph (cost ``-w`` forward, ``w`` back along
    an arc that carries flow), from the left nodes whose distance is set."""
    n_left = len(dist_left)
    queue = deque(i for i in range(n_left) if dist_left[i] is not None)
    queued = [False] * (n_left + len(dist_right))
    for i in queue:
        queued[i] = True
    while queue:
        x = queue.popleft()
        queued[x] = False
        if x < n_left:
            d = dist_left[x]
            assert d is not None
            for j, w in arcs[x]:
                candidate = d - w
                known = dist_right[j]
                if known is None or candidate < known:
                    dist_right[j] = candidate
                    via_right[j] = x
                    if not queued[n_left + j]:
                        queued[n_left + j] = True
                        queue.append(n_left + j)
        else:
            j = x - n_left
            d = dist_right[j]
            assert d is not None
            for i in flow[j]:
                candidate = d + weights[i, j]
                known = dist_left[i]
                if known is None or candidate < known:
                    dist_left[i] = candidate
                    via_left[i] = j
                    if not queued[i]:
                        queued[i] = True
                        queue.append(i)


def _feasible(
    supply: Mapping[int, int], demand: Mapping[int, int], tight: Mapping[int, Sequence[int]]
) -> bool:
    """Whether ``supply`` can be shipped to meet ``demand`` exactly along ``tight`` arcs
    (augmenting paths on the kinds)."""
    if sum(supply.values()) != sum(demand.values()):
        return False
    left_rest = {i: n for i, n in supply.items() if n}
    right_rest = {j: n for j, n in demand.items() if n}
    flow: dict[int, dict[int, int]] = {}  # flow[j][i]
    while left_rest:
        start = next(iter(left_rest))
        via_right: dict[int, int] = {}
        via_left: dict[int, int] = {start: -1}
        queue = deque([start])
        end = None
        while queue and end is None:
            i = queue.popleft()
            for j in tight.get(i, ()):
                if j in via_right or j not in demand:
                    continue
                via_right[j] = i
                if right_rest.get(j):
                    end = j
                    break
                for back in flow.get(j, {}):
                    if back not in via_left:
                        via_left[back] = j
                        queue.append(back)
        if end is None:
            return False
        amount = min(left_rest[start], right_rest[end])
        j = end
        path: list[tuple[int, int, int]] = []
        while True:
            i = via_right[j]
            path.append((i, j, 1))
            if via_left[i] == -1:
                break
            j = via_left[i]
            path.append((i, j, -1))
            amount = min(amount, flow[j][i])
        for i, j, sign in path:
            column = flow.setdefault(j, {})
            column[i] = column.get(i, 0) + sign * amount
            if not column[i]:
                del column[i]
        left_rest[start] -= amount
        if not left_rest[start]:
            del left_rest[start]
        right_rest[end] -= amount
        if not right_rest[end]:
            del right_rest[end]
    return True


class _Kinds:
    """The kinds of a bracket's players and the weight of a pair of kinds."""

    def __init__(
        self,
        members: Sequence[int],
        moved: set[int],
        key: Callable[[int], Hashable],
        weight: Callable[[int, int], int],
    ) -> None:
        index: dict[Hashable, int] = {}
        self.of: dict[int, int] = {}
        representatives: list[int] = []
        for v in members:
            k = (v in moved, key(v))
            if k not in index:
                index[k] = len(representatives)
                representatives.append(v)
            self.of[v] = index[k]
        self.moved = [r in moved for r in representatives]
        self.weights: dict[tuple[int, int], int] = {}
        self.symmetric = True
        for c, a in enumerate(representatives):
            for d in range(c, len(representatives)):
                b = representatives[d]
                if self.moved[c] and self.moved[d]:
                    continue
                if self.moved[d]:
                    w = weight(b, a)
                elif self.moved[c]:
                    w = weight(a, b)
                else:
                    w = weight(a, b)
                    if c != d and w != weight(b, a):
                        self.symmetric = False
                if w:
                    self.weights[c, d] = self.weights[d, c] = w
        self._bounds: dict[tuple[tuple[int, int], ...], Plan | None] = {}
        self._networks: dict[tuple[bool, frozenset[int]], Network] = {}

    def count(self, vertices: Sequence[int]) -> Counter[int]:
        return Counter(self.of[v] for v in vertices)

    def doubled_bound(
        self, counts: Mapping[int, int], near: Mapping[int, int] | None = None
    ) -> int | None:
        """Twice the weight of the heaviest fractional pairing of players of these kinds
        (C1 set aside), one left over when their number is odd: every pairing of them
        weighs at most half of it.  None when they cannot be paired at all.

        ``near``: counts whose bound was asked before, whose plan the search starts
        from (:mod:`.shipping`); the bound does not depend on it."""
        key = _key(counts)
        if key in self._bounds:
            known = self._bounds[key]
            return None if known is None else known.value
        n = len(self.moved)
        sizes = [counts.get(c, 0) for c in range(n)]
        odd = sum(sizes) % 2 == 1
        if odd:
            sizes.append(1)
        # A kind absent from ``counts`` ships nothing, so its arcs change no plan; a
        # kind met once may not meet itself.
        shape = (odd, frozenset(c for c in range(n) if sizes[c] >= 2))
        network = self._networks.get(shape)
        if network is None:
            arcs = {(c, d): w for (c, d), w in self.weights.items() if c != d or c in shape[1]}
            if odd:
                for c in range(n):
                    arcs[c, n] = arcs[n, c] = 0
            network = self._networks[shape] = Network(len(sizes), len(sizes), arcs)
        start = None if near is None else self._bounds.get(_key(near))
        plan = ship(network, sizes, sizes, start)
        self._bounds[key] = plan
        return None if plan is None else plan.value

    def rest_after(self, base: Counter[int], c: int, d: int) -> int | None:
        """The doubled bound of ``base`` less a player of kind ``c`` and one of kind
        ``d``, when it is the bound of ``base`` less twice the weight of such a pair:
        when pairing them keeps that bound reachable.  None otherwise.

        The plan of ``base`` prices every kind on both sides (:meth:`.Plan.slack`);
        what is left weighs at most the bound less the prices of ``c`` and ``d`` on both
        sides, twice the weight of the pair plus the slack of its two arcs.  When they
        have slack, no problem needs solving."""
        plan = self._bounds[_key(base)]
        assert plan is not None
        if plan.slack(c, d) or plan.slack(d, c):
            return None
        counts = base.copy()
        counts[c] -= 1
        counts[d] -= 1
        rest = self.doubled_bound(counts, near=base)
        if rest is None or 2 * self.weights[c, d] + rest != plan.value:
            return None
        return rest


def _key(counts: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((c, n) for c, n in counts.items() if n))


def pair_bracket(
    carried: Sequence[int],
    residents: Sequence[int],
    *,
    key: Callable[[int], Hashable],
    weight: Callable[[int, int], int],
    compatible: Callable[[int, int], bool],
) -> list[tuple[int, int]] | None:
    """The pairs the weighted matching of the bracket would make, in the order made
    (moved-down players first, then S1 in order), or None when its structure does not
    prove them (see the module's docstring).

    ``carried``: the moved-down players, ``residents``: the resident score group, both
    in the order of 1.2.  ``key(v)``: everything the weights know of player ``v``.
    ``weight(high, low)``: the weight of such a pair, C1 set aside (0: C3 forbids it).
    ``compatible(a, b)``: C1 and C3 for the two players themselves."""
    members = [*carried, *residents]
    kinds = _Kinds(members, set(carried), key, weight)
    if not kinds.symmetric:
        return None
    counts = kinds.count(members)
    target = kinds.doubled_bound(counts)
    if target is None:
        return None
    pairs: list[tuple[int, int]] = []
    taken: set[int] = set()
    for m in carried:
        c = kinds.of[m]
        base = Counter(counts)  # the counts of ``target``, whose plan is known
        counts[c] -= 1
        verdict: dict[int, int | None] = {}
        chosen = None
        for t in residents:
            if t in taken:
                continue
            d = kinds.of[t]
            w = kinds.weights.get((c, d))
            if not w or not compatible(m, t):
                # C1 first: in a late round most residents have met him, and the bound
                # below costs a transportation problem for each kind it is asked of.
                continue
            if d not in verdict:
                verdict[d] = kinds.rest_after(base, c, d)
            if verdict[d] is not None:
                chosen = t
                break
        if chosen is None:
            return None
        d = kinds.of[chosen]
        counts[d] -= 1
        bound = verdict[d]
        assert bound is not None
        target = bound
        taken.add(chosen)
        pairs.append((m, chosen))
    remainder = [t for t in residents if t not in taken]
    s2_pairs = _first_transposition(remainder, kinds, target, compatible)
    if s2_pairs is None:
        return None
    return pairs + s2_pairs


def _first_transposition(
    remainder: list[int],
    kinds: _Kinds,
    target: int,
    compatible: Callable[[int, int], bool],
) -> list[tuple[int, int]] | None:
    """Step 3: S1 against S2 by tight pairs, each S1 player in order with the highest S2
    player that leaves the rest completable; None unless it weighs ``target / 2``."""
    half = len(remainder) // 2
    s1, s2 = remainder[:half], remainder[half:]
    odd = len(s2) > len(s1)
    left_kinds = sorted({kinds.of[v] for v in s1})
    right_kinds = sorted({kinds.of[v] for v in s2})
    left_at = {c: p for p, c in enumerate(left_kinds)}
    right_at = {c: p for p, c in enumerate(right_kinds)}
    supply = [0] * (len(left_kinds) + odd)
    demand = [0] * len(right_kinds)
    for v in s1:
        supply[left_at[kinds.of[v]]] += 1
    for v in s2:
        demand[right_at[kinds.of[v]]] += 1
    arcs: dict[tuple[int, int], int] = {}
    for c in left_kinds:
        for d in right_kinds:
            w = kinds.weights.get((c, d))
            if w:
                arcs[left_at[c], right_at[d]] = w
    spare = len(left_kinds)
    if odd:
        supply[spare] = 1
        for q in range(len(right_kinds)):
            arcs[spare, q] = 0
    plan = transport(supply, demand, arcs)
    if plan is None or 2 * plan.value != target:
        return None
    # Kinds by position in the plan: S1 kinds 0.., the left-over place ``spare``.
    kind_left = {v: left_at[kinds.of[v]] for v in s1}
    kind_left[LEFT_OVER] = spare
    kind_right = {v: right_at[kinds.of[v]] for v in s2}
    tight: dict[int, list[int]] = {}
    for (p, q), w in arcs.items():
        if plan.left_prices[p] + plan.right_prices[q] == w:
            tight.setdefault(p, []).append(q)
    tight_set = {(p, q) for p, qs in tight.items() for q in qs}

    def allowed(x: int, t: int) -> bool:
        if (kind_left[x], kind_right[t]) not in tight_set:
            return False
        return x == LEFT_OVER or compatible(x, t)

    left = [*s1, LEFT_OVER] if odd else list(s1)
    matching = _TightMatching(left, s2, allowed)
    if not matching.complete():
        return None
    open_right = list(s2)  # S2 players not yet fixed, in order
    free_left = Counter(kind_left[x] for x in left)
    free_right = Counter(kind_right[t] for t in s2)
    pairs: list[tuple[int, int]] = []
    for x in s1:
        free_left[kind_left[x]] -= 1
        for t in open_right:
            if matching.mate_left[x] == t:
                break
            if not allowed(x, t):
                continue
            free_right[kind_right[t]] -= 1
            possible = _feasible(free_left, free_right, tight)
            free_right[kind_right[t]] += 1
            if possible and matching.reroute(x, t):
                break
        t = matching.mate_left[x]
        free_right[kind_right[t]] -= 1
        matching.fix(x, t)
        open_right.remove(t)
        pairs.append((x, t))
    return pairs


class _TightMatching:
    """A perfect matching of ``left`` with ``right`` by allowed pairs, kept perfect while
    pairs are fixed one by one."""

    def __init__(
        self, left: Sequence[int], right: Sequence[int], allowed: Callable[[int, int], bool]
    ) -> None:
        self.left = list(left)
        self.right = list(right)
        self.allowed = allowed
        self.mate_left: dict[int, int] = {}
        self.mate_right: dict[int, int] = {}
        self.fixed: set[int] = set()

    def complete(self) -> bool:
        """Match every left vertex: greedily in order, then by augmenting paths."""
        if len(self.left) != len(self.right):
            return False
        free = list(self.right)
        for x in self.left:
            for t in free:
                if self.allowed(x, t):
                    self.mate_left[x], self.mate_right[t] = t, x
                    free.remove(t)
                    break
        return all(x in self.mate_left or self._augment(x) for x in self.left)

    def _augment(self, root: int) -> bool:
        """An alternating path from the unmatched ``root`` to an unmatched right vertex."""
        via: dict[int, int] = {}
        queue = deque([root])
        while queue:
            x = queue.popleft()
            for t in self.right:
                if t in via or t in self.fixed or not self.allowed(x, t):
                    continue
                via[t] = x
                owner = self.mate_right.get(t)
                if owner is None:
                    while True:
                        x = via[t]
                        previous = self.mate_left.get(x)
                        self.mate_left[x], self.mate_right[t] = t, x
                        if x == root or previous is None:
                            return True
                        t = previous
                queue.append(owner)
        return False

    def reroute(self, x: int, t: int) -> bool:
        """Pair ``x`` with ``t`` and keep the matching perfect, if an alternating path
        lets it; otherwise change nothing."""
        t0 = self.mate_left[x]
        y = self.mate_right[t]
        if self.allowed(y, t0):
            self.mate_left[x], self.mate_right[t] = t, x
            self.mate_left[y], self.mate_right[t0] = t0, y
            return True
        # A path y -> r1 (owned by z1) -> r2 ... -> t0, avoiding x and t; a right vertex
        # whose owner may meet t0 ends it at once.
        via: dict[int, int] = {}
        queue = deque([y])
        while queue:
            z = queue.popleft()
            for r in self.right:
                if r in via or r == t or r in self.fixed or not self.allowed(z, r):
                    continue
                via[r] = z
                if r != t0 and self.allowed(self.mate_right[r], t0):
                    via[t0] = self.mate_right[r]
                    r = t0
                if r == t0:
                    self.mate_left[x], self.mate_right[t] = t, x
                    while True:
                        z = via[r]
                        previous = self.mate_left[z]
                        self.mate_left[z], self.mate_right[r] = r, z
                        if z == y:
                            return True
                        r = previous
                queue.append(self.mate_right[r])
        return False

    def fix(self, x: int, t: int) -> None:
        self.fixed.add(t)
