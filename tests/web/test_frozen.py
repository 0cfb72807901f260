"""A frozen dataclass made without its ``__init__`` (``core.frozen``, #35) is the value
``cls(...)`` makes: equal, with the same hash and ``repr``, and as frozen."""

from __future__ import annotations

import dataclasses
import random

import pytest

from swissweb.tournament.core.frozen import frozen_maker
from swissweb.tournament.rounds.engine_door import (
    Colour,
    EnginePlayer,
    EngineTitle,
    GameRecord,
    Outcome,
    PairingNumber,
)
from swissweb.tournament.rounds.engine_makers import game_record, player_maker
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


def test_engine_players_made_in_bulk_equal_those_made_by_keywords() -> None:
    """The engine's player made from his values in order is the one the keywords make."""
    history = (game_record(1, PairingNumber(2), Colour.WHITE, Outcome.DRAW),)
    made = player_maker(
        PairingNumber(7), "Name", 2100, EngineTitle.IM, "Club", True, "ENG", "North", True,
        history,
    )  # fmt: skip
    expected = EnginePlayer(
        pairing_number=PairingNumber(7), name="Name", rating=2100, title=EngineTitle.IM,
        club="Club", top_player=True, federation="ENG", area="North", withdrawn=True,
        history=history,
    )  # fmt: skip
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)


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


@pytest.mark.parametrize("cls", [Unfrozen, WithoutSlots, Checked, Defaulted])
def test_a_class_whose_init_does_more_is_refused(cls: type[object]) -> None:
    """Not frozen, no slots, a ``__post_init__`` or a field ``__init__`` fills itself:
    refused, not made wrongly."""
    with pytest.raises(TypeError):
        frozen_maker(cls, ("a", "b", "c"))


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Wide:
    a: int
    b: str
    c: int | None = None
    d: tuple[int, ...] = ()
    e: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Pair:
    a: int
    b: int


def test_a_class_of_any_number_of_fields_is_made_as_by_keywords() -> None:
    """Two fields, or five with defaults and keywords only: the values, every field
    given in order, are those the class makes."""
    make_wide = frozen_maker(Wide, ("a", "b", "c", "d", "e"))
    make_pair = frozen_maker(Pair, ("a", "b"))
    for values in [(1, "x", None, (), False), (2, "<y>", 3, (4, 5), True)]:
        made = make_wide(*values)
        expected = Wide(a=values[0], b=values[1], c=values[2], d=values[3], e=values[4])
        assert made == expected and hash(made) == hash(expected)
        assert repr(made) == repr(expected)
    assert make_pair(1, 2) == Pair(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        make_wide(1, "x", None, (), False).a = 2  # type: ignore[misc]  # refused, as tested


def test_a_maker_takes_exactly_the_fields() -> None:
    """A missing or extra value is an error, as it is for the class itself, whatever
    the number of fields."""
    with pytest.raises(TypeError):
        cross_cell(1, "w")  # type: ignore[call-arg]  # one value missing on purpose
    with pytest.raises(TypeError):
        game_record(1, None, None, Outcome.WIN, 5)  # type: ignore[call-arg]  # one too many
    with pytest.raises(TypeError):
        frozen_maker(Wide, ("a", "b", "c", "d", "e"))(1, "x", None, ())
    with pytest.raises(TypeError):
        frozen_maker(Pair, ("a", "b"))(1, 2, 3)


@pytest.mark.parametrize("names", [("b", "a"), ("a",), ("a", "b", "c"), ("a", "c")])
def test_fields_named_out_of_order_are_refused(names: tuple[str, ...]) -> None:
    """A maker is made only for the class's fields named in their order: a field moved,
    added or renamed is found when the maker is made."""
    with pytest.raises(TypeError):
        frozen_maker(Pair, names)
