"""The score brackets of a round paired from the top down (Dutch C1-C14).

FIDE Handbook C.04.1 (1992 text): C1 for players without a possible opponent, each
bracket's first candidate in the procedure's order, C12 pairing the previous bracket
again when the players it moved down cannot all be paired, and C13 pairing the
penultimate bracket again, or joining it with the lowest, when the lowest cannot be
paired.  C12 and C13 split their search on the players moved down instead of walking
every candidate (:meth:`Search.alternatives`).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from functools import partial

from pairing.engine.brackets import score_brackets
from pairing.engine.matching import (
    bipartite_matching_size,
    exposed_by_some,
    maximum_matching,
)
from pairing.engine.messages import words
from pairing.engine.model import Explanation
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket, Candidate, make_bracket
from pairing.engine.systems.dutch1992.c12 import c12_feasible, c12_kept_up
from pairing.engine.systems.dutch1992.c12_levels import C12Levels
from pairing.engine.systems.dutch1992.c13 import c13_feasible, c13_within_exchanges
from pairing.engine.systems.dutch1992.c13_fit import LowestFit, fitted_search, lowest_fit
from pairing.engine.systems.dutch1992.candidates import CandidateSearch
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible
from pairing.engine.systems.dutch1992.explanation import RULES, _numbers, _points
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import (
    lowest_graph,
    lowest_pairable,
    raised_least_down,
)
from pairing.engine.systems.dutch1992.optima import forget_optima


class Search:
    """Pairs the score brackets from the top down (Dutch C1-C14)."""

    def __init__(
        self,
        entrants: Sequence[Entrant],
        *,
        exact_lowest: bool = True,
        exact_exchanges: bool = True,
        exact_heads: bool = True,
    ) -> None:
        self.entrants = list(entrants)
        self.exact_lowest = exact_lowest
        """Whether the lowest bracket paired as homogeneous is judged by its closed form
        (:mod:`lowest`) before the search; the tests compare the two ways."""
        self.notes: list[Explanation] = []
        self.feasibility = Feasibility()
        self.levels = LevelSearch(
            self.feasibility, exact_lowest=exact_lowest, exact_exchanges=exact_exchanges
        )
        self.candidate_search = CandidateSearch(
            self.feasibility, self.levels, exact_heads=exact_heads
        )
        self._lowest_pairings: dict[tuple[object, ...], Accepted | None] = {}
        """The pairing of each lowest bracket tried (C13 judges the same one again)."""
        forget_optima()  # the weighted matchings begin warm only from this round's

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
        fit: LowestFit | None = None,
        movable: C12Levels | None = None,
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
        player up as well; otherwise its first candidate comes after each such candidate
        (every one of its candidates is one of theirs, and theirs moves down a player it
        keeps up), so it resumes after the latest of them.

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
        ``least_down`` players down, the players ``useless`` there.  ``fit`` leaves out
        of every sub-search the candidates that cannot be good (C13, :class:`LowestFit`);
        the candidates left form a search of the same kind, and so does ``movable`` (C12,
        :class:`C12Levels`).
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
                if isinstance(known, Candidate):
                    if not any(p.number in keep for p in known.moved_down):
                        return known
                    if after is None or known.order > after:
                        after = known.order
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
                fit=fit,
                movable=movable,
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

        Reading of Dutch C12: the previous bracket takes its next candidate, in its own
        procedure order and with the same number of pairs, that moves down a different set
        of players of the same size, all of whom can be paired in this bracket (B1, B2: a
        matching of them into its residents).
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
            movable=self._c12_levels(previous.forced_down, residents),
        )

    # C12's bounds (module ``c12``), as attributes so that a test can switch them off.
    _c12_feasible = staticmethod(c12_feasible)
    _c12_kept_up = staticmethod(c12_kept_up)
    _c12_levels: Callable[..., C12Levels | None] = C12Levels

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

        Reading of Dutch C1 in the lowest bracket: a player without a possible opponent
        there does not stop it from being paired when the bracket is odd and he may have
        the bye; two such players, or one in an even bracket, do.  ``last_resort``: see
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
        if self.exact_lowest and not last_resort and lowest_pairable(players) is False:
            return None
        for candidate in self.candidate_search.candidates(
            bracket, lowest=True, last_resort=last_resort
        ):
            if candidate is not None:
                return Accepted(bracket=bracket, candidate=candidate, forced_down=(), notes=())
        return None

    def c13(self, previous: Accepted, lowest: Bracket) -> tuple[Accepted, Accepted] | None:
        """Re-pair the penultimate bracket so that the lowest can be paired (Dutch C12, C13).

        Reading of Dutch C13: the penultimate bracket takes its next candidate, in its
        procedure order with any number of pairs down to p = 0, that moves down a
        different set with which the lowest bracket can be paired completely; when there
        is none, :meth:`run` joins the two brackets.  C12 for the lowest bracket is the
        first part of this search (:meth:`run` reports it as C12 when the players moved
        down could not all be paired in the lowest bracket at all).
        """
        found: dict[int, Accepted] = {}

        def good(option: Accepted) -> bool:
            result = self.pair_lowest(make_bracket(lowest.residents, option.outgoing))
            if result is not None:
                found[0] = result
            return result is not None

        least_down = self._c13_least_down(previous, lowest)
        useless = self._c13_useless(previous, lowest)
        if self.exact_lowest:
            raised = raised_least_down(
                previous.bracket.players, previous.forced_down, lowest.residents, least_down
            )
            if raised != least_down:
                least_down, useless = raised, frozenset()
        feasible = self._c13_feasible(previous, lowest)
        if self.exact_lowest:
            stronger = c13_within_exchanges(previous, lowest, least_down)
            loose = feasible
            feasible = lambda keep: loose(keep) and stronger(keep)  # noqa: E731
        search = partial(
            self.alternatives,
            previous,
            good,
            same_stage=False,
            least_down=least_down,
            useless=useless,
        )
        # Without the test of c13_fit and with it, by turns (c13_fit.fitted_search).
        option = fitted_search(search, feasible, self._c13_fit(previous, lowest))
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
        _, adjacent = lowest_graph(previous, lowest)
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
        low, adjacent = lowest_graph(previous, lowest)
        # Those vertices are Gallai and Edmonds' D, found from one maximum matching: the
        # outer vertices of the failed searches from the vertices it leaves free.
        alive = [True] * len(adjacent)
        found = exposed_by_some(adjacent, maximum_matching(adjacent), alive)
        exposed = [v for v in range(len(adjacent)) if found[v]]
        exposed_players = [low[v] for v in exposed if v < len(low)]
        bye_exposed = len(low) in exposed  # the bye's vertex, when there is one
        return frozenset(
            a.number
            for a in previous.bracket.players
            if not (bye_exposed and a.bye_allowed)
            and not any(compatible(a, b) for b in exposed_players)
        )

    # C13's bounds (modules ``c13``, ``c13_fit``), as attributes so that a test can
    # switch them off.
    _c13_feasible = staticmethod(c13_feasible)
    _c13_fit = staticmethod(lowest_fit)

    # The whole round -------------------------------------------------------------------

    def pair_upper(self, bracket: Bracket, accepted: list[Accepted]) -> Accepted:
        """Pair a bracket that is not the lowest (Dutch C1-C12, C14).

        Reading of Dutch C1: a resident without a possible opponent in the bracket moves
        down at once; a player moved into it without one calls for C12 first, and moves
        down again when C12 finds no other players to move down.
        """
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
                        words=words(
                            "explain.dutch1992.no_opponent_again"
                            if p in bracket.moved_in
                            else "explain.dutch1992.no_opponent",
                            player=p.number,
                            score=_points(bracket.score),
                        ),
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
        text = words(
            "explain.dutch1992.c12",
            score=_points(old.bracket.score),
            arrived=", ".join(str(n) for n in sorted(after - before)),
            left=", ".join(str(n) for n in sorted(before - after)),
            lower=_points(bracket.score),
        )
        note = Explanation(rule=f"{RULES} C12", words=text, players=tuple(sorted(before ^ after)))
        return Accepted(
            bracket=new.bracket,
            candidate=new.candidate,
            forced_down=new.forced_down,
            notes=(*new.notes, note),
        )

    def run(self) -> list[Accepted]:
        """Pair every bracket from the highest down (Dutch C1-C14).

        Reading of Dutch C13: in a bracket made by joining the two lowest, the players of
        the higher score are treated as moved down (A3), but their downfloats are checked
        there (B5, B6).  Reading of Dutch C14 after C13: the lowest bracket keeps p while
        C13 can still pair the penultimate bracket again or join the two; only when one
        bracket is left and it still fails does C14 lower p
        (:meth:`CandidateSearch.heterogeneous`).
        """
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
                        words=words(
                            "explain.dutch1992.c12",
                            score=_points(previous.bracket.score),
                            arrived=arrived,
                            left=left,
                            lower=_points(bracket.score),
                        ),
                        players=tuple(sorted(before ^ after)),
                    )
                else:
                    note = Explanation(
                        rule=f"{RULES} C13",
                        words=words(
                            "explain.dutch1992.c13_repaired",
                            lowest=_points(bracket.score),
                            score=_points(previous.bracket.score),
                            arrived=_numbers(first.outgoing),
                            left=_numbers(previous.outgoing),
                        ),
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
                    words=words(
                        "explain.dutch1992.c13_joined",
                        score=_points(previous.bracket.score),
                        lowest=_points(bracket.score),
                    ),
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
