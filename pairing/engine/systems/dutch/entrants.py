"""The players to be paired and what the 2026 Dutch rules need to know of each.

FIDE Handbook C.04.3 (FIDE Dutch System, in force from 1 February 2026): 1.1-1.2 the order
(score, then the Tournament Pairing Number, TPN, that C.04.2 gives each player), 1.4
floats, 1.5 and C2 who may receive the
pairing-allocated bye, 1.6-1.7 colour differences and preferences, C1 and C3 who may
meet whom; C.04.7 (Baku acceleration) through :mod:`.acceleration`.

Readings, each tested under its rule's name in ``tests/engine/test_dutch.py``:

- **Played games only** count for colours, for the colour difference and for "have
  met" (C.04.1: a forfeited game is not a game played).  Unplayed rounds are skipped
  when looking for the same colour twice in a row.
- **Floats (1.4.2-1.4.4)** are read from the pairing scores before the round in
  question, acceleration included: in a played game the higher score floated down and
  the lower up; the pairing-allocated bye is a downfloat whatever it is worth (1.4.3 of
  2026); any other round not played gives a downfloat when it brought more points than
  a loss (a requested bye worth points, a forfeit win), otherwise no float (1.4.4).
- **PAB eligibility (C2)**: a player who already scored, without playing, as many
  points as a win (a forfeit win, a full-point bye, the PAB itself) may not receive it; a
  half-point bye does not count.
- **Topscorers (1.8)**: when the last round is paired, a player whose pairing score is
  more than half the points a player could have scored so far.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from pairing.engine.floats import Float
from pairing.engine.history import (
    checked_requests,
    forbidden_opponents,
    outcome_points,
)
from pairing.engine.model import (
    Colour,
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RoundRequest,
    TournamentState,
)
from pairing.engine.systems.dutch.acceleration import accelerations


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    """A player to be paired, with the facts of the 2026 rules precomputed."""

    number: PairingNumber
    rank: int
    """Position in the initial order (1.1, 1.2.2), 0 for the first."""
    score: Points
    """Pairing score: points so far plus any acceleration for this round (C.04.7)."""
    real_score: Points
    """Points so far, without acceleration (for the order of the boards)."""
    colours: tuple[Colour, ...]
    """Colours of the games played, in order."""
    imbalance: int
    """The absolute value of the colour difference (1.6)."""
    preference: Colour | None
    """The colour preferred (1.7), None when there is none (no game played yet)."""
    absolute: bool
    """Absolute colour preference: colour difference beyond ±1, or the same colour in
    the last two games played (1.7.1)."""
    strong: bool
    """Strong colour preference: not absolute, colour difference ±1 (1.7.2)."""
    repeated: Colour | None
    """The colour of the last two games played when they were the same, else None."""
    played_games: int
    floats: tuple[Float | None, Float | None]
    """The float received one and two rounds before (1.4), None for none."""
    bye_eligible: bool
    """May receive the pairing-allocated bye (C2)."""
    topscorer: bool
    """A topscorer in the last round (1.8): C3 does not bind him."""
    avoid: frozenset[PairingNumber]
    """Players already met in a played game, and forbidden opponents (C1)."""


def compatible(a: Entrant, b: Entrant) -> bool:
    """C1 and C3: not met before (nor forbidden), and not two players with the same
    absolute colour preference unless one of them is a topscorer in the last round."""
    if b.number in a.avoid:
        return False
    # colours_allow, written out: this is asked of every pair of every dense matching.
    if a.absolute and b.absolute and a.preference is b.preference:
        return a.topscorer or b.topscorer
    return True


def colours_allow(a: Entrant, b: Entrant) -> bool:
    """C3 alone: not two players with the same absolute colour preference, unless one
    of them is a topscorer in the last round."""
    if a.absolute and b.absolute and a.preference is b.preference:
        return a.topscorer or b.topscorer
    return True


def _points(points: PointSystem, outcome: Outcome) -> Points:
    return points.points_for(outcome)


TEXT_OF_2026_FROM = date(2026, 2, 1)
"""The day the FIDE Dutch text approved by the Council on 28 October 2025 applies from."""


def pab_always_floats(state: TournamentState) -> bool:
    """Whether the event follows the text of 1 February 2026, whose 1.4.3 makes every
    pairing-allocated bye a downfloat; an event that started before follows the July 2025
    text, whose 1.4.3 floats the bye only when it brings more than a loss.  An event with
    no date follows the text in force today.  This is the one difference between the two
    texts, as far as they could be read, that changes a pairing (``bench/README.md``)."""
    return state.start_date is None or state.start_date >= TEXT_OF_2026_FROM


def _float_in(
    player: Player,
    round_number: int,
    scores_before: Mapping[int, Mapping[PairingNumber, int]],
    points: PointSystem,
    *,
    pab_floats: bool,
) -> Float | None:
    """1.4.2-1.4.4: the float the player received in ``round_number``.

    ``pab_floats`` (1.4.3 of 2026, :func:`pab_always_floats`): the pairing-allocated bye
    is a downfloat whatever the event makes it worth.  Any other round not played floats
    down when it brought more than a loss, and 1.4.4 gives nothing else a float."""
    record = player.history[round_number - 1]
    if pab_floats and record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
        return Float.DOWN
    if not record.played:
        return Float.DOWN if _points(points, record.outcome) > points.loss else None
    assert record.opponent is not None
    mine = scores_before[round_number][player.pairing_number]
    theirs = scores_before[round_number].get(record.opponent, mine)
    return Float.DOWN if mine > theirs else Float.UP if mine < theirs else None


def _scores_before(
    state: TournamentState, ordered: Sequence[Player], wanted: Collection[int] | None = None
) -> dict[int, dict[PairingNumber, int]]:
    """Each player's pairing score before each round up to the one to pair, acceleration
    included (C.04.7): the scores 1.4.2 compares.  ``wanted``: only before those rounds
    (the round to pair and the two before it, for :func:`entrants`); None: every one."""
    bonus = accelerations(state)
    worth = {outcome: _points(state.points, outcome) for outcome in Outcome}
    last = state.rounds_completed + 1
    rounds = range(1, last + 1)
    kept = rounds if wanted is None else [r for r in rounds if r in wanted]
    found: dict[int, dict[PairingNumber, int]] = {n: {} for n in kept}
    for p in ordered:
        # A running sum over the player's rounds: summing each round's history from the
        # start cost the draft review of 1,000 players 50 ms (#36) and a tenth of a late
        # round of a near round robin (#38).  Kept only before the rounds wanted: every
        # round of every player cost a late round of 100 players a twentieth (#38).
        running = 0
        played = len(p.history) + 1
        number = p.pairing_number
        done = 1
        for round_number in kept:
            for before in range(done + 1, min(round_number, played) + 1):
                running += worth[p.history[before - 2].outcome]
            done = max(done, min(round_number, played))
            found[round_number][number] = running + bonus.get((number, round_number), 0)
    return found


def float_history(state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in each completed round as 1.4.2-1.4.4 give it: the floats the
    pairing weighs (C14-C21), so that the pairing card shows the same ones.  Unlike
    :func:`pairing.engine.floats.float_history` (the older texts' reading), a forfeit
    win and a half-point bye float down and a forfeited game's pairing gives no float."""
    ordered = sorted(state.players, key=lambda p: p.pairing_number)
    scores_before = _scores_before(state, ordered)
    pab_floats = pab_always_floats(state)
    return {
        p.pairing_number: tuple(
            _float_in(p, r, scores_before, state.points, pab_floats=pab_floats)
            for r in range(1, state.rounds_completed + 1)
        )
        for p in ordered
    }


