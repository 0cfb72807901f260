"""Refusals in plain words (issue 20, items 4 and 5): each test here failed before.

No request for a withdrawn player or a finished round, duplicates refused (or replaced
on confirmation), constraint names never shown, and a result never emptied once a later
round rests on it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.test import Client

from pairing.engine.model import PairingNumber, TournamentState
from pairing.engine.model import Player as EnginePlayer
from pairing.engine.trf import trf_from_state, write_trf
from swissweb.tournament.core import services as common_services
from swissweb.tournament.core.errors import (
    AlreadyRecorded,
    ConfirmationNeeded,
    PlayerWithdrawn,
    RoundLocked,
    TournamentError,
)
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import (
    AuditEntry,
    Event,
    ForbiddenPair,
    Player,
    Result,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .service_helpers import NOW, _last_audit, _pair, _play

pytestmark = pytest.mark.django_db


# Item 5: validation with plain messages (each failed before the fix).


def test_request_for_a_withdrawn_player_refused(started: Event, arbiter: User) -> None:
    """A bye requested for a player who has withdrawn is refused, and says what to do."""
    player = started.players.get(pairing_number=2)
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    with pytest.raises(PlayerWithdrawn, match=f"{player.name} has withdrawn .*reinstate"):
        request_services.round_request_set(
            player_id=player.pk, round_number=2, kind="H", user=arbiter, now=NOW
        )
    assert not RoundRequest.objects.exists()


def test_request_for_a_finished_round_refused_in_plain_words(started: Event, arbiter: User) -> None:
    """A request for a round that is over is refused as such."""
    _play(started, arbiter)
    player = started.players.get(pairing_number=1)
    with pytest.raises(RoundLocked, match="Round 1 is finished: requests are for rounds not yet"):
        request_services.round_request_set(
            player_id=player.pk, round_number=1, kind="H", user=arbiter, now=NOW
        )
    assert not RoundRequest.objects.exists()


def test_same_request_twice_refused(started: Event, arbiter: User) -> None:
    """The same bye asked twice is refused, not recorded twice nor silently accepted."""
    player = started.players.get(pairing_number=1)
    request_services.round_request_set(
        player_id=player.pk, round_number=3, kind="H", user=arbiter, now=NOW
    )
    with pytest.raises(AlreadyRecorded, match="has a half-point bye for round 3 already"):
        request_services.round_request_set(
            player_id=player.pk, round_number=3, kind="H", user=arbiter, now=NOW
        )
    assert AuditEntry.objects.filter(action="round_request").count() == 1


def test_other_request_for_the_same_round_replaces_only_on_confirmation(
    started: Event, arbiter: User
) -> None:
    """An absence where a bye is recorded needs the arbiter's confirmation to replace it."""
    player = started.players.get(pairing_number=1)
    request_services.round_request_set(
        player_id=player.pk, round_number=3, kind="H", user=arbiter, now=NOW
    )
    with pytest.raises(ConfirmationNeeded, match="confirm to replace it with a known absence"):
        request_services.round_request_set(
            player_id=player.pk, round_number=3, kind="Z", user=arbiter, now=NOW
        )
    assert RoundRequest.objects.get().kind == "H"
    request_services.round_request_set(
        player_id=player.pk, round_number=3, kind="Z", user=arbiter, now=NOW, replace=True
    )
    assert RoundRequest.objects.get().kind == "Z"
    entry = _last_audit("round_request")
    assert (entry.before["kind"], entry.after["kind"], entry.user) == ("H", "Z", arbiter)


def test_same_forbidden_pair_twice_refused(started: Event, arbiter: User) -> None:
    """Forbidding the same two players again is refused (in either order)."""
    first, second = started.players.order_by("pairing_number")[:2]
    request_services.forbidden_pair_add(
        event_id=started.pk, first_id=first.pk, second_id=second.pk, user=arbiter, now=NOW
    )
    with pytest.raises(AlreadyRecorded, match="are kept apart already"):
        request_services.forbidden_pair_add(
            event_id=started.pk, first_id=second.pk, second_id=first.pk, user=arbiter, now=NOW
        )
    assert ForbiddenPair.objects.count() == 1
    assert AuditEntry.objects.filter(action="forbidden_pair_add").count() == 1


def test_forbidden_pair_keeps_its_reason(started: Event, arbiter: User) -> None:
    """The reason two players are kept apart is stored and recorded."""
    first, second = started.players.order_by("pairing_number")[:2]
    request_services.forbidden_pair_add(
        event_id=started.pk, first_id=first.pk, second_id=second.pk, user=arbiter, now=NOW,
        reason=" brothers ",
    )  # fmt: skip
    assert ForbiddenPair.objects.get().reason == "brothers"
    assert _last_audit("forbidden_pair_add").after["reason"] == "brothers"


