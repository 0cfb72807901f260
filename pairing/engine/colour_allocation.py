"""Colour preferences and their allocation between two players: Dutch A7 (the three
strengths of preference), B2 (the colour limits) and E1-E4 (colour allocation), as the
1992 Dutch system and the SB-ordered system (which takes these rules over, SB 7) read
them; the histories they are read from are in ``colours``.

A module of its own, which ``colours`` gives on first use: the Dutch system of 2026 has
its own allocation (Article 5), so pairing by it does not build these classes.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .messages import Message, words
from .model import Colour, PairingNumber


class Strength(enum.IntEnum):
    """Strength of a colour preference (Dutch A7); E2 grants the stronger one."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def colour_preference(
    colours: Sequence[Colour], difference: int, *, exempt: bool
) -> tuple[Colour | None, Strength]:
    """A player's colour preference and its strength (Dutch A7 a-c, F3).

    Absolute when the colour difference is beyond +-1 or the last two games had the same
    colour (not for a player over 50% in the last round); strong when the difference is
    not zero; mild otherwise, alternating with the last game played.  When the two
    reasons for an absolute preference disagree the difference decides if it is beyond
    +-1, the repeated colour otherwise (B2b forbids a third game with that colour).
    """
    repeated = len(colours) >= 2 and colours[-1] is colours[-2]
    if not exempt:
        if difference > 1:
            return Colour.BLACK, Strength.ABSOLUTE
        if difference < -1:
            return Colour.WHITE, Strength.ABSOLUTE
        if repeated:
            return colours[-1].opposite, Strength.ABSOLUTE
    if difference:
        return (Colour.WHITE if difference < 0 else Colour.BLACK), Strength.STRONG
    if colours:
        return colours[-1].opposite, Strength.MILD
    return None, Strength.NONE


def may_take(colours: Sequence[Colour], difference: int, colour: Colour) -> bool:
    """True when receiving ``colour`` keeps B2a (difference within +-2) and B2b (Dutch B2)."""
    after = difference + (1 if colour is Colour.WHITE else -1)
    if abs(after) > 2:
        return False
    return not (len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour)


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourCard:
    """What the colour allocation rules need to know about one player (Dutch E1-E4)."""

    number: PairingNumber
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first (F2, F3)."""
    preference: Colour | None
    strength: Strength


def preferred_colours(high: ColourCard, low: ColourCard) -> tuple[Colour, str, Message] | None:
    """The higher ranked player's colour by Dutch E1-E4, the rule ("E1".."E4") and why.

    E1 grants both preferences (a player without one has nothing to grant); E2 the
    stronger; E3 alternates from the most recent round in which the two had different
    colours (played games only, F3); E4 the higher ranked player's preference.  ``None``
    when neither player has a preference: E4's round-1 rule is the caller's.
    """
    hp, lp = high.preference, low.preference
    if hp is None and lp is None:
        return None
    if hp is not None and lp is not None and hp is not lp:
        return hp, "E1", words("explain.colour_both")
    if lp is None:
        assert hp is not None
        return hp, "E1", words("explain.colour_one", player=high.number)
    if hp is None:
        return lp.opposite, "E1", words("explain.colour_one", player=low.number)
    if high.strength != low.strength:
        stronger = high if high.strength > low.strength else low
        assert stronger.preference is not None
        colour = stronger.preference if stronger is high else stronger.preference.opposite
        why = words(
            "explain.colour_stronger",
            player=stronger.number,
            strength=stronger.strength.name.lower(),
        )
        return colour, "E2", why
    for mine, theirs in zip(reversed(high.colours), reversed(low.colours), strict=False):
        if mine is not theirs:
            return mine.opposite, "E3", words("explain.colour_alternated")
    return hp, "E4", words("explain.colour_higher", player=high.number)


__all__ = ["ColourCard", "Strength", "colour_preference", "may_take", "preferred_colours"]
