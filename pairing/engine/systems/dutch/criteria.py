"""The pairing criteria of the Dutch system of 2026 as the weight of one pair.

FIDE Handbook C.04.3 (in force from 1 February 2026), Article 2: the absolute criteria C.1
(no rematch) and C.3 (no two non-topscorers with the same absolute colour preference)
decide whether a pair may be made at all (:func:`~.entrants.compatible`); C.2 (who may
take the pairing-allocated bye) and C.4 (the round can be completed) weigh most; then
the quality criteria, each in a bit field below the one before, so that a matching of
greatest total weight is the pairing the text prefers:

====  ===================================================================
C.5   the most pairs in the bracket (fewest downfloaters)
C.6   the highest scores paired in the bracket (lowest scores float down)
C.7   the most pairs in the next bracket, given the downfloaters
C.8   the highest scores paired in the next bracket
C.9   the fewest unplayed games for the player who takes the PAB
C.10  fewest topscorers (or their opponents) beyond colour difference ±2
C.11  fewest topscorers (or their opponents) with one colour three times running
C.12  fewest players without their colour preference
C.13  fewest players without their strong colour preference
C.14  fewest players with the same downfloat as in the previous round
C.15  fewest players with the same upfloat as in the previous round
C.16  fewest players with the same downfloat as two rounds before
C.17  fewest players with the same upfloat as two rounds before
C.18  lowest scores among the repeated downfloaters of the previous round
C.19  lowest scores among the opponents of repeated upfloaters (previous round)
C.20  lowest scores among the repeated downfloaters of two rounds before
C.21  lowest scores among the opponents of repeated upfloaters (two rounds before)
====  ===================================================================

The lowest bits are left free for the order of Article 4 (transpositions and exchanges,
:mod:`.procedure`).  Field widths follow bbpPairings, so that even where a field can
overflow into the one above, the two programs prefer the same pairing: each count field
is as wide as the largest score group needs, and each score field gives every score
group of the round its own sub-field, lower scores lower.  Kept with its reason (#32):
the criteria rank strictly one after another, which the widths keep whenever a count
fits its field; a count wider than the largest score group needs moved-down players
from several groups in one bracket, and whether a round can reach it was not settled.
Widening the fields would follow the strict order in that corner too, at the price of
parity there; the choice is listed in ``bench/README.md`` (#32).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.floats import Float
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow, compatible

QUALITY_CRITERIA: tuple[tuple[str, str], ...] = (
    ("C.5", "the most pairs in the bracket"),
    ("C.6", "the highest scores paired in the bracket"),
    ("C.7", "the most pairs in the next bracket"),
    ("C.8", "the highest scores paired in the next bracket"),
    ("C.9", "the fewest unplayed games for the player who takes the bye"),
    ("C.10", "no topscorer beyond a colour difference of two"),
    ("C.11", "no topscorer with one colour three times running"),
    ("C.12", "the most colour preferences met"),
    ("C.13", "the most strong colour preferences met"),
    ("C.14", "the fewest repeated downfloats from the previous round"),
    ("C.15", "the fewest repeated upfloats from the previous round"),
    ("C.16", "the fewest repeated downfloats from two rounds before"),
    ("C.17", "the fewest repeated upfloats from two rounds before"),
    ("C.18", "the lowest scores among repeated downfloaters (previous round)"),
    ("C.19", "the lowest scores against repeated upfloaters (previous round)"),
    ("C.20", "the lowest scores among repeated downfloaters (two rounds before)"),
    ("C.21", "the lowest scores against repeated upfloaters (two rounds before)"),
)
"""The quality criteria in the order they rank pairings, with what each asks for."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The widths of the weight's bit fields for one round."""

    count_bits: int
    """Bits of a count field: enough for the largest score group."""
    shifts: dict[int, int]
    """Each score's sub-field offset within a score field, lowest score at 0."""
    score_bits: int
    """Bits of a score field: every score group's sub-field together."""
    rounds_completed: int

    @property
    def reserved(self) -> int:
        """The low bits left for the order of Article 4."""
        return 3 * self.count_bits + 1

    @staticmethod
    def of(players: Sequence[Entrant], rounds_completed: int) -> Layout:
        counts = Counter(p.score for p in players)
        shifts: dict[int, int] = {}
        total = 0
        for score in sorted(counts):
            shifts[score] = total
            total += counts[score].bit_length()
        return Layout(
            count_bits=max(counts.values(), default=1).bit_length(),
            shifts=shifts,
            score_bits=total,
            rounds_completed=rounds_completed,
        )


@dataclass(frozen=True, slots=True)
class ByeContext:
    """What C.2 and C.9 need: who may take the bye, and the played-games ranks."""

    odd: bool
    """An odd number of players: one of them takes the PAB."""
    score: int
    """The lowest score from which a player can take the PAB and the round still be
    completed (C.4); a bye candidate has at most this score."""
    played_rank: dict[int, int]
    """C.9: players with that score, by games played, most played first."""

    def candidate(self, player: Entrant) -> bool:
        """C.2: may take the bye, and no higher score than needed."""
        return player.bye_eligible and player.score <= self.score


