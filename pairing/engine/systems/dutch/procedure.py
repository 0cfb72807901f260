"""The brackets of a round paired from the top down (C.04.3 2026, Articles 1.9 and 3).

Each bracket (its resident score group and the players moved down into it) is paired by
a matching of greatest weight (:mod:`.criteria`): the absolute criteria C1-C3, the PAB
criterion C5 and the quality criteria C6-C21 in order, looking one score group ahead
(C8); among equals, the first in the order of Article 4 (:mod:`.order`).  This module
holds the round's side: the bye's score and who may take it (C2, C4, C5), the brackets
from the top down with their moved-down players, when C9 weighs, and why the players
who float do (the explanation).

**Completion (C4).**  Looking at every player still to be paired at once costs the
cube of their number for every bracket.  A bracket is therefore first paired with only
its own players and those of the next score group in the graph; the result stands when
the players it leaves over and everyone below can still be paired (with the bye to a
player who may have it).  Only when they cannot is the bracket paired again with every
remaining player in the graph, and C4 in the weight's highest bits.  Both give the
same pairing whenever the first is completable: it is then the best pairing of the
larger graph too.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from pairing.engine import weighted
from pairing.engine.errors import NoValidPairing
from pairing.engine.matching import exposable_vertices, primal_dual
from pairing.engine.messages import words
from pairing.engine.systems.dutch import structured, ties
from pairing.engine.systems.dutch.completion import Completion
from pairing.engine.systems.dutch.criteria import (
    ByeContext,
    Layout,
    deciding_criterion,
    offsets,
    quality_fields,
)
from pairing.engine.systems.dutch.entrants import Entrant, compatible
from pairing.engine.systems.dutch.order import Outcome, pair_bracket
from pairing.engine.systems.dutch.terms import PairTerms


@dataclass(frozen=True, slots=True)
class BracketResult:
    """How one bracket was paired."""

    score: int
    """The score of its resident players."""
    moved_down: tuple[Entrant, ...]
    residents: tuple[Entrant, ...]
    pairs: tuple[tuple[Entrant, Entrant], ...]
    """Its pairs, higher-ranked player first, in the order they were made."""
    downfloaters: tuple[Entrant, ...]
    completed_with_everyone: bool
    """True when C4 made the bracket be paired with every remaining player in view."""
    instead_of: tuple[Entrant, ...] = ()
    """The bracket's lowest-ranked residents, when others float down in their place."""
    decided_by: str | None = None
    """Then the first quality criterion by which the pairing chosen beats the best one
    that floats those lowest-ranked residents; None when none of C5-C21 within the
    bracket separates them (C8 or the order of Article 4 did)."""


