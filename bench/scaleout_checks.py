"""The pure parts of ``make scaleout`` (bench/scaleout.py, #37): the nginx configuration
made from the deployment example, and the verdict on what the run saw.

Nothing here starts a process, so tests/web/test_scaleout.py checks it without servers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.load import Sample

UPSTREAM_SERVER = re.compile(r"^(?P<indent>[ \t]*)server app\d+:8000;$", re.MULTILINE)
LISTEN = re.compile(r"^(?P<indent>[ \t]*)listen 80;$", re.MULTILINE)
RESULT_PAGE = "result (arbiter)"
"""The only request of the load that is not idempotent (a POST): nginx does not pass it
to the other app once it was sent to one, so it may fail when its app is killed."""


# --- nginx -------------------------------------------------------------------------------


def nginx_site(example: str, upstreams: Sequence[str], listen: str) -> str:
    """The example's server block with only the app addresses and the port replaced.

    ``example`` is swissweb/deploy/nginx.conf; its ``server appN:8000;`` lines become
    ``upstreams`` (one each, in order) and ``listen 80;`` becomes ``listen``.  Every
    other line (sizes, time-outs, headers, buffering, retries) is kept as it is, so the
    run measures the configuration the compose file deploys.  An example that no longer
    has exactly those lines is refused rather than half replaced.
    """
    servers = UPSTREAM_SERVER.findall(example)
    if len(servers) != len(upstreams):
        raise ValueError(
            f"the example names {len(servers)} app servers, the run has {len(upstreams)}"
        )
    if len(LISTEN.findall(example)) != 1:
        raise ValueError("the example has no single 'listen 80;' line to replace")
    addresses = iter(upstreams)
    site = UPSTREAM_SERVER.sub(lambda m: f"{m['indent']}server {next(addresses)};", example)
    return LISTEN.sub(lambda m: f"{m['indent']}listen {listen};", site)


def nginx_main(prefix: str, site: str) -> str:
    """nginx's own main file for a run in the foreground under ``prefix``.

    The example is a file of the http block (the image's conf.d/default.conf); this is
    the part the image supplies around it, with every path (pid, logs, temporary files)
    under ``prefix`` so that no system directory is written.
    """
    temp = f"{prefix}/temp"
    return f"""daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;

events {{
    worker_connections 4096;
}}

http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {site};
}}
"""


# --- The verdict -------------------------------------------------------------------------


@dataclass(slots=True)
class Checks:
    """What the direct requests to each app saw: one entry each time a check ran."""

    read_your_write: list[bool] = field(default_factory=list)
    """A result saved through one app shows at once through the other (each time)."""
    etags_equal: list[bool] = field(default_factory=list)
    """Both apps give one page the same ETag for the same state."""
    etag_changes: list[bool] = field(default_factory=list)
    """After a result the other app's ETag is new, and the old one gets no 304."""
    session_across: list[bool] = field(default_factory=list)
    """A session opened on one app is signed in on the other."""
    session_survives: list[bool] = field(default_factory=list)
    """That session is still signed in after its app was killed and restarted."""
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Window:
    """When the app was killed, and when it answered again (``time.monotonic()``)."""

    killed: float
    up: float


def in_flight(sample: Sample, killed: float) -> bool:
    """The request was sent before the kill and answered (or failed) after it."""
    return sample.at <= killed <= sample.at + sample.seconds


def unexpected_errors(samples: Sequence[Sample], window: Window | None) -> list[Sample]:
    """The failed requests that no kill explains.

    A page read (GET) is idempotent: nginx passes it to the other app when its own dies
    under it (``proxy_next_upstream``), so none may fail.  A result (POST) is not passed
    on once sent, so the one in flight on the killed app at the kill may fail; no other.
    """
    return [
        s
        for s in samples
        if not s.ok and not (window and s.page == RESULT_PAGE and in_flight(s, window.killed))
    ]


def failures(
    checks: Checks, samples: Sequence[Sample], errors: Sequence[str], window: Window | None
) -> list[str]:
    """Why the run fails; empty when it passes."""
    found = []
    for name in ("read_your_write", "etags_equal", "etag_changes", "session_across",
                 "session_survives"):  # fmt: skip
        seen = getattr(checks, name)
        if not seen:
            found.append(f"{name}: not checked")
        elif not all(seen):
            found.append(f"{name}: failed {seen.count(False)} of {len(seen)}")
    if window is None:
        found.append("no app was killed")
    unexplained = unexpected_errors(samples, window)
    if unexplained:
        found.append(f"{len(unexplained)} errors not explained by the kill")
    # Errors of the warm-up (its requests are not in ``samples``) or without a request
    # of their own (a failed login, a thread that hung): the kill comes later.
    failed_samples = sum(not s.ok for s in samples)
    if len(errors) > failed_samples:
        found.append(f"{len(errors) - failed_samples} errors in the warm-up or the login")
    return found


def percentile(seconds: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``seconds``, in milliseconds (0 for none)."""
    if not seconds:
        return 0.0
    ordered = sorted(seconds)
    rank = max(1, int(-(-fraction * len(ordered) // 1)))
    return 1000 * ordered[rank - 1]


def phase_table(samples: Sequence[Sample], window: Window | None, start: float, end: float) -> str:
    """Public pages and results before the kill, while the app was down, and after.

    ``start`` is when the measured time began (the warm-up's pages are not in
    ``samples``; the arbiter's requests all are, and count before the kill).
    """
    killed = window.killed if window else end
    up = window.up if window else end
    forever = float("inf")
    phases = [("before the kill", -forever, killed, killed - start),
              ("app down", killed, up, up - killed),
              ("after the restart", up, forever, end - up),
              ("whole run", -forever, forever, end - start)]  # fmt: skip
    lines = [
        f"{'phase':<18} {'seconds':>7} {'pages':>6} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'max ms':>7} {'errors':>6} {'results':>7} {'failed':>6}"
    ]
    for name, begin, stop, seconds in phases:
        inside = [s for s in samples if begin <= s.at < stop]
        pages = [s for s in inside if "(arbiter)" not in s.page]
        results = [s for s in inside if s.page == RESULT_PAGE]
        times = [s.seconds for s in pages]
        lines.append(
            f"{name:<18} {max(seconds, 0):>7.1f} {len(pages):>6} "
            f"{percentile(times, 0.5):>7.1f} {percentile(times, 0.95):>7.1f} "
            f"{1000 * max(times, default=0):>7.1f} {sum(not s.ok for s in pages):>6} "
            f"{len(results):>7} {sum(not s.ok for s in results):>6}"
        )
    return "\n".join(lines)
