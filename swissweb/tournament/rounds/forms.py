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
}
"""Keyboard entry: 1, 0, = and + / - for forfeits (white wins / black wins), -- double."""


class ResultForm(forms.Form):
    """One board's result, typed as a key (1, 0, =, +, -, --) or chosen from the list."""

    result = forms.CharField(max_length=3, required=False)
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
