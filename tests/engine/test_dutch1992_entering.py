"""1992 Dutch: a level's exchanges given up once no division within D2 can pair it (#38).

``pairing.engine.systems.dutch1992.entering`` decides, by one matching for each set of
at most two players of the original S2 who may enter S1, whether any division within
D2's exchanges can pair a level within x colour conflicts; a level whose exchanges have
walked a while stops when none can.  Held here to every division and transposition tried
one by one on small brackets, and levels and whole rounds to the search without it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching.primal_dual import certified_matching, max_weight_matching
from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import entering, levels
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entering import entering_witness
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import _exchanged, exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, Witness

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _division_pairs(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    x: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    kept: frozenset[int],
) -> bool:
    """Whether some transposition of S2 pairs S1 within ``x`` colour conflicts, every S2
    player left over allowed to leave (Dutch A5, B1-B6, C6, C7): every one tried."""
    for chosen in itertools.permutations(range(len(s2)), len(s1)):
        if not all(pair_allowed(a, s2[t], rules, moved) for a, t in zip(s1, chosen, strict=True)):
            continue
        if sum(colour_conflict(a, s2[t]) for a, t in zip(s1, chosen, strict=True)) > x:
            continue
        left = set(range(len(s2))) - set(chosen)
        if all(may_leave(s2[t], rules, moved, lowest, kept) for t in left):
            return True
    return False


def _level_pairs(
    players: Sequence[Entrant],
    p: int,
    x: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    kept: frozenset[int],
) -> bool:
    """Whether the original division or some exchange of D2 pairs the level (C8)."""
    divisions = [(list(players[:p]), list(players[p:]))]
    divisions += [_exchanged(players, p, *exchange) for exchange in exchange_order(len(players), p)]
    return any(_division_pairs(*d, x, rules, moved, lowest, kept) for d in divisions)


@dataclasses.dataclass(frozen=True)
class RandomLevel:
    """A random level of a small bracket, drawn by :func:`random_level`."""

    players: list[Entrant]
    p: int
    rules: FloatRules
    moved: frozenset[int]
    lowest: bool
    kept: frozenset[int]
    x: int

    def witness_and_pairs(self) -> tuple[Witness | None, bool]:
        """:func:`entering_witness` of the level, and whether some division within D2's
        exchanges pairs it within x, every one tried (:func:`_level_pairs`)."""
        args = (self.players, self.p, self.rules, self.moved, self.lowest, self.kept)
        witness = entering_witness(*args, self.x)
        pairs = _level_pairs(self.players, self.p, self.x, *args[2:])
        return witness, pairs


def random_level(rng: random.Random, n: int, p: int) -> RandomLevel:
    """A random level of ``n`` players with S1 of ``p``: the players with symmetric
    histories, float rules, up to two moved down players, whether the bracket is the
    lowest, players kept up and x, drawn in that order from ``rng``."""
    players = _symmetric(_random_bracket(rng, n), rng)
    rules = rng.choice(RULES)
    moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
    lowest = rng.random() < 0.5
    kept = frozenset(e.number for e in players if rng.random() < 0.2)
    return RandomLevel(players, p, rules, moved, lowest, kept, rng.randint(0, p))


def test_dutch_d2_a_level_refuted_by_the_players_entering_has_no_pairing() -> None:
    """Dutch B4, C8, D2: whenever some division within D2's exchanges pairs a level
    within x, :func:`entering_witness` finds a matching, and every matching it finds has
    at most x conflicts, at most two pairs inside the original S2 and leaves none of the
    players kept up over."""
    rng = random.Random(2875)
    outcomes = {True: 0, False: 0}
    for _ in range(400):
        n = rng.randint(4, 10)
        level = random_level(rng, n, rng.randint(1, n // 2))
        witness, pairs = level.witness_and_pairs()
        if pairs:
            assert witness is not None
        if witness is not None:
            assert witness.conflicts <= level.x and witness.inside <= EXCHANGES
            assert not witness.left & level.kept
        outcomes[pairs] += 1
    assert min(outcomes.values()) > 50


def test_dutch_d2_a_level_has_a_matching_exactly_when_a_division_pairs_it() -> None:
    """Dutch C8, D2: in levels whose S2 is larger than S1, :func:`entering_witness` finds
    a matching exactly when some division within D2's exchanges pairs the level within
    x: a matching leaving the two highest of S1 both over would exchange them together,
    which D2 forbids there, and is not taken."""
    rng = random.Random(5)
    outcomes = {True: 0, False: 0}
    for _ in range(500):
        n = rng.randint(5, 10)
        witness, pairs = random_level(rng, n, rng.randint(2, (n - 1) // 2)).witness_and_pairs()
        assert (witness is not None) == pairs
        outcomes[pairs] += 1
    assert min(outcomes.values()) > 50


def test_dutch_b4_duals_bound_matchings_with_pairs_added() -> None:
    """Dutch B4, D2: the bound :func:`entering_witness` reads from one weighted matching's
    duals holds: every matching of the graph with new edges added weighs at most the
    greatest weight without them plus half the negated slack of each new edge it uses
    (:meth:`Optimum.slack`), and the slack of an edge of the graph is its reduced cost."""
    rng = random.Random(123)
    tight = 0
    for _ in range(200):
        size = rng.randint(4, 14)
        edges = [(v, w) for v in range(size) for w in range(v + 1, size) if rng.random() < 0.4]
        rng.shuffle(edges)
        cut = rng.randint(0, len(edges))
        old = {e: rng.randint(1, 9) for e in edges[:cut]}
        new = {e: rng.randint(1, 9) for e in edges[cut:]}
        optimum = certified_matching(range(size), old)
        best = sum(old[(v, w)] for v, w in optimum.mate.items() if v < w)
        for (v, w), weight in old.items():
            reduced = optimum.reduced_cost(v, w)
            assert reduced is not None and optimum.slack(v, w, weight) == reduced >= 0
        mate = max_weight_matching(range(size), {**old, **new})
        used = [e for e in new if mate.get(e[0]) == e[1]]
        weight = sum({**old, **new}[(v, w)] for v, w in mate.items() if v < w)
        gains = sum(max(0, -optimum.slack(v, w, new[(v, w)])) for v, w in used)
        assert 2 * weight <= 2 * best + gains
        tight += 2 * weight == 2 * best + gains and bool(used)
    assert tight > 10


def _lowest_bracket(rng: random.Random) -> list[Entrant]:
    """A random lowest bracket late in an event: sparse (many opponents met, B1a) and
    few players who may still have the bye (B1b)."""
    n = rng.randint(12, 18)
    players = [
        dataclasses.replace(
            e,
            bye_allowed=rng.random() < 0.2,
            barred=frozenset(
                PairingNumber(m) for m in range(1, n + 1) if m != e.number and rng.random() < 0.3
            ),
        )
        for e in _random_bracket(rng, n)
    ]
    return _symmetric(players, rng)


def _first_phases(search: LevelSearch, players: list[Entrant]) -> list[object]:
    """The first two pairings of every level of a lowest bracket (C9-C11), in order."""
    p = len(players) // 2
    found: list[object] = []
    for x in range(p + 1):
        for rules in RULES:
            level = search.split_pairings(players, p, x, rules, frozenset(), True, frozenset())
            for phase in itertools.islice(level, 2):
                found.append((x, rules, phase.exchange_index, phase.assignment))
    return found


def test_dutch_c8_levels_give_the_same_pairings_when_exchanges_stop_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C8, C11: with the question asked after the first exchange, every level of
    random lowest brackets gives the same pairings in the same order as when it is never
    asked, and some levels stop early."""
    rng = random.Random(1992)
    monkeypatch.setattr(entering, "PATIENCE", 1)
    asked: list[bool] = []
    refuted = entering.refuted

    def counted(*args: Any) -> bool:
        answer = refuted(*args)
        asked.append(answer)
        return answer

    for _ in range(60):
        players = _lowest_bracket(rng)
        monkeypatch.setattr(levels, "refuted", counted)
        fast = _first_phases(LevelSearch(Feasibility()), players)
        monkeypatch.setattr(levels, "refuted", lambda *_: False)
        slow = _first_phases(LevelSearch(Feasibility()), players)
        assert fast == slow
    assert asked.count(True) > 5


