"""Why a player floats down (FIDE C.04.3 2026, Article 1.4.1): the reasons of one
bracket depend on the bracket, not on the floater, so each is made and rendered once a
bracket, and a floater's sentence is rendered with its reason's English (#38); the
sentence is the English of its message, as when the message rendered its reason.  C3
keeps apart only two players who both have an absolute preference, so only such a
floater's bracket mates are asked of it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.messages import Message
from pairing.engine.systems.dutch import round as round_module
from pairing.engine.systems.dutch.entrants import Entrant, colours_allow
from tests.engine.test_dutch_bracket_weights_unmet import late_states


def test_1_4_1_each_reason_rendered_once_a_bracket(monkeypatch: pytest.MonkeyPatch) -> None:
    rendered: list[str] = []
    counting = False  # not while the event's rounds are drawn
    real = Message.__str__

    def counted(message: Message) -> str:
        if counting:
            rendered.append(message.code)
        return real(message)

    monkeypatch.setattr(Message, "__str__", counted)
    floaters = distinct = 0
    for state in late_states():
        with contextlib.suppress(NoValidPairing):  # the round the event stopped before
            counting = True
            explanation = pair_round(state, System.DUTCH, seed=1).explanation
            counting = False
            for note in explanation:
                assert note.words is not None
                assert note.text == str(note.words)
            # Each bracket's sentences follow its head (rule 2-4).
            kinds: list[set[str]] = []
            for note in explanation:
                assert note.words is not None
                if note.rule == "C.04.3 2-4":
                    kinds.append(set())
                elif note.rule == "C.04.3 1.4.1":
                    why = note.words.values["why"]
                    assert isinstance(why, Message)
                    kinds[-1].add(why.code)
                    floaters += 1
            distinct += sum(len(k) for k in kinds)
    reasons = sum(1 for code in rendered if code.startswith("explain.dutch.why_"))
    # One rendering a reason a bracket, none a floater's sentence: fewer than one a
    # floater (the sentences were rendered with their reasons before).
    assert reasons == distinct
    assert 2 * reasons < floaters
    assert "explain.dutch.float_down" not in rendered


def test_c3_asked_only_of_floaters_with_an_absolute_preference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[Entrant, Entrant]] = []

    def spy(a: Entrant, b: Entrant) -> bool:
        asked.append((a, b))
        return colours_allow(a, b)

    states = late_states()
    expected = []
    for state in states:
        with contextlib.suppress(NoValidPairing):
            expected.append((state, pair_round(state, System.DUTCH, seed=1).explanation))
    check: Callable[[Entrant, Entrant], bool] = spy
    monkeypatch.setattr(round_module, "colours_allow", check)
    for state, explanation in expected:
        assert pair_round(state, System.DUTCH, seed=1).explanation == explanation
    assert asked
    assert all(a.absolute for a, _ in asked)
