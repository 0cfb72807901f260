"""The pure parts of ``make scaleout`` (bench/scaleout_checks.py, #37 item 5): the nginx
configuration it runs is the deployment example's, and its verdict on a run.  The run
itself (nginx, two apps, Redis, PostgreSQL) is a bench, reported in bench/README.md."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from bench.load import Sample
from bench.scaleout_checks import (
    RESULT_PAGE,
    Checks,
    Window,
    failures,
    nginx_main,
    nginx_site,
    percentile,
    phase_table,
    unexpected_errors,
)

EXAMPLE = (Path(__file__).resolve().parents[2] / "swissweb" / "deploy" / "nginx.conf").read_text()
UPSTREAMS = ["127.0.0.1:40001", "127.0.0.1:40002"]


def test_nginx_site_replaces_only_the_app_addresses_and_the_port() -> None:
    site = nginx_site(EXAMPLE, UPSTREAMS, "127.0.0.1:40000")
    changed = [
        line
        for line in difflib.unified_diff(EXAMPLE.splitlines(), site.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ]
    assert sorted(changed) == sorted(
        [
            "-    server app1:8000;",
            "-    server app2:8000;",
            "-    listen 80;",
            "+    server 127.0.0.1:40001;",
            "+    server 127.0.0.1:40002;",
            "+    listen 127.0.0.1:40000;",
        ]
    )
    # So the sizes, time-outs and retries measured are the ones deployed.
    for directive in ("client_max_body_size 6m;", "client_max_body_size 401m;",
                      "proxy_read_timeout 120s;", "keepalive 16;"):  # fmt: skip
        assert directive in site


def test_nginx_site_refuses_an_example_it_cannot_map() -> None:
    with pytest.raises(ValueError, match="names 2 app servers, the run has 1"):
        nginx_site(EXAMPLE, UPSTREAMS[:1], "127.0.0.1:40000")
    with pytest.raises(ValueError, match="listen 80"):
        nginx_site(EXAMPLE.replace("listen 80;", "listen 8080;"), UPSTREAMS, "127.0.0.1:1")


def test_nginx_main_keeps_every_path_under_its_prefix() -> None:
    main = nginx_main("/tmp/run", "/tmp/run/site.conf")
    assert "daemon off;" in main and "include /tmp/run/site.conf;" in main
    paths = [line.split()[1].rstrip(";") for line in main.splitlines()
             if line.strip().startswith(("pid", "error_log")) or "_temp_path" in line]  # fmt: skip
    assert len(paths) == 7 and all(path.startswith("/tmp/run/") for path in paths)


def sample(page: str, at: float, seconds: float, ok: bool) -> Sample:
    return Sample(page, seconds, ok, at=at)


KILL = Window(killed=100.0, up=110.0)


def test_only_a_result_in_flight_at_the_kill_may_fail() -> None:
    in_flight = sample(RESULT_PAGE, 99.9, 0.3, False)
    after = sample(RESULT_PAGE, 100.5, 0.1, False)  # sent after the kill: nginx knew
    page = sample("standings", 99.9, 0.3, False)  # a GET: nginx retries it elsewhere
    fine = sample("event", 101.0, 0.1, True)
    assert unexpected_errors([in_flight, after, page, fine], KILL) == [after, page]
    assert unexpected_errors([in_flight], None) == [in_flight]


def passing_checks() -> Checks:
    return Checks(read_your_write=[True, True], etags_equal=[True], etag_changes=[True],
                  session_across=[True], session_survives=[True, True])  # fmt: skip


def test_a_run_passes_with_every_check_and_only_the_explained_error() -> None:
    samples = [sample("event", 50.0, 0.1, True), sample(RESULT_PAGE, 99.9, 0.3, False)]
    assert failures(passing_checks(), samples, ["result on game 7: HTTP 502"], KILL) == []


def test_a_run_fails_on_a_failed_or_missing_check() -> None:
    checks = passing_checks()
    checks.read_your_write[1] = False
    checks.session_survives = []
    assert failures(checks, [], [], KILL) == [
        "read_your_write: failed 1 of 2",
        "session_survives: not checked",
    ]


def test_a_run_fails_on_a_failed_page_read_without_a_kill_or_a_lost_login() -> None:
    samples = [sample("standings", 105.0, 0.1, False)]
    assert failures(passing_checks(), samples, ["standings: HTTP 502"], KILL) == [
        "1 errors not explained by the kill"
    ]
    assert failures(passing_checks(), [], [], None) == ["no app was killed"]
    assert failures(passing_checks(), [], ["login: HTTP 403, not logged in"], KILL) == [
        "1 errors in the warm-up or the login"
    ]


def test_percentile_is_the_nearest_rank_in_milliseconds() -> None:
    assert percentile([0.003, 0.001, 0.002, 0.004], 0.5) == 2.0
    assert percentile([0.001] * 19 + [1.0], 0.95) == 1.0
    assert percentile([], 0.95) == 0.0


def test_phase_table_splits_the_run_at_the_kill_and_the_restart() -> None:
    samples = [
        sample("event", 60.0, 0.010, True),
        sample(RESULT_PAGE, 99.9, 0.3, False),
        sample("event", 105.0, 0.020, True),
        sample("event", 115.0, 0.030, True),
    ]
    rows = phase_table(samples, KILL, start=50.0, end=130.0).splitlines()[1:]
    cells = [row.rsplit(None, 8) for row in rows]
    assert [c[0] for c in cells] == ["before the kill", "app down", "after the restart",
                                     "whole run"]  # fmt: skip
    # seconds, pages, p50, then results and failed results
    assert [(c[1], c[2], c[3], c[7], c[8]) for c in cells] == [
        ("50.0", "1", "10.0", "1", "1"),
        ("10.0", "1", "20.0", "0", "0"),
        ("20.0", "1", "30.0", "0", "0"),
        ("80.0", "3", "20.0", "1", "1"),
    ]
