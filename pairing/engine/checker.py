"""Legality checker: every absolute-criteria violation of a proposed pairing.

Written from the rule texts, separately from the pairers: it calls no system module and
makes no choice between pairings; it only says which rule a given pairing breaks.

For every system (rule ``"pairing"``):

- every player who is neither withdrawn nor excused for the round (a half-point bye, a
  full-point bye or a known absence: Dutch F5) is on exactly one board or has the bye;
- nobody withdrawn, excused or unknown is paired;
- a pairing-allocated bye is given only when the number of players to pair is odd (and
  there is at most one: :class:`~pairing.engine.model.RoundPairing` holds one);
- the boards are numbered 1..n and the pairing is for the round being paired;
- the event's forbidden pairs do not meet (rule ``"forbidden pair"``).

Per system:

- ``dutch1992``: Dutch B1a, two players do not meet twice (F2: a forfeited pairing is not
  a meeting); B1b, no bye to a player "who has received a point without playing": a
  pairing-allocated or full-point bye, or a forfeit win (a half-point bye is not "a
  point"); B2a, no colour difference (A7) beyond +2 or -2; B2b, not the same colour three
  times in a row (F2, F3: only played games count, gaps closed).  The Note to B: "B2 ...
  do[es] not apply when pairing players with a score of over 50% in the last round".
  Our reading: when the round being paired is the last one planned, B2 is not checked
  for a player whose score is more than half the points a player could have scored in
  the rounds played so far (every round counts, also those the player missed, as in the
  standings; exactly 50% is not "over"; accelerated points do not count).  It is checked
  per player: the opponent of such a player still keeps B2 unless over 50% too.
- ``lim``: Lim 9.1, players who have played each other are not compatible, nor are
  players whose pairing would give either the same colour in three successive rounds
  (played games, gaps closed, as the Lim engine reads it) or three more of one colour
  than the other; Lim 13 lifts the colour part in the last round for two players with
  the same score (the score used to form the score groups) who have not met.  Lim 8.2,
  the bye only once (a pairing-allocated or a full-point bye), and not to a player who
  "has won a point by default" (a forfeit win).
- ``esca``: ESCA 1, no player plays the same opponent twice; ESCA 4, the bye not to a
  player who "has hitherto had a bye or default", read as a bye worth a point or a
  forfeit win, as in Dutch B1b.  ESCA 4 says "if possible"; the checker reports it all
  the same, so that a pairer which cannot avoid it has to say so.
- ``sb``: no rematch (the first of the SB text's basic principles, "SB 1"); no second
  bye worth a point (``"SB 6"``: the text has no bye rule; SB 6 is our own, numbered
  in ``sb_ordered.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import System
from .colours import colour_difference, played_colours
from .errors import UnsupportedFeature
from .history import opponents_met, pairing_scores, scores
from .model import (
    Board,
    Colour,
    Outcome,
    PairingNumber,
    Player,
    RequestKind,
    RoundPairing,
    RoundRequest,
    TournamentState,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """One broken absolute criterion, with its rule and who and where it concerns."""

    rule: str
    """The rule reference: ``"Dutch B2b"``, ``"Lim 9.1"``, ``"forbidden pair"``, ``"pairing"``."""
    message: str
    """What is wrong, in plain words."""
    players: tuple[PairingNumber, ...] = ()
    """The pairing numbers concerned, in ascending order."""
    boards: tuple[int, ...] = ()
    """The board numbers concerned (none for the bye or a player left out)."""


_EXCUSE = {
    RequestKind.HALF_POINT_BYE: "asked for a half-point bye",
    RequestKind.FULL_POINT_BYE: "asked for a full-point bye",
    RequestKind.ABSENT: "is known to be absent",
}

_BYE_WORTH_A_POINT = frozenset({Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE})


def _seats(pairing: RoundPairing) -> list[tuple[PairingNumber, Board | None]]:
    """Every seat of the pairing: each board's two players, then the bye."""
    seats: list[tuple[PairingNumber, Board | None]] = []
    for board in pairing.boards:
        seats.append((board.white, board))
        seats.append((board.black, board))
    if pairing.pairing_allocated_bye is not None:
        seats.append((pairing.pairing_allocated_bye, None))
    return seats


