"""Team standings of clubs or schools: each team's best N players' scores (#24).

A team is the players of one club (the field holds the school at an ESCA event); a
player without a club is in no team.  Two ways to count, the event's choice:

- ``total``: the team scores the sum of its N best players' totals;
- ``round``: every round the team scores the sum of its N best results of that round,
  and the rounds add up (a schools congress's reading: a team's strength is the players
  it brings to each round).

Ties: our reading, for want of a rule text, is the one arbiters use for club tables:
first the next player's score (the (N+1)-th best total, 0 without one), then the sum of
every member's total; teams level on all three share the place.  Players level on
points inside a team are taken in the order of the individual standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True, kw_only=True)
class Member:
    """A team's player as the team standings need them."""

    name: str
    place: int
    """The player's place in the individual standings (the order among equals)."""
    total: Fraction
    by_round: tuple[Fraction, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamLine:
    """One team's line."""

    rank: int
    tied: bool
    """Level with the line above on points and on both tie-breaks: same place."""
    team: str
    points: Fraction
    counted: tuple[Member, ...]
    """The players whose totals count (``total``), best first; all members for ``round``."""
    reserve: Fraction
    total: Fraction
    members: int


def team_standings(
    members: Mapping[str, Sequence[Member]], *, size: int, per_round: bool
) -> list[TeamLine]:
    """Every team ranked (see the module docstring)."""
    rows = []
    for team, players in members.items():
        ordered = sorted(players, key=lambda m: (-m.total, m.place))
        if per_round:
            rounds = max((len(m.by_round) for m in ordered), default=0)
            points = sum(
                (
                    sum(sorted((m.by_round[r] for m in ordered), reverse=True)[:size], Fraction(0))
                    for r in range(rounds)
                ),
                Fraction(0),
            )
            counted = tuple(ordered)
        else:
            counted = tuple(ordered[:size])
            points = sum((m.total for m in counted), Fraction(0))
        reserve = ordered[size].total if len(ordered) > size else Fraction(0)
        total = sum((m.total for m in ordered), Fraction(0))
        rows.append((points, reserve, total, team, counted, len(ordered)))
    rows.sort(key=lambda r: (-r[0], -r[1], -r[2], r[3].casefold()))
    lines: list[TeamLine] = []
    previous: tuple[Fraction, Fraction, Fraction] | None = None
    for index, (points, reserve, total, team, counted, count) in enumerate(rows, start=1):
        key = (points, reserve, total)
        tied = key == previous
        lines.append(
            TeamLine(
                rank=lines[-1].rank if tied else index,
                tied=tied,
                team=team,
                points=points,
                counted=counted,
                reserve=reserve,
                total=total,
                members=count,
            )
        )
        previous = key
    return lines
