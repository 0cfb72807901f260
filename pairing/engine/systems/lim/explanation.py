"""How the explanations write pairing numbers, points, colours and rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.engine.messages import Message, Value, chained, words
from pairing.engine.model import Colour
from pairing.engine.systems.lim.players import Entrant

SKIPS_SHOWN = 4
"""How many passed-over opponents an explanation names before saying "and others"."""


def numbers(players: Iterable[Entrant]) -> str | Message:
    """Pairing numbers as a list for explanations."""
    return ", ".join(str(p.pairing_number) for p in players) or words("explain.none")


def points_text(score: float) -> Message:
    """Half-points as points for explanations: 3 is "1.5 points", 2 is "1 point"."""
    code = "explain.lim.point" if score == 2 else "explain.lim.points"
    return words(code, points=f"{score / 2:g}")


def clauses(parts: Sequence[Value]) -> Value:
    """Clauses of an explanation joined by semicolons, as one value."""
    return chained("explain.semicolon", parts)


def colour_word(colour: Colour | None) -> str:
    """``white`` or ``black``."""
    return colour.name.lower() if colour is not None else "no colour"


def rule_list(rules: Iterable[str]) -> str:
    """Rule references as one: ("Lim 9.4", "Lim 12.5") is "Lim 9.4, 12.5"."""
    numbers = list(dict.fromkeys(r.removeprefix("Lim ") for r in rules))
    return "Lim " + ", ".join(numbers)
