"""The SB-ordered Swiss: score groups ordered by Sonneborn-Berger, accelerated rounds 1-2.

The text is the SB-ordered Swiss text (Swiss with score groups ordered by Sonneborn-Berger;
the "SB text", undated; it quotes the FIDE Handbook on ratings).  Its aim: "players having
the same score should have met as equal opposition as possible", so each round pairs
players "who have high Sonneborn-Berger (or Buchholz or Median) with players having low
Sonneborn Berger ... in the same score-group", ratings counting "only when the
Sonneborn-Berger (or Buchholz or Median) is equal (e.g. in the first two rounds)".  It
states three "basic pairings principles" and defines the tie-breaks, but numbers nothing
and says nothing about floaters, colours or the bye.  We number its rules, and our readings
of what it leaves open, as SB 1-9; explanations, the checker and the tests cite them so.
Where the text is silent we take the mechanics of the Dutch system, 1992 wording, through
the shared helpers (``colours.py``, ``floats.py``, ``history.py``, ``matching.py``).

- **SB 1. No rematch.**  "Two players who have played each other shall not be paired
  again."  Games actually played count (a forfeit is not a meeting, as Dutch F2 reads
  it); the event's forbidden pairs are kept apart the same way.  Absolute: a pairing
  that breaks it is never made.
- **SB 2. Score groups and their order.**  Players with equal pairing scores (the score
  plus any imaginary point, SB 3) form a score group, highest score first.  Within a
  group, the players moved down from a higher group included ("including 'floaters'
  from another SG"), players are arranged by (1) Sonneborn-Berger, (2) Buchholz, (3)
  Median-Buchholz, (4) rating, all highest first, then by pairing number; the first is
  No. 1 of the group.  The values are those of ``tiebreaks.py`` after the rounds played
  (real scores, never the imaginary point), with unplayed rounds counted as the
  standings count them by default (FIDE 2023: a player's own bye, forfeit or absence as
  an opponent with his own score; an opponent's rounds after withdrawing as draws).  In
  round 1 all three values are 0, so the rating decides.
- **SB 3. Acceleration.**  In rounds 1 and 2 the top half of the initial list (by
  rating) carries an imaginary point for pairing only (``acceleration.py`` has the
  readings: n // 2 players, a win's worth, ties at the boundary by pairing number).  On
  unless the event turns it off; points the state carries (``XXA``) are used instead.
- **SB 4. High with low.**  Each group is paired from its top: No. 1 plays the lowest
  player of the group, No. 2 the lowest one left, and so on (1-n, 2-(n-1), ...): the
  pairing that best equalises the strength of opposition.  When that opponent is not
  allowed (SB 1), or the rest of the group could then not be paired (SB 1 again), the
  next lowest is taken; an opponent with whom the colour limits of SB 7 can be kept is
  taken before one with whom they cannot.  Higher players choose first.
- **SB 5. Floaters.**  A group with an odd number of players, or one that cannot be
  paired completely (SB 1), moves players down to the next group, as few as possible,
  and such that the rest of the tournament can still be paired (every player below
  with a legal opponent, or the bye).  Who moves down, in order of preference: a player
  of the group's own score before one who came from above; one who did not float down
  (or get the bye) in the last round before one who did (Dutch B5); the lowest of the
  group (SB 2 order) first.  The search tries sets of floaters in that order (every
  single floater; up to 1,000 sets of two or more); when none of them works, two more
  players move down, up to the whole group, which always works when the round can be
  paired at all (so a legal pairing is always found when one exists).
  The floaters take their place in the next group by SB 2.
- **SB 6. The bye.**  When the number of players to pair is odd, the player the lowest
  group leaves unpaired (chosen as SB 5 chooses a floater) receives the
  pairing-allocated bye, worth a win.  A player who already had a pairing-allocated or
  a full-point bye cannot get it again.
- **SB 7. Colours.**  Dutch A7 colour preferences (absolute, strong, mild; only played
  games count, Dutch F2, F3) and Dutch E1-E4 allocation; the higher player of a board is
  the one of the higher pairing score, then the higher in SB 2 order.  Two players
  without a preference (round 1, late entrants): the higher player of the group's first,
  third, ... pair gets the colour drawn by lot for the top seed (or fixed by the event),
  of the second, fourth, ... pair the other (Dutch E4).  The Dutch B2 limits (a colour
  difference beyond +-2, a colour three times in a row) are a wish, not a rule (the SB
  text has only SB 1): SB 4 prefers opponents with whom they can be kept, and E1-E4
  keep them whenever the pair can (a colour B2 forbids a player is one his absolute
  preference avoids, and E1-E4 grant an absolute preference unless the opponent's is
  as strong and for the same colour, when no colours keep B2 for both).
- **SB 8. Publication order.**  Boards by the pairing score of the higher player, then
  the sum of both pairing scores, then the higher player's place (score, SB 2 order), as
  Dutch F1.
- **SB 9. Who is paired.**  Withdrawn players are not paired; players with a half-point
  bye, a full-point bye or a known absence for the round are not paired (Dutch F5).

The search is exact for SB 1: every check that "the rest can still be paired" is a
maximum matching (``matching.py``), skipped when Dirac's theorem already guarantees one
(every player compatible with at least half of the others: a Hamiltonian cycle exists,
so a perfect matching too), which is always the case for groups larger than twice the
number of rounds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .colours import (
    ColourCard,
    Strength,
    colour_difference,
    colour_preference,
    may_take,
    played_colours,
    preferred_colours,
)
from .errors import InvalidState, NoValidPairing
from .floats import Float, last_round_floats
from .history import (
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    players_to_pair,
    scores,
)
from .matching import has_perfect_matching, matching_size
from .model import (
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
from .tiebreaks import buchholz, median_buchholz, sonneborn_berger, tiebreak_context

RULES = "SB"
"""Prefix of every rule reference in explanations."""

FLOATER_SETS_TRIED = 1000
"""SB 5: sets of two or more floaters tried for one number before two more move down."""

_BYE_BEFORE = frozenset({Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE})
"""SB 6: outcomes after which a player cannot get the pairing-allocated bye."""


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
    """No pairing-allocated or full-point bye so far (SB 6)."""
    floated_down: bool
    """Floated down, or had the bye, in the last round (SB 5)."""


def sb_2_key(
    sb: Fraction, bh: Fraction, mbh: Fraction, rating: int, number: PairingNumber
) -> tuple[int, int, int, int, int]:
    """The order within a score group: SB, BH, MBH, rating, pairing number (SB 2).

    SB is a whole number of quarter points and BH, MBH of half points (``tiebreaks.py``
    sums half-points), so the key holds integers: sorting many players stays fast.
    """
    return (-_whole(sb * 4), -_whole(bh * 2), -_whole(mbh * 2), -rating, number)


def _whole(value: Fraction) -> int:
    if value.denominator != 1:
        raise InvalidState(f"tie-break value {value} is not in quarter points")
    return value.numerator


def compatible(a: Entrant, b: Entrant) -> bool:
    """True when a and b may meet: not met before, not a forbidden pair (SB 1)."""
    return b.number not in a.barred and a.number not in b.barred


def colours_kept(a: Entrant, b: Entrant) -> bool:
    """True when some colours for a and b keep the Dutch B2 limits for both (SB 7)."""
    return (a.may_white and b.may_black) or (a.may_black and b.may_white)


# --- "can the rest still be paired" (SB 1, SB 4, SB 5, SB 6) ---------------------------


def completable(members: Sequence[Entrant], *, bye: bool) -> bool:
    """True when the players can all be paired (SB 1), or all but one who may have the bye.

    Dirac's theorem first: when every player is compatible with at least half of the
    others (half of the rest after the bye), a perfect matching exists; otherwise an
    exact maximum matching decides.
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

    Own score before from above, no float down last round before one, lowest first.
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

    E1-E4 keep the Dutch B2 limits whenever some colours for the pair keep them (see
    the module docstring, SB 7); SB 4 avoids pairs that cannot where the group allows.
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
    drawn = random.Random(seed).choice((Colour.WHITE, Colour.BLACK))
    initial = state.initial_colour or drawn
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
            f"{RULES} 6 (no second bye)"
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
