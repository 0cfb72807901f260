"""TRF-2026 records read and written as the specification defines them (#32).

The specification (FIDE Handbook C.02.03 Annexure A, "Tournament Report File Format
Version 2026", approved 12/05/2025) and its table of tournament types for record 192
(Annexure C, ETT26): the 192 codes of the Dutch system, the 240 byes, the 250 accelerated
rounds and the 260 prohibited pairings, each with the columns the specification gives.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from pairing.engine import pair_round
from pairing.engine.errors import TrfError
from pairing.engine.model import AcceleratedPoints, PairingNumber, Points, RequestKind
from pairing.engine.trf import (
    accelerated_rounds_lines,
    pairing_system,
    read_trf,
    state_from_trf,
    tournament_type,
    tournament_type_line,
    trf_from_state,
    write_trf,
)

from .builders import build
from .test_trf import TINY, tiny


@pytest.mark.parametrize(
    ("start", "baku", "line"),
    [
        (None, False, "192 FIDE_DUTCH"),
        (dt.date(2026, 2, 1), True, "192 FIDE_DUTCH_BAKU"),
        (dt.date(2026, 11, 27), False, "192 FIDE_DUTCH"),
        (dt.date(2026, 1, 31), False, "192 FIDE_DUTCH_2026"),
        (dt.date(2025, 9, 1), True, "192 FIDE_DUTCH_2026_BAKU"),
    ],
)
def test_trf2026_192_writes_a_code_of_ett26_naming_the_dutch_of_2026(
    start: dt.date | None, baku: bool, line: str
) -> None:
    """ETT26 (the Handbook's table) names the Dutch text applied from 1 February 2026
    FIDE_DUTCH_2026, and plain FIDE_DUTCH the text in force when the event starts: plain
    for an event starting then or later (bbpPairings v6.0.0 reads only that), the dated
    code before.  FIDE_DUTCH_2025, the code of the TEC's earlier table, is not written."""
    assert tournament_type_line("dutch", baku=baku, start=start) == line
    assert tournament_type_line("lim", baku=False, start=start) is None


def test_trf2026_192_written_for_a_state_follows_its_042_date() -> None:
    """The generator's file names its 042 start date's code."""
    state = state_from_trf(read_trf(tiny()))
    early = write_trf(trf_from_state(state, system="dutch", headers=[("042", "2025/12/01")]))
    late = write_trf(trf_from_state(state, system="dutch", headers=[("042", "2026/03/01")]))
    assert "192 FIDE_DUTCH_2026\r\n" in early and "192 FIDE_DUTCH\r\n" in late
    assert tournament_type(read_trf(early)) == tournament_type(read_trf(late)) == ("dutch", False)


@pytest.mark.parametrize(
    ("code", "baku"),
    [
        ("FIDE_DUTCH_2026", False),
        ("FIDE_DUTCH_2026_BAKU", True),
        ("fide_dutch_2026", False),
        ("FIDE_DUTCH_2025", False),
        ("FIDE_DUTCH_2025_BAKU", True),
    ],
)
def test_trf2026_192_dutch_codes_of_both_tables_are_read(code: str, baku: bool) -> None:
    """The Handbook's code and the TEC table's (which bbpPairings still writes) both name
    the Dutch system of 1 February 2026, the one implemented here."""
    doc = read_trf(tiny(f"192 {code}"))
    assert tournament_type(doc) == ("dutch", baku)
    named = pairing_system(doc)
    assert named is not None and named.value == "dutch"


@pytest.mark.parametrize(
    ("start", "expected"),
    [("2026/02/01", ("dutch", True)), ("2026/05/10", ("dutch", True)), (None, ("dutch", True)),
     ("2026/01/31", None), ("2025/07/01", None)],
)  # fmt: skip
def test_trf2026_192_bare_fide_dutch_follows_the_start_date(
    start: str | None, expected: tuple[str, bool] | None
) -> None:
    """ETT26: plain FIDE_DUTCH is the 2017 text for an event that started before 1 February
    2026 and the 2026 text from then on; without a 042 date, the text in force today."""
    head = [f"042 {start}"] if start else []
    doc = read_trf("\n".join([*TINY[:1], *head, *TINY[1:], "192 FIDE_DUTCH_BAKU"]))
    assert tournament_type(doc) == expected
    assert bool(state_from_trf(doc).options.acceleration) is (expected is not None)


@pytest.mark.parametrize("text", ["192 FIDE_DUTCH_2017", "192 FIDE_DUTCH_2017_BAKU"])
def test_trf2026_192_the_2017_dutch_is_named_not_taken_for_another(text: str) -> None:
    """A file paired by the 2017 Dutch text names a system not implemented here: it is
    named as written (so an import refuses it) and asks for no acceleration here."""
    doc = read_trf(tiny(text))
    named = pairing_system(doc)
    assert named is not None and named.value == text[4:] and named.line == len(TINY) + 1
    assert tournament_type(doc) is None
    assert not state_from_trf(doc).options.acceleration


def test_trf2026_250_disregards_the_acceleration_of_192() -> None:
    """For ITDX, 250 records cause any acceleration method in record 192 to be disregarded:
    the file's own points are the acceleration, Baku is not switched on besides."""
    state = state_from_trf(
        read_trf(tiny("192 FIDE_DUTCH_2025_BAKU", "250      01.0 001 001 0001 0002"))
    )
    assert not state.options.acceleration
    assert {(a.pairing_number, a.round_number) for a in state.acceleration} == {(1, 1), (2, 1)}


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("250      00.0 001 002 0001 0002", 10, "250 game points must not be 0.0"),
        ("250      0.00 001 002 0001 0002", 10, "250 game points must not be 0.0"),
        ("250 01.0      001 002 0001 0002", 5, "250 match points are for team events"),
        ("250 01.0 01.0 001 002 0001 0002", 5, "250 match points are for team events"),
        ("250      01.0 000 002 0001 0002", 15, "250 first round 0 is not a round"),
        ("250      01.0 003 002 0001 0002", 19, "250 last round 2 is before the first, 3"),
        ("250      01.0 001 002 0000 0002", 23, "250 first player 0 is not a player"),
        ("250      01.0 001 002 0003 0002", 28, "250 last player 2 is before the first, 3"),
    ],
)
def test_trf2026_250_individual_records_read_as_specified(
    record: str, column: int, message: str
) -> None:
    """250 in an individual event: match points (columns 5-8) empty, game points (10-13)
    other than 0.0, first round and player no later than the last."""
    with pytest.raises(TrfError, match=message) as error:
        read_trf(tiny(record))
    assert (error.value.line, error.value.column) == (len(TINY) + 1, column)


