"""The absolute and relative criteria of the Lim system, for the checker.

FIDE Handbook C.04.2 (Lim): 9.1, players who have played each other are not compatible,
nor are players whose pairing would give either the same colour in three successive
rounds (played games, gaps closed, as the Lim engine reads it) or three more of one
colour than the other; 13 lifts the colour part in the last round for two players with
the same score (the score used to form the score groups) who have not met; 8.2, the bye
only once (a pairing-allocated or a full-point bye), and not to a player who won a point by
default (a forfeit win).
"""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.history import opponents_met, pairing_scores
from pairing.engine.legality import (
    BYE_WORTH_A_POINT,
    Violation,
    bye_refused,
    colour_violations,
    relative_warnings,
    rematches,
)
from pairing.engine.messages import Message
from pairing.engine.model import Outcome, PairingNumber, Player, RoundPairing, TournamentState


def lim_13_boards(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> frozenset[int]:
    """Boards whose colours Lim 13 lets break 9.1: last round, same score, not met before."""
    if not state.is_last_round:
        return frozenset()
    score = pairing_scores(state)
    return frozenset(
        board.number
        for board in pairing.boards
        if board.white in players
        and board.black in players
        and score[board.white] == score[board.black]
        and board.black not in opponents_met(players[board.white])
    )


def check(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """Lim 9.1 (compatibility), relaxed by Lim 13 in the last round, and Lim 8.2 (the bye)."""
    return [
        *rematches(pairing, players, "Lim 9.1"),
        *colour_violations(
            pairing,
            players,
            difference_rule="Lim 9.1",
            run_rule="Lim 9.1",
            exempt_boards=lim_13_boards(state, pairing, players),
        ),
        *bye_refused(
            pairing, players, "Lim 8.2", refused_after=BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN}
        ),
    ]


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """Lim 9.2-10 (pairing within score groups, floaters) and Lim 12 (due colours)."""
    return relative_warnings(
        state, pairing, score_rule="Lim 9.2-10, floaters", colour_rule="Lim 12, due colour"
    )
