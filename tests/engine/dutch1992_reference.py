"""A slow, literal second reading of the 1992 Dutch text, for small events only.

This module pairs one round the way an arbiter with pencil and paper would: it walks the
procedure C1-C14 over the score brackets, trying the transpositions of D1 and the exchanges
of D2 one by one, in the text's order, and takes the first candidate that keeps the
criteria in force.  It was written from the text (FIDE Handbook C.04.1, 1992 text), not
from the engine (``pairing/engine/systems/dutch1992/``); its only purpose is to be
compared with the engine (``test_dutch1992_reference.py``).  It enumerates everything, so
it is meant for events of up to about 14 players.

Readings.  Where the text is open the reference takes the engine's reading (written next
to the code it governs, citing its rule), so that the comparison checks the engine's
search and not two readings; the points where a first, independent reading differed are
marked (*) and were decided as follows (see issue #5):

- A2: score, rating, title, name (case-insensitive), pairing number.
- A7a and the Note to B: "a score of over 50% in the last round" is a score above half
  of what wins in all rounds played so far give, when the round paired is the last one
  planned.  Such a player has no absolute preference and B2, B5, B6 do not protect him.
- A7: absolute (difference beyond +-1, else the same colour in the last two played
  games), strong (difference not 0), mild (0: alternate the last played game), none.
- A8: a pair fails the colour preferences when both prefer the same colour; x >= 0.
- A4, A5: a player left unpaired downfloats (the bye too); in a pair of unequal scores
  the lower player upfloats and the higher one downfloats.  (*) A player moved down is
  not judged again for his downfloat in the lower brackets: it was judged (B5, B6, C9)
  where he left his own bracket, and nothing the lower bracket does can spare it him.
- A3: players of a higher score than the bracket's own are the players moved down; if
  they are at least half of it, it is paired as homogeneous.
- Order of relaxations (B4 ranks above B5 above B6): p (C14) outermost, then x (C11),
  then B6 and B5 for downfloats (C9), then for upfloats (C10), then the exchanges (C8),
  then the transpositions (C7).  A heterogeneous bracket: p of the players moved down,
  p of the remainder, x of both, the upfloat steps, the D1 pairings of the players
  moved down, then the remainder with C9, its exchanges and transpositions.
- C1: a resident without any possible opponent moves down at once; a player moved down
  without one calls for C12 and moves down again when it fails; in the lowest bracket
  one such player may take the bye when the bracket is odd.
- C12: the previous bracket's next candidate in the same stage (value of p) moving down
  another set of the same size, all of whom can be given opponents among the residents.
- C13: the penultimate bracket's next candidate in any later stage with which the lowest
  bracket can be completely paired; else the two are joined.  (*) When every bracket has
  been joined, C14 may lower p of the players moved down (down to 0): those left over
  join the remainder, which must still be paired completely.
- D1: the orders of S2 in ascending order; only the first p positions matter.
- D2: one-player exchanges, then two-player ones; S1 players all but the highest (odd
  bracket: all), S2 players all but the lowest; by the difference of the sums, then the
  exchange concerning the lowest S1 player, then (*) the highest S2 players (the mirror
  of the S1 rule; the engine compared the lowest S2 players first, against its own
  docstring, and was corrected); in an odd bracket the two highest S1 players are not
  exchanged together (the Remark's obsolete column).
- E: E1 both, E2 the stronger, E3 alternate from the latest round with different colours
  (played games only, right-aligned by F3), E4 the higher ranked; two players with no
  preference: the E4 round-1 rule from the colour drawn for the top seed and the
  position in S1.
- F1: the higher player's score, the sum of both scores, the higher player's A2 rank.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypedDict

from pairing.engine.model import (
    Board,
    Colour,
    Outcome,
    PairingNumber,
    Player,
    RoundPairing,
    TournamentState,
)

W, B = Colour.WHITE, Colour.BLACK
DOWN, UP = "down", "up"
ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


class NoPairing(Exception):
    """No pairing keeps B1 and B2 within the reach of the procedure."""


@dataclass
class P:
    """One player to be paired, with everything the text needs about him."""

    number: int
    score: int
    rank_key: tuple[object, ...]
    colours: tuple[Colour, ...]  # played games only, oldest first (F2, F3)
    difference: int
    pref: Colour | None
    strength: int
    exempt: bool  # over 50% in the last round (A7a, Note)
    may_bye: bool  # B1b
    met: frozenset[int]
    float1: str | None  # float of the last round
    float2: str | None  # float two rounds before
    rank: int = 0


def _float_history(state: TournamentState) -> dict[int, list[str | None]]:
    """Each player's float in each round (A4, A5): unequal scores before the round."""
    players = {p.pairing_number: p for p in state.players}

    def before(p: Player, r: int) -> int:
        return sum(state.points.points_for(rec.outcome) for rec in p.history[: r - 1])

    out: dict[int, list[str | None]] = {}
    for n, p in players.items():
        fl: list[str | None] = []
        for rec in p.history:
            if rec.outcome is Outcome.PAIRING_ALLOCATED_BYE:
                fl.append(DOWN)
            elif rec.outcome.has_opponent and rec.opponent in players:
                mine = before(p, rec.round_number)
                theirs = before(players[rec.opponent], rec.round_number)
                fl.append(DOWN if mine > theirs else UP if mine < theirs else None)
            else:
                fl.append(None)
        out[n] = fl
    return out


