"""A full export and re-import of an event gives back the same event (issue 10)."""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from pairing.engine import trf
from pairing.engine.trf import decode_trf, read_trf
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import (
    AuditEntry,
    Event,
    ForbiddenPair,
    Game,
    Player,
    Result,
    Round,
    RoundRequest,
)
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors
from tests.engine.reference_data import DATA
from tests.web.backup_helpers import restore_lost, restored

pytestmark = pytest.mark.django_db

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS_FORFEIT,
           Result.BLACK_WINS_FORFEIT, Result.DOUBLE_FORFEIT, Result.ADJOURNED]  # fmt: skip
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _play(event: Event, user: User, rng: random.Random, *, finish: bool, seed: int) -> Round:
    round_ = round_services.round_pair(event_id=event.pk, user=user, now=T0, seed=seed)
    round_services.round_publish(round_id=round_.pk, user=user, now=T0 + dt.timedelta(minutes=5))
    games = [g for g in round_.games.order_by("board") if g.black_id is not None]
    for game in games if finish else games[: len(games) // 2]:
        result_services.result_record(
            game_id=game.pk, result=rng.choice(RESULTS), expected_version=0, user=user,
            now=T0 + dt.timedelta(hours=2),
        )  # fmt: skip
    round_.refresh_from_db()
    return round_


@pytest.fixture
def played(arbiter: User) -> Event:
    """An event with every kind of data: 3 rounds played, round 4 in play, requests
    (half-point and full-point byes, an absence)."""
    rng = random.Random(7)
    event = event_services.event_create(
        user=arbiter, now=T0, name="Backup Open", slug="backup-open", system="dutch1992",
        rounds=7, tiebreaks="BH-C1,SB,PROG,LOT", acceleration=True, esca_random=True,
        esca_round1_area=False, initial_colour="black", start_date=dt.date(2026, 3, 1),
        end_date=dt.date(2026, 3, 5), venue="Zürich, Volkshaus", public=True, points_win=6,
        points_draw=3, points_loss=0, points_forfeit_win=6, points_forfeit_loss=0,
        points_pairing_bye=4, points_full_bye=4, points_half_bye=2,
    )  # fmt: skip
    rows = [
        {"name": f"Spieler-{n:02d}, Vorname" + (" Mit Einem Sehr Langen Namen" if n == 3 else ""),
         "rating": 2300 - 37 * n, "title": ["GM", "", "WIM", "", "FM"][n % 5],
         "federation": ["SUI", "GER", ""][n % 3], "fide_id": 1300000 + n if n % 2 else None,
         "birth_date": dt.date(1990 + n, 1 + n % 12, 1 + n) if n % 3 else None,
         "sex": ["m", "w", ""][n % 3], "club": f"SC Club {n % 4}" if n % 2 else "",
         "area": "Nord" if n % 3 == 0 else "", "top_player": n < 3}
        for n in range(13)
    ]  # fmt: skip
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=T0)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    players = list(event.players.order_by("pairing_number"))
    request_services.forbidden_pair_add(
        event_id=event.pk, first_id=players[0].pk, second_id=players[1].pk, user=arbiter, now=T0
    )
    request_services.round_request_set(
        player_id=players[5].pk, round_number=2, kind="H", user=arbiter, now=T0
    )
    request_services.round_request_set(
        player_id=players[6].pk, round_number=3, kind="Z", user=arbiter, now=T0
    )
    request_services.round_request_set(
        player_id=players[7].pk, round_number=6, kind="H", user=arbiter, now=T0
    )
    request_services.round_request_set(
        player_id=players[8].pk, round_number=2, kind="F", user=arbiter, now=T0
    )
    request_services.round_request_set(
        player_id=players[9].pk, round_number=5, kind="F", user=arbiter, now=T0
    )
    for number in range(1, 4):
        _play(event, arbiter, rng, finish=True, seed=100 + number)
        if number == 2:
            player_services.player_withdraw(player_id=players[12].pk, user=arbiter, now=T0)
    _play(event, arbiter, rng, finish=False, seed=104)
    event.refresh_from_db()
    return event


