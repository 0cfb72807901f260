"""The SB-ordered Swiss: score groups ordered by Sonneborn-Berger, accelerated rounds 1-2.

The SB text (undated; "Swiss with score groups ordered by Sonneborn-Berger") aims at
equal opposition for players of equal score: within a score group, players of high
Sonneborn-Berger (then Buchholz, Median) meet players of low, ratings deciding only
between equal values.  It numbers nothing and is silent on floaters, colours and the
bye, so we number its rules and our readings SB 1-9; explanations, the checker and the
tests cite them so, and each reading sits beside the code that applies it:

SB 1 no rematch (:func:`compatible`); SB 2 score groups and their order
(:func:`sb_2_key`, :func:`score_groups`); SB 3 the acceleration of rounds 1-2
(:func:`entrants`); SB 4 high with low (:func:`high_with_low`); SB 5 floaters
(:func:`floater_preference`, :func:`pair_group`); SB 6 the bye (``_BYE_BEFORE``,
:func:`pair`); SB 7 colours (:func:`colours_kept`, :func:`allocate_colours`); SB 8
publication order (:func:`pair`); SB 9 who is paired (:func:`entrants`).  Where the
text is silent the mechanics are those of the Dutch system (FIDE Handbook C.04.1, 1992
text), through the shared helpers of ``pairing.engine``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.colours import (
    ColourCard,
    Strength,
    colour_difference,
    colour_preference,
    initial_colour,
    may_take,
    played_colours,
    preferred_colours,
)
from pairing.engine.errors import InvalidState, NoValidPairing
from pairing.engine.floats import Float, last_round_floats
from pairing.engine.history import (
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    players_to_pair,
    scores,
)
from pairing.engine.matching import has_perfect_matching, matching_size
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    Outcome,
    PairingNumber,
    Points,
    RoundPairing,
    RoundRequest,
    TournamentState,
)
from pairing.engine.tiebreaks import buchholz, median_buchholz, sonneborn_berger, tiebreak_context

RULES = "SB"
"""Prefix of every rule reference in explanations."""

FLOATER_SETS_TRIED = 1000
"""SB 5: sets of two or more floaters tried for one number before two more move down."""

_BYE_BEFORE = frozenset(
    {Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN}
)
"""SB 6: points without playing, after which a player cannot get the pairing-allocated bye.

