"""Colour history, colour difference, preferences and allocation, shared by the systems.

Dutch A7 (colour difference and the three strengths of preference), B2 (the colour
limits), E1-E4 (colour allocation), F2 (unplayed games do not count for colours) and F3
(a colour history with gaps is read with the gaps moved to the front).  The Dutch 1992
system and the SB-ordered system (which takes these rules over, SB 7) both call them;
the preferences and their allocation are in ``colour_allocation``, read from there when
first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Colour, Outcome, Player, TournamentState

if TYPE_CHECKING:
    from .colour_allocation import (
        ColourCard,
        Strength,
        colour_preference,
        may_take,
        preferred_colours,
    )


def initial_colour(state: TournamentState, seed: int) -> Colour:
    """The top seed's colour in round 1: the event's own, else drawn by lot from ``seed``
    (Dutch A7c, C.04.3 of 2026 Article 5.1, SB 7)."""
    if state.initial_colour is not None:
        return state.initial_colour
    import random  # only a draw by lot needs it; most rounds' files give the colour

    return random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)
"""The outcomes of a game actually played (FIDE C.04.2 3.4): a set, as the history loops
below run for every record of every player before each round."""


def colour_history(player: Player) -> tuple[Colour | None, ...]:
    """The colour of each round, ``None`` where no game was played (FIDE C.04.2 3.4)."""
    return tuple(record.colour if record.outcome in _PLAYED else None for record in player.history)


def played_colours(player: Player) -> tuple[Colour, ...]:
    """The colours of the games actually played, oldest first, gaps removed (FIDE C.04.2 3.4).

    F3: ``BWW-B`` is treated as ``-BWWB``: only the order of the played games counts.
    """
    return tuple(
        record.colour
        for record in player.history
        if record.colour is not None and record.outcome in _PLAYED
    )


def colour_difference(player: Player) -> int:
    """Games played with white minus games played with black (Dutch A7)."""
    return difference_of(played_colours(player))


def difference_of(colours: tuple[Colour, ...]) -> int:
    """White games minus black games among ``colours`` (Dutch A7): for a caller that has
    the played colours already (:func:`played_colours`)."""
    return colours.count(Colour.WHITE) - colours.count(Colour.BLACK)


def last_colours(player: Player, count: int) -> tuple[Colour, ...]:
    """The colours of the latest ``count`` played games, most recent last (FIDE C.04.2 3.4)."""
    colours = played_colours(player)
    return colours[-count:] if count else ()


_ALLOCATION = frozenset(
    {"ColourCard", "Strength", "colour_preference", "may_take", "preferred_colours"}
)
"""What ``colour_allocation`` gives this module, read from it when first asked for."""


def __getattr__(name: str) -> object:
    if name in _ALLOCATION:
        from . import colour_allocation  # loaded on first use: see _ALLOCATION

        return getattr(colour_allocation, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ColourCard",
    "Strength",
    "colour_difference",
    "colour_history",
    "colour_preference",
    "difference_of",
    "initial_colour",
    "last_colours",
    "may_take",
    "played_colours",
    "preferred_colours",
]