def test_event_form_names_no_constraint(arbiter_client: Client, event: Event) -> None:
    """An end date before the start date is refused in words, not by a constraint's name."""
    points = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye", "half_bye")
    response = arbiter_client.post(
        f"/events/{event.slug}/edit/",
        {
            "name": "Spring Swiss", "slug": event.slug, "system": "dutch1992", "rounds": 5,
            "tiebreaks": "BH", "initial_colour": "lot", "start_date": "2026-05-05",
            "end_date": "2026-05-01", **{f"points_{name}": "1" for name in points},
        },
    )  # fmt: skip
    body = response.content.decode()
    assert "The end date cannot be before the start date." in body
    assert "event_dates_ordered" not in body and "onstraint" not in body


def test_database_refusal_of_an_import_names_no_constraint(
    arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the database refuses is refused in words, not with the database's text."""

    state = TournamentState(
        players=tuple(
            EnginePlayer(pairing_number=PairingNumber(n), name=f"P{n}", rating=2000 - n)
            for n in (1, 2)
        ),
        rounds_completed=0,
        total_rounds=5,
    )

    def refuse(*args: object, **kwargs: object) -> None:
        raise IntegrityError(
            'duplicate key value violates unique constraint "player_pairing_number_unique"'
        )

    monkeypatch.setattr(Player.objects, "bulk_create", refuse)
    with pytest.raises(TournamentError) as refused:
        event_services.event_import_trf(
            text=write_trf(trf_from_state(state, name="X")), user=arbiter, now=NOW
        )
    message = str(refused.value)
    assert message == (
        "The file does not fit the database: Two players cannot have the same pairing number."
    )
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    "text",
    [
        "CHECK constraint failed: player_name_not_empty",
        "UNIQUE constraint failed: tournament_game.round_id, tournament_game.board",
        "game_player_once_per_round: a player already has a game in this round",
        "something else entirely",
    ],
)
def test_plain_integrity_error_never_shows_a_name(text: str) -> None:
    """Each database refusal is put in the words of the rule it breaks."""
    message = common_services.plain_integrity_error(Exception(text))
    assert "_" not in message and "constraint" not in message.lower()


# Item 4: results.


def test_result_cannot_be_emptied_once_a_later_round_exists(started: Event, arbiter: User) -> None:
    """A result of round 1 can be corrected, but not emptied, once round 2 is paired."""
    first = _play(started, arbiter)
    second = _pair(started, arbiter)
    round_services.round_publish(round_id=second.pk, user=arbiter, now=NOW)
    game = first.games.order_by("board").first()
    assert game is not None
    with pytest.raises(RoundLocked, match="Round 2 is paired already: .* corrected, not emptied"):
        result_services.result_record(
            game_id=game.pk, result="", expected_version=game.version, user=arbiter, now=NOW
        )
    game.refresh_from_db()
    first.refresh_from_db()
    assert (game.result, first.state) == (Result.WHITE_WINS, RoundState.COMPLETED)
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=game.version, user=arbiter, now=NOW
    )
    game.refresh_from_db()
    assert game.result == Result.DRAW


def test_result_can_be_emptied_while_no_later_round_exists(started: Event, arbiter: User) -> None:
    """In the last round paired, a result typed by mistake can still be taken back."""
    first = _play(started, arbiter)
    game = first.games.order_by("board").first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result="", expected_version=game.version, user=arbiter, now=NOW
    )
    first.refresh_from_db()
    assert first.state == RoundState.PUBLISHED


def test_request_of_an_unknown_kind_refused_in_words(started: Event, arbiter: User) -> None:
    """A kind the database would refuse by a constraint's name is refused in words."""
    player = started.players.get(pairing_number=1)
    with pytest.raises(TournamentError, match="a full-point bye or a known absence"):
        request_services.round_request_set(
            player_id=player.pk, round_number=2, kind="X", user=arbiter, now=NOW
        )
    assert not RoundRequest.objects.exists()


def test_forbidden_pair_reason_too_long_refused(started: Event, arbiter: User) -> None:
    first, second = started.players.order_by("pairing_number")[:2]
    with pytest.raises(TournamentError, match="200 characters"):
        request_services.forbidden_pair_add(
            event_id=started.pk, first_id=first.pk, second_id=second.pk, user=arbiter, now=NOW,
            reason="x" * 201,
        )  # fmt: skip
    assert not ForbiddenPair.objects.exists()
