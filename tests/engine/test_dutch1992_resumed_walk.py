"""1992 Dutch: a resumed level's walk through exchanges asks whether any is left (#38).

A C12 or C13 sub-search resumed after a pairing of its level asks
:func:`entering.refuted` once it has walked :data:`entering.RESUMED_WALK` places of the
exchanges' listing without a pairing (the listing marks those places, S1
:data:`entering.WALKED`).  Held here to the same pairings as when it never asks there.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import entering, levels
from pairing.engine.systems.dutch1992.brackets import Phase
from pairing.engine.systems.dutch1992.entering import Survivor, patient_survivors
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.listing import _Listing

from .test_dutch1992_entering import _lowest_bracket, _resumed_phases


def test_dutch_c12_a_resumed_walk_stops_where_the_question_says_none_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C8, C12: a resumed search reading only marks asks once, after
    RESUMED_WALK places past its first, and stops there without listing further;
    a reader behind the listing's end does not ask."""
    monkeypatch.setattr(entering, "RESUMED_WALK", 4)
    listed: list[int] = []

    def marks() -> Iterator[Survivor]:
        for place in range(100):
            listed.append(place)
            yield place, place, (), (), entering.WALKED

    def nothing(index: int, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> Iterator[Phase]:
        raise AssertionError("a mark is not searched")

    asked: list[int] = []

    def ask() -> bool:
        asked.append(len(listed))
        return True

    survivors = _Listing(marks())
    read = list(patient_survivors(survivors, (10, ()), lambda _: True, nothing, ask))
    assert read == []
    assert asked == [15]  # places 10 to 14: asked at the fifth, nothing listed after it
    assert len(listed) == 15
    asked.clear()
    assert list(patient_survivors(survivors, (0, ()), lambda _: True, nothing, ask)) == []
    assert asked == [15]  # not asked until it reads the last place listed so far
    assert len(listed) == 15


def test_dutch_c12_resumed_levels_asked_on_their_walk_give_the_same_pairings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, C8, C12: levels entered again after a pairing with one more player kept
    up give the same pairings in the same order whether they ask after every place
    walked or never, and the question asked on the walk ends some."""
    rng = random.Random(8085)
    answers: list[bool] = []
    refuted = entering.refuted

    def counted(*args: Any) -> bool:
        answer = refuted(*args)
        answers.append(answer)
        return answer

    monkeypatch.setattr(levels, "refuted", counted)
    stopped = 0
    for _ in range(30):
        players = _lowest_bracket(rng)
        monkeypatch.setattr(entering, "RESUMED_WALK", 1)
        early = _resumed_phases(LevelSearch(Feasibility()), players)
        early_true = answers.count(True)
        answers.clear()
        monkeypatch.setattr(entering, "RESUMED_WALK", 10**9)
        never = _resumed_phases(LevelSearch(Feasibility()), players)
        stopped += early_true - answers.count(True)
        answers.clear()
        assert early == never
    assert stopped > 5
