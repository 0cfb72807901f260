"""Legality checker: every absolute-criteria violation of a proposed pairing.

Written from the rule texts, separately from the pairers: the structural checks and
the pieces every system uses are in ``legality.py``, and each system's own absolute
criteria in its package's ``checks.py`` (reached through the registry), which imports
nothing of the system's pairer.  This module also reads back the pairing and the
requests a completed round's records show, for the command line's check mode.
"""

from __future__ import annotations

from .legality import Violation, over_half, structure
from .model import (
    Board,
    Colour,
    Outcome,
    PairingNumber,
    RequestKind,
    RoundPairing,
    RoundRequest,
    System,
    TournamentState,
)
from .registry import rules_for


def check_round(
    state: TournamentState, pairing: RoundPairing, system: System | str
) -> tuple[Violation, ...]:
    """Every absolute-criteria violation of ``pairing`` under ``system``; ``()`` when legal.

    The structural checks and forbidden pairs come first, then the system's own rules,
    board by board (see each system's ``checks.py`` for the rules and our readings).

    :raises UnsupportedFeature: ``system`` is not an implemented system.
    """
    rules = rules_for(system)
    players = {p.pairing_number: p for p in state.players}
    return tuple(structure(state, pairing) + rules.check(state, pairing, players))


def recorded_pairing(state: TournamentState, round_number: int) -> RoundPairing:
    """The pairing a completed round's records show, to be checked or compared.

    Every record with an opponent is a board, forfeits included (the pairing was made);
    a ``U`` record is the bye.  Boards are numbered in the order of their lower pairing
    number (a TRF file records no board numbers).  Where neither record of a forfeit
    has a colour, the lower pairing number is written as white.  If several players
    have a ``U``, the lowest numbered is the bye and the others are left out (the
    structural check then reports them).

    :raises ValueError: ``round_number`` is not a completed round.
    """
    if not 1 <= round_number <= state.rounds_completed:
        raise ValueError(f"round {round_number} is not between 1 and {state.rounds_completed}")
    pairs: dict[frozenset[PairingNumber], tuple[PairingNumber, PairingNumber]] = {}
    byes: list[PairingNumber] = []
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        record = player.history[round_number - 1]
        number = player.pairing_number
        if record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
            byes.append(number)
        elif record.outcome.has_opponent and record.opponent is not None:
            key = frozenset({number, record.opponent})
            if record.colour is Colour.WHITE:
                pairs[key] = (number, record.opponent)
            elif record.colour is Colour.BLACK:
                pairs[key] = (record.opponent, number)
            else:
                pairs.setdefault(key, (min(key), max(key)))
    ordered = sorted(pairs.values(), key=lambda pair: (min(pair), max(pair)))
    return RoundPairing(
        round_number=round_number,
        boards=tuple(
            Board(number=index, white=white, black=black)
            for index, (white, black) in enumerate(ordered, start=1)
        ),
        pairing_allocated_bye=byes[0] if byes else None,
    )


def recorded_requests(state: TournamentState, round_number: int) -> tuple[RoundRequest, ...]:
    """Who a completed round's records show as not paired: byes asked for and absences.

    ``H`` is a half-point bye, ``F`` a full-point bye and ``Z`` (or blank) an absence
    (FIDE C.04.2 3.3); a withdrawn player's empty rounds are absences too.

    :raises ValueError: ``round_number`` is not a completed round.
    """
    if not 1 <= round_number <= state.rounds_completed:
        raise ValueError(f"round {round_number} is not between 1 and {state.rounds_completed}")
    kinds = {
        Outcome.HALF_POINT_BYE: RequestKind.HALF_POINT_BYE,
        Outcome.FULL_POINT_BYE: RequestKind.FULL_POINT_BYE,
        Outcome.ZERO_POINT_BYE: RequestKind.ABSENT,
    }
    return tuple(
        RoundRequest(pairing_number=player.pairing_number, kind=kinds[record.outcome])
        for player in sorted(state.players, key=lambda p: p.pairing_number)
        for record in (player.history[round_number - 1],)
        if record.outcome in kinds
    )


__all__ = ["Violation", "check_round", "over_half", "recorded_pairing", "recorded_requests"]
