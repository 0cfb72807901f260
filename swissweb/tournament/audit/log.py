"""The audit log: what an arbiter's change records, and how the Audit page reads it (#33).

One writer (``record``) for every service and the ESCA 25 redraw, in the manner of
Django admin's ``LogEntry``: the action is an ``AuditAction`` choice, its payload the
class ``registry.PAYLOADS`` names (``record``'s overloads let ``mypy`` refuse another,
and ``record`` refuses it at run time too), and a row that changes nothing is not
written.  The reader parses each stored row back into its action's payload class,
whatever version wrote it, and lets the payload say itself.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict, Unpack, overload

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.check_in import (
    AsksUndecided,
    CheckInWindow,
    PlayerCheckIn,
    UnconfirmedChoice,
)
from swissweb.tournament.audit.entry_payloads import EntryOptions, EntryValues
from swissweb.tournament.audit.festival_payloads import (
    FestivalValues,
    PlayerMove,
    SectionDeleted,
    SectionPlace,
    SectionRules,
)
from swissweb.tournament.audit.payloads import (
    ArbiterAdded,
    BoardsPayload,
    EventImported,
    ForbiddenPairValues,
    NoValues,
    PlayerAskValues,
    PlayerChanges,
    PlayerFixedBoard,
    PlayerLink,
    PlayerNumber,
    PlayersAdded,
    PlayerTop,
    PlayerWithdrawal,
    RatingsRefreshed,
    ResultPayload,
    RoundNumber,
    RoundRequestValues,
    ScheduleRows,
    SettingChanges,
)
from swissweb.tournament.audit.registry import PAYLOADS, ROUND_ACTIONS
from swissweb.tournament.audit.stored import (
    AuditPayload,
    Fields,
    JSONValue,
    Names,
    Rendering,
    stored,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player, Round

__all__ = [
    "AuditAction",
    "Recorded",
    "read",
    "player_label",
    "record",
]


def player_label(player: Player | None) -> str:
    """A player as the log names them: "3. Frost", or "" for no player (a bye)."""
    if player is None:
        return ""
    return f"{player.pairing_number}. {player.name}" if player.pairing_number else player.name


class Row(TypedDict):
    """Who recorded a change, when, of which round, and why."""

    event: Event
    user: User | None
    now: dt.datetime
    round_: NotRequired[Round | None]
    reason: NotRequired[str]


# One overload per payload class, naming the actions that record it (``PAYLOADS``).
# fmt: off
@overload
def record(*, action: Literal[AuditAction.EVENT_CREATE, AuditAction.EVENT_START],
           before: NoValues | None = None, after: NoValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.EVENT_IMPORT],
           before: EventImported | None = None, after: EventImported | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.EVENT_SETTINGS],
           before: SettingChanges | None = None, after: SettingChanges | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ARBITER_ADD],
           before: ArbiterAdded | None = None, after: ArbiterAdded | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYERS_ADD],
           before: PlayersAdded | None = None, after: PlayersAdded | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PAIRING_NUMBER_SET],
           before: PlayerNumber | None = None, after: PlayerNumber | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_UPDATE],
           before: PlayerChanges | None = None, after: PlayerChanges | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_WITHDRAW, AuditAction.PLAYER_REINSTATE],
           before: PlayerWithdrawal | None = None, after: PlayerWithdrawal | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_TOP_SET],
           before: PlayerTop | None = None, after: PlayerTop | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_LINK_ROTATE],
           before: PlayerLink | None = None, after: PlayerLink | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_ASK, AuditAction.PLAYER_ASK_DECIDE],
           before: PlayerAskValues | None = None, after: PlayerAskValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ROUND_REQUEST, AuditAction.ROUND_REQUEST_UPDATE,
                             AuditAction.ROUND_REQUEST_DELETE],
           before: RoundRequestValues | None = None, after: RoundRequestValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.FORBIDDEN_PAIR_ADD, AuditAction.FORBIDDEN_PAIR_UPDATE,
                             AuditAction.FORBIDDEN_PAIR_DELETE],
           before: ForbiddenPairValues | None = None, after: ForbiddenPairValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ROUND_PAIR, AuditAction.ROUND_DELETE,
                             AuditAction.ROUND_PUBLISH, AuditAction.ROUND_UNPUBLISH],
           before: RoundNumber | None = None, after: RoundNumber | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.DRAFT_SWAP, AuditAction.DRAFT_FLIP,
                             AuditAction.ROUND_CORRECT, AuditAction.ROUND_REDRAW],
           before: BoardsPayload | None = None, after: BoardsPayload | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.RESULT_RECORD],
           before: ResultPayload | None = None, after: ResultPayload | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.RATINGS_REFRESH],
           before: RatingsRefreshed | None = None, after: RatingsRefreshed | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.SCHEDULE_SET],
           before: ScheduleRows | None = None, after: ScheduleRows | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_FIXED_BOARD],
           before: PlayerFixedBoard | None = None, after: PlayerFixedBoard | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ENTRY_SETTINGS],
           before: EntryOptions | None = None, after: EntryOptions | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ENTRY_SUBMIT, AuditAction.ENTRY_ACCEPT,
                             AuditAction.ENTRY_REFUSE, AuditAction.ENTRY_PAID],
           before: EntryValues | None = None, after: EntryValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_CHECK_IN],
           before: PlayerCheckIn | None = None, after: PlayerCheckIn | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.CHECK_IN_WINDOW],
           before: CheckInWindow | None = None, after: CheckInWindow | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ROUND_PAIR_UNCONFIRMED],
           before: UnconfirmedChoice | None = None, after: UnconfirmedChoice | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.ROUND_PAIR_ASKS_PENDING],
           before: AsksUndecided | None = None, after: AsksUndecided | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.FESTIVAL_SECTION, AuditAction.SECTION_DETACH],
           before: SectionPlace | None = None, after: SectionPlace | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.SECTION_RULES],
           before: SectionRules | None = None, after: SectionRules | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.PLAYER_MOVE, AuditAction.ENTRY_MOVE],
           before: PlayerMove | None = None, after: PlayerMove | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.FESTIVAL_CHANGE],
           before: FestivalValues | None = None, after: FestivalValues | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
@overload
def record(*, action: Literal[AuditAction.SECTION_DELETE],
           before: SectionDeleted | None = None, after: SectionDeleted | None = None,
           **row: Unpack[Row]) -> AuditEntry | None: ...
# fmt: on
def record(
    *,
    action: AuditAction,
    before: AuditPayload | None = None,
    after: AuditPayload | None = None,
    **row: Unpack[Row],
) -> AuditEntry | None:
    """Record who did what, when and why; None (and no row) for a change of nothing.

    Every service records through here inside its transaction, so a NUL in what it
    records (PostgreSQL cannot store one in text or JSON) refuses the whole change (D7,
    #31).  A row whose before and after are the same recorded nothing that changed (a
    settings save with the same values, a result entered again), so it is not written.
    A round's own actions (``ROUND_ACTIONS``) record its number, so "pair again" rows
    keep their round after the draft is deleted.

    :raises TypeError: a payload of another class than the action's (``PAYLOADS``).
    :raises TournamentError: the reason or a recorded value holds a NUL.
    """
    action = AuditAction(action)
    kind = PAYLOADS[action]
    for payload in (before, after):
        if payload is not None and type(payload) is not kind:
            raise TypeError(f"{action.value} records {kind.__name__}, not {type(payload).__name__}")
    old = before.to_json() if before is not None else {}
    new = after.to_json() if after is not None else {}
    if (old or new) and old == new:
        return None
    round_, reason, user = row.get("round_"), row.get("reason", ""), row["user"]
    if round_ is not None and action in ROUND_ACTIONS:
        new.setdefault("round", round_.number)
    if _holds_nul([reason, old, new]):
        raise TournamentError(
            _("The reason or a value holds a NUL character (U+0000); nothing was changed.")
        )
    return AuditEntry.objects.create(
        event=row["event"],
        round=round_,
        user=user if user is not None and user.is_authenticated else None,
        at=row["now"],
        action=action,
        before=old,
        after=new,
        reason=reason,
    )


def _holds_nul(value: JSONValue) -> bool:
    """Whether a NUL is in ``value``: text, or the lists and dicts of an audit entry."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_holds_nul(item) for item in value)
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Recorded:
    """An entry's action and its payloads, read back into the action's class (None: the
    side recorded nothing, or the action is one this version does not know)."""

    action: AuditAction | None
    before: AuditPayload | None
    after: AuditPayload | None

    def render(self, names: Names) -> Rendering:
        kind = PAYLOADS[self.action] if self.action is not None else None
        if kind is None:
            return Rendering(subject="", changes=())
        return kind.render(self.before, self.after, names)

    def player_ids(self) -> set[int]:
        return {pk for p in (self.before, self.after) if p is not None for pk in p.player_ids()}

    def round_number(self) -> int | None:
        numbers = (p.round_number() for p in (self.after, self.before) if p is not None)
        return next((number for number in numbers if number is not None), None)


def read(entry: AuditEntry) -> Recorded:
    """An entry as its action's payloads: any version's row, tolerantly (a key missing or
    of a wrong type reads as nothing; an action this version does not know, as none)."""
    if entry.action not in AuditAction.values:
        return Recorded(action=None, before=None, after=None)
    action = AuditAction(entry.action)
    kind = PAYLOADS[action]
    old, new = stored(entry.before), stored(entry.after)
    return Recorded(
        action=action,
        before=kind.parse(Fields(old)) if old else None,
        after=kind.parse(Fields(new)) if new else None,
    )
