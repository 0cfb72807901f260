"""One score group of the SB-ordered Swiss: high with low (SB 4) and the floaters who
move down (SB 5)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import words
from pairing.engine.model import PairingNumber, Points

from .compatibility import (
    Compatibility,
    Partners,
    colours_kept,
    compatible,
    completable,
    most_pairs,
)
from .entrants import RULES, Entrant, _points

HEAD_LENGTHS = (16, 8, 4, 2)
"""How many of a set's last floaters :func:`_heads` leaves out, the most first."""

FLOATER_SETS_TRIED = 1000
"""SB 5: sets of two or more floaters tried for one number before two more move down."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """One pair of SB 4: the higher player (in SB 2 order), his opponent, and why."""

    high: Entrant
    low: Entrant
    high_place: int
    """1-based place of ``high`` in the group (SB 2)."""
    low_place: int
    order: int
    """1 for the group's first pair, 2 for the second, ... (SB 7, round 1)."""
    passed_over: tuple[tuple[PairingNumber, str], ...]
    """Lower players passed over before ``low``, with the rule that ruled each out."""


def high_with_low(group: Sequence[Entrant]) -> list[Pairing]:
    """Pair a group of players in SB 2 order completely, high with low (SB 4).

    SB 4, our reading of "high with low": No. 1 meets the lowest of the group, No. 2 the
    lowest left, and so on; an opponent SB 1 forbids, or one that would leave the rest
    of the group unpairable, is passed over for the next lowest, and one keeping the SB 7
    colour wish comes before one that does not.  Higher players choose first.

    The greedy pass takes for each player, from the top, the lowest free player allowed
    (SB 1), keeping the colour limits first (SB 7).  If it leaves someone without an
    opponent, the pairing is made again with each choice checked to leave the rest of
    the group pairable; when the greedy pass succeeds the two give the same result (each
    of its choices left a pairable rest, and no lower choice was allowed).

    :raises NoValidPairing: the group cannot be paired completely.
    """
    found = _high_with_low(group, careful=False)
    if found is None:
        found = _high_with_low(group, careful=True)
    if found is None:
        raise NoValidPairing(words("pairing.sb_high_with_low"))
    return found


def _high_with_low(group: Sequence[Entrant], *, careful: bool) -> list[Pairing] | None:
    place = {e.number: index for index, e in enumerate(group, start=1)}
    free = list(group)
    result: list[Pairing] = []
    while free:
        high = free.pop(0)
        chosen: Entrant | None = None
        passed: list[tuple[PairingNumber, str]] = []
        for keep_colours in (True, False):
            for low in reversed(free):
                if not compatible(high, low):
                    if keep_colours:
                        passed.append((low.number, f"{RULES} 1"))
                    continue
                if keep_colours != colours_kept(high, low):
                    if keep_colours:
                        passed.append((low.number, f"{RULES} 7"))
                    continue
                if careful and not completable([e for e in free if e is not low], bye=False):
                    passed.append((low.number, f"{RULES} 4"))
                    continue
                chosen = low
                break
            if chosen is not None:
                break
        if chosen is None:
            return None
        free.remove(chosen)
        below = place[chosen.number]
        reasons: dict[PairingNumber, str] = {}
        for passed_number, why in passed:
            if place[passed_number] > below:
                reasons.setdefault(passed_number, why)
        result.append(
            Pairing(
                high=high,
                low=chosen,
                high_place=place[high.number],
                low_place=below,
                order=len(result) + 1,
                passed_over=tuple(reasons.items()),
            )
        )
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupResult:
    """A score group paired: its players in SB 2 order, pairs and who moves down."""

    score: Points
    players: tuple[Entrant, ...]
    from_above: tuple[Entrant, ...]
    pairs: tuple[Pairing, ...]
    floaters: tuple[Entrant, ...]
    """Moved down to the next group (SB 5), or, from the lowest group, the bye (SB 6)."""