Our reading: the player the lowest group leaves unpaired (chosen as SB 5 chooses a
floater) gets the bye, worth a win, unless he already has a point without playing: a
bye worth a point or a forfeit win.  The SB text has no bye rule, so Dutch B1b applies,
as in the basic rules of today's FIDE C.04.1 and every other system here.
"""


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Entrant:
    """A player to be paired this round and what SB 1-9 need to know about him."""

    number: PairingNumber
    score: Points
    """Pairing score: real score plus the imaginary point (SB 2, SB 3)."""
    sonneborn_berger: Fraction
    buchholz: Fraction
    median_buchholz: Fraction
    rating: int
    key: tuple[int, int, int, int, int]
    """SB 2 order within a group: lower sorts first."""
    colours: tuple[Colour, ...]
    preference: Colour | None
    strength: Strength
    may_white: bool
    """White keeps the Dutch B2 limits (SB 7)."""
    may_black: bool
    barred: frozenset[PairingNumber]
    """Opponents met and forbidden partners (SB 1)."""
    bye_allowed: bool
    """No point without playing so far: no bye worth a point, no forfeit win (SB 6)."""
    floated_down: bool
    """Floated down, or had the bye, in the last round (SB 5)."""


def sb_2_key(
    sb: Fraction, bh: Fraction, mbh: Fraction, rating: int, number: PairingNumber
) -> tuple[int, int, int, int, int]:
    """The order within a score group: SB, BH, MBH, rating, pairing number (SB 2).

    SB 2, our reading: a score group is the players of one pairing score (score plus any
    SB 3 imaginary point), highest first, floaters from above included.  The values are
    the standings' (``tiebreaks.py``) after the rounds played, on real scores, with
    unplayed rounds as the standings count them by default (FIDE C.07, 2023: a player's
    own unplayed round as an opponent with his own score; an opponent's rounds after
    withdrawing as draws).  In round 1 all three are 0 and the rating decides.

    SB is a whole number of quarter points and BH, MBH of half points (``tiebreaks.py``
    sums half-points), so the key holds integers: sorting many players stays fast.
    """
    return (-_whole(sb * 4), -_whole(bh * 2), -_whole(mbh * 2), -rating, number)


def _whole(value: Fraction) -> int:
    if value.denominator != 1:
        raise InvalidState(f"tie-break value {value} is not in quarter points")
    return value.numerator


def compatible(a: Entrant, b: Entrant) -> bool:
    """True when a and b may meet: not met before, not a forbidden pair (SB 1).

    SB 1 is the text's first basic principle and its only absolute rule.  A forfeit is
    not a meeting (as Dutch F2); the event's forbidden pairs are kept apart the same way.
    """
    return b.number not in a.barred and a.number not in b.barred


def colours_kept(a: Entrant, b: Entrant) -> bool:
    """True when some colours for a and b keep the Dutch B2 limits for both (SB 7).

    SB 7, our reading: the B2 limits (colour difference beyond +-2, a colour three times
    running) are a wish, not a rule: SB 4 prefers opponents with whom they can be kept.
    """
    return (a.may_white and b.may_black) or (a.may_black and b.may_white)


# --- "can the rest still be paired" (SB 1, SB 4, SB 5, SB 6) ---------------------------


def completable(members: Sequence[Entrant], *, bye: bool) -> bool:
    """True when the players can all be paired (SB 1), or all but one who may have the bye.

    Dirac's theorem first: when every player is compatible with at least half of the
    others (half of the rest after the bye), a perfect matching exists; otherwise an
    exact maximum matching decides.  So the search never misses a legal pairing, and
    groups larger than twice the rounds played never need the matching.
    """
    size = len(members)
    if size == 0:
        return True
    odd = size % 2 == 1
    if odd and not (bye and any(m.bye_allowed for m in members)):
        return False
    if size == 1:
        return True
    need = (size + 1) // 2 if odd else size // 2
    if size >= 3:
        most_barred = max(len(m.barred) for m in members)
        if size - 1 - most_barred >= need:
            return True
        numbers = frozenset(m.number for m in members)
        if all(size - 1 - len(m.barred & numbers) >= need for m in members):
            return True
    adjacent = _adjacent(members)
    if odd:
        dummy = size
        adjacent.append([i for i, m in enumerate(members) if m.bye_allowed])
        for i in adjacent[dummy]:
            adjacent[i].append(dummy)
    return has_perfect_matching(adjacent, allow_one_unmatched=False)


def most_pairs(members: Sequence[Entrant]) -> int:
    """The largest number of pairs the players can make among themselves (SB 1, SB 5)."""
    size = len(members)
    if size < 2:
        return 0
    if size >= 3:
        most_barred = max(len(m.barred) for m in members)
        if size - 1 - most_barred >= (size + 1) // 2:
            return size // 2
    return matching_size(_adjacent(members))


def _adjacent(members: Sequence[Entrant]) -> list[list[int]]:
    return [
        [j for j, b in enumerate(members) if i != j and compatible(a, b)]
        for i, a in enumerate(members)
    ]


# --- SB 4 and SB 5: one score group ---------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """One pair of SB 4: the higher player (in SB 2 order), his opponent, and why."""

    high: Entrant
    low: Entrant
    high_place: int
    """1-based place of ``high`` in the group (SB 2)."""
    low_place: int
    order: int
    """1 for the group's first pair, 2 for the second, ... (SB 7, round 1)."""
    passed_over: tuple[tuple[PairingNumber, str], ...]
    """Lower players passed over before ``low``, with the rule that ruled each out."""


