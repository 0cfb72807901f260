"""The absolute and relative criteria of the ESCA schools rules, for the checker.

English Schools' Chess Association, Rules for Swiss Pairings: rule 1, no player plays
the same opponent twice; rule 4, the bye not to a player who already had a bye or a
default, read as a bye worth a point or a forfeit win, as in Dutch B1b.  Rule 4 asks
this only where possible; the checker reports it all the same, so that a pairer which cannot avoid
it has to say so.
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
    """ESCA 1 (no second meeting) and ESCA 4 (no bye after a bye or a default)."""
    del state
    return [
        *rematches(pairing, players, "ESCA 1"),
        *bye_refused(
            pairing, players, "ESCA 4", refused_after=BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN}
        ),
    ]


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """ESCA 8-9 (pairing within score levels) and ESCA 2, 10-12 (colours)."""
    return relative_warnings(
        state, pairing, score_rule="ESCA 8-9, score levels", colour_rule="ESCA 2, 10-12, colours"
    )
