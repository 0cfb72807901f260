"""Baku acceleration for the 2025 Dutch system (FIDE Handbook C.04.5, Baku Acceleration
Method), and the imaginary points of a tournament file.

C.04.5: the players of group A, the first half of the initial order, carry imaginary
points for pairing only: a win's worth in the first half of the accelerated rounds, a
draw's worth in the second half; the accelerated rounds are the first half of the
tournament.  Readings, as the endorsed program computes them (tested in
``tests/engine/test_dutch.py``):

- **Group A** is the first ``ceil(n / 2)`` players by pairing number, every player of
  the tournament counted (late entries too, by their pairing numbers).
- **Accelerated rounds** are rounds ``1 .. ceil(R / 2)`` for ``R`` planned rounds; the
  first ``floor((ceil(R / 2) - 1) / 2) + 1`` of them carry a win's worth, the others a
  draw's worth.
- **Explicit points win.**  A tournament that carries imaginary points (TRF ``XXA`` or
  TRF-2026 ``250``) is paired with those and nothing is computed.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.model import (
    AcceleratedPoints,
    PairingNumber,
    Points,
    PointSystem,
    TournamentState,
)


def baku_points(state: TournamentState) -> tuple[AcceleratedPoints, ...]:
    """The imaginary points of C.04.5 for every round they apply to."""
    return baku_for([p.pairing_number for p in state.players], state.total_rounds, state.points)


def baku_for(
    numbers: Iterable[PairingNumber], total_rounds: int, points: PointSystem
) -> tuple[AcceleratedPoints, ...]:
    """C.04.5 for the players ``numbers`` of a tournament of ``total_rounds`` rounds."""
    ordered = sorted(numbers)
    if not ordered or total_rounds <= 0:
        return ()
    group_a = ordered[: (len(ordered) - 1) // 2 + 1]
    last_accelerated = (total_rounds - 1) // 2
    last_full = last_accelerated // 2
    result: list[AcceleratedPoints] = []
    for number in group_a:
        for index in range(last_accelerated + 1):
            worth = points.win if index <= last_full else points.draw
            result.append(
                AcceleratedPoints(pairing_number=number, round_number=index + 1, points=worth)
            )
    return tuple(result)


def acceleration_in_force(state: TournamentState) -> tuple[AcceleratedPoints, ...]:
    """The file's own imaginary points, else Baku's when the event asks for acceleration."""
    if state.acceleration:
        return state.acceleration
    if state.options.acceleration:
        return baku_points(state)
    return ()


def accelerations(state: TournamentState) -> dict[tuple[PairingNumber, int], Points]:
    """Imaginary points by (player, round)."""
    result: dict[tuple[PairingNumber, int], Points] = {}
    for bonus in acceleration_in_force(state):
        key = (bonus.pairing_number, bonus.round_number)
        result[key] = Points(result.get(key, 0) + bonus.points)
    return result
