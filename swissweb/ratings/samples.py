"""Rating list files in FIDE's published layouts, made up, for tests, the benchmark and
the demo (the real lists cannot be downloaded where those run).

``fide_txt`` writes the combined TXT list as FIDE's ``players_list_foa.txt`` lays it
out (a header line naming fixed-width columns: ID Number, Name, Fed, Sex, Tit, WTit,
OTit, FOA, SRtng, SGm, SK, RRtng, RGm, Rk, BRtng, BGm, BK, B-day, Flag); ``fide_xml``
the XML list (``players_list_xml_foa.xml``: ``<playerslist>``, one ``<player>`` each).
The same seed gives the same players in both.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from xml.sax.saxutils import escape

from swissweb.ratings.formats import Entry

_LAST = ["Carlsen", "Müller", "Ångström", "García", "Nakamura", "Øvergaard", "Smith",
         "Kowalski", "Dubois", "Rossi", "Jones", "Petrov", "Novák", "Fernández", "Kim"]  # fmt: skip
_FIRST = ["Magnus", "Anna", "Åsa", "José", "Hikaru", "Ingrid", "John", "Zofia", "Marie",
          "Luca", "Emma", "Ivan", "Jana", "Lucía", "Min"]  # fmt: skip
_SYLLABLES = ["ka", "ro", "mi", "sen", "berg", "lo", "va", "ni", "ko", "dar", "vic", "ha",
              "ta", "mur", "li", "ne", "go", "ev", "an", "ski", "ez", "son", "to", "ri",
              "ma", "chen", "wa", "ber", "ly", "ö", "ä", "ü", "el", "ov", "in", "us",
              "dé", "ham", "ra", "zu"]  # fmt: skip
"""Made-up surnames are two to four of these: a long list repeats few names, as FIDE's
does, so that a name search is measured on names spread like real ones."""
_FEDS = ["NOR", "GER", "SWE", "ESP", "USA", "DEN", "ENG", "POL", "FRA", "ITA", "RUS", "CZE"]
_TITLES = ["", "", "", "", "", "", "", "", "FM", "IM", "GM", "CM"]

TXT_HEADER = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
"""The header line of FIDE's combined TXT list."""


def entries(count: int, seed: int = 0) -> Iterator[Entry]:
    """``count`` made-up players, FIDE IDs from 100001 upwards."""
    rng = random.Random(seed)
    for index in range(count):
        woman = rng.random() < 0.2
        title = rng.choice(_TITLES)
        if index < 200:
            surname = rng.choice(_LAST)
        else:
            surname = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4)))
        name = f"{surname.capitalize()}, {rng.choice(_FIRST)}"
        yield Entry(
            player_id=str(100001 + index),
            name=name,
            federation=rng.choice(_FEDS),
            sex="w" if woman else "m",
            title=("W" + title if woman and title in ("GM", "IM", "FM") else title),
            birth_year=rng.randint(1940, 2018),
            standard=rng.randint(1001, 2850) if rng.random() < 0.9 else None,
            rapid=rng.randint(1001, 2850) if rng.random() < 0.5 else None,
            blitz=rng.randint(1001, 2850) if rng.random() < 0.4 else None,
            inactive=rng.random() < 0.3,
        )


def _txt_line(e: Entry) -> str:
    def rating(value: int | None) -> str:
        return str(value) if value else ""

    women = e.title if e.title.startswith("W") else ""
    title = "" if women else e.title
    # FIDE's columns count bytes: a letter of two bytes in UTF-8 takes two of them.
    name = e.name + " " * (61 - len(e.name.encode()))
    flag = ("i" if e.inactive else "") + ("w" if e.sex == "w" else "")
    return (
        f"{e.player_id:<15}{name}{e.federation:<4}{e.sex.upper().replace('W', 'F'):<4}"
        f"{title:<5}{women:<5}{'':<15}{'':<4}{rating(e.standard):<6}{'0':<4}{'20':<3}"
        f"{rating(e.rapid):<6}{'0':<4}{'20':<3}{rating(e.blitz):<6}{'0':<4}{'20':<3}"
        f"{e.birth_year or '':<6}{flag}"
    ).rstrip()


def fide_txt(count: int, seed: int = 0) -> Iterator[str]:
    """The combined TXT list, one line at a time (header first), CR LF ended, to be
    written in UTF-8 (the columns are counted in its bytes)."""
    yield TXT_HEADER + "\r\n"
    for e in entries(count, seed):
        yield _txt_line(e) + "\r\n"


def fide_xml(count: int, seed: int = 0) -> Iterator[str]:
    """The XML list, one player at a time."""
    yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
    for e in entries(count, seed):
        women = e.title if e.title.startswith("W") else ""
        fields = {
            "fideid": e.player_id, "name": e.name, "country": e.federation,
            "sex": "F" if e.sex == "w" else "M", "title": "" if women else e.title,
            "w_title": women, "o_title": "", "foa_title": "",
            "rating": e.standard or "", "games": 0, "k": 20,
            "rapid_rating": e.rapid or "", "rapid_games": 0, "rapid_k": 20,
            "blitz_rating": e.blitz or "", "blitz_games": 0, "blitz_k": 20,
            "birthday": e.birth_year or "", "flag": "i" if e.inactive else "",
        }  # fmt: skip
        body = "".join(f"<{k}>{escape(str(v))}</{k}>" for k, v in fields.items())
        yield f"<player>{body}</player>\n"
    yield "</playerslist>\n"
