"""The arbiter's way back from a mistake, and the checks behind it (issue 20).

Every service here locks the event, refuses what would break it with a plain message,
and records who did what (item 2/4 of the issue: edit, reinstate, delete, unpublish).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from swissweb.tournament.core.errors import (
    AlreadyRecorded,
    EventNotStarted,
    PlayerWithdrawn,
    RoundLocked,
    TournamentError,
)
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import (
    AuditEntry,
    Event,
    ForbiddenPair,
    Game,
    Player,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .service_helpers import NOW, _last_audit, _pair, _play

pytestmark = pytest.mark.django_db


# player_update


def test_player_update_changes_details_and_records_them(started: Event, arbiter: User) -> None:
    """Name, rating, title, federation and club are corrected; before and after recorded."""
    player = started.players.get(pairing_number=3)
    old_name = player.name
    warnings = player_services.player_update(
        player_id=player.pk,
        changes={"name": "Clarke, Cy", "rating": 2111, "title": "FM", "federation": "SUI",
                 "club": "SK Bern", "birth_date": dt.date(2001, 2, 3)},
        user=arbiter, now=NOW,
    )  # fmt: skip
    player.refresh_from_db()
    assert (player.name, player.rating, player.title, player.federation, player.club) == (
        "Clarke, Cy", 2111, "FM", "SUI", "SK Bern",
    )  # fmt: skip
    assert warnings == []
    entry = _last_audit("player_update")
    assert entry.user == arbiter
    assert entry.before["player"] == old_name and entry.after["player"] == "Clarke, Cy"
    assert (entry.before["rating"], entry.after["rating"]) == (2100, 2111)
    assert entry.after["birth_date"] == "2001-02-03"


def test_player_update_without_a_change_records_nothing(started: Event, arbiter: User) -> None:
    player = started.players.get(pairing_number=3)
    player_services.player_update(
        player_id=player.pk, changes={"name": player.name}, user=arbiter, now=NOW
    )
    assert not AuditEntry.objects.filter(action="player_update").exists()


def test_player_update_refuses_an_empty_name_in_words(started: Event, arbiter: User) -> None:
    player = started.players.get(pairing_number=3)
    with pytest.raises(TournamentError, match="not changed: Name: This field cannot be blank"):
        player_services.player_update(
            player_id=player.pk, changes={"name": ""}, user=arbiter, now=NOW
        )
    player.refresh_from_db()
    assert player.name
    assert not AuditEntry.objects.filter(action="player_update").exists()


def test_player_update_refuses_a_field_it_does_not_edit(started: Event, arbiter: User) -> None:
    player = started.players.get(pairing_number=3)
    with pytest.raises(TournamentError, match="cannot be edited here: withdrawn_after_round"):
        player_services.player_update(
            player_id=player.pk, changes={"withdrawn_after_round": 1}, user=arbiter, now=NOW
        )


def test_player_update_moves_the_pairing_number_before_round_1(
    started: Event, arbiter: User
) -> None:
    """Before round 1 the number moves and its holder takes the old one."""
    player = started.players.get(pairing_number=6)
    holder = started.players.get(pairing_number=1)
    player_services.player_update(
        player_id=player.pk, changes={"pairing_number": 1}, user=arbiter, now=NOW
    )
    player.refresh_from_db()
    holder.refresh_from_db()
    assert (player.pairing_number, holder.pairing_number) == (1, 6)
    entry = _last_audit("player_update")
    assert (entry.before["pairing_number"], entry.after["pairing_number"]) == (6, 1)


def test_player_update_refuses_a_pairing_number_after_round_1(
    started: Event, arbiter: User
) -> None:
    _pair(started, arbiter)
    player = started.players.get(pairing_number=6)
    with pytest.raises(RoundLocked, match="fixed once round 1 is paired: .* keeps number 6"):
        player_services.player_update(
            player_id=player.pk, changes={"pairing_number": 1, "rating": 1}, user=arbiter, now=NOW
        )
    player.refresh_from_db()
    assert (player.pairing_number, player.rating) == (6, 1950)


def test_player_update_refuses_a_pairing_number_before_the_start(
    event: Event, players: list[Player], arbiter: User
) -> None:
    with pytest.raises(EventNotStarted):
        player_services.player_update(
            player_id=players[0].pk, changes={"pairing_number": 2}, user=arbiter, now=NOW
        )


def test_player_update_refuses_a_pairing_number_out_of_range(started: Event, arbiter: User) -> None:
    player = started.players.get(pairing_number=6)
    with pytest.raises(TournamentError, match="Pairing numbers run from 1 to 6"):
        player_services.player_update(
            player_id=player.pk, changes={"pairing_number": 7}, user=arbiter, now=NOW
        )


def test_player_update_warns_when_a_draft_rests_on_the_old_details(
    started: Event, arbiter: User
) -> None:
    _pair(started, arbiter)
    player = started.players.get(pairing_number=6)
    warnings = player_services.player_update(
        player_id=player.pk, changes={"club": "Other CC"}, user=arbiter, now=NOW
    )
    assert warnings == [
        "The draft of round 1 was paired with the old details: pair it again if the change matters."
    ]


# player_reinstate


def test_player_reinstate_undoes_a_withdrawal(started: Event, arbiter: User) -> None:
    """A player withdrawn by mistake is paired again from the next round on."""
    _play(started, arbiter)
    player = started.players.get(pairing_number=2)
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    _play(started, arbiter)
    assert not Game.objects.filter(round__number=2, white=player).exists()
    assert player_services.player_reinstate(player_id=player.pk, user=arbiter, now=NOW) == []
    player.refresh_from_db()
    assert player.withdrawn_after_round is None
    entry = _last_audit("player_reinstate")
    assert entry.before == {"player": player.name, "after_round": 1}
    assert entry.after == {"player": player.name, "plays_from_round": 3}
    third = _pair(started, arbiter)
    seated = {pk for g in third.games.all() for pk in (g.white_id, g.black_id)}
    assert player.pk in seated


def test_player_reinstate_refused_for_a_player_not_withdrawn(started: Event, arbiter: User) -> None:
    player = started.players.get(pairing_number=2)
    with pytest.raises(TournamentError, match="has not withdrawn"):
        player_services.player_reinstate(player_id=player.pk, user=arbiter, now=NOW)


def test_player_reinstate_refused_when_every_round_is_paired(
    event: Event, players: list[Player], arbiter: User
) -> None:
    Event.objects.filter(pk=event.pk).update(rounds=1)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    _play(event, arbiter)
    player = event.players.get(pairing_number=2)
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    with pytest.raises(RoundLocked, match="All 1 rounds are paired: no round is left"):
        player_services.player_reinstate(player_id=player.pk, user=arbiter, now=NOW)
    player.refresh_from_db()
    assert player.withdrawn_after_round == 1


def test_player_reinstate_warns_about_a_draft_paired_without_the_player(
    started: Event, arbiter: User
) -> None:
    player = started.players.get(pairing_number=2)
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    _pair(started, arbiter)
    warnings = player_services.player_reinstate(player_id=player.pk, user=arbiter, now=NOW)
    assert warnings == [
        f"The draft of round 1 was paired without {player.name}: pair it again to include "
        f"{player.name}."
    ]


# round_request_update / round_request_delete


def _request(event: Event, user: User, number: int = 1, round_number: int = 3) -> RoundRequest:
    player = event.players.get(pairing_number=number)
    request_services.round_request_set(
        player_id=player.pk, round_number=round_number, kind="H", user=user, now=NOW
    )
    return RoundRequest.objects.get(player=player, round_number=round_number)


def test_round_request_update_moves_and_changes_a_request(started: Event, arbiter: User) -> None:
    request = _request(started, arbiter)
    request_services.round_request_update(
        request_id=request.pk, round_number=4, kind="Z", user=arbiter, now=NOW
    )
    request.refresh_from_db()
    assert (request.round_number, request.kind) == (4, "Z")
    entry = _last_audit("round_request_update")
    assert (entry.before["round"], entry.before["kind"]) == (3, "H")
    assert (entry.after["round"], entry.after["kind"]) == (4, "Z")


def test_round_request_update_refuses_a_second_request_for_a_round(
    started: Event, arbiter: User
) -> None:
    request = _request(started, arbiter)
    _request(started, arbiter, round_number=4)
    with pytest.raises(AlreadyRecorded, match="for round 4 already: delete one of the two"):
        request_services.round_request_update(
            request_id=request.pk, round_number=4, kind="H", user=arbiter, now=NOW
        )


def test_round_request_update_refuses_a_paired_round(started: Event, arbiter: User) -> None:
    request = _request(started, arbiter, round_number=2)
    _play(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 1 is finished"):
        request_services.round_request_update(
            request_id=request.pk, round_number=1, kind="H", user=arbiter, now=NOW
        )
    _pair(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 2 is paired already: the request of"):
        request_services.round_request_update(
            request_id=request.pk, round_number=3, kind="H", user=arbiter, now=NOW
        )


def test_round_request_update_refuses_a_withdrawn_player(started: Event, arbiter: User) -> None:
    request = _request(started, arbiter)
    player_services.player_withdraw(player_id=request.player_id, user=arbiter, now=NOW)
    with pytest.raises(PlayerWithdrawn):
        request_services.round_request_update(
            request_id=request.pk, round_number=3, kind="Z", user=arbiter, now=NOW
        )


def test_round_request_delete_removes_a_request_and_records_it(
    started: Event, arbiter: User
) -> None:
    request = _request(started, arbiter)
    request_services.round_request_delete(request_id=request.pk, user=arbiter, now=NOW)
    assert not RoundRequest.objects.exists()
    entry = _last_audit("round_request_delete")
    assert entry.before == {"player": request.player.name, "round": 3, "kind": "H"}
    assert entry.user == arbiter
    with pytest.raises(TournamentError, match="deleted already"):
        request_services.round_request_delete(request_id=request.pk, user=arbiter, now=NOW)


def test_round_request_delete_refused_once_its_round_is_paired(
    started: Event, arbiter: User
) -> None:
    """A bye of a paired round is part of it (it scores): it cannot be deleted."""
    request = _request(started, arbiter, round_number=1)
    _pair(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 1 is paired already: the request of .* stays"):
        request_services.round_request_delete(request_id=request.pk, user=arbiter, now=NOW)
    assert RoundRequest.objects.exists()


# forbidden pairs


def _forbid(event: Event, user: User) -> ForbiddenPair:
    first, second = event.players.order_by("pairing_number")[:2]
    request_services.forbidden_pair_add(
        event_id=event.pk, first_id=first.pk, second_id=second.pk, user=user, now=NOW
    )
    return ForbiddenPair.objects.get()


def test_forbidden_pair_update_changes_the_reason(started: Event, arbiter: User) -> None:
    pair = _forbid(started, arbiter)
    request_services.forbidden_pair_update(pair_id=pair.pk, reason="twins", user=arbiter, now=NOW)
    pair.refresh_from_db()
    assert pair.reason == "twins"
    entry = _last_audit("forbidden_pair_update")
    assert (entry.before["reason"], entry.after["reason"]) == ("", "twins")


def test_forbidden_pair_update_refuses_a_long_reason(started: Event, arbiter: User) -> None:
    pair = _forbid(started, arbiter)
    with pytest.raises(TournamentError, match="200 characters"):
        request_services.forbidden_pair_update(
            pair_id=pair.pk, reason="x" * 201, user=arbiter, now=NOW
        )


def test_forbidden_pair_delete_lets_two_players_meet_again(started: Event, arbiter: User) -> None:
    pair = _forbid(started, arbiter)
    names = [pair.first.name, pair.second.name]
    request_services.forbidden_pair_delete(pair_id=pair.pk, user=arbiter, now=NOW)
    assert not ForbiddenPair.objects.exists()
    entry = _last_audit("forbidden_pair_delete")
    assert entry.before["names"] == names and entry.user == arbiter
    with pytest.raises(TournamentError, match="deleted already"):
        request_services.forbidden_pair_delete(pair_id=pair.pk, user=arbiter, now=NOW)


# round_unpublish


def test_round_unpublish_takes_a_round_back_to_a_draft(started: Event, arbiter: User) -> None:
    round_ = _pair(started, arbiter)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=NOW)
    round_services.round_unpublish(round_id=round_.pk, user=arbiter, now=NOW)
    round_.refresh_from_db()
    assert (round_.state, round_.published_at) == (RoundState.PAIRED, None)
    entry = _last_audit("round_unpublish")
    assert (entry.round, entry.user) == (round_, arbiter)
    round_services.round_delete_draft(round_id=round_.pk, user=arbiter, now=NOW)


def test_round_unpublish_refused_for_a_draft(started: Event, arbiter: User) -> None:
    round_ = _pair(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 1 is not published"):
        round_services.round_unpublish(round_id=round_.pk, user=arbiter, now=NOW)


def test_round_unpublish_refused_once_a_result_is_entered(started: Event, arbiter: User) -> None:
    round_ = _pair(started, arbiter)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=NOW)
    game = round_.games.order_by("board").last()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result="1/2", expected_version=0, user=arbiter, now=NOW
    )
    with pytest.raises(RoundLocked, match=f"Round 1 has results \\(board {game.board}\\)"):
        round_services.round_unpublish(round_id=round_.pk, user=arbiter, now=NOW)
    round_.refresh_from_db()
    assert round_.state == RoundState.PUBLISHED
    assert not AuditEntry.objects.filter(action="round_unpublish").exists()


def test_round_unpublish_refused_once_a_later_round_exists(started: Event, arbiter: User) -> None:
    first = _play(started, arbiter)
    _pair(started, arbiter)
    with pytest.raises(RoundLocked, match="Round 2 is paired already"):
        round_services.round_unpublish(round_id=first.pk, user=arbiter, now=timezone.now())


def test_round_request_update_refuses_a_round_out_of_range_or_a_bad_kind(
    started: Event, arbiter: User
) -> None:
    request = _request(started, arbiter)
    with pytest.raises(TournamentError, match="Rounds run from 1 to 5"):
        request_services.round_request_update(
            request_id=request.pk, round_number=6, kind="H", user=arbiter, now=NOW
        )
    with pytest.raises(TournamentError, match="a full-point bye or a known absence"):
        request_services.round_request_update(
            request_id=request.pk, round_number=3, kind="X", user=arbiter, now=NOW
        )
    request_services.round_request_delete(request_id=request.pk, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="deleted already"):
        request_services.round_request_update(
            request_id=request.pk, round_number=3, kind="Z", user=arbiter, now=NOW
        )
    assert not AuditEntry.objects.filter(action="round_request_update").exists()


def test_forbidden_pair_update_refuses_a_deleted_pair(started: Event, arbiter: User) -> None:
    pair = _forbid(started, arbiter)
    request_services.forbidden_pair_delete(pair_id=pair.pk, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="deleted already"):
        request_services.forbidden_pair_update(pair_id=pair.pk, reason="x", user=arbiter, now=NOW)
