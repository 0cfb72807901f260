"""FIDE "Swiss System Based on Rating", approved by the 1992 General Assembly (Dutch).

The text (``shared/rules/fide-dutch-1992.txt`` and its final remarks) is the definition:
this module follows its procedure C1-C14 over score brackets, with the transposition
order of D1, the exchange order of D2 and the colour rules E1-E4, and publishes in the
order of F1.  It is not today's Dutch system.

Readings of points the text leaves open (each is tested under its rule's name):

- **A2 ranking.**  Score, rating, title (IGM-WGM-IM-WIM-FM-WFM-none; CM and WCM after WFM),
  name, and finally the pairing number, so that no two players ever tie.
- **"Score of over 50% in the last round"** (A7a, Note to B): when the round being paired
  is the last planned round, a player whose score is more than half of the points
  available in the rounds played so far.  For such a player absolute colour preferences,
  B2, B5 and B6 are not applied.
- **Floats** (A4, A5) are read from the scores before each round (``floats.py``): in a
  game between unequal scores the higher player floated down; a bye is a downfloat.  In
  the round being paired, a player moved down to a lower bracket receives a downfloat, and
  a resident paired with a moved-down player an upfloat.
- **x and colour conflicts** (A8, B4): a pairing "does not fulfil all colour preferences"
  when both players prefer the same colour.  x is computed over the whole bracket at C2
  and never below zero.
- **Relaxation order.**  For a bracket the procedure is tried with all criteria, then with
  B6 and then B5 dropped for downfloats (C9), then B6 and B5 dropped for upfloats (C10),
  then with x raised by one (C11, which restarts with the float criteria in force again),
  and finally with p lowered (C14, lowering x with it when x was above zero).
- **C12 and C13.**  When a bracket, or the players it passes down, cannot be paired, the
  previous bracket is paired again with the next candidate that moves down a different set
  of players (C12); when no pairing of the penultimate bracket lets the lowest one be
  paired, the two lowest brackets are joined (C13).
- **D2** orders exchanges by the difference of the sums of the numbers exchanged, then by
  "the lowest player of S1" (the exchange whose S1 players are lowest comes first), one
  player before two.  The matrices in the text show the first few; the order extends to
  every player of the bracket.
- **The bye** (A5, F4) goes to the player left unpaired in the lowest bracket, who must not
  have had a point without playing (B1b).
- **E4 without preferences.**  Two players with no colour preference and no history (round
  1, or late entries) take colours by the rule of E4 for round 1: the top seed's colour is
  drawn by lot (or fixed by the event), odd-numbered players of S1 get it, even-numbered
  ones the other colour; the higher ranked player of a pairing stands for the pairing.
- **Search limits.**  The procedure can backtrack exponentially in blocked brackets.  Dead
  branches are cut by matching checks (a branch is only entered when the players still to
  be paired can all be paired under B1/B2), which never changes the result.  A bracket
  that still needs more than ``NODE_BUDGET`` search steps at one level of relaxation goes
  on to the next level, and one that spends ``BRACKET_BUDGET`` steps in all goes straight
  to the most relaxed levels (x = p, B5 and B6 dropped) for each p.  This happens only in
  large brackets of late rounds whose colour preferences cannot be met by the exchanges
  of D2; the pairing is still legal (B1, B2) and as close to the procedure as it got.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .colours import colour_difference, played_colours
from .errors import NoValidPairing
from .floats import Float, float_history
from .history import opponents_met, pairing_scores, received_point_without_playing
from .matching import bipartite_matching_size, has_perfect_matching
from .model import (
    Board,
    Colour,
    Explanation,
    PairingNumber,
    Points,
    RoundPairing,
    Title,
    TournamentState,
)

NODE_BUDGET = 4000
"""Search steps allowed per bracket and relaxation level before relaxing further."""

BRACKET_BUDGET = 30000
"""Search steps allowed per bracket before going straight to the most relaxed levels."""

CAREFUL_LIMIT = 60
"""Largest S1 for which every search step re-checks that the rest can still be paired."""

FALLBACK_EXCHANGES = 100
"""Exchanges tried per level once the bracket budget is spent."""

CANDIDATE_TRIES = 2000
"""Pairings of one bracket generated, alike or not, before joining (C12, C13)."""

CANDIDATE_LIMIT = 200
"""Pairings of one bracket tried for the brackets below it before joining (C12, C13)."""

GLOBAL_CHECK_LIMIT = 160
"""Largest pool of players for which a full matching check runs before descending."""


# --- A2, A7: the players to pair and their preferences --------------------------------


class Strength(enum.IntEnum):
    """Strength of a colour preference (Dutch A7)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    """A player to be paired this round, with what the rules need to know (Dutch A2-A7)."""

    pairing_number: PairingNumber
    score: Points
    rating: int
    title: Title
    name: str
    colour_difference: int
    colours: tuple[Colour, ...]
    floats: tuple[Float | None, ...]
    opponents: frozenset[PairingNumber]
    bye_allowed: bool
    exempt: bool
    """Over 50% in the last round: A7a, B2, B5 and B6 are not applied (Note to B)."""
    preference: Colour | None
    strength: Strength


