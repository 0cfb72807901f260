"""Baku acceleration for the Dutch system of 2026 (FIDE Handbook C.04.7, FIDE-approved
Accelerated Systems, in force from 1 February 2026; before, C.04.5 and Baku C.04.5.1),
and the imaginary points of a tournament file.

C.04.7 numbers Baku's rules 1.1 Premise, 1.2 Initial Groups Division, 1.3 Late entries,
1.4 Virtual points, 1.5 Pairing score (the numbers public notes of the 2026 text
report; the pages of C.04.5.1 read here print the same rules as headings 1-5, and its
note to Late entries calls the group division "Rule 2"), read here as follows (tested
under the rule's name in ``tests/engine/test_acceleration.py``):

- **Group A (1.2)** is the first half of the players of round 1, rounded up to the
  nearest even number: ``2 * ceil(n / 4)`` players (10 -> 6, 11 -> 6, 161 -> 82, the
  text's own example), never more than there are.  Everyone else is group B.
- **The players of round 1** are those paired in it (on a board or with the
  pairing-allocated bye): "the list of players to be paired" before round 1.  A player
  with a bye or an absence asked for round 1 is not counted, so a late entry, whatever
  its missed rounds count as, never changes the count (a tournament file cannot tell the
  two apart).
- **Late entries (1.3)**: the last player of group A stays the player round 1 made
  last.  Group A is every player ranked at or above him by pairing number, a late entry
  inserted above him included; below him, group B.  Group A may then be odd.
- **Virtual points (1.4)**: the accelerated rounds are the first half of the
  tournament, rounded up (``ceil(R / 2)`` of ``R`` planned rounds).  Group A carries one
  point in the first half of those, rounded up, and half a point in the others: 9
  rounds give 1, 1, 1, 0.5, 0.5 (the text's example), 7 rounds 1, 1, 0.5, 0.5, 5 rounds
  1, 1, 0.5.  Group B never carries any, nor anyone after the last accelerated round.
- **Pairing score (1.5)**: the points scored plus the virtual points, for pairing
  only (``entrants.py``).
- **Other point systems.**  The text is for the 1-½-0 scoring (1.1); elsewhere the
  virtual points are a win's and a draw's worth, which is 1 and ½ in that scoring.
- **Explicit points win.**  A tournament that carries imaginary points (TRF ``XXA`` or
  TRF-2026 ``250``) is paired with those and nothing is computed.

The reference program (bbpPairings) departs from 1.2 and 1.3: it takes
``ceil(n / 2)`` of all the players, late entries counted (10 players: 5 where the text
says 6).  ``docs/engine-internals.md`` lists this among the known divergences from the
reference, and the parity corpus marks the events it changes
(``tests/data/dutch/divergent.json``).
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.model import (
    AcceleratedPoints,
    Outcome,
    PairingNumber,
    Points,
    PointSystem,
    TournamentState,
)


def group_a_size(players: int) -> int:
    """C.04.7 1.2: the first half of ``players``, rounded up to the nearest even
    number (``2 * ceil(players / 4)``), but no more than there are."""
    return min(players, 2 * -(-players // 4))


def accelerated_rounds(total_rounds: int) -> tuple[int, int]:
    """C.04.7 1.4: how many rounds are accelerated, and how many of those carry a
    full virtual point (the first half of each, rounded up)."""
    accelerated = -(-total_rounds // 2)
    return accelerated, -(-accelerated // 2)


def paired_in_round_1(state: TournamentState) -> tuple[PairingNumber, ...]:
    """The players of round 1 (see the module docstring), by pairing number.

    Before round 1 is paired: every player neither withdrawn nor with a request for it.
    Afterwards: every player whose round-1 record has an opponent or is the
    pairing-allocated bye.
    """
    if state.rounds_completed == 0:
        asked = {r.pairing_number for r in state.requests}
        return tuple(
            sorted(
                p.pairing_number
                for p in state.players
                if not p.withdrawn and p.pairing_number not in asked
            )
        )
    return tuple(
        sorted(
            p.pairing_number
            for p in state.players
            if p.history[0].outcome.has_opponent
            or p.history[0].outcome is Outcome.PAIRING_ALLOCATED_BYE
        )
    )


def group_a(
    numbers: Iterable[PairingNumber], round_1: Iterable[PairingNumber]
) -> tuple[PairingNumber, ...]:
    """C.04.7 1.2 and 1.3: the players of ``numbers`` ranked at or above the last
    group A player of round 1, whose players are ``round_1``."""
    first = sorted(round_1)
    if not first:
        return ()
    last = first[group_a_size(len(first)) - 1]
    return tuple(n for n in sorted(numbers) if n <= last)


def baku_points(state: TournamentState) -> tuple[AcceleratedPoints, ...]:
    """The virtual points of C.04.7 1.4 for every round they apply to."""
    return baku_for(
        [p.pairing_number for p in state.players],
        state.total_rounds,
        state.points,
        round_1=paired_in_round_1(state),
    )


def baku_for(
    numbers: Iterable[PairingNumber],
    total_rounds: int,
    points: PointSystem,
    *,
    round_1: Iterable[PairingNumber] | None = None,
) -> tuple[AcceleratedPoints, ...]:
    """C.04.7 for the players ``numbers`` of a tournament of ``total_rounds`` rounds,
    of whom ``round_1`` were paired in round 1 (all of them when not given)."""
    numbers = sorted(numbers)
    if total_rounds <= 0:
        return ()
    accelerated, full = accelerated_rounds(total_rounds)
    result: list[AcceleratedPoints] = []
    for number in group_a(numbers, numbers if round_1 is None else round_1):
        for round_number in range(1, accelerated + 1):
            worth = points.win if round_number <= full else points.draw
            result.append(
                AcceleratedPoints(pairing_number=number, round_number=round_number, points=worth)
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
