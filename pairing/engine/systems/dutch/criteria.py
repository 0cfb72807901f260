"""The pairing criteria of the Dutch system of 2026 as the weight of one pair.

FIDE Handbook C.04.3 (in force from 1 February 2026), Article 2, whose criteria are
numbered [C1]-[C21]: the absolute criteria C1 (no rematch) and C3 (no two
non-topscorers with the same absolute colour preference) decide whether a pair may be
made at all (:func:`~.entrants.compatible`); C2 (who may take the pairing-allocated
bye), the completion criterion C4 and the PAB criterion C5 (the lowest score for the
player who takes the bye) weigh most; then the quality criteria C6-C21, each in a bit
field below the one before, so that a matching of greatest total weight is the pairing
the text prefers:

=========  ================================================================
C6         the most pairs in the bracket (fewest downfloaters)
C7         the highest scores paired in the bracket (lowest scores float down)
C8         the next bracket as good as C1-C7 can make it: its most pairs, then
           its highest scores paired, given the downfloaters (two fields)
C9         the fewest unplayed games for the player who takes the PAB
C10        fewest topscorers (or their opponents) beyond colour difference ±2
C11        fewest topscorers (or their opponents) with one colour three times running
C12        fewest players without their colour preference
C13        fewest players without their strong colour preference
C14        fewest resident downfloaters who floated down in the previous round
C15        fewest MDP opponents who floated up in the previous round
C16        fewest resident downfloaters who floated down two rounds before
C17        fewest MDP opponents who floated up two rounds before
C18        lowest scores among the repeated downfloaters of the previous round
C19        lowest scores among the opponents of repeated upfloaters (previous round)
C20        lowest scores among the repeated downfloaters of two rounds before
C21        lowest scores among the opponents of repeated upfloaters (two rounds before)
=========  ================================================================

Until #32 the code named these C5-C8 where the text of 2026 numbers them C6-C8, with
C5 counted under C2; only the names changed.  The lowest bits
are left free for the order of Article 4 (transpositions, exchanges and sets of MDPs,
:mod:`.procedure`).  Field widths follow bbpPairings: each count field is as wide as
the largest score group needs, and each score field gives every score group of the
round its own sub-field, lower scores lower.  Why no field can overflow into the one
above, for any round the engine accepts: :func:`field_bounds` and the argument beside
it (#32).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pairing.engine.floats import Float
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow, compatible

QUALITY_CRITERIA: tuple[tuple[str, str], ...] = (
    ("C6", "the most pairs in the bracket"),
    ("C7", "the highest scores paired in the bracket"),
    ("C8 pairs", "the most pairs in the next bracket"),
    ("C8 scores", "the highest scores paired in the next bracket"),
    ("C9", "the fewest unplayed games for the player who takes the bye"),
    ("C10", "no topscorer beyond a colour difference of two"),
    ("C11", "no topscorer with one colour three times running"),
    ("C12", "the most colour preferences met"),
    ("C13", "the most strong colour preferences met"),
    ("C14", "the fewest repeated downfloats from the previous round"),
    ("C15", "the fewest repeated upfloats from the previous round"),
    ("C16", "the fewest repeated downfloats from two rounds before"),
    ("C17", "the fewest repeated upfloats from two rounds before"),
    ("C18", "the lowest scores among repeated downfloaters (previous round)"),
    ("C19", "the lowest scores against repeated upfloaters (previous round)"),
    ("C20", "the lowest scores among repeated downfloaters (two rounds before)"),
    ("C21", "the lowest scores against repeated upfloaters (two rounds before)"),
)
"""The quality criteria in the order they rank pairings, with what each asks for: each
field's name, and the criterion of C.04.3 (2026) it is, ``criterion_name``."""