def high_with_low(group: Sequence[Entrant]) -> list[Pairing]:
    """Pair a group of players in SB 2 order completely, high with low (SB 4).

    SB 4, our reading of "high with low": No. 1 meets the lowest of the group, No. 2 the
    lowest left, and so on; an opponent SB 1 forbids, or one that would leave the rest
    of the group unpairable, is passed over for the next lowest, and one keeping the SB 7
    colour wish comes before one that does not.  Higher players choose first.

    The greedy pass takes for each player, from the top, the lowest free player allowed
    (SB 1), keeping the colour limits first (SB 7).  If it leaves someone without an
    opponent, the pairing is made again with each choice checked to leave the rest of
    the group pairable; when the greedy pass succeeds the two give the same result (each
    of its choices left a pairable rest, and no lower choice was allowed).

    :raises NoValidPairing: the group cannot be paired completely.
    """
    found = _high_with_low(group, careful=False)
    if found is None:
        found = _high_with_low(group, careful=True)
    if found is None:
        raise NoValidPairing("a score group could not be paired high with low (SB 4)")
    return found


def _high_with_low(group: Sequence[Entrant], *, careful: bool) -> list[Pairing] | None:
    place = {e.number: index for index, e in enumerate(group, start=1)}
    free = list(group)
    result: list[Pairing] = []
    while free:
        high = free.pop(0)
        chosen: Entrant | None = None
        passed: list[tuple[PairingNumber, str]] = []
        for keep_colours in (True, False):
            for low in reversed(free):
                if not compatible(high, low):
                    if keep_colours:
                        passed.append((low.number, f"{RULES} 1"))
                    continue
                if keep_colours != colours_kept(high, low):
                    if keep_colours:
                        passed.append((low.number, f"{RULES} 7"))
                    continue
                if careful and not completable([e for e in free if e is not low], bye=False):
                    passed.append((low.number, f"{RULES} 4"))
                    continue
                chosen = low
                break
            if chosen is not None:
                break
        if chosen is None:
            return None
        free.remove(chosen)
        below = place[chosen.number]
        reasons: dict[PairingNumber, str] = {}
        for passed_number, why in passed:
            if place[passed_number] > below:
                reasons.setdefault(passed_number, why)
        result.append(
            Pairing(
                high=high,
                low=chosen,
                high_place=place[high.number],
                low_place=below,
                order=len(result) + 1,
                passed_over=tuple(reasons.items()),
            )
        )
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupResult:
    """A score group paired: its players in SB 2 order, pairs and who moves down."""

    score: Points
    players: tuple[Entrant, ...]
    from_above: tuple[Entrant, ...]
    pairs: tuple[Pairing, ...]
    floaters: tuple[Entrant, ...]
    """Moved down to the next group (SB 5), or, from the lowest group, the bye (SB 6)."""


def floater_preference(
    group: Sequence[Entrant], from_above: frozenset[PairingNumber]
) -> list[Entrant]:
    """The group's players in the order SB 5 moves them down (SB 6 for the bye).

    SB 5, our reading: an odd group, or one SB 1 cannot pair completely, moves as few
    players down as the group and the rest of the round allow.  Preferred floaters: the
    group's own score before floaters from above, no float down (or bye) last round
    before one (as Dutch B5), the lowest in SB 2 order first.  Sets of floaters are tried
    in that order (``FLOATER_SETS_TRIED``), then two more move down, up to the group.
    """
    place = {e.number: index for index, e in enumerate(group)}
    return sorted(group, key=lambda e: (e.number in from_above, e.floated_down, -place[e.number]))