def _event_values(event: Event) -> dict[str, object]:
    # public: a restored event is private whatever the original was (#31).
    skip = {"id", "slug", "created_at", "modified_at", "results_version", "standings_version",
            "public"}  # fmt: skip
    return {
        f.name: getattr(event, f.name) for f in Event._meta.concrete_fields if f.name not in skip
    }


def _players(event: Event) -> list[tuple[object, ...]]:
    fields = ["pairing_number", "name", "rating", "title", "federation", "fide_id", "birth_date",
              "sex", "club", "area", "top_player", "withdrawn_after_round"]  # fmt: skip
    return list(event.players.order_by("pairing_number").values_list(*fields))


def _rounds(event: Event) -> list[tuple[object, ...]]:
    return list(
        event.round_set.order_by("number").values_list(
            "number", "state", "lots_seed", "paired_at", "published_at", "completed_at"
        )
    )


def _games(event: Event) -> list[tuple[object, ...]]:
    return list(
        Game.objects.filter(round__event=event)
        .order_by("round__number", "board")
        .values_list(
            "round__number", "board", "white__pairing_number", "black__pairing_number", "result"
        )
    )


def _requests(event: Event) -> list[tuple[object, ...]]:
    return sorted(
        RoundRequest.objects.filter(player__event=event).values_list(
            "player__pairing_number", "round_number", "kind"
        )
    )


def _forbidden(event: Event) -> list[tuple[object, ...]]:
    return sorted(
        ForbiddenPair.objects.filter(event=event).values_list(
            "first__pairing_number", "second__pairing_number"
        )
    )


def _standings(event: Event, after: int) -> list[tuple[object, ...]]:
    table = standing_selectors.crosstable_after(event=event, after_round=after)
    return [
        (line.rank, line.player.pairing_number, line.points, line.values, line.cells)
        for line in table.lines
    ]


def test_backup_export_then_import_gives_back_the_same_event(played: Event, stranger: User) -> None:
    """Options, players, rounds, boards, results, requests and forbidden pairs all return."""
    copy = event_services.event_import_trf(text=exports.event_trf(played), user=stranger, now=T0)
    assert copy.pk != played.pk and copy.slug != played.slug
    assert list(copy.arbiters.all()) == [stranger]
    assert (played.public, copy.public) == (True, False)
    assert _event_values(copy) == _event_values(played)
    assert _players(copy) == _players(played)
    assert _rounds(copy) == _rounds(played)
    assert _games(copy) == _games(played)
    assert _requests(copy) == _requests(played)
    assert _forbidden(copy) == _forbidden(played)


def test_backup_import_gives_the_same_standings_after_every_round(
    played: Event, stranger: User
) -> None:
    """Standings and crosstable cells after each completed round are the same."""
    copy = event_services.event_import_trf(text=exports.event_trf(played), user=stranger, now=T0)
    for after in range(1, 4):
        assert _standings(copy, after) == _standings(played, after)


def test_backup_imported_event_pairs_the_next_round_like_the_original(
    played: Event, arbiter: User, stranger: User
) -> None:
    """After round 4 is finished in both, round 5 gets the same boards from the same seed."""
    copy = event_services.event_import_trf(text=exports.event_trf(played), user=stranger, now=T0)
    for event, user in ((played, arbiter), (copy, stranger)):
        for game in Game.objects.filter(round__event=event, round__number=4, result=""):
            result_services.result_record(game_id=game.pk, result=Result.DRAW, expected_version=0,
                                   user=user, now=T0)  # fmt: skip
        round_services.round_pair(event_id=event.pk, user=user, now=T0, seed=5)
    assert _games(copy) == _games(played)