def criterion_name(name: str) -> str:
    """The published name of the criterion a field of :data:`QUALITY_CRITERIA` weighs:
    C8's two fields are one criterion of the text."""
    return name.split(" ", 1)[0]


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
    players: int = 0
    """How many players the round pairs."""
    largest: int = 0
    """The size of the largest score group."""
    counts: dict[int, int] = field(default_factory=dict)
    """How many players have each score."""
    kept: list[Offsets] = field(default_factory=list, compare=False, repr=False)
    """Its :func:`offsets`, once worked out (asked for every pair weighed)."""

    @property
    def reserved(self) -> int:
        """The low bits left for the order of Article 4: wide enough for the largest sum
        of the bonuses :mod:`.procedure` puts there (:func:`field_bounds`)."""
        return max(3 * self.count_bits + 1, article_4_bound(self).bit_length())

    @staticmethod
    def of(players: Sequence[Entrant], rounds_completed: int) -> Layout:
        return Layout.of_counts(Counter(p.score for p in players), rounds_completed)

    @staticmethod
    def of_counts(counts: dict[int, int], rounds_completed: int) -> Layout:
        """The layout of a round whose players have the scores ``counts`` counts."""
        shifts: dict[int, int] = {}
        total = 0
        for score in sorted(counts):
            shifts[score] = total
            total += counts[score].bit_length()
        largest = max(counts.values(), default=1)
        return Layout(
            count_bits=largest.bit_length(),
            shifts=shifts,
            score_bits=total,
            rounds_completed=rounds_completed,
            players=sum(counts.values()),
            largest=largest,
            counts=dict(counts),
        )


def article_4_bound(layout: Layout) -> int:
    """The largest sum the bonuses for the order of Article 4 reach in one matching of
    :mod:`.procedure` (bounds in :func:`field_bounds`)."""
    n = layout.largest
    exchanges = n * (1 << (2 * layout.count_bits)) + 2 * n * n + 2 * n
    mdp_opponents = layout.players + (n + 1) ** 2
    return max(exchanges, mdp_opponents)


def field_bounds(layout: Layout) -> list[tuple[str, int, int]]:
    """Each field of the weight, its width, and the largest sum its values can reach over
    the pairs of one matching: no field overflows into the one above while the sum is
    below ``2 ** width`` (#32; ``tests/engine/test_dutch_criteria_widths.py`` checks it
    from 2 to 9,999 players and up to 99 rounds).

    Why the sums are bounded so, with ``n`` the largest score group and ``N`` the players:

    - Every pair a bracket's matching weighs has a resident of the bracket, or of the
      next score group, as its lower player (moved-down players never meet each other,
      C.04.3 Article 3.2-3.3), and the pairs that reach into the rest of the round in the
      completion matching carry no quality field.  So a 0/1 count field (C6, C8's pairs,
      C10-C13, C15, C17) sums to at most one score group, ``n``.
    - C14 and C16 count two players of a pair only when both are residents, so each
      resident at most once: ``n``.
    - C9 adds, for each player of the bye's score group, his rank by games played (at
      most ``n - 1``): ``n * (n - 1)``, within its double width.
    - A score field gives each score its own sub-field, as wide as that score's group,
      and each player of the group adds 1 at most once to it (as the higher player of
      his pair, or as the floater C18-C21 count): no sub-field overflows into the next,
      and the field sums to at most every group's count in its own sub-field.
    - The bonuses of Article 4 in the reserved low bits: the exchanges (step 3) add at
      most ``2 ** (2 * count_bits + 1)`` for each of the ``n / 2`` pairs of S1, less
      twice the index of each S2 player, with ``n`` more from the marks of step 1;
      the opponents of the moved-down players (step 2) add the player's place counted
      from the size of the whole view (at most ``N + n``) on one edge, and at most
      ``n + 1`` on each of at most ``n`` other edges.  The two never weigh together (a
      moved-down player's pair is fixed before the exchanges are weighed).  The second
      grows with ``N``, not with ``n``: with score groups of one or two players and more
      than a few dozen players in view it passed ``3 * count_bits + 1`` bits, which the
      width therefore takes from :func:`article_4_bound`.

    Folding steps 1-2 and 4 into one matching shifts every weight above new sub-fields,
    one per moved-down player (or per S1 player), each as wide as the residents (or the
    remainder) it ranks: one partner each, so none overflows.  The completion field
    (C2, C4, C5) is the highest and has no field above it."""
    bits, score_bits = layout.count_bits, layout.score_bits
    n = layout.largest
    every = sum(count << layout.shifts[score] for score, count in layout.counts.items())
    rounds = min(layout.rounds_completed, 2)
    bounds = [
        ("C6", bits, n),
        ("C7", score_bits, every),
        ("C8 pairs", bits, n),
        ("C8 scores", score_bits, every),
        ("C9", 2 * bits, n * (n - 1)),
    ]
    bounds += [(f"C{10 + i}", bits, n) for i in range(4)]
    for back in range(rounds):
        bounds += [(f"C{14 + 2 * back}", bits, n), (f"C{15 + 2 * back}", bits, n)]
    for back in range(rounds):
        bounds += [
            (f"C{18 + 2 * back}", score_bits, every),
            (f"C{19 + 2 * back}", score_bits, every),
        ]
    bounds.append(("Article 4", layout.reserved, article_4_bound(layout)))
    return bounds


