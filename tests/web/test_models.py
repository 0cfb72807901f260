"""Database constraints of the tournament models, each broken once (issue 3).

These run against PostgreSQL in CI (``DATABASE_URL``), and against SQLite locally.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.utils import timezone

from swissweb.tournament.models import (
    Event,
    ForbiddenPair,
    Game,
    Player,
    Result,
    Round,
    RoundRequest,
    RoundState,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Event:
    return Event.objects.create(name="Club Swiss", slug="club-swiss", rounds=5)


@pytest.fixture
def players(event: Event) -> list[Player]:
    return [
        Player.objects.create(event=event, name=f"Player {n}", rating=2000 - n, pairing_number=n)
        for n in range(1, 5)
    ]


@pytest.fixture
def round_1(event: Event) -> Round:
    return Round.objects.create(event=event, number=1, lots_seed=7, paired_at=timezone.now())


def assert_rejected(model: type[Model], **create_kwargs: object) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        model._default_manager.create(**create_kwargs)


def test_event_system_must_be_a_known_system() -> None:
    """An event's pairing system is checked by the database, not only by the form."""
    assert_rejected(model=Event, name="X", slug="x", rounds=5, system="monrad")


def test_event_slug_is_unique(event: Event) -> None:
    """Two events cannot share a slug."""
    assert_rejected(model=Event, name="Other", slug=event.slug, rounds=5)


def test_event_needs_at_least_one_round() -> None:
    """An event is planned with at least one round."""
    assert_rejected(model=Event, name="X", slug="x", rounds=0)


def test_event_end_date_not_before_start() -> None:
    """An event cannot end before it starts."""
    assert_rejected(
        model=Event,
        name="X",
        slug="x",
        rounds=5,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 1),
    )


def test_player_pairing_number_unique_per_event(event: Event, players: list[Player]) -> None:
    """Two players of one event cannot share a pairing number (Dutch A2)."""
    assert_rejected(model=Player, event=event, name="Twin", pairing_number=1)


def test_player_pairing_number_may_repeat_across_events(players: list[Player]) -> None:
    """Pairing number 1 exists once per event, so a second event may use it too."""
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    Player.objects.create(event=other, name="Someone", pairing_number=1)


def test_players_without_pairing_numbers_are_allowed_before_the_start(event: Event) -> None:
    """Entries registered before the start have no pairing number yet."""
    Player.objects.create(event=event, name="A")
    Player.objects.create(event=event, name="B")


def test_player_title_must_be_known(event: Event) -> None:
    """A title outside the FIDE list is refused."""
    assert_rejected(model=Player, event=event, name="X", title="XX")


def test_round_number_unique_per_event(event: Event, round_1: Round) -> None:
    """An event has one round 1."""
    assert_rejected(model=Round, event=event, number=1, lots_seed=1, paired_at=timezone.now())


def test_published_round_has_a_timestamp(event: Event) -> None:
    """A round cannot be published without recording when (Dutch F6)."""
    assert_rejected(
        model=Round,
        event=event,
        number=2,
        lots_seed=1,
        paired_at=timezone.now(),
        state=RoundState.PUBLISHED,
    )


def test_game_board_unique_per_round(round_1: Round, players: list[Player]) -> None:
    """A round has one board 1."""
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    assert_rejected(model=Game, round=round_1, board=1, white=players[2], black=players[3])


def test_game_white_is_not_black(round_1: Round, players: list[Player]) -> None:
    """A player cannot play against himself."""
    assert_rejected(model=Game, round=round_1, board=1, white=players[0], black=players[0])


def test_game_player_twice_as_white_refused(round_1: Round, players: list[Player]) -> None:
    """A player cannot be white on two boards of one round."""
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    assert_rejected(model=Game, round=round_1, board=2, white=players[0], black=players[2])


def test_game_player_white_and_black_in_one_round_refused(
    round_1: Round, players: list[Player]
) -> None:
    """A player who is black on board 1 cannot be white on board 2 of the same round."""
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    assert_rejected(model=Game, round=round_1, board=2, white=players[1], black=players[2])


def test_game_player_with_a_game_cannot_also_get_the_bye(
    round_1: Round, players: list[Player]
) -> None:
    """The pairing bye goes to a player without a board in that round."""
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    assert_rejected(model=Game, round=round_1, board=2, white=players[1], result=Result.PAIRING_BYE)


def test_game_moving_a_player_onto_a_second_board_refused(
    round_1: Round, players: list[Player]
) -> None:
    """An update that seats a player twice in one round is refused like an insert."""
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    second = Game.objects.create(round=round_1, board=2, white=players[2], black=players[3])
    second.black = players[0]
    with pytest.raises(IntegrityError), transaction.atomic():
        second.save()


def test_game_same_player_in_different_rounds_allowed(
    event: Event, round_1: Round, players: list[Player]
) -> None:
    """A player has one board per round, and a board in every round."""
    round_2 = Round.objects.create(event=event, number=2, lots_seed=1, paired_at=timezone.now())
    Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    Game.objects.create(round=round_2, board=1, white=players[1], black=players[0])


def test_game_bye_has_no_black_player(round_1: Round, players: list[Player]) -> None:
    """Only the pairing bye has no black player, and the bye has no opponent."""
    assert_rejected(model=Game, round=round_1, board=1, white=players[0], result="")
    assert_rejected(
        model=Game,
        round=round_1,
        board=1,
        white=players[0],
        black=players[1],
        result=Result.PAIRING_BYE,
    )


def test_game_result_must_be_known(round_1: Round, players: list[Player]) -> None:
    """A result outside the list is refused by the database."""
    assert_rejected(
        model=Game, round=round_1, board=1, white=players[0], black=players[1], result="2-0"
    )


@pytest.mark.parametrize(
    ("result", "played"),
    [
        (Result.WHITE_WINS, True),
        (Result.DRAW, True),
        (Result.BLACK_WINS, True),
        (Result.ADJOURNED, True),
        (Result.WHITE_WINS_FORFEIT, False),
        (Result.BLACK_WINS_FORFEIT, False),
        (Result.DOUBLE_FORFEIT, False),
        (Result.NOT_PLAYED_YET, False),
    ],
)
def test_dutch_f2_game_played_flag_follows_result(
    round_1: Round, players: list[Player], result: str, played: bool
) -> None:
    """Forfeits and byes do not count as played games (Dutch F2); the database derives it."""
    game = Game.objects.create(
        round=round_1, board=1, white=players[0], black=players[1], result=result
    )
    game.refresh_from_db()
    assert game.played is played


def test_round_request_once_per_player_and_round(players: list[Player]) -> None:
    """A player has one request per round: a bye or an absence."""
    RoundRequest.objects.create(player=players[0], round_number=2, kind="H")
    assert_rejected(model=RoundRequest, player=players[0], round_number=2, kind="Z")


def test_round_request_kind_must_be_known(players: list[Player]) -> None:
    """Only byes (half-point, full-point) and absences can be recorded."""
    assert_rejected(model=RoundRequest, player=players[0], round_number=2, kind="Q")


def test_forbidden_pair_is_stored_once_in_order(event: Event, players: list[Player]) -> None:
    """A forbidden pair is stored with the lower id first, so it cannot appear twice."""
    first, second = sorted(players[:2], key=lambda p: p.pk)
    ForbiddenPair.objects.create(event=event, first=first, second=second)
    assert_rejected(model=ForbiddenPair, event=event, first=second, second=first)
    assert_rejected(model=ForbiddenPair, event=event, first=first, second=second)
