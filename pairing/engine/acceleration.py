"""Acceleration: an imaginary point for the top half of the field in rounds 1 and 2.

The SB-ordered Swiss text (the "SB text") accelerates its first two rounds: each player
of the top half of the initial list (ordered by rating) carries one imaginary point,
which is taken away again before round 3 is paired.  It is part of the ``sb`` system
("SB 3" in ``systems/sb``) and an event option for every other system
(:attr:`~pairing.engine.model.PairingOptions.acceleration`).
Every system reads it through :func:`pairing.engine.history.pairing_scores`, so it is
decided here, once.

Our readings of what the text leaves open (tested in ``tests/engine/test_acceleration.py``):

- **The initial list** is the list of the players who take part in round 1, ordered by
  rating, highest first; equal ratings keep the pairing-number order, which already
  breaks such ties (title and name by Dutch A2, lot by Lim 7).  In an event numbered by
  rating (Dutch A2, Lim 7, the ``sb`` start) this is the pairing-number order; unrated
  players (rating 0) come last.
- **The top half** is the first ``n // 2`` players of that list: with an odd number of
  players the middle one belongs to the lower half (Dutch A6 halves "rounding
  downwards").  Two players with equal ratings can thus fall on either side of the
  boundary; the pairing number decides, never a lot.
- **Who takes part in round 1.**  When round 1 is paired: every player who has not
  withdrawn and is not known to be absent (a half-point bye asked for round 1 still
  counts: the player is in the event from its start).  For round 2: every player whose
  round-1 record is not an absence (``Z``/blank in TRF).  So a late entry (absent in
  round 1) never carries the point, a player who withdrew after round 1 still does, and
  the list for round 2 is exactly the list of round 1.  A tournament file cannot tell a
  late entry from a player absent in round 1; both are left out, which is what lets
  ``-c`` re-pair rounds 1 and 2 from a finished file exactly as they were paired.
- **"An imaginary point"** is worth a win in the event's point system: one point in the
  usual 1-½-0 scoring, so the top half is exactly one game ahead.
- **Rounds 1 and 2 only.**  No point is computed for round 3 or later.
- **Explicit points win.**  A tournament that carries imaginary points already (TRF
  ``XXA`` or TRF-2026 ``250`` lines) is paired with those, as they are, for every round
  they name; nothing is computed then.
- **Pairing only.**  The points are added to the pairing score and nowhere else:
  standings, tie-breaks (whose opponents' scores are real scores), crosstables and
  exports never include them; TRF writes them as ``XXA`` lines only.
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import (
    AcceleratedPoints,
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RequestKind,
    TournamentState,
)

ACCELERATED_ROUNDS = (1, 2)
"""The rounds whose pairing the imaginary point counts in (SB text: "the first two")."""


def initial_list(players: Iterable[Player]) -> list[Player]:
    """The initial list of participants "arranged in the order of their R".

    Rating, highest first, then pairing number (see the module docstring).
    """
    return sorted(players, key=lambda p: (-p.rating, p.pairing_number))


def top_half(players: Iterable[Player]) -> tuple[PairingNumber, ...]:
    """The pairing numbers of the top half of the initial list: its first ``n // 2``."""
    ordered = initial_list(players)
    return tuple(p.pairing_number for p in ordered[: len(ordered) // 2])


def round_1_participants(state: TournamentState) -> tuple[Player, ...]:
    """The players who take part in round 1: the initial list, before its ordering.

    SB 3 as read in the module docstring: before round 1 is played, the players neither
    withdrawn nor known to be absent; afterwards, those whose round-1 record is not an
    absence.
    """
    if state.rounds_completed == 0:
        absent = {r.pairing_number for r in state.requests if r.kind is RequestKind.ABSENT}
        return tuple(p for p in state.players if not p.withdrawn and p.pairing_number not in absent)
    return tuple(p for p in state.players if p.history[0].outcome is not Outcome.ZERO_POINT_BYE)


def accelerated_points(
    players: Iterable[Player], points: PointSystem
) -> tuple[AcceleratedPoints, ...]:
    """The imaginary points of rounds 1 and 2: a win's worth for each top-half player.

    In pairing-number order, round 1 before round 2 for each player (as ``XXA`` lines
    list them).
    """
    top = sorted(top_half(players))
    return tuple(
        AcceleratedPoints(pairing_number=number, round_number=round_number, points=points.win)
        for number in top
        for round_number in ACCELERATED_ROUNDS
    )


def acceleration_in_force(
    state: TournamentState, *, system_default: bool = False
) -> tuple[AcceleratedPoints, ...]:
    """The imaginary points the pairing of ``state`` uses, for any round.

    The state's own points (``XXA``) when it has any; otherwise the computed points of
    rounds 1 and 2 when the event's option says so, or, when the event leaves it open
    (``options.acceleration is None``), when ``system_default`` says so (the ``sb``
    system: its text accelerates).
    """
    if state.acceleration:
        return state.acceleration
    wanted = state.options.acceleration
    if wanted is None:
        wanted = system_default
    if not wanted:
        return ()
    return accelerated_points(round_1_participants(state), state.points)


def imaginary_points(
    state: TournamentState, *, system_default: bool = False
) -> dict[PairingNumber, Points]:
    """The imaginary points of the round being paired, by player (absent: none)."""
    result: dict[PairingNumber, Points] = {}
    for bonus in acceleration_in_force(state, system_default=system_default):
        if bonus.round_number == state.round_number:
            result[bonus.pairing_number] = Points(
                result.get(bonus.pairing_number, Points(0)) + bonus.points
            )
    return result


__all__ = [
    "ACCELERATED_ROUNDS",
    "accelerated_points",
    "acceleration_in_force",
    "imaginary_points",
    "initial_list",
    "round_1_participants",
    "top_half",
]
