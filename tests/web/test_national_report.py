"""The reports of an event with FIDE-rated and nationally rated players (#35 item 1).

FIDE's rating report writes FIDE's data alone: a nationally rated player without a
FIDE rating is written unrated and 072 counts FIDE ratings only.  The national report
is a CSV of the national IDs and ratings; PGN gives FIDE's Elo only; the backup keeps
both ratings (SWV) and writes TRF-2026's 172 and NRS records for the national ones.
"""

from __future__ import annotations

import csv
import io

import chess.pgn
import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.engine import trf
from pairing.engine.trf import Header
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services as festival_services
from swissweb.tournament.models import Event, RatingBasis
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.national_report import COLUMNS, national_report
from swissweb.tournament.publishing.rating_report import Edition, rating_report
from tests.web.backup_helpers import restore_lost
from tests.web.mixed_field import FIELD, T0, festival, played

pytestmark = pytest.mark.django_db

NATIONAL_IDS = [national_id for *_, national_id in FIELD if national_id]


@pytest.fixture
def mixed(arbiter: User) -> Event:
    """The festival after two rounds, pairing on the higher of the two ratings."""
    return played(festival(arbiter, RatingBasis.HIGHER), arbiter, rounds=2)


@pytest.mark.parametrize("edition", list(Edition))
def test_fide_report_of_a_mixed_field_writes_fide_data_only(mixed: Event, edition: Edition) -> None:
    text = rating_report(mixed, edition)
    doc = trf.read_trf(text)
    assert trf.header_text(doc, Header.PLAYERS) == "6"
    assert trf.header_text(doc, Header.RATED_PLAYERS) == "3"  # Adler, Corte, Dorn
    written = {p.name.split(",")[0]: (p.rating, p.fide_id) for p in doc.players}
    assert written == {
        "Adler": (2100, "4600001"), "Bauer": (0, ""), "Corte": (1950, "4600003"),
        "Dorn": (1700, "4600004"), "Eck": (0, ""), "Fuchs": (0, ""),
    }  # fmt: skip
    assert not any(national_id in text for national_id in NATIONAL_IDS)
    assert "172 " not in text and "\nGER " not in text


def test_fide_report_starting_ranks_follow_the_event_pairing_numbers(mixed: Event) -> None:
    """The 001 ranks are the pairing numbers given on the higher rating; only the rating
    column is FIDE's."""
    doc = trf.read_trf(rating_report(mixed, Edition.TRF16))
    numbers = {p.name: p.pairing_number or 0 for p in mixed.players.all()}
    assert {p.name: p.start_rank for p in doc.players} == numbers


def test_national_report_lists_national_ids_ratings_games_and_score(mixed: Event) -> None:
    rows = list(csv.DictReader(io.StringIO(national_report(mixed))))
    assert list(rows[0])[: len(COLUMNS)] == list(COLUMNS)
    assert [key for key in rows[0] if key.startswith("round_")] == ["round_1", "round_2"]
    by_name = {row["name"]: row for row in rows}
    bauer = by_name["Bauer, Ben"]
    assert (bauer["national_id"], bauer["national_rating"], bauer["national_list"]) == (
        "C0327-002", "1900", "DWZ",
    )  # fmt: skip
    assert by_name["Corte, Cid"]["national_rating"] == ""
    for row in rows:
        blocks = [row["round_1"].split(), row["round_2"].split()]
        games = [b for b in blocks if b and b[-1] in ("1", "=", "0") and b[0] != "0"]
        assert int(row["games"]) == len(games)
        score = sum({"1": 1.0, "=": 0.5, "0": 0.0}[b[-1]] for b in games)
        assert float(row["score"]) == score
    numbers = {row["no"]: row for row in rows}
    opponents = [numbers[b.split()[0]] for b in (bauer["round_1"], bauer["round_2"])]
    ratings = [int(o["national_rating"]) for o in opponents if o["national_rating"]]
    expected = str(round(sum(ratings) / len(ratings))) if ratings else ""
    assert bauer["opponents_average"] == expected


def test_national_report_is_for_arbiters_only(mixed: Event, client: Client, arbiter: User) -> None:
    url = f"/events/{mixed.slug}/report-national.csv"
    assert client.get(url).status_code in (302, 403)
    client.force_login(arbiter)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "C0327-002" in response.content.decode()


def test_pgn_elo_is_the_fide_rating_never_the_national(mixed: Event, client: Client) -> None:
    stream = io.StringIO(client.get(f"/events/{mixed.slug}/games.pgn").content.decode())
    elo: dict[str, str | None] = {}
    while (game := chess.pgn.read_game(stream)) is not None:
        for side in ("White", "Black"):
            elo[game.headers[side]] = game.headers.get(f"{side}Elo")
    assert len(elo) == 6
    assert elo["Bauer, Ben"] is None and elo["Fuchs, Flo"] is None and elo["Eck, Emil"] is None
    assert (elo["Adler, Anna"], elo["Corte, Cid"], elo["Dorn, Dana"]) == ("2100", "1950", "1700")


def test_backup_writes_ranking_method_and_nrs_records(mixed: Event) -> None:
    text = exports.event_trf(mixed)
    doc = trf.read_trf(text)
    assert "172 GER HBFN" in text.splitlines()
    numbers = {p.name: p.pairing_number or 0 for p in mixed.players.all()}
    assert trf.nrs_ratings(doc) == {
        numbers["Adler, Anna"]: ("GER", 2050, "C0327-001"),
        numbers["Bauer, Ben"]: ("GER", 1900, "C0327-002"),
        numbers["Dorn, Dana"]: ("GER", 2000, "C0327-004"),
        numbers["Fuchs, Flo"]: ("GER", 1500, "C0327-006"),
    }
    assert trf.national_ratings(doc)[numbers["Bauer, Ben"]] == (1900, "DWZ")


