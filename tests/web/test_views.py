"""Public pages: visible without login, never showing a non-public event or a draft."""

from __future__ import annotations

import gzip
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries, Settings

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, Player, Result, Round, RoundState
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db


def make_event(slug: str, *, public: bool, players: int) -> Event:
    event = Event.objects.create(name=f"Event {slug}", slug=slug, rounds=5, public=public)
    for n in range(1, players + 1):
        Player.objects.create(event=event, name=f"Player <{n}>", rating=2000 - n, pairing_number=n)
    return event


def add_round(event: Event, number: int, *, state: str) -> Round:
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        lots_seed=1,
        paired_at=now,
        state=state,
        published_at=None if state == RoundState.PAIRED else now,
    )
    players = list(event.players.order_by("pairing_number"))
    for board, index in enumerate(range(0, len(players) - 1, 2), start=1):
        Game.objects.create(
            round=round_,
            board=board,
            white=players[index],
            black=players[index + 1],
            result=Result.DRAW,
        )
    return round_


def test_event_list_shows_public_events_only(client: Client) -> None:
    """The event list shows public events and hides private ones."""
    make_event("open", public=True, players=2)
    make_event("secret", public=False, players=2)
    page = client.get("/").content.decode()
    assert "Event open" in page
    assert "Event secret" not in page


def test_private_event_page_is_not_found(client: Client) -> None:
    """A non-public event's page answers 404 to the public."""
    make_event("secret", public=False, players=2)
    assert client.get("/events/secret/").status_code == 404


def test_event_page_hides_draft_rounds(client: Client) -> None:
    """Only published rounds appear on the public event page (Dutch F6)."""
    event = make_event("open", public=True, players=4)
    add_round(event, 1, state=RoundState.PUBLISHED)
    add_round(event, 2, state=RoundState.PAIRED)
    page = client.get("/events/open/").content.decode()
    assert 'id="round-1-pairings"' in page
    assert 'id="round-2-pairings"' not in page


def test_event_page_escapes_player_names(client: Client) -> None:
    """Player names are escaped, never rendered as markup: on the starting rank, which
    lists them (#34: no longer on the event's page), and on a round's boards there."""
    event = make_event("open", public=True, players=2)
    page = client.get("/events/open/starting-rank/").content.decode()
    assert "Player &lt;1&gt;" in page
    assert "Player <1>" not in page
    add_round(event, 1, state=RoundState.PUBLISHED)
    page = client.get("/events/open/").content.decode()
    assert "Player &lt;1&gt;" in page
    assert "Player <1>" not in page


