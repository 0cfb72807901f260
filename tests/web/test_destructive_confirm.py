"""Every destructive action asks first (#36 item 5): a POST without ``confirm`` answers
with a page that says what will happen and changes nothing; with it, the action is done.
Pairing over players' requests not decided asks first too, and pairing anyway is in the
audit log."""

from __future__ import annotations

import datetime as dt
import html

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import ConfirmationNeeded
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import (
    AskState,
    AuditEntry,
    Event,
    ForbiddenPair,
    Player,
    PlayerRequest,
    Result,
    Round,
    RoundRequest,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def draft(started: Event, arbiter: User) -> Round:
    """Round 1 paired as a draft, with one swap the arbiter made."""
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    boards = list(round_.games.order_by("board"))
    round_services.draft_flip_colours(game_id=boards[0].pk, user=arbiter, now=T0)
    return round_


def _pairing_audit(event: Event) -> int:
    return AuditEntry.objects.filter(event=event, action=AuditAction.ROUND_PAIR).count()


def test_pair_again_without_confirmation_says_what_it_deletes_and_changes_nothing(
    draft: Round, arbiter_client: Client
) -> None:
    before = _pairing_audit(draft.event)
    answer = arbiter_client.post(f"/events/{draft.event.slug}/rounds/1/repair/")
    text = answer.content.decode()
    assert answer.status_code == 200
    assert "Pair again deletes the draft of round 1 and pairs the round again." in text
    assert "The draft of round 1 has 3 boards." in text
    assert "The 1 change you made to it (swaps, colours) is lost." in text
    assert 'name="confirm" value="1"' in text
    assert Round.objects.filter(pk=draft.pk).exists()
    assert _pairing_audit(draft.event) == before


def test_pair_again_with_confirmation_pairs_a_new_draft(
    draft: Round, arbiter_client: Client
) -> None:
    arbiter_client.post(f"/events/{draft.event.slug}/rounds/1/repair/", {"confirm": "1"})
    assert not Round.objects.filter(pk=draft.pk).exists()
    assert Round.objects.filter(event=draft.event, number=1).exists()


def test_delete_draft_without_confirmation_changes_nothing(
    draft: Round, arbiter_client: Client
) -> None:
    answer = arbiter_client.post(f"/events/{draft.event.slug}/rounds/1/delete/")
    text = answer.content.decode()
    assert "Delete the draft of round 1?" in text
    assert "The draft of round 1 is deleted; the round can then be paired again." in text
    assert Round.objects.filter(pk=draft.pk).exists()


def test_delete_draft_with_confirmation_deletes_it(draft: Round, arbiter_client: Client) -> None:
    arbiter_client.post(f"/events/{draft.event.slug}/rounds/1/delete/", {"confirm": "1"})
    assert not Round.objects.filter(event=draft.event).exists()


def test_confirmation_page_carries_the_form_and_cancel_leads_back(
    draft: Round, arbiter_client: Client
) -> None:
    page = f"/events/{draft.event.slug}/manage/rounds/1/"
    answer = arbiter_client.post(f"/events/{draft.event.slug}/rounds/1/delete/", {"next": page})
    text = answer.content.decode()
    assert f'<input type="hidden" name="next" value="{page}">' in text
    assert f'<a href="{page}">' in text


def test_round_page_buttons_lead_to_the_confirmation(draft: Round, arbiter_client: Client) -> None:
    """The draft's buttons post without ``confirm``: each click reaches the question."""
    text = arbiter_client.get(f"/events/{draft.event.slug}/manage/rounds/1/").content.decode()
    form = text[text.index("/rounds/1/repair/") : text.index("</form>", text.index("/repair/"))]
    assert "confirm" not in form


def test_delete_request_asks_first_then_deletes(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    request_services.round_request_set(
        player_id=players[0].pk, round_number=2, kind="H", user=arbiter, now=T0
    )
    wish = RoundRequest.objects.get()
    url = f"/events/{started.slug}/requests/{wish.pk}/delete/"
    text = html.unescape(arbiter_client.post(url).content.decode())
    assert "Delete this request?" in text
    assert f"{players[0].name}" in text and "in round 2) is deleted." in text
    assert RoundRequest.objects.filter(pk=wish.pk).exists()
    arbiter_client.post(url, {"confirm": "1"})
    assert not RoundRequest.objects.filter(pk=wish.pk).exists()


def test_delete_forbidden_pair_asks_first_then_deletes(
    started: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    request_services.forbidden_pair_add(
        event_id=started.pk, first_id=players[0].pk, second_id=players[1].pk, user=arbiter, now=T0
    )
    pair = ForbiddenPair.objects.get()
    url = f"/events/{started.slug}/forbidden/{pair.pk}/delete/"
    text = arbiter_client.post(url).content.decode()
    assert "Delete this forbidden pair?" in text
    assert "may then meet from the next round paired." in text
    assert ForbiddenPair.objects.exists()
    arbiter_client.post(url, {"confirm": "1"})
    assert not ForbiddenPair.objects.exists()


def test_withdrawal_from_the_players_page_is_confirmed_first(
    started: Event, players: list[Player], client: Client
) -> None:
    url = f"/p/{players[0].access_code}/"
    answer = client.post(url, {"kind": "withdraw"})
    text = answer.content.decode()
    assert answer.status_code == 200 and answer["X-Robots-Tag"] == "noindex"
    assert "Withdraw from the event?" in text and 'name="confirm" value="1"' in text
    assert not PlayerRequest.objects.exists()
    client.post(url, {"kind": "withdraw", "confirm": "1"})
    (ask,) = PlayerRequest.objects.all()
    assert ask.kind == "withdraw" and ask.state == AskState.PENDING


def _bye_asked(player: Player, number: int) -> PlayerRequest:
    return ask_services.player_ask(
        player_id=player.pk, via_code=player.access_code, kind="bye", round_number=number, now=T0
    )


def test_round_page_shows_requests_waiting_for_a_decision(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    ask = _bye_asked(players[2], 1)
    text = arbiter_client.get(f"/events/{started.slug}/manage/rounds/1/").content.decode()
    assert "Requests waiting for your decision" in text
    assert f"#ask-{ask.pk}" in text and players[2].name in text


def test_page_of_a_finished_round_shows_the_next_rounds_waiting_requests(
    played: Event, players: list[Player], arbiter_client: Client
) -> None:
    """Round 1 complete: its page offers to pair round 2, and lists what waits for it."""
    ask = _bye_asked(players[3], 2)
    text = arbiter_client.get(f"/events/{played.slug}/manage/rounds/1/").content.decode()
    assert "Pair round 2" in text
    assert "Requests waiting for your decision" in text and f"#ask-{ask.pk}" in text


def test_draft_page_shows_a_withdrawal_waiting(
    draft: Round, players: list[Player], arbiter_client: Client
) -> None:
    player = players[1]
    ask_services.player_ask(player_id=player.pk, via_code=player.access_code, kind="withdraw",
                            round_number=None, now=T0)  # fmt: skip
    text = arbiter_client.get(f"/events/{draft.event.slug}/manage/rounds/1/").content.decode()
    assert "Requests waiting for your decision" in text and player.name in text


def test_pairing_over_an_undecided_request_asks_first(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    ask = _bye_asked(players[2], 1)
    answer = arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1"})
    text = html.unescape(answer.content.decode())
    assert "1 player's request waits for your decision before round 1." in text
    assert f"#ask-{ask.pk}" in text and 'name="asks" value="pair"' in text
    assert not Round.objects.exists()


def test_pairing_anyway_over_an_undecided_request_is_recorded(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    _bye_asked(players[2], 1)
    arbiter_client.post(f"/events/{started.slug}/pair/", {"round": "1", "asks": "pair"})
    assert Round.objects.filter(event=started, number=1).exists()
    entry = AuditEntry.objects.get(event=started, action=AuditAction.ROUND_PAIR_ASKS_PENDING)
    assert entry.after == {"round": 1, "asks": [f"{players[2].name}: a half-point bye"]}


def test_a_request_for_a_later_round_does_not_stop_pairing(
    started: Event, players: list[Player], arbiter: User
) -> None:
    _bye_asked(players[2], 2)
    round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    assert not AuditEntry.objects.filter(action=AuditAction.ROUND_PAIR_ASKS_PENDING).exists()


def test_pair_again_over_an_undecided_withdrawal_keeps_the_confirmation(
    draft: Round, players: list[Player], arbiter_client: Client
) -> None:
    """The question before pairing carries the confirmation already given."""
    player = players[4]
    ask_services.player_ask(player_id=player.pk, via_code=player.access_code, kind="withdraw",
                            round_number=None, now=T0)  # fmt: skip
    url = f"/events/{draft.event.slug}/rounds/1/repair/"
    text = arbiter_client.post(url, {"confirm": "1"}).content.decode()
    assert 'name="asks" value="pair"' in text
    assert '<input type="hidden" name="confirm" value="1">' in text
    assert Round.objects.filter(pk=draft.pk).exists()


def _settings(event: Event, user: User, *, confirm: bool = False, **changes: str) -> None:
    event.refresh_from_db()
    event_services.event_settings_update(
        event_id=event.pk, changes=changes, expected_version=event.settings_version,
        user=user, now=T0, confirm=confirm,
    )  # fmt: skip


@pytest.fixture
def played(started: Event, arbiter: User) -> Event:
    """Round 1 played, White winning everywhere; the event's tie-breaks DE1,ARO,LOT."""
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=7)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    for game in round_.games.exclude(result=Result.PAIRING_BYE):
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=game.version,
            user=arbiter, now=T0,
        )  # fmt: skip
    started.refresh_from_db()
    assert started.tiebreaks == "DE1,ARO,LOT"
    return started


def test_tiebreak_change_that_reranks_is_confirmed_first(played: Event, arbiter: User) -> None:
    """Sonneborn-Berger before the direct encounter puts other winners first: asked."""
    with pytest.raises(ConfirmationNeeded) as exc:
        _settings(played, arbiter, tiebreaks="SB")
    assert "ranked again by the new tie-breaks" in "\n".join(exc.value.changes)
    assert any("players change rank" in line for line in exc.value.changes)
    played.refresh_from_db()
    assert played.tiebreaks == "DE1,ARO,LOT"
    _settings(played, arbiter, tiebreaks="SB", confirm=True)
    played.refresh_from_db()
    assert played.tiebreaks == "SB"


def test_tiebreak_change_that_moves_nobody_is_saved_at_once(played: Event, arbiter: User) -> None:
    """Buchholz then the opponents' average rating rank these players as before."""
    _settings(played, arbiter, tiebreaks="BH,ARO")
    played.refresh_from_db()
    assert played.tiebreaks == "BH,ARO"