def prepare(state: TournamentState) -> list[P]:
    """The players to pair, in A2 order, with colour preferences (A7) and floats (A4)."""
    excused = {r.pairing_number for r in state.requests}
    floats = _float_history(state)
    bonus = {
        a.pairing_number: a.points
        for a in state.acceleration
        if a.round_number == state.round_number
    }
    out = []
    for pl in state.players:
        if pl.withdrawn or pl.pairing_number in excused:
            continue
        real = sum(state.points.points_for(r.outcome) for r in pl.history)
        score = real + bonus.get(pl.pairing_number, 0)
        colours = tuple(r.colour for r in pl.history if r.outcome.played and r.colour)
        diff = sum(1 if c is W else -1 for c in colours)
        exempt = state.is_last_round and 2 * real > state.rounds_completed * state.points.win
        if not colours:
            pref, strength = None, NONE
        elif not exempt and (diff > 1 or diff < -1):
            pref, strength = (W if diff < 0 else B), ABSOLUTE
        elif not exempt and len(colours) >= 2 and colours[-1] == colours[-2]:
            pref, strength = colours[-1].opposite, ABSOLUTE
        elif diff != 0:
            pref, strength = (W if diff < 0 else B), STRONG
        else:
            pref, strength = colours[-1].opposite, MILD
        fl = floats[pl.pairing_number]
        out.append(
            P(
                number=pl.pairing_number,
                score=score,
                rank_key=(-score, -pl.rating, pl.title, pl.name.casefold(), pl.pairing_number),
                colours=colours,
                difference=diff,
                pref=pref,
                strength=strength,
                exempt=exempt,
                may_bye=not any(
                    r.outcome
                    in (
                        Outcome.FORFEIT_WIN,
                        Outcome.FULL_POINT_BYE,
                        Outcome.PAIRING_ALLOCATED_BYE,
                    )
                    for r in pl.history
                ),
                met=frozenset(r.opponent for r in pl.history if r.outcome.played and r.opponent),
                float1=fl[-1] if len(fl) >= 1 else None,
                float2=fl[-2] if len(fl) >= 2 else None,
            )
        )
    out.sort(key=lambda p: p.rank_key)
    for i, p in enumerate(out):
        p.rank = i
    return out


# --- B1, B2: absolute criteria ------------------------------------------------------


def may_get(p: P, c: Colour) -> bool:
    """B2a, B2b for one player receiving colour c (not applied to an exempt player)."""
    if p.exempt:
        return True
    d = p.difference + (1 if c is W else -1)
    if d > 2 or d < -2:
        return False
    return not (len(p.colours) >= 2 and p.colours[-1] == c and p.colours[-2] == c)


def compatible(a: P, b: P, forbidden: frozenset[frozenset[int]]) -> bool:
    """B1a (and forbidden pairs) and B2 for some colour allocation."""
    if b.number in a.met or frozenset((a.number, b.number)) in forbidden:
        return False
    return (may_get(a, W) and may_get(b, B)) or (may_get(a, B) and may_get(b, W))


def conflict(a: P, b: P) -> bool:
    """A8/B4: the pair cannot fulfil both colour preferences."""
    return a.pref is not None and a.pref == b.pref


