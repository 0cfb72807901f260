"""The audit log: what an arbiter's change records, and how the Audit page reads it (#33).

One writer (``record``) for every service and the ESCA 25 redraw, in the manner of
Django admin's ``LogEntry``: the action is an ``AuditAction`` choice, the payloads of the
actions that name players are typed (``ResultPayload``, ``BoardsPayload``), and a row that
changes nothing is not written.  The renderer lives here too, out of the selectors.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import FieldDoesNotExist
from django.core.paginator import Paginator
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from swissweb.ratings.models import RATING_KINDS, ListedPlayer
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import event_settings
from swissweb.tournament.models import (
    REQUEST_KIND_WORDS,
    AskState,
    AuditEntry,
    Event,
    Player,
    PlayerAsk,
    RequestKind,
    Result,
    Round,
)

__all__ = ["AuditAction", "AuditLine", "audit_line", "audit_page", "import_duplicates", "record"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultPayload:
    """What a result entry records on each side: the board, its players and the result.

    The players are named ("3. Frost") as they were when the result came in, so the log
    reads "Board 3: 3. Frost – 7. Chen" even after a player is renamed or deleted.
    """

    board: int
    white: str
    black: str
    result: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardsPayload:
    """A round's boards as ``[board, white id, black id]`` rows (a redraw, a swap in a
    draft, a correction), the players a redraw recorded absent, and the rules a
    correction mended."""

    boards: tuple[tuple[int | None, int | None, int | None], ...]
    absent: tuple[int, ...] | None = None
    violations: tuple[str, ...] | None = None


Payload = ResultPayload | BoardsPayload | Mapping[str, Any]
"""A typed payload, or the plain mapping the other actions record."""


def _as_json(payload: Payload | None) -> dict[str, Any]:
    """A payload as the JSON the entry stores (a dataclass's fields; None left out)."""
    if payload is None:
        return {}
    if isinstance(payload, ResultPayload | BoardsPayload):
        data = {field.name: getattr(payload, field.name) for field in dataclasses.fields(payload)}
        return {
            key: [list(row) if isinstance(row, tuple) else row for row in value]
            if isinstance(value, tuple)
            else value
            for key, value in data.items()
            if value is not None
        }
    return dict(payload)


ROUND_ACTIONS = frozenset(
    {
        AuditAction.ROUND_PAIR,
        AuditAction.ROUND_PUBLISH,
        AuditAction.ROUND_UNPUBLISH,
        AuditAction.DRAFT_SWAP,
        AuditAction.DRAFT_FLIP,
        AuditAction.ROUND_DELETE,
    }
)
"""Actions on a round as a whole, whose rows record the round's number too: a draft
deleted to "pair again" takes its ``AuditEntry.round`` link with it (SET_NULL), and the
number keeps its rows in the round (the Round column, the page's round filter)."""


def player_label(player: Player | None) -> str:
    """A player as the log names them: "3. Frost", or "" for no player (a bye)."""
    if player is None:
        return ""
    return f"{player.pairing_number}. {player.name}" if player.pairing_number else player.name


def record(
    *,
    event: Event,
    user: User | None,
    now: dt.datetime,
    action: AuditAction,
    round_: Round | None = None,
    before: Payload | None = None,
    after: Payload | None = None,
    reason: str = "",
) -> AuditEntry | None:
    """Record who did what, when and why; None (and no row) for a change of nothing.

    Every service records through here inside its transaction, so a NUL in what it
    records (PostgreSQL cannot store one in text or JSON) refuses the whole change (D7,
    #31).  A row whose before and after are the same recorded nothing that changed (a
    settings save with the same values, a result entered again), so it is not written.

    :raises TournamentError: the reason or a recorded value holds a NUL.
    """
    old, new = _as_json(before), _as_json(after)
    if (old or new) and old == new:
        return None
    if round_ is not None and action in ROUND_ACTIONS:
        new.setdefault("round", round_.number)
    if _holds_nul([reason, old, new]):
        raise TournamentError(
            _("The reason or a value holds a NUL character (U+0000); nothing was changed.")
        )
    return AuditEntry.objects.create(
        event=event,
        round=round_,
        user=user if user is not None and user.is_authenticated else None,
        at=now,
        action=AuditAction(action),
        before=old,
        after=new,
        reason=reason,
    )


def _holds_nul(value: Any) -> bool:
    """Whether a NUL is in ``value``: text, or the lists and dicts of an audit entry."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_holds_nul(item) for item in value)
    return False


def _action_label(action: str) -> str:
    """An action in words: its ``AuditAction`` label, else its own name (a row from a
    newer version read by an older one)."""
    if action in AuditAction.values:
        return str(AuditAction(action).label)
    return action.replace("_", " ")


# Translators: labels of the values an audit entry records, each followed by a colon.
AUDIT_KEYS = {
    "after_round": gettext_lazy("withdrawn after round"),
    "plays_from_round": gettext_lazy("plays from round"),
    "pairing_number": gettext_lazy("pairing number"),
    "top_player": gettext_lazy("top player"),
    "kind": gettext_lazy("request"),
    "names": gettext_lazy("players"),
    "fide_id": gettext_lazy("FIDE id"),
    "birth_date": gettext_lazy("birth date"),
    "duplicates": gettext_lazy("players named twice"),
    "round": gettext_lazy("round"),
    "rounds": gettext_lazy("rounds"),
    "schedule": gettext_lazy("schedule"),
    "board": gettext_lazy("board"),
    "result": gettext_lazy("result"),
    "players": gettext_lazy("players"),
    "arbiter": gettext_lazy("arbiter"),
    "list": pgettext_lazy("a rating list", "list"),
    "changes": gettext_lazy("changes"),
    "state": pgettext_lazy("of a player's request", "state"),
    "not_read": gettext_lazy("not read"),
    "name": gettext_lazy("name"),
    "rating": gettext_lazy("rating"),
    "title": pgettext_lazy("FIDE title", "title"),
    "federation": gettext_lazy("federation"),
    "national_id": gettext_lazy("national id"),
    "birth_year": gettext_lazy("birth year"),
    "sex": gettext_lazy("sex"),
    "club": gettext_lazy("club"),
    "area": gettext_lazy("area"),
    "reason": gettext_lazy("reason"),
    "link": gettext_lazy("link (fingerprint)"),
}
"""Labels of the recorded values; other keys show as they are."""

AUDIT_PAGE_SIZE = 50


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditLine:
    """One recorded change as the arbiter reads it: who, when, what, from what to what."""

    entry_id: int
    at: object
    user: str
    action: str
    round: int | None
    subject: str
    changes: tuple[str, ...]
    reason: str


def _audit_label(key: str) -> str:
    """A recorded key in words: ``AUDIT_KEYS``, else the event's or a player's field of
    that name (its translated ``verbose_name``), else the key itself."""
    if key in AUDIT_KEYS:
        return str(AUDIT_KEYS[key])
    for model in (Event, Player):
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if isinstance(field, models.Field):
            return str(field.verbose_name)
    return key.replace("_", " ")


def _is_setting(key: str) -> bool:
    """Whether ``key`` names a column of the event (what a settings change records)."""
    try:
        field = Event._meta.get_field(key)
    except FieldDoesNotExist:
        return False
    return isinstance(field, models.Field) and not field.primary_key


def _setting_value(key: str, value: object) -> str | None:
    """An event setting's recorded value as the settings confirmation writes it (points
    in points, a choice by its label); None for a key that is no setting."""
    if not _is_setting(key):
        return None
    try:
        return event_settings.shown(key, value)
    except (TypeError, ValueError):
        return None


def _player_choice(key: str, value: object) -> str | None:
    """A player's recorded choice (sex, title) by its label."""
    try:
        field = Player._meta.get_field(key)
    except FieldDoesNotExist:
        return None
    choices = dict(field.flatchoices) if isinstance(field, models.Field) else {}
    return str(choices[value]) if value in choices else None