class RoundProcedure(Completion):
    """Pairs one round: ``players`` sorted by score, then pairing number (1.2)."""

    use_structure: ClassVar[bool] = True
    """Pair a bracket from the structure of its criteria (:mod:`.structured`) when that
    proves the pairing; False sends every bracket to the weighted matching, which the
    tests use as the oracle."""

    fold_steps: ClassVar[bool] = True
    """Decide which moved-down players are paired and with whom (Article 4, steps 1
    and 2) with one matching rather than one per player (:mod:`.order`); False takes
    the steps one matching at a time, which the tests use as the oracle."""

    own_matching: ClassVar[bool] = True
    """Pair a bracket's steps, and find why others than its lowest residents float,
    with this project's weighted matching (:mod:`pairing.engine.matching.primal_dual`);
    False asks NetworkX's for every one, which the tests use as the oracle."""

    warm_start: ClassVar[bool] = True
    """Begin each matching of a bracket's steps after the first from the optimum of the
    step before (:func:`~pairing.engine.matching.primal_dual.certified_matching`); False
    finds each from nothing, which the tests use as the oracle."""

    early_completion: ClassVar[bool] = True
    """Send a bracket straight to its pairing with everyone in view when no pairing of
    it with its own pairs alone can complete the round (:meth:`_needs_everyone`);
    False tries the smaller pairings first, which the tests use as the oracle."""

    early_completion_below: ClassVar[int] = 40
    """Ask that only of brackets with at most this many players below them: in the
    late rounds of near round robins (#38) every bracket it sent early had at most 40
    below, and asking it above them cost more than it saved.  Speed only: the
    pairings are the same either way."""

    c6_first: ClassVar[bool] = True
    """Explain who floats by C6 alone, without a matching, when a maximum matching of
    the bracket without its lowest residents has another number of pairs than the
    pairing chosen (:meth:`_why_these_float`); False asks the matching every time,
    which the tests use as the oracle."""

    def __init__(self, players: Sequence[Entrant], rounds_completed: int) -> None:
        self.players = list(players)
        self.layout = Layout.of(self.players, rounds_completed)
        self._completable_sets: dict[tuple[tuple[int, ...], tuple[int, ...] | None], bool] = {}
        self._matchings: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
        self._pairs_within: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        self._quality: dict[tuple[int, int, bool, bool, bool], int] = {}
        self._kind_weights: dict[tuple[int, int, bool, bool], int] = {}
        self._pairs_seen: dict[int, int] = {}
        self._met: dict[int, set[int]] = {}
        self._numbers = {p.number: index for index, p in enumerate(self.players)}
        self._avoid = [p.avoid for p in self.players]
        self.bye = self._bye_context()
        self.terms = PairTerms(self.players, self.layout, self.bye)
        self._completion_fields = [int(not self.bye.candidate(p)) for p in self.players]
        """Each player's part of the completion field (C2, C5): 1 when he may not take
        the bye."""
        self.results: list[BracketResult] = []
        self.bye_player: Entrant | None = None
        self._outside_shift: int | None = None
        self._outside_rows: dict[int, dict[int, int]] = {}

    # -- C2, C4, C5 over the whole round ------------------------------------------------

    def _bye_context(self) -> ByeContext:
        """C2, C4, C5: the lowest score a bye candidate can have with the round complete."""
        everyone = list(range(len(self.players)))
        odd = len(everyone) % 2 == 1
        if not odd:
            if not self._completable(everyone, []):
                raise NoValidPairing(words("pairing.dutch_absolute"))
            return ByeContext(odd=False, score=-1, played_rank={})
        for score in sorted({p.score for p in self.players}):
            allowed = [i for i, p in enumerate(self.players) if p.score == score and p.bye_eligible]
            if allowed and self._completable(everyone, allowed):
                games = sorted(
                    (p.played_games for p in self.players if p.score == score), reverse=True
                )
                rank = {g: index for index, g in enumerate(games)}
                return ByeContext(odd=True, score=score, played_rank=rank)
        raise NoValidPairing(words("pairing.dutch_bye"))

    # -- the brackets -------------------------------------------------------------------

    def run(self) -> list[tuple[Entrant, Entrant]]:
        """Pair every bracket; the pairs, and ``bye_player`` set when one is left over."""
        players = self.players
        n = len(players)
        pairs: list[tuple[Entrant, Entrant]] = []
        top = players[0].score if players else 0
        single = self.bye.odd and self.bye.score >= top and self._single_in_top()
        carried: list[int] = []  # moved-down players, as indices into ``players``
        start = 0
        while start < n:
            end = start
            while end < n and players[end].score == players[start].score:
                end += 1
            residents = list(range(start, end))
            nxt_end = end
            while nxt_end < n and players[nxt_end].score == players[end].score:
                nxt_end += 1
            nxt = list(range(end, nxt_end))
            rest = list(range(nxt_end, n))
            below = nxt + rest
            if (
                self.early_completion
                and len(below) <= self.early_completion_below
                and self._needs_everyone(carried, residents, below)
            ):
                outcome = pair_bracket(self, carried, residents, nxt, rest, single, full=True)
            else:
                outcome = self._pair_completed(carried, residents, nxt, rest, single)
            made, left = outcome.made, outcome.left
            pairs.extend((players[a], players[b]) for a, b in made)
            instead, decided = self._why_these_float(carried, residents, made, left, single)
            self.results.append(
                BracketResult(
                    score=players[start].score,
                    moved_down=tuple(players[i] for i in carried),
                    residents=tuple(players[i] for i in residents),
                    pairs=tuple((players[a], players[b]) for a, b in made),
                    downfloaters=tuple(players[i] for i in left),
                    completed_with_everyone=outcome.with_everyone,
                    instead_of=tuple(players[i] for i in instead),
                    decided_by=decided,
                )
            )
            if nxt:
                next_score = players[nxt[0]].score
                single = self.bye.odd and self.bye.score >= next_score
                if single:
                    single = self._no_one_pairs_below(left, nxt, outcome, rest, next_score)
            carried = left
            start = end
        if len(carried) == 1:
            self.bye_player = players[carried[0]]
        elif carried:
            raise NoValidPairing(words("pairing.dutch_lowest_bracket"))
        return pairs

    def _pair_completed(
        self,
        carried: list[int],
        residents: list[int],
        nxt: list[int],
        rest: list[int],
        single: bool,
    ) -> Outcome:
        """The bracket paired with the next score group in view (or without it), and
        again with everyone in view when that leaves the round incomplete (C4).  Each
        smaller pairing is asked once whether it extends (:meth:`_extends`)."""
        outcome = pair_bracket(self, carried, residents, nxt, rest, single, full=False)
        extends = self._extends(outcome, rest)
        if not extends and outcome.next_left_out:
            outcome = pair_bracket(
                self, carried, residents, nxt, rest, single, full=False, keep_next=True
            )
            extends = self._extends(outcome, rest)
        if not extends:
            outcome = pair_bracket(
                self, carried, residents, nxt, rest, single, full=True, earlier=outcome.first
            )
        return outcome

    def _no_one_pairs_below(
        self, left: list[int], nxt: list[int], outcome: Outcome, rest: list[int], score: int
    ) -> bool:
        """Whether none of the next bracket's players (``left``, moved down, and the
        score group ``nxt``) is paired below ``score`` in the matching of the whole
        round: C9 then weighs in the next bracket, as bbpPairings reads it (kept, #32).

        Its matching pairs them among themselves as far as it can (C8), and those below
        among themselves when they can complete the round alone; one of them left over
        takes the bye rather than a partner below when he may (the two complete the
        round equally well, and the reference leaves him unpaired); more than one left
        over means someone pairs below."""
        members = left + nxt
        # Only a graph with players below the next score group can pair one of them
        # below; the matching is read only then, and only when its duals leave the
        # answer open (reading it may cost a matching: ``Outcome.mate``).
        if outcome.with_everyone:
            meets = outcome.meets_any_of(members, rest)
            if meets is None:
                meets = ties.paired_below(outcome, members, lambda v: self.players[v].score < score)
            if meets:
                return False
        loose = sum(1 for m in self._matching(members, apart=set(left)) if m == -1)
        if loose == 0:
            return self._completable(rest, None)
        if loose > 1:
            return False
        return any(self.bye.candidate(self.players[v]) for v in members) and self._completable(
            rest, []
        )

    def _why_these_float(
        self,
        carried: list[int],
        residents: list[int],
        made: list[tuple[int, int]],
        left: list[int],
        single: bool,
    ) -> tuple[list[int], str | None]:
        """When others than the bracket's lowest-ranked residents float down: those
        residents, and the quality criterion that made the difference (one more
        matching, with them left out of the bracket).

        Any matching of greatest weight of that graph gives the same answer: each of
        its pairs has a resident as the lower player, so no field's sum overflows into
        the one above (:func:`~.criteria.field_bounds`), and equal weights have equal
        sums in every field, the totals the criteria are compared by.  So this
        project's matching is asked (NetworkX's only with ``own_matching`` off), and
        not at all when C6, the first criterion, decides: that matching has as many
        pairs as a maximum matching of its players (#38)."""
        resident_set = set(residents)
        floating = [v for v in left if v in resident_set]
        natural = residents[::-1][: len(floating)]
        if not floating or set(natural) == set(floating):
            return [], None
        natural_set = set(natural)
        others = [v for v in residents if v not in natural_set]
        keep = carried + others
        moved = set(carried)
        instead = [v for v in natural if v not in left]
        # C6 first: every pair of either pairing has a resident as its lower player, so
        # each counts its pairs, and a matching of greatest weight of ``keep`` has the
        # most pairs it can form (C6 is the highest field, none overflows into it).
        # When that number is not the bracket's, C6 decides without the matching.
        most = self.pairs_within(keep, apart=moved) if self.c6_first else len(made)
        if most != len(made):
            return instead, "C6" if len(made) > most else None

        def fields(a: int, b: int) -> list[tuple[str, int, int]]:
            return quality_fields(
                self.players[a],
                self.players[b],
                layout=self.layout,
                in_bracket=b in resident_set,
                in_next=False,
                bye=self.bye,
                single_downfloater_takes_bye=single,
            )

        found = None
        if self.use_structure:
            found = self.pair_structured(carried, others, single)
        if found is None:
            weights = {
                (a, b): self.weight(a, b, b in resident_set, False, single, False)
                for index, b in enumerate(keep)
                for a in keep[:index]
                if not (a in moved and b in moved)
            }
            if self.own_matching:
                mate = primal_dual.max_weight_matching(keep, weights)
            else:
                mate = weighted.max_weight_matching(keep, weights)
            found = [(a, b) for a, b in mate.items() if a < b]
        other = [fields(a, b) for a, b in found]
        chosen = [fields(min(a, b), max(a, b)) for a, b in made]
        return instead, deciding_criterion(chosen, other)

    def weight(
        self, high: int, low: int, in_bracket: bool, in_next: bool, single: bool, full: bool
    ) -> int:
        """:func:`~.criteria.edge_weight` of two players of the round, by index.  The
        quality fields are worked out once a round for each pair and place: a bracket
        paired again with everyone in view (C4) weighs the same pairs again, only the
        completion field above them added (#38)."""
        if not (in_bracket or in_next or single):
            return self._outside_weight(high, low, full)
        key = (high, low, in_bracket, in_next, single)
        kept = self._quality.get(key)
        a, b = self.players[high], self.players[low]
        if kept is None:
            kept = self._quality[key] = self.terms.weight(high, low, in_bracket, in_next, single)
        if not full or not compatible(a, b):
            return kept
        # C2, C4, C5 in the field above every quality field (what ``completion`` adds).
        field = 1 + (not self.bye.candidate(a)) + (not self.bye.candidate(b))
        return kept + (field << offsets(self.layout).completion)

    def completion_lift(self, vertices: list[int], shift: int) -> dict[int, int]:
        """What C4's field (C.04.3 2026, Article 2: C2, C4, C5 above every quality
        field) adds to the weights of a bracket paired again with everyone in view,
        split between the two players of each pair, the weights shifted by ``shift``:
        the field is 1 and one more for each player who may not take the bye, so each
        player brings half of 1, or half of 3 (:meth:`weight`; a pair that cannot meet
        weighs nothing either way).  For the matching of greatest weight begun from
        the first try's (:func:`~pairing.engine.matching.primal_dual.certified_matching`)."""
        at = offsets(self.layout).completion + shift - 1
        return {v: (1 + 2 * (not self.bye.candidate(self.players[v]))) << at for v in vertices}

    def bracket_weights(
        self,
        view: list[int],
        first_resident: int,
        residents: set[int],
        single: bool,
        full: bool,
    ) -> dict[tuple[int, int], int]:
        """The weights of the bracket's graph within ``view`` (its moved-down players,
        from ``first_resident`` on its residents, then the next score group): each pair
        whose lower player is a resident or of the next score group, by :meth:`weight`,
        in that order, pairs that cannot meet left out.  One call a graph rather than
        one a pair, and a pair that has met (C1) is not weighed (#38)."""
        found: dict[tuple[int, int], int] = {}
        quality = self._quality
        weigh = self.terms.weight
        top = offsets(self.layout).completion
        fields = self._completion_fields
        avoid = self._avoid
        players = self.players
        for j_pos in range(first_resident, len(view)):
            j = view[j_pos]
            number = players[j].number
            in_bracket = j in residents
            # Every player of the view after the residents is of the next score group.
            in_next = not in_bracket
            for i in view[:j_pos]:
                if number in avoid[i]:
                    continue  # C1: weight 0, as weighing the pair finds first (#38)
                key = (i, j, in_bracket, in_next, single)
                kept = quality.get(key)
                if kept is None:
                    kept = quality[key] = weigh(i, j, in_bracket, in_next, single)
                if kept:
                    # Not 0: the two may meet (C6 or C8 counts them), and with C4 in
                    # the graph the completion field goes above the quality fields.
                    found[(i, j) if i < j else (j, i)] = (
                        kept + ((fields[i] + fields[j] + 1) << top) if full else kept
                    )
        return found

    def _outside_weight(self, high: int, low: int, full: bool) -> int:
        """:meth:`weight` of a pair outside the bracket and the next score group: every
        quality field is then 0 (no C9 either), so the weight is the completion field
        alone above them, the most common weight of the graph that C4 widens to every
        player, worked out without the fields."""
        a, b = self.players[high], self.players[low]
        if not full or not compatible(a, b):
            return 0
        if self._outside_shift is None:
            fields = quality_fields(
                a,
                b,
                layout=self.layout,
                in_bracket=False,
                in_next=False,
                bye=self.bye,
                single_downfloater_takes_bye=False,
            )
            self._outside_shift = self.layout.reserved + sum(width for _, width, _ in fields)
        field = 1 + (not self.bye.candidate(a)) + (not self.bye.candidate(b))
        return field << self._outside_shift

    def completion_weights(self, view: list[int], rest: list[int]) -> dict[tuple[int, int], int]:
        """The weights of C4's wider graph beyond the bracket's view: each pair of a
        player of ``rest`` (below the next score group) with one of ``view`` or an
        earlier one of ``rest``, by :meth:`weight` (pairs that cannot meet left out).

        Such a weight is :meth:`_outside_weight`'s completion field alone, the same in
        every bracket of the round, so each pair's is worked out once a round and read
        again by the brackets below (#38: late rounds send bracket after bracket to
        this graph); a pair that has met (C1) is left out before it is looked up."""
        rows = self._outside_rows
        found: dict[tuple[int, int], int] = {}
        above = list(view)
        avoid = self._avoid
        players = self.players
        for j in rest:
            row = rows.get(j)
            if row is None:
                row = rows[j] = {}
            number = players[j].number
            for i in above:
                if number in avoid[i]:
                    continue  # C1: weight 0, as working it out finds first
                kept = row.get(i)
                if kept is None:
                    kept = row[i] = self._outside_weight(i, j, True)
                if kept:
                    found[(i, j)] = kept
            above.append(j)
        return found

    def pair_structured(
        self, carried: list[int], residents: list[int], single: bool
    ) -> list[tuple[int, int]] | None:
        """The bracket's pairs found from the structure of its criteria
        (:mod:`.structured`), or None when that cannot prove them."""
        players = self.players
        resident_set = set(residents)

        def key(v: int) -> Hashable:
            p = players[v]
            return (
                p.score,
                p.imbalance,
                p.preference,
                p.absolute,
                p.strong,
                p.repeated,
                p.floats,
                p.topscorer,
                p.played_games if single else None,
            )

        kept = self._kind_weights

        def weight(high: int, low: int) -> int:
            # Kept for the round: a bracket is asked again when paired again and
            # when others than its lowest residents float (``_why_these_float``).
            in_bracket = low in resident_set
            known = kept.get((high, low, in_bracket, single))
            if known is None:
                known = kept[(high, low, in_bracket, single)] = self.terms.weight(
                    high, low, in_bracket, False, single, regardless_of_c1=True
                )
            return known

        return structured.pair_bracket(
            carried,
            residents,
            key=key,
            weight=weight,
            compatible=lambda a, b: compatible(players[a], players[b]),
        )

    def next_group_indifferent(self, bracket: list[int], floaters: int, nxt: list[int]) -> bool:
        """Whether C8 (the next score group's pairs and their scores) come out the
        same whichever players of the bracket float: then the next score group can be
        left out of the bracket's graph.

        No floater: the next group pairs on its own.  One floater, and a next group of
        even size that can pair completely: every player of the bracket who may meet one
        of its players can be paired into it at the cost of one of its pairs, so C8's pairs
        are the same, and its scores too, since C7 has already fixed the floater's score.  One
        floater and an odd next group: the same when every player of the bracket may
        meet one of those whom some complete pairing of the rest of the group leaves
        over (Gallai-Edmonds).
        """
        if floaters == 0:
            return True
        if floaters > 1 or not nxt:
            return False
        players = self.players
        if len(nxt) % 2 == 0:
            partners: Sequence[int] = nxt
            if 2 * self.pairs_within(nxt) != len(nxt):
                return False
        else:
            # An odd next group: the floater's partner must be one whose absence lets
            # the rest pair completely.  Those include the player a maximum matching
            # leaves over and the partners of his neighbours (swap one pair): when every
            # player of the bracket may meet one of them, the full set is not needed.
            mate = self._matching(nxt)
            free = [i for i, m in enumerate(mate) if m == -1]
            if len(free) != 1:
                return False
            (u,) = free
            near = [u] + [
                mate[j]
                for j in range(len(nxt))
                if j != u and compatible(players[nxt[u]], players[nxt[j]])
            ]
            partners = [nxt[i] for i in near]
            if all(any(compatible(players[v], players[o]) for o in partners) for v in bracket):
                return True
            exposable = exposable_vertices(self._adjacent(nxt))
            if exposable is None:
                return False
            partners = [nxt[i] for i in sorted(exposable)]
        return all(any(compatible(players[v], players[o]) for o in partners) for v in bracket)

    def _single_in_top(self) -> bool:
        """Whether the top score group pairs within itself, its one leftover taking the
        bye: bbpPairings' condition for C9 in the first bracket (kept, #32)."""
        top = self.players[0].score
        group = [i for i, p in enumerate(self.players) if p.score == top]
        others = [i for i, p in enumerate(self.players) if p.score != top]
        allowed = [i for i in group if self.players[i].bye_eligible]
        return self._completable(group, allowed) and self._completable(others, [])