@dataclass(frozen=True, slots=True)
class ByeContext:
    """What C2, C5 and C9 need: who may take the bye, and the played-games ranks."""

    odd: bool
    """An odd number of players: one of them takes the PAB."""
    score: int
    """The lowest score from which a player can take the PAB and the round still be
    completed (C4); a bye candidate has at most this score (C5)."""
    played_rank: dict[int, int]
    """C9: players with that score, by games played, most played first."""

    def candidate(self, player: Entrant) -> bool:
        """C2: may take the bye; C5: no higher score than needed."""
        return player.bye_eligible and player.score <= self.score


def colour_fields(low: Entrant, high: Entrant) -> tuple[int, int, int, int]:
    """C10-C13 for one pair in the bracket: 1 where the pair keeps the criterion."""
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
    """C6-C21 for pairing ``high`` (ranked higher) with ``low``: (criterion, field
    width, value), highest field first; a greater value is better.  ``in_bracket``:
    ``low`` is a resident of the bracket being paired; ``in_next``: ``low`` belongs to
    the next score group."""
    bits, score_bits, shift = layout.count_bits, layout.score_bits, layout.shifts
    fields = [
        ("C6", bits, int(in_bracket)),
        ("C7", score_bits, (1 << shift[high.score]) if in_bracket else 0),
        ("C8 pairs", bits, int(in_next)),
        ("C8 scores", score_bits, (1 << shift[high.score]) if in_next else 0),
    ]
    c9 = 0
    if single_downfloater_takes_bye:
        if high.score == bye.score:
            c9 += bye.played_rank[high.played_games]
        if low.score == bye.score:
            c9 += bye.played_rank[low.played_games]
    fields.append(("C9", 2 * bits, c9))
    colours = colour_fields(low, high) if in_bracket else (0, 0, 0, 0)
    fields += [(f"C{10 + i}", bits, value) for i, value in enumerate(colours)]
    rounds = min(layout.rounds_completed, 2)
    for back in range(rounds):  # C14-C17
        down = (low.floats[back] is Float.DOWN) + (
            high.score <= low.score and high.floats[back] is Float.DOWN
        )
        up = not (high.score > low.score and low.floats[back] is Float.UP)
        fields.append((f"C{14 + 2 * back}", bits, down if in_bracket else 0))
        fields.append((f"C{15 + 2 * back}", bits, int(up) if in_bracket else 0))
    for back in range(rounds):  # C18-C21
        down_scores = 0
        up_scores = 0
        if in_bracket:
            down_scores = (int(low.floats[back] is Float.DOWN) << shift[low.score]) + (
                int(high.floats[back] is Float.DOWN) << shift[high.score]
            )
            if not (low.floats[back] is Float.UP and high.score > low.score):
                up_scores = 1 << shift[high.score]
        fields.append((f"C{18 + 2 * back}", score_bits, down_scores))
        fields.append((f"C{19 + 2 * back}", score_bits, up_scores))
    return fields


@dataclass(frozen=True, slots=True)
class Offsets:
    """Where each field of :func:`quality_fields` begins in the weight of
    :func:`edge_weight` (its lowest bit), with the reserved bits of Article 4 below
    them all: one round's, worked out once (:func:`offsets`)."""

    c6: int
    c7: int
    c8_pairs: int
    c8_scores: int
    c9: int
    colours: tuple[int, int, int, int]
    """C10-C13."""
    floats: tuple[tuple[int, int], ...]
    """C14 and C15, then C16 and C17 (one pair per round looked back at)."""
    float_scores: tuple[tuple[int, int], ...]
    """C18 and C19, then C20 and C21."""
    completion: int
    """C2, C4 and C5, above every quality field."""


