"""The pairing criteria B1-B6 as the procedure applies them (Dutch A4, A5, A8, B, C9, C10).

FIDE Handbook C.04.1 (1992 text): x and the colour conflicts counted against it (A8,
B4), the float criteria B5 and B6 with the steps in which C9 and C10 drop them, and who
may be left unpaired (A5, B1b).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.floats import Float
from pairing.engine.messages import Message, words
from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.entrants import Entrant


def colour_conflict(a: Entrant, b: Entrant) -> bool:
    """True when a pairing of a and b cannot fulfil both colour preferences (Dutch A8, B4).

    Reading of Dutch A8: that is the case exactly when both players prefer the same
    colour; a player without a preference never causes it.
    """
    return a.preference is not None and a.preference is b.preference


def x_of(players: Sequence[Entrant]) -> int:
    """The number of pairings that will not fulfil all colour preferences (Dutch A8).

    w and b count the preferences for white and black, q is half the bracket rounded up;
    x = b - q when b > w, else w - q.  Reading of Dutch A8: x is never below zero (the
    formula alone can be).
    """
    white = sum(1 for p in players if p.preference is Colour.WHITE)
    black = sum(1 for p in players if p.preference is Colour.BLACK)
    q = (len(players) + 1) // 2
    return max(0, black - q if black > white else white - q)


def class_bound(rows: Sequence[int], cols: Sequence[int]) -> int:
    """Fewest colour conflicts when pairing rows with columns, if every pair were allowed.

    ``rows`` and ``cols`` count preferences for white, black and none.  A lower bound on
    the conflicts any real pairing needs (Dutch A8, B4): missing pairs only add conflicts.
    """
    white_black = min(rows[0], cols[1])
    black_white = min(rows[1], cols[0])
    neutral = min(rows[0] - white_black + rows[1] - black_white, cols[2])
    return rows[0] + rows[1] - white_black - black_white - neutral


def _colour_class(entrant: Entrant) -> int:
    """0 for a preference for white, 1 for black, 2 for none (Dutch A7, A8)."""
    if entrant.preference is Colour.WHITE:
        return 0
    if entrant.preference is Colour.BLACK:
        return 1
    return 2


def colours_allow_level(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    stay: frozenset[int],
    p_r: int,
    x_h: int,
    j: int,
    k: int,
) -> bool:
    """Whether the colour preferences alone leave a heterogeneous level a chance.

    Dutch A8, B4, C10, C11.  The moved-down players S1 take |S1| players of S2 with at
    most ``x_h`` conflicts, at least :func:`class_bound` of the preferences they take.
    The remainder R left pairs ``p_r`` pairs with at most x_R = min(p_R, max(0, x(R) - j)
    + k) conflicts, x(R) by A8 from R's own preferences; it leaves over players who may
    leave (not in ``stay``, S2 indices).  Pairs of the paired w preferences for white, b
    for black and o for none hold at least (|w - b| - o) / 2 conflicts, rounded up: a
    pair without one is white-black or holds a player without a preference.  Only the
    counts of each preference are looked at, taken by S1 and left over, so a level this
    rules out gives nothing; one it lets through may still (:func:`colours_allow_counts`).
    """
    rows = [0, 0, 0]
    for a in s1:
        rows[_colour_class(a)] += 1
    total = [0, 0, 0]
    free = [0, 0, 0]
    for t, b in enumerate(s2):
        c = _colour_class(b)
        total[c] += 1
        if t not in stay:
            free[c] += 1
    return colours_allow_counts(rows, total, free, p_r, x_h, j, k)


def colours_allow_counts(
    rows: Sequence[int],
    total: Sequence[int],
    free: Sequence[int],
    p_r: int,
    x_h: int,
    j: int,
    k: int,
) -> bool:
    """:func:`colours_allow_level` from the counts alone: ``rows``, the S1 players by
    preference (white, black, none; :func:`_colour_class`), ``total`` the S2 players and
    ``free`` those of them who may be left over."""
    head = sum(rows)
    s2_size = sum(total)
    leavers = s2_size - head - 2 * p_r
    if leavers < 0:
        return False
    q = (s2_size - head + 1) // 2
    for h_white in range(min(total[0], head) + 1):
        for h_black in range(min(total[1], head - h_white) + 1):
            h_none = head - h_white - h_black
            if h_none > total[2] or class_bound(rows, (h_white, h_black, h_none)) > x_h:
                continue
            rest = (total[0] - h_white, total[1] - h_black, total[2] - h_none)
            x_rest = max(0, rest[1] - q if rest[1] > rest[0] else rest[0] - q)
            budget = min(p_r, max(0, x_rest - j) + k)
            cap = [min(free[c], rest[c]) for c in range(3)]
            for l_white in range(min(cap[0], leavers) + 1):
                for l_black in range(min(cap[1], leavers - l_white) + 1):
                    l_none = leavers - l_white - l_black
                    if l_none > cap[2]:
                        continue
                    gap = abs((rest[0] - l_white) - (rest[1] - l_black)) - (rest[2] - l_none)
                    if (max(0, gap) + 1) // 2 <= budget:
                        return True
    return False


def remainder_budget_at_most(
    s1: Sequence[Entrant], s2: Sequence[Entrant], p_r: int, x_h: int, j: int, k: int
) -> int:
    """The most colour conflicts the remainder of a heterogeneous level may have, over
    every way the moved-down players S1 can take players of S2 within ``x_h`` that the
    colour counts allow (Dutch A8, B4, C10, C11); -1 when they allow none.

    As in :func:`colours_allow_counts`: S1 takes h_w, h_b and h_o players of S2 who
    prefer white, black and neither, with at least :func:`class_bound` conflicts; the
    remainder R left may have x_R = min(p_R, max(0, x(R) - j) + k), x(R) by A8 from R's
    own counts.  When this is 0, no candidate of the level has a remainder pair with a
    colour conflict (:meth:`Feasibility.remainder_viable` then drops those pairs)."""
    rows = [0, 0, 0]
    for a in s1:
        rows[_colour_class(a)] += 1
    total = [0, 0, 0]
    for b in s2:
        total[_colour_class(b)] += 1
    head = len(s1)
    q = (len(s2) - head + 1) // 2
    most = -1
    for h_white in range(min(total[0], head) + 1):
        for h_black in range(min(total[1], head - h_white) + 1):
            h_none = head - h_white - h_black
            if h_none > total[2] or class_bound(rows, (h_white, h_black, h_none)) > x_h:
                continue
            rest = (total[0] - h_white, total[1] - h_black, total[2] - h_none)
            x_rest = max(0, rest[1] - q if rest[1] > rest[0] else rest[0] - q)
            most = max(most, min(p_r, max(0, x_rest - j) + k))
    return most


@dataclass(frozen=True, slots=True, kw_only=True)
class FloatRules:
    """How far B5 and B6 are kept for each float direction (Dutch C9, C10).

    0 keeps both, 1 drops B6, 2 drops B6 and B5 (the text drops B6 first).
    """

    down: int = 0
    up: int = 0

    def dropped(self) -> list[Message]:
        """The criteria dropped, in the words of the text (Dutch C9, C10)."""
        names = {1: "b6", 2: "b6_b5"}
        result = []
        if self.down:
            result.append(words(f"explain.dutch1992.dropped_{names[self.down]}_down"))
        if self.up:
            result.append(words(f"explain.dutch1992.dropped_{names[self.up]}_up"))
        return result


def float_ok(entrant: Entrant, direction: Float, dropped: int) -> bool:
    """True when receiving a float keeps B5 and B6 as far as they are kept (Dutch B5, B6)."""
    if entrant.exempt:
        return True
    if dropped < 2 and entrant.last_float is direction:
        return False
    return not (dropped < 1 and entrant.float_two_back is direction)


def pair_allowed(a: Entrant, b: Entrant, rules: FloatRules, moved: frozenset[int]) -> bool:
    """True when a and b may be paired at this level: B1, B2 and the floats it creates.

    The lower of unequal scores receives an upfloat; the higher a downfloat, already
    accounted for when that player was moved down (``moved``).

    Reading of Dutch A4, A5, B5 and B6: a player moved down receives a downfloat, which
    B5 and B6 (as far as C9 keeps them) judge in the bracket that moves him down and not
    again lower down; in a pair of unequal scores the lower player receives an upfloat
    (B5, B6 as far as C10 keeps them); the bye counts as a downfloat.  The floats of
    earlier rounds are read from the scores before each round (``pairing.engine.floats``).
    """
    # compatible() and float_ok() written out: this is the innermost test of the search
    # (hundreds of thousands of calls in a round of 150 players), the same tests.
    if b.number in a.barred or a.number in b.barred:
        return False
    if not ((a.may_white and b.may_black) or (a.may_black and b.may_white)):
        return False
    if a.score == b.score:
        return True
    high, low = (a, b) if a.score > b.score else (b, a)
    if not low.exempt:
        up = rules.up
        if up < 2 and low.last_float is Float.UP:
            return False
        if up < 1 and low.float_two_back is Float.UP:
            return False
    if high.exempt or high.number in moved:
        return True
    down = rules.down
    if down < 2 and high.last_float is Float.DOWN:
        return False
    return not (down < 1 and high.float_two_back is Float.DOWN)


FLOAT_STEPS = (FloatRules(), FloatRules(down=1), FloatRules(down=2))
"""C9: B6, then B5 dropped for downfloats."""

FLOAT_STEPS_MIXED = (*FLOAT_STEPS, FloatRules(down=2, up=1), FloatRules(down=2, up=2))
"""For a bracket holding players from above and paired as homogeneous: then for upfloats."""

LOOSEST = FloatRules(down=2, up=2)
"""B5 and B6 dropped for both directions: only B1 and B2 are left (C9, C10)."""


def _barred(players: Sequence[Entrant], rules: FloatRules) -> tuple[tuple[int, int, int], ...]:
    """Which floats a level forbids to these players (Dutch B5, B6, C9, C10).

    Two levels forbidding the same floats pair alike, so the second is skipped.
    """
    return tuple(
        (
            p.number,
            0 if float_ok(p, Float.DOWN, rules.down) else 1,
            0 if float_ok(p, Float.UP, rules.up) else 1,
        )
        for p in players
    )


def may_leave(
    player: Entrant,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> bool:
    """True when the player may be left unpaired: moved down, or the bye (A5, B1b, B5, B6).

    Reading of Dutch A5 and F4: the lowest bracket is paired with p = n // 2 and, when it
    is odd, the player its pairing leaves over receives the bye.  That pairing is only
    acceptable when he may have the bye (B1b, absolute) and his downfloat keeps B5 and
    B6 as far as C9 keeps them; so the bye goes to the lowest S2 player who can have it,
    as far as the transpositions and exchanges reach.
    """
    if player.number in keep:
        return False
    if lowest and not player.bye_allowed:
        return False
    return player.number in moved or float_ok(player, Float.DOWN, rules.down)
