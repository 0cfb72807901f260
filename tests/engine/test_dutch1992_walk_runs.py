"""1992 Dutch: a level's exchanges walked by runs, passed over by the players they move.

``LevelExchanges._walk`` reads a level's exchanges past :data:`entering.PATIENCE` in runs
of D2 order with the same players leaving S1 and the same sum entering it
(:func:`exchanges.exchange_runs`), passing over whole runs by the players entering
(:class:`EnteringSets`) and by those leaving (:meth:`ExchangeDeficits.leaving_over`)
before an exchange's own tests.  Held here to D2's order, to the bounds of every
exchange, and to the survivors read one exchange at a time from the listing.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import entering
from pairing.engine.systems.dutch1992.bitsets import _positions
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entering import top_pair
from pairing.engine.systems.dutch1992.entering_sets import EnteringSets
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchange_tests import ExchangeTests
from pairing.engine.systems.dutch1992.exchanges import exchange_order, exchange_runs
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept import kept_covers_of
from pairing.engine.systems.dutch1992.level_exchanges import Division
from pairing.engine.systems.dutch1992.levels import LevelSearch

from .test_dutch1992 import entrant
from .test_dutch1992_bitsets import RULES, _symmetric
from .test_dutch1992_entering import _lowest_bracket


def test_dutch_d2_runs_read_in_turn_are_the_order_of_exchanges() -> None:
    """Dutch D2: the runs, each exchange of each read in turn, are :func:`exchange_order`;
    each starts at the index of its first exchange, moves as many players each way, and
    its players entering have its sum, one tuple for each count and sum."""
    for n in range(2, 25):
        for p in range(1, n // 2 + 1):
            runs = list(exchange_runs(n, p))
            read = [(out, into) for _, out, _, group in runs for into in group]
            assert read == list(exchange_order(n, p))
            groups: dict[tuple[int, int], object] = {}
            index = 0
            for start, out, total, group in runs:
                assert start == index
                index += len(group)
                assert group and all(len(c) == len(out) and sum(c) == total for c in group)
                assert groups.setdefault((len(out), total), group) is group


def _one_sided(rng: random.Random) -> list[Entrant]:
    """A lowest bracket late in an event (:func:`_lowest_bracket`'s), of 18 to 24 players
    most of whom are due black: few pairings within a small x (A7, B4)."""
    n = rng.randint(18, 24)
    players = [
        dataclasses.replace(
            entrant(number, rng.choice(("BW", "WW", "BWW")) if rng.random() < 0.8 else "WB"),
            bye_allowed=rng.random() < 0.2,
            barred=frozenset(
                PairingNumber(m) for m in range(1, n + 1) if m != number and rng.random() < 0.2
            ),
        )
        for number in range(1, n + 1)
    ]
    return _symmetric(players, rng)


def _level(
    rng: random.Random, *, one_sided: bool = False
) -> tuple[LevelSearch, list[Entrant], int, FloatRules, Division]:
    """A lowest bracket, its p and float criteria, its exchanges listed by a search."""
    players = _one_sided(rng) if one_sided else _lowest_bracket(rng)
    p = len(players) // 2
    rules = rng.choice(RULES)
    search = LevelSearch(Feasibility())
    list(search._exchange_splits(players, p, rules, frozenset(), True))
    division: Division = (tuple(e.number for e in players), frozenset(), True, p)
    return search, players, p, rules, division


def test_dutch_b4_players_leaving_over_x_leave_every_exchange_with_them_over_x() -> None:
    """Dutch B4, D2: whenever :meth:`ExchangeDeficits.leaving_over` says the players
    leaving S1 bound their exchanges above x, :meth:`ExchangeDeficits.over` says so of
    each exchange listed with them; and it says so of many sets of players leaving."""
    rng = random.Random(10187)
    passed = 0
    for _ in range(40):
        search, _, p, rules, division = _level(rng)
        deficits = search._deficits[(division, rules)]
        for x in range(1, p + 1):
            for side1, leaving, _ in deficits.exchanges.values():
                if deficits.leaving_over(leaving, x):
                    passed += 1
                    assert deficits.over(side1, x)
    assert passed > 200


def _one_by_one(
    search: LevelSearch,
    players: Sequence[Entrant],
    p: int,
    x: int,
    rules: FloatRules,
    division: Division,
) -> list[tuple[int, int]]:
    """The survivors (index, S1) of a level read one listed exchange at a time: each
    passed over when its players entering are barren (from the :data:`entering.PATIENCE`
    th on), when its bound is over x, or when it gives nothing with no player kept up."""
    deficits = search._deficits[(division, rules)]
    sets = EnteringSets(
        players,
        p,
        rules,
        frozenset(),
        True,
        top_pair(players, p, rules, frozenset(), True, frozenset()),
    )
    found = []
    for place, (index, _, _) in enumerate(
        search._exchange_splits(players, p, rules, frozenset(), True)
    ):
        side1, leaving, entering_bits = deficits.exchanges[index]
        if place >= entering.PATIENCE and sets.barren(tuple(_positions(entering_bits)), x):
            continue
        if deficits.over(side1, x):
            continue
        if search.feasibility.exchange_possible(
            division, index, *deficits.loose, leaving, entering_bits
        ):
            found.append((index, side1))
    return found


def test_dutch_c8_a_walk_by_runs_keeps_the_survivors_and_reads_few_exchanges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, C8, D2: every level at x > 0 of random lowest brackets, walked by runs
    from its second exchange on, survives the same exchanges in the same order as when
    each listed exchange is read one by one; in brackets most of whose players are due
    the same colour, its levels at x up to 3 read (:meth:`ExchangeTests.at`) fewer than
    a tenth of the exchanges listed one by one."""
    rng = random.Random(76)
    monkeypatch.setattr(entering, "PATIENCE", 1)
    at = ExchangeTests.at
    read = 0

    def counted(
        self: ExchangeTests, index: int, out_of: tuple[int, ...], into: tuple[int, ...]
    ) -> tuple[int, int, int] | None:
        nonlocal read
        read += 1
        return at(self, index, out_of, into)

    monkeypatch.setattr(ExchangeTests, "at", counted)
    listed = few = survived = 0
    for one_sided in (False, True) * 12:
        search, players, p, rules, division = _level(rng, one_sided=one_sided)
        covers = kept_covers_of(search.feasibility, players, frozenset(), True)
        for x in range(1, p + 1):
            read = 0
            walked = [
                (index, side1)
                for _, index, _, _, side1 in search._surviving(
                    players, p, x, rules, frozenset(), True, covers
                )
                if side1 >= 0
            ]
            if one_sided and x <= 3:
                few += read
                listed += len(search._splits[(division[0], p, rules, frozenset(), True)]._items)
            assert walked == _one_by_one(search, players, p, x, rules, division)
            survived += len(walked)
    assert survived > 1000
    assert few * 10 < listed
