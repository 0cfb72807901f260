"""Behaviour kept: every round of the corpus pairs exactly as it was recorded.

The corpus (``tests/data/corpus``, built by :mod:`tests.engine.corpus`) holds random
events of every system with the boards, colours, bye and explanation of each round.  A
change to a reader, an engine or an option that alters any of them fails here; a change
meant to alter them regenerates the corpus and says what changed in its commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pairing.engine import System

from .corpus import CORPUS, answer, replay

EVENTS = sorted(path.stem for path in CORPUS.glob("*.json"))


def test_corpus_covers_every_system_and_size() -> None:
    systems = {name.split("-")[0] for name in EVENTS}
    assert systems == {system.value for system in System}
    assert len(EVENTS) >= 4 * 14


@pytest.mark.parametrize("name", EVENTS)
def test_corpus_event_pairs_every_round_as_recorded(name: str) -> None:
    record = json.loads((CORPUS / f"{name}.json").read_text(encoding="utf-8"))
    text = (CORPUS / f"{name}.trf").read_text(encoding="utf-8")
    system = System(record["system"])
    for expected in record["rounds"]:
        pairing = replay(system, text, expected["round"], expected["seed"])
        got = {"round": expected["round"], "seed": expected["seed"], **answer(pairing)}
        assert got == expected, f"{name} round {expected['round']}"


def test_corpus_files_come_in_pairs() -> None:
    trf = {path.stem for path in Path(CORPUS).glob("*.trf")}
    assert trf == set(EVENTS)
