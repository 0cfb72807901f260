"""Every change to an event goes through these services: typed functions, one transaction each.

Each service locks the event's row (``SELECT ... FOR UPDATE``, ``common._lock_event``), so
two arbiters clicking "pair" at once create one round; refuses a change the rules forbid
(``errors``), changing nothing; and records what it did in the audit trail (``_audit``).

- ``common``: the lock, the public pages' cache counters, the audit, shared helpers;
- ``events``: create, add an arbiter, start, change the settings, import a TRF file;
- ``players``: register, pairing numbers, withdraw, reinstate, top players, details;
- ``requests``: byes and absences requested for a round, forbidden pairs;
- ``rounds``: pair, edit a draft, publish, unpublish, delete a draft, correct a pairing;
- ``results``: record and correct results;
- ``ratings``: refresh the players' ratings from a loaded rating list;
- ``asks``: requests players make on their own page, and the arbiter's decisions.

Callers use the package (``services.result_record(...)``), never a module of it.
"""

from swissweb.tournament.services.asks import (
    link_fingerprint,
    player_ask,
    player_ask_decide,
    player_link_rotate,
    refused_for_another,
)
from swissweb.tournament.services.common import (
    TITLE_ORDER,
    _lock_event,
    event_changed,
    plain_integrity_error,
)
from swissweb.tournament.services.events import (
    event_add_arbiter,
    event_create,
    event_import_trf,
    event_settings_update,
    event_start,
)
from swissweb.tournament.services.players import (
    ENGINE_DETAILS,
    PLAYER_DETAILS,
    pairing_number_set,
    player_reinstate,
    player_top_set,
    player_update,
    player_withdraw,
    players_add,
)
from swissweb.tournament.services.ratings import players_refresh_ratings
from swissweb.tournament.services.requests import (
    forbidden_pair_add,
    forbidden_pair_delete,
    forbidden_pair_update,
    round_request_delete,
    round_request_set,
    round_request_update,
)
from swissweb.tournament.services.results import result_record
from swissweb.tournament.services.rounds import (
    draft_flip_colours,
    draft_swap_players,
    round_correct,
    round_delete_draft,
    round_pair,
    round_publish,
    round_unpublish,
    round_violations,
    round_warnings,
)

__all__ = [
    "link_fingerprint",
    "player_ask",
    "player_link_rotate",
    "refused_for_another",
    "player_ask_decide",
    "players_refresh_ratings",
    "ENGINE_DETAILS",
    "PLAYER_DETAILS",
    "TITLE_ORDER",
    "_lock_event",
    "draft_flip_colours",
    "draft_swap_players",
    "event_add_arbiter",
    "event_changed",
    "event_create",
    "event_import_trf",
    "event_settings_update",
    "event_start",
    "forbidden_pair_add",
    "forbidden_pair_delete",
    "forbidden_pair_update",
    "pairing_number_set",
    "plain_integrity_error",
    "player_reinstate",
    "player_top_set",
    "player_update",
    "player_withdraw",
    "players_add",
    "result_record",
    "round_correct",
    "round_delete_draft",
    "round_pair",
    "round_publish",
    "round_request_delete",
    "round_request_set",
    "round_request_update",
    "round_unpublish",
    "round_violations",
    "round_warnings",
]