def test_trf2026_250_zero_match_points_are_harmless() -> None:
    """The specification's own example writes 00.0 match points; read as none."""
    state = state_from_trf(read_trf(tiny("250 00.0 01.0 001 001 0001 0001")))
    assert [(a.pairing_number, a.round_number, a.points) for a in state.acceleration] == [(1, 1, 2)]


def test_trf2026_250_team_records_are_left_to_team_events() -> None:
    """In a team event (a 310 record) a 250 of match points only is the teams' own."""
    team = "310   1 Alpha                            ALP                         1    2"
    state = state_from_trf(read_trf(tiny(team, "250 02.0      001 002 0001 0001")))
    assert state.acceleration == ()


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("260 000 002    1    2", 5, "260 first round 0 is not a round"),
        ("260 004 002    1    2", 9, "260 last round 2 is before the first, 4"),
        ("260 001 002    1", 18, "260 needs at least two players"),
    ],
)
def test_trf2026_260_records_read_as_specified(record: str, column: int, message: str) -> None:
    """260: first round at 5-7 no later than the last at 9-11, then at least two players."""
    with pytest.raises(TrfError, match=message) as error:
        read_trf(tiny(record))
    assert (error.value.line, error.value.column) == (len(TINY) + 1, column)


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("240 H 000    2", 7, "240 round 0 is not a round"),
        ("240 H 005", 11, "240 needs at least one player"),
        ("240 U 005    2", 5, "a pairing-allocated bye is written U in the player's round"),
    ],
)
def test_trf2026_240_records_read_as_specified(record: str, column: int, message: str) -> None:
    """240: type F, H or Z at 5 (the pairing-allocated bye is the 001 code U, for teams
    the 320 record), round 7-9 from 1, then at least one player."""
    with pytest.raises(TrfError, match=message) as error:
        read_trf(tiny(record))
    assert (error.value.line, error.value.column) == (len(TINY) + 1, column)


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("240 H 001    1", 11, "player 1 has a game in round 1"),
        ("240 F 002    2", 11, "player 2's round 2 is U, not F"),
        ("240 H 001    3", 11, "player 3's round 1 is Z, not H"),
        ("240 Z 004    2    1", 16, "player 1's round 4 is H, not Z"),
    ],
)
def test_trf2026_240_pab_kinds_agree_with_the_players_rounds(
    record: str, column: int, message: str
) -> None:
    """For individuals a 240 duplicates the 001 rounds: a bye for a round a player's line
    already records must be the one recorded there (a blank round is Z)."""
    with pytest.raises(TrfError, match=message) as error:
        read_trf(tiny(record))
    assert (error.value.line, error.value.column) == (len(TINY) + 1, column)


