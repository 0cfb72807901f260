"""The engine's words as data: a message code and its values, rendered in English here.

A refusal of the state (:class:`~pairing.engine.errors.InvalidState`), a broken
absolute criterion (:class:`~pairing.engine.legality.Violation`), a system finding no
pairing (``NoValidPairing``), something the engine does not do (``UnsupportedFeature``),
a relative criterion a hand-made pairing breaks (``relative_warnings``) and a TRF
reading error (``TrfError``, codes in :mod:`pairing.engine.messages_trf`) and each step
of a pairing's explanation (``Explanation.words``, codes in
:mod:`pairing.engine.messages_explain`) carry a
:class:`Message`: a stable code and plain values (numbers, strings, tuples of numbers).
The command line and the tests read the English of :data:`ENGLISH`, which ``str()``
renders, so the text and the code cannot drift apart; an application in another
language keeps its own template for each code, with the same ``%(name)s``
placeholders, and renders the same values in its reader's language.

Values are language-neutral, with exceptions a translation maps word for word:
``colour`` is ``"white"`` or ``"black"``, ``outcome`` the lower-case name of an
:class:`~pairing.engine.model.Outcome` (``"half_point_bye"``), and in a TRF reading
error ``what`` names a field (``"game points"``) and ``state`` a round's state.  A tuple
of numbers is written ``4 and 6`` in English; a message among the values is rendered in
turn.

A code, once published, keeps its meaning and placeholders; a new sentence gets a new
code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Union

from .messages_explain import EXPLAIN
from .messages_trf import TRF

Value = Union[int, float, str, tuple[int, ...], "Message"]  # noqa: UP007 (a forward name)
"""A message's value: a plain number or string, numbers to be listed, or a message
within the message (an option's own problem)."""

_CORE: Mapping[str, str] = {
    # The state's refusals (pairing.engine.validation): which record, which rule.
    "state.rounds_completed_negative": "rounds completed cannot be negative (%(rounds)s)",
    "state.no_round_planned": "the event must plan at least one round, not %(rounds)s",
    "state.bad_pairing_number": "pairing number %(number)s is not a whole number from 1 up",
    "state.pairing_number_twice": "pairing number %(number)s is used twice (%(first)s and "
    "%(second)s)",
    "state.pairing_number_shared": "two players share a pairing number",
    "state.history_length": "player %(player)s has %(recorded)s rounds recorded, expected "
    "%(expected)s",
    "state.record_round": "player %(player)s, round %(round)s: the record is marked as round "
    "%(marked)s",
    "state.unpaired_with_opponent": "player %(player)s, round %(round)s: a %(outcome)s has no "
    "opponent or colour (it names player %(opponent)s)",
    "state.game_without_opponent": "player %(player)s, round %(round)s: a game or forfeit "
    "without an opponent",
    "state.paired_against_self": "player %(player)s, round %(round)s: paired against himself",
    "state.unknown_opponent": "player %(player)s, round %(round)s: the opponent %(opponent)s "
    "is not a player of the event",
    "state.paired_twice": "round %(round)s: player %(player)s is paired twice (against "
    "%(opponents)s)",
    "state.one_sided_names": "player %(player)s, round %(round)s: paired against "
    "%(opponent)s, whose round %(round)s names player %(named)s (a game recorded on one "
    "side only)",
    "state.one_sided_has": "player %(player)s, round %(round)s: paired against %(opponent)s, "
    "whose round %(round)s has %(outcome)s (a game recorded on one side only)",
    "state.same_colour": "player %(player)s, round %(round)s: both %(player)s and "
    "%(opponent)s have %(colour)s",
    "state.request_unknown_player": "round %(round)s: a request for unknown player %(player)s",
    "state.request_unknown": "request for unknown player %(player)s",
    "state.request_withdrawn": "round %(round)s: player %(player)s has withdrawn, so a "
    "request for the round cannot be honoured",
    "state.two_requests": "round %(round)s: player %(player)s has two requests",
    "state.forbidden_pair_size": "a forbidden pair must be two different players, not %(members)s",
    "state.forbidden_pair_unknown": "forbidden pair %(first)s-%(second)s: no player %(player)s",
    "state.bonus_unknown_player": "imaginary points for unknown player %(player)s",
    "state.bonus_out_of_range": "player %(player)s: imaginary points %(points)s for round "
    "%(round)s are out of range",
    "state.acceleration_option": "option acceleration must be yes, no or unset: %(value)s",
    "state.unknown_option": "no pairing system has an option %(name)s",
    "state.option_value": "%(problem)s: %(value)s",
    "state.played_unknown_player": "player %(player)s played unknown player %(opponent)s in "
    "round %(round)s",
    # Why a value is not one a system's option takes (pairing.engine.options).
    "option.yes_or_no": "option %(option)s must be yes or no",
    "option.whole_number_from": "option %(option)s must be a whole number from %(low)s",
    "option.whole_number_between": "option %(option)s must be a whole number from %(low)s to "
    "%(high)s",
    "option.unknown_choice": "option %(option)s names an unknown choice",
    # A draft's broken absolute criteria (pairing.engine.legality).
    "draft.wrong_round": "the pairing is for round %(paired)s, but round %(round)s is to be paired",
    "draft.unknown_paired": "player %(player)s is not in the tournament but is paired",
    "draft.withdrawn_paired": "player %(player)s has withdrawn (C.04.2 3.2) but is paired",
    "draft.half_point_bye_paired": "player %(player)s asked for a half-point bye but is paired",
    "draft.full_point_bye_paired": "player %(player)s asked for a full-point bye but is paired",
    "draft.absent_paired": "player %(player)s is known to be absent but is paired",
    "draft.paired_times": "player %(player)s is paired %(times)s times",
    "draft.not_paired": "player %(player)s is not paired",
    "draft.bye_when_even": "player %(player)s has the bye, but the number of players to pair "
    "(%(count)s) is even",
    "draft.board_numbers": "the boards are numbered %(numbers)s instead of 1 to %(count)s",
    "draft.forbidden_pair": "board %(board)s: %(white)s and %(black)s must not be paired "
    "against each other",
    "draft.rematch": "board %(board)s: %(white)s and %(black)s have already played each other",
    "draft.colour_difference": "board %(board)s: player %(player)s would have a colour "
    "difference of %(difference)s",
    "draft.colour_run": "board %(board)s: player %(player)s would have %(colour)s three times "
    "in a row",
    "draft.bye_after_allocated_bye": "player %(player)s gets the bye after the "
    "pairing-allocated bye in round %(round)s",
    "draft.bye_after_full_point_bye": "player %(player)s gets the bye after a full-point bye "
    "in round %(round)s",
    "draft.bye_after_forfeit_win": "player %(player)s gets the bye after a point by forfeit "
    "in round %(round)s",
    # No pairing a system's absolute criteria allow (pairing.engine.systems).
    "pairing.sb_high_with_low": "a score group could not be paired high with low (SB 4)",
    "pairing.sb_score_group": "score group %(points)s could not be paired (SB 1, SB 5)",
    "pairing.sb_round": "round %(round)s: no pairing keeps %(rules)s 1 (no rematch) and "
    "%(rules)s 6 (no second point without playing)",
    "pairing.esca_floaters": "ESCA 1: the floaters cannot be paired",
    "pairing.esca_round_one": "ESCA 1: round 1 cannot be paired",
    "pairing.esca_rematch": "ESCA 1: the players cannot all be paired without a rematch",
    "pairing.esca_no_bye": "ESCA 4: every player has had a bye or won a game by default already",
    "pairing.esca_bye_pairable": "ESCA 1, 4: no player without an earlier bye or default can "
    "have the bye and leave the others pairable",
    "pairing.lim_round": "round %(round)s: no pairing keeps Lim 9.1",
    "pairing.lim_bye": "round %(round)s: nobody may have the bye (Lim 8.2) with the others all "
    "paired (Lim 9.1)",
    "pairing.dutch_absolute": "no pairing keeps the absolute criteria C1-C3",
    "pairing.dutch_bye": "no pairing keeps the absolute criteria C1-C3 with the bye to a player "
    "who may receive it (C2)",
    "pairing.dutch_lowest_bracket": "the lowest bracket could not be paired",
    "pairing.dutch1992_round": "round %(round)s: no pairing satisfies Dutch B1 and B2",
    # What the engine does not do (pairing.engine.registry).
    "unsupported.system": "pairing system %(system)s is not implemented",
    "unsupported.redraw": "the %(rules)s has no rule for redrawing a round",
    # The relative criteria a hand-made pairing breaks: warned of, not refused (legality).
    "warning.different_scores": "Board %(board)s: players %(white)s and %(black)s have "
    "different scores (%(rule)s).",
    "warning.same_colour_again": "Board %(board)s: player %(player)s gets the same colour as "
    "in the last game (%(rule)s).",
}

ENGLISH: Mapping[str, str] = {**_CORE, **TRF, **EXPLAIN}
"""Each code's English template (``%``-formatting with named placeholders); the TRF
reader's (``trf.``) are in :mod:`pairing.engine.messages_trf`, the explanations'
(``explain.``) in :mod:`pairing.engine.messages_explain`."""


def english_list(numbers: tuple[int, ...]) -> str:
    """Numbers listed in English: ``4 and 6``, ``1 and 2 and 3``."""
    return " and ".join(map(str, numbers))


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence of the engine: its code (a key of :data:`ENGLISH`) and its values."""

    code: str
    values: Mapping[str, Value]

    def __post_init__(self) -> None:
        if self.code not in ENGLISH:
            raise KeyError(f"no engine message {self.code!r}")

    def __str__(self) -> str:
        return ENGLISH[self.code] % {
            name: english_list(value) if isinstance(value, tuple) else value
            for name, value in self.values.items()
        }

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.values.items()))))


def words(code: str, /, **values: Value) -> Message:
    """The message ``code`` with ``values``: ``words("draft.not_paired", player=3)``."""
    return Message(code, values)


def chained(code: str, items: Sequence[Value]) -> Value:
    """Clauses joined by a two-place code (``explain.semicolon``: ``%(first)s; %(rest)s``),
    nested from the right, so the English reads as the items joined by its separator."""
    if len(items) == 1:
        return items[0]
    return Message(code, {"first": items[0], "rest": chained(code, items[1:])})


def message_json(message: Message) -> dict[str, object]:
    """The message as JSON data: ``{"code": ..., "values": ...}``, a tuple of numbers as a
    list and a message among the values in turn (read back by :func:`message_from_json`)."""
    return {"code": message.code, "values": {k: _value_json(v) for k, v in message.values.items()}}


def _value_json(value: Value) -> object:
    if isinstance(value, Message):
        return message_json(value)
    return list(value) if isinstance(value, tuple) else value


def message_from_json(data: object) -> Message | None:
    """The message :func:`message_json` wrote; ``None`` for anything else (a code no
    longer known, values of the wrong kind), so a reader falls back on the English."""
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        return None
    raw = data.get("values")
    if data["code"] not in ENGLISH or not isinstance(raw, dict):
        return None
    values: dict[str, Value] = {}
    for name, value in raw.items():
        if isinstance(value, list) and all(type(n) is int for n in value):
            values[str(name)] = tuple(value)
        elif isinstance(value, dict):
            inner = message_from_json(value)
            if inner is None:
                return None
            values[str(name)] = inner
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):
            values[str(name)] = value
        else:
            return None
    return Message(data["code"], values)


__all__ = [
    "ENGLISH",
    "Message",
    "chained",
    "Value",
    "english_list",
    "message_from_json",
    "message_json",
    "words",
]