def rank_key(entrant: Entrant) -> tuple[int, int, int, str, int]:
    """Order for pairing purposes: score, rating, title, name (Dutch A2)."""
    return (
        -entrant.score,
        -entrant.rating,
        entrant.title.value,
        entrant.name.casefold(),
        entrant.pairing_number,
    )


def colour_preference(
    colours: tuple[Colour, ...], difference: int, *, exempt: bool
) -> tuple[Colour | None, Strength]:
    """A player's colour preference and its strength (Dutch A7 a-c, F3).

    Absolute when the colour difference is beyond ±1 or the last two games had the same
    colour (not for a player over 50% in the last round); strong when the difference is
    not zero; mild otherwise, alternating with the last game played.
    """
    last_two = colours[-2:]
    repeated = len(last_two) == 2 and last_two[0] is last_two[1]
    if not exempt and (abs(difference) > 1 or repeated):
        white = difference < 0 or (repeated and last_two[0] is Colour.BLACK)
        if difference > 1:
            white = False
        return (Colour.WHITE if white else Colour.BLACK), Strength.ABSOLUTE
    if difference:
        return (Colour.WHITE if difference < 0 else Colour.BLACK), Strength.STRONG
    if colours:
        return colours[-1].opposite, Strength.MILD
    return None, Strength.NONE


def _entrants(state: TournamentState) -> tuple[list[Entrant], list[PairingNumber]]:
    """The players to pair (Dutch F5: not withdrawn, not absent) and those left out."""
    requested = {request.pairing_number for request in state.requests}
    scores = pairing_scores(state)
    floats = float_history(state)
    available = state.points.win * state.rounds_completed
    last_round = state.is_last_round and state.rounds_completed > 0
    entrants = []
    for player in state.players:
        if player.withdrawn or player.pairing_number in requested:
            continue
        colours = played_colours(player)
        difference = colour_difference(player)
        exempt = last_round and 2 * scores[player.pairing_number] > available
        preference, strength = colour_preference(colours, difference, exempt=exempt)
        entrants.append(
            Entrant(
                pairing_number=player.pairing_number,
                score=scores[player.pairing_number],
                rating=player.rating,
                title=player.title,
                name=player.name,
                colour_difference=difference,
                colours=colours,
                floats=floats[player.pairing_number],
                opponents=opponents_met(player),
                bye_allowed=not received_point_without_playing(player),
                exempt=exempt,
                preference=preference,
                strength=strength,
            )
        )
    entrants.sort(key=rank_key)
    return entrants, sorted(requested)


# --- B1, B2: absolute criteria --------------------------------------------------------


def may_take(entrant: Entrant, colour: Colour) -> bool:
    """True when ``colour`` keeps the player within B2 a and b (Dutch B2)."""
    if entrant.exempt:
        return True
    difference = entrant.colour_difference + (1 if colour is Colour.WHITE else -1)
    if abs(difference) > 2:
        return False
    last_two = entrant.colours[-2:]
    return not (len(last_two) == 2 and last_two[0] is colour and last_two[1] is colour)


class Rules:
    """The absolute criteria for one round: B1 a, B2 and the event's forbidden pairs."""

    def __init__(self, state: TournamentState) -> None:
        self.forbidden = state.forbidden_pairs
        self._cache: dict[tuple[PairingNumber, PairingNumber], bool] = {}

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """True when a and b may meet: not met before (B1a, F2) and a colour exists (B2)."""
        key = (a.pairing_number, b.pairing_number)
        known = self._cache.get(key)
        if known is not None:
            return known
        result = (
            b.pairing_number not in a.opponents
            and (not self.forbidden or frozenset(key) not in self.forbidden)
            and (
                (may_take(a, Colour.WHITE) and may_take(b, Colour.BLACK))
                or (may_take(a, Colour.BLACK) and may_take(b, Colour.WHITE))
            )
        )
        self._cache[key] = self._cache[(key[1], key[0])] = result
        return result


def colour_conflict(a: Entrant, b: Entrant) -> bool:
    """True when the pairing cannot grant both colour preferences (Dutch A8, B4)."""
    return a.preference is not None and a.preference is b.preference