def test_backup_export_is_read_again_unchanged(played: Event, stranger: User) -> None:
    """Exporting the event restored after it was lost gives the same file, but for the
    event being private (#31)."""
    text, copy = restore_lost(played, user=stranger, now=T0)
    assert exports.event_trf(copy) == restored(text)


def test_backup_full_point_byes_are_f_blocks_and_240_lines(played: Event) -> None:
    """#20: the full-point bye of round 2 is ``0000 - F`` in its 001 line and counts the
    event's points (2 here) in the points column; both byes are TRF-2026 240 F lines."""

    text = exports.event_trf(played)
    doc = read_trf(text)
    bye = played.players.get(requests__kind="F", requests__round_number=2).pairing_number
    player = next(p for p in doc.players if p.start_rank == bye)
    assert player.round(2).result == "F" and player.round(2).opponent is None
    table = standing_selectors.standings_after(event=played)
    assert next(line.points for line in table.lines if line.player.pairing_number == bye) == (
        player.points
    )
    later = played.players.get(requests__kind="F", requests__round_number=5).pairing_number
    assert "FPB=2 " in text
    assert f"240 F 002 {bye:>4}" in text and f"240 F 005 {later:>4}" in text


def test_backup_round_in_play_leaves_unplayed_boards_blank_in_001(played: Event) -> None:
    """A board of round 4 without a result: blank 001 blocks, an SWG line without a result."""
    text = exports.event_trf(played)
    game = Game.objects.filter(round__event=played, round__number=4, result="").first()
    assert game is not None and game.black is not None
    line = next(
        t
        for t in text.splitlines()
        if t.startswith("001") and int(t[4:8]) == game.white.pairing_number
    )
    assert line[121:130].strip() == ""
    white, black = game.white.pairing_number, game.black.pairing_number
    assert f"SWG   4 {game.board:>4} {white:>4} {black:>4}\r\n" in text
    assert "SWR   4 published " in text


def test_backup_import_of_a_bad_swg_names_line_and_column_and_writes_nothing(
    played: Event, stranger: User
) -> None:
    """An SWG result that disagrees with the 001 lines is refused at its line and column."""
    lines = exports.event_trf(played).split("\r\n")
    index = next(i for i, t in enumerate(lines) if t.startswith("SWG   1") and t.endswith("1-0"))
    lines[index] = lines[index][:-3] + "0-1"
    before = (Event.objects.count(), Player.objects.count(), AuditEntry.objects.count())
    with pytest.raises(TournamentError, match=rf"TRF line {index + 1}, column 14: "):
        event_services.event_import_trf(text="\r\n".join(lines), user=stranger, now=T0)
    assert (Event.objects.count(), Player.objects.count(), AuditEntry.objects.count()) == before


def test_backup_import_of_a_sample_file(stranger: User) -> None:
    """A real TRF file from another program (lichess, 9 rounds with byes) imports whole."""
    text = (DATA / "trf-samples" / "sklangen_2021_03.trf").read_text(encoding="utf-8")
    event = event_services.event_import_trf(text=text, user=stranger, now=T0)
    assert event.rounds == 9 and event.players.count() == 9
    assert event.round_set.filter(state="completed").count() == 9
    assert event.initial_colour == "black"
    table = standing_selectors.standings_after(event=event)
    by_number = {line.player.pairing_number: line.points for line in table.lines}
    assert by_number[1] == by_number[2] == Fraction(15, 2)  # 7.5 points each, as in the file


