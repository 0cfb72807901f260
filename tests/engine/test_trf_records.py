"""Each record the web app writes is read back by the TRF package as written (#19).

The app's export builds every line with ``pairing.engine.trf``'s builders and its import
reads them with the package's readers; these tests pair each builder with its reader.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RequestKind,
    Title,
)
from pairing.engine.trf import (
    Header,
    TrfGame,
    TrfPlayer,
    TrfRoundInfo,
    absent_players,
    area_line,
    areas,
    block_games,
    bye_lines,
    byes_2026,
    club_line,
    clubs,
    date_line,
    event_options,
    game_line,
    game_lines,
    has_round_records,
    header_line,
    header_text,
    initial_colour,
    initial_colour_line,
    options_line,
    pairing_system,
    player_record,
    player_title,
    point_system,
    point_system_line,
    prohibited_groups,
    prohibited_line,
    read_trf,
    round_info_line,
    round_infos,
    rounds_line,
    swiss_type_line,
    system_line,
    tiebreak_line,
    tiebreak_order,
    top_players,
    top_players_line,
    total_rounds,
    trf_document,
    whole_name_line,
    whole_names,
    withdrawal_line,
    withdrawals,
    write_trf,
)

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
POINTS = PointSystem(win=Points(6), draw=Points(3), forfeit_loss=Points(1),
                     pairing_allocated_bye=Points(4))  # fmt: skip


def _player(number: int, rounds: list[GameRecord | None], name: str = "") -> TrfPlayer:
    return player_record(
        Player(pairing_number=PairingNumber(number), name=name or f"Player {number}",
               rating=2000 - number, title=Title.FM if number == 1 else Title.NONE),
        rounds, POINTS, sex="w", fide_id=number * 1000, birth_date=dt.date(2000, 1, number),
    )  # fmt: skip


def _game(round_number: int, opponent: int, colour: Colour, outcome: Outcome) -> GameRecord:
    return GameRecord(round_number=round_number, opponent=PairingNumber(opponent), colour=colour,
                      outcome=outcome)  # fmt: skip


def _document(tail: list[str], head: list[str] | None = None) -> str:
    """Three players: 1 beat 2 in round 1, 3 had the bye; round 2, 1-3 not played yet."""
    bye = GameRecord(round_number=1, opponent=None, colour=None,
                     outcome=Outcome.PAIRING_ALLOCATED_BYE)  # fmt: skip
    absent = GameRecord(round_number=2, opponent=None, colour=None,
                        outcome=Outcome.ZERO_POINT_BYE)  # fmt: skip
    players = [
        _player(1, [_game(1, 2, Colour.WHITE, Outcome.WIN), None],
                name="Featherstonehaugh-Cholmondeley, Alexandra"),
        _player(2, [_game(1, 1, Colour.BLACK, Outcome.LOSS), absent]),
        _player(3, [bye, None]),
    ]  # fmt: skip
    head = head if head is not None else [header_line(Header.TOURNAMENT, "Test")]
    return write_trf(trf_document(head, players, tail))


def test_trf_records_header_lines_read_back() -> None:
    head = [
        header_line(Header.TOURNAMENT, "Spring Open"),
        header_line(Header.CITY, ""),
        date_line(Header.START_DATE, dt.date(2026, 3, 1)),
        swiss_type_line("FIDE Dutch"),
        rounds_line(7),
        initial_colour_line(Colour.BLACK),
        point_system_line(POINTS, by_colour=True),
        system_line("lim"),
    ]
    assert head[1] == "022" and head[2] == "042 2026/03/01"
    doc = read_trf(_document([], head))
    assert header_text(doc, Header.TOURNAMENT) == "Spring Open"
    assert header_text(doc, Header.CITY) == header_text(doc, Header.END_DATE) == ""
    assert header_text(doc, Header.TYPE) == "Individual: Swiss-System (FIDE Dutch)"
    assert total_rounds(doc) == 7 and initial_colour(doc) is Colour.BLACK
    assert point_system(doc) == POINTS
    found = pairing_system(doc)
    assert found is not None and found.value == "lim" and found.column == 5


@pytest.mark.parametrize("by_colour", [False, True])
def test_trf_records_point_system_line_both_forms(by_colour: bool) -> None:
    line = point_system_line(POINTS, by_colour=by_colour)
    assert line.startswith("XXS WW=3 BW=3 " if by_colour else "XXS W=3 D=1.5 WL=0 ")
    assert point_system(read_trf(_document([], [line]))) == POINTS


def test_trf_records_player_lines_read_back() -> None:
    tail = [
        line
        for line in (whole_name_line(1, "Featherstonehaugh-Cholmondeley, Alexandra"),
                     whole_name_line(2, "Player 2"))
        if line is not None
    ]  # fmt: skip
    tail += [club_line(1, "Kingside CC"), area_line(3, "Nord"), withdrawal_line(2, 1)]
    tail += [top_players_line([1, 3]), tiebreak_line(""), prohibited_line([3, 1])]
    tail += bye_lines([(2, 3, RequestKind.HALF_POINT_BYE), (3, 2, RequestKind.ABSENT),
                       (1, 3, RequestKind.HALF_POINT_BYE)])  # fmt: skip
    doc = read_trf(_document(tail))
    assert whole_names(doc) == {1: "Featherstonehaugh-Cholmondeley, Alexandra"}
    assert clubs(doc) == {1: "Kingside CC"} and areas(doc) == {3: "Nord"}
    assert withdrawals(doc) == {2: 1} and top_players(doc) == {1, 3}
    order = tiebreak_order(doc)
    assert order is not None and order.value == "" and tail[5] == "SWK -"
    assert [group for _, group in prohibited_groups(doc)] == [[3, 1]]
    assert tail[-2:] == ["240 Z 002    3", "240 H 003    1    2"]
    assert [(b.kind, b.round_number, [r for r, _ in b.players]) for b in byes_2026(doc)] == [
        (RequestKind.ABSENT, 2, [3]),
        (RequestKind.HALF_POINT_BYE, 3, [1, 2]),
    ]
    assert absent_players(doc) == []


def test_trf_records_player_record_blocks_and_points() -> None:
    """A board not played yet is a blank block; the points count the results only."""
    doc = read_trf(_document([]))
    first, second, third = doc.players
    assert first.name == "Featherstonehaugh-Cholmondeley, A" and first.points == Fraction(3)
    assert first.round(2).blank and first.birth_date == "2000/01/01"
    assert first.fide_id == "1000" and first.sex == "w" and player_title(first) is Title.FM
    assert second.round(2).bye_kind is RequestKind.ABSENT and second.points == 0
    assert third.round(1).pairing_allocated_bye and third.points == 2
    assert [p.line for p in doc.players] == [2, 3, 4]


def test_trf_records_round_and_game_lines_read_back() -> None:
    infos = [
        TrfRoundInfo(round_number=1, state="completed", seed=-5, paired_at=T0, published_at=T0,
                     completed_at=T0),
        TrfRoundInfo(round_number=2, state="paired", seed=7, paired_at=T0, published_at=None,
                     completed_at=None),
    ]  # fmt: skip
    games = [
        TrfGame(round_number=1, board=1, white=1, black=2, result="1-0"),
        TrfGame(round_number=1, board=2, white=3, black=None, result=""),
        TrfGame(round_number=2, board=1, white=3, black=1, result=""),
    ]
    tail = [round_info_line(i) for i in infos] + [game_line(g) for g in games]
    assert tail[1] == "SWR   2 paired 7 2026-03-01T09:00:00+00:00 - -"
    assert tail[3] == "SWG   1    2    3    0"
    doc = read_trf(_document(tail))
    assert has_round_records(doc)
    assert round_infos(doc) == infos and game_lines(doc) == games
    assert block_games(doc) == {1: games[:2]}


def test_trf_records_options_read_back_with_their_types() -> None:
    line = options_line([("public", True), ("lim_maxi", False), ("lots_seed", -12),
                         ("started", T0), ("finished", None)])  # fmt: skip
    assert line == ("SWO public=1 lim_maxi=0 lots_seed=-12 started=2026-03-01T09:00:00+00:00 "
                    "finished=-")  # fmt: skip
    options = {o.name: o for o in event_options(read_trf(_document([line])))}
    assert options["public"].flag() is True and options["lim_maxi"].flag() is False
    assert options["lots_seed"].whole() == -12
    assert options["started"].time() == T0 and options["finished"].time() is None
    with pytest.raises(TrfError, match="lots_seed '-12' is not a time") as error:
        options["lots_seed"].time()
    assert (error.value.line, error.value.column) == (5, 25)
    with pytest.raises(ValueError, match="not name=value"):
        options_line([("Bad Name", 1)])
