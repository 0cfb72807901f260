"""Hand-edited query strings never answer 500 (#21): digits are ASCII digits, bounded.

``str.isdigit`` took "²" for a digit and ``int()`` then failed: an anonymous 500 on the
public standings.  Every page that reads a number from its query string is asked for
hostile values here, anonymous and as the arbiter.
"""

from __future__ import annotations

import pytest
from django.test import Client

from swissweb.tournament.core.params import positive_number
from swissweb.tournament.models import Event, Player

from .test_standings import played_event

pytestmark = pytest.mark.django_db

HOSTILE = ["²", "٣", "-1", "0", "1e3", " 1", "99999999999999999999999", "1" * 400, "%00", "x"]


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), ("12", 12), ("²", None), ("٣", None), ("0", None), ("-1", None), ("", None),
     (None, None), ("1" * 10, None), ("007", 7)],
)  # fmt: skip
def test_positive_number_reads_ascii_digits_only(text: str | None, value: int | None) -> None:
    assert positive_number(text) == value


def _public_pages(event: Event, player: Player) -> list[str]:
    base = f"/events/{event.slug}"
    return [f"{base}/standings/", f"{base}/crosstable/", f"{base}/standings.csv", f"{base}/"]


def _arbiter_pages(event: Event) -> list[str]:
    base = f"/events/{event.slug}/manage"
    return [f"{base}/audit/", f"{base}/rounds/1/why/", f"{base}/rounds/1/print/",
            f"{base}/rounds/1/"]  # fmt: skip


@pytest.mark.parametrize("value", HOSTILE)
def test_public_pages_ignore_a_hostile_number(value: str) -> None:
    """Defect: ``?round=²`` answered 500 to anyone."""
    event = played_event(6, 2, slug="hostile")
    player = event.players.first()
    assert player is not None
    client = Client()
    for page in _public_pages(event, player):
        for name in ("round", "page", "board"):
            response = client.get(page, {name: value})
            assert response.status_code == 200, (page, name, value)


@pytest.mark.parametrize("value", HOSTILE)
def test_arbiter_pages_ignore_a_hostile_number(value: str) -> None:
    event = played_event(6, 2, slug="hostile-arbiter")
    client = Client()
    client.force_login(event.arbiters.get())
    for page in _arbiter_pages(event):
        for name in ("round", "page", "board", "sheet", "check", "correct"):
            response = client.get(page, {name: value})
            assert response.status_code == 200, (page, name, value)


@pytest.mark.parametrize("page", ["standings/", "crosstable/", "standings.csv", ""])
@pytest.mark.parametrize("players", [0, 3])
def test_public_pages_of_an_event_not_started_yet_answer_200(page: str, players: int) -> None:
    """Defect: the standings of a public event before round 1 answered 500 to anyone."""
    event = Event.objects.create(name="Spring", slug="spring-pre", rounds=5, public=True)
    for n in range(players):
        Player.objects.create(event=event, name=f"Entrant, No {n}", rating=1500 + n)
    response = Client().get(f"/events/{event.slug}/{page}")
    assert response.status_code == 200
