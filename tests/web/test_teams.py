"""Team standings (#24): each club's best N scores, in total or round by round."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors
from swissweb.tournament.standings.teams import Member, team_standings

F = Fraction
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def member(name: str, place: int, *rounds: Fraction | int) -> Member:
    results = tuple(F(r) for r in rounds)
    return Member(name=name, place=place, total=sum(results, F(0)), by_round=results)


def test_best_n_totals_rank_the_teams_and_the_next_player_breaks_ties() -> None:
    """Best two totals: A 2½ + 2 = 4½; B 3 + 1½ = 4½, level; the next player breaks
    it: A's third has 1, B has none (0).  C counts its one player, 2."""
    teams = {
        "A": [member("a1", 2, 1, F(1, 2), 1), member("a2", 4, 1, 1, 0), member("a3", 6, 1, 0, 0)],
        "B": [member("b1", 1, 1, 1, 1), member("b2", 5, F(1, 2), 1, 0)],
        "C": [member("c1", 3, 1, 1, 0)],
    }
    lines = team_standings(teams, size=2, per_round=False)
    assert [(line.rank, line.team, line.points, line.reserve) for line in lines] == [
        (1, "A", F(9, 2), F(1)),
        (2, "B", F(9, 2), F(0)),
        (3, "C", F(2), F(0)),
    ]
    assert [m.name for m in lines[0].counted] == ["a1", "a2"]


def test_round_by_round_counts_each_rounds_best_results() -> None:
    """Best two of each round: round 1: 1 + 1; round 2: 1 + ½; round 3: 1 + 0: 4½ for A,
    where its best two totals make only 4½ too, but B with three players brings its best
    each round: 1 + 1, 1 + 1, 1 + 1 = 6 against totals 2 + 2 = 4."""
    teams = {
        "A": [member("a1", 1, 1, F(1, 2), 1), member("a2", 2, 1, 1, 0)],
        "B": [member("b1", 3, 1, 1, 0), member("b2", 4, 1, 0, 1), member("b3", 5, 0, 1, 1)],
    }
    by_total = team_standings(teams, size=2, per_round=False)
    by_round = team_standings(teams, size=2, per_round=True)
    assert [(line.team, line.points) for line in by_total] == [("A", F(9, 2)), ("B", F(4))]
    assert [(line.team, line.points) for line in by_round] == [("B", F(6)), ("A", F(9, 2))]


def test_teams_level_on_everything_share_the_place() -> None:
    teams = {"X": [member("x", 1, 1)], "Y": [member("y", 2, 1)]}
    lines = team_standings(teams, size=1, per_round=False)
    assert [(line.rank, line.tied) for line in lines] == [(1, False), (1, True)]


@pytest.mark.django_db
def test_team_page_follows_the_event_setting(
    started: Event, players: list[Player], arbiter: User, client: Client
) -> None:
    """No team standings until the event counts N scores; then the clubs ranked."""
    for index, player in enumerate(players):
        Player.objects.filter(pk=player.pk).update(club="North" if index % 2 else "South")
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    for game in round_.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter, now=T0
        )
    assert client.get(f"/events/{started.slug}/teams/").status_code == 404
    started.refresh_from_db()
    event_services.event_settings_update(
        event_id=started.pk, changes={"team_size": 2}, expected_version=started.settings_version,
        user=arbiter, now=T0,
    )  # fmt: skip
    page = client.get(f"/events/{started.slug}/teams/").content.decode()
    lines = standing_selectors.team_table(event=Event.objects.get(pk=started.pk))
    assert sorted(line.team for line in lines) == ["North", "South"]
    assert sum(line.total for line in lines) == 3  # three games of round 1
    for line in lines:
        assert f"<td>{line.team}</td>" in page
    assert "Teams</a>" in client.get(f"/events/{started.slug}/").content.decode()
