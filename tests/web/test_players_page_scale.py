"""The arbiter's players page at scale: search, filters, sort, pages (#36 item 4)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, Player
from swissweb.tournament.players import roster
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.check_in import check_in_set
from tests.web.service_helpers import _pair, _play


def _names(body: str) -> list[str]:
    return re.findall(r'/manage/players/\d+/">([^<]+)</a>', body)


def _url(event: Event, query: str = "") -> str:
    return f"/events/{event.slug}/manage/players/{query}"


@pytest.fixture
def big(arbiter: User) -> Event:
    """An event of 250 players, started: more than two pages."""
    event = Event.objects.create(name="Big Open", slug="big", rounds=5, public=False)
    event.arbiters.add(arbiter)
    rows = [{"name": f"Player, P{index:03d}", "rating": 2500 - index} for index in range(250)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=timezone.now())
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    return event


def test_the_players_page_shows_one_page_of_a_large_field(
    arbiter_client: Client, big: Event
) -> None:
    body = arbiter_client.get(_url(big)).content.decode()
    assert len(_names(body)) == roster.PER_PAGE
    assert "Players (250)" in body
    assert "Page 1 of 3" in body
    third = arbiter_client.get(_url(big, "?page=3")).content.decode()
    assert len(_names(third)) == 50
    assert _names(third)[0] == "Player, P200"


def test_a_page_past_the_last_shows_the_last(arbiter_client: Client, big: Event) -> None:
    body = arbiter_client.get(_url(big, "?page=99")).content.decode()
    assert "Page 3 of 3" in body


def test_the_search_finds_by_name_words_and_by_pairing_number(
    arbiter_client: Client, big: Event
) -> None:
    assert _names(arbiter_client.get(_url(big, "?q=p017")).content.decode()) == ["Player, P017"]
    assert _names(arbiter_client.get(_url(big, "?q=18")).content.decode()) == ["Player, P017"]
    body = arbiter_client.get(_url(big, "?q=nobody")).content.decode()
    assert "No player matches." in body


def test_the_page_links_keep_the_search_and_the_sort(arbiter_client: Client, big: Event) -> None:
    body = arbiter_client.get(_url(big, "?q=player&sort=name")).content.decode()
    assert 'href="?q=player&amp;sort=name&amp;status=all&amp;page=2"' in body


def test_the_players_sort_by_name_and_by_rating(
    arbiter_client: Client, players: list[Player], event: Event
) -> None:
    by_name = _names(arbiter_client.get(_url(event, "?sort=name")).content.decode())
    assert by_name == sorted(by_name)
    by_rating = _names(arbiter_client.get(_url(event, "?sort=rating")).content.decode())
    assert by_rating[0] == "Adams, Ann"


def test_the_filter_shows_the_withdrawn_players(
    arbiter_client: Client, started: Event, players: list[Player], arbiter: User
) -> None:
    _play(started, arbiter)
    player_services.player_withdraw(player_id=players[2].pk, user=arbiter, now=timezone.now())
    body = arbiter_client.get(_url(started, "?status=withdrawn")).content.decode()
    assert _names(body) == ["Clark, Cy"]
    active = _names(arbiter_client.get(_url(started, "?status=active")).content.decode())
    assert "Clark, Cy" not in active
    assert len(active) == 5


def test_the_filter_shows_the_players_not_paired_in_the_latest_round(
    arbiter_client: Client, started: Event, players: list[Player], arbiter: User
) -> None:
    round_ = _pair(started, arbiter)
    Game.objects.filter(round=round_, board=1).delete()
    seated = {
        pk for pair in Game.objects.filter(round=round_).values_list("white_id", "black_id")
        for pk in pair
    }  # fmt: skip
    body = arbiter_client.get(_url(started, "?status=unpaired")).content.decode()
    expected = [p.name for p in players if p.pk not in seated]
    assert sorted(_names(body)) == sorted(expected)
    assert len(expected) == 2
    assert "not paired in round 1" in body


def test_the_filter_shows_who_has_checked_in_for_the_next_round(
    arbiter_client: Client, started: Event, players: list[Player], arbiter: User
) -> None:
    """#34 item 3: the players page lists the active players checked in for the round
    check-in is for, or those not yet (a withdrawn player is neither)."""
    for player in players[:2]:
        check_in_set(player_id=player.pk, round_number=1, present=True, user=arbiter,
                     now=timezone.now())  # fmt: skip
    player_services.player_withdraw(player_id=players[5].pk, user=arbiter, now=timezone.now())
    here = arbiter_client.get(_url(started, "?status=checked_in")).content.decode()
    assert sorted(_names(here)) == ["Adams, Ann", "Baker, Bob"]
    assert "not checked in for round 1" in here
    missing = _names(arbiter_client.get(_url(started, "?status=not_checked_in")).content.decode())
    assert sorted(missing) == ["Clark, Cy", "Dunn, Di", "Ellis, Ed"]


def test_the_filter_by_score_and_the_sort_by_score(
    arbiter_client: Client, started: Event, players: list[Player], arbiter: User
) -> None:
    _play(started, arbiter)  # White wins every board: three players on 1 point
    winners = _names(arbiter_client.get(_url(started, "?score=1")).content.decode())
    assert len(winners) == 3
    assert _names(arbiter_client.get(_url(started, "?score=0")).content.decode()) != winners
    by_score = _names(arbiter_client.get(_url(started, "?sort=score")).content.decode())
    assert sorted(by_score[:3]) == sorted(winners)


@pytest.mark.parametrize(
    ("text", "half_points"),
    [("2", 4), ("2.5", 5), ("2,5", 5), ("2½", 5), ("½", 1), ("0", 0), ("x", None), ("1.25", None),
     ("-1", None), ("1.5½", None)],
)  # fmt: skip
def test_a_score_reads_with_a_half_written_any_way(text: str, half_points: int | None) -> None:
    assert roster.read_score(text) == half_points


def test_junk_parameters_show_the_default_page(arbiter_client: Client, big: Event) -> None:
    response = arbiter_client.get(_url(big, "?sort=evil&status=evil&score=abc&page=-3"))
    assert response.status_code == 200
    assert _names(response.content.decode())[0] == "Player, P000"
