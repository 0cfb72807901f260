"""SB 5's checks decided for every set of floaters that shares its first floaters with one
matching (``by_prefix``), held to the checks of each set alone: the same answers on random
groups and the same pairings, round by round, on random near round robins."""

from __future__ import annotations

import random

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.model import Points, RoundPairing, TournamentState
from pairing.engine.systems.sb import groups
from pairing.engine.systems.sb.compatibility import Compatibility, completable
from pairing.engine.systems.sb.groups import FLOATER_SETS_TRIED, GroupResult, pair_group
from pairing.engine.systems.sb.procedure import Entrant, pair

from .test_sb_ordered import barred_entrants, entrant


def _random_players(rng: random.Random) -> list[Entrant]:
    count = rng.randrange(3, 18)
    numbers = list(range(1, count + 1))
    barred: dict[int, set[int]] = {n: set() for n in numbers}
    density = rng.choice((0.2, 0.5, 0.7, 0.85))
    for a in numbers:
        for b in numbers:
            if a < b and rng.random() < density:
                barred[a].add(b)
                barred[b].add(a)
    return [
        entrant(n, barred=tuple(sorted(barred[n])), bye_allowed=rng.random() < 0.6) for n in numbers
    ]


@pytest.mark.parametrize("seed", range(40))
def test_sb_5_one_matching_answers_for_each_last_floater_as_a_search(seed: int) -> None:
    """With one player more or one fewer, a set can be paired exactly when
    :func:`completable` says so (SB 1, SB 5); a set whose matchings leave more players free
    than are added cannot be paired with them."""
    rng = random.Random(seed)
    players = _random_players(rng)
    checks = Compatibility(players)
    for _ in range(60):
        members = [p for p in players if rng.random() < rng.choice((0.4, 0.7, 0.9))]
        if not members:
            continue
        one = rng.choice(members)
        rest = [p for p in members if p is not one]
        shared = checks.mask(rest)
        single = checks.mask((one,))
        for bye in (False, True):
            assert checks.with_one(shared, single, bye=bye) == completable(members, bye=bye)
        assert checks.without_one(checks.mask(members), single) == completable(rest, bye=False)
        for bye in (False, True):
            assert checks.short_by_more_than(shared, 0, bye=bye) == (not completable(rest, bye=bye))
            others = [p for p in players if p not in rest]
            more = rng.randrange(0, len(others) + 1)
            if checks.short_by_more_than(shared, more, bye=bye):
                for added in (rng.sample(others, more) for _ in range(5)):
                    assert not completable([*rest, *added], bye=bye)


@pytest.mark.parametrize(("players", "seed"), [(14, 1), (20, 2), (24, 3), (30, 4)])
def test_sb_5_pairings_are_the_same_with_one_matching_per_first_floaters(
    players: int, seed: int
) -> None:
    """Every round of a random near round robin (byes, forfeits, withdrawals) is paired
    the same, boards, colours, bye and explanation, whether SB 5's sets of floaters are
    decided together or each alone."""
    compared = 0

    def pairer(state: TournamentState, system: System, lot: int) -> RoundPairing:
        nonlocal compared
        fast = pair(state, seed=lot)
        assert fast == pair(state, seed=lot, by_prefix=False)
        compared += 1
        return fast

    try:
        for _ in tournament_states(
            System.SB, players=players, rounds=players - 1, seed=seed, pairer=pairer
        ):
            pass
    except NoValidPairing:
        pass  # the event stops before a round that cannot be paired, as the sweep does
    assert compared >= players // 2


def _pair_or_none(
    group: list[Entrant], from_above: list[Entrant], below: list[Entrant], *, by_prefix: bool
) -> GroupResult | None:
    try:
        return pair_group(
            Points(2), group, from_above, below, lowest=not below, by_prefix=by_prefix
        )
    except NoValidPairing:
        return None


@pytest.mark.parametrize("limit", [3, 7, 40, FLOATER_SETS_TRIED])
@pytest.mark.parametrize("seed", range(25))
def test_sb_5_runs_of_sets_sharing_their_first_floaters_choose_as_one_by_one(
    monkeypatch: pytest.MonkeyPatch, seed: int, limit: int
) -> None:
    """SB 5 tried run by run (the sets that share all floaters but the last, what they
    share worked out once, a run the heads refuse skipped whole and counted as tried)
    chooses the same floaters and pairs as the sets tried one by one, the limit on the
    sets tried per size included."""
    monkeypatch.setattr(groups, "FLOATER_SETS_TRIED", limit)
    rng = random.Random(1000 + seed)
    count = rng.randrange(6, 27)
    players = barred_entrants(rng, count, rng.choice((0.5, 0.7, 0.8, 0.9)))
    cut = rng.randrange(2, count + 1)
    group, below = players[:cut], players[cut:]
    from_above = [p for p in group if rng.random() < 0.2]
    fast = _pair_or_none(group, from_above, below, by_prefix=True)
    assert fast == _pair_or_none(group, from_above, below, by_prefix=False)
