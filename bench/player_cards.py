"""The players' cards at 1,000 players (#36 item 7), for ``bench.desk_budgets``.

The arbiter prints every player's card (name, number, private link and its QR code)
before round 1, 100 cards to a page (``CARDS_PER_PAGE``): each QR code is drawn on the
page's request (segno, pure Python), so a page costs about a hundred times one code.
On the 1,000-player event of ``bench.desk_draft``, each timed request is the GET of
another page of cards (pages 1 to 10 in turn), the cache emptied before it, as the
arbiter's first view; the requests name a host as long as a club's server would have
(``HOST``), since a longer link can take a larger QR code.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bench.desk_draft import DRAFT_SLUG

HOST = "pairings.example-chess-club.org"
"""The host the card requests name (``ALLOWED_HOSTS`` must let it through): the cards'
links are ``http://<HOST>/p/<code>/``, 52 characters, a QR code of version 4."""

CARDS_BUDGETS = {"players' cards page (100 cards)": 1.0}
"""Seconds of server time for one page of 100 cards: printed once before round 1, a
second is no wait for the arbiter, and ten pages take ten."""


def measure_cards(
    *,
    arbiter: str,
    repeat: int,
    timed: Callable[[Callable[[int], None], int], tuple[float, float]],
) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """The figure by name (median, slowest) and the problems found."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.core.cache import cache  # Django only for this bench
    from django.test import Client  # Django only for this bench

    problems: list[str] = []
    processor: list[float] = []
    client = Client(HTTP_HOST=HOST)
    client.force_login(get_user_model().objects.get(username=arbiter))

    def cards(index: int) -> None:
        cache.clear()
        page = index % 10 + 1
        started = time.process_time()
        response = client.get(f"/events/{DRAFT_SLUG}/manage/players/cards/?page={page}")
        processor.append(time.process_time() - started)
        count = response.content.count(b'<section class="player-link-card">')
        if response.status_code != 200 or count != 100 or b"<svg" not in response.content:
            problems.append(f"cards page {page}: HTTP {response.status_code}, {count} cards")

    found = {"players' cards page (100 cards)": timed(cards, repeat)}
    # The processor time beside the wall time: on a shared machine the wall time also
    # measures the other processes.
    median = statistics.median(processor[1:]) * 1000
    print(f"players' cards page, processor time: median {median:,.0f} ms")
    return found, problems
