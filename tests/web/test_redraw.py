"""ESCA 25 through the web: a published draw changed with the least disturbance, shown
first and saved only as shown (``swissweb/tournament/rounds/redraw.py``)."""

from __future__ import annotations

import pytest
from django.test import Client

from swissweb.tournament.models import Event, RequestKind, Result, RoundState

from .test_systems_web import _form

pytestmark = pytest.mark.django_db

FIELD = "name,school\nAsh,Avon\nBell,Brent\nCole,Clyde\nDunn,Dart\nEve,Exe\n"


def _boards(event: Event, number: int) -> set[tuple[str, str]]:
    games = event.round_set.get(number=number).games.select_related("white", "black")
    return {(g.white.name, g.black.name if g.black else "bye") for g in games}


def test_esca_25_absent_player_redraw_keeps_every_other_board(arbiter_client: Client) -> None:
    """A player absent after publication: his board and the bye are re-paired, the rest kept.

    Derivation.  Round 1 (ESCA 4): the bye goes to the last in alphabetical order who is
    not a top player, Eve.  ESCA 6: Ash, Bell (top half) v Cole, Dunn (bottom half):
    Ash-Cole and Dunn-Bell (colours alternate).  Cole cannot play: ESCA 25 keeps
    Dunn-Bell; Ash and Eve are left over, an even number, so Eve's bye goes and they
    are paired together (different schools, never met).
    """
    arbiter_client.post("/events/new/", _form("esca"))
    event = Event.objects.get(slug="esca-weekend")
    base = f"/events/{event.slug}"
    arbiter_client.post(f"{base}/players/import/", {"text": FIELD})
    arbiter_client.post(f"{base}/start/")
    arbiter_client.post(f"{base}/pair/", {"round": 1})
    arbiter_client.post(f"{base}/rounds/1/publish/")
    published = _boards(event, 1)
    assert ("Eve", "bye") in published
    assert {frozenset(b) for b in published} == {
        frozenset({"Ash", "Cole"}),
        frozenset({"Dunn", "Bell"}),
        frozenset({"Eve", "bye"}),
    }
    cole = event.players.get(name="Cole")
    preview = arbiter_client.post(f"{base}/rounds/1/redraw/", {"absent": cole.pk})
    assert preview.status_code == 200
    redraw = preview.context["redraw"]
    assert {frozenset((line.white, line.black)) for line in redraw.removed} == {
        frozenset({"Ash", "Cole"}),
        frozenset({"Eve", "bye"}),
    }
    assert {frozenset((line.white, line.black)) for line in redraw.added} == {
        frozenset({"Ash", "Eve"})
    }
    assert len(redraw.kept) == 1
    assert "Boards removed" in preview.content.decode()
    assert _boards(event, 1) == published, "the preview saves nothing"
    saved = arbiter_client.post(
        f"{base}/rounds/1/redraw/",
        {"absent": cole.pk, "confirm": "1", "digest": redraw.digest, "reason": "Cole ill"},
    )
    assert saved.status_code == 302
    after = _boards(event, 1)
    assert {frozenset(b) for b in after} == {frozenset({"Ash", "Eve"}), frozenset({"Dunn", "Bell"})}
    assert [b for b in published if "Dunn" in b] == [b for b in after if "Dunn" in b]
    assert cole.requests.get(round_number=1).kind == RequestKind.ABSENT
    round_ = event.round_set.get(number=1)
    assert round_.state == RoundState.PUBLISHED
    assert not round_.games.filter(result=Result.PAIRING_BYE).exists()


def _published_esca(client: Client) -> Event:
    client.post("/events/new/", _form("esca"))
    event = Event.objects.get(slug="esca-weekend")
    base = f"/events/{event.slug}"
    client.post(f"{base}/players/import/", {"text": FIELD})
    client.post(f"{base}/start/")
    client.post(f"{base}/pair/", {"round": 1})
    client.post(f"{base}/rounds/1/publish/")
    return event


def test_the_absent_players_of_a_redraw_are_typed_by_pairing_number(
    arbiter_client: Client,
) -> None:
    """#36 item 4: no select of every seated player; the arbiter types the numbers."""
    event = _published_esca(arbiter_client)
    page = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").content.decode()
    assert 'name="absent_numbers"' in page
    assert '<select name="absent"' not in page
    cole = event.players.get(name="Cole")
    preview = arbiter_client.post(
        f"/events/{event.slug}/rounds/1/redraw/", {"absent_numbers": f" {cole.pairing_number}, "}
    )
    assert preview.status_code == 200
    assert preview.context["absent_ids"] == [cole.pk]


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("3 x", "Type the pairing numbers"),
        ("99", "No player has the pairing number 99."),
        ("9" * 30, "Type the pairing numbers"),
    ],
)
def test_a_redraw_refuses_numbers_that_name_no_player(
    arbiter_client: Client, typed: str, said: str
) -> None:
    event = _published_esca(arbiter_client)
    response = arbiter_client.post(
        f"/events/{event.slug}/rounds/1/redraw/", {"absent_numbers": typed}, follow=True
    )
    assert said in response.content.decode()
