"""The absolute and relative criteria of the SB-ordered Swiss, for the checker.

SB 1, no rematch (the first of the SB text's basic principles); SB 6, no pairing-allocated
bye to a player who already has a point without playing: a bye worth a point or a forfeit
win (SB 6 is our own number, see ``procedure.py``; the SB text takes the Dutch mechanics
where it is silent, and Dutch B1b bars both).
"""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.legality import (
    BYE_WORTH_A_POINT,
    Violation,
    bye_refused,
    relative_warnings,
    rematches,
)
from pairing.engine.messages import Message
from pairing.engine.model import Outcome, PairingNumber, Player, RoundPairing, TournamentState


def check(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """SB 1 (no second meeting) and SB 6 (no second point without playing)."""
    del state
    return [
        *rematches(pairing, players, "SB 1"),
        *bye_refused(
            pairing, players, "SB 6", refused_after=BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN}
        ),
    ]


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """SB 2, 5 (score groups, floaters) and SB 7 (colours as Dutch A7, E1-E4)."""
    return relative_warnings(
        state, pairing, score_rule="SB 2, 5, score groups", colour_rule="SB 7, colours"
    )