def _structure(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    """Everyone to pair appears once, nobody else does; one bye only if odd (Dutch F5)."""
    players = {p.pairing_number: p for p in state.players}
    excused = {r.pairing_number: r.kind for r in state.requests}
    to_pair = sorted(n for n, p in players.items() if not p.withdrawn and n not in excused)
    problems: list[Violation] = []
    if pairing.round_number != state.round_number:
        problems.append(
            Violation(
                rule="pairing",
                message=f"the pairing is for round {pairing.round_number}, "
                f"but round {state.round_number} is to be paired",
            )
        )
    seats = _seats(pairing)
    count = Counter(number for number, _ in seats)
    boards_of: dict[PairingNumber, list[int]] = {}
    for number, board in seats:
        if board is not None:
            boards_of.setdefault(number, []).append(board.number)
    for number in sorted(count):
        where = tuple(boards_of.get(number, ()))
        if number not in players:
            reason = "is not in the tournament"
        elif players[number].withdrawn:
            reason = "has withdrawn (Dutch F5)"
        elif number in excused:
            reason = _EXCUSE[excused[number]]
        else:
            reason = ""
        if reason:
            problems.append(
                Violation(
                    rule="pairing",
                    message=f"player {number} {reason} but is paired",
                    players=(number,),
                    boards=where,
                )
            )
        if count[number] > 1:
            problems.append(
                Violation(
                    rule="pairing",
                    message=f"player {number} is paired {count[number]} times",
                    players=(number,),
                    boards=where,
                )
            )
    for number in to_pair:
        if number not in count:
            problems.append(
                Violation(
                    rule="pairing",
                    message=f"player {number} is not paired",
                    players=(PairingNumber(number),),
                )
            )
    bye = pairing.pairing_allocated_bye
    if bye is not None and len(to_pair) % 2 == 0:
        problems.append(
            Violation(
                rule="pairing",
                message=f"player {bye} has the bye, but the number of players to pair "
                f"({len(to_pair)}) is even",
                players=(bye,),
            )
        )
    numbers = [board.number for board in pairing.boards]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(
            Violation(
                rule="pairing",
                message=f"the boards are numbered {_ranges(numbers)} instead of "
                f"1 to {len(numbers)}",
            )
        )
    for board in pairing.boards:
        if frozenset({board.white, board.black}) in state.forbidden_pairs:
            problems.append(
                Violation(
                    rule="forbidden pair",
                    message=f"board {board.number}: {board.white} and {board.black} "
                    "must not be paired against each other",
                    players=_ordered(board.white, board.black),
                    boards=(board.number,),
                )
            )
    return problems


def _ranges(numbers: Iterable[int]) -> str:
    """Board numbers as written, for a message: ``1, 2, 2, 4``."""
    return ", ".join(str(n) for n in numbers) or "(none)"


def _ordered(*numbers: PairingNumber) -> tuple[PairingNumber, ...]:
    return tuple(sorted(numbers))


def _rematches(
    pairing: RoundPairing, players: Mapping[PairingNumber, Player], rule: str
) -> list[Violation]:
    """Boards of two players who have already played each other (F2: forfeits do not count)."""
    return [
        Violation(
            rule=rule,
            message=f"board {board.number}: {board.white} and {board.black} have already "
            "played each other",
            players=_ordered(board.white, board.black),
            boards=(board.number,),
        )
        for board in pairing.boards
        if board.white in players and board.black in opponents_met(players[board.white])
    ]


def _colour_violations(
    pairing: RoundPairing,
    players: Mapping[PairingNumber, Player],
    *,
    difference_rule: str,
    run_rule: str,
    exempt: frozenset[PairingNumber] = frozenset(),
    exempt_boards: frozenset[int] = frozenset(),
) -> list[Violation]:
    """Colour differences beyond ±2 and third colours in a row (Dutch A7, B2; Lim 9.1).

    Only played games count, in order, gaps closed (Dutch F2, F3).
    """
    problems: list[Violation] = []
    for board in pairing.boards:
        if board.number in exempt_boards:
            continue
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            player = players.get(number)
            if player is None or number in exempt:
                continue
            difference = colour_difference(player) + (1 if colour is Colour.WHITE else -1)
            if abs(difference) > 2:
                problems.append(
                    Violation(
                        rule=difference_rule,
                        message=f"board {board.number}: player {number} would have a colour "
                        f"difference of {difference:+d}",
                        players=(number,),
                        boards=(board.number,),
                    )
                )
            last_two = played_colours(player)[-2:]
            if len(last_two) == 2 and all(c is colour for c in last_two):
                problems.append(
                    Violation(
                        rule=run_rule,
                        message=f"board {board.number}: player {number} would have "
                        f"{colour.name.lower()} three times in a row",
                        players=(number,),
                        boards=(board.number,),
                    )
                )
    return problems


def _bye_refused(
    pairing: RoundPairing,
    players: Mapping[PairingNumber, Player],
    rule: str,
    *,
    refused_after: frozenset[Outcome],
) -> list[Violation]:
    """The bye given to a player whose history holds one of ``refused_after``."""
    bye = pairing.pairing_allocated_bye
    if bye is None or bye not in players:
        return []
    earlier = [r for r in players[bye].history if r.outcome in refused_after]
    if not earlier:
        return []
    record = earlier[0]
    what = {
        Outcome.PAIRING_ALLOCATED_BYE: "the pairing-allocated bye",
        Outcome.FULL_POINT_BYE: "a full-point bye",
        Outcome.FORFEIT_WIN: "a point by forfeit",
    }[record.outcome]
    return [
        Violation(
            rule=rule,
            message=f"player {bye} gets the bye after {what} in round {record.round_number}",
            players=(bye,),
        )
    ]


def over_half(state: TournamentState) -> frozenset[PairingNumber]:
    """Players with a score of over 50% when the last round is paired (Note to Dutch B).

    Over 50% means more than half the points of a win times the rounds played so far;
    empty unless the round being paired is the last one planned.
    """
    if not state.is_last_round or state.rounds_completed == 0:
        return frozenset()
    available = state.points.win * state.rounds_completed
    return frozenset(n for n, s in scores(state).items() if 2 * s > available)


def _dutch1992(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """Dutch B1a, B1b, B2a and B2b (1992), with the Note to B for the last round."""
    return [
        *_rematches(pairing, players, "Dutch B1a"),
        *_bye_refused(
            pairing,
            players,
            "Dutch B1b",
            refused_after=_BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN},
        ),
        *_colour_violations(
            pairing,
            players,
            difference_rule="Dutch B2a",
            run_rule="Dutch B2b",
            exempt=over_half(state),
        ),
    ]


def _lim_13_boards(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> frozenset[int]:
    """Boards whose colours Lim 13 lets break 9.1: last round, same score, not met before."""
    if not state.is_last_round:
        return frozenset()
    score = pairing_scores(state)
    return frozenset(
        board.number
        for board in pairing.boards
        if board.white in players
        and board.black in players
        and score[board.white] == score[board.black]
        and board.black not in opponents_met(players[board.white])
    )


def _lim(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """Lim 9.1 (compatibility), relaxed by Lim 13 in the last round, and Lim 8.2 (the bye)."""
    return [
        *_rematches(pairing, players, "Lim 9.1"),
        *_colour_violations(
            pairing,
            players,
            difference_rule="Lim 9.1",
            run_rule="Lim 9.1",
            exempt_boards=_lim_13_boards(state, pairing, players),
        ),
        *_bye_refused(
            pairing,
            players,
            "Lim 8.2",
            refused_after=_BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN},
        ),
    ]


def _esca(pairing: RoundPairing, players: Mapping[PairingNumber, Player]) -> list[Violation]:
    """ESCA 1 (no second meeting) and ESCA 4 (no bye after a bye or a default)."""
    return [
        *_rematches(pairing, players, "ESCA 1"),
        *_bye_refused(
            pairing, players, "ESCA 4", refused_after=_BYE_WORTH_A_POINT | {Outcome.FORFEIT_WIN}
        ),
    ]


def _sb(pairing: RoundPairing, players: Mapping[PairingNumber, Player]) -> list[Violation]:
    """SB 1 (no second meeting) and SB 6 (no second bye worth a point)."""
    return [
        *_rematches(pairing, players, "SB 1"),
        *_bye_refused(pairing, players, "SB 6", refused_after=_BYE_WORTH_A_POINT),
    ]


def check_round(
    state: TournamentState, pairing: RoundPairing, system: System | str
) -> tuple[Violation, ...]:
    """Every absolute-criteria violation of ``pairing`` under ``system``; ``()`` when legal.

    The structural checks and forbidden pairs come first, then the system's own rules,
    board by board (see the module docstring for the rules and our readings).

    :raises UnsupportedFeature: ``system`` is not one of :class:`System`.
    """
    try:
        chosen = System(system)
    except ValueError:
        raise UnsupportedFeature(f"unknown pairing system {system!r}") from None
    players = {p.pairing_number: p for p in state.players}
    problems = _structure(state, pairing)
    match chosen:
        case System.DUTCH_1992:
            problems += _dutch1992(state, pairing, players)
        case System.LIM:
            problems += _lim(state, pairing, players)
        case System.ESCA:
            problems += _esca(pairing, players)
        case System.SB:
            problems += _sb(pairing, players)
    return tuple(problems)


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
    (Dutch F5); a withdrawn player's empty rounds are absences too.

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
