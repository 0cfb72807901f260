"""Lim 9.2: score groups, the median group and the order of pairing."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.messages import Value
from pairing.engine.model import Points
from pairing.engine.systems.lim.players import Entrant


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

    Our reading of Lim 9.2: the median score is half a win for every round played.  When
    no player has it, the median group exists all the same, empty: the floaters from
    above and from below meet there and are paired last.
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


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """Two players paired, the group position it was made in, and why (for explanations)."""

    first: Entrant
    """The player whose opponent was being sought: the floater or the one scrutinised."""
    second: Entrant
    position: Position
    rules: tuple[str, ...]
    why: Value
