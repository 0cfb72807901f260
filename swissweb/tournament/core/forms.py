"""Shared by the arbiter's forms: the date field, and a form's errors in one sentence."""

from __future__ import annotations

from django import forms
from django.forms.utils import pretty_name
from django.utils.translation import gettext as _

DATE_FIELD = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
"""A browser's date field reads and writes ISO dates only: in the locale's format
("22/11/2026") the field showed empty and saving the form erased the date."""


def error_summary(form: forms.BaseForm) -> str:
    """A form's errors as one line for a message: each field's label (in the reader's
    language) before its errors, the form's own errors as they are."""
    parts = []
    for name, errors in form.errors.items():
        text = " ".join(str(error) for error in errors)
        field = form.fields.get(name)
        if field is None:
            parts.append(text)
        else:
            label = field.label or pretty_name(name)
            # Translators: a form field's label, then what is wrong with its value.
            parts.append(_("%(field)s: %(errors)s") % {"field": label, "errors": text})
    return " ".join(parts)