def test_backup_restores_both_ratings_and_the_choice(mixed: Event, arbiter: User) -> None:
    before = sorted(mixed.players.values_list("name", "rating", "national_rating", "national_list"))
    text, copy = restore_lost(mixed, user=arbiter, now=T0)
    assert copy.rating_basis == RatingBasis.HIGHER
    after = sorted(copy.players.values_list("name", "rating", "national_rating", "national_list"))
    assert after == before
    assert exports.event_trf(copy).replace(" public=0 ", " public=1 ", 1) == text


def test_an_event_pairing_on_fide_writes_no_rating_option(arbiter: User) -> None:
    """Events of before #35 export as they did: the defaults are not written."""
    event = festival(arbiter)
    event.federation = ""
    event.save()
    text = exports.event_trf(event)
    assert "rating_basis=" not in text and "rate_of_play=" not in text
    assert "172 " not in text


def test_trf_of_another_program_reads_national_ratings_from_nrs_records(
    arbiter: User,
) -> None:
    """A TRF-2026 file with a 172 record and NRS records (no SWV of ours): the national
    rating and number come from the NRS records; a record of another federation, or
    another program's three-letter record, is not read as one."""
    lines = [
        "012 Other Program Open",
        "172 GER FIDON",
        trf.nrs_line("GER", 1, 1875, "C0327-101"),
        trf.nrs_line("GER", 2, 1650, ""),
        trf.nrs_line("AUT", 1, 1999, "X"),
        "DAT    1 EMAIL someone@example.org",
    ]
    players = [
        trf.TrfPlayer(start_rank=1, name="Ost, Ole", rating=1900, fide_id="4600101"),
        trf.TrfPlayer(start_rank=2, name="West, Wim"),
    ]
    text = trf.write_trf(trf.trf_document(lines[:2], players, lines[2:]))
    event = event_services.event_import_trf(text=text, user=arbiter, now=T0)
    read = sorted(event.players.values_list("name", "rating", "national_rating", "national_id"))
    assert read == [("Ost, Ole", 1900, 1875, "C0327-101"), ("West, Wim", 0, 1650, "")]


@pytest.mark.parametrize(
    ("basis", "code"), [(RatingBasis.LOWER, "LBFN"), (RatingBasis.NATIONAL_ELSE_FIDE, "NIDOF")]
)
def test_trf_2026_172_lower_and_national_else_fide_written_and_restored(
    arbiter: User, basis: str, code: str
) -> None:
    """TRF-2026 172's LBFN (the lower of the two) and NIDOF (national, else FIDE): the
    backup writes the code and our setting, and a restore pairs on the same choice."""
    event = played(festival(arbiter, basis), arbiter, rounds=1)
    text = exports.event_trf(event)
    assert f"172 GER {code}" in text.splitlines()
    assert f" rating_basis={basis}" in text
    _text, copy = restore_lost(event, user=arbiter, now=T0)
    assert copy.rating_basis == basis


@pytest.mark.parametrize(
    ("code", "basis"),
    [("NIDOF", RatingBasis.NATIONAL_ELSE_FIDE), ("LBFN", RatingBasis.LOWER),
     ("FIDON", RatingBasis.FIDE_ELSE_NATIONAL), ("OTHER", RatingBasis.FIDE)],
)  # fmt: skip
def test_trf_of_another_program_pairs_on_the_ranking_method_of_its_172(
    arbiter: User, code: str, basis: str
) -> None:
    """Without our SWO setting, TRF-2026 172's method is the event's choice of rating;
    OTHER, which names none of ours, keeps the FIDE rating."""
    players = [trf.TrfPlayer(start_rank=1, name="Ost, Ole", rating=1900)]
    lines = [trf.nrs_line("GER", 1, 1875, "C0327-101")]
    text = trf.write_trf(trf.trf_document(["012 Open", f"172 GER {code}"], players, lines))
    event = event_services.event_import_trf(text=text, user=arbiter, now=T0)
    assert event.rating_basis == basis


def test_a_festival_section_of_a_mixed_field_gives_both_reports(
    mixed: Event, client: Client, arbiter: User
) -> None:
    """#35's "done when": one section of a festival, FIDE-rated and nationally rated
    players together, downloads FIDE's report with FIDE's data alone and the national
    report with the national IDs and ratings alone."""
    hastings = festival_services.festival_create(
        name="Mixed 2026", slug="mixed-2026", user=arbiter, now=T0, public=True
    )
    Event.objects.filter(pk=mixed.pk).update(festival=hastings, section_name="Open")
    client.force_login(arbiter)
    fide = client.get(f"/events/{mixed.slug}/report-{Edition.TRF16.value}.trf")
    national = client.get(f"/events/{mixed.slug}/report-national.csv")
    assert (fide.status_code, national.status_code) == (200, 200)
    text = fide.content.decode()
    doc = trf.read_trf(text)
    assert trf.header_text(doc, Header.RATED_PLAYERS) == "3"
    assert {p.fide_id for p in doc.players if p.rating} == {"4600001", "4600003", "4600004"}
    assert not any(national_id in text for national_id in NATIONAL_IDS)
    rows = {row["name"]: row for row in csv.DictReader(io.StringIO(national.content.decode()))}
    assert {name: row["national_id"] for name, row in rows.items() if row["national_id"]} == {
        name: national_id for name, *_, national_id in FIELD if national_id
    }
    assert rows["Corte, Cid"]["national_rating"] == ""
    assert rows["Bauer, Ben"]["national_rating"] == "1900"
