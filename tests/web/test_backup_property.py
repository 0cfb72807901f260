"""The event backup restores after any sequence of allowed edits (#20 item 4).

Hypothesis draws a sequence of edits an arbiter can make through the services (results
and their corrections, pairing, publishing and unpublishing, draft swaps and colour
flips, withdrawals and reinstatements, late entries, player corrections, requests and
forbidden pairs, every setting and point value, players' own requests; #31).  An edit
the services refuse must leave the backup exactly as it was; after the whole sequence
the event is lost and its backup restored: the restored event's backup is the same file
again (but for being private) and its standings are the same.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
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
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors
from tests.web.backup_helpers import restore_lost, restored
from tests.web.write_watch import WriteWatch

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
RESULTS = [r for r in Result.values if r not in ("", Result.PAIRING_BYE)]
SLUGS = itertools.count()

Edit = Callable[[Event, User, random.Random], object]


def _players(event: Event) -> list[Player]:
    return list(event.players.order_by("pairing_number", "pk"))


def _last_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def _record(event: Event, user: User, rng: random.Random) -> object:
    """A result on a board of any published round (a correction when it has one)."""
    games = list(
        Game.objects.filter(round__event=event, black__isnull=False)
        .exclude(round__state=RoundState.PAIRED)
        .order_by("round__number", "board")
    )
    if not games:
        return None
    game = rng.choice(games)
    result = rng.choice([*RESULTS, ""])
    return result_services.result_record(
        game_id=game.pk, result=result, expected_version=game.version, user=user, now=T0
    )


def _finish_round(event: Event, user: User, rng: random.Random) -> object:
    """Every board of the last published round without a result gets one."""
    last = _last_round(event)
    if last is None or last.state == RoundState.PAIRED:
        return None
    for game in last.games.filter(result="", black__isnull=False):
        result_services.result_record(
            game_id=game.pk, result=rng.choice(RESULTS), expected_version=game.version,
            user=user, now=T0,
        )  # fmt: skip
    return None


def _pair(event: Event, user: User, rng: random.Random) -> object:
    if event.started_at is None:
        return event_services.event_start(event_id=event.pk, user=user, now=T0)
    return round_services.round_pair(event_id=event.pk, user=user, now=T0, seed=rng.randrange(1000),
                                     asks="pair")  # fmt: skip


def _advance(event: Event, user: User, rng: random.Random) -> object:
    """The next step of the event: start, pair, publish, or finish the round in play."""
    last = _last_round(event)
    if (
        event.started_at is None
        or last is None
        or (last.state != RoundState.PAIRED and not last.games.filter(result="").exists())
    ):
        return _pair(event, user, rng)
    if last.state == RoundState.PAIRED:
        return _publish(event, user, rng)
    return _finish_round(event, user, rng)


def _publish(event: Event, user: User, rng: random.Random) -> object:
    last = _last_round(event)
    return last and round_services.round_publish(round_id=last.pk, user=user, now=T0)


def _unpublish(event: Event, user: User, rng: random.Random) -> object:
    last = _last_round(event)
    return last and round_services.round_unpublish(round_id=last.pk, user=user, now=T0)


def _delete_draft(event: Event, user: User, rng: random.Random) -> None:
    last = _last_round(event)
    if last:
        round_services.round_delete_draft(round_id=last.pk, user=user, now=T0)


def _swap(event: Event, user: User, rng: random.Random) -> object:
    last = _last_round(event)
    players = _players(event)
    if last is None or len(players) < 2:
        return None
    first, second = rng.sample(players, 2)
    return round_services.draft_swap_players(
        round_id=last.pk, first_id=first.pk, second_id=second.pk, user=user, now=T0
    )


def _flip(event: Event, user: User, rng: random.Random) -> object:
    last = _last_round(event)
    games = list(last.games.filter(black__isnull=False)) if last else []
    return games and round_services.draft_flip_colours(
        game_id=rng.choice(games).pk, user=user, now=T0
    )


def _withdraw(event: Event, user: User, rng: random.Random) -> object:
    player = rng.choice(_players(event))
    return player_services.player_withdraw(player_id=player.pk, user=user, now=T0, reason="ill")


def _reinstate(event: Event, user: User, rng: random.Random) -> object:
    player = rng.choice(_players(event))
    return player_services.player_reinstate(player_id=player.pk, user=user, now=T0)


def _late_entry(event: Event, user: User, rng: random.Random) -> object:
    row = {"name": f"Late, Entry {rng.randrange(10**6)}", "rating": rng.randrange(1000, 2400)}
    return player_services.players_add(
        event_id=event.pk, rows=[row], user=user, now=T0, missed_rounds=rng.choice("ZHF")
    )


def _correct_player(event: Event, user: User, rng: random.Random) -> object:
    player = rng.choice(_players(event))
    changes: dict[str, Any] = rng.choice(
        [
            {"rating": rng.randrange(0, 2800)},
            {"name": f"{player.name} Jr"},
            {"title": rng.choice(["", "FM", "WIM"])},
            {"federation": rng.choice(["", "ENG", "NED"])},
            {"club": rng.choice(["", "Hastings"])},
            {"national_id": rng.choice(["", "A12345"]), "birth_year": rng.choice([None, 2011])},
        ]
    )
    return player_services.player_update(player_id=player.pk, changes=changes, user=user, now=T0)


def _request(event: Event, user: User, rng: random.Random) -> None:
    player = rng.choice(_players(event))
    request_services.round_request_set(
        player_id=player.pk, round_number=rng.randrange(1, event.rounds + 2),
        kind=rng.choice(["H", "F", "Z"]), user=user, now=T0, replace=rng.random() < 0.5,
    )  # fmt: skip


def _delete_request(event: Event, user: User, rng: random.Random) -> None:
    requests = list(RoundRequest.objects.filter(player__event=event).order_by("pk"))
    if requests:
        request_services.round_request_delete(request_id=rng.choice(requests).pk, user=user, now=T0)


def _forbid(event: Event, user: User, rng: random.Random) -> None:
    first, second = rng.sample(_players(event), 2)
    request_services.forbidden_pair_add(
        event_id=event.pk, first_id=first.pk, second_id=second.pk, user=user, now=T0,
        reason=rng.choice(["", "Siblings", 'Same "school"']),
    )  # fmt: skip


def _ask(event: Event, user: User, rng: random.Random) -> object:
    """A player's own request, and perhaps the arbiter's answer."""
    player = rng.choice(_players(event))
    ask = ask_services.player_ask(
        player_id=player.pk, via_code=player.access_code,
        kind=rng.choice(["bye", "withdraw", "attend"]),
        round_number=rng.randrange(1, event.rounds + 1), now=T0,
    )  # fmt: skip
    if rng.random() < 0.5:
        ask_services.player_ask_decide(ask_id=ask.pk, approve=rng.random() < 0.5, user=user, now=T0)
    return ask


def _allow(event: Event, user: User, rng: random.Random) -> None:
    pairs = list(ForbiddenPair.objects.filter(event=event).order_by("pk"))
    if pairs:
        request_services.forbidden_pair_delete(pair_id=rng.choice(pairs).pk, user=user, now=T0)


POINTS = ("points_win", "points_draw", "points_loss", "points_forfeit_win",
          "points_forfeit_loss", "points_pairing_bye", "points_full_bye",
          "points_half_bye")  # fmt: skip
FLAGS = ("acceleration", "lim_maxi", "esca_random", "esca_round1_area",
         "esca_round1_federation", "esca_avoid_half_bye_pairs", "esca_avoid_defaulted_rematch",
         "public")  # fmt: skip


def _setting(rng: random.Random) -> dict[str, object]:
    """One setting of the form with a value it allows (#31: every setting, every point
    value)."""
    choices: list[Callable[[], dict[str, object]]] = [
        lambda: {"rounds": rng.randrange(1, 9)},
        lambda: {"tiebreaks": rng.choice(["BH-C1,BH,SB", "DE1,ARO,LOT", "PROG,WIN", "ARO,TPR"])},
        lambda: {"tiebreak_rules": rng.choice(["", "fide2023", "fide2026"])},
        lambda: {"unrated_rating": rng.choice([None, 1000, 1400])},
        lambda: {"venue": rng.choice(["", "Hall 2"])},
        lambda: {rng.choice(POINTS): rng.randrange(0, 7)},
        lambda: {rng.choice(FLAGS): rng.random() < 0.5},
        lambda: {"system": rng.choice(["dutch", "dutch1992", "lim", "sb", "esca"])},
        lambda: {"initial_colour": rng.choice(["lot", "white", "black"])},
        lambda: {"team_size": rng.randrange(0, 5)},
        lambda: {"team_scoring": rng.choice(["total", "round"])},
        lambda: {"prize_sharing": rng.choice(["split", "hort", "none"])},
        lambda: {"prize_table": rng.choice(["", "Place: 500, 300\nWomen: 80",
                                            "Rating below 1800: 100, 50\r\nUnrated: 40"])},
        lambda: {"start_date": rng.choice([None, dt.date(2026, 5, 2)])},
        lambda: {"federation": rng.choice(["", "ENG"]), "chief_arbiter": rng.choice(["", "IA X"])},
        lambda: {"time_control": "90 min", "time_control_code": rng.choice(["", "5400+30"])},
        lambda: {"deputy_arbiters": rng.choice(["", "FA One\nNA Two"])},
        lambda: {"round_dates": rng.choice([[], ["2026-05-02", None, "2026-05-04"]])},
    ]  # fmt: skip
    return rng.choice(choices)()


def _settings(event: Event, user: User, rng: random.Random) -> object:
    event.refresh_from_db()
    changes = _setting(rng)
    return event_services.event_settings_update(
        event_id=event.pk, changes=changes, expected_version=event.settings_version,
        user=user, now=T0, confirm=rng.random() < 0.5,
    )  # fmt: skip


EDITS: list[Edit] = [
    *[_advance] * 10, _record, _record, _pair, _unpublish,
    _delete_draft, _swap, _flip, _withdraw, _reinstate, _late_entry, _correct_player,
    _request, _delete_request, _forbid, _allow, _settings, _settings, _ask,
]  # fmt: skip


def _new_event(user: User) -> Event:
    event = event_services.event_create(
        user=user, now=T0, name="Property Open", slug=f"property-{next(SLUGS)}",
        system="dutch1992", rounds=5, tiebreaks="BH-C1,SB,DE,LOT",
        start_date=dt.date(2026, 5, 2), public=True,
    )  # fmt: skip
    rows = [{"name": f"Player, No {n:02d}", "rating": 2200 - 41 * n} for n in range(9)]
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=T0)
    return event


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    edits=st.lists(
        st.tuples(st.sampled_from(EDITS), st.integers(0, 2**32)), min_size=10, max_size=60
    )
)
def test_backup_restores_after_any_sequence_of_allowed_edits(
    edits: list[tuple[Edit, int]], arbiter: User, stranger: User
) -> None:
    """Random allowed edits, then backup, restore, backup again: the same file."""
    event = _new_event(arbiter)
    for edit, seed in edits:
        _refused_edit_changes_nothing(edit, event, arbiter, seed)
        event.refresh_from_db()
    standings = _standings(event)
    text, copy = restore_lost(event, user=stranger, now=T0)
    assert exports.event_trf(copy) == restored(text)
    assert _standings(copy) == standings


def _standings(event: Event) -> list[tuple[object, ...]]:
    table = standing_selectors.standings_after(event=event)
    return [(line.rank, line.player.pairing_number, line.points, line.values)
            for line in table.lines]  # fmt: skip


def _refused_edit_changes_nothing(edit: Edit, event: Event, user: User, seed: int) -> None:
    """Make the edit; when the services refuse it, the backup is as it was.

    A refused edit that wrote no row that stands left the database as it was (the write
    watch); one that did is undone to a savepoint for the backup before and made again
    for the backup after.  So the backup is built only for the few refused edits that
    write, not before every edit (#33 item 7: that was half the test's time)."""
    savepoint = transaction.savepoint()
    writes = WriteWatch()
    try:
        with connection.execute_wrapper(writes):
            edit(event, user, random.Random(seed))
    except TournamentError:
        if writes.count:
            transaction.savepoint_rollback(savepoint)
            before = exports.event_trf(event)
            with pytest.raises(TournamentError):
                edit(event, user, random.Random(seed))
            assert exports.event_trf(event) == before, edit.__name__
    transaction.savepoint_commit(savepoint)
