"""#36 item 8: a malformed TRF file's error reads in the reader's language.

The engine's TRF reader raises its error with a message code and values; the event
import and the players' TRF import show the web app's template for that code, in the
active language, with the values filled in, and read in English exactly as the engine
words it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation

from pairing.engine.errors import TrfError
from pairing.engine.messages import words
from pairing.engine.trf import read_trf
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds.engine_words import TEMPLATES, render, trf_problem
from swissweb.tournament.rounds.engine_words_trf import FIELDS
from tests.engine.test_trf import A1, B1, HEADER

BAD_RATING = HEADER + A1.replace(" 2000 ", " 20x0 ") + "\n" + B1 + "\n"
"""A TRF whose first player's rating is ``20x0``: line 3, column 49."""
TRF_PACKAGE = Path(__file__).resolve().parents[2] / "pairing" / "engine" / "trf"


class _Catalogue:
    """A template translated into German only (the lead fills the real catalogue)."""

    def __init__(self, english: str, german: str) -> None:
        self.english, self.german = english, german

    def __str__(self) -> str:
        return self.german if translation.get_language() == "de" else self.english


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """The templates of a bad rating, a record's tag and a field's name, in German."""
    for code, template in {
        "trf.not_number": "%(what)s %(text)s ist keine Zahl",
        "trf.in_record": "%(tag)s: %(problem)s",
        "trf.no_system": "braucht den Namen eines Paarungssystems",
    }.items():
        monkeypatch.setitem(TEMPLATES, code, _Catalogue(str(TEMPLATES[code]), template))
    monkeypatch.setitem(FIELDS, "rating", _Catalogue("rating", "Elo"))


def _field_names() -> set[str]:
    """The field names the TRF reader passes as ``what``, read from its source."""
    found = set()
    for path in TRF_PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            last = (
                node.args[-1].value
                if node.args and isinstance(node.args[-1], ast.Constant)
                else None
            )
            if node.func.id in ("whole", "decimal", "_json_text") and isinstance(last, str):
                found.add(last)
            if node.func.id == "_ordered" and isinstance(last, str):
                found.update({last, f"first {last}", f"last {last}"})
            for keyword in node.keywords:
                value = keyword.value
                if keyword.arg == "what" and isinstance(value, ast.Constant):
                    found.add(str(value.value))
    return found


def test_every_field_a_trf_error_names_is_translatable() -> None:
    """``player 'x' is not a number``: the field's name is a word of the reader's language."""
    names = _field_names()
    assert {"player", "round", "rating", "game points", "first round"} <= names
    assert sorted(names - set(FIELDS)) == []


@pytest.mark.parametrize(
    "text",
    [
        BAD_RATING,
        HEADER + A1.replace("   2 w", "   9 w") + "\n",
        HEADER + A1 + "\n" + B1 + "\nSWY\n",
        HEADER + A1 + "\n" + B1 + "\n240 Q 002    1\n",
        HEADER + A1 + "\n" + B1 + "\nSWR   1 completed 1 2026-01-01T10:00:00+00:00 - -\n",
    ],
    ids=["rating", "opponent", "swy", "240", "swr"],
)
def test_trf_error_reads_in_english_as_the_engine_words_it(text: str) -> None:
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    with translation.override("en"):
        assert trf_problem(caught.value) == caught.value.message


def test_trf_problem_of_a_callers_own_text_is_that_text() -> None:
    assert trf_problem(TrfError("schon übersetzt", line=1, column=1)) == "schon übersetzt"


def test_trf_error_is_rendered_from_the_german_template(german: None) -> None:
    message = words("trf.in_record", tag="SWY", problem=words("trf.no_system"))
    with translation.override("de"):
        assert render(message) == "SWY: braucht den Namen eines Paarungssystems"
    with translation.override("en"):
        assert render(message) == "SWY needs the name of a pairing system"


@pytest.mark.django_db
def test_players_trf_with_a_bad_rating_is_refused_in_german(german: None) -> None:
    with translation.override("de"), pytest.raises(TournamentError) as refused:
        exports.players_from_trf(BAD_RATING)
    assert str(refused.value).endswith(": Elo '20x0' ist keine Zahl")
    assert "49" in str(refused.value)  # the column, in the German sentence around it


@pytest.mark.django_db
def test_malformed_trf_upload_reads_in_german(german: None, stranger_client: Client) -> None:
    """An event import from a file with a bad rating: refused, nothing made, and the
    arbiter reads what is wrong from the German template, the field's name translated."""
    before = Event.objects.count()
    response = stranger_client.post(
        "/events/import/",
        {"trf": SimpleUploadedFile("e.trf", BAD_RATING.encode())},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "Elo &#x27;20x0&#x27; ist keine Zahl" in page
    assert "is not a number" not in page
    assert Event.objects.count() == before
