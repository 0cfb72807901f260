"""Searchable player fields instead of selects of every player (#36 item 4)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from swissweb.tournament.models import Event, ForbiddenPair, Player, RoundRequest
from swissweb.tournament.players import services as player_services


def _find(client: Client, event: Event, query: str) -> str:
    response = client.get(f"/events/{event.slug}/manage/players/find/?{query}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_search_suggests_players_by_name_words(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    body = _find(arbiter_client, started, "q=cla")
    assert 'data-pick="3. Clark, Cy"' in body
    assert f'data-id="{players[2].pk}"' in body
    assert "Adams" not in body


def test_the_search_suggests_a_player_by_pairing_number(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    body = _find(arbiter_client, started, "q=2")
    assert 'data-pick="2. Baker, Bob"' in body
    assert body.count("data-pick=") == 1


def test_the_search_suggests_at_most_ten_players(arbiter: User, arbiter_client: Client) -> None:
    event = Event.objects.create(name="Wide", slug="wide", rounds=5)
    event.arbiters.add(arbiter)
    rows = [{"name": f"Smith, S{index}", "rating": 1500} for index in range(40)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=timezone.now())
    assert _find(arbiter_client, event, "q=smith").count("data-pick=") == 10


def test_the_request_picker_leaves_withdrawn_players_out(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    Player.objects.filter(pk=players[2].pk).update(withdrawn_after_round=0)
    assert "Clark" in _find(arbiter_client, started, "q=clark")
    assert "Clark" not in _find(arbiter_client, started, "q=clark&active=1")


def test_the_search_is_for_the_arbiters_only(stranger_client: Client, started: Event) -> None:
    response = stranger_client.get(f"/events/{started.slug}/manage/players/find/?q=a")
    assert response.status_code == 403


def test_the_requests_page_has_no_select_of_every_player(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    body = arbiter_client.get(f"/events/{started.slug}/manage/requests/").content.decode()
    assert "Frost, Fay" not in body
    assert 'name="player_find"' in body
    assert 'name="first_find"' in body
    assert 'name="second_find"' in body


def _request(client: Client, event: Event, typed: str) -> None:
    client.post(
        f"/events/{event.slug}/requests/",
        {"player": "", "player_find": typed, "round_number": 2, "kind": "H"},
    )


def test_a_request_takes_a_typed_pairing_number(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    _request(arbiter_client, started, "4")
    assert RoundRequest.objects.get().player == players[3]


def test_a_request_takes_a_suggestion_as_it_is_typed(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    _request(arbiter_client, started, "4. Dunn, Di")
    assert RoundRequest.objects.get().player == players[3]


def test_a_request_takes_a_typed_name(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    _request(arbiter_client, started, "ellis")
    assert RoundRequest.objects.get().player == players[4]


def test_a_name_that_matches_two_players_asks_for_the_number(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    response = arbiter_client.post(
        f"/events/{started.slug}/requests/",
        {"player_find": "a", "round_number": 2, "kind": "H"},
        follow=True,
    )
    assert "More than one player matches a: type the pairing number." in response.content.decode()
    assert not RoundRequest.objects.exists()


def test_a_name_that_matches_nobody_is_refused(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    response = arbiter_client.post(
        f"/events/{started.slug}/requests/",
        {"player_find": "zed", "round_number": 2, "kind": "H"},
        follow=True,
    )
    assert "No player is zed" in response.content.decode()
    assert not RoundRequest.objects.exists()


def test_a_player_of_another_event_is_refused(
    arbiter_client: Client, started: Event, arbiter: User
) -> None:
    other = Event.objects.create(name="Other", slug="other", rounds=5)
    stray = Player.objects.create(event=other, name="Stray, Sam")
    arbiter_client.post(
        f"/events/{started.slug}/requests/",
        {"player": str(stray.pk), "player_find": "", "round_number": 2, "kind": "H"},
    )
    assert not RoundRequest.objects.exists()


def test_a_forbidden_pair_takes_typed_numbers_and_names(
    arbiter_client: Client, started: Event, players: list[Player]
) -> None:
    arbiter_client.post(
        f"/events/{started.slug}/forbidden/",
        {"first_find": "1", "second_find": "frost", "reason": "siblings"},
    )
    pair = ForbiddenPair.objects.get()
    assert {pair.first, pair.second} == {players[0], players[5]}


def test_a_chosen_id_out_of_range_is_refused_not_a_server_error(
    arbiter_client: Client, started: Event
) -> None:
    response = arbiter_client.post(
        f"/events/{started.slug}/requests/",
        {"player": "9" * 30, "player_find": "", "round_number": 2, "kind": "H"},
    )
    assert response.status_code == 302
    assert not RoundRequest.objects.exists()
