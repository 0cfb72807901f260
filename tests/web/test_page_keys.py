"""What a public page is cached and revalidated under (#31 D5, D13, load).

- D5: a page is stored under the parameters it reads, normalised; any other query
  string, or a junk value, is the same page, rendered once.
- D13: a completed round's page and PGN change with that round's data, not with every
  result of the round in play.
- Load: while one worker renders a new version of a page, the others serve the version
  before it instead of rendering it too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.test.signals import template_rendered
from django.utils import timezone

from swissweb.tournament.core import conditional
from swissweb.tournament.models import Event, Game, Result
from swissweb.tournament.publishing import pgn
from swissweb.tournament.rounds import results as result_services

from .test_standings import played_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def renders() -> Iterator[list[str]]:
    """The names of the templates rendered (the test client records them)."""
    names: list[str] = []

    def record(sender: object, template: Any, **kwargs: Any) -> None:
        names.append(template.name)

    template_rendered.connect(record)
    yield names
    template_rendered.disconnect(record)


def _junk(index: int) -> str:
    """Fifty different query strings a page does not read, or reads a junk value of."""
    return [f"x={index}", f"round=abc{index}", f"round={1000 + index}", f"b={index}&round=0",
            f"utm_source=n{index}"][index % 5]  # fmt: skip


def _result_in_play(event: Event, arbiter: User) -> None:
    game = Game.objects.filter(
        round__event=event, round__number=2, black__isnull=False, result=""
    ).first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=game.version, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("page", "template"),
    [("standings/", "tournament/standings.html"), ("crosstable/", "tournament/crosstable.html"),
     ("rounds/1/", "tournament/round_pairings.html"), ("", "tournament/event_detail.html")],
)  # fmt: skip
def test_d5_fifty_junk_query_strings_render_the_page_once(
    two_rounds: Event, renders: list[str], page: str, template: str
) -> None:
    client = Client()
    base = f"/events/{two_rounds.slug}/{page}"
    bodies = {client.get(f"{base}?{_junk(index)}").content for index in range(50)}
    assert renders.count(template) == 1
    assert len(bodies) == 1
    assert client.get(base).content in bodies


def test_d5_unique_pgn_urls_build_the_pgn_once(two_rounds: Event) -> None:
    """The probe's loop: ``games.pgn?b=N`` built and stored a new file for each N."""
    client = Client()
    with mock.patch.object(pgn, "rounds_pgn", wraps=pgn.rounds_pgn) as built:
        for index in range(50):
            response = client.get(f"/events/{two_rounds.slug}/games.pgn?b={index}")
            assert response.status_code == 200
    assert built.call_count == 1


def test_d5_the_parameters_a_page_reads_still_choose_what_it_shows(
    renders: list[str],
) -> None:
    """``?round=N`` of a completed round before the last is its own page; ``?round=`` of
    the last completed round or above it, or junk, is the latest standings."""
    event = played_event(8, 2, slug="two-done")
    client = Client()
    base = f"/events/{event.slug}/standings/"
    latest = client.get(base)
    after_one = client.get(f"{base}?round=1")
    assert latest.context["after_round"] == 2
    assert after_one.context["after_round"] == 1
    assert after_one["ETag"] != latest["ETag"]
    assert client.get(f"{base}?round=1&x=3")["ETag"] == after_one["ETag"]
    for same in ["?round=2", "?round=3", "?round=x", "?round=0", "?x=1"]:
        assert client.get(f"{base}{same}")["ETag"] == latest["ETag"], same
    assert renders.count("tournament/standings.html") == 2


def test_d5_the_language_switch_of_a_stored_page_holds_no_reader_s_query(
    two_rounds: Event,
) -> None:
    """A stored page is served for every query string: it must not repeat the first
    reader's (the language switch's ``next``)."""
    client = Client()
    body = client.get(f"/events/{two_rounds.slug}/standings/?junk=n0t-mine").content.decode()
    assert "n0t-mine" not in body
    assert f'name="next" value="/events/{two_rounds.slug}/standings/"' in body


def test_d5_an_htmx_header_value_is_one_of_two_pages(two_rounds: Event, renders: list[str]) -> None:
    client = Client()
    page = f"/events/{two_rounds.slug}/rounds/2/"
    for index in range(20):
        client.get(page, HTTP_HX_REQUEST=f"junk{index}")
        client.get(page, HTTP_HX_REQUEST="true")
    assert renders.count("tournament/round_pairings.html") == 1
    assert renders.count("tournament/partials/pairings_table.html") == 2  # in each


@pytest.mark.parametrize("page", ["rounds/1/", "rounds/1/games.pgn"])
def test_d13_a_result_in_play_leaves_a_completed_round_unchanged(
    two_rounds: Event, arbiter: User, page: str
) -> None:
    client = Client()
    url = f"/events/{two_rounds.slug}/{page}"
    first = client.get(url)
    assert first.status_code == 200
    _result_in_play(two_rounds, arbiter)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    # The round in play itself does change.
    in_play = client.get(f"/events/{two_rounds.slug}/rounds/2/")
    _result_in_play(two_rounds, arbiter)
    assert (
        client.get(
            f"/events/{two_rounds.slug}/rounds/2/", HTTP_IF_NONE_MATCH=in_play["ETag"]
        ).status_code
        == 200
    )


