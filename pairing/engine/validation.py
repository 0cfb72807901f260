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
from .messages import Message, words
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
        raise InvalidState(words("state.rounds_completed_negative", rounds=state.rounds_completed))
    if state.total_rounds < 1:
        raise InvalidState(words("state.no_round_planned", rounds=state.total_rounds))
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
            raise InvalidState(words("state.bad_pairing_number", number=repr(number)))
        if number in players:
            raise InvalidState(
                words(
                    "state.pairing_number_twice",
                    number=number,
                    first=players[number].name or "unnamed",
                    second=player.name or "unnamed",
                )
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
            words(
                "state.history_length",
                player=player.pairing_number,
                recorded=len(player.history),
                expected=state.rounds_completed,
            )
        )
    number = player.pairing_number
    for index, record in enumerate(player.history, start=1):
        opponent = record.opponent
        if record.round_number != index:
            raise InvalidState(
                words("state.record_round", player=number, round=index, marked=record.round_number)
            )
        if record.outcome in _WITH_OPPONENT:
            if opponent is None or opponent == number or opponent not in players:
                raise InvalidState(_record_problem(number, record, players))
        elif opponent is not None or record.colour is not None:
            raise InvalidState(_record_problem(number, record, players))


def _record_problem(
    number: PairingNumber, record: GameRecord, players: dict[PairingNumber, Player]
) -> Message:
    where = {"player": number, "round": record.round_number}
    if not record.outcome.has_opponent:
        return words(
            "state.unpaired_with_opponent",
            **where,
            outcome=record.outcome.name.lower(),
            opponent=str(record.opponent),
        )
    if record.opponent is None:
        return words("state.game_without_opponent", **where)
    if record.opponent == number:
        return words("state.paired_against_self", **where)
    return words("state.unknown_opponent", **where, opponent=record.opponent)


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
) -> Message:
    index = record.round_number
    named: dict[PairingNumber, list[PairingNumber]] = {}
    for player in state.players:
        mine = player.history[index - 1]
        if mine.outcome.has_opponent and mine.opponent is not None:
            named.setdefault(mine.opponent, []).append(player.pairing_number)
    for twice, by in sorted(named.items()):
        if len(by) > 1:
            return words(
                "state.paired_twice", round=index, player=twice, opponents=tuple(sorted(by))
            )
    opponent = record.opponent
    assert opponent is not None
    theirs = players[opponent].history[index - 1]
    where = {"player": number, "round": index, "opponent": opponent}
    if theirs.opponent != number or not theirs.outcome.has_opponent:
        if theirs.opponent is not None:
            return words("state.one_sided_names", **where, named=theirs.opponent)
        return words("state.one_sided_has", **where, outcome=theirs.outcome.name.lower())
    colour = record.colour.name.lower() if record.colour is not None else ""
    return words("state.same_colour", **where, colour=colour)


def _requests(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    seen: set[PairingNumber] = set()
    for request in state.requests:
        number = request.pairing_number
        player = players.get(number)
        if player is None:
            raise InvalidState(
                words("state.request_unknown_player", round=state.round_number, player=number)
            )
        if player.withdrawn:
            raise InvalidState(
                words("state.request_withdrawn", round=state.round_number, player=number)
            )
        if number in seen:
            raise InvalidState(words("state.two_requests", round=state.round_number, player=number))
        seen.add(number)


def _forbidden_pairs(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    for pair in state.forbidden_pairs:
        members = sorted(pair)
        if len(members) != 2:
            raise InvalidState(words("state.forbidden_pair_size", members=str(members)))
        for member in members:
            if member not in players:
                raise InvalidState(
                    words(
                        "state.forbidden_pair_unknown",
                        first=members[0],
                        second=members[1],
                        player=member,
                    )
                )


def _acceleration(state: TournamentState, players: dict[PairingNumber, Player]) -> None:
    for bonus in state.acceleration:
        if bonus.pairing_number not in players:
            raise InvalidState(words("state.bonus_unknown_player", player=bonus.pairing_number))
        if bonus.round_number < 1 or bonus.points < 0:
            raise InvalidState(
                words(
                    "state.bonus_out_of_range",
                    player=bonus.pairing_number,
                    points=bonus.points / 2,
                    round=bonus.round_number,
                )
            )


def _options(options: PairingOptions) -> None:
    if options.acceleration not in (None, True, False):
        raise InvalidState(words("state.acceleration_option", value=str(options.acceleration)))


def validate_options(options: PairingOptions, specs: Iterable[OptionSpec[Any]]) -> None:
    """Refuse a system option no system declares (``specs``: every system's), or a value
    its declaration refuses (:meth:`~pairing.engine.options.OptionSpec.problem`).

    :raises InvalidState: naming the option.
    """
    by_name = {spec.name: spec for spec in specs}
    for name, value in options.values:
        spec = by_name.get(name)
        if spec is None:
            raise InvalidState(words("state.unknown_option", name=name))
        problem = spec.problem(value)
        if problem is not None:
            raise InvalidState(words("state.option_value", problem=problem, value=repr(value)))


__all__ = ["validate_options", "validate_state"]
