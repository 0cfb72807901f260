"""The front door's check of a tournament state, once, for every system.

A state reaches the engines from a TRF file, the web app's database or a test; whatever
built it, :func:`validate_state` refuses one that no rule text could pair from, with a
message naming the player and the round, before any system sees it:

- pairing numbers from 1 up, each used once; a history of one record per completed
  round, in round order;
- a record with an opponent (a game or a forfeit) names a known player other than
  the player, whose record of that round names the player back, with the other colour
  when both have one: so nobody is paired twice in one round and no game is one-sided;
- a bye, an absence or a withdrawal round has no opponent and no colour;
- requests name known players who are not withdrawn, one request each;
- forbidden pairs and imaginary points (``XXA``) name known players; a forbidden pair
  is two different players; imaginary points are for rounds from 1 on, not negative;
- the round numbers: at least one round planned, none completed below zero;
- the acceleration option yes, no or unset; the systems' own options are checked
  against their declarations by :func:`validate_options`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import InvalidState
from .model import (
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Player,
    TournamentState,
)
from .options import OptionSpec

_WITH_OPPONENT = frozenset(outcome for outcome in Outcome if outcome.has_opponent)
"""Outcomes of a round in which the player was paired against someone (games, forfeits)."""


def validate_state(state: TournamentState) -> None:
    """Refuse a state that is inconsistent; return quietly when it is sound.

    :raises InvalidState: the first inconsistency found, in plain words.
    """
    if state.rounds_completed < 0:
        raise InvalidState(f"rounds completed cannot be negative ({state.rounds_completed})")
    if state.total_rounds < 1:
        raise InvalidState(f"the event must plan at least one round, not {state.total_rounds}")
    players = _players(state)
    for player in state.players:
        _history(state, player, players)
    _rounds(state, players)  # after every history is known sound
    _requests(state, players)
    _forbidden_pairs(state, players)
    _acceleration(state, players)
    _options(state.options)


def _players(state: TournamentState) -> dict[PairingNumber, Player]:
    players: dict[PairingNumber, Player] = {}
    for player in state.players:
        number = player.pairing_number
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidState(f"pairing number {number!r} is not a whole number from 1 up")
        if number in players:
            raise InvalidState(
                f"pairing number {number} is used twice "
                f"({players[number].name or 'unnamed'} and {player.name or 'unnamed'})"
            )
        players[number] = player
    return players


def _history(state: TournamentState, player: Player, players: dict[PairingNumber, Player]) -> None:
    """One player's records on their own: count, round numbers, opponents that exist.

    The loop runs for every record of every player before each round, so it builds no
    message until something is wrong (:func:`_record_problem` says what).
    """
    if len(player.history) != state.rounds_completed:
        raise InvalidState(
            f"player {player.pairing_number} has {len(player.history)} rounds recorded, "
            f"expected {state.rounds_completed}"
        )
    number = player.pairing_number
    for index, record in enumerate(player.history, start=1):
        opponent = record.opponent
        if record.round_number != index:
            raise InvalidState(
                f"player {number}, round {index}: the record is marked as round "
                f"{record.round_number}"
            )
        if record.outcome in _WITH_OPPONENT:
            if opponent is None or opponent == number or opponent not in players:
                raise InvalidState(_record_problem(number, record, players))
        elif opponent is not None or record.colour is not None:
            raise InvalidState(_record_problem(number, record, players))


def _record_problem(
    number: PairingNumber, record: GameRecord, players: dict[PairingNumber, Player]
) -> str:
    where = f"player {number}, round {record.round_number}"
    if not record.outcome.has_opponent:
        return (
            f"{where}: a {record.outcome.name.lower()} has no opponent or colour "
            f"(it names player {record.opponent})"
        )
    if record.opponent is None:
        return f"{where}: a game or forfeit without an opponent"
    if record.opponent == number:
        return f"{where}: paired against himself"
    return f"{where}: the opponent {record.opponent} is not a player of the event"


def _rounds(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    """Each round's boards: nobody paired twice, every game recorded on both sides.

    A game is sound when the opponent's record of that round names the player back, as
    a game or forfeit, with the other colour when both have one; a player named by two
    others fails that for one of them, and is then reported as paired twice.
    """
    for player in state.players:
        number = player.pairing_number
        for index, record in enumerate(player.history):
            opponent = record.opponent
            if opponent is None:
                continue
            theirs = players[opponent].history[index]
            if (
                theirs.opponent != number
                or theirs.outcome not in _WITH_OPPONENT
                or (record.colour is not None and record.colour is theirs.colour)
            ):
                raise InvalidState(_game_problem(state, number, record, players))


def _game_problem(
    state: TournamentState,
    number: PairingNumber,
    record: GameRecord,
    players: dict[PairingNumber, Player],
) -> str:
    index = record.round_number
    named: dict[PairingNumber, list[PairingNumber]] = {}
    for player in state.players:
        mine = player.history[index - 1]
        if mine.outcome.has_opponent and mine.opponent is not None:
            named.setdefault(mine.opponent, []).append(player.pairing_number)
    for twice, by in sorted(named.items()):
        if len(by) > 1:
            listed = " and ".join(map(str, sorted(by)))
            return f"round {index}: player {twice} is paired twice (against {listed})"
    opponent = record.opponent
    assert opponent is not None
    theirs = players[opponent].history[index - 1]
    where = f"player {number}, round {index}"
    if theirs.opponent != number or not theirs.outcome.has_opponent:
        shown = (
            f"names player {theirs.opponent}"
            if theirs.opponent is not None
            else f"has {theirs.outcome.name.lower()}"
        )
        return (
            f"{where}: paired against {opponent}, whose round {index} {shown} "
            "(a game recorded on one side only)"
        )
    colour = record.colour.name.lower() if record.colour is not None else ""
    return f"{where}: both {number} and {opponent} have {colour}"


def _requests(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    seen: set[PairingNumber] = set()
    for request in state.requests:
        number = request.pairing_number
        player = players.get(number)
        if player is None:
            raise InvalidState(f"round {state.round_number}: a request for unknown player {number}")
        if player.withdrawn:
            raise InvalidState(
                f"round {state.round_number}: player {number} has withdrawn, so a request "
                "for the round cannot be honoured"
            )
        if number in seen:
            raise InvalidState(f"round {state.round_number}: player {number} has two requests")
        seen.add(number)


def _forbidden_pairs(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    for pair in state.forbidden_pairs:
        members = sorted(pair)
        if len(members) != 2:
            raise InvalidState(f"a forbidden pair must be two different players, not {members}")
        for member in members:
            if member not in players:
                raise InvalidState(f"forbidden pair {members[0]}-{members[1]}: no player {member}")


def _acceleration(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    for bonus in state.acceleration:
        if bonus.pairing_number not in players:
            raise InvalidState(f"imaginary points for unknown player {bonus.pairing_number}")
        if bonus.round_number < 1 or bonus.points < 0:
            raise InvalidState(
                f"player {bonus.pairing_number}: imaginary points {bonus.points / 2} "
                f"for round {bonus.round_number} are out of range"
            )


def _options(options: PairingOptions) -> None:
    if options.acceleration not in (None, True, False):
        raise InvalidState(f"option acceleration must be yes, no or unset: {options.acceleration}")


def validate_options(options: PairingOptions, specs: Iterable[OptionSpec[Any]]) -> None:
    """Refuse a system option no system declares (``specs``: every system's), or a value
    its declaration refuses (:meth:`~pairing.engine.options.OptionSpec.problem`).

    :raises InvalidState: naming the option.
    """
    by_name = {spec.name: spec for spec in specs}
    for name, value in options.values:
        spec = by_name.get(name)
        if spec is None:
            raise InvalidState(f"no pairing system has an option {name}")
        problem = spec.problem(value)
        if problem is not None:
            raise InvalidState(f"{problem}: {value!r}")


__all__ = ["validate_options", "validate_state"]
