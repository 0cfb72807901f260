"""Services: each write is all-or-nothing, refusals change nothing (issue 6)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from pairing.engine.model import Round1Separation
from pairing.engine.systems.esca import options as esca
from pairing.engine.systems.lim.options import MAXI
from swissweb.tournament.core.errors import (
    EventNotStarted,
    PairingFailed,
    ResultsIncomplete,
    RoundAlreadyPaired,
    RoundLocked,
    StaleEdit,
    TournamentError,
)
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event, Game, Player, Result, Round, RoundState
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.engine_adapter import state_for_round

from .conftest import OverTimeLimit
from .service_helpers import seat_number

pytestmark = pytest.mark.django_db


def published_round(event: Event, players: list[Player], number: int = 1) -> Round:
    """A published round pairing the players two by two, as the pairing service would."""
    now = timezone.now()
    round_ = Round.objects.create(
        event=event,
        number=number,
        lots_seed=1,
        paired_at=now,
        state=RoundState.PUBLISHED,
        published_at=now,
    )
    for board, index in enumerate(range(0, len(players) - 1, 2), start=1):
        Game.objects.create(
            round=round_, board=board, white=players[index], black=players[index + 1]
        )
    return round_


def numbered(event: Event) -> list[Player]:
    return list(event.players.order_by("pairing_number"))


def test_result_record_completes_round_when_last_board_is_in(started: Event, arbiter: User) -> None:
    """A round becomes completed when its last board gets a result."""
    round_ = published_round(started, numbered(started))
    games = list(round_.games.order_by("board"))
    for game in games:
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    round_.refresh_from_db()
    assert round_.state == RoundState.COMPLETED


def test_result_record_stale_edit_refused(started: Event, arbiter: User) -> None:
    """The second of two edits made from the same page is refused, not silently lost."""
    game = published_round(started, numbered(started)).games.first()
    assert game is not None
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    with pytest.raises(StaleEdit, match="changed by someone else"):
        result_services.result_record(
            game_id=game.pk, result=Result.BLACK_WINS, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS


def test_result_record_retry_of_a_saved_result_is_not_reported_as_someone_else(
    started: Event, arbiter: User
) -> None:
    """Defect: a save whose answer was lost, sent again with the old version, was refused
    as "changed by someone else".  The board holds that very result: nothing to do."""

    game = published_round(started, numbered(started)).games.first()
    assert game is not None
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    audits = AuditEntry.objects.count()
    again = result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    assert (again.result, again.version) == (Result.DRAW, 1)
    assert AuditEntry.objects.count() == audits


def test_result_record_is_audited(started: Event, arbiter: User) -> None:
    """Every result change records who, when, before and after."""
    game = published_round(started, numbered(started)).games.first()
    assert game is not None
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=timezone.now()
    )
    entry = AuditEntry.objects.get(action="result_record")
    assert (entry.user, entry.before["result"], entry.after["result"]) == (arbiter, "", "1/2")


def test_result_record_rejects_unknown_result(started: Event, arbiter: User) -> None:
    """An illegal result is refused and the board keeps its state."""
    game = published_round(started, numbered(started)).games.first()
    assert game is not None
    assert game is not None
    with pytest.raises(TournamentError, match="not a game result"):
        result_services.result_record(
            game_id=game.pk, result="2-0", expected_version=0, user=arbiter, now=timezone.now()
        )


def test_dutch_f7_result_corrected_after_round_completed(started: Event, arbiter: User) -> None:
    """A result written down wrongly can be corrected after the round (Dutch F7)."""
    round_ = published_round(started, numbered(started))
    games = list(round_.games.order_by("board"))
    for game in games:
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    result_services.result_record(
        game_id=games[0].pk, result=Result.WHITE_WINS, expected_version=1, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    games[0].refresh_from_db()
    assert games[0].result == Result.WHITE_WINS


def test_dutch_f7_correction_refused_while_a_later_draft_rests_on_it(
    started: Event, arbiter: User
) -> None:
    """Round 2's draft was paired on round 1's results: correcting one is refused until the
    draft is deleted, so no draft is left paired on a result that has changed."""
    round_ = published_round(started, numbered(started))
    games = list(round_.games.order_by("board"))
    for game in games:
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    draft = round_services.round_pair(event_id=started.pk, user=arbiter, now=timezone.now(), seed=1)
    with pytest.raises(RoundLocked, match="delete that draft"):
        result_services.result_record(
            game_id=games[0].pk, result=Result.WHITE_WINS, expected_version=1, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    round_services.round_delete_draft(round_id=draft.pk, user=arbiter, now=timezone.now())
    result_services.result_record(
        game_id=games[0].pk, result=Result.WHITE_WINS, expected_version=1, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    games[0].refresh_from_db()
    assert games[0].result == Result.WHITE_WINS


def test_dutch_f6_published_round_cannot_be_deleted(started: Event, arbiter: User) -> None:
    """A published round is locked: deleting it is refused (Dutch F6)."""
    round_ = published_round(started, numbered(started))
    with pytest.raises(RoundLocked):
        round_services.round_delete_draft(round_id=round_.pk, user=arbiter, now=timezone.now())
    assert Round.objects.filter(pk=round_.pk).exists()


def test_round_pair_refused_while_results_missing(started: Event, arbiter: User) -> None:
    """The next round cannot be paired before every board of the last one has a result."""
    published_round(started, numbered(started))
    with pytest.raises(ResultsIncomplete):
        round_services.round_pair(event_id=started.pk, user=arbiter, now=timezone.now())
    assert started.round_set.count() == 1


def test_round_pair_refused_for_a_round_already_paired(started: Event, arbiter: User) -> None:
    """Asking for round 1 when round 1 exists answers 'already paired'."""
    round_ = published_round(started, numbered(started))
    for game in round_.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    with pytest.raises(RoundAlreadyPaired):
        round_services.round_pair(
            event_id=started.pk, user=arbiter, now=timezone.now(), expected_round=1
        )


def test_round_pair_refused_before_start(
    event: Event, players: list[Player], arbiter: User
) -> None:
    """Pairing before pairing numbers are assigned is refused."""
    with pytest.raises(EventNotStarted):
        round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now())


def test_event_start_refused_after_round_one(started: Event, arbiter: User) -> None:
    """Pairing numbers cannot be reassigned once round 1 exists."""
    published_round(started, numbered(started))
    with pytest.raises(RoundLocked):
        event_services.event_start(event_id=started.pk, user=arbiter, now=timezone.now())


def test_dutch_f5_withdrawal_recorded_after_last_round(started: Event, arbiter: User) -> None:
    """A withdrawal is recorded after the last round paired (Dutch F5)."""
    published_round(started, numbered(started))
    player = numbered(started)[0]
    player_services.player_withdraw(player_id=player.pk, user=arbiter, now=timezone.now())
    player.refresh_from_db()
    assert player.withdrawn_after_round == 1


def test_dutch_f5_request_for_a_paired_round_refused(started: Event, arbiter: User) -> None:
    """A bye cannot be requested for a round that is already paired."""
    published_round(started, numbered(started))
    player = numbered(started)[0]
    with pytest.raises(RoundLocked):
        request_services.round_request_set(
            player_id=player.pk, round_number=1, kind="H", user=arbiter, now=timezone.now()
        )


def test_late_entry_gets_next_pairing_number(started: Event, arbiter: User) -> None:
    """A player entered after the start gets the next free pairing number."""
    (late,) = player_services.players_add(
        event_id=started.pk, rows=[{"name": "Late, Lou"}], user=arbiter, now=timezone.now()
    )
    assert late.pairing_number == 7


def test_players_add_all_or_nothing(event: Event, arbiter: User) -> None:
    """One invalid player in a batch stops the whole batch."""
    with pytest.raises(TournamentError, match="'Bad' not valid: title"):
        player_services.players_add(
            event_id=event.pk,
            rows=[{"name": "Good"}, {"name": "Bad", "title": "XX"}],
            user=arbiter,
            now=timezone.now(),
        )
    assert not event.players.exists()


def test_round_pair_saves_boards_in_order_with_explanation(started: Event, arbiter: User) -> None:
    """Pairing round 1 of six players saves three boards and the engine's reasons."""
    round_ = round_services.round_pair(
        event_id=started.pk, user=arbiter, now=timezone.now(), seed=5
    )
    games = list(round_.games.order_by("board").select_related("white", "black"))
    pairs = [{seat_number(g.white), seat_number(g.black)} for g in games]
    # C.04.3 (2026), round 1: 1-4, 2-5, 3-6 (S1 = 1,2,3 against S2 = 4,5,6).
    assert pairs == [{1, 4}, {2, 5}, {3, 6}]
    assert round_.state == RoundState.PAIRED
    assert any(step["rule"] == "C.04.3 2-4" for step in round_.explanation)