def _colour_facts(
    colours: Sequence[Colour],
) -> tuple[int, Colour | None, bool, bool, Colour | None]:
    """Imbalance, preference, absolute, strong and repeated colour (1.6, 1.7)."""
    whites = colours.count(Colour.WHITE)
    blacks = len(colours) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    repeated = colours[-1] if len(colours) >= 2 and colours[-1] is colours[-2] else None
    preference: Colour | None
    if imbalance > 1:
        preference = lower
    elif repeated is not None:
        preference = repeated.opposite
    elif imbalance > 0:
        preference = lower
    elif colours:
        preference = colours[-1].opposite
    else:
        preference = None
    absolute = imbalance > 1 or repeated is not None
    strong = not absolute and imbalance > 0
    return imbalance, preference, absolute, strong, repeated


def bye_eligible(player: Player, points: PointSystem) -> bool:
    """C2: no earlier PAB, and no earlier round scored without playing as a win."""
    for record in player.history:
        if record.played:
            continue
        if record.outcome is Outcome.PAIRING_ALLOCATED_BYE:
            return False
        if _points(points, record.outcome) >= points.win:
            return False
    return True


def _counted(player: Player, requests: Mapping[PairingNumber, RoundRequest]) -> bool:
    """Whether the player holds a place in the order of this round (1.1, 1.2.2): paired
    now, or paired in an earlier round.  A late entry not yet paired holds none, so the
    parity of the order (colour rule 5.2.5) counts only players who do."""
    if not player.withdrawn and player.pairing_number not in requests:
        return True
    return any(
        r.outcome.has_opponent or r.outcome is Outcome.PAIRING_ALLOCATED_BYE for r in player.history
    )


