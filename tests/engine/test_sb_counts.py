"""SB 5's numbers of floaters passed over whole (``groups._count_refused``) and the
matchings behind them: a number is passed over only when none of the sets of floaters
SB 5 tries at it passes both checks, so the pairings stay those of the walk over every
set; and the maximum matchings grown one player at a time are maximum."""

from __future__ import annotations

import random

import pytest

from pairing.engine.matching import augment, matching_size
from pairing.engine.systems.sb import compatibility, groups
from pairing.engine.systems.sb.compatibility import (
    Compatibility,
    Partners,
    compatible,
    completable,
    most_pairs,
)
from pairing.engine.systems.sb.groups import (
    FLOATER_SETS_TRIED,
    _count_refused,
    _first_by_prefix,
    floater_preference,
)
from pairing.engine.systems.sb.procedure import Entrant

from .test_sb_ordered import barred_entrants, entrant


def _late_round(rng: random.Random) -> tuple[list[Entrant], list[Entrant]]:
    """A score group and the players below, most of whom have met (a late round)."""
    count = rng.randrange(8, 34)
    players = barred_entrants(rng, count, rng.choice((0.6, 0.75, 0.85, 0.92)))
    cut = rng.randrange(3, count - 1)
    return players[:cut], players[cut:]


def _size(players: list[Entrant], *, bye: bool) -> int:
    """A maximum matching's size from scratch (the bye's vertex joined to those who may
    have it when ``bye``), for the matchings grown player by player to be held to."""
    adjacent = [
        [j for j, b in enumerate(players) if a is not b and compatible(a, b)] for a in players
    ]
    if bye:
        adjacent.append([i for i, a in enumerate(players) if a.bye_allowed])
        for i in adjacent[-1]:
            adjacent[i].append(len(players))
    return matching_size(adjacent)


def test_sb_5_a_number_passed_over_has_no_set_that_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """For every number of floaters of random late-round groups: when the number is passed
    over, the walk over the sets SB 5 tries there (the limit on them included) finds none
    that passes both checks; and the first number tried, the later ones and the test on
    the players the rest's matchings leave free each pass some over."""
    refused = {"first": 0, "later": 0, "left free": 0}
    past_tried = groups._past_tried

    def counted(*args: object) -> bool:
        found = past_tried(*args)  # type: ignore[arg-type]  # the same arguments, passed on
        refused["left free"] += found
        return found

    monkeypatch.setattr(groups, "_past_tried", counted)
    for seed in range(160):
        limit = (3, 7, 40, FLOATER_SETS_TRIED)[seed % 4]
        monkeypatch.setattr(groups, "FLOATER_SETS_TRIED", limit)
        rng = random.Random(seed)
        group, below = _late_round(rng)
        candidates = floater_preference(group, frozenset())
        checks = Compatibility([*group, *below])
        whole = checks.mask(group)
        under = checks.mask(below)
        bit = {e.number: checks.mask((e,)) for e in group}
        within = [(bit[e.number], checks.partners(e) & whole) for e in group]
        most = most_pairs(group)
        sizes: list[list[int]] = []
        for p in range(most, -1, -1):
            count = len(group) - 2 * p
            if not count:
                continue
            weak = [(own, near) for own, near in within if near.bit_count() <= count]
            first = p == most
            if _count_refused(checks, candidates, bit, under, count, sizes, first=first):
                refused["first" if first else "later"] += 1
                walked = Compatibility([*group, *below])
                found, _ = _first_by_prefix(
                    walked, candidates, bit, (whole, under), weak, count, False, True
                )
                assert found is None, (seed, count)
    assert all(refused.values()), refused