def pair_group(
    score: Points,
    group: Sequence[Entrant],
    from_above: Sequence[Entrant],
    below: Sequence[Entrant],
    *,
    lowest: bool,
) -> GroupResult:
    """Pair one score group (SB 4) and choose who moves down or gets the bye (SB 5, SB 6).

    ``group`` holds the group's players and those moved down into it, in SB 2 order;
    ``below`` every player of the lower groups.  For p from the most pairs the group
    can make down to 0, the first set of floaters (SB 5 order) is taken such that the
    rest of the group pairs completely and the players below, with the floaters, can
    still be paired (or, from the lowest group, the single floater may have the bye).

    :raises NoValidPairing: no choice works (only when the round cannot be paired).
    """
    above = frozenset(e.number for e in from_above)
    candidates = floater_preference(group, above)
    if lowest:
        candidates = [e for e in candidates if e.bye_allowed]
    for p in range(most_pairs(group), -1, -1):
        count = len(group) - 2 * p
        if lowest and count > 1:
            break
        tried = 0
        for floaters in itertools.combinations(candidates, count):
            tried += 1
            if count > 1 and tried > FLOATER_SETS_TRIED:
                break
            moving = frozenset(e.number for e in floaters)
            rest = [e for e in group if e.number not in moving]
            if not completable(rest, bye=False):
                continue
            if not lowest and not completable([*below, *floaters], bye=True):
                continue
            place = {e.number: index for index, e in enumerate(group)}
            return GroupResult(
                score=score,
                players=tuple(group),
                from_above=tuple(from_above),
                pairs=tuple(high_with_low(rest)),
                floaters=tuple(sorted(floaters, key=lambda e: place[e.number])),
            )
    raise NoValidPairing(f"score group {_points(score)} could not be paired (SB 1, SB 5)")


# --- SB 7: colours; SB 8: publication order -------------------------------------------


def _card(player: Entrant) -> ColourCard:
    return ColourCard(
        number=player.number,
        colours=player.colours,
        preference=player.preference,
        strength=player.strength,
    )


def allocate_colours(pair: Pairing, *, initial: Colour) -> tuple[Entrant, Entrant, str, str]:
    """White, black, the rule that decided and why (SB 7: Dutch E1-E4).

    SB 7, our reading: Dutch A7 preferences (played games only, Dutch F2, F3) and E1-E4;
    the higher player is the one of higher pairing score, then SB 2 order.  Without
    preferences (round 1, late entrants) the higher player of the group's odd-numbered
    pairs gets the top seed's colour (by lot or fixed by the event), of the even ones the
    other (Dutch E4).  E1-E4 keep the B2 limits whenever some colours for the pair do.
    """
    high, low = pair.high, pair.low
    if (-low.score, low.key) < (-high.score, high.key):
        high, low = low, high
    decided = preferred_colours(_card(high), _card(low))
    if decided is not None:
        colour, rule, why = decided
    else:
        colour = initial if pair.order % 2 == 1 else initial.opposite
        rule = "E4"
        why = (
            f"no preferences: player {high.number} is the higher player of the group's "
            f"{'odd' if pair.order % 2 else 'even'}-numbered pair {pair.order}"
        )
    white, black = (high, low) if colour is Colour.WHITE else (low, high)
    return white, black, rule, why


# --- SB 9 and the entry point ---------------------------------------------------------


def entrants(state: TournamentState) -> tuple[list[Entrant], list[RoundRequest]]:
    """The players to pair (SB 9) with what SB 1-8 need, and the requests honoured.

    SB 9: withdrawn players, and those with a half-point bye, a full-point bye or a known
    absence for the round, are not paired (Dutch F5).  SB 3: in rounds 1 and 2 the top
    half of the initial list carries an imaginary point for pairing only, unless the
    event turns it off (``acceleration.py``; ``XXA`` points are used as given).

    :raises InvalidState: duplicate pairing numbers, a history of the wrong length, or a
        request for an unknown player.
    """
    forbidden = forbidden_opponents(state)
    score = pairing_scores(state, system_default_acceleration=True)
    context = tiebreak_context(state)
    floats = last_round_floats(state)
    result: list[Entrant] = []
    playing, honoured = players_to_pair(state)
    for player in playing:
        number = player.pairing_number
        colours = played_colours(player)
        difference = colour_difference(player)
        preference, strength = colour_preference(colours, difference, exempt=False)
        sb = sonneborn_berger(context, number)
        bh = buchholz(context, number)
        mbh = median_buchholz(context, number)
        result.append(
            Entrant(
                number=number,
                score=score[number],
                sonneborn_berger=sb,
                buchholz=bh,
                median_buchholz=mbh,
                rating=player.rating,
                key=sb_2_key(sb, bh, mbh, player.rating, number),
                colours=colours,
                preference=preference,
                strength=strength,
                may_white=may_take(colours, difference, Colour.WHITE),
                may_black=may_take(colours, difference, Colour.BLACK),
                barred=frozenset(opponents_met(player) | forbidden.get(number, set())),
                bye_allowed=not any(r.outcome in _BYE_BEFORE for r in player.history),
                floated_down=floats[number] is Float.DOWN,
            )
        )
    return result, honoured


