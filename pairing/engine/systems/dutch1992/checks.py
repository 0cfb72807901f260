"""The absolute and relative criteria of the Dutch system, 1992 text, for the checker.

FIDE Handbook C.04.1 (1992 text): B1a, two players do not meet twice (F2: a forfeited
pairing is not a meeting); B1b, no bye to a player who already scored a point without
playing: a pairing-allocated or full-point bye, or a forfeit win (a half-point bye is
not a whole point); B2a, no colour difference (A7) beyond +2 or -2; B2b, not the same colour
three times in a row (F2, F3: only played games count, gaps closed).

Note to B, our reading: when the round being paired is the last one planned, B2 is not
checked for a player whose score is more than half the points a player could have
scored in the rounds played so far (every round counts, also those the player missed,
as in the standings; exactly 50% is not over 50%; accelerated points do not count).  It
is checked per player: the opponent of such a player still keeps B2 unless over 50% too.
"""

from __future__ import annotations

from collections.abc import Mapping

from pairing.engine.legality import (
    BYE_WORTH_A_POINT,
    Violation,
    bye_refused,
    colour_violations,
    over_half,
    relative_warnings,
    rematches,
)
from pairing.engine.messages import Message
from pairing.engine.model import Outcome, PairingNumber, Player, RoundPairing, TournamentState


def check(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """Dutch B1a, B1b, B2a and B2b, with the Note to B for the last round."""
    return [
        *rematches(pairing, players, "Dutch B1a"),
        *bye_refused(
            pairing, players, "Dutch B1b", refused_after=BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN}
        ),
        *colour_violations(
            pairing,
            players,
            difference_rule="Dutch B2a",
            run_rule="Dutch B2b",
            exempt=over_half(state),
        ),
    ]


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """Dutch B3 (score differences as small as possible) and B4 (colour preferences)."""
    return relative_warnings(state, pairing, score_rule="Dutch B3", colour_rule="Dutch B4")
