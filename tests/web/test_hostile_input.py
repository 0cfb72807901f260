"""Hostile input answered in words, never 500 (#31): D6 long login names, D7 NUL and
control characters in every text field, D12 large anonymous bodies.

The 500s were PostgreSQL's (a column's length, a NUL in text): SQLite stores both, so
each test asserts what differs whatever the database, namely that nothing over-long or
holding a NUL reaches a model or django-axes.  ``DATABASE_URL`` pointed at PostgreSQL
runs them there as well.
"""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


def test_d6_a_login_name_over_the_longest_user_name_is_refused_before_axes(
    client: Client,
) -> None:
    """Defect D6: a user name of 300 characters reached django-axes, which stores it in
    a 255-character column: PostgreSQL refused the row and the login page answered
    500.  A name longer than any user's gets the form's own "invalid" answer, and axes
    is not asked to record it."""
    User.objects.create_user("arb", password="right-password-1")
    response = client.post("/accounts/login/", {"username": "a" * 300, "password": "pw"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert not AccessAttempt.objects.exists()
    assert not AccessFailureLog.objects.exists()
    assert not AccessLog.objects.exists()
    # A name of the longest length a user may have is still tried (and counted).
    response = client.post("/accounts/login/", {"username": "b" * 150, "password": "pw"})
    assert response.status_code == 200
    assert AccessAttempt.objects.filter(username="b" * 150).exists()
    response = client.post("/accounts/login/", {"username": "arb", "password": "right-password-1"})
    assert response.status_code == 302
