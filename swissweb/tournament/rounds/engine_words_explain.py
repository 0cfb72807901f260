"""The pairing explanations in the reader's language (#36 item 8).

Each step a system's procedure writes carries a message code (``explain.``) and values
(``pairing.engine.messages_explain``); here each code has its translatable template,
with the same ``%(name)s`` placeholders (``tests/web/test_engine_words.py`` holds the
tables to that). :mod:`~swissweb.tournament.rounds.engine_words` renders them with the
engine's other words, a clause among the values (why a player floats, how a board's
colours were decided) in turn.

Scores are as the system writes them (``1½``, ``1.5``) and pairing numbers as listed
(``4, 6``); rule numbers (C12, A3, Lim 9.1) are the published ones and stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

EXPLAIN_TEMPLATES: Mapping[str, Promise] = {
    # Translators: %(colour)s is white or black.
    "explain.initial_colour_lot": _("The initial colour was drawn by lot: %(colour)s."),
    # Translators: %(head)s is the bracket's summary (explain.dutch.bracket_head...).
    "explain.dutch.bracket": _(
        "%(head)s. The pairing meets the absolute criteria C1-C3 and, in order, the PAB"
        " criterion C5 and the quality criteria C6-C21; among equals, the first in the order"
        " of Article 4 (3.8)."
    ),
    # Translators: a score bracket by its score (1½); the sentence goes on.
    "explain.dutch.bracket_head": _(
        "Bracket %(score)s: %(residents)s resident player(s); %(pairs)s pair(s) made"
    ),
    "explain.dutch.bracket_head_moved": _(
        "Bracket %(score)s: %(residents)s resident player(s) and moved-down player(s)"
        " %(moved)s (heterogeneous bracket, 1.3.3); %(pairs)s pair(s) made"
    ),
    "explain.dutch.bracket_head_floats": _(
        "Bracket %(score)s: %(residents)s resident player(s); %(pairs)s pair(s) made,"
        " %(floaters)s float down"
    ),
    "explain.dutch.bracket_head_moved_floats": _(
        "Bracket %(score)s: %(residents)s resident player(s) and moved-down player(s)"
        " %(moved)s (heterogeneous bracket, 1.3.3); %(pairs)s pair(s) made, %(floaters)s"
        " float down"
    ),
    "explain.dutch.completed": _(
        "Bracket %(score)s: paired with every remaining player in view, so that the round can"
        " be completed (C4)."
    ),
    # Translators: %(why)s is the reason, a clause of its own.
    "explain.dutch.float_down": _("Player %(player)s floats down from bracket %(score)s: %(why)s."),
    "explain.dutch.why_incompatible": _("no player of the bracket may meet him (C1, C3)"),
    "explain.dutch.why_moved_again": _(
        "moved down into it, he is left over again by the pairing that best meets C5-C21"
    ),
    # Translators: %(criterion)s is a criterion (C12), %(asks)s what it asks for.
    "explain.dutch.why_criterion": _(
        "rather than %(lowest)s, the lowest-ranked, because %(criterion)s asks for %(asks)s"
    ),
    "explain.dutch.why_next_bracket": _(
        "rather than %(lowest)s, the lowest-ranked, because of the next bracket (C8) or the"
        " order of Article 4"
    ),
    "explain.dutch.why_odd": _(
        "the bracket has an odd number of players, and he is its lowest-ranked player that"
        " the pairing best meeting C5-C21 leaves over (Article 4)"
    ),
    "explain.dutch.why_left_over": _("the pairing that best meets C5-C21 leaves him over"),
    # Translators: what a quality criterion asks for, after "because C6 asks for".
    "explain.dutch.asks.C6": _("the most pairs in the bracket"),
    "explain.dutch.asks.C7": _("the highest scores paired in the bracket"),
    "explain.dutch.asks.C8_pairs": _("the most pairs in the next bracket"),
    "explain.dutch.asks.C8_scores": _("the highest scores paired in the next bracket"),
    "explain.dutch.asks.C9": _("the fewest unplayed games for the player who takes the bye"),
    "explain.dutch.asks.C10": _("no topscorer beyond a colour difference of two"),
    "explain.dutch.asks.C11": _("no topscorer with one colour three times running"),
    "explain.dutch.asks.C12": _("the most colour preferences met"),
    "explain.dutch.asks.C13": _("the most strong colour preferences met"),
    "explain.dutch.asks.C14": _("the fewest repeated downfloats from the previous round"),
    "explain.dutch.asks.C15": _("the fewest repeated upfloats from the previous round"),
    "explain.dutch.asks.C16": _("the fewest repeated downfloats from two rounds before"),
    "explain.dutch.asks.C17": _("the fewest repeated upfloats from two rounds before"),
    "explain.dutch.asks.C18": _("the lowest scores among repeated downfloaters (previous round)"),
    "explain.dutch.asks.C19": _("the lowest scores against repeated upfloaters (previous round)"),
    "explain.dutch.asks.C20": _(
        "the lowest scores among repeated downfloaters (two rounds before)"
    ),
    "explain.dutch.asks.C21": _(
        "the lowest scores against repeated upfloaters (two rounds before)"
    ),
    # Translators: %(why)s says how the colours were decided; %(step)s is a rule number.
    "explain.dutch.board": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black); %(why)s (%(step)s)."
    ),
    "explain.dutch.board_floats": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black); %(why)s (%(step)s). Player"
        " %(high)s floats down, player %(low)s up (1.4.2)."
    ),
    # Translators: how a board's colours were decided, within a sentence.
    "explain.dutch.colour_both": _("both colour preferences granted"),
    "explain.dutch.colour_absolute": _("the stronger (absolute) colour preference granted"),
    "explain.dutch.colour_strong": _("the strong colour preference granted over the mild one"),
    "explain.dutch.colour_alternated": _(
        "colours alternated from the latest round in which they differed"
    ),
    "explain.dutch.colour_tpn": _("no preference: the higher-ranked player's TPN decides"),
    "explain.dutch.colour_higher": _("the higher-ranked player's colour preference granted"),
    "explain.dutch.bye": _(
        "Player %(player)s is left over in the lowest bracket and receives the"
        " pairing-allocated bye: he may receive it (no earlier bye or win without playing,"
        " C2), from the lowest score that lets the round be completed (C4, C5), with the"
        " fewest unplayed games among those (C9)."
    ),
    "explain.dutch.bye_floats": _(
        "Player %(player)s is left over in the lowest bracket and receives the"
        " pairing-allocated bye: he may receive it (no earlier bye or win without playing,"
        " C2), from the lowest score that lets the round be completed (C4, C5), with the"
        " fewest unplayed games among those (C9). The bye counts as a downfloat (1.4.3)."
    ),
}
"""Each explanation code's translatable template."""

__all__ = ["EXPLAIN_TEMPLATES"]