def test_round_pair_gives_the_bye_a_board_of_its_own(event: Event, arbiter: User) -> None:
    """With an odd number of players the bye is saved as a board without black (A5)."""
    for n in range(5):
        Player.objects.create(event=event, name=f"P{n}", rating=2000 - n)
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    bye = round_.games.get(black__isnull=True)
    assert (bye.board, bye.result, bye.white.pairing_number) == (3, Result.PAIRING_BYE, 5)


def test_round_pair_leaves_nothing_when_engine_fails(event: Event, arbiter: User) -> None:
    """When no legal pairing exists the round is not saved and the arbiter is told why."""

    a = Player.objects.create(event=event, name="A", rating=2000)
    b = Player.objects.create(event=event, name="B", rating=1900)
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = round_.games.get()
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=timezone.now()
    )
    with pytest.raises(PairingFailed, match="C1-C3"):
        round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now())
    assert event.round_set.count() == 1
    assert {a.pk, b.pk} == {game.white_id, game.black_id}


def test_three_rounds_paired_published_and_played(started: Event, arbiter: User) -> None:
    """A whole small event runs through the services: pair, publish, results, three times."""
    for number in (1, 2, 3):
        round_ = round_services.round_pair(
            event_id=started.pk, user=arbiter, now=timezone.now(), expected_round=number
        )
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
        for game in round_.games.exclude(result=Result.PAIRING_BYE):
            result_services.result_record(
                game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter,
                now=timezone.now(),
            )  # fmt: skip
        round_.refresh_from_db()
        assert round_.state == RoundState.COMPLETED
    met = set()
    for game in Game.objects.filter(round__event=started):
        pair = frozenset({game.white_id, game.black_id})
        assert pair not in met  # Dutch B1a
        met.add(pair)


