"""TRF: samples survive a read and a write, bad files say where, files become states."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.history import score
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    Outcome,
    PairingNumber,
    PairingOptions,
    Player,
    Points,
    PointSystem,
    RequestKind,
    Round1Separation,
    RoundRequest,
    Title,
    TournamentState,
)
from pairing.engine.trf import (
    TrfPlayer,
    TrfRecord,
    TrfRound,
    check_trf,
    decode_trf,
    game_lines,
    read_trf,
    state_from_trf,
    system_from_trf,
    trf_from_state,
    write_trf,
)

from .builders import build
from .reference_data import DATA

SAMPLES = sorted(p.name for p in (DATA / "trf-samples").iterdir())

HEADER = "012 Test event\nXXR 5\n"
"""Two header lines: the first player line of a test file is line 3."""


def player_line(
    rank: int, name: str, rating: int, points: str, *rounds: str, sex: str = "", title: str = ""
) -> str:
    """A 001 line in TRF16 columns; each round block is like ``"   2 w 1"`` (from column 92)."""
    line = (
        f"001 {rank:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {'':3} {'':>11} {'':10} "
        f"{points:>4} {'':>4}"
    )
    return line + "".join(f"  {block}" for block in rounds)


def sample_text(name: str) -> str:
    return decode_trf((DATA / "trf-samples" / name).read_bytes())


# --- Samples ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_trf_sample_written_back_line_for_line(name: str) -> None:
    """An unchanged sample is written back as its original lines, with CR LF line ends."""
    text = sample_text(name)
    expected = text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")
    expected = expected[:-1] if expected[-1] == "" else expected
    assert write_trf(read_trf(text)) == "".join(line + "\r\n" for line in expected)


@pytest.mark.parametrize("name", SAMPLES)
def test_trf_sample_formatted_from_fields_reads_back_the_same_fields(name: str) -> None:
    """A sample written from its fields alone (no original lines) re-reads to equal fields."""
    doc = read_trf(sample_text(name))
    again = read_trf(write_trf(dataclasses.replace(doc, lines=())))
    assert again.players == doc.players
    assert again.records == doc.records


@pytest.mark.parametrize("name", SAMPLES)
def test_trf_sample_converts_to_a_state(name: str) -> None:
    """Each sample converts to a state with one history record per completed round."""
    state = state_from_trf(read_trf(sample_text(name)))
    assert len(state.players) == len(read_trf(sample_text(name)).players)
    assert all(len(p.history) == state.rounds_completed for p in state.players)


def test_trf_javafo_sample_requests_for_round_five() -> None:
    """JaVaFo's sample pairs round 5 of 9; its round-5 column excuses 22, 28 and 43."""
    # The file's round-5 column: 22 and 28 have "0000 - Z", 43 has "0000 - H" (and 43's
    # Points already include the half point, as the JaVaFo manual asks).
    state = state_from_trf(read_trf(sample_text("echecsjs_javafo_sample2.trf")))
    assert state.rounds_completed == 4 and state.total_rounds == 9
    assert {r.pairing_number: r.kind for r in state.requests} == {
        22: RequestKind.ABSENT,
        28: RequestKind.ABSENT,
        43: RequestKind.HALF_POINT_BYE,
    }


# --- Reading and writing ------------------------------------------------------------------


def test_trf_decode_utf8_bom_cp1252_and_latin1() -> None:
    """UTF-8 with a BOM, Windows-1252 and ISO-8859-1 bytes all decode to the same text."""
    assert decode_trf("\ufeff012 Café".encode()) == "012 Café"
    assert decode_trf("012 Café – Ü".encode("cp1252")) == "012 Café – Ü"
    assert decode_trf(b"012 Caf\xe9 \x81") == "012 Café \x81"


def test_trf_cr_and_crlf_line_ends_read_alike() -> None:
    """Lines ended by CR, CR LF or LF give the same document."""
    lines = [HEADER.rstrip("\n").replace("\n", "\r"), player_line(1, "A", 2000, "0.0")]
    assert read_trf("\r".join(lines)).players == read_trf("\n".join(lines)).players


def test_trf_unknown_records_survive_a_rewrite() -> None:
    """Comments, team records, 801 and unknown tags are written back as they were."""
    extra = ["### a comment", "013 Team A   1", "801 informative", "QQQ 12 34", ""]
    text = HEADER + player_line(1, "A", 2000, "0.0") + "\n" + "\n".join(extra)
    written = write_trf(dataclasses.replace(read_trf(text), lines=()))
    assert written.split("\r\n")[3:8] == extra


