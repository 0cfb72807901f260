"""The ESCA and Lim explanations in the reader's language (#36 item 8).

The templates of :mod:`~swissweb.tournament.rounds.engine_words_explain` for the steps
of the ESCA and Lim systems, a module of their own for its length.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

MORE_TEMPLATES: Mapping[str, Promise] = {
    "explain.esca.and_others": _("%(players)s and others"),
    "explain.esca.others": _("others"),
    "explain.esca.nobody": _("nobody"),
    # Translators: a player passed over, and why, in a list after "passed over".
    "explain.esca.skip_met": _("%(player)s (met or forbidden, ESCA 1)"),
    "explain.esca.skip_floaters": _("%(player)s (more floaters, ESCA 9)"),
    "explain.esca.skip_rest": _("%(player)s (the rest could not be paired, ESCA 2)"),
    "explain.esca.skip_school": _("%(player)s (same school, ESCA 7)"),
    "explain.esca.skip_apart": _("%(player)s (kept apart)"),
    "explain.esca.passed_over": _("passed over %(players)s"),
    "explain.esca.same_school": _("same school, unavoidable (ESCA 7)"),
    "explain.esca.seekers_in_order": _("white seeker v black seeker in order"),
    "explain.esca.in_order": _("paired in order"),
    "explain.esca.next_in_order": _("next opponent in order"),
    "explain.esca.not_avoidable": _("ESCA 29/30 pairing not avoidable in this colour group"),
    "explain.esca.transferred": _(
        "Level %(score)s: %(players)s transferred to %(colour)s, the weakest claim(s) to"
        " their colour."
    ),
    "explain.esca.transferred_tie": _(
        "Level %(score)s: %(players)s transferred to %(colour)s, the weakest claim(s) to"
        " their colour (identical requirements: the lowest in order)."
    ),
    "explain.esca.stranded": _(
        "Player %(player)s cannot be paired on score level %(score)s without a rematch or a"
        " same-school game, or without leaving others unpairable, and floats (minimum"
        " disturbance, ESCA 2)."
    ),
    "explain.esca.colour_lot": _("neither has a colour yet: by lot"),
    "explain.esca.seeks": _("%(player)s gets the colour he seeks"),
    "explain.esca.seeks_each": _("each gets the colour he seeks"),
    "explain.esca.stronger_claim": _("both seek %(colour)s; %(player)s has the stronger claim"),
    "explain.esca.top_player": _("identical requirements; %(player)s is the top player"),
    "explain.esca.higher_score": _("identical requirements; %(player)s has the higher score"),
    "explain.esca.tops_lot": _("identical requirements, two top players: by lot"),
    "explain.esca.higher_order": _(
        "identical requirements, same score; %(player)s is higher in order"
    ),
    "explain.esca.across_levels": _("floated across score levels, nearest score"),
    "explain.esca.downfloater_first": _("downfloater paired first, opponent by upfloat history"),
    "explain.esca.downfloater_seekers": _(
        "downfloater paired first, opponent from the %(colour)s seekers by upfloat history"
    ),
    "explain.esca.levels_linked": _(
        "levels linked for colour transfers: both have more %(colour)s seekers and %(player)s"
        " has the weakest claim, so he is transferred"
    ),
    "explain.esca.group_seekers": _("%(colour)s seekers"),
    "explain.esca.group_players": _("players"),
    "explain.esca.never_floated": _("never floated down"),
    "explain.esca.floated_before": _(
        "floated down %(times)s time(s) before, the fewest it could be"
    ),
    "explain.esca.first_choice_replaced": _(
        "in place of the first choice of ESCA 20-21, which would cost one or more colour"
        " transfers more over this level and the next (ESCA 23b)"
    ),
    # Translators: %(group)s is "white seekers" or "players"; %(history)s a clause.
    "explain.esca.floats_down": _(
        "Player %(player)s floats down from score level %(score)s: chosen from the %(group)s,"
        " %(history)s."
    ),
    "explain.esca.floats_down_larger": _(
        "Player %(player)s floats down from score level %(score)s: chosen from the %(group)s"
        " (the larger group), %(history)s."
    ),
    "explain.esca.same_school_games": _(
        "%(count)s same-school game(s) could not be avoided; kept to the minimum."
    ),
    "explain.esca.fixed": _("fixed by the event"),
    "explain.esca.drawn": _("drawn by lot"),
    "explain.esca.round1_colours": _(
        "Colours: the top-half player of board 1 has %(colour)s (%(how)s); the colours"
        " alternate down the boards."
    ),
    "explain.esca.why_alternating": _("%(why)s. Colours: alternating from board 1 (ESCA 6)"),
    # Translators: %(why)s says why the two were paired, %(colours)s how the colours were
    #  decided.
    "explain.esca.why_colours": _("%(why)s. Colours: %(colours)s (%(rule)s)"),
    "explain.esca.board_level": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black), both on %(score)s: %(why)s."
    ),
    # Translators: %(why)s says why and how (clauses of their own); scores as 1½.
    "explain.esca.board": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black), %(white_score)s v"
        " %(black_score)s: %(why)s."
    ),
    "explain.esca.bye_alphabetical": _("the last in alphabetical order who is not a top player"),
    "explain.esca.bye_drawn": _(
        "the last in the order drawn by lot (ESCA 26) who is not a top player"
    ),
    "explain.esca.bye_lowest": _(
        "from the lowest score level possible (%(score)s), the larger colour group first"
    ),
    "explain.esca.bye_passed": _(
        "passed over %(players)s, whose bye would leave the others unpairable or with a"
        " same-school game"
    ),
    # Translators: %(why)s is the reason, one or more clauses.
    "explain.esca.bye": _("Bye: %(player)s, %(why)s. It scores a win, without colour (ESCA 5)."),
    "explain.esca.apart_top": _("top players, ESCA 3 and 6"),
    "explain.esca.apart_area": _("same area, ESCA 27"),
    "explain.esca.apart_country": _("same country, ESCA 27"),
    "explain.esca.round1_tops": _("schools and top players kept apart"),
    "explain.esca.round1_schools": _("schools kept apart; top players as far as possible"),
    "explain.esca.round1_areas": _("areas and countries (ESCA 27) as far as possible"),
    "explain.esca.round1": _("Round 1: %(note)s."),
    "explain.esca.top_v_bottom": _("top half v bottom half"),
    "explain.esca.first_bottom_left": _("the first bottom-half player left"),
    "explain.esca.kept_apart": _("%(player)s kept apart (%(reasons)s)"),
    # Translators: %(summary)s is the change in clauses (explain.esca.repair_kept...).
    "explain.esca.repair": _("%(summary)s."),
    "explain.esca.repair_kept": _(
        "Published draw changed with the least disturbance: %(count)s board(s) kept"
    ),
    "explain.esca.repair_gone": _("not playing: %(players)s"),
    "explain.esca.repair_opened": _(
        "opened as well so that everyone can be paired: board(s) %(boards)s"
    ),
    "explain.esca.repair_left": _("re-paired: %(players)s"),
    # Translators: a score in an explanation: "1 point".
    "explain.lim.point": _("%(points)s point"),
    "explain.lim.points": _("%(points)s points"),
    # Translators: where a score group lies, in "Score group 2 points (above the median)".
    "explain.lim.above": _("above the median"),
    "explain.lim.median": _("the median"),
    "explain.lim.below": _("below the median"),
    # Translators: how a score group is paired, in "paired downward".
    "explain.lim.downward": _("downward"),
    "explain.lim.upward": _("upward"),
    # Translators: where a player floats, in "he floats down".
    "explain.lim.down": _("down"),
    "explain.lim.up": _("up"),
    # Translators: in "the lower ranked player".
    "explain.lim.lower": _("lower"),
    "explain.lim.higher": _("higher"),
    "explain.lim.last_round": _(
        "Last round: players with the same score who have not met are compatible whatever"
        " their colours; colours follow Lim 12 where they can."
    ),
    "explain.lim.top_seed_lot": _("Colour of the top seed drawn by lot: %(colour)s."),
    "explain.lim.bye": _(
        "Player %(player)s receives the bye: the lowest ranked player of the lowest score"
        " group (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3)."
    ),
    "explain.lim.bye_passed": _(
        "Player %(player)s receives the bye: the lowest ranked player of the lowest score"
        " group (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3). Passed"
        " over: %(passed)s."
    ),
    "explain.lim.bye_skip_had": _(
        "%(player)s (already had the bye or a point by default, Lim 8.2)"
    ),
    "explain.lim.bye_skip_rest": _("%(player)s (the others could not all be paired, Lim 9.1)"),
    # Translators: %(position)s is "above the median"...; %(direction)s "downward" or "upward".
    "explain.lim.group": _(
        "Score group %(points)s (%(position)s): players %(players)s; paired %(direction)s"
        " (Lim 9.2)."
    ),
    "explain.lim.group_floaters": _(
        "Score group %(points)s (%(position)s): players %(players)s, with floaters"
        " %(floaters)s; paired %(direction)s (Lim 9.2)."
    ),
    # Translators: %(reason)s continues the sentence after the player ("is alone in his score
    #  group..."); %(go)s is down or up.
    "explain.lim.transferred": _(
        "Player %(player)s %(reason)s: he floats %(go)s to the next score group."
    ),
    "explain.lim.transferred_on": _(
        "Player %(player)s %(reason)s: he floats %(go)s to the next score group and floats on"
        " (Lim 10.5)."
    ),
    # Translators: continues "Player 7 ...".
    "explain.lim.transfer_alone": _(
        "is alone in his score group, which must be made even (Lim 9.3 d)"
    ),
    "explain.lim.transfer_played": _(
        "has already played (or may not meet) every player of the group (Lim 9.3 a)"
    ),
    "explain.lim.transfer_b": _(
        "has two more of one colour, and no compatible opponent in the group can give him the"
        " other colour (Lim 9.3 b)"
    ),
    "explain.lim.transfer_c": _(
        "had the same colour in the last two rounds, and no compatible opponent in the group"
        " can give him the other colour (Lim 9.3 c)"
    ),
    "explain.lim.transfer_b_c": _(
        "has two more of one colour and had the same colour in the last two rounds, and no"
        " compatible opponent in the group can give him the other colour (Lim 9.3 b, c)"
    ),
    "explain.lim.transfer_colour": _(
        "cannot be given a permitted colour, and no compatible opponent in the group can give"
        " him the other colour (Lim 9.3 b, c)"
    ),
    "explain.lim.parity": _(
        "The group has an odd number of players; player %(player)s floats %(go)s to make it"
        " even: %(why)s"
    ),
    "explain.lim.parity_why": _("%(why)s."),
    # Translators: %(why)s is a list of clauses; %(maxi)s a sentence of its own.
    "explain.lim.parity_why_maxi": _("%(why)s. %(maxi)s"),
    "explain.lim.maxi_parity": _(
        "In this Maxi-tournament player %(chosen)s, who would even out the due colours, is"
        " rated more than %(limit)s points from player %(plain)s, so player %(plain)s floats"
        " (Lim 10.2)."
    ),
    # Translators: %(letter)s is a floater's type (a to d); %(rule)s a rule number (10.3).
    "explain.lim.type_has": _(
        "he has a compatible opponent in the next score group (type %(letter)s of Lim 10.9,"
        " %(rule)s)"
    ),
    "explain.lim.type_has_no": _(
        "he has no compatible opponent in the next score group (type %(letter)s of Lim 10.9,"
        " %(rule)s)"
    ),
    "explain.lim.type_came_has": _(
        "he came into the group as a floater and has a compatible opponent in the next score"
        " group (type %(letter)s of Lim 10.9, %(rule)s)"
    ),
    "explain.lim.type_came_has_no": _(
        "he came into the group as a floater and has no compatible opponent in the next score"
        " group (type %(letter)s of Lim 10.9, %(rule)s)"
    ),
    "explain.lim.no_better_type": _("no player of a better type was available"),
    "explain.lim.typed": _("%(player)s (type %(type)s)"),
    "explain.lim.worse_type": _("passed over as floaters of a worse type (Lim 10.9): %(players)s"),
    "explain.lim.repeat_passed": _(
        "player %(player)s, who came first, floated in the round before and is passed over"
        " (Lim 10.10)"
    ),
    "explain.lim.repeat_kept": _(
        "he floated in the round before, but passing him over would cost a pairing or give a"
        " worse type of floater (Lim 10.10)"
    ),
    "explain.lim.due_even": _("as many players are due white as black (Lim 10.2)"),
    "explain.lim.due_majority": _(
        "he is due %(colour)s, like most of the group (%(white)s due white, %(black)s due"
        " black), so the due colours even out (Lim 10.2)"
    ),
    "explain.lim.due_minority": _(
        "more players are due %(colour)s, but none of them may float before him (Lim 10.2)"
    ),
    "explain.lim.lowest_such": _("the lowest numbered such player (Lim 10.2, 10.3)"),
    "explain.lim.highest_such": _("the highest numbered such player (Lim 10.2, 10.4)"),
    "explain.lim.floats": _("Player %(player)s floats %(go)s: %(why)s."),
    "explain.lim.crack_lower": _(
        "The median score group cannot be paired. Floaters from higher groups: %(above)s,"
        " from lower groups: %(below)s (more from above), so the next pairing of the lower"
        " score groups, %(first)s v %(second)s, is cracked and both join the median group as"
        " floaters."
    ),
    "explain.lim.crack_higher": _(
        "The median score group cannot be paired. Floaters from higher groups: %(above)s,"
        " from lower groups: %(below)s (not more from above), so the next pairing of the"
        " higher score groups, %(first)s v %(second)s, is cracked and both join the median"
        " group as floaters."
    ),
    "explain.lim.skip_met": _("met before or may not meet (Lim 9.1)"),
    "explain.lim.skip_colours": _("colours (Lim 9.1)"),
    "explain.lim.skip_due": _("both due %(colour)s (Lim 12.2)"),
    "explain.lim.skip_rest": _("the rest of the group could not then be paired (Lim 11.4)"),
    "explain.lim.skip_maxi": _("rated over %(limit)s from the first choice (%(rule)s)"),
    # Translators: %(reason)s says why a player was passed over.
    "explain.lim.skipped": _("%(player)s (%(reason)s)"),
    "explain.lim.passed_over": _("passed over: %(players)s"),
    "explain.lim.passed_over_more": _("passed over: %(players)s and others"),
    "explain.lim.parity_back": _(
        "player %(player)s, floated to make the group even, returns to it in his place (Lim 11.4 a)"
    ),
    "explain.lim.companion_lowest": _(
        "the lowest numbered player left whose departure lets the others be paired; he floats"
        " with player %(player)s to keep the group even (Lim 11.4 b)"
    ),
    "explain.lim.companion_highest": _(
        "the highest numbered player left whose departure lets the others be paired; he"
        " floats with player %(player)s to keep the group even (Lim 11.4 b)"
    ),
    "explain.lim.stuck_floater": _(
        "no compatible opponent is left for him in the group (Lim 10.5)"
    ),
    "explain.lim.stuck_player": _(
        "no compatible opponent can be found for him by exchanges that leave the players"
        " before him paired (Lim 11.4)"
    ),
    "explain.lim.gave_up": _(
        "player %(holder)s gave up opponent %(taken)s to player %(player)s and takes the"
        " highest numbered player left who is compatible (Lim 11.3)"
    ),
    "explain.lim.takes": _(
        "player %(player)s had no compatible opponent left, so he takes player %(taken)s,"
        " opponent of player %(holder)s (Lim 11.3)"
    ),
    "explain.lim.released": _(
        "player %(player)s had no compatible opponent left, so he is paired with player"
        " %(holder)s, whose opponent %(released)s rejoins the group (Lim 11.3)"
    ),
    "explain.lim.highest_due": _(
        "the highest numbered available player who is due the other colour"
    ),
    "explain.lim.lowest_due": _("the lowest numbered available player who is due the other colour"),
    "explain.lim.highest_compatible": _(
        "the highest numbered available compatible player (nobody available was due the other"
        " colour)"
    ),
    "explain.lim.lowest_compatible": _(
        "the lowest numbered available compatible player (nobody available was due the other"
        " colour)"
    ),
    # Translators: %(points)s is a score ("1.5 points"); %(how)s says how the opponent was
    #  chosen.
    "explain.lim.floater_first": _(
        "floater %(floater)s (%(points)s) was paired first (%(rule)s) with %(opponent)s,"
        " %(how)s (Lim 10.8)"
    ),
    "explain.lim.proposed": _("proposed pairing %(player)s v %(opponent)s (Lim 9.4)"),
    "explain.lim.exchanged": _(
        "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); exchanged for"
        " %(opponent)s, the first in the order of Lim 11.1-11.2 who is compatible (Lim 9.5)"
    ),
    "explain.lim.exchanged_due": _(
        "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); exchanged for"
        " %(opponent)s, the first in the order of Lim 11.1-11.2 who is compatible and lets"
        " both have their due colours (Lim 12.2)"
    ),
    "explain.lim.colour_bound": _("player %(player)s may not have the other colour by Lim 9.1"),
    # Translators: a clause after a colour's reason, in the last round.
    "explain.lim.thirteen": _("Lim 13 allows this in the last round"),
    "explain.lim.colour_none": _(
        "neither has a colour yet; colours alternate from board to board, the top seed's"
        " colour drawn or set for round 1"
    ),
    "explain.lim.colour_due": _("each has his due colour"),
    "explain.lim.colour_must": _("both are due %(colour)s; player %(player)s must have it"),
    "explain.lim.colour_history": _(
        "both are due %(colour)s; going back through their colours, the latest round in which"
        " they differed decides"
    ),
    # Translators: %(which)s is lower or higher.
    "explain.lim.colour_identical_below": _(
        "both are due %(colour)s with identical histories; below the median group the"
        " %(which)s ranked player, %(player)s, has it"
    ),
    "explain.lim.colour_identical_above": _(
        "both are due %(colour)s with identical histories; in or above the median group the"
        " %(which)s ranked player, %(player)s, has it"
    ),
    # Translators: %(why)s says why the two were paired, %(colours)s how the colours were
    #  decided.
    "explain.lim.board": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black): %(why)s. Colours:"
        " %(colours)s (%(rule)s)."
    ),
    # Translators: %(floats)s is a sentence of its own ("Player 3 floats down (Lim 10.1).").
    "explain.lim.board_floats": _(
        "Board %(board)s: %(white)s (white) v %(black)s (black): %(why)s. Colours:"
        " %(colours)s (%(rule)s). %(floats)s"
    ),
    "explain.lim.floats_down_up": _(
        "Player %(high)s floats down, player %(low)s floats up (Lim 10.1)."
    ),
    "explain.lim.floats_down": _("Player %(player)s floats down (Lim 10.1)."),
    "explain.lim.floats_up": _("Player %(player)s floats up (Lim 10.1)."),
}
"""Each ESCA and Lim explanation code's translatable template."""

__all__ = ["MORE_TEMPLATES"]
