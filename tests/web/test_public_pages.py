"""The public pages as players use them (#24): the round in play first, ratings and
points beside names linked to the player cards, the players not paired named under the
boards, a search by name, and a QR code to the round on the printed pairings.

#34 item 6: the event's page shows one round (in play, or the latest) and links every
round's own page; the starting rank is a page of its own."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from swissweb.tournament.models import Event, Game, Player, Result, RoundState
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def test_event_page_shows_the_round_in_play_and_links_every_round(
    two_rounds: Event, client: Client
) -> None:
    """Round 1's boards are on round 1's page only; the event's page links it."""
    page = client.get(f"/events/{two_rounds.slug}/").content.decode()
    assert "<h2>Round 2 (in play)</h2>" in page
    assert 'id="round-2-pairings"' in page
    assert 'id="round-1-pairings"' not in page and "<h2>Round 1</h2>" not in page
    for number in (1, 2):
        assert f'href="/events/{two_rounds.slug}/rounds/{number}/"' in page
    first = client.get(f"/events/{two_rounds.slug}/rounds/1/").content.decode()
    assert 'id="round-1-pairings"' in first


def test_event_page_shows_the_latest_round_once_every_round_is_completed(
    two_rounds: Event, client: Client
) -> None:
    """No round in play: the latest round's results, the others' boards left out."""

    Game.objects.filter(round__event=two_rounds, round__number=2).exclude(black=None).update(
        result=Result.DRAW
    )
    two_rounds.round_set.filter(number=2).update(state=RoundState.COMPLETED)
    Event.objects.filter(pk=two_rounds.pk).update(standings_version=999)
    page = client.get(f"/events/{two_rounds.slug}/").content.decode()
    assert "<h2>Round 2</h2>" in page and "(in play)" not in page
    assert 'id="round-2-pairings"' in page and "½-½" in page
    assert 'id="round-1-pairings"' not in page


def test_event_page_before_round_one_says_so_and_leads_to_the_starting_rank(
    started: Event, players: list[Player], client: Client
) -> None:
    page = client.get(f"/events/{started.slug}/").content.decode()
    assert "No round is published yet." in page
    assert f'href="/events/{started.slug}/starting-rank/">Starting rank</a>' in page
    assert players[0].name not in page  # the players are on the starting rank


def test_starting_rank_lists_the_players_by_pairing_number_on_a_page_that_prints_alone(
    two_rounds: Event, client: Client
) -> None:
    """Each player once, by pairing number, linked to their card; no round's boards, no
    search form: the page prints as the list alone."""
    response = client.get(f"/events/{two_rounds.slug}/starting-rank/")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<article class="print-sheet">' in page
    assert "pairings" not in page and "player-search" not in page
    cards = re.findall(rf'href="/events/{two_rounds.slug}/players/(\d+)/">', page)
    numbers = sorted(p.pairing_number or 0 for p in two_rounds.players.all())
    assert [int(n) for n in cards] == numbers and 0 not in numbers
    assert f"{len(numbers)} players" in page
    Event.objects.filter(pk=two_rounds.pk).update(public=False)
    assert client.get(f"/events/{two_rounds.slug}/starting-rank/").status_code == 404


def test_starting_rank_before_the_start_is_by_rating(
    event: Event, players: list[Player], client: Client
) -> None:
    """No pairing numbers yet: the entries by rating, then name."""
    page = client.get(f"/events/{event.slug}/starting-rank/").content.decode()
    by_rating = sorted(players, key=lambda p: (-p.rating, p.name))
    places = [page.index(p.name) for p in by_rating]
    assert places == sorted(places)


def test_a_round_page_links_the_rounds_before_and_after_it(
    two_rounds: Event, client: Client
) -> None:
    base = f"/events/{two_rounds.slug}/rounds/"
    first = client.get(f"{base}1/").content.decode()
    second = client.get(f"{base}2/").content.decode()
    assert f'href="{base}2/" rel="next"' in first and 'rel="prev"' not in first
    assert f'href="{base}1/" rel="prev"' in second and 'rel="next"' not in second


