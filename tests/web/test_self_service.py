"""Player self-service (#24): a player asks from their own page (their private link, given
by the arbiter); nothing changes until the arbiter approves; both steps are audited."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AskState, AuditEntry, Event, Player, RoundRequest
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def paired(started: Event, arbiter: User) -> Event:
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    return started


def test_every_player_has_a_code_of_their_own(players: list[Player]) -> None:
    codes = {p.access_code for p in players}
    assert len(codes) == len(players) and all(len(code) >= 12 for code in codes)


def test_a_bye_asked_waits_then_the_arbiter_approves_it(
    paired: Event, players: list[Player], arbiter: User, client: Client, arbiter_client: Client
) -> None:
    player = players[0]
    page = client.get(f"/p/{player.access_code}/")
    assert page.status_code == 200 and page["X-Robots-Tag"] == "noindex"
    text = page.content.decode()
    assert player.name in text and '<option value="2">2</option>' in text
    assert '<option value="1">' not in text  # round 1 is paired
    client.post(f"/p/{player.access_code}/", {"kind": "bye", "round": "3"})
    assert not RoundRequest.objects.filter(player=player).exists()  # not yet
    waiting = arbiter_client.get(f"/events/{paired.slug}/manage/requests/").content.decode()
    assert f"Approve {player.name}'s request" in waiting
    ask = player.asks.get()
    arbiter_client.post(f"/events/{paired.slug}/asks/{ask.pk}/decide/", {"decision": "approve"})
    ask.refresh_from_db()
    assert ask.state == AskState.APPROVED and ask.decided_by == arbiter
    assert RoundRequest.objects.get(player=player).round_number == 3
    actions = list(AuditEntry.objects.values_list("action", flat=True))
    assert "player_ask" in actions and "player_ask_decide" in actions
    assert "approved" in client.get(f"/p/{player.access_code}/").content.decode()


def test_asks_that_cannot_be_granted_are_refused_by_name(
    paired: Event, players: list[Player]
) -> None:
    player = players[1]
    code = player.access_code
    for kind, number, message in (
        ("bye", 1, "Choose a round not yet paired: 2 to 5."),
        ("bye", 9, "Choose a round not yet paired: 2 to 5."),
        ("nap", 2, "Ask for a bye, to withdraw, or confirm you will play."),
    ):
        with pytest.raises(TournamentError, match=message):
            ask_services.player_ask(
                player_id=player.pk, via_code=code, kind=kind, round_number=number, now=T0
            )
    ask_services.player_ask(
        player_id=player.pk, via_code=code, kind="withdraw", round_number=None, now=T0
    )
    with pytest.raises(TournamentError, match="You asked this already"):
        ask_services.player_ask(
            player_id=player.pk, via_code=code, kind="withdraw", round_number=None, now=T0
        )


def test_a_refused_withdrawal_changes_nothing(
    paired: Event, players: list[Player], arbiter: User
) -> None:
    ask = ask_services.player_ask(
        player_id=players[2].pk,
        via_code=players[2].access_code,
        kind="withdraw",
        round_number=None,
        now=T0,
    )
    ask_services.player_ask_decide(ask_id=ask.pk, approve=False, user=arbiter, now=T0)
    players[2].refresh_from_db()
    assert players[2].withdrawn_after_round is None
    with pytest.raises(TournamentError, match="was refused already"):
        ask_services.player_ask_decide(ask_id=ask.pk, approve=True, user=arbiter, now=T0)


def test_an_unknown_code_is_not_found(client: Client) -> None:
    assert client.get("/p/not-a-code/").status_code == 404
