"""The players to pair in the SB-ordered Swiss and the order of a score group.

SB 9 (who is paired), SB 3 (the imaginary point of rounds 1-2), SB 2 (score groups and
their order: Sonneborn-Berger, Buchholz, Median-Buchholz, rating), and what SB 6 needs
to know of the byes and forfeit wins so far.  The SB numbering is ours; see
:mod:`~pairing.engine.systems.sb.procedure`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.colours import (
    Strength,
    colour_difference,
    colour_preference,
    may_take,
    played_colours,
)
from pairing.engine.errors import InvalidState
from pairing.engine.floats import Float, last_round_floats
from pairing.engine.history import (
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    players_to_pair,
)
from pairing.engine.model import (
    Colour,
    Outcome,
    PairingNumber,
    Points,
    RoundRequest,
    TournamentState,
)
from pairing.engine.tiebreaks import buchholz, median_buchholz, sonneborn_berger, tiebreak_context

RULES = "SB"
"""Prefix of every rule reference in explanations."""


_BYE_BEFORE = frozenset(
    {Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN}
)
"""SB 6: points without playing, after which a player cannot get the pairing-allocated bye.

Our reading: the player the lowest group leaves unpaired (chosen as SB 5 chooses a
floater) gets the bye, worth a win, unless he already has a point without playing: a
bye worth a point or a forfeit win.  The SB text has no bye rule, so Dutch B1b applies,
as in the basic rules of today's FIDE C.04.1 and every other system here.
"""


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Entrant:
    """A player to be paired this round and what SB 1-9 need to know about him."""

    number: PairingNumber
    score: Points
    """Pairing score: real score plus the imaginary point (SB 2, SB 3)."""
    sonneborn_berger: Fraction
    buchholz: Fraction
    median_buchholz: Fraction
    rating: int
    key: tuple[int, int, int, int, int]
    """SB 2 order within a group: lower sorts first."""
    colours: tuple[Colour, ...]
    preference: Colour | None
    strength: Strength
    may_white: bool
    """White keeps the Dutch B2 limits (SB 7)."""
    may_black: bool
    barred: frozenset[PairingNumber]
    """Opponents met and forbidden partners (SB 1)."""
    bye_allowed: bool
    """No point without playing so far: no bye worth a point, no forfeit win (SB 6)."""
    floated_down: bool
    """Floated down, or had the bye, in the last round (SB 5)."""


def sb_2_key(
    sb: Fraction, bh: Fraction, mbh: Fraction, rating: int, number: PairingNumber
) -> tuple[int, int, int, int, int]:
    """The order within a score group: SB, BH, MBH, rating, pairing number (SB 2).

    SB 2, our reading: a score group is the players of one pairing score (score plus any
    SB 3 imaginary point), highest first, floaters from above included.  The values are
    the standings' (``pairing.engine.tiebreaks``) after the rounds played, on real scores,
    with unplayed rounds as the standings count them by default (FIDE C.07, 2023: a player's
    own unplayed round as an opponent with his own score; an opponent's rounds after
    withdrawing as draws).  In round 1 all three are 0 and the rating decides.

    SB is a whole number of quarter points and BH, MBH of half points (the tie-breaks sum
    half-points), so the key holds integers: sorting many players stays fast.
    """
    return (-_whole(sb * 4), -_whole(bh * 2), -_whole(mbh * 2), -rating, number)


def _whole(value: Fraction) -> int:
    if value.denominator != 1:
        raise InvalidState(f"tie-break value {value} is not in quarter points")
    return value.numerator


def entrants(state: TournamentState) -> tuple[list[Entrant], list[RoundRequest]]:
    """The players to pair (SB 9) with what SB 1-8 need, and the requests honoured.

    SB 9: withdrawn players, and those with a half-point bye, a full-point bye or a known
    absence for the round, are not paired (as FIDE C.04.2 3.2-3.3).  SB 3: in rounds 1 and 2 the top
    half of the initial list carries an imaginary point for pairing only, unless the
    event turns it off (``acceleration.py``; ``XXA`` points are used as given).

    :raises InvalidState: duplicate pairing numbers, a history of the wrong length, or a
        request for an unknown player.
    """
    forbidden = forbidden_opponents(state)
    score = pairing_scores(state, system_default_acceleration=True)
    context = tiebreak_context(state)
    floats = last_round_floats(state)
    result: list[Entrant] = []
    playing, honoured = players_to_pair(state)
    for player in playing:
        number = player.pairing_number
        colours = played_colours(player)
        difference = colour_difference(player)
        preference, strength = colour_preference(colours, difference, exempt=False)
        sb = sonneborn_berger(context, number)
        bh = buchholz(context, number)
        mbh = median_buchholz(context, number)
        result.append(
            Entrant(
                number=number,
                score=score[number],
                sonneborn_berger=sb,
                buchholz=bh,
                median_buchholz=mbh,
                rating=player.rating,
                key=sb_2_key(sb, bh, mbh, player.rating, number),
                colours=colours,
                preference=preference,
                strength=strength,
                may_white=may_take(colours, difference, Colour.WHITE),
                may_black=may_take(colours, difference, Colour.BLACK),
                barred=frozenset(opponents_met(player) | forbidden.get(number, set())),
                bye_allowed=not any(r.outcome in _BYE_BEFORE for r in player.history),
                floated_down=floats[number] is Float.DOWN,
            )
        )
    return result, honoured


def score_groups(players: Iterable[Entrant]) -> list[tuple[Points, list[Entrant]]]:
    """The players by pairing score, highest first, each group in SB 2 order (SB 2)."""
    groups: dict[Points, list[Entrant]] = {}
    for player in players:
        groups.setdefault(player.score, []).append(player)
    return [
        (score, sorted(groups[score], key=lambda e: e.key))
        for score in sorted(groups, reverse=True)
    ]


def _points(value: int) -> str:
    """Half-points as a score: 5 -> "2½"."""
    whole, half = divmod(value, 2)
    return f"{whole}½" if half else str(whole)