def test_pairings_give_rating_and_points_before_the_round_and_link_cards(
    two_rounds: Event, client: Client
) -> None:
    """Round 2: each name links to its card, with the rating and the points before the
    round (the winners of round 1 have 1, the others 0), the abbreviated word in its
    plural form: "1 pt", "0 pts"."""
    page = client.get(f"/events/{two_rounds.slug}/rounds/2/").content.decode()
    for player in two_rounds.players.all():
        card = f'href="/events/{two_rounds.slug}/players/{player.pairing_number}/"'
        assert card in page, player.name
    points = re.findall(r"(\d+) · (\d+|½|\d+½) (pts?)<", page)
    assert sorted((p, word) for _, p, word in points) == [
        ("0", "pts"),
        ("0", "pts"),
        ("0", "pts"),
        ("1", "pt"),
        ("1", "pt"),
        ("1", "pt"),
    ]
    ratings = {str(p.rating) for p in two_rounds.players.all()}
    assert {rating for rating, _, _ in points} == ratings


def test_find_a_player_by_name(two_rounds: Event, client: Client) -> None:
    """Words in any order, case and accents aside; each found player links its card."""
    Player.objects.filter(event=two_rounds, name="Frost, Fay").update(name="Frøst, Fäy")
    page = client.get(f"/events/{two_rounds.slug}/find/", {"q": "fay FROST"}).content.decode()
    player = Player.objects.get(event=two_rounds, name="Frøst, Fäy")
    assert f'/players/{player.pairing_number}/">Frøst, Fäy</a>' in page
    page = client.get(f"/events/{two_rounds.slug}/find/", {"q": "nobody"}).content.decode()
    assert "No player of this event matches" in page
    Event.objects.filter(pk=two_rounds.pk).update(public=False)
    assert client.get(f"/events/{two_rounds.slug}/find/", {"q": "a"}).status_code == 404


def test_printed_pairings_carry_a_qr_code_of_the_public_round(
    two_rounds: Event, arbiter_client: Client
) -> None:
    page = arbiter_client.get(f"/events/{two_rounds.slug}/manage/rounds/2/print/").content.decode()
    assert "<svg" in page and "<title>QR code</title>" in page
    assert f"Pairings and results: http://testserver/events/{two_rounds.slug}/rounds/2/" in page
    Event.objects.filter(pk=two_rounds.pk).update(public=False)
    page = arbiter_client.get(f"/events/{two_rounds.slug}/manage/rounds/2/print/").content.decode()
    assert "QR code" not in page  # a private event has no public page to lead to


def test_pairings_name_the_players_a_request_kept_out(
    started: Event, players: list[Player], arbiter: User, client: Client
) -> None:
    """Dutch F5: a player with a bye or a known absence is not paired; the round's
    pairings name them under the boards, with what they asked for, in the reader's
    language."""

    fay = next(p for p in players if p.name == "Frost, Fay")
    request_services.round_request_set(
        player_id=fay.pk, round_number=1, kind="H", user=arbiter, now=T0
    )
    first = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=first.pk, user=arbiter, now=T0)
    fay.refresh_from_db()
    page = client.get(f"/events/{started.slug}/rounds/1/").content.decode()
    assert f"Not paired: {fay.pairing_number}. Frost, Fay (half-point bye)" in page
    assert "Frost, Fay" not in page.split("Not paired:")[0].split("<tbody>")[1]
    event_page = client.get(f"/events/{started.slug}/").content.decode()
    assert "Frost, Fay (half-point bye)" in event_page
    german = client.get(
        f"/events/{started.slug}/rounds/1/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    with translation.override("de"):
        assert f"{gettext('Not paired:')} {fay.pairing_number}. Frost, Fay" in german
        assert f"({gettext('half-point bye')})" in german


def test_printed_pairings_and_names_list_the_players_not_paired(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    """The printed pairings name them under the boards, and the list by name gives them
    their request where the others have a board, so a player who looks for their name
    finds it."""
    fay = next(p for p in players if p.name == "Frost, Fay")
    request_services.round_request_set(
        player_id=fay.pk, round_number=1, kind="F", user=arbiter, now=T0
    )
    round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    fay.refresh_from_db()
    page = arbiter_client.get(f"/events/{started.slug}/manage/rounds/1/print/").content.decode()
    assert f"Not paired: {fay.pairing_number}. Frost, Fay (full-point bye)" in page
    names = page.split('id="names"')[1]
    row = (
        f"<tr><td>Frost, Fay</td><td>{fay.pairing_number}</td><td></td><td>full-point bye</td></tr>"
    )
    assert row in names
    assert names.index("Ellis, Ed") < names.index("Frost, Fay")
