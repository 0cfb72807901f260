"""FIDE C.07 tie-breaks as FIDE's own checker computes them, both texts.

``tests/data/tiebreak-checker/values.json`` holds the values that FIDE's tie-break
checker (TieBreakServer) computed for the four real events of ``tests/data/tiebreaks``
and for 30 random finished events of every pairing system of this project
(``tests/data/tiebreak-checker/*.trf``): points, Buchholz, Buchholz cut-1 and
Sonneborn-Berger under the 2024 text and under the text amended from 1 March 2026
(Article 16.4), progressive scores and their cuts, wins, games won, games with Black,
games won with Black, rounds elected to play, pairing numbers, standard points (Article
7), the average of the opponents' Buchholz (8.2, also of their Fore Buchholz) and Fore
Buchholz (8.3, also with its cuts and medians) in both texts, the cut and median
modifiers (BH-C2, BH-M1, BH-M2, SB-C1, SB-C2; Article 14 with 16.5) in both texts,
Koya (KS, KS/L40, KS/L-2, KS/L+1), the rating tie-breaks of Article 10 (ARO with its
cuts and medians, TPR, PTP, APRO, APPO) as the checker gives them without a rating for
unrated players and with ``-u 1000`` (``/U1000``), and direct encounter (Article 6)
applied right after points.  A key is the checker's code for the value; every value
must come out the same here.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from pairing.engine.standings import standings
from pairing.engine.tiebreaks import (
    TieBreak,
    TieBreakContext,
    UnplayedRounds,
    parse_tiebreak,
    points,
    tiebreak_context,
    value_function,
)
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .reference_data import DATA

VALUES: dict[str, dict[str, dict[str, str | None]]] = json.loads(
    (DATA / "tiebreak-checker" / "values.json").read_text(encoding="utf-8")
)
"""Each event's file, relative to ``tests/data``, and each player's values."""
EDITIONS = {"V2024": UnplayedRounds.FIDE_2023, "V2026": UnplayedRounds.FIDE_2026}
"""The checker's modifiers for the two texts of C.07 (2024; amended from 1 March 2026)."""


def _setting(key: str) -> tuple[str, UnplayedRounds, int | None]:
    """A value's key as the checker was asked for it (``BH/C1/V2026``, ``TPR/U1000``):
    our code, the text of C.07, and the rating of unrated players (``-u``)."""
    parts = key.split("/")
    edition = UnplayedRounds.FIDE_2023
    unrated = None
    code = []
    for part in parts:
        if part in EDITIONS:
            edition = EDITIONS[part]
        elif part.startswith("U") and part[1:].isdigit():
            unrated = int(part[1:])
        else:
            code.append(part)
    return "/".join(code), edition, unrated


def _ours(name: str, keys: set[str]) -> dict[int, dict[str, Fraction]]:
    """Our value of every key for every player of the event in ``name``."""
    state = state_from_trf(read_trf(decode_trf((DATA / name).read_bytes())))
    state = replace(state, requests=())
    found: dict[int, dict[str, Fraction]] = {int(p.pairing_number): {} for p in state.players}
    contexts: dict[tuple[UnplayedRounds, int | None], TieBreakContext] = {}
    for key in sorted(keys):
        code, edition, unrated = _setting(key)
        if code == "DE":
            for row in standings(state, tiebreaks=(TieBreak.DE,)):
                found[int(row.pairing_number)][key] = row.values[0]
            continue
        context = contexts.setdefault(
            (edition, unrated),
            tiebreak_context(state, unplayed=edition, unrated_rating=unrated),
        )
        compute = points if code == "PTS" else value_function(parse_tiebreak(code))
        for number in context.players:
            found[int(number)][key] = compute(context, number)
    return found


def test_the_checkers_values_cover_what_they_should() -> None:
    """The data is not trivial: DE separates players, and the two texts differ."""
    assert len(VALUES) == 34
    rows = [row for event in VALUES.values() for row in event.values()]
    assert sum(1 for row in rows if row["DE"] != "0") > 20
    assert sum(1 for row in rows if row["BH/V2024"] != row["BH/V2026"]) > 50
    assert sum(1 for row in rows if row["SB/V2024"] != row["SB/V2026"]) > 50


@pytest.mark.parametrize("name", sorted(VALUES))
def test_c07_tiebreaks_equal_fides_checker(name: str) -> None:
    expected = VALUES[name]
    ours = _ours(name, {code for row in expected.values() for code in row})
    assert sorted(ours) == sorted(int(n) for n in expected)
    # The checker's null (a rating tie-break left out, a player without a game) is our 0.
    wrong = [
        (number, code, str(ours[int(number)][code]), value)
        for number, row in expected.items()
        for code, value in row.items()
        if ours[int(number)][code] != Fraction(value or 0)
    ]
    assert not wrong, wrong[:10]
