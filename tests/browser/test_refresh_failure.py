"""A public round's refresh that fails keeps the pairings and says so (#21 item 7)."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.rounds import selectors as round_selectors

from .played import SLUG, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REFRESH = """(id) => {
  const element = document.getElementById(id);
  return htmx.ajax("GET", element.getAttribute("hx-get"),
                   {source: element, target: element, swap: "outerHTML"});
}"""


def test_refresh_during_a_server_failure_keeps_the_pairings_and_says_so(
    live_server: LiveServer, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    played_event(players=21, played=2)
    page.goto(f"{live_server.url}/events/{SLUG}/rounds/3/")
    section = "round-3-pairings"
    boards = page.locator(f"#{section} tbody tr").count()
    assert boards > 0

    def gone(*args: object, **kwargs: object) -> object:
        raise OperationalError("the database is gone")

    monkeypatch.setattr(round_selectors, "published_round", gone)
    page.evaluate(REFRESH, section)
    note = page.locator(f'.stale-note[data-for="{section}"]')
    expect(note).to_contain_text("Could not refresh at")
    expect(note).to_contain_text("the server answered 500")
    expect(page.locator(f"#{section} tbody tr")).to_have_count(boards)
    assert "could not answer" not in page.locator("main").inner_text()

    monkeypatch.undo()
    page.evaluate(REFRESH, section)
    expect(note).to_have_count(0)
    expect(page.locator(f"#{section} tbody tr")).to_have_count(boards)
