"""Colour history and colour difference, shared by every system.

Dutch A7 (colour difference), F2 (unplayed games do not count for colours) and F3
(a colour history with gaps is read with the gaps moved to the front).
"""

from __future__ import annotations

from .model import Colour, Player


def colour_history(player: Player) -> tuple[Colour | None, ...]:
    """The colour of each round, ``None`` where no game was played (Dutch F2, F3)."""
    return tuple(record.colour if record.played else None for record in player.history)


def played_colours(player: Player) -> tuple[Colour, ...]:
    """The colours of the games actually played, oldest first, gaps removed (Dutch F3).

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
    """The colours of the latest ``count`` played games, most recent last (Dutch F3)."""
    colours = played_colours(player)
    return colours[-count:] if count else ()