@pytest.mark.parametrize(("players", "seed", "rounds"), [(40, 2026, 31), (60, 2875, 45)])
def test_dutch_c13_rounds_paired_as_when_every_exchange_is_walked(
    players: int, seed: int, rounds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every round of events whose lowest brackets go through C13 pairs the same with the
    exchanges given up early (asked after the first) and with every exchange walked."""
    states = list(tournament_states(System.DUTCH_1992, players=players, rounds=rounds, seed=seed))[
        :-1
    ]
    lots = [random.Random(k).randrange(2**31) for k in range(len(states))]
    monkeypatch.setattr(entering, "PATIENCE", 1)
    asked: list[bool] = []
    refuted = entering.refuted

    def counted(*args: Any) -> bool:
        answer = refuted(*args)
        asked.append(answer)
        return answer

    monkeypatch.setattr(levels, "refuted", counted)
    fast = [
        pair_round(state, System.DUTCH_1992, seed=lot)
        for state, lot in zip(states, lots, strict=True)
    ]
    assert True in asked
    monkeypatch.setattr(levels, "refuted", lambda *_: False)
    slow = [
        pair_round(state, System.DUTCH_1992, seed=lot)
        for state, lot in zip(states, lots, strict=True)
    ]
    assert fast == slow


def _kept_phases(search: LevelSearch, players: list[Entrant], rng: random.Random) -> list[object]:
    """The first pairings of the levels at x > 0 of a lowest bracket, each level entered
    again with several random sets of players kept up (as C12's sub-searches do)."""
    p = len(players) // 2
    numbers = [e.number for e in players]
    keeps = [frozenset(rng.sample(numbers, rng.randint(0, 3))) for _ in range(4)]
    found: list[object] = []
    for x in range(1, p + 1):
        for rules in RULES:
            for keep in keeps:
                level = search.split_pairings(players, p, x, rules, frozenset(), True, keep)
                for phase in itertools.islice(level, 3):
                    found.append((x, rules, keep, phase.exchange_index, phase.assignment))
    return found


def test_dutch_c12_levels_read_only_exchanges_possible_with_no_player_kept_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C8, C12, B4: levels whose exchanges are first filtered by the tests that do
    not read the players kept up (once per level), then each read with them, give the
    same pairings in the same order as levels asking every exchange with them, with the
    question of :func:`entering.refuted` asked at the same place or early."""
    rng = random.Random(2796)
    monkeypatch.setattr(entering, "PATIENCE", 3)
    asked: list[bool] = []
    refuted = entering.refuted

    def counted(*args: Any) -> bool:
        answer = refuted(*args)
        asked.append(answer)
        return answer

    monkeypatch.setattr(levels, "refuted", counted)
    left_out = 0
    refusals = 0
    for _ in range(40):
        players = _lowest_bracket(rng)
        seed = rng.randrange(2**31)
        fast_search = LevelSearch(Feasibility())
        fast = _kept_phases(fast_search, players, random.Random(seed))
        fast_asked = asked[:]
        asked.clear()
        slow_search = LevelSearch(Feasibility())
        slow_search.read_survivors = False
        slow = _kept_phases(slow_search, players, random.Random(seed))
        assert fast == slow
        assert fast_asked == asked
        refusals += asked.count(True)
        asked.clear()
        for key, survivors in fast_search._survivors.items():
            numbers, moved, lowest, p = cast(tuple[Any, ...], key[0])
            listed = fast_search._splits[(numbers, p, key[1], moved, lowest)]
            left_out += len(listed._items) - len(survivors._items)
    assert left_out > 100
    assert refusals > 5


def _resumed_phases(search: LevelSearch, players: list[Entrant]) -> list[object]:
    """The first pairings of the levels at x > 0 of a bracket moving players down, each
    level entered again after its first pairing with one of the players that pairing
    left over kept up (as C12's sub-searches do, :meth:`Search.alternatives`)."""
    p = len(players) // 2 - 2
    found: list[object] = []
    for x in range(1, p + 1):
        for rules in RULES[::2]:
            level = search.split_pairings(players, p, x, rules, frozenset(), False, frozenset())
            first = next(iter(level), None)
            if first is None:
                continue
            left = [b.number for t, b in enumerate(first.s2) if t not in first.assignment]
            after = (first.exchange_index, first.assignment)
            for number in left[:3]:
                keep = frozenset({number})
                again = search.split_pairings(players, p, x, rules, frozenset(), False, keep, after)
                for phase in itertools.islice(again, 2):
                    found.append((x, rules, number, phase.exchange_index, phase.assignment))
    return found


def test_dutch_c12_resumed_levels_ask_their_bounds_late_with_the_same_pairings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, C8, C12: a level entered again after one of its pairings with one more
    player kept up reads its exchanges before its bounds (:data:`entering.LOOK_AHEAD`);
    whether the bounds are asked after one exchange, never, or first as before, it gives
    the same pairings in the same order, and the bounds asked late pass over some."""
    rng = random.Random(65)
    passed_over: list[bool] = []
    reader: Callable[..., Any] = entering.patient_survivors

    def counted(*args: Any) -> Any:
        *rest, bounded = args
        if bounded is None:
            return reader(*rest, None)

        def asked() -> bool:
            answer = bool(bounded())
            passed_over.append(not answer)
            return answer

        return reader(*rest, asked)

    monkeypatch.setattr(levels, "patient_survivors", counted)
    for _ in range(30):
        players = _lowest_bracket(rng)
        monkeypatch.setattr(entering, "LOOK_AHEAD", 1)
        early = _resumed_phases(LevelSearch(Feasibility()), players)
        monkeypatch.setattr(entering, "LOOK_AHEAD", 10**9)
        never = _resumed_phases(LevelSearch(Feasibility()), players)
        first_search = LevelSearch(Feasibility())
        first_search.read_survivors = False
        first = _resumed_phases(first_search, players)
        assert early == never == first
    assert passed_over.count(True) > 5
