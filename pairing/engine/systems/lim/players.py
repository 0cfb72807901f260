"""The players of a round: score, colours, due colour, who they may not meet (Lim 9.1, 12)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.colours import colour_difference, played_colours
from pairing.engine.history import (
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    received_point_without_playing,
)
from pairing.engine.model import Colour, PairingNumber, Points, TournamentState
from pairing.engine.systems.lim.floats import floated_last_round

WHITE_BIT = 1
BLACK_BIT = 2


def _bit(colour: Colour) -> int:
    """A colour as a bit of :attr:`Entrant.permitted`."""
    return WHITE_BIT if colour is Colour.WHITE else BLACK_BIT


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Entrant:
    """A player to be paired this round with what the Lim rules need to know.

    Compared by identity: each player has exactly one ``Entrant`` per round.
    """

    pairing_number: PairingNumber
    score: Points
    rating: int
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first (Lim 9.1, 12.4)."""
    due: Colour | None
    """The alternate or equalising colour (Lim 12.1, 12.5, 12.6); None before any game."""
    absolute: bool
    """Must have ``due``: same colour twice running, or two more of one (Lim 9.1, 12.3)."""
    permitted: int
    """Colours Lim 9.1 leaves him, as a bit mask of white (1) and black (2)."""
    avoid: frozenset[PairingNumber]
    """Opponents already played (Lim 9.1) and forbidden partners."""
    bye_allowed: bool
    """False after a bye or a point by default (Lim 8.2)."""
    floated_last_round: bool
    """Floated up or down in the round before (Lim 10.10)."""


def due_colour(colours: Sequence[Colour], difference: int) -> tuple[Colour | None, bool]:
    """The colour a player is due and whether it is absolute (Lim 12.1, 12.3, 12.5, 12.6).

    The equalising colour when whites and blacks differ (Lim 12.5, Lim 12.6), otherwise
    the alternate colour (Lim 12.1); none before the first game played.  Our reading of
    Lim 12.3: the due colour is absolute exactly where Lim 9.1 bars the other one, after
    the same colour twice running or with two more of one colour.
    """
    if not colours:
        return None, False
    equalising = Colour.WHITE if difference < 0 else Colour.BLACK
    repeated = len(colours) >= 2 and colours[-1] is colours[-2]
    if abs(difference) >= 2:
        return equalising, True
    if repeated:
        return colours[-1].opposite, True
    if difference:
        return equalising, False
    return colours[-1].opposite, False


def permitted_colours(colours: Sequence[Colour], difference: int) -> int:
    """The colours Lim 9.1 (and 12.1 a, b) allow, as a bit mask.

    A colour is barred when it would be the third in succession or give three more of
    one colour than the other.  Should both be barred (a history outside the rules), the
    equalising colour is allowed.
    """
    mask = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        after = difference + (1 if colour is Colour.WHITE else -1)
        third = len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour
        if abs(after) <= 2 and not third:
            mask |= _bit(colour)
    if not mask:
        mask = WHITE_BIT if difference < 0 else BLACK_BIT
    return mask


def entrants(state: TournamentState) -> list[Entrant]:
    """The players to pair, by pairing number: not withdrawn, no request for the round.

    Our reading of Lim 9.1: players have met only if a game was actually played, so a
    forfeit is no meeting; the event's forbidden pairs are kept apart as if they had met.
    Colours count played games only, oldest first with the gaps closed: a bye between two
    whites does not break a run of the same colour.
    """
    requested = {request.pairing_number for request in state.requests}
    scores = pairing_scores(state)
    floated = floated_last_round(state)
    forbidden = forbidden_opponents(state)
    result = []
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        if player.withdrawn or player.pairing_number in requested:
            continue
        colours = played_colours(player)
        difference = colour_difference(player)
        due, absolute = due_colour(colours, difference)
        result.append(
            Entrant(
                pairing_number=player.pairing_number,
                score=scores[player.pairing_number],
                rating=player.rating,
                colours=colours,
                due=due,
                absolute=absolute,
                permitted=permitted_colours(colours, difference),
                avoid=opponents_met(player) | forbidden.get(player.pairing_number, set()),
                bye_allowed=not received_point_without_playing(player),
                floated_last_round=floated[player.pairing_number],
            )
        )
    return result
