"""The draft review's reading of the rounds before the draft (#36 item 1), and its marks
in the reader's language."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, RatingBasis, Round
from swissweb.tournament.rounds import draft_review, engine_adapter
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _drafted(arbiter: User) -> Event:
    """Ten players, round 1 played, round 2 drafted."""
    event = Event.objects.create(name="Ten", slug="ten", rounds=5, system="dutch")
    event.arbiters.add(arbiter)
    for index in range(10):
        Player.objects.create(event=event, name=f"P{index}", rating=2300 - 40 * index)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    round_ = event.round_set.get(number=1)
    round_.games.filter(black__isnull=False).update(result="1-0")
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    return event


def test_the_rounds_before_a_draft_are_read_once_per_draft(
    arbiter: User, arbiter_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Views of the draft and of its swaps find the points and histories before it
    cached; a change to a player reads them again."""
    reads: list[int] = []
    real = draft_review._read_basis

    def counted(event: Event, round_: Round) -> tuple[dict[int, Fraction], dict[int, str], bool]:
        reads.append(1)
        return real(event, round_)

    monkeypatch.setattr(draft_review, "_read_basis", counted)
    event = _drafted(arbiter)
    page = f"/events/{event.slug}/manage/rounds/2/"
    review = arbiter_client.get(page).context["review"]
    assert len(reads) == 1
    one, two = [line for bracket in review.brackets for line in bracket.boards][:2]
    assert one.black is not None and two.black is not None
    swap = {"first_no": one.black.number, "second_no": two.black.number}
    arbiter_client.post(f"/events/{event.slug}/rounds/2/swap/", swap)
    assert arbiter_client.get(page).status_code == 200
    assert len(reads) == 1
    player = event.players.get(pairing_number=1)
    player.club = "Hastings"
    player.save()
    arbiter_client.get(page)
    assert len(reads) == 2


def test_a_swapped_boards_engine_steps_are_marked_in_the_readers_language(
    arbiter: User, arbiter_client: Client
) -> None:
    """The mark "changed by the arbiter since:" stands inside the step it marks, in
    German for a German reader."""
    event = _drafted(arbiter)
    review = arbiter_client.get(f"/events/{event.slug}/manage/rounds/2/").context["review"]
    one, two = [line for bracket in review.brackets for line in bracket.boards][:2]
    assert one.black is not None and two.black is not None
    swap = {"first_no": one.black.number, "second_no": two.black.number}
    arbiter_client.post(f"/events/{event.slug}/rounds/2/swap/", swap)
    why = f"/events/{event.slug}/manage/rounds/2/why/?board=1"
    body = arbiter_client.get(why, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<li class="changed"><span class="mark">seitdem vom Schiedsrichter geändert:' in body


def test_the_engines_snapshot_reads_the_same_players_from_their_columns(
    arbiter: User,
) -> None:
    """``state_for_round`` reads each player's columns without a model instance (#36:
    the draft's first view at 1,000 players); the snapshot is the one the players' model
    instances give, with every field the engine reads set apart from its default."""
    event = _drafted(arbiter)
    Player.objects.filter(event=event, pairing_number=3).update(
        title="FM", club="Hastings", top_player=True, federation="ENG", area="Kent",
        national_rating=2300, withdrawn_after_round=1,
    )  # fmt: skip
    event.rating_basis = RatingBasis.HIGHER
    lean = engine_adapter.state_for_round(event, 2)
    instances = engine_adapter.state_for_round(event, 2, players=list(event.players.all()))
    assert lean == instances
    third = next(p for p in lean.players if p.pairing_number == 3)
    assert third.rating == 2300  # the higher: the national rating
    assert (third.club, third.area, third.withdrawn) == ("Hastings", "Kent", True)