_PLAYED = frozenset(outcome for outcome in Outcome if outcome.played)
"""The outcomes of a game played (C.04.1, C.04.2 3.4-3.5)."""


@dataclass(frozen=True, slots=True)
class _Record:
    """What :func:`entrants` reads of one player's rounds, in one pass over them."""

    before: dict[int, int]
    """Points before each of the last two rounds played and the round to pair (1.4.2
    compares them), acceleration not added."""
    points: int
    """Points so far (the real score)."""
    colours: tuple[Colour, ...]
    """The colours of the games played (:func:`~pairing.engine.colours.played_colours`)."""
    met: frozenset[PairingNumber]
    """The opponents of the games played (:func:`~pairing.engine.history.opponents_met`)."""
    bye_eligible: bool
    """C2, as :func:`bye_eligible` reads it."""


def _record(player: Player, worth: Mapping[Outcome, Points], win: Points) -> _Record:
    """One player's rounds read once: the scores before the last two rounds played and
    before the round to pair, as :func:`_scores_before` gives them (acceleration
    aside), the real score, the colours and opponents of the games played (C.04.2
    3.4-3.5) and C2, each of which was a pass over the rounds of its own (#38: a late
    round of a near round robin reads every round of every player).  The scores before
    are the score less the points of the rounds since, so no round is asked its number."""
    running = 0
    last = before_last = 0
    colours: list[Colour] = []
    met: set[PairingNumber] = set()
    eligible = True
    for record in player.history:
        outcome = record.outcome
        before_last = last
        last = worth[outcome]
        running += last
        if outcome in _PLAYED:
            colour = record.colour
            if colour is not None:
                colours.append(colour)
            opponent = record.opponent
            if opponent is not None:
                met.add(opponent)
        elif outcome is Outcome.PAIRING_ALLOCATED_BYE or last >= win:
            eligible = False
    played = len(player.history)
    before = {played + 1: running}
    if played >= 1:
        before[played] = running - last
    if played >= 2:
        before[played - 1] = running - last - before_last
    return _Record(before, running, tuple(colours), frozenset(met), eligible)


def entrants(state: TournamentState) -> tuple[list[Entrant], list[RoundRequest]]:
    """The players to pair in the initial order, and the requests honoured.

    Withdrawn players and players with a bye or absence asked for this round are not
    paired (C.04.2).

    :raises InvalidState: see :func:`pairing.engine.history.checked_requests`.
    """
    requests = checked_requests(state)
    ordered = sorted(state.players, key=lambda p: p.pairing_number)
    rank = {
        p.pairing_number: index
        for index, p in enumerate(p for p in ordered if _counted(p, requests))
    }
    points = state.points
    now = state.rounds_completed + 1
    wanted = [r for r in (now - 2, now - 1, now) if r >= 1]
    worth = outcome_points(points)
    records = {p.pairing_number: _record(p, worth, points.win) for p in ordered}
    # The scores of _scores_before(state, ordered, wanted), from the same pass.
    bonus = accelerations(state)
    scores_before = {
        r: {n: record.before[r] + bonus.get((n, r), 0) for n, record in records.items()}
        for r in wanted
    }
    pab_floats = pab_always_floats(state)
    forbidden = forbidden_opponents(state)
    top_threshold = state.rounds_completed * max(points.win, points.draw)
    last_round = state.is_last_round
    result: list[Entrant] = []
    honoured: list[RoundRequest] = []
    for player in ordered:
        if player.withdrawn:
            continue
        if player.pairing_number in requests:
            honoured.append(requests[player.pairing_number])
            continue
        record = records[player.pairing_number]
        colours = record.colours
        imbalance, preference, absolute, strong, repeated = _colour_facts(colours)
        score = Points(scores_before[now][player.pairing_number])
        floats = tuple(
            _float_in(player, now - back, scores_before, points, pab_floats=pab_floats)
            if now - back >= 1
            else None
            for back in (1, 2)
        )
        barred = forbidden.get(player.pairing_number)
        result.append(
            Entrant(
                number=player.pairing_number,
                rank=rank[player.pairing_number],
                score=score,
                real_score=Points(record.points),
                colours=colours,
                imbalance=imbalance,
                preference=preference,
                absolute=absolute,
                strong=strong,
                repeated=repeated,
                played_games=len(colours),
                floats=(floats[0], floats[1]),
                bye_eligible=record.bye_eligible,
                topscorer=last_round and 2 * score > top_threshold,
                avoid=record.met | frozenset(barred) if barred else record.met,
            )
        )
    result.sort(key=lambda e: (-e.score, e.rank))
    return result, honoured
