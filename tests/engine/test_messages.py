"""#36 item 8: the engine's refusals and draft checks carry a message code and values.

The English text stays what the command line and the tests read (``str()``), rendered
from :data:`pairing.engine.messages.ENGLISH`, so a message's code and its words cannot
drift apart; every refusal of the state's check and every broken criterion of the
draft checks is raised with one.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from pairing.engine import InvalidState, NoValidPairing, System, pair_round
from pairing.engine.legality import Violation
from pairing.engine.messages import ENGLISH, Message, words

from .builders import build
from .test_validation import CASES

ENGINE = Path(__file__).resolve().parents[2] / "pairing" / "engine"
WORDED = ("validation.py", "history.py", "legality.py", "tiebreaks/context.py")
"""The modules whose refusals and violations are all worded by code."""


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_state_refusal_carries_its_message_code(case: str) -> None:
    make, _ = CASES[case]
    with pytest.raises(InvalidState) as refused:
        pair_round(make(), System.DUTCH, seed=1)
    found = refused.value.words
    assert found is not None
    assert found.code in ENGLISH
    assert str(refused.value) == str(found)


def _calls_without_words(path: Path) -> list[str]:
    """``line: name`` for each InvalidState(...) or Violation(...) not given a message."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        # Violation(words=...); InvalidState(words(...)) or a helper's (_record_problem(...)).
        worded = (
            any(k.arg == "words" for k in node.keywords)
            if node.func.id == "Violation"
            else bool(node.args) and isinstance(node.args[0], ast.Call)
        )
        if node.func.id in ("Violation", "InvalidState") and not worded:
            found.append(f"{node.lineno}: {node.func.id}")
    return found


@pytest.mark.parametrize("module", WORDED)
def test_every_refusal_and_violation_of_the_module_is_raised_with_words(module: str) -> None:
    assert _calls_without_words(ENGINE / module) == []


def test_message_english_is_rendered_from_the_table() -> None:
    message = words("state.paired_twice", round=1, player=1, opponents=(4, 6))
    assert str(message) == "round 1: player 1 is paired twice (against 4 and 6)"


def test_message_with_an_unknown_code_is_refused_at_once() -> None:
    with pytest.raises(KeyError, match="state.no_such_thing"):
        Message("state.no_such_thing", {})


def test_invalid_state_keeps_its_message_when_pickled() -> None:
    """A child process's refusal crosses a pipe with its code and values."""
    error = InvalidState(words("state.two_requests", round=2, player=5))
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, InvalidState)
    assert again.words == error.words
    assert str(again) == "round 2: player 5 has two requests"


def test_invalid_state_from_a_plain_string_has_no_words() -> None:
    assert InvalidState("something else").words is None


def test_violation_message_is_the_english_of_its_words() -> None:
    found = Violation(rule="pairing", words=words("draft.not_paired", player=3))
    assert found.message == "player 3 is not paired"
    with pytest.raises(ValueError, match="not the words'"):
        Violation(rule="pairing", message="other text", words=words("draft.not_paired", player=3))


SYSTEM_MODULES = sorted(
    str(path.relative_to(ENGINE)) for path in (ENGINE / "systems").rglob("*.py")
) + ["registry.py"]
"""Where a system says it found no pairing, or the engine that it does not do something."""


def _errors_without_words(path: Path) -> list[str]:
    """``line: name`` for each NoValidPairing(...) or UnsupportedFeature(...) not given a
    message (``words(...)``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id not in ("NoValidPairing", "UnsupportedFeature"):
            continue
        first = node.args[0] if node.args else None
        if not (isinstance(first, ast.Call) and getattr(first.func, "id", "") == "words"):
            found.append(f"{node.lineno}: {node.func.id}")
    return found


@pytest.mark.parametrize("module", SYSTEM_MODULES)
def test_every_no_pairing_and_unsupported_of_the_module_is_raised_with_words(
    module: str,
) -> None:
    assert _errors_without_words(ENGINE / module) == []


def test_the_check_finds_a_no_pairing_raised_with_text(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('raise NoValidPairing(f"round {n}: no pairing")\n')
    assert _errors_without_words(bad) == ["1: NoValidPairing"]


def test_no_pairing_of_the_system_reads_as_before_and_keeps_its_words() -> None:
    """Dutch C1-C3: two players who have met cannot meet again."""
    state = build(2, [[(1, 2, "1-0")]])
    with pytest.raises(NoValidPairing) as refused:
        pair_round(state, System.DUTCH, seed=1)
    assert refused.value.words is not None
    assert refused.value.words.code.startswith("pairing.dutch")
    assert str(refused.value) == str(refused.value.words)


def test_relative_warnings_are_messages_whose_english_is_the_old_text() -> None:
    message = words("warning.different_scores", board=3, white=5, black=8, rule="Dutch B3")
    assert str(message) == "Board 3: players 5 and 8 have different scores (Dutch B3)."
    again = words("warning.same_colour_again", board=2, player=4, rule="C.04.3 C12")
    assert str(again) == "Board 2: player 4 gets the same colour as in the last game (C.04.3 C12)."
