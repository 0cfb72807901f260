"""The draft review and the board-number entry, without a browser (#36 items 1 and 2).

The review's pure parts (which steps are a bracket's, which the arbiter made stale, how
boards group), its page for every pairing system, the "why" fragments it fetches; the
published round's list of boards without a result; and the save the board-number box
makes, checked at the endpoint (the box itself is a script: tests/browser).
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import ARBITER_STEP, Event, Game, PairingSystem, Player, Result
from swissweb.tournament.rounds import draft_review
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.draft_review import Seat, SeatPlayer

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _seat(board: int, white: int, black: int | None) -> Seat:
    def player(number: int) -> SeatPlayer:
        return SeatPlayer(pairing_number=number, name=f"P{number}", title="", rating=2000)

    return Seat(board=board, white=player(white), black=player(black) if black else None)


SEATS = [_seat(1, 1, 2), _seat(2, 3, 4), _seat(3, 5, 6), _seat(4, 7, None)]
EXPLANATION = [
    {"rule": "A", "text": "Bracket 1: 1 2 3 4", "players": [1, 2, 3, 4]},
    {"rule": "B", "text": "Bracket 0: 5 6 7", "players": [5, 6, 7]},
    {"rule": "C", "text": "Board 1 colours", "players": [1, 2]},
    {"rule": "D", "text": "Player 7 gets the bye", "players": [7]},
    {"rule": "E", "text": "Board 3 colours", "players": [5, 6]},
]


def test_a_bracket_step_names_players_of_two_boards_or_more() -> None:
    steps = draft_review.bracket_steps(EXPLANATION, SEATS, 1, 2)
    assert [s.rule for s in steps] == ["A"]
    assert [s.rule for s in draft_review.bracket_steps(EXPLANATION, SEATS, 3, 4)] == ["B"]
    assert [s.rule for s in draft_review.board_steps(EXPLANATION, SEATS[0])] == ["A", "C"]


def test_boards_group_by_the_first_bracket_step_naming_their_players() -> None:
    groups = draft_review._groups(EXPLANATION, SEATS)
    assert [([s.board for s in run], steps) for run, steps, _ in groups] == [
        ([1, 2], 1),
        ([3, 4], 1),
    ]


def test_an_arbiters_step_marks_the_earlier_engine_steps_of_its_players_only() -> None:
    """Swapping 2 and 5 leaves boards 1-2 v 5 ... : every earlier engine step naming one
    of the new boards' players is marked changed, where it stands; later steps are not."""
    explanation = [
        *EXPLANATION,
        {"rule": ARBITER_STEP, "text": "Board 1: 1 v 5", "players": [1, 5]},
        {"rule": "F", "text": "after", "players": [1]},
    ]
    marked = [(s.rule, s.changed, s.arbiter) for s, _ in draft_review.marked_steps(explanation)]
    assert marked == [
        ("A", True, False),
        ("B", True, False),
        ("C", True, False),
        ("D", False, False),
        ("E", True, False),
        ("Arbiter", False, True),
        ("F", False, False),
    ]


@pytest.mark.parametrize("system", [s.value for s in PairingSystem])
def test_the_draft_review_shows_every_board_for_every_system(
    system: str, arbiter: User, arbiter_client: Client
) -> None:
    """Nine players, round 1 drafted: four boards and the bye, one line each, each with
    its "?" and (not the bye) its colour swap, under at least one bracket heading."""
    event = Event.objects.create(name="Nine", slug="nine", rounds=5, system=system)
    event.arbiters.add(arbiter)
    for index in range(9):
        Player.objects.create(event=event, name=f"P{index}", rating=2300 - 40 * index)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    page = arbiter_client.get("/events/nine/manage/rounds/1/")
    body = page.content.decode()
    assert page.status_code == 200 and 'table class="table draft"' in body
    lines = [b for bracket in page.context["review"].brackets for b in bracket.boards]
    assert [line.board for line in lines] == [1, 2, 3, 4, 5]
    assert body.count('<button name="board" value="') == 4
    assert all(f'href="why/?board={n}"' in body for n in range(1, 6))
    assert '<tr class="bracket">' in body


def test_why_fragments_refuse_boards_the_round_lacks(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    why = f"/events/{event.slug}/manage/rounds/1/why/"
    assert arbiter_client.get(f"{why}?boards=90-99", HTTP_HX_REQUEST="true").status_code == 404
    # A range not read as one (reversed, a word) shows the whole explanation.
    for query in ("boards=3-1", "boards=x", "boards=1-%C2%B2"):
        assert arbiter_client.get(f"{why}?{query}").status_code == 200


def test_the_round_in_play_lists_its_boards_without_a_result_linked_to_them(
    arbiter_client: Client, two_rounds: Event
) -> None:
    """Round 2 in play: each board without a result is a link to its row, in board
    order, under the board-number box; a board with a result leaves the list."""
    games = list(Game.objects.filter(round__event=two_rounds, round__number=2).order_by("board"))
    Game.objects.filter(pk=games[0].pk).update(result=Result.DRAW)
    body = arbiter_client.get(f"/events/{two_rounds.slug}/manage/rounds/2/").content.decode()
    assert 'id="board-entry"' in body and '<div class="board-entry" hidden>' in body
    links = "".join(f'<a href="#board-{g.pk}">{g.board}</a> ' for g in games[1:] if g.black_id)
    assert f'<span class="missing-boards">{links}</span>' in body
    assert f"Boards without a result: {len(games) - 1}" in body


@pytest.mark.parametrize(
    ("key", "stored"),
    [("1", "1-0"), ("0", "0-1"), ("=", "1/2"), ("+", "+-"), ("-", "-+"), ("--", "--")],
)
def test_each_key_the_board_box_sends_is_saved_by_the_result_endpoint(
    key: str, stored: str, arbiter_client: Client, two_rounds: Event
) -> None:
    """The box turns "17 1", "17=", "17 ½", "17+", ... into the row's keys and posts them
    with the version the page showed, as Enter in the row does."""
    game = Game.objects.filter(round__event=two_rounds, round__number=2).first()
    assert game is not None
    response = arbiter_client.post(
        f"/events/{two_rounds.slug}/games/{game.pk}/result/",
        {"result": key, "version": str(game.version)},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 200
    assert json.loads(response.content)["result"] == stored
    game.refresh_from_db()
    assert game.result == stored


def test_a_stale_save_from_the_box_is_refused_with_the_board_as_it_is(
    arbiter_client: Client, two_rounds: Event, arbiter: User
) -> None:
    """The stale-save protection the box keeps: a save naming an old version is refused
    (409) with the board's result and version now, which the page keeps aside until the
    arbiter chooses to save anyway; the other arbiter's result stays."""
    game = Game.objects.filter(round__event=two_rounds, round__number=2).first()
    assert game is not None
    Game.objects.filter(pk=game.pk).update(result=Result.WHITE_WINS, version=game.version + 1)
    url = f"/events/{two_rounds.slug}/games/{game.pk}/result/"
    stale = {"result": "=", "version": str(game.version)}
    response = arbiter_client.post(url, stale, HTTP_ACCEPT="application/json")
    answer = json.loads(response.content)
    assert response.status_code == 409 and not answer["ok"]
    assert (answer["result"], answer["version"]) == ("1-0", game.version + 1)
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS
    anyway = {"result": "=", "version": str(answer["version"])}
    assert arbiter_client.post(url, anyway, HTTP_ACCEPT="application/json").status_code == 200
