"""The load driver of ``make load`` (bench/load.py) against a live server, briefly."""

from __future__ import annotations

import pytest
from django.db import connection
from pytest_django.live_server_helper import LiveServer

from bench import load


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="readers and a writer at once need PostgreSQL (CI runs it): the tests' in-memory "
    "SQLite shares one cache, whose table locks fail a reader at once instead of waiting",
)
def test_load_driver_counts_requests_and_results_without_errors(live_server: LiveServer) -> None:
    """Three readers and the arbiter for three seconds: pages read, results entered, no error."""
    event = load.build_event(players=12, rounds=4, completed=1, seed=1)
    report = load.run_load(
        live_server.url,
        event,
        readers=3,
        duration=3.0,
        think=0.2,
        result_every=0.1,
    )
    pages = {sample.page for sample in report.samples}
    assert report.errors == []
    assert set(load.reader_pages(event)) <= pages
    assert "result (arbiter)" in pages
    assert sum(s.page == "result (arbiter)" for s in report.samples) >= 2
    assert "all public pages" in load.format_report(report)


def test_make_load_has_an_arbiter_at_work_unless_told_otherwise() -> None:
    """#31 item 5: the load is measured with results coming in; the run without them
    is the one to compare with."""
    assert load.parse_args([]).no_arbiter is False
    assert load.parse_args(["--no-arbiter"]).no_arbiter is True
    env = load.production_environment("postgres://x/y", "redis://127.0.0.1:6379/0")
    assert env["CACHE_URL"] == "redis://127.0.0.1:6379/0"
