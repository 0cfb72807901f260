"""A player as the read pages show one: plain values, no database object (#33).

The selectors of every domain (the players, a card, the boards, the standings) hand
the pages this, so a template or a cached value never holds a model instance, and
nothing can read the database behind a page's back.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from swissweb.tournament.core.frozen import frozen_maker
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.models import Player, RatingBasis


class ShownPlayer(Protocol):
    """What :meth:`PlayerRow.of` reads of a player: a ``Player`` or the columns
    ``player_columns.event_player_details`` reads without one (#35)."""

    @property
    def pk(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def pairing_number(self) -> int | None: ...
    @property
    def title(self) -> str: ...
    @property
    def rating(self) -> int: ...
    @property
    def federation(self) -> str: ...
    @property
    def club(self) -> str: ...
    @property
    def area(self) -> str: ...
    @property
    def top_player(self) -> bool: ...
    @property
    def withdrawn_after_round(self) -> int | None: ...
    @property
    def fide_id(self) -> int | None: ...
    @property
    def sex(self) -> str: ...
    @property
    def birth_date(self) -> datetime.date | None: ...
    @property
    def birth_year(self) -> int | None: ...
    @property
    def national_rating(self) -> int: ...
    @property
    def national_list(self) -> str: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    """What the pages show of one player (the names are the model's, for the templates)."""

    pk: int
    name: str
    pairing_number: int | None
    title: str
    rating: int
    federation: str
    club: str
    area: str
    top_player: bool
    withdrawn_after_round: int | None
    fide_id: int | None
    sex: str
    birth_year: int | None
    """The year of birth: the birth date's when known, else the year given alone."""
    national_rating: int = 0
    national_list: str = ""
    ranked_rating: int = 0
    """The rating the event pairs and ranks on (``core.rating_basis``); ``rating`` is
    the FIDE rating."""

    @classmethod
    def of(cls, player: ShownPlayer, basis: str = RatingBasis.FIDE) -> PlayerRow:
        """The row of a player read from the database (no further query), ranked on
        the rating ``basis`` chooses (the event's ``rating_basis``).

        Made without the dataclass's ``__init__`` (``core.frozen``): a standings makes
        2,000 rows, and sixteen keywords each cost more than its line's other values
        (#35)."""
        return _make_row(
            player.pk,
            player.name,
            player.pairing_number,
            player.title,
            player.rating,
            player.federation,
            player.club,
            player.area,
            player.top_player,
            player.withdrawn_after_round,
            player.fide_id,
            player.sex,
            player.birth_date.year if player.birth_date else player.birth_year,
            player.national_rating,
            player.national_list,
            pairing_rating(basis, player),
        )


_make_row: Callable[..., PlayerRow] = frozen_maker(
    PlayerRow,
    ("pk", "name", "pairing_number", "title", "rating", "federation", "club", "area",
     "top_player", "withdrawn_after_round", "fide_id", "sex", "birth_year",
     "national_rating", "national_list", "ranked_rating"),
)  # fmt: skip
"""``PlayerRow`` from its values in that order (``PlayerRow.of``)."""


def in_pairing_order(players: Iterable[Player], basis: str = RatingBasis.FIDE) -> list[Player]:
    """``players`` by pairing number, the entries without one last (by the rating
    ``basis`` chooses, then name)."""
    return sorted(
        players,
        key=lambda p: (
            p.pairing_number is None,
            p.pairing_number or 0,
            -pairing_rating(basis, p),
            p.name,
        ),
    )
