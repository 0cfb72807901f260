"""Two ratings per player, and the event's choice of the one it pairs on (#35 item 1).

The choice (``core.rating_basis``) orders the players, fills the standings' rating
column, decides the rating prizes and the entry limits, and is said on the settings
form and in the round's explanation; the rating change of FIDE B.02 reads the FIDE
rating whatever the event pairs on.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from swissweb.ratings.formats import Entry as ListEntry
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.rating_basis import rating_of
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.forms import EntryForm
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals.forms import ChooseSectionForm
from swissweb.tournament.models import EntrySettings, Event, Player, RatingBasis
from swissweb.tournament.players import ratings as rating_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.players.rating_change import event_ratings
from swissweb.tournament.standings import selectors as standing_selectors
from tests.web.mixed_field import ORDER, T0, festival, played, surname

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("basis", "fide", "national", "expected"),
    [
        (RatingBasis.FIDE, 2000, 2100, 2000),
        (RatingBasis.FIDE, 0, 2100, 0),
        (RatingBasis.NATIONAL, 2000, 2100, 2100),
        (RatingBasis.NATIONAL, 2000, 0, 0),
        (RatingBasis.HIGHER, 2000, 2100, 2100),
        (RatingBasis.HIGHER, 2200, 2100, 2200),
        (RatingBasis.HIGHER, 0, 1500, 1500),
        (RatingBasis.FIDE_ELSE_NATIONAL, 1700, 2000, 1700),
        (RatingBasis.FIDE_ELSE_NATIONAL, 0, 2000, 2000),
        (RatingBasis.FIDE_ELSE_NATIONAL, 0, 0, 0),
        (RatingBasis.LOWER, 2000, 2100, 2000),
        (RatingBasis.LOWER, 2200, 2100, 2100),
        (RatingBasis.LOWER, 0, 1500, 1500),
        (RatingBasis.LOWER, 1800, 0, 1800),
        (RatingBasis.LOWER, 0, 0, 0),
        (RatingBasis.NATIONAL_ELSE_FIDE, 1700, 2000, 2000),
        (RatingBasis.NATIONAL_ELSE_FIDE, 1700, 0, 1700),
        (RatingBasis.NATIONAL_ELSE_FIDE, 0, 0, 0),
    ],
)
def test_rating_basis_picks_the_rating_the_event_chose(
    basis: str, fide: int, national: int, expected: int
) -> None:
    assert rating_of(basis, fide=fide, national=national) == expected


@pytest.mark.parametrize("basis", list(ORDER))
def test_initial_order_ranks_on_the_event_choice(arbiter: User, basis: str) -> None:
    event = festival(arbiter, basis)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    numbered = event.players.order_by("pairing_number")
    assert [surname(p) for p in numbered] == ORDER[basis]


def test_standings_rating_column_is_the_event_choice(arbiter: User) -> None:
    event = played(festival(arbiter, RatingBasis.NATIONAL), arbiter)
    table = standing_selectors.standings_after(event=event)
    shown = {line.player.name.split(",")[0]: line.player.ranked_rating for line in table.lines}
    assert shown == {"Adler": 2050, "Bauer": 1900, "Corte": 0, "Dorn": 2000, "Eck": 0,
                     "Fuchs": 1500}  # fmt: skip


def test_standings_csv_rating_is_the_event_choice(arbiter: User, client: Client) -> None:
    event = played(festival(arbiter, RatingBasis.NATIONAL), arbiter)
    text = client.get(f"/events/{event.slug}/standings.csv").content.decode()
    bauer = next(line for line in text.splitlines() if "Bauer" in line)
    assert ",1900," in bauer


@pytest.mark.parametrize(
    ("basis", "winners"),
    [(RatingBasis.FIDE, {"Dorn"}), (RatingBasis.NATIONAL, {"Bauer", "Fuchs"})],
)
def test_rating_prizes_read_the_event_choice(arbiter: User, basis: str, winners: set[str]) -> None:
    """A rated player under 1950: Dorn by FIDE (1700); Bauer and Fuchs nationally
    (Dorn's national 2000 is too high, Corte has no national rating)."""
    event = festival(arbiter, basis)
    event.prize_table = "Rating below 1950: 30, 20, 10"
    event.save()
    played(event, arbiter)
    _, awards = standing_selectors.prize_awards(event=event)
    assert {award.player.name.split(",")[0] for award in awards} == winners


def test_rating_change_reads_fide_ratings_when_pairing_on_national(arbiter: User) -> None:
    """B.02 rates on FIDE's list: Bauer (national only) has no change, and a FIDE-rated
    player's games against him are not rated."""
    event = played(festival(arbiter, RatingBasis.NATIONAL), arbiter)
    numbers = {surname(p): p.pairing_number or 0 for p in event.players.all()}
    rated = event_ratings(event)
    assert rated[numbers["Bauer"]].change == 0
    assert rated[numbers["Bauer"]].games == {}
    fide_rated = [rated[numbers[name]] for name in ("Adler", "Corte", "Dorn")]
    assert all(r.performance is None or r.performance > 0 for r in fide_rated)


def test_rating_basis_is_fixed_once_round_one_is_paired(arbiter: User) -> None:
    event = played(festival(arbiter), arbiter)
    with pytest.raises(TournamentError, match="cannot change once round 1 is paired"):
        event_services.event_settings_update(
            event_id=event.pk, changes={"rating_basis": RatingBasis.NATIONAL},
            expected_version=event.settings_version, user=arbiter, now=T0,
        )  # fmt: skip


def test_settings_form_offers_the_choice_of_rating(arbiter: User, arbiter_client: Client) -> None:
    event = festival(arbiter)
    page = arbiter_client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="rating_basis"' in page and 'name="rate_of_play"' in page
    assert "the higher of the FIDE and the national rating" in page
    # TRF-2026 172's LBFN and NIDOF too.
    assert 'value="lbfn"' in page and "the lower of the FIDE and the national rating" in page
    assert 'value="nidof"' in page and "the national rating, else the FIDE rating" in page


def test_round_explanation_says_which_rating_ranks(arbiter: User, arbiter_client: Client) -> None:
    event = played(festival(arbiter, RatingBasis.HIGHER), arbiter)
    page = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/why/").content.decode()
    assert "Initial order" in page
    assert "the higher of the FIDE and the national rating" in page


def test_entry_limit_reads_the_event_choice(arbiter: User) -> None:
    """A national list's rating is the national one: under FIDE the entrant is unrated
    and refused by a lower limit; pairing on the national rating, admitted."""
    load_list(
        name="DWZ", kind=ListKind.NATIONAL, source="", user=None, now=T0,
        entries=[ListEntry(player_id="C0327-099", name="Kern, Kai", standard=1850)],
    )  # fmt: skip
    event = Event.objects.create(name="Limited", slug="limited", rounds=5)
    EntrySettings.objects.create(event=event, open=True, min_rating=1800)
    data = entry_services.EntryData(name="Kern, Kai", national_id="C0327-099")
    now = dt.datetime(2026, 2, 1, tzinfo=dt.UTC)
    with pytest.raises(TournamentError, match="no rating was found"):
        entry_services.entry_submit(event_id=event.pk, data=data, now=now)
    event.rating_basis = RatingBasis.NATIONAL
    event.save()
    entry = entry_services.entry_submit(event_id=event.pk, data=data, now=now)
    assert (entry.rating, entry.national_rating, entry.national_list) == (0, 1850, "DWZ")


def test_refresh_from_fide_list_fills_the_fide_rating_of_the_rate_of_play(
    arbiter: User,
) -> None:
    fide = load_list(
        name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0,
        entries=[ListEntry(player_id="4600001", name="Adler, Anna", standard=2100, rapid=2150)],
    )  # fmt: skip
    event = Event.objects.create(name="Rapid", slug="rapid", rounds=5, rate_of_play="rapid")
    player = Player.objects.create(
        event=event, name="Adler, Anna", fide_id=4600001, national_rating=2050
    )
    rating_services.players_refresh_ratings(
        event_id=event.pk, list_id=fide.pk, kind=event.rate_of_play, user=arbiter, now=T0
    )
    player.refresh_from_db()
    assert (player.rating, player.national_rating) == (2150, 2050)


def test_players_page_refresh_defaults_to_the_rate_of_play(
    arbiter: User, arbiter_client: Client
) -> None:
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[])
    event = Event.objects.create(name="Blitz", slug="blitz", rounds=5, rate_of_play="blitz")
    event.arbiters.add(arbiter)
    page = arbiter_client.get(f"/events/{event.slug}/manage/players/").content.decode()
    assert '<option value="blitz" selected>' in page


