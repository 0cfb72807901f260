"""The write watch the refusal tests rely on (``tests/web/write_watch.py``, #33)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

from swissweb.tournament.models import Event, ForbiddenPair
from tests.web.write_watch import WriteWatch

pytestmark = pytest.mark.django_db


def test_the_write_watch_sees_every_write_that_stands(event: Event) -> None:
    """Skipping a comparison is sound only if the watch misses no write: a create, an
    update, a delete and a raw statement each count, as does a write in an atomic block
    that commits; a read does not, nor a write an atomic block rolls back."""
    writes = WriteWatch()
    with connection.execute_wrapper(writes):
        Event.objects.get(pk=event.pk)
        list(ForbiddenPair.objects.select_for_update())
        assert writes.count == 0
        with pytest.raises(ZeroDivisionError), transaction.atomic():
            Event.objects.filter(pk=event.pk).update(name="Undone")
            with transaction.atomic():
                User.objects.create_user("undone")
            _ = 1 / 0
        assert writes.count == 0
        assert Event.objects.get(pk=event.pk).name == event.name
        for change in (
            lambda: Event.objects.filter(pk=event.pk).update(name="Renamed"),
            lambda: User.objects.create_user("watched"),
            lambda: User.objects.filter(username="watched").delete(),
        ):
            seen = writes.count
            with transaction.atomic(), transaction.atomic():
                change()
            assert writes.count > seen
        seen = writes.count
        with connection.cursor() as cursor:
            cursor.execute("UPDATE auth_user SET first_name = %s", ["Raw"])
        assert writes.count > seen
        seen = writes.count
        with transaction.atomic():
            User.objects.create_user("before-a-rollback")
            kept = writes.count
            assert kept > seen
            with pytest.raises(ZeroDivisionError), transaction.atomic():
                User.objects.create_user("rolled-back")
                _ = 1 / 0
            assert writes.count == kept
            User.objects.create_user("after-a-rollback")
        assert writes.count > kept
