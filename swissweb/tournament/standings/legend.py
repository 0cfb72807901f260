"""The legend of the standings (#35): each tie-break the event uses, by its code, its
name, the rule that defines it and the decimals its column is written with."""

from __future__ import annotations

import re
from dataclasses import dataclass

from swissweb.tournament.core.numbers import tiebreak_places
from swissweb.tournament.events.rule_names import MODIFIER_NAMES, TIEBREAK_NAMES
from swissweb.tournament.rounds.engine_door import parse_tiebreaks

_RULE = re.compile(r"(.*\S)\s*\(([^()]*)\)\s*")
"""A tie-break's name ends with its rule in brackets: "Buchholz (C.07 8.1)"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LegendLine:
    """One tie-break of the legend."""

    code: str
    """The code as the columns are headed: ``BH-C1``."""
    name: str
    """The tie-break's name in the reader's language, with its modifiers'."""
    rule: str
    """Where the rule is published: "C.07 8.1" (FIDE's Tie-Break Regulations)."""
    places: int
    """The decimals its column is written with (``numbers.tiebreak_places``)."""


def tiebreak_legend(tiebreaks: str) -> tuple[LegendLine, ...]:
    """The legend of an event's tie-breaks (``Event.tiebreaks``), in their order, in
    the active language."""
    lines = []
    for spec in parse_tiebreaks(tiebreaks):
        code = spec.value
        whole = str(TIEBREAK_NAMES.get(spec.code, spec.code.value))
        match = _RULE.fullmatch(whole)
        name, rule = (match.group(1), match.group(2)) if match else (whole, "")
        modifiers = [str(MODIFIER_NAMES.get(m, m)) for m in spec.modifiers]
        lines.append(
            LegendLine(
                code=code,
                name="; ".join((name, *modifiers)),
                rule=rule,
                places=tiebreak_places(code),
            )
        )
    return tuple(lines)
