"""Rounds: pair, edit and correct a pairing, publish, unpublish, delete a draft."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Collection
from dataclasses import replace

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import BoardsPayload, RoundNumber
from swissweb.tournament.core.errors import (
    EventNotStarted,
    PairingFailed,
    ResultsIncomplete,
    RoundAlreadyPaired,
    RoundLocked,
    TournamentError,
)
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import (
    ARBITER_STEP,
    Event,
    Game,
    Player,
    Result,
    Round,
    RoundState,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import check_in
from swissweb.tournament.rounds import engine_adapter, fixed_boards
from swissweb.tournament.rounds.engine_door import (
    System,
    Violation,
    check_round,
    rules_for,
    run_engine,
)
from swissweb.tournament.rounds.engine_words import render, violation_text


def _next_round_number(event: Event) -> int:
    last = event.round_set.order_by("-number").first()
    if last is None:
        return 1
    if last.state == RoundState.PAIRED:
        raise RoundAlreadyPaired(
            _("Round %(number)s is already paired; publish or delete that draft first.")
            % {"number": last.number}
        )
    if last.games.filter(result=Result.NOT_PLAYED_YET).exists():
        raise ResultsIncomplete(
            _("Round %(number)s still has boards without a result.") % {"number": last.number}
        )
    return last.number + 1


def round_pair(
    *,
    event_id: int,
    user: User | None,
    now: dt.datetime,
    expected_round: int | None = None,
    seed: int | None = None,
    unconfirmed: str | None = None,
    asks: str | None = None,
) -> Round:
    """Pair the next round and save it as a draft, in one transaction.

    Where check-in is used for the round (#34 item 3), the players who did not check in
    are marked absent for it (``unconfirmed="absent"``) or paired anyway (``"pair"``),
    the choice recorded; without a choice pairing them is refused, nothing saved.
    Players' requests for the round (or to withdraw) still waiting for a decision stop
    it too, unless the arbiter pairs anyway (``asks="pair"``), which is recorded (#36).

    ``expected_round`` is the round number the arbiter saw on the page: a second click
    (or a second arbiter) asking for a round that exists already is refused.

    :raises RoundAlreadyPaired: the round exists already.
    :raises ResultsIncomplete: the previous round is not finished.
    :raises EventNotStarted: pairing numbers are not assigned.
    :raises CheckInPending: players did not check in and ``unconfirmed`` is None.
    :raises AsksPending: players' requests wait for a decision and ``asks`` is not "pair".
    :raises PairingFailed: the engine found no valid pairing, failed, or took longer than
        ``settings.PAIRING_TIMEOUT`` seconds; nothing is saved.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        if event.started_at is None:
            raise EventNotStarted(_("Start the event first: pairing numbers are not assigned."))
        number = _next_round_number(event)
        if expected_round is not None and number != expected_round:
            raise RoundAlreadyPaired(
                _("Round %(number)s has already been paired.") % {"number": expected_round}
            )
        if number > event.rounds:
            raise TournamentError(
                _("All %(rounds)s planned rounds have been paired.") % {"rounds": event.rounds}
            )
        ask_services.settle_pending_asks(
            event=event, round_number=number, choice=asks, user=user, now=now
        )
        check_in.settle_unconfirmed(
            event=event, round_number=number, choice=unconfirmed, user=user, now=now
        )
        state = engine_adapter.state_for_round(event, number)
        lots_seed = seed if seed is not None else secrets.randbits(62)
        pairing = run_engine(state, System(event.system), number=number, seed=lots_seed)
        violations = check_round(state, pairing, System(event.system))
        if violations:
            details = "; ".join(violation_text(v) for v in violations)
            raise PairingFailed(
                # Translators: details are the rules broken, each "rule: what is wrong".
                _("Round %(number)s: the engine's pairing breaks %(details)s")
                % {"number": number, "details": details}
            )
        round_ = Round.objects.create(
            event=event,
            number=number,
            lots_seed=lots_seed,
            paired_at=now,
            explanation=engine_adapter.explanation_json(pairing.explanation),
        )
        players = {p.pairing_number: p for p in event.players.all() if p.pairing_number}
        games = engine_adapter.pairing_games(round_, pairing, players)
        # Fixed boards (#34 item 5): renumbered here, after the engine, who meets whom kept.
        steps = fixed_boards.renumber(games)
        if steps:
            round_.explanation.extend(steps)
            round_.save(update_fields=["explanation", "modified_at"])
        Game.objects.bulk_create(games)
        _audit(event=event, user=user, now=now, action=AuditAction.ROUND_PAIR, round_=round_)
        return round_


def round_delete_draft(*, round_id: int, user: User | None, now: dt.datetime) -> None:
    """Delete an unpublished round so it can be paired again.

    :raises RoundLocked: the round is published (FIDE C.04.2 4.4).
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(
                _("Round %(number)s is published and cannot be deleted.")
                % {"number": round_.number}
            )
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_DELETE,
            after=RoundNumber(round=round_.number),
        )
        round_.delete()


def round_publish(*, round_id: int, user: User | None, now: dt.datetime) -> Round:
    """Publish a drafted round: it becomes public and its pairings locked (FIDE C.04.2 4.4).

    :raises RoundLocked: the round is published already.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(
                _("Round %(number)s is already published.") % {"number": round_.number}
            )
        round_.state = RoundState.PUBLISHED
        round_.published_at = now
        round_.save(update_fields=["state", "published_at", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.ROUND_PUBLISH, round_=round_)
        return round_


def _violations(round_: Round) -> tuple[Violation, ...]:
    event = round_.event
    state = engine_adapter.state_for_round(event, round_.number)
    return check_round(
        state, engine_adapter.round_pairing(round_, renumbered=True), System(event.system)
    )


def round_violations(round_: Round) -> list[str]:
    """Every absolute-criteria violation in a round's boards, in words with the rule, in
    the active language."""
    return [violation_text(v) for v in _violations(round_)]


def round_warnings(round_: Round, *, boards: Collection[int] | None = None) -> list[str]:
    """Relative criteria the round's boards break, named by the event's own system, in
    the active language.

    These warn and do not refuse (Dutch B3, B4; Lim 10, 12; ESCA 8-12; SB 5, 7).
    ``boards`` keeps to those board numbers (the ones an edit touched), so an edit is
    not blamed for what the rest of the round already had.
    """
    state = engine_adapter.state_for_round(round_.event, round_.number)
    rules = rules_for(round_.event.system)
    pairing = engine_adapter.round_pairing(round_)
    if boards is not None:
        pairing = replace(pairing, boards=tuple(b for b in pairing.boards if b.number in boards))
    return [render(warning) for warning in rules.warnings(state, pairing)]


def _check_edit(round_: Round, boards: Collection[int]) -> list[str]:
    violations = round_violations(round_)
    if violations:
        raise TournamentError(_("Refused: %(violations)s") % {"violations": " ".join(violations)})
    return round_warnings(round_, boards=boards)


def draft_swap_players(
    *,
    round_id: int,
    first_id: int,
    second_id: int,
    user: User | None,
    now: dt.datetime,
) -> list[str]:
    """Swap two players between boards of a draft; absolute criteria refuse, others warn.

    :raises RoundLocked: the round is published (FIDE C.04.2 4.4).
    :raises TournamentError: the swap breaks an absolute criterion; nothing changes.
    :returns: warnings about relative criteria.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(
                _("Round %(number)s is published: its pairings are locked.")
                % {"number": round_.number}
            )
        (game_a, side_a), (game_b, side_b) = _seats(round_, first_id, second_id)
        before = _boards_json(round_)
        _swap_seats(game_a, side_a, game_b, side_b, first_id, second_id)
        boards = {game_a.board, game_b.board}
        if fixed_boards.apply_to_draft(round_):  # a fixed-board player changed games
            (game_a, _side), (game_b, _side) = _seats(round_, first_id, second_id)
            boards = {game_a.board, game_b.board}
        _note_swap(round_, boards, first_id, second_id, correction=False)
        warnings = _check_edit(round_, boards)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.DRAFT_SWAP,
            round_=round_,
            before=before,
            after=_boards_json(round_),
        )
        return warnings


def _seats(
    round_: Round, first_id: int, second_id: int
) -> tuple[tuple[Game, str], tuple[Game, str]]:
    """The boards and sides of two different players of ``round_``.

    :raises TournamentError: the same player twice, or a player not in the round.
    """
    if first_id == second_id:
        raise TournamentError(_("Choose two different players to swap."))
    seats = {}
    for game in round_.games.all():
        seats[game.white_id] = (game, "white")
        if game.black_id is not None:
            seats[game.black_id] = (game, "black")
    if first_id not in seats or second_id not in seats:
        raise TournamentError(_("Both players must be in this round's pairings."))
    return seats[first_id], seats[second_id]


def _swap_seats(
    game_a: Game, side_a: str, game_b: Game, side_b: str, first_id: int, second_id: int
) -> None:
    """Exchange two seats of a draft.

    The boards are re-created rather than updated in place, so no intermediate row ever
    seats a player twice in the round (the database refuses that at once).
    """
    if game_a.pk == game_b.pk:
        assert game_a.black_id is not None  # both players of one board: never the bye
        game_a.white_id, game_a.black_id = game_a.black_id, game_a.white_id
        game_a.save(update_fields=["white", "black"])
        return
    setattr(game_a, f"{side_a}_id", second_id)
    setattr(game_b, f"{side_b}_id", first_id)
    Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).delete()
    for game in (game_a, game_b):
        game.pk = None
        game.version = 0
    Game.objects.bulk_create([game_a, game_b])


def draft_flip_colours(*, game_id: int, user: User | None, now: dt.datetime) -> list[str]:
    """Swap the colours of one board of a draft; absolute criteria refuse, others warn.

    :raises RoundLocked: the round is published (FIDE C.04.2 4.4).
    :raises TournamentError: the change breaks an absolute criterion (Dutch B2).
    """
    with transaction.atomic():
        event_id = Game.objects.values_list("round__event_id", flat=True).get(pk=game_id)
        event = _lock_event(event_id)
        game = Game.objects.select_related("round").get(pk=game_id)
        round_ = game.round
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(
                _("Round %(number)s is published: its pairings are locked.")
                % {"number": round_.number}
            )
        if game.black_id is None:
            raise TournamentError(_("The bye has no colours."))
        before = _boards_json(round_)
        _swap_seats(game, "white", game, "black", game.white_id, game.black_id)
        _note_edit(round_, {game.board}, _("colours swapped"))
        warnings = _check_edit(round_, {game.board})
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.DRAFT_FLIP,
            round_=round_,
            before=before,
            after=_boards_json(round_),
        )
        return warnings


def _note_swap(
    round_: Round, boards: Collection[int], first_id: int, second_id: int, *, correction: bool
) -> None:
    """``_note_edit`` for the boards of two swapped players (a draft's swap, or the
    correction of a published round), named by pairing number."""
    numbers = dict(
        Player.objects.filter(pk__in=[first_id, second_id]).values_list("pk", "pairing_number")
    )
    pair = {"first": numbers[first_id], "second": numbers[second_id]}
    if correction:
        # Translators: first and second are pairing numbers.
        why = _("correction of players %(first)s and %(second)s") % pair
    else:
        # Translators: first and second are pairing numbers.
        why = _("swap of players %(first)s and %(second)s") % pair
    _note_edit(round_, boards, why)


def _note_edit(round_: Round, boards: Collection[int], why: str) -> None:
    """Add a step to the draft's explanation for each board the arbiter changed.

    The engine's steps explain the pairing it made; a board changed since then shows
    this step, and the engine's steps about it are marked as changed where they stand
    (``draft_review.marked_steps``), so its "why" never goes stale.  The
    text is stored in the language of the arbiter who made the change.
    """
    rows = round_.games.filter(board__in=boards).values_list(
        "board", "white__pairing_number", "black__pairing_number"
    )
    for board, white, black in sorted(rows):
        # Translators: white and black are pairing numbers; why says what the arbiter did.
        text = _(
            "Board %(board)s: %(white)s (white) v %(black)s (black), set by the arbiter "
            "(%(why)s); the engine's reasons no longer describe this board."
        ) % {"board": board, "white": white, "black": black, "why": why}
        round_.explanation.append({"rule": ARBITER_STEP, "text": text, "players": [white, black]})
    round_.save(update_fields=["explanation", "modified_at"])


def _boards_json(round_: Round) -> BoardsPayload:
    rows = round_.games.order_by("board").values_list("board", "white_id", "black_id")
    return BoardsPayload(boards=tuple(rows))


def round_correct(
    *,
    round_id: int,
    first_id: int,
    second_id: int,
    reason: str,
    user: User | None,
    now: dt.datetime,
) -> None:
    """Swap two players of a published round to mend a breach of B1/B2 (C.04.2 4.4).

    A published pairing is changed only when it breaks an absolute criterion, only on
    boards without a result, only with a reason, and only if the change leaves the round
    legal.  Who, when, the boards before and after, and the reason are recorded.

    :raises RoundLocked: the round breaks no absolute criterion, or a board has a result.
    :raises TournamentError: no reason given, or the change would still break a criterion.
    """
    if not reason.strip():
        raise TournamentError(_("Give the reason for correcting a published pairing."))
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.select_related("event").get(pk=round_id)
        if round_.state == RoundState.PAIRED:
            raise TournamentError(_("This round is a draft: edit it directly."))
        broken = _violations(round_)
        if not broken:
            raise RoundLocked(
                _(
                    "Round %(number)s is published and keeps the absolute criteria: "
                    "it cannot be changed (FIDE C.04.2 4.4)."
                )
                % {"number": round_.number}
            )
        (game_a, side_a), (game_b, side_b) = _seats(round_, first_id, second_id)
        if any(g.result not in ("", Result.PAIRING_BYE) for g in (game_a, game_b)):
            raise RoundLocked(_("A board with a result cannot be re-paired."))
        before = _boards_json(round_)
        _swap_seats(game_a, side_a, game_b, side_b, first_id, second_id)
        remaining = round_violations(round_)
        if remaining:
            raise TournamentError(
                _("The correction still breaks: %(violations)s")
                % {"violations": " ".join(remaining)}
            )
        # The published round's "why" (its page, the players' cards) says so too (FIDE C.04.2 4.4).
        _note_swap(round_, {game_a.board, game_b.board}, first_id, second_id, correction=True)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_CORRECT,
            round_=round_,
            # The audit keeps the engine's English: a record is read in every language.
            before=replace(before, violations=tuple(f"{v.rule}: {v.message}" for v in broken)),
            after=_boards_json(round_),
            reason=reason,
        )


def round_unpublish(*, round_id: int, user: User | None, now: dt.datetime) -> Round:
    """Take a published round back to a draft while no result is entered in it.

    It leaves the public pages, and can be edited, paired again or deleted.

    :raises RoundLocked: the round is a draft, has a result, or a later round exists.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        number = round_.number
        if round_.state == RoundState.PAIRED:
            raise RoundLocked(_("Round %(number)s is not published.") % {"number": number})
        if event.round_set.filter(number__gt=number).exists():
            raise RoundLocked(
                _("Round %(next)s is paired already: round %(number)s stays.")
                % {"next": number + 1, "number": number}
            )
        boards = list(
            round_.games.exclude(result__in=[Result.NOT_PLAYED_YET, Result.PAIRING_BYE])
            .order_by("board")
            .values_list("board", flat=True)
        )
        if boards:
            listed = ", ".join(str(board) for board in boards[:10])
            more = "…" if len(boards) > 10 else ""
            raise RoundLocked(
                # Translators: boards lists board numbers, such as "3, 7, 12".
                ngettext(
                    "Round %(number)s has results (board %(boards)s): a round is unpublished "
                    "only before any result is entered.",
                    "Round %(number)s has results (boards %(boards)s): a round is unpublished "
                    "only before any result is entered.",
                    len(boards),
                )
                % {"number": number, "boards": listed + more}
            )
        round_.state = RoundState.PAIRED
        round_.published_at = None
        round_.completed_at = None
        round_.save(update_fields=["state", "published_at", "completed_at", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.ROUND_UNPUBLISH, round_=round_)
        return round_
