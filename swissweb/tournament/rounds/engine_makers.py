"""The engine's values that the state of a large event holds by the thousand, made
without their dataclasses' ``__init__`` (``core.frozen``, #35): the players' round
records and the players themselves (``engine_adapter``)."""

from __future__ import annotations

from collections.abc import Callable

from swissweb.tournament.core.frozen import frozen_maker
from swissweb.tournament.rounds.engine_door import (
    Colour,
    EnginePlayer,
    EngineTitle,
    GameRecord,
    Outcome,
    PairingNumber,
)

game_record: Callable[[int, PairingNumber | None, Colour | None, Outcome], GameRecord] = (
    frozen_maker(GameRecord, ("round_number", "opponent", "colour", "outcome"))
)
"""``GameRecord`` from its values in that order: a standings of 2,000 x 11 makes 22,000."""

player_maker: Callable[
    [PairingNumber, str, int, EngineTitle, str, bool, str, str, bool, tuple[GameRecord, ...]],
    EnginePlayer,
] = frozen_maker(
    EnginePlayer,
    ("pairing_number", "name", "rating", "title", "club", "top_player", "federation", "area",
     "withdrawn", "history"),
)  # fmt: skip
"""The engine's ``Player`` from its values in that order, every field given: a state
of 2,000 players makes 2,000."""


__all__ = ["game_record", "player_maker"]
