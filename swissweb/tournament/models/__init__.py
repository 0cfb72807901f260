"""The tournament's data, one module per domain: events, players, rounds, audit.

Django finds an app's models through ``<app>.models``, so every model is imported here;
callers import from this package (``from swissweb.tournament.models import Event``).
"""

from swissweb.tournament.models.audit import AuditEntry
from swissweb.tournament.models.entries import (
    DEFAULT_FIELDS,
    Entry,
    EntryField,
    EntrySettings,
    EntryState,
    FeeRow,
    FeeTitles,
    PaymentMethod,
)
from swissweb.tournament.models.events import (
    Event,
    EventSlugRedirect,
    InitialColour,
    PairingSystem,
    PrizeSharing,
    RateOfPlay,
    RatingBasis,
    TeamScoring,
    TieBreakRules,
    TimeStamped,
)
from swissweb.tournament.models.festivals import Festival
from swissweb.tournament.models.players import (
    REQUEST_KIND_WORDS,
    AskState,
    CheckIn,
    CheckInWay,
    ForbiddenPair,
    Player,
    PlayerAsk,
    PlayerRequest,
    RequestKind,
    RoundRequest,
    Sex,
    Title,
    new_access_code,
)
from swissweb.tournament.models.rounds import (
    ARBITER_STEP,
    PLAYED_RESULTS,
    Game,
    Result,
    Round,
    RoundState,
)

__all__ = [
    "ARBITER_STEP",
    "AskState",
    "AuditEntry",
    "DEFAULT_FIELDS",
    "Entry",
    "EntryField",
    "EntrySettings",
    "EntryState",
    "FeeRow",
    "FeeTitles",
    "PaymentMethod",
    "CheckIn",
    "CheckInWay",
    "Event",
    "EventSlugRedirect",
    "Festival",
    "ForbiddenPair",
    "Game",
    "InitialColour",
    "PLAYED_RESULTS",
    "PairingSystem",
    "Player",
    "PlayerAsk",
    "PlayerRequest",
    "PrizeSharing",
    "RateOfPlay",
    "RatingBasis",
    "REQUEST_KIND_WORDS",
    "RequestKind",
    "Result",
    "Round",
    "RoundRequest",
    "RoundState",
    "Sex",
    "TeamScoring",
    "TieBreakRules",
    "TimeStamped",
    "Title",
    "new_access_code",
]
