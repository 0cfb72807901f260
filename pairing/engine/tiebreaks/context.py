"""What the tie-breaks of one state share: each player's score, his score as his
opponents count it, and one Buchholz term per round, computed once under the chosen
convention for unplayed rounds (:mod:`~pairing.engine.tiebreaks.editions`; FIDE C.07
Article 16).  Also the state as it stood after an earlier round, for standings then."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pairing.engine.errors import InvalidState
from pairing.engine.messages import words
from pairing.engine.model import Outcome, PairingNumber, Player, Points, TournamentState

from .editions import _PLAYED, VOLUNTARY_UNPLAYED, UnplayedRounds


def truncated(state: TournamentState, rounds: int) -> TournamentState:
    """The state as it stood after the first ``rounds`` rounds, for standings after them.

    Every history keeps its first ``rounds`` records; requests for the next round are
    dropped because they belong to a later round.

    :raises ValueError: ``rounds`` is negative or more than the rounds completed.
    """
    if not 0 <= rounds <= state.rounds_completed:
        raise ValueError(f"round {rounds} is not between 0 and {state.rounds_completed}")
    if rounds == state.rounds_completed:
        # Every history is whole: only the requests go (not a copy of every player).
        return replace(state, requests=()) if state.requests else state
    return replace(
        state,
        players=tuple(replace(p, history=p.history[:rounds]) for p in state.players),
        rounds_completed=rounds,
        requests=(),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Contribution:
    """One round's term in a player's Buchholz-type tie-breaks."""

    round_number: int
    opponent: PairingNumber | None
    """The opponent actually played; ``None`` for an unplayed round."""
    value: Fraction
    """The opponent's score as it counts here, or the stand-in's for an unplayed round."""
    points: Fraction
    """The points the player got in that round."""
    voluntary_unplayed: bool
    """Removed first by a low cut (FIDE 2023 only)."""


_Term = tuple[int, int, bool]
"""Internal form of a contribution: (value in half-points, points in half-points, cut first)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TieBreakContext:
    """Everything the tie-breaks of one state share, computed once per player.

    Build it with :func:`tiebreak_context`.  The mappings hold half-points.
    """

    state: TournamentState
    unplayed: UnplayedRounds
    """The convention the values below were computed with."""
    players: Mapping[PairingNumber, Player]
    """The players by pairing number."""
    score: Mapping[PairingNumber, Points]
    """Each player's score."""
    score_as_opponent: Mapping[PairingNumber, Points]
    """Each player's score as it counts in the opponents' tie-breaks (the convention's)."""
    terms: Mapping[PairingNumber, tuple[_Term, ...]]
    """Each player's contributions, one per round, in half-points."""
    unrated_rating: int | None = None
    """The rating an unrated player counts with in rating tie-breaks, when the event's
    regulations give one (C.07 Article 10)."""
    memo: dict[str, dict[PairingNumber, int]] = field(default_factory=dict)
    """Values computed for every player at once by a tie-break that needs them all."""
    fore_terms: dict[PairingNumber, tuple[_Term, ...]] = field(default_factory=dict)
    """Each player's terms as Fore Buchholz counts them, once computed."""
    ordered: dict[tuple[PairingNumber, bool], tuple[_Term, ...]] = field(default_factory=dict)
    """Each player's terms (Buchholz's, or with ``True`` Fore Buchholz's) sorted by
    significance for the cuts, once computed."""
    ratings_usable: bool = True
    """C.07 Article 10: rating tie-breaks are used only when every player is rated or
    the regulations say how an unrated player counts."""
    met: Mapping[PairingNumber, tuple[PairingNumber, ...]] = field(default_factory=dict)
    """Each player's opponents over the board, in the order of the rounds (forfeits and
    byes are no games)."""


def tiebreak_context(
    state: TournamentState,
    *,
    unplayed: UnplayedRounds = UnplayedRounds.FIDE_2023,
    unrated_rating: int | None = None,
) -> TieBreakContext:
    """Precompute scores and per-round contributions of every player: O(players x rounds).
    ``unrated_rating``: the rating an unrated player counts with in ARO, when the event
    gives one.

    :raises InvalidState: a played game names an opponent who is not in the state.
    """
    players = {p.pairing_number: p for p in state.players}
    worth = {outcome: int(state.points.points_for(outcome)) for outcome in Outcome}
    score = {n: Points(sum(worth[r.outcome] for r in p.history)) for n, p in players.items()}
    as_opponent = {
        n: _score_as_opponent(p, score[n], state, unplayed, worth) for n, p in players.items()
    }
    terms = {
        n: _terms(p, score[n], as_opponent, state, unplayed, worth) for n, p in players.items()
    }
    return TieBreakContext(
        state=state,
        unplayed=unplayed,
        players=players,
        score=score,
        score_as_opponent=as_opponent,
        terms=terms,
        unrated_rating=unrated_rating,
        ratings_usable=unrated_rating is not None or all(p.rating > 0 for p in state.players),
        met={
            n: tuple(r.opponent for r in p.history if r.outcome in _PLAYED and r.opponent)
            for n, p in players.items()
        },
    )


