"""How the explanations write pairing numbers, points and colours."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.engine.messages import Message, Value, chained, words
from pairing.engine.model import Colour
from pairing.engine.systems.esca.cards import Card

SHOWN = 4
"""How many players an explanation names before it says "and others"."""


def numbers(cards: Iterable[Card]) -> str | Message:
    """Pairing numbers as a list for an explanation, at most :data:`SHOWN` of them."""
    listed = [str(c.pairing_number) for c in cards]
    if len(listed) > SHOWN:
        return words("explain.esca.and_others", players=", ".join(listed[:SHOWN]))
    return ", ".join(listed)


def clauses(parts: Sequence[Value]) -> Value:
    """Clauses of an explanation joined by semicolons, as one value."""
    return chained("explain.semicolon", parts)


def points_text(points: int) -> str:
    """Half-points as the arbiter writes them: ``1½``, ``½``."""
    whole, half = divmod(points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def colour_word(colour: Colour | None) -> str:
    """A colour in words, for explanations."""
    return {Colour.WHITE: "white", Colour.BLACK: "black", None: "no colour"}[colour]


def names_rule(skipped: Message | None, rule: str) -> bool:
    """True when a passed-over clause names ``rule`` (a same-school opponent, ESCA 7)."""
    return skipped is not None and rule in str(skipped)
