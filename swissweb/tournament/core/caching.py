"""The public pages' cache: keys by the event's change counters, a small per-process memo."""

from __future__ import annotations

import collections
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache

from swissweb.tournament.models import (
    Event,
    Round,
    RoundState,
)

T = TypeVar("T")


def cache_version(event: Event, round_: Round | None = None) -> str:
    """The part of a public fragment's cache key that changes whenever its content may.

    The templates cache the large tables of the public pages (``{% cache %}``, #10): the
    standings, the crosstable, the players and a completed round's boards under
    ``Event.standings_version``, which every change but a result in a round in play
    counts; a round in play under ``Event.results_version``, which every change counts.
    The services count both in the transaction of the change (``common_services._lock_event``);
    ``modified_at`` covers edits of the event itself (the settings form, the admin).
    """
    in_play = round_ is not None and round_.state != RoundState.COMPLETED
    counter = event.results_version if in_play else event.standings_version
    return f"{event.pk}.{counter}.{event.modified_at.timestamp()}"


CACHE_SECONDS = 3600
"""How long a cached value lives: its key changes with its content, so this only bounds
the memory that values of past versions hold (besides the cache's own culling)."""


_MEMO: collections.OrderedDict[str, Any] = collections.OrderedDict()
_MEMO_SIZE = 64


def _memoised(name: str, load: Callable[[], T]) -> T:
    """``load()`` kept in this process too, for values every player card reads.

    The cache pickles what it stores, and unpickling the shared basis and each round's
    explanation took 12 ms of a card's 43 (#21).  The names carry their versions, so a
    process never keeps a stale value; the oldest of the last 64 go first.
    """
    if name in _MEMO:
        _MEMO.move_to_end(name)
        value: T = _MEMO[name]
        return value
    value = load()
    _MEMO[name] = value
    while len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return value


def clear_process_memo() -> None:
    """Forget what ``_memoised`` keeps (for tests, which reuse ids after a rollback)."""
    _MEMO.clear()


def cached(key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, cached under ``key`` (which must hold a ``cache_version``)."""
    name = "swissweb:" + ":".join(str(part) for part in key)
    value: T | None = cache.get(name)
    if value is None:
        value = compute()
        cache.set(name, value, CACHE_SECONDS)
    return value
