"""Public standings, crosstable and CSV: correct, escaped, and a fixed number of queries."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db


def played_event(players: int, rounds: int, *, slug: str = "open") -> Event:
    """A public event with ``rounds`` completed rounds paired by the Dutch engine."""
    arbiter = User.objects.create_user(f"arb-{slug}", password="pw-arbiter-1")
    event = Event.objects.create(name="Open", slug=slug, rounds=7, public=True)
    event.arbiters.add(arbiter)
    for n in range(players):
        Player.objects.create(event=event, name=f"Player <{n:03d}>", rating=2400 - 7 * n)
    now = timezone.now()
    event_services.event_start(event_id=event.pk, user=arbiter, now=now)
    rng = random.Random(players)
    for _ in range(rounds):
        round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=now, seed=1)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=now)
        for game in round_.games.exclude(result=Result.PAIRING_BYE):
            result = rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])
            result_services.result_record(
                game_id=game.pk, result=result, expected_version=0, user=arbiter, now=now
            )
    return event


def test_standings_points_add_up_to_games_played() -> None:
    """After two rounds of 8 players the points total 8 (one point per game)."""
    event = played_event(8, 2)
    page = Client().get(f"/events/{event.slug}/standings/")
    assert page.status_code == 200
    table = page.context["table"]
    assert sum(line.points for line in table.lines) == 8
    assert table.after_round == 2


def test_standings_escape_player_names() -> None:
    """Names are escaped on the standings page."""
    event = played_event(4, 1)
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert "Player &lt;000&gt;" in page and "Player <000>" not in page


def test_standings_after_an_earlier_round() -> None:
    """?round=1 shows the standings after round 1 only."""
    event = played_event(8, 2)
    table = Client().get(f"/events/{event.slug}/standings/?round=1").context["table"]
    assert table.after_round == 1
    assert sum(line.points for line in table.lines) == 4


def test_standings_ignore_a_round_in_play() -> None:
    """A published round without all results does not count yet."""
    event = played_event(6, 1)
    arbiter = event.arbiters.get()
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=2)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    table = Client().get(f"/events/{event.slug}/standings/").context["table"]
    assert table.after_round == 1


def test_crosstable_shows_opponent_rank_colour_result() -> None:
    """Each crosstable cell names the opponent's rank, the colour and the result."""
    event = played_event(4, 1)
    page = Client().get(f"/events/{event.slug}/crosstable/")
    lines = page.context["table"].lines
    first = lines[0].cells[0]
    opponent = next(line for line in lines if line.rank == first.opponent_rank)
    assert opponent.cells[0].opponent_rank == lines[0].rank
    assert {first.colour, opponent.cells[0].colour} == {"w", "b"}


def test_standings_csv_has_a_column_per_tiebreak() -> None:
    """The CSV export has rank, number, name, federation, club, rating, points and each
    tie-break (#35: federation and club)."""
    event = played_event(4, 1)
    Event.objects.filter(pk=event.pk).update(tiebreaks="BH,SB")
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode("utf-8-sig")
    header = "rank,pairing_number,name,federation,club,rating,points,BH,SB,rp,rating_change"
    assert body.splitlines()[0] == header
    assert len(body.splitlines()) == 5


def test_private_event_standings_not_found() -> None:
    """A non-public event's standings answer 404."""
    event = played_event(4, 1)
    Event.objects.filter(pk=event.pk).update(public=False)
    assert Client().get(f"/events/{event.slug}/standings/").status_code == 404
    assert Client().get(f"/events/{event.slug}/crosstable/").status_code == 404


@pytest.mark.parametrize("page", ["", "standings/", "crosstable/", "rounds/1/", "players/1/"])
def test_public_pages_query_count_does_not_grow(page: str) -> None:
    """Each public page costs the same queries for 6 players/1 round and 24 players/3 rounds.

    Twelve at most, on an empty cache: a player card's first reading builds what every
    card shares (the event's state, each round's explanation, the players' K factors for
    the rating change of FIDE B.02 8.3), which later cards reuse, and its ETag reads the
    player's own game in play."""

    counts = []
    for players, rounds in ((6, 1), (24, 3)):
        event = played_event(players, rounds, slug=f"e{players}")
        with CaptureQueriesContext(connection) as queries:
            assert Client().get(f"/events/{event.slug}/{page}").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 12


def test_issue_10_standings_do_not_read_round_explanations() -> None:
    """The standings read no round's explanation.

    Issue #10: the games were read with their round, and so with its explanation (the
    engine's reasons, a JSON document of several kB); a 500-player, 6-round event decoded
    it 1,500 times, and its standings took 3.9 s instead of 0.3 s.
    """

    event = played_event(6, 2)
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(f"/events/{event.slug}/crosstable/").status_code == 200
    assert not [q["sql"] for q in queries if "explanation" in q["sql"]]
