"""FIDE "Swiss System Based on Rating", approved by the 1992 General Assembly (Dutch).

The text (``shared/rules/fide-dutch-1992.txt`` and its final remarks) is the definition.
This module follows it section by section: the players and their colour preferences (A),
the pairing criteria (B), the procedure C1-C14 over score brackets, the transposition and
exchange orders (D), the colour rules (E) and the final remarks (F).  It is not today's
Dutch system and not what bbpPairings or JaVaFo do.

Readings of points the text leaves open.  Each one is tested under its rule's name in
``tests/engine/test_dutch1992.py``.

- **C1.**  A resident with no possible opponent in the bracket moves down at once.  A
  player moved down with no possible opponent calls for C12; when C12 fails he moves down
  again.  In the lowest bracket a player with no opponent is not a problem when the
  bracket is odd and he can have the bye.
- **C12.**  The previous bracket is paired again with its next candidate, in its own
  procedure order and with the same number of pairs, that moves down a different set of
  players of the same size, all of whom can be paired in the current bracket (B1, B2).
- **C13.**  The penultimate bracket is paired again with its next candidate (any number of
  pairs, down to p = 0) with which the lowest bracket can be completely paired; when there
  is none the two brackets are joined.  In a joined bracket the players of the higher
  score are treated as moved down (A3); B5 and B6 for their downfloats are checked there.
  C12 for the lowest bracket is the first part of this search (it is reported as C12 when
  the players moved down could not all be paired at all).
- **F1.**  The higher player of a pairing is the one ranked higher by A2.
- **Beyond the text.**  If even then no pairing is found (the exchanges of D2 stop at two
  players, so some legal pairings are out of the procedure's reach), the round is paired
  by any pairing that keeps B1 and B2, with the bye to the lowest ranked player who can
  have it, and the explanation says so.  In 1,500 random small events with forbidden
  pairs this never happened; it is there so that a legal pairing is never refused.

The search is exact: it finds the pairing the procedure defines, and it is checked
against brute force in the tests, and against a slow literal walk of C1-C14 that tries
every transposition and exchange in turn (``tests/engine/dutch1992_reference.py``,
compared on thousands of random small events).  To stay fast it checks, before entering
a branch, that the branch can still succeed: a greedy pass guarded by a colour-count
bound finds the first transposition when it can, an exact minimum-cost matching
(``matching.lexicographic_assignments``) does otherwise, and maximum matchings on the
compatibility graph (and on the pairs granting both colour preferences) let a whole level
of exchanges be skipped when no S1/S2 split could work.  An S1/S2 division that cannot
be paired under B1 and B2 alone (by counts, Hall's condition or a bipartite matching) is
left out at every level.  C12 and C13 look for the next candidate of an earlier bracket
by splitting the search on the players moved down rather than walking every candidate
(see :meth:`Search.alternatives`); the parts resume where the part they came from
stopped, and C13 skips the values of p that move down fewer players than the lowest
bracket's own pairing leaves without an opponent.  None of these changes the result.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Callable, Sequence

from pairing.engine.brackets import score_brackets
from pairing.engine.errors import NoValidPairing
from pairing.engine.matching import (
    bipartite_matching_size,
    maximum_matching,
)
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    RoundPairing,
    TournamentState,
)
from pairing.engine.systems.dutch1992.brackets import (
    Accepted,
    Bracket,
    Candidate,
    Pair,
    make_bracket,
)
from pairing.engine.systems.dutch1992.candidates import CandidateSearch
from pairing.engine.systems.dutch1992.colours import allocate_colours
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible, entrants
from pairing.engine.systems.dutch1992.explanation import RULES, _numbers, _points, describe
from pairing.engine.systems.dutch1992.feasibility import (
    Feasibility,
)
from pairing.engine.systems.dutch1992.levels import LevelSearch

# --- C: the pairing procedure --------------------------------------------------------------


class Search:
    """Pairs the score brackets from the top down (Dutch C1-C14)."""

    def __init__(self, entrants: Sequence[Entrant]) -> None:
        self.entrants = list(entrants)
        self.notes: list[Explanation] = []
        self.feasibility = Feasibility()
        self.levels = LevelSearch(self.feasibility)
        self.candidate_search = CandidateSearch(self.feasibility, self.levels)
        self._lowest_pairings: dict[tuple[object, ...], Accepted | None] = {}
        """The pairing of each lowest bracket tried (C13 judges the same one again)."""

    # C1: players without an opponent --------------------------------------------------

    @staticmethod
    def without_opponent(players: Sequence[Entrant]) -> list[Entrant]:
        """Players for whom no opponent in the bracket keeps B1 and B2 (Dutch C1)."""
        return [a for a in players if not any(a is not b and compatible(a, b) for b in players)]

    # C12, C13: pairing an earlier bracket again -----------------------------------------

    def alternatives(
        self,
        previous: Accepted,
        good: Callable[[Accepted], bool],
        *,
        same_stage: bool,
        feasible: Callable[[frozenset[int]], bool] | None = None,
        least_down: int = 0,
        kept_up: frozenset[int] = frozenset(),
        useless: frozenset[int] = frozenset(),
    ) -> Accepted | None:
        """The first later candidate of an earlier bracket moving down a new, good set.

        Dutch C12, C13.  Candidates are taken in the bracket's procedure order, from the
        stage (value of p) of the accepted one on: with ``same_stage`` only that stage
        (C12), otherwise every later one as well (C13).  The result is the first candidate
        in that order whose set of moved-down players differs from every set judged so far
        and is found good.

        Many candidates move down the same players, so they are not walked one by one.
        The search is split instead (as in Lawler's method for ranked solutions): after a
        candidate moving down a set S that is no use, every candidate still of use either
        pairs some player of S (a sub-search keeping that player in the bracket) or lies in
        a later stage (a sub-search starting there).  The sub-searches' first candidates
        are compared by their place in the procedure's order, so the answer is the same as
        walking the candidates one by one.

        A sub-search keeping one more player of S up resumes after the candidate that moved
        S down instead of starting its stage again.  Its candidates are those of the search
        it came from that keep that player too (keeping a player up only removes pairings
        leaving him unpaired), so none of them comes before that search's first candidate,
        which itself moves the player down: nothing it skips is of use to it.  For the same
        reason a sub-search whose players kept up, but for one, are those of a sub-search
        of the same stage already made knows its answer without a search: none when that
        one found none (or could not succeed), and that one's candidate when it keeps this
        player up as well.

        ``feasible(keep)``, when given, is a necessary condition for any candidate that
        keeps the players ``keep`` in the bracket to be good, whatever its stage; a
        sub-search failing it is not entered.  Every sub-search it would spawn keeps a
        superset of ``keep``, so none of them could give a good candidate either, and the
        answer is unchanged.  ``least_down``, likewise, is a number of players moved down
        below which no candidate can be good: the sub-searches skip the values of p that
        move fewer down.  Each sub-search's first candidate then still comes no later than
        any good candidate of its part of the search, which is all the splitting needs.
        For the same reason the search may keep up from the start the players ``kept_up``
        that no good candidate moves down, and at the values of p moving exactly
        ``least_down`` players down, the players ``useless`` there.
        """
        forced = previous.forced_down
        bad: set[frozenset[int]] = {frozenset(p.number for p in previous.outgoing)}
        queued: set[tuple[frozenset[int], tuple[int, ...]]] = set()
        heap: list[tuple[tuple[object, ...], int, frozenset[int], Candidate]] = []
        counter = itertools.count()
        firsts: dict[tuple[frozenset[int], tuple[int, ...]], Candidate | None] = {}

        def first(
            keep: frozenset[int], stage: tuple[int, ...], after: tuple[object, ...] | None
        ) -> Candidate | None:
            for player in keep:
                known = firsts.get((keep - {player}, stage), _UNKNOWN)
                if known is None:
                    return None
                if isinstance(known, Candidate) and not any(
                    p.number in keep for p in known.moved_down
                ):
                    return known
            if feasible is not None and not feasible(keep):
                return None
            for candidate in self.candidate_search.candidates(
                previous.bracket,
                lowest=False,
                keep=keep,
                from_stage=stage,
                to_stage=previous.candidate.stage if same_stage else None,
                after=after,
                least_down=least_down,
                useless=useless,
            ):
                if candidate is None:
                    continue
                if same_stage and candidate.stage != previous.candidate.stage:
                    return None
                return candidate
            return None

        def start(
            keep: frozenset[int], stage: tuple[int, ...], after: tuple[object, ...] | None = None
        ) -> None:
            if (keep, stage) in queued:
                return
            queued.add((keep, stage))
            candidate = firsts[(keep, stage)] = first(keep, stage, after)
            if candidate is not None:
                heapq.heappush(heap, (candidate.order, next(counter), keep, candidate))

        start(kept_up, previous.candidate.stage)
        while heap:
            _, _, keep, candidate = heapq.heappop(heap)
            down = frozenset(p.number for p in (*candidate.moved_down, *forced))
            if down not in bad:
                option = Accepted(
                    bracket=previous.bracket,
                    candidate=candidate,
                    forced_down=forced,
                    notes=previous.notes,
                )
                if good(option):
                    return option
                bad.add(down)
            for player in candidate.moved_down:
                start(keep | {player.number}, candidate.stage, candidate.order)
            if not same_stage:
                start(keep, (*candidate.stage[:-1], candidate.stage[-1] + 1))
        return None

    def c12(self, previous: Accepted, bracket: Bracket) -> Accepted | None:
        """Re-pair the previous bracket so that others move down and all can be paired.

        Dutch C12: the next candidate of the previous bracket, with the same number of
        pairs, that moves down a different set of the same size, every one of whom can be
        paired in this bracket (a matching of them into its residents under B1 and B2).
        A player of the previous bracket who can meet none of the residents is never moved
        down by a good candidate, so the search keeps him up from the start.
        """
        size = len(bracket.moved_in)
        residents = bracket.residents

        def good(option: Accepted) -> bool:
            newcomers = option.outgoing
            if len(newcomers) != size:
                return False
            adjacent = [[j for j, r in enumerate(residents) if compatible(a, r)] for a in newcomers]
            return bipartite_matching_size(adjacent, len(residents)) == size

        return self.alternatives(
            previous,
            good,
            same_stage=True,
            feasible=self._c12_feasible(previous, bracket),
            kept_up=self._c12_kept_up(previous, bracket),
        )

    @staticmethod
    def _c12_kept_up(previous: Accepted, bracket: Bracket) -> frozenset[int]:
        """Players of the previous bracket who can meet none of this bracket's residents
        (B1, B2): C12 can never move them down (Dutch C12)."""
        return frozenset(
            a.number
            for a in previous.bracket.players
            if not any(compatible(a, r) for r in bracket.residents)
        )

    @staticmethod
    def _c12_feasible(previous: Accepted, bracket: Bracket) -> Callable[[frozenset[int]], bool]:
        """A necessary condition for C12 to succeed while keeping given players up.

        Whatever candidate the previous bracket takes, its pairs and a matching of the
        players it moves down (with those forced down by C1) into this bracket's residents
        together cover all of them under B1 and B2, and a player kept up is never matched
        to a resident.  Such a covering exists exactly when the graph with the residents
        also joined to one another (and one spare vertex joined to the residents when the
        count is odd) has a perfect matching: residents left over pair off among
        themselves.
        """
        upper = previous.bracket.players
        covered = (*upper, *previous.forced_down)
        residents = bracket.residents
        everyone = (*covered, *residents)
        first = len(covered)
        spare = len(everyone) % 2
        pairs = [
            (i, j)
            for i in range(first)
            for j in range(i + 1, len(everyone))
            if (j < len(upper) or j >= first) and compatible(everyone[i], everyone[j])
        ]
        pairs += [(i, j) for i in range(first, len(everyone)) for j in range(i + 1, len(everyone))]
        if spare:
            pairs += [(i, len(everyone)) for i in range(first, len(everyone))]

        def feasible(keep: frozenset[int]) -> bool:
            kept = {i for i, p in enumerate(upper) if p.number in keep}
            adjacent: list[list[int]] = [[] for _ in range(len(everyone) + spare)]
            for i, j in pairs:
                if i in kept and j >= first:
                    continue
                adjacent[i].append(j)
                adjacent[j].append(i)
            return all(mate != -1 for mate in maximum_matching(adjacent))

        return feasible

    def lowest_possible(self, bracket: Bracket) -> bool:
        """Whether the lowest bracket could be completely paired at all (B1, B1b, B2)."""
        players = bracket.players
        loosest = FloatRules(down=2, up=2)
        return self.feasibility.level_possible(
            (),
            players,
            len(players) // 2,
            loosest,
            loosest,
            frozenset(p.number for p in bracket.moved_in),
            True,
            frozenset(),
        )

    def pair_lowest(self, bracket: Bracket, *, last_resort: bool = False) -> Accepted | None:
        """The first complete pairing of the lowest bracket, or None (Dutch C1-C11).

        C1: a player without an opponent in the bracket only lets it be paired when the
        bracket is odd and he can have the bye.  ``last_resort``: see
        :meth:`CandidateSearch.heterogeneous`.
        """
        key = (
            tuple(p.number for p in bracket.residents),
            tuple(p.number for p in bracket.moved_in),
            last_resort,
        )
        if key not in self._lowest_pairings:
            self._lowest_pairings[key] = self._pair_lowest(bracket, last_resort=last_resort)
        return self._lowest_pairings[key]

    def _pair_lowest(self, bracket: Bracket, *, last_resort: bool) -> Accepted | None:
        """:meth:`pair_lowest` worked out (it remembers the answers for the round)."""
        players = bracket.players
        stuck = self.without_opponent(players)
        if len(stuck) > 1 or (stuck and (len(players) % 2 == 0 or not stuck[0].bye_allowed)):
            return None
        if not self.lowest_possible(bracket):
            return None
        for candidate in self.candidate_search.candidates(
            bracket, lowest=True, last_resort=last_resort
        ):
            if candidate is not None:
                return Accepted(bracket=bracket, candidate=candidate, forced_down=(), notes=())
        return None

    def c13(self, previous: Accepted, lowest: Bracket) -> tuple[Accepted, Accepted] | None:
        """Re-pair the penultimate bracket so that the lowest can be paired (Dutch C12, C13).

        The next candidate of the penultimate bracket, in its procedure order down to
        p = 0, that moves down a different set with which the lowest bracket can be
        completely paired.
        """
        found: dict[int, Accepted] = {}

        def good(option: Accepted) -> bool:
            result = self.pair_lowest(make_bracket(lowest.residents, option.outgoing))
            if result is not None:
                found[0] = result
            return result is not None

        option = self.alternatives(
            previous,
            good,
            same_stage=False,
            feasible=self._c13_feasible(previous, lowest),
            least_down=self._c13_least_down(previous, lowest),
            useless=self._c13_useless(previous, lowest),
        )
        if option is None:
            return None
        return option, found[0]

    @staticmethod
    def _c13_least_down(previous: Accepted, lowest: Bracket) -> int:
        """The fewest players the penultimate bracket must move down for C13 to succeed.

        The lowest bracket's residents and the players forced down (with the bye as one
        more player when the two brackets together are odd, joined to those who may have
        it, B1b) are paired among themselves in a maximum matching under B1 and B2.  Every
        player it leaves unpaired needs an opponent moved down from the penultimate
        bracket, or the bye when that goes to a player moved down: in any complete pairing
        of the two brackets at most the players moved down meet them, so fewer moved down
        cannot do (the deficiency of the lowest bracket, as in Gallai and Edmonds).
        """
        _, adjacent = _lowest_graph(previous, lowest)
        return sum(1 for mate in maximum_matching(adjacent) if mate == -1)

    @staticmethod
    def _c13_useless(previous: Accepted, lowest: Bracket) -> frozenset[int]:
        """Players of the penultimate bracket who cannot help when exactly the fewest
        players move down (Dutch C13, :meth:`_c13_least_down`).

        Then the lowest bracket's own players (and the bye, B1b) left for the players
        moved down are as few as they can be: those moved down all meet them, and the
        rest of the lowest bracket is a maximum matching of it.  So each player moved
        down meets a player whom some maximum matching of the lowest bracket leaves
        unpaired (or takes the bye, when some maximum matching leaves the bye unused).
        A player of the penultimate bracket who can meet none of those (B1, B2) is kept
        up at that value of p.
        """
        low, adjacent = _lowest_graph(previous, lowest)
        size = sum(1 for mate in maximum_matching(adjacent) if mate != -1)

        def left_unpaired_by_some_maximum(v: int) -> bool:
            without = [
                [w for w in row if w != v] if u != v else [] for u, row in enumerate(adjacent)
            ]
            return sum(1 for mate in maximum_matching(without) if mate != -1) == size

        exposed = [v for v in range(len(adjacent)) if left_unpaired_by_some_maximum(v)]
        exposed_players = [low[v] for v in exposed if v < len(low)]
        bye_exposed = len(low) in exposed  # the bye's vertex, when there is one
        return frozenset(
            a.number
            for a in previous.bracket.players
            if not (bye_exposed and a.bye_allowed)
            and not any(compatible(a, b) for b in exposed_players)
        )

    @staticmethod
    def _c13_feasible(previous: Accepted, lowest: Bracket) -> Callable[[frozenset[int]], bool]:
        """A necessary condition for C13 to succeed while keeping given players up.

        Whatever candidate the penultimate bracket takes, its pairs and the lowest
        bracket's pairs (with the players moved down) together pair everyone of the two
        brackets under B1 and B2, but for one bye when their number is odd.  A player the
        candidate keeps in the penultimate bracket is paired there, so never with a
        resident of the lowest bracket or a player forced down.  If no such matching
        exists, no candidate keeping those players can let the lowest bracket be paired.
        """
        upper = previous.bracket.players
        low = (*previous.forced_down, *lowest.residents)
        everyone = (*upper, *low)
        index_of_upper = len(upper)
        slack = len(everyone) % 2
        pairs = [
            (i, j)
            for i in range(len(everyone))
            for j in range(i + 1, len(everyone))
            if compatible(everyone[i], everyone[j])
        ]

        def feasible(keep: frozenset[int]) -> bool:
            kept = {i for i, p in enumerate(upper) if p.number in keep}
            adjacent: list[list[int]] = [[] for _ in everyone]
            for i, j in pairs:
                if i in kept and j >= index_of_upper:
                    continue
                adjacent[i].append(j)
                adjacent[j].append(i)
            matched = sum(1 for mate in maximum_matching(adjacent) if mate != -1)
            return matched >= len(everyone) - slack

        return feasible

    # The whole round -------------------------------------------------------------------

    def pair_upper(self, bracket: Bracket, accepted: list[Accepted]) -> Accepted:
        """Pair a bracket that is not the lowest (Dutch C1-C12, C14)."""
        while True:
            players = bracket.players
            stuck = self.without_opponent(players)
            notes: list[Explanation] = []
            moved_stuck = [p for p in stuck if p in bracket.moved_in]
            if moved_stuck and accepted:
                changed = self.c12(accepted[-1], bracket)
                if changed is not None:
                    accepted[-1] = self._note_c12(accepted[-1], changed, bracket)
                    bracket = make_bracket(bracket.residents, changed.outgoing)
                    continue
            for p in stuck:
                notes.append(
                    Explanation(
                        rule=f"{RULES} C1",
                        text=f"Player {p.number} has no possible opponent in score bracket "
                        f"{_points(bracket.score)} (B1, B2) and moves down"
                        + (
                            " again, C12 finding no other player to move down"
                            if p in bracket.moved_in
                            else ""
                        )
                        + ".",
                        players=(p.number,),
                    )
                )
            inner = make_bracket(
                (p for p in bracket.residents if p not in stuck),
                (p for p in bracket.moved_in if p not in stuck),
                empty_score=bracket.score,
            )
            generator = self.candidate_search.candidates(inner, lowest=False)
            candidate = next(generator)
            if candidate is None and accepted:
                changed = self.c12(accepted[-1], inner)
                if changed is not None:
                    accepted[-1] = self._note_c12(accepted[-1], changed, bracket)
                    bracket = make_bracket(bracket.residents, changed.outgoing)
                    continue
            while candidate is None:
                candidate = next(generator)
            return Accepted(
                bracket=inner, candidate=candidate, forced_down=tuple(stuck), notes=tuple(notes)
            )

    def _note_c12(self, old: Accepted, new: Accepted, bracket: Bracket) -> Accepted:
        """Record C12 on the previous bracket's pairing."""
        before = {p.number for p in old.outgoing}
        after = {p.number for p in new.outgoing}
        text = (
            f"Score bracket {_points(old.bracket.score)} re-paired so that player(s) "
            f"{', '.join(str(n) for n in sorted(after - before))} move down instead of "
            f"{', '.join(str(n) for n in sorted(before - after))}, because the players moved "
            f"down could not all be paired in score bracket {_points(bracket.score)}."
        )
        note = Explanation(rule=f"{RULES} C12", text=text, players=tuple(sorted(before ^ after)))
        return Accepted(
            bracket=new.bracket,
            candidate=new.candidate,
            forced_down=new.forced_down,
            notes=(*new.notes, note),
        )

    def run(self) -> list[Accepted]:
        """Pair every bracket from the highest down (Dutch C1-C14)."""
        groups = score_brackets(self.entrants, score=lambda e: e.score, key=lambda e: e.key)
        residents = [tuple(g) for g in groups]
        accepted: list[Accepted] = []
        incoming: tuple[Entrant, ...] = ()
        k = 0
        while k < len(residents):
            bracket = make_bracket(residents[k], incoming)
            if k < len(residents) - 1:
                done = self.pair_upper(bracket, accepted)
                accepted.append(done)
                incoming = done.outgoing
                k += 1
                continue
            result = self.pair_lowest(bracket)
            if result is None and not accepted:
                result = self.pair_lowest(bracket, last_resort=True)
            if result is not None:
                accepted.append(result)
                return accepted
            if not accepted:
                raise _Exhausted
            previous = accepted[-1]
            both = self.c13(previous, bracket)
            if both is not None:
                first, last = both
                moved = bracket.moved_in
                adjacent = [
                    [j for j, r in enumerate(bracket.residents) if compatible(a, r)] for a in moved
                ]
                blocked = bipartite_matching_size(adjacent, len(bracket.residents)) < len(moved)
                c12 = blocked and first.candidate.stage == previous.candidate.stage
                before = {p.number for p in previous.outgoing}
                after = {p.number for p in first.outgoing}
                arrived = _numbers(_rank(p for p in first.outgoing if p.number not in before))
                left = _numbers(_rank(p for p in previous.outgoing if p.number not in after))
                if c12:
                    note = Explanation(
                        rule=f"{RULES} C12",
                        text=f"Score bracket {_points(previous.bracket.score)} re-paired so "
                        f"that player(s) {arrived} move down instead of {left}, "
                        "because the players moved down could not all be paired in score "
                        f"bracket {_points(bracket.score)}.",
                        players=tuple(sorted(before ^ after)),
                    )
                else:
                    note = Explanation(
                        rule=f"{RULES} C13",
                        text=f"The lowest score bracket ({_points(bracket.score)}) could not "
                        f"be paired; the penultimate one ({_points(previous.bracket.score)}) "
                        f"was paired again so that players {_numbers(first.outgoing)} move "
                        f"down instead of {_numbers(previous.outgoing)}.",
                        players=tuple(sorted(before | after)),
                    )
                accepted[-1] = Accepted(
                    bracket=first.bracket,
                    candidate=first.candidate,
                    forced_down=first.forced_down,
                    notes=(*first.notes, note),
                )
                accepted.append(last)
                return accepted
            accepted.pop()
            self.notes.append(
                Explanation(
                    rule=f"{RULES} C13",
                    text=f"No pairing of score bracket {_points(previous.bracket.score)} lets "
                    f"the lowest score bracket ({_points(bracket.score)}) be paired: the two "
                    "are joined into a new lowest score bracket.",
                    players=tuple(p.number for p in residents[k]),
                )
            )
            residents[k - 1] = residents[k - 1] + residents[k]
            del residents[k]
            incoming = accepted[-1].outgoing if accepted else ()
            k -= 1
        return accepted


