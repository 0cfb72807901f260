"""Lim 7: pairing numbers, the initial order of the players.

Lim 7 counts No. 1 as the highest pairing number, so throughout this package a "higher
numbered" player is a better ranked one, with the *smaller* numeral.  The
``pairing_number`` field always holds the numeral; each docstring says which end it means.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from pairing.engine.model import PairingNumber, Player


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