def _audit_value(key: str, value: object, names: dict[int, str], action: str = "") -> str:
    if value is None or value == "" or value == []:
        # Translators: an empty value in the audit log.
        return pgettext("no value", "none")
    if action == "event_settings" and (setting := _setting_value(key, value)) is not None:
        return setting
    if action == "player_update" and (choice := _player_choice(key, value)) is not None:
        return choice
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key == "result" and value in Result.values:
        return str(Result(value).label)
    if key == "kind" and value in RequestKind.values:
        return str(REQUEST_KIND_WORDS[RequestKind(value)])
    if key == "kind" and value in PlayerAsk.values:
        return str(PlayerAsk(value).label)
    if key == "kind" and action == "ratings_refresh" and value in RATING_KINDS:
        # The rating column the refresh read, by its name ("rapid rating").
        column = cast("models.Field[Any, Any]", ListedPlayer._meta.get_field(str(value)))
        return str(column.verbose_name)
    if key == "state" and value in (AskState.APPROVED, AskState.REFUSED):
        return str(AskState(str(value)).label)
    if key in ("players", "absent") and isinstance(value, list):
        # Ids of players (swaps, forbidden pairs, absent from a redraw), or the names a
        # registration recorded.
        return ", ".join(
            names.get(item, f"#{item}") if isinstance(item, int) else str(item) for item in value
        )
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def _board_changes(before: object, after: object, names: dict[int, str]) -> list[str]:
    """The boards of a round that an edit changed, as 'board 3: A - B -> A - C'."""
    if not isinstance(before, list) or not isinstance(after, list):
        return []

    bye, none = _("bye"), pgettext("no value", "none")

    def seats(rows: list[list[int | None]]) -> dict[int, str]:
        return {
            int(board or 0): " - ".join(
                names.get(pk, f"#{pk}") if pk is not None else bye for pk in (white, black)
            )
            for board, white, black in rows
        }

    old, new = seats(before), seats(after)
    return [
        # Translators: a board of a round the arbiter changed: its players before → after.
        _("board %(board)s: %(before)s → %(after)s")
        % {"board": board, "before": old.get(board, none), "after": new.get(board, none)}
        for board in sorted(set(old) | set(new))
        if old.get(board) != new.get(board)
    ]


