"""The legend of the standings (#35): each tie-break the event uses, by its code, its
name, the rule that defines it and how its column is written (#36: in halves, whole
numbers or two decimals)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.numbers import Form, tiebreak_form
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
    form: Form
    """How its column is written (``numbers.tiebreak_form``)."""
    written: str
    """That form in words, in the reader's language: "in halves (½)"."""


FORM_WORDS = {
    # Translators: how a tie-break column of the standings is written: like points.
    Form.HALVES: _("in halves (½)"),
    # Translators: how a tie-break column of the standings is written.
    Form.WHOLE: _("whole numbers"),
    # Translators: how a tie-break column of the standings is written.
    Form.HUNDREDTHS: _("two decimals"),
}


def tiebreak_legend(tiebreaks: str, *, whole: bool = False) -> tuple[LegendLine, ...]:
    """The legend of an event's tie-breaks (``Event.tiebreaks``), in their order, in
    the active language; ``whole``: the event gives only whole points
    (``numbers.whole_scores``)."""
    lines = []
    for spec in parse_tiebreaks(tiebreaks):
        code = spec.value
        full_name = str(TIEBREAK_NAMES.get(spec.code, spec.code.value))
        match = _RULE.fullmatch(full_name)
        name, rule = (match.group(1), match.group(2)) if match else (full_name, "")
        form = tiebreak_form(code, whole=whole)
        modifiers = [str(MODIFIER_NAMES.get(m, m)) for m in spec.modifiers]
        lines.append(
            LegendLine(
                code=code,
                name="; ".join((name, *modifiers)),
                rule=rule,
                form=form,
                written=str(FORM_WORDS[form]),
            )
        )
    return tuple(lines)
