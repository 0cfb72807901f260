"""FIDE "Swiss System Based on Rating", approved by the 1992 General Assembly (Dutch).

The text (``shared/rules/fide-dutch-1992.txt`` and its final remarks) is the definition.
This module follows it section by section: the players and their colour preferences (A),
the pairing criteria (B), the procedure C1-C14 over score brackets, the transposition and
exchange orders (D), the colour rules (E) and the final remarks (F).  It is not today's
Dutch system and not what bbpPairings or JaVaFo do.

Readings of points the text leaves open.  Each one is tested under its rule's name in
``tests/engine/test_dutch1992.py``.

- **Heterogeneous brackets** (A3, A6, C4, C14).  S1 holds the players moved down (all of
  them, or the highest p after C14); S2 all other players.  The players not paired by
  the S1 pairing form the remainder, paired as a homogeneous bracket (C6).  A bracket
  where at least half of the players came from above is paired as a homogeneous one.
- **The order of relaxations.**  Homogeneous bracket: for p from p0 down (C14; x starts
  again from the original x minus the decrease of p, never below zero), for x up to p
  (C11), B6 then B5 dropped for downfloats (C9), then, for brackets holding players from
  above, B6 then B5 dropped for upfloats, for the original S1/S2 and each exchange (C8),
  every transposition (C7).  Heterogeneous bracket: for p of the moved-down players (C14,
  after C12 failed), for p of the remainder, for x raised by one for both parts (C11
  "undo all pairings of players moved down also"), B6 then B5 dropped for upfloats (C10),
  every pairing of the moved-down players (C7, C10), then the remainder with B6, B5
  dropped for downfloats (C9), its exchanges and transpositions.  (In a bracket made by
  C13 joining two brackets the players from above have downfloats still to be checked:
  there B6, B5 for downfloats are dropped before those for upfloats.)  When a criterion that
  was dropped makes no difference to the players of the bracket, the step is skipped.
- **C10.**  "The lowest moved down player paired" is the last player of S1 in the
  pairing of the moved-down players.  Transpositions in D1 order change his opponent first
  (then, when he has none left, the opponent of the player above him, and so on), so "try
  to find a different opponent for this player by restarting at C7" is the next pairing of
  the moved-down players in D1 order whose remainder can be paired.  "If no alternative
  pairing for this player exists" is read as: when D1 is exhausted.  Then B6, and then
  B5, are dropped for upfloats and the bracket is paired again (from C2).
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
- **C14 after C13.**  The lowest bracket keeps p while C13 can still re-pair or join.
  When every bracket has been joined and the single bracket still fails, the text's next
  step, C14, lowers p of its moved-down part: the moved-down players left over join the
  remainder, which must still be paired completely (one of them may take the bye).
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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from pairing.engine.brackets import score_brackets
from pairing.engine.errors import NoValidPairing
from pairing.engine.floats import Float
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
    Phase,
    make_bracket,
)
from pairing.engine.systems.dutch1992.colours import allocate_colours
from pairing.engine.systems.dutch1992.criteria import (
    FLOAT_STEPS,
    FLOAT_STEPS_MIXED,
    FloatRules,
    _barred,
    float_ok,
    may_leave,
    x_of,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible, entrants
from pairing.engine.systems.dutch1992.explanation import RULES, _numbers, _points, describe
from pairing.engine.systems.dutch1992.feasibility import (
    Feasibility,
    RemainderNeed,
    _remember,
)
from pairing.engine.systems.dutch1992.levels import LevelSearch, _Listing

# --- C: the pairing procedure --------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadPairing:
    """A pairing of the moved-down players S1 with S2 and the remainder it leaves (Dutch C7)."""

    assignment: tuple[int, ...]
    """For each S1 player the index of its opponent in S2."""
    rest: tuple[Entrant, ...]
    """The S2 players left unpaired: the remainder group, in A2 order."""
    rest_numbers: tuple[int, ...]
    rest_x: int
    """x of the remainder group (Dutch A8)."""


def _head_pairing(s2: Sequence[Entrant], assignment: tuple[int, ...]) -> HeadPairing:
    """The S1 pairing ``assignment`` with the remainder group it leaves (Dutch C7, A8)."""
    partners = set(assignment)
    rest = tuple(b for t, b in enumerate(s2) if t not in partners)
    return HeadPairing(
        assignment=assignment,
        rest=rest,
        rest_numbers=tuple(b.number for b in rest),
        rest_x=x_of(rest),
    )


C12_POINT = None
"""Yielded by a heterogeneous bracket when p would be lowered below the moved-down count."""


class Search:
    """Pairs the score brackets from the top down (Dutch C1-C14)."""

    def __init__(self, entrants: Sequence[Entrant]) -> None:
        self.entrants = list(entrants)
        self.notes: list[Explanation] = []
        self.feasibility = Feasibility()
        self.levels = LevelSearch(self.feasibility)
        self._lowest_pairings: dict[tuple[object, ...], Accepted | None] = {}
        """The pairing of each lowest bracket tried (C13 judges the same one again)."""
        self._head_listings: dict[tuple[object, ...], _Listing[HeadPairing]] = {}
        """The pairings of the moved-down players of each level read so far (C7, C10),
        shared by the C12 and C13 sub-searches that enter the same level."""

    def homogeneous(
        self,
        bracket: Bracket,
        *,
        lowest: bool,
        keep: frozenset[int],
        from_stage: tuple[int, ...] = (0,),
        to_stage: tuple[int, ...] | None = None,
        after: tuple[object, ...] | None = None,
        least_down: int = 0,
        useless: frozenset[int] = frozenset(),
    ) -> Iterator[Candidate]:
        """Candidates of a bracket paired as homogeneous, in procedure order (Dutch C2-C14).

        ``from_stage`` skips the values of p above ``p0 - from_stage[0]`` (for C12, C13);
        ``to_stage`` stops after the values of p down to ``p0 - to_stage[0]`` (for C12,
        which only looks at the stage of the pairing it replaces).  ``after`` (a
        candidate's ``order``) skips every candidate up to and including that one, and
        ``least_down`` the values of p that move fewer players down (:meth:`alternatives`).
        """
        players = bracket.players
        moved = frozenset(p.number for p in bracket.moved_in)
        mixed = len({p.score for p in players}) > 1
        n = len(players)
        p0 = n // 2
        x0 = x_of(players)
        steps = FLOAT_STEPS_MIXED if mixed else FLOAT_STEPS
        barred = [_barred(players, rules) for rules in steps]
        numbers = tuple(e.number for e in players)
        seen: set[tuple[object, ...]] = set()
        for p in [p0] if lowest else range(p0, 0, -1):
            if (p0 - p,) < from_stage[:1]:
                continue
            if to_stage is not None and (p0 - p,) > to_stage[:1]:
                return
            if n - 2 * p < least_down:
                continue
            level_keep = keep
            if useless and n - 2 * p == least_down:
                level_keep = keep | useless
            level_mask = self.feasibility.mask(level_keep)
            x_start = min(p, x0 if p == p0 else max(0, x0 - (p0 - p)))
            for x in range(x_start, p + 1):
                for rules_index, rules in enumerate(steps):
                    signature = (p, x, barred[rules_index])
                    if signature in seen:
                        continue
                    seen.add(signature)
                    resume = _resume(after, ((p0 - p,), x, rules_index))
                    if resume is _PASSED:
                        continue
                    level = (numbers, moved, lowest, p, x, rules)
                    barren = self.feasibility.barren.setdefault(level, [])
                    if any(kept & ~level_mask == 0 for kept in barren):
                        continue
                    produced = False
                    for phase in self.levels.split_pairings(
                        players, p, x, rules, moved, lowest, level_keep, _inside(resume)
                    ):
                        produced = True
                        phase = _with(phase, p0=p0, x0=x_start)
                        yield _candidate(
                            (phase,),
                            stage=(p0 - p,),
                            heterogeneous=False,
                            order=(
                                (p0 - p,),
                                x,
                                rules_index,
                                phase.exchange_index,
                                phase.assignment,
                            ),
                        )
                    if not produced and resume is None:
                        _remember(barren, level_mask)
        if (
            not lowest
            and (to_stage is None or (p0,) <= to_stage[:1])
            and (after is None or ((p0,),) > after)
            and n >= least_down
            and not (useless and n == least_down)
        ):
            yield Candidate(
                pairs=(),
                moved_down=tuple(players),
                phases=(),
                stage=(p0,),
                heterogeneous=False,
                order=((p0,),),
            )

    def remainder(
        self,
        rest: Sequence[Entrant],
        p: int,
        x: int,
        up: int,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        after: tuple[object, ...] | None = None,
    ) -> Iterator[tuple[int, Phase]]:
        """Pairings of a remainder group at one level, with the C9 step (Dutch C6-C9).

        ``after`` (the C9 step, exchange index and pairing of one of them) starts after
        that pairing (:meth:`alternatives`).
        """
        seen: set[object] = set()
        for down in (0, 1, 2):
            rules = FloatRules(down=down, up=up)
            signature = _barred(rest, rules)
            if signature in seen:
                continue
            seen.add(signature)
            resume = _resume(after, (down,))
            if resume is _PASSED:
                continue
            for phase in self.levels.split_pairings(
                rest, p, x, rules, moved, lowest, keep, _inside(resume)
            ):
                yield down, _with(phase, remainder=True)

    def heterogeneous(
        self,
        bracket: Bracket,
        *,
        lowest: bool,
        keep: frozenset[int],
        from_stage: tuple[int, ...] = (0, 0),
        to_stage: tuple[int, ...] | None = None,
        last_resort: bool = False,
        after: tuple[object, ...] | None = None,
        least_down: int = 0,
        useless: frozenset[int] = frozenset(),
    ) -> Iterator[Candidate | None]:
        """Candidates of a heterogeneous bracket, in procedure order (Dutch C2-C14).

        Yields :data:`C12_POINT` before lowering p below the number of moved-down players,
        where C12 is to be tried.  ``from_stage`` skips the earlier values of p, ``after``
        every candidate up to and including the one of that order, ``least_down`` the
        values of p of the remainder that move fewer players down (a remainder of the
        bracket's n - 2 p_S1 players paired with p_R = p_R0 - j pairs moves n mod 2 + 2 j
        down, whatever p_S1).  The
        lowest bracket keeps p (C13 comes first) unless ``last_resort``: when C13 has
        joined every bracket, C14 lowers p and the moved-down players left join the
        remainder, which must still be paired completely.

        Levels (p of S1 and of the remainder, the C11 step of x, the C10 step) and
        remainder groups that give no pairing are remembered for the round with the
        players kept up (``keep``, C12 and C13), as :meth:`homogeneous` does.  Keeping
        more players up never adds a pairing: it only adds S2 players the pairing of S1
        must pair (:meth:`Feasibility.head_must_cover`) and players the remainder may not leave
        unpaired (A5).  So a level or remainder that gave nothing gives nothing again when
        the players kept up include those of a time it gave nothing, and it is skipped.
        A remainder group's pairings depend only on which of its own players are kept up,
        so for it only those are remembered.

        Where some S2 players may not be left over (kept up, or without a right to the bye
        in the lowest bracket), a level whose colour preferences alone rule it out is
        skipped (:meth:`Feasibility.colours_allow_level`), and the pairings of S1 after which the
        remainder could give nothing are not listed (:meth:`Feasibility.remainder_viable`).
        """
        players = bracket.players
        score_ = bracket.score
        moved = frozenset(p.number for p in bracket.moved_in)
        n = len(players)
        m = sum(1 for p in players if p.score > score_)
        x0 = x_of(players)
        numbers = tuple(p.number for p in players)
        if lowest:
            p_values: Iterable[int] = range(m, -1, -1) if last_resort else [m]
        else:
            p_values = range(m, 0, -1)
        for p_h in p_values:
            if p_h < m and not lowest:
                yield C12_POINT
            s1, s2 = players[:p_h], players[p_h:]
            float_signatures = [
                (
                    tuple(
                        float_ok(a, Float.DOWN, rules_h.down) for a in s1 if a.number not in moved
                    ),
                    _barred(s2, FloatRules(up=rules_h.up)),
                )
                for rules_h in FLOAT_STEPS_MIXED
            ]
            p_r0 = (n - 2 * p_h) // 2
            x_h_start = min(p_h, max(0, x0 - (m - p_h)))
            for j in [0] if lowest else range(0, p_r0 + 1):
                if (m - p_h, j) < from_stage:
                    continue
                if to_stage is not None and (m - p_h, j) > to_stage:
                    return
                if n % 2 + 2 * j < least_down:
                    continue
                level_keep = keep
                if useless and n % 2 + 2 * j == least_down:
                    level_keep = keep | useless
                level_mask = self.feasibility.mask(level_keep)
                p_r = p_r0 - j
                seen: set[tuple[object, ...]] = set()
                for k in range(0, max(p_h - x_h_start, p_r) + 1):
                    x_h = min(p_h, x_h_start + k)
                    for rules_index, rules_h in enumerate(FLOAT_STEPS_MIXED):
                        signature = (x_h, min(k, p_r), *float_signatures[rules_index])
                        if signature in seen:
                            continue
                        seen.add(signature)
                        resume = _resume(after, ((m - p_h, j), k, rules_index))
                        if resume is _PASSED:
                            continue
                        level = ("head", numbers, moved, lowest, p_h, j, k, rules_h)
                        barren_level = self.feasibility.barren.setdefault(level, [])
                        if any(kept & ~level_mask == 0 for kept in barren_level):
                            continue
                        loosest = FloatRules(down=2, up=rules_h.up)
                        if not self.feasibility.level_possible(
                            s1, s2, p_h + p_r, loosest, loosest, moved, lowest, level_keep
                        ):
                            continue
                        produced = False
                        covered = self.feasibility.head_must_cover(
                            s2, p_r, FloatRules(down=2, up=rules_h.up), moved, lowest, level_keep
                        )
                        stay = frozenset(
                            t
                            for t, b in enumerate(s2)
                            if not may_leave(b, loosest, moved, lowest, level_keep)
                        )
                        if stay and not self.feasibility.colours_allow_level(
                            s1, s2, stay, p_r, x_h, j, k
                        ):
                            continue
                        need = None
                        if stay:
                            kept_s2 = level_keep.intersection(b.number for b in s2)
                            need = RemainderNeed(
                                p=p_r, j=j, k=k, lowest=lowest, stay=stay, kept=kept_s2
                            )
                        for head_pairing in self.head_pairings(
                            s1, s2, x_h, rules_h, moved, covered, need
                        ):
                            assignment = head_pairing.assignment
                            tail_after = _resume(resume, (assignment,))
                            if tail_after is _PASSED:
                                continue
                            rest = head_pairing.rest
                            x_r0 = max(0, head_pairing.rest_x - j)
                            x_r = min(p_r, x_r0 + k)
                            memo = (
                                "remainder",
                                head_pairing.rest_numbers,
                                p_r,
                                x_r,
                                rules_h.up,
                                moved,
                                lowest,
                            )
                            barren = self.feasibility.barren.setdefault(memo, [])
                            if any(kept & ~level_mask == 0 for kept in barren):
                                continue
                            head = Phase(
                                remainder=False,
                                players=tuple(players),
                                s1=tuple(s1),
                                s2=tuple(s2),
                                assignment=assignment,
                                p0=m,
                                p=p_h,
                                x0=x_h_start,
                                x=x_h,
                                rules=rules_h,
                                exchange=None,
                                moved=moved,
                                lowest=lowest,
                                head=True,
                            )
                            found = False
                            for down, tail in self.remainder(
                                rest, p_r, x_r, rules_h.up, moved, lowest, level_keep, tail_after
                            ):
                                found = produced = True
                                tail = _with(tail, p0=p_r0, x0=min(p_r, x_r0))
                                yield _candidate(
                                    (head, tail),
                                    stage=(m - p_h, j),
                                    heterogeneous=True,
                                    order=(
                                        (m - p_h, j),
                                        k,
                                        rules_index,
                                        assignment,
                                        down,
                                        tail.exchange_index,
                                        tail.assignment,
                                    ),
                                )
                            if not found and tail_after is None:
                                _remember(
                                    barren,
                                    self.feasibility.mask(
                                        level_keep.intersection(head_pairing.rest_numbers)
                                    ),
                                )
                        if not produced and resume is None:
                            _remember(barren_level, level_mask)
        if (
            not lowest
            and (to_stage is None or (m, 0) <= to_stage)
            and (after is None or ((m, 0),) > after)
            and n >= least_down
            and not (useless and n == least_down)
        ):
            yield C12_POINT
            yield Candidate(
                pairs=(),
                moved_down=tuple(players),
                phases=(),
                stage=(m, 0),
                heterogeneous=True,
                order=((m, 0),),
            )

    def head_pairings(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        must_pair: frozenset[int],
        remainder: RemainderNeed | None = None,
    ) -> Iterator[HeadPairing]:
        """The pairings of the moved-down players S1 with S2 in D1 order (Dutch C7, C10).

        The same sequence as :meth:`assignments`, each with the remainder it leaves.  C12
        and C13 split their search into sub-searches (:meth:`alternatives`) that enter the
        same levels of the same bracket again and again, differing only in the players
        they keep up.  What the pairings of S1 are depends only on S1, S2, x, the float
        criteria kept, the players moved in and the S2 players S1 must pair (all in the
        key), not on the players kept up otherwise, and :meth:`assignments` is a pure
        function of them.  So the sequence is worked out once per round and every later
        sub-search reads the part already listed before listing further: each one sees the
        pairings in the same order as if it had listed them itself, and the candidates,
        hence the pairing of the round, are unchanged.

        ``remainder`` leaves out the pairings after which the remainder cannot be paired
        or is known to give nothing (:meth:`Feasibility.remainder_viable`); it is part of the key.
        """
        key = (
            tuple(a.number for a in s1),
            tuple(b.number for b in s2),
            x,
            rules,
            moved,
            must_pair,
            remainder,
        )
        listing = self._head_listings.get(key)
        if listing is None:
            viable = None
            if remainder is not None:
                viable = self.feasibility.remainder_viable(s1, s2, rules, moved, remainder)
            listing = _Listing(
                _head_pairing(s2, assignment)
                for assignment in self.levels.assignments(
                    s1, s2, x, rules, moved, must_pair, viable=viable
                )
            )
            self._head_listings[key] = listing
        return iter(listing)

    def candidates(
        self,
        bracket: Bracket,
        *,
        lowest: bool,
        keep: frozenset[int] = frozenset(),
        from_stage: tuple[int, ...] | None = None,
        to_stage: tuple[int, ...] | None = None,
        last_resort: bool = False,
        after: tuple[object, ...] | None = None,
        least_down: int = 0,
        useless: frozenset[int] = frozenset(),
    ) -> Iterator[Candidate | None]:
        """The bracket's candidates in procedure order; A3 decides how it is paired.

        ``after``: only the candidates after the one of that ``order``; ``least_down``:
        only those moving at least that many players down, and of those moving exactly
        that many, only those keeping the ``useless`` players up (C12, C13).
        """
        players = bracket.players
        above = sum(1 for p in players if p.score > bracket.score)
        if above and 2 * above < len(players):
            yield from self.heterogeneous(
                bracket,
                lowest=lowest,
                keep=keep,
                from_stage=from_stage or (0, 0),
                to_stage=to_stage,
                last_resort=last_resort,
                after=after,
                least_down=least_down,
                useless=useless,
            )
        else:
            yield from self.homogeneous(
                bracket,
                lowest=lowest,
                keep=keep,
                from_stage=from_stage or (0,),
                to_stage=to_stage,
                after=after,
                least_down=least_down,
                useless=useless,
            )

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
            for candidate in self.candidates(
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
        bracket is odd and he can have the bye.  ``last_resort``: see :meth:`heterogeneous`.
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
        for candidate in self.candidates(bracket, lowest=True, last_resort=last_resort):
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
            generator = self.candidates(inner, lowest=False)
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


_PASSED: tuple[object, ...] = ("passed",)
"""What :func:`_resume` gives for a level that lies wholly before the point to resume after."""


def _resume(
    after: tuple[object, ...] | None, level: tuple[object, ...]
) -> tuple[object, ...] | None:
    """Where a level stands against a candidate's ``order`` to resume after (C12, C13).

    ``level`` is the start of the order that all candidates of the level share.  None when
    the level lies wholly after that candidate (it is paired from its start),
    :data:`_PASSED` when it lies wholly before it (it is skipped), and otherwise the rest
    of the candidate's order: the point inside the level to resume after.
    """
    if after is None:
        return None
    head = after[: len(level)]
    if level > head:
        return None
    if level < head:
        return _PASSED
    return after[len(level) :]


def _inside(resume: tuple[object, ...] | None) -> tuple[int, tuple[int, ...]] | None:
    """The point inside a level's pairings (exchange index, pairing) to resume after."""
    if resume is None:
        return None
    index, assignment = resume
    return cast(int, index), cast(tuple[int, ...], assignment)


_UNKNOWN = object()
"""Marks a sub-search not made yet (:meth:`Search.alternatives`)."""


def _with(phase: Phase, **changes: object) -> Phase:
    """A copy of a phase with some fields changed (for the explanation of Dutch C11, C14)."""
    values = {name: getattr(phase, name) for name in Phase.__dataclass_fields__}
    values.update(changes)
    return Phase(**values)


def _candidate(
    phases: tuple[Phase, ...],
    *,
    stage: tuple[int, ...],
    heterogeneous: bool,
    order: tuple[object, ...],
) -> Candidate:
    """Pairs and moved-down players of a bracket's phases (Dutch A3, C6)."""
    pairs: list[Pair] = []
    left: list[Entrant] = []
    for index, phase in enumerate(phases):
        taken = set(phase.assignment)
        for position, (a, t) in enumerate(zip(phase.s1, phase.assignment, strict=True), 1):
            pairs.append(Pair(first=a, second=phase.s2[t], s1_position=position, phase=index))
        if index == len(phases) - 1:
            left.extend(b for t, b in enumerate(phase.s2) if t not in taken)
    return Candidate(
        pairs=tuple(pairs),
        moved_down=tuple(_rank(left)),
        phases=phases,
        stage=stage,
        heterogeneous=heterogeneous,
        order=order,
    )


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
