"""The players to be paired and what the rules need to know of each (Dutch A, B1, B2).

FIDE Handbook C.04.1 (1992 text): A2 the ranking order, A7 the colour preferences (with
the Note to B for a player over 50% in the last round), B1 and B2 who may meet whom, and
F5 who is paired at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pairing.engine.colours import (
    Strength,
    colour_preference,
    difference_of,
    may_take,
    played_colours,
)
from pairing.engine.floats import Float, recent_floats
from pairing.engine.history import (
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    players_to_pair,
    received_point_without_playing,
    score,
)
from pairing.engine.model import Colour, PairingNumber, Points, RoundRequest, Title, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Entrant:
    """A player to be paired this round and what the rules need to know (Dutch A2-A7, B)."""

    number: PairingNumber
    score: Points
    rating: int
    title: Title
    name: str
    key: tuple[int, int, int, str, int]
    """The A2 order: lower sorts first."""
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first (F2, F3)."""
    difference: int
    preference: Colour | None
    strength: Strength
    may_white: bool
    """White keeps B2 (always true for a player over 50% in the last round)."""
    may_black: bool
    last_float: Float | None
    """The float of the last round (B5)."""
    float_two_back: Float | None
    """The float of two rounds before (B6)."""
    barred: frozenset[PairingNumber]
    """Opponents met (B1a, F2) and forbidden partners."""
    bye_allowed: bool
    """No bye or forfeit win so far (B1b)."""
    exempt: bool
    """Over 50% in the last round: A7a, B2, B5 and B6 are not applied (Note to B)."""


def rank_key(
    score_: Points, rating: int, title: Title, name: str, number: PairingNumber
) -> tuple[int, int, int, str, int]:
    """Order for pairing purposes: score, rating, title, name, pairing number (Dutch A2).

    Reading of Dutch A2: titles rank in the order of :class:`Title` (CM and WCM, which
    the 1992 text does not know, after WFM), names compare without regard to case, and
    the pairing number is the last key, so that two players never tie.
    """
    return (-score_, -rating, title.value, name.casefold(), number)


def over_half_in_last_round(state: TournamentState, real_score: Points) -> bool:
    """True when pairing the last round for a player scoring over 50% (Dutch A7a, Note to B).

    Reading of FIDE Handbook C.04.1 (1992 text) A7a and the Note to B: over 50% means
    more than half of what wins in all rounds played so far would have given (exactly
    half is not over), and only when the round being paired is the last one planned.
    Such a player has no absolute colour preference and is not held to B2, B5 or B6
    (:attr:`Entrant.exempt`); his opponent still is.
    """
    if not state.is_last_round or state.rounds_completed == 0:
        return False
    return 2 * real_score > state.points.win * state.rounds_completed


def compatible(a: Entrant, b: Entrant) -> bool:
    """True when a and b may meet: B1a (and forbidden pairs) and B2 (Dutch B1, B2)."""
    if b.number in a.barred or a.number in b.barred:
        return False
    return (a.may_white and b.may_black) or (a.may_black and b.may_white)


def _rank(players: Iterable[Entrant]) -> list[Entrant]:
    """Players in A2 order."""
    return sorted(players, key=lambda e: e.key)


def entrants(state: TournamentState) -> tuple[list[Entrant], list[RoundRequest]]:
    """The players to pair (Dutch F5: not withdrawn, not absent) and the requests honoured.

    Reading of Dutch A7a, when its two reasons for an absolute preference disagree: a
    colour difference beyond +1 or -1 decides; only within those limits do two games in
    a row with one colour call for the other (a player at -1 after two whites must have
    black, since B2b rules out a third white).  :func:`colour_preference` works it out.
    """
    forbidden = forbidden_opponents(state)
    scores = pairing_scores(state)
    floats = recent_floats(state, 2)  # B5 and B6 look back two rounds
    result: list[Entrant] = []
    playing, honoured = players_to_pair(state)
    for player in playing:
        number = player.pairing_number
        colours = played_colours(player)
        difference = difference_of(colours)
        exempt = state.is_last_round and over_half_in_last_round(state, score(player, state.points))
        preference, strength = colour_preference(colours, difference, exempt=exempt)
        history = floats[number]
        result.append(
            Entrant(
                number=number,
                score=scores[number],
                rating=player.rating,
                title=player.title,
                name=player.name,
                key=rank_key(scores[number], player.rating, player.title, player.name, number),
                colours=colours,
                difference=difference,
                preference=preference,
                strength=strength,
                may_white=exempt or may_take(colours, difference, Colour.WHITE),
                may_black=exempt or may_take(colours, difference, Colour.BLACK),
                last_float=history[-1] if history else None,
                float_two_back=history[-2] if len(history) >= 2 else None,
                barred=frozenset(opponents_met(player) | forbidden.get(number, set())),
                bye_allowed=not received_point_without_playing(player),
                exempt=exempt,
            )
        )
    result.sort(key=lambda e: e.key)
    return result, honoured
