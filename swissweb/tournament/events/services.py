"""Events: create, add an arbiter, start, change the settings, import a TRF file."""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import ArbiterAdded, EventImported, SettingChanges
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import (
    ConfirmationNeeded,
    RoundLocked,
    SettingLocked,
    StaleEdit,
    TournamentError,
)
from swissweb.tournament.core.services import (
    _audit,
    _lock_event,
    _problems,
    plain_integrity_error,
    refuse_too_many_players,
)
from swissweb.tournament.events import event_settings, slugs
from swissweb.tournament.models import (
    Event,
    EventSlugRedirect,
    ForbiddenPair,
    Game,
    Player,
    PlayerRequest,
    Round,
    RoundRequest,
    new_access_code,
)
from swissweb.tournament.publishing import backup
from swissweb.tournament.publishing.backup_plans import EventPlan
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import parse_tiebreaks
from swissweb.tournament.standings.prize_table import validate_groups


def event_start(*, event_id: int, user: User | None, now: dt.datetime) -> Event:
    """Assign pairing numbers and start the event.

    The order is the system's own: Lim 7 for a Lim event (rating, title, then lot drawn
    from the event's seed; we keep no local ratings, so that step is skipped); FIDE
    C.04.2 Article 2 (rating, title, name) for every other system.  The arbiter can still change the
    numbers until round 1 is paired.

    :raises RoundLocked: a round has been paired already, so numbers cannot change.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        if event.round_set.exists():
            raise RoundLocked(_("Pairing numbers cannot change once round 1 is paired."))
        players = list(event.players.all())
        if len(players) < 2:
            raise TournamentError(_("An event needs at least two players to start."))
        players = engine_adapter.initial_order(event, players)
        event.players.update(pairing_number=None)
        for number, player in enumerate(players, start=1):
            player.pairing_number = number
        Player.objects.bulk_update(players, ["pairing_number"])
        event.started_at = now
        event.save(update_fields=["started_at", "modified_at"])
        _audit(event=event, user=user, now=now, action=AuditAction.EVENT_START)
        return event


def _typed_prize_table(event: Event) -> None:
    """The prize table as typed also admits someone in each group (``validate_groups``;
    a table restored from a backup is read as it is).

    :raises ValidationError: by field, as ``full_clean`` raises it.
    """
    try:
        validate_groups(event.prize_table)
    except ValidationError as exc:
        raise ValidationError({"prize_table": exc.messages}) from exc


def event_create(*, user: User, now: dt.datetime, **fields: Any) -> Event:
    """Create an event; its creator becomes its first arbiter.  ``fields`` are the
    event's columns and, by name, the systems' option flags (``lim_maxi=True``)."""
    flags = event_settings.option_flags()
    options = {name: fields.pop(name) for name in list(fields) if name in flags}
    problems = event_settings.option_problems(options)
    if problems:
        raise TournamentError(" ".join(problems))
    with transaction.atomic():
        event = Event(**fields)
        event.set_option_flags(options)
        event.lots_seed = secrets.randbits(62)
        event.full_clean()
        _typed_prize_table(event)
        event.save()
        event.arbiters.add(user)
        _audit(event=event, user=user, now=now, action=AuditAction.EVENT_CREATE)
        return event


def event_add_arbiter(*, event_id: int, arbiter: User, user: User, now: dt.datetime) -> None:
    """Make another user an arbiter of the event."""
    with transaction.atomic():
        event = _lock_event(event_id)
        event.arbiters.add(arbiter)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ARBITER_ADD,
            after=ArbiterAdded(arbiter=arbiter.get_username()),
        )


def event_settings_update(
    *,
    event_id: int,
    changes: dict[str, Any],
    expected_version: int,
    user: User | None,
    now: dt.datetime,
    confirm: bool = False,
) -> Event:
    """Change an event's settings (``event_settings_change``), the event only."""
    event, _switch = event_settings_change(
        event_id=event_id,
        changes=changes,
        expected_version=expected_version,
        user=user,
        now=now,
        confirm=confirm,
    )
    return event