def test_backup_export_writes_fide_tiebreaks_and_import_reads_them(
    played: Event, stranger: User
) -> None:
    """The export writes the tie-breaks twice: ours (SWK) and, for FIDE's programs,
    TRF-2026 202 in FIDE's codes as far as they are C.07's (LOT is not).  A file from
    another program with 202 alone gives the event its order; with a 202 code we do not
    compute (a team tie-break) the event gets what an import without a list gets, and
    the audit entry names the line and the code."""
    lines = exports.event_trf(played).split("\r\n")
    assert "SWK BH-C1,SB,PROG,LOT" in lines and "202 BH/C1,SB,PS" in lines
    only_fide = [t for t in lines if not t.startswith("SWK")]
    event = event_services.event_import_trf(text="\r\n".join(only_fide), user=stranger, now=T0)
    assert event.tiebreaks == "BH-C1,SB,PROG"
    index = only_fide.index("202 BH/C1,SB,PS")
    only_fide[index] = "202 BH/C1,EDE"
    event = event_services.event_import_trf(text="\r\n".join(only_fide), user=stranger, now=T0)
    assert event.tiebreaks == "DE1,ARO,LOT"  # what an import without a list gets
    (note,) = event.audit_entries.get(action="event_import").after["not_read"]
    assert note.startswith(f"TRF line {index + 1}: unknown tie-break code 'EDE'")


def test_backup_export_ranks_players_by_the_events_tiebreaks(played: Event, arbiter: User) -> None:
    """TRF16's rank column (86-89) holds each player's place by the event's tie-breaks,
    level players sharing it.  With round 4's results half entered the points beside it
    are not those of any standings, so it stays blank; once the round is complete it is
    the standings' place."""

    def ranks() -> dict[int, int | None]:
        doc = trf.read_trf(exports.event_trf(played))
        return {p.start_rank: p.rank for p in doc.players}

    assert set(ranks().values()) == {None}
    for game in Game.objects.filter(round__event=played, round__number=4, result=""):
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=T0 + dt.timedelta(hours=3),
        )  # fmt: skip

    def places() -> dict[int, int]:
        table = standing_selectors.standings_after(event=played)
        assert table.after_round == 4  # the last result completed the round
        found: dict[int, int] = {}
        place = 0
        for line in table.lines:
            place = place if line.tied else line.rank
            assert line.player.pairing_number is not None
            found[line.player.pairing_number] = place
        return found

    assert ranks() == places()
    # Points, then wins: players level on both share a place, written on each line.
    played.refresh_from_db()
    played = event_services.event_settings_update(
        event_id=played.pk, changes={"tiebreaks": "WIN"}, expected_version=played.settings_version,
        user=arbiter, now=T0 + dt.timedelta(hours=5), confirm=True,  # it re-ranks (#36 item 5)
    )  # fmt: skip
    shared = places()
    assert len(set(shared.values())) < len(shared)
    assert ranks() == shared


def test_backup_players_only_import_still_works(played: Event) -> None:
    """The players-only TRF import reads the full export (names whole, clubs, top players)."""
    rows = exports.players_from_trf(exports.event_trf(played))
    assert len(rows) == 13
    assert rows[0]["top_player"] is True
    # Defect: the players import cut long names at the 001 line's 33 columns (SWN).
    names = {row["name"] for row in rows}
    assert set(played.players.values_list("name", flat=True)) == names
    assert {row["area"] for row in rows} == {"Nord", ""}
    # #31: national IDs and birth years come with them (SWI, SWB).
    played.players.filter(pairing_number=2).update(national_id="A1234", birth_year=2011)
    rows = exports.players_from_trf(exports.event_trf(played))
    assert (rows[1]["national_id"], rows[1]["birth_year"]) == ("A1234", 2011)


