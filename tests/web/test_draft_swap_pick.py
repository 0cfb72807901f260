"""Picking the players of a draft's swap by their pairing numbers, without JavaScript
(#36 item 1).

Each number on the draft review is a link to the page with the swap form filled:
``?swap=A`` fills the first field, and once A is picked every other number's link adds
itself as the second (``?swap=A&swap=B``).  Following two links and sending the form
as it stands swaps the players, as typing the numbers did.  The script that fills the
fields in place is tested in a browser (tests/browser/test_draft_swap_pick.py).
"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from swissweb.tournament.models import Event, Game, Player

pytestmark = pytest.mark.django_db

PAGE = "/events/spring/manage/rounds/1/"


def _link(body: str, number: int) -> str:
    """The href of the link of pairing number ``number`` (every player has exactly one)."""
    links = re.findall(rf'<a href="([^"]*swap=[^"]*)"(?: class="picked")?>{number}</a>', body)
    assert len(links) == 1, links
    return html.unescape(links[0])


def _field(body: str, name: str) -> str:
    found = re.search(rf'<input type="number" name="{name}"[^>]*?(?: value="(\d+)")?>', body)
    assert found is not None
    return found.group(1) or ""


def _boards(event: Event) -> set[frozenset[int]]:
    return {
        frozenset(n for n in (game.white.pairing_number, game.black.pairing_number) if n)
        for game in Game.objects.filter(round__event=event).select_related("white", "black")
        if game.black is not None
    }


@pytest.fixture
def drafted(arbiter_client: Client, event: Event, players: list[Player]) -> Event:
    """Six players, round 1 paired and left a draft."""
    arbiter_client.post(f"/events/{event.slug}/start/")
    arbiter_client.post(f"/events/{event.slug}/pair/", {"round": 1})
    return event


def test_two_number_links_fill_the_swap_form_and_sending_it_swaps(
    arbiter_client: Client, drafted: Event
) -> None:
    before = _boards(drafted)
    first_board, second_board = sorted(before, key=min)[:2]
    first, second = max(first_board), max(second_board)
    body = arbiter_client.get(PAGE).content.decode()
    assert (_field(body, "first_no"), _field(body, "second_no")) == ("", "")
    assert _link(body, first) == f"?swap={first}#swap"

    body = arbiter_client.get(PAGE + _link(body, first).split("#")[0]).content.decode()
    assert (_field(body, "first_no"), _field(body, "second_no")) == (str(first), "")
    assert f'class="picked">{first}</a>' in body
    assert _link(body, second) == f"?swap={first}&swap={second}#swap"

    body = arbiter_client.get(PAGE + _link(body, second).split("#")[0]).content.decode()
    assert (_field(body, "first_no"), _field(body, "second_no")) == (str(first), str(second))
    assert body.count('class="picked">') == 2
    assert _link(body, first) == f"?swap={first}#swap"  # a third click starts again

    response = arbiter_client.post(
        f"/events/{drafted.slug}/rounds/1/swap/",
        {"first_no": _field(body, "first_no"), "second_no": _field(body, "second_no")},
    )
    assert response.status_code == 302
    after = _boards(drafted)
    assert after != before
    assert (first_board - {first}) | {second} in after


@pytest.mark.parametrize(
    "query",
    ["?swap=x", "?swap=-3", "?swap=0", "?swap=3&swap=3", "?swap=%C2%B2", "?swap=" + "9" * 40],
)
def test_a_swap_query_not_read_as_numbers_leaves_the_fields_empty(
    query: str, arbiter_client: Client, drafted: Event
) -> None:
    response = arbiter_client.get(PAGE + query)
    body = response.content.decode()
    assert response.status_code == 200
    if query == "?swap=3&swap=3":  # the same number twice picks it once
        assert (_field(body, "first_no"), _field(body, "second_no")) == ("3", "")
    else:
        assert (_field(body, "first_no"), _field(body, "second_no")) == ("", "")
        assert 'class="picked"' not in body
