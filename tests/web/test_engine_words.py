"""#36 item 8: the engine's refusals and draft checks read in the reader's language.

The engine gives a message code and values (``pairing.engine.messages``); the web app
holds a translatable template for each code with the same placeholders, reading in
English exactly as the engine does, and renders it in the active language: a state
refused before pairing, and a draft's broken absolute criteria.  A code the web does
not know reads as the engine's English, never as an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone, translation

from pairing.engine.legality import Violation
from pairing.engine.messages import ENGLISH, words
from swissweb.tournament.core.errors import PairingFailed
from swissweb.tournament.events import event_settings
from swissweb.tournament.models import AuditEntry, Event, Game, Result, Round, RoundState
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.engine_words import TEMPLATES, render, violation_text
from swissweb.tournament.rounds.redraw import redraw_preview

from .test_redraw_door import _published
from .test_services import numbered, published_round

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def test_every_engine_code_has_a_web_template_with_the_same_placeholders() -> None:
    assert sorted(TEMPLATES) == sorted(ENGLISH)
    with translation.override("en"):
        for code, english in ENGLISH.items():
            web = str(TEMPLATES[code])
            assert sorted(set(PLACEHOLDER.findall(web))) == sorted(
                set(PLACEHOLDER.findall(english))
            ), code


def test_web_templates_read_in_english_as_the_engine_words_them() -> None:
    with translation.override("en"):
        assert {code: str(template) for code, template in TEMPLATES.items()} == dict(ENGLISH)


@dataclass(frozen=True)
class _Future:
    """A message from a newer engine, with a code this web app does not know."""

    code: str = "state.from_the_future"
    values: dict[str, object] = field(default_factory=lambda: {"player": 3})

    def __str__(self) -> str:
        return "player 3 is from the future"


def test_unknown_message_code_reads_as_the_engines_english() -> None:
    with translation.override("de"):
        assert render(_Future()) == "player 3 is from the future"


def test_values_that_do_not_fit_the_template_read_as_english_not_an_error() -> None:
    message = words("draft.not_paired", board=2)  # no player: a mistake, still shown
    with translation.override("de"):
        assert render(message) == "draft.not_paired {'board': 2}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "round 1: player 1 is paired twice (against 4, 5 and 6)"),
        ("de", "Runde 1: Spieler 1 ist doppelt gepaart (gegen 4, 5 und 6)"),
        ("fr", "ronde 1\u00a0: le joueur 1 est apparié deux fois (contre 4, 5 et 6)"),
    ],
)
def test_numbers_are_listed_in_the_readers_language(language: str, expected: str) -> None:
    message = words("state.paired_twice", round=1, player=1, opponents=(4, 5, 6))
    with translation.override(language):
        assert render(message) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Dutch B2b: board 2: player 7 would have white three times in a row"),
        ("de", "Dutch B2b: Brett 2: Spieler 7 hätte dreimal hintereinander Weiß"),
        (
            "fr",
            "Dutch B2b\u00a0: échiquier 2\u00a0: le joueur 7 aurait les blancs trois fois de suite",
        ),
    ],
)
def test_a_broken_criterion_names_its_rule_and_colour_in_the_readers_language(
    language: str, expected: str
) -> None:
    broken = Violation(
        rule="Dutch B2b", words=words("draft.colour_run", board=2, player=7, colour="white")
    )
    with translation.override(language):
        assert violation_text(broken) == expected


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "Spieler {n} hat sich zurückgezogen, ein Antrag für die Runde kann daher nicht"),
        ("fr", "le joueur {n} s'est retiré, une demande pour la ronde ne peut donc pas"),
    ],
)
def test_state_refused_before_a_redraw_reads_in_the_readers_language(
    arbiter_client: Client, language: str, expected: str
) -> None:
    """A player withdrawn before the round and absent from it: the engine's state check
    refuses the ESCA 25 redraw, and the arbiter reads why in his language."""
    round_ = _published(arbiter_client)
    cole = round_.event.players.get(name="Cole")
    round_.event.players.filter(pk=cole.pk).update(withdrawn_after_round=0)
    with translation.override(language), pytest.raises(PairingFailed) as refused:
        redraw_preview(round_id=round_.pk, absent_ids=[cole.pk])
    assert expected.format(n=cole.pairing_number) in str(refused.value)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "pairing: player {n} has withdrawn (C.04.2 3.2) but is paired"),
        ("de", "Paarung: Spieler {n} hat sich zurückgezogen (C.04.2 3.2), ist aber gepaart"),
        ("fr", "appariement\u00a0: le joueur {n} s'est retiré (C.04.2 3.2) mais est apparié"),
    ],
)
def test_draft_breaking_a_criterion_reads_in_the_readers_language(
    arbiter_client: Client, language: str, expected: str
) -> None:
    """A player paired in round 1 and then marked withdrawn before it: the draft check
    says so in the reader's language, the rule's name too."""
    round_ = _published(arbiter_client)
    cole = round_.event.players.get(name="Cole")
    round_.event.players.filter(pk=cole.pk).update(withdrawn_after_round=0)
    with translation.override(language):
        assert expected.format(n=cole.pairing_number) in round_services.round_violations(round_)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "option lim_maxi must be yes or no, not yes."),
        ("de", "Option lim_maxi muss ja oder nein sein, nicht yes."),
        ("fr", "l'option lim_maxi doit être oui ou non, pas yes."),
    ],
)
def test_a_setting_refused_by_its_option_says_why_in_the_readers_language(
    language: str, expected: str
) -> None:
    with translation.override(language):
        (problem,) = event_settings.option_problems({"lim_maxi": "yes"})
    assert problem.endswith(expected)


def test_a_message_within_a_message_is_rendered_in_the_readers_language() -> None:
    """An option's refusal by the state's check: the option's own words are translated."""
    inner = words("option.whole_number_between", option="depth", low=0, high=9)
    message = words("state.option_value", problem=inner, value="12")
    assert str(message) == "option depth must be a whole number from 0 to 9: 12"
    with translation.override("de"):
        assert render(message) == "Option depth muss eine ganze Zahl von 0 bis 9 sein: 12"


@pytest.mark.django_db
def test_corrections_audit_keeps_the_engines_english_whoever_reads(
    started: Event, arbiter: User
) -> None:
    """A German arbiter corrects a rematch published by mistake: the refusal he reads is
    German, and the audit row, read later in any language, keeps the engine's English."""
    players = numbered(started)
    round_1 = published_round(started, players)  # 1-2, 3-4, 5-6
    for game in round_1.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    now = timezone.now()
    round_2 = Round.objects.create(
        event=started, number=2, lots_seed=1, paired_at=now, state=RoundState.PUBLISHED,
        published_at=now,
    )  # fmt: skip
    by = {p.pairing_number: p for p in players}
    Game.objects.create(round=round_2, board=1, white=by[2], black=by[1])
    Game.objects.create(round=round_2, board=2, white=by[3], black=by[5])
    Game.objects.create(round=round_2, board=3, white=by[6], black=by[4])
    with translation.override("de"):
        assert "Brett 1: 2 und 1 haben bereits gegeneinander gespielt" in " ".join(
            round_services.round_violations(round_2)
        )
        round_services.round_correct(round_id=round_2.pk, first_id=by[1].pk, second_id=by[5].pk,
                                     reason="rematch", user=arbiter, now=now)  # fmt: skip
    entry = AuditEntry.objects.get(action="round_correct")
    assert "board 1: 2 and 1 have already played each other" in entry.before["violations"][0]
