"""Results: record and correct a game's result."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.log import player_label
from swissweb.tournament.audit.payloads import ResultPayload
from swissweb.tournament.core.errors import RoundLocked, StaleEdit, TournamentError
from swissweb.tournament.core.services import _audit, _lock_event, _standings_changed
from swissweb.tournament.models import Event, Game, Result, RoundState


def result_record(
    *,
    game_id: int,
    result: str,
    expected_version: int,
    user: User | None,
    now: dt.datetime,
) -> Game:
    """Record or correct a game's result (FIDE C.04.2 4.3 for corrections); every change is audited.

    ``expected_version`` is the version the arbiter's form showed: an edit made on a
    stale page is refused, never silently lost.

    :raises TournamentError: the result is not a valid one, or the game is the bye.
    :raises RoundLocked: the round is still a draft (publish it first), or a later round's
        draft was paired on this round's results (a correction would leave it stale).
    :raises StaleEdit: the game changed since the form was loaded.
    :raises RoundLocked: the result would be emptied while a later round exists.
    """
    if result not in Result.values or result == Result.PAIRING_BYE:
        # Translators: result is what was sent, in quotes.
        raise TournamentError(_("%(result)s is not a game result.") % {"result": repr(result)})
    with transaction.atomic():
        event_id = Game.objects.values_list("round__event_id", flat=True).get(pk=game_id)
        event = _lock_event(event_id, standings=False)
        game = Game.objects.select_related("round", "white", "black").get(pk=game_id)
        if game.is_bye:
            raise TournamentError(_("The pairing-allocated bye has no result to enter."))
        if game.round.state == RoundState.PAIRED:
            raise RoundLocked(_("Publish the round before entering results."))
        draft = event.round_set.filter(number__gt=game.round.number, state=RoundState.PAIRED)
        if draft.exists():
            raise RoundLocked(
                _(
                    "A draft of a later round was paired on the results of round "
                    "%(number)s: delete that draft before correcting this result."
                )
                % {"number": game.round.number}
            )
        if result == Result.NOT_PLAYED_YET:
            _refuse_emptying(event, game)
        if game.version != expected_version and game.result == result:
            # The board already holds this very result: the arbiter's own save whose
            # answer was lost (a retry), or a colleague's same entry.  Nothing to change,
            # and nothing "changed by someone else" to report.
            return game
        if game.version != expected_version:
            raise StaleEdit(
                # Translators: result is the board's result now (1-0, ½-½, ...) or "no result".
                _(
                    "Board %(board)s was changed by someone else (now %(result)s). "
                    "Reload and try again."
                )
                % {"board": game.board, "result": game.result or _("no result")}
            )
        before = _payload(game)
        updated = Game.objects.filter(pk=game_id, version=expected_version).update(
            result=result, version=F("version") + 1, modified_at=now
        )
        if updated != 1:
            raise StaleEdit(
                _("Board %(board)s was changed by someone else. Reload and try again.")
                % {"board": game.board}
            )
        game.refresh_from_db()
        round_ = game.round
        complete = not round_.games.filter(result=Result.NOT_PLAYED_YET).exists()
        if complete or round_.state == RoundState.COMPLETED:
            # A correction in a completed round, or the last result of a round.
            _standings_changed(event.pk)
        new_state = RoundState.COMPLETED if complete else RoundState.PUBLISHED
        if round_.state != new_state:
            round_.state = new_state
            round_.completed_at = now if complete else None
            round_.save(update_fields=["state", "completed_at", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.RESULT_RECORD,
            round_=round_,
            before=before,
            after=_payload(game),
        )
        return game


def _payload(game: Game) -> ResultPayload:
    """A result entry's side as the log names it: the board, its players, the result."""
    return ResultPayload(
        board=game.board,
        white=player_label(game.white),
        black=player_label(game.black),
        result=game.result,
    )


def _refuse_emptying(event: Event, game: Game) -> None:
    """A result is never emptied once a later round exists: that round rests on it.

    :raises RoundLocked: a later round is paired.
    """
    later = (
        event.round_set.filter(number__gt=game.round.number)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if later is not None:
        raise RoundLocked(
            _(
                "Round %(later)s is paired already: the result of board %(board)s in round "
                "%(number)s can be corrected, not emptied."
            )
            % {"later": later, "board": game.board, "number": game.round.number}
        )