def test_csv_import_maps_the_national_columns() -> None:
    text = (
        "name;rating;national_rating;national_id;national_list\n"
        "Bauer, Ben;;1900;C0327-002;DWZ\n"
        "Adler, Anna;2100;2050;C0327-001;DWZ\n"
    )
    rows, problems = parse_players_csv(text)
    assert not problems
    assert [(r.rating, r.national_rating, r.national_id, r.national_list) for r in rows] == [
        (0, 1900, "C0327-002", "DWZ"),
        (2100, 2050, "C0327-001", "DWZ"),
    ]


def test_csv_import_refuses_a_national_rating_that_is_no_rating() -> None:
    _, problems = parse_players_csv("name;national_rating\nBauer, Ben;19OO\n")
    assert [(p.line, p.column) for p in problems] == [(2, "national_rating")]


def test_player_form_takes_a_national_rating(arbiter: User, arbiter_client: Client) -> None:
    event = festival(arbiter)
    arbiter_client.post(
        f"/events/{event.slug}/players/add/",
        {"name": "Gast, Gil", "rating": 0, "national_rating": 1620, "national_id": "C0327-007",
         "national_list": "DWZ"},
    )  # fmt: skip
    gil = event.players.get(name="Gast, Gil")
    assert (gil.rating, gil.national_rating, gil.national_list) == (0, 1620, "DWZ")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        # FIDE's rating is kept in the column of the event's rate, whose bound answers.
        ("rating", 30000, "FIDE standard rating: Ensure this value is less than or equal to 3500."),
        ("national_rating", 4000, "National rating: A rating is from 0 (unrated) to 3500."),
        ("birth_year", 30000, "Birth year: A birth year is from 1900 to 2100."),
        ("birth_year", 1, "Birth year: A birth year is from 1900 to 2100."),
        ("fide_id", 123456789012, "FIDE ID: A FIDE ID has at most 11 digits."),
        ("birth_date", "9999-12-31", "Birth date: A birth date is from the year 1900 to 2100."),
    ],
)
def test_a_rating_or_birth_year_no_player_has_is_refused(
    arbiter: User, arbiter_client: Client, field: str, value: int, message: str
) -> None:
    """The fields take any number of their type: a FIDE rating of 30000 or a FIDE ID of
    twelve digits was registered, and FIDE's rating report, whose columns hold four
    digits of a rating and eleven of an ID, then answered 500."""
    event = festival(arbiter)
    # The add form types FIDE's rating in the column of the event's rate (standard here),
    # whose own validator answers; the service checks ``rating`` itself.
    typed = "fide_standard" if field == "rating" else field
    posted = {"name": "Gast, Gil", "fide_standard": 1500, typed: value}
    page = arbiter_client.post(f"/events/{event.slug}/players/add/", posted, follow=True)
    assert message.split(": ", 1)[1] in page.content.decode()
    assert not event.players.filter(name="Gast, Gil").exists()
    dorn = event.players.get(name="Dorn, Dana")
    with pytest.raises(TournamentError, match=message.replace("(", r"\(").replace(")", r"\)")):
        player_services.player_update(player_id=dorn.pk, changes={field: value}, user=arbiter,
                                      now=T0)  # fmt: skip
    dorn.refresh_from_db()
    assert getattr(dorn, field) != value
    assert arbiter_client.get(f"/events/{event.slug}/report-trf16.trf").status_code == 200