def event_settings_change(
    *,
    event_id: int,
    changes: dict[str, Any],
    expected_version: int,
    user: User | None,
    now: dt.datetime,
    confirm: bool = False,
) -> tuple[Event, fide_ratings.RateSwitch | None]:
    """Change an event's settings: all the changes, or none (#20).

    A new rate of play gives every player FIDE's rating of the new rate where it is
    known (``fide_ratings.switch_event``, #35 item 1), recorded in the same audit
    entry; what it did is returned beside the event (None: the rate is unchanged).

    ``changes`` maps settings (``event_settings.settings_fields()``; points in
    half-points) to their new values; ``expected_version`` is the ``settings_version``
    the arbiter's form was loaded at.  Every setting that changes is recorded, before
    and after.  A new slug keeps the old one leading to the event (``EventSlugRedirect``).

    :raises StaleEdit: someone changed the settings since the form was loaded.
    :raises SettingLocked: fewer rounds than are paired; the system or the initial
        colour once round 1 is paired.
    :raises ConfirmationNeeded: point values or system options once round 1 is paired,
        or tie-breaks that rank the standings differently (#36 item 5), unless
        ``confirm``; its ``changes`` say what the change would do.
    :raises TournamentError: a value is not valid (a slug taken or shadowed by a route,
        unknown tie-breaks, dates out of order, ...), naming the setting.
    """

    unknown = sorted(set(changes) - set(event_settings.settings_fields()))
    if unknown:
        raise TournamentError(
            _("Not a setting of the event: %(names)s.") % {"names": ", ".join(unknown)}
        )
    problems = event_settings.option_problems(changes)
    if problems:
        raise TournamentError(" ".join(problems))
    changes = dict(changes)
    if "tiebreaks" in changes:
        try:
            codes = parse_tiebreaks(str(changes["tiebreaks"]))
        except ValueError as exc:
            raise TournamentError(_("Tie-breaks: %(problem)s.") % {"problem": exc}) from exc
        changes["tiebreaks"] = ",".join(code.value for code in codes)
    try:
        with transaction.atomic():
            event = _lock_event(event_id)
            if event.settings_version != expected_version:
                last = event.audit_entries.filter(action=AuditAction.EVENT_SETTINGS).first()
                if last is None:
                    raise StaleEdit(
                        _(
                            "The settings were changed by someone else since this form was "
                            "loaded: reload the form and make your change again."
                        )
                    )
                name = last.user.get_username() if last.user is not None else _("someone")
                at = formats.date_format(timezone.localtime(last.at), "SHORT_DATETIME_FORMAT")
                raise StaleEdit(
                    # Translators: name is the arbiter who changed the settings, at when.
                    _(
                        "The settings were changed by someone else since this form was "
                        "loaded (by %(name)s, %(at)s): reload the form and make your change "
                        "again."
                    )
                    % {"name": name, "at": at}
                )
            diff = {
                name: value
                for name, value in changes.items()
                if event_settings.current(event, name) != value
            }
            if not diff:
                return event, None
            paired = event.round_set.aggregate(last=Max("number"))["last"] or 0
            problems = event_settings.refusals(event, diff, paired)
            if problems:
                raise SettingLocked(" ".join(problems))
            if "slug" in diff:
                refusal = slugs.slug_refusal(str(diff["slug"]), event_id=event.pk)
                if refusal is not None:
                    raise TournamentError(refusal)
            lines = event_settings.changed_lines(event, diff)
            effects = event_settings.consequences(event, diff, paired)
            if effects and not confirm:
                raise ConfirmationNeeded(
                    ngettext(
                        "Round 1 was paired already: confirm these changes.",
                        "Rounds 1-%(paired)s were paired already: confirm these changes.",
                        paired,
                    )
                    % {"paired": paired},
                    changes=lines + effects,
                )
            before = {
                name: event_settings.as_json(event_settings.current(event, name)) for name in diff
            }
            old_slug = event.slug
            event_settings.assign(event, diff)
            event.settings_version += 1
            try:
                event.full_clean(exclude=["arbiters"])
                if "prize_table" in diff:
                    _typed_prize_table(event)
            except ValidationError as exc:
                raise TournamentError(
                    _("Not saved: %(problems)s") % {"problems": _problems(exc)}
                ) from exc
            stored = event_settings.stored_fields(diff)
            event.save(update_fields=[*stored, "settings_version", "modified_at"])
            if "slug" in diff:
                EventSlugRedirect.objects.filter(old_slug=event.slug, event=event).delete()
                EventSlugRedirect.objects.create(old_slug=old_slug, event=event)
            switch = fide_ratings.switch_event(event, now=now) if "rate_of_play" in diff else None
            reasons = (
                [_("Confirmed: %(effects)s") % {"effects": " ".join(effects)}] if effects else []
            )
            if switch is not None:
                reasons.append(_switch_words(event, switch))
            _audit(
                event=event,
                user=user,
                now=now,
                action=AuditAction.EVENT_SETTINGS,
                before=SettingChanges(values=tuple(before.items())),
                after=SettingChanges(
                    values=tuple((name, event_settings.as_json(v)) for name, v in diff.items())
                ),
                reason=" ".join(reasons),
            )
            return event, switch
    except IntegrityError as exc:
        # Another event took the slug between the check and the save.
        raise TournamentError(_("Not saved: %(problems)s") % {"problems": exc}) from exc


