"""FIDE Lim system: Handbook C.04.2, B "General Pairing Rules", rules 7-13.

The text in ``shared/rules/fide-lim.txt`` is the definition.  This module pairs a round
score group by score group in the order of Lim 9.2, transfers floaters by Lim 9.3 and
10, makes the proposed pairings of Lim 9.4 and the exchanges of Lim 9.5 and 11, cracks
pairings around a blocked median score group by Lim 9.6, gives colours by Lim 12 and
applies the last-round exception of Lim 13.  ``pair`` is the system's entry point;
``pair_lim`` takes the Maxi-tournament option; ``initial_order`` gives pairing numbers
by Lim 7 for the web app.

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

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.errors import NoValidPairing
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    PairingNumber,
    RoundPairing,
    TournamentState,
)
from pairing.engine.systems.lim.bye import ByeChoice
from pairing.engine.systems.lim.colours import ColourAllocation, rank_key
from pairing.engine.systems.lim.exchanges import Exchanges
from pairing.engine.systems.lim.explanation import colour_word, numbers, points_text, rule_list
from pairing.engine.systems.lim.floaters import FloaterChoice, floats_text
from pairing.engine.systems.lim.groups import Direction, Pairing, Position, ScoreGroup, score_groups
from pairing.engine.systems.lim.players import Entrant, entrants


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupResult:
    """A score group paired: its pairings, the floaters it passes on, the explanation."""

    pairings: tuple[Pairing, ...]
    floaters: tuple[Entrant, ...]
    notes: tuple[Explanation, ...]


class LimPairer(ByeChoice, FloaterChoice, Exchanges, ColourAllocation):
    """Pairs one round by Lim 8-13; holds the round's compatibility rules."""

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
