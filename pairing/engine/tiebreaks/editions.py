"""The editions of the FIDE Tie-Break Regulations (C.07) and the older readings: how a
player's unplayed rounds count in Buchholz-type tie-breaks (sources as named in the
package docstring).

``FIDE_2023`` (default)
    A player's own unplayed round (bye, forfeit, absence) counts as an opponent whose score
    is the player's own final score; for SB that value is multiplied by the points the
    player got in that round.  An opponent counts with the final score, except that the
    rounds after the opponent withdrew count as draws.  A low cut (BH-C1, and the low half
    of MBH) first removes a *voluntary unplayed round* if there is one, otherwise the
    lowest value.

    Our reading of "voluntary unplayed round": a half-point bye, a zero-point bye or
    absence, or a forfeit loss: an unplayed round that did not bring a win's points.  A
    forfeit win, a pairing-allocated bye and a full-point bye are not voluntary, so they
    are cut only if they are the lowest value.  (FIDE's checker treats the full-point bye
    this way; ``tests/data/README.md`` names only the forfeit win and the pairing-allocated
    bye; the four real events have no full-point bye, so they cannot tell.)

    Our reading of "withdrew": a TRF has no withdrawal record, so a withdrawal shows as
    trailing rounds without a game.  The rounds after a player's last round that was *not*
    a voluntary unplayed round are the withdrawal; in those rounds each bye or absence
    (no opponent: ``0000 - Z``, a blank result, ``0000 - H``) counts as a draw, while a
    forfeit loss keeps its zero because it had a scheduled opponent.  So ``1 0 - Z Z``
    counts 1 + 0 + 0 + ½ + ½ for the opponents, and ``Z Z 1 0`` (a late entry) keeps its
    zeros.  This is how FIDE's checker reads it, and it reproduces the published values.
    Standings after round ``r`` see only the first ``r`` rounds, so a player absent in
    round ``r`` counts as withdrawn in those standings even if he plays on later.

``FIDE_2026``
    FIDE C.07 as amended from 1 March 2026, Article 16.4: as ``FIDE_2023``, except that
    the stand-in for an own unplayed round scores no more than (16.4.1) the scheduled
    opponent's score as it counts for his opponents, for a forfeit won or lost, and
    (16.4.2) a draw's worth times the number of rounds, for a round without an opponent
    (a bye of any kind, an absence).  "The number of rounds" is read as FIDE's checker
    reads it: the rounds the standings cover, which for the final standings is the
    tournament's number of rounds.  Opponents count as under ``FIDE_2023`` (16.3 did not
    change).

``VIRTUAL_OPPONENT_2009``
    FIDE 2009: each unplayed round of the player is a game against a virtual opponent who
    starts the round with the player's score, gets the opposite result (a bye or forfeit
    win is a loss for him, an absence or forfeit loss a win, a half-point bye a draw) and
    draws every later round.  Opponents count every unplayed round of theirs as a draw.
    A low cut removes the lowest value.

``ZERO``
    An unplayed round counts nothing, and opponents count with their final scores.  A low
    cut removes the lowest value (usually that zero).

Progress, ARO, WIN and the direct encounter do not depend on the convention.
"""

from __future__ import annotations

import enum
from datetime import date

from pairing.engine.model import Outcome


class UnplayedRounds(enum.Enum):
    """How unplayed rounds count in Buchholz-type tie-breaks (see the module docstring)."""

    FIDE_2023 = "fide2023"
    """Own unplayed rounds count the own final score; withdrawals count as draws (default):
    C.07 of 2023 and 2024, in force until 28 February 2026."""
    FIDE_2026 = "fide2026"
    """As FIDE_2023, the own unplayed rounds capped (C.07 Article 16.4, from 1 March 2026)."""
    VIRTUAL_OPPONENT_2009 = "virtual2009"
    """Own unplayed rounds are games against a virtual opponent; opponents' count as draws."""
    ZERO = "zero"
    """Unplayed rounds count nothing."""


C07_2026_FROM = date(2026, 3, 1)
"""The day the amended FIDE Tie-Break Regulations (C.07) came into force."""


def unplayed_rounds_for(start: date | None) -> UnplayedRounds:
    """The edition of C.07 an event follows by its start date: the text in force that day
    (``FIDE_2026`` from 1 March 2026, ``FIDE_2023`` before); an event with no date
    follows the text in force today, as FIDE's checker decides it."""
    if start is None or start >= C07_2026_FROM:
        return UnplayedRounds.FIDE_2026
    return UnplayedRounds.FIDE_2023


VOLUNTARY_UNPLAYED = frozenset(
    {Outcome.HALF_POINT_BYE, Outcome.ZERO_POINT_BYE, Outcome.FORFEIT_LOSS}
)
"""Unplayed rounds that a low cut removes first, and that can make up a withdrawal.

FIDE 2023, in our reading (module docstring): unplayed rounds that did not bring a win.
"""


_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)
"""Outcomes of games actually played (FIDE C.04.2 3.4-3.5)."""
