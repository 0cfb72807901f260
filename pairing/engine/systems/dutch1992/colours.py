"""Which player of a pair has white (Dutch E1-E4).

FIDE Handbook C.04.1 (1992 text) E1-E4, with B2 as the absolute limit, applied through
the shared rules of ``pairing.engine.colours``.
"""

from __future__ import annotations

from pairing.engine.colours import ColourCard, preferred_colours
from pairing.engine.messages import Message, words
from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.brackets import Pair
from pairing.engine.systems.dutch1992.entrants import Entrant


def allocate_colours(pair: Pair, *, initial: Colour) -> tuple[Entrant, Entrant, str, Message]:
    """White, black, the rule that decided and why (Dutch E1-E4, B2).

    Reading of Dutch E1-E4: E1 grants both preferences (a player without one has none to
    grant), E2 the stronger one (absolute, then strong, then mild), E3 compares the two
    players' colours from their latest games backwards and alternates at the first that
    differ (F3: games not played are left out, so the histories are aligned at their
    ends), E4 the preference of the higher ranked player (A2).  When neither player has a
    preference (round 1, or two late entrants) E4's round-1 rule applies: an S1 player at
    an odd position of S1 gets the colour drawn for the top seed, one at an even position
    the other colour.
    """
    a, b = pair.first, pair.second
    high, low = (a, b) if a.key < b.key else (b, a)

    def give(player: Entrant, colour: Colour) -> tuple[Entrant, Entrant]:
        other = low if player is high else high
        return (player, other) if colour is Colour.WHITE else (other, player)

    decided = preferred_colours(_card(high), _card(low))
    if decided is not None:
        colour, rule, why = decided
        white, black = give(high, colour)
    else:
        colour = initial if pair.s1_position % 2 == 1 else initial.opposite
        white, black = give(a, colour)
        rule = "E4"
        why = words(
            "explain.dutch1992.colour_odd"
            if pair.s1_position % 2
            else "explain.dutch1992.colour_even",
            player=a.number,
        )
    if not (_may(white, Colour.WHITE) and _may(black, Colour.BLACK)):
        white, black = black, white
        rule, why = "B2", words("explain.dutch1992.colour_b2")
    return white, black, rule, why


def _card(player: Entrant) -> ColourCard:
    """What Dutch E1-E4 need to know about a player."""
    return ColourCard(
        number=player.number,
        colours=player.colours,
        preference=player.preference,
        strength=player.strength,
    )


def _may(player: Entrant, colour: Colour) -> bool:
    """True when the player may receive this colour (Dutch B2)."""
    return player.may_white if colour is Colour.WHITE else player.may_black
