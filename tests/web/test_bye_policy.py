"""The event's bye policy (#36 item 7): the most half-point byes per player, none in the
last rounds, a deadline before each round; enforced on players' and arbiters' requests
alike, with a refusal naming the rule; an arbiter may override it, and the audit row
says so."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import (
    AskState,
    AuditEntry,
    Event,
    Player,
    PlayerRequest,
    RequestKind,
    RoundRequest,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import bye_policy
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players.bye_policy import ByePolicyRefused
from swissweb.tournament.publishing import exports

from .test_event_settings import form_data

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
H = RequestKind.HALF_POINT_BYE


def _policy(event: Event, **values: Any) -> Event:
    Event.objects.filter(pk=event.pk).update(**values)
    event.refresh_from_db()
    return event


def _bye(player: Player, number: int, user: User | None, **options: Any) -> None:
    request_services.round_request_set(
        player_id=player.pk, round_number=number, kind=H, user=user, now=T0, **options
    )


def _ask(player: Player, number: int, now: dt.datetime = T0) -> None:
    ask_services.player_ask(
        player_id=player.pk, via_code=player.access_code, kind="bye", round_number=number, now=now
    )


def test_bye_policy_most_half_point_byes_refuses_one_more(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _policy(started, bye_most=1)
    _bye(players[0], 2, arbiter)
    with pytest.raises(ByePolicyRefused, match="at most 1 half-point bye per player: "
                       "Adams, Ann has 1 already"):  # fmt: skip
        _bye(players[0], 3, arbiter)
    assert list(RoundRequest.objects.values_list("round_number", flat=True)) == [2]
    _bye(players[1], 3, arbiter)  # another player's count is their own


def test_bye_policy_most_zero_allows_no_half_point_byes(
    started: Event, players: list[Player]
) -> None:
    _policy(started, bye_most=0)
    with pytest.raises(ByePolicyRefused, match="allows no half-point byes in this event"):
        _ask(players[0], 2)


def test_bye_policy_most_counts_a_players_undecided_asks(
    started: Event, players: list[Player]
) -> None:
    """Two asks waiting could both be approved: the second is refused at once."""
    _policy(started, bye_most=1)
    _ask(players[0], 2)
    with pytest.raises(ByePolicyRefused, match="at most 1 half-point bye"):
        _ask(players[0], 3)
    assert PlayerRequest.objects.count() == 1


def test_bye_policy_none_in_the_last_rounds(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _policy(started, bye_last_rounds=2)  # rounds 4 and 5 of 5
    _bye(players[0], 3, arbiter)
    message = r"no half-point bye in the last 2 rounds \(from round 4 on\)"
    with pytest.raises(ByePolicyRefused, match=message):
        _bye(players[1], 4, arbiter)
    with pytest.raises(ByePolicyRefused, match=message):
        _ask(players[1], 5)


def test_bye_policy_deadline_before_the_round_refuses_a_late_ask(
    started: Event, players: list[Player]
) -> None:
    """Round 2 at 14:00 on 2 March, byes close 24 hours before: 14:00 on 1 March."""
    _policy(started, bye_deadline_hours=24, round_dates=["2026-03-01", "2026-03-02"],
            round_times=["10:00", "14:00"])  # fmt: skip
    assert bye_policy.deadline(started, 2) == dt.datetime(2026, 3, 1, 14, 0)
    _ask(players[0], 2, now=dt.datetime(2026, 3, 1, 13, 59, tzinfo=dt.UTC))
    late = dt.datetime(2026, 3, 1, 14, 1, tzinfo=dt.UTC)
    with pytest.raises(ByePolicyRefused, match="closes half-point byes 24 hours before the "
                       "round: for round 2 they closed on Sun 1 Mar 14:00"):  # fmt: skip
        _ask(players[1], 2, now=late)
    _ask(players[1], 3, now=late)  # round 3 is not scheduled: no deadline but its pairing


def test_bye_policy_deadline_judges_an_approval_at_the_time_the_player_asked(
    started: Event, players: list[Player], arbiter: User
) -> None:
    """Asked in time, approved after the deadline: the bye stands."""
    _policy(started, bye_deadline_hours=2, round_dates=["2026-03-01", "2026-03-02"],
            round_times=["10:00", "10:00"])  # fmt: skip
    _ask(players[0], 2, now=dt.datetime(2026, 3, 1, 20, 0, tzinfo=dt.UTC))
    ask = PlayerRequest.objects.get()
    PlayerRequest.objects.filter(pk=ask.pk).update(
        created_at=dt.datetime(2026, 3, 1, 20, 0, tzinfo=dt.UTC)
    )
    ask_services.player_ask_decide(
        ask_id=ask.pk, approve=True, user=arbiter, now=dt.datetime(2026, 3, 2, 9, tzinfo=dt.UTC)
    )
    assert RoundRequest.objects.get().round_number == 2


def test_bye_policy_applies_to_an_arbiter_approving_a_players_ask(
    started: Event, players: list[Player], arbiter: User
) -> None:
    """A policy tightened after the ask: the approval is refused until overridden."""
    _ask(players[0], 4)
    ask = PlayerRequest.objects.get()
    _policy(started, bye_last_rounds=2)
    with pytest.raises(ByePolicyRefused):
        ask_services.player_ask_decide(ask_id=ask.pk, approve=True, user=arbiter, now=T0)
    ask.refresh_from_db()
    assert ask.state == AskState.PENDING and not RoundRequest.objects.exists()
    ask_services.player_ask_decide(ask_id=ask.pk, approve=True, user=arbiter, now=T0, override=True)
    assert RoundRequest.objects.get().round_number == 4


def test_bye_policy_arbiter_override_is_recorded_in_the_audit_row(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    _policy(started, bye_most=0, bye_last_rounds=1)
    _bye(players[0], 5, arbiter, override=True)
    entry = AuditEntry.objects.filter(action="round_request").latest("pk")
    assert entry.after["overridden"] == ["last_rounds", "most"]
    page = arbiter_client.get(f"/events/{started.slug}/manage/audit/").content.decode()
    assert "bye policy overridden" in page
    assert "most half-point byes per player" in page


def test_bye_policy_leaves_absences_and_full_point_byes_alone(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _policy(started, bye_most=0, bye_last_rounds=5)
    for number, kind in ((2, RequestKind.ABSENT), (3, RequestKind.FULL_POINT_BYE)):
        request_services.round_request_set(
            player_id=players[0].pk, round_number=number, kind=kind, user=arbiter, now=T0
        )
    assert RoundRequest.objects.count() == 2


def test_bye_policy_applies_when_a_request_is_changed_into_a_bye_or_moved(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _policy(started, bye_most=1, bye_last_rounds=1)
    _bye(players[0], 2, arbiter)
    moved = RoundRequest.objects.get()
    # Moving the one bye to round 3 is not a second bye.
    request_services.round_request_update(
        request_id=moved.pk, round_number=3, kind=H, user=arbiter, now=T0
    )
    with pytest.raises(ByePolicyRefused, match="last 1 round"):
        request_services.round_request_update(
            request_id=moved.pk, round_number=5, kind=H, user=arbiter, now=T0
        )
    request_services.round_request_set(
        player_id=players[0].pk, round_number=4, kind=RequestKind.ABSENT, user=arbiter, now=T0
    )
    absence = RoundRequest.objects.get(round_number=4)
    with pytest.raises(ByePolicyRefused, match="at most 1 half-point bye"):
        request_services.round_request_update(
            request_id=absence.pk, round_number=4, kind=H, user=arbiter, now=T0
        )


def test_bye_policy_refusal_on_the_arbiter_page_names_the_rule_and_the_override(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    _policy(started, bye_last_rounds=1)
    data = {"player": players[0].pk, "round_number": 5, "kind": H}
    page = arbiter_client.post(
        f"/events/{started.slug}/requests/", data, follow=True
    ).content.decode()
    assert "no half-point bye in the last 1 round (round 5)" in page
    assert "To record it anyway, tick “Override the bye policy”" in page
    assert not RoundRequest.objects.exists()
    arbiter_client.post(f"/events/{started.slug}/requests/", {**data, "override": "on"})
    assert RoundRequest.objects.get().round_number == 5


def test_bye_policy_refusal_on_the_players_page_names_the_rule(
    started: Event, players: list[Player], client: Client
) -> None:
    _policy(started, bye_most=2, bye_last_rounds=1, bye_deadline_hours=3)
    page = client.get(f"/p/{players[0].access_code}/").content.decode()
    assert "Bye policy: At most 2 half-point byes per player." in page
    assert "No half-point bye in the last 1 round." in page
    assert "Ask at least 3 hours before the round&#x27;s start." in page
    answer = client.post(
        f"/p/{players[0].access_code}/", {"kind": "bye", "round": "5"}, follow=True
    ).content.decode()
    assert "no half-point bye in the last 1 round (round 5)" in answer
    assert "Override" not in answer  # the player cannot override
    assert not PlayerRequest.objects.exists()


def test_bye_policy_is_set_in_the_event_settings_and_audited(
    started: Event, arbiter_client: Client
) -> None:
    response = arbiter_client.post(
        f"/events/{started.slug}/edit/",
        form_data(started, bye_most="2", bye_last_rounds="1", bye_deadline_hours="12"),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    started.refresh_from_db()
    assert (started.bye_most, started.bye_last_rounds, started.bye_deadline_hours) == (2, 1, 12)
    entry = AuditEntry.objects.filter(action="event_settings").latest("pk")
    assert "bye_most" in str(entry.after)
    cleared = form_data(started, bye_most="", bye_last_rounds="", bye_deadline_hours="")
    arbiter_client.post(f"/events/{started.slug}/edit/", cleared)
    started.refresh_from_db()
    assert (started.bye_most, started.bye_last_rounds, started.bye_deadline_hours) == (
        None,
        0,
        None,
    )


def test_bye_policy_survives_a_backup_and_its_import(
    started: Event, arbiter: User, stranger: User
) -> None:

    _policy(started, bye_most=0, bye_last_rounds=2, bye_deadline_hours=0)
    text = exports.event_trf(started)
    assert "bye_most=0" in text and "bye_last_rounds=2" in text
    copy = event_services.event_import_trf(text=text, user=stranger, now=T0)
    assert (copy.bye_most, copy.bye_last_rounds, copy.bye_deadline_hours) == (0, 2, 0)
    _policy(started, bye_most=None, bye_last_rounds=0, bye_deadline_hours=None)
    assert " bye_most=" not in exports.event_trf(started)
