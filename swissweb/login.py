"""The login form: a user name no user can have is refused before authentication (D6).

Django's ``AuthenticationForm`` sets the field's ``max_length`` after the field is made,
so the length is never checked: a name of any length went to ``authenticate()``, and
django-axes, counting the failure, stored it in a 255-character column (PostgreSQL
refused the row: a 500 on the login page).  A name longer than the user model allows
cannot be anyone's, so it gets the form's usual "invalid" answer, and is neither tried
nor recorded (nobody's lock-out can be reached through it).
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm


class _NoLongUserName(AuthenticationForm):
    """The user name's length checked before anything else of ``AuthenticationForm``."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        longest = self.username_field.max_length or 254  # as AuthenticationForm reads it
        if username is not None and len(username) > longest:
            raise self.get_invalid_login_error()
        return super().clean()


class LoginForm(_NoLongUserName):
    """The site's login form."""


class AdminLoginForm(_NoLongUserName, AdminAuthenticationForm):
    """The admin's login form (it authenticates the same way)."""
