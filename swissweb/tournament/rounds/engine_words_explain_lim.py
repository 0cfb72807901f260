"""The Lim explanations in the reader's language (#36 item 8).

The templates of :mod:`~swissweb.tournament.rounds.engine_words_explain` for the steps
of the Lim system, a module of their own for their length.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

LIM_TEMPLATES: Mapping[str, Promise] = {
    "explain.lim.point": pgettext_lazy(
        "pairing explanation",
        # Translators: a score in an explanation: "1 point".
        "%(points)s point",
    ),
    "explain.lim.points": pgettext_lazy("pairing explanation", "%(points)s points"),
    "explain.lim.above": pgettext_lazy(
        "pairing explanation",
        # Translators: where a score group lies, in "Score group 2 points (above the median)".
        "above the median",
    ),
    "explain.lim.median": pgettext_lazy("pairing explanation", "the median"),
    "explain.lim.below": pgettext_lazy("pairing explanation", "below the median"),
    "explain.lim.downward": pgettext_lazy(
        "pairing explanation",
        # Translators: how a score group is paired, in "paired downward".
        "downward",
    ),
    "explain.lim.upward": pgettext_lazy("pairing explanation", "upward"),
    "explain.lim.down": pgettext_lazy(
        "pairing explanation",
        # Translators: where a player floats, in "he floats down".
        "down",
    ),
    "explain.lim.up": pgettext_lazy("pairing explanation", "up"),
    "explain.lim.lower": pgettext_lazy(
        "pairing explanation",
        # Translators: in "the lower ranked player".
        "lower",
    ),
    "explain.lim.higher": pgettext_lazy("pairing explanation", "higher"),
    "explain.lim.last_round": pgettext_lazy(
        "pairing explanation",
        "Last round: players with the same score who have not met are compatible whatever their"
        " colours; colours follow Lim 12 where they can.",
    ),
    "explain.lim.top_seed_lot": pgettext_lazy(
        "pairing explanation",
        "Colour of the top seed drawn by lot: %(colour)s.",
    ),
    "explain.lim.bye": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s receives the bye: the lowest ranked player of the lowest score group"
        " (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3).",
    ),
    "explain.lim.bye_passed": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s receives the bye: the lowest ranked player of the lowest score group"
        " (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3). Passed over:"
        " %(passed)s.",
    ),
    "explain.lim.bye_skip_had": pgettext_lazy(
        "pairing explanation",
        "%(player)s (already had the bye or a point by default, Lim 8.2)",
    ),
    "explain.lim.bye_skip_rest": pgettext_lazy(
        "pairing explanation",
        "%(player)s (the others could not all be paired, Lim 9.1)",
    ),
    "explain.lim.group": pgettext_lazy(
        "pairing explanation",
        # Translators: %(position)s is "above the median"...; %(direction)s "downward" or
        #  "upward".
        "Score group %(points)s (%(position)s): players %(players)s; paired %(direction)s (Lim"
        " 9.2).",
    ),
    "explain.lim.group_floaters": pgettext_lazy(
        "pairing explanation",
        "Score group %(points)s (%(position)s): players %(players)s, with floaters %(floaters)s;"
        " paired %(direction)s (Lim 9.2).",
    ),
    "explain.lim.transferred": pgettext_lazy(
        "pairing explanation",
        # Translators: %(reason)s continues the sentence after the player ("is alone in his
        #  score group..."); %(go)s is down or up.
        "Player %(player)s %(reason)s: he floats %(go)s to the next score group.",
    ),
    "explain.lim.transferred_on": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s %(reason)s: he floats %(go)s to the next score group and floats on (Lim"
        " 10.5).",
    ),
    "explain.lim.transfer_alone": pgettext_lazy(
        "pairing explanation",
        # Translators: continues "Player 7 ...".
        "is alone in his score group, which must be made even (Lim 9.3 d)",
    ),
    "explain.lim.transfer_played": pgettext_lazy(
        "pairing explanation",
        "has already played (or may not meet) every player of the group (Lim 9.3 a)",
    ),
    "explain.lim.transfer_b": pgettext_lazy(
        "pairing explanation",
        "has two more of one colour, and no compatible opponent in the group can give him the"
        " other colour (Lim 9.3 b)",
    ),
    "explain.lim.transfer_c": pgettext_lazy(
        "pairing explanation",
        "had the same colour in the last two rounds, and no compatible opponent in the group can"
        " give him the other colour (Lim 9.3 c)",
    ),
    "explain.lim.transfer_b_c": pgettext_lazy(
        "pairing explanation",
        "has two more of one colour and had the same colour in the last two rounds, and no"
        " compatible opponent in the group can give him the other colour (Lim 9.3 b, c)",
    ),
    "explain.lim.transfer_colour": pgettext_lazy(
        "pairing explanation",
        "cannot be given a permitted colour, and no compatible opponent in the group can give him"
        " the other colour (Lim 9.3 b, c)",
    ),
    "explain.lim.parity": pgettext_lazy(
        "pairing explanation",
        "The group has an odd number of players; player %(player)s floats %(go)s to make it even:"
        " %(why)s",
    ),
    "explain.lim.parity_why": pgettext_lazy("pairing explanation", "%(why)s."),
    "explain.lim.parity_why_maxi": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s is a list of clauses; %(maxi)s a sentence of its own.
        "%(why)s. %(maxi)s",
    ),
    "explain.lim.maxi_parity": pgettext_lazy(
        "pairing explanation",
        "In this Maxi-tournament player %(chosen)s, who would even out the due colours, is rated"
        " more than %(limit)s points from player %(plain)s, so player %(plain)s floats (Lim 10.2).",
    ),
    "explain.lim.type_has": pgettext_lazy(
        "pairing explanation",
        # Translators: %(letter)s is a floater's type (a to d); %(rule)s a rule number (10.3).
        "he has a compatible opponent in the next score group (type %(letter)s of Lim 10.9,"
        " %(rule)s)",
    ),
    "explain.lim.type_has_no": pgettext_lazy(
        "pairing explanation",
        "he has no compatible opponent in the next score group (type %(letter)s of Lim 10.9,"
        " %(rule)s)",
    ),
    "explain.lim.type_came_has": pgettext_lazy(
        "pairing explanation",
        "he came into the group as a floater and has a compatible opponent in the next score group"
        " (type %(letter)s of Lim 10.9, %(rule)s)",
    ),
    "explain.lim.type_came_has_no": pgettext_lazy(
        "pairing explanation",
        "he came into the group as a floater and has no compatible opponent in the next score"
        " group (type %(letter)s of Lim 10.9, %(rule)s)",
    ),
    "explain.lim.no_better_type": pgettext_lazy(
        "pairing explanation",
        "no player of a better type was available",
    ),
    "explain.lim.typed": pgettext_lazy("pairing explanation", "%(player)s (type %(type)s)"),
    "explain.lim.worse_type": pgettext_lazy(
        "pairing explanation",
        "passed over as floaters of a worse type (Lim 10.9): %(players)s",
    ),
    "explain.lim.repeat_passed": pgettext_lazy(
        "pairing explanation",
        "player %(player)s, who came first, floated in the round before and is passed over (Lim"
        " 10.10)",
    ),
    "explain.lim.repeat_kept": pgettext_lazy(
        "pairing explanation",
        "he floated in the round before, but passing him over would cost a pairing or give a worse"
        " type of floater (Lim 10.10)",
    ),
    "explain.lim.due_even": pgettext_lazy(
        "pairing explanation",
        "as many players are due white as black (Lim 10.2)",
    ),
    "explain.lim.due_majority": pgettext_lazy(
        "pairing explanation",
        "he is due %(colour)s, like most of the group (%(white)s due white, %(black)s due black),"
        " so the due colours even out (Lim 10.2)",
    ),
    "explain.lim.due_minority": pgettext_lazy(
        "pairing explanation",
        "more players are due %(colour)s, but none of them may float before him (Lim 10.2)",
    ),
    "explain.lim.lowest_such": pgettext_lazy(
        "pairing explanation",
        "the lowest numbered such player (Lim 10.2, 10.3)",
    ),
    "explain.lim.highest_such": pgettext_lazy(
        "pairing explanation",
        "the highest numbered such player (Lim 10.2, 10.4)",
    ),
    "explain.lim.floats": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s floats %(go)s: %(why)s.",
    ),
    "explain.lim.crack_lower": pgettext_lazy(
        "pairing explanation",
        "The median score group cannot be paired. Floaters from higher groups: %(above)s, from"
        " lower groups: %(below)s (more from above), so the next pairing of the lower score"
        " groups, %(first)s v %(second)s, is cracked and both join the median group as floaters.",
    ),
    "explain.lim.crack_higher": pgettext_lazy(
        "pairing explanation",
        "The median score group cannot be paired. Floaters from higher groups: %(above)s, from"
        " lower groups: %(below)s (not more from above), so the next pairing of the higher score"
        " groups, %(first)s v %(second)s, is cracked and both join the median group as floaters.",
    ),
    "explain.lim.skip_met": pgettext_lazy(
        "pairing explanation",
        "met before or may not meet (Lim 9.1)",
    ),
    "explain.lim.skip_colours": pgettext_lazy("pairing explanation", "colours (Lim 9.1)"),
    "explain.lim.skip_due": pgettext_lazy("pairing explanation", "both due %(colour)s (Lim 12.2)"),
    "explain.lim.skip_rest": pgettext_lazy(
        "pairing explanation",
        "the rest of the group could not then be paired (Lim 11.4)",
    ),
    "explain.lim.skip_maxi": pgettext_lazy(
        "pairing explanation",
        "rated over %(limit)s from the first choice (%(rule)s)",
    ),
    "explain.lim.skipped": pgettext_lazy(
        "pairing explanation",
        # Translators: %(reason)s says why a player was passed over.
        "%(player)s (%(reason)s)",
    ),
    "explain.lim.passed_over": pgettext_lazy("pairing explanation", "passed over: %(players)s"),
    "explain.lim.passed_over_more": pgettext_lazy(
        "pairing explanation",
        "passed over: %(players)s and others",
    ),
    "explain.lim.parity_back": pgettext_lazy(
        "pairing explanation",
        "player %(player)s, floated to make the group even, returns to it in his place (Lim 11.4"
        " a)",
    ),
    "explain.lim.companion_lowest": pgettext_lazy(
        "pairing explanation",
        "the lowest numbered player left whose departure lets the others be paired; he floats with"
        " player %(player)s to keep the group even (Lim 11.4 b)",
    ),
    "explain.lim.companion_highest": pgettext_lazy(
        "pairing explanation",
        "the highest numbered player left whose departure lets the others be paired; he floats"
        " with player %(player)s to keep the group even (Lim 11.4 b)",
    ),
    "explain.lim.stuck_floater": pgettext_lazy(
        "pairing explanation",
        "no compatible opponent is left for him in the group (Lim 10.5)",
    ),
    "explain.lim.stuck_player": pgettext_lazy(
        "pairing explanation",
        "no compatible opponent can be found for him by exchanges that leave the players before"
        " him paired (Lim 11.4)",
    ),
    "explain.lim.gave_up": pgettext_lazy(
        "pairing explanation",
        "player %(holder)s gave up opponent %(taken)s to player %(player)s and takes the highest"
        " numbered player left who is compatible (Lim 11.3)",
    ),
    "explain.lim.takes": pgettext_lazy(
        "pairing explanation",
        "player %(player)s had no compatible opponent left, so he takes player %(taken)s, opponent"
        " of player %(holder)s (Lim 11.3)",
    ),
    "explain.lim.released": pgettext_lazy(
        "pairing explanation",
        "player %(player)s had no compatible opponent left, so he is paired with player"
        " %(holder)s, whose opponent %(released)s rejoins the group (Lim 11.3)",
    ),
    "explain.lim.highest_due": pgettext_lazy(
        "pairing explanation",
        "the highest numbered available player who is due the other colour",
    ),
    "explain.lim.lowest_due": pgettext_lazy(
        "pairing explanation",
        "the lowest numbered available player who is due the other colour",
    ),
    "explain.lim.highest_compatible": pgettext_lazy(
        "pairing explanation",
        "the highest numbered available compatible player (nobody available was due the other"
        " colour)",
    ),
    "explain.lim.lowest_compatible": pgettext_lazy(
        "pairing explanation",
        "the lowest numbered available compatible player (nobody available was due the other"
        " colour)",
    ),
    "explain.lim.floater_first": pgettext_lazy(
        "pairing explanation",
        # Translators: %(points)s is a score ("1.5 points"); %(how)s says how the opponent was
        #  chosen.
        "floater %(floater)s (%(points)s) was paired first (%(rule)s) with %(opponent)s, %(how)s"
        " (Lim 10.8)",
    ),
    "explain.lim.proposed": pgettext_lazy(
        "pairing explanation",
        "proposed pairing %(player)s v %(opponent)s (Lim 9.4)",
    ),
    "explain.lim.exchanged": pgettext_lazy(
        "pairing explanation",
        "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); exchanged for %(opponent)s,"
        " the first in the order of Lim 11.1-11.2 who is compatible (Lim 9.5)",
    ),
    "explain.lim.exchanged_due": pgettext_lazy(
        "pairing explanation",
        "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); exchanged for %(opponent)s,"
        " the first in the order of Lim 11.1-11.2 who is compatible and lets both have their due"
        " colours (Lim 12.2)",
    ),
    "explain.lim.colour_bound": pgettext_lazy(
        "pairing explanation",
        "player %(player)s may not have the other colour by Lim 9.1",
    ),
    "explain.lim.thirteen": pgettext_lazy(
        "pairing explanation",
        # Translators: a clause after a colour's reason, in the last round.
        "Lim 13 allows this in the last round",
    ),
    "explain.lim.colour_none": pgettext_lazy(
        "pairing explanation",
        "neither has a colour yet; colours alternate from board to board, the top seed's colour"
        " drawn or set for round 1",
    ),
    "explain.lim.colour_due": pgettext_lazy("pairing explanation", "each has his due colour"),
    "explain.lim.colour_must": pgettext_lazy(
        "pairing explanation",
        "both are due %(colour)s; player %(player)s must have it",
    ),
    "explain.lim.colour_history": pgettext_lazy(
        "pairing explanation",
        "both are due %(colour)s; going back through their colours, the latest round in which they"
        " differed decides",
    ),
    "explain.lim.colour_identical_below": pgettext_lazy(
        "pairing explanation",
        # Translators: %(which)s is lower or higher.
        "both are due %(colour)s with identical histories; below the median group the %(which)s"
        " ranked player, %(player)s, has it",
    ),
    "explain.lim.colour_identical_above": pgettext_lazy(
        "pairing explanation",
        "both are due %(colour)s with identical histories; in or above the median group the"
        " %(which)s ranked player, %(player)s, has it",
    ),
    "explain.lim.board": pgettext_lazy(
        "pairing explanation",
        # Translators: %(why)s says why the two were paired, %(colours)s how the colours were
        #  decided.
        "Board %(board)s: %(white)s (white) v %(black)s (black): %(why)s. Colours: %(colours)s"
        " (%(rule)s).",
    ),
    "explain.lim.board_floats": pgettext_lazy(
        "pairing explanation",
        # Translators: %(floats)s is a sentence of its own ("Player 3 floats down (Lim 10.1).").
        "Board %(board)s: %(white)s (white) v %(black)s (black): %(why)s. Colours: %(colours)s"
        " (%(rule)s). %(floats)s",
    ),
    "explain.lim.floats_down_up": pgettext_lazy(
        "pairing explanation",
        "Player %(high)s floats down, player %(low)s floats up (Lim 10.1).",
    ),
    "explain.lim.floats_down": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s floats down (Lim 10.1).",
    ),
    "explain.lim.floats_up": pgettext_lazy(
        "pairing explanation",
        "Player %(player)s floats up (Lim 10.1).",
    ),
}
"""Each Lim explanation code's translatable template."""

__all__ = ["LIM_TEMPLATES"]
