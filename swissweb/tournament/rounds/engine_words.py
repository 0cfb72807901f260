"""The engine's words in the reader's language (#36 item 8).

The pairing engine says what is wrong with a state or a draft as a message code and
plain values (``pairing.engine.messages``), and renders it in English itself.  Here
each code has its translatable template, with the same ``%(name)s`` placeholders
(``tests/web/test_engine_words.py`` holds the two tables to that), and :func:`render`
fills it in the active language.  A code this table does not know, or values that do
not fit its template, read as the engine's English: never an error.

Values are numbers and strings as the engine gives them; ``colour`` and ``outcome`` (and
a TRF reading error's ``what`` and ``state``) are words of the engine's vocabulary,
translated through :data:`_VOCABULARY`, a tuple of numbers is listed (``4 and 6``) and a
message among the values is rendered in turn.  :func:`trf_problem` words a TRF reading
error without its line and column (the importers put those in their own sentence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .engine_words_explain import EXPLAIN_TEMPLATES
from .engine_words_trf import FIELDS, ROUND_STATES, TRF_TEMPLATES


@runtime_checkable
class Message(Protocol):
    """The engine's message (``engine_door.Message``), as far as this module reads it:
    the door imports this module to word its errors, so this module does not import it."""

    @property
    def code(self) -> str: ...

    @property
    def values(self) -> Mapping[str, object]: ...


class TrfProblem(Protocol):
    """The engine's TRF reading error (``engine_door.TrfError``), as read here."""

    @property
    def message(self) -> str: ...

    @property
    def words(self) -> Message | None: ...