def test_published_round_corrected_only_for_an_absolute_breach(
    started: Event, arbiter: User
) -> None:
    """A legal published round cannot be changed (Dutch F6; C.04.2 for the 2025 system); a
    rematch on it (C.04.3 C1) can, with a record."""
    players = numbered(started)
    round_1 = published_round(started, players)  # 1-2, 3-4, 5-6
    for game in round_1.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    # Round 2 published by hand with a rematch 1-2 (breaks C.04.3 C1) and 3-5, 4-6.
    now = timezone.now()
    round_2 = Round.objects.create(
        event=started, number=2, lots_seed=1, paired_at=now, state=RoundState.PUBLISHED,
        published_at=now,
    )  # fmt: skip
    by = {p.pairing_number: p for p in players}
    Game.objects.create(round=round_2, board=1, white=by[2], black=by[1])
    Game.objects.create(round=round_2, board=2, white=by[3], black=by[5])
    Game.objects.create(round=round_2, board=3, white=by[6], black=by[4])
    with pytest.raises(TournamentError, match="reason"):
        round_services.round_correct(round_id=round_2.pk, first_id=by[1].pk, second_id=by[5].pk,
                               reason=" ", user=arbiter, now=now)  # fmt: skip
    round_services.round_correct(round_id=round_2.pk, first_id=by[1].pk, second_id=by[5].pk,
                           reason="rematch 1-2 published by mistake", user=arbiter,
                           now=now)  # fmt: skip
    pairs = {frozenset((g.white_id, g.black_id)) for g in round_2.games.all()}
    assert frozenset((by[2].pk, by[5].pk)) in pairs
    entry = AuditEntry.objects.get(action="round_correct")
    assert entry.reason == "rematch 1-2 published by mistake"
    assert "C.04.3 C1" in " ".join(entry.before["violations"])
    with pytest.raises(RoundLocked, match="keeps the absolute criteria"):
        round_services.round_correct(round_id=round_2.pk, first_id=by[3].pk, second_id=by[4].pk,
                               reason="preference", user=arbiter, now=now)  # fmt: skip


