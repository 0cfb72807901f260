"""The arbiter's workspace: one page per task, each behind the event's arbiters (issue 20).

Players, one page per round, requests and forbidden pairs, the audit log, the arbiters,
and "My events"; ``/manage/`` leads to the round in play.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

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
    RoundState,
)
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.selectors import correction_notice

from .service_helpers import seat_number

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 5, 1, 10, tzinfo=dt.UTC)


def _start(event: Event, user: User) -> None:
    event_services.event_start(event_id=event.pk, user=user, now=NOW)


def _pair(event: Event, user: User, publish: bool = True) -> Round:
    round_ = round_services.round_pair(event_id=event.pk, user=user, now=NOW, seed=5)
    if publish:
        round_services.round_publish(round_id=round_.pk, user=user, now=NOW)
    return round_


def _finish(round_: Round, user: User, result: str = Result.DRAW) -> None:
    for game in round_.games.exclude(result=Result.PAIRING_BYE):
        result_services.result_record(
            game_id=game.pk, result=result, expected_version=game.version, user=user, now=NOW
        )


def _pages(event: Event, player: Player) -> list[str]:
    base = f"/events/{event.slug}/manage"
    return [
        f"{base}/players/",
        f"{base}/players/{player.pk}/",
        f"{base}/rounds/1/",
        f"{base}/rounds/1/print/",
        f"{base}/rounds/1/why/",
        f"{base}/requests/",
        f"{base}/audit/",
        f"{base}/arbiters/",
    ]


@pytest.fixture
def in_play(event: Event, players: list[Player], arbiter: User) -> Event:
    """Round 1 published, no result yet."""
    _start(event, arbiter)
    _pair(event, arbiter)
    return event


@pytest.mark.parametrize("index", range(8))
def test_every_workspace_page_opens_for_the_arbiter(
    arbiter_client: Client, in_play: Event, players: list[Player], index: int
) -> None:
    url = _pages(in_play, players[0])[index]
    response = arbiter_client.get(url)
    assert response.status_code == 200, url
    assert 'aria-label="Arbiter pages of Spring Swiss"' in response.content.decode()


@pytest.mark.parametrize("index", range(8))
def test_every_workspace_page_is_refused_to_a_stranger(
    stranger_client: Client, in_play: Event, players: list[Player], index: int
) -> None:
    url = _pages(in_play, players[0])[index]
    assert stranger_client.get(url).status_code == 403, url


@pytest.mark.parametrize("index", range(8))
def test_every_workspace_page_sends_the_anonymous_to_login(
    client: Client, in_play: Event, players: list[Player], index: int
) -> None:
    url = _pages(in_play, players[0])[index]
    response = client.get(url)
    assert response.status_code == 302, url
    assert response["Location"].startswith("/accounts/login/"), url


def test_arbiter_of_another_event_is_refused(
    in_play: Event, players: list[Player], stranger: User
) -> None:
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    other.arbiters.add(stranger)
    client = Client()
    client.force_login(stranger)
    for url in _pages(in_play, players[0]):
        assert client.get(url).status_code == 403, url


def test_pages_of_things_that_do_not_exist_are_404(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    base = f"/events/{in_play.slug}/manage"
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    stray = Player.objects.create(event=other, name="Stray")
    assert arbiter_client.get(f"{base}/rounds/3/").status_code == 404
    assert arbiter_client.get(f"{base}/rounds/9/print/").status_code == 404
    assert arbiter_client.get(f"{base}/players/{stray.pk}/").status_code == 404
    assert arbiter_client.get("/events/nowhere/manage/players/").status_code == 404


def test_manage_leads_to_the_players_before_round_1(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    response = arbiter_client.get(f"/events/{event.slug}/manage/")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.slug}/manage/players/"


def test_manage_leads_to_the_last_round_paired(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    _finish(Round.objects.get(event=in_play, number=1), arbiter)
    _pair(in_play, arbiter, publish=False)
    response = arbiter_client.get(f"/events/{in_play.slug}/manage/")
    assert response["Location"] == f"/events/{in_play.slug}/manage/rounds/2/"


def test_manage_still_refuses_a_stranger(stranger_client: Client, in_play: Event) -> None:
    assert stranger_client.get(f"/events/{in_play.slug}/manage/").status_code == 403


def test_navigation_links_every_page_and_marks_the_current(
    arbiter_client: Client, in_play: Event
) -> None:
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    nav = body[
        body.index('<nav class="event-nav workspace-nav"') : body.index(
            "</nav>", body.index("workspace-nav")
        )
    ]
    base = f"/events/{in_play.slug}/manage"
    for href in ("/players/", "/rounds/1/", "/requests/", "/audit/", "/arbiters/"):
        assert f'href="{base}{href}"' in nav, href
    assert f'href="{base}/rounds/1/" aria-current="page"' in nav
    assert f'href="/events/{in_play.slug}/edit/"' in nav


# Players


def test_players_page_registers_and_returns_to_itself(arbiter_client: Client, event: Event) -> None:
    """A form of the players page comes back to it (its ``next`` field), with the message."""
    page = f"/events/{event.slug}/manage/players/"
    response = arbiter_client.post(
        f"/events/{event.slug}/players/add/", {"name": "Tal, Mikhail", "rating": 2600, "next": page}
    )
    assert response["Location"] == page
    body = arbiter_client.get(page).content.decode()
    assert "Tal, Mikhail registered." in body and "Tal, Mikhail</a>" in body


def test_next_outside_the_workspace_is_not_followed(arbiter_client: Client, event: Event) -> None:
    """The return address is a page of this event's workspace, never another site."""
    for target in ("https://evil.example/", "//evil.example/", "/events/other/manage/"):
        response = arbiter_client.post(
            f"/events/{event.slug}/players/add/", {"name": "X", "next": target}
        )
        assert response["Location"] == f"/events/{event.slug}/manage/", target