def _colour_fields(low: Entrant, high: Entrant) -> tuple[int, int, int, int]:
    """C.10-C.13 for one pair in the bracket: 1 where the pair keeps the criterion."""
    same = low.preference is not None and low.preference is high.preference
    c10 = not (low.imbalance > 1 and high.imbalance > 1 and same)
    if not (low.absolute and high.absolute and same):
        c11 = True
    elif low.imbalance == high.imbalance:
        c11 = low.repeated is None or low.repeated is not high.repeated
    else:
        # The player with the smaller colour difference yields (colour rule 5.2.2).
        yielding = high if low.imbalance > high.imbalance else low
        c11 = low.preference is None or yielding.repeated is not low.preference.opposite
    c12 = not same
    c13 = (
        (not low.strong and not low.absolute)
        or (not high.strong and not high.absolute)
        or (low.absolute and high.absolute)
        or not same
    )
    return int(c10), int(c11), int(c12), int(c13)


def quality_fields(
    high: Entrant,
    low: Entrant,
    *,
    layout: Layout,
    in_bracket: bool,
    in_next: bool,
    bye: ByeContext,
    single_downfloater_takes_bye: bool,
) -> list[tuple[str, int, int]]:
    """C.5-C.21 for pairing ``high`` (ranked higher) with ``low``: (criterion, field
    width, value), highest field first; a greater value is better.  ``in_bracket``:
    ``low`` is a resident of the bracket being paired; ``in_next``: ``low`` belongs to
    the next score group."""
    bits, score_bits, shift = layout.count_bits, layout.score_bits, layout.shifts
    fields = [
        ("C.5", bits, int(in_bracket)),
        ("C.6", score_bits, (1 << shift[high.score]) if in_bracket else 0),
        ("C.7", bits, int(in_next)),
        ("C.8", score_bits, (1 << shift[high.score]) if in_next else 0),
    ]
    c9 = 0
    if single_downfloater_takes_bye:
        if high.score == bye.score:
            c9 += bye.played_rank[high.played_games]
        if low.score == bye.score:
            c9 += bye.played_rank[low.played_games]
    fields.append(("C.9", 2 * bits, c9))
    colours = _colour_fields(low, high) if in_bracket else (0, 0, 0, 0)
    fields += [(f"C.{10 + i}", bits, value) for i, value in enumerate(colours)]
    rounds = min(layout.rounds_completed, 2)
    for back in range(rounds):  # C.14-C.17
        down = (low.floats[back] is Float.DOWN) + (
            high.score <= low.score and high.floats[back] is Float.DOWN
        )
        up = not (high.score > low.score and low.floats[back] is Float.UP)
        fields.append((f"C.{14 + 2 * back}", bits, down if in_bracket else 0))
        fields.append((f"C.{15 + 2 * back}", bits, int(up) if in_bracket else 0))
    for back in range(rounds):  # C.18-C.21
        down_scores = 0
        up_scores = 0
        if in_bracket:
            down_scores = (int(low.floats[back] is Float.DOWN) << shift[low.score]) + (
                int(high.floats[back] is Float.DOWN) << shift[high.score]
            )
            if not (low.floats[back] is Float.UP and high.score > low.score):
                up_scores = 1 << shift[high.score]
        fields.append((f"C.{18 + 2 * back}", score_bits, down_scores))
        fields.append((f"C.{19 + 2 * back}", score_bits, up_scores))
    return fields


def edge_weight(
    high: Entrant,
    low: Entrant,
    *,
    layout: Layout,
    in_bracket: bool,
    in_next: bool,
    bye: ByeContext,
    single_downfloater_takes_bye: bool,
    completion: bool,
    regardless_of_c1: bool = False,
) -> int:
    """The weight of pairing ``high`` (ranked higher) with ``low``; 0 when C.1 or C.3
    forbids it: the fields of :func:`quality_fields`, below C.2 and C.4 in the highest
    field when ``completion`` (every player still to be paired is in the graph).
    ``regardless_of_c1``: whether the two have met is not asked (C.3 still is), for the
    weight of two kinds of player rather than of two players."""
    if not (colours_allow(high, low) if regardless_of_c1 else compatible(high, low)):
        return 0
    weight = 0
    if completion:
        weight = 1 + (not bye.candidate(high)) + (not bye.candidate(low))
    for _, width, value in quality_fields(
        high,
        low,
        layout=layout,
        in_bracket=in_bracket,
        in_next=in_next,
        bye=bye,
        single_downfloater_takes_bye=single_downfloater_takes_bye,
    ):
        weight = (weight << width) + value
    return weight << layout.reserved


def deciding_criterion(
    chosen: list[list[tuple[str, int, int]]], other: list[list[tuple[str, int, int]]]
) -> str | None:
    """The first quality criterion by which the pairs ``chosen`` beat the pairs
    ``other`` (each pair given by its :func:`quality_fields`), or None."""

    def totals(pairs: list[list[tuple[str, int, int]]]) -> dict[str, int]:
        result: dict[str, int] = {}
        for fields in pairs:
            for name, _, value in fields:
                result[name] = result.get(name, 0) + value
        return result

    mine, theirs = totals(chosen), totals(other)
    for name, _ in QUALITY_CRITERIA:
        if mine.get(name, 0) != theirs.get(name, 0):
            return name if mine.get(name, 0) > theirs.get(name, 0) else None
    return None