def test_a_fide_id_longer_than_trfs_columns_is_refused_by_csv_and_entry_forms() -> None:
    """TRF's 001 record has eleven columns for the FIDE ID: twelve digits, taken by the
    CSV import and the online entry forms, broke FIDE's report and the TRF export."""
    _, problems = parse_players_csv("name,fide_id\nGast,123456789012\n")
    assert [(p.line, p.column, p.message) for p in problems] == [
        (2, "fide_id", "'123456789012' is not a FIDE ID (digits 0-9, at most 11)")
    ]
    rows, problems = parse_players_csv("name,fide_id\nGast,99999999999\n")
    assert not problems and rows[0].fide_id == 99999999999
    for form in (EntryForm, ChooseSectionForm):
        field = form.base_fields["fide_id"]
        assert field.clean("99999999999") == 99999999999
        with pytest.raises(ValidationError):
            field.clean("123456789012")


def test_starting_rank_shows_the_rating_the_players_are_ranked_by(
    arbiter: User, client: Client
) -> None:
    event = festival(arbiter, RatingBasis.NATIONAL)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    page = client.get(f"/events/{event.slug}/starting-rank/").content.decode()
    bauer = page[page.index("Bauer, Ben") :].split("</tr>")[0]
    assert "<td>1900</td>" in bauer


def test_players_workspace_shows_both_ratings(arbiter: User, arbiter_client: Client) -> None:
    event = festival(arbiter)
    page = arbiter_client.get(f"/events/{event.slug}/manage/players/").content.decode()
    dorn = page[page.index("Dorn, Dana") :].split("</tr>")[0]
    assert "1700 · DWZ 2000" in dorn


def test_player_card_shows_the_national_rating_with_its_list(arbiter: User, client: Client) -> None:
    event = played(festival(arbiter), arbiter)
    dorn = event.players.get(name="Dorn, Dana")
    page = client.get(f"/events/{event.slug}/players/{dorn.pairing_number}/").content.decode()
    assert "1700 · DWZ 2000" in page