def test_dutch_f6_corrected_round_says_why_its_boards_changed(
    started: Event, arbiter: User
) -> None:
    """F6: after a correction the round's explanation names the arbiter's change, so the
    "why" of the corrected boards does not describe the pairing it replaced."""
    players = numbered(started)
    round_1 = published_round(started, players)
    for game in round_1.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    now = timezone.now()
    round_2 = Round.objects.create(
        event=started, number=2, lots_seed=1, paired_at=now, state=RoundState.PUBLISHED,
        published_at=now,
    )  # fmt: skip
    by = {p.pairing_number: p for p in players}
    Game.objects.create(round=round_2, board=1, white=by[2], black=by[1])
    Game.objects.create(round=round_2, board=2, white=by[3], black=by[5])
    Game.objects.create(round=round_2, board=3, white=by[6], black=by[4])
    round_services.round_correct(round_id=round_2.pk, first_id=by[1].pk, second_id=by[5].pk,
                           reason="rematch", user=arbiter, now=now)  # fmt: skip
    round_2.refresh_from_db()
    notes = [step["text"] for step in round_2.explanation if step["rule"] == "Arbiter"]
    assert len(notes) == 2
    assert all("set by the arbiter (correction of players 1 and 5)" in n for n in notes)


def test_esca_3_top_players_at_most_half_of_the_entrants(
    event: Event, players: list[Player], arbiter: User
) -> None:
    """ESCA 3: top players "should make up no more than 50% of the total entrants"."""
    players = list(event.players.order_by("pk"))
    half = len(players) // 2
    for player in players[:half]:
        player_services.player_top_set(
            player_id=player.pk, top=True, user=arbiter, now=timezone.now()
        )
    audit_before = AuditEntry.objects.count()
    with pytest.raises(TournamentError, match="at most half"):
        player_services.player_top_set(
            player_id=players[half].pk, top=True, user=arbiter, now=timezone.now()
        )
    assert event.players.filter(top_player=True).count() == half
    assert AuditEntry.objects.count() == audit_before


def test_esca_3_top_player_set_amended_during_the_event(started: Event, arbiter: User) -> None:
    """ESCA 3: the set "can be amended ... during the tournament"; each change is audited."""
    published_round(started, numbered(started))
    player = numbered(started)[0]
    player_services.player_top_set(player_id=player.pk, top=True, user=arbiter, now=timezone.now())
    player_services.player_top_set(player_id=player.pk, top=False, user=arbiter, now=timezone.now())
    player.refresh_from_db()
    assert not player.top_player
    actions = list(
        AuditEntry.objects.filter(action="player_top_set")
        .order_by("pk")
        .values_list("after", flat=True)
    )
    assert actions == [
        {"player": player.name, "top_player": True},
        {"player": player.name, "top_player": False},
    ]


def test_event_system_options_reach_the_engine(started: Event) -> None:
    """The event form's system options become the engine's ``PairingOptions``."""

    started.set_option_flags(
        {"lim_maxi": True, "esca_round1_area": False, "esca_avoid_defaulted_rematch": False}
    )
    started.acceleration = True
    started.save()
    options = state_for_round(started, 1).options
    assert options.value(MAXI)
    assert options.acceleration
    assert options.value(esca.ROUND1_SEPARATION) == frozenset({Round1Separation.FEDERATION})
    assert not options.value(esca.AVOID_DEFAULTED_REMATCH)
    assert options.value(esca.AVOID_HALF_BYE_PAIRS)


def test_round_pair_over_the_time_limit_saves_nothing_and_says_so(
    started: Event, arbiter: User, engine_over_time_limit: OverTimeLimit
) -> None:
    """A pairing stopped by PAIRING_TIMEOUT leaves no round, no board and no audit row."""

    engine_over_time_limit.arm()
    audits = AuditEntry.objects.count()
    with pytest.raises(
        PairingFailed, match=r"pairing took longer than 0\.001 s; nothing was saved"
    ):
        round_services.round_pair(event_id=started.pk, user=arbiter, now=timezone.now(), seed=1)
    assert not Round.objects.filter(event=started).exists()
    assert not Game.objects.exists()
    assert AuditEntry.objects.count() == audits
    assert engine_over_time_limit.calls == [(0.001, False)]


