"""The direct encounter: Dutch F10's games among the players tied for first (DE1), and
FIDE C.07 Article 6's places within a tied group (DE)."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.model import PairingNumber

from .context import TieBreakContext
from .editions import _PLAYED


def direct_encounter(
    context: TieBreakContext, number: PairingNumber, group: frozenset[PairingNumber]
) -> Fraction:
    """The points the player scored in games played against the other players of ``group``.

    Dutch F10 (DE1): "the best result in games played against each other".  Forfeits are
    not games played (FIDE C.04.2 3.5).  The value is not re-applied to a sub-group that is
    still tied, as Dutch F10 does not say so; FIDE's DE is :func:`direct_encounter_places`.
    """
    system = context.state.points
    return Fraction(
        sum(
            system.points_for(r.outcome)
            for r in context.players[number].history
            if r.outcome in _PLAYED and r.opponent in group and r.opponent != number
        ),
        2,
    )


def direct_encounter_places(
    context: TieBreakContext, group: frozenset[PairingNumber]
) -> dict[PairingNumber, int]:
    """The place of each player of a tied group by C.07 Article 6 (2024 and 2026 texts
    alike): 1 is the best, players it leaves tied share a place, and every player gets 0
    when it does not separate the group at all.

    6.1: the points each scored in the games among them make a separate table; a forfeit
    is not a game (6.1.1, the tournament's regulations saying nothing else), and the
    games of two players who met more than once count their average (6.1.2).  6.2: when
    every one of them met every other, the table ranks them.  6.3: when not, a player is
    placed first only if no result of the games not played could reach him: his points
    beat every other's points plus a win for each of that player's missing games; the
    next place likewise, and so on.  Article 6 is then applied again to each set of
    players still tied, with the games among them only, until it separates no more.
    """
    win = Fraction(context.state.points.win, 2)
    scored: dict[PairingNumber, dict[PairingNumber, list[Fraction]]] = {n: {} for n in group}
    for number in group:
        for record in context.players[number].history:
            if record.outcome in _PLAYED and record.opponent in group and record.opponent != number:
                games = scored[number].setdefault(record.opponent, [])
                games.append(Fraction(context.state.points.points_for(record.outcome), 2))

    def tiers(members: list[PairingNumber]) -> list[list[PairingNumber]]:
        inside = set(members)
        table: dict[PairingNumber, Fraction] = {}
        missing: dict[PairingNumber, int] = {}
        for n in members:
            met = {o: g for o, g in scored[n].items() if o in inside}
            table[n] = sum((sum(g, Fraction(0)) / len(g) for g in met.values()), Fraction(0))
            missing[n] = len(members) - 1 - len(met)
        ordered = sorted(members, key=lambda n: (-table[n], n))
        found: list[list[PairingNumber]] = []
        if not any(missing.values()):  # 6.2
            for n in ordered:
                if found and table[found[-1][0]] == table[n]:
                    found[-1].append(n)
                else:
                    found.append([n])
        else:  # 6.3
            rest = ordered
            while len(rest) > 1 and all(
                table[rest[0]] > table[o] + missing[o] * win for o in rest[1:]
            ):
                found.append([rest[0]])
                rest = rest[1:]
            found.append(rest)
        if len(found) == 1:
            return found
        return [tier for part in found for tier in (tiers(part) if len(part) > 1 else [part])]

    result = tiers(sorted(group))
    places = dict.fromkeys(group, 0)
    if len(result) > 1:
        place = 1
        for tier in result:
            for n in tier:
                places[n] = place
            place += len(tier)
    return places