def _last_not_voluntary(player: Player) -> int:
    """The last round that was not a voluntary unplayed round, 0 if none (FIDE 2023)."""
    for index in range(len(player.history), 0, -1):
        if player.history[index - 1].outcome not in VOLUNTARY_UNPLAYED:
            return index
    return 0


def _score_as_opponent(
    player: Player,
    score: Points,
    state: TournamentState,
    unplayed: UnplayedRounds,
    worth: Mapping[Outcome, int],
) -> Points:
    """The score ``player`` counts for in the opponents' tie-breaks, in half-points."""
    draw = state.points.draw
    if unplayed is UnplayedRounds.ZERO:
        return score
    if unplayed is UnplayedRounds.VIRTUAL_OPPONENT_2009:
        # FIDE 2009: each unplayed round of a player counts as a draw for his opponents.
        return Points(
            sum(worth[r.outcome] if r.outcome in _PLAYED else draw for r in player.history)
        )
    # FIDE 2023: after withdrawing, rounds without an opponent count as draws.
    adjusted = score
    for record in player.history[_last_not_voluntary(player) :]:
        if record.opponent is None:
            adjusted = Points(adjusted - worth[record.outcome] + draw)
    return adjusted


def _virtual_result(scored: int, state: TournamentState) -> int:
    """What the virtual opponent scores against a player who got ``scored`` (FIDE 2009)."""
    system = state.points
    if scored >= system.win:
        return system.loss
    if scored <= system.loss:
        return system.win
    return system.draw


def _terms(
    player: Player,
    own_score: Points,
    as_opponent: Mapping[PairingNumber, Points],
    state: TournamentState,
    unplayed: UnplayedRounds,
    worth: Mapping[Outcome, int],
) -> tuple[_Term, ...]:
    """One (value, points, cut first) triple per round of ``player``, in half-points."""
    rounds = len(player.history)
    running = 0
    terms: list[_Term] = []
    for index, record in enumerate(player.history, start=1):
        outcome = record.outcome
        scored = worth[outcome]
        if outcome in _PLAYED and record.opponent is not None:
            value = as_opponent.get(record.opponent)
            if value is None:
                raise InvalidState(
                    words(
                        "state.played_unknown_player",
                        player=player.pairing_number,
                        opponent=record.opponent,
                        round=index,
                    )
                )
            terms.append((value, scored, False))
        elif unplayed is UnplayedRounds.FIDE_2023:
            terms.append((own_score, scored, record.outcome in VOLUNTARY_UNPLAYED))
        elif unplayed is UnplayedRounds.FIDE_2026:
            scheduled = as_opponent.get(record.opponent) if record.opponent else None
            stand_in = _stand_in_2026(own_score, scheduled, state.points.draw, rounds)
            terms.append((stand_in, scored, record.outcome in VOLUNTARY_UNPLAYED))
        elif unplayed is UnplayedRounds.VIRTUAL_OPPONENT_2009:
            virtual = (
                running + _virtual_result(scored, state) + state.points.draw * (rounds - index)
            )
            terms.append((virtual, scored, False))
        else:
            terms.append((0, scored, False))
        running += scored
    return tuple(terms)


def _stand_in_2026(own: int, scheduled: int | None, draw: int, rounds: int) -> int:
    """C.07 (2026) 16.4: the score standing for a player's own unplayed round, capped
    at the scheduled opponent's score as his opponents count it for a forfeit won or
    lost (16.4.1), at a draw per round for a round without an opponent (16.4.2)."""
    return min(own, scheduled if scheduled is not None else draw * rounds)


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)``, one object per value: a standings' thousands
    of scores and sums take a few hundred values (#35)."""
    return Fraction(numerator, denominator)


def _halves(value: int) -> Fraction:
    """``value`` half-points in points (:func:`_fraction`)."""
    return _fraction(value, 2)


def points(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The player's score in points (Dutch F10: "the highest number of points scored")."""
    return _halves(context.score[number])


def score_as_opponent(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The player's score as it counts in the opponents' tie-breaks, in points.

    FIDE 2023 and 2026: the final score with the byes and absences after a withdrawal
    counted as draws; FIDE 2009: every unplayed round counted as a draw; ZERO: the final
    score.
    """
    return Fraction(context.score_as_opponent[number], 2)


def contributions(context: TieBreakContext, number: PairingNumber) -> tuple[Contribution, ...]:
    """The per-round terms of the player's Buchholz, in points, for display and checking."""
    history = context.players[number].history
    return tuple(
        Contribution(
            round_number=index,
            opponent=record.opponent if record.played else None,
            value=Fraction(value, 2),
            points=Fraction(scored, 2),
            voluntary_unplayed=cut_first,
        )
        for index, (record, (value, scored, cut_first)) in enumerate(
            zip(history, context.terms[number], strict=True), start=1
        )
    )
