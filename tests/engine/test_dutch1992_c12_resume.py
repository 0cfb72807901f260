"""1992 Dutch C12: a sub-search resumes after the candidates of the sub-searches keeping
up all its players but one (#38).

FIDE Handbook C.04.1 (1992 text) C12.  The previous bracket's candidates are split by
the players they keep up (``Search.alternatives``): a sub-search keeping the players K
up gives only candidates of each sub-search keeping K less one player up, so when that
one's first candidate moves down a player of K, its own first comes after that one.  It
resumes after the latest such candidate instead of after the one it was split from
(round 65 of the 150-player, 127-round event of seed 2796 walked thousands of exchanges
again for each).  Held here to walking the candidates one by one, on random lists of
candidates standing for a bracket's.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket, Candidate
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.procedure import Search


@dataclass(frozen=True)
class _Player:
    number: int

    @property
    def key(self) -> int:
        """The A2 order stands in as the number."""
        return self.number


def _candidate(index: int, down: tuple[int, ...]) -> Candidate:
    return Candidate(
        pairs=(),
        moved_down=tuple(cast(Entrant, _Player(n)) for n in down),
        phases=(),
        stage=(0,),
        heterogeneous=False,
        order=((0,), index),
    )


class _Listed:
    """A bracket's candidates in procedure order, as :class:`CandidateSearch` gives
    them: those after ``after`` moving none of ``keep`` down; each call recorded."""

    def __init__(self, listed: list[Candidate]) -> None:
        self.listed = listed
        self.calls: list[tuple[frozenset[int], tuple[object, ...] | None, Candidate | None]] = []

    def candidates(
        self,
        bracket: Bracket,
        *,
        keep: frozenset[int],
        after: tuple[object, ...] | None,
        **options: object,
    ) -> Iterator[Candidate]:
        call = len(self.calls)
        self.calls.append((keep, after, None))
        for candidate in self.listed:
            if after is not None and candidate.order <= after:
                continue
            if any(p.number in keep for p in candidate.moved_down):
                continue
            self.calls[call] = (keep, after, candidate)
            yield candidate


def test_dutch1992_c12_sub_search_resumes_after_its_parts() -> None:
    """The first candidate moving down a good set new to the search is the one walking
    the candidates finds; every sub-search starts after the first candidate of each
    sub-search with one player fewer kept up that moves one of its players down, and
    some have two such candidates (so one is not the one it was split from)."""
    twice = 0
    for seed in range(60):
        rng = random.Random(seed)
        sets = list(itertools.combinations(range(1, rng.randint(5, 8)), 2))
        listed = [_candidate(i, rng.choice(sets)) for i in range(rng.randint(20, 60))]
        good_sets: set[tuple[int, ...]] = {down for down in sets if rng.random() < 0.15}
        search = Search.__new__(Search)
        fake = _Listed(listed)
        search.candidate_search = fake  # type: ignore[assignment]  # the listing stands in
        previous = Accepted(
            bracket=cast(Bracket, None), candidate=_candidate(-1, sets[0]), forced_down=(), notes=()
        )

        def good(option: Accepted, good_sets: set[tuple[int, ...]] = good_sets) -> bool:
            return tuple(p.number for p in option.candidate.moved_down) in good_sets

        found = search.alternatives(previous, good, same_stage=True)
        walked = [
            c.order
            for c in listed
            if tuple(p.number for p in c.moved_down) in good_sets - {sets[0]}
        ]
        assert (found.candidate.order if found is not None else None) == next(iter(walked), None)
        for index, (keep, after, _) in enumerate(fake.calls):
            orders = set()
            for fewer, _, first in fake.calls[:index]:
                if first is None or len(fewer) + 1 != len(keep) or not fewer < keep:
                    continue
                if any(p.number in keep for p in first.moved_down):
                    assert after is not None and after >= first.order
                    orders.add(first.order)
            twice += len(orders) > 1
    assert twice > 10
