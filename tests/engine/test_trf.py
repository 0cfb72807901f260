"""TRF: every sample file is read and written back unchanged; bad files say where."""

from __future__ import annotations

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.model import Colour, Outcome, RequestKind
from pairing.engine.trf import (
    decode_trf,
    read_trf,
    state_from_trf,
    system_from_trf,
    trf_from_state,
    write_trf,
)

from .builders import build
from .shared_data import SHARED

SAMPLES = sorted(p.name for p in (SHARED / "trf-samples").iterdir())

HEADER = "012 Test event\nXXR 5\n"


def player_line(rank: int, name: str, rating: int, points: str, *rounds: str) -> str:
    """A 001 line in TRF-16 columns; each round block is like ``"   2 w 1"``."""
    line = f"001 {rank:>4}      {name:<33} {rating:>4} {'':3} {'':>11} {'':10} {points:>4} {'':>4}"
    return line + "".join(f"  {block}" for block in rounds)


def small_file(*extra: str) -> str:
    return (
        HEADER
        + "\n".join(
            [
                player_line(1, "Alpha, A", 2000, "1.0", "   2 w 1", "0000 - H"),
                player_line(2, "Beta, B", 1900, "0.0", "   1 b 0", "0000 - Z"),
                player_line(3, "Gamma, C", 1800, "1.0", "0000 - U"),
                player_line(4, "Delta, D", 1700, "0.0", "0000 - Z"),
            ]
        )
        + "\n"
        + "\n".join(extra)
    )


@pytest.mark.parametrize("name", SAMPLES)
def test_trf_sample_read_then_written_keeps_every_field(name: str) -> None:
    """Each shared sample file is read, and writing it back gives the same lines."""
    text = decode_trf((SHARED / "trf-samples" / name).read_bytes())
    doc = read_trf(text)
    again = read_trf(write_trf(doc))
    assert again.lines == doc.lines
    assert again.players == doc.players
    expected = text.lstrip("\ufeff").splitlines()
    assert list(doc.lines) == expected


@pytest.mark.parametrize("name", SAMPLES)
def test_trf_sample_converts_to_a_state(name: str) -> None:
    """Each sample converts to an engine state with one record per completed round."""
    doc = read_trf(decode_trf((SHARED / "trf-samples" / name).read_bytes()))
    state = state_from_trf(doc)
    assert all(len(p.history) == state.rounds_completed for p in state.players)


def test_trf_decode_latin1_and_bom() -> None:
    """Files in Windows-1252 and UTF-8 with BOM decode to the same text."""
    assert decode_trf("012 Café".encode("cp1252")) == "012 Café"
    assert decode_trf("\ufeff012 Café".encode()) == "012 Café"


def test_trf_next_round_column_holds_requests() -> None:
    """A round column with only byes and absences is read as the next round's requests."""
    state = state_from_trf(read_trf(small_file()))
    assert state.rounds_completed == 1
    kinds = {r.pairing_number: r.kind for r in state.requests}
    assert kinds == {1: RequestKind.HALF_POINT_BYE, 2: RequestKind.ABSENT}


def test_trf_xxz_lists_absent_players() -> None:
    """Players listed on XXZ are not paired in the next round."""
    state = state_from_trf(read_trf(small_file("XXZ 3 4")))
    kinds = {r.pairing_number: r.kind for r in state.requests}
    assert kinds[3] is RequestKind.ABSENT and kinds[4] is RequestKind.ABSENT


def test_trf_custom_points_from_xxs() -> None:
    """XXS sets the point values: a win worth 3 gives player 1 three points."""
    state = state_from_trf(read_trf(small_file("XXS W=3 D=1")))
    assert state.points.win == 6 and state.points.draw == 2


def test_trf_history_keeps_bye_and_game() -> None:
    """Round 1: 1 beat 2 with white; 3 had the pairing-allocated bye."""
    state = state_from_trf(read_trf(small_file()))
    by = {p.pairing_number: p for p in state.players}
    assert by[1].history[0].colour is Colour.WHITE
    assert by[1].history[0].outcome is Outcome.WIN
    assert by[3].history[0].outcome is Outcome.PAIRING_ALLOCATED_BYE


def test_trf_forfeit_does_not_count_as_played() -> None:
    """A forfeit keeps its opponent but is not a played game (Dutch F2)."""
    text = HEADER + "\n".join(
        [
            player_line(1, "A", 2000, "1.0", "   2 w +"),
            player_line(2, "B", 1900, "0.0", "   1 b -"),
        ]
    )
    record = state_from_trf(read_trf(text)).players[0].history[0]
    assert record.outcome is Outcome.FORFEIT_WIN and not record.played


def test_trf_our_extension_lines() -> None:
    """SWC gives clubs, SWT top players, SWW withdrawals and SWY the system."""
    doc = read_trf(small_file("SWC    1 Kingside CC", "SWT    1    3", "SWW    4 1", "SWY esca"))
    state = state_from_trf(doc)
    by = {p.pairing_number: p for p in state.players}
    assert by[1].club == "Kingside CC"
    assert by[1].top_player and by[3].top_player and not by[2].top_player
    assert by[4].withdrawn
    assert system_from_trf(doc) == "esca"


def test_trf_forbidden_pairs_and_initial_colour() -> None:
    """XXP forbids pairings; XXC black1 fixes the top seed's colour."""
    state = state_from_trf(read_trf(small_file("XXP 1 3 4", "XXC black1")))
    assert frozenset({1, 3}) in state.forbidden_pairs
    assert frozenset({3, 4}) in state.forbidden_pairs
    assert state.initial_colour is Colour.BLACK


