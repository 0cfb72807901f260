"""The SW records that make the backup lossless (#31): read back as written, and each
malformed one refused at its line and column."""

from __future__ import annotations

import datetime as dt

import pytest

from pairing.engine import trf
from pairing.engine.errors import TrfError

PLAYERS = [
    trf.format_player(trf.TrfPlayer(start_rank=n, name=f"Player, No {n}", rating=1500))
    for n in (1, 2, 3)
]
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _doc(*lines: str) -> trf.TrfDocument:
    return trf.read_trf("\n".join(["012 Lossless", *PLAYERS, *lines]) + "\n")


def test_trf_lossless_records_read_back_as_written() -> None:
    table = 'Place: 500, 300\r\nWomen: "best" 80 \u00e9\u2028'
    ask = trf.TrfAsk(rank=2, kind="bye", round_number=None, state="approved", created_at=T0,
                     decided_at=T0 + dt.timedelta(hours=1))  # fmt: skip
    doc = _doc(
        trf.prize_table_line(table),
        trf.national_id_line(1, "ECF 123456A"),
        trf.birth_year_line(3, 2011),
        trf.access_code_line(2, "Ab-_09xyzXYZ"),
        "XXP    1    3",
        trf.reason_line(1, 3, "Siblings\nand more"),
        trf.ask_line(ask),
    )
    assert trf.prize_table(doc) == table
    assert trf.national_ids(doc) == {1: "ECF 123456A"}
    assert trf.birth_years(doc) == {3: 2011}
    assert trf.access_codes(doc) == {2: "Ab-_09xyzXYZ"}
    assert [(r.first, r.second, r.reason) for r in trf.reasons(doc)] == [
        (1, 3, "Siblings\nand more")
    ]
    assert trf.asks(doc) == [ask]
    assert all(line.isascii() for line in trf.write_trf(doc).splitlines() if line[:2] == "SW")


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("SWP Place: 500", 5, "is not a JSON string"),
        ("SWP 42", 5, "is not a JSON string"),
        ("SWB    1 20x1", 10, "is not a year"),
        ("SWL    1 not/a/code", 10, "is not 1-16 letters"),
        ("SWL    4 abc", 5, "player 4 is not in the file"),
        ('SWF    1    9 "x"', 10, "player 9 is not in the file"),
        ("SWF    1    2 x", 15, "is not a JSON string"),
        ("SWQ    1 bye 2 pending", 10, "needs kind, round, state and two times"),
        ("SWQ    1 Bye 2 pending 2026-03-01T09:00:00+00:00 -", 10, "small letters"),
        ("SWQ    1 bye x pending 2026-03-01T09:00:00+00:00 -", 14, "not a round number"),
        ("SWQ    1 bye 2 pending 0001-03-01T09:00:00+00:00 -", 24, "from 1900 to 2200"),
        ("SWQ    1 bye 2 pending 2026-03-01T09:00:00 -", 24, "has no time zone"),
    ],
)
def test_trf_lossless_record_refused_at_its_column(line: str, column: int, message: str) -> None:
    with pytest.raises(TrfError, match=message) as caught:
        _doc(line)
    assert (caught.value.line, caught.value.column) == (5, column)
