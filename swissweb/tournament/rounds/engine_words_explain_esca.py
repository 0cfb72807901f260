"""The ESCA explanations in the reader's language (#36 item 8).

The templates of :mod:`~swissweb.tournament.rounds.engine_words_explain` for the steps
of the ESCA system, a module of their own for their length.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

ESCA_TEMPLATES: Mapping[str, Promise] = {
    "explain.esca.and_others": pgettext_lazy("pairing explanation", "%(players)s and others"),
    "explain.esca.others": pgettext_lazy("pairing explanation", "others"),
    "explain.esca.nobody": pgettext_lazy("pairing explanation", "nobody"),
    "explain.esca.skip_met": pgettext_lazy(
        "pairing explanation",
        # Translators: a player passed over, and why, in a list after "passed over".
        "%(player)s (met or forbidden, ESCA 1)",
    ),
    "explain.esca.skip_floaters": pgettext_lazy(
        "pairing explanation",
        "%(player)s (more floaters, ESCA 9)",
    ),
    "explain.esca.skip_rest": pgettext_lazy(
        "pairing explanation",
        "%(player)s (the rest could not be paired, ESCA 2)",
    ),
    "explain.esca.skip_school": pgettext_lazy(
        "pairing explanation",
        "%(player)s (same school, ESCA 7)",
    ),
    "explain.esca.skip_apart": pgettext_lazy("pairing explanation", "%(player)s (kept apart)"),
    "explain.esca.passed_over": pgettext_lazy("pairing explanation", "passed over %(players)s"),
    "explain.esca.same_school": pgettext_lazy(
        "pairing explanation",
        "same school, unavoidable (ESCA 7)",
    ),
    "explain.esca.seekers_in_order": pgettext_lazy(
        "pairing explanation",
        "white seeker v black seeker in order",
    ),
    "explain.esca.in_order": pgettext_lazy("pairing explanation", "paired in order"),
    "explain.esca.next_in_order": pgettext_lazy("pairing explanation", "next opponent in order"),
    "explain.esca.not_avoidable": pgettext_lazy(
        "pairing explanation",
        "ESCA 29/30 pairing not avoidable in this colour group",
    ),
    "explain.esca.transferred": pgettext_lazy(
        "pairing explanation",
        "Level %(score)s: %(players)s transferred to %(colour)s, the weakest claim(s) to their"
        " colour.",
    ),
    "explain.esca.transferred_tie": pgettext_lazy(
        "pairing explanation",
        "Level %(score)s: %(players)s transferred to %(colour)s, the weakest claim(s) to their"
        " colour (identical requirements: the lowest in order).",
    ),
    "explain.esca.stranded": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s cannot be paired on score level %(score)s without a rematch or a"
        " same-school game, or without leaving others unpairable, and floats (minimum disturbance,"
        " ESCA 2).",
    ),
    "explain.esca.colour_lot": pgettext_lazy(
        "pairing explanation",
        "neither has a colour yet: by lot",
    ),
    "explain.esca.seeks": pgettext_lazy(
        "pairing explanation",
        "%(player)s gets the colour he seeks",
    ),
    "explain.esca.seeks_each": pgettext_lazy(
        "pairing explanation",
        "each gets the colour he seeks",
    ),
    "explain.esca.stronger_claim": pgettext_lazy(
        "pairing explanation",
        "both seek %(colour)s; %(player)s has the stronger claim",
    ),
    "explain.esca.top_player": pgettext_lazy(
        "pairing explanation",
        "identical requirements; %(player)s is the top player",
    ),
    "explain.esca.higher_score": pgettext_lazy(
        "pairing explanation",
        "identical requirements; %(player)s has the higher score",
    ),
    "explain.esca.tops_lot": pgettext_lazy(
        "pairing explanation",
        "identical requirements, two top players: by lot",
    ),
    "explain.esca.higher_order": pgettext_lazy(
        "pairing explanation",
        "identical requirements, same score; %(player)s is higher in order",
    ),
    "explain.esca.across_levels": pgettext_lazy(
        "pairing explanation",
        "floated across score levels, nearest score",
    ),
    "explain.esca.downfloater_first": pgettext_lazy(
        "pairing explanation",
        "downfloater paired first, opponent by upfloat history",
    ),
    "explain.esca.downfloater_seekers": pgettext_lazy(
        "pairing explanation",
        "downfloater paired first, opponent from the %(colour)s seekers by upfloat history",
    ),
    "explain.esca.levels_linked": pgettext_lazy(
        "pairing explanation",
        "levels linked for colour transfers: both have more %(colour)s seekers and %(player)s has"
        " the weakest claim, so he is transferred",
    ),
    "explain.esca.group_seekers": pgettext_lazy("pairing explanation", "%(colour)s seekers"),
    "explain.esca.group_players": pgettext_lazy("pairing explanation", "players"),
    "explain.esca.never_floated": pgettext_lazy("pairing explanation", "never floated down"),
    "explain.esca.floated_before": pgettext_lazy(
        "pairing explanation",
        "floated down %(times)s time(s) before, the fewest it could be",
    ),
    "explain.esca.first_choice_replaced": pgettext_lazy(
        "pairing explanation",
        "in place of the first choice of ESCA 20-21, which would cost one or more colour transfers"
        " more over this level and the next (ESCA 23b)",
    ),
    "explain.esca.floats_down": pgettext_lazy(
        "pairing explanation",
        # Translators: %(group)s is "white seekers" or "players"; %(history)s a clause.
        "Player %(player)s floats down from score level %(score)s: chosen from the %(group)s,"
        " %(history)s.",
    ),
    "explain.esca.floats_down_larger": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s floats down from score level %(score)s: chosen from the %(group)s (the"
        " larger group), %(history)s.",
    ),
    "explain.esca.same_school_games": pgettext_lazy(
        "pairing explanation",
        "%(count)s same-school game(s) could not be avoided; kept to the minimum.",
    ),
    "explain.esca.fixed": pgettext_lazy("pairing explanation", "fixed by the event"),
    "explain.esca.drawn": pgettext_lazy("pairing explanation", "drawn by lot"),
    "explain.esca.round1_colours": pgettext_lazy(
        "pairing explanation",
        "Colours: the top-half player of board 1 has %(colour)s (%(how)s); the colours alternate"
        " down the boards.",
    ),
    "explain.esca.why_alternating": pgettext_lazy(
        "pairing explanation",
        "%(why)s. Colours: alternating from board 1 (ESCA 6)",
    ),
    "explain.esca.why_colours": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s says why the two were paired, %(colours)s how the colours were
        #  decided.
        "%(why)s. Colours: %(colours)s (%(rule)s)",
    ),
    "explain.esca.board_level": pgettext_lazy(
        "pairing explanation",
        "Board %(board)s: %(white)s (white) v %(black)s (black), both on %(score)s: %(why)s.",
    ),
    "explain.esca.board": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s says why and how (clauses of their own); scores as 1½.
        "Board %(board)s: %(white)s (white) v %(black)s (black), %(white_score)s v"
        " %(black_score)s: %(why)s.",
    ),
    "explain.esca.bye_alphabetical": pgettext_lazy(
        "pairing explanation",
        "the last in alphabetical order who is not a top player",
    ),
    "explain.esca.bye_drawn": pgettext_lazy(
        "pairing explanation",
        "the last in the order drawn by lot (ESCA 26) who is not a top player",
    ),
    "explain.esca.bye_lowest": pgettext_lazy(
        "pairing explanation",
        "from the lowest score level possible (%(score)s), the larger colour group first",
    ),
    "explain.esca.bye_passed": pgettext_lazy(
        "pairing explanation",
        "passed over %(players)s, whose bye would leave the others unpairable or with a"
        " same-school game",
    ),
    "explain.esca.bye": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s is the reason, one or more clauses.
        "Bye: %(player)s, %(why)s. It scores a win, without colour (ESCA 5).",
    ),
    "explain.esca.apart_top": pgettext_lazy("pairing explanation", "top players, ESCA 3 and 6"),
    "explain.esca.apart_area": pgettext_lazy("pairing explanation", "same area, ESCA 27"),
    "explain.esca.apart_country": pgettext_lazy("pairing explanation", "same country, ESCA 27"),
    "explain.esca.round1_tops": pgettext_lazy(
        "pairing explanation",
        "schools and top players kept apart",
    ),
    "explain.esca.round1_schools": pgettext_lazy(
        "pairing explanation",
        "schools kept apart; top players as far as possible",
    ),
    "explain.esca.round1_areas": pgettext_lazy(
        "pairing explanation",
        "areas and countries (ESCA 27) as far as possible",
    ),
    "explain.esca.round1": pgettext_lazy("pairing explanation", "Round 1: %(note)s."),
    "explain.esca.top_v_bottom": pgettext_lazy("pairing explanation", "top half v bottom half"),
    "explain.esca.first_bottom_left": pgettext_lazy(
        "pairing explanation",
        "the first bottom-half player left",
    ),
    "explain.esca.kept_apart": pgettext_lazy(
        "pairing explanation",
        "%(player)s kept apart (%(reasons)s)",
    ),
    "explain.esca.repair": pgettext_lazy(
        "pairing explanation",
        # Translators: %(summary)s is the change in clauses (explain.esca.repair_kept...).
        "%(summary)s.",
    ),
    "explain.esca.repair_kept": pgettext_lazy(
        "pairing explanation",
        "Published draw changed with the least disturbance: %(count)s board(s) kept",
    ),
    "explain.esca.repair_gone": pgettext_lazy("pairing explanation", "not playing: %(players)s"),
    "explain.esca.repair_opened": pgettext_lazy(
        "pairing explanation",
        "opened as well so that everyone can be paired: board(s) %(boards)s",
    ),
    "explain.esca.repair_left": pgettext_lazy("pairing explanation", "re-paired: %(players)s"),
}
"""Each ESCA explanation code's translatable template."""

__all__ = ["ESCA_TEMPLATES"]