@pytest.mark.parametrize("seed", range(20))
def test_sb_5_matchings_grown_player_by_player_are_maximum(seed: int) -> None:
    """The matchings of the players below with the first 0, 1, 2, ... candidates (and the
    bye's vertex), grown one search per player, are as large as maximum matchings made
    from scratch; so are those of the candidates' suffixes; and the players some maximum
    matching leaves free are those whose absence costs no pair."""
    rng = random.Random(seed)
    group, below = _late_round(rng)
    checks = Compatibility([*group, *below])
    lasts = [checks.mask((e,)) for e in group]
    under = checks.mask(below)
    prefixes = checks.growing(under, lasts, bye=True)
    assert prefixes == [_size([*below, *group[:i]], bye=True) for i in range(len(group) + 1)]
    suffixes = checks.growing(0, lasts[::-1], bye=False)
    assert suffixes == [_size(group[len(group) - i :], bye=False) for i in range(len(group) + 1)]
    exposed = checks.free_in_some(checks.mask(group))
    full = _size(group, bye=False)
    for e in group:
        alone = _size([p for p in group if p is not e], bye=False) == full
        assert bool(exposed & checks.mask((e,))) == alone


def test_sb_5_a_large_group_without_games_reads_no_partner_list() -> None:
    """SB 5 in round 1 of a large event: a group of 400 who have not played, checked
    with 400 below, is found pairable by Dirac's bound alone, without a matching and
    without making any player's list of partners (each costs a step per player)."""
    players = [entrant(n) for n in range(1, 801)]
    checks = Compatibility(players)
    under = checks.mask(players[400:])
    one = checks.mask(players[:1])
    assert checks.completable_from(under, under | one, bye=True, last=one)
    whole = checks.mask(players[:400])
    assert checks.completable_from(whole, whole & ~checks.mask(players[:2]), bye=False)
    assert checks.rows_made() == 0


def test_sb_5_a_chain_grown_past_a_perfect_matching_needs_no_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Players who have not met: the players below (even) are perfectly matched, so each
    odd candidate added leaves no free vertex but his own for a path to end at and is
    added without a search; only the even ones search (and find their partner)."""
    searches = []
    search = augment

    def counted(root: int, *args: object) -> bool:
        searches.append(root)
        return search(root, *args)  # type: ignore[arg-type]  # the same arguments, passed on

    monkeypatch.setattr(compatibility, "augment", counted)
    players = [entrant(n) for n in range(1, 19)]
    checks = Compatibility(players)
    lasts = [checks.mask((e,)) for e in players[:8]]
    sizes = checks.growing(checks.mask(players[8:]), lasts, bye=False)
    assert sizes == [5 + i // 2 for i in range(9)]
    assert len(searches) == 4


@pytest.mark.parametrize("seed", range(12))
def test_sb_5_with_one_grows_the_heads_matching_and_answers_as_from_scratch(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """with_one on the last set of a chain of heads (the players below with a set's
    floaters but the last) grows that set's matching from the chain, without the local
    graph it once built; and each answer is completable's."""

    def refused(*args: object) -> object:
        raise AssertionError("a local graph was built")

    rng = random.Random(seed)
    group, below = _late_round(rng)
    checks = Compatibility([*group, *below])
    under = checks.mask(below)
    chain = [under]
    for e in group[:-1]:
        chain.append(chain[-1] | checks.mask((e,)))
    checks.note_chain(chain)
    monkeypatch.setattr(Compatibility, "_greedy", refused)
    last = checks.mask(group[-1:])
    for bye in (True, False):
        expected = completable([*below, *group], bye=bye)
        assert checks.with_one(chain[-1], last, bye=bye) == expected


@pytest.mark.parametrize("seed", range(12))
def test_sb_5_the_rounds_partners_made_once_answer_as_the_groups_own(seed: int) -> None:
    """A group's checks on the round's partner bitsets (made once, the players numbered
    in the round's order, players above the group among them) answer as those made for
    the group and the players below alone."""
    rng = random.Random(seed)
    group, below = _late_round(rng)
    above = [entrant(100 + n, barred=tuple(e.number for e in group[:n])) for n in range(3)]
    everyone = [*above, *below[::-1], *group]
    shared = Compatibility([*group, *below], Partners(everyone))
    alone = Compatibility([*group, *below])
    players = [*group, *below]
    for _ in range(30):
        chosen = [e for e in players if rng.random() < 0.6]
        for bye in (True, False):
            want = completable(chosen, bye=bye)
            assert shared.completable(shared.mask(chosen), bye=bye) == want
            assert alone.completable(alone.mask(chosen), bye=bye) == want
            base = shared.mask(below)
            assert shared.completable_from(base, shared.mask(chosen), bye=bye) == want
