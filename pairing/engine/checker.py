"""Legality checker: every absolute-criteria violation of a proposed pairing.

Written from the rule texts, separately from the pairers (it calls no system module):

- all systems: every active player who asked for nothing is on exactly one board or has
  the bye; nobody withdrawn or excused is paired; at most one bye, and only when the
  number to pair is odd; boards numbered 1..n; forbidden pairs are not paired;
- ``dutch1992``: B1a no second meeting (F2: forfeits are not meetings), B1b no bye after a
  point without playing, B2a colour difference within ±2, B2b no third colour in a row;
  B2 does not apply to a player over 50% when the last round is paired (Note to B);
- ``lim``: 9.1 no rematch, no third colour in succession, never three more of one colour;
  8.2 the bye only once and not after a point by default;
- ``esca``: rule 1 no rematch; rule 4 no second bye and no bye after a default;
- ``sb``: no rematch; no second bye.
"""

from __future__ import annotations

from dataclasses import dataclass

from .colours import colour_difference, played_colours
from .history import opponents_met, pairing_scores, received_point_without_playing
from .model import Colour, Outcome, PairingNumber, Player, RoundPairing, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """One broken absolute criterion, with its rule and the players concerned."""

    rule: str
    message: str
    players: tuple[PairingNumber, ...] = ()


def _structure(state: TournamentState, pairing: RoundPairing) -> list[Violation]:
    requested = {r.pairing_number for r in state.requests}
    expected = {p.pairing_number for p in state.players if not p.withdrawn} - requested
    seen: dict[PairingNumber, int] = {}
    for board in pairing.boards:
        for number in (board.white, board.black):
            seen[number] = seen.get(number, 0) + 1
    if pairing.pairing_allocated_bye is not None:
        bye = pairing.pairing_allocated_bye
        seen[bye] = seen.get(bye, 0) + 1
    problems = []
    for number in sorted(expected - set(seen)):
        problems.append(Violation(rule="pairing", message=f"player {number} is not paired",
                                  players=(number,)))  # fmt: skip
    for number in sorted(set(seen) - expected):
        problems.append(
            Violation(
                rule="pairing",
                message=f"player {number} is withdrawn, absent or unknown but paired",
                players=(number,),
            )
        )
    for number, count in sorted(seen.items()):
        if count > 1:
            problems.append(Violation(rule="pairing", message=f"player {number} is paired "
                                      f"{count} times", players=(number,)))  # fmt: skip
    if pairing.pairing_allocated_bye is not None and len(expected) % 2 == 0:
        problems.append(Violation(rule="pairing", message="a bye with an even number of players"))
    if [b.number for b in pairing.boards] != list(range(1, len(pairing.boards) + 1)):
        problems.append(Violation(rule="pairing", message="boards are not numbered 1..n"))
    for board in pairing.boards:
        if frozenset({board.white, board.black}) in state.forbidden_pairs:
            problems.append(
                Violation(
                    rule="forbidden pair",
                    message=f"board {board.number}: {board.white} and {board.black} must not meet",
                    players=(board.white, board.black),
                )
            )
    return problems


def _rematches(
    pairing: RoundPairing, players: dict[PairingNumber, Player], rule: str
) -> list[Violation]:
    return [
        Violation(
            rule=rule,
            message=f"board {b.number}: {b.white} and {b.black} have met before",
            players=(b.white, b.black),
        )
        for b in pairing.boards
        if b.white in players and b.black in opponents_met(players[b.white])
    ]


def _colour_limits(
    state: TournamentState,
    pairing: RoundPairing,
    players: dict[PairingNumber, Player],
    *,
    difference_rule: str,
    run_rule: str,
    exempt: set[PairingNumber],
    limit: int = 2,
) -> list[Violation]:
    problems = []
    for board in pairing.boards:
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            player = players.get(number)
            if player is None or number in exempt:
                continue
            difference = colour_difference(player) + (1 if colour is Colour.WHITE else -1)
            if abs(difference) > limit:
                problems.append(
                    Violation(
                        rule=difference_rule,
                        message=f"board {board.number}: player {number} would have colour "
                        f"difference {difference:+d}",
                        players=(number,),
                    )
                )
            last = played_colours(player)[-2:]
            if len(last) == 2 and last[0] is colour and last[1] is colour:
                problems.append(
                    Violation(
                        rule=run_rule,
                        message=f"board {board.number}: player {number} would have "
                        f"{colour.name.lower()} three times in a row",
                        players=(number,),
                    )
                )
    return problems


def _bye(
    pairing: RoundPairing, players: dict[PairingNumber, Player], rule: str, *, default: bool
) -> list[Violation]:
    bye = pairing.pairing_allocated_bye
    if bye is None or bye not in players:
        return []
    player = players[bye]
    had_bye = any(r.outcome is Outcome.PAIRING_ALLOCATED_BYE for r in player.history)
    had_point = received_point_without_playing(player) if default else had_bye
    if had_point:
        return [
            Violation(
                rule=rule,
                message=f"player {bye} already had a bye or a point without playing",
                players=(bye,),
            )
        ]
    return []


def _lim_13_exempt(state: TournamentState, pairing: RoundPairing, violation: Violation) -> bool:
    """Lim 13: in the last round, equal-score players who have not met may break 9.1's
    colour limits."""
    if not state.is_last_round:
        return False
    scores = pairing_scores(state)
    number = violation.players[0]
    for board in pairing.boards:
        if number in (board.white, board.black):
            return scores[board.white] == scores[board.black]
    return False


def check_round(
    state: TournamentState, pairing: RoundPairing, system: str
) -> tuple[Violation, ...]:
    """Every absolute-criteria violation of ``pairing`` for ``system`` (none when legal)."""
    players = {p.pairing_number: p for p in state.players}
    problems = _structure(state, pairing)
    name = str(system)
    if name == "dutch1992":
        scores = pairing_scores(state)
        available = state.points.win * state.rounds_completed
        exempt = (
            {n for n, s in scores.items() if 2 * s > available}
            if state.is_last_round and state.rounds_completed
            else set()
        )
        problems += _rematches(pairing, players, "Dutch B1a")
        problems += _bye(pairing, players, "Dutch B1b", default=True)
        problems += _colour_limits(state, pairing, players, difference_rule="Dutch B2a",
                                   run_rule="Dutch B2b", exempt=exempt)  # fmt: skip
    elif name == "lim":
        problems += _rematches(pairing, players, "Lim 9.1")
        problems += _bye(pairing, players, "Lim 8.2", default=True)
        problems += [
            v
            for v in _colour_limits(
                state, pairing, players, difference_rule="Lim 9.1", run_rule="Lim 9.1", exempt=set()
            )  # fmt: skip
            if not _lim_13_exempt(state, pairing, v)
        ]
    elif name == "esca":
        problems += _rematches(pairing, players, "ESCA 1")
        problems += _bye(pairing, players, "ESCA 4", default=True)
    else:
        problems += _rematches(pairing, players, "SB 1")
        problems += _bye(pairing, players, "SB bye", default=False)
    return tuple(problems)