def score_groups(players: Iterable[Entrant]) -> list[tuple[Points, list[Entrant]]]:
    """The players by pairing score, highest first, each group in SB 2 order (SB 2)."""
    groups: dict[Points, list[Entrant]] = {}
    for player in players:
        groups.setdefault(player.score, []).append(player)
    return [
        (score, sorted(groups[score], key=lambda e: e.key))
        for score in sorted(groups, reverse=True)
    ]


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round of the SB-ordered Swiss (SB 1-9).

    :raises NoValidPairing: no pairing keeps SB 1 and SB 6.
    :raises InvalidState: the state is inconsistent.
    """
    initial = initial_colour(state, seed)
    players, honoured = entrants(state)
    explanation: list[Explanation] = []
    if state.rounds_completed == 0 and state.initial_colour is None:
        explanation.append(
            Explanation(
                rule=f"{RULES} 7",
                text=f"The colour of the top seed was drawn by lot: {initial.name.lower()} "
                "(Dutch E4).",
            )
        )
    explanation.extend(_acceleration_notes(state, players))
    if not completable(players, bye=True):
        raise NoValidPairing(
            f"round {state.round_number}: no pairing keeps {RULES} 1 (no rematch) and "
            f"{RULES} 6 (no second point without playing)"
        )
    groups = score_groups(players)
    results: list[GroupResult] = []
    moving: list[Entrant] = []
    for index, (score, residents) in enumerate(groups):
        below = [e for _, rest in groups[index + 1 :] for e in rest]
        group = sorted([*moving, *residents], key=lambda e: e.key)
        done = pair_group(score, group, moving, below, lowest=index == len(groups) - 1)
        results.append(done)
        moving = list(done.floaters)
    bye = results[-1].floaters[0] if results and results[-1].floaters else None
    rank = {
        e.number: position
        for position, e in enumerate(
            sorted(players, key=lambda e: (-e.score, e.key)),
        )
    }
    pairs = [(done, item) for done in results for item in done.pairs]

    # SB 8: boards by the higher player's pairing score, then the sum of both, then the
    # higher player's place (score, SB 2 order), as Dutch F1.
    def order(entry: tuple[GroupResult, Pairing]) -> tuple[int, int, int]:
        a, b = entry[1].high, entry[1].low
        high = a if rank[a.number] < rank[b.number] else b
        return (-high.score, -(a.score + b.score), rank[high.number])

    boards: list[Board] = []
    for done in results:
        explanation.extend(_group_notes(done, lowest=done is results[-1]))
    for number, (done, item) in enumerate(sorted(pairs, key=order), start=1):
        white, black, rule, why = allocate_colours(item, initial=initial)
        boards.append(Board(number=number, white=white.number, black=black.number))
        explanation.append(_board_note(number, done, item, white, black, rule, why))
    if bye is not None:
        explanation.append(
            Explanation(
                rule=f"{RULES} 6",
                text=f"Player {bye.number} is left unpaired in the lowest score group and "
                "receives the bye: the first, in SB 5 order (the group's own players, those "
                "who did not float down last round, the lowest first), who has had no bye "
                "and leaves the rest of the group pairable.",
                players=(bye.number,),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )


# --- explanations ---------------------------------------------------------------------


def _points(value: int) -> str:
    """Half-points as a score: 5 -> "2½"."""
    whole, half = divmod(value, 2)
    return f"{whole}½" if half else str(whole)


def _numbers(players: Iterable[Entrant]) -> str:
    return ", ".join(str(p.number) for p in players) or "none"


def _acceleration_notes(state: TournamentState, players: Sequence[Entrant]) -> list[Explanation]:
    """SB 3: who carries an imaginary point in this round, if anyone."""
    real = scores(state)
    lifted = [e.number for e in players if e.score != real[e.number]]
    if not lifted:
        return []
    return [
        Explanation(
            rule=f"{RULES} 3",
            text=f"Round {state.round_number} is accelerated: players "
            f"{', '.join(str(n) for n in lifted)} carry an imaginary point for this "
            "pairing only (never in the standings).",
            players=tuple(lifted),
        )
    ]


def _group_notes(done: GroupResult, *, lowest: bool) -> list[Explanation]:
    """SB 2 (the group and its order) and SB 5 (who moved down)."""
    label = f"Score group {_points(done.score)}"
    members = tuple(e.number for e in done.players)
    text = f"{label}: in the order of SB, BH, MBH, rating: {_numbers(done.players)}"
    if done.from_above:
        text += f"; moved down into it: {_numbers(done.from_above)}"
    notes = [Explanation(rule=f"{RULES} 2", text=text + ".", players=members)]
    if done.floaters and not lowest:
        notes.append(
            Explanation(
                rule=f"{RULES} 5",
                text=f"{label}: {_numbers(done.floaters)} "
                f"{'moves' if len(done.floaters) == 1 else 'move'} down to the next score "
                "group (as few as the group and the rest of the round allow; the group's "
                "own players, those who did not float down last round and the lowest "
                "first).",
                players=tuple(e.number for e in done.floaters),
            )
        )
    return notes


def _board_note(
    number: int,
    done: GroupResult,
    item: Pairing,
    white: Entrant,
    black: Entrant,
    rule: str,
    why: str,
) -> Explanation:
    """Board ``number``: the SB rules that made the pair and gave the colours."""
    size = len(done.players)
    rules = [f"{RULES} 2", f"{RULES} 4"]
    text = (
        f"Board {number}: {white.number} (white) v {black.number} (black). Score group "
        f"{_points(done.score)}: No. {item.high_place} ({item.high.number}, SB "
        f"{_fraction(item.high.sonneborn_berger)}) plays No. {item.low_place} of {size} "
        f"({item.low.number}, SB {_fraction(item.low.sonneborn_berger)}), high with low"
    )
    if item.passed_over:
        reasons = {
            f"{RULES} 1": "met before or kept apart",
            f"{RULES} 7": "colour limits",
            f"{RULES} 4": "the rest of the group could not be paired",
        }
        parts = [f"{n} ({reasons[r]}, {r})" for n, r in item.passed_over]
        text += "; lower players passed over: " + ", ".join(parts)
        rules += [r for r in dict.fromkeys(r for _, r in item.passed_over) if r not in rules]
    above = {e.number for e in done.from_above}
    floated = [e.number for e in (item.high, item.low) if e.number in above]
    if floated:
        text += f"; {', '.join(map(str, floated))} moved down from a higher group"
        rules.append(f"{RULES} 5")
    text += f". Colours by {RULES} 7 (Dutch {rule}): {why}."
    if f"{RULES} 7" not in rules:
        rules.append(f"{RULES} 7")
    return Explanation(rule=", ".join(rules), text=text, players=(white.number, black.number))


def _fraction(value: Fraction) -> str:
    """A tie-break value in points: 9/2 -> "4½"."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}"


__all__ = [
    "Entrant",
    "GroupResult",
    "Pairing",
    "allocate_colours",
    "completable",
    "entrants",
    "floater_preference",
    "high_with_low",
    "most_pairs",
    "pair",
    "pair_group",
    "sb_2_key",
    "score_groups",
]
