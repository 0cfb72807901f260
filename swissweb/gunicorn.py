"""gunicorn's settings for production (``gunicorn -c python:swissweb.gunicorn``, #21).

- ``timeout`` is above the engine's own limit (``PAIRING_TIMEOUT`` plus 30 s): a worker
  pairing a round is never killed as "silent" before the engine's child is stopped by
  its limit and the arbiter told so.  (Were a worker killed all the same, its engine
  child ends with it: ``pairing/timed.py``.)
- ``gthread`` workers with several threads each: a slow client holds one thread, not a
  whole worker.  A buffering reverse proxy (nginx, Caddy) in front is still the way to
  face the internet: it reads slow requests whole before they reach gunicorn, where a
  client trickling its request holds a thread (``timeout`` is the worker's heartbeat,
  not a client's); the app itself refuses large anonymous bodies unread (``guard.py``).
- ``WEB_CONCURRENCY`` workers (gunicorn's own variable; default two per CPU plus one)
  and ``GUNICORN_THREADS`` threads (default 4).  The app keeps no state in its processes
  (sessions in the database), so more containers behind the proxy share one PostgreSQL.
"""

from __future__ import annotations

import multiprocessing
import os

from swissweb.timeouts import pairing_timeout

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * multiprocessing.cpu_count() + 1)))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(pairing_timeout()) + 30 if pairing_timeout() > 0 else 120
graceful_timeout = 30
keepalive = 5
accesslog = "-"
# The proxy's X-Forwarded-* headers are believed only from these addresses (gunicorn's
# own check; the app's own reading of the client address is TRUSTED_PROXIES).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
