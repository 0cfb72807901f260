"""The records of FIDE's rating report that the pairing does not read (TRF16, TRF-2026):
112 deputies, 132 round dates at the round columns, 162 point values, 222 time control."""

from __future__ import annotations

from datetime import date

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.model import Points, PointSystem
from pairing.engine.trf import (
    deputy_arbiter_lines,
    deputy_arbiters,
    point_system,
    point_system_2026_line,
    read_trf,
    round_dates,
    round_dates_line,
    time_control_code,
    valid_time_control_code,
)

PLAYER = "001    1      A                                 1000                             0.0"


def document(*lines: str) -> str:
    return "\n".join(["012 Report", *lines, PLAYER]) + "\n"


def test_trf16_132_writes_each_round_date_at_its_round_columns() -> None:
    """TRF16 132: round 1's date at columns 92-99, round 2's at 102-109, YY/MM/DD; a round
    without a date stays blank."""
    line = round_dates_line([date(2026, 3, 1), None, date(2026, 3, 2)])
    assert line is not None
    assert line[91:99] == "26/03/01" and line[101:109].strip() == ""
    assert line[111:119] == "26/03/02"
    assert round_dates_line([None, None]) is None


def test_trf16_132_reads_back_in_the_century_of_the_start_date() -> None:
    """Two-digit years are read in the century of 042."""
    dates = [date(2026, 3, 1), date(2026, 3, 1), None, date(2026, 3, 3)]
    doc = read_trf(document(round_dates_line(dates) or ""))
    assert round_dates(doc, date(2026, 3, 1)) == {
        1: date(2026, 3, 1),
        2: date(2026, 3, 1),
        4: date(2026, 3, 3),
    }


def test_trf16_132_that_is_not_a_date_names_round_and_column() -> None:
    line = "132".ljust(91) + "26/13/01"
    with pytest.raises(TrfError) as caught:
        round_dates(read_trf(document(line)))
    assert caught.value.column == 92 and "round 1" in caught.value.message


def test_trf16_112_one_record_per_deputy() -> None:
    lines = deputy_arbiter_lines(["IA Ann Deputy (123)", "", "FA Bo Second"])
    assert lines == ["112 IA Ann Deputy (123)", "112 FA Bo Second"]
    assert deputy_arbiters(read_trf(document(*lines, "112 "))) == [
        "IA Ann Deputy (123)",
        "FA Bo Second",
    ]


@pytest.mark.parametrize(
    ("code", "valid"),
    [
        ("5400+30", True),
        ("40/6000+30:900+30", True),
        ("40/6000+30:20/3000+30:1500+30", True),
        ("W300-B240", True),
        ("900", True),
        ("90 min", False),
        ("5400+", False),
        ("W300", False),
        ("", False),
    ],
)
def test_trf_2026_222_time_control_grammar(code: str, valid: bool) -> None:
    """TRF-2026 222: periods M/S, M/S+I, S or S+I joined by ':', or W...-B...."""
    assert valid_time_control_code(code) is valid


def test_trf_2026_222_that_does_not_read_names_its_line() -> None:
    doc = read_trf(document("222 90 minutes"))
    with pytest.raises(TrfError, match="not an encoded time control"):
        time_control_code(doc)
    assert time_control_code(read_trf(document("222 5400+30"))) == "5400+30"


def test_trf_2026_162_writes_what_it_can_say_and_reads_back() -> None:
    """162's W is also the forfeit win and the full-point bye, D the half-point bye, A
    the zero-point bye and the forfeit loss: 3-1-0 scoring reads back whole; the
    defaults and a system 162 cannot say give no line."""
    three = PointSystem(win=Points(6), draw=Points(2), forfeit_win=Points(6),
                        full_point_bye=Points(6), half_point_bye=Points(2),
                        pairing_allocated_bye=Points(6))  # fmt: skip
    line = point_system_2026_line(three)
    assert line == "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"
    assert point_system(read_trf(document(line))) == three
    assert point_system_2026_line(PointSystem()) is None
    assert point_system_2026_line(PointSystem(forfeit_win=Points(1))) is None
