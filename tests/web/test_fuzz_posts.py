"""Hostile POSTs to every form and endpoint (#31 item 6): no 500, and a refused POST
changes nothing.

The probe's hostile GETs (``test_fuzz_http.py``, ``test_hostile_params.py``) are joined
here by hostile POSTs: long fields, NUL bytes, huge numbers, superscript digits and
extreme dates.  The URLs come from the URLconf, so a new view is posted to as soon as it
is routed; each page is read first as the event's arbiter and the forms it shows give
the fields and their present values, so a new form is fuzzed field by field.  A refusal
(an answer of 400 or more, an error message, or a form shown again with errors) must
leave the event's backup (``exports.event_trf``), the audit trail and the number of
rows of every model as they were.

Each POST is watched at the database connection: one that sent no statement that writes
(only reads, savepoints and their release or rollback) provably left the database as it
was, so its snapshot is the one before and is not built again (#33 item 7: the
snapshot, a full backup export, was half the test's time).  Any other POST is
snapshotted and compared, as before.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.contrib.messages import ERROR
from django.db import connection
from django.forms import BaseForm
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from swissweb.tournament.festivals import services as festival_services
from swissweb.tournament.models import (
    Entry,
    Event,
    ForbiddenPair,
    PlayerAsk,
    RequestKind,
    RoundRequest,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.publishing import exports
from tests.web.write_watch import WriteWatch

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)

HOSTILE = [
    "x" * 5000,
    "Nul\x00byte",
    "9" * 40,
    "1e308",
    "99999999999999999999",
    "-1",
    "²",
    "٣",
    "0001-01-01",
    "9999-12-31",
    "\u202eevil",
    "",
]
"""Long text, a NUL, huge numbers, superscript and other scripts' digits, extreme dates,
a bidirectional control, nothing."""

SKIPPED = {"logout"}
"""Routes not posted to: logging out would end the arbiter's session mid-test."""

GENERIC_FIELDS = ["name", "reason", "username", "text", "result", "version", "round",
                  "round_number", "kind", "player", "first", "second", "pairing_number",
                  "number", "board", "top", "list", "confirm", "digest", "q"]  # fmt: skip
"""Fields posted to a URL whose form no page shows (a JSON or script endpoint)."""


class _Forms(HTMLParser):
    """The POST forms of a page: each action with its fields' present values."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._fields: dict[str, str] | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            if a.get("method", "get").lower() == "post":
                self._fields = {}
                self.forms.append((urlsplit(a.get("action") or self.page).path, self._fields))
            else:
                self._fields = None
        elif self._fields is None or "name" not in a:
            if tag == "option" and self._fields is not None and self._select:
                self._fields.setdefault(self._select, a.get("value", ""))
            return
        elif tag == "input" and a.get("type") not in {"submit", "button", "file"}:
            if a.get("type") in {"checkbox", "radio"} and "checked" not in a:
                self._fields.setdefault(a["name"], "")
            else:
                self._fields[a["name"]] = a.get("value", "")
        elif tag == "select":
            self._select = a["name"]
        elif tag == "textarea":
            self._textarea = a["name"]
            self._fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._fields is not None and self._textarea:
            self._fields[self._textarea] += data


def _routes() -> Iterator[tuple[str, list[str]]]:
    """Every route of the project but the admin's: its name and its parameters."""
    for entry in get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            for pattern in entry.url_patterns:
                assert isinstance(pattern, URLPattern)
                yield f"{entry.namespace}:{pattern.name}", list(pattern.pattern.converters)
        elif isinstance(entry, URLPattern) and entry.name not in SKIPPED:
            yield str(entry.name), list(entry.pattern.converters)


def _snapshot(event: Event) -> tuple[str, dict[str, int]]:
    counts = {
        m.__name__: m._default_manager.count()
        for m in apps.get_app_config("tournament").get_models()
    }
    return exports.event_trf(Event.objects.get(pk=event.pk)), counts


