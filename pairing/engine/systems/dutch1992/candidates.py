"""A score bracket's candidate pairings, in the procedure's order (Dutch C2-C11, C14).

FIDE Handbook C.04.1 (1992 text): a homogeneous bracket is paired at each p (C14) and x
(C11), with B6 and B5 dropped step by step (C9, C10); a heterogeneous one pairs its
moved-down players first (C7, C10) and then the remainder as a homogeneous group.  A3
decides which.  C12 and C13 read these candidates in order to pair a bracket again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from pairing.engine.floats import Float
from pairing.engine.systems.dutch1992.bitsets import _remember
from pairing.engine.systems.dutch1992.brackets import Bracket, Candidate, Phase
from pairing.engine.systems.dutch1992.c12_levels import C12Levels
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.c13_levels import LevelFit
from pairing.engine.systems.dutch1992.candidate_parts import (
    _PASSED,
    C12_POINT,
    _candidate,
    _inside,
    _resume,
)
from pairing.engine.systems.dutch1992.criteria import (
    FLOAT_STEPS,
    FLOAT_STEPS_MIXED,
    FloatRules,
    _barred,
    float_ok,
    may_leave,
    x_of,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.head_listings import HeadListings
from pairing.engine.systems.dutch1992.level_colours import LEVEL_COLOURS_AFTER
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.remainder import RemainderNeed


def _fitted(fit: LowestFit | None) -> tuple[object, ...]:
    """What a level's memory of giving nothing adds to its key when C13's :class:`LowestFit`
    filters its pairings: a level barren under it may not be barren without it."""
    return () if fit is None else (fit.key,)


class CandidateSearch(HeadListings):
    """A bracket's candidates in procedure order, homogeneous or heterogeneous (Dutch C2-C14)."""

    def __init__(
        self, feasibility: Feasibility, levels: LevelSearch, *, exact_heads: bool = True
    ) -> None:
        super().__init__(feasibility, levels)
        self.exact_heads = exact_heads
        """Whether every level filters S1's pairings by their remainder (else as before)."""
        self._float_signatures: dict[tuple[object, ...], list[tuple[object, ...]]] = {}
        """What each C9 and C10 step forbids, by bracket and p of its moved-down players."""
        self._step_barred: dict[tuple[int, ...], list[tuple[tuple[int, int, int], ...]]] = {}
        """What each C9 and C10 step forbids in a homogeneous bracket, by its players: C12
        and C13 sub-searches enter one bracket thousands of times (the floats are alike)."""
        self.level_fit = LevelFit()
        """C13's test of whole levels against the lowest bracket (:class:`LevelFit`)."""

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
        fit: LowestFit | None = None,
        movable: C12Levels | None = None,
    ) -> Iterator[Candidate]:
        """Candidates of a bracket paired as homogeneous, in procedure order (Dutch C2-C14).

        ``from_stage`` skips the values of p above ``p0 - from_stage[0]`` (for C12, C13);
        ``to_stage`` stops after the values of p down to ``p0 - to_stage[0]`` (for C12,
        which only looks at the stage of the pairing it replaces).  ``after`` (a
        candidate's ``order``) skips every candidate up to and including that one, and
        ``least_down`` the values of p that move fewer players down
        (:meth:`Search.alternatives`); ``movable`` leaves out the levels without a
        candidate C12 could take (:class:`C12Levels`).

        Reading of Dutch C7-C11 and C14, the order of relaxation: for p from p0 down (C14;
        x starts again from the original x less the decrease of p, never below zero), for
        x up to p (C11), B6 then B5 dropped for downfloats (C9) and then, in a bracket
        holding players from above, B6 then B5 dropped for upfloats (C10); at each of
        those, the original S1 and S2 and then each exchange (C8), each with every
        transposition (C7).  In a bracket that C13 made by joining two, the players of
        the higher score have their downfloats checked here, so B6 and B5 for downfloats
        are dropped before those for upfloats.  A step whose dropped criterion changes
        nothing for the bracket's players is skipped.
        """
        players = bracket.players
        moved = frozenset(p.number for p in bracket.moved_in)
        mixed = len({p.score for p in players}) > 1
        n = len(players)
        p0 = n // 2
        x0 = x_of(players)
        steps = FLOAT_STEPS_MIXED if mixed else FLOAT_STEPS
        numbers = tuple(e.number for e in players)
        barred = self._step_barred.get(numbers)
        if barred is None:
            barred = self._step_barred[numbers] = [_barred(players, rules) for rules in steps]
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
                    level = (numbers, moved, lowest, p, x, rules, *_fitted(fit))
                    barren = self.feasibility.barren.setdefault(level, [])
                    if any(kept & ~level_mask == 0 for kept in barren):
                        continue
                    if fit is not None and not self.level_fit.possible(
                        players, p, x, rules, moved, lowest, level_keep, fit
                    ):
                        continue  # no pairing of the level lets the lowest be paired (C13)
                    if movable is not None and not movable.possible(
                        players, p, x, rules, moved, lowest, level_keep
                    ):
                        continue  # no pairing of the level moves down players C12 takes
                    produced = False
                    for phase in self.levels.split_pairings(
                        players, p, x, rules, moved, lowest, level_keep, _inside(resume), fit
                    ):
                        produced = True
                        phase = replace(phase, p0=p0, x0=x_start)
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
        fit: LowestFit | None = None,
    ) -> Iterator[tuple[int, Phase]]:
        """Pairings of a remainder group at one level, with the C9 step (Dutch C6-C9).

        ``after`` (the C9 step, exchange index and pairing of one of them) starts after
        that pairing (:meth:`Search.alternatives`).
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
            if fit is not None and not self.level_fit.possible(
                rest, p, x, rules, moved, lowest, keep, fit
            ):
                continue  # no pairing of the level lets the lowest bracket be paired (C13)
            for phase in self.levels.split_pairings(
                rest, p, x, rules, moved, lowest, keep, _inside(resume), fit
            ):
                yield down, replace(phase, remainder=True)

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
        fit: LowestFit | None = None,
    ) -> Iterator[Candidate | None]:
        """Candidates of a heterogeneous bracket, in procedure order (Dutch C2-C14).

        Yields :data:`C12_POINT` before lowering p below the number of moved-down players,
        where C12 is to be tried.  ``from_stage`` skips the earlier values of p, ``after``
        every candidate up to and including the one of that order, ``least_down`` the
        values of p of the remainder that move fewer players down (a remainder of the
        bracket's n - 2 p_S1 players paired with p_R = p_R0 - j pairs moves n mod 2 + 2 j
        down, whatever p_S1).

        Reading of Dutch C7-C14, the order of relaxation: for p of the moved-down players
        (C14, once C12 has failed), for p of the remainder, for x raised by one for both
        parts at once (raising x by C11 undoes the pairing of the moved-down players too),
        B6 then B5 dropped for upfloats (C10); at each of those, every pairing of the
        moved-down players in D1 order (C7, C10) and for each of them the remainder, with
        B6 then B5 dropped for downfloats (C9), its exchanges and transpositions.  As for
        a homogeneous bracket, in one joined by C13 B6 and B5 for downfloats are dropped
        before those for upfloats, and a step that changes nothing is skipped.

        Reading of Dutch C14 after C13: the lowest bracket keeps p (C13 comes first)
        unless ``last_resort``: once C13 has joined every bracket and the one bracket left
        still fails, C14 lowers p of its moved-down part, and the moved-down players left
        over join the remainder, which must still be paired completely (one of them may
        take the bye).

        Levels (p of S1 and of the remainder, the C11 step of x, the C10 step) and
        remainder groups that give no pairing are remembered for the round with the players
        kept up (``keep``, C12 and C13), as :meth:`homogeneous` does.  Keeping more players
        up never adds a pairing: it only adds S2 players the pairing of S1 must pair
        (:meth:`Feasibility.head_must_cover`) and players the remainder may not leave
        unpaired (A5).  So a level or remainder that gave nothing gives nothing again when
        the players kept up include those of a time it gave nothing, and it is skipped.  A
        remainder group's pairings depend only on which of its own players are kept up, so
        for it only those are remembered.

        The pairings of S1 whose remainder could give nothing are not listed
        (:meth:`Feasibility.remainder_viable`; without ``exact_heads``, only where some S2
        players may not be left over: kept up, or without a right to the bye in the lowest
        bracket).  Such a level is skipped when its colour preferences alone rule it out
        (:meth:`Feasibility.colours_allow_level`).  A level whose first remainders give
        nothing, or whose listing of S1's pairings refuses many of them, is given up when
        no pairing of S1 can leave one within its x (:class:`LevelColours`).
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
            float_signatures = self._float_signatures.get((numbers, moved, p_h))
            if float_signatures is None:
                float_signatures = self._float_signatures[(numbers, moved, p_h)] = [
                    (
                        tuple(
                            float_ok(a, Float.DOWN, rules_h.down)
                            for a in s1
                            if a.number not in moved
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
                        level = (
                            "head",
                            numbers,
                            moved,
                            lowest,
                            p_h,
                            j,
                            k,
                            rules_h,
                            *_fitted(fit),
                        )
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
                        if fit is not None and not fit.head_possible(s1, s2):
                            continue
                        need = None
                        if stay or self.exact_heads:
                            kept_s2 = level_keep.intersection(b.number for b in s2)
                            need = RemainderNeed(p_r, j, k, lowest, stay, kept_s2, _fitted(fit))
                        failed = 0
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
                                *_fitted(fit),
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
                            tails = (
                                self.remainder(
                                    rest,
                                    p_r,
                                    x_r,
                                    rules_h.up,
                                    moved,
                                    lowest,
                                    level_keep,
                                    tail_after,
                                    fit,
                                )
                                if fit is None or fit.rest_possible(rest)
                                else ()
                            )
                            for down, tail in tails:
                                found = produced = True
                                tail = replace(tail, p0=p_r0, x0=min(p_r, x_r0))
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
                            failed += not produced
                            if failed == LEVEL_COLOURS_AFTER and self.level_colours.refutes(
                                s1, s2, stay, p_r, x_h, j, k, rules_h, moved
                            ):
                                break  # no pairing of S1 leaves a remainder within its x
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
        fit: LowestFit | None = None,
        movable: C12Levels | None = None,
    ) -> Iterator[Candidate | None]:
        """The bracket's candidates in procedure order; A3 decides how it is paired.

        ``after``: only the candidates after the one of that ``order``; ``least_down``:
        only those moving at least that many players down, and of those moving exactly
        that many, only those keeping the ``useless`` players up (C12, C13); ``fit``:
        only those whose players moved down may let the lowest bracket be paired (C13,
        :class:`LowestFit`; the candidates left out are never good, so the first good
        one is the same); ``movable``: likewise for C12, as a homogeneous bracket
        (:class:`C12Levels`).

        Reading of Dutch A3, A6, C4 and C14: in a heterogeneous bracket S1 holds the
        players moved down (all of them, or the highest p of them once C14 has lowered p)
        and S2 everyone else; the S2 players that the pairing of S1 leaves form the
        remainder, which is paired like a homogeneous bracket (C6).  A bracket at least
        half of whose players came from above is paired as a homogeneous one.
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
                fit=fit,
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
                fit=fit,
                movable=movable,
            )
