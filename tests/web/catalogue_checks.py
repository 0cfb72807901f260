"""What the language tests check of every catalogue (German, French): each entry
translated, each placeholder kept, the committed ``.mo`` the ``.po`` compiled."""

from __future__ import annotations

import gettext as gnu_gettext
import re
from pathlib import Path

import polib

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def entries(po: Path) -> list[polib.POEntry]:
    """The catalogue's entries in use (not the obsolete ones)."""
    return [entry for entry in polib.pofile(str(po)) if not entry.obsolete]


def untranslated(po: Path) -> list[str]:
    """The msgids without a translation, or with a fuzzy one."""
    return [e.msgid for e in entries(po) if "fuzzy" in e.flags or not e.translated()]


def wrong_placeholders(po: Path) -> list[tuple[str, str]]:
    """Translations that lose a name the English fills in, or use another (a missing one
    loses a fact, an unknown one fails the page).  Each plural form keeps the names of
    its English form; the count may be left out ("ein Spieler")."""
    wrong = []
    for entry in entries(po):
        singular = set(PLACEHOLDER.findall(entry.msgid))
        if not entry.msgid_plural:
            if set(PLACEHOLDER.findall(entry.msgstr)) != singular:
                wrong.append((entry.msgid, entry.msgstr))
            continue
        plural = set(PLACEHOLDER.findall(entry.msgid_plural))
        for index, text in entry.msgstr_plural.items():
            names = set(PLACEHOLDER.findall(text))
            needed = singular if int(index) == 0 else plural
            if not names <= singular | plural or not needed - {"counter"} <= names:
                wrong.append((entry.msgid, text))
    return wrong


def compiled_and_expected(po: Path) -> tuple[dict[object, str], dict[object, str]]:
    """The messages of the committed ``.mo`` beside ``po``, and those the ``.po`` holds:
    equal when the ``.mo`` is the ``.po`` compiled (``make messages``)."""
    with po.with_suffix(".mo").open("rb") as file:
        compiled = gnu_gettext.GNUTranslations(file)
    # gettext keeps the parsed .mo in a private field; no public API lists its messages.
    catalogue = compiled._catalog  # type: ignore[attr-defined]  # private field, read only
    expected: dict[object, str] = {}
    for entry in entries(po):
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            for index, text in entry.msgstr_plural.items():
                expected[(key, int(index))] = text
        else:
            expected[key] = entry.msgstr
    actual = {key: value for key, value in catalogue.items() if key != ""}
    return actual, expected