def floater_preference(
    group: Sequence[Entrant], from_above: frozenset[PairingNumber]
) -> list[Entrant]:
    """The group's players in the order SB 5 moves them down (SB 6 for the bye).

    SB 5, our reading: an odd group, or one SB 1 cannot pair completely, moves as few
    players down as the group and the rest of the round allow.  Preferred floaters: the
    group's own score before floaters from above, no float down (or bye) last round
    before one (as Dutch B5), the lowest in SB 2 order first.  Sets of floaters are tried
    in that order (``FLOATER_SETS_TRIED``), then two more move down, up to the group.
    """
    place = {e.number: index for index, e in enumerate(group)}
    return sorted(group, key=lambda e: (e.number in from_above, e.floated_down, -place[e.number]))


def pair_group(
    score: Points,
    group: Sequence[Entrant],
    from_above: Sequence[Entrant],
    below: Sequence[Entrant],
    *,
    lowest: bool,
    by_prefix: bool = True,
    partners: Partners | None = None,
) -> GroupResult:
    """Pair one score group (SB 4) and choose who moves down or gets the bye (SB 5, SB 6).

    ``group`` holds the group's players and those moved down into it, in SB 2 order;
    ``below`` every player of the lower groups.  For p from the most pairs the group
    can make down to 0, the first set of floaters (SB 5 order) is taken such that the
    rest of the group pairs completely and the players below, with the floaters, can
    still be paired (or, from the lowest group, the single floater may have the bye).

    The sets of one size come in the order of ``itertools.combinations``: those that
    differ only in their last floater follow each other, and both checks of all of them
    are decided, where a search would be needed, by one matching of the players they
    share (:meth:`Compatibility.with_one`, :meth:`Compatibility.without_one`), and runs
    of sets that share their first floaters are refused together when those leave too
    many players below unpaired (:meth:`Compatibility.short_by_more_than`); such a run is
    walked by :func:`_first_by_prefix`, which works out what its sets share once.
    ``by_prefix=False`` decides each set alone, one by one, from the matching of the group
    or of the players below (the same answers, slower: kept for the tests that hold the
    two equal).
    ``partners``: SB 1 among the round's players, made once for all its groups (else
    among the group and the players below, for this group alone).

    :raises NoValidPairing: no choice works (only when the round cannot be paired).
    """
    above = frozenset(e.number for e in from_above)
    candidates = floater_preference(group, above)
    if lowest:
        candidates = [e for e in candidates if e.bye_allowed]
    # Every check below is among the group and the players below: SB 1 between them once.
    checks = Compatibility([*group, *below], partners)
    whole = checks.mask(group)
    under = checks.mask(below)
    bit = {e.number: checks.mask((e,)) for e in group}
    within = [(bit[e.number], checks.partners(e) & whole) for e in group]
    below_first = True
    sizes: list[list[int]] = []
    most = most_pairs(group)
    for p in range(most, -1, -1):
        count = len(group) - 2 * p
        if lowest and count > 1:
            break
        # A player all of whose partners in the group float leaves the rest unpairable:
        # only those with at most ``count`` partners there can be left so.
        weak = [(own, near) for own, near in within if near.bit_count() <= count]
        if by_prefix and count:
            # The matchings of the bound are made once a number of floaters has failed:
            # most groups take the first number they try.
            if not lowest and _count_refused(
                checks, candidates, bit, under, count, sizes, first=p == most
            ):
                continue
            chosen, below_first = _first_by_prefix(
                checks, candidates, bit, (whole, under), weak, count, lowest, below_first
            )
            if chosen is not None:
                return _result(score, group, from_above, chosen)
            continue
        tried = 0
        for floaters in itertools.combinations(candidates, count):
            tried += 1
            if count > 1 and tried > FLOATER_SETS_TRIED:
                break
            moving = 0
            for e in floaters:
                moving |= bit[e.number]
            if any(not own & moving and not near & ~moving for own, near in weak):
                continue
            last = bit[floaters[-1].number] if by_prefix and count else 0
            heads = functools.partial(_heads, floaters, bit, under)
            # Both must hold and neither changes anything: the one that rejected the
            # last set is asked first (the next set differs from it by a player or two).
            below_asked = False
            if below_first and not lowest:
                if not checks.completable_from(
                    under, under | moving, bye=True, last=last, heads=heads
                ):
                    continue
                below_asked = True
            if not checks.completable_from(whole, whole & ~moving, bye=False, last=last):
                below_first = False
                continue
            if not (lowest or below_asked) and not checks.completable_from(
                under, under | moving, bye=True, last=last, heads=heads
            ):
                below_first = True
                continue
            return _result(score, group, from_above, floaters)
    raise NoValidPairing(words("pairing.sb_score_group", points=_points(score)))


