"""Pairing pages show the rating the event pairs on, and say which it is (#35 item 2):
the public pairings, the arbiter's draft review and the printed pairings and slips.
FIDE's own outputs (PGN's Elo, the rating report) keep the FIDE rating."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, RatingBasis
from swissweb.tournament.rounds import services as round_services
from tests.web.mixed_field import FIELD, T0, festival

pytestmark = pytest.mark.django_db

FIDE_RATINGS = {name: fide for name, fide, _id, _national, _nid in FIELD}
NATIONAL_RATINGS = {name: national for name, _fide, _id, national, _nid in FIELD}


def drafted(arbiter: User, basis: str) -> Event:
    """The mixed field, started, round 1 paired (a draft)."""
    cache.clear()
    event = festival(arbiter, basis)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=T0, seed=1)
    event.refresh_from_db()
    return event


def seat_ratings(page: Client, event: Event) -> dict[str, int]:
    """Each player's rating on the draft review of round 1, by name."""
    review = page.get(f"/events/{event.slug}/manage/rounds/1/").context["review"]
    found = {}
    for bracket in review.brackets:
        for line in bracket.boards:
            for side in (line.white, line.black):
                if side is not None:
                    found[side.name] = side.rating
    return found


@pytest.mark.parametrize(
    ("basis", "ratings"),
    [(RatingBasis.NATIONAL, NATIONAL_RATINGS), (RatingBasis.FIDE, FIDE_RATINGS)],
)
def test_draft_review_shows_the_rating_the_event_pairs_on(
    arbiter: User, arbiter_client: Client, basis: str, ratings: dict[str, int]
) -> None:
    event = drafted(arbiter, basis)
    assert seat_ratings(arbiter_client, event) == ratings
    page = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").content.decode()
    label = RatingBasis(basis).label
    assert f"Ratings: {label}, the rating this event pairs on." in page


def test_public_pairings_show_the_national_rating_of_a_national_event(
    arbiter: User,
) -> None:
    """Dorn is 1700 on FIDE's list, 2000 on the national one: the event pairs on the
    national rating, so the public pairings show 2000, and say so."""
    event = drafted(arbiter, RatingBasis.NATIONAL)
    round_services.round_publish(round_id=event.round_set.get(number=1).pk, user=arbiter, now=T0)
    page = Client().get(f"/events/{event.slug}/rounds/1/")
    boards = page.context["round"].boards()  # read lazily by the template
    shown = {side.name: side.rating for b in boards for side in (b.white, b.black) if side}
    assert shown == NATIONAL_RATINGS
    assert "Ratings: the national rating, the rating this event pairs on." in page.content.decode()


def test_printed_pairings_and_slips_show_the_rating_the_event_pairs_on(
    arbiter: User, arbiter_client: Client
) -> None:
    event = drafted(arbiter, RatingBasis.NATIONAL)
    page = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/print/")
    boards = page.context["boards"]
    shown = {
        side.name: side.ranked_rating
        for line in boards
        for side in (line.game.white, line.game.black)
        if side
    }
    assert shown == NATIONAL_RATINGS
    text = page.content.decode()
    assert "<td>2000</td>" in text and "<td>1700</td>" not in text  # Dorn's national, not FIDE
    assert "Ratings: the national rating, the rating this event pairs on." in text
