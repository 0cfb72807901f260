"""The order of Article 4 imposed on one bracket's matching (C.04.3 2026, Articles 3-4).

Each bracket (its resident score group and the players moved down into it) is paired by
a matching of greatest weight (:mod:`.criteria`).  Among the pairings that meet the
criteria equally well, the text takes the first in the order of Article 4; that order is
imposed step by step, each step a matching with a small bonus in the weight's lowest
bits (how wide: :func:`.criteria.field_bounds`):

1. **MDPs paired (Articles 3.2 and 4.4).**  Of the moved-down players of one score, the
   higher-ranked are paired first: S1 of a heterogeneous bracket is the first set of
   moved-down players that can be paired.
2. **Their opponents (Articles 3.3 and 4.2).**  Each MDP, highest first, meets the
   highest-ranked resident the criteria allow.
3. **Exchanges (Article 4.3).**  In the remainder (Article 3.3), the fewest players are
   exchanged between S1 and S2, the exchanged numbers as close as possible, and of
   several such exchanges the one that moves the lowest S1 and the highest S2 players.
4. **Transpositions (Article 4.2).**  Each S1 player in order meets the highest S2
   player the criteria allow.

The round's side (which brackets, completion, the bye) is :mod:`.procedure`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pairing.engine import weighted
from pairing.engine.matching import primal_dual
from pairing.engine.systems.dutch.criteria import Layout
from pairing.engine.systems.dutch.entrants import Entrant
from pairing.engine.systems.dutch.folds import Graph as Graph
from pairing.engine.systems.dutch.folds import (
    exchanges_at_once,
    steps_1_and_2_at_once,
    steps_1_and_2_shift,
)

_steps_1_and_2_at_once = steps_1_and_2_at_once
"""Article 4's steps 1 and 2 in one matching (:mod:`.folds`), looked up here when a
bracket is paired (the tests count its calls)."""
_exchanges_at_once = exchanges_at_once
"""Step 3's exchanges in one matching (:mod:`.folds`), looked up here likewise."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What pairing one bracket gave: its pairs, its downfloaters, the matching."""

    made: list[tuple[int, int]]
    left: list[int]
    found: dict[int, int] | Callable[[], dict[int, int]]
    """The bracket's final matching, or how to work it out when first read (:attr:`mate`)."""
    with_everyone: bool
    view: list[int]
    """The bracket and the next score group (whether or not they were in the graph)."""
    next_left_out: list[int] = field(default_factory=list)
    """The next score group, when it was left out of the graph (C8 the same
    whatever the bracket does)."""
    duals: primal_dual.Optimum | None = None
    """The last graph's matching with its duals (this project's matching; None when
    NetworkX's was asked or there was no graph)."""
    graph: tuple[list[int], dict[tuple[int, int], int], dict[int, int]] | None = None
    """The last graph (its vertices, weights and the pairs fixed before it) when
    :attr:`pending`: what
    :mod:`.ties` reads to settle what every matching of greatest weight shares."""
    cold: Callable[[], primal_dual.Optimum] | None = None
    """When that matching was begun from the step before (``RoundProcedure.warm_start``):
    how to find it from nothing, whose duals may answer where the others do not."""
    first: primal_dual.Optimum | None = None
    """The optimum of steps 1 and 2 in one matching (:mod:`.folds`) when the graph had
    no C4 in it: where a bracket paired again with everyone in view begins its own."""
    _read: list[dict[int, int]] = field(default_factory=list)
    _cold_read: list[primal_dual.Optimum] = field(default_factory=list)

    def every_duals(self) -> Iterator[primal_dual.Optimum]:
        """The duals that prove the last graph's optimum: :attr:`duals`, then those of
        the search from nothing (:attr:`cold`, worked out when first asked for).  Each
        reading of them holds of every matching of greatest weight, so it holds
        whichever duals make it; the second are asked only where the first leave the
        answer open, before a matching is worked out (:attr:`mate`)."""
        if self.duals is not None:
            yield self.duals
        if self.cold is not None:
            if not self._cold_read:
                self._cold_read.append(self.cold())
            yield self._cold_read[0]

    def meets_any_of(self, members: list[int], others: list[int]) -> bool | None:
        """Whether the matching :attr:`mate` reads pairs one of ``members`` with one of
        ``others``, as the duals tell it: False when no matching of greatest weight of
        the last graph does (no edge between them of zero reduced cost), True when
        every one does (one of ``members`` matched in all, and only ever with one of
        ``others``); None when the duals (:meth:`every_duals`) leave it open."""
        among = set(others)
        for duals in self.every_duals():
            if not any(duals.may_meet(a, b) for a in members for b in others):
                return False
            for a in members:
                partners = duals.possible_partners(a)
                if partners is not None and all(b in among for b in partners):
                    return True
        return None

    @property
    def pending(self) -> bool:
        """Whether reading :attr:`mate` would work out a matching (NetworkX's)."""
        return not self._read and not isinstance(self.found, dict)

    @property
    def mate(self) -> dict[int, int]:
        """The bracket's final matching; ``mate[v] == v`` for a vertex left unmatched."""
        if not self._read:
            found = self.found
            self._read.append(found if isinstance(found, dict) else found())
        return self._read[0]


