"""The engine's names of rule texts, tie-breaks and modifiers, in the reader's language
(#24).

The engine (``pairing/``) is a program of its own, without Django, and names things in
English for its command line.  The event form shows these names in the reader's
language; each mapping here has the engine's keys and, in English, the engine's words
(``tests/web/test_i18n_marked.py`` checks both, so a code added to the engine without a
name here fails).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.rounds.engine_door import TieBreak

RULE_TEXTS: Mapping[str, Promise] = {
    "dutch": _("FIDE Handbook C.04.3, FIDE (Dutch) System, in force from 1 February 2026"),
    "dutch1992": _("FIDE Handbook C.04.1 (1992 text), Swiss System Based on Rating"),
    "lim": _("FIDE Handbook C.04.2, General Pairing Rules 7-13 (Lim)"),
    "esca": _("English Schools' Chess Association, Rules for Swiss Pairings"),
    "sb": _("Swiss with score groups ordered by Sonneborn-Berger (SB text)"),
}
"""Each pairing system's rule text (``RuleSet.rule_text``), by the system's value."""

TIEBREAK_NAMES: Mapping[TieBreak, Promise] = {
    TieBreak.BH: _("Buchholz (C.07 8.1)"),
    TieBreak.AOB: _("Average of the opponents' Buchholz (C.07 8.2)"),
    TieBreak.FB: _("Fore Buchholz (C.07 8.3)"),
    TieBreak.SB: _("Sonneborn-Berger (C.07 9.1)"),
    TieBreak.KS: _("Koya (C.07 Article 9)"),
    TieBreak.DE: _("Direct encounter (C.07 Article 6)"),
    TieBreak.DE1: _("Games among those tied for first (1992 Dutch rules, F10)"),
    TieBreak.WIN: _("Rounds won, byes and forfeits included (C.07 7.1)"),
    TieBreak.WON: _("Games won over the board (C.07 7.2)"),
    TieBreak.BPG: _("Games played with Black (C.07 7.3)"),
    TieBreak.BWG: _("Games won with Black (C.07 7.4)"),
    TieBreak.PROG: _("Progressive scores, PS (C.07 Article 7)"),
    TieBreak.REP: _("Rounds elected to play (C.07 7.6)"),
    TieBreak.STD: _("Standard points, 1-½-0 (C.07 2026, 7.7)"),
    TieBreak.TPN: _("Pairing number, lower first (C.07 2026, 7.8)"),
    TieBreak.ARO: _("Average rating of the opponents (C.07 10.1)"),
    TieBreak.TPR: _("Tournament performance rating (C.07 10.2)"),
    TieBreak.PTP: _("Perfect tournament performance (C.07 10.3)"),
    TieBreak.APRO: _("Average of the opponents' TPR (C.07 10.4)"),
    TieBreak.APPO: _("Average of the opponents' PTP (C.07 10.5)"),
    TieBreak.RTNG: _("Own rating (C.07 2026, 10.6)"),
    TieBreak.LOT: _("Drawing of lots"),
}
"""Each tie-break the picker offers, with its rule (``tiebreaks.DESCRIPTIONS``)."""

MODIFIER_NAMES: Mapping[str, Promise] = {
    "C1": _("Cut-1: without the lowest value"),
    "C2": _("Cut-2: without the two lowest values"),
    "M1": _("Median-1: without the lowest and the highest value"),
    "M2": _("Median-2: without the two lowest and the two highest values"),
    "F": _("Fore: the opponents' Fore Buchholz"),
    "L40": _("Limit 40%: opponents with 40% of the maximum score"),
    "L-2": _("Limit one point lower"),
}
"""The modifiers the picker offers (``tiebreaks.MODIFIER_NAMES``)."""
