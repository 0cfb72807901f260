"""Which payload each audit action records: the one table the writer checks and the
reader parses by (#33).

To add an action: a member of ``AuditAction`` (``actions.py``), its payload class
(``payloads.py``, ``entry_payloads.py``, or one already there of the same shape), a
line here, and the action in the ``record`` overload of that payload class
(``log.py``).  The tests fail until all four agree.
"""

from __future__ import annotations

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
from swissweb.tournament.audit.stored import AuditPayload

A = AuditAction
PAYLOADS: dict[AuditAction, type[AuditPayload]] = {
    A.EVENT_CREATE: NoValues,
    A.EVENT_IMPORT: EventImported,
    A.EVENT_START: NoValues,
    A.EVENT_SETTINGS: SettingChanges,
    A.ARBITER_ADD: ArbiterAdded,
    A.PLAYERS_ADD: PlayersAdded,
    A.PAIRING_NUMBER_SET: PlayerNumber,
    A.PLAYER_UPDATE: PlayerChanges,
    A.PLAYER_WITHDRAW: PlayerWithdrawal,
    A.PLAYER_REINSTATE: PlayerWithdrawal,
    A.PLAYER_TOP_SET: PlayerTop,
    A.PLAYER_LINK_ROTATE: PlayerLink,
    A.PLAYER_ASK: PlayerAskValues,
    A.PLAYER_ASK_DECIDE: PlayerAskValues,
    A.ROUND_REQUEST: RoundRequestValues,
    A.ROUND_REQUEST_UPDATE: RoundRequestValues,
    A.ROUND_REQUEST_DELETE: RoundRequestValues,
    A.FORBIDDEN_PAIR_ADD: ForbiddenPairValues,
    A.FORBIDDEN_PAIR_UPDATE: ForbiddenPairValues,
    A.FORBIDDEN_PAIR_DELETE: ForbiddenPairValues,
    A.ROUND_PAIR: RoundNumber,
    A.ROUND_DELETE: RoundNumber,
    A.ROUND_PUBLISH: RoundNumber,
    A.ROUND_UNPUBLISH: RoundNumber,
    A.DRAFT_SWAP: BoardsPayload,
    A.DRAFT_FLIP: BoardsPayload,
    A.ROUND_CORRECT: BoardsPayload,
    A.ROUND_REDRAW: BoardsPayload,
    A.RESULT_RECORD: ResultPayload,
    A.RATINGS_REFRESH: RatingsRefreshed,
    A.SCHEDULE_SET: ScheduleRows,
    A.PLAYER_FIXED_BOARD: PlayerFixedBoard,
    A.ENTRY_SETTINGS: EntryOptions,
    A.ENTRY_SUBMIT: EntryValues,
    A.ENTRY_ACCEPT: EntryValues,
    A.ENTRY_REFUSE: EntryValues,
    A.ENTRY_PAID: EntryValues,
    A.PLAYER_CHECK_IN: PlayerCheckIn,
    A.CHECK_IN_WINDOW: CheckInWindow,
    A.ROUND_PAIR_UNCONFIRMED: UnconfirmedChoice,
    A.ROUND_PAIR_ASKS_PENDING: AsksUndecided,
    A.FESTIVAL_SECTION: SectionPlace,
    A.SECTION_RULES: SectionRules,
    A.PLAYER_MOVE: PlayerMove,
    A.ENTRY_MOVE: PlayerMove,
    A.FESTIVAL_CHANGE: FestivalValues,
    A.SECTION_DETACH: SectionPlace,
    A.SECTION_DELETE: SectionDeleted,
}
"""Each action's payload class."""

ROUND_ACTIONS = frozenset(
    {A.ROUND_PAIR, A.ROUND_PUBLISH, A.ROUND_UNPUBLISH, A.DRAFT_SWAP, A.DRAFT_FLIP, A.ROUND_DELETE}
)
"""Actions on a round as a whole, whose rows record the round's number too: a draft
deleted to "pair again" takes its ``AuditEntry.round`` link with it (SET_NULL), and the
number keeps its rows in the round (the Round column, the page's round filter)."""