def test_trf2026_240_that_repeats_the_001_rounds_is_read() -> None:
    """The same byes as the 001 lines, and a request for the round to pair, are read."""
    state = state_from_trf(
        read_trf(tiny("240 Z 001    3", "240 H 004    1", "240 Z 004    3", "240 F 004    2"))
    )
    assert {r.pairing_number: r.kind for r in state.requests} == {
        1: RequestKind.HALF_POINT_BYE,
        2: RequestKind.FULL_POINT_BYE,
        3: RequestKind.ABSENT,
    }


def _without_our_records(text: str) -> str:
    """The file as a program that reads no SW record sees it (bbpPairings, JaVaFo)."""
    return "\r\n".join(line for line in text.split("\r\n") if not line.startswith("SW"))


def test_a_withdrawn_player_is_written_not_paired_in_the_round_to_pair() -> None:
    """A withdrawal is SWW, ours alone; the round to pair's column also says ``0000 - Z``,
    how bbpPairings and JaVaFo leave a player out of it, so a program that reads no SW
    record pairs the same players as we do (FIDE C.04.2 3.2: a withdrawn player is not
    paired)."""
    state = build(4, [[(1, 3, "1-0"), (4, 2, "=")], [(2, 1, "0-1"), (3, 4, "1-0")]],
                  withdrawn=[3])  # fmt: skip
    text = write_trf(trf_from_state(state, system="dutch"))
    gamma = next(line for line in text.split("\r\n") if line.startswith("001    3"))
    assert gamma[111:] == "0000 - Z"
    assert state_from_trf(read_trf(text)) == state
    other = state_from_trf(read_trf(_without_our_records(text)))
    assert not other.players[2].withdrawn
    assert [(r.pairing_number, r.kind) for r in other.requests] == [(3, RequestKind.ABSENT)]
    paired = pair_round(other, "dutch", seed=1)
    seated = {n for b in paired.boards for n in (b.white, b.black)}
    assert 3 not in seated
    assert seated | {paired.pairing_allocated_bye} == {1, 2, 4}


def test_a_withdrawn_player_after_the_last_round_needs_no_column() -> None:
    """After the last round there is no round to pair: nothing is written past it."""
    state = build(2, [[(1, 2, "1-0")]], total_rounds=1, withdrawn=[2])
    text = write_trf(trf_from_state(state))
    assert all(len(line) <= 99 for line in text.split("\r\n") if line.startswith("001"))


def _bonus(number: int, round_number: int, half_points: int) -> AcceleratedPoints:
    return AcceleratedPoints(pairing_number=PairingNumber(number), round_number=round_number,
                             points=Points(half_points))  # fmt: skip


def test_trf2026_250_written_for_imaginary_points_beside_xxa() -> None:
    """Imaginary points are also written as TRF-2026 250 records: a run of consecutive
    players with the same points in a run of consecutive rounds each, match points
    empty.  Players 1-2 and 4 have 1.0 in rounds 1-2; player 4 0.5 in round 3."""
    given = [_bonus(n, r, 2) for n in (1, 2, 4) for r in (1, 2)] + [_bonus(4, 3, 1)]
    assert accelerated_rounds_lines(given) == [
        "250      01.0 001 002 0001 0002",
        "250      01.0 001 002 0004 0004",
        "250      00.5 003 003 0004 0004",
    ]


def test_trf2026_250_and_xxa_of_the_same_points_count_once() -> None:
    """A file with both (ours, the 250 records after the XXA lines, which bbpPairings
    appends) reads the same points as with either alone; one without XXA (a TRF-2026
    program's) reads them from the 250 records."""
    state = dataclasses.replace(build(4), acceleration=tuple(
        _bonus(n, r, 2) for n in (1, 2) for r in (1, 2)))  # fmt: skip
    text = write_trf(trf_from_state(state))
    tags = [line[:3] for line in text.split("\r\n")]
    assert "250      01.0 001 002 0001 0002" in text.split("\r\n")
    assert max(i for i, tag in enumerate(tags) if tag == "XXA") < tags.index("250")
    assert state_from_trf(read_trf(text)).acceleration == state.acceleration
    only_250 = "\r\n".join(line for line in text.split("\r\n") if not line.startswith("XXA"))
    assert set(state_from_trf(read_trf(only_250)).acceleration) == set(state.acceleration)


def test_trf2026_250_that_disagrees_with_xxa_is_refused_at_its_game_points() -> None:
    """Two records giving a player's round different points: the file is refused at the
    250 record's game points rather than one of them chosen."""
    doc = read_trf(tiny("XXA    1  1.0", "250      00.5 001 001 0001 0002"))
    with pytest.raises(
        TrfError, match="250 player 1 has 0.5 points in round 1, but 1.0 by XXA"
    ) as error:
        state_from_trf(doc)
    assert (error.value.line, error.value.column) == (len(TINY) + 2, 10)
