"""Prizes and categories (#24, #35): who wins what by the prize table
(``prize_table.py``: groups, their conditions and their prizes).

Our reading of "one prize per player, the higher prize taken", as arbiters apply it:
the prizes are handed out from the largest down (of equal worth, the table's order),
each to the best player in the standings who may have it and has none yet.  A prize in
kind (a trophy, a book) is a prize: its winner wins nothing else.  Then players who
share points within a group share its money, as the event says:

- ``none``: the tie-breaks decide, nobody shares;
- ``split``: players level on points share the money of the places they take together
  equally (a place beyond the group's prizes brings nothing);
- ``hort``: the Hort system: each keeps half the prize of their place by tie-breaks,
  and the other halves are shared equally.

A prize in kind cannot be cut: in a tie it goes by the tie-breaks, and its winner takes
no share of the tie's money, which the others share.

A player who won no prize but is level with winners shares their money in one group
only, so that no one is paid by two groups: the groups are taken in the order their
prizes are handed out (the group of the largest prize first), and the player shares in
the first whose tie reaches them.

Money is counted in whole cents, so that the shares of a prize add up to the prize
exactly (``shares``): 50.00 shared by three is 16.67, 16.67 and 16.66.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from swissweb.tournament.standings.prize_table import (
    MAX_AMOUNT,
    Group,
    Prize,
    read_table,
    validate_groups,
    validate_table,
)

__all__ = [
    "MAX_AMOUNT",
    "Award",
    "Contender",
    "Group",
    "Prize",
    "money",
    "prize_list",
    "read_table",
    "shares",
    "validate_groups",
    "validate_table",
]


@dataclass(frozen=True, slots=True)
class Contender:
    """A player of the final standings, as prizes see them."""

    key: int
    name: str
    place: int
    number: int
    """The pairing number (custom groups name their players by it)."""
    points: Fraction
    rating: int
    birth_year: int | None
    sex: str
    club: str
    federation: str = ""


@dataclass(frozen=True, slots=True)
class Award:
    """A prize won: the group, the place in it, and the money after sharing (or the
    prize in kind)."""

    player: Contender
    group: str
    place: int
    cents: int
    shared_with: int
    """How many players shared the money of this player's tie (1: nobody)."""
    item: str = ""
    """The prize in kind won ("Trophy"); empty for money."""


def prize_list(groups: Sequence[Group], players: Sequence[Contender], sharing: str) -> list[Award]:
    """Who wins what (see the module docstring), in the order of the prize table."""
    slots = sorted(
        (
            (prize.worth, index, place)
            for index, g in enumerate(groups)
            for place, prize in enumerate(g.prizes, start=1)
        ),
        key=lambda slot: (-slot[0], slot[1], slot[2]),
    )
    ranked = sorted(players, key=lambda p: p.place)
    taken: dict[int, tuple[int, int]] = {}
    for _worth, index, place in slots:
        group = groups[index]
        winner = next((p for p in ranked if p.key not in taken and group.admits(p)), None)
        if winner is not None:
            taken[winner.key] = (index, place)
    # The groups in the order their prizes are handed out: the largest prize first.
    order = sorted(
        range(len(groups)),
        key=lambda i: (-max((prize.worth for prize in groups[i].prizes), default=0), i),
    )
    sharing_elsewhere: set[int] = set()
    by_group: dict[int, list[Award]] = {}
    for index in order:
        by_group[index] = _shared(groups[index], ranked, taken, index, sharing, sharing_elsewhere)
        sharing_elsewhere.update(a.player.key for a in by_group[index] if a.player.key not in taken)
    return [award for index in range(len(groups)) for award in by_group[index]]


def _shared(
    group: Group,
    ranked: list[Contender],
    taken: dict[int, tuple[int, int]],
    index: int,
    sharing: str,
    sharing_elsewhere: set[int],
) -> list[Award]:
    """The group's awards, its money shared among players level on points as
    ``sharing`` says.

    The players in line for the group are its winners and, below them, the players it
    admits who won nothing and share in no other group (``sharing_elsewhere``): a tie
    that reaches past the group's last prize shares with them (their places bring
    nothing)."""
    line = [
        p
        for p in ranked
        if taken.get(p.key, (index, 0))[0] == index
        and p.key not in sharing_elsewhere
        and group.admits(p)
    ]
    if not any(p.key in taken for p in line):
        return []
    result: list[Award] = []
    position = 0
    while position < len(line):
        tie = [p for p in line[position:] if p.points == line[position].points]
        position += len(tie)
        won = {p.key: group.prizes[taken[p.key][1] - 1] for p in tie if p.key in taken}
        sharers: list[Contender] = []
        for player in tie:
            prize = won.get(player.key)
            if prize is not None and prize.item:
                result.append(Award(player, group.name, taken[player.key][1], 0, 1, prize.item))
            else:
                sharers.append(player)
        own = [won[p.key].cents if p.key in won else 0 for p in sharers]
        if sum(own) == 0:
            continue
        counted = len(sharers) if sharing != "none" else 1
        for player, cents in zip(sharers, shares(own, sharing), strict=True):
            if cents > 0:
                place = taken[player.key][1] if player.key in taken else 0
                result.append(Award(player, group.name, place, cents, counted))
    return result


def shares(own: Sequence[int], sharing: str) -> list[int]:
    """What each player of a tie gets, in cents, from the cents ``own`` of the places
    they take (best placed by tie-breaks first), as ``sharing`` says.

    The shares add up to the prizes exactly.  Our rule for the cents that do not divide:
    a sum of cents shared by n players gives each the same whole cents, and the cents
    left over, fewer than n, go one each to the best placed by tie-breaks (50.00 by
    three: 16.67, 16.67, 16.66).  The Hort system keeps each player's half of their own
    prize in whole cents (an odd cent joins the shared halves), then shares the rest so.
    """
    if sharing == "split":
        return _equal(sum(own), len(own))
    if sharing == "hort":
        kept = [cents // 2 for cents in own]
        pooled = _equal(sum(own) - sum(kept), len(own))
        return [k + p for k, p in zip(kept, pooled, strict=True)]
    return list(own)


def _equal(total: int, count: int) -> list[int]:
    """``total`` cents in ``count`` shares, the odd cents to the first (see ``shares``)."""
    each, left = divmod(total, count)
    return [each + 1 if i < left else each for i in range(count)]


def money(cents: int) -> str:
    """An amount in cents written with its two decimals: 1667 -> ``16.67``."""
    return f"{cents // 100}.{cents % 100:02d}"
