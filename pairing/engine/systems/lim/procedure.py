"""FIDE Lim system: Handbook C.04.2, B "General Pairing Rules", rules 7-13.

That text is the definition.  This module pairs a round score group by score group in the
order of Lim 9.2, transfers floaters by Lim 9.3 and 10, makes the proposed pairings of Lim
9.4 and the exchanges of Lim 9.5 and 11, cracks pairings around a blocked median score
group by Lim 9.6, gives colours by Lim 12 and applies the last-round exception of Lim 13.
``pair`` is the system's entry point; ``pair_lim`` takes the Maxi-tournament option;
``initial_order`` gives pairing numbers by Lim 7 for the web app.

Words.  The text says "score group"; so does this module (``group``).  Lim 7 says No. 1
"is said to have the highest pairing number": "higher numbered" means better ranked,
so "the highest numbered player" of a group is the one with the *smallest* numeral and
"the lowest numbered player" the one with the largest.  ``pairing_number`` is always the
numeral; every docstring says which end it means.

Readings of points the text leaves open (each is tested under its rule's name):

- **Lim 7.**  Rated players by rating, highest first; equal ratings and unrated players
  (rating 0, after every rated player) by FIDE title, then by an optional local rating,
  then by lot drawn from the seed.
- **Lim 8.**  The bye goes to the lowest ranked (largest numeral) player of the lowest
  score group who may have it: a player who had the bye (pairing-allocated, or a
  full-point bye he asked for) or won a point by default (a forfeit) may not (8.2); a
  half-point bye is not "the Bye".  If nobody in the lowest group may, the next group up
  is tried.  A candidate is passed over when the other players could not then all be
  paired (9.1): the bye is chosen before the groups are paired.
- **Lim 9.1.**  "Played each other" counts games actually played; a forfeit is not a
  meeting.  Colours count played games only, in order, gaps closed (a bye does not break
  "three successive rounds").  The event's forbidden pairs are treated like a rematch.
- **Lim 9.2.**  The median score is half the points of a win times the rounds played.
  When no player has it, an empty median group still exists: floaters from above and from
  below meet there and are paired last.
- **Lim 9.3 and 10.1.**  A player with no compatible opponent in his group (9.3 a-c) is
  transferred in the group's direction of pairing; a floater who arrived in the group is
  passed on the same way (10.5).  One more is chosen when the group is odd (9.3 d); a
  player alone in his group floats by 9.3 d (9.3 a holds of him only vacuously).
  Floaters arriving in a group are paired first (10.6, 10.7) with the player 10.8 names,
  then the remaining players are paired by 9.4.
- **Choice of the floater that makes a group even** (10.2-10.5, 10.9, 10.10), in order:
  avoid floater types a, then b, then c (10.9: type a/b is a player who floated into
  this group this round; a/c has no compatible opponent in the adjacent group after the
  floaters paired before him there have taken theirs, 10.3, 10.4); among the rest, one
  due the colour more players of the group are due (10.2; when as many are due white as
  black, anyone); then the lowest numbered player (largest numeral) when pairing
  downward, the highest numbered (smallest numeral) when pairing upward (10.2-10.4).  If
  that player floated in the round before, up or down, the next one who did not is taken
  instead, provided the group can then make as many pairings (10.10; its other proviso
  holds because only players of the same type are considered).  "Floated" means
  transferred to another score group (10.1), read from the scores before that round:
  above that round's median the higher player of a game floated down, below it the
  lower one floated up, across it both; the opponent a floater met in his own group, a
  median player and the player who had the bye did not float (each board's explanation
  names the players who floated in the same way).  In Maxi-tournaments the colour
  choice is dropped when the player's rating differs by more than 100 points from the
  one chosen without it (10.2).  The choice looks no further ahead: if it leaves a player
  without an opponent, 11.4 a puts it right.
- **Order of floaters in a group** (10.6, 10.7).  Downfloaters by score, highest first,
  then highest numbered first (smallest numeral); upfloaters by score, lowest first,
  then lowest numbered first (largest numeral).  At the median and above downfloaters
  come before upfloaters (10.6.3), below the median upfloaters first (10.7.3).  Each
  takes the highest numbered (downward) or lowest numbered (upward) available player of
  the group who is due the other colour (10.8); when nobody is, the first compatible one
  in the same order.  The median group is paired downward (9.2), so there upfloaters
  too take the highest numbered player due the other colour.  Players of the group who
  did not float are preferred as opponents.  "Available" means that the rest of the
  group can still be paired as fully as before.
- **Due colour** (12.1, 12.5, 12.6).  The equalising colour when the player's whites and
  blacks differ, otherwise the alternate colour; none before the first game played.  It
  is absolute (12.3, 9.1) after two games with the same colour or with two more of one
  colour.
- **Scrutiny and exchanges** (9.5, 11.1-11.3).  Pairing downward, the highest numbered
  player not yet paired is scrutinised first; his opponents are tried in the order of
  the 11.2 and 11.3 tables: the players of the bottom half from his proposed opponent
  down, then those of the top half from the bottom up; then the opponent of an already
  scrutinised player, latest first (that player takes the highest numbered compatible
  player left), and finally that player himself (his opponent rejoins the group; if that
  opponent is later left without an opponent himself, he floats).  Pairing upward
  mirrors this from the lowest numbered player.  An opponent is taken only if the rest of
  the group can still be paired as fully as before (a matching check, kept up to date
  by :class:`GroupMatching`); this never changes a pairing that the plain procedure
  completes, and it stops the procedure from running into dead ends.
- **Colour exchanges** (12.2, 12.7).  The first opponent in that order who lets both
  players have their due colours is preferred to the first compatible one; in
  Maxi-tournaments only when their ratings differ by 100 points or less.
- **Floating a player with no compatible opponent** (11.4).  A player who cannot be paired
  however the group's earlier pairings are exchanged floats; in an odd group the player
  floated to make it even comes back in his place (11.4 a), in an even group the lowest
  numbered player remaining whose departure still lets the others be paired floats with
  him (11.4 b).  Pairing upward, "lowest" reads "highest".
- **Lim 9.6.**  "The next pairing" of a neighbouring group is the last pairing made on
  that side of the median: pairings are cracked in the reverse order in which they were
  made, nearest the median first.  When one side has nothing left to crack, the other is
  cracked.
- **Lim 12.4 and 12.6.**  When both players are due the same colour (and neither must
  have it by 12.3), their played colours are compared from the latest back; at the
  first game where they differ each gets the colour he did not have then.  Histories
  that agree as far as the shorter one goes count as identical: then the higher ranked
  player (higher score, then higher numbered) gets his due colour when the pairing was
  made in the median group or above, the lower ranked player when it was made below the
  median.
- **Round 1 and players without games.**  Pairings where neither player has a colour yet
  alternate in the order of their higher player's number: the first gives the higher
  player the top seed's colour (``state.initial_colour`` or by lot from the seed), the
  second the other colour, and so on.
- **Lim 13.**  In the last round two players with the same score who have not met are
  compatible whatever their colours ("Rule 3, requiring players with the same score to
  be paired", has priority); pairings across score groups keep 9.1.  Colours still
  follow Lim 12 where they can, and an opponent who lets both keep 9.1 is preferred to
  one who does not.
- **Boards** are numbered by the higher score of the two players, then the sum of their
  scores, then the higher player's pairing number.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from pairing.engine.acceleration import acceleration_in_force
from pairing.engine.colours import colour_difference, played_colours
from pairing.engine.errors import NoValidPairing
from pairing.engine.floats import Float
from pairing.engine.history import (
    by_number,
    forbidden_opponents,
    opponents_met,
    pairing_scores,
    received_point_without_playing,
)
from pairing.engine.history import score as score_before
from pairing.engine.matching import ShrinkingMatching, bipartite_matching_size, matching_size
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    PairingNumber,
    Player,
    Points,
    RoundPairing,
    TournamentState,
)

MAXI_RATING_LIMIT = 100
"""Largest rating difference of an exchange in Maxi-tournaments (Lim 10.2, 10.8, 12.7)."""

SKIPS_SHOWN = 4
"""How many passed-over opponents an explanation names before saying "and others"."""

_WHITE = 1
_BLACK = 2


def _bit(colour: Colour) -> int:
    """A colour as a bit of :attr:`Entrant.permitted`."""
    return _WHITE if colour is Colour.WHITE else _BLACK


# --- Lim 7: pairing numbers ------------------------------------------------------------


def lim_7_order(
    players: Sequence[Player],
    *,
    seed: int,
    local_ratings: Mapping[PairingNumber, int] | None = None,
) -> tuple[PairingNumber, ...]:
    """The present pairing numbers of ``players`` in the order of Lim 7.

    Lim 7: highest rating first; players with equal ratings, and unrated players (rating
    0, placed after every rated player), by FIDE title, then by ``local_ratings`` (keyed
    by the players' present pairing numbers; missing means 0), then by lot.  The lot is
    drawn from ``random.Random(seed)`` in the order of the present pairing numbers, so the
    order of ``players`` does not matter.
    """
    local = local_ratings or {}
    rng = random.Random(seed)
    by_entry = sorted(players, key=lambda p: (p.pairing_number, p.name, p.rating))
    lots = [rng.random() for _ in by_entry]
    keyed = sorted(
        zip(by_entry, lots, strict=True),
        key=lambda item: (
            -item[0].rating,
            item[0].title.value,
            -local.get(item[0].pairing_number, 0),
            item[1],
            item[0].pairing_number,
        ),
    )
    return tuple(player.pairing_number for player, _ in keyed)


def initial_order(
    players: Sequence[Player],
    *,
    seed: int,
    local_ratings: Mapping[PairingNumber, int] | None = None,
) -> tuple[Player, ...]:
    """The players renumbered 1..n in the order of Lim 7 (see :func:`lim_7_order`)."""
    by_number = {player.pairing_number: player for player in players}
    order = lim_7_order(players, seed=seed, local_ratings=local_ratings)
    return tuple(
        replace(by_number[old], pairing_number=PairingNumber(number))
        for number, old in enumerate(order, start=1)
    )


# --- Lim 9.1, 12.1: the players, their due colours and who is compatible ----------------


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Entrant:
    """A player to be paired this round with what the Lim rules need to know.

    Compared by identity: each player has exactly one ``Entrant`` per round.
    """

    pairing_number: PairingNumber
    score: Points
    rating: int
    colours: tuple[Colour, ...]
    """Colours of the games played, oldest first (Lim 9.1, 12.4)."""
    due: Colour | None
    """The alternate or equalising colour (Lim 12.1, 12.5, 12.6); None before any game."""
    absolute: bool
    """Must have ``due``: same colour twice running, or two more of one (Lim 9.1, 12.3)."""
    permitted: int
    """Colours Lim 9.1 leaves him, as a bit mask of white (1) and black (2)."""
    avoid: frozenset[PairingNumber]
    """Opponents already played (Lim 9.1) and forbidden partners."""
    bye_allowed: bool
    """False after a bye or a point by default (Lim 8.2)."""
    floated_last_round: bool
    """Floated up or down in the round before (Lim 10.10)."""


def due_colour(colours: Sequence[Colour], difference: int) -> tuple[Colour | None, bool]:
    """The colour a player is due and whether it is absolute (Lim 12.1, 12.3, 12.5, 12.6).

    The equalising colour when whites and blacks differ (12.5, 12.6), otherwise the
    alternate colour (12.1); absolute with two more of one colour or after the same
    colour twice (9.1, 12.3).
    """
    if not colours:
        return None, False
    equalising = Colour.WHITE if difference < 0 else Colour.BLACK
    repeated = len(colours) >= 2 and colours[-1] is colours[-2]
    if abs(difference) >= 2:
        return equalising, True
    if repeated:
        return colours[-1].opposite, True
    if difference:
        return equalising, False
    return colours[-1].opposite, False


def permitted_colours(colours: Sequence[Colour], difference: int) -> int:
    """The colours Lim 9.1 (and 12.1 a, b) allow, as a bit mask.

    A colour is barred when it would be the third in succession or give three more of
    one colour than the other.  Should both be barred (a history outside the rules), the
    equalising colour is allowed.
    """
    mask = 0
    for colour in (Colour.WHITE, Colour.BLACK):
        after = difference + (1 if colour is Colour.WHITE else -1)
        third = len(colours) >= 2 and colours[-1] is colour and colours[-2] is colour
        if abs(after) <= 2 and not third:
            mask |= _bit(colour)
    if not mask:
        mask = _WHITE if difference < 0 else _BLACK
    return mask


def entrants(state: TournamentState) -> list[Entrant]:
    """The players to pair, by pairing number: not withdrawn, no request for the round."""
    requested = {request.pairing_number for request in state.requests}
    scores = pairing_scores(state)
    floated = floated_last_round(state)
    forbidden = forbidden_opponents(state)
    result = []
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        if player.withdrawn or player.pairing_number in requested:
            continue
        colours = played_colours(player)
        difference = colour_difference(player)
        due, absolute = due_colour(colours, difference)
        result.append(
            Entrant(
                pairing_number=player.pairing_number,
                score=scores[player.pairing_number],
                rating=player.rating,
                colours=colours,
                due=due,
                absolute=absolute,
                permitted=permitted_colours(colours, difference),
                avoid=opponents_met(player) | forbidden.get(player.pairing_number, set()),
                bye_allowed=not received_point_without_playing(player),
                floated_last_round=floated[player.pairing_number],
            )
        )
    return result


def floated_last_round(state: TournamentState) -> dict[PairingNumber, bool]:
    """Who floated in the last round played, by Lim's meaning of a floater (Lim 10.1,
    10.10): a player transferred to another score group.

    In a game between players with different scores (before that round, with any
    accelerated points of that round) a player floated when his score was not that
    round's median score and his opponent's lay on the median's side of his: above the
    median the higher player floated down, below it the lower one floated up, across it
    both.  The opponent a floater met in his own group did not float, a median player
    never floats, and the bye is not a float.  A forfeited game keeps the float its
    pairing gave.
    """
    last = state.rounds_completed
    result = {p.pairing_number: False for p in state.players}
    if last == 0:
        return result
    bonus = {
        a.pairing_number: a.points for a in acceleration_in_force(state) if a.round_number == last
    }
    before = {
        p.pairing_number: 2
        * (score_before(p, state.points, before_round=last) + bonus.get(p.pairing_number, 0))
        for p in state.players
    }
    median_twice = (last - 1) * state.points.win
    players = by_number(state)
    for number, player in players.items():
        record = next((r for r in player.history if r.round_number == last), None)
        opponent = record.opponent if record is not None else None
        if record is None or not record.outcome.has_opponent or opponent not in before:
            continue
        mine, theirs = before[number], before[opponent]
        result[number] = (mine > median_twice and theirs < mine) or (
            mine < median_twice and theirs > mine
        )
    return result


def float_record(state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]:
    """Each player's float in each completed round by Lim's meaning (Lim 10.1), for a
    pairing card: :func:`floated_last_round` applied to every round in turn, ``DOWN``
    for a player who met a lower score, ``UP`` for one who met a higher score.
    """
    result: dict[PairingNumber, list[Float | None]] = {p.pairing_number: [] for p in state.players}
    for last in range(1, state.rounds_completed + 1):
        then = replace(
            state,
            players=tuple(replace(p, history=p.history[:last]) for p in state.players),
            rounds_completed=last,
            requests=(),
        )
        floated = floated_last_round(then)
        scores = {
            p.pairing_number: score_before(p, state.points, before_round=last)
            for p in state.players
        }
        for player in state.players:
            number = player.pairing_number
            opponent = player.history[last - 1].opponent
            direction: Float | None = None
            if floated[number] and opponent is not None and opponent in scores:
                direction = Float.DOWN if scores[number] > scores[opponent] else Float.UP
            result[number].append(direction)
    return {number: tuple(floats) for number, floats in result.items()}


def colours_legal(a: Entrant, b: Entrant) -> bool:
    """True when some allocation keeps both players within Lim 9.1's colour limits."""
    return bool(
        (a.permitted & _WHITE and b.permitted & _BLACK)
        or (a.permitted & _BLACK and b.permitted & _WHITE)
    )


