"""Check-in before a round (#34 item 3): the desk, the player's own page inside the
event's window, and pairing a round with players who did not check in."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events.schedule import Slot, schedule_set
from swissweb.tournament.models import (
    AuditEntry,
    CheckIn,
    Event,
    Player,
    PlayerRequest,
    RequestKind,
    Round,
    RoundRequest,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import check_in
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
START = dt.datetime(2026, 3, 14, 14, 0)
"""Round 1's start, the venue's wall-clock time (the schedule's)."""


def _at(local: dt.datetime) -> dt.datetime:
    """The aware instant of a venue wall-clock time."""
    return timezone.make_aware(local)


def _actions(event: Event, action: AuditAction) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(event=event, action=action).order_by("pk"))


@pytest.fixture
def windowed(started: Event, arbiter: User) -> Event:
    """Round 1 at 14:00 on 14 March; players check in on their page 60 to 15 minutes
    before."""
    schedule_set(event_id=started.pk, rows=[Slot(1, START.date(), START.time())], user=arbiter,
                 now=T0)  # fmt: skip
    check_in.check_in_window_set(event_id=started.pk, opens=60, closes=15, user=arbiter, now=T0)
    started.refresh_from_db()
    return started


def _code(player: Player) -> str:
    return Player.objects.get(pk=player.pk).access_code


# The services


def test_desk_check_in_is_recorded_once_and_audited(
    started: Event, players: list[Player], arbiter: User
) -> None:
    first = players[0]
    assert check_in.check_in_set(player_id=first.pk, round_number=1, present=True,
                                 user=arbiter, now=T0)  # fmt: skip
    assert not check_in.check_in_set(player_id=first.pk, round_number=1, present=True,
                                     user=arbiter, now=T0)  # fmt: skip
    row = CheckIn.objects.get(player=first, round_number=1)
    assert row.way == "desk"
    entries = _actions(started, AuditAction.PLAYER_CHECK_IN)
    assert len(entries) == 1 and entries[0].user == arbiter
    assert entries[0].after == {"player": first.name, "round": 1, "present": True, "way": "desk"}


def test_undoing_a_check_in_deletes_it_and_is_audited(
    started: Event, players: list[Player], arbiter: User
) -> None:
    first = players[0]
    check_in.check_in_set(player_id=first.pk, round_number=1, present=True, user=arbiter, now=T0)
    check_in.check_in_set(player_id=first.pk, round_number=1, present=False, user=arbiter, now=T0)
    assert not CheckIn.objects.filter(player=first).exists()
    last = _actions(started, AuditAction.PLAYER_CHECK_IN)[-1]
    assert last.after is not None and last.after["present"] is False


def test_check_in_leaves_the_public_pages_cache_alone(
    started: Event, players: list[Player], arbiter: User
) -> None:
    """A check-in is on no public page: it locks the event without counting a change."""
    before = Event.objects.values_list("results_version", "standings_version").get(pk=started.pk)
    check_in.check_in_set(player_id=players[0].pk, round_number=1, present=True,
                          user=arbiter, now=T0)  # fmt: skip
    after = Event.objects.values_list("results_version", "standings_version").get(pk=started.pk)
    assert before == after


def test_check_in_is_refused_for_a_paired_round(
    started: Event, players: list[Player], arbiter: User
) -> None:
    round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    with pytest.raises(TournamentError, match="paired already"):
        check_in.check_in_set(player_id=players[0].pk, round_number=1, present=True,
                              user=arbiter, now=T0)  # fmt: skip
    assert not CheckIn.objects.exists()


def test_check_in_is_refused_for_a_withdrawn_player(
    started: Event, players: list[Player], arbiter: User
) -> None:
    player_services.player_withdraw(player_id=players[0].pk, user=arbiter, now=T0)
    with pytest.raises(TournamentError, match="withdrawn"):
        check_in.check_in_set(player_id=players[0].pk, round_number=1, present=True,
                              user=arbiter, now=T0)  # fmt: skip


