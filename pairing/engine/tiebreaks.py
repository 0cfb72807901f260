"""Tie-breaks and standings, computed exactly with fractions of a point.

Buchholz (BH), Buchholz cut-1 (BH-C1), Median-Buchholz (MBH: highest and lowest
removed), Sonneborn-Berger (SB), Progress (PROG), direct encounter (DE, and DE1 for first
place only, Dutch F10), average rating of opponents (ARO), number of wins (WIN) and
drawing of lots (LOT), as defined in ``sb-ordered-swiss-and-tiebreaks.txt`` and Dutch F10.

Unplayed rounds (:class:`Unplayed`):

- ``FIDE`` (default), the FIDE tie-break regulations (2023/24): a player's own unplayed
  round (bye, forfeit, absence) counts as an opponent whose score is the player's own final
  score, and for SB that value is multiplied by the points the player got in that round;
  an opponent's score is the final score, except that the rounds after the opponent
  withdrew count as draws.  A player has withdrawn when the last rounds of the record are
  absences (``Z``); cut-1 first removes an unplayed round that was not a forfeit win or a
  pairing-allocated bye, otherwise the lowest value.
- ``VIRTUAL_OPPONENT``, the 2009 convention: an unplayed round counts as a game against a
  virtual opponent who starts the round with the player's score, gets the opposite result
  and draws every later round; opponents' unplayed rounds count as draws.
- ``ZERO``: unplayed rounds count nothing; opponents' scores are their final scores.

WIN counts the rounds in which the player scored a win's points, with or without playing
(forfeit wins and byes worth a win included), as the FIDE regulations do.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .model import Outcome, PairingNumber, Player, TournamentState

UNPLAYED_REMOVED_FIRST = frozenset(
    {
        Outcome.FORFEIT_LOSS,
        Outcome.HALF_POINT_BYE,
        Outcome.ZERO_POINT_BYE,
        Outcome.FULL_POINT_BYE,
    }
)
"""Unplayed rounds that cut-1 removes before any other value (FIDE convention)."""


class TieBreak(enum.StrEnum):
    """Tie-break codes, as the command line and the event settings spell them."""

    BH = "BH"
    BH_C1 = "BH-C1"
    MBH = "MBH"
    SB = "SB"
    PROG = "PROG"
    DE = "DE"
    DE1 = "DE1"
    ARO = "ARO"
    WIN = "WIN"
    LOT = "LOT"


class Unplayed(enum.Enum):
    """How unplayed rounds count in Buchholz-type tie-breaks."""

    FIDE = "fide"
    VIRTUAL_OPPONENT = "virtual"
    ZERO = "zero"


DUTCH_F10 = (TieBreak.DE1, TieBreak.ARO, TieBreak.LOT)
"""Dutch F10: points; the games between the tied players for first place; ARO; lot."""


def parse_tiebreaks(codes: str) -> tuple[TieBreak, ...]:
    """Read a comma-separated list such as ``"BH,BH-C1,SB"``.

    :raises ValueError: a code is unknown; the message names it.
    """
    result = []
    for code in (c.strip().upper() for c in codes.split(",")):
        if not code:
            continue
        try:
            result.append(TieBreak(code))
        except ValueError:
            known = ", ".join(t.value for t in TieBreak)
            raise ValueError(f"unknown tie-break {code!r}; use {known}") from None
    return tuple(result)


def truncated(state: TournamentState, rounds: int) -> TournamentState:
    """The state after the first ``rounds`` rounds (standings after any round)."""
    return replace(
        state,
        players=tuple(replace(p, history=p.history[:rounds]) for p in state.players),
        rounds_completed=rounds,
        requests=(),
    )


class Calculator:
    """Tie-break values of every player of one state, computed once per player."""

    def __init__(self, state: TournamentState, unplayed: Unplayed = Unplayed.FIDE) -> None:
        self.state = state
        self.unplayed = unplayed
        self.players = {p.pairing_number: p for p in state.players}
        self.win = Fraction(state.points.win, 2)
        self.draw = Fraction(state.points.draw, 2)
        self.points = {n: self._points(p) for n, p in self.players.items()}
        self.opponent_score = {n: self._score_as_opponent(p) for n, p in self.players.items()}

    # Scores ---------------------------------------------------------------------

    def _points(self, player: Player) -> Fraction:
        return sum(
            (Fraction(self.state.points.points_for(r.outcome), 2) for r in player.history),
            Fraction(0),
        )

    def _withdrawn_rounds(self, player: Player) -> int:
        """How many rounds at the end of the record are absences (a withdrawal)."""
        count = 0
        for record in reversed(player.history):
            if record.outcome is not Outcome.ZERO_POINT_BYE:
                break
            count += 1
        return count

    def _score_as_opponent(self, player: Player) -> Fraction:
        """The score this player counts for in opponents' Buchholz."""
        if self.unplayed is Unplayed.ZERO:
            return self.points[player.pairing_number]
        if self.unplayed is Unplayed.VIRTUAL_OPPONENT:
            return sum(
                (
                    Fraction(self.state.points.points_for(r.outcome), 2) if r.played else self.draw
                    for r in player.history
                ),
                Fraction(0),
            )
        return self.points[player.pairing_number] + self.draw * self._withdrawn_rounds(player)

    def round_points(self, record_outcome: Outcome) -> Fraction:
        """Points of one round's outcome, in points."""
        return Fraction(self.state.points.points_for(record_outcome), 2)

    # Per-round opponent values ---------------------------------------------------

    def opponent_values(self, number: PairingNumber) -> list[tuple[Fraction, Fraction, bool]]:
        """For each round: (opponent's score, points scored, removed first by cut-1)."""
        player = self.players[number]
        values = []
        running = Fraction(0)
        total_rounds = len(player.history)
        for index, record in enumerate(player.history, start=1):
            scored = self.round_points(record.outcome)
            if record.played and record.opponent in self.players:
                value = self.opponent_score[record.opponent]
                first = False
            elif self.unplayed is Unplayed.ZERO:
                value, first = Fraction(0), record.outcome in UNPLAYED_REMOVED_FIRST
            elif self.unplayed is Unplayed.VIRTUAL_OPPONENT:
                value = running + (self.win - scored) + self.draw * (total_rounds - index)
                first = record.outcome in UNPLAYED_REMOVED_FIRST
            else:
                value = self.points[number]
                first = record.outcome in UNPLAYED_REMOVED_FIRST
            values.append((value, scored, first))
            running += scored
        return values

    # Tie-breaks ------------------------------------------------------------------

    def buchholz(self, number: PairingNumber) -> Fraction:
        """Sum of the opponents' scores (SB text: Buchholz)."""
        return sum((v for v, _, _ in self.opponent_values(number)), Fraction(0))

    def buchholz_cut1(self, number: PairingNumber) -> Fraction:
        """Buchholz without one value: an unplayed round if any, else the lowest."""
        values = self.opponent_values(number)
        if not values:
            return Fraction(0)
        removable = [i for i, (_, _, first) in enumerate(values) if first]
        drop = removable[0] if removable else min(range(len(values)), key=lambda i: values[i][0])
        return sum((v for i, (v, _, _) in enumerate(values) if i != drop), Fraction(0))

    def median_buchholz(self, number: PairingNumber) -> Fraction:
        """Buchholz without the highest and the lowest opponent (SB text: Median-Buchholz)."""
        scores = sorted(v for v, _, _ in self.opponent_values(number))
        return sum(scores[1:-1], Fraction(0)) if len(scores) > 2 else Fraction(0)

    def sonneborn_berger(self, number: PairingNumber) -> Fraction:
        """Scores of opponents beaten plus half of those drawn (SB text: Sonneborn-Berger)."""
        return sum(
            (v * scored / self.win for v, scored, _ in self.opponent_values(number)),
            Fraction(0),
        )

    def progress(self, number: PairingNumber) -> Fraction:
        """Sum of the running score after each round (SB text: Progress)."""
        running = total = Fraction(0)
        for record in self.players[number].history:
            running += self.round_points(record.outcome)
            total += running
        return total

    def average_rating_of_opponents(self, number: PairingNumber) -> Fraction:
        """Average rating of the rated opponents actually played (Dutch F10)."""
        ratings = [
            self.players[r.opponent].rating
            for r in self.players[number].history
            if r.played and r.opponent in self.players and self.players[r.opponent].rating
        ]
        return Fraction(sum(ratings), len(ratings)) if ratings else Fraction(0)

    def wins(self, number: PairingNumber) -> Fraction:
        """Rounds in which the player scored a win's points, played or not."""
        return Fraction(
            sum(
                1
                for r in self.players[number].history
                if self.state.points.points_for(r.outcome) == self.state.points.win
                and r.outcome is not Outcome.HALF_POINT_BYE
            )
        )

    def direct_encounter(self, number: PairingNumber, group: frozenset[PairingNumber]) -> Fraction:
        """Points scored in played games against the other players of ``group`` (Dutch F10)."""
        return sum(
            (
                self.round_points(r.outcome)
                for r in self.players[number].history
                if r.played and r.opponent in group and r.opponent != number
            ),
            Fraction(0),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    pairing_number: PairingNumber
    name: str
    points: Fraction
    values: tuple[Fraction, ...]
    """One value per requested tie-break, in the requested order."""
    tied_with_previous: bool
    """Equal on points and every tie-break (except lot) with the row above."""


def standings(
    state: TournamentState,
    *,
    tiebreaks: Sequence[TieBreak] = DUTCH_F10,
    unplayed: Unplayed = Unplayed.FIDE,
    lot_seed: int = 0,
) -> tuple[StandingRow, ...]:
    """Rank every player by points, then by ``tiebreaks`` in order (Dutch F10 by default).

    DE compares the games among the players still tied when it is reached; DE1 does so
    only for the group tied for first place.  LOT orders by a permutation drawn from
    ``lot_seed``, so the standings never change on reload.
    """
    calc = Calculator(state, unplayed)
    numbers = sorted(calc.players)
    lot_order = list(numbers)
    random.Random(lot_seed).shuffle(lot_order)
    lot_rank = {n: i for i, n in enumerate(lot_order)}
    simple = {
        TieBreak.BH: calc.buchholz,
        TieBreak.BH_C1: calc.buchholz_cut1,
        TieBreak.MBH: calc.median_buchholz,
        TieBreak.SB: calc.sonneborn_berger,
        TieBreak.PROG: calc.progress,
        TieBreak.ARO: calc.average_rating_of_opponents,
        TieBreak.WIN: calc.wins,
    }
    keys: dict[PairingNumber, list[Fraction]] = {n: [calc.points[n]] for n in numbers}
    shown: dict[PairingNumber, list[Fraction]] = {n: [] for n in numbers}
    for tiebreak in tiebreaks:
        if tiebreak in simple:
            for n in numbers:
                value = simple[tiebreak](n)
                keys[n].append(value)
                shown[n].append(value)
            continue
        if tiebreak is TieBreak.LOT:
            for n in numbers:
                keys[n].append(Fraction(-lot_rank[n]))
                shown[n].append(Fraction(lot_rank[n] + 1))
            continue
        groups: dict[tuple[Fraction, ...], list[PairingNumber]] = {}
        for n in numbers:
            groups.setdefault(tuple(keys[n]), []).append(n)
        top = max(groups) if groups else ()
        for key, members in groups.items():
            applies = len(members) > 1 and (tiebreak is TieBreak.DE or key == top)
            group = frozenset(members)
            for n in members:
                value = calc.direct_encounter(n, group) if applies else Fraction(0)
                keys[n].append(value)
                shown[n].append(value)
    ordered = sorted(numbers, key=lambda n: ([-v for v in keys[n]], n))
    rows = []
    previous: list[Fraction] | None = None
    for rank, n in enumerate(ordered, start=1):
        comparable = [
            v for v, t in zip(keys[n], (None, *tiebreaks), strict=True) if t is not TieBreak.LOT
        ]
        rows.append(
            StandingRow(
                rank=rank,
                pairing_number=n,
                name=calc.players[n].name,
                points=calc.points[n],
                values=tuple(shown[n]),
                tied_with_previous=previous == comparable,
            )
        )
        previous = comparable
    return tuple(rows)
