"""#36 item 8: the TRF reader's errors carry a message code and values.

``TrfError`` keeps the reader's message (``trf.`` codes, ``pairing.engine.messages_trf``)
as ``words``, its English as ``message`` and after the line and column as ``str()``,
so the command line reads as before and the web app words it in its reader's language.
"""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.messages import ENGLISH, Message, words
from pairing.engine.messages_trf import TRF
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf

from .builders import build
from .test_trf import A1, B1, HEADER

TRF_PACKAGE = Path(__file__).resolve().parents[2] / "pairing" / "engine" / "trf"
RAISERS = {"TrfError", "fail", "record_error", "error", "title_error", "round_error",
           "_explanation_error"}  # fmt: skip
"""What makes a TrfError in the reader: the class, and its helpers."""


def _unworded(path: Path) -> list[str]:
    """``line: name`` for each TrfError made from text rather than a message."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else None
        name = node.func.id if isinstance(node.func, ast.Name) else name
        if name not in RAISERS:
            continue
        # The message is the first argument, or the second after a record (or a round).
        texts = [a for a in node.args if isinstance(a, (ast.JoinedStr, ast.BinOp))
                 or (isinstance(a, ast.Constant) and isinstance(a.value, str))]  # fmt: skip
        if texts:
            found.append(f"{node.lineno}: {name}")
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in TRF_PACKAGE.glob("*.py")))
def test_every_trf_reading_error_of_the_module_is_raised_with_words(module: str) -> None:
    assert _unworded(TRF_PACKAGE / module) == []


def test_the_check_finds_an_error_made_from_text(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        'raise record_error(record, f"{what} is wrong", 5)\n'
        'raise TrfError("plain", line=1, column=1)\n'
        'raise fail(words("trf.no_system"), 5)\n'
    )
    assert _unworded(bad) == ["1: record_error", "2: TrfError"]


def test_trf_codes_are_engine_codes_with_the_trf_prefix() -> None:
    assert all(code.startswith("trf.") for code in TRF)
    assert set(TRF) <= set(ENGLISH)


def test_a_bad_player_line_reads_as_before_and_keeps_its_words() -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(HEADER + A1.replace(" 2000 ", " 20x0 ") + "\n" + B1)
    error = caught.value
    assert str(error) == "line 3, column 49: rating '20x0' is not a number"
    assert error.words == words("trf.not_number", what="rating", text="'20x0'")
    assert error.message == str(error.words)


def test_a_record_error_names_its_tag_then_the_fields_problem() -> None:
    text = write_trf(trf_from_state(build(4)))
    with pytest.raises(TrfError) as caught:
        state_from_trf(read_trf(text + "SWO lim_maxi=2\r\n"))
    found = caught.value.words
    assert found is not None and found.code == "trf.in_record"
    assert found.values["tag"] == "SWO"
    problem = found.values["problem"]
    assert isinstance(problem, Message) and problem.code == "trf.option_value"
    assert caught.value.message == "SWO option lim_maxi must be 0 or 1, not '2'"


def test_trf_error_keeps_its_words_line_and_column_when_pickled() -> None:
    """A child process's reading error crosses a pipe whole."""
    error = TrfError(words("trf.no_system"), line=4, column=5, text="SWY")
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, TrfError)
    assert (again.words, again.line, again.column, again.text) == (error.words, 4, 5, "SWY")
    assert str(again) == "line 4, column 5: needs the name of a pairing system"


def test_trf_error_from_a_callers_own_text_has_no_words() -> None:
    error = TrfError("already in German", line=2, column=1)
    assert error.words is None
    assert str(error) == "line 2, column 1: already in German"