class Violation(Protocol):
    """The engine's broken absolute criterion (``engine_door.Violation``), as read here."""

    @property
    def rule(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def words(self) -> Message | None: ...


_CORE: Mapping[str, Promise] = {
    # Translators: a refusal of the tournament's records: the number of rounds completed.
    "state.rounds_completed_negative": _("rounds completed cannot be negative (%(rounds)s)"),
    "state.no_round_planned": _("the event must plan at least one round, not %(rounds)s"),
    "state.bad_pairing_number": _("pairing number %(number)s is not a whole number from 1 up"),
    # Translators: %(first)s and %(second)s are the two players' names.
    "state.pairing_number_twice": _(
        "pairing number %(number)s is used twice (%(first)s and %(second)s)"
    ),
    "state.pairing_number_shared": _("two players share a pairing number"),
    "state.history_length": _(
        "player %(player)s has %(recorded)s rounds recorded, expected %(expected)s"
    ),
    "state.record_round": _(
        "player %(player)s, round %(round)s: the record is marked as round %(marked)s"
    ),
    # Translators: %(outcome)s is a kind of bye or absence ("half-point bye").
    "state.unpaired_with_opponent": _(
        "player %(player)s, round %(round)s: a %(outcome)s has no opponent or colour (it "
        "names player %(opponent)s)"
    ),
    "state.game_without_opponent": _(
        "player %(player)s, round %(round)s: a game or forfeit without an opponent"
    ),
    "state.paired_against_self": _("player %(player)s, round %(round)s: paired against himself"),
    "state.unknown_opponent": _(
        "player %(player)s, round %(round)s: the opponent %(opponent)s is not a player of the event"
    ),
    # Translators: %(opponents)s lists pairing numbers ("4 and 6").
    "state.paired_twice": _(
        "round %(round)s: player %(player)s is paired twice (against %(opponents)s)"
    ),
    "state.one_sided_names": _(
        "player %(player)s, round %(round)s: paired against %(opponent)s, whose round "
        "%(round)s names player %(named)s (a game recorded on one side only)"
    ),
    # Translators: %(outcome)s is a kind of bye or absence ("half-point bye").
    "state.one_sided_has": _(
        "player %(player)s, round %(round)s: paired against %(opponent)s, whose round "
        "%(round)s has %(outcome)s (a game recorded on one side only)"
    ),
    # Translators: %(colour)s is white or black.
    "state.same_colour": _(
        "player %(player)s, round %(round)s: both %(player)s and %(opponent)s have %(colour)s"
    ),
    "state.request_unknown_player": _("round %(round)s: a request for unknown player %(player)s"),
    "state.request_unknown": _("request for unknown player %(player)s"),
    "state.request_withdrawn": _(
        "round %(round)s: player %(player)s has withdrawn, so a request for the round cannot "
        "be honoured"
    ),
    "state.two_requests": _("round %(round)s: player %(player)s has two requests"),
    # Translators: %(members)s lists pairing numbers as the engine writes them ("[3]").
    "state.forbidden_pair_size": _(
        "a forbidden pair must be two different players, not %(members)s"
    ),
    "state.forbidden_pair_unknown": _("forbidden pair %(first)s-%(second)s: no player %(player)s"),
    # Translators: imaginary points are the points of accelerated pairings (FIDE C.04.5.1).
    "state.bonus_unknown_player": _("imaginary points for unknown player %(player)s"),
    "state.bonus_out_of_range": _(
        "player %(player)s: imaginary points %(points)s for round %(round)s are out of range"
    ),
    "state.acceleration_option": _("option acceleration must be yes, no or unset: %(value)s"),
    "state.unknown_option": _("no pairing system has an option %(name)s"),
    # Translators: %(problem)s is why the option refuses the value, then the value.
    "state.option_value": _("%(problem)s: %(value)s"),
    "state.played_unknown_player": _(
        "player %(player)s played unknown player %(opponent)s in round %(round)s"
    ),
    # Translators: %(option)s is the option's name as the TRF file and the forms spell it.
    "option.yes_or_no": _("option %(option)s must be yes or no"),
    "option.whole_number_from": _("option %(option)s must be a whole number from %(low)s"),
    "option.whole_number_between": _(
        "option %(option)s must be a whole number from %(low)s to %(high)s"
    ),
    "option.unknown_choice": _("option %(option)s names an unknown choice"),
    "draft.wrong_round": _(
        "the pairing is for round %(paired)s, but round %(round)s is to be paired"
    ),
    "draft.unknown_paired": _("player %(player)s is not in the tournament but is paired"),
    "draft.withdrawn_paired": _("player %(player)s has withdrawn (C.04.2 3.2) but is paired"),
    "draft.half_point_bye_paired": _("player %(player)s asked for a half-point bye but is paired"),
    "draft.full_point_bye_paired": _("player %(player)s asked for a full-point bye but is paired"),
    "draft.absent_paired": _("player %(player)s is known to be absent but is paired"),
    "draft.paired_times": _("player %(player)s is paired %(times)s times"),
    "draft.not_paired": _("player %(player)s is not paired"),
    "draft.bye_when_even": _(
        "player %(player)s has the bye, but the number of players to pair (%(count)s) is even"
    ),
    "draft.board_numbers": _("the boards are numbered %(numbers)s instead of 1 to %(count)s"),
    # Translators: %(white)s and %(black)s are pairing numbers.
    "draft.forbidden_pair": _(
        "board %(board)s: %(white)s and %(black)s must not be paired against each other"
    ),
    # Translators: %(white)s and %(black)s are pairing numbers.
    "draft.rematch": _("board %(board)s: %(white)s and %(black)s have already played each other"),
    # Translators: %(difference)s is signed: +3 is three whites more than blacks.
    "draft.colour_difference": _(
        "board %(board)s: player %(player)s would have a colour difference of %(difference)s"
    ),
    # Translators: %(colour)s is white or black.
    "draft.colour_run": _(
        "board %(board)s: player %(player)s would have %(colour)s three times in a row"
    ),
    "draft.bye_after_allocated_bye": _(
        "player %(player)s gets the bye after the pairing-allocated bye in round %(round)s"
    ),
    "draft.bye_after_full_point_bye": _(
        "player %(player)s gets the bye after a full-point bye in round %(round)s"
    ),
    "draft.bye_after_forfeit_win": _(
        "player %(player)s gets the bye after a point by forfeit in round %(round)s"
    ),
    # Translators: why a system found no pairing; the rule numbers stay as they are.
    "pairing.sb_high_with_low": _("a score group could not be paired high with low (SB 4)"),
    # Translators: %(points)s is a score such as 2½.
    "pairing.sb_score_group": _("score group %(points)s could not be paired (SB 1, SB 5)"),
    # Translators: %(rules)s is the system's short name (SB) before its rule numbers.
    "pairing.sb_round": _(
        "round %(round)s: no pairing keeps %(rules)s 1 (no rematch) and %(rules)s 6 (no "
        "second point without playing)"
    ),
    "pairing.esca_floaters": _("ESCA 1: the floaters cannot be paired"),
    "pairing.esca_round_one": _("ESCA 1: round 1 cannot be paired"),
    "pairing.esca_rematch": _("ESCA 1: the players cannot all be paired without a rematch"),
    "pairing.esca_no_bye": _("ESCA 4: every player has had a bye or won a game by default already"),
    "pairing.esca_bye_pairable": _(
        "ESCA 1, 4: no player without an earlier bye or default can have the bye and leave "
        "the others pairable"
    ),
    "pairing.lim_round": _("round %(round)s: no pairing keeps Lim 9.1"),
    "pairing.lim_bye": _(
        "round %(round)s: nobody may have the bye (Lim 8.2) with the others all paired (Lim 9.1)"
    ),
    "pairing.dutch_absolute": _("no pairing keeps the absolute criteria C1-C3"),
    "pairing.dutch_bye": _(
        "no pairing keeps the absolute criteria C1-C3 with the bye to a player who may "
        "receive it (C2)"
    ),
    "pairing.dutch_lowest_bracket": _("the lowest bracket could not be paired"),
    "pairing.dutch1992_round": _("round %(round)s: no pairing satisfies Dutch B1 and B2"),
    # Translators: %(system)s is a system's name as given, in quotes.
    "unsupported.system": _("pairing system %(system)s is not implemented"),
    # Translators: %(rules)s is the system's English title ("FIDE Dutch system, 1992 text").
    "unsupported.redraw": _("the %(rules)s has no rule for redrawing a round"),
    # Translators: a warning, not a refusal; %(rule)s is a rule's number (Dutch B3).
    "warning.different_scores": _(
        "Board %(board)s: players %(white)s and %(black)s have different scores (%(rule)s)."
    ),
    # Translators: a warning, not a refusal; %(rule)s is a rule's number (Dutch B4).
    "warning.same_colour_again": _(
        "Board %(board)s: player %(player)s gets the same colour as in the last game (%(rule)s)."
    ),
}

TEMPLATES: Mapping[str, Promise] = {**_CORE, **TRF_TEMPLATES, **EXPLAIN_TEMPLATES}
"""Each engine message code's translatable template (the TRF reader's in
:mod:`~swissweb.tournament.rounds.engine_words_trf`, the explanations' in
:mod:`~swissweb.tournament.rounds.engine_words_explain`)."""

_VOCABULARY: Mapping[str, Mapping[str, Promise]] = {
    "colour": {"white": _("white"), "black": _("black"), "no colour": _("no colour")},
    "outcome": {
        "half_point_bye": _("half-point bye"),
        "full_point_bye": _("full-point bye"),
        "pairing_allocated_bye": _("pairing-allocated bye"),
        "zero_point_bye": _("zero-point bye"),
    },
    "strength": {
        # Translators: a colour preference's strength, in an explanation of a pairing.
        "absolute": pgettext_lazy("colour preference", "absolute"),
        "strong": pgettext_lazy("colour preference", "strong"),
        "mild": pgettext_lazy("colour preference", "mild"),
    },
    "what": FIELDS,
    "state": ROUND_STATES,
}
"""The engine's words among a message's values, by the value's name."""

_RULES: Mapping[str, Promise] = {
    # Translators: the rule a draft breaks: everyone to pair is on one board or has the bye.
    "pairing": pgettext_lazy("rule broken", "pairing"),
    "forbidden pair": pgettext_lazy("rule broken", "forbidden pair"),
}
"""The checker's own rule names; the others are published rule numbers, kept as they are."""


def _value(name: str, value: object) -> object:
    if isinstance(value, Message):  # a message within the message
        return render(value)
    if isinstance(value, tuple):
        numbers = [str(n) for n in value]
        if len(numbers) < 2:
            return "".join(numbers)
        return gettext("%(first)s and %(second)s") % {
            "first": ", ".join(numbers[:-1]),
            "second": numbers[-1],
        }
    words = _VOCABULARY.get(name, {})
    return str(words[value]) if isinstance(value, str) and value in words else value


def _english(message: Message) -> str:
    try:
        return str(message)
    except (KeyError, TypeError, ValueError):  # values that fit no template: say them
        return f"{message.code} {dict(message.values)}"


def render(message: Message) -> str:
    """The message in the active language; the engine's English for a code not known here
    or values that do not fit the template."""
    template = TEMPLATES.get(message.code)
    if template is None:
        return _english(message)
    try:
        return str(template) % {name: _value(name, v) for name, v in message.values.items()}
    except (KeyError, TypeError, ValueError):
        return _english(message)


def error_text(exc: Exception) -> str:
    """An engine error in the active language, when it carries a message code
    (``EngineError.words``); else its own (English) text."""
    words: Message | None = getattr(exc, "words", None)
    return render(words) if words is not None else str(exc)


def trf_problem(exc: TrfProblem) -> str:
    """What is wrong in a TRF file, without its line and column, in the active language
    when the reader worded it (a ``trf.`` code); else its own text (the web app's own
    checks raise it already translated)."""
    return render(exc.words) if exc.words is not None else exc.message


def violation_text(violation: Violation) -> str:
    """``rule: what is wrong`` for a broken absolute criterion, in the active language."""
    rule = _RULES.get(violation.rule)
    what = render(violation.words) if violation.words is not None else violation.message
    # Translators: a broken rule, then what is wrong: "Dutch B2b: board 2: player 7 ...".
    return gettext("%(rule)s: %(problem)s") % {
        "rule": rule if rule is not None else violation.rule,
        "problem": what,
    }


__all__ = ["TEMPLATES", "error_text", "render", "trf_problem", "violation_text"]