def test_round_pair_engine_error_saves_nothing_and_says_so(started: Event, arbiter: User) -> None:
    """The engine finding no pairing (in its child process) leaves nothing behind."""

    players = numbered(started)
    for index, first in enumerate(players):
        for second in players[index + 1 :]:
            request_services.forbidden_pair_add(
                event_id=started.pk, first_id=first.pk, second_id=second.pk, user=arbiter,
                now=timezone.now(),
            )  # fmt: skip
    audits = AuditEntry.objects.count()
    with pytest.raises(PairingFailed, match="could not be paired: .*nothing was saved"):
        round_services.round_pair(event_id=started.pk, user=arbiter, now=timezone.now(), seed=1)
    assert not Round.objects.filter(event=started).exists()
    assert AuditEntry.objects.count() == audits


def _versions(event: Event) -> tuple[int, int]:
    event.refresh_from_db()
    return event.results_version, event.standings_version


def _enter(game: Game, result: str, user: User) -> None:
    game.refresh_from_db()
    result_services.result_record(
        game_id=game.pk, result=result, expected_version=game.version, user=user, now=timezone.now()
    )


def test_issue_10_result_in_play_counts_results_version_only(started: Event, arbiter: User) -> None:
    """A result that leaves its round in play counts results_version, not standings_version."""
    games = list(published_round(started, numbered(started)).games.order_by("board"))
    results, standings = _versions(started)
    _enter(games[0], Result.WHITE_WINS, arbiter)
    assert _versions(started) == (results + 1, standings)


def test_issue_10_last_result_and_correction_count_standings_version(
    started: Event, arbiter: User
) -> None:
    """The result that completes a round, and a correction after it, count both versions."""
    games = list(published_round(started, numbered(started)).games.order_by("board"))
    for game in games[:-1]:
        _enter(game, Result.DRAW, arbiter)
    results, standings = _versions(started)
    _enter(games[-1], Result.DRAW, arbiter)
    assert _versions(started) == (results + 1, standings + 1)
    _enter(games[0], Result.BLACK_WINS, arbiter)
    assert _versions(started) == (results + 2, standings + 2)


def test_issue_10_refused_change_counts_nothing(started: Event, arbiter: User) -> None:
    """A refused change rolls its count back with it."""
    game = published_round(started, numbered(started)).games.first()
    assert game is not None
    before = _versions(started)
    with pytest.raises(StaleEdit):
        result_services.result_record(
            game_id=game.pk,
            result=Result.DRAW,
            expected_version=7,
            user=arbiter,
            now=timezone.now(),
        )
    assert _versions(started) == before


def test_draft_swap_refuses_a_player_swapped_with_himself(started: Event, arbiter: User) -> None:
    """A self-swap flipped the board's colours (or, on the bye, answered 500); now refused."""
    round_ = round_services.round_pair(
        event_id=started.pk, user=arbiter, now=timezone.now(), seed=1
    )
    before = list(round_.games.order_by("board").values_list("white_id", "black_id"))
    player = round_.games.order_by("board").first()
    assert player is not None
    with pytest.raises(TournamentError, match="two different players"):
        round_services.draft_swap_players(
            round_id=round_.pk,
            first_id=player.white_id,
            second_id=player.white_id,
            user=arbiter,
            now=timezone.now(),
        )
    assert list(round_.games.order_by("board").values_list("white_id", "black_id")) == before


def test_draft_swap_warns_only_about_the_boards_it_touched(event: Event, arbiter: User) -> None:
    """#20: a swap's warnings spoke of boards the swap did not touch."""
    rows = [{"name": f"Player {n:02d}", "rating": 2400 - 10 * n} for n in range(12)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=timezone.now())
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    first = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=first.pk, user=arbiter, now=timezone.now())
    for game in first.games.order_by("board"):
        result_services.result_record(
            game_id=game.pk,
            result=Result.WHITE_WINS,
            expected_version=game.version,
            user=arbiter,
            now=timezone.now(),
        )
    second = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=2)
    games = list(second.games.order_by("board"))
    last, before_last = games[-1], games[-2]
    assert last.black_id is not None and before_last.black_id is not None
    touched = {last.board, before_last.board}
    warnings = round_services.draft_swap_players(
        round_id=second.pk,
        first_id=last.white_id,
        second_id=before_last.black_id,
        user=arbiter,
        now=timezone.now(),
    )
    assert warnings
    assert all(any(w.startswith(f"Board {b}:") for b in touched) for w in warnings)
    everywhere = round_services.round_warnings(second)
    assert {w.split(":")[0] for w in everywhere} - {f"Board {b}" for b in touched}