def x_of(players: Sequence[Entrant]) -> int:
    """The number of pairings that cannot fulfil all colour preferences (Dutch A8)."""
    white = sum(1 for p in players if p.preference is Colour.WHITE)
    black = sum(1 for p in players if p.preference is Colour.BLACK)
    q = (len(players) + 1) // 2
    return max(0, black - q if black > white else white - q)


# --- B5, B6 and the relaxation ladder of C9-C14 ---------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """One step of relaxation: how many pairs (p), colour conflicts (x), float rules."""

    p: int
    x: int
    b5_down: bool = True
    b6_down: bool = True
    b5_up: bool = True
    b6_up: bool = True

    def describe(self) -> str:
        """Which criteria this level drops, in the words of the text."""
        dropped = [
            name
            for name, kept in (
                ("B6 for downfloats", self.b6_down),
                ("B5 for downfloats", self.b5_down),
                ("B6 for upfloats", self.b6_up),
                ("B5 for upfloats", self.b5_up),
            )
            if not kept
        ]
        return ", ".join(dropped)


FLOAT_STEPS: tuple[dict[str, bool], ...] = (
    {},
    {"b6_down": False},
    {"b6_down": False, "b5_down": False},
    {"b6_down": False, "b5_down": False, "b6_up": False},
    {"b6_down": False, "b5_down": False, "b6_up": False, "b5_up": False},
)
"""Full criteria; C9 drops B6 then B5 for downfloats; C10 drops B6 then B5 for upfloats."""


def ladder(p0: int, x0: int) -> Iterator[Level]:
    """The levels of C9, C10, C11 and C14 in the order the procedure reaches them."""
    for p in range(p0, -1, -1):
        x_start = x0 if p == p0 or x0 == 0 else max(0, x0 - (p0 - p))
        for x in range(min(x_start, p), p + 1):
            for step in FLOAT_STEPS:
                yield Level(p=p, x=x, **step)


def fallback_ladder(p0: int) -> Iterator[Level]:
    """The most relaxed level for each p, used once a bracket's search budget is spent."""
    for p in range(p0, -1, -1):
        yield Level(p=p, x=p, **FLOAT_STEPS[-1])


def float_allowed(entrant: Entrant, direction: Float, level: Level) -> bool:
    """True when the float respects B5 and B6 as far as ``level`` keeps them."""
    if entrant.exempt:
        return True
    down = direction is Float.DOWN
    b5 = level.b5_down if down else level.b5_up
    b6 = level.b6_down if down else level.b6_up
    floats = entrant.floats
    if b5 and floats and floats[-1] is direction:
        return False
    return not (b6 and len(floats) >= 2 and floats[-2] is direction)


def effective(level: Level, players: Sequence[Entrant]) -> tuple[object, ...]:
    """What a level forbids in this bracket: two levels with the same effect pair alike."""
    barred = tuple(
        (p.pairing_number, direction.value)
        for p in players
        for direction in (Float.DOWN, Float.UP)
        if not float_allowed(p, direction, level)
    )
    return (level.p, level.x, barred)


# --- D1, D2: transpositions and exchanges ---------------------------------------------