def test_withdraw_asks_for_a_confirmation_that_works_without_javascript(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    """The players page links each player's withdrawal to a confirmation on the player's
    page: a <details> holding the form, open, whose named button confirms."""
    player = players[0]
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/players/").content.decode()
    link = f"/events/spring/manage/players/{player.pk}/?confirm=withdraw#confirm"
    assert f'<a href="{link}">Withdraw…</a>' in body
    page = arbiter_client.get(link.split("#")[0]).content.decode()
    block = re.search(
        r'<details class="confirm" id="confirm" open><summary>Withdraw…</summary>\s*<form '
        rf'method="post" action="/events/spring/players/{player.pk}/withdraw/".*?</details>',
        page,
        re.S,
    )
    assert block is not None
    assert "will not be paired from round 2 on" in block.group(0)
    assert f'<button type="submit">Withdraw {player.name}</button>' in block.group(0)
    assert f'value="/events/spring/manage/players/#player-{player.pk}"' in block.group(0)
    response = arbiter_client.post(
        f"/events/spring/players/{player.pk}/withdraw/",
        {"next": f"/events/spring/manage/players/#player-{player.pk}"},
    )
    assert response["Location"] == f"/events/spring/manage/players/#player-{player.pk}"


def test_withdraw_then_reinstate_from_the_players_page(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    page = f"/events/{in_play.slug}/manage/players/"
    player = players[1]
    arbiter_client.post(
        f"/events/{in_play.slug}/players/{player.pk}/withdraw/", {"reason": "ill", "next": page}
    )
    player.refresh_from_db()
    assert player.withdrawn_after_round == 1
    body = arbiter_client.get(page).content.decode()
    assert f'{player.pk}/?confirm=reinstate#confirm">Reinstate…</a>' in body
    body = arbiter_client.get(f"{page}{player.pk}/?confirm=reinstate").content.decode()
    assert f'action="/events/spring/players/{player.pk}/reinstate/"' in body
    assert "is paired again from round 2 on" in body
    response = arbiter_client.post(
        f"/events/{in_play.slug}/players/{player.pk}/reinstate/", {"next": page}, follow=True
    )
    assert response.redirect_chain[-1][0] == page
    assert "reinstated" in response.content.decode()
    player.refresh_from_db()
    assert player.withdrawn_after_round is None


def test_reinstate_refusal_is_shown(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    response = arbiter_client.post(
        f"/events/{in_play.slug}/players/{players[0].pk}/reinstate/", follow=True
    )
    assert "has not withdrawn" in response.content.decode()


def test_player_page_corrects_details(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    player = players[2]
    url = f"/events/{in_play.slug}/manage/players/{player.pk}/"
    page = arbiter_client.get(url).content.decode()
    assert 'name="pairing_number"' not in page  # fixed once round 1 is paired
    response = arbiter_client.post(
        url,
        {"name": "Clark, Cyril", "fide_standard": 2123, "title": "IM", "federation": "ENG",
         "club": "Hastings", "sex": "m"},
        follow=True,
    )  # fmt: skip
    assert response.redirect_chain[-1][0] == url
    assert "Clark, Cy: details saved." in response.content.decode()
    player.refresh_from_db()
    assert (player.name, player.rating, player.title, player.club) == (
        "Clark, Cyril", 2123, "IM", "Hastings",
    )  # fmt: skip
    assert AuditEntry.objects.filter(action="player_update").exists()


def test_player_page_moves_a_number_before_round_1(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    player = event.players.get(pairing_number=6)
    url = f"/events/{event.slug}/manage/players/{player.pk}/"
    assert 'name="pairing_number"' in arbiter_client.get(url).content.decode()
    arbiter_client.post(
        url, {"name": player.name, "fide_standard": player.rating, "pairing_number": 2}
    )
    player.refresh_from_db()
    assert player.pairing_number == 2


def test_player_page_shows_an_invalid_value_in_place(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    url = f"/events/{in_play.slug}/manage/players/{players[2].pk}/"
    response = arbiter_client.post(url, {"name": "", "fide_standard": "x"})
    assert response.status_code == 422
    body = response.content.decode()
    assert "This field is required." in body and "Enter a whole number." in body
    players[2].refresh_from_db()
    assert players[2].name == "Clark, Cy"


def test_player_page_lists_the_players_games(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    player = players[0]
    game = Game.objects.get(white=player) if Game.objects.filter(white=player) else None
    game = game or Game.objects.get(black=player)
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/players/{player.pk}/").content
    assert f"<td>{game.board}</td>" in body.decode()
    assert "in play" in body.decode()


# Round N


def test_draft_page_has_the_draft_tools_and_a_publish_confirmation(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    _pair(event, arbiter, publish=False)
    body = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").content.decode()
    assert '<details class="confirm"><summary>Publish round 1…</summary>' in body
    assert '<button type="submit">Publish round 1</button>' in body
    for action in ("repair", "delete", "swap"):
        assert f'action="/events/spring/rounds/1/{action}/"' in body
    assert "/flip/" in body and 'table class="table draft"' in body
    assert 'aria-label="Result of board ' not in body


def test_draft_check_shows_the_checker_verdict(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    _pair(event, arbiter, publish=False)
    body = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/?check=1").content.decode()
    assert "No absolute criterion is broken." in body


def test_round_in_play_keeps_the_result_entry_markup(
    arbiter_client: Client, in_play: Event
) -> None:
    """The result table is the one static/js/results.js drives: tr.board rows with
    a result field each (partials/result_row.html), one per board."""
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    boards = Game.objects.filter(round__event=in_play).count()
    assert body.count('<tr class="board" id="board-') == boards
    assert body.count('aria-label="Result of board ') == boards
    assert "js/results.js" in body


def test_unpublish_from_the_round_page(arbiter_client: Client, in_play: Event) -> None:
    page = f"/events/{in_play.slug}/manage/rounds/1/"
    body = arbiter_client.get(page).content.decode()
    assert '<details class="confirm"><summary>Unpublish round 1…</summary>' in body
    response = arbiter_client.post(f"/events/{in_play.slug}/rounds/1/unpublish/", follow=True)
    assert response.redirect_chain[-1][0] == page
    assert "Round 1 unpublished" in response.content.decode()
    assert Round.objects.get(event=in_play, number=1).state == RoundState.PAIRED
    assert Client().get(f"/events/{in_play.slug}/rounds/1/").status_code == 404


def test_unpublish_is_not_offered_once_a_result_is_in(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    game = Game.objects.filter(round__event=in_play, black__isnull=False).first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result="1-0", expected_version=0, user=arbiter, now=NOW
    )
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    assert "Unpublish round 1" not in body
    response = arbiter_client.post(f"/events/{in_play.slug}/rounds/1/unpublish/", follow=True)
    assert "a round is unpublished only before any result is entered" in response.content.decode()


def test_earlier_round_is_corrected_only_after_a_confirmation_saying_what_changes(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    """Round 1 is over and round 2 paired: round 1's results are shown, not open; the
    correction says it changes the standings now and the pairings from round 3 on."""
    _finish(Round.objects.get(event=in_play, number=1), arbiter)
    _pair(in_play, arbiter)
    page = f"/events/{in_play.slug}/manage/rounds/1/"
    body = arbiter_client.get(page).content.decode()
    assert 'aria-label="Result of board ' not in body
    notice = (
        "The standings change at once (after round 1 and every later round). Round 2, paired "
        "already, keeps its pairings; pairings use the corrected result from round 3 on."
    )
    assert "<summary>Correct a result of round 1…</summary>" in body and notice in body
    opened = arbiter_client.get(page + "?correct=1").content.decode()
    assert opened.count('aria-label="Result of board ') == 3
    assert f"Correcting round 1: {notice}" in opened


def test_correction_notice_names_a_later_draft_to_delete_first(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    _finish(Round.objects.get(event=in_play, number=1), arbiter)
    _pair(in_play, arbiter, publish=False)
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    assert (
        "The draft of round 2 was paired on these results: delete it before correcting a "
        "result of round 1."
    ) in body


def test_correction_notice_of_the_last_rounds() -> None:
    """Every case of the notice: next round to pair, later rounds, nothing left to pair."""

    event = Event(rounds=5)
    standings = "The standings change at once (after round 2 and every later round)."
    assert correction_notice(event=event, number=2, last=2) == (
        f"{standings} Round 3, not paired yet, will be paired on it."
    )
    assert correction_notice(event=event, number=2, last=4) == (
        f"{standings} Rounds 3-4, paired already, keep their pairings; pairings use the "
        "corrected result from round 5 on."
    )
    assert correction_notice(event=event, number=2, last=5) == (
        f"{standings} Rounds 3-5, paired already, keep their pairings; no round is left to pair."
    )
    assert correction_notice(event=Event(rounds=2), number=2, last=2) == (
        f"{standings} This is the last round: no pairing depends on it."
    )


def test_last_completed_round_stays_open_and_says_what_a_correction_changes(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    _finish(Round.objects.get(event=in_play, number=1), arbiter)
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    assert body.count('aria-label="Result of board ') == 3
    assert "Round 2, not paired yet, will be paired on it." in body
    assert '<button type="submit">Pair round 2</button>' in body


def test_no_javascript_result_goes_back_to_its_round(
    arbiter_client: Client, in_play: Event
) -> None:
    game = Game.objects.filter(round__event=in_play, black__isnull=False).first()
    assert game is not None
    response = arbiter_client.post(
        f"/events/{in_play.slug}/games/{game.pk}/result/", {"result": "1", "version": 0}
    )
    assert response["Location"] == f"/events/{in_play.slug}/manage/rounds/1/"


def test_no_javascript_results_table_saves_every_changed_board_at_once(
    arbiter_client: Client, in_play: Event
) -> None:
    """Without JavaScript the table is one form: changed boards are saved, others kept."""
    games = list(Game.objects.filter(round__event=in_play, black__isnull=False).order_by("board"))
    first, second = games[0], games[1]
    response = arbiter_client.post(
        f"/events/{in_play.slug}/rounds/1/results/",
        {f"g{first.pk}v0": "=", f"g{second.pk}v0": "", "csrfmiddlewaretoken": "x"},
    )
    assert response["Location"] == f"/events/{in_play.slug}/manage/rounds/1/"
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.result, second.result) == (Result.DRAW, "")


def test_no_javascript_results_table_refuses_a_stale_board_by_number(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    """A board changed by someone else since the page was loaded is not overwritten."""
    game = Game.objects.filter(round__event=in_play, black__isnull=False).first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result="1-0", expected_version=0, user=arbiter, now=timezone.now()
    )
    response = arbiter_client.post(
        f"/events/{in_play.slug}/rounds/1/results/", {f"g{game.pk}v0": "0"}, follow=True
    )
    game.refresh_from_db()
    assert game.result == "1-0"
    assert f"Board {game.board}: Board {game.board} was changed by someone else" in (
        response.content.decode()
    )


def test_no_javascript_results_table_names_a_bad_value_and_its_board(
    arbiter_client: Client, in_play: Event
) -> None:
    game = Game.objects.filter(round__event=in_play, black__isnull=False).first()
    assert game is not None
    response = arbiter_client.post(
        f"/events/{in_play.slug}/rounds/1/results/", {f"g{game.pk}v0": "x"}, follow=True
    )
    assert f"Board {game.board}: &#x27;x&#x27; is not a result" in response.content.decode()
    game.refresh_from_db()
    assert game.result == ""


def test_published_round_links_to_its_explanation_on_a_page_of_its_own(
    arbiter_client: Client, in_play: Event
) -> None:
    """The explanation (90 KB at 1,000 players) is not on the round page any more."""
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    assert 'class="explanation"' not in body
    why = f"/events/{in_play.slug}/manage/rounds/1/why/"
    assert f'href="{why}"' in body
    page = arbiter_client.get(why).content.decode()
    assert 'class="explanation"' in page and "<strong>" in page


def test_round_page_offers_no_list_of_every_player(arbiter_client: Client, in_play: Event) -> None:
    """Swaps and corrections take pairing numbers: no select of every player (100 KB)."""
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    assert "<select" not in body
    assert 'name="first_no"' in body and 'name="second_no"' in body


def test_draft_swap_by_pairing_numbers(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    _pair(event, arbiter, publish=False)
    game = Game.objects.filter(round__event=event, black__isnull=False).order_by("board")[0]
    white, black = seat_number(game.white), seat_number(game.black)
    arbiter_client.post(
        f"/events/{event.slug}/rounds/1/swap/", {"first_no": white, "second_no": black}
    )
    game.refresh_from_db()
    assert (seat_number(game.white), seat_number(game.black)) == (black, white)


def test_draft_swap_with_an_unknown_pairing_number_says_so(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    _pair(event, arbiter, publish=False)
    response = arbiter_client.post(
        f"/events/{event.slug}/rounds/1/swap/", {"first_no": 1, "second_no": 999}, follow=True
    )
    assert "Give the pairing numbers of the two players to swap." in response.content.decode()


def test_round_to_pair_next_says_why_it_cannot_be_paired_yet(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    url = f"/events/{in_play.slug}/manage/rounds/2/"
    assert "still has boards without a result" in arbiter_client.get(url).content.decode()
    _finish(Round.objects.get(event=in_play, number=1), arbiter)
    assert '<button type="submit">Pair round 2</button>' in arbiter_client.get(url).content.decode()


def test_print_page_lists_boards_and_players_by_name(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/print/").content.decode()
    assert "Round 1: players by name" in body
    names = [p.name for p in sorted(players, key=lambda p: p.name)]
    positions = [body.index(f"<tr><td>{name}</td>") for name in names]
    assert positions == sorted(positions)
    assert "<form" not in body.split('<article class="print-sheet">')[1]


def test_print_page_gives_ratings_and_points_before_the_round(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    """Round 2 to print: each board's players with rating and points after round 1."""
    _finish(Round.objects.get(event=in_play, number=1), arbiter, Result.WHITE_WINS)
    round_2 = _pair(in_play, arbiter)
    won = {g.white_id for g in Game.objects.filter(round__event=in_play, round__number=1)}
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/2/print/").content.decode()
    pairings = body[body.index('class="table print-pairings"') : body.index("</table>")]
    for game in round_2.games.select_related("white", "black"):
        white, black = game.white, game.black
        assert black is not None  # six players: no bye
        row = (
            f"<tr><td>{game.board}</td><td>{white.pairing_number}</td><td>{white.name}</td>"
            f"<td>{white.rating}</td><td>{1 if white.pk in won else 0}</td>"
        )
        assert row in pairings
        tail = (
            f"<td>{1 if black.pk in won else 0}</td><td>{black.name}</td>"
            f"<td>{black.rating}</td><td>{black.pairing_number}</td></tr>"
        )
        assert tail in pairings


def test_print_page_has_a_result_slip_per_board_and_prints_one_part_on_request(
    arbiter_client: Client, in_play: Event
) -> None:
    url = f"/events/{in_play.slug}/manage/rounds/1/print/"
    boards = Game.objects.filter(round__event=in_play, round__number=1).count()
    body = arbiter_client.get(url).content.decode()
    assert body.count('<div class="slip">') == boards
    assert 'id="pairings"' in body and 'id="names"' in body
    slips = arbiter_client.get(f"{url}?sheet=slips").content.decode()
    assert slips.count('<div class="slip">') == boards
    assert 'id="pairings"' not in slips and 'id="names"' not in slips
    names = arbiter_client.get(f"{url}?sheet=names").content.decode()
    assert 'id="names"' in names and '<div class="slip">' not in names


def test_round_page_links_each_part_to_print(arbiter_client: Client, in_play: Event) -> None:
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/rounds/1/").content.decode()
    url = f"/events/{in_play.slug}/manage/rounds/1/print/"
    for query in ("?sheet=pairings", "?sheet=slips", "?sheet=names", ""):
        assert f'href="{url}{query}"' in body


def test_print_page_reads_the_same_few_queries_for_any_number_of_players(
    arbiter_client: Client, event: Event, arbiter: User, django_assert_max_num_queries: Any
) -> None:
    """No query per board or player: the points before the round come from one state,
    the players not paired from one query of the round's requests."""
    player_services.players_add(
        event_id=event.pk,
        rows=[{"name": f"Player {n:03d}", "rating": 2000 - n} for n in range(120)],
        user=arbiter,
        now=NOW,
    )
    _start(event, arbiter)
    _finish(_pair(event, arbiter), arbiter, Result.WHITE_WINS)
    _pair(event, arbiter)
    with django_assert_max_num_queries(13):
        response = arbiter_client.get(f"/events/{event.slug}/manage/rounds/2/print/")
    assert response.content.decode().count('<div class="slip">') == 60


# Requests and forbidden pairs


def test_request_added_edited_and_deleted_from_the_requests_page(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    page = f"/events/{in_play.slug}/manage/requests/"
    player = players[3]
    arbiter_client.post(
        f"/events/{in_play.slug}/requests/",
        {"player": player.pk, "round_number": 3, "kind": "H", "next": page},
    )
    wish = RoundRequest.objects.get(player=player)
    body = arbiter_client.get(page).content.decode()
    assert f'action="/events/spring/requests/{wish.pk}/edit/"' in body
    response = arbiter_client.post(
        f"/events/{in_play.slug}/requests/{wish.pk}/edit/",
        {"round_number": 4, "kind": "Z", "next": page},
    )
    assert response["Location"] == page
    wish.refresh_from_db()
    assert (wish.round_number, wish.kind) == (4, "Z")
    delete = f"/events/{in_play.slug}/requests/{wish.pk}/delete/"
    arbiter_client.post(delete, {"next": page, "confirm": "1"})
    assert not RoundRequest.objects.exists()
    again = arbiter_client.post(delete, {"next": page, "confirm": "1"}, follow=True)
    assert "That request was deleted already." in again.content.decode()


def test_second_request_for_a_round_asks_before_replacing(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    """Duplicates are merged only on confirmation: the page asks, a second post replaces."""
    url = f"/events/{in_play.slug}/requests/"
    page = f"/events/{in_play.slug}/manage/requests/"
    player = players[3]
    arbiter_client.post(url, {"player": player.pk, "round_number": 3, "kind": "H"})
    asked = arbiter_client.post(
        url, {"player": player.pk, "round_number": 3, "kind": "Z", "next": page}
    )
    body = asked.content.decode()
    assert asked.status_code == 200
    assert "confirm to replace it with a known absence (zero points)" in body
    assert '<input type="hidden" name="replace" value="1">' in body
    assert RoundRequest.objects.get().kind == "H"
    response = arbiter_client.post(
        url, {"player": player.pk, "round_number": 3, "kind": "Z", "replace": "1", "next": page}
    )
    assert response["Location"] == page
    assert RoundRequest.objects.get().kind == "Z"


def test_request_for_a_withdrawn_player_is_refused_on_the_page(
    arbiter_client: Client, in_play: Event, players: list[Player], arbiter: User
) -> None:
    player = players[3]
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    response = arbiter_client.post(
        f"/events/{in_play.slug}/requests/",
        {"player": player.pk, "round_number": 3, "kind": "H"},
        follow=True,
    )
    assert f"{player.name} has withdrawn (after round 1)" in response.content.decode()
    assert not RoundRequest.objects.exists()
    page = arbiter_client.get(f"/events/{in_play.slug}/manage/requests/").content.decode()
    form = page[page.index('name="player"') : page.index("</select>", page.index('name="player"'))]
    assert player.name not in form


def test_forbidden_pair_added_with_a_reason_edited_and_deleted(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    page = f"/events/{in_play.slug}/manage/requests/"
    first, second = players[4], players[5]
    arbiter_client.post(
        f"/events/{in_play.slug}/forbidden/",
        {"first": first.pk, "second": second.pk, "reason": "siblings", "next": page},
    )
    pair = ForbiddenPair.objects.get()
    assert pair.reason == "siblings"
    twice = arbiter_client.post(
        f"/events/{in_play.slug}/forbidden/",
        {"first": second.pk, "second": first.pk, "next": page},
        follow=True,
    )
    assert "are kept apart already" in twice.content.decode()
    arbiter_client.post(
        f"/events/{in_play.slug}/forbidden/{pair.pk}/edit/", {"reason": "twins", "next": page}
    )
    pair.refresh_from_db()
    assert pair.reason == "twins"
    body = arbiter_client.get(page).content.decode()
    assert 'value="twins"' in body
    delete = f"/events/{in_play.slug}/forbidden/{pair.pk}/delete/"
    arbiter_client.post(delete, {"next": page, "confirm": "1"})
    assert not ForbiddenPair.objects.exists()


# Audit log


def test_audit_log_says_who_changed_what_from_what_to_what(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    game = Game.objects.filter(round__event=in_play, black__isnull=False).order_by("board")[0]
    result_services.result_record(
        game_id=game.pk, result="1-0", expected_version=0, user=arbiter, now=NOW
    )
    result_services.result_record(
        game_id=game.pk, result="1/2", expected_version=1, user=arbiter, now=NOW
    )
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/audit/").content.decode()
    assert "Result entered" in body
    assert "<div>result: 1-0 → ½-½</div>" in body
    assert "<td>arbiter</td>" in body


def test_audit_log_names_each_change_once(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    """Defect: a key recorded before and after (board, result) was listed twice.  The
    board is named once, with its players, in the entry's subject (#33)."""
    game = Game.objects.filter(round__event=in_play, black__isnull=False).order_by("board")[0]
    result_services.result_record(
        game_id=game.pk, result="1-0", expected_version=0, user=arbiter, now=NOW
    )
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/audit/").content.decode()
    assert body.count("<div>result: ") == 1
    assert body.count(f"Board {game.board}: ") == 1


def test_settings_and_player_forms_keep_their_dates(
    arbiter_client: Client, in_play: Event, players: list[Player]
) -> None:
    """Defect: date fields were written as 22/11/2026, which a browser's date field
    cannot show, so saving the form erased the dates.  They are ISO dates now."""
    in_play.start_date, in_play.end_date = dt.date(2026, 3, 1), dt.date(2026, 3, 5)
    in_play.save()
    page = arbiter_client.get(f"/events/{in_play.slug}/edit/").content.decode()
    assert 'name="start_date" value="2026-03-01"' in page
    assert 'name="end_date" value="2026-03-05"' in page
    player = players[0]
    player.birth_date = dt.date(2011, 12, 24)
    player.save()
    card = arbiter_client.get(f"/events/{in_play.slug}/manage/players/{player.pk}/")
    assert 'name="birth_date" value="2011-12-24"' in card.content.decode()


def test_audit_log_names_players_and_changed_boards(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    _start(event, arbiter)
    round_ = _pair(event, arbiter, publish=False)
    first, second = round_.games.order_by("board")[:2]
    assert first.black_id is not None and second.black_id is not None
    round_services.draft_swap_players(
        round_id=round_.pk, first_id=first.black_id, second_id=second.black_id, user=arbiter,
        now=NOW,
    )  # fmt: skip
    request_services.round_request_set(
        player_id=players[0].pk, round_number=3, kind="H", user=arbiter, now=NOW
    )
    body = arbiter_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert "Players swapped in the draft" in body
    assert f"<div>board {first.board}: " in body and " → " in body
    assert "Request recorded: Adams, Ann" in body
    assert "<div>request: half-point bye</div>" in body


def test_audit_log_is_paginated_and_filtered_by_round(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    for _ in range(60):
        AuditEntry.objects.create(event=in_play, user=arbiter, at=NOW, action="player_top_set")
    url = f"/events/{in_play.slug}/manage/audit/"
    first = arbiter_client.get(url).content.decode()
    assert "Page 1 of 2" in first and "?page=2" in first
    second = arbiter_client.get(url + "?page=2").content.decode()
    assert "Event started" in second
    round_1 = arbiter_client.get(url + "?round=1").content.decode()
    assert "2 changes in round 1" in round_1
    assert "Top player" not in round_1


def test_audit_log_of_another_event_is_not_shown(
    arbiter_client: Client, in_play: Event, arbiter: User
) -> None:
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    AuditEntry.objects.create(event=other, user=arbiter, at=NOW, action="secret_action")
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/audit/").content.decode()
    assert "secret" not in body


# Arbiters, My events, the public page


def test_arbiters_page_adds_an_arbiter_and_returns(
    arbiter_client: Client, in_play: Event, stranger: User
) -> None:
    page = f"/events/{in_play.slug}/manage/arbiters/"
    response = arbiter_client.post(
        f"/events/{in_play.slug}/arbiters/", {"username": "stranger", "next": page}
    )
    assert response["Location"] == page
    assert "<li>stranger</li>" in arbiter_client.get(page).content.decode()


def test_my_events_lists_the_users_events_public_or_not(
    arbiter_client: Client, in_play: Event, arbiter: User, stranger: User
) -> None:
    hidden = Event.objects.create(name="Club Championship", slug="club", rounds=7, public=False)
    hidden.arbiters.add(arbiter)
    foreign = Event.objects.create(name="Somebody Else's", slug="else", rounds=5, public=True)
    foreign.arbiters.add(stranger)
    body = arbiter_client.get("/my-events/").content.decode()
    assert "Spring Swiss" in body and "Club Championship" in body and "(not public)" in body
    assert "Somebody Else" not in body
    assert 'href="/events/spring/manage/rounds/1/">Round 1</a>' in body
    assert "Round 1 of 5: in play" in body
    assert 'href="/events/club/manage/players/">Players</a>' in body


def test_my_events_needs_a_login(client: Client) -> None:
    response = client.get("/my-events/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_my_events_of_a_stranger_shows_none_of_ours(
    stranger_client: Client, in_play: Event
) -> None:
    body = stranger_client.get("/my-events/").content.decode()
    assert "Spring Swiss" not in body and "not an arbiter of any event" in body


def test_public_page_links_the_arbiter_pages_for_its_arbiters_only(
    arbiter_client: Client, stranger_client: Client, in_play: Event
) -> None:
    link = f'href="/events/{in_play.slug}/manage/">Arbiter pages of this event</a>'
    assert link in arbiter_client.get(f"/events/{in_play.slug}/").content.decode()
    assert link not in stranger_client.get(f"/events/{in_play.slug}/").content.decode()
    assert link not in Client().get(f"/events/{in_play.slug}/").content.decode()


def test_workspace_pages_escape_names(
    arbiter_client: Client, in_play: Event, players: list[Player], arbiter: User
) -> None:
    hostile = "<script>alert(1)</script>"
    player_services.player_update(
        player_id=players[0].pk, changes={"name": hostile}, user=arbiter, now=NOW
    )
    request_services.round_request_set(
        player_id=players[0].pk, round_number=3, kind="H", user=arbiter, now=NOW
    )
    for url in _pages(in_play, players[0]):
        body = arbiter_client.get(url).content.decode()
        assert "<script>alert" not in body, url
    body = arbiter_client.get(f"/events/{in_play.slug}/manage/audit/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_audit_log_names_the_players_a_registration_added(
    arbiter_client: Client, event: Event, arbiter: User
) -> None:
    """Defect: a registration's entry showed an empty list of players."""
    player_services.players_add(
        event_id=event.pk, rows=[{"name": "Newcomer, Nina", "rating": 1500}], user=arbiter, now=NOW
    )
    body = arbiter_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert "Newcomer, Nina" in body