def colours_fit(a: Entrant, b: Entrant) -> bool:
    """True when both players can have their due colours (Lim 12.2)."""
    return a.due is None or b.due is None or a.due is not b.due


# --- Lim 9.2: score groups and the order of pairing ----------------------------------


class Position(enum.Enum):
    """Where a score group lies against the median score (Lim 9.2)."""

    ABOVE = "above the median"
    MEDIAN = "the median"
    BELOW = "below the median"


class Direction(enum.Enum):
    """The direction in which a score group is paired and its floaters go (Lim 9.2, 10.2)."""

    DOWN = "downward"
    UP = "upward"


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreGroup:
    """The players with one score, in pairing-number order (Lim 9.2)."""

    score: Points
    players: tuple[Entrant, ...]
    position: Position


def score_groups(
    players: Sequence[Entrant], *, rounds_played: int, win: Points
) -> tuple[list[ScoreGroup], ScoreGroup, list[ScoreGroup]]:
    """The groups above the median (highest first), the median group, those below it
    (lowest first): the order in which Lim 9.2 pairs them.

    The median score is half of ``rounds_played`` wins; when nobody has it, the median
    group is empty but still exists (see the module docstring).
    """
    median_twice = rounds_played * win
    by_score: dict[Points, list[Entrant]] = {}
    for player in sorted(players, key=lambda p: p.pairing_number):
        by_score.setdefault(player.score, []).append(player)
    above = [
        ScoreGroup(score=s, players=tuple(by_score[s]), position=Position.ABOVE)
        for s in sorted(by_score, reverse=True)
        if 2 * s > median_twice
    ]
    below = [
        ScoreGroup(score=s, players=tuple(by_score[s]), position=Position.BELOW)
        for s in sorted(by_score)
        if 2 * s < median_twice
    ]
    median_players = tuple(
        p for s, group in by_score.items() if 2 * s == median_twice for p in group
    )
    median = ScoreGroup(
        score=Points(median_twice // 2), players=median_players, position=Position.MEDIAN
    )
    return above, median, below


# --- Pairings as they are made ----------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """Two players paired, the group position it was made in, and why (for explanations)."""

    first: Entrant
    """The player whose opponent was being sought: the floater or the one scrutinised."""
    second: Entrant
    position: Position
    rules: tuple[str, ...]
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupResult:
    """A score group paired: its pairings, the floaters it passes on, the explanation."""

    pairings: tuple[Pairing, ...]
    floaters: tuple[Entrant, ...]
    notes: tuple[Explanation, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """The opponent found for a player, with the candidates passed over on the way."""

    opponent: Entrant
    fits_colours: bool
    skipped: tuple[tuple[PairingNumber, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Scrutiny:
    """A group's players paired: the pairings, who floated by Lim 11.4 and why, and
    whether the floater of 9.3 d came back into the group (11.4 a)."""

    pairings: tuple[Pairing, ...]
    floated: tuple[tuple[Entrant, str], ...]
    parity_back: bool


def numbers(players: Iterable[Entrant]) -> str:
    """Pairing numbers as a list for explanations."""
    return ", ".join(str(p.pairing_number) for p in players) or "none"


def points_text(score: float) -> str:
    """Half-points as points for explanations: 3 is "1.5 points", 2 is "1 point"."""
    return f"{score / 2:g} point" + ("" if score == 2 else "s")


def direction_key(direction: Direction) -> Callable[[Entrant], int]:
    """Sort key putting the player scrutinised first in front (Lim 11.1).

    Downward the highest numbered player (smallest numeral) comes first, upward the
    lowest numbered one (largest numeral).
    """
    if direction is Direction.DOWN:
        return lambda p: p.pairing_number
    return lambda p: -p.pairing_number


def floater_order(
    floaters: Iterable[Entrant], *, group_score: Points, position: Position
) -> list[Entrant]:
    """The order in which a group's incoming floaters are paired (Lim 10.6, 10.7).

    Downfloaters by score, highest first, then highest numbered first; upfloaters by
    score, lowest first, then lowest numbered first.  At the median and above
    downfloaters come first (10.6.3), below the median upfloaters first (10.7.3).
    """
    floaters = list(floaters)
    down = sorted(
        (f for f in floaters if f.score > group_score),
        key=lambda f: (-f.score, f.pairing_number),
    )
    up = sorted(
        (f for f in floaters if f.score <= group_score),
        key=lambda f: (f.score, -f.pairing_number),
    )
    return down + up if position is not Position.BELOW else up + down


def scrutiny_candidates(remaining: Sequence[Entrant]) -> Iterator[Entrant]:
    """Opponents for ``remaining[0]`` in the order of the 11.2 table (Lim 9.4, 11.1, 11.2).

    ``remaining`` is in scrutiny order.  The proposed opponent of 9.4 first, then the
    rest of the bottom half in order, then the top half from its bottom up.
    """
    half = len(remaining) // 2
    for index in range(half, len(remaining)):
        yield remaining[index]
    for index in range(half - 1, 0, -1):
        yield remaining[index]


def proposed_pairings(players: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """1 v n/2+1, 2 v n/2+2 ... n/2 v n for players given in order (Lim 9.4)."""
    half = len(players) // 2
    return tuple((players[i], players[i + half]) for i in range(half))


def exchange_columns(
    fixed: Sequence[tuple[int, int]], remaining: Sequence[int]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """The proposed pairing and the exchanges tried for ``remaining[0]`` (Lim 11.2, 11.3).

    ``fixed`` are the pairings already confirmed for players scrutinised before, in
    scrutiny order, each written scrutinised player first; ``remaining`` the others in
    scrutiny order (ascending numerals when pairing downward).  Each yielded column is a
    whole pairing of the group, every pairing and the column in the order of
    ``remaining``, as the tables of 11.2 and 11.3 print them: first the opponents of
    :func:`scrutiny_candidates`, the rest paired by 9.4; then, latest first, the opponent
    of a player already scrutinised, who takes the highest numbered player left; then that
    player himself, whose opponent rejoins the rest.  With every pairing compatible this
    is the order in which :func:`pair_lim` looks for an opponent.
    """
    ascending = len(remaining) < 2 or remaining[0] <= remaining[-1]

    def key(player: int) -> int:
        return player if ascending else -player

    def column(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        ordered = [(a, b) if key(a) < key(b) else (b, a) for a, b in pairs]
        return tuple(sorted(ordered, key=lambda pair: key(pair[0])))

    player, others = remaining[0], list(remaining[1:])
    half = len(remaining) // 2
    for opponent in [*remaining[half:], *remaining[half - 1 : 0 : -1]]:
        rest = [p for p in others if p != opponent]
        yield column([*fixed, (player, opponent), *proposed_pairings(rest)])
    for index in range(len(fixed) - 1, -1, -1):
        holder, taken = fixed[index]
        changed = list(fixed)
        changed[index] = (holder, others[0])
        yield column([*changed, (player, taken), *proposed_pairings(others[1:])])
    for index in range(len(fixed) - 1, -1, -1):
        holder, released = fixed[index]
        changed = list(fixed)
        changed[index] = (holder, player)
        rest = sorted([*others, released], key=key)
        yield column([*changed, *proposed_pairings(rest)])


# --- Matching checks for the exchanges ------------------------------------------------


class GroupMatching:
    """A maximum matching of a group's compatibility graph, kept up to date while players
    leave it (the look-ahead of Lim 11.1-11.4): :class:`~.matching.ShrinkingMatching`
    over the positions of ``players``.
    """

    def __init__(self, players: Sequence[Entrant], compatible: Callable[[Entrant, Entrant], bool]):
        self.players = list(players)
        self.position = {p.pairing_number: i for i, p in enumerate(self.players)}
        adjacent: list[list[int]] = [[] for _ in self.players]
        for i, a in enumerate(self.players):
            for j in range(i + 1, len(self.players)):
                if compatible(a, self.players[j]):
                    adjacent[i].append(j)
                    adjacent[j].append(i)
        self._matching = ShrinkingMatching(adjacent)

    @property
    def size(self) -> int:
        """The size of the present maximum matching."""
        return self._matching.size

    def size_without(self, gone: Sequence[Entrant], *, bound: int | None = None) -> int:
        """The size of a maximum matching once ``gone`` have left (see
        :meth:`ShrinkingMatching.size_without`)."""
        return self._matching.size_without(
            [self.position[p.pairing_number] for p in gone], bound=bound
        )

    def remove(self, gone: Sequence[Entrant], *, bound: int | None = None) -> int:
        """Let ``gone`` leave for good; returns the new maximum size."""
        return self._matching.remove([self.position[p.pairing_number] for p in gone], bound=bound)


# --- The pairer ---------------------------------------------------------------------


class LimPairer:
    """Pairs one round by Lim 8-13; holds the round's compatibility rules."""

    def __init__(self, state: TournamentState, *, maxi: bool) -> None:
        self.maxi = maxi
        self.last_round = state.is_last_round and state.rounds_completed > 0
        self.round_number = state.round_number

    # Lim 9.1 and 13 ---------------------------------------------------------------------

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """True when a and b may be paired (Lim 9.1).

        In the last round two players with the same score who have not met are
        compatible whatever their colours (Lim 13).
        """
        if b.pairing_number in a.avoid or a is b:
            return False
        return (self.last_round and a.score == b.score) or colours_legal(a, b)

    def why_incompatible(self, a: Entrant, b: Entrant) -> str:
        """Why two players may not be paired, in words (Lim 9.1)."""
        if b.pairing_number in a.avoid:
            return "met before or may not meet (Lim 9.1)"
        return "colours (Lim 9.1)"

    # Matching checks ------------------------------------------------------------------

    def _dirac(self, players: Sequence[Entrant]) -> bool:
        """True when every player is compatible with at least half of the others.

        By Dirac's theorem the compatibility graph then has a Hamiltonian cycle, so all
        players can be paired (all but any one when their number is odd).  Degrees are
        bounded from below cheaply, so a False answer proves nothing.
        """
        n = len(players)
        if n < 3:
            return False
        # A player allowed one colour only clashes with the others allowed only that one
        # (counted even where Lim 13 waives it: the bound stays a lower bound).
        single = {_WHITE: 0, _BLACK: 0}
        for p in players:
            if p.permitted in single:
                single[p.permitted] += 1
        for p in players:
            clash = single[p.permitted] - 1 if single.get(p.permitted, 0) else 0
            if 2 * (n - 1 - len(p.avoid) - clash) < n:
                return False
        return True

    def max_pairs(self, players: Sequence[Entrant]) -> int:
        """The largest number of compatible pairings among ``players`` (a matching)."""
        n = len(players)
        if n < 2:
            return 0
        if n == 2:
            return 1 if self.compatible(players[0], players[1]) else 0
        if self._dirac(players):
            return n // 2
        index = {p.pairing_number: i for i, p in enumerate(players)}
        adjacent = [
            [index[q.pairing_number] for q in players if q is not p and self.compatible(p, q)]
            for p in players
        ]
        return matching_size(adjacent)

    def can_pair(self, players: Sequence[Entrant], needed: int) -> bool:
        """True when ``needed`` compatible pairings can be made among ``players``."""
        if needed <= 0:
            return True
        if 2 * needed > len(players):
            return False
        if self._dirac(players):
            return True
        return self.max_pairs(players) >= needed

    # Lim 8: the bye ---------------------------------------------------------------------

    def choose_bye(self, players: Sequence[Entrant]) -> tuple[Entrant | None, Explanation | None]:
        """The player who gets the bye, or None with an even number (Lim 8.1, 8.2).

        :raises NoValidPairing: nobody may have the bye with the others all paired.
        """
        if len(players) % 2 == 0:
            return None, None
        passed: list[str] = []
        for candidate in sorted(players, key=lambda p: (p.score, -p.pairing_number)):
            if not candidate.bye_allowed:
                passed.append(
                    f"{candidate.pairing_number} (already had the bye or a point by "
                    "default, Lim 8.2)"
                )
                continue
            rest = [p for p in players if p is not candidate]
            if not self.can_pair(rest, len(rest) // 2):
                passed.append(
                    f"{candidate.pairing_number} (the others could not all be paired, Lim 9.1)"
                )
                continue
            text = (
                f"Player {candidate.pairing_number} receives the bye: the lowest ranked "
                f"player of the lowest score group ({points_text(candidate.score)}) "
                "who may have it; one point, no colour (Lim 8.1, 8.3)."
            )
            if passed:
                text += " Passed over: " + "; ".join(passed) + "."
            return candidate, Explanation(
                rule="Lim 8.1", text=text, players=(candidate.pairing_number,)
            )
        raise NoValidPairing(
            f"round {self.round_number}: nobody may have the bye (Lim 8.2) with the others "
            "all paired (Lim 9.1)"
        )

    # Lim 9.3, 10: transfers and the choice of floaters -----------------------------------

    def transfer_reason(self, player: Entrant, group: Sequence[Entrant]) -> str:
        """Which of Lim 9.3 a-c transfers a player with no compatible opponent, in words.

        A player who had the same colour twice has usually two more of it too: then both
        b and c are named.  A player alone in his group is transferred to make it even
        (9.3 d), not because he has played everyone in it.
        """
        if all(q is player for q in group):
            return "is alone in his score group, which must be made even (Lim 9.3 d)"
        if all(q.pairing_number in player.avoid for q in group if q is not player):
            return "has already played (or may not meet) every player of the group (Lim 9.3 a)"
        difference = sum(1 if c is Colour.WHITE else -1 for c in player.colours)
        repeated = len(player.colours) >= 2 and player.colours[-1] is player.colours[-2]
        reasons = []
        if abs(difference) >= 2:
            reasons.append(("b", "has two more of one colour"))
        if repeated:
            reasons.append(("c", "had the same colour in the last two rounds"))
        if not reasons:  # cannot happen: only such players are barred by colour
            reasons = [("b, c", "cannot be given a permitted colour")]
        return (
            " and ".join(text for _, text in reasons)
            + ", and no compatible opponent in the group can give him the other colour "
            + f"(Lim 9.3 {', '.join(letter for letter, _ in reasons)})"
        )

    def has_adjacent_opponent(
        self,
        candidate: Entrant,
        ahead: Sequence[Entrant],
        pool: Sequence[Entrant],
        rows: dict[PairingNumber, list[int]],
    ) -> bool:
        """True when ``candidate`` has a compatible opponent among ``pool`` (the adjacent
        group) after the floaters ``ahead``, paired there before him, have taken theirs
        (Lim 10.3, 10.4, 10.9).  ``rows`` caches each player's compatible positions in
        ``pool``.
        """

        def row(player: Entrant) -> list[int]:
            known = rows.get(player.pairing_number)
            if known is None:
                known = [
                    j for j, q in enumerate(pool) if q is not player and self.compatible(player, q)
                ]
                rows[player.pairing_number] = known
            return known

        # Count opponents only as far as needed: the floaters ahead take one each at most.
        found = 0
        for q in pool:
            if q is not candidate and self.compatible(candidate, q):
                found += 1
                if found > len(ahead):
                    return True
        if not found:
            return False
        rows_ahead = [row(f) for f in ahead]
        without = bipartite_matching_size(rows_ahead, len(pool))
        return bipartite_matching_size([*rows_ahead, row(candidate)], len(pool)) > without

    def choose_parity_floater(
        self,
        players: Sequence[Entrant],
        *,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        ahead: Sequence[Entrant],
        adjacent: Sequence[Entrant],
        adjacent_floaters: Sequence[Entrant],
    ) -> tuple[Entrant, str]:
        """The player floated to make an odd group even, and why (Lim 9.3 d, 10.2-10.10).

        ``ahead`` are this group's other floaters; ``adjacent`` the players of the group
        the floater goes to and ``adjacent_floaters`` the floaters already going there.
        The order of the criteria is the module docstring's.
        """
        due_white = sum(1 for p in players if p.due is Colour.WHITE)
        due_black = sum(1 for p in players if p.due is Colour.BLACK)
        down = direction is Direction.DOWN

        def precedes(other: Entrant, candidate: Entrant) -> bool:
            if down:
                return (other.score, -other.pairing_number) > (
                    candidate.score,
                    -candidate.pairing_number,
                )
            return (other.score, -other.pairing_number) < (
                candidate.score,
                -candidate.pairing_number,
            )

        pool = [*adjacent, *adjacent_floaters]
        rows: dict[PairingNumber, list[int]] = {}

        def kind(candidate: Entrant) -> int:
            before = [*adjacent_floaters, *(f for f in ahead if precedes(f, candidate))]
            opponent = self.has_adjacent_opponent(candidate, before, pool, rows)
            floated_here = candidate.pairing_number in incoming
            return (2 if floated_here else 0) + (0 if opponent else 1)

        majority = (
            None
            if due_white == due_black
            else Colour.WHITE
            if due_white > due_black
            else Colour.BLACK
        )

        def balance(candidate: Entrant) -> int:
            """0 for a player due the colour more players are due (Lim 10.2); when as many
            are due white as black, 0 for everyone."""
            return 0 if majority is None or candidate.due is majority else 1

        def rank(candidate: Entrant) -> int:
            return -candidate.pairing_number if down else candidate.pairing_number

        kinds = {p.pairing_number: kind(p) for p in players}
        best_kind = min(kinds.values())
        same_kind = [p for p in players if kinds[p.pairing_number] == best_kind]

        def avoid_repeat(ordered: list[Entrant]) -> tuple[Entrant, Entrant | None]:
            """Lim 10.10: pass over a player who floated last round if that keeps the
            number of pairings; returns the choice and the player passed over."""
            first = ordered[0]
            if not first.floated_last_round:
                return first, None
            matching = GroupMatching(players, self.compatible)
            kept = matching.size_without([first])
            for other in ordered[1:]:
                if other.floated_last_round:
                    continue
                if matching.size_without([other], bound=kept) >= kept:
                    return other, first
            return first, None

        chosen, repeat = avoid_repeat(sorted(same_kind, key=lambda p: (balance(p), rank(p))))
        plain, plain_repeat = avoid_repeat(sorted(same_kind, key=rank))
        maxi_note = ""
        if self.maxi and abs(chosen.rating - plain.rating) > MAXI_RATING_LIMIT:
            maxi_note = (
                f" In this Maxi-tournament player {chosen.pairing_number}, who would even "
                f"out the due colours, is rated more than {MAXI_RATING_LIMIT} points from "
                f"player {plain.pairing_number}, so player {plain.pairing_number} floats "
                "(Lim 10.2)."
            )
            chosen, repeat = plain, plain_repeat
        kind_of_chosen = kinds[chosen.pairing_number]
        letter = "dcba"[kind_of_chosen]
        where = "came into the group as a floater and " if kind_of_chosen >= 2 else ""
        has = "has a" if kind_of_chosen % 2 == 0 else "has no"
        parts = [
            f"he {where}{has} compatible opponent in the next score group (type {letter} of "
            f"Lim 10.9, 10.{3 if down else 4})"
            + ("" if kind_of_chosen == 0 else "; no player of a better type was available")
        ]
        first = (balance(chosen), rank(chosen))
        worse = [
            f"{p.pairing_number} (type {'dcba'[kinds[p.pairing_number]]})"
            for p in sorted(players, key=lambda p: (balance(p), rank(p)))
            if kinds[p.pairing_number] > kind_of_chosen and (balance(p), rank(p)) < first
        ]
        if worse:
            parts.append(
                "passed over as floaters of a worse type (Lim 10.9): "
                + ", ".join(worse[:SKIPS_SHOWN])
            )
        if repeat is not None:
            parts.append(
                f"player {repeat.pairing_number}, who came first, floated in the round "
                "before and is passed over (Lim 10.10)"
            )
        elif chosen.floated_last_round:
            parts.append(
                "he floated in the round before, but passing him over would cost a pairing "
                "or give a worse type of floater (Lim 10.10)"
            )
        if not maxi_note:
            if majority is None:
                parts.append("as many players are due white as black (Lim 10.2)")
            elif chosen.due is majority:
                parts.append(
                    f"he is due {colour_word(majority)}, like most of the group ({due_white} "
                    f"due white, {due_black} due black), so the due colours even out "
                    "(Lim 10.2)"
                )
            else:
                parts.append(
                    f"more players are due {colour_word(majority)}, but none of them may "
                    "float before him (Lim 10.2)"
                )
        end = "lowest" if down else "highest"
        parts.append(f"the {end} numbered such player (Lim 10.2, 10.{3 if down else 4})")
        text = "; ".join(parts) + "." + maxi_note
        return chosen, text

    # Lim 10.6-10.8, 9.4, 9.5, 11, 12.2: pairing the players of a group -------------------

    def pick(
        self,
        player: Entrant,
        candidates: Iterable[Entrant],
        feasible: Callable[[Entrant], bool],
        *,
        colour_possible: bool,
        maxi_rule: str = "Lim 12.7",
    ) -> Choice | None:
        """The first candidate that is compatible and keeps the group pairable, preferring
        one that lets both have their due colours (Lim 10.8, 11.1, 12.2, 12.7, 13).

        In Maxi-tournaments a colour exchange is only taken when the two opponents' ratings
        differ by 100 points or less (``maxi_rule`` names the rule: 10.8 for a floater's
        opponent, 12.7 otherwise).  In the last round an opponent keeping Lim 9.1 is
        preferred to one that needs Lim 13.
        """
        default: Entrant | None = None
        legal: Entrant | None = None
        relaxed: Entrant | None = None
        skipped: list[tuple[int, PairingNumber, str]] = []

        def skip(index: int, q: Entrant, reason: str) -> None:
            if len(skipped) <= SKIPS_SHOWN:
                skipped.append((index, q.pairing_number, reason))

        refused: list[tuple[int, PairingNumber, str]] = []

        def passed_before(chosen: int) -> tuple[tuple[PairingNumber, str], ...]:
            # Opponents refused by the Maxi limit are named even when they came later.
            return tuple(
                (pn, reason)
                for index, pn, reason in sorted({*skipped, *refused})
                if index < chosen or (index, pn, reason) in refused
            )

        positions: dict[PairingNumber, int] = {}
        for index, q in enumerate(candidates):
            if not self.compatible(player, q):
                skip(index, q, self.why_incompatible(player, q))
                continue
            fits = colour_possible and colours_fit(player, q)
            keeps_91 = not self.last_round or colours_legal(player, q)
            if not (fits or default is None or (keeps_91 and legal is None) or relaxed is None):
                if colour_possible and not fits:
                    skip(index, q, f"both due {colour_word(player.due)} (Lim 12.2)")
                continue
            if not feasible(q):
                skip(index, q, "the rest of the group could not then be paired (Lim 11.4)")
                continue
            positions[q.pairing_number] = index
            if default is None:
                default = q
            if fits and (not self.maxi or abs(q.rating - default.rating) <= MAXI_RATING_LIMIT):
                return Choice(opponent=q, fits_colours=True, skipped=passed_before(index))
            if fits:
                reason = f"rated over {MAXI_RATING_LIMIT} from the first choice ({maxi_rule})"
                skip(index, q, reason)
                refused.append((index, q.pairing_number, reason))
            elif colour_possible:
                skip(index, q, f"both due {colour_word(player.due)} (Lim 12.2)")
            if keeps_91 and legal is None:
                legal = q
            if relaxed is None:
                relaxed = q
            if not colour_possible and legal is not None:
                break
        chosen = legal or relaxed
        if chosen is None:
            return None
        return Choice(
            opponent=chosen,
            fits_colours=False,
            skipped=passed_before(positions[chosen.pairing_number]),
        )

    def pair_players(
        self,
        players: Sequence[Entrant],
        *,
        group_score: Points,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        position: Position,
        parity: Entrant | None,
    ) -> Scrutiny:
        """Pair a group's players after its transfers: floaters first, then 9.4 and 11.

        The plain procedure (each player takes the first opponent in the order of Lim 10.8
        or 11) is tried first.  If it runs into a player it cannot pair, it is run again
        taking only opponents that leave the rest of the group as pairable as it was, with
        the last exchanges of 11.3 and the floats of 11.4.  When the plain run succeeds
        the checked run would give the same pairing.  In Maxi-tournaments the checked run
        is used at once, since its first choices are the ones the 100-point limit is
        measured from.
        """
        if not self.maxi:
            plain = self._scrutinise(
                players,
                group_score=group_score,
                incoming=incoming,
                direction=direction,
                position=position,
                parity=parity,
                checked=False,
            )
            if plain is not None:
                return plain
        checked = self._scrutinise(
            players,
            group_score=group_score,
            incoming=incoming,
            direction=direction,
            position=position,
            parity=parity,
            checked=True,
        )
        if checked is None:
            raise AssertionError("the checked procedure always ends")
        return checked

    def _scrutinise(
        self,
        players: Sequence[Entrant],
        *,
        group_score: Points,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        position: Position,
        parity: Entrant | None,
        checked: bool,
    ) -> Scrutiny | None:
        """One run of the procedure; None when the plain run meets a player it cannot pair."""
        key = direction_key(direction)
        remaining = sorted(players, key=key)
        made: list[Pairing] = []
        floated: list[tuple[Entrant, str]] = []
        parity_back = False
        dues = {Colour.WHITE: 0, Colour.BLACK: 0, None: 0}
        for p in remaining:
            dues[p.due] += 1
        # The checked run keeps a maximum matching of the players left: ``achievable``
        # pairings can still be made among them, and every step keeps that many.
        matching = GroupMatching(remaining, self.compatible) if checked else None
        achievable = matching.size if matching is not None else len(remaining) // 2
        exchanged: set[tuple[PairingNumber, PairingNumber]] = set()
        rejoined: set[PairingNumber] = set()

        def rebuild() -> None:
            nonlocal matching, achievable
            matching = GroupMatching(remaining, self.compatible)
            achievable = matching.size

        def take(*gone: Entrant) -> None:
            for p in gone:
                remaining.remove(p)
                dues[p.due] -= 1

        def give(p: Entrant) -> None:
            remaining.append(p)
            remaining.sort(key=key)
            dues[p.due] += 1

        def possible(player: Entrant) -> bool:
            if player.due is None:
                return len(remaining) > 1
            return dues[player.due.opposite] + dues[None] > 0

        def checker(player: Entrant) -> Callable[[Entrant], bool]:
            if matching is None:
                return lambda q: True
            check = matching

            def feasible(q: Entrant) -> bool:
                return check.size_without([player, q], bound=achievable - 1) >= achievable - 1

            return feasible

        def stuck(player: Entrant, why: str) -> None:
            # Only the checked run gets here: the player is left unmatched by every maximum
            # matching, so his leaving costs no pairing.
            nonlocal parity_back, achievable
            assert matching is not None
            take(player)
            achievable = matching.remove([player], bound=achievable)
            if parity is not None and not parity_back:
                parity_back = True
                give(parity)
                rebuild()
                why += (
                    f"; player {parity.pairing_number}, floated to make the group even, "
                    "returns to it in his place (Lim 11.4 a)"
                )
                floated.append((player, why))
                return
            floated.append((player, why))
            if len(remaining) % 2 == 1:
                for companion in reversed(remaining):
                    if matching.size_without([companion], bound=achievable) >= achievable:
                        take(companion)
                        achievable = matching.remove([companion], bound=achievable)
                        end = "lowest" if direction is Direction.DOWN else "highest"
                        floated.append(
                            (
                                companion,
                                f"the {end} numbered player left whose departure lets the "
                                f"others be paired; he floats with player "
                                f"{player.pairing_number} to keep the group even (Lim 11.4 b)",
                            )
                        )
                        break

        def paired(first: Entrant, second: Entrant, pairing: Pairing) -> None:
            nonlocal achievable
            take(first, second)
            made.append(pairing)
            if matching is not None:
                achievable = matching.remove([first, second], bound=achievable - 1)

        for floater in floater_order(
            (p for p in remaining if p.pairing_number in incoming),
            group_score=group_score,
            position=position,
        ):
            if floater not in remaining:
                continue
            residents = [p for p in remaining if p.pairing_number not in incoming]
            others = [p for p in remaining if p.pairing_number in incoming and p is not floater]
            choice = self.pick(
                floater,
                [*residents, *others],
                checker(floater),
                colour_possible=possible(floater),
                maxi_rule="Lim 10.8",
            )
            if choice is None:
                if not checked:
                    return None
                stuck(floater, "no compatible opponent is left for him in the group (Lim 10.5)")
                continue
            paired(
                floater,
                choice.opponent,
                self._floater_pairing(floater, choice, direction, position, group_score),
            )

        while remaining:
            player = remaining[0]
            proposed = remaining[len(remaining) // 2] if len(remaining) > 1 else None
            choice = self.pick(
                player,
                scrutiny_candidates(remaining),
                checker(player),
                colour_possible=possible(player),
            )
            if choice is not None:
                paired(
                    player,
                    choice.opponent,
                    self._scrutiny_pairing(player, proposed, choice, position),
                )
                continue
            if not checked:
                return None
            exchange = (
                None
                if player.pairing_number in rejoined
                else self._exchange_with_earlier(player, remaining, made, exchanged)
            )
            if exchange is not None:
                left, released = exchange
                take(*left)
                assert matching is not None
                if released is None:
                    achievable = matching.remove(left)
                else:
                    give(released)
                    rejoined.add(released.pairing_number)
                    rebuild()
                continue
            stuck(
                player,
                "no compatible opponent can be found for him by exchanges that leave the "
                "players before him paired (Lim 11.4)",
            )
        return Scrutiny(pairings=tuple(made), floated=tuple(floated), parity_back=parity_back)

    def _exchange_with_earlier(
        self,
        player: Entrant,
        remaining: Sequence[Entrant],
        made: list[Pairing],
        exchanged: set[tuple[PairingNumber, PairingNumber]],
    ) -> tuple[tuple[Entrant, ...], Entrant | None] | None:
        """The last exchanges of the 11.3 table for a player no one left can meet: take the
        opponent of a player already scrutinised, who takes the highest numbered compatible
        player left, or else that player himself, whose opponent rejoins the group
        (Lim 11.3, 11.4).  Rewrites ``made``; returns who left the group and who rejoined
        it, or None.

        No matching check is needed: the player is unmatched in every maximum matching of
        the players left, so neither exchange lowers the number of pairings still possible.
        An exchange is made at most once for the same two players, and a player who
        rejoined the group by the second kind floats if he is left without an opponent
        again (the caller's reading of 11.4), so the search ends.
        """
        for index in range(len(made) - 1, -1, -1):
            earlier = made[index]
            holder, taken = earlier.first, earlier.second
            move = (player.pairing_number, taken.pairing_number)
            if move in exchanged or not self.compatible(player, taken):
                continue
            partner = next(
                (p for p in remaining if p is not player and self.compatible(holder, p)), None
            )
            if partner is None:
                continue
            exchanged.add(move)
            made[index] = replace(
                earlier,
                second=partner,
                rules=("Lim 11.3",),
                why=f"player {holder.pairing_number} gave up opponent "
                f"{taken.pairing_number} to player {player.pairing_number} and takes "
                f"the highest numbered player left who is compatible (Lim 11.3)",
            )
            made.append(
                Pairing(
                    first=player,
                    second=taken,
                    position=earlier.position,
                    rules=("Lim 11.3",),
                    why=f"player {player.pairing_number} had no compatible opponent "
                    f"left, so he takes player {taken.pairing_number}, opponent of "
                    f"player {holder.pairing_number} (Lim 11.3)",
                )
            )
            return (player, partner), None
        for index in range(len(made) - 1, -1, -1):
            earlier = made[index]
            holder, released = earlier.first, earlier.second
            move = (player.pairing_number, holder.pairing_number)
            if move in exchanged or not self.compatible(player, holder):
                continue
            exchanged.add(move)
            made[index] = replace(
                earlier,
                second=player,
                rules=("Lim 11.3",),
                why=f"player {player.pairing_number} had no compatible opponent left, so "
                f"he is paired with player {holder.pairing_number}, whose opponent "
                f"{released.pairing_number} rejoins the group (Lim 11.3)",
            )
            return (player,), released
        return None

    def _floater_pairing(
        self,
        floater: Entrant,
        choice: Choice,
        direction: Direction,
        position: Position,
        group_score: Points,
    ) -> Pairing:
        """A floater's pairing with its explanation (Lim 10.6-10.8)."""
        end = "highest" if direction is Direction.DOWN else "lowest"
        order_rule = "Lim 10.6" if floater.score > group_score else "Lim 10.7"
        q = choice.opponent
        if choice.fits_colours:
            how = f"the {end} numbered available player who is due the other colour"
        else:
            how = (
                f"the {end} numbered available compatible player (nobody available was due "
                "the other colour)"
            )
        why = (
            f"floater {floater.pairing_number} ({points_text(floater.score)}) was "
            f"paired first ({order_rule}) with {q.pairing_number}, {how} (Lim 10.8)"
        )
        why += skipped_text(choice)
        return Pairing(
            first=floater,
            second=q,
            position=position,
            rules=(order_rule, "Lim 10.8"),
            why=why,
        )

    def _scrutiny_pairing(
        self, player: Entrant, proposed: Entrant | None, choice: Choice, position: Position
    ) -> Pairing:
        """A scrutinised player's pairing with its explanation (Lim 9.4, 9.5, 11.1, 12.2)."""
        q = choice.opponent
        if proposed is q:
            why = f"proposed pairing {player.pairing_number} v {q.pairing_number} (Lim 9.4)"
            rules: tuple[str, ...] = ("Lim 9.4",)
        else:
            why = (
                f"proposed opponent of {player.pairing_number} was "
                f"{proposed.pairing_number if proposed else '-'} (Lim 9.4); exchanged for "
                f"{q.pairing_number}, the first in the order of Lim 11.1-11.2 "
            )
            if choice.fits_colours:
                why += "who is compatible and lets both have their due colours (Lim 12.2)"
                rules = ("Lim 9.5", "Lim 11.1", "Lim 12.2")
            else:
                why += "who is compatible (Lim 9.5)"
                rules = ("Lim 9.5", "Lim 11.1")
        why += skipped_text(choice)
        return Pairing(first=player, second=q, position=position, rules=rules, why=why)

    # Pairing one score group ------------------------------------------------------------

    def pair_group(
        self,
        group: ScoreGroup,
        arriving: Sequence[Entrant],
        *,
        direction: Direction,
        adjacent: Sequence[Entrant],
        adjacent_floaters: Sequence[Entrant],
    ) -> GroupResult:
        """Pair one score group above or below the median (Lim 9.3-9.5, 10, 11)."""
        members = sorted([*group.players, *arriving], key=lambda p: p.pairing_number)
        incoming = frozenset(p.pairing_number for p in arriving)
        notes = [self._group_note(group, arriving, direction)]
        transferred = [
            p for p in members if not any(self.compatible(p, q) for q in members if q is not p)
        ]
        go = "down" if direction is Direction.DOWN else "up"
        for p in transferred:
            reason = self.transfer_reason(p, members)
            type_note = " and floats on (Lim 10.5)" if p.pairing_number in incoming else ""
            notes.append(
                Explanation(
                    rule="Lim 9.3",
                    text=f"Player {p.pairing_number} {reason}: he floats {go} to the next "
                    f"score group{type_note}.",
                    players=(p.pairing_number,),
                )
            )
        players = [p for p in members if p not in transferred]
        parity: Entrant | None = None
        if len(players) % 2:
            parity, why = self.choose_parity_floater(
                players,
                incoming=incoming,
                direction=direction,
                ahead=transferred,
                adjacent=adjacent,
                adjacent_floaters=adjacent_floaters,
            )
            notes.append(
                Explanation(
                    rule="Lim 9.3 d, 10.2",
                    text=f"The group has an odd number of players; player "
                    f"{parity.pairing_number} floats {go} to make it even: {why}",
                    players=(parity.pairing_number,),
                )
            )
            players = [p for p in players if p is not parity]
        scrutiny = self.pair_players(
            players,
            group_score=group.score,
            incoming=incoming,
            direction=direction,
            position=group.position,
            parity=parity,
        )
        for p, why in scrutiny.floated:
            notes.append(
                Explanation(
                    rule="Lim 11.4",
                    text=f"Player {p.pairing_number} floats {go}: {why}.",
                    players=(p.pairing_number,),
                )
            )
        out = [*transferred, *(p for p, _ in scrutiny.floated)]
        if parity is not None and not scrutiny.parity_back:
            out.append(parity)
        return GroupResult(pairings=scrutiny.pairings, floaters=tuple(out), notes=tuple(notes))

    def _group_note(
        self, group: ScoreGroup, arriving: Sequence[Entrant], direction: Direction
    ) -> Explanation:
        """Say which group is paired, with whom, in which direction (Lim 9.2)."""
        text = (
            f"Score group {points_text(group.score)} ({group.position.value}): "
            f"players {numbers(group.players)}"
        )
        if arriving:
            text += f", with floaters {numbers(sorted(arriving, key=lambda p: p.pairing_number))}"
        text += f"; paired {direction.value} (Lim 9.2)."
        return Explanation(
            rule="Lim 9.2",
            text=text,
            players=tuple(p.pairing_number for p in [*group.players, *arriving]),
        )

    # Lim 9.6: the median group ------------------------------------------------------------

    def pair_median(
        self,
        group: ScoreGroup,
        down: Sequence[Entrant],
        up: Sequence[Entrant],
        upper: list[Pairing],
        lower: list[Pairing],
    ) -> tuple[list[Pairing], list[Explanation]]:
        """Pair the median group last, downward, cracking pairings while it is blocked
        (Lim 9.2, 9.6).  ``upper`` and ``lower`` lose the pairings that are cracked.

        :raises NoValidPairing: even with every pairing cracked nothing pairs.
        """
        members = [*group.players, *down, *up]
        notes: list[Explanation] = []
        while not self.can_pair(members, len(members) // 2):
            from_above = sum(1 for p in members if p.score > group.score)
            from_below = sum(1 for p in members if p.score < group.score)
            if (from_above > from_below and lower) or not upper:
                if not lower:
                    raise NoValidPairing(f"round {self.round_number}: no pairing keeps Lim 9.1")
                cracked, side = lower.pop(), "lower"
            else:
                cracked, side = upper.pop(), "higher"
            members.extend((cracked.first, cracked.second))
            rule_case = "more" if side == "lower" else "not more"
            notes.append(
                Explanation(
                    rule="Lim 9.6",
                    text=f"The median score group cannot be paired. Floaters from higher "
                    f"groups: {from_above}, from lower groups: {from_below} ({rule_case} from "
                    f"above), so the next pairing of the {side} score groups, "
                    f"{cracked.first.pairing_number} v {cracked.second.pairing_number}, is "
                    f"cracked and both join the median group as floaters.",
                    players=(cracked.first.pairing_number, cracked.second.pairing_number),
                )
            )
        residents = {p.pairing_number for p in group.players}
        arriving = [p for p in members if p.pairing_number not in residents]
        incoming = frozenset(p.pairing_number for p in arriving)
        head = self._group_note(
            group, sorted(arriving, key=lambda p: p.pairing_number), Direction.DOWN
        )
        scrutiny = self.pair_players(
            members,
            group_score=group.score,
            incoming=incoming,
            direction=Direction.DOWN,
            position=Position.MEDIAN,
            parity=None,
        )
        return list(scrutiny.pairings), [head, *notes]

    # Lim 12: colours ----------------------------------------------------------------------

    def allocate(
        self, pairing: Pairing, *, colourless: Mapping[PairingNumber, Colour]
    ) -> tuple[Entrant, Entrant, str, str]:
        """White, black, the rule that decided and why (Lim 12.1-12.6, 13).

        ``colourless`` gives the higher player's colour for pairings where neither player
        has played yet (round 1 alternation).
        """
        a, b = pairing.first, pairing.second
        higher, lower = (a, b) if rank_key(a) < rank_key(b) else (b, a)
        options = [
            (w, k)
            for w, k in ((higher, lower), (lower, higher))
            if w.permitted & _WHITE and k.permitted & _BLACK
        ]
        if len(options) == 1:
            white, black = options[0]
            bound = white if white.permitted == _WHITE else black
            repeated = len(bound.colours) >= 2 and bound.colours[-1] is bound.colours[-2]
            return (
                white,
                black,
                "Lim 12.3" if repeated else "Lim 12.1",
                f"player {bound.pairing_number} may not have the other colour by Lim 9.1",
            )
        thirteen = "" if options else "; Lim 13 allows this in the last round"
        if higher.due is None and lower.due is None:
            colour = colourless[higher.pairing_number]
            white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
            return (
                white,
                black,
                "Lim 12.1",
                f"neither has a colour yet; colours alternate from board to board, the top "
                f"seed's colour drawn or set for round 1{thirteen}",
            )
        even = self.round_number % 2 == 0
        due_rule = "Lim 12.6" if even else "Lim 12.5"
        if colours_fit(higher, lower):
            if higher.due is not None:
                white, black = (higher, lower) if higher.due is Colour.WHITE else (lower, higher)
            else:
                white, black = (lower, higher) if lower.due is Colour.WHITE else (higher, lower)
            return white, black, due_rule, "each has his due colour" + thirteen
        due = higher.due
        if higher.absolute != lower.absolute:
            bound = higher if higher.absolute else lower
            other = lower if bound is higher else higher
            white, black = (bound, other) if due is Colour.WHITE else (other, bound)
            return (
                white,
                black,
                "Lim 12.3",
                f"both are due {colour_word(due)}; player {bound.pairing_number} must have it"
                + thirteen,
            )
        equalising = bool(higher.colours and lower.colours) and all(
            sum(1 if c is Colour.WHITE else -1 for c in p.colours) for p in (higher, lower)
        )
        history_rule = "Lim 12.6" if equalising else "Lim 12.4"
        for mine, theirs in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
            if mine is not theirs:
                white, black = (lower, higher) if mine is Colour.WHITE else (higher, lower)
                return (
                    white,
                    black,
                    history_rule,
                    f"both are due {colour_word(due)}; going back through their colours, the "
                    f"latest round in which they differed decides{thirteen}",
                )
        favoured = lower if pairing.position is Position.BELOW else higher
        other = higher if favoured is lower else lower
        white, black = (favoured, other) if due is Colour.WHITE else (other, favoured)
        which = "lower" if favoured is lower else "higher"
        where = "below" if pairing.position is Position.BELOW else "in or above"
        return (
            white,
            black,
            "Lim 12.4",
            f"both are due {colour_word(due)} with identical histories; {where} the median "
            f"group the {which} ranked player, {favoured.pairing_number}, has it{thirteen}",
        )


def rank_key(player: Entrant) -> tuple[int, int]:
    """Higher ranked first: higher score, then higher numbered (smaller numeral)."""
    return (-player.score, player.pairing_number)


def colour_word(colour: Colour | None) -> str:
    """``white`` or ``black``."""
    return colour.name.lower() if colour is not None else "no colour"


def floats_text(a: Entrant, b: Entrant, *, median_twice: int) -> str:
    """Who of two paired players floated, in words (Lim 10.1).

    A floater was transferred to another score group: with different scores, the player
    above the median whose opponent is lower floated down, the player below it whose
    opponent is higher floated up; the opponent he met in the opponent's own group, and
    a median player, did not float.
    """
    if a.score == b.score:
        return ""
    high, low = (a, b) if a.score > b.score else (b, a)
    parts = []
    if 2 * high.score > median_twice:
        parts.append(f"player {high.pairing_number} floats down")
    if 2 * low.score < median_twice:
        parts.append(f"player {low.pairing_number} floats up")
    return " " + ", ".join(parts).capitalize() + " (Lim 10.1)." if parts else ""


def rule_list(rules: Iterable[str]) -> str:
    """Rule references as one: ("Lim 9.4", "Lim 12.5") is "Lim 9.4, 12.5"."""
    numbers = list(dict.fromkeys(r.removeprefix("Lim ") for r in rules))
    return "Lim " + ", ".join(numbers)


def skipped_text(choice: Choice) -> str:
    """The candidates passed over, in words."""
    if not choice.skipped:
        return ""
    shown = choice.skipped[:SKIPS_SHOWN]
    text = "; passed over: " + ", ".join(f"{pn} ({reason})" for pn, reason in shown)
    if len(choice.skipped) > SKIPS_SHOWN:
        text += " and others"
    return text


# --- The entry points ---------------------------------------------------------------


def pair_lim(state: TournamentState, *, seed: int, maxi: bool = False) -> RoundPairing:
    """Pair the next round by the Lim system (Lim 7-13); ``maxi`` turns on the
    Maxi-tournament limits of Lim 10.2, 10.8 and 12.7.

    Boards are numbered by the higher score of the two players, then the sum of their
    scores, then the pairing number of the higher player.

    :raises NoValidPairing: no pairing keeps Lim 8.2 and 9.1 (9.1 as relaxed by Lim 13).
    """
    rng = random.Random(seed)
    drawn = rng.choice((Colour.WHITE, Colour.BLACK))
    initial = state.initial_colour or drawn
    pairer = LimPairer(state, maxi=maxi)
    players = entrants(state)
    explanation: list[Explanation] = []
    if pairer.last_round:
        explanation.append(
            Explanation(
                rule="Lim 13",
                text="Last round: players with the same score who have not met are "
                "compatible whatever their colours; colours follow Lim 12 where they can.",
            )
        )
    bye, bye_note = pairer.choose_bye(players)
    if bye_note is not None:
        explanation.append(bye_note)
    field = [p for p in players if p is not bye]
    above, median, below = score_groups(
        field, rounds_played=state.rounds_completed, win=state.points.win
    )
    upper: list[Pairing] = []
    carry: list[Entrant] = []
    for index, group in enumerate(above):
        adjacent = above[index + 1].players if index + 1 < len(above) else median.players
        result = pairer.pair_group(
            group, carry, direction=Direction.DOWN, adjacent=adjacent, adjacent_floaters=()
        )
        explanation.extend(result.notes)
        upper.extend(result.pairings)
        carry = list(result.floaters)
    down = carry
    lower: list[Pairing] = []
    carry = []
    for index, group in enumerate(below):
        last = index + 1 == len(below)
        adjacent = median.players if last else below[index + 1].players
        result = pairer.pair_group(
            group,
            carry,
            direction=Direction.UP,
            adjacent=adjacent,
            adjacent_floaters=down if last else (),
        )
        explanation.extend(result.notes)
        lower.extend(result.pairings)
        carry = list(result.floaters)
    middle, notes = pairer.pair_median(median, down, carry, upper, lower)
    explanation.extend(notes)
    pairings = [*upper, *lower, *middle]
    if state.initial_colour is None and any(
        p.first.due is None and p.second.due is None for p in pairings
    ):
        explanation.append(
            Explanation(
                rule="Lim 12.1",
                text=f"Colour of the top seed drawn by lot: {colour_word(initial)}.",
            )
        )
    colourless: dict[PairingNumber, Colour] = {}
    blank = sorted(
        (p for p in pairings if p.first.due is None and p.second.due is None),
        key=lambda p: min(p.first.pairing_number, p.second.pairing_number),
    )
    for index, pairing in enumerate(blank):
        higher = min(pairing.first, pairing.second, key=rank_key)
        colourless[higher.pairing_number] = initial if index % 2 == 0 else initial.opposite
    decided = []
    for pairing in pairings:
        white, black, rule, why = pairer.allocate(pairing, colourless=colourless)
        scores = (pairing.first.score, pairing.second.score)
        higher = min(pairing.first, pairing.second, key=rank_key)
        key = (-max(scores), -sum(scores), higher.pairing_number)
        decided.append((key, white, black, rule, why, pairing))
    decided.sort(key=lambda item: item[0])
    boards = []
    for number, (_, white, black, rule, why, pairing) in enumerate(decided, start=1):
        boards.append(Board(number=number, white=white.pairing_number, black=black.pairing_number))
        float_text = floats_text(
            white, black, median_twice=state.rounds_completed * state.points.win
        )
        explanation.append(
            Explanation(
                rule=rule_list((*pairing.rules, rule)),
                text=f"Board {number}: {white.pairing_number} (white) v "
                f"{black.pairing_number} (black): {pairing.why}. Colours: {why} ({rule})."
                + float_text,
                players=(white.pairing_number, black.pairing_number),
            )
        )
    requests = sorted(state.requests, key=lambda r: r.pairing_number)
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=bye.pairing_number if bye is not None else None,
        not_paired=tuple(requests),
        explanation=tuple(explanation),
    )


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the Lim system (Lim 7-13); the system's registered entry point.

    The Maxi-tournament limits apply when the event's options say so
    (:attr:`PairingOptions.lim_maxi`).

    :raises NoValidPairing: no pairing keeps Lim 8.2 and 9.1.
    """
    return pair_lim(state, seed=seed, maxi=state.options.lim_maxi)