def _audit_player_ids(entry: AuditEntry) -> set[int]:
    ids: set[int] = set()
    for data in (entry.before or {}, entry.after or {}):
        if isinstance(data.get("player_id"), int):
            ids.add(data["player_id"])
        for key in ("players", "absent"):
            listed = data.get(key)
            if isinstance(listed, list):
                ids.update(pk for pk in listed if isinstance(pk, int))
        for row in data.get("boards", []) if isinstance(data.get("boards"), list) else []:
            ids.update(pk for pk in row[1:] if isinstance(pk, int))
    return ids


def _result_payload(data: Mapping[str, Any]) -> ResultPayload:
    """A result entry's recorded side, read back into its type."""
    return ResultPayload(
        board=int(data.get("board") or 0),
        white=str(data.get("white") or ""),
        black=str(data.get("black") or ""),
        result=str(data.get("result") or ""),
    )


def _result_subject(payload: ResultPayload) -> str:
    """A result entry's board and players: "Board 3: 3. Frost – 7. Chen"."""
    # Translators: the board of a result entered and its players (white – black).
    return _("Board %(board)s: %(white)s – %(black)s") % {
        "board": payload.board,
        "white": payload.white or _("bye"),
        "black": payload.black or _("bye"),
    }


Names = dict[int, str]
"""Player ids to names as the page shows them ("3. Frost")."""


def _player_subject(before: Mapping[str, Any], after: Mapping[str, Any], names: Names) -> str:
    """The player an entry is about: the name it recorded, else its player id's name."""
    subject = str(after.get("player") or before.get("player") or "")
    player_id = after.get("player_id") or before.get("player_id")
    if not subject and isinstance(player_id, int):
        subject = names.get(player_id, "")
    return subject


def _pair_subject(before: Mapping[str, Any], after: Mapping[str, Any], names: Names) -> str:
    """A forbidden pair's two players, by the names the entry recorded."""
    pair = after.get("names") or before.get("names")
    if not isinstance(pair, list):
        return _player_subject(before, after, names)
    if len(pair) == 2:
        # Translators: the two players of a forbidden pair.
        return _("%(first)s and %(second)s") % {"first": pair[0], "second": pair[1]}
    return ", ".join(str(name) for name in pair)


def _result_row_subject(before: Mapping[str, Any], after: Mapping[str, Any], names: Names) -> str:
    """A result's board and players; "" for a row written before it named them."""
    return _result_subject(_result_payload(after)) if "white" in after else ""


