"""FIDE C.07 tie-breaks as FIDE's own checker computes them, both texts.

``tests/data/tiebreak-checker/values.json`` holds the values that FIDE's tie-break
checker (TieBreakServer) computed for the four real events of ``tests/data/tiebreaks``
and for 30 random finished events of every pairing system of this project
(``tests/data/tiebreak-checker/*.trf``): points, Buchholz, Buchholz cut-1 and
Sonneborn-Berger under the 2024 text and under the text amended from 1 March 2026
(Article 16.4), progressive scores, wins, games won, games with Black, games won with
Black, rounds elected to play, pairing numbers, standard points (Article 7), the
average of the opponents' Buchholz (8.2) and Fore Buchholz (8.3) in both texts, the
cut and median
modifiers (BH-C2, BH-M1, BH-M2, SB-C1, SB-C2; Article 14 with 16.5) in both texts, and
direct encounter (Article 6) applied right after points.  Every value must come out the same here.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from pairing.engine.standings import standings
from pairing.engine.tiebreaks import (
    SIMPLE_TIEBREAKS,
    TieBreak,
    UnplayedRounds,
    buchholz,
    buchholz_cut1,
    points,
    progress,
    sonneborn_berger,
    tiebreak_context,
    wins,
)
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .reference_data import DATA

VALUES: dict[str, dict[str, dict[str, str]]] = json.loads(
    (DATA / "tiebreak-checker" / "values.json").read_text(encoding="utf-8")
)
"""Each event's file, relative to ``tests/data``, and each player's values."""
EDITIONS = {"V2024": UnplayedRounds.FIDE_2023, "V2026": UnplayedRounds.FIDE_2026}
CUTS = {
    "BH/C2": TieBreak.BH_C2,
    "BH/M1": TieBreak.MBH,
    "BH/M2": TieBreak.BH_M2,
    "SB/C1": TieBreak.SB_C1,
    "SB/C2": TieBreak.SB_C2,
}
"""The checker's codes of the cut and median modifiers (C.07 14.1-14.4) and ours."""


def _ours(name: str) -> dict[int, dict[str, Fraction]]:
    state = state_from_trf(read_trf(decode_trf((DATA / name).read_bytes())))
    state = replace(state, requests=())
    found: dict[int, dict[str, Fraction]] = {}
    for tag, edition in EDITIONS.items():
        context = tiebreak_context(state, unplayed=edition)
        for number in context.players:
            values = found.setdefault(int(number), {})
            values["PTS"] = points(context, number)
            values[f"BH/{tag}"] = buchholz(context, number)
            values[f"BH/C1/{tag}"] = buchholz_cut1(context, number)
            values[f"SB/{tag}"] = sonneborn_berger(context, number)
            for code, ours in CUTS.items():
                values[f"{code}/{tag}"] = SIMPLE_TIEBREAKS[ours](context, number)
            values[f"AOB/{tag}"] = SIMPLE_TIEBREAKS[TieBreak.AOB](context, number)
            values[f"FB/{tag}"] = SIMPLE_TIEBREAKS[TieBreak.FB](context, number)
            values["PS"] = progress(context, number)
            values["WIN"] = wins(context, number)
    context = tiebreak_context(state)
    for number in context.players:
        for code in ("WON", "BPG", "BWG", "REP", "TPN", "STD"):
            found[int(number)][code] = SIMPLE_TIEBREAKS[TieBreak(code)](context, number)
    for row in standings(state, tiebreaks=(TieBreak.DE,)):
        found[int(row.pairing_number)]["DE"] = row.values[0]
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
    ours = _ours(name)
    expected = VALUES[name]
    assert sorted(ours) == sorted(int(n) for n in expected)
    wrong = [
        (number, code, str(ours[int(number)][code]), value)
        for number, row in expected.items()
        for code, value in row.items()
        if value is not None and ours[int(number)][code] != Fraction(value)
    ]
    assert not wrong, wrong[:10]
