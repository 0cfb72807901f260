"""The draft review and the board-number entry at 1,000 players (#36), for
``bench.desk_budgets``.

A 1,000-player Dutch event (``DRAFT_SLUG``) is built through the services with
``rounds`` rounds completed and one more published without results; then:

- one save of the board-number entry: the POST the box makes for a board (the row's
  field, ``Accept: application/json``, the version the page showed), one new board each
  time, timed as the server's work in this process;
- the round in play is finished in bulk and the next round paired as a draft; its
  review page is fetched as the arbiter, timed, and its size taken.  The draft's first
  view (the cache emptied: it reads the rounds before the draft) is timed once and
  printed; the budget's figure is the views after it (the arbiter's swaps and flips).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

DRAFT_SLUG = "draft-open"
DRAFT_PLAYERS = 1_000

TIME_BUDGETS = {
    "result save by board number (server)": 0.150,
    "draft review page (1,000 players)": 0.200,
}
"""Seconds of server time (#36: keystroke-to-saved 150 ms, the draft review 200 ms)."""

SIZE_BUDGETS = {"draft review page (1,000 players), HTML": 200_000}
"""Bytes of HTML as sent before compression (#36: the draft review 200 KB)."""


def build_draft_event(*, arbiter: str, rounds: int, seed: int) -> None:
    """The event: ``rounds`` rounds completed (results written in bulk, as recording
    them would leave them) and round ``rounds + 1`` published without results."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from bench.load_event import TIEBREAKS  # Django only for this bench
    from swissweb.tournament.events import services as event_services  # Django only for this bench
    from swissweb.tournament.management.commands.load_demo import (  # Django only for this bench
        FIRST,
        LAST,
    )
    from swissweb.tournament.players import (  # Django only for this bench
        services as player_services,
    )
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    rng = random.Random(seed)
    user = get_user_model().objects.get(username=arbiter)
    now = timezone.now()
    event = event_services.event_create(
        user=user, now=now, name=f"Draft Open ({DRAFT_PLAYERS} players)", slug=DRAFT_SLUG,
        rounds=rounds + 2, tiebreaks=TIEBREAKS, venue="Loopback Hall", public=True,
    )  # fmt: skip
    rows = [
        {
            "name": f"{LAST[index % 24]}, {FIRST[(index * 5 + index // 24) % 24]} {index + 1}",
            "rating": 0 if index % 20 == 19 else max(1000, 2600 - 2 * index - rng.randrange(60)),
        }
        for index in range(DRAFT_PLAYERS)
    ]
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=now)
    event_services.event_start(event_id=event.pk, user=user, now=now)
    for number in range(1, rounds + 2):
        round_ = round_services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        round_services.round_publish(round_id=round_.pk, user=user, now=now)
        if number <= rounds:
            _complete(round_.pk, rng)


def _complete(round_id: int, rng: random.Random) -> None:
    """Every board of round ``round_id`` given a result, the round completed (in bulk)."""
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.management.commands.load_demo import (  # Django only for this bench
        demo_result,
    )
    from swissweb.tournament.models import (  # Django only for this bench
        Game,
        Result,
        Round,
        RoundState,
    )

    games = list(
        Game.objects.filter(round_id=round_id, result=Result.NOT_PLAYED_YET, black__isnull=False)
        .select_related("white", "black")
    )  # fmt: skip
    for game in games:
        assert game.black is not None  # the query above leaves byes out
        game.result = demo_result(game.white, game.black, rng)
    Game.objects.bulk_update(games, ["result"], batch_size=500)
    Round.objects.filter(pk=round_id).update(
        state=RoundState.COMPLETED, completed_at=timezone.now()
    )


def measure_draft(
    *,
    arbiter: str,
    repeat: int,
    seed: int,
    timed: Callable[[Callable[[int], None], int], tuple[float, float]],
) -> tuple[dict[str, tuple[float, float]], dict[str, int], list[str]]:
    """The figures by name (median, slowest), the sizes by name, and the problems."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.core.cache import cache  # Django only for this bench
    from django.test import Client  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.models import Event, Game, RoundState  # Django only for this bench
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    problems: list[str] = []
    found: dict[str, tuple[float, float]] = {}
    user = get_user_model().objects.get(username=arbiter)
    client = Client()
    client.force_login(user)
    event = Event.objects.get(slug=DRAFT_SLUG)
    in_play = event.round_set.get(state=RoundState.PUBLISHED)
    boards = list(
        Game.objects.filter(round=in_play, black__isnull=False)
        .order_by("board")
        .values_list("pk", "version")
    )
    rng = random.Random(seed)
    rng.shuffle(boards)  # slips come in any order

    def save(index: int) -> None:
        game, version = boards[index]
        response = client.post(
            f"/events/{DRAFT_SLUG}/games/{game}/result/",
            {"result": rng.choice(["1", "0", "="]), "version": str(version)},
            HTTP_ACCEPT="application/json",
        )
        if response.status_code != 200 or not response.json().get("ok"):
            problems.append(f"save {index}: HTTP {response.status_code}")

    found["result save by board number (server)"] = timed(save, repeat)

    # The draft: the round in play finished, the next one paired and left a draft.
    _complete(in_play.pk, rng)
    draft = round_services.round_pair(event_id=event.pk, user=user, now=timezone.now(), seed=seed)
    path = f"/events/{DRAFT_SLUG}/manage/rounds/{draft.number}/"
    sizes: dict[str, int] = {}

    def review(_: int) -> None:
        response = client.get(path)
        sizes["draft review page (1,000 players), HTML"] = len(response.content)
        if response.status_code != 200 or b'class="table draft"' not in response.content:
            problems.append(f"draft review: HTTP {response.status_code}")

    # The draft's first view reads the points and histories before it (cached for the
    # draft after that): timed once, printed beside the budgets, wall and processor.
    cache.clear()
    wall, processor = time.perf_counter(), time.process_time()
    review(0)
    wall, processor = time.perf_counter() - wall, time.process_time() - processor
    print(f"draft review, first view: {wall * 1000:,.0f} ms ({processor * 1000:,.0f} ms processor)")
    found["draft review page (1,000 players)"] = timed(review, repeat)
    return found, sizes, problems
