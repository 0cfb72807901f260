"""The result forms: one board's result; services do the writing."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from swissweb.tournament.models import (
    Result,
)

RESULT_KEYS = {
    "1": Result.WHITE_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "+": Result.WHITE_WINS_FORFEIT,
    "-": Result.BLACK_WINS_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    **dict.fromkeys(("½", "½-½", "0.5", "0,5", "0.5-0.5", "0,5-0,5", "1/2-1/2"), Result.DRAW),
}
"""Keyboard entry: 1, 0, = and + / - for forfeits (white wins / black wins), -- double.
A draw may also be typed as it is written: ½, ½-½, 1/2, 0.5 (or 0,5) (#36 item 6)."""

SHOWN = {Result.DRAW.value: "½-½"}
"""A result as its field shows it, when that differs from the stored value: a draw is
``½-½``, as on every page, never the stored ``1/2``; the field reads it back."""


def result_shown(result: str) -> str:
    """The text of a board's result field for the stored ``result``: "1-0", "½-½"."""
    return SHOWN.get(result, result)


class ResultForm(forms.Form):
    """One board's result, typed as a key (1, 0, =, +, -, --; a draw also ½ or 0.5) or
    chosen from the list."""

    result = forms.CharField(max_length=8, required=False)
    version = forms.IntegerField(min_value=0)

    def clean_result(self) -> str:
        value: str = self.cleaned_data["result"].strip()
        if value in RESULT_KEYS:
            return RESULT_KEYS[value]
        if value in Result.values and value != Result.PAIRING_BYE:
            return value
        raise forms.ValidationError(
            _("%(value)s is not a result: type 1, 0, =, + or - (forfeits), -- (double forfeit).")
            % {"value": repr(value)}
        )