def test_trf_changed_player_is_formatted_and_others_kept() -> None:
    """Changing one player's rating rewrites that line only; the others stay as read."""
    first = player_line(1, "A", 2000, "0.0") + "   "  # trailing spaces mark the original
    text = HEADER + first + "\n" + player_line(2, "B", 1900, "0.0")
    doc = read_trf(text)
    changed = dataclasses.replace(doc.players[1], rating=1950)
    doc = dataclasses.replace(doc, players=(doc.players[0], changed))
    lines = write_trf(doc).split("\r\n")
    assert lines[2] == first
    assert lines[3] == player_line(2, "B", 1950, "0.0").rstrip()


def test_trf_added_player_follows_the_last_player() -> None:
    """A player added in code is written after the last player line, before later records."""
    doc = read_trf(HEADER + player_line(1, "A", 2000, "0.0") + "\nXXC white1")
    added = TrfPlayer(start_rank=2, name="B", rating=1900, points=Fraction(0))
    lines = write_trf(dataclasses.replace(doc, players=(*doc.players, added))).split("\r\n")
    assert lines[3].startswith("001    2") and lines[4] == "XXC white1"


def test_trf_player_fields_read_from_their_columns() -> None:
    """Sex, title, name, rating, points, and round blocks come from the TRF16 columns."""
    line = player_line(1, "Doe, Jane", 2105, "1.5", "   2 b =", "0000 - F", sex="w", title="WFM")
    player = read_trf(HEADER + line + "\n" + player_line(2, "B", 0, "0.5", "   1 w =")).players[0]
    assert (player.sex, player.title, player.name, player.rating) == ("w", "WFM", "Doe, Jane", 2105)
    assert player.points == Fraction(3, 2)
    assert player.rounds == (
        TrfRound(opponent=2, color="b", result="="),
        TrfRound(opponent=None, color="-", result="F"),
    )


def test_trf_blank_rounds_in_the_middle_are_kept_and_trailing_ones_dropped() -> None:
    """A blank round between two written rounds stays; blank rounds at the end are dropped."""
    line = player_line(1, "A", 2000, "1.0", "0000 - U", "        ", "0000 - H", "        ")
    assert read_trf(HEADER + line).players[0].rounds == (
        TrfRound(opponent=None, result="U"),
        TrfRound(opponent=None),
        TrfRound(opponent=None, result="H"),
    )


def test_trf_real_file_bye_variants_are_accepted() -> None:
    """Old-style byes, lichess blanks and forfeits with '-' colour are read."""
    # Round blocks as found in tests/data/trf-samples: "0000 - +" (full-point bye, old style),
    # "     -  " (Bunratty: no opponent, no result), "       -" and "       U" (lichess),
    # "0000 - -", "0000 -  " (Irish championships), and forfeits "   2 - +" / "   1 - -".
    lines = [
        player_line(1, "A", 0, "2.0", "0000 - +", "     -  ", "       -", "   2 - +"),
        player_line(2, "B", 0, "1.0", "       U", "0000 - -", "0000 -  ", "   1 - -"),
    ]
    doc = read_trf(HEADER + "\n".join(lines))
    state = state_from_trf(doc)
    first, second = (p.history for p in state.players)
    assert [r.outcome for r in first] == [
        Outcome.FULL_POINT_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.FORFEIT_WIN,
    ]
    assert [r.outcome for r in second] == [
        Outcome.PAIRING_ALLOCATED_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.FORFEIT_LOSS,
    ]
    assert second[3].colour is None and second[3].opponent == 1


# --- Malformed files ----------------------------------------------------------------------

A1 = player_line(1, "A", 2000, "1.0", "   2 w 1")
B1 = player_line(2, "B", 1900, "0.0", "   1 b 0")


