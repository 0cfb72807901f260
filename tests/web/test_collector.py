"""The cycle collector is paused while the standings are built, and put back as it
was found (``core.collector``, #35)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from swissweb.tournament.core.collector import collection_paused
from swissweb.tournament.rounds.engine_door import standings as engine_standings
from swissweb.tournament.standings import selectors
from tests.web.test_standings import played_event


@pytest.fixture
def collector_on() -> Iterator[None]:
    """The collector on for the test, and on after it whatever the test did."""
    gc.enable()
    yield
    gc.enable()


@pytest.mark.django_db
def test_standings_are_built_with_the_collector_paused_and_leave_it_on(
    collector_on: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine's standings run with the collector off; it is on again after."""
    event = played_event(6, 2, slug="paused")
    event.refresh_from_db()
    seen: list[bool] = []

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return engine_standings(*args, **kwargs)  # type: ignore[arg-type]  # passed through

    monkeypatch.setattr("swissweb.tournament.standings.selectors.standings", watched)
    table = selectors.standings_after(event=event)
    assert table.after_round == 2 and len(table.lines) == 6
    assert seen == [False]
    assert gc.isenabled()


def test_the_collector_is_on_again_after_an_error_in_the_block(collector_on: None) -> None:
    with pytest.raises(ZeroDivisionError), collection_paused():
        assert not gc.isenabled()
        _ = 1 / 0
    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off() -> None:
    """A pause inside another pause (or a process that runs without the collector)
    does not turn it on at its end."""
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
