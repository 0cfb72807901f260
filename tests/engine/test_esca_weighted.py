"""ESCA 1, 2, 7: the weighted check of the oracle (``pairing/engine/systems/esca/oracle.py``)
gives the answers of the branch and bound it replaced, kept as ``weighted=False``.

The oracle decides whether the players left can all be paired without a rematch and with
at most so many same-school games; where its certificates and cheap bounds do not settle
it, a minimum-cost perfect matching now decides (one for all the candidates of a choice)
instead of a search.  Both are exact, so every answer, and so every pairing, must be the
same: checked here on random graphs question by question, and on every round of random
schools events near a round robin pairing by pairing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import networkx as nx
import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.model import TournamentState
from pairing.engine.systems.esca import pairer as pairer_module
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.oracle import WEIGHTED_FROM, Oracle, Undecided
from pairing.engine.systems.esca.pairer import Pairer
from pairing.engine.systems.esca.procedure import pair


def _random_graph(
    rng: random.Random, players: int
) -> tuple[list[frozenset[int]], list[frozenset[int]]]:
    """Who may not meet (rematches) and who had rather not (the same school too), as the
    oracle takes them: a late round, most pairs already played."""
    schools = [rng.randrange(rng.randrange(2, 6)) for _ in range(players)]
    met = [set[int]() for _ in range(players)]
    density = rng.uniform(0.55, 0.85)
    for a in range(players):
        for b in range(a + 1, players):
            if rng.random() < density:
                met[a].add(b)
                met[b].add(a)
    legal_bad = [frozenset(row) for row in met]
    good_bad = [
        legal_bad[a] | {b for b in range(players) if b != a and schools[b] == schools[a]}
        for a in range(players)
    ]
    return [frozenset(row) for row in good_bad], legal_bad


def _oracles(
    good_bad: list[frozenset[int]], legal_bad: list[frozenset[int]], budget: int
) -> tuple[Oracle, Oracle]:
    fast = Oracle(good_bad, legal_bad)
    slow = Oracle(good_bad, legal_bad, weighted=False)
    for oracle in (fast, slow):
        oracle.relax(budget)
    return fast, slow


def _first_by_search(oracle: Oracle, a: int, others: list[int]) -> int | None:
    return next((i for i, b in enumerate(others) if oracle.allows_pair(a, b)), None)


@pytest.mark.parametrize("seed", range(30))
def test_esca_7_weighted_check_answers_as_the_branch_and_bound(seed: int) -> None:
    """ESCA 1, 7 on random late-round graphs of 20-36 players: for every budget around
    the fewest same-school games, each question the pairing asks (may these two meet?
    may he meet one of these? which of them first?) gets the same answer from the
    weighted check and from the branch and bound, pair after pair taken."""
    rng = random.Random(seed)
    players = 2 * rng.randrange(WEIGHTED_FROM // 2, 19)
    good_bad, legal_bad = _random_graph(rng, players)
    probe = Oracle(good_bad, legal_bad, weighted=False)
    floor = probe.shortfall
    asked = 0
    for extra in (0, 1, 2):
        fast, slow = _oracles(good_bad, legal_bad, floor + extra)
        assert fast.allows(()) == slow.allows(())
        while fast.remaining >= WEIGHTED_FROM:
            assert fast.defers and not slow.defers
            left = sorted(fast.left)
            a = rng.choice(left)
            others = [b for b in left if b != a]
            rng.shuffle(others)
            verdicts = {b: slow.allows_pair(a, b) for b in others}
            refused = [b for b in others if not verdicts[b]]
            accepted = [b for b in others if verdicts[b]]
            # The refused ones alone, then with one accepted among them: the answer is
            # then the one candidate the cheap checks may not see.
            for some in (refused, refused + accepted[:1], accepted[-1:] + refused):
                expected = any(verdicts[b] for b in some)
                assert fast.allows_one_of(a, some) == expected, (seed, extra, a, some)
            first = fast.first_allowed(a, others)
            assert first == _first_by_search(slow, a, others), (seed, extra, a)
            for b in others:
                assert fast.allows_pair(a, b) == slow.allows_pair(a, b), (seed, extra, a, b)
                asked += 1
            if first is None:
                break
            fast.take_pair(a, others[first])
            slow.take_pair(a, others[first])
    assert asked


def _event_states(seed: int) -> list[TournamentState]:
    """The states before each round of a random schools event near a round robin,
    stopping at the round that cannot be paired (that state is then the last one)."""
    rng = random.Random(3800 + seed)
    players = rng.randrange(26, 41)
    states: list[TournamentState] = []
    try:
        for state in tournament_states(
            System.ESCA,
            players=players,
            rounds=players - rng.randrange(1, 6),
            seed=seed,
            clubs=rng.randrange(2, 8),
            top_players=rng.randrange(0, 4),
        ):
            states.append(state)
    except NoValidPairing:
        pass
    return states


@pytest.mark.parametrize("seed", range(6))
def test_esca_pairings_with_the_weighted_check_equal_the_branch_and_bound(seed: int) -> None:
    """ESCA 1-30 on random schools events of 26-40 players paired to near a round robin:
    every round's boards, colours, bye and explanation are the same with the weighted
    check and with the branch and bound, and a round is refused by both or by neither."""
    compared = 0
    for state in _event_states(seed):
        if state.rounds_completed == state.total_rounds:
            continue
        try:
            slow = pair(state, seed=seed, weighted=False)
        except NoValidPairing:
            with pytest.raises(NoValidPairing):
                pair(state, seed=seed)
            continue
        assert pair(state, seed=seed) == slow, (seed, state.round_number)
        compared += 1
    assert compared >= 20


class _DeferringEverything(Oracle):
    """The weighted oracle, but leaving every legal candidate to the check that decides
    several at once (:meth:`Oracle.first_allowed`), as the hardest rounds do."""

    def allows(self, gone: Sequence[int], clashes: int = 0, *, search: bool = True) -> bool:
        if not search:
            raise Undecided
        return super().allows(gone, clashes, search=search)


@pytest.mark.parametrize("defer", [False, True], ids=["cheap checks first", "all deferred"])
@pytest.mark.parametrize("seed", range(4))
def test_esca_2_7_first_candidate_and_reasons_as_with_the_branch_and_bound(
    seed: int, defer: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ESCA 2, 7: a player takes the first candidate, in any order given, who leaves the
    rest pairable, and the candidates passed over are named with the same reasons, with
    the weighted check (which decides the undecided candidates together) and with the
    branch and bound (one by one); on late rounds of random schools events, with random
    orders and every budget from the round's shortfall up."""
    # More than any event here has: the explanation names every candidate passed over.
    monkeypatch.setattr(pairer_module, "SHOWN", 1000)
    rng = random.Random(seed)
    compared = 0
    for state in _event_states(seed)[-8:]:
        lot = random.Random(seed)
        fast = Pairer(state, random.Random(seed), weighted=True)
        slow = Pairer(state, random.Random(seed), weighted=False)
        if len(fast.cards) % 2 or len(fast.cards) < WEIGHTED_FROM:
            continue
        if defer:
            fast.oracle = _DeferringEverything(fast.school_bad, fast.legal_bad)
        for pairer in (fast, slow):
            pairer.oracle.relax(pairer.oracle.shortfall)
        while len(fast.paired) < len(fast.cards) - 2:
            left = [c for c in fast.cards if c.index not in fast.paired]
            player = lot.choice(left)
            order = [c for c in left if c is not player]
            rng.shuffle(order)
            found = fast.take_first(player, order)
            twin = [slow.cards[c.index] for c in order]
            expected = slow.take_first(slow.cards[player.index], twin)
            assert (found is None) == (expected is None), (seed, state.round_number)
            if found is None or expected is None:
                if fast.oracle.budget >= len(fast.cards) // 2:
                    break
                fast.oracle.relax()
                slow.oracle.relax()
                continue
            assert (found[0].index, found[1]) == (expected[0].index, expected[1])
            compared += 1
    assert compared


