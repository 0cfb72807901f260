"""The SW records that make the backup lossless (#31): read back as written, and each
malformed one refused at its line and column."""

from __future__ import annotations

import base64
import datetime as dt
import json
import zlib

import pytest

from pairing.engine import trf
from pairing.engine.errors import TrfError
from pairing.engine.trf import lossless

PLAYERS = [
    trf.format_player(trf.TrfPlayer(start_rank=n, name=f"Player, No {n}", rating=1500))
    for n in (1, 2, 3)
]
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _packed(raw: bytes) -> str:
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def _doc(*lines: str) -> trf.TrfDocument:
    return trf.read_trf("\n".join(["012 Lossless", *PLAYERS, *lines]) + "\n")


def test_trf_lossless_records_read_back_as_written() -> None:
    table = 'Place: 500, 300\r\nWomen: "best" 80 \u00e9\u2028'
    ask = trf.TrfAsk(rank=2, kind="bye", round_number=None, state="approved", created_at=T0,
                     decided_at=T0 + dt.timedelta(hours=1), via_link="0123456789ab")  # fmt: skip
    steps: list[dict[str, object]] = [
        {"rule": "C.5", "text": 'Brett 1: \u00e9 "x"\n', "players": [1, 2]},
        {"rule": "A.5", "text": "bye", "players": [3, None]},
    ]
    doc = _doc(
        trf.prize_table_line(table),
        trf.national_id_line(1, "ECF 123456A"),
        trf.birth_year_line(3, 2011),
        trf.fixed_board_line(2, 14),
        trf.access_code_line(2, "Ab-_09xyzXYZ"),
        "XXP    1    3",
        trf.reason_line(1, 3, "Siblings\nand more"),
        trf.ask_line(ask),
        trf.explanation_line(2, steps),
    )
    assert trf.prize_table(doc) == table
    assert [(e.round_number, e.steps) for e in trf.explanations(doc)] == [(2, steps)]
    assert trf.national_ids(doc) == {1: "ECF 123456A"}
    assert trf.birth_years(doc) == {3: 2011}
    assert trf.fixed_boards(doc) == {2: 14}
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
        ("SWD    1 0", 10, "is not a board"),
        ("SWD    1 b2", 10, "is not a board"),
        ("SWD    7 3", 5, "player 7 is not in the file"),
        ("SWL    1 not/a/code", 10, "is not 1-16 letters"),
        ("SWL    4 abc", 5, "player 4 is not in the file"),
        ('SWF    1    9 "x"', 10, "player 9 is not in the file"),
        ("SWF    1    2 x", 15, "is not a JSON string"),
        ("SWQ    1 bye 2 pending", 10, "needs kind, round, state and two times"),
        ("SWQ    1 Bye 2 pending 2026-03-01T09:00:00+00:00 -", 10, "small letters"),
        ("SWQ    1 bye x pending 2026-03-01T09:00:00+00:00 -", 14, "not a round number"),
        ("SWQ    1 bye 2 pending 0001-03-01T09:00:00+00:00 -", 24, "from 1900 to 2200"),
        ("SWQ    1 bye 2 pending 2026-03-01T09:00:00 -", 24, "has no time zone"),
        ("SWQ    1 bye 2 pending 2026-03-01T09:00:00+00:00 - xyz", 52, "not a link's fingerprint"),
        ("SWE   1 not-base64!", 9, "is not base64 of zlib data"),
        ("SWE   1 " + base64.b64encode(b"plain").decode(), 9, "is not base64 of zlib data"),
        ("SWE   1 " + _packed(b"{}"), 9, "is not a list of steps"),
        (
            "SWE   1 " + _packed(b'[{"rule": 1, "text": "", "players": []}]'),
            9,
            "is not a list of steps",
        ),
        ("SWE   1 " + _packed(b"[1"), 9, "is not ASCII JSON"),
    ],
)
def test_trf_lossless_record_refused_at_its_column(line: str, column: int, message: str) -> None:
    with pytest.raises(TrfError, match=message) as caught:
        _doc(line)
    assert (caught.value.line, caught.value.column) == (5, column)


def test_trf_lossless_explanation_is_packed_json() -> None:
    """SWE holds the steps as ASCII JSON packed by zlib: a long explanation is short."""
    steps = [{"rule": "C.5", "text": f"Board {n}: 2 v 1", "players": [n, n + 1]}
             for n in range(1, 400)]  # fmt: skip
    line = trf.explanation_line(7, steps)
    assert line.startswith("SWE   7 ")
    assert json.loads(zlib.decompress(base64.b64decode(line[8:]))) == steps
    assert len(line) < len(json.dumps(steps)) / 3


def test_trf_lossless_explanation_that_unpacks_past_the_bound_is_refused() -> None:
    """A packed line of some 20 kB that would unpack to 17 MB: refused, not unpacked."""
    bomb = "SWE   1 " + _packed(b"[" + b" " * (17 * 1024 * 1024) + b"]")
    with pytest.raises(TrfError, match="unpacks to over 16777216 bytes") as caught:
        _doc(bomb)
    assert (caught.value.line, caught.value.column) == (5, 9)


OLD_SWE = (
    "SWE   1 eNpdjbEKwyAURX/l4izStM2gqz/QoVtwMO2jESQWfSGRkn+vdClkuMuBc+7wEXmJJIyw6nRVF/SqE1IwbdzYf"
    "SKEOXDwEY8U05Kx+oJn9uuMsSImNlinwKSa9I6+Ui7CDG6Xx649S9i+TUt0qpH/y+3nQeNFXMDtc6yHoHa7+wJrIDPO"
)
"""An SWE line as backups wrote it before the explanations' message codes (#36 item 8):
each step a rule, an English text and its players, nothing more."""


def test_trf_lossless_explanation_of_a_backup_before_the_codes_reads_as_written() -> None:
    [found] = trf.explanations(_doc(OLD_SWE))
    assert found.steps == [
        {"rule": "C.04.3 5.1", "text": "The initial colour was drawn by lot: white.",
         "players": []},
        {"rule": "C.04.3 C2, C5, C9, 1.4.3", "text": "Player 9 gets the bye.", "players": [9]},
    ]  # fmt: skip


def test_trf_lossless_explanation_steps_keep_their_code_and_values() -> None:
    steps: list[dict[str, object]] = [
        {"rule": "C.04.3 5.1", "text": "The initial colour was drawn by lot: white.",
         "players": [], "code": "explain.initial_colour_lot", "values": {"colour": "white"}},
    ]  # fmt: skip
    [found] = trf.explanations(_doc(trf.explanation_line(1, steps)))
    assert found.steps == steps


@pytest.mark.parametrize(
    "extra",
    [{"code": 7, "values": {}}, {"code": "explain.none", "values": []}, {"code": "explain.none"}],
)
def test_trf_lossless_explanation_step_with_a_malformed_code_is_refused(
    extra: dict[str, object],
) -> None:
    steps = [{"rule": "A", "text": "t", "players": [], **extra}]
    with pytest.raises(TrfError, match="not a list of steps"):
        _doc(trf.explanation_line(1, steps))


def test_the_package_gives_the_backup_records_when_first_asked_for() -> None:
    """``pairing.engine.trf`` loads ``lossless`` only when one of its names is read (the
    command line pairs files without it), and gives the module's own objects."""
    assert trf.prize_table is lossless.prize_table
    assert trf.TrfReason is lossless.TrfReason
    assert set(trf.__all__) >= trf._LOSSLESS
    with pytest.raises(AttributeError):
        _ = trf.no_such_name
