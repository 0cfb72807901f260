"""The arbiter's pages: who may act, and what each action changes (issue 6)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, ForbiddenPair, Player, RoundRequest
from swissweb.tournament.rounds import services as round_services

from .conftest import OverTimeLimit

pytestmark = pytest.mark.django_db


def test_event_create_requires_login(client: Client) -> None:
    """Anonymous visitors are sent to the login page and no event is created."""
    response = client.post("/events/new/", {"name": "X"})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert not Event.objects.exists()


def test_event_create_makes_creator_arbiter(arbiter_client: Client, arbiter: User) -> None:
    """The user who creates an event becomes its arbiter; points are typed in points."""
    response = arbiter_client.post(
        "/events/new/",
        {
            "name": "Autumn Open",
            "slug": "autumn",
            "system": "dutch1992",
            "rounds": 7,
            "tiebreaks": "bh, sb",
            "initial_colour": "lot",
            "points_win": "3",
            "points_draw": "1",
            "points_loss": "0",
            "points_forfeit_win": "3",
            "points_forfeit_loss": "0",
            "points_pairing_bye": "3",
            "points_full_bye": "3",
            "points_half_bye": "1",
        },
    )
    event = Event.objects.get(slug="autumn")
    assert response.status_code == 302
    assert list(event.arbiters.all()) == [arbiter]
    assert (event.points_win, event.points_draw) == (6, 2)
    assert event.tiebreaks == "BH,SB"


def test_event_create_refuses_unknown_tiebreak(arbiter_client: Client) -> None:
    """An unknown tie-break code is named in the form error and nothing is created."""
    response = arbiter_client.post(
        "/events/new/",
        {"name": "X", "slug": "x", "system": "dutch1992", "rounds": 5, "tiebreaks": "BH,XYZ"},
    )
    assert response.status_code == 200
    assert "XYZ" in response.content.decode()
    assert not Event.objects.exists()


def test_manage_page_forbidden_to_other_users(stranger_client: Client, event: Event) -> None:
    """A logged-in user who is not an arbiter of the event gets 403."""
    assert stranger_client.get(f"/events/{event.slug}/manage/").status_code == 403


def test_player_add_by_stranger_changes_nothing(stranger_client: Client, event: Event) -> None:
    """A non-arbiter cannot register players."""
    response = stranger_client.post(f"/events/{event.slug}/players/add/", {"name": "Intruder"})
    assert response.status_code == 403
    assert not event.players.exists()


def test_csv_import_adds_every_player(arbiter_client: Client, event: Event) -> None:
    """A valid CSV list registers every player with its fields."""
    csv = "name,rating,title,federation,club\nKarpov, Anatoly,2700,GM,RUS,CSKA\n"
    csv = 'name,rating,title,federation,club\n"Karpov, Anatoly",2700,GM,RUS,CSKA\nTal,2600,,LAT,\n'
    arbiter_client.post(f"/events/{event.slug}/players/import/", {"text": csv})
    players = {p.name: p for p in event.players.all()}
    assert set(players) == {"Karpov, Anatoly", "Tal"}
    assert (players["Karpov, Anatoly"].rating, players["Karpov, Anatoly"].title) == (2700, "GM")


def test_csv_import_with_one_bad_line_imports_nothing(arbiter_client: Client, event: Event) -> None:
    """One bad line rejects the whole file, and the message names the line and column."""
    csv = "name,rating\nGood Player,2100\nBad Player,21OO\n"
    response = arbiter_client.post(
        f"/events/{event.slug}/players/import/", {"text": csv}, follow=True
    )
    assert not event.players.exists()
    assert "line 3, rating" in response.content.decode()


def test_event_start_numbers_players_in_dutch_a2_order(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """Starting the event numbers players by rating, then title, then name (Dutch A2)."""
    Player.objects.create(event=event, name="Aaron, Zed", rating=2200, title="IM")
    arbiter_client.post(f"/events/{event.slug}/start/")
    order = list(event.players.order_by("pairing_number").values_list("name", flat=True))
    assert order[:2] == ["Aaron, Zed", "Adams, Ann"]
    assert len(order) == 7


def test_pairing_number_swap_before_round_one(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """Before round 1 an arbiter can move a player to another number; the holder swaps."""
    arbiter_client.post(f"/events/{event.slug}/start/")
    last = event.players.get(pairing_number=6)
    arbiter_client.post(f"/events/{event.slug}/players/{last.pk}/number/", {"pairing_number": "1"})
    numbers = dict(event.players.values_list("name", "pairing_number"))
    assert numbers[last.name] == 1
    assert numbers["Adams, Ann"] == 6


def test_round_request_recorded(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """A half-point bye requested for round 2 is stored (Dutch F5)."""
    arbiter_client.post(
        f"/events/{event.slug}/requests/",
        {"player": players[0].pk, "round_number": 2, "kind": "H"},
    )
    assert RoundRequest.objects.filter(player=players[0], round_number=2, kind="H").exists()


def test_forbidden_pair_recorded_once(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """Forbidding the same two players twice, in either order, stores one pair."""
    url = f"/events/{event.slug}/forbidden/"
    arbiter_client.post(url, {"first": players[0].pk, "second": players[1].pk})
    arbiter_client.post(url, {"first": players[1].pk, "second": players[0].pk})
    assert ForbiddenPair.objects.count() == 1


def test_pair_before_start_is_refused(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """Pairing before the pairing numbers are assigned is refused with a message."""
    response = arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1}, follow=True)
    assert "Start the event first" in response.content.decode()
    assert not event.round_set.exists()


def test_trf_export_then_import_gives_back_the_players(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """Exporting an event as TRF and importing that file into a new event keeps players."""

    Player.objects.filter(pk=players[0].pk).update(club="Kingside CC", federation="ENG")
    arbiter_client.post(f"/events/{event.slug}/start/")
    exported = arbiter_client.get(f"/events/{event.slug}/export.trf")
    assert exported.status_code == 200
    text = exported.content.decode()
    assert "SWC    1 Kingside CC" in text and "SWY dutch" in text
    other = Event.objects.create(name="Copy", slug="copy", rounds=5)
    other.arbiters.add(event.arbiters.get())
    upload = SimpleUploadedFile("event.trf", exported.content)
    arbiter_client.post("/events/copy/players/import-trf/", {"trf": upload})
    copied = {p.name: p for p in other.players.all()}
    assert set(copied) == {p.name for p in players}
    assert copied["Adams, Ann"].club == "Kingside CC"
    assert copied["Adams, Ann"].federation == "ENG"


def test_trf_import_of_a_bad_file_imports_nothing(arbiter_client: Client, event: Event) -> None:
    """A malformed TRF is refused with its line and column; no player is added."""

    bad = b"012 x\n001    1      A                                 20x0\n"
    response = arbiter_client.post(
        f"/events/{event.slug}/players/import-trf/",
        {"trf": SimpleUploadedFile("bad.trf", bad)},
        follow=True,
    )
    assert "TRF line 2, column 49" in response.content.decode()
    assert not event.players.exists()


def test_trf_export_forbidden_to_strangers(stranger_client: Client, event: Event) -> None:
    """Only the event's arbiters may export its TRF."""
    assert stranger_client.get(f"/events/{event.slug}/export.trf").status_code == 403


