"""Players: register, number, withdraw and reinstate, mark top players, correct details."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import (
    PlayerChanges,
    PlayerFixedBoard,
    PlayerNumber,
    PlayersAdded,
    PlayerTop,
    PlayerWithdrawal,
)
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import EventNotStarted, RoundLocked, TournamentError
from swissweb.tournament.core.fide_ratings import FIDE_RATING_FIELDS
from swissweb.tournament.core.limits import BIRTH_YEARS, HIGHEST_FIDE_ID, HIGHEST_RATING
from swissweb.tournament.core.services import (
    _audit,
    _jsonable,
    _lock_event,
    _plain_problems,
    plain_integrity_error,
    refuse_too_many_players,
)
from swissweb.tournament.models import Event, Player, RequestKind, RoundRequest, RoundState


def _refuse_impossible(player: Player) -> None:
    """A rating above ``HIGHEST_RATING``, a birth year or date outside ``BIRTH_YEARS``
    (a date in 9999 made the player a junior for K), or a FIDE ID above
    ``HIGHEST_FIDE_ID`` (``core.limits``): a typing mistake, which the field alone (any
    value of its type) lets through.

    :raises ValidationError: by field.
    """
    problems: dict[str, str] = {}
    for field in ("rating", "national_rating"):
        if getattr(player, field) > HIGHEST_RATING:
            # Translators: highest is a rating, 3500.
            message = _("A rating is from 0 (unrated) to %(highest)s.")
            problems[field] = message % {"highest": HIGHEST_RATING}
    low, high = BIRTH_YEARS
    if player.birth_year is not None and not low <= player.birth_year <= high:
        # Translators: low and high are years, 1900 and 2100.
        message = _("A birth year is from %(low)s to %(high)s.")
        problems["birth_year"] = message % {"low": low, "high": high}
    if player.birth_date is not None and not low <= player.birth_date.year <= high:
        # Translators: low and high are years, 1900 and 2100.
        message = _("A birth date is from the year %(low)s to %(high)s.")
        problems["birth_date"] = message % {"low": low, "high": high}
    if player.fide_id is not None and player.fide_id > HIGHEST_FIDE_ID:
        # Translators: digits is a number of digits, 11.
        message = _("A FIDE ID has at most %(digits)s digits.")
        problems["fide_id"] = message % {"digits": len(str(HIGHEST_FIDE_ID))}
    if problems:
        raise ValidationError(problems)


def _ensure_not_started(event: Event) -> None:
    if event.round_set.exists():
        raise RoundLocked(_("Round 1 is paired already: pairing numbers are fixed."))


def players_add(
    *,
    event_id: int,
    rows: list[dict[str, Any]],
    user: User | None,
    now: dt.datetime,
    missed_rounds: str = RequestKind.ABSENT,
) -> list[Player]:
    """Register players (one, or a whole import) in one transaction: all or none.

    Players entered after the event has started (late entries) get the next free pairing
    numbers; they are paired from the next round on.  The rounds paired before the entry
    count for them as ``missed_rounds`` says, the arbiter's choice: known absences (zero
    points, the default), half-point byes or full-point byes, each recorded as the
    request of its round (FIDE C.04.2 Article 3).

    :raises TournamentError: a player is not valid, too many top players (ESCA 3), more
        than 9,999 players in all (``common.refuse_too_many_players``), or
        ``missed_rounds`` is not a kind of request.
    """
    if missed_rounds not in RequestKind.values:
        raise TournamentError(_("Missed rounds count as absences, half-point or full-point byes."))
    with transaction.atomic():
        event = _lock_event(event_id)
        refuse_too_many_players(existing=event.players.count(), added=len(rows))
        players = [Player(event=event, **row) for row in rows]
        for player in players:
            fide_ratings.fill(player, event.rate_of_play)
        if event.started_at is not None:
            last = max((p.pairing_number or 0 for p in event.players.all()), default=0)
            for offset, player in enumerate(players, start=1):
                player.pairing_number = last + offset
        for player in players:
            try:
                # Fields only: Django checks each CheckConstraint with a query of its own,
                # four per player (10,000 players: 40,000 queries, 44 s).  What those
                # constraints say is what the fields' own validation already checks here
                # (choices, a name, a positive number), and the database enforces them
                # all at the insert below, in this transaction (#21).
                player.full_clean(
                    exclude=["event"], validate_unique=False, validate_constraints=False
                )
                _refuse_impossible(player)
            except ValidationError as exc:
                problems = "; ".join(
                    f"{field}: {' '.join(errors)}" for field, errors in exc.message_dict.items()
                )
                raise TournamentError(
                    # Translators: name is the player's name in quotes.
                    _("Player %(name)s not valid: %(problems)s")
                    % {"name": repr(player.name), "problems": problems}
                ) from exc
        marked = sum(1 for p in players if p.top_player)
        if marked:
            entrants = event.players.count() + len(players)
            top = event.players.filter(top_player=True).count() + marked
            if 2 * top > entrants:
                raise TournamentError(
                    _(
                        "%(top)s top players among %(entrants)s entrants: top players may be "
                        "at most half of the entrants (ESCA 3). Nothing was added."
                    )
                    % {"top": top, "entrants": entrants}
                )
        try:
            with transaction.atomic():
                Player.objects.bulk_create(players)
        except IntegrityError as exc:
            raise TournamentError(
                _("Nothing was added: %(problem)s") % {"problem": plain_integrity_error(exc)}
            ) from exc
        after = PlayersAdded(players=tuple(p.name for p in players))
        missed = event.round_set.order_by("-number").values_list("number", flat=True).first()
        if missed and missed_rounds != RequestKind.ABSENT:
            RoundRequest.objects.bulk_create(
                RoundRequest(player=player, round_number=number, kind=missed_rounds)
                for player in players
                for number in range(1, missed + 1)
            )
            rounds = f"1-{missed}" if missed > 1 else "1"
            after = replace(after, kind=missed_rounds, rounds=rounds)
        _audit(event=event, user=user, now=now, action=AuditAction.PLAYERS_ADD, after=after)
        return players


def pairing_number_set(
    *, player_id: int, pairing_number: int, user: User, now: dt.datetime
) -> None:
    """Give a player another pairing number before round 1, swapping with its holder.

    :raises RoundLocked: round 1 is paired already.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        _ensure_not_started(event)
        if event.started_at is None:
            raise EventNotStarted(_("Start the event first: pairing numbers are not assigned."))
        player = Player.objects.get(pk=player_id)
        count = event.players.count()
        if not 1 <= pairing_number <= count:
            raise TournamentError(_("Pairing numbers run from 1 to %(count)s.") % {"count": count})
        holder = event.players.filter(pairing_number=pairing_number).first()
        old = player.pairing_number
        if holder is not None and holder.pk != player.pk:
            holder.pairing_number = None
            holder.save(update_fields=["pairing_number"])
            player.pairing_number = pairing_number
            player.save(update_fields=["pairing_number"])
            holder.pairing_number = old
            holder.save(update_fields=["pairing_number"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PAIRING_NUMBER_SET,
            before=PlayerNumber(player=player.name, pairing_number=old),
            after=PlayerNumber(player=player.name, pairing_number=pairing_number),
        )


def player_withdraw(*, player_id: int, user: User, now: dt.datetime, reason: str = "") -> Player:
    """Withdraw a player after the last round paired: not paired any more (FIDE C.04.2 3.2)."""
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.withdrawn_after_round is not None:
            raise TournamentError(_("%(name)s has withdrawn already.") % {"name": player.name})
        last = event.round_set.order_by("-number").values_list("number", flat=True).first()
        player.withdrawn_after_round = last or 0
        player.save(update_fields=["withdrawn_after_round", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PLAYER_WITHDRAW,
            after=PlayerWithdrawal(player=player.name, after_round=player.withdrawn_after_round),
            reason=reason,
        )
        return player


def player_top_set(*, player_id: int, top: bool, user: User, now: dt.datetime) -> Player:
    """Mark or unmark a top player (ESCA 3), also between rounds of a running event.

    ESCA 3: the top players "should make up no more than 50% of the total entrants"; a
    mark that would pass that share is refused.  The set "can be amended for particular
    players in the light of experience during the tournament": the change applies from
    the next round paired.

    :raises TournamentError: more than half of the entrants would be top players.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.top_player == top:
            return player
        if top:
            entrants = event.players.count()
            marked = event.players.filter(top_player=True).count()
            if 2 * (marked + 1) > entrants:
                raise TournamentError(
                    _(
                        "%(name)s cannot be marked: top players may be at most half of the "
                        "%(entrants)s entrants (ESCA 3), and %(marked)s are marked already."
                    )
                    % {"name": player.name, "entrants": entrants, "marked": marked}
                )
        player.top_player = top
        player.save(update_fields=["top_player", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PLAYER_TOP_SET,
            before=PlayerTop(player=player.name, top_player=not top),
            after=PlayerTop(player=player.name, top_player=top),
        )
        return player


FIXED_BOARD_MAX = 999
"""The highest board a player can be given (no hall holds more boards)."""


def player_fixed_board_set(
    *, player_id: int, board: int | None, user: User | None, now: dt.datetime
) -> tuple[Player, list[str]]:
    """Give a player a fixed board, or take it away (``None``), from the next round paired.

    The round service seats the player's game at that board without changing who meets
    whom (``rounds.fixed_boards``); a draft already paired is not renumbered.

    :raises TournamentError: the board is not from 1 to 999; nothing changes.
    :returns: the player, and warnings: the board is another player's fixed board too.
    """
    if board is not None and not 1 <= board <= FIXED_BOARD_MAX:
        raise TournamentError(
            _("A fixed board is a board number from 1 to %(max)s.") % {"max": FIXED_BOARD_MAX}
        )
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        old = player.fixed_board
        if old == board:
            return player, []
        player.fixed_board = board
        player.save(update_fields=["fixed_board", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PLAYER_FIXED_BOARD,
            before=PlayerFixedBoard(player=player.name, fixed_board=old),
            after=PlayerFixedBoard(player=player.name, fixed_board=board),
        )
        others = list(
            event.players.filter(fixed_board=board)
            .exclude(pk=player.pk)
            .values_list("name", flat=True)
        )
        warnings = []
        if board is not None and others:
            warnings.append(
                _(
                    "Board %(board)s is also fixed for %(others)s: when both play, the game "
                    "placed higher by the pairing keeps it."
                )
                % {"board": board, "others": ", ".join(others)}
            )
        return player, warnings


PLAYER_DETAILS = (
    "name",
    "rating",
    *FIDE_RATING_FIELDS,
    "title",
    "federation",
    "fide_id",
    "national_id",
    "national_rating",
    "national_list",
    "birth_date",
    "birth_year",
    "sex",
    "k_factor",
    "club",
    "area",
)
"""What ``player_update`` changes at any time; the pairing number only before round 1.
``rating`` follows its rate's column (``fide_ratings.follow``)."""

FORM_DETAILS = tuple(name for name in PLAYER_DETAILS if name != "rating")
"""What the arbiter's form edits: FIDE's three ratings, not the one they give the event."""


ENGINE_DETAILS = frozenset(
    {"name", "rating", "national_rating", "title", "federation", "club", "area"}
)
"""The details a pairing reads (order, ESCA schools and areas, ratings for Lim and SB 3)."""


def player_update(
    *, player_id: int, changes: dict[str, Any], user: User, now: dt.datetime
) -> list[str]:
    """Correct a player's details: name, rating, title, federation, FIDE id, club, ...

    The details count from the next round paired on.  The pairing number changes only
    before round 1 is paired (its holder takes the old number).

    :raises TournamentError: a value is not valid, or cannot be edited; nothing changes.
    :raises RoundLocked: a new pairing number after round 1 is paired.
    :raises EventNotStarted: a pairing number before the event has started.
    :returns: warnings (a draft paired on the old details).
    """
    unknown = sorted(set(changes) - {*PLAYER_DETAILS, "pairing_number"})
    if unknown:
        raise TournamentError(
            _("These cannot be edited here: %(names)s.") % {"names": ", ".join(unknown)}
        )
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        name = player.name
        changes = fide_ratings.follow(changes, event.rate_of_play)
        changed = {k: v for k, v in changes.items() if getattr(player, k) != v}
        before = {k: _jsonable(getattr(player, k)) for k in changed}
        number = changed.pop("pairing_number", None)
        if "pairing_number" in before:
            _refuse_number(event, player, number)
        for field, value in changed.items():
            setattr(player, field, value)
        try:
            player.full_clean(exclude=["event"])
            _refuse_impossible(player)
        except ValidationError as exc:
            raise TournamentError(
                _("%(name)s not changed: %(problems)s")
                % {"name": name, "problems": _plain_problems(exc)}
            ) from exc
        if changed:
            player.save(update_fields=[*changed, "modified_at"])
        if number is not None:
            _move_number(event, player, number)
        if not before:
            return []
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PLAYER_UPDATE,
            before=PlayerChanges(player=name, values=tuple(before.items())),
            after=PlayerChanges(
                player=player.name,
                values=tuple((k, _jsonable(getattr(player, k))) for k in before),
            ),
        )
        draft = event.round_set.filter(state=RoundState.PAIRED).first()
        if draft is not None and ENGINE_DETAILS & set(before):
            return [
                _(
                    "The draft of round %(number)s was paired with the old details: "
                    "pair it again if the change matters."
                )
                % {"number": draft.number}
            ]
        return []


def _refuse_number(event: Event, player: Player, number: int | None) -> None:
    if event.round_set.exists():
        raise RoundLocked(
            _("Pairing numbers are fixed once round 1 is paired: %(name)s keeps number %(number)s.")
            % {"name": player.name, "number": player.pairing_number}
        )
    if event.started_at is None:
        raise EventNotStarted(_("Start the event first: pairing numbers are not assigned."))
    count = event.players.count()
    if number is None or not 1 <= number <= count:
        raise TournamentError(_("Pairing numbers run from 1 to %(count)s.") % {"count": count})


def _move_number(event: Event, player: Player, number: int) -> None:
    """Give ``player`` pairing number ``number``; its holder takes the player's old one."""
    old = Player.objects.values_list("pairing_number", flat=True).get(pk=player.pk)
    holder = event.players.filter(pairing_number=number).exclude(pk=player.pk).first()
    if holder is not None:
        holder.pairing_number = None
        holder.save(update_fields=["pairing_number"])
    player.pairing_number = number
    player.save(update_fields=["pairing_number"])
    if holder is not None:
        holder.pairing_number = old
        holder.save(update_fields=["pairing_number"])


def player_reinstate(*, player_id: int, user: User, now: dt.datetime) -> list[str]:
    """Undo a withdrawal: the player is paired again in the rounds not yet paired.

    The rounds paired while the player was withdrawn stay as they are (absences).

    :raises TournamentError: the player has not withdrawn.
    :raises RoundLocked: every planned round is paired: none is left to play.
    :returns: warnings (a draft paired without the player).
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.withdrawn_after_round is None:
            raise TournamentError(_("%(name)s has not withdrawn.") % {"name": player.name})
        last = event.round_set.order_by("-number").first()
        last_number = last.number if last is not None else 0
        if last_number >= event.rounds:
            raise RoundLocked(
                _("All %(rounds)s rounds are paired: no round is left for %(name)s.")
                % {"rounds": event.rounds, "name": player.name}
            )
        withdrawn_after = player.withdrawn_after_round
        player.withdrawn_after_round = None
        player.save(update_fields=["withdrawn_after_round", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.PLAYER_REINSTATE,
            before=PlayerWithdrawal(player=player.name, after_round=withdrawn_after),
            after=PlayerWithdrawal(player=player.name, plays_from_round=last_number + 1),
        )
        if last is not None and last.state == RoundState.PAIRED and withdrawn_after < last_number:
            return [
                _(
                    "The draft of round %(number)s was paired without %(name)s: "
                    "pair it again to include %(name)s."
                )
                % {"number": last_number, "name": player.name}
            ]
        return []
