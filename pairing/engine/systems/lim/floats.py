"""Lim 10.1, 10.10: who floated in the rounds played, read from the scores then."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.acceleration import acceleration_in_force
from pairing.engine.floats import Float
from pairing.engine.history import by_number
from pairing.engine.history import score as score_before
from pairing.engine.model import PairingNumber, TournamentState


def floated_last_round(state: TournamentState) -> dict[PairingNumber, bool]:
    """Who floated in the last round played, by Lim's meaning of a floater: a player
    transferred to another score group (Lim 10.1), as Lim 10.10 asks.

    Our reading: scores are those before that round, with its accelerated points.  In a
    game between different scores a player floated when his score was not that round's
    median and his opponent's lay on the median's side of his: above the median the
    higher player floated down, below it the lower one floated up, across it both.  The
    opponent a floater met in his own group did not float, a median player never floats,
    and the bye is not a float.  A forfeited game keeps the float its pairing gave.
    """
    last = state.rounds_completed
    result = {p.pairing_number: False for p in state.players}
    if last == 0:
        return result
    bonus = {
        a.pairing_number: a.points for a in acceleration_in_force(state) if a.round_number == last
    }
    before = {
        p.pairing_number: 2
        * (score_before(p, state.points, before_round=last) + bonus.get(p.pairing_number, 0))
        for p in state.players
    }
    median_twice = (last - 1) * state.points.win
    players = by_number(state)
    for number, player in players.items():
        record = next((r for r in player.history if r.round_number == last), None)
        opponent = record.opponent if record is not None else None
        if record is None or not record.outcome.has_opponent or opponent not in before:
            continue
        mine, theirs = before[number], before[opponent]
        result[number] = (mine > median_twice and theirs < mine) or (
            mine < median_twice and theirs > mine
        )
    return result


def float_record(state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in each completed round by Lim's meaning (Lim 10.1), for a
    pairing card: :func:`floated_last_round` applied to every round in turn, ``DOWN``
    for a player who met a lower score, ``UP`` for one who met a higher score.
    """
    result: dict[PairingNumber, list[Float | None]] = {p.pairing_number: [] for p in state.players}
    for last in range(1, state.rounds_completed + 1):
        then = replace(
            state,
            players=tuple(replace(p, history=p.history[:last]) for p in state.players),
            rounds_completed=last,
            requests=(),
        )
        floated = floated_last_round(then)
        scores = {
            p.pairing_number: score_before(p, state.points, before_round=last)
            for p in state.players
        }
        for player in state.players:
            number = player.pairing_number
            opponent = player.history[last - 1].opponent
            direction: Float | None = None
            if floated[number] and opponent is not None and opponent in scores:
                direction = Float.DOWN if scores[number] > scores[opponent] else Float.UP
            result[number].append(direction)
    return {number: tuple(floats) for number, floats in result.items()}