class BracketPairer(Protocol):
    """What pairing a bracket asks of the round (:class:`.procedure.RoundProcedure`)."""

    players: list[Entrant]
    layout: Layout

    @property
    def use_structure(self) -> bool: ...

    @property
    def fold_steps(self) -> bool: ...

    @property
    def own_matching(self) -> bool: ...

    @property
    def warm_start(self) -> bool: ...

    def pairs_within(self, members: Sequence[int], apart: set[int] | None = None) -> int: ...

    def next_group_indifferent(self, bracket: list[int], floaters: int, nxt: list[int]) -> bool: ...

    def pair_structured(
        self, carried: list[int], residents: list[int], single: bool
    ) -> list[tuple[int, int]] | None: ...

    def weight(
        self, high: int, low: int, in_bracket: bool, in_next: bool, single: bool, full: bool
    ) -> int: ...

    def bracket_weights(
        self,
        view: list[int],
        first_resident: int,
        residents: set[int],
        single: bool,
        full: bool,
    ) -> dict[tuple[int, int], int]: ...

    def completion_weights(
        self, view: list[int], rest: list[int]
    ) -> dict[tuple[int, int], int]: ...

    def completion_lift(self, vertices: list[int], shift: int) -> dict[int, int]: ...


def pair_bracket(
    procedure: BracketPairer,
    carried: list[int],
    residents: list[int],
    nxt: list[int],
    rest: list[int],
    single: bool,
    *,
    full: bool,
    keep_next: bool = False,
    earlier: primal_dual.Optimum | None = None,
) -> Outcome:
    """Pair one bracket: its pairs, its downfloaters, and the final matching of the
    graph (``mate[v] == v`` for a vertex left unmatched).  ``earlier``: with ``full``,
    the optimum of steps 1 and 2 when the bracket was paired without C4 (:attr:`Outcome.first`)."""
    players = procedure.players
    bracket = carried + residents
    homogeneous_pairs: int | None = None
    looked_at = bracket + nxt
    left_out: list[int] = []
    if not full:
        # Without C4 in the weight, C6 is the top field: the bracket's pairs are a
        # maximum matching of its players (moved-down players not with each other).
        most = procedure.pairs_within(bracket, apart=set(carried))
        if not carried:
            homogeneous_pairs = most
        if not keep_next and procedure.next_group_indifferent(
            bracket, len(bracket) - 2 * most, nxt
        ):
            left_out, nxt = nxt, []
    view = bracket + nxt
    if procedure.use_structure and not full and not nxt:
        found = procedure.pair_structured(carried, residents, single)
        if found is not None:
            mate = {v: v for v in bracket}
            for a, b in found:
                mate[a], mate[b] = b, a
            return Outcome(
                made=found,
                left=[v for v in bracket if mate[v] == v],
                found=mate,
                with_everyone=False,
                view=looked_at,
                next_left_out=left_out,
            )
    graph_vertices = view + (rest if full else [])
    first_resident = len(carried)
    resident_set = set(residents)
    base = Graph(procedure.bracket_weights(view, first_resident, resident_set, single, full))
    if full:
        base.weights.update(procedure.completion_weights(view, rest))
    if (
        homogeneous_pairs is not None
        and not nxt
        and homogeneous_pairs == len(residents) // 2
        and homogeneous_pairs
    ):
        half = homogeneous_pairs
        straight = list(zip(residents[:half], residents[half : 2 * half], strict=True))
        best = max(base.weights.values(), default=0)
        if all(base.get(a, b) == best for a, b in straight):
            # Every pair of S1 against S2 in order is as good as any pair of the
            # bracket can be, and no pairing has more pairs, so none beats it by
            # C5-C21; it is the first of Article 4 (no exchange, no
            # transposition; the last player left over): round 1, and any bracket
            # its players' histories do not tell apart.
            mate = dict(straight) | {b: a for a, b in straight}
            return Outcome(
                made=straight,
                left=residents[2 * half :],
                found=mate,
                with_everyone=False,
                view=looked_at,
                next_left_out=left_out,
            )
    weights = Graph(dict(base.weights))
    fixed: dict[int, int] = {}
    made: list[tuple[int, int]] = []
    last: list[tuple[list[int], dict[tuple[int, int], int], dict[int, int]]] = []
    duals: list[primal_dual.Optimum] = []
    cold: list[tuple[list[int], dict[tuple[int, int], int]]] = []
    beyond = len(graph_vertices) > len(bracket)
    lifted: list[tuple[primal_dual.Optimum, dict[int, int]]] = []

    def cold_again() -> Callable[[], primal_dual.Optimum] | None:
        """For :class:`Outcome`: how to find the last graph's optimum from nothing, when
        it was begun warm."""
        if not cold:
            return None
        live, chosen = cold[0]
        return lambda: primal_dual.certified_matching(live, chosen)

    def solve(kept: dict[int, int] | None = None) -> dict[int, int]:
        # Every pair weighed is of two players of the graph: with none of them fixed
        # yet, the live weights are all of them, copied as they are (#38).
        if fixed:
            live = [v for v in graph_vertices if v not in fixed]
            chosen = weights.without(fixed)
        else:
            live = list(graph_vertices)
            chosen = dict(weights.weights)
        if kept is not None:  # the graph kept for the round unsolved, ``kept`` its matching
            last[:], cold[:] = [(live, chosen, dict(fixed))], [(live, chosen)]
            return kept
        if not procedure.own_matching:
            mate = weighted.max_weight_matching(live, chosen)
            last.clear()
            duals.clear()
        else:
            # Warm only with C4 in the graph (or nothing beyond the bracket): without
            # it, whether every optimum leaves the same players over is read from the
            # duals of the search from nothing as it has always been (below).
            warm_start = procedure.warm_start and (full or not beyond)
            warm = duals[0] if duals and warm_start else None
            if lifted:
                # The first matching with C4, begun from the first try's (below).
                begun, lift = lifted.pop()
                optimum = primal_dual.certified_matching(live, chosen, begun, near=1, lift=lift)
            else:
                optimum = primal_dual.certified_matching(live, chosen, warm)
            mate = optimum.mate
            duals[:] = [optimum]
            cold[:] = [(live, chosen)] if optimum.begun_warm else []
            # Without C4 the round reads only who is left unmatched (see ``settled``).
            same = not full and optimum.same_unmatched
            last[:] = [] if same else [(live, chosen, dict(fixed))]
        result = {v: mate.get(v, v) for v in live}
        result.update(fixed)
        return result

    def settled(mate: dict[int, int]) -> dict[int, int] | Callable[[], dict[int, int]]:
        """The final matching as the round reads it.  Within the bracket it is the same
        in every matching of greatest weight (the bonuses of Article 4 see to that);
        beyond it (the next score group, everyone below) the round reads which of
        those players are left over (C4) and, with C4 in the graph, whom they meet
        (C9), which matchings of equal weight may answer differently.  Unless the
        duals prove that every such matching leaves the same players over (without
        C4), it is NetworkX's matching of the last graph, as the round has always
        read it, worked out when first read: only when the matchings of greatest weight
        answer the round's questions differently (:mod:`.ties` asks first)."""
        if not last or not beyond:
            return mate
        live, chosen, fixed_then = last[0]

        def exact() -> dict[int, int]:
            found = weighted.max_weight_matching(live, chosen)
            result = {v: found.get(v, v) for v in live}
            result.update(fixed_then)
            return result

        return exact

    def finalize(a: int, b: int) -> None:
        fixed[a] = b
        fixed[b] = a
        made.append((a, b) if a < b else (b, a))

    def with_resident(mate: dict[int, int], v: int) -> bool:
        return mate[v] in resident_set

    matched: set[int] = set()
    mate = {v: v for v in graph_vertices}
    first: primal_dual.Optimum | None = None
    at_once = procedure.fold_steps and bool(carried)
    if at_once:
        # Steps 1 and 2 in one matching (see the function): its answers stand for the
        # matchings they would ask for one by one.  Paired again with everyone in view
        # (C4), the bracket begins it from the same matching without C4 (the first
        # try's, ``earlier``): its weights are those plus C4's field, which each pair's
        # players bring half each (``completion_lift``), so that optimum's duals raised
        # by the halves stay feasible and tight on its pairs, and the players below,
        # whose pairs weigh that field alone, begin tight with each other (#38).
        if full and earlier is not None and procedure.warm_start and procedure.own_matching:
            shift = steps_1_and_2_shift(carried, residents)
            lifted.append((earlier, procedure.completion_lift(graph_vertices, shift)))
        mate = _steps_1_and_2_at_once(carried, residents, weights, solve)
        first = duals[0] if duals and not full else None
    elif homogeneous_pairs is None and (full or not carried):
        mate = solve()

    def mdp_groups_settled(mate: dict[int, int]) -> bool:
        """Whether step 1 keeps the matching as it is: in every score group of the
        moved-down players, either all of them are paired with residents or none."""
        for score in {players[p].score for p in carried}:
            group = [p for p in carried if players[p].score == score]
            with_residents = sum(1 for p in group if with_resident(mate, p))
            if 0 < with_residents < len(group):
                return False
        return True

    if carried and not full and not at_once:
        # Steps 1 and 2 in one matching: each moved-down player's preference for the
        # highest resident in its own bit field, the first one's highest.  When step
        # 1 would not force anyone, this is what steps 1 and 2 give in turn.
        saved = dict(weights.weights)
        width = (len(residents) + 1).bit_length()
        span = width * len(carried)
        for key in list(weights.weights):
            weights.weights[key] <<= span
        for k, p in enumerate(carried):
            offset = width * (len(carried) - 1 - k)
            for pos, o in enumerate(residents):
                w = weights.get(p, o)
                if w:
                    weights.set(p, o, w + ((len(residents) - pos) << offset))
        folded = solve()
        weights.weights = saved
        if mdp_groups_settled(folded):
            mate = folded
            for p in carried:
                if with_resident(mate, p):
                    matched.update((p, mate[p]))
                    finalize(p, mate[p])
        else:
            mate = solve()

    # Step 1: which moved-down players are paired (Articles 3.2, 4.4).
    group_score = None
    remaining = remaining_matched = 0
    for pos, p in enumerate(carried if not fixed else []):
        if group_score is None or players[p].score < group_score:
            group_score = players[p].score
            remaining = remaining_matched = 0
            for q in view[pos:]:
                if players[q].score < group_score:
                    break
                remaining += 1
                if with_resident(mate, q):
                    remaining_matched += 1
        if not remaining_matched:
            continue
        if remaining <= remaining_matched:
            matched.add(p)
            continue
        remaining -= 1
        if not with_resident(mate, p):
            for o in residents:
                w = base.get(p, o)
                if w:
                    weights.set(p, o, w | 1)
            if not at_once:
                mate = solve()
        if with_resident(mate, p):
            matched.add(p)
            remaining_matched -= 1
            for o in residents:
                w = base.get(p, o)
                if w:
                    weights.set(p, o, (w | len(residents)) + 1)

    # Step 2: the opponents of the moved-down players, highest first.
    for p in carried if at_once else []:
        if p in matched:
            matched.add(mate[p])
            finalize(p, mate[p])
    for p in carried:
        if p not in matched or p in fixed:
            continue
        addend = len(view)
        for o in reversed(residents):
            if o in matched:
                continue
            w = base.get(p, o)
            if w:
                weights.set(p, o, w + addend)
                addend += 1
        mate = solve()
        partner = mate[p]
        matched.add(partner)
        finalize(p, partner)

    # Step 3: the remainder (Article 3.3) and its exchanges (Article 4.3).
    remainder = [o for o in residents if mate[o] not in set(carried)]
    if homogeneous_pairs is not None:
        pairs_in_remainder = homogeneous_pairs
    else:
        pairs_in_remainder = sum(1 for o in remainder if mate[o] < o and mate[o] in resident_set)
    bits = procedure.layout.count_bits

    def exchange_weight(a: int, b: int, index: int) -> int:
        w = base.get(a, b)
        if not w:
            return 0
        addend = (int(index < pairs_in_remainder) << (2 * bits)) - index
        return w + (addend << 1)

    def higher(v: int) -> bool:
        return v < mate[v] and mate[v] in resident_set

    def fold_s1(s1: list[int]) -> None:
        """Step 4 in one matching: each S1 player's preference for the highest S2
        player in its own bit field, the first S1 player's highest."""
        width = (len(remainder) + 1).bit_length()
        span = width * len(s1)
        for key in list(weights.weights):
            weights.weights[key] <<= span
        for k, a in enumerate(s1):
            offset = width * (len(s1) - 1 - k)
            for pos_b, b in enumerate(remainder):
                if b > a:
                    w = weights.get(a, b)
                    if w:
                        weights.set(a, b, w + ((len(remainder) - pos_b) << offset))

    for ia, a in enumerate(remainder):
        for b in remainder[ia + 1 :]:
            weights.set(a, b, exchange_weight(a, b, ia))
    if not full:
        # Steps 3 and 4 in one matching: when it needs no exchange, it is what
        # steps 3 and 4 give one after the other.
        saved = dict(weights.weights)
        fold_s1(remainder[:pairs_in_remainder])
        mate = solve()
        if all(higher(a) for a in remainder[:pairs_in_remainder]):
            for a in remainder[:pairs_in_remainder]:
                finalize(a, mate[a])
            left = [v for v in bracket if v not in fixed]
            return Outcome(
                made=made,
                left=left,
                found=settled(mate),
                with_everyone=False,
                duals=duals[0] if duals else None,
                graph=last[0] if last and beyond else None,
                cold=cold_again(),
                view=looked_at,
                next_left_out=left_out,
                first=first,
            )
        weights.weights = saved
    if procedure.fold_steps and full and not pairs_in_remainder and duals:
        # No remainder pair in any optimum (C6's sum is all of theirs): step 3's graph
        # differs from steps 1 and 2's only on those pairs, the fixed ones and by a
        # shift, so their optima agree beyond the bracket; it is kept unsolved (#38).
        mate = _exchanges_at_once(remainder, 0, weights, lambda: solve(mate))
    elif procedure.fold_steps:
        mate = _exchanges_at_once(remainder, pairs_in_remainder, weights, solve)
    else:
        mate = solve()
    exchanges = sum(1 for a in remainder[:pairs_in_remainder] if not higher(a))

    if procedure.fold_steps:
        # What the two searches below remove, from the one matching's answers.
        for pos, a in enumerate(remainder[:pairs_in_remainder]):
            if not higher(a):
                for b in remainder[pos + 1 :]:
                    base.set(a, b, 0)
                    weights.set(a, b, 0)
        promoted = [
            (pos, a) for pos, a in enumerate(remainder) if pos >= pairs_in_remainder and higher(a)
        ]
        for pos, a in promoted[: max(exchanges - 1, 0)]:
            for b in remainder[:pos]:
                base.set(b, a, 0)
                weights.set(b, a, 0)
            for o in nxt:
                base.set(a, o, 0)
                weights.set(a, o, 0)

    left_to_find = 0 if procedure.fold_steps else exchanges
    pos = pairs_in_remainder
    while pos > 0 and left_to_find:
        pos -= 1
        a = remainder[pos]
        if higher(a):
            for b in remainder[pos + 1 :]:
                w = exchange_weight(a, b, pos)
                if w:
                    weights.set(a, b, w - 1)
            mate = solve()
        exchanged = not higher(a)
        left_to_find -= exchanged
        for b in remainder[pos + 1 :]:
            if exchanged:
                base.set(a, b, 0)
            weights.set(a, b, exchange_weight(a, b, pos))

    left_to_find = 0 if procedure.fold_steps else exchanges
    for pos in range(pairs_in_remainder, len(remainder)):
        if left_to_find <= 1:
            break
        a = remainder[pos]
        already = higher(a)
        if not already:
            for b in remainder[pos + 1 :]:
                w = exchange_weight(a, b, pos)
                if w:
                    weights.set(a, b, w + 1)
            mate = solve()
        if higher(a):
            left_to_find -= 1
            for b in remainder[:pos]:
                base.set(b, a, 0)
                weights.set(b, a, 0)
            for o in nxt:
                base.set(a, o, 0)
                weights.set(a, o, 0)
        if not already:
            for b in remainder[pos + 1 :]:
                weights.set(a, b, exchange_weight(a, b, pos))

    for ia, a in enumerate(remainder):
        for b in remainder[ia + 1 :]:
            if not higher(a) or higher(b):
                base.set(a, b, 0)
            weights.set(a, b, base.get(a, b))

    # Step 4: each S1 player meets the highest S2 player possible (Article 4.2),
    # S1 in order: one matching, each S1 player's preference in its own bit field.
    s1 = [a for a in remainder if higher(a)]
    if s1:
        fold_s1(s1)
        mate = solve()
        for a in s1:
            finalize(a, mate[a])
            matched.add(a)
            matched.add(mate[a])
    left = [v for v in bracket if v not in fixed]
    return Outcome(
        made=made,
        left=left,
        found=settled(mate),
        with_everyone=full and bool(rest),
        duals=duals[0] if duals else None,
        graph=last[0] if last and beyond else None,
        cold=cold_again(),
        view=looked_at,
        next_left_out=left_out,
        first=first,
    )