def _refused(response: Any) -> bool:
    if response.status_code >= 400:
        return True
    # The messages this request added (older ones wait in the session, never read).
    added = getattr(getattr(response.wsgi_request, "_messages", None), "_queued_messages", [])
    if any(m.level == ERROR for m in added):
        return True
    contexts = response.context or []
    return any(
        isinstance(value, BaseForm) and value.is_bound and value.errors
        for context in contexts
        for value in context.flatten().values()
    )


@pytest.fixture
def world(two_rounds: Event, arbiter: User) -> dict[str, Any]:
    """The event with a round complete, one in play, a request, a forbidden pair and a
    player's ask: one of each thing a URL names."""
    event = two_rounds
    first, second, third = event.players.order_by("pairing_number")[:3]
    request_services.round_request_set(
        player_id=first.pk, round_number=3, kind=RequestKind.HALF_POINT_BYE, user=arbiter, now=T0
    )
    request_services.forbidden_pair_add(event_id=event.pk, first_id=second.pk, second_id=third.pk,
                                user=arbiter, now=T0, reason="kin")  # fmt: skip
    ask_services.player_ask(player_id=third.pk, via_code=third.access_code,
                        kind=PlayerAsk.choices[0][0], round_number=3, now=T0)  # fmt: skip
    game = event.round_set.get(number=2).games.exclude(black=None).first()
    assert game is not None
    entry = Entry.objects.create(event=event, name="Entrant, Eve")
    # A festival (#34 item 1) with the event as its section, for the festival's URLs.
    festival_services.festival_create(
        name="Fuzz Festival", slug="fuzz-fest", user=arbiter, now=T0, event_ids=[event.pk]
    )
    return {
        "slug": event.slug, "number": 2, "player_id": first.pk, "pairing_number": 1,
        "game_id": game.pk, "request_id": RoundRequest.objects.get().pk,
        "pair_id": ForbiddenPair.objects.get().pk, "ask_id": third.asks.get().pk,
        "code": first.access_code, "edition": "trf16",
        "entry_id": entry.pk, "action": "paid", "festival": "fuzz-fest", "event_id": event.pk,
    }  # fmt: skip


def test_fuzz_every_form_and_endpoint_refuses_hostile_posts_cleanly(
    world: dict[str, Any], two_rounds: Event, arbiter_client: Client
) -> None:
    arbiter_client.raise_request_exception = False
    urls = []
    for name, params in _routes():
        unknown = set(params) - set(world)
        assert not unknown, f"give the fuzz a value for {unknown} of {name}"
        urls.append(reverse(name, kwargs={p: world[p] for p in params}))
    forms: dict[str, dict[str, str]] = {}
    for url in urls:
        response = arbiter_client.get(url)
        if response.status_code == 200 and "text/html" in response.get("Content-Type", ""):
            parser = _Forms(url)
            parser.feed(response.content.decode())
            for action, fields in parser.forms:
                forms.setdefault(action, {}).update(fields)
    targets = {url: forms.get(url) or dict.fromkeys(GENERIC_FIELDS, "1") for url in urls}
    targets.update((url, f) for url, f in forms.items() if resolve(url).url_name not in SKIPPED)
    posts = snapshots = 0
    for url, fields in sorted(targets.items()):
        names = sorted(fields)
        trials = [dict.fromkeys(names, value) for value in HOSTILE]
        trials += [
            {**fields, name: HOSTILE[(index + turn) % len(HOSTILE)]}
            for index, name in enumerate(names)
            for turn in (0, 5)
        ]
        before = _snapshot(two_rounds)
        for data in trials:
            writes = WriteWatch()
            with connection.execute_wrapper(writes):
                response = arbiter_client.post(url, data)
            posts += 1
            assert response.status_code < 500, (url, data)
            assert "_auth_user_id" in arbiter_client.session, (url, data)
            if response.status_code == 405:  # not a form: nothing was run
                break
            if not writes.count:  # not one row written: the database is as it was
                continue
            snapshots += 1
            after = _snapshot(two_rounds)
            if _refused(response):
                assert after == before, (url, data)
            before = after
    assert posts > 200
    print(f"{posts} posts, {snapshots} snapshotted")