SubjectReader = Callable[[Mapping[str, Any], Mapping[str, Any], Names], str]
PAIR_ACTIONS = frozenset(
    {
        AuditAction.FORBIDDEN_PAIR_ADD,
        AuditAction.FORBIDDEN_PAIR_UPDATE,
        AuditAction.FORBIDDEN_PAIR_DELETE,
    }
)
SUBJECTS: dict[str, SubjectReader] = {
    **dict.fromkeys(PAIR_ACTIONS, _pair_subject),
    AuditAction.RESULT_RECORD: _result_row_subject,
}
"""Who or what each action is about, read from its payload; the others name a player."""
SUBJECT_KEYS: dict[str, frozenset[str]] = {
    **dict.fromkeys(PAIR_ACTIONS, frozenset({"players"})),
    AuditAction.RESULT_RECORD: frozenset({"board", "white", "black"}),
    **dict.fromkeys(ROUND_ACTIONS, frozenset({"round"})),  # the Round column shows it
}
"""The keys each action's subject (or the Round column) already shows."""


def audit_line(entry: AuditEntry, names: Names) -> AuditLine:
    """One audit entry in words: player ids as names, boards as the boards that changed."""
    before, after = entry.before or {}, entry.after or {}
    subject = SUBJECTS.get(entry.action, _player_subject)(before, after, names)
    changes = _board_changes(before.get("boards"), after.get("boards"), names)
    skip = {"player", "player_id", "boards", "violations", "names"}
    skip |= SUBJECT_KEYS.get(entry.action, frozenset())
    if entry.action == AuditAction.RESULT_RECORD and "white" not in after:
        skip -= {"board"}  # a row written before #33: the board is one of its changes
    for key in dict.fromkeys((*before, *after)):
        if key in skip:
            continue
        label = _audit_label(key)
        if key == "kind" and entry.action == "ratings_refresh":
            label = _("rating")
        elif entry.action == "event_settings" and _is_setting(key):
            label = event_settings.label(key)
        if key in before and key in after:
            old, new = (_audit_value(key, d[key], names, entry.action) for d in (before, after))
            changes.append(f"{label}: {old} → {new}" if old != new else f"{label}: {new}")
        elif key in after:
            changes.append(f"{label}: {_audit_value(key, after[key], names, entry.action)}")
        else:
            changes.append(
                # Translators: a value an audit entry recorded before the change only.
                _("%(label)s: %(value)s (before)")
                % {"label": label, "value": _audit_value(key, before[key], names, entry.action)}
            )
    for violation in before.get("violations", []):
        # Translators: the rule a published pairing broke, which a correction mended.
        changes.append(_("breach mended: %(violation)s") % {"violation": violation})
    round_number = entry.round.number if entry.round is not None else None
    if round_number is None and isinstance(after.get("round") or before.get("round"), int):
        round_number = after.get("round") or before.get("round")
    return AuditLine(
        entry_id=entry.pk,
        at=entry.at,
        user=entry.user.get_username() if entry.user is not None else _("(no user)"),
        action=_action_label(entry.action),
        round=round_number,
        subject=subject,
        changes=tuple(changes),
        reason=entry.reason,
    )


def import_duplicates(*, event: Event) -> list[str]:
    """The players the TRF import of ``event`` found named twice, as it reported them
    (empty for an event not imported, or imported without such players)."""
    entry = event.audit_entries.filter(action=AuditAction.EVENT_IMPORT).first()
    duplicates = entry.after.get("duplicates", []) if entry is not None else []
    return [str(text) for text in duplicates]


def audit_page(*, event: Event, page: str | None, round_number: int | None) -> dict[str, Any]:
    """One page of the event's audit log, newest first, optionally of one round only."""

    entries = event.audit_entries.select_related("user", "round").order_by("-at", "-id")
    if round_number is not None:
        entries = entries.filter(round__number=round_number) | entries.filter(
            round__isnull=True, after__round=round_number
        )
    paginator = Paginator(entries, AUDIT_PAGE_SIZE)
    current = paginator.get_page(page)
    ids: set[int] = set()
    for entry in current.object_list:
        ids |= _audit_player_ids(entry)
    names = {
        pk: f"{number}. {name}" if number else name
        for pk, number, name in event.players.filter(pk__in=ids).values_list(
            "pk", "pairing_number", "name"
        )
    }
    return {
        "page": current,
        "lines": [audit_line(entry, names) for entry in current.object_list],
        "round_filter": round_number,
    }