def _result(
    score: Points,
    group: Sequence[Entrant],
    from_above: Sequence[Entrant],
    floaters: Sequence[Entrant],
) -> GroupResult:
    numbers = frozenset(e.number for e in floaters)
    rest = [e for e in group if e.number not in numbers]
    place = {e.number: index for index, e in enumerate(group)}
    return GroupResult(
        score=score,
        players=tuple(group),
        from_above=tuple(from_above),
        pairs=tuple(high_with_low(rest)),
        floaters=tuple(sorted(floaters, key=lambda e: place[e.number])),
    )


def _first_by_prefix(
    checks: Compatibility,
    candidates: Sequence[Entrant],
    bit: dict[PairingNumber, int],
    bases: tuple[int, int],
    weak: Sequence[tuple[int, int]],
    count: int,
    lowest: bool,
    below_first: bool,
) -> tuple[tuple[Entrant, ...] | None, bool]:
    """The first set of ``count`` floaters (one or more) in the order of
    ``itertools.combinations`` that both checks of :func:`pair_group` accept, and which
    check to ask first afterwards; the same set as :func:`pair_group`'s loop over the
    sets one by one finds.

    The sets come as runs that share all floaters but the last (a prefix), and what
    depends on the prefix alone is worked out once per run: its bitset, the players
    below with its first floaters (:func:`_heads`), and which last floaters the weak
    players of the group allow (a player outside the set whose partners in the group all
    float).  When the heads refuse the players below for one set of the run they refuse
    them for every set of it, and the rest of the run is skipped, counted as tried.
    """
    whole, under = bases
    lasts = [bit[e.number] for e in candidates]
    size = len(lasts)
    tried = 0
    for prefix in itertools.combinations(range(size - 1), count - 1):
        first = prefix[-1] + 1 if prefix else 0
        run = size - first
        if count > 1:
            run = min(run, FLOATER_SETS_TRIED - tried)
            if run <= 0:
                break
        tried += run
        head = 0
        for index in prefix:
            head |= lasts[index]
        allowed = -1
        for own, near in weak:
            if own & head:
                continue
            open_ = near & ~head
            if not open_:
                allowed &= own  # only his own float leaves him out of the rest
            elif not open_ & (open_ - 1):
                allowed &= ~open_  # his one partner left must not float
        if not allowed:
            continue
        made: list[list[tuple[int, int]]] = []

        def ask(
            prefix: tuple[int, ...] = prefix, made: list[list[tuple[int, int]]] = made
        ) -> list[tuple[int, int]]:
            if not made:
                grown = [under]  # the players below with the prefix's first 0, 1, ... floaters
                for index in prefix:
                    grown.append(grown[-1] | lasts[index])
                checks.note_chain(grown)
                made.append([(grown[count - more], more) for more in HEAD_LENGTHS if more < count])
            return made[0]

        for index in range(first, first + run):
            last = lasts[index]
            if not last & allowed:
                continue
            moving = head | last
            below_asked = False
            if below_first and not lowest:
                if not checks.completable_from(
                    under, under | moving, bye=True, last=last, heads=ask
                ):
                    if made and _refused(checks, made[0]):
                        break
                    continue
                below_asked = True
            if not checks.completable_from(whole, whole & ~moving, bye=False, last=last):
                below_first = False
                continue
            if not (lowest or below_asked) and not checks.completable_from(
                under, under | moving, bye=True, last=last, heads=ask
            ):
                below_first = True
                if made and _refused(checks, made[0]):
                    break
                continue
            return tuple(candidates[i] for i in (*prefix, index)), below_first
    return None, below_first


