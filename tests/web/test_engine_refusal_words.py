"""#36 item 8: a system's "no pairing" and a draft edit's warnings in the reader's language.

The engine raises NoValidPairing (and UnsupportedFeature) with a message code, and gives
the relative criteria a hand-made pairing breaks as messages; the web app renders each
from its translatable template, in English exactly as the engine words it.  A template
translated only into German stands in for the catalogue the lead fills.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation

from pairing.engine.errors import NoValidPairing, UnsupportedFeature
from pairing.engine.messages import words
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Result
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.engine_words import TEMPLATES, error_text
from tests.web.test_trf_words import _Catalogue

GERMAN = {
    "pairing.dutch_absolute": "keine Paarung hält die absoluten Kriterien C1-C3 ein",
    "unsupported.system": "Paarungssystem %(system)s ist nicht umgesetzt",
    "warning.different_scores": "Brett %(board)s: %(white)s und %(black)s haben verschiedene "
    "Punktzahlen (%(rule)s).",
    "warning.same_colour_again": "Brett %(board)s: Spieler %(player)s bekommt wieder dieselbe "
    "Farbe (%(rule)s).",
}


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    for code, template in GERMAN.items():
        monkeypatch.setitem(TEMPLATES, code, _Catalogue(str(TEMPLATES[code]), template))


@pytest.mark.parametrize(
    "error",
    [
        NoValidPairing(words("pairing.dutch_absolute")),
        UnsupportedFeature(words("unsupported.system", system="'swiss'")),
    ],
    ids=["no-pairing", "unsupported"],
)
def test_engine_refusal_reads_from_the_german_template(german: None, error: Exception) -> None:
    with translation.override("en"):
        assert error_text(error) == str(error)
    with translation.override("de"):
        german_text = error_text(error)
    assert german_text != str(error)
    assert german_text in {"keine Paarung hält die absoluten Kriterien C1-C3 ein",
                           "Paarungssystem 'swiss' ist nicht umgesetzt"}  # fmt: skip


@pytest.mark.django_db
def test_draft_swap_warnings_read_from_the_german_template(german: None, arbiter: User) -> None:
    """A swap on the last two boards breaks relative criteria: the arbiter is warned in
    German, the board, players and rule filled in; in English as the engine words it."""
    event = Event.objects.create(name="Open", slug="open", rounds=5)
    event.arbiters.add(arbiter)
    rows = [{"name": f"Player {n:02d}", "rating": 2400 - 10 * n} for n in range(12)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=timezone.now())
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    first = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=first.pk, user=arbiter, now=timezone.now())
    for game in first.games.order_by("board"):
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=game.version,
            user=arbiter, now=timezone.now(),
        )  # fmt: skip
    second = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=2)
    games = list(second.games.order_by("board"))
    last, before_last = games[-1], games[-2]
    assert before_last.black_id is not None
    with translation.override("de"):
        warnings = round_services.draft_swap_players(
            round_id=second.pk, first_id=last.white_id, second_id=before_last.black_id,
            user=arbiter, now=timezone.now(),
        )  # fmt: skip
    assert warnings
    assert all(w.startswith("Brett ") and w.endswith(").") for w in warnings)
    with translation.override("en"):
        english = round_services.round_warnings(second, boards={last.board, before_last.board})
    assert all(w.startswith("Board ") for w in english)