def test_d13_a_correction_of_the_completed_round_changes_its_page(
    two_rounds: Event, arbiter: User
) -> None:
    client = Client()
    url = f"/events/{two_rounds.slug}/rounds/1/"
    etag = client.get(url)["ETag"]
    game = Game.objects.filter(round__event=two_rounds, round__number=1).first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=game.version, user=arbiter,
        now=timezone.now(),
    )  # fmt: skip
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_load_while_another_worker_renders_the_new_version_readers_get_the_last_one(
    two_rounds: Event, arbiter: User, renders: list[str]
) -> None:
    """A result makes the round in play new; the first worker to see it renders it
    (holding a lock in the shared cache), and the others serve the version before it,
    under its own ETag, instead of all rendering the same page at once."""
    client = Client()
    url = f"/events/{two_rounds.slug}/rounds/2/"
    old = client.get(url)
    _result_in_play(two_rounds, arbiter)
    renders.clear()
    real_add = cache.add

    def another_worker_renders(key: str, *args: Any, **kwargs: Any) -> bool:
        if "rendering" in key:
            return False  # the lock is taken
        return real_add(key, *args, **kwargs)

    with mock.patch.object(cache, "add", side_effect=another_worker_renders):
        meanwhile = client.get(url)
        revalidated = client.get(url, HTTP_IF_NONE_MATCH=old["ETag"])
    assert renders == []
    assert meanwhile.status_code == 200
    assert meanwhile.content == old.content and meanwhile["ETag"] == old["ETag"]
    assert revalidated.status_code == 304
    # Once the lock is free, the new version is rendered once and served to everyone.
    fresh = [Client().get(url) for _ in range(3)]
    assert renders.count("tournament/round_pairings.html") == 1
    assert fresh[0]["ETag"] != old["ETag"]
    assert len({response.content for response in fresh}) == 1


def test_load_a_result_in_play_renders_no_board_again(
    two_rounds: Event, arbiter: User, renders: list[str]
) -> None:
    """Each result re-rendered every board of the round in play (500 at 1,000 players,
    about 0.8 s of CPU, twice a second in the hall); the boards are now kept per change
    of the standings and the results filled in, so a result costs one small query."""
    client = Client()
    url = f"/events/{two_rounds.slug}/rounds/2/"
    assert "½-½" not in client.get(url).content.decode()
    _result_in_play(two_rounds, arbiter)
    renders.clear()
    page = client.get(url).content.decode()
    assert "tournament/round_pairings.html" in renders
    assert "tournament/partials/board_player.html" not in renders
    assert page.count("½-½") == 1
    assert (
        page.count("not yet played")
        == Game.objects.filter(round__event=two_rounds, round__number=2, result="").count()
    )
    assert "<!--result" not in page


def test_load_a_result_in_play_renders_no_board_of_the_event_page_again(
    two_rounds: Event, arbiter: User, renders: list[str]
) -> None:
    """The event's page shows the round in play (#34) and so changes with each result:
    like the round's own page, it fills the result in, with no board rendered again."""
    client = Client()
    url = f"/events/{two_rounds.slug}/"
    assert "½-½" not in client.get(url).content.decode()
    _result_in_play(two_rounds, arbiter)
    renders.clear()
    page = client.get(url).content.decode()
    assert "tournament/event_detail.html" in renders
    assert "tournament/partials/board_player.html" not in renders
    assert page.count("½-½") == 1 and "<!--result" not in page


def test_load_readers_wait_for_the_first_render_of_a_page_instead_of_rendering_it_too(
    two_rounds: Event, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart no version of a page is stored: every reader arriving while the
    first renders it (a third of a second for 1,000 players' standings) rendered it too,
    all at once.  They now wait for the one rendering it."""

    url = f"/events/{two_rounds.slug}/standings/"
    first = Client().get(url)
    etag = first["ETag"].strip('"')
    stored = cache.get(conditional._stored(etag, False))
    assert stored is not None
    cache.clear()  # a fresh cache: no version stored ...
    cache.set(f"swissweb:rendering:{etag}:0", 1)  # ... and another worker rendering
    waits: list[float] = []

    def the_other_worker_stores_it(seconds: float) -> None:
        waits.append(seconds)
        cache.set(conditional._stored(etag, False), stored)

    monkeypatch.setattr(conditional, "_pause", the_other_worker_stores_it)
    renders.clear()
    response = Client().get(url)
    assert response.status_code == 200 and response.content == first.content
    assert "tournament/standings.html" not in renders
    assert len(waits) == 1


def test_load_a_reader_does_not_wait_for_a_render_that_stopped(
    two_rounds: Event, renders: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker that held the lock is gone (killed, or the page was a 404): the lock
    expires or is released, and the reader renders the page itself."""

    url = f"/events/{two_rounds.slug}/standings/"
    real_add = cache.add
    monkeypatch.setattr(
        cache, "add", lambda key, *a, **k: False if "rendering" in key else real_add(key, *a, **k)
    )
    monkeypatch.setattr(conditional, "_pause", lambda seconds: None)
    response = Client().get(url)
    assert response.status_code == 200
    assert "tournament/standings.html" in renders