class _Exhausted(Exception):
    """C13 joined every bracket and C14 still found no pairing (Dutch C13, C14)."""


_UNKNOWN = object()
"""Marks a sub-search not made yet (:meth:`Search.alternatives`)."""


def _lowest_graph(previous: Accepted, lowest: Bracket) -> tuple[list[Entrant], list[list[int]]]:
    """The lowest bracket's residents and the players forced down into it, and who of them
    may meet whom (B1, B2); when the two lowest brackets together are odd, one more vertex
    for the bye, joined to those who may have it (B1b).  For the C13 bounds."""
    low = [*previous.forced_down, *lowest.residents]
    adjacent = [[j for j, b in enumerate(low) if a is not b and compatible(a, b)] for a in low]
    if (len(previous.bracket.players) + len(low)) % 2:
        bye = len(low)
        adjacent.append([i for i, a in enumerate(low) if a.bye_allowed])
        for i in adjacent[bye]:
            adjacent[i].append(bye)
    return low, adjacent


# --- F: final remarks and the entry point --------------------------------------------------


def any_legal_pairing(players: Sequence[Entrant]) -> tuple[list[Pair], Entrant | None] | None:
    """Any pairing keeping B1 and B2, the bye to the lowest ranked player who may have it.

    Used only when C13 has joined every bracket and the procedure still fails.
    """
    ordered = _rank(players)
    byes: list[Entrant | None] = [None]
    if len(ordered) % 2:
        byes = [e for e in reversed(ordered) if e.bye_allowed]
    for bye in byes:
        pool = [e for e in ordered if e is not bye]
        adjacent = [
            [j for j, b in enumerate(pool) if i != j and compatible(a, b)]
            for i, a in enumerate(pool)
        ]
        mate = maximum_matching(adjacent)
        if all(m != -1 for m in mate):
            pairs = [
                Pair(first=pool[i], second=pool[m], s1_position=1, phase=0)
                for i, m in enumerate(mate)
                if i < m
            ]
            return pairs, bye
    return None


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the 1992 rules (Dutch A-F).

    :raises NoValidPairing: no pairing satisfies B1 and B2.
    :raises InvalidState: the state is inconsistent.
    """
    drawn = random.Random(seed).choice((Colour.WHITE, Colour.BLACK))
    initial = state.initial_colour or drawn
    players, honoured = entrants(state)
    explanation: list[Explanation] = []
    if state.rounds_completed == 0 and state.initial_colour is None:
        explanation.append(
            Explanation(
                rule=f"{RULES} A7c",
                text=f"The colour of the top seed was drawn by lot: {initial.name.lower()}.",
            )
        )
    search = Search(players)
    pairs: list[Pair] = []
    bye: Entrant | None = None
    try:
        accepted = search.run() if players else []
        explanation.extend(search.notes)
        for done in accepted:
            explanation.extend(describe(done))
            pairs.extend(done.candidate.pairs)
        if accepted and accepted[-1].outgoing:
            bye = accepted[-1].outgoing[0]
    except _Exhausted:
        fallback = any_legal_pairing(players)
        if fallback is None:
            raise NoValidPairing(
                f"round {state.round_number}: no pairing satisfies Dutch B1 and B2"
            ) from None
        pairs, bye = fallback
        explanation.extend(search.notes)
        explanation.append(
            Explanation(
                rule=f"{RULES} B1, B2",
                text="After C13 joined every score bracket the procedure still found no "
                "pairing; the players were paired by a pairing that keeps the absolute "
                "criteria, the bye to the lowest ranked player who may have it.",
            )
        )
    boards, board_notes = publish(pairs, initial=initial)
    explanation.extend(board_notes)
    if bye is not None:
        explanation.append(
            Explanation(
                rule=f"{RULES} A5",
                text=f"Player {bye.number} is left unpaired in the lowest score bracket and "
                "receives the bye (a downfloat; no earlier bye or forfeit win, B1b).",
                players=(bye.number,),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=boards,
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )


def publish(
    pairs: Sequence[Pair], *, initial: Colour
) -> tuple[tuple[Board, ...], list[Explanation]]:
    """Colours for each pair (E) and the boards in publication order (Dutch F1).

    Sorted by the score of the higher player, the sum of both scores, then the A2 rank of
    the higher player.
    """

    def order(item: Pair) -> tuple[object, ...]:
        high = item.first if item.first.key < item.second.key else item.second
        return (-high.score, -(item.first.score + item.second.score), high.key)

    boards: list[Board] = []
    notes: list[Explanation] = []
    for number, item in enumerate(sorted(pairs, key=order), start=1):
        white, black, rule, why = allocate_colours(item, initial=initial)
        boards.append(Board(number=number, white=white.number, black=black.number))
        text = (
            f"Board {number}: {white.number} (white) v {black.number} (black); "
            f"colours by {RULES} {rule}: {why}."
        )
        if white.score != black.score:
            high, low = (white, black) if white.score > black.score else (black, white)
            text += f" Player {high.number} floats down, player {low.number} up (A4)."
        notes.append(
            Explanation(rule=f"{RULES} {rule}", text=text, players=(white.number, black.number))
        )
    return tuple(boards), notes