class _Counted(list[Card]):
    """Candidates that count how many of them were read in order."""

    read = 0

    def __iter__(self) -> Iterator[Card]:
        for card in super().__iter__():
            self.read += 1
            yield card


def test_esca_2_the_first_candidate_taken_without_reading_the_rest() -> None:
    """ESCA 2: a player takes the first candidate who leaves the rest pairable, so the
    candidates after him are never read (in a 2,000-player round 1 each top-half player
    has about 2,000 candidates; reading and placing them all for each was most of the
    round)."""
    state = next(iter(tournament_states(System.ESCA, players=60, rounds=5, seed=4)))
    pairer = Pairer(state, random.Random(4))
    player, *others = pairer.cards
    assert pairer.oracle.defers
    order = _Counted(sorted(others, key=lambda c: pairer.oracle.clash(player.index, c.index)))
    found = pairer.take_first(player, order)
    assert found is not None and found[0] is order[0]
    assert order.read == 1


def _networkx_cheapest(
    players: list[int], good_bad: list[frozenset[int]], legal_bad: list[frozenset[int]]
) -> int | None:
    """The fewest avoided pairs of a legal pairing of ``players``, by NetworkX's weighted
    matching of maximum cardinality (an avoided pair weighs 1, any other legal pair 2),
    computed apart from the oracle; None when they have no legal pairing."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if b not in legal_bad[a]:
                graph.add_edge(a, b, weight=1 if b in good_bad[a] else 2)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(players):
        return None
    return sum(1 for a, b in matching if b in good_bad[a])


@pytest.mark.parametrize("seed", range(8))
def test_esca_7_cheapest_pairing_as_networkx_at_150_players(seed: int) -> None:
    """ESCA 1, 7: the oracle's cheapest pairing (the project's weighted matching, on
    which the exact check rests) pairs everyone exactly when NetworkX's matching does,
    with as few avoided pairs, on random late-round graphs of 40-150 players, the sizes
    of the largest sweep rounds (#38), the whole field and the field less a few players;
    and with one player held to a few partners, as :meth:`Oracle.first_allowed` asks."""
    rng = random.Random(7700 + seed)
    players = 2 * rng.randrange(20, 76)
    good_bad, legal_bad = _random_graph(rng, players)
    oracle = Oracle(good_bad, legal_bad)
    # Every number of avoided pairs within the budget: a held pairing is refused (None)
    # only when there is none at all, as NetworkX says.
    oracle.relax(players // 2)
    everyone = list(range(players))
    for rest in (everyone, sorted(rng.sample(everyone, players - 2 * rng.randrange(1, 6)))):
        found = oracle._cheapest_pairing(frozenset(rest))
        expected = _networkx_cheapest(rest, good_bad, legal_bad)
        assert (None if found is None else found[1]) == expected, (seed, len(rest))
        if found is not None:
            mate = found[0]
            assert sorted(mate) == rest and all(mate[mate[v]] == v for v in rest)
            assert all(mate[v] not in legal_bad[v] for v in rest)
        a = rng.choice(rest)
        partners = frozenset(rng.sample([b for b in rest if b != a], 3))
        held = [set(row) for row in legal_bad]
        for b in rest:
            if b != a and b not in partners:
                held[a].add(b)
                held[b].add(a)
        held_bad = [frozenset(row) for row in held]
        found = oracle._cheapest_pairing(frozenset(rest), a, partners)
        expected = _networkx_cheapest(
            rest, [g | h for g, h in zip(good_bad, held_bad, strict=True)], held_bad
        )
        assert (None if found is None else found[1]) == expected, (seed, len(rest), a)
        if found is not None:
            assert found[0][a] in partners


def test_esca_weighted_check_does_without_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    """#38 item 3: the weighted check runs on the project's primal-dual matching, not on
    NetworkX's (2.4 times slower on the 32-64 players left in a 150-player event's
    hardest round, and 0.2 s to import); the answers stay the branch and bound's."""

    def refused(*args: object, **kwargs: object) -> object:
        raise AssertionError("NetworkX's matching was called")

    monkeypatch.setattr(nx, "max_weight_matching", refused)
    rng = random.Random(38)
    good_bad, legal_bad = _random_graph(rng, 30)
    probe = Oracle(good_bad, legal_bad, weighted=False)
    fast, slow = _oracles(good_bad, legal_bad, probe.shortfall)
    a, *others = range(30)
    assert fast.defers
    assert fast.first_allowed(a, others) == _first_by_search(slow, a, others)


