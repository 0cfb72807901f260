"""The actions an audit entry records, as ``AuditEntry.action`` choices (#33).

Kept apart from ``models/`` and from ``log.py`` (which imports the models) so that the
model can name its choices without an import circle.  The stored
values are the strings the services wrote before the enum existed, so old rows, backups
and imports stay valid.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    """What an audit entry records; the label is the Audit page's "Action" column."""

    # Translators: what an audit entry records, as the Audit page's "Action" column shows it.
    EVENT_CREATE = "event_create", _("Event created")
    EVENT_IMPORT = "event_import", _("Event imported from a TRF file")
    EVENT_START = "event_start", _("Event started: pairing numbers assigned")
    ARBITER_ADD = "arbiter_add", _("Arbiter added")
    PLAYERS_ADD = "players_add", _("Players registered")
    PAIRING_NUMBER_SET = "pairing_number_set", _("Pairing number changed")
    PLAYER_UPDATE = "player_update", _("Player's details corrected")
    PLAYER_WITHDRAW = "player_withdraw", _("Player withdrawn")
    PLAYER_REINSTATE = "player_reinstate", _("Withdrawal undone")
    PLAYER_TOP_SET = "player_top_set", _("Top player (ESCA 3) changed")
    ROUND_REQUEST = "round_request", _("Request recorded")
    ROUND_REQUEST_UPDATE = "round_request_update", _("Request changed")
    ROUND_REQUEST_DELETE = "round_request_delete", _("Request deleted")
    FORBIDDEN_PAIR_ADD = "forbidden_pair_add", _("Forbidden pair added")
    FORBIDDEN_PAIR_UPDATE = "forbidden_pair_update", _("Forbidden pair changed")
    FORBIDDEN_PAIR_DELETE = "forbidden_pair_delete", _("Forbidden pair deleted")
    ROUND_PAIR = "round_pair", _("Round paired (draft)")
    ROUND_DELETE = "round_delete", _("Draft deleted")
    ROUND_PUBLISH = "round_publish", _("Round published")
    ROUND_UNPUBLISH = "round_unpublish", _("Round unpublished")
    DRAFT_SWAP = "draft_swap", _("Players swapped in the draft")
    DRAFT_FLIP = "draft_flip", _("Colours swapped in the draft")
    ROUND_CORRECT = "round_correct", _("Published pairing corrected")
    ROUND_REDRAW = "round_redraw", _("Published draw changed (ESCA 25)")
    RESULT_RECORD = "result_record", _("Result entered")
    EVENT_SETTINGS = "event_settings", _("Settings changed")
    PLAYER_ASK = "player_ask", _("Player's request on their own page")
    PLAYER_ASK_DECIDE = "player_ask_decide", _("Player's request decided")
    PLAYER_LINK_ROTATE = "player_link_rotate", _("Player's private link replaced")
    RATINGS_REFRESH = "ratings_refresh", _("Ratings refreshed from a list")
    SCHEDULE_SET = "schedule_set", _("Schedule of the rounds changed")
    PLAYER_FIXED_BOARD = "player_fixed_board", _("Fixed board changed")
    ENTRY_SETTINGS = "entry_settings", _("Online entry settings changed")
    ENTRY_SUBMIT = "entry_submit", _("Entry made online")
    ENTRY_ACCEPT = "entry_accept", _("Entry accepted")
    ENTRY_REFUSE = "entry_refuse", _("Entry refused")
    ENTRY_PAID = "entry_paid", _("Entry fee marked paid")
    PLAYER_CHECK_IN = "player_check_in", _("Check-in for a round")
    CHECK_IN_WINDOW = "check_in_window", _("Check-in window changed")
    ROUND_PAIR_UNCONFIRMED = "round_pair_unconfirmed", _("Players not checked in, at pairing")
    ROUND_PAIR_ASKS_PENDING = (
        "round_pair_asks_pending",
        _("Players' requests undecided, at pairing"),
    )
    FESTIVAL_SECTION = "festival_section", _("Section of a festival added or changed")
    SECTION_RULES = "section_rules", _("Section rules changed")
    PLAYER_MOVE = "player_move", _("Player moved between sections")
    FESTIVAL_CHANGE = "festival_change", _("Festival's name, publication or dates changed")
    SECTION_DETACH = "section_detach", _("Section detached from its festival")
    SECTION_DELETE = "section_delete", _("Section of the festival deleted")
    ENTRY_MOVE = "entry_move", _("Entry moved between sections")
