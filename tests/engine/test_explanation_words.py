"""#36 item 8: every step of a pairing's explanation carries its words (a code and values).

A system's procedure writes each step as ``Explanation(rule=..., words=words(...))``, so
an application shows the round's "why" in its reader's language; the English ``text``
is the message's own.  Checked two ways: in the source (no step written as English
text alone), and on the events of the behaviour corpus (every step of every round of
the smaller events has a known code whose English is the step's text).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from pairing.engine import System
from pairing.engine.messages import ENGLISH, Message

from .corpus import CORPUS, replay

SYSTEMS = Path(__file__).resolve().parents[2] / "pairing" / "engine" / "systems"
SMALL = ("007p", "012p", "030p")
"""The corpus sizes replayed here (the full corpus is replayed by test_corpus)."""
EVENTS = sorted(path.stem for path in CORPUS.glob("*.json") if path.stem.split("-")[1] in SMALL)


def _unworded_steps() -> list[str]:
    """Each ``Explanation(...)`` call of the systems without a ``words=`` keyword."""
    found = []
    for path in sorted(SYSTEMS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Explanation"
                and not any(k.arg == "words" for k in node.keywords)
            ):
                found.append(f"{path.relative_to(SYSTEMS)}:{node.lineno}")
    return found


def test_every_step_a_system_writes_is_worded_in_the_source() -> None:
    assert _unworded_steps() == []


def _codes(message: Message) -> set[str]:
    inner = (v for v in message.values.values() if isinstance(v, Message))
    return {message.code}.union(*(_codes(v) for v in inner))


def test_the_smaller_corpus_events_cover_every_system() -> None:
    assert {name.split("-")[0] for name in EVENTS} == {system.value for system in System}


@pytest.mark.parametrize("name", EVENTS)
def test_every_step_of_a_corpus_event_has_a_known_code_reading_as_its_text(name: str) -> None:
    record = json.loads((CORPUS / f"{name}.json").read_text(encoding="utf-8"))
    text = (CORPUS / f"{name}.trf").read_text(encoding="utf-8")
    system = System(record["system"])
    for played in record["rounds"]:
        pairing = replay(system, text, played["round"], played["seed"])
        for step in pairing.explanation:
            assert step.words is not None, (name, played["round"], step.text)
            assert _codes(step.words) <= set(ENGLISH)
            assert str(step.words) == step.text
