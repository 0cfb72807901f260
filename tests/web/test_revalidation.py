"""Public pages answer a refresh with 304 until the event changes (#21 item 1)."""

from __future__ import annotations

import gzip

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from swissweb.tournament.models import Event, Game, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .test_standings import played_event

pytestmark = pytest.mark.django_db

PAGES = ["", "rounds/1/", "standings/", "crosstable/", "players/1/", "standings.csv",
         "standings/?round=1", "starting-rank/"]  # fmt: skip


@pytest.fixture
def event() -> Event:
    return played_event(8, 2, slug="fresh")


@pytest.mark.parametrize("page", PAGES)
def test_refresh_of_an_unchanged_public_page_is_a_304_after_one_query(
    event: Event, page: str
) -> None:
    client = Client()
    first = client.get(f"/events/{event.slug}/{page}")
    assert first.status_code == 200
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"/events/{event.slug}/{page}", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert len(queries) == (2 if page.startswith("players/") else 1)  # a card: its game


@pytest.mark.parametrize("page", PAGES)
def test_a_change_of_the_event_makes_the_page_new_again(event: Event, page: str) -> None:
    client = Client()
    etag = client.get(f"/events/{event.slug}/{page}")["ETag"]
    arbiter = event.arbiters.get()
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=3)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = Game.objects.filter(round=round_, black__isnull=False).first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=timezone.now()
    )
    response = client.get(f"/events/{event.slug}/{page}", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_the_query_string_is_part_of_the_etag(event: Event) -> None:
    client = Client()
    one = client.get(f"/events/{event.slug}/standings/?round=1")["ETag"]
    two = client.get(f"/events/{event.slug}/standings/?round=2")["ETag"]
    assert one != two


def test_signed_in_arbiters_always_get_the_page_itself(event: Event) -> None:
    client = Client()
    client.force_login(event.arbiters.get())
    response = client.get(f"/events/{event.slug}/standings/")
    assert response.status_code == 200 and not response.has_header("ETag")


def test_player_cards_are_computed_once_per_change_of_the_event(event: Event) -> None:
    """Defect: every card read the whole event's state again (p95 over 1 s at 50 readers)."""
    client = Client()
    client.get(f"/events/{event.slug}/players/1/")
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/events/{event.slug}/players/1/").status_code == 200
    assert len(queries) <= 2  # the event; the card itself comes from the cache


def test_a_card_cached_before_a_result_shows_the_result_at_once(event: Event) -> None:
    """The card is cached per change of the standings, but the round in play's result
    is read live: entered a second ago, it is on the card."""
    arbiter = event.arbiters.get()
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=3)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = Game.objects.filter(round=round_, black__isnull=False).select_related("white").first()
    assert game is not None
    page = f"/events/{event.slug}/players/{game.white.pairing_number}/"
    assert "in play" in Client().get(page).content.decode()
    result_services.result_record(
        game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    card = Client().get(page).context["card"]
    assert card.rounds[-1].result == "won"
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=1, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    assert Client().get(page).context["card"].rounds[-1].result == "drew"


@pytest.mark.parametrize("page", PAGES)
def test_a_second_reader_gets_the_stored_page_after_one_query(event: Event, page: str) -> None:
    """The page is rendered and compressed once per version, then served to everyone."""

    first = Client().get(f"/events/{event.slug}/{page}", HTTP_ACCEPT_ENCODING="gzip")
    with CaptureQueriesContext(connection) as queries:
        second = Client().get(f"/events/{event.slug}/{page}", HTTP_ACCEPT_ENCODING="gzip")
    assert len(queries) == (2 if page.startswith("players/") else 1)
    assert second["Content-Encoding"] == "gzip"
    assert gzip.decompress(second.content) == gzip.decompress(first.content)


def test_anonymous_pages_carry_no_csrf_token(event: Event) -> None:
    """A stored page is served to every reader: it must hold nothing of the first one's."""
    body = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert "csrf" not in body.lower()


def test_a_result_in_the_round_in_play_leaves_the_standings_pages_unchanged(
    event: Event,
) -> None:
    """Standings, crosstable, CSV and the starting rank change with the standings only;
    the round in play and the event's page, which shows it (#34), with every result; a
    card with its player's own game."""
    arbiter = event.arbiters.get()
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=3)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    boards = Game.objects.filter(round=round_, black__isnull=False).select_related("white")
    game, other = boards.order_by("board")[0], boards.order_by("board")[1]
    mine, theirs = f"players/{game.white.pairing_number}/", f"players/{other.white.pairing_number}/"
    pages = ["", "standings/", "crosstable/", "standings.csv", "rounds/3/", mine, theirs,
             "starting-rank/", "rounds/2/"]  # fmt: skip
    client = Client()
    before = {page: client.get(f"/events/{event.slug}/{page}")["ETag"] for page in pages}
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=timezone.now()
    )
    status = {
        page: client.get(
            f"/events/{event.slug}/{page}", HTTP_IF_NONE_MATCH=before[page]
        ).status_code
        for page in pages
    }
    assert status == {"": 200, "standings/": 304, "crosstable/": 304, "standings.csv": 304,
                      "rounds/3/": 200, mine: 200, theirs: 304, "starting-rank/": 304,
                      "rounds/2/": 304}  # fmt: skip


def test_the_event_page_shows_a_result_in_play_at_once(event: Event) -> None:
    """The event's page shows the round in play (#34): a result entered a second ago is
    on it, not only after its own refresh 30 s later."""
    arbiter = event.arbiters.get()
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=3)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = Game.objects.filter(round=round_, black__isnull=False).order_by("board").first()
    assert game is not None
    client = Client()
    before = client.get(f"/events/{event.slug}/").content.decode()
    assert 'id="round-3-pairings"' in before and "½-½" not in before
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=timezone.now()
    )
    assert client.get(f"/events/{event.slug}/").content.decode().count("½-½") == 1
