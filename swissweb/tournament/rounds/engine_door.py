"""The web app's one door to the pairing engine (#33).

No other module of ``swissweb`` imports ``pairing.engine`` or ``pairing.timed``: they
take the engine's types and functions from here, and run it through :func:`run_engine`,
the one call that pairs a round or redraws a published one (ESCA 25).  It goes through
the engine's registry, which checks the state (``pairing.engine.validation``) before any
system sees it, in a child process stopped after ``settings.PAIRING_TIMEOUT`` seconds.
``tests/engine/test_engine_door.py`` holds every module to this.

The engine stays a library of its own: what the web needs of it is named here, so a
change of the engine's layout is a change of this module alone.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from pairing.engine import (
    SYSTEMS,
    EngineError,
    System,
    acceleration_of,
    pair_round,
    repair_round,
    rules_for,
    trf,
)
from pairing.engine.acceleration import accelerated_points
from pairing.engine.checker import check_round
from pairing.engine.colours import Strength, colour_difference, colour_preference, played_colours
from pairing.engine.errors import TrfError
from pairing.engine.history import score, scores
from pairing.engine.legality import Violation
from pairing.engine.messages import Message, message_from_json, message_json
from pairing.engine.model import (
    AcceleratedPoints,
    Board,
    Colour,
    Explanation,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    PointSystem,
    RequestKind,
    RoundPairing,
    RoundRequest,
    TournamentState,
)
from pairing.engine.model import Player as EnginePlayer
from pairing.engine.model import Title as EngineTitle
from pairing.engine.options import Flag, FlagValue, OptionSpec
from pairing.engine.rating_change import (
    EventRating,
    KFactor,
    KRule,
    RatedGame,
    event_rating,
    event_totals,
    k_factor,
)
from pairing.engine.registry import option_specs
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import (
    MODIFIERS,
    TieBreak,
    TieBreakCodeError,
    UnplayedRounds,
    fide_order,
    parse_tiebreak,
    parse_tiebreaks,
    truncated,
    unplayed_rounds_for,
)
from pairing.engine.trf import (
    MAX_START_RANK,
    Header,
    TrfDocument,
    TrfGame,
    TrfPlayer,
    TrfRecord,
    TrfRoundInfo,
    decode_trf,
)
from pairing.engine.trf.report import valid_time_control_code
from pairing.timed import PairingTimeout, pair_round_limited
from swissweb.tournament.core.errors import PairingFailed
from swissweb.tournament.rounds.engine_words import error_text


def run_engine(
    state: TournamentState,
    system: System,
    *,
    number: int,
    seed: int,
    published: RoundPairing | None = None,
) -> RoundPairing:
    """Pair round ``number`` (``state.round_number``), or, given the ``published`` round,
    redraw it with the least disturbance (ESCA 25): through the engine's registry (state
    validated), in a child process stopped after ``PAIRING_TIMEOUT`` seconds (0: no
    child, no limit).

    :raises PairingFailed: the state is invalid, the engine found no pairing, failed, or
        took too long; the message says which.
    """
    seconds = float(settings.PAIRING_TIMEOUT)
    try:
        if seconds <= 0:
            if published is None:
                return pair_round(state, system, seed=seed)
            return repair_round(state, published, system, seed=seed)
        return pair_round_limited(state, system, seed=seed, seconds=seconds, published=published)
    except PairingTimeout as exc:
        raise PairingFailed(
            _("Round %(number)s: pairing took longer than %(seconds)s s; nothing was saved.")
            % {"number": number, "seconds": f"{exc.seconds:g}"}
        ) from exc
    except EngineError as exc:
        if published is not None:
            # Translators: %(reason)s is the pairing engine's explanation.
            message = _("Round %(number)d could not be redrawn: %(reason)s")
            raise PairingFailed(message % {"number": number, "reason": error_text(exc)}) from exc
        raise PairingFailed(
            # Translators: problem is the pairing engine's own message.
            _("Round %(number)s could not be paired: %(problem)s; nothing was saved.")
            % {"number": number, "problem": error_text(exc)}
        ) from exc


__all__ = [
    "message_from_json",
    "message_json",
    "MAX_START_RANK",
    "MODIFIERS",
    "SYSTEMS",
    "Strength",
    "AcceleratedPoints",
    "Board",
    "Colour",
    "EngineError",
    "EnginePlayer",
    "EngineTitle",
    "EventRating",
    "Flag",
    "FlagValue",
    "OptionSpec",
    "Explanation",
    "GameRecord",
    "Header",
    "KFactor",
    "KRule",
    "Message",
    "Outcome",
    "PairingNumber",
    "PairingOptions",
    "PointSystem",
    "Points",
    "RatedGame",
    "RequestKind",
    "RoundPairing",
    "RoundRequest",
    "System",
    "TieBreak",
    "TieBreakCodeError",
    "TournamentState",
    "TrfDocument",
    "TrfError",
    "TrfGame",
    "TrfPlayer",
    "TrfRecord",
    "TrfRoundInfo",
    "UnplayedRounds",
    "Violation",
    "accelerated_points",
    "acceleration_of",
    "option_specs",
    "check_round",
    "colour_difference",
    "colour_preference",
    "decode_trf",
    "event_rating",
    "event_totals",
    "fide_order",
    "k_factor",
    "parse_tiebreak",
    "parse_tiebreaks",
    "played_colours",
    "rules_for",
    "run_engine",
    "score",
    "scores",
    "standings",
    "trf",
    "truncated",
    "unplayed_rounds_for",
    "valid_time_control_code",
]
