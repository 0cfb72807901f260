"""The standings read the players as columns (``player_columns.PlayerDetails``), not
as model instances (#35): every value they give is the model's."""

from __future__ import annotations

import datetime
import random

import pytest

from swissweb.tournament.models import Event, Player, RateOfPlay, RatingBasis
from swissweb.tournament.players.rating_change import players_totals
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.player_columns import DETAIL_COLUMNS, event_player_details
from swissweb.tournament.standings.selectors import standings_after
from tests.web.test_standings import played_event

pytestmark = pytest.mark.django_db


def varied_event(slug: str, seed: int) -> Event:
    """An event of 12 players after 3 rounds, each player's shown and rated columns
    drawn at random (births, K, national ratings, titles, FIDE IDs)."""
    event = played_event(12, 3, slug=slug)
    rng = random.Random(seed)
    for player in Player.objects.filter(event=event):
        player.rating = rng.choice([0, rng.randrange(1200, 2700)])
        player.national_rating = rng.choice([0, rng.randrange(1200, 2500)])
        player.national_list = rng.choice(["", "ENG"])
        player.fide_id = rng.choice([None, rng.randrange(1, 10**8)])
        player.sex = rng.choice(["", "m", "w"])
        player.title = rng.choice(["", "GM", "WIM"])
        player.birth_date = rng.choice([None, datetime.date(rng.randrange(1950, 2015), 3, 4)])
        player.birth_year = rng.choice([None, rng.randrange(1950, 2015)])
        player.k_factor = rng.choice([None, 10, 20, 40])
        player.club = rng.choice(["", "Hastings"])
        player.save()
    Event.objects.filter(pk=event.pk).update(
        start_date=datetime.date(2026, 3, 1),
        rate_of_play=rng.choice([RateOfPlay.STANDARD, RateOfPlay.RAPID]),
    )
    event.refresh_from_db()
    return event


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_player_details_are_the_models_columns_in_the_models_order(seed: int) -> None:
    event = varied_event(f"details-{seed}", seed)
    models = list(event.players.all())
    details = event_player_details(event)
    assert [d.pk for d in details] == [p.pk for p in models]
    for detail, player in zip(details, models, strict=True):
        assert all(getattr(detail, name) == getattr(player, name) for name in DETAIL_COLUMNS)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_standings_from_the_columns_equal_those_from_the_models(seed: int) -> None:
    """The rows, rating changes and Rp of the standings, from the columns, are those
    the model instances give (FIDE B.02 8.3 K from the births and the arbiter's K)."""
    event = varied_event(f"totals-{seed}", seed)
    models = list(event.players.all())
    details = event_player_details(event)
    state = engine_adapter.completed_state(event, players=models)
    assert engine_adapter.completed_state(event, players=details) == state
    assert players_totals(event, state, details) == players_totals(event, state, models)
    for basis in RatingBasis:
        assert [PlayerRow.of(d, basis) for d in details] == [PlayerRow.of(p, basis) for p in models]
    event.rating_basis = RatingBasis.NATIONAL
    event.save(update_fields=["rating_basis"])
    shown = {p.pk: PlayerRow.of(p, RatingBasis.NATIONAL) for p in models}
    lines = standings_after(event=event).lines
    assert len(lines) == 12 and all(line.player == shown[line.player.pk] for line in lines)
