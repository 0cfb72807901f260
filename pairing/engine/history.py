"""Facts derived from the rounds played: scores, opponents met, points without playing.

Dutch A2 a (score), B1a (no second meeting), B1b (no bye after a point without
playing), F2 (unplayed pairings do not count as meetings), F9 (adjourned = draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import attrgetter

from .acceleration import imaginary_points
from .errors import InvalidState
from .messages import words
from .model import (
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RoundRequest,
    TournamentState,
)

outcome_of = attrgetter("outcome")
"""A record's outcome (C code: the history loops below run for every record of every
player before each round)."""

_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)
_WITHOUT_PLAYING = frozenset(outcome for outcome in Outcome if outcome.point_without_playing)


@lru_cache(maxsize=8)
def outcome_points(points: PointSystem) -> Mapping[Outcome, Points]:
    """What each outcome earns in ``points`` (:meth:`PointSystem.points_for`, Dutch A2 a,
    F9), as a table: read once per point system, where a score asked for every player
    before each round would ask the method once per record."""
    return {outcome: points.points_for(outcome) for outcome in Outcome}


def score(player: Player, points: PointSystem, *, before_round: int | None = None) -> Points:
    """A player's score from the rounds before ``before_round`` (all rounds when None).

    Dutch A2 a; an adjourned game counts as a draw (1992 Dutch rules, F9).
    """
    records = player.history if before_round is None else player.history[: before_round - 1]
    return Points(sum(map(outcome_points(points).__getitem__, map(outcome_of, records))))


def scores(
    state: TournamentState, *, before_round: int | None = None
) -> dict[PairingNumber, Points]:
    """Every player's score, by pairing number (see :func:`score`)."""
    return {
        p.pairing_number: score(p, state.points, before_round=before_round) for p in state.players
    }


def pairing_scores(
    state: TournamentState, *, system_default_acceleration: bool = False
) -> dict[PairingNumber, Points]:
    """Scores used to pair the next round: real score plus any imaginary points.

    The imaginary points (``XXA`` lines, or the acceleration of rounds 1 and 2 that the
    event's option asks for: ``acceleration.py``) count for pairing only, never in
    standings.  ``system_default_acceleration`` is the system's own choice when the event
    leaves the option open (the ``sb`` system accelerates, SB 3).
    """
    result = scores(state)
    bonus = imaginary_points(state, system_default=system_default_acceleration)
    for number, points in bonus.items():
        if number in result:
            result[number] = Points(result[number] + points)
    return result


def opponents_met(player: Player) -> frozenset[PairingNumber]:
    """Opponents this player has actually played (FIDE C.04.3 C1 with C.04.2 3.5).

    A forfeited pairing is not a meeting: FIDE C.04.2 Article 3.5 lets two players
    whose game was not played be paired again.
    """
    return frozenset(
        record.opponent
        for record in player.history
        if record.outcome in _PLAYED and record.opponent is not None
    )


def received_point_without_playing(player: Player) -> bool:
    """True after a bye or a forfeit win: such a player may not get the bye (Dutch B1b)."""
    return not _WITHOUT_PLAYING.isdisjoint(map(outcome_of, player.history))


def by_number(state: TournamentState) -> Mapping[PairingNumber, Player]:
    """The players indexed by pairing number."""
    return {player.pairing_number: player for player in state.players}


def checked_requests(state: TournamentState) -> dict[PairingNumber, RoundRequest]:
    """The requests for the round to be paired, by player, after checking the state.

    :raises InvalidState: two players share a pairing number, a history has the wrong
        length, or a request names an unknown player.
    """
    numbers = {p.pairing_number for p in state.players}
    if len(numbers) != len(state.players):
        raise InvalidState(words("state.pairing_number_shared"))
    for player in state.players:
        if len(player.history) != state.rounds_completed:
            raise InvalidState(
                words(
                    "state.history_length",
                    player=player.pairing_number,
                    recorded=len(player.history),
                    expected=state.rounds_completed,
                )
            )
    requests: dict[PairingNumber, RoundRequest] = {}
    for request in state.requests:
        if request.pairing_number not in numbers:
            raise InvalidState(words("state.request_unknown", player=request.pairing_number))
        requests[request.pairing_number] = request
    return requests


def forbidden_opponents(state: TournamentState) -> dict[PairingNumber, set[PairingNumber]]:
    """Each player's forbidden opponents (family, same club): treated like a rematch."""
    forbidden: dict[PairingNumber, set[PairingNumber]] = {}
    for pair in state.forbidden_pairs:
        members = sorted(pair)
        for member in members:
            forbidden.setdefault(member, set()).update(m for m in members if m != member)
    return forbidden


def players_to_pair(state: TournamentState) -> tuple[list[Player], list[RoundRequest]]:
    """The players to pair, by pairing number, and the requests honoured (FIDE C.04.2
    Article 3).

    Withdrawn players are left out; a player with a request for the round (a bye asked
    for, a known absence) is not paired and his request is honoured.

    :raises InvalidState: see :func:`checked_requests`.
    """
    requests = checked_requests(state)
    playing: list[Player] = []
    honoured: list[RoundRequest] = []
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        if player.withdrawn:
            continue
        if player.pairing_number in requests:
            honoured.append(requests[player.pairing_number])
            continue
        playing.append(player)
    return playing, honoured
