"""1992 Dutch A8, B4, C10, C11: a heterogeneous level whose remainders cannot keep their own
x, refused as a whole by weighted matchings (``level_colours``, #38).

A level of a heterogeneous bracket pairs the moved-down players S1 within x_h colour
conflicts and then the remainder within x of the remainder (A8) less j plus the C11 step
k.  ``level_refuted`` may only say no when brute force (every pairing of S1, every set of
p_R pairs of its remainder) finds none; held to that on random small levels, and the
search with the test to the search without it on the late rounds of random events.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from pairing.engine.floats import Float
from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import level_colours
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    pair_allowed,
    x_of,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.level_colours import (
    LISTING_REFUSALS,
    LevelColours,
    level_refuted,
)
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search
from tests.engine.test_dutch1992 import entrant


def _player(rng: random.Random, number: int, score: int) -> Entrant:
    history = "".join(rng.choice("WB") for _ in range(rng.randint(0, 3)))
    base = entrant(number, history, score=score)
    return replace(
        base,
        last_float=rng.choice((None, None, Float.UP, Float.DOWN)),
        float_two_back=rng.choice((None, None, Float.UP, Float.DOWN)),
    )


def _bar(rng: random.Random, players: list[Entrant], density: float) -> list[Entrant]:
    """Bars random pairs of players from meeting (B1a), both ways."""
    barred: dict[int, set[PairingNumber]] = {p.number: set() for p in players}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if rng.random() < density:
                barred[a.number].add(b.number)
                barred[b.number].add(a.number)
    return [replace(p, barred=frozenset(barred[p.number])) for p in players]


def _remainder_pairs(
    rest: Sequence[Entrant],
    indices: Sequence[int],
    p_r: int,
    budget: int,
    stay: frozenset[int],
    loosest: FloatRules,
    moved: frozenset[int],
) -> bool:
    """Whether ``p_r`` pairs of ``rest`` within ``budget`` conflicts leave over only
    players who may leave: brute force."""
    if p_r == 0:
        return not any(t in stay for t in indices)
    if len(rest) < 2 * p_r:
        return False
    first, others = rest[0], rest[1:]
    # The first player is left over ...
    if indices[0] not in stay and _remainder_pairs(
        others, indices[1:], p_r, budget, stay, loosest, moved
    ):
        return True
    # ... or paired with a later one.
    for u, b in enumerate(others):
        if not pair_allowed(first, b, loosest, moved):
            continue
        cost = int(colour_conflict(first, b))
        if cost > budget:
            continue
        left = (*others[:u], *others[u + 1 :])
        left_indices = (*indices[1 : u + 1], *indices[u + 2 :])
        if _remainder_pairs(left, left_indices, p_r - 1, budget - cost, stay, loosest, moved):
            return True
    return False


def _level_has_pairing(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    stay: frozenset[int],
    p_r: int,
    x_h: int,
    j: int,
    k: int,
    rules: FloatRules,
    moved: frozenset[int],
) -> bool:
    """Whether some pairing of S1 within x_h leaves a remainder with p_r pairs within its
    budget, every player left over free to leave: brute force."""
    loosest = FloatRules(down=2, up=rules.up)

    def head(row: int, taken: tuple[int, ...], spent: int) -> bool:
        if row == len(s1):
            places = [t for t in range(len(s2)) if t not in taken]
            rest = [s2[t] for t in places]
            budget = min(p_r, max(0, x_of(rest) - j) + k)
            return _remainder_pairs(rest, places, p_r, budget, stay, loosest, moved)
        for t, b in enumerate(s2):
            if t in taken or not pair_allowed(s1[row], b, rules, moved):
                continue
            cost = spent + int(colour_conflict(s1[row], b))
            if cost <= x_h and head(row + 1, (*taken, t), cost):
                return True
        return False

    return head(0, (), 0)


def test_dutch_b4_c10_level_refuted_only_when_no_remainder_keeps_its_x() -> None:
    rng = random.Random(1992)
    refuted = possible = 0
    for _ in range(1500):
        heads = rng.randint(1, 3)
        count = rng.randint(2 * heads + 1, 2 * heads + 7)
        players = [_player(rng, n, 1 if n <= heads else 0) for n in range(1, count + 1)]
        players = _bar(rng, players, rng.random() * 0.5)
        s1, s2 = players[:heads], players[heads:]
        moved = frozenset(a.number for a in s1)
        p_r = rng.randint(0, (len(s2) - heads) // 2)
        stay = frozenset(t for t in range(len(s2)) if rng.random() < 0.3)
        x_h, j, k = rng.randint(0, heads), rng.randint(0, 1), rng.randint(0, 1)
        rules = FloatRules(down=rng.randint(0, 2), up=rng.randint(0, 2))
        answer = level_refuted(s1, s2, stay, p_r, x_h, j, k, rules, moved)
        exists = _level_has_pairing(s1, s2, stay, p_r, x_h, j, k, rules, moved)
        assert not (answer and exists), (s1, s2, stay, p_r, x_h, j, k, rules)
        refuted += answer
        possible += exists
    # The test says no often, and the cases are not all without a pairing.
    assert refuted > 100
    assert possible > 100


EVENTS = ((22, 19, 11), (24, 21, 9))
"""Players, rounds and seed of random near round robins whose late rounds have
heterogeneous brackets with remainders to refuse."""


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c10_level_colours_keep_the_pairing(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search asking the test at once (after one remainder that gave nothing, or one
    pairing of S1 its listing refused) pairs every late round as the search without it."""
    states = list(late_states(players, rounds, seed, from_completed=rounds // 2))
    assert states
    refutes = LevelColours.refutes
    monkeypatch.setattr(LevelColours, "refutes", lambda self, *args: False)
    without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    asked: list[bool] = []

    def counted(self: LevelColours, *args: Any) -> bool:
        answer = refutes(self, *args)
        asked.append(answer)
        return answer

    monkeypatch.setattr(LevelColours, "refutes", counted)
    monkeypatch.setattr("pairing.engine.systems.dutch1992.candidates.LEVEL_COLOURS_AFTER", 1)
    monkeypatch.setattr(level_colours, "LISTING_REFUSALS", 1)
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert asked, "the test was never asked"
    assert level_colours.LEVEL_COLOURS_AFTER > 1  # the real search waits for failures
    assert LISTING_REFUSALS > 1


def test_dutch_a8_level_refuted_by_the_remainders_own_x() -> None:
    """S1's one player may only take player 4; the remainder left, players 2 and 3 who
    both prefer white, has x = 1 by A8.  With j = 1 its budget is 0 and their one pair
    is a conflict: refused.  With j = 0 the pair is within x: not refused."""
    a = replace(entrant(1, "BW", score=1), barred=frozenset({PairingNumber(2), PairingNumber(3)}))
    s2 = [entrant(2, "B"), entrant(3, "B"), entrant(4, "W")]
    moved = frozenset({a.number})
    stay = frozenset({0, 1})
    assert level_refuted([a], s2, stay, 1, 1, 1, 0, FloatRules(), moved)
    assert not level_refuted([a], s2, stay, 1, 1, 0, 0, FloatRules(), moved)


def _random_checks(
    rng: random.Random, checks: dict[frozenset[int], bool]
) -> Callable[[tuple[int, ...]], bool]:
    """Checks of prefixes that refuse random sets of S2 players, each set always alike
    (remembered in ``checks``), as ``viable`` must."""

    def viable(prefix: tuple[int, ...]) -> bool:
        taken = frozenset(prefix)
        if taken not in checks:
            checks[taken] = rng.random() < 0.6
        return checks[taken]

    return viable


def test_dutch_c10_listing_refused_only_when_no_remainder_keeps_its_x(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``LevelColours.watching`` answers as the checks of S1's prefixes it watches until
    they have refused ``LISTING_REFUSALS`` prefixes; from then on it refuses every prefix
    when ``level_refuted`` refutes the level, and only then: held to brute force (no pairing
    of S1 leaves a remainder within its x) on random small levels, with the checks
    refusing random sets of S2 players."""
    monkeypatch.setattr(level_colours, "LISTING_REFUSALS", 2)
    rng = random.Random(3892)
    cut = watched_through = 0
    for _ in range(600):
        heads = rng.randint(1, 3)
        count = rng.randint(2 * heads + 1, 2 * heads + 6)
        players = [_player(rng, n, 1 if n <= heads else 0) for n in range(1, count + 1)]
        players = _bar(rng, players, rng.random() * 0.5)
        s1, s2 = players[:heads], players[heads:]
        moved = frozenset(a.number for a in s1)
        p_r = rng.randint(0, (len(s2) - heads) // 2)
        stay = frozenset(t for t in range(len(s2)) if rng.random() < 0.3)
        x_h, j, k = rng.randint(0, heads), rng.randint(0, 1), rng.randint(0, 1)
        rules = FloatRules(down=rng.randint(0, 2), up=rng.randint(0, 2))
        checks: dict[frozenset[int], bool] = {}
        viable = _random_checks(rng, checks)
        watched = LevelColours().watching(viable, s1, s2, stay, p_r, x_h, j, k, rules, moved)
        refusing = False
        prefixes = [
            prefix
            for size in range(1, heads + 1)
            for prefix in itertools.permutations(range(len(s2)), size)
        ]
        for prefix in prefixes:
            answer = watched(prefix)
            if refusing:
                assert not answer  # once refused as a whole, never open again
            elif answer != viable(prefix):
                assert not answer
                assert not _level_has_pairing(s1, s2, stay, p_r, x_h, j, k, rules, moved)
                refusing = True
                cut += 1
        if not refusing and sum(not v for v in checks.values()) >= 2:
            watched_through += 1
    # Levels refused as a whole, and levels whose refusals did not refute them.
    assert cut > 100
    assert watched_through > 200