def _switch_words(event: Event, switch: fide_ratings.RateSwitch) -> str:
    """What a new rate of play did to the players' FIDE ratings, for the audit entry."""
    rate = event.get_rate_of_play_display()
    # Translators: rate is the new rate of play; changes lists "name: old → new".
    words = _("FIDE ratings now of the rate %(rate)s: %(changes)s.") % {
        "rate": rate,
        # Translators: no player's FIDE rating changed.
        "changes": "; ".join(switch.switched) or _("none changed"),
    }
    if switch.kept:
        words += " " + _("Not known for that rate, kept: %(names)s.") % {
            "names": ", ".join(switch.kept)
        }
    return words


def event_import_trf(
    *, text: str, user: User, now: dt.datetime, system: str | None = None,
    ask_system: bool = False,
) -> Event:  # fmt: skip
    """Create a whole event from a TRF file (a backup made by our export, or another
    program's file): players, every round with its boards and results, requests and
    forbidden pairs; the importing user becomes its arbiter.  All or nothing.  Players
    the file seems to name twice are imported as they are and named in the audit entry
    (``EventImported.duplicates``, read back by ``audit.selectors.imported``); so is a tie-break
    list of another program (TRF-2026 202/212) with a code we do not compute, the event
    keeping the default order, and round dates or an encoded time control that do not
    read (``EventImported.not_read``, one sentence each).

    A file that names no pairing system is read as paired by ``system``, else refused
    with ``SystemNotNamed`` when ``ask_system`` (``backup.event_plan``).

    :raises TournamentError: the file is malformed or inconsistent (the message names
        line and column), or a value does not fit the database.
    """

    plan = backup.event_plan(text, now=now, system=system, ask_system=ask_system)
    refuse_too_many_players(existing=0, added=len(plan.players))
    started = plan.event["started_at"] is not None
    try:
        with transaction.atomic():
            event = Event(slug=slugs.unique_slug(plan.event["name"]), **plan.event)
            try:
                event.full_clean()
            except ValidationError as exc:
                raise TournamentError(
                    _("The event is not valid: %(problems)s") % {"problems": _problems(exc)}
                ) from exc
            event.save()
            event.arbiters.add(user)
            notes = _restore_notes(plan)
            players = {}
            for rank, fields in plan.players.items():
                player = Player(event=event, pairing_number=rank if started else None, **fields)
                if any(name in fields for name in fide_ratings.FIDE_RATING_FIELDS):
                    # SWX: the rate's rating where known, else the 001 rating as it was.
                    fide_ratings.switch(player, event.rate_of_play)
                else:  # an older backup or another program's file
                    fide_ratings.fill(player, event.rate_of_play)
                try:
                    player.full_clean(exclude=["event"])
                except ValidationError as exc:
                    raise TournamentError(
                        _("TRF line %(line)s: player %(rank)s is not valid: %(problems)s")
                        % {
                            "line": plan.player_lines[rank],
                            "rank": rank,
                            "problems": _problems(exc),
                        }
                    ) from exc
                players[rank] = player
            Player.objects.bulk_create(players.values())
            games = []
            for planned in plan.rounds:
                round_ = Round.objects.create(
                    event=event,
                    number=planned.number,
                    state=planned.state,
                    lots_seed=planned.seed,
                    paired_at=planned.paired_at,
                    published_at=planned.published_at,
                    completed_at=planned.completed_at,
                    explanation=planned.explanation,
                )
                games += [
                    Game(
                        round=round_,
                        board=g.board,
                        white=players[g.white],
                        black=players[g.black] if g.black is not None else None,
                        result=g.result,
                    )
                    for g in planned.games
                ]
            Game.objects.bulk_create(games)
            RoundRequest.objects.bulk_create(
                RoundRequest(player=players[rank], round_number=number, kind=kind)
                for (rank, number), kind in sorted(plan.requests.items())
            )
            ForbiddenPair.objects.bulk_create(
                ForbiddenPair(
                    event=event,
                    first=min(players[a], players[b], key=lambda p: p.pk),
                    second=max(players[a], players[b], key=lambda p: p.pk),
                    reason=plan.reasons.get((a, b), ""),
                )
                for a, b in sorted(plan.forbidden)
            )
            _restore_asks(plan, players)
            _audit(
                event=event,
                user=user,
                now=now,
                action=AuditAction.EVENT_IMPORT,
                after=EventImported(
                    players=len(players),
                    rounds=len(plan.rounds),
                    duplicates=tuple(plan.duplicates),
                    not_read=tuple(plan.not_read),
                    notes=tuple(notes),
                ),
            )
            return event
    except IntegrityError as exc:
        raise TournamentError(
            _("The file does not fit the database: %(problem)s")
            % {"problem": plain_integrity_error(exc)}
        ) from exc