@pytest.mark.parametrize("players", [4, 40])
def test_event_page_query_count_does_not_grow(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    """The event page costs the same number of queries for 4 or 40 players: the event,
    its rounds, the boards of the round it shows, and on a cold cache the state of the
    completed rounds that gives each player's points before a round, and the requests
    that kept players out of the round shown (#24); no longer the players (#34)."""
    event = make_event("open", public=True, players=players)
    add_round(event, 1, state=RoundState.PUBLISHED)
    add_round(event, 2, state=RoundState.PUBLISHED)
    with django_assert_num_queries(9):
        assert client.get("/events/open/").status_code == 200


def test_login_throttled_after_repeated_failures(client: Client) -> None:
    """After five wrong passwords the login is locked, even with the right password."""

    User.objects.create_user("arb", password="right-password-1")
    for _ in range(5):
        response = client.post("/accounts/login/", {"username": "arb", "password": "wrong"})
        assert response.status_code in (200, 429)
    response = client.post("/accounts/login/", {"username": "arb", "password": "right-password-1"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_player_card_shows_published_rounds_and_colours(client: Client) -> None:
    """A player's card lists each published round with opponent, colour and result."""
    event = make_event("open", public=True, players=4)
    round_ = add_round(event, 1, state=RoundState.COMPLETED)
    add_round(event, 2, state=RoundState.PAIRED)
    page = client.get("/events/open/players/1/").content.decode()
    assert "2. Player &lt;2&gt;" in page
    assert "white" in page
    assert "drew" in page
    assert round_.number == 1
    assert "colours W" in page


def test_player_card_unknown_player_is_not_found(client: Client) -> None:
    """A pairing number that does not exist answers 404."""
    make_event("open", public=True, players=2)
    assert client.get("/events/open/players/9/").status_code == 404


def _small_event(players: int = 2) -> tuple[Event, list[Game]]:
    """``players`` players, round 1 published, its games without a result yet."""

    arbiter = User.objects.create_user("arb-cache", password="pw-arbiter-1")
    event = Event.objects.create(name="Duel", slug="duel", rounds=3, public=True)
    event.arbiters.add(arbiter)
    names = ["Alpha, Ann", "Bravo, Bob", "Charlie, Cy", "Delta, Di"]
    for index in range(players):
        Player.objects.create(event=event, name=names[index], rating=2200 - 100 * index)
    now = timezone.now()
    event_services.event_start(event_id=event.pk, user=arbiter, now=now)
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=now, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=now)
    return event, list(round_.games.order_by("board"))


def _record(game: Game, result: str) -> None:

    game.refresh_from_db()
    user = game.round.event.arbiters.get()
    result_services.result_record(
        game_id=game.pk, result=result, expected_version=game.version, user=user, now=timezone.now()
    )


def _leader(client: Client, page: str) -> str:
    """The name that comes first in the standings or crosstable table."""
    html = client.get(f"/events/duel/{page}").content.decode()
    return min(("Alpha, Ann", "Bravo, Bob"), key=html.index)


def test_issue_10_result_in_play_shows_at_once_on_cached_pages(client: Client) -> None:
    """A result in a round in play shows at once on the cached pairings and event pages."""
    _, (game,) = _small_event()
    assert "1-0" not in client.get("/events/duel/rounds/1/").content.decode()
    assert "1-0" not in client.get("/events/duel/").content.decode()
    _record(game, Result.WHITE_WINS)
    assert "1-0" in client.get("/events/duel/rounds/1/").content.decode()
    assert "1-0" in client.get("/events/duel/").content.decode()


def test_issue_10_standings_stay_cached_while_a_round_is_in_play(client: Client) -> None:
    """A result in a round still in play leaves the cached standings alone: one query."""

    _, games = _small_event(players=4)

    def table() -> str:
        return client.get("/events/duel/standings/").content.decode().split("<section")[1]

    before = table()
    _record(games[0], Result.WHITE_WINS)
    with CaptureQueriesContext(connection) as queries:
        after = table()
    assert after == before
    assert len(queries) == 1  # the event; the last completed round and the table are cached


def test_issue_10_last_result_and_correction_move_cached_standings(client: Client) -> None:
    """The last result of a round, then a correction of it, show in the cached standings."""
    _, (game,) = _small_event()
    assert "After round 0" in client.get("/events/duel/standings/").content.decode()
    _record(game, Result.BLACK_WINS)
    assert _leader(client, "standings/") == _leader(client, "crosstable/") == "Bravo, Bob"
    _record(game, Result.WHITE_WINS)
    assert _leader(client, "standings/") == _leader(client, "crosstable/") == "Alpha, Ann"


def test_issue_10_event_settings_move_cached_standings(client: Client) -> None:
    """A change of the event's tie-breaks shows in the cached standings."""
    event, (game,) = _small_event()
    _record(game, Result.DRAW)
    assert "<th>SB</th>" not in client.get("/events/duel/standings/").content.decode()
    event.refresh_from_db()
    event.tiebreaks = "SB,LOT"
    event.save()
    assert "<th>SB</th>" in client.get("/events/duel/standings/").content.decode()


def test_issue_10_admin_result_shows_on_cached_pages(client: Client) -> None:
    """A result changed in the admin (which bypasses the services) shows on cached pages."""

    _, (game,) = _small_event()
    assert "0-1" not in client.get("/events/duel/rounds/1/").content.decode()
    game.result = Result.BLACK_WINS
    admin.site._registry[Game].save_model(RequestFactory().post("/"), game, None, True)
    assert "0-1" in client.get("/events/duel/rounds/1/").content.decode()


@pytest.mark.parametrize("page", ["", "rounds/1/", "standings/", "crosstable/"])
def test_issue_10_cached_public_page_costs_one_query(client: Client, page: str) -> None:
    """Read again with nothing changed, each public page reads only the event row."""

    _, games = _small_event(players=4)
    _record(games[0], Result.WHITE_WINS)
    client.get(f"/events/duel/{page}")
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/events/duel/{page}").status_code == 200
    assert len(queries) == 1


def test_pages_are_gzipped_for_clients_that_accept_it(client: Client, event: Event) -> None:
    """Text responses travel gzipped (#20: a hall's network is slow)."""

    response = client.get(f"/events/{event.slug}/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert b"Spring Swiss" in gzip.decompress(response.content)
    plain = client.get(f"/events/{event.slug}/")
    assert "Content-Encoding" not in plain


def test_player_card_gives_results_from_the_players_side(client: Client) -> None:
    """#20: the card said "1-0" to the player who lost with Black; now "lost"."""
    event = make_event("side", public=True, players=4)
    round_ = add_round(event, 1, state=RoundState.COMPLETED)
    game = round_.games.order_by("board").first()
    assert game is not None and game.black is not None
    Game.objects.filter(pk=game.pk).update(result=Result.WHITE_WINS)
    white = client.get(f"/events/side/players/{game.white.pairing_number}/").content.decode()
    black = client.get(f"/events/side/players/{game.black.pairing_number}/").content.decode()
    assert "<td>won</td>" in white
    assert "<td>lost</td>" in black
    assert "1-0" not in black


def _fail_five_times(client: Client, username: str, **meta: Any) -> None:
    for _ in range(5):
        client.post("/accounts/login/", {"username": username, "password": "wrong"}, **meta)


def _logs_in(client: Client, username: str, password: str, **meta: Any) -> bool:
    response = client.post("/accounts/login/", {"username": username, "password": password}, **meta)
    return response.status_code == 302


def test_login_lockout_behind_a_proxy_does_not_lock_out_the_real_arbiter(
    settings: Settings,
) -> None:
    """Defect: behind a proxy every client had the proxy's address, so one visitor's five
    wrong passwords locked the arbiter out.  With the proxy trusted the client is the
    address the proxy added to X-Forwarded-For."""

    settings.TRUSTED_PROXIES = ("10.0.0.5/32",)
    User.objects.create_user("arb", password="right-password-1")
    proxy = {"REMOTE_ADDR": "10.0.0.5"}
    _fail_five_times(Client(), "arb", HTTP_X_FORWARDED_FOR="8.8.4.4", **proxy)
    assert _logs_in(Client(), "arb", "right-password-1", HTTP_X_FORWARDED_FOR="1.1.1.1", **proxy)


def test_login_lockout_behind_a_proxy_ignores_addresses_the_client_wrote(
    settings: Settings,
) -> None:
    """An attacker who writes X-Forwarded-For himself is still known by the address the
    proxy appended: rotating the written part does not reset the lock-out."""

    settings.TRUSTED_PROXIES = ("10.0.0.5/32",)
    User.objects.create_user("arb", password="right-password-1")
    attacker = Client()
    for n in range(5):
        attacker.post(
            "/accounts/login/", {"username": "arb", "password": "wrong"},
            REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR=f"9.9.9.{n}, 8.8.4.4",
        )  # fmt: skip
    assert not _logs_in(
        attacker, "arb", "right-password-1",
        REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="9.9.9.99, 8.8.4.4",
    )  # fmt: skip


def test_login_lockout_without_a_proxy_ignores_x_forwarded_for() -> None:
    """With no proxy declared (the default) the header is the client's own words."""

    User.objects.create_user("arb", password="right-password-1")
    for n in range(5):
        Client().post(
            "/accounts/login/", {"username": "arb", "password": "wrong"},
            REMOTE_ADDR="8.8.4.4", HTTP_X_FORWARDED_FOR=f"9.9.9.{n}",
        )  # fmt: skip
    assert not _logs_in(
        Client(), "arb", "right-password-1", REMOTE_ADDR="8.8.4.4", HTTP_X_FORWARDED_FOR="1.1.1.1"
    )


@pytest.mark.parametrize("page", ["/", "/events/open/", "/events/open/standings/"])
def test_public_pages_answer_head_as_monitors_ask(client: Client, page: str) -> None:
    """Uptime monitors and link checkers ask with HEAD; a public page answered 405."""
    make_event("open", public=True, players=4)
    response = client.head(page)
    assert response.status_code == 200