@pytest.mark.parametrize("seed", range(12))
def test_esca_7_duals_refuse_only_what_the_matching_refuses(seed: int) -> None:
    """ESCA 1, 7: where the duals of the cheapest pairing of the players left say that
    a player held to some candidates cannot keep within the budget, a matching made
    for it (by an oracle that has not those duals) says the same; and on these late
    rounds the duals spare some of those matchings (#38 item 3: more than half in the
    hardest round of a 150-player event)."""
    rng = random.Random(9100 + seed)
    players = 2 * rng.randrange(20, 40)
    good_bad, legal_bad = _random_graph(rng, players)
    probe = Oracle(good_bad, legal_bad, weighted=False)
    oracle = Oracle(good_bad, legal_bad)
    oracle.relax(probe.shortfall + rng.randrange(2))
    rest = frozenset(range(players))
    cheapest = oracle._cheapest_pairing(rest)
    refused = 0
    for _ in range(20):
        a = rng.randrange(players)
        partners = frozenset(rng.sample([b for b in rest if b != a], rng.randrange(1, 6)))
        if oracle._held_beyond_budget(rest, a, partners):
            refused += 1
            fresh = Oracle(good_bad, legal_bad)
            fresh.relax(oracle.budget)
            found = fresh._cheapest_pairing(rest, a, partners)
            assert found is None or found[1] > oracle.budget, (seed, a, sorted(partners))
    assert cheapest is not None and refused