@pytest.mark.parametrize(
    ("lines", "line", "column", "message"),
    [
        pytest.param([player_line(0, "A", 2000, "1.0")], 3, 5, "starting rank '0' is not",
                     id="bad-starting-rank"),
        pytest.param([A1, B1.replace("001    2", "001    1")], 4, 5,
                     "starting rank 1 is used again (first on line 3)", id="duplicate-rank"),
        pytest.param([A1.replace(" 2000 ", " 20x0 "), B1], 3, 49, "rating '20x0'",
                     id="bad-rating"),
        pytest.param([player_line(1, "A", 2000, "1,5"), B1], 3, 81, "points '1,5' are not",
                     id="points-not-a-number"),
        pytest.param([A1[:-1] + "X", B1], 3, 99,
                     "round 1 result 'X' is not one of 1 0 = + - W D L H F U Z",
                     id="bad-result-code"),
        pytest.param([A1.replace(" w 1", " q 1"), B1], 3, 97, "round 1 colour 'q'",
                     id="bad-colour"),
        pytest.param([A1.replace("   2 w", "  2x w"), B1], 3, 92, "opponent '2x'",
                     id="opponent-not-a-number"),
        pytest.param([A1.replace("   2 w", "   9 w")], 3, 92, "opponent 9 is not in the file",
                     id="opponent-not-in-file"),
        pytest.param([player_line(1, "A", 0, "1.0", "   1 w 1")], 3, 92,
                     "player 1 is paired with themselves", id="self-pairing"),
        pytest.param([A1, player_line(2, "B", 1900, "0.0", "0000 - Z")], 3, 92,
                     "player 2 (line 4) does not record a game against 1", id="one-sided-game"),
        pytest.param([A1, B1.replace(" b 0", " w 0")], 3, 97, "also has colour 'w'",
                     id="same-colour"),
        pytest.param([A1, B1.replace(" b 0", " b =")], 3, 99, "has '=', not '0'",
                     id="results-not-complementary"),
        pytest.param([A1.replace(" w 1", " w H"), B1], 3, 92, "'H' is a bye, so the opponent",
                     id="bye-with-opponent"),
        pytest.param([player_line(1, "A", 0, "1.0", "0000 - 1")], 3, 92,
                     "result '1' needs an opponent", id="game-without-opponent"),
        pytest.param([A1[:-1] + " ", B1], 3, 99, "result is blank but opponent 2",
                     id="blank-result-with-opponent"),
        pytest.param([player_line(1, "A", 0, "1.0", "0000 - U"),
                      player_line(2, "B", 0, "1.0", "0000 - U")], 4, 99,
                     "second pairing-allocated bye", id="two-pairing-allocated-byes"),
        pytest.param([A1[:85] + "   x" + A1[89:], B1], 3, 86, "rank 'x' is not a number",
                     id="bad-rank"),
    ],
)  # fmt: skip
def test_trf_bad_player_line_names_line_and_column(
    lines: list[str], line: int, column: int, message: str
) -> None:
    """A bad 001 line raises TrfError naming its line, TRF column and what was expected."""
    with pytest.raises(TrfError, match=re.escape(message)) as caught:
        read_trf(HEADER + "\n".join(lines))
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.words is not None  # worded for the web (#36 item 8)
    assert str(caught.value.words) == caught.value.message