def x_of(players: Sequence[P]) -> int:
    """A8."""
    w = sum(1 for p in players if p.pref is W)
    b = sum(1 for p in players if p.pref is B)
    q = (len(players) + 1) // 2
    return max(0, b - q if b > w else w - q)


def float_ok(p: P, f: str, dropped: set[str]) -> bool:
    """B5 and B6 (unless dropped, and not for an exempt player)."""
    if p.exempt:
        return True
    if f"B5{f}" not in dropped and p.float1 == f:
        return False
    return not (f"B6{f}" not in dropped and p.float2 == f)


# --- D1, D2 ---------------------------------------------------------------------------


def transpositions(s2: Sequence[P], p: int) -> Iterator[tuple[P, ...]]:
    """D1: the orders of S2 in ascending order; only the first p players of each matter.

    S2 is in A2 order, so the p-permutations of its positions in lexicographic order are
    the transpositions with the orders that agree on the first p positions taken once.
    """
    yield from itertools.permutations(s2, p)


def exchanges(n1: int, n2: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2 order: 1-based bracket positions (S1 = 1..n1, S2 = n1+1..n1+n2)."""
    odd = n2 > n1
    s1 = list(range(1, n1 + 1)) if odd else list(range(2, n1 + 1))
    s2 = list(range(n1 + 1, n1 + n2))  # all but the lowest
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for k in (1, 2):
        opts = []
        for a in itertools.combinations(s1, k):
            if odd and k == 2 and set(a) == {1, 2}:
                continue
            for b in itertools.combinations(s2, k):
                key = (
                    sum(b) - sum(a),
                    tuple(-v for v in sorted(a, reverse=True)),
                    tuple(sorted(b)),
                )
                opts.append((key, a, b))
        opts.sort()
        out.extend((a, b) for _, a, b in opts)
    return out


# --- the bracket procedure ------------------------------------------------------------


@dataclass
class Outcome_:
    """One candidate pairing of a bracket: pairs (S1 player first), players left unpaired."""

    pairs: list[tuple[P, P, int]]  # (S1 player, S2 player, 1-based position in S1)
    down: list[P]
    stage: tuple[int, ...] = ()


@dataclass
class Ctx:
    """What the criteria need to know about the bracket being paired."""

    forbidden: frozenset[frozenset[int]]
    lowest: bool
    movers: frozenset[int]  # moved down into it: their downfloat was judged above


def _check(
    pairs: list[tuple[P, P, int]], down: list[P], ctx: Ctx, x: int, dropped: set[str]
) -> bool:
    """C6: B1, B2 (and B1b for the bye), B4 with x, B5 and B6 as far as not dropped."""
    for a, b, _ in pairs:
        if not compatible(a, b, ctx.forbidden):
            return False
    if ctx.lowest and any(not d.may_bye for d in down):
        return False
    if sum(1 for a, b, _ in pairs if conflict(a, b)) > x:
        return False
    for a, b, _ in pairs:
        if a.score != b.score:
            hi, lo = (a, b) if a.score > b.score else (b, a)
            if not float_ok(lo, UP, dropped):
                return False
            if hi.number not in ctx.movers and not float_ok(hi, DOWN, dropped):
                return False
    return all(d.number in ctx.movers or float_ok(d, DOWN, dropped) for d in down)


def _pairs_of(s1: Sequence[P], head: Sequence[P]) -> list[tuple[P, P, int]]:
    return [(a, b, i + 1) for i, (a, b) in enumerate(zip(s1, head, strict=True))]


DOWN_STEPS = [set(), {"B6down"}, {"B6down", "B5down"}]
"""C9: B6, then B5 dropped for downfloats."""
MIXED_STEPS = [*DOWN_STEPS, {"B6down", "B5down", "B6up"}, {"B6down", "B5down", "B6up", "B5up"}]
"""C9, then C10: B6, then B5 dropped for upfloats too (brackets with players of two scores)."""


def split_pairings(
    players: list[P], p: int, x: int, dropped: set[str], ctx: Ctx
) -> Iterator[Outcome_]:
    """C4-C8: the original S1/S2, then each D2 exchange; each with every D1 transposition."""
    splits: list[tuple[list[P], list[P]]] = [(players[:p], players[p:])]
    if p > 0:
        for a, b in exchanges(p, len(players) - p):
            in_s1 = (set(range(1, p + 1)) - set(a)) | set(b)
            s1 = [pl for i, pl in enumerate(players, 1) if i in in_s1]
            s2 = [pl for i, pl in enumerate(players, 1) if i not in in_s1]
            splits.append((s1, s2))
    for s1, s2 in splits:
        for head in transpositions(s2, p):
            pairs = _pairs_of(s1, head)
            used = {b.number for b in head}
            down = [pl for pl in s2 if pl.number not in used]
            if _check(pairs, down, ctx, x, dropped):
                yield Outcome_(pairs, down)


def homogeneous(players: list[P], ctx: Ctx) -> Iterator[Outcome_]:
    """C2-C11, C14 for a bracket paired as homogeneous (A3); the lowest keeps p."""
    n = len(players)
    p0 = n // 2
    x0 = x_of(players)
    steps = MIXED_STEPS if len({pl.score for pl in players}) > 1 else DOWN_STEPS
    for p in [p0] if ctx.lowest else range(p0, 0, -1):
        x_start = max(0, x0 - (p0 - p))  # C14: x lowered with p
        for x in range(x_start, max(x_start, p) + 1):  # C11
            for dropped in steps:  # C9, C10
                for out in split_pairings(players, p, x, dropped, ctx):
                    out.stage = (p0 - p,)
                    yield out
    if not ctx.lowest:  # C14: p = 0, the whole bracket moves down
        yield Outcome_([], list(players), (p0,))


def heterogeneous(
    players: list[P], m: int, ctx: Ctx, p_values: Sequence[int]
) -> Iterator[Outcome_]:
    """C2-C11, C14 for a heterogeneous bracket: S1 the m players of higher scores (A6),
    then the homogeneous remainder (C6), with C10 (undo the lowest moved-down pairing,
    i.e. the next D1 transposition) and C11 (raise x for both parts)."""
    n = len(players)
    x0 = x_of(players)
    for ph in p_values:
        s1, s2 = players[:ph], players[ph:]
        pr0 = (n - 2 * ph) // 2
        xh_start = min(ph, max(0, x0 - (m - ph)))
        for j in [0] if ctx.lowest else range(pr0 + 1):
            pr = pr0 - j
            for k in range(max(ph - xh_start, pr) + 1):
                xh = min(ph, xh_start + k)
                for dropped in MIXED_STEPS:
                    up = {d for d in dropped if d.endswith("up")}
                    for head in transpositions(s2, ph):
                        pairs = _pairs_of(s1, head)
                        if not _check(
                            pairs, [], Ctx(ctx.forbidden, False, ctx.movers), xh, dropped
                        ):
                            continue
                        used = {b.number for b in head}
                        rest = [pl for pl in s2 if pl.number not in used]
                        xr = min(pr, max(0, x_of(rest) - j) + k)
                        for down_steps in DOWN_STEPS:
                            for out in split_pairings(rest, pr, xr, down_steps | up, ctx):
                                yield Outcome_(pairs + out.pairs, out.down, (m - ph, j))
    if not ctx.lowest:
        yield Outcome_([], list(players), (m, 0))


def above_of(players: list[P]) -> int:
    """How many players have a higher score than the bracket's own (A3)."""
    low = min(pl.score for pl in players)
    return sum(1 for pl in players if pl.score > low)


def candidates(players: list[P], ctx: Ctx, last_resort: bool = False) -> Iterator[Outcome_]:
    """All candidates of a bracket in the procedure's order (A3, A6)."""
    m = above_of(players) if players else 0
    if m == 0 or 2 * m >= len(players):
        yield from homogeneous(players, ctx)
    elif ctx.lowest:
        yield from heterogeneous(players, m, ctx, range(m, -1, -1) if last_resort else [m])
    else:
        yield from heterogeneous(players, m, ctx, range(m, 0, -1))


def _bipartite(left: list[P], right: list[P], forbidden: frozenset[frozenset[int]]) -> bool:
    """Whether every player of ``left`` can get his own opponent in ``right`` (B1, B2)."""

    def go(i: int, used: frozenset[int]) -> bool:
        if i == len(left):
            return True
        return any(
            r.number not in used
            and compatible(left[i], r, forbidden)
            and go(i + 1, used | {r.number})
            for r in right
        )

    return go(0, frozenset())


def _can_complete(players: list[P], forbidden: frozenset[frozenset[int]]) -> bool:
    """A necessary condition for a complete lowest bracket: a B1/B2 pairing, legal bye."""
    by = {pl.number: pl for pl in players}
    memo: dict[frozenset[int], bool] = {}

    def go(left: frozenset[int], bye_open: bool) -> bool:
        if not left:
            return True
        key = left if bye_open else left | {-1}
        if key in memo:
            return memo[key]
        first = min(left)
        ok = bye_open and by[first].may_bye and go(left - {first}, False)
        if not ok:
            ok = any(
                compatible(by[first], by[o], forbidden) and go(left - {first, o}, bye_open)
                for o in left
                if o != first
            )
        memo[key] = ok
        return ok

    return go(frozenset(by), len(by) % 2 == 1)


class Accepted(TypedDict):
    """A bracket above the lowest as accepted so far: its outcome and how it was reached
    (the candidates seen and still to come, for C12 and C13 to go back to)."""

    forced: list[P]
    outcome: Outcome_
    gen: Iterator[Outcome_]
    players: list[P]
    ctx: Ctx
    seen: list[Outcome_]


class Pairer:
    """The procedure over the score brackets (A3, C1, C12, C13, C14)."""

    def __init__(self, players: list[P], forbidden: frozenset[frozenset[int]]) -> None:
        self.players = players
        self.forbidden = forbidden
        groups: list[list[P]] = []
        for pl in players:
            if groups and groups[-1][0].score == pl.score:
                groups[-1].append(pl)
            else:
                groups.append([pl])
        self.groups = groups

    def stuck(self, bracket: list[P]) -> list[P]:
        """C1: players with no opponent in the bracket under B1 and B2."""
        return [
            pl
            for pl in bracket
            if not any(o is not pl and compatible(pl, o, self.forbidden) for o in bracket)
        ]

    def run(self) -> tuple[list[tuple[P, P, int]], P | None]:
        if not self.players:
            return [], None
        residents = [list(g) for g in self.groups]
        stack: list[Accepted] = []
        incoming: list[P] = []
        k = 0
        while True:
            if k < len(residents) - 1:
                entry = self.pair_upper(residents[k], incoming, stack)
                stack.append(entry)
                incoming = self.outgoing(entry)
                k += 1
                continue
            out = self.pair_lowest(residents[k], incoming)
            if out is None and not stack:
                out = self.pair_lowest(residents[k], incoming, last_resort=True)
            if out is None:
                if not stack:
                    raise NoPairing("no pairing within the procedure")
                prev = stack[-1]
                out = self.c13(prev, residents[k])
                if out is None:  # C13: join the two lowest brackets
                    stack.pop()
                    residents[k - 1] = residents[k - 1] + residents[k]
                    del residents[k]
                    incoming = self.outgoing(stack[-1]) if stack else []
                    k -= 1
                    continue
            pairs: list[tuple[P, P, int]] = []
            for e in stack:
                pairs.extend(e["outcome"].pairs)
            pairs.extend(out.pairs)
            return pairs, (out.down[0] if out.down else None)

    @staticmethod
    def outgoing(entry: Accepted) -> list[P]:
        return _ranked(list(entry["forced"]) + list(entry["outcome"].down))

    def pair_upper(self, residents: list[P], movers: list[P], stack: list[Accepted]) -> Accepted:
        """A bracket that is not the lowest: C1, C2-C11, C12, C14."""
        while True:
            bracket = _ranked(residents + movers)
            stuck = self.stuck(bracket)
            if any(q in movers for q in stuck) and stack and self.c12(stack[-1], residents, movers):
                movers = self.outgoing(stack[-1])
                continue
            in_res = [q for q in residents if q not in stuck]
            in_mov = [q for q in movers if q not in stuck]
            players = _ranked(in_res + in_mov)
            ctx = Ctx(self.forbidden, False, frozenset(q.number for q in in_mov))
            gen = candidates(players, ctx)
            first = next(gen)
            m = above_of(players) if players else 0
            # C12 comes before p is lowered below the number of players moved down
            c12 = m and 2 * m < len(players) and first.stage[0] > 0 and stack
            if c12 and self.c12(stack[-1], in_res, in_mov):
                movers = self.outgoing(stack[-1])
                continue
            return {
                "forced": stuck,
                "outcome": first,
                "gen": gen,
                "players": players,
                "ctx": ctx,
                "seen": [first],
            }

    def later(self, entry: Accepted) -> Iterator[Outcome_]:
        """The candidates of an accepted bracket from the start of the accepted one's stage."""
        seen: list[Outcome_] = entry["seen"]
        gen: Iterator[Outcome_] = entry["gen"]
        stage = entry["outcome"].stage
        i = next(n for n, c in enumerate(seen) if c.stage == stage)
        while True:
            while i < len(seen):
                yield seen[i]
                i += 1
            nxt = next(gen, None)
            if nxt is None:
                return
            seen.append(nxt)

    def c12(self, prev: Accepted, residents: list[P], movers: list[P]) -> bool:
        """C12: the previous bracket's next candidate of the same stage (p) moving down
        another set of the same size, all of whom can be paired with residents here."""
        old: Outcome_ = prev["outcome"]
        judged = {frozenset(q.number for q in self.outgoing(prev))}
        for cand in self.later(prev):
            if cand.stage != old.stage:
                break
            new = _ranked(list(prev["forced"]) + cand.down)
            key = frozenset(q.number for q in new)
            if key in judged:
                continue
            judged.add(key)
            if len(new) == len(movers) and _bipartite(new, residents, self.forbidden):
                prev["outcome"] = cand
                return True
        return False

    def pair_lowest(
        self, residents: list[P], movers: list[P], last_resort: bool = False
    ) -> Outcome_ | None:
        """The lowest bracket, completely paired (C1: one player without opponent may
        take the bye in an odd bracket), or None."""
        players = _ranked(residents + movers)
        stuck = self.stuck(players)
        if len(stuck) > 1 or (stuck and (len(players) % 2 == 0 or not stuck[0].may_bye)):
            return None
        if not _can_complete(players, self.forbidden):
            return None
        ctx = Ctx(self.forbidden, True, frozenset(q.number for q in movers))
        return next(candidates(players, ctx, last_resort), None)

    def c13(self, prev: Accepted, residents: list[P]) -> Outcome_ | None:
        """C13: the penultimate bracket's next candidate with which the lowest can be paired."""
        judged = {frozenset(q.number for q in self.outgoing(prev))}
        for cand in self.later(prev):
            new = _ranked(list(prev["forced"]) + cand.down)
            key = frozenset(q.number for q in new)
            if key in judged:
                continue
            judged.add(key)
            out = self.pair_lowest(residents, new)
            if out is not None:
                prev["outcome"] = cand
                return out
        return None


def _ranked(players: list[P]) -> list[P]:
    return sorted(players, key=lambda q: q.rank_key)


# --- E: colours, F1: order ------------------------------------------------------------


def allocate(a: P, b: P, s1_position: int, initial: Colour) -> tuple[P, P]:
    """E1-E4 for a pair, ``a`` ranked higher (A2): (white, black)."""
    if a.rank > b.rank:
        a, b = b, a
    if a.pref is None and b.pref is None:
        # E4, round 1: odd positions of S1 get the top seed's colour
        colour = initial if s1_position % 2 == 1 else initial.opposite
        return (a, b) if colour is W else (b, a)
    if a.pref is None or b.pref is None or a.pref != b.pref:  # E1
        if a.pref is not None:
            return (a, b) if a.pref is W else (b, a)
        return (b, a) if b.pref is W else (a, b)
    if a.strength != b.strength:  # E2
        strong = a if a.strength > b.strength else b
        other = b if strong is a else a
        return (strong, other) if strong.pref is W else (other, strong)
    # E3: the most recent round (played games, right aligned) with different colours
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca != cb:
            return (a, b) if ca is B else (b, a)
    return (a, b) if a.pref is W else (b, a)  # E4


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the 1992 text, literally (small events only)."""
    players = prepare(state)
    drawn = random.Random(seed).choice((W, B))
    initial = state.initial_colour or drawn
    pairs, bye = Pairer(players, state.forbidden_pairs).run()
    games = []
    for a, b, pos in pairs:
        white, black = allocate(a, b, pos, initial)
        hi = a if a.rank < b.rank else b
        games.append(((-hi.score, -(a.score + b.score), hi.rank), white, black))
    games.sort(key=lambda g: g[0])
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(
            Board(number=i, white=PairingNumber(w.number), black=PairingNumber(b.number))
            for i, (_, w, b) in enumerate(games, start=1)
        ),
        pairing_allocated_bye=PairingNumber(bye.number) if bye else None,
        not_paired=state.requests,
    )
