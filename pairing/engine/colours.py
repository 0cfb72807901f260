"""Colour history, colour difference, preferences and allocation, shared by the systems.

Dutch A7 (colour difference and the three strengths of preference), B2 (the colour
limits), E1-E4 (colour allocation), F2 (unplayed games do not count for colours) and F3
(a colour history with gaps is read with the gaps moved to the front).  The Dutch 1992
system and the SB-ordered system (which takes these rules over, SB 7) both call them.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .messages import Message, words
from .model import Colour, PairingNumber, Player, TournamentState


def initial_colour(state: TournamentState, seed: int) -> Colour:
    """The top seed's colour in round 1: the event's own, else drawn by lot from ``seed``
    (Dutch A7c, C.04.3 of 2026 Article 5.1, SB 7)."""
    if state.initial_colour is not None:
        return state.initial_colour
    import random  # only a draw by lot needs it; most rounds' files give the colour

    return random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


def colour_history(player: Player) -> tuple[Colour | None, ...]:
    """The colour of each round, ``None`` where no game was played (FIDE C.04.2 3.4)."""
    return tuple(record.colour if record.played else None for record in player.history)


def played_colours(player: Player) -> tuple[Colour, ...]:
    """The colours of the games actually played, oldest first, gaps removed (FIDE C.04.2 3.4).

    F3: ``BWW-B`` is treated as ``-BWWB``: only the order of the played games counts.
    """
    return tuple(colour for colour in colour_history(player) if colour is not None)


def colour_difference(player: Player) -> int:
    """Games played with white minus games played with black (Dutch A7)."""
    colours = played_colours(player)
    return sum(1 for c in colours if c is Colour.WHITE) - sum(
        1 for c in colours if c is Colour.BLACK
    )


def last_colours(player: Player, count: int) -> tuple[Colour, ...]:
    """The colours of the latest ``count`` played games, most recent last (FIDE C.04.2 3.4)."""
    colours = played_colours(player)
    return colours[-count:] if count else ()


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