def _restore_notes(plan: EventPlan) -> list[str]:
    """Make the restore safe, and say what it changed (the import's audit entry, shown
    after the import): the event is private whatever the file says, and a private link
    code another player here holds already (the original event is still here, say) is
    replaced by a new one, since each must lead to one player (#31)."""

    notes = []
    if plan.public_in_file:
        notes.append(
            _(
                "The file's event was public; this copy is private until you publish it "
                "in its settings."
            )
        )
    codes = [row["access_code"] for row in plan.players.values() if "access_code" in row]
    taken = set(Player.objects.filter(access_code__in=codes).values_list("access_code", flat=True))
    replaced = 0
    for row in plan.players.values():
        code = row.get("access_code")
        if code is None:
            continue
        if code in taken:
            row["access_code"] = new_access_code()
            replaced += 1
        taken.add(row["access_code"])
    if replaced:
        notes.append(
            # Translators: count is the number of players given a new private link.
            ngettext(
                "%(count)d player's private link is in use here already (by another "
                "event's player): that player was given a new one.",
                "%(count)d players' private links are in use here already (by another "
                "event's players): they were given new ones.",
                replaced,
            )
            % {"count": replaced}
        )
    return notes


def _restore_asks(plan: EventPlan, players: dict[int, Player]) -> None:
    """The players' own requests, with the times they were made and decided (SWQ); the
    arbiter who decided is a user of the original site and is not restored."""

    asks = [
        PlayerRequest(
            player=players[a.rank],
            kind=a.kind,
            round_number=a.round_number,
            state=a.state,
            decided_at=a.decided_at,
            via_link=a.via_link,
        )  # fmt: skip
        for a in plan.asks
    ]
    PlayerRequest.objects.bulk_create(asks)
    for ask, planned in zip(asks, plan.asks, strict=True):
        ask.created_at = planned.created_at  # auto_now_add set it to now on create
    PlayerRequest.objects.bulk_update(asks, ["created_at"])
