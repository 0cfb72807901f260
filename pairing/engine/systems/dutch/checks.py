"""The absolute criteria of the Dutch system of 2026, for the checker (C.04.3 2026, C1-C3).

C1: two players do not meet twice (a forfeited game is not a meeting).  C2: no
pairing-allocated bye to a player who already had one, or who already scored a win's
worth without playing (a forfeit win, a full-point bye).  C3: no colour difference
beyond ±2 and no colour three times running, except on a board with a topscorer when
the last round is paired (1.8: over half the points possible so far, acceleration
included).  Reading of C3: the exception covers the topscorer's opponent too, as C10
and C11 ("topscorers or their opponents") presuppose and bbpPairings pairs.  Kept (#32):
the reason is the text's own wording of C10 and C11, not the program.
"""

from __future__ import annotations

from collections.abc import Mapping

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
from pairing.engine.systems.dutch.entrants import entrants


def _exempt(state: TournamentState, pairing: RoundPairing) -> frozenset[PairingNumber]:
    """Topscorers of the last round and their opponents on this pairing (C3)."""
    if not state.is_last_round:
        return frozenset()
    top = {e.number for e in entrants(state)[0] if e.topscorer}
    exempt = set(top)
    for board in pairing.boards:
        if board.white in top or board.black in top:
            exempt.update((board.white, board.black))
    return frozenset(exempt)


def check(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """C1, C2 and C3, topscorers exempt from C3 in the last round."""
    return [
        *rematches(pairing, players, "C.04.3 C1"),
        *bye_refused(
            pairing,
            players,
            "C.04.3 C2",
            refused_after=BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN},
        ),
        *colour_violations(
            pairing,
            players,
            difference_rule="C.04.3 C3",
            run_rule="C.04.3 C3",
            exempt=_exempt(state, pairing),
        ),
    ]


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """Score differences (C7) and colour preferences (C12) a hand-made pairing gives up."""
    return relative_warnings(state, pairing, score_rule="C.04.3 C7", colour_rule="C.04.3 C12")
