"""The sentences the page scripts write (``swissweb.script_text``) in every language
the app offers: each translated, with the English placeholders kept."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory
from django.utils import translation

from swissweb.script_text import script_text

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def _sentences(language: str) -> dict[str, str]:
    with translation.override(language):
        return dict(script_text(RequestFactory().get("/"))["script_text"])


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_script_sentence_is_translated_with_its_placeholders(language: str) -> None:
    """Defect: the board box's "blocked" sentence was written with \\u escapes, which the
    catalogue kept as six characters, so it was never translated."""
    english = _sentences("en-gb")
    translated = _sentences(language)
    assert translated.keys() == english.keys()
    for key, text in english.items():
        assert translated[key] != text, f"{key} is not translated into {language}"
        assert set(PLACEHOLDER.findall(translated[key])) == set(PLACEHOLDER.findall(text)), key