def _count_refused(
    checks: Compatibility,
    candidates: Sequence[Entrant],
    bit: dict[PairingNumber, int],
    under: int,
    count: int,
    sizes: list[list[int]],
    *,
    first: bool,
) -> bool:
    """True when none of the sets of ``count`` floaters that SB 5 tries can pass both
    checks of :func:`pair_group` (a group that is not the lowest): so the number is passed
    over without trying them, as their walk would end.

    The sets tried (all of them, or the first ``FLOATER_SETS_TRIED`` in the order of
    ``itertools.combinations``) all hold the first ``fixed`` candidates and differ only in
    ``free`` more, taken from the candidates after them.  Each added player lets a
    matching grow by one pair at most, so a set can pass only when a maximum matching of
    the players below with the first ``fixed`` candidates (and the bye's vertex) needs no
    more than ``free`` pairs to cover them all with the set; and the group's rest, taken
    from the candidates after the first ``fixed``, can be paired only when those have a
    matching of as many pairs.  The maximum matchings of every prefix and every suffix
    of the candidates are grown once per group, one search per player (``sizes``), and
    only once a number has failed (``first``: the first number tried, which most groups
    take); for the first, the group's rest is short by exactly ``count`` players.
    """
    size = len(candidates)
    tried = size if count == 1 else min(FLOATER_SETS_TRIED, math.comb(size, count))
    free = 0
    while math.comb(size - count + free, free) < tried:
        free += 1
    fixed = count - free
    if first:
        return not fixed and count > 1 and _past_tried(checks, candidates, bit, 0, free, tried)
    if not sizes:
        lasts = [bit[e.number] for e in candidates]
        sizes.append(checks.growing(under, lasts, bye=True))
        sizes.append(checks.growing(0, lasts[::-1], bye=False))
    below, rest = sizes
    if below[fixed] + free < (under.bit_count() + count + 1) // 2:
        return True
    short = size - fixed - 2 * rest[size - fixed]
    if short > free:
        return True
    return short == free and count > 1 and _past_tried(checks, candidates, bit, fixed, free, tried)


def _past_tried(
    checks: Compatibility,
    candidates: Sequence[Entrant],
    bit: dict[PairingNumber, int],
    fixed: int,
    free: int,
    tried: int,
) -> bool:
    """True when the candidates after the first ``fixed``, whose maximum matchings leave
    ``free`` of them free, have no set of ``free`` among the sets tried that such a
    matching leaves free.

    With exactly ``free`` short, the group's rest is paired only by a maximum matching
    of those candidates that leaves the set's last ``free`` free, so those are all
    players some maximum matching leaves free (Gallai-Edmonds' D); the first such set in
    the order of the sets is the first ``free`` of them, and it must be among those tried.
    """
    after = 0
    for e in candidates[fixed:]:
        after |= bit[e.number]
    exposed = checks.free_in_some(after)
    first = [k for k, e in enumerate(candidates[fixed:]) if bit[e.number] & exposed][:free]
    return len(first) < free or _rank(first, len(candidates) - fixed) >= tried


def _rank(chosen: Sequence[int], size: int) -> int:
    """How many sets of ``len(chosen)`` of ``range(size)`` come before ``chosen`` (in
    increasing order) in the order of ``itertools.combinations``."""
    rank = 0
    previous = -1
    for t, position in enumerate(chosen):
        for skipped in range(previous + 1, position):
            rank += math.comb(size - 1 - skipped, len(chosen) - 1 - t)
        previous = position
    return rank


def _refused(checks: Compatibility, heads: Sequence[tuple[int, int]]) -> bool:
    return any(checks.short_by_more_than(head, more, bye=True) for head, more in heads)


def _heads(
    floaters: Sequence[Entrant], bit: dict[PairingNumber, int], under: int
) -> Iterator[tuple[int, int]]:
    """The players below with the first floaters of a set (as a bitset) and how many
    floaters follow them, fewest first, for :meth:`Compatibility.short_by_more_than`: the
    sets that share them come one after the other, and one matching refuses them all."""
    for more in HEAD_LENGTHS:
        if more < len(floaters):
            head = under
            for e in floaters[:-more]:
                head |= bit[e.number]
            yield head, more