@pytest.mark.parametrize(
    ("extra", "column", "message"),
    [
        pytest.param("XXR five", 5, "XXR number of rounds 'five'", id="bad-xxr"),
        pytest.param("142 0", 5, "142 number of rounds '0'", id="bad-142"),
        pytest.param("XXS Q=1", 5, "XXS code 'Q' is not one of", id="bad-xxs-code"),
        pytest.param("XXS W=1 D=x", 11, "XXS D value 'x'", id="bad-xxs-value"),
        pytest.param("XXC white1 red1", 12, "XXC option 'red1'", id="bad-xxc"),
        pytest.param("152 G", 5, "152 initial colour 'G'", id="bad-152"),
        pytest.param("162  W 1.0    Q 0.5", 15, "162 code 'Q'", id="bad-162-code"),
        pytest.param("BBW one", 5, "BBW points 'one'", id="bad-bbw"),
        pytest.param("XXA    1  1.x", 10, "XXA points '1.x'", id="bad-xxa-points"),
        pytest.param("XXZ 1 7", 7, "XXZ player 7 is not in the file", id="xxz-unknown-player"),
        pytest.param("XXP 1 x", 7, "XXP 'x' is not a starting rank", id="bad-xxp"),
        pytest.param("SWC   1x Chess Club", 5, "SWC player '1x' is not a number",
                     id="bad-swc-number"),
        pytest.param("SWC   77 Nowhere", 5, "SWC player 77 is not in the file",
                     id="swc-unknown-player"),
        pytest.param("SWT    1   88", 12, "SWT player 88 is not in the file", id="bad-swt"),
        pytest.param("SWW    1", 10, "SWW round '' is not a number", id="bad-sww"),
        pytest.param("SWW    2 0", 10, "player 2 withdrew after round 0 but has a game",
                     id="sww-before-a-game"),
        pytest.param("SWY", 5, "SWY needs the name", id="empty-swy"),
        pytest.param("240 Q 002    1", 5, "240 bye type 'Q'", id="bad-240-type"),
        pytest.param("260 001 00x    1    2", 9, "260 last round '00x'", id="bad-260-round"),
        pytest.param("250      01.0 001 002 0001", 28, "250 last player ''", id="short-250"),
        pytest.param("SWN   9 Long Name", 5, "SWN player 9 is not in the file", id="swn-unknown"),
        pytest.param("SWA   x Nord", 5, "SWA player 'x' is not a number", id="bad-swa"),
        pytest.param("SWO public=1 seed", 14, "SWO 'seed' is not name=value", id="bad-swo"),
        pytest.param("SWK", 5, "SWK needs the tie-break codes", id="empty-swk"),
        pytest.param("SWR   1 done 5 2026-01-01T10:00:00+00:00 - -", 9,
                     "SWR state 'done' is not one of", id="bad-swr-state"),
        pytest.param("SWR   1 paired x1 2026-01-01T10:00:00+00:00 - -", 16,
                     "SWR seed 'x1' is not", id="bad-swr-seed"),
        pytest.param("SWR   1 paired 1 2026-01-01T10:00:00 - -", 18,
                     "has no time zone", id="swr-naive-time"),
        pytest.param("SWR   1 completed 1 2026-01-01T10:00:00+00:00 - -", 47,
                     "a completed round needs the time it was published", id="swr-unpublished"),
        pytest.param("SWG   1    1    1    2 1-1", 24, "SWG result '1-1' is not one of",
                     id="bad-swg-result"),
        pytest.param("SWG   1    1    1    2 0-1", 14, "player 1's round 1 on line 2 is not w 0-1",
                     id="swg-disagrees-with-001"),
        pytest.param("SWG   1    1    1    0", 14, "player 1 has no U in round 1", id="swg-bye"),
        pytest.param("SWG   1    1    1    7 1-0", 19, "SWG player 7 is not in the file",
                     id="swg-unknown-player"),
        pytest.param("SWG   1    1    1    2", 14, "board not yet played, but player 1 has a",
                     id="swg-unplayed-but-001-result"),
    ],
)  # fmt: skip
def test_trf_bad_extension_line_names_line_and_column(
    extra: str, column: int, message: str
) -> None:
    """A bad header or extension line raises TrfError naming its line and column."""
    with pytest.raises(TrfError, match=message) as caught:
        read_trf("012 Test event\n" + A1 + "\n" + B1 + "\n" + extra)
    assert (caught.value.line, caught.value.column) == (4, column)
    assert caught.value.words is not None  # worded for the web (#36 item 8)
    assert str(caught.value.words) == caught.value.message


def test_trf_xxr_below_the_rounds_played() -> None:
    """XXR 1 when round 2 has games is refused at the XXR line."""
    lines = [A1 + "     2 b 1", B1 + "     1 w 0"]
    with pytest.raises(TrfError, match="XXR says 1 rounds but round 2 has games") as caught:
        read_trf("XXR 1\n" + "\n".join(lines))
    assert (caught.value.line, caught.value.column) == (1, 5)


def test_trf_first_error_in_line_order_is_reported() -> None:
    """With two problems, the one on the earlier line is reported."""
    text = "012 Test event\nXXS Q=1\n" + A1 + "\n" + player_line(2, "B", 0, "0.0")
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    assert caught.value.line == 2


def test_trf_check_finds_a_problem_made_in_code() -> None:
    """check_trf refuses a document changed in code so that a game is one-sided."""
    doc = read_trf(HEADER + A1 + "\n" + B1)
    doc = dataclasses.replace(doc, players=(doc.players[0], TrfPlayer(start_rank=2, line=4)))
    with pytest.raises(TrfError, match="player 2 .line 4. does not record a game against 1"):
        check_trf(doc)


