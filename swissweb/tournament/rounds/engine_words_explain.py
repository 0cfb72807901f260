"""The pairing explanations in the reader's language (#36 item 8).

Each step a system's procedure writes carries a message code (``explain.``) and values
(``pairing.engine.messages_explain``).  Here each code has its translatable template, in
the context ``pairing explanation`` (a short word such as "down" or "none" means here
what the pairing says, whatever it means elsewhere in the app), with the same
``%(name)s`` placeholders (``tests/web/test_engine_words.py`` holds the tables to that).
:mod:`~swissweb.tournament.rounds.engine_words` renders them with the engine's other
words, a clause among the values (why a player floats, how a board's colours were
decided) in turn.

Scores are as the system writes them (``1½``, ``1.5``) and pairing numbers as listed
(``4, 6``); rule numbers (C12, A3, Lim 9.1) are the published ones and stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from .engine_words_explain_esca import ESCA_TEMPLATES
from .engine_words_explain_lim import LIM_TEMPLATES

EXPLAIN_TEMPLATES: Mapping[str, Promise] = {
    "explain.initial_colour_lot": pgettext_lazy(
        "pairing explanation",
        # Translators: %(colour)s is white or black.
        "The initial colour was drawn by lot: %(colour)s.",
    ),
    "explain.dutch.bracket": pgettext_lazy(
        "pairing explanation",
        # Translators: %(head)s is the bracket's summary (explain.dutch.bracket_head...).
        "%(head)s. The pairing meets the absolute criteria C1-C3 and, in order, the PAB criterion"
        " C5 and the quality criteria C6-C21; among equals, the first in the order of Article 4"
        " (3.8).",
    ),
    "explain.dutch.bracket_head": pgettext_lazy(
        "pairing explanation",
        # Translators: a score bracket by its score (1½); the sentence goes on.
        "Bracket %(score)s: %(residents)s resident player(s); %(pairs)s pair(s) made",
    ),
    "explain.dutch.bracket_head_moved": pgettext_lazy(
        "pairing explanation",
        "Bracket %(score)s: %(residents)s resident player(s) and moved-down player(s) %(moved)s"
        " (heterogeneous bracket, 1.3.3); %(pairs)s pair(s) made",
    ),
    "explain.dutch.bracket_head_floats": pgettext_lazy(
        "pairing explanation",
        "Bracket %(score)s: %(residents)s resident player(s); %(pairs)s pair(s) made, %(floaters)s"
        " float down",
    ),
    "explain.dutch.bracket_head_moved_floats": pgettext_lazy(
        "pairing explanation",
        "Bracket %(score)s: %(residents)s resident player(s) and moved-down player(s) %(moved)s"
        " (heterogeneous bracket, 1.3.3); %(pairs)s pair(s) made, %(floaters)s float down",
    ),
    "explain.dutch.completed": pgettext_lazy(
        "pairing explanation",
        "Bracket %(score)s: paired with every remaining player in view, so that the round can be"
        " completed (C4).",
    ),
    "explain.dutch.float_down": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s is the reason, a clause of its own.
        "Player %(player)s floats down from bracket %(score)s: %(why)s.",
    ),
    "explain.dutch.why_incompatible": pgettext_lazy(
        "pairing explanation",
        "no player of the bracket may meet him (C1, C3)",
    ),
    "explain.dutch.why_moved_again": pgettext_lazy(
        "pairing explanation",
        "moved down into it, he is left over again by the pairing that best meets C5-C21",
    ),
    "explain.dutch.why_criterion": pgettext_lazy(
        "pairing explanation",
        # Translators: %(criterion)s is a criterion (C12), %(asks)s what it asks for.
        "rather than %(lowest)s, the lowest-ranked, because %(criterion)s asks for %(asks)s",
    ),
    "explain.dutch.why_next_bracket": pgettext_lazy(
        "pairing explanation",
        "rather than %(lowest)s, the lowest-ranked, because of the next bracket (C8) or the order"
        " of Article 4",
    ),
    "explain.dutch.why_odd": pgettext_lazy(
        "pairing explanation",
        "the bracket has an odd number of players, and he is its lowest-ranked player that the"
        " pairing best meeting C5-C21 leaves over (Article 4)",
    ),
    "explain.dutch.why_left_over": pgettext_lazy(
        "pairing explanation",
        "the pairing that best meets C5-C21 leaves him over",
    ),
    "explain.dutch.asks.C6": pgettext_lazy(
        "pairing explanation",
        # Translators: what a quality criterion asks for, after "because C6 asks for".
        "the most pairs in the bracket",
    ),
    "explain.dutch.asks.C7": pgettext_lazy(
        "pairing explanation",
        "the highest scores paired in the bracket",
    ),
    "explain.dutch.asks.C8_pairs": pgettext_lazy(
        "pairing explanation",
        "the most pairs in the next bracket",
    ),
    "explain.dutch.asks.C8_scores": pgettext_lazy(
        "pairing explanation",
        "the highest scores paired in the next bracket",
    ),
    "explain.dutch.asks.C9": pgettext_lazy(
        "pairing explanation",
        "the fewest unplayed games for the player who takes the bye",
    ),
    "explain.dutch.asks.C10": pgettext_lazy(
        "pairing explanation",
        "no topscorer beyond a colour difference of two",
    ),
    "explain.dutch.asks.C11": pgettext_lazy(
        "pairing explanation",
        "no topscorer with one colour three times running",
    ),
    "explain.dutch.asks.C12": pgettext_lazy(
        "pairing explanation",
        "the most colour preferences met",
    ),
    "explain.dutch.asks.C13": pgettext_lazy(
        "pairing explanation",
        "the most strong colour preferences met",
    ),
    "explain.dutch.asks.C14": pgettext_lazy(
        "pairing explanation",
        "the fewest repeated downfloats from the previous round",
    ),
    "explain.dutch.asks.C15": pgettext_lazy(
        "pairing explanation",
        "the fewest repeated upfloats from the previous round",
    ),
    "explain.dutch.asks.C16": pgettext_lazy(
        "pairing explanation",
        "the fewest repeated downfloats from two rounds before",
    ),
    "explain.dutch.asks.C17": pgettext_lazy(
        "pairing explanation",
        "the fewest repeated upfloats from two rounds before",
    ),
    "explain.dutch.asks.C18": pgettext_lazy(
        "pairing explanation",
        "the lowest scores among repeated downfloaters (previous round)",
    ),
    "explain.dutch.asks.C19": pgettext_lazy(
        "pairing explanation",
        "the lowest scores against repeated upfloaters (previous round)",
    ),
    "explain.dutch.asks.C20": pgettext_lazy(
        "pairing explanation",
        "the lowest scores among repeated downfloaters (two rounds before)",
    ),
    "explain.dutch.asks.C21": pgettext_lazy(
        "pairing explanation",
        "the lowest scores against repeated upfloaters (two rounds before)",
    ),
    "explain.dutch.board": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s says how the colours were decided; %(step)s is a rule number.
        "Board %(board)s: %(white)s (white) v %(black)s (black); %(why)s (%(step)s).",
    ),
    "explain.dutch.board_floats": pgettext_lazy(
        "pairing explanation",
        "Board %(board)s: %(white)s (white) v %(black)s (black); %(why)s (%(step)s). Player"
        " %(high)s floats down, player %(low)s up (1.4.2).",
    ),
    "explain.dutch.colour_both": pgettext_lazy(
        "pairing explanation",
        # Translators: how a board's colours were decided, within a sentence.
        "both colour preferences granted",
    ),
    "explain.dutch.colour_absolute": pgettext_lazy(
        "pairing explanation",
        "the stronger (absolute) colour preference granted",
    ),
    "explain.dutch.colour_strong": pgettext_lazy(
        "pairing explanation",
        "the strong colour preference granted over the mild one",
    ),
    "explain.dutch.colour_alternated": pgettext_lazy(
        "pairing explanation",
        "colours alternated from the latest round in which they differed",
    ),
    "explain.dutch.colour_tpn": pgettext_lazy(
        "pairing explanation",
        "no preference: the higher-ranked player's TPN decides",
    ),
    "explain.dutch.colour_higher": pgettext_lazy(
        "pairing explanation",
        "the higher-ranked player's colour preference granted",
    ),
    "explain.dutch.bye": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s is left over in the lowest bracket and receives the pairing-allocated"
        " bye: he may receive it (no earlier bye or win without playing, C2), from the lowest"
        " score that lets the round be completed (C4, C5), with the fewest unplayed games among"
        " those (C9).",
    ),
    "explain.dutch.bye_floats": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s is left over in the lowest bracket and receives the pairing-allocated"
        " bye: he may receive it (no earlier bye or win without playing, C2), from the lowest"
        " score that lets the round be completed (C4, C5), with the fewest unplayed games among"
        " those (C9). The bye counts as a downfloat (1.4.3).",
    ),
    "explain.none": pgettext_lazy(
        "pairing explanation",
        # Translators: in a list of pairing numbers that is empty.
        "none",
    ),
    "explain.top_seed_lot": pgettext_lazy(
        "pairing explanation",
        "The colour of the top seed was drawn by lot: %(colour)s.",
    ),
    "explain.colour_both": pgettext_lazy("pairing explanation", "both colour preferences granted"),
    "explain.colour_one": pgettext_lazy(
        "pairing explanation",
        "player %(player)s's preference granted",
    ),
    "explain.colour_stronger": pgettext_lazy(
        "pairing explanation",
        # Translators: %(strength)s is absolute, strong or mild.
        "player %(player)s's %(strength)s preference is the stronger",
    ),
    "explain.colour_alternated": pgettext_lazy(
        "pairing explanation",
        "colours alternated from the last round they differed",
    ),
    "explain.colour_higher": pgettext_lazy(
        "pairing explanation",
        "the higher ranked player %(player)s's preference",
    ),
    "explain.dutch1992.bracket": pgettext_lazy(
        "pairing explanation",
        # Translators: a score bracket by its score (2½), opening a sentence.
        "Score bracket %(score)s",
    ),
    "explain.dutch1992.remainder": pgettext_lazy(
        "pairing explanation",
        "Score bracket %(score)s remainder",
    ),
    "explain.dutch1992.bracket_moved_down": pgettext_lazy(
        "pairing explanation",
        "%(bracket)s (%(players)s): no pairing possible even with p lowered; the entire score"
        " bracket is moved down.",
    ),
    "explain.dutch1992.players": pgettext_lazy(
        "pairing explanation",
        # Translators: %(bracket)s is "Score bracket 2½"; %(kind)s homogeneous or heterogeneous.
        "%(bracket)s: players %(players)s; %(kind)s.",
    ),
    "explain.dutch1992.players_moved_in": pgettext_lazy(
        "pairing explanation",
        "%(bracket)s: players %(players)s, moved down into it: %(moved)s; %(kind)s.",
    ),
    "explain.dutch1992.heterogeneous": pgettext_lazy("pairing explanation", "heterogeneous"),
    "explain.dutch1992.homogeneous": pgettext_lazy("pairing explanation", "homogeneous"),
    "explain.dutch1992.as_homogeneous": pgettext_lazy(
        "pairing explanation",
        "heterogeneous, at least half moved down, paired as homogeneous (A3)",
    ),
    "explain.dutch1992.moved_down": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s remains unpaired in score bracket %(score)s and is moved down to the"
        " next score bracket (a downfloat, A4).",
    ),
    "explain.dutch1992.s1_s2": pgettext_lazy(
        "pairing explanation",
        # Translators: %(where)s is "Score bracket 2½"; S1, S2, p and x are the text's names.
        "%(where)s: S1 = %(s1)s, S2 = %(s2)s; p = %(p)s, x = %(x)s.",
    ),
    "explain.dutch1992.s1_s2_moved": pgettext_lazy(
        "pairing explanation",
        "%(where)s: S1 = %(s1)s, S2 = %(s2)s; p = %(p)s, x = %(x)s (the players moved down form"
        " S1).",
    ),
    "explain.dutch1992.exchange": pgettext_lazy(
        "pairing explanation",
        "%(where)s: no acceptable pairing with the original S1 and S2; exchange of %(s1)s (S1)"
        " with %(s2)s (S2) in the order of D2.",
    ),
    "explain.dutch1992.dropped": pgettext_lazy(
        "pairing explanation",
        # Translators: %(dropped)s names the float criteria dropped (B6 for downfloats).
        "%(where)s: no pairing keeps every float criterion; %(dropped)s dropped.",
    ),
    "explain.dutch1992.dropped_b6_down": pgettext_lazy("pairing explanation", "B6 for downfloats"),
    "explain.dutch1992.dropped_b6_b5_down": pgettext_lazy(
        "pairing explanation",
        "B6 and B5 for downfloats",
    ),
    "explain.dutch1992.dropped_b6_up": pgettext_lazy("pairing explanation", "B6 for upfloats"),
    "explain.dutch1992.dropped_b6_b5_up": pgettext_lazy(
        "pairing explanation",
        "B6 and B5 for upfloats",
    ),
    "explain.dutch1992.x_raised": pgettext_lazy(
        "pairing explanation",
        "%(where)s: x raised from %(x0)s to %(x)s (B4 could not be met).",
    ),
    "explain.dutch1992.p_lowered": pgettext_lazy(
        "pairing explanation",
        "%(where)s: p lowered from %(p0)s to %(p)s: no pairing of all players is possible.",
    ),
    "explain.dutch1992.c6": pgettext_lazy(
        "pairing explanation",
        "%(where)s: the highest of S1 against the highest of S2, and so on: %(pairs)s.",
    ),
    "explain.dutch1992.c7": pgettext_lazy(
        "pairing explanation",
        # Translators: %(reason)s says why; %(pairs)s lists the boards as 1-5, 2-6.
        "%(where)s: the C6 pairing is not acceptable (%(reason)s); first acceptable transposition"
        " of S2 (D1): %(pairs)s.",
    ),
    "explain.dutch1992.c7_remainder": pgettext_lazy(
        "pairing explanation",
        "the remainder group could not be paired with it, so the moved-down players take different"
        " opponents (C10)",
    ),
    "explain.dutch1992.c7_other": pgettext_lazy(
        "pairing explanation",
        "a pairing moving down other players was needed (C12, C13)",
    ),
    "explain.dutch1992.not_meet": pgettext_lazy(
        "pairing explanation",
        "%(first)s and %(second)s may not meet (B1a)",
    ),
    "explain.dutch1992.no_colours": pgettext_lazy(
        "pairing explanation",
        "%(first)s and %(second)s cannot get colours keeping B2",
    ),
    "explain.dutch1992.repeat_float": pgettext_lazy(
        "pairing explanation",
        "%(first)s-%(second)s would repeat a float (B5/B6)",
    ),
    "explain.dutch1992.unfulfilled": pgettext_lazy(
        "pairing explanation",
        "%(count)s colour preferences unfulfilled, more than x = %(x)s (B4)",
    ),
    "explain.dutch1992.not_left": pgettext_lazy(
        "pairing explanation",
        "player %(player)s may not be left unpaired (%(rule)s)",
    ),
    "explain.dutch1992.no_opponent": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s has no possible opponent in score bracket %(score)s (B1, B2) and moves"
        " down.",
    ),
    "explain.dutch1992.no_opponent_again": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s has no possible opponent in score bracket %(score)s (B1, B2) and moves"
        " down again, C12 finding no other player to move down.",
    ),
    "explain.dutch1992.c12": pgettext_lazy(
        "pairing explanation",
        "Score bracket %(score)s re-paired so that player(s) %(arrived)s move down instead of"
        " %(left)s, because the players moved down could not all be paired in score bracket"
        " %(lower)s.",
    ),
    "explain.dutch1992.c13_repaired": pgettext_lazy(
        "pairing explanation",
        "The lowest score bracket (%(lowest)s) could not be paired; the penultimate one"
        " (%(score)s) was paired again so that players %(arrived)s move down instead of %(left)s.",
    ),
    "explain.dutch1992.c13_joined": pgettext_lazy(
        "pairing explanation",
        "No pairing of score bracket %(score)s lets the lowest score bracket (%(lowest)s) be"
        " paired: the two are joined into a new lowest score bracket.",
    ),
    "explain.dutch1992.board": pgettext_lazy(
        "pairing explanation",
        # Translators: %(rule)s is a rule (Dutch E2), %(why)s how the colours were decided.
        "Board %(board)s: %(white)s (white) v %(black)s (black); colours by %(rule)s: %(why)s.",
    ),
    "explain.dutch1992.board_floats": pgettext_lazy(
        "pairing explanation",
        "Board %(board)s: %(white)s (white) v %(black)s (black); colours by %(rule)s: %(why)s."
        " Player %(high)s floats down, player %(low)s up (A4).",
    ),
    "explain.dutch1992.colour_odd": pgettext_lazy(
        "pairing explanation",
        "no preferences: S1 player %(player)s at an odd position of S1",
    ),
    "explain.dutch1992.colour_even": pgettext_lazy(
        "pairing explanation",
        "no preferences: S1 player %(player)s at an even position of S1",
    ),
    "explain.dutch1992.colour_b2": pgettext_lazy(
        "pairing explanation",
        "the other colours would break B2",
    ),
    "explain.dutch1992.fallback": pgettext_lazy(
        "pairing explanation",
        "After C13 joined every score bracket the procedure still found no pairing; the players"
        " were paired by a pairing that keeps the absolute criteria, the bye to the lowest ranked"
        " player who may have it.",
    ),
    "explain.dutch1992.bye": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s is left unpaired in the lowest score bracket and receives the bye (a"
        " downfloat; no earlier bye or forfeit win, B1b).",
    ),
    "explain.comma": pgettext_lazy(
        "pairing explanation",
        # Translators: two items of a list; %(rest)s may be a list in turn.
        "%(first)s, %(rest)s",
    ),
    "explain.sb.top_seed_lot": pgettext_lazy(
        "pairing explanation",
        "The colour of the top seed was drawn by lot: %(colour)s (Dutch E4).",
    ),
    "explain.sb.accelerated": pgettext_lazy(
        "pairing explanation",
        "Round %(round)s is accelerated: players %(players)s carry an imaginary point for this"
        " pairing only (never in the standings).",
    ),
    "explain.sb.group": pgettext_lazy(
        "pairing explanation",
        "Score group %(score)s: in the order of SB, BH, MBH, rating: %(players)s.",
    ),
    "explain.sb.group_moved_in": pgettext_lazy(
        "pairing explanation",
        "Score group %(score)s: in the order of SB, BH, MBH, rating: %(players)s; moved down into"
        " it: %(moved)s.",
    ),
    "explain.sb.floats_one": pgettext_lazy(
        "pairing explanation",
        "Score group %(score)s: %(players)s moves down to the next score group (as few as the"
        " group and the rest of the round allow; the group's own players, those who did not float"
        " down last round and the lowest first).",
    ),
    "explain.sb.floats": pgettext_lazy(
        "pairing explanation",
        "Score group %(score)s: %(players)s move down to the next score group (as few as the group"
        " and the rest of the round allow; the group's own players, those who did not float down"
        " last round and the lowest first).",
    ),
    "explain.sb.board": pgettext_lazy(
        "pairing explanation",
        # Translators: SB is the Sonneborn-Berger; %(passed)s and %(moved)s are optional
        #  clauses, each starting with "; ".
        "Board %(board)s: %(white)s (white) v %(black)s (black). Score group %(score)s: No."
        " %(high_place)s (%(high)s, SB %(high_sb)s) plays No. %(low_place)s of %(size)s (%(low)s,"
        " SB %(low_sb)s), high with low%(passed)s%(moved)s. Colours by SB 7 (Dutch %(rule)s):"
        " %(why)s.",
    ),
    "explain.sb.passed_over": pgettext_lazy(
        "pairing explanation",
        # Translators: a clause of a board's explanation (explain.sb.board); keep the leading ";
        #  ".
        "; lower players passed over: %(players)s",
    ),
    "explain.sb.passed_met": pgettext_lazy(
        "pairing explanation",
        "%(player)s (met before or kept apart, %(rule)s)",
    ),
    "explain.sb.passed_colours": pgettext_lazy(
        "pairing explanation",
        "%(player)s (colour limits, %(rule)s)",
    ),
    "explain.sb.passed_group": pgettext_lazy(
        "pairing explanation",
        "%(player)s (the rest of the group could not be paired, %(rule)s)",
    ),
    "explain.sb.moved_from_above": pgettext_lazy(
        "pairing explanation",
        # Translators: a clause of a board's explanation (explain.sb.board); keep the leading ";
        #  ".
        "; %(players)s moved down from a higher group",
    ),
    "explain.sb.colour_odd": pgettext_lazy(
        "pairing explanation",
        "no preferences: player %(player)s is the higher player of the group's odd-numbered pair"
        " %(pair)s",
    ),
    "explain.sb.colour_even": pgettext_lazy(
        "pairing explanation",
        "no preferences: player %(player)s is the higher player of the group's even-numbered pair"
        " %(pair)s",
    ),
    "explain.sb.bye": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s is left unpaired in the lowest score group and receives the bye: the"
        " first, in SB 5 order (the group's own players, those who did not float down last round,"
        " the lowest first), who has had no bye and leaves the rest of the group pairable.",
    ),
    "explain.semicolon": pgettext_lazy(
        "pairing explanation",
        # Translators: two clauses of an explanation; %(rest)s may hold more in turn.
        "%(first)s; %(rest)s",
    ),
    **ESCA_TEMPLATES,
    **LIM_TEMPLATES,
}
"""Each explanation code's translatable template (ESCA's and Lim's in modules of their
own, :mod:`~swissweb.tournament.rounds.engine_words_explain_esca` and ``_lim``)."""

__all__ = ["EXPLAIN_TEMPLATES"]
