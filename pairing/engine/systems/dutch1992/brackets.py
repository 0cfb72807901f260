"""Score brackets as they are paired and what the procedure makes of them (Dutch A3, A6, C).

FIDE Handbook C.04.1 (1992 text): a score bracket with the players moved into it (A3),
the S1/S2 pairings made in it (A6, C6), the candidates of a bracket in the order of the
procedure, and the pairing accepted for it (C12, C13 may replace it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pairing.engine.model import Explanation, Points
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank


@dataclass(frozen=True, slots=True, kw_only=True)
class Bracket:
    """A score bracket as it is paired: its own players and those moved into it (Dutch A3).

    Build it with :func:`make_bracket`.
    """

    residents: tuple[Entrant, ...]
    moved_in: tuple[Entrant, ...]
    """Players moved down into it; their downfloat is already accounted for."""
    players: tuple[Entrant, ...]
    """All players of the bracket in A2 order."""
    score: Points
    """The bracket's own score: the lowest score of its residents."""


NO_SCORE = Points(0)
"""The score of an empty bracket that has no other (:func:`make_bracket`)."""


def make_bracket(
    residents: Iterable[Entrant], moved_in: Iterable[Entrant], *, empty_score: Points = NO_SCORE
) -> Bracket:
    """A bracket of these residents with these players moved into it (Dutch A3).

    ``empty_score`` is its score when it has no player: a bracket all of whose players
    C1 moves down keeps the score it is known by in the explanations.
    """
    residents = tuple(residents)
    moved_in = tuple(moved_in)
    source = residents or moved_in
    return Bracket(
        residents=residents,
        moved_in=moved_in,
        players=tuple(_rank((*moved_in, *residents))),
        score=Points(min(p.score for p in source)) if source else empty_score,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Pair:
    """Two players paired in a bracket: ``first`` from S1, ``second`` from S2 (Dutch A6, C6)."""

    first: Entrant
    second: Entrant
    s1_position: int
    """1-based position of ``first`` in S1 (for the round 1 rule of E4)."""
    phase: int
    """Index of the phase (in the candidate) that made the pair."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Phase:
    """One S1/S2 pairing of a bracket, kept to explain it (Dutch A6, C4-C14)."""

    remainder: bool
    players: tuple[Entrant, ...]
    s1: tuple[Entrant, ...]
    s2: tuple[Entrant, ...]
    assignment: tuple[int, ...]
    """For each S1 player the index of its opponent in S2."""
    p0: int
    p: int
    x0: int
    x: int
    rules: FloatRules
    exchange: tuple[tuple[Entrant, ...], tuple[Entrant, ...]] | None
    moved: frozenset[int]
    lowest: bool
    head: bool = False
    """The pairing of the moved-down players of a heterogeneous bracket (S1 = moved down)."""
    exchange_index: int = -1
    """Position of the exchange in the D2 order; -1 for the original S1 and S2."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """One acceptable pairing of a bracket, in the procedure's order (Dutch C6)."""

    pairs: tuple[Pair, ...]
    moved_down: tuple[Entrant, ...]
    """Players left unpaired: moved down to the next bracket, or the bye in the lowest."""
    phases: tuple[Phase, ...]
    stage: tuple[int, ...]
    """How far p was lowered (C14): (S1 pairs given up, remainder pairs given up)."""
    heterogeneous: bool
    order: tuple[object, ...]
    """The candidate's place in the procedure's order: candidates compare by it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Accepted:
    """A bracket with the pairing the procedure accepted for it (Dutch C6, C12, C13)."""

    bracket: Bracket
    candidate: Candidate
    forced_down: tuple[Entrant, ...]
    """Players moved down by C1 (no opponent in the bracket)."""
    notes: tuple[Explanation, ...]

    @property
    def outgoing(self) -> tuple[Entrant, ...]:
        """Everyone this bracket moves down to the next one, in A2 order."""
        return tuple(_rank((*self.candidate.moved_down, *self.forced_down)))