def test_trf_error_prints_line_column_and_message() -> None:
    """TrfError prints as 'line L, column C: message' and keeps the offending text."""
    with pytest.raises(TrfError) as caught:
        read_trf(HEADER + A1[:-1] + "X")
    assert str(caught.value) == (
        "line 3, column 99: round 1 result 'X' is not one of 1 0 = + - W D L H F U Z"
    )
    assert caught.value.text == A1[:-1] + "X"


# --- Conversion to the engine's state -----------------------------------------------------

# Three rounds played, round 4 to pair:
#   round 1: 1 (white) beats 2; 3 absent (Z).
#   round 2: 3 (white) draws with 1; 2 gets the pairing-allocated bye.
#   round 3: 2 (white) wins by forfeit against 3; 1 takes a half-point bye.
#   round 4 column: 1 asks for a half-point bye, 3 is absent, 2 blank (to be paired).
TINY = [
    "012 Tiny",
    "XXR 5",
    player_line(1, "Alpha", 2000, "2.0", "   2 w 1", "   3 b =", "0000 - H", "0000 - H",
                title="g"),
    player_line(2, "Beta", 1900, "2.0", "   1 b 0", "0000 - U", "   3 w +", title="wf"),
    player_line(3, "Gamma", 1800, "0.5", "0000 - Z", "   1 w =", "   2 b -", "0000 - Z"),
]  # fmt: skip


def tiny(*extra: str) -> str:
    return "\n".join([*TINY, *extra])


def test_trf_round_to_pair_follows_the_last_round_with_a_game() -> None:
    """Round 4's column holds only byes, so three rounds are complete and 4 is to pair."""
    state = state_from_trf(read_trf(tiny()))
    assert (state.rounds_completed, state.round_number, state.total_rounds) == (3, 4, 5)


def test_trf_next_round_column_holds_requests() -> None:
    """'0000 - H' and '0000 - Z' in the column of the round to pair are requests."""
    state = state_from_trf(read_trf(tiny()))
    assert state.requests == (
        RoundRequest(pairing_number=PairingNumber(1), kind=RequestKind.HALF_POINT_BYE),
        RoundRequest(pairing_number=PairingNumber(3), kind=RequestKind.ABSENT),
    )


def test_trf_xxz_lists_absent_players() -> None:
    """A player listed on XXZ is absent from the round to pair."""
    state = state_from_trf(read_trf(tiny("XXZ 2")))
    assert RoundRequest(pairing_number=PairingNumber(2), kind=RequestKind.ABSENT) in state.requests


def test_trf_explicit_round_to_pair_cuts_the_history() -> None:
    """round_to_pair=2 keeps only round 1 in every history and ignores later columns."""
    state = state_from_trf(read_trf(tiny()), round_to_pair=2)
    assert [len(p.history) for p in state.players] == [1, 1, 1]
    assert state.requests == ()


def test_trf_history_records_games_byes_and_absences() -> None:
    """Each round becomes a record with opponent, colour and outcome; Z has no opponent."""
    state = state_from_trf(read_trf(tiny()))
    beta = state.players[1].history
    assert [(r.opponent, r.colour, r.outcome) for r in beta] == [
        (1, Colour.BLACK, Outcome.LOSS),
        (None, None, Outcome.PAIRING_ALLOCATED_BYE),
        (3, Colour.WHITE, Outcome.FORFEIT_WIN),
    ]


def test_trf_forfeit_keeps_its_colour_but_is_not_played() -> None:
    """Gamma's colours: absent, white (played), black by forfeit, which is no game (Dutch F2)."""
    gamma = state_from_trf(read_trf(tiny())).players[2].history
    assert [r.colour for r in gamma] == [None, Colour.WHITE, Colour.BLACK]
    assert [r.colour for r in gamma if r.played] == [Colour.WHITE]


def test_trf_custom_points_from_xxs() -> None:
    """XXS W=3 D=1: wins and forfeit wins are 3, draws and half-point byes 1, the PAB stays 1."""
    # JaVaFo: W covers WW BW FW FPB and D covers WD BD HPB; PAB keeps its default of 1.
    # Alpha: win 3 + draw 1 + HPB 1 = 5.  Beta: loss 0 + PAB 1 + forfeit win 3 = 4.
    # Gamma: absent 0 + draw 1 + forfeit loss 0 = 1.  In half-points: 10, 8, 2.
    state = state_from_trf(read_trf(tiny("XXS W=3 D=1")))
    assert [score(p, state.points) for p in state.players] == [10, 8, 2]


