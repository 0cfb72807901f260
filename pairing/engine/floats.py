"""Float history: who was paired up or down in which round (Dutch A4, A5; Lim 9.3).

A float is read from the scores before the round: in a game between players with
unequal scores the higher player floated down and the lower one floated up (Dutch A4).
A pairing-allocated bye counts as a downfloat (Dutch A5).  A forfeited game keeps the
float its pairing gave: the pairing was made and published, and the float was written
on the pairing card then.
"""

from __future__ import annotations

import enum
from itertools import accumulate

from .history import by_number, outcome_of, outcome_points, score
from .model import Outcome, PairingNumber, TournamentState


class Float(enum.Enum):
    """The direction of a float."""

    DOWN = "down"
    UP = "up"


_WITH_OPPONENT = frozenset(outcome for outcome in Outcome if outcome.has_opponent)
"""The outcomes of a round paired against someone: a game or a forfeit."""


def float_history(state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in each completed round, ``None`` where there was none."""
    return _floats_from(state, 0)


def recent_floats(
    state: TournamentState, count: int
) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's floats in the last ``count`` completed rounds, oldest first (in every
    completed round when fewer): the end of :func:`float_history`, for a system that
    looks back only so far (Dutch B5, B6: two rounds).  Its work is one sum per player
    and ``count`` records, where the whole history reads every record twice."""
    return _floats_from(state, max(state.rounds_completed - count, 0))


def _floats_from(
    state: TournamentState, first: int
) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's floats in the completed rounds after the first ``first`` (Dutch A4,
    A5: the bye is a downfloat)."""
    players = by_number(state)
    # Each player's score before each of those rounds, as running sums from the score
    # before the first of them (``score`` before_round=r sums the first r - 1 records):
    # linear in the rounds, where one sum per round was quadratic (0.3 s at 150 players
    # and 81 rounds).  The points of each outcome are read from a table.
    value = outcome_points(state.points).__getitem__
    running: dict[PairingNumber, list[int]] = {
        pn: list(
            accumulate(
                map(value, map(outcome_of, p.history[first:])),
                initial=sum(map(value, map(outcome_of, p.history[:first]))),
            )
        )
        for pn, p in players.items()
    }
    result: dict[PairingNumber, tuple[Float | None, ...]] = {}
    for pn, player in players.items():
        mine = running[pn]
        floats: list[Float | None] = []
        for record in player.history[first:]:
            outcome = record.outcome
            if outcome is Outcome.PAIRING_ALLOCATED_BYE:
                floats.append(Float.DOWN)
            elif (
                outcome in _WITH_OPPONENT
                and record.opponent is not None
                and record.opponent in players
            ):
                # Sound states (``validation``) hold one record per completed round.
                at = record.round_number - 1 - first
                before, other = mine[at], running[record.opponent][at]
                floats.append(
                    Float.DOWN if before > other else Float.UP if before < other else None
                )
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