def test_window_that_closes_before_it_opens_is_refused(started: Event, arbiter: User) -> None:
    with pytest.raises(TournamentError, match="open before it closes"):
        check_in.check_in_window_set(event_id=started.pk, opens=10, closes=30, user=arbiter,
                                     now=T0)  # fmt: skip
    started.refresh_from_db()
    assert started.check_in_opens is None
    assert not _actions(started, AuditAction.CHECK_IN_WINDOW)


def test_window_change_is_audited(windowed: Event) -> None:
    (entry,) = _actions(windowed, AuditAction.CHECK_IN_WINDOW)
    assert entry.before == {"opens": None, "closes": 0}
    assert entry.after == {"opens": 60, "closes": 15}


def test_self_check_in_inside_the_window_is_recorded(
    windowed: Event, players: list[Player]
) -> None:
    assert check_in.check_in_self(code=_code(players[0]), round_number=1,
                                  now=_at(START - dt.timedelta(minutes=30)))  # fmt: skip
    assert CheckIn.objects.get(player=players[0], round_number=1).way == "link"
    (entry,) = _actions(windowed, AuditAction.PLAYER_CHECK_IN)
    assert entry.user is None


@pytest.mark.parametrize(
    ("minutes_before", "reason"), [(61, "not open yet"), (15, "has closed"), (-5, "has closed")]
)
def test_self_check_in_outside_the_window_is_refused(
    windowed: Event, players: list[Player], minutes_before: int, reason: str
) -> None:
    now = _at(START - dt.timedelta(minutes=minutes_before))
    with pytest.raises(TournamentError, match=reason):
        check_in.check_in_self(code=_code(players[0]), round_number=1, now=now)
    assert not CheckIn.objects.exists()


def test_self_check_in_is_refused_where_the_event_checks_in_at_the_desk_only(
    started: Event, players: list[Player]
) -> None:
    with pytest.raises(TournamentError, match="desk only"):
        check_in.check_in_self(code=_code(players[0]), round_number=1, now=T0)


def test_self_check_in_is_refused_for_a_round_without_a_start_time(
    started: Event, players: list[Player], arbiter: User
) -> None:
    check_in.check_in_window_set(event_id=started.pk, opens=60, closes=0, user=arbiter, now=T0)
    with pytest.raises(TournamentError, match="no start time"):
        check_in.check_in_self(code=_code(players[0]), round_number=1, now=T0)


def test_an_approved_confirmation_is_the_rounds_check_in(
    started: Event, players: list[Player], arbiter: User
) -> None:
    code = _code(players[1])
    ask = ask_services.player_ask(player_id=players[1].pk, via_code=code, kind="attend",
                                  round_number=1, now=T0)  # fmt: skip
    ask_services.player_ask_decide(ask_id=ask.pk, approve=True, user=arbiter, now=T0)
    assert CheckIn.objects.filter(player=players[1], round_number=1).exists()


# The player's own page