def _why(client: Client, event: Event, query: str) -> str:
    """The steps the draft review opens under a line (the htmx fragment)."""
    url = f"/events/{event.slug}/manage/rounds/1/why/?{query}"
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_draft_review_opens_each_boards_and_each_brackets_reasons_on_demand(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """The draft is one line per board, no reasons on the page; each board's "?" and each
    bracket's link fetch the steps: the board's own and its bracket's, or the bracket's
    alone (here round 1)."""
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    page = arbiter_client.get(f"/events/{event.slug}/manage/", follow=True)
    body = page.content.decode()
    assert 'class="explanation"' not in body and "C.04.3 2-4" not in body
    assert 'href="why/?board=1"' in body  # relative to the round's page
    bracket = page.context["review"].brackets[0]
    assert bracket.steps >= 1
    assert f'href="why/?boards={bracket.first}-{bracket.last}"' in body
    board = _why(arbiter_client, event, "board=1")
    assert "<html" not in board and 'class="explanation"' in board
    assert "C.04.3 2-4" in board and re.search(r"C\.04\.3 5\.2\.[1-5]</strong>: Board 1:", board)
    brackets = _why(arbiter_client, event, f"boards={bracket.first}-{bracket.last}")
    assert "C.04.3 2-4" in brackets and "Board 1:" not in brackets
    whole = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/why/?board=1")
    assert "<html" in whole.content.decode()


def test_draft_why_after_a_swap_marks_the_stale_engine_steps_where_they_stand(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """After a swap the engine's steps about the swapped boards stay in their place,
    marked as changed since by the arbiter, followed by the arbiter's own step; the
    lines of the boards changed carry the mark, the others not."""
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    before = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").context["review"]
    one, two = [line for bracket in before.brackets for line in bracket.boards][:2]
    assert one.black is not None and two.black is not None
    arbiter_client.post(
        f"/events/{event.slug}/rounds/1/swap/",
        {"first_no": one.black.number, "second_no": two.black.number},
    )
    review = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").context["review"]
    lines = [line for bracket in review.brackets for line in bracket.boards]
    assert [line.edited for line in lines] == [True, True, False]
    steps = _why(arbiter_client, event, "board=1")
    stale = steps.index('<li class="changed"><span class="mark">changed by the arbiter since:')
    board_step = steps.index("</strong>: Board 1:")
    arbiter = steps.index('<li class="arbiter"><strong>Arbiter</strong>: Board 1:')
    assert stale < board_step < arbiter
    assert "set by the arbiter (swap of players " in steps
    # Board 3 was not changed: its own step stands unmarked (its bracket's, which names
    # the swapped players too, is marked).
    assert re.search(
        r"<li><strong>C\.04\.3 5\.2\.[1-5]</strong>: Board 3:",
        _why(arbiter_client, event, "board=3"),
    )


def test_draft_why_after_a_colour_flip_names_the_arbiter(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    review = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").context["review"]
    game = review.brackets[0].boards[0]
    assert game.black is not None
    arbiter_client.post(f"/events/{event.slug}/rounds/1/flip/", {"board": "1"})
    flipped = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").context["review"]
    assert flipped.brackets[0].boards[0].edited
    assert (
        f"<strong>Arbiter</strong>: Board 1: {game.black.number} (white) v "
        f"{game.white.number} (black), set by the arbiter (colours swapped); the "
        "engine&#x27;s reasons no longer describe this board."
    ) in _why(arbiter_client, event, "board=1")


def test_draft_flip_of_an_unknown_board_says_so(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    for board in ("99", "²", ""):
        response = arbiter_client.post(
            f"/events/{event.slug}/rounds/1/flip/", {"board": board}, follow=True
        )
        assert "Round 1 has no board" in response.content.decode()


def test_round_why_for_an_unknown_board_is_not_found(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    why = f"/events/{event.slug}/manage/rounds/1/why/"
    assert arbiter_client.get(f"{why}?board=99").status_code == 404
    assert arbiter_client.get(f"{why}?board=%C2%B2").status_code == 200  # not a number: all


def test_round_pair_timeout_is_shown_to_the_arbiter(
    arbiter_client: Client,
    event: Event,
    players: list[Player],
    engine_over_time_limit: OverTimeLimit,
) -> None:
    """The arbiter is told that pairing took too long and that nothing was saved."""
    engine_over_time_limit.arm()
    arbiter_client.post(f"/events/{event.slug}/start/")
    response = arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1}, follow=True)
    assert "pairing took longer than 0.001 s; nothing was saved" in response.content.decode()
    assert not event.round_set.exists()


def test_csv_import_reads_school_area_and_top_players(arbiter_client: Client, event: Event) -> None:
    """ESCA 3 and 27: schools, areas and top players come in with the CSV."""
    text = (
        "name,school,area,top\nAbel,Oakfield,North,yes\nBirch,Westgate,South,\nCole,Oakfield,,no\n"
    )
    arbiter_client.post(f"/events/{event.slug}/players/import/", {"text": text})
    rows = {p.name: (p.club, p.area, p.top_player) for p in event.players.all()}
    assert rows == {
        "Abel": ("Oakfield", "North", True),
        "Birch": ("Westgate", "South", False),
        "Cole": ("Oakfield", "", False),
    }


def test_csv_import_refuses_more_than_half_top_players(
    arbiter_client: Client, event: Event
) -> None:
    """ESCA 3: top players "no more than 50% of the total entrants"; nothing is added."""
    text = "name,top\nAbel,yes\nBirch,yes\nCole,no\n"
    response = arbiter_client.post(
        f"/events/{event.slug}/players/import/", {"text": text}, follow=True
    )
    assert not event.players.exists()
    assert "at most half" in response.content.decode()


def test_csv_import_names_a_bad_top_value(arbiter_client: Client, event: Event) -> None:
    """A value other than yes/no in the top column is named with its line."""
    response = arbiter_client.post(
        f"/events/{event.slug}/players/import/", {"text": "name,top\nAbel,maybe\n"}, follow=True
    )
    assert not event.players.exists()
    assert "line 2, top: &#x27;maybe&#x27; is not yes or no" in response.content.decode()


def test_result_entry_json_answer_gives_saved_value_and_next_version(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    """The keyboard entry's save answers with the stored result and the next version."""

    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = round_.games.order_by("board").first()
    assert game is not None
    url = f"/events/{event.slug}/games/{game.pk}/result/"
    json: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}
    saved = arbiter_client.post(url, {"result": "1", "version": game.version}, **json)
    assert saved.status_code == 200
    assert saved.json() == {
        "ok": True, "result": "1-0", "shown": "1-0", "display": "1-0",
        "version": game.version + 1, "error": "",
    }  # fmt: skip
    stale = arbiter_client.post(url, {"result": "0", "version": game.version}, **json)
    assert stale.status_code == 409
    assert stale.json()["ok"] is False
    assert stale.json()["result"] == "1-0"
    assert stale.json()["version"] == game.version + 1
    bad = arbiter_client.post(url, {"result": "x", "version": game.version + 1}, **json)
    assert bad.status_code == 422
    assert "is not a result" in bad.json()["error"]
    game.refresh_from_db()
    assert game.result == "1-0"
