"""Full-point byes (#20 item 9): given by the arbiter for a round not yet paired, scored
with the event's own points, passed to the engine as a request and then as an unplayed
round (Dutch F2: not a game)."""

from __future__ import annotations

import csv
import importlib
from fractions import Fraction

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client

from pairing.engine.model import Outcome
from pairing.engine.model import RequestKind as EngineRequestKind
from swissweb.tournament.core.errors import (
    AlreadyRecorded,
    ConfirmationNeeded,
    PlayerWithdrawn,
    RoundLocked,
    TournamentError,
)
from swissweb.tournament.core.numbers import points_text
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, Player, RequestKind, RoundRequest
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors

from .service_helpers import NOW, _last_audit, _pair, _play, seat_number

pytestmark = pytest.mark.django_db


def _number(event: Event, number: int) -> Player:
    return event.players.get(pairing_number=number)


def _give(
    event: Event, user: User, number: int, round_number: int, *, replace: bool = False
) -> None:
    request_services.round_request_set(
        player_id=_number(event, number).pk, round_number=round_number,
        kind=RequestKind.FULL_POINT_BYE, user=user, now=NOW, replace=replace,
    )  # fmt: skip


def _points(event: Event, after_round: int | None = None) -> dict[int, Fraction]:
    event.refresh_from_db()
    table = standing_selectors.standings_after(event=event, after_round=after_round)
    return {line.player.pairing_number or 0: line.points for line in table.lines}


def _settings(event: Event, user: User, *, confirm: bool = False, **changes: object) -> None:
    event.refresh_from_db()
    event_services.event_settings_update(
        event_id=event.pk, changes=changes, expected_version=event.settings_version,
        user=user, now=NOW, confirm=confirm,
    )  # fmt: skip


def test_full_point_bye_request_scores_event_points(started: Event, arbiter: User) -> None:
    """A full-point bye in round 1: no board for the player, and the event's points for a
    full-point bye (here 2, set apart from a win's 1) in the standings."""
    _settings(started, arbiter, points_full_bye=4)
    _give(started, arbiter, 1, 1)
    round_ = _play(started, arbiter)
    seated = {pk for g in round_.games.all() for pk in (g.white_id, g.black_id)}
    assert _number(started, 1).pk not in seated
    assert _points(started)[1] == 2


def test_full_point_bye_reaches_the_engine_as_a_request_then_an_unplayed_round(
    started: Event, arbiter: User
) -> None:
    """The engine gets the bye as a request for the round to pair, and once the round is
    played as a full-point bye without an opponent: not a game (Dutch F2)."""
    _give(started, arbiter, 2, 1)
    state = engine_adapter.state_for_round(started, 1)
    assert [(r.pairing_number, r.kind) for r in state.requests] == [
        (2, EngineRequestKind.FULL_POINT_BYE)
    ]
    _play(started, arbiter)
    player = next(p for p in engine_adapter.completed_state(started).players
                  if p.pairing_number == 2)  # fmt: skip
    (record,) = player.history
    assert record.outcome is Outcome.FULL_POINT_BYE
    assert (record.opponent, record.colour, record.played) == (None, None, False)
    assert record.outcome.point_without_playing


def test_full_point_bye_refused_for_a_withdrawn_player(started: Event, arbiter: User) -> None:
    player_services.player_withdraw(player_id=_number(started, 3).pk, user=arbiter, now=NOW)
    with pytest.raises(PlayerWithdrawn, match="has withdrawn"):
        _give(started, arbiter, 3, 2)
    assert not RoundRequest.objects.exists()