def test_player_page_checks_in_inside_the_window(
    windowed: Event, players: list[Player], client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(timezone, "now", lambda: _at(START - dt.timedelta(minutes=20)))
    code = _code(players[0])
    page = client.get(f"/p/{code}/")
    assert "Check in for round 1" in page.content.decode()
    answer = client.post(f"/p/{code}/", {"kind": "attend", "round": "1"}, follow=True)
    assert "You are checked in for round 1." in answer.content.decode()
    assert CheckIn.objects.filter(player=players[0], round_number=1, way="link").exists()
    assert not PlayerRequest.objects.exists()


def test_player_page_refuses_check_in_outside_the_window_with_a_reason(
    windowed: Event, players: list[Player], client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(timezone, "now", lambda: _at(START - dt.timedelta(hours=3)))
    code = _code(players[0])
    answer = client.post(f"/p/{code}/", {"kind": "attend", "round": "1"}, follow=True)
    assert answer.status_code == 200
    assert "Check-in for round 1 is not open yet" in answer.content.decode()
    assert not CheckIn.objects.exists()
    assert not PlayerRequest.objects.exists()


def test_player_page_confirmation_waits_for_the_arbiter_without_a_window(
    started: Event, players: list[Player], client: Client
) -> None:
    code = _code(players[0])
    client.post(f"/p/{code}/", {"kind": "attend", "round": "1"})
    assert PlayerRequest.objects.filter(player=players[0], kind="attend").exists()
    assert not CheckIn.objects.exists()


# The desk


def test_desk_lists_players_with_counts_and_searches_on_the_server(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    check_in.check_in_set(player_id=players[0].pk, round_number=1, present=True,
                          user=arbiter, now=T0)  # fmt: skip
    page = arbiter_client.get(f"/events/{started.slug}/manage/check-in/")
    text = page.content.decode()
    assert page.status_code == 200
    assert all(p.name in text for p in players)
    assert "1 checked in, 5 not yet." in text
    found = arbiter_client.get(f"/events/{started.slug}/manage/check-in/?q=frost").content
    assert "Frost, Fay" in found.decode() and "Adams, Ann" not in found.decode()


def test_desk_for_a_thousand_players_is_one_form_of_light_rows(
    event: Event, arbiter_client: Client, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """No form per row: a thousand players make a page of about 150 bytes a row, read
    in a fixed number of queries."""
    Player.objects.bulk_create(
        Player(event=event, name=f"Player{n:04d}, Firstname", rating=1500 + n) for n in range(1000)
    )
    with django_assert_max_num_queries(20):
        page = arbiter_client.get(f"/events/{event.slug}/manage/check-in/")
    text = page.content.decode()
    assert text.count("<form") < 10  # the search, the desk, the window, the header's
    assert text.count('name="player"') == 1000
    assert len(page.content) < 170_000


def test_desk_marks_present_with_htmx_and_swaps_the_row_and_counts(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    answer = arbiter_client.post(
        f"/events/{started.slug}/check-in/mark/",
        {"round": "1", "player": str(players[2].pk)},
        HTTP_HX_REQUEST="true",
    )
    text = answer.content.decode()
    assert answer.status_code == 200
    assert f'id="ci{players[2].pk}" class="here" hx-swap-oob="true"' in text
    assert 'id="ci-counts"' in text and "1 checked in, 5 not yet." in text
    assert CheckIn.objects.filter(player=players[2], round_number=1, way="desk").exists()


def test_desk_without_javascript_marks_and_comes_back_to_the_same_search(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    answer = arbiter_client.post(
        f"/events/{started.slug}/check-in/mark/",
        {"round": "1", "q": "clark", "player": str(players[2].pk)},
    )
    assert answer.status_code == 302
    assert answer["Location"].endswith("/manage/check-in/?round=1&q=clark")
    arbiter_client.post(
        f"/events/{started.slug}/check-in/mark/", {"round": "1", "undo": str(players[2].pk)}
    )
    assert not CheckIn.objects.exists()


def test_desk_refuses_a_player_of_another_event(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    stray = Player.objects.create(event=other, name="Stray, Sam")
    answer = arbiter_client.post(
        f"/events/{started.slug}/check-in/mark/",
        {"round": "1", "player": str(stray.pk)},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 409
    assert not CheckIn.objects.exists()


def test_desk_is_for_the_events_arbiters_only(
    started: Event, players: list[Player], stranger_client: Client, client: Client
) -> None:
    assert stranger_client.get(f"/events/{started.slug}/manage/check-in/").status_code == 403
    mark = stranger_client.post(
        f"/events/{started.slug}/check-in/mark/", {"round": "1", "player": str(players[0].pk)}
    )
    assert mark.status_code == 403
    assert client.get(f"/events/{started.slug}/manage/check-in/").status_code == 302
    assert not CheckIn.objects.exists()


def test_desk_after_the_last_round_is_paired_offers_no_round(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    Event.objects.filter(pk=started.pk).update(rounds=1)
    arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1"})
    page = arbiter_client.get(f"/events/{started.slug}/manage/check-in/?round=7")
    assert page.status_code == 200
    assert "no round left to check in for" in page.content.decode()
    assert 'name="player"' not in page.content.decode()


def test_desk_sets_the_window_and_refuses_a_bad_one(started: Event, arbiter_client: Client) -> None:
    url = f"/events/{started.slug}/check-in/window/"
    arbiter_client.post(url, {"opens": "90", "closes": "10"})
    started.refresh_from_db()
    assert (started.check_in_opens, started.check_in_closes) == (90, 10)
    answer = arbiter_client.post(url, {"opens": "soon", "closes": "10"}, follow=True)
    assert "whole number" in answer.content.decode()
    started.refresh_from_db()
    assert started.check_in_opens == 90


# Pairing with players not checked in


def _three_checked_in(event: Event, players: list[Player], arbiter: User) -> None:
    for player in players[:3]:
        check_in.check_in_set(player_id=player.pk, round_number=1, present=True,
                              user=arbiter, now=T0)  # fmt: skip


def test_round_to_pair_says_how_many_checked_in(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    _three_checked_in(started, players, arbiter)
    page = arbiter_client.get(f"/events/{started.slug}/manage/rounds/1/")
    assert "3 players checked in for this round" in page.content.decode()


def test_pairing_without_any_check_in_asks_nothing(started: Event, arbiter_client: Client) -> None:
    arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1"})
    assert Round.objects.filter(event=started, number=1).exists()
    assert not _actions(started, AuditAction.ROUND_PAIR_UNCONFIRMED)


def test_pairing_with_players_not_checked_in_asks_first(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    _three_checked_in(started, players, arbiter)
    answer = arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1"})
    text = answer.content.decode()
    assert answer.status_code == 200
    assert "3 players have not checked in for round 1." in text
    assert 'value="absent"' in text and 'value="pair"' in text
    assert not Round.objects.exists()


def test_pairing_marks_the_unconfirmed_absent_and_records_the_choice(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    _three_checked_in(started, players, arbiter)
    arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1", "unconfirmed": "absent"})
    round_ = Round.objects.get(event=started, number=1)
    absent = set(RoundRequest.objects.filter(round_number=1, kind=RequestKind.ABSENT)
                 .values_list("player_id", flat=True))  # fmt: skip
    assert absent == {p.pk for p in players[3:]}
    seated = {pk for game in round_.games.all() for pk in (game.white_id, game.black_id) if pk}
    assert seated == {p.pk for p in players[:3]}
    (entry,) = _actions(started, AuditAction.ROUND_PAIR_UNCONFIRMED)
    assert entry.after is not None and entry.after["choice"] == "absent"
    assert sorted(entry.after["players"]) == sorted(p.name for p in players[3:])


def test_pairing_anyway_pairs_everyone_and_records_the_choice(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    _three_checked_in(started, players, arbiter)
    arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1", "unconfirmed": "pair"})
    round_ = Round.objects.get(event=started, number=1)
    seated = {pk for game in round_.games.all() for pk in (game.white_id, game.black_id) if pk}
    assert seated == {p.pk for p in players}
    assert not RoundRequest.objects.exists()
    (entry,) = _actions(started, AuditAction.ROUND_PAIR_UNCONFIRMED)
    assert entry.after is not None and entry.after["choice"] == "pair"


def test_pairing_refuses_an_unknown_choice(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _three_checked_in(started, players, arbiter)
    with pytest.raises(TournamentError, match="absent for this round, or pair them anyway"):
        round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, unconfirmed="maybe")
    assert not Round.objects.exists()