_OFFSETS: dict[tuple[int, int, int, int], Offsets] = {}


def offsets(layout: Layout) -> Offsets:
    """The :class:`Offsets` of ``layout``'s fields, in :func:`quality_fields`' order
    from the highest: each field's offset is the widths below it summed, so a weight
    built field by field (each shifted by the next one's width, then by the reserved
    bits) is the sum of each value shifted by its offset.  Kept with the layout, and
    per shape of layout."""
    if layout.kept:
        return layout.kept[0]
    reserved = layout.reserved
    rounds = min(layout.rounds_completed, 2)
    key = (layout.count_bits, layout.score_bits, rounds, reserved)
    found = _OFFSETS.get(key)
    if found is not None:
        layout.kept.append(found)
        return found
    bits, score_bits = layout.count_bits, layout.score_bits
    at = reserved
    float_scores: list[tuple[int, int]] = []
    for _ in range(rounds):
        float_scores.append((at + score_bits, at))
        at += 2 * score_bits
    float_scores.reverse()
    floats: list[tuple[int, int]] = []
    for _ in range(rounds):
        floats.append((at + bits, at))
        at += 2 * bits
    floats.reverse()
    colours = (at + 3 * bits, at + 2 * bits, at + bits, at)
    at += 4 * bits
    c9 = at
    at += 2 * bits
    c8_scores = at
    at += score_bits
    c8_pairs = at
    at += bits
    c7 = at
    at += score_bits
    found = Offsets(
        c6=at,
        c7=c7,
        c8_pairs=c8_pairs,
        c8_scores=c8_scores,
        c9=c9,
        colours=colours,
        floats=tuple(floats),
        float_scores=tuple(float_scores),
        completion=at + bits,
    )
    _OFFSETS[key] = found
    layout.kept.append(found)
    return found


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
    """The weight of pairing ``high`` (ranked higher) with ``low``; 0 when C1 or C3
    forbids it: the fields of :func:`quality_fields`, below C2, C4 and C5 in the highest
    field when ``completion`` (every player still to be paired is in the graph).
    ``regardless_of_c1``: whether the two have met is not asked (C3 still is), for the
    weight of two kinds of player rather than of two players.

    Each field's value is added at its offset (:func:`offsets`) rather than the fields
    listed and shifted in one by one: the same sum, asked for every pair of every
    bracket's graph (#38)."""
    if not (colours_allow(high, low) if regardless_of_c1 else compatible(high, low)):
        return 0
    at = offsets(layout)
    shift = layout.shifts
    weight = 0
    if completion:
        weight = (1 + (not bye.candidate(high)) + (not bye.candidate(low))) << at.completion
    if in_next:
        weight += (1 << at.c8_pairs) + (1 << (at.c8_scores + shift[high.score]))
    if single_downfloater_takes_bye:
        c9 = 0
        if high.score == bye.score:
            c9 += bye.played_rank[high.played_games]
        if low.score == bye.score:
            c9 += bye.played_rank[low.played_games]
        weight += c9 << at.c9
    if not in_bracket:
        return weight
    weight += (1 << at.c6) + (1 << (at.c7 + shift[high.score]))
    for offset, value in zip(at.colours, colour_fields(low, high), strict=True):
        if value:
            weight += 1 << offset
    for back, (c14, c15) in enumerate(at.floats):
        low_float, high_float = low.floats[back], high.floats[back]
        down = (low_float is Float.DOWN) + (high.score <= low.score and high_float is Float.DOWN)
        weight += down << c14
        if not (high.score > low.score and low_float is Float.UP):
            weight += 1 << c15
    for back, (c18, c19) in enumerate(at.float_scores):
        low_float, high_float = low.floats[back], high.floats[back]
        if low_float is Float.DOWN:
            weight += 1 << (c18 + shift[low.score])
        if high_float is Float.DOWN:
            weight += 1 << (c18 + shift[high.score])
        if not (low_float is Float.UP and high.score > low.score):
            weight += 1 << (c19 + shift[high.score])
    return weight


def fields_weight(
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
    """:func:`edge_weight` built field by field from :func:`quality_fields`, each field
    shifted in below the one before: the definition, which the tests hold the sum of
    offsets to."""
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