def test_full_point_bye_refused_for_a_round_paired_already(started: Event, arbiter: User) -> None:
    _pair(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 1 is paired already"):
        _give(started, arbiter, 1, 1)
    assert not RoundRequest.objects.exists()


def test_full_point_bye_twice_refused_and_a_half_point_bye_replaced_on_confirmation(
    started: Event, arbiter: User
) -> None:
    _give(started, arbiter, 1, 3)
    with pytest.raises(AlreadyRecorded, match="has a full-point bye for round 3 already"):
        _give(started, arbiter, 1, 3)
    request_services.round_request_set(
        player_id=_number(started, 2).pk, round_number=3, kind=RequestKind.HALF_POINT_BYE,
        user=arbiter, now=NOW,
    )  # fmt: skip
    with pytest.raises(ConfirmationNeeded, match="half-point bye .* with a full-point bye"):
        _give(started, arbiter, 2, 3)
    _give(started, arbiter, 2, 3, replace=True)
    kinds = set(RoundRequest.objects.values_list("player__pairing_number", "kind"))
    assert kinds == {(1, "F"), (2, "F")}
    entry = _last_audit("round_request")
    assert (entry.before["kind"], entry.after["kind"]) == ("H", "F")


def test_full_point_bye_points_change_after_round_1_needs_confirmation(
    started: Event, arbiter: User
) -> None:
    """The points of a full-point bye are a point value like the others: changed once
    round 1 is paired only when the arbiter confirms, then the standings follow."""
    _give(started, arbiter, 1, 1)
    _play(started, arbiter)
    assert _points(started)[1] == 1
    with pytest.raises(ConfirmationNeeded) as exc:
        _settings(started, arbiter, points_full_bye=1)
    assert "Points: full-point bye: 1 → ½" in exc.value.changes
    started.refresh_from_db()
    assert started.points_full_bye == 2
    _settings(started, arbiter, points_full_bye=1, confirm=True)
    assert _points(started)[1] == Fraction(1, 2)


def test_full_point_bye_points_are_a_field_of_the_event_form(
    arbiter_client: Client, started: Event
) -> None:
    """The new-event and settings forms show the full-point bye's points beside the
    other point values, in points."""
    new = arbiter_client.get("/events/new/").content.decode()
    assert 'name="points_full_bye"' in new and "Points: full-point bye" in new
    page = arbiter_client.get(f"/events/{started.slug}/edit/").content.decode()
    bye = page.index('name="points_pairing_bye"')
    full = page.index('name="points_full_bye"')
    half = page.index('name="points_half_bye"')
    assert bye < full < half
    assert 'name="points_full_bye" value="1"' in page[full:half]


def test_full_point_bye_recorded_on_the_requests_page(
    arbiter_client: Client, started: Event
) -> None:
    """The requests page offers the full-point bye like the half-point bye."""
    page = arbiter_client.get(f"/events/{started.slug}/manage/requests/").content.decode()
    assert '<option value="F">Full-point bye</option>' in page
    player = _number(started, 4)
    response = arbiter_client.post(
        f"/events/{started.slug}/requests/",
        {"player": player.pk, "round_number": 2, "kind": "F"},
    )
    assert response.status_code == 302
    assert RoundRequest.objects.get().kind == RequestKind.FULL_POINT_BYE
    page = arbiter_client.get(f"/events/{started.slug}/manage/requests/").content.decode()
    assert '<option value="F" selected>Full-point bye</option>' in page


def test_full_point_bye_player_takes_no_board_and_others_are_paired(
    started: Event, arbiter: User
) -> None:
    """Six players, one with a full-point bye: two boards and a pairing-allocated bye
    for the five others, never the player with the full-point bye."""
    _give(started, arbiter, 6, 1)
    round_ = _pair(started, arbiter)
    games = list(Game.objects.filter(round=round_))
    assert len(games) == 3 and sum(g.black_id is None for g in games) == 1
    assert _number(started, 6).pk not in {g.white_id for g in games} | {g.black_id for g in games}


def test_full_point_bye_of_an_existing_event_stays_worth_a_win(event: Event) -> None:
    """The migration gives the events that exist the points the engine gave their
    full-point byes before (a win's), so their exports and standings do not move."""

    migration = importlib.import_module("swissweb.tournament.migrations.0008_full_point_bye")
    Event.objects.filter(pk=event.pk).update(points_win=6, points_full_bye=2)
    migration.full_bye_worth_a_win(apps, None)
    event.refresh_from_db()
    assert event.points_full_bye == 6


# Standings, crosstable, player card, CSV (item 3)


@pytest.fixture
def two_rounds(started: Event, arbiter: User) -> Event:
    """Round 1: No. 1 has a full-point bye (worth 1½ here), No. 2 a half-point bye;
    round 2: everyone plays.  White wins every game; tie-breaks BH, SB by C.07 of 2024."""
    _settings(started, arbiter, points_full_bye=3, tiebreaks="BH,SB", tiebreak_rules="fide2023")
    _give(started, arbiter, 1, 1)
    request_services.round_request_set(
        player_id=_number(started, 2).pk, round_number=1, kind=RequestKind.HALF_POINT_BYE,
        user=arbiter, now=NOW,
    )  # fmt: skip
    _play(started, arbiter)
    _play(started, arbiter)
    started.refresh_from_db()
    return started


def test_full_point_bye_counts_in_tie_breaks_like_a_half_point_bye_with_its_points(
    two_rounds: Event,
) -> None:
    """FIDE 2023 (C.07 of 2024, chosen in the event's settings), as the engine reads it:
    an unplayed round counts the player's own final score, for SB times the points the
    round gave; the full-point bye does as the half-point bye, with its own points."""
    table = standing_selectors.standings_after(event=two_rounds)
    lines = {line.player.pairing_number: line for line in table.lines}
    game_of = {}
    for game in Game.objects.filter(round__event=two_rounds, round__number=2):
        game_of[seat_number(game.white)] = (seat_number(game.black), Fraction(1))
        game_of[seat_number(game.black)] = (seat_number(game.white), Fraction(0))
    for number, bye_points in ((1, Fraction(3, 2)), (2, Fraction(1, 2))):
        own = lines[number].points
        opponent, scored = game_of[number]
        assert own == bye_points + scored
        theirs = lines[opponent].points
        assert lines[number].values == (own + theirs, own * bye_points + theirs * scored)


def test_full_point_bye_in_the_crosstable_and_the_player_card(
    client: Client, two_rounds: Event, arbiter: User
) -> None:
    """The crosstable marks the round with no opponent; the card names the bye, in a
    round played and in the round in play, and counts its points."""
    table = standing_selectors.crosstable_after(event=two_rounds)
    line = next(line for line in table.lines if line.player.pairing_number == 1)
    cell = line.cells[0]
    assert (cell.opponent_rank, cell.colour, cell.result) == (None, "", "+")

    response = client.get(f"/events/{two_rounds.slug}/players/1/")
    assert "<td>full-point bye</td>" in response.content.decode()
    assert response.context["card"].points == points_text(line.points)
    other = client.get(f"/events/{two_rounds.slug}/players/2/").content.decode()
    assert "<td>half-point bye</td>" in other
    _give(two_rounds, arbiter, 3, 3)
    round_services.round_publish(round_id=_pair(two_rounds, arbiter).pk, user=arbiter, now=NOW)
    in_play = client.get(f"/events/{two_rounds.slug}/players/3/").context["card"]
    assert in_play.rounds[2].result == "full-point bye"


def test_full_point_bye_counts_in_the_standings_csv(client: Client, two_rounds: Event) -> None:

    text = client.get(f"/events/{two_rounds.slug}/standings.csv").content.decode("utf-8-sig")
    rows = {row["pairing_number"]: row for row in csv.DictReader(text.splitlines())}
    table = standing_selectors.standings_after(event=two_rounds)
    line = next(line for line in table.lines if line.player.pairing_number == 1)
    # Points and BH in halves ("4½"), SB with two decimals (#36).
    shown = [Fraction(rows["1"][column].replace("½", ".5")) for column in ("points", "BH", "SB")]
    assert shown == [line.points, *line.values]


# Late entries (item 1)


def test_late_entry_gets_full_point_byes_for_the_rounds_missed(
    started: Event, arbiter: User
) -> None:
    """An entrant after two rounds, their rounds counted as full-point byes: requests of
    rounds 1 and 2, the event's points for each, and paired from round 3 on."""
    _play(started, arbiter)
    _play(started, arbiter)
    (late,) = player_services.players_add(
        event_id=started.pk, rows=[{"name": "Late, Lou"}], user=arbiter, now=NOW,
        missed_rounds=RequestKind.FULL_POINT_BYE,
    )  # fmt: skip
    assert sorted(late.requests.values_list("round_number", "kind")) == [(1, "F"), (2, "F")]
    assert _points(started)[late.pairing_number or 0] == 2
    entry = _last_audit("players_add")
    assert (entry.after["kind"], entry.after["rounds"]) == ("F", "1-2")
    round_3 = _pair(started, arbiter)
    assert round_3.games.filter(white=late).exists() or round_3.games.filter(black=late).exists()


def test_late_entry_missed_rounds_are_absences_unless_the_arbiter_says_otherwise(
    started: Event, arbiter: User
) -> None:
    _play(started, arbiter)
    (late,) = player_services.players_add(
        event_id=started.pk, rows=[{"name": "Late, Lou"}], user=arbiter, now=NOW
    )
    assert not late.requests.exists()
    assert _points(started)[late.pairing_number or 0] == 0
    with pytest.raises(TournamentError, match="Missed rounds count as"):
        player_services.players_add(
            event_id=started.pk, rows=[{"name": "Later, Lee"}], user=arbiter, now=NOW,
            missed_rounds="X",
        )  # fmt: skip
    assert not started.players.filter(name="Later, Lee").exists()


def test_late_entry_form_offers_zero_half_or_full_byes_once_rounds_are_paired(
    arbiter_client: Client, started: Event, arbiter: User
) -> None:
    """Before round 1 the form has no such choice; after it, it offers absences,
    half-point or full-point byes for the rounds missed."""
    page = arbiter_client.get(f"/events/{started.slug}/manage/players/").content.decode()
    assert 'name="missed_rounds"' not in page
    _play(started, arbiter)
    page = arbiter_client.get(f"/events/{started.slug}/manage/players/").content.decode()
    assert "Round 1 (paired before the entry) count as" in page
    for value in ("Z", "H", "F"):
        assert f'<option value="{value}"' in page
    response = arbiter_client.post(
        f"/events/{started.slug}/players/add/",
        {"name": "Late, Lou", "rating": 0, "missed_rounds": "H"},
        follow=True,
    )
    assert "the rounds paired so far count as half-point byes" in response.content.decode()
    late = started.players.get(name="Late, Lou")
    assert list(late.requests.values_list("round_number", "kind")) == [(1, "H")]
