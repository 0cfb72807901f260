"""FIDE Lim system (FIDE Handbook C.04.2, General Pairing Rules 7-13): pairing a round.

The bye first (Lim 8), then the score groups in the order of Lim 9.2: from the top down
to the median, from the bottom up to it, the median group last, cracking pairings when
it is blocked (Lim 9.6); then colours (Lim 12) and boards.  ``pair`` is the system's
entry point; ``pair_lim`` takes the Maxi-tournament option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Value, words
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    RoundPairing,
    TournamentState,
)
from pairing.engine.systems.lim.bye import ByeChoice
from pairing.engine.systems.lim.colours import ColourAllocation, colourless_colours, rank_key
from pairing.engine.systems.lim.exchanges import Exchanges
from pairing.engine.systems.lim.explanation import colour_word, numbers, points_text, rule_list
from pairing.engine.systems.lim.floaters import FloaterChoice, floats_text
from pairing.engine.systems.lim.groups import Direction, Pairing, Position, ScoreGroup, score_groups
from pairing.engine.systems.lim.options import MAXI
from pairing.engine.systems.lim.players import Entrant, entrants


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupResult:
    """A score group paired: its pairings, the floaters it passes on, the explanation."""

    pairings: tuple[Pairing, ...]
    floaters: tuple[Entrant, ...]
    notes: tuple[Explanation, ...]


class LimPairer(ByeChoice, FloaterChoice, Exchanges, ColourAllocation):
    """Pairs one round by Lim 8-13: each score group, and the median group last.

    The steps come from one class per rule (the bye, the floaters, the exchanges, the
    colours), all over the round's :class:`Compatibility`.
    """

    def pair_group(
        self,
        group: ScoreGroup,
        arriving: Sequence[Entrant],
        *,
        direction: Direction,
        adjacent: Sequence[Entrant],
        adjacent_floaters: Sequence[Entrant],
    ) -> GroupResult:
        """Pair one score group above or below the median (Lim 9.3-9.5, 10, 11).

        Our reading of Lim 9.3: the players with no compatible opponent in the group leave
        it first (a-c); if the rest is odd, one more floats to make it even (Lim 9.3 d).
        Then the floaters who came in are paired first (Lim 10.6, Lim 10.7) and the
        others by Lim 9.4.
        """
        members = sorted([*group.players, *arriving], key=lambda p: p.pairing_number)
        incoming = frozenset(p.pairing_number for p in arriving)
        notes = [self._group_note(group, arriving, direction)]
        transferred = [
            p for p in members if not any(self.compatible(p, q) for q in members if q is not p)
        ]
        go = words("explain.lim.down" if direction is Direction.DOWN else "explain.lim.up")
        for p in transferred:
            reason = self.transfer_reason(p, members)
            on = p.pairing_number in incoming
            notes.append(
                Explanation(
                    rule="Lim 9.3",
                    words=words(
                        "explain.lim.transferred_on" if on else "explain.lim.transferred",
                        player=p.pairing_number,
                        reason=reason,
                        go=go,
                    ),
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
                    words=words("explain.lim.parity", player=parity.pairing_number, go=go, why=why),
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
                    words=words("explain.lim.floats", player=p.pairing_number, go=go, why=why),
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
        values: dict[str, Value] = {
            "points": points_text(group.score),
            "position": words(f"explain.lim.{group.position.name.lower()}"),
            "players": numbers(group.players),
            "direction": words(f"explain.lim.{direction.name.lower()}ward"),
        }
        if arriving:
            floaters = numbers(sorted(arriving, key=lambda p: p.pairing_number))
            text = words("explain.lim.group_floaters", **values, floaters=floaters)
        else:
            text = words("explain.lim.group", **values)
        return Explanation(
            rule="Lim 9.2",
            words=text,
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

        Our reading of Lim 9.6: on each side of the median the pairing cracked is the one
        made last there, so pairings are cracked in the reverse order of making, nearest
        the median first; when one side has nothing left to crack, the other is cracked.

        :raises NoValidPairing: even with every pairing cracked nothing pairs.
        """
        members = [*group.players, *down, *up]
        notes: list[Explanation] = []
        while not self.can_pair(members, len(members) // 2):
            from_above = sum(1 for p in members if p.score > group.score)
            from_below = sum(1 for p in members if p.score < group.score)
            if (from_above > from_below and lower) or not upper:
                if not lower:
                    raise NoValidPairing(words("pairing.lim_round", round=self.round_number))
                cracked, side = lower.pop(), "lower"
            else:
                cracked, side = upper.pop(), "higher"
            members.extend((cracked.first, cracked.second))
            notes.append(
                Explanation(
                    rule="Lim 9.6",
                    words=words(
                        f"explain.lim.crack_{side}",
                        above=from_above,
                        below=from_below,
                        first=cracked.first.pairing_number,
                        second=cracked.second.pairing_number,
                    ),
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
    scores, then the pairing number of the higher player (the rules leave the order
    open).  The bye and the score groups are settled before any colour is given.

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
                words=words("explain.lim.last_round"),
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
                words=words("explain.lim.top_seed_lot", colour=colour_word(initial)),
            )
        )
    colourless = colourless_colours(pairings, initial)
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
                words=words(
                    "explain.lim.board_floats" if float_text is not None else "explain.lim.board",
                    board=number,
                    white=white.pairing_number,
                    black=black.pairing_number,
                    why=pairing.why,
                    colours=why,
                    rule=rule,
                    **({"floats": float_text} if float_text is not None else {}),
                ),
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
    (:data:`~pairing.engine.systems.lim.options.MAXI`).

    :raises NoValidPairing: no pairing keeps Lim 8.2 and 9.1.
    """
    return pair_lim(state, seed=seed, maxi=state.options.value(MAXI))