def test_trf_xxs_later_codes_override_earlier_ones() -> None:
    """XXS PAB=3 then W=3 D=2 WL=1 BL=1 ZPB=0: 3/2/1/0 with the PAB worth a win."""
    state = state_from_trf(read_trf(tiny("XXS PAB=3", "XXS W=3 D=2 WL=1 BL=1 ZPB=0")))
    assert state.points == PointSystem(
        win=Points(6), draw=Points(4), loss=Points(2), forfeit_win=Points(6),
        forfeit_loss=Points(0), pairing_allocated_bye=Points(6), full_point_bye=Points(6),
        half_point_bye=Points(4), zero_point_bye=Points(0),
    )  # fmt: skip


def test_trf_points_not_a_multiple_of_a_half_are_refused() -> None:
    """XXS W=0.3 cannot be counted in half-points: the XXS line and column are named."""
    with pytest.raises(TrfError, match="WW value 0.3 is not a multiple of 0.5") as caught:
        state_from_trf(read_trf(tiny("XXS D=0.5 W=0.3")))
    assert (caught.value.line, caught.value.column) == (6, 11)


def test_trf_white_and_black_wins_worth_different_points_are_refused() -> None:
    """XXS WW=1 BW=2 needs colour-dependent scores, which the engine does not support."""
    with pytest.raises(TrfError, match="a win with white .1.0. and with black .2.0."):
        state_from_trf(read_trf(tiny("XXS WW=1 BW=2")))


def test_trf_bbpairings_points_and_pab_default() -> None:
    """BBW 3.0 and BBD 1.0 set win and draw; the PAB follows BBW (bbpPairings)."""
    state = state_from_trf(read_trf(tiny("BBW 3.0", "BBD 1.0")))
    assert (state.points.win, state.points.draw, state.points.pairing_allocated_bye) == (6, 2, 6)


def test_trf2026_162_point_system() -> None:
    """TRF-2026 162: W 3.0, D 1.0, L 0.0 set win, draw and loss; P follows W."""
    state = state_from_trf(read_trf(tiny("162  W 3.0    D 1.0    L 0.0")))
    points = state.points
    assert (points.win, points.draw, points.loss, points.pairing_allocated_bye) == (6, 2, 0, 6)


def test_trf_total_rounds_from_142_or_the_round_columns() -> None:
    """Without XXR, 142 gives the rounds; without either, the number of round columns."""
    without = [line for line in TINY if not line.startswith("XXR")]
    assert state_from_trf(read_trf("\n".join([*without, "142 7"]))).total_rounds == 7
    assert state_from_trf(read_trf("\n".join(without))).total_rounds == 4


def test_trf_initial_colour_from_xxc_and_152() -> None:
    """XXC rank black1 and 152 W give the top seed's colour in round 1."""
    assert state_from_trf(read_trf(tiny("XXC rank black1"))).initial_colour is Colour.BLACK
    assert state_from_trf(read_trf(tiny("152 W"))).initial_colour is Colour.WHITE
    assert state_from_trf(read_trf(tiny())).initial_colour is None


def test_trf_forbidden_pairs_from_xxp_and_260() -> None:
    """XXP 1 2 3 forbids all three pairs; a 260 record counts only in its rounds."""
    state = state_from_trf(read_trf(tiny("XXP 1 2 3")))
    assert state.forbidden_pairs == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}
    in_force = state_from_trf(read_trf(tiny("260 004 005    1    3")))
    assert in_force.forbidden_pairs == {frozenset({1, 3})}
    expired = state_from_trf(read_trf(tiny("260 001 003    1    3")))
    assert expired.forbidden_pairs == frozenset()


def test_trf_acceleration_from_xxa_columns() -> None:
    """XXA points sit at column 10 + 5(r-1): 1.0 in round 1, none in 2, 0.5 in round 3."""
    state = state_from_trf(read_trf(tiny("XXA    2  1.0  0.0  0.5")))
    assert state.acceleration == (
        AcceleratedPoints(pairing_number=PairingNumber(2), round_number=1, points=Points(2)),
        AcceleratedPoints(pairing_number=PairingNumber(2), round_number=3, points=Points(1)),
    )


