"""A frozen dataclass made without its ``__init__`` (``core.frozen``, #35) is the value
``cls(...)`` makes: equal, with the same hash and ``repr``, and as frozen."""

from __future__ import annotations

import dataclasses
import random

import pytest

from swissweb.tournament.core.frozen import frozen_maker
from swissweb.tournament.rounds.engine_adapter import game_record
from swissweb.tournament.rounds.engine_door import Colour, GameRecord, Outcome, PairingNumber
from swissweb.tournament.standings.selectors import CrossCell, cross_cell


def test_game_records_made_in_bulk_equal_those_made_by_keywords() -> None:
    """Every kind of round record, made either way, compares, hashes and prints the same."""
    rng = random.Random(35)
    for _ in range(200):
        opponent = rng.choice([None, PairingNumber(rng.randrange(1, 2000))])
        colour = None if opponent is None else rng.choice(list(Colour))
        values = (rng.randrange(1, 12), opponent, colour, rng.choice(list(Outcome)))
        made = game_record(*values)
        expected = GameRecord(
            round_number=values[0], opponent=values[1], colour=values[2], outcome=values[3]
        )
        assert type(made) is GameRecord
        assert made == expected and hash(made) == hash(expected)
        assert repr(made) == repr(expected) and made.played == expected.played


def test_cross_cells_made_in_bulk_equal_those_made_by_the_class() -> None:
    """A crosstable cell made in bulk is the cell ``CrossCell(...)`` makes."""
    for values in [(7, "w", "1"), (None, "", "+"), (1999, "b", "½")]:
        made = cross_cell(*values)
        assert made == CrossCell(*values) and hash(made) == hash(CrossCell(*values))
        assert repr(made) == repr(CrossCell(*values))


def test_a_value_made_in_bulk_stays_frozen() -> None:
    """Writing a field of a value made without ``__init__`` is refused as for any other."""
    made = game_record(1, None, None, Outcome.FORFEIT_WIN)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.outcome = Outcome.WIN  # type: ignore[misc]  # the write a frozen value refuses


@dataclasses.dataclass(slots=True)
class Unfrozen:
    a: int
    b: int
    c: int


@dataclasses.dataclass(frozen=True)
class WithoutSlots:
    a: int
    b: int
    c: int


@dataclasses.dataclass(frozen=True, slots=True)
class Checked:
    a: int
    b: int
    c: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@dataclasses.dataclass(frozen=True, slots=True)
class Defaulted:
    a: int
    b: int
    c: list[int] = dataclasses.field(init=False, default_factory=list)


@dataclasses.dataclass(frozen=True, slots=True)
class Two:
    a: int
    b: int


@pytest.mark.parametrize("cls", [Unfrozen, WithoutSlots, Checked, Defaulted, Two])
def test_a_class_whose_init_does_more_is_refused(cls: type[object]) -> None:
    """Not frozen, no slots, a ``__post_init__``, a field ``__init__`` fills itself, or
    a number of fields it is not made for: refused, not made wrongly."""
    with pytest.raises(TypeError):
        frozen_maker(cls)


def test_a_maker_takes_exactly_the_fields() -> None:
    """A missing or extra value is an error, as it is for the class itself."""
    with pytest.raises(TypeError):
        cross_cell(1, "w")  # type: ignore[call-arg]  # one value missing on purpose
    with pytest.raises(TypeError):
        game_record(1, None, None, Outcome.WIN, 5)  # type: ignore[call-arg]  # one too many