def test_backup_view_creates_the_event_for_the_importing_user(
    played: Event, stranger_client: Client, stranger: User
) -> None:
    """Uploading a backup on the new-event page creates the event; the uploader is arbiter."""

    upload = SimpleUploadedFile("backup.trf", exports.event_trf(played).encode())
    response = stranger_client.post("/events/import/", {"trf": upload})
    copy = Event.objects.exclude(pk=played.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/events/{copy.slug}/manage/"
    assert list(copy.arbiters.all()) == [stranger]
    # #31: the page says the copy is private, and that its links are new (the original
    # is still here).

    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("private until you publish it" in m for m in said), said
    assert any("13 players' private links" in m for m in said), said


def test_backup_view_shows_line_and_column_of_a_bad_file(stranger_client: Client) -> None:
    """A bad upload is refused with its line and column; no event is created."""

    bad = b"012 x\r\n001    1      A                                 20x0\r\n"
    response = stranger_client.post("/events/import/", {"trf": SimpleUploadedFile("b.trf", bad)})
    assert response.status_code == 422
    assert "line 2, column 49" in response.content.decode()
    assert not Event.objects.exists()


def test_backup_import_needs_a_login(client: Client) -> None:
    """An anonymous upload is sent to the login page."""
    response = client.post("/events/import/", {})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert timezone.now()


FULL_POINT_BYE_SAMPLES = {
    "icu_armstrong_2011.tab": True,
    "icu_bunratty_major_2011.tab": False,
    "icu_bunratty_minor_2011.tab": False,
    "sklangen_example1.trf": True,
}
"""Real files with full-point byes (``F``, or ``0000 - +``), refused before #20, and
whether their points column counts a round without a result as TRF16 does (``Z``, 0).
The Bunratty files' program wrote some half-point byes as a lone ``-`` in the colour
column (a blank result, so an absence to us) and counted them ½; there only the players
with a result in every round played are compared."""


@pytest.mark.parametrize("name", sorted(FULL_POINT_BYE_SAMPLES))
def test_backup_import_of_a_sample_with_full_point_byes(name: str, stranger: User) -> None:
    """#20: the file imports, each full-point bye becomes one, the standings give the
    points of the file's points column, and the export reads back the same."""

    text = decode_trf((DATA / "trf-samples" / name).read_bytes())
    event = event_services.event_import_trf(text=text, user=stranger, now=T0)
    doc = read_trf(text)
    byes = {(p.start_rank, n) for p in doc.players
            for n, block in enumerate(p.rounds, start=1) if block.full_point_bye}  # fmt: skip
    imported = RoundRequest.objects.filter(player__event=event, kind="F")
    assert set(imported.values_list("player__pairing_number", "round_number")) == byes
    table = standing_selectors.standings_after(event=event)
    points = {line.player.pairing_number: line.points for line in table.lines}
    played = event.round_set.count()
    compared = [
        player
        for player in doc.players
        if FULL_POINT_BYE_SAMPLES[name]
        or not any(player.round(n).blank for n in range(1, played + 1))
    ]
    assert {p.start_rank for p in compared} & {rank for rank, _ in byes}
    assert {p.start_rank: points[p.start_rank] for p in compared} == {
        p.start_rank: p.points for p in compared
    }
    again, copy = restore_lost(event, user=stranger, now=T0)
    assert exports.event_trf(copy) == again


def test_backup_import_of_a_team_sample_is_refused_for_its_240_lines(stranger: User) -> None:
    """The TRF-2026 team sample has full-point byes too; they no longer stop it, but a
    240 line gives a half-point bye to a player with a board in that round."""

    text = decode_trf((DATA / "trf-samples" / "echecsjs_grandmommyscup.trf").read_bytes())
    with pytest.raises(TournamentError, match="player 39 has a board in round 1"):
        event_services.event_import_trf(text=text, user=stranger, now=T0)
    assert not Event.objects.exists()


def test_trf2026_192_import_of_the_2017_dutch_is_refused_by_name(stranger: User) -> None:
    """A file whose 192 names the Dutch text of 2017 (ETT26) is not taken for another
    system (it used to import as the 1992 text): refused at the 192 line, nothing made."""
    text = (DATA / "trf-samples" / "sklangen_2021_03.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    with pytest.raises(TournamentError, match=r"column 5: .*'FIDE_DUTCH_2017' is not available"):
        event_services.event_import_trf(
            text="\r\n".join([lines[0], "192 FIDE_DUTCH_2017", *lines[1:]]), user=stranger, now=T0
        )
    assert not Event.objects.exists()