def test_trf2026_250_acceleration() -> None:
    """TRF-2026 250: one game point for players 1-2 in rounds 1-2."""
    state = state_from_trf(read_trf(tiny("250      01.0 001 002 0001 0002")))
    assert {(a.pairing_number, a.round_number, a.points) for a in state.acceleration} == {
        (1, 1, 2), (1, 2, 2), (2, 1, 2), (2, 2, 2),
    }  # fmt: skip


def test_trf2026_240_byes_for_the_round_to_pair() -> None:
    """TRF-2026 240: a full-point bye for round 4 is a request; one for round 5 is not."""
    state = state_from_trf(read_trf(tiny("240 F 004    2", "240 H 005    3")))
    kinds = {r.pairing_number: r.kind for r in state.requests}
    assert kinds == {1: RequestKind.HALF_POINT_BYE, 2: RequestKind.FULL_POINT_BYE,
                     3: RequestKind.ABSENT}  # fmt: skip


def test_trf_club_and_top_players() -> None:
    """SWC gives a player's club (from column 10) and SWT marks the top players (ESCA 3)."""
    state = state_from_trf(read_trf(tiny("SWC    1 St Olave's School", "SWT    1    3")))
    assert [p.club for p in state.players] == ["St Olave's School", "", ""]
    assert [p.top_player for p in state.players] == [True, False, True]


def test_trf_titles_including_old_codes() -> None:
    """Old title codes g and wf map to GM and WFM; no title is Title.NONE."""
    state = state_from_trf(read_trf(tiny()))
    assert [p.title for p in state.players] == [Title.GM, Title.WFM, Title.NONE]


def test_trf_withdrawal_only_from_sww() -> None:
    """A blank round column is not taken as a withdrawal; SWW 3 3 withdraws Gamma."""
    assert not any(p.withdrawn for p in state_from_trf(read_trf(tiny())).players)
    state = state_from_trf(read_trf(tiny("SWW    3 3")))
    assert [p.withdrawn for p in state.players] == [False, False, True]
    assert all(r.pairing_number != 3 for r in state.requests)


def test_trf_withdrawal_after_a_later_round_is_not_yet_in_force() -> None:
    """SWW 3 3 does not withdraw Gamma when round 3 is the round to pair."""
    state = state_from_trf(read_trf(tiny("SWW    3 3")), round_to_pair=3)
    assert not state.players[2].withdrawn


def test_trf_system_from_swy() -> None:
    """SWY names the pairing system; without it there is none."""
    assert system_from_trf(read_trf(tiny("SWY esca"))) == "esca"
    assert system_from_trf(read_trf(tiny())) is None


# --- Writing a state ----------------------------------------------------------------------


def test_trf_written_from_a_state_reads_back_the_same_state() -> None:
    """A state with byes, requests, clubs and custom points survives TRF and back."""
    state = build(
        5,
        [[(1, 3, "1-0"), (4, 2, "="), (5, 0, "bye")], [(2, 1, "+-"), (3, 5, "0-1")]],
        total_rounds=5,
        half_point_byes=[4],
        names=["A", "B", "C", "D", "E"],
    )
    players = list(state.players)
    players[0] = dataclasses.replace(players[0], club="Kingside CC", top_player=True)
    players[3] = dataclasses.replace(players[3], title=Title.WIM)
    players[2] = dataclasses.replace(players[2], withdrawn=True)
    state = dataclasses.replace(
        state,
        players=tuple(players),
        points=PointSystem(win=Points(6), draw=Points(2), pairing_allocated_bye=Points(2)),
        forbidden_pairs=frozenset({frozenset({PairingNumber(1), PairingNumber(5)})}),
        acceleration=(
            AcceleratedPoints(pairing_number=PairingNumber(1), round_number=3, points=Points(2)),
        ),
    )
    doc = trf_from_state(state, name="Round trip", system="dutch1992")
    again = read_trf(write_trf(doc))
    assert state_from_trf(again) == state
    assert system_from_trf(again) == "dutch1992"


def test_trf_written_from_a_state_has_header_first_and_points_column() -> None:
    """The tournament name comes first and each player's score is in columns 81-84."""
    state = build(2, [[(1, 2, "1-0")]], names=["A", "B"])
    lines = write_trf(trf_from_state(state, name="Club Swiss")).split("\r\n")
    assert lines[0] == "012 Club Swiss"
    players = [line for line in lines if line.startswith("001")]
    assert [line[80:84] for line in players] == [" 1.0", " 0.0"]


