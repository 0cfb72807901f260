"""Names folded for searching: the words a player may type for a listed name.

A name's words are cut at spaces, commas and hyphens (each part of "García-López" is a
word of its own), apostrophes are dropped ("O'Brien" is "obrien"), accents are
dropped (``unicodedata`` NFKD) and letters that do not decompose are written as the
base letters a keyboard has ("ø" -> "o").  German writes an umlaut as the vowel and an
"e" when the umlaut is missing ("Müller" and "Mueller" are one name), so a word with an
umlaut is stored both ways ("muller", "mueller") and a word spelled with "ae", "oe" or
"ue" before a consonant also without the "e" ("Mueller" gives "mueller" and "muller";
"Joe" stays "joe", the "e" ending it).  "mueller", "muller" and "Müller" all find
"Müller", and "muller" finds "Mueller", with no variants of what is typed (each would
be one more range of the index to read).
"""

from __future__ import annotations

import functools
import re
import unicodedata

LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l",
                         "þ": "th", "ð": "d", "ı": "i", "ħ": "h"})  # fmt: skip
"""Letters that Unicode does not decompose into a base letter and an accent, written as
the base letters a player types on a keyboard without them."""

_APOSTROPHES = re.compile(r"['’‘`´ʼ]")
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_SEPARATORS = re.compile(r"[\s,\-‐–]+")
_E_PAIRS = re.compile(r"([aou])e(?=[b-df-hj-np-tv-z])")
MAX_TOKEN = 40
"""The longest word stored (a longer one is stored by its first 40 letters)."""


def plain(text: str) -> str:
    """``text`` lower-cased without accents, apostrophes or other marks, words split
    at anything but letters and digits (``"O'Brien-Smyth"`` -> ``"obrien smyth"``)."""
    text = _APOSTROPHES.sub("", text.lower().translate(LETTERS))
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def query_words(query: str) -> list[str]:
    """The words of a search, folded as names are, each once, in the order typed."""
    return list(dict.fromkeys(w[:MAX_TOKEN] for w in plain(query).split()))


@functools.lru_cache(maxsize=65536)
def _forms(raw: str) -> tuple[str, ...]:
    """The folded forms of one word of a name (lists repeat their words: cached)."""
    base = plain(raw).replace(" ", "")
    if not base:
        return ()
    forms = [base, plain(raw.translate(_UMLAUTS)).replace(" ", ""), _E_PAIRS.sub(r"\1", base)]
    # "d'Artagnan" is also found as "artagnan", "O'Brien" as "brien".
    _, mark, tail = _APOSTROPHES.sub("'", raw).partition("'")
    if mark and len(tail_word := plain(tail).replace(" ", "")) >= 2:
        forms.append(tail_word)
    return tuple(dict.fromkeys(f[:MAX_TOKEN] for f in forms))


def name_words(name: str) -> list[str]:
    """Every word a search may match in ``name``: each word folded, plus the German
    spellings of an umlaut (see the module docstring), each once."""
    words: dict[str, None] = {}
    for raw in _SEPARATORS.split(name.lower().translate(LETTERS)):
        words.update(dict.fromkeys(_forms(raw)))
    return list(words)


def search_text(name: str) -> str:
    """The words of :func:`name_words` as one string, each between spaces, for a
    search to look for a word's start in (``" obrien brien john "``)."""
    return " " + " ".join(name_words(name)) + " "