def test_trf_written_from_a_state_reads_back_the_same_state() -> None:
    """A state written as TRF and read again gives the same players and history."""
    state = build(4, [[(1, 3, "1-0"), (4, 2, "=")]], total_rounds=5)
    doc = trf_from_state(state, name="Round trip", system="dutch1992")
    again = state_from_trf(read_trf(write_trf(doc)))
    assert [p.history for p in again.players] == [p.history for p in state.players]
    assert again.total_rounds == 5


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        (player_line(0, "A", 2000, "1.0"), 5, "starting rank"),
        (player_line(1, "A", 2000, "1.0").replace(" 2000", " 20x0"), 49, "rating"),
        (player_line(1, "A", 2000, "1,5"), 81, "points"),
        (player_line(1, "A", 2000, "1.0", "   2 w X"), 99, "result 'X'"),
        (player_line(1, "A", 2000, "1.0", "   2 q 1"), 97, "colour 'q'"),
        (player_line(1, "A", 2000, "1.0", "  2x w 1"), 92, "opponent"),
        (player_line(1, "A", 2000, "1.0", "   2 w H"), 92, "is a bye"),
        (player_line(1, "A", 2000, "1.0", "0000 - 1"), 92, "needs an opponent"),
    ],
)
def test_trf_bad_player_line_names_line_and_column(line: str, column: int, message: str) -> None:
    """A bad field in a 001 line raises TrfError with its line, column and what is wrong."""
    with pytest.raises(TrfError, match=message) as caught:
        read_trf(HEADER + line)
    assert (caught.value.line, caught.value.column) == (3, column)


def test_trf_duplicate_starting_rank() -> None:
    """A starting rank used twice names both lines."""
    text = HEADER + player_line(1, "A", 2000, "0.0") + "\n" + player_line(1, "B", 1900, "0.0")
    with pytest.raises(TrfError, match="first on line 3") as caught:
        read_trf(text)
    assert caught.value.line == 4


def test_trf_opponent_missing_from_file() -> None:
    """An opponent who has no 001 line is reported at that round's column."""
    text = HEADER + player_line(1, "A", 2000, "1.0", "   9 w 1")
    with pytest.raises(TrfError, match="opponent 9 is not in the file") as caught:
        state_from_trf(read_trf(text))
    assert caught.value.column == 92


def test_trf_game_recorded_differently_by_the_two_players() -> None:
    """A game both players claim with white is refused."""
    text = HEADER + "\n".join(
        [player_line(1, "A", 2000, "1.0", "   2 w 1"), player_line(2, "B", 1900, "0.0", "   1 w 0")]
    )
    with pytest.raises(TrfError, match="other colour"):
        state_from_trf(read_trf(text))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("XXS Q=1", "XXS code 'Q'"),
        ("XXS W=0.3", "multiple of 0.5"),
        ("SWC   77 Nowhere", "SWC player '77'"),
        ("SWW 1", "SWW needs"),
    ],
)
def test_trf_bad_extension_lines(extra: str, message: str) -> None:
    """Bad XXS, SWC and SWW lines are refused with the line number."""
    text = small_file(extra)
    with pytest.raises(TrfError, match=message) as caught:
        state_from_trf(read_trf(text))
    assert caught.value.line == text.count("\n") + 1


def test_trf_bad_round_count() -> None:
    """XXR must be a number."""
    with pytest.raises(TrfError, match="number of rounds"):
        state_from_trf(read_trf("XXR five\n" + player_line(1, "A", 2000, "0.0")))


def test_trf2026_162_point_system() -> None:
    """TRF-2026 162: W 3.0, D 1.0, L 0.0 set the point values."""
    state = state_from_trf(read_trf(small_file("162  W 3.0    D 1.0    L 0.0")))
    assert (state.points.win, state.points.draw, state.points.loss) == (6, 2, 0)


def test_trf2026_240_byes_for_the_next_round() -> None:
    """TRF-2026 240: a half-point bye for round 2 is a request when pairing round 2."""
    state = state_from_trf(read_trf(small_file("240 H 002    3    4")))
    kinds = {r.pairing_number: r.kind for r in state.requests}
    assert kinds[3] is RequestKind.HALF_POINT_BYE and kinds[4] is RequestKind.HALF_POINT_BYE


def test_trf2026_260_prohibited_pairings_in_force() -> None:
    """TRF-2026 260: players 3 and 4 may not meet in rounds 1 to 5."""
    state = state_from_trf(read_trf(small_file("260 001 005    3    4")))
    assert frozenset({3, 4}) in state.forbidden_pairs


def test_trf2026_250_acceleration() -> None:
    """TRF-2026 250: one game point for players 1-2 in rounds 1-2."""
    state = state_from_trf(read_trf(small_file("250      01.0 001 002 0001 0002")))
    assert {(a.pairing_number, a.round_number, a.points) for a in state.acceleration} == {
        (1, 1, 2), (1, 2, 2), (2, 1, 2), (2, 2, 2),
    }  # fmt: skip


def test_trf2026_bad_bye_type() -> None:
    """A 240 record with an unknown bye type names line and column 5."""
    with pytest.raises(TrfError, match="240 bye type 'Q'") as caught:
        state_from_trf(read_trf(small_file("240 Q 002    3")))
    assert caught.value.column == 5