def test_trf_record_added_in_code_goes_at_the_end() -> None:
    """A record without a line number is written after everything read."""
    doc = read_trf(tiny())
    doc = dataclasses.replace(doc, records=(*doc.records, TrfRecord(text="XXZ 2")))
    assert write_trf(doc).split("\r\n")[-2] == "XXZ 2"


def test_trf_swg_board_not_yet_played_leaves_001_blank() -> None:
    """An SWG board without a result is read when both players' blocks are blank."""
    doc = read_trf("012 Test event\n" + A1 + "\n" + B1 + "\nSWG   2    1    2    1")
    assert [(g.round_number, g.board, g.white, g.black, g.result) for g in game_lines(doc)] == [
        (2, 1, 2, 1, "")
    ]


def test_swo_and_swa_lines_carry_the_pairing_options_and_areas_both_ways() -> None:
    """Our SWO options and SWA areas reach the engine's state, and are written back."""

    state = TournamentState(
        players=(
            Player(pairing_number=PairingNumber(1), name="Ash, A", area="North", federation="ENG"),
            Player(pairing_number=PairingNumber(2), name="Birch, B"),
        ),
        rounds_completed=0,
        total_rounds=5,
        options=PairingOptions(
            lim_maxi=True,
            esca_round1_separation=frozenset({Round1Separation.FEDERATION}),
            esca_avoid_defaulted_rematch=False,
        ),
    )
    text = write_trf(trf_from_state(state))
    assert "SWO lim_maxi=1 esca_avoid_defaulted_rematch=0 esca_round1_area=0" in text
    assert "SWA    1 North" in text
    again = state_from_trf(read_trf(text))
    assert again.options == state.options
    assert [(p.area, p.federation) for p in again.players] == [("North", "ENG"), ("", "")]


def test_swo_option_value_other_than_0_or_1_is_refused_with_its_column() -> None:
    """A malformed option value names its line and column, like any bad field."""
    text = "012 Event\nXXR 3\nSWO lim_maxi=yes\n" + player_line(1, "Ash, A", 0, "0.0") + "\n"
    with pytest.raises(TrfError) as error:
        state_from_trf(read_trf(text))
    assert error.value.line == 3
    assert "lim_maxi must be 0 or 1" in error.value.message


def test_trf_round_with_only_the_pairing_allocated_bye_was_paired() -> None:
    """A column with a U (and H/Z) was paired: the round after it is the one to pair."""
    # One player present in round 1 got the pairing-allocated bye; 2 asked for H.  The
    # requests for the round to pair are written as H/F/Z, never as U (JaVaFo AUM).
    text = "\n".join(
        [
            HEADER.rstrip("\n"),
            player_line(1, "Alpha", 2000, "1.0", "0000 - U"),
            player_line(2, "Beta", 1900, "0.5", "0000 - H", "0000 - H"),
        ]
    )
    state = state_from_trf(read_trf(text))
    assert state.round_number == 2
    assert state.requests == (
        RoundRequest(pairing_number=PairingNumber(2), kind=RequestKind.HALF_POINT_BYE),
    )


def test_trf_utf8_line_padded_by_bytes_is_realigned() -> None:
    """A name padded to 33 UTF-8 bytes (one character short per accent) keeps its fields."""
    by_characters = player_line(1, "Müller, Jürgen", 2105, "1.0", "   2 w 1")
    name_end = 14 + 33
    by_bytes = by_characters[: name_end - 2] + by_characters[name_end:]  # two accents
    assert len(by_bytes.encode("utf-8")) == len(by_characters)
    other = player_line(2, "Berg, Ola", 2000, "0.0", "   1 b 0")
    doc = read_trf("\n".join([HEADER.rstrip("\n"), by_bytes, other]))
    player = doc.players[0]
    assert (player.name, player.rating, player.points) == ("Müller, Jürgen", 2105, Fraction(1))
    assert player.rounds == (TrfRound(opponent=2, color="w", result="1"),)


def test_trf_control_character_names_line_and_column() -> None:
    """A NUL (or any control character but tab) in a line is refused where it stands:
    no TRF field holds one, and a database refuses NUL in text."""
    bad = A1[:20] + "\x00" + A1[21:]
    with pytest.raises(TrfError, match="control character U\\+0000") as caught:
        read_trf("012 Test event\n" + bad + "\n" + B1)
    assert (caught.value.line, caught.value.column) == (2, 21)