def transpositions(s2: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every order of S2, in the priority of Dutch D1 (ascending as numbers)."""
    yield from itertools.permutations(sorted(s2))


def exchanges(n: int, p: int, *, max_two: int = 12) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Exchanges between S1 = 1..p and S2 = p+1..n in the order of Dutch D2.

    Yields ``(from_s1, from_s2)`` position tuples (1-based): one-player exchanges first,
    then two-player ones, each by the smallest difference of the numbers exchanged, ties
    going to the exchange concerning the lowest players of S1.  The text stops at two
    players; in small brackets (S1 of at most 6) exchanges of more players follow in the
    same order, so that every division of the bracket is tried before C9.  Two-player
    exchanges are generated for S1 of at most ``max_two`` players.
    """
    s1 = range(1, p + 1)
    s2 = range(p + 1, n + 1)
    largest = min(p, n - p) if p <= 6 else 2
    for size in range(1, largest + 1):
        if size == 2 and p > max_two:
            return
        options = [
            (a, b)
            for a in itertools.combinations(s1, size)
            for b in itertools.combinations(s2, size)
        ]
        options.sort(
            key=lambda ab: (
                sum(ab[1]) - sum(ab[0]),
                tuple(-v for v in sorted(ab[0], reverse=True)),
                ab[1],
            )
        )
        yield from options


# --- C: the pairing procedure ---------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BracketPairing:
    """One acceptable way to pair a bracket: its pairs and who moves down."""

    pairs: tuple[tuple[Entrant, Entrant], ...]
    moved_down: tuple[Entrant, ...]
    notes: tuple[Explanation, ...]


class Search:
    """Pairs the score brackets from the top down (Dutch C1-C14)."""

    def __init__(self, state: TournamentState, entrants: list[Entrant]) -> None:
        self.rules = Rules(state)
        self.entrants = entrants
        self.failed: set[tuple[int, int, frozenset[PairingNumber]]] = set()
        self.spent = 0

    # The whole pool ---------------------------------------------------------------

    def feasible(self, pool: Sequence[Entrant]) -> bool:
        """True when the pool can be paired completely under B1/B2 (one bye allowed)."""
        if len(pool) > GLOBAL_CHECK_LIMIT:
            return True
        adjacent = [
            [j for j, b in enumerate(pool) if i != j and self.rules.compatible(a, b)]
            for i, a in enumerate(pool)
        ]
        if len(pool) % 2 and not any(p.bye_allowed for p in pool):
            return False
        return has_perfect_matching(adjacent, allow_one_unmatched=len(pool) % 2 == 1)

    def solve(
        self, brackets: list[list[Entrant]], index: int, moved: tuple[Entrant, ...]
    ) -> tuple[list[BracketPairing], Entrant | None] | None:
        """Pair brackets ``index..`` with ``moved`` coming down; None when impossible."""
        if index == len(brackets):
            if not moved:
                return [], None
            if len(moved) == 1 and moved[0].bye_allowed:
                return [], moved[0]
            return None
        key = (index, len(brackets), frozenset(p.pairing_number for p in moved))
        if key in self.failed:
            return None
        last = index == len(brackets) - 1
        lower = [p for bracket in brackets[index + 1 :] for p in bracket]
        seen: set[frozenset[PairingNumber]] = set()
        for tries, candidate in enumerate(
            self.bracket_candidates(moved, brackets[index], last=last)
        ):
            if tries > CANDIDATE_TRIES:
                break
            down = frozenset(p.pairing_number for p in candidate.moved_down)
            if down in seen:
                continue
            seen.add(down)
            if len(seen) > CANDIDATE_LIMIT:
                break
            if last and not (
                len(candidate.moved_down) <= 1 and all(p.bye_allowed for p in candidate.moved_down)
            ):
                continue
            if not last and not self.feasible([*candidate.moved_down, *lower]):
                continue
            rest = self.solve(brackets, index + 1, candidate.moved_down)
            if rest is not None:
                return [candidate, *rest[0]], rest[1]
        if index + 1 == len(brackets) - 1:
            joined = [*brackets[:index], brackets[index] + brackets[index + 1]]
            result = self.solve(joined, index, moved)
            if result is not None:
                first = result[0][0]
                note = Explanation(
                    rule="Dutch C13",
                    text="No pairing of the penultimate score bracket allowed the lowest one "
                    "to be paired, so the two lowest score brackets were joined.",
                    players=tuple(p.pairing_number for p in brackets[index + 1]),
                )
                result[0][0] = BracketPairing(
                    pairs=first.pairs, moved_down=first.moved_down, notes=(note, *first.notes)
                )
                return result
        self.failed.add(key)
        return None

    # One bracket ------------------------------------------------------------------

    def bracket_candidates(
        self, moved: Sequence[Entrant], residents: Sequence[Entrant], *, last: bool
    ) -> Iterator[BracketPairing]:
        """Acceptable pairings of one bracket, best first (Dutch C1-C14)."""
        moved = sorted(moved, key=rank_key)
        residents = sorted(residents, key=rank_key)
        players = sorted([*moved, *residents], key=rank_key)
        notes: list[Explanation] = []
        # C1: a resident with no possible opponent in the bracket moves down at once.
        stuck = [
            r
            for r in residents
            if not any(self.rules.compatible(r, o) for o in players if o is not r)
        ]
        if stuck and not last:
            notes.append(
                Explanation(
                    rule="Dutch C1",
                    text="No opponent in the score bracket is allowed by B1/B2 for player(s) "
                    + ", ".join(str(p.pairing_number) for p in stuck)
                    + ", who move down to the next bracket.",
                    players=tuple(p.pairing_number for p in stuck),
                )
            )
            residents = [r for r in residents if r not in stuck]
            players = [p for p in players if p not in stuck]
        if moved and any(
            not any(self.rules.compatible(m, o) for o in players if o is not m) for m in moved
        ):
            return  # C12: the previous bracket must move down somebody else.
        heterogeneous = bool(moved) and 2 * len(moved) < len(players)
        if not heterogeneous:
            for candidate in self.homogeneous(players, last=last):
                yield BracketPairing(
                    pairs=candidate.pairs,
                    moved_down=(*candidate.moved_down, *stuck),
                    notes=(*notes, *candidate.notes),
                )
            return
        x0 = x_of(players)
        start = self.spent
        for level, _ in self.levels(len(moved), x0, players, start=start, last=False):
            for pairs in self.assign(moved, residents, level):
                paired = {p.pairing_number for pair in pairs for p in pair}
                remainder = [r for r in residents if r.pairing_number not in paired]
                unpaired_moved = [m for m in moved if m.pairing_number not in paired]
                if not all(float_allowed(m, Float.DOWN, level) for m in unpaired_moved):
                    continue
                head = Explanation(
                    rule="Dutch A6, C6",
                    text=f"Heterogeneous bracket: the {len(moved)} player(s) moved down are "
                    f"S1 and were paired first ({len(pairs)} of them paired)"
                    + (f"; {level.describe()} dropped (C9, C10)" if level.describe() else "")
                    + (f"; x raised to {level.x} (C11)" if level.x > x0 else "")
                    + ".",
                    players=tuple(m.pairing_number for m in moved),
                )
                for rest in self.homogeneous(remainder, last=last):
                    yield BracketPairing(
                        pairs=(*pairs, *rest.pairs),
                        moved_down=(*unpaired_moved, *rest.moved_down, *stuck),
                        notes=(*notes, head, *rest.notes),
                    )

    def homogeneous(self, players: Sequence[Entrant], *, last: bool) -> Iterator[BracketPairing]:
        """Pairings of a homogeneous (or remainder) bracket: C2-C8, C9-C11, C14.

        In the lowest bracket p is never lowered: nobody can move further down, and C13
        (joining the two lowest brackets) applies instead of C14.
        """
        players = sorted(players, key=rank_key)
        n = len(players)
        if n == 0:
            yield BracketPairing(pairs=(), moved_down=(), notes=())
            return
        p0 = n // 2
        x0 = x_of(players)
        start = self.spent
        for level, fallback in self.levels(p0, x0, players, start=start, last=last):
            if not self.level_possible(players, level):
                continue
            allowed_set = self.allowed_pairs(players, level) if n <= GLOBAL_CHECK_LIMIT else None
            orders: Iterator[tuple[tuple[int, ...], ...] | None] = itertools.chain(
                [None], exchanges(n, level.p) if level.p else iter(())
            )
            for tries, exchange in enumerate(orders):
                if fallback and tries > FALLBACK_EXCHANGES:
                    break
                if not fallback and self.spent - start > BRACKET_BUDGET:
                    break
                s1, s2 = split(players, level.p, exchange)
                for pairs in self.assign(s1, s2, level, allowed_set):
                    paired = {p.pairing_number for pair in pairs for p in pair}
                    down = tuple(p for p in players if p.pairing_number not in paired)
                    if not all(float_allowed(p, Float.DOWN, level) for p in down):
                        continue
                    yield BracketPairing(
                        pairs=pairs,
                        moved_down=down,
                        notes=(self.describe(players, s1, s2, level, x0, p0, exchange, down),),
                    )

    def levels(
        self, p0: int, x0: int, players: Sequence[Entrant], *, start: int, last: bool
    ) -> Iterator[tuple[Level, bool]]:
        """The relaxation levels to try, each with a different effect, and whether each is
        a fallback level (reached once the bracket's search budget is spent)."""
        floaters = [p for p in players if not p.exempt and any(p.floats[-2:])]
        tried: set[tuple[object, ...]] = set()
        for level in ladder(p0, x0):
            if self.spent - start > BRACKET_BUDGET:
                break
            if last and level.p < p0:
                continue
            effect = effective(level, floaters)
            if effect not in tried:
                tried.add(effect)
                yield level, False
        for level in fallback_ladder(p0):
            if last and level.p < p0:
                continue
            yield level, True

    def level_possible(self, players: Sequence[Entrant], level: Level) -> bool:
        """A necessary condition for any S1/S2 division to give p pairs at this level.

        There must be p disjoint allowed pairings, and at most x of them may fail a colour
        preference: a general matching check over the whole bracket (Dutch C8 and D2 can
        only choose among such pairings).
        """
        from .matching import matching_size

        if level.p == 0:
            return True
        if len(players) > GLOBAL_CHECK_LIMIT:
            return True
        rules = self.rules

        def allowed(a: Entrant, b: Entrant) -> bool:
            return rules.compatible(a, b) and (
                a.score == b.score
                or (
                    float_allowed(a, Float.DOWN, level) and float_allowed(b, Float.UP, level)
                    if rank_key(a) < rank_key(b)
                    else float_allowed(b, Float.DOWN, level) and float_allowed(a, Float.UP, level)
                )
            )

        graph = [
            [j for j, b in enumerate(players) if i != j and allowed(a, b)]
            for i, a in enumerate(players)
        ]
        if matching_size(graph) < level.p:
            return False
        clean = [
            [j for j in row if not colour_conflict(players[i], players[j])]
            for i, row in enumerate(graph)
        ]
        return level.p - matching_size(clean) <= level.x

    def allowed(self, a: Entrant, b: Entrant, level: Level) -> bool:
        """True when B1, B2 and the float rules kept by ``level`` allow a v b."""
        if not self.rules.compatible(a, b):
            return False
        if a.score == b.score:
            return True
        high, low = (a, b) if rank_key(a) < rank_key(b) else (b, a)
        return float_allowed(high, Float.DOWN, level) and float_allowed(low, Float.UP, level)

    def allowed_pairs(
        self, players: Sequence[Entrant], level: Level
    ) -> set[tuple[PairingNumber, PairingNumber]]:
        """Every pairing of the bracket that B1, B2, B5 and B6 (as kept) allow, both ways."""
        rules = self.rules
        result = set()
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                if not rules.compatible(a, b):
                    continue
                high, low = (a, b) if rank_key(a) < rank_key(b) else (b, a)
                if high.score == low.score or (
                    float_allowed(high, Float.DOWN, level) and float_allowed(low, Float.UP, level)
                ):
                    result.add((a.pairing_number, b.pairing_number))
                    result.add((b.pairing_number, a.pairing_number))
        return result

    def assign(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        level: Level,
        allowed_set: set[tuple[PairingNumber, PairingNumber]] | None = None,
    ) -> Iterator[tuple[tuple[Entrant, Entrant], ...]]:
        """Pairings of S1[i] with S2 players in transposition order (Dutch C6, C7, D1).

        Only the first ``level.p`` players of S1 are paired.  A branch is entered only
        when the rest of S1 can still be matched into S2 within the level's criteria, and
        with no more colour conflicts than x allows (two matching checks: one on every
        allowed pairing, one on those granting both colour preferences).  The first
        pairing found is therefore the first acceptable transposition.
        """
        s1 = list(s1)[: level.p]
        s2 = list(s2)
        if len(s2) < len(s1):
            return
        self.spent += 4 * (len(s1) + len(s2))
        lazy = allowed_set is None and len(s1) > CAREFUL_LIMIT
        everyone = list(range(len(s2)))
        if lazy:
            # Large brackets: S2 candidates are checked when reached, not all in advance.
            options = [everyone] * len(s1)
        elif allowed_set is None:
            options = [[j for j, b in enumerate(s2) if self.allowed(a, b, level)] for a in s1]
        else:
            options = [
                [j for j, b in enumerate(s2) if (a.pairing_number, b.pairing_number) in allowed_set]
                for a in s1
            ]
        clean = (
            []
            if lazy
            else [
                [j for j in row if not colour_conflict(s1[i], s2[j])]
                for i, row in enumerate(options)
            ]
        )
        used = [False] * len(s2)
        chosen: list[tuple[Entrant, Entrant]] = []
        steps = 0

        def rest_feasible(i: int, conflicts: int) -> bool:
            rest = [[j for j in options[k] if not used[j]] for k in range(i, len(s1))]
            if bipartite_matching_size(rest, len(s2)) < len(rest):
                return False
            rest_clean = [[j for j in clean[k] if not used[j]] for k in range(i, len(s1))]
            needed = len(rest) - bipartite_matching_size(rest_clean, len(s2))
            return conflicts + needed <= level.x

        if not lazy and not rest_feasible(0, 0):
            return
        careful = len(s1) <= 24
        may_be_careful = len(s1) <= CAREFUL_LIMIT

        # Depth-first search over S1 in order, S2 candidates in transposition order, with
        # an explicit stack (S1 can hold a thousand players).
        size = len(s1)
        position = [0] * (size + 1)
        choice = [-1] * size
        found = [False] * size
        conflicts = [0] * (size + 1)
        depth = 0
        try:
            while depth >= 0:
                if depth == size:
                    yield tuple(chosen)
                    found[:size] = [True] * size
                    depth -= 1
                    if depth < 0:
                        return
                if choice[depth] != -1:
                    used[choice[depth]] = False
                    chosen.pop()
                    if not found[depth] and may_be_careful:
                        careful = True
                    choice[depth] = -1
                a = s1[depth]
                row = options[depth]
                advanced = False
                while position[depth] < len(row):
                    j = row[position[depth]]
                    position[depth] += 1
                    if used[j]:
                        continue
                    if lazy and not self.allowed(a, s2[j], level):
                        continue
                    steps += 1
                    if steps > NODE_BUDGET:
                        return
                    total = conflicts[depth] + (1 if colour_conflict(a, s2[j]) else 0)
                    if total > level.x:
                        continue
                    used[j] = True
                    if not careful or rest_feasible(depth + 1, total):
                        choice[depth] = j
                        found[depth] = False
                        chosen.append((a, s2[j]))
                        conflicts[depth + 1] = total
                        depth += 1
                        position[depth] = 0
                        advanced = True
                        break
                    used[j] = False
                if not advanced:
                    position[depth] = 0
                    depth -= 1
        finally:
            self.spent += steps

    def describe(
        self,
        players: Sequence[Entrant],
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        level: Level,
        x0: int,
        p0: int,
        exchange: tuple[tuple[int, ...], ...] | None,
        down: Sequence[Entrant],
    ) -> Explanation:
        """Say in words which C-steps produced this bracket's pairing."""
        score = players[0].score
        unit = "point" if score == 2 else "points"
        parts = [
            f"Score bracket {score / 2:g} {unit}, {len(players)} players: "
            f"S1 = {numbers(s1[: level.p])}, S2 = {numbers(s2)} (Dutch A6, C4)"
        ]
        if exchange is not None:
            parts.append(
                f"exchange of {numbers([players[i - 1] for i in exchange[0]])} with "
                f"{numbers([players[i - 1] for i in exchange[1]])} (Dutch C8, D2)"
            )
        if level.describe():
            parts.append(f"{level.describe()} dropped (Dutch C9, C10)")
        if level.x > x0:
            parts.append(f"x raised from {x0} to {level.x} (Dutch C11)")
        if level.p < p0:
            parts.append(f"p lowered from {p0} to {level.p} (Dutch C14)")
        if down:
            parts.append(f"moved down: {numbers(down)} (Dutch A3, C6)")
        return Explanation(
            rule="Dutch C6",
            text="; ".join(parts) + ".",
            players=tuple(p.pairing_number for p in players),
        )


def any_legal_pairing(
    search: Search, entrants: Sequence[Entrant]
) -> tuple[list[BracketPairing], Entrant | None] | None:
    """Any pairing that satisfies B1 and B2, found by maximum matching (last resort).

    Reached only when the procedure with all its relaxations found nothing.  The bye goes
    to the lowest-ranked player allowed one (B1b) whose absence leaves a perfect matching.
    """
    from .matching import maximum_matching

    ordered = sorted(entrants, key=rank_key)
    candidates: list[Entrant | None] = [None]
    if len(ordered) % 2:
        candidates = [e for e in reversed(ordered) if e.bye_allowed]
    for bye in candidates:
        pool = [e for e in ordered if e is not bye]
        adjacent = [
            [j for j, b in enumerate(pool) if i != j and search.rules.compatible(a, b)]
            for i, a in enumerate(pool)
        ]
        mate = maximum_matching(adjacent)
        if all(m != -1 for m in mate):
            pairs = tuple((pool[i], pool[m]) for i, m in enumerate(mate) if i < m)
            note = Explanation(
                rule="Dutch B1, B2",
                text="No pairing was found by the procedure C1-C14; the players were paired "
                "by any pairing that keeps the absolute criteria.",
            )
            return [BracketPairing(pairs=pairs, moved_down=(), notes=(note,))], bye
    return None


def numbers(players: Sequence[Entrant]) -> str:
    """Pairing numbers as a list for explanations."""
    return "[" + ", ".join(str(p.pairing_number) for p in players) + "]"


def split(
    players: Sequence[Entrant],
    p: int,
    exchange: tuple[tuple[int, ...], ...] | None,
) -> tuple[list[Entrant], list[Entrant]]:
    """S1 (the top p players) and S2, after an exchange, both ordered by A2 (Dutch A6, A9b)."""
    s1_positions = set(range(1, p + 1))
    if exchange is not None:
        s1_positions = (s1_positions - set(exchange[0])) | set(exchange[1])
    s1 = [pl for i, pl in enumerate(players, start=1) if i in s1_positions]
    s2 = [pl for i, pl in enumerate(players, start=1) if i not in s1_positions]
    return sorted(s1, key=rank_key), sorted(s2, key=rank_key)


def score_brackets(entrants: Sequence[Entrant]) -> list[list[Entrant]]:
    """Players grouped by score, highest first (Dutch A3)."""
    return [
        list(group)
        for _, group in itertools.groupby(sorted(entrants, key=rank_key), key=lambda e: e.score)
    ]


# --- E: colour allocation -------------------------------------------------------------


def allocate_colours(
    a: Entrant, b: Entrant, *, initial: Colour, round_one_s1: dict[PairingNumber, int]
) -> tuple[Entrant, Entrant, str]:
    """White and black for a pairing, and the rule that decided it (Dutch E1-E4, B2)."""
    higher, lower = (a, b) if rank_key(a) < rank_key(b) else (b, a)
    legal = [
        (w, k)
        for w, k in ((higher, lower), (lower, higher))
        if may_take(w, Colour.WHITE) and may_take(k, Colour.BLACK)
    ]
    if len(legal) == 1:
        return legal[0][0], legal[0][1], "Dutch B2"

    def white_for(player: Entrant) -> tuple[Entrant, Entrant]:
        other = lower if player is higher else higher
        return player, other

    hp, lp = higher.preference, lower.preference
    if hp is not None and lp is not None and hp is not lp:
        white = higher if hp is Colour.WHITE else lower
        return (*white_for(white), "Dutch E1")
    if hp is not None and lp is not None and higher.strength != lower.strength:
        stronger = higher if higher.strength > lower.strength else lower
        white = (
            stronger
            if stronger.preference is Colour.WHITE
            else (lower if stronger is higher else higher)
        )
        return (*white_for(white), "Dutch E2")
    if hp is None and lp is not None:
        white = lower if lp is Colour.WHITE else higher
        return (*white_for(white), "Dutch E2")
    if lp is None and hp is not None:
        white = higher if hp is Colour.WHITE else lower
        return (*white_for(white), "Dutch E2")
    if hp is not None:
        # E3: alternate to the most recent round in which they had different colours.
        for ch, cl in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
            if ch is not cl:
                white = higher if ch is Colour.BLACK else lower
                return (*white_for(white), "Dutch E3")
        white = higher if hp is Colour.WHITE else lower
        return (*white_for(white), "Dutch E4")
    # No preferences at all: round 1 rule of E4.
    position = round_one_s1.get(higher.pairing_number, 1)
    colour = initial if position % 2 == 1 else initial.opposite
    white = higher if colour is Colour.WHITE else lower
    return (*white_for(white), "Dutch E4")


# --- F1 and the entry point -----------------------------------------------------------


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the 1992 Dutch rules (Dutch A-F).

    :raises NoValidPairing: no pairing satisfies B1 and B2.
    """
    rng = random.Random(seed)
    drawn = rng.choice((Colour.WHITE, Colour.BLACK))
    initial = state.initial_colour or drawn
    entrants, requested = _entrants(state)
    explanation: list[Explanation] = []
    if state.initial_colour is None and state.rounds_completed == 0:
        explanation.append(
            Explanation(
                rule="Dutch A7",
                text=f"Colour of the top seed drawn by lot: {initial.name.lower()}.",
            )
        )
    search = Search(state, entrants)
    brackets = score_brackets(entrants)
    result = search.solve(brackets, 0, ()) if entrants else ([], None)
    if result is None:
        search = Search(state, entrants)
        result = search.solve([sorted(entrants, key=rank_key)], 0, ())
        if result is None:
            result = any_legal_pairing(search, entrants)
        if result is None:
            raise NoValidPairing(
                f"round {state.round_number}: no pairing satisfies Dutch B1 and B2"
            )
        explanation.append(
            Explanation(
                rule="Dutch C13",
                text="The score brackets could not be paired one by one; all players were "
                "paired as one bracket.",
            )
        )
    bracket_pairings, bye = result
    round_one_s1 = {
        e.pairing_number: i for i, e in enumerate(entrants[: len(entrants) // 2], start=1)
    }
    boards: list[tuple[tuple[int, int, tuple[int, int, int, str, int]], Entrant, Entrant, str]] = []
    for bracket in bracket_pairings:
        explanation.extend(bracket.notes)
        for a, b in bracket.pairs:
            white, black, rule = allocate_colours(a, b, initial=initial, round_one_s1=round_one_s1)
            higher = a if rank_key(a) < rank_key(b) else b
            key = (-max(a.score, b.score), -(a.score + b.score), rank_key(higher))
            boards.append((key, white, black, rule))
    boards.sort(key=lambda item: item[0])
    final_boards = []
    for number, (_, white, black, rule) in enumerate(boards, start=1):
        final_boards.append(
            Board(number=number, white=white.pairing_number, black=black.pairing_number)
        )
        floats = ""
        if white.score != black.score:
            up, down = (white, black) if white.score < black.score else (black, white)
            floats = (
                f" Player {down.pairing_number} floats down, "
                f"player {up.pairing_number} up (Dutch A4)."
            )
        explanation.append(
            Explanation(
                rule=rule,
                text=f"Board {number}: {white.pairing_number} (white) v {black.pairing_number} "
                f"(black); colours by {rule}.{floats}",
                players=(white.pairing_number, black.pairing_number),
            )
        )
    if bye is not None:
        explanation.append(
            Explanation(
                rule="Dutch A5",
                text=f"Player {bye.pairing_number} is left unpaired in the lowest score bracket "
                "and receives the bye (a downfloat, B1b respected).",
                players=(bye.pairing_number,),
            )
        )
    by_number = {r.pairing_number: r for r in state.requests}
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(final_boards),
        pairing_allocated_bye=bye.pairing_number if bye else None,
        not_paired=tuple(by_number[n] for n in requested),
        explanation=tuple(explanation),
    )
