"""Standings: players ranked by points, then by tie-breaks in a chosen order.

Dutch F10 (1992 wording) gives the default order: "the highest number of points scored";
"where it concerns the first place: the best result in games played against each other";
"the highest average rating of the opponents"; "the drawing of lots".  The tie-break
values themselves come from the ``tiebreaks`` package.

Ranks are positional: players level on everything still get 1, 2, 3 in pairing-number
order, and :attr:`StandingRow.tied_with_previous` tells that they were level, so a
caller can share a prize or print "3-5".
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import PairingNumber, TournamentState
from .tiebreaks import (
    DEFAULT_TIEBREAKS,
    TieBreak,
    TieBreakContext,
    TieBreakSpec,
    UnplayedRounds,
    as_spec,
    direct_encounter,
    direct_encounter_places,
    dutch_f10_order,
    parse_tiebreaks,
    points,
    tiebreak_context,
    truncated,
    value_function,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    """1-based position; never shared (see :attr:`tied_with_previous`)."""
    pairing_number: PairingNumber
    name: str
    points: Fraction
    values: tuple[Fraction, ...]
    """One value per requested tie-break, in the requested order, in points.

    DE shows the place within the tied group that C.07 Article 6 gives, 0 where it does
    not separate the group (as FIDE's checker shows it); DE1 the points scored against the
    others of the group leading (Dutch F10); LOT the place drawn, 1 being the best."""
    tied_with_previous: bool
    """Level with the row above on points and on every requested tie-break except LOT."""


def lot_positions(numbers: Sequence[PairingNumber], seed: int) -> dict[PairingNumber, int]:
    """The place each player draws, 1 being the best (Dutch F10: "the drawing of lots").

    One shuffle of the pairing numbers in ascending order by ``random.Random(seed)``, so
    the same seed and players always give the same draw (STYLE 3.2).
    """
    order = sorted(numbers)
    random.Random(seed).shuffle(order)
    return {number: place for place, number in enumerate(order, start=1)}


def _integer_keys(values: Mapping[PairingNumber, Fraction]) -> dict[PairingNumber, int]:
    """The values scaled to integers over a common denominator, so sorting is fast."""
    common = math.lcm(*{v.denominator for v in values.values()}) if values else 1
    if common == 1:
        return {n: v.numerator for n, v in values.items()}
    return {n: v.numerator * (common // v.denominator) for n, v in values.items()}


def _direct_encounter_values(
    context: TieBreakContext,
    keys: Mapping[PairingNumber, Sequence[int]],
    *,
    first_place_only: bool,
) -> dict[PairingNumber, Fraction]:
    """DE among each group level on every criterion so far; DE1 for the leading group only.

    Dutch F10: "where it concerns the first place: the best result in games played against
    each other".
    """
    groups: dict[tuple[int, ...], list[PairingNumber]] = {}
    for number in sorted(keys):
        groups.setdefault(tuple(keys[number]), []).append(number)
    if first_place_only and groups:
        best = max(groups)
        groups = {best: groups[best]}
    values = dict.fromkeys(keys, Fraction(0))
    for members in groups.values():
        if len(members) > 1:
            group = frozenset(members)
            if first_place_only:
                for number in members:
                    values[number] = direct_encounter(context, number, group)
            else:
                for number, place in direct_encounter_places(context, group).items():
                    values[number] = Fraction(place)
    return values


def standings(
    state: TournamentState,
    *,
    tiebreaks: Sequence[TieBreak | TieBreakSpec] = DEFAULT_TIEBREAKS,
    unplayed: UnplayedRounds = UnplayedRounds.FIDE_2023,
    unrated_rating: int | None = None,
    lot_seed: int = 0,
) -> tuple[StandingRow, ...]:
    """Rank every player by points, then by ``tiebreaks`` in order, then by pairing number.

    Dutch F10 by default (:func:`~pairing.engine.tiebreaks.dutch_f10_order`).  All the
    rounds in the histories count; use :func:`truncated` for the standings after an
    earlier round.  ``unplayed`` is the text of C.07 that counts unplayed rounds,
    ``unrated_rating`` the rating unrated players count with in ARO (None: ARO is left
    out when unrated players take part, C.07 Article 10).  DE compares the games among
    the players still level when it is reached, DE1 does so for the group level for
    first place only, and LOT orders by a draw from ``lot_seed``.  Scores are computed
    once per player: O(players x rounds).

    :raises InvalidState: a played game names a player who is not in the state.
    """
    context = tiebreak_context(state, unplayed=unplayed, unrated_rating=unrated_rating)
    numbers = sorted(context.players)
    score = {n: points(context, n) for n in numbers}
    # keys[n] holds one integer per criterion, higher is better; LOT keys are not compared
    # for ``tied_with_previous``.
    keys: dict[PairingNumber, list[int]] = {n: [k] for n, k in _integer_keys(score).items()}
    shown: dict[PairingNumber, list[Fraction]] = {n: [] for n in numbers}
    compared: list[bool] = [True]
    for spec in map(as_spec, tiebreaks):
        tiebreak = spec.code
        if tiebreak is TieBreak.LOT:
            found = {n: Fraction(place) for n, place in lot_positions(numbers, lot_seed).items()}
            scaled = {n: -int(v) for n, v in found.items()}
        else:
            if tiebreak in (TieBreak.DE, TieBreak.DE1):
                found = _direct_encounter_values(
                    context, keys, first_place_only=tiebreak is TieBreak.DE1
                )
            else:
                compute = value_function(spec)
                found = {n: compute(context, n) for n in numbers}
            scaled = _integer_keys(found)
            if spec.lower_is_better:
                scaled = {n: -v for n, v in scaled.items()}
        for n in numbers:
            keys[n].append(scaled[n])
            shown[n].append(found[n])
        compared.append(tiebreak is not TieBreak.LOT)
    ordered = sorted(numbers, key=lambda n: ([-k for k in keys[n]], n))
    rows: list[StandingRow] = []
    previous: list[int] | None = None
    for rank, n in enumerate(ordered, start=1):
        level = [k for k, counts in zip(keys[n], compared, strict=True) if counts]
        rows.append(
            StandingRow(
                rank=rank,
                pairing_number=n,
                name=context.players[n].name,
                points=score[n],
                values=tuple(shown[n]),
                tied_with_previous=level == previous,
            )
        )
        previous = level
    return tuple(rows)


__all__ = [
    "DEFAULT_TIEBREAKS",
    "StandingRow",
    "TieBreak",
    "TieBreakSpec",
    "UnplayedRounds",
    "dutch_f10_order",
    "lot_positions",
    "parse_tiebreaks",
    "standings",
    "truncated",
]
