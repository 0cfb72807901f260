"""The columns of a player that the engine's snapshot reads (``engine_adapter``), read
without a model instance.

At 1,000 players a model instance each cost the draft review's first view 17 ms of
its 200 ms (#36); the columns as a frozen dataclass cost a few.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from swissweb.tournament import models
from swissweb.tournament.core.frozen import frozen_maker


class PlayerFacts(Protocol):
    """What ``engine_adapter.engine_player`` and ``state_for_round`` read of a player:
    a ``models.Player`` or a ``PlayerColumns``."""

    @property
    def pk(self) -> int: ...
    @property
    def pairing_number(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> int: ...
    @property
    def national_rating(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def club(self) -> str: ...
    @property
    def top_player(self) -> bool: ...
    @property
    def federation(self) -> str: ...
    @property
    def area(self) -> str: ...
    @property
    def withdrawn_after_round(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class PlayerColumns:
    """A player's columns that ``PlayerFacts`` names, as ``event_players`` reads them."""

    pk: int
    pairing_number: int | None
    name: str
    rating: int
    national_rating: int
    title: str
    club: str
    top_player: bool
    federation: str
    area: str
    withdrawn_after_round: int | None


COLUMNS = (
    "pk", "pairing_number", "name", "rating", "national_rating", "title", "club",
    "top_player", "federation", "area", "withdrawn_after_round",
)  # fmt: skip
"""The columns read, in the order of ``PlayerColumns``'s fields."""


def event_players(event: models.Event) -> list[PlayerColumns]:
    """The players of ``event`` in the order ``event.players.all()`` gives (one query)."""
    make = _make_columns
    return [make(*row) for row in event.players.values_list(*COLUMNS)]


_make_columns: Callable[..., PlayerColumns] = frozen_maker(PlayerColumns, COLUMNS)
"""``PlayerColumns`` from a row of ``COLUMNS``, without its ``__init__`` (``core.frozen``)."""


@dataclass(frozen=True, slots=True)
class PlayerDetails:
    """``PlayerColumns``'s columns and the rest that a standings line shows of a player
    (``PlayerRow``) and its rating change reads (``rating_change.player_k``).

    The standings of 2,000 players made a model instance each, their timestamps
    converted, for these values (#35)."""

    pk: int
    pairing_number: int | None
    name: str
    rating: int
    national_rating: int
    title: str
    club: str
    top_player: bool
    federation: str
    area: str
    withdrawn_after_round: int | None
    fide_id: int | None
    sex: str
    birth_date: datetime.date | None
    birth_year: int | None
    national_list: str
    k_factor: int | None


DETAIL_COLUMNS = (
    *COLUMNS, "fide_id", "sex", "birth_date", "birth_year", "national_list", "k_factor",
)  # fmt: skip
"""The columns read for ``PlayerDetails``, in the order of its fields."""


def event_player_details(event: models.Event) -> list[PlayerDetails]:
    """The players of ``event`` with their ``PlayerDetails``, in the order
    ``event.players.all()`` gives (one query)."""
    make = _make_details
    return [make(*row) for row in event.players.values_list(*DETAIL_COLUMNS)]


_make_details: Callable[..., PlayerDetails] = frozen_maker(PlayerDetails, DETAIL_COLUMNS)
"""``PlayerDetails`` from a row of ``DETAIL_COLUMNS``, without its ``__init__``
(``core.frozen``): a standings reads 2,000 (#35)."""
