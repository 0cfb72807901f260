"""Float history: who was paired up or down in which round (Dutch A4, A5; Lim 9.3).

A float is read from the scores before the round: in a game between players with
unequal scores the higher player floated down and the lower one floated up (Dutch A4).
A pairing-allocated bye counts as a downfloat (Dutch A5).  A forfeited game keeps the
float its pairing gave: the pairing was made and published, and the float was written
on the pairing card then.
"""

from __future__ import annotations

import enum

from .history import by_number, score
from .model import Outcome, PairingNumber, TournamentState


class Float(enum.Enum):
    """The direction of a float."""

    DOWN = "down"
    UP = "up"


def float_history(state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in each completed round, ``None`` where there was none."""
    players = by_number(state)
    # Each player's score before each round, as running sums (``score`` before_round=r
    # sums the first r - 1 records): linear in the rounds, where one sum per round was
    # quadratic (0.3 s at 150 players and 81 rounds).
    running: dict[PairingNumber, list[int]] = {}
    for pn, p in players.items():
        sums = [0]
        for record in p.history:
            sums.append(sums[-1] + state.points.points_for(record.outcome))
        running[pn] = sums
    before: dict[int, dict[PairingNumber, int]] = {
        r: {pn: sums[min(r - 1, len(sums) - 1)] for pn, sums in running.items()}
        for r in range(1, state.rounds_completed + 1)
    }
    result: dict[PairingNumber, tuple[Float | None, ...]] = {}
    for pn, player in players.items():
        floats: list[Float | None] = []
        for record in player.history:
            if record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
                floats.append(Float.DOWN)
            elif (
                record.outcome.has_opponent
                and record.opponent is not None
                and record.opponent in players
            ):
                mine = before[record.round_number][pn]
                theirs = before[record.round_number][record.opponent]
                floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
            else:
                floats.append(None)
        result[pn] = tuple(floats)
    return result


def last_round_floats(state: TournamentState) -> dict[PairingNumber, Float | None]:
    """Each player's float in the last completed round only: what :func:`float_history`
    gives last, in O(players) (Dutch A4, A5: the bye is a downfloat)."""
    players = by_number(state)
    if state.rounds_completed == 0:
        return dict.fromkeys(players)
    last = state.rounds_completed
    before = {
        pn: score(p, state.points) - state.points.points_for(p.history[last - 1].outcome)
        for pn, p in players.items()
    }
    result: dict[PairingNumber, Float | None] = {}
    for pn, player in players.items():
        record = player.history[last - 1]
        if record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
            result[pn] = Float.DOWN
        elif record.outcome.has_opponent and record.opponent in before:
            mine, theirs = before[pn], before[record.opponent]
            result[pn] = Float.DOWN if mine > theirs else Float.UP if mine < theirs else None
        else:
            result[pn] = None
    return result


def last_float(floats: tuple[Float | None, ...], rounds_back: int) -> Float | None:
    """The float ``rounds_back`` rounds before the round being paired (1 = last round)."""
    if rounds_back > len(floats):
        return None
    return floats[-rounds_back]
