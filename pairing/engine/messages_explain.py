"""The pairing explanations' sentences in English, by message code (``explain.``).

Each step a system's procedure writes (:class:`~pairing.engine.model.Explanation`)
carries one of these codes and its values (``Explanation.words``), so an application
shows the round's "why" in its reader's language; the English here is what the command
line, the exports and the tests read, word for word as before the codes.

Values are plain: pairing numbers, counts, a score as the system writes it (``1½``,
``1.5``), pairing numbers already listed (``"4, 6"``), rule numbers.  A clause that
varies (why a player floats, how a colour was decided) is a message within the
message, rendered in turn.  ``colour`` is ``"white"`` or ``"black"``.
"""

from __future__ import annotations

from collections.abc import Mapping

EXPLAIN: Mapping[str, str] = {
    # Shared by the systems.
    "explain.initial_colour_lot": "The initial colour was drawn by lot: %(colour)s.",
    # FIDE Dutch (C.04.3, 2026): a bracket, its floaters, the boards' colours, the bye.
    "explain.dutch.bracket": "%(head)s. The pairing meets the absolute criteria C1-C3 and, in "
    "order, the PAB criterion C5 and the quality criteria C6-C21; among equals, the first in "
    "the order of Article 4 (3.8).",
    "explain.dutch.bracket_head": "Bracket %(score)s: %(residents)s resident player(s); "
    "%(pairs)s pair(s) made",
    "explain.dutch.bracket_head_moved": "Bracket %(score)s: %(residents)s resident player(s) "
    "and moved-down player(s) %(moved)s (heterogeneous bracket, 1.3.3); %(pairs)s pair(s) made",
    "explain.dutch.bracket_head_floats": "Bracket %(score)s: %(residents)s resident player(s); "
    "%(pairs)s pair(s) made, %(floaters)s float down",
    "explain.dutch.bracket_head_moved_floats": "Bracket %(score)s: %(residents)s resident "
    "player(s) and moved-down player(s) %(moved)s (heterogeneous bracket, 1.3.3); %(pairs)s "
    "pair(s) made, %(floaters)s float down",
    "explain.dutch.completed": "Bracket %(score)s: paired with every remaining player in view, "
    "so that the round can be completed (C4).",
    "explain.dutch.float_down": "Player %(player)s floats down from bracket %(score)s: %(why)s.",
    "explain.dutch.why_incompatible": "no player of the bracket may meet him (C1, C3)",
    "explain.dutch.why_moved_again": "moved down into it, he is left over again by the pairing "
    "that best meets C5-C21",
    "explain.dutch.why_criterion": "rather than %(lowest)s, the lowest-ranked, because "
    "%(criterion)s asks for %(asks)s",
    "explain.dutch.why_next_bracket": "rather than %(lowest)s, the lowest-ranked, because of the "
    "next bracket (C8) or the order of Article 4",
    "explain.dutch.why_odd": "the bracket has an odd number of players, and he is its "
    "lowest-ranked player that the pairing best meeting C5-C21 leaves over (Article 4)",
    "explain.dutch.why_left_over": "the pairing that best meets C5-C21 leaves him over",
    # What each quality criterion asks for (the Dutch floater's why_criterion).
    "explain.dutch.asks.C6": "the most pairs in the bracket",
    "explain.dutch.asks.C7": "the highest scores paired in the bracket",
    "explain.dutch.asks.C8_pairs": "the most pairs in the next bracket",
    "explain.dutch.asks.C8_scores": "the highest scores paired in the next bracket",
    "explain.dutch.asks.C9": "the fewest unplayed games for the player who takes the bye",
    "explain.dutch.asks.C10": "no topscorer beyond a colour difference of two",
    "explain.dutch.asks.C11": "no topscorer with one colour three times running",
    "explain.dutch.asks.C12": "the most colour preferences met",
    "explain.dutch.asks.C13": "the most strong colour preferences met",
    "explain.dutch.asks.C14": "the fewest repeated downfloats from the previous round",
    "explain.dutch.asks.C15": "the fewest repeated upfloats from the previous round",
    "explain.dutch.asks.C16": "the fewest repeated downfloats from two rounds before",
    "explain.dutch.asks.C17": "the fewest repeated upfloats from two rounds before",
    "explain.dutch.asks.C18": "the lowest scores among repeated downfloaters (previous round)",
    "explain.dutch.asks.C19": "the lowest scores against repeated upfloaters (previous round)",
    "explain.dutch.asks.C20": "the lowest scores among repeated downfloaters (two rounds before)",
    "explain.dutch.asks.C21": "the lowest scores against repeated upfloaters (two rounds before)",
    "explain.dutch.board": "Board %(board)s: %(white)s (white) v %(black)s (black); %(why)s "
    "(%(step)s).",
    "explain.dutch.board_floats": "Board %(board)s: %(white)s (white) v %(black)s (black); "
    "%(why)s (%(step)s). Player %(high)s floats down, player %(low)s up (1.4.2).",
    "explain.dutch.colour_both": "both colour preferences granted",
    "explain.dutch.colour_absolute": "the stronger (absolute) colour preference granted",
    "explain.dutch.colour_strong": "the strong colour preference granted over the mild one",
    "explain.dutch.colour_alternated": "colours alternated from the latest round in which they "
    "differed",
    "explain.dutch.colour_tpn": "no preference: the higher-ranked player's TPN decides",
    "explain.dutch.colour_higher": "the higher-ranked player's colour preference granted",
    "explain.dutch.bye": "Player %(player)s is left over in the lowest bracket and receives the "
    "pairing-allocated bye: he may receive it (no earlier bye or win without playing, C2), "
    "from the lowest score that lets the round be completed (C4, C5), with the fewest unplayed "
    "games among those (C9).",
    "explain.dutch.bye_floats": "Player %(player)s is left over in the lowest bracket and "
    "receives the pairing-allocated bye: he may receive it (no earlier bye or win without "
    "playing, C2), from the lowest score that lets the round be completed (C4, C5), with the "
    "fewest unplayed games among those (C9). The bye counts as a downfloat (1.4.3).",
    "explain.none": "none",
    "explain.top_seed_lot": "The colour of the top seed was drawn by lot: %(colour)s.",
    # How a board's colours were decided by Dutch E1-E4 (shared by the 1992 text and SB).
    "explain.colour_both": "both colour preferences granted",
    "explain.colour_one": "player %(player)s's preference granted",
    "explain.colour_stronger": "player %(player)s's %(strength)s preference is the stronger",
    "explain.colour_alternated": "colours alternated from the last round they differed",
    "explain.colour_higher": "the higher ranked player %(player)s's preference",
    # FIDE Dutch, 1992 text (C.04.1): brackets, S1 and S2, the criteria relaxed, the boards.
    "explain.dutch1992.bracket": "Score bracket %(score)s",
    "explain.dutch1992.remainder": "Score bracket %(score)s remainder",
    "explain.dutch1992.bracket_moved_down": "%(bracket)s (%(players)s): no pairing possible "
    "even with p lowered; the entire score bracket is moved down.",
    "explain.dutch1992.players": "%(bracket)s: players %(players)s; %(kind)s.",
    "explain.dutch1992.players_moved_in": "%(bracket)s: players %(players)s, moved down into "
    "it: %(moved)s; %(kind)s.",
    "explain.dutch1992.heterogeneous": "heterogeneous",
    "explain.dutch1992.homogeneous": "homogeneous",
    "explain.dutch1992.as_homogeneous": "heterogeneous, at least half moved down, paired as "
    "homogeneous (A3)",
    "explain.dutch1992.moved_down": "Player %(player)s remains unpaired in score bracket "
    "%(score)s and is moved down to the next score bracket (a downfloat, A4).",
    "explain.dutch1992.s1_s2": "%(where)s: S1 = %(s1)s, S2 = %(s2)s; p = %(p)s, x = %(x)s.",
    "explain.dutch1992.s1_s2_moved": "%(where)s: S1 = %(s1)s, S2 = %(s2)s; p = %(p)s, x = "
    "%(x)s (the players moved down form S1).",
    "explain.dutch1992.exchange": "%(where)s: no acceptable pairing with the original S1 and "
    "S2; exchange of %(s1)s (S1) with %(s2)s (S2) in the order of D2.",
    "explain.dutch1992.dropped": "%(where)s: no pairing keeps every float criterion; "
    "%(dropped)s dropped.",
    "explain.dutch1992.dropped_b6_down": "B6 for downfloats",
    "explain.dutch1992.dropped_b6_b5_down": "B6 and B5 for downfloats",
    "explain.dutch1992.dropped_b6_up": "B6 for upfloats",
    "explain.dutch1992.dropped_b6_b5_up": "B6 and B5 for upfloats",
    "explain.dutch1992.x_raised": "%(where)s: x raised from %(x0)s to %(x)s (B4 could not be met).",
    "explain.dutch1992.p_lowered": "%(where)s: p lowered from %(p0)s to %(p)s: no pairing of "
    "all players is possible.",
    "explain.dutch1992.c6": "%(where)s: the highest of S1 against the highest of S2, and so "
    "on: %(pairs)s.",
    "explain.dutch1992.c7": "%(where)s: the C6 pairing is not acceptable (%(reason)s); first "
    "acceptable transposition of S2 (D1): %(pairs)s.",
    "explain.dutch1992.c7_remainder": "the remainder group could not be paired with it, so the "
    "moved-down players take different opponents (C10)",
    "explain.dutch1992.c7_other": "a pairing moving down other players was needed (C12, C13)",
    "explain.dutch1992.not_meet": "%(first)s and %(second)s may not meet (B1a)",
    "explain.dutch1992.no_colours": "%(first)s and %(second)s cannot get colours keeping B2",
    "explain.dutch1992.repeat_float": "%(first)s-%(second)s would repeat a float (B5/B6)",
    "explain.dutch1992.unfulfilled": "%(count)s colour preferences unfulfilled, more than x = "
    "%(x)s (B4)",
    "explain.dutch1992.not_left": "player %(player)s may not be left unpaired (%(rule)s)",
    "explain.dutch1992.no_opponent": "Player %(player)s has no possible opponent in score "
    "bracket %(score)s (B1, B2) and moves down.",
    "explain.dutch1992.no_opponent_again": "Player %(player)s has no possible opponent in score "
    "bracket %(score)s (B1, B2) and moves down again, C12 finding no other player to move down.",
    "explain.dutch1992.c12": "Score bracket %(score)s re-paired so that player(s) %(arrived)s "
    "move down instead of %(left)s, because the players moved down could not all be paired in "
    "score bracket %(lower)s.",
    "explain.dutch1992.c13_repaired": "The lowest score bracket (%(lowest)s) could not be "
    "paired; the penultimate one (%(score)s) was paired again so that players %(arrived)s move "
    "down instead of %(left)s.",
    "explain.dutch1992.c13_joined": "No pairing of score bracket %(score)s lets the lowest score "
    "bracket (%(lowest)s) be paired: the two are joined into a new lowest score bracket.",
    "explain.dutch1992.board": "Board %(board)s: %(white)s (white) v %(black)s (black); colours "
    "by %(rule)s: %(why)s.",
    "explain.dutch1992.board_floats": "Board %(board)s: %(white)s (white) v %(black)s (black); "
    "colours by %(rule)s: %(why)s. Player %(high)s floats down, player %(low)s up (A4).",
    "explain.dutch1992.colour_odd": "no preferences: S1 player %(player)s at an odd position of S1",
    "explain.dutch1992.colour_even": "no preferences: S1 player %(player)s at an even position "
    "of S1",
    "explain.dutch1992.colour_b2": "the other colours would break B2",
    "explain.dutch1992.fallback": "After C13 joined every score bracket the procedure still "
    "found no pairing; the players were paired by a pairing that keeps the absolute criteria, "
    "the bye to the lowest ranked player who may have it.",
    "explain.dutch1992.bye": "Player %(player)s is left unpaired in the lowest score bracket and "
    "receives the bye (a downfloat; no earlier bye or forfeit win, B1b).",
    "explain.comma": "%(first)s, %(rest)s",
    # The SB-ordered Swiss: acceleration, score groups, boards, bye.
    "explain.sb.top_seed_lot": "The colour of the top seed was drawn by lot: %(colour)s (Dutch "
    "E4).",
    "explain.sb.accelerated": "Round %(round)s is accelerated: players %(players)s carry an "
    "imaginary point for this pairing only (never in the standings).",
    "explain.sb.group": "Score group %(score)s: in the order of SB, BH, MBH, rating: %(players)s.",
    "explain.sb.group_moved_in": "Score group %(score)s: in the order of SB, BH, MBH, rating: "
    "%(players)s; moved down into it: %(moved)s.",
    "explain.sb.floats_one": "Score group %(score)s: %(players)s moves down to the next score "
    "group (as few as the group and the rest of the round allow; the group's own players, "
    "those who did not float down last round and the lowest first).",
    "explain.sb.floats": "Score group %(score)s: %(players)s move down to the next score group "
    "(as few as the group and the rest of the round allow; the group's own players, those who "
    "did not float down last round and the lowest first).",
    "explain.sb.board": "Board %(board)s: %(white)s (white) v %(black)s (black). Score group "
    "%(score)s: No. %(high_place)s (%(high)s, SB %(high_sb)s) plays No. %(low_place)s of "
    "%(size)s (%(low)s, SB %(low_sb)s), high with low%(passed)s%(moved)s. Colours by SB 7 "
    "(Dutch %(rule)s): %(why)s.",
    "explain.sb.passed_over": "; lower players passed over: %(players)s",
    "explain.sb.passed_met": "%(player)s (met before or kept apart, %(rule)s)",
    "explain.sb.passed_colours": "%(player)s (colour limits, %(rule)s)",
    "explain.sb.passed_group": "%(player)s (the rest of the group could not be paired, %(rule)s)",
    "explain.sb.moved_from_above": "; %(players)s moved down from a higher group",
    "explain.sb.colour_odd": "no preferences: player %(player)s is the higher player of the "
    "group's odd-numbered pair %(pair)s",
    "explain.sb.colour_even": "no preferences: player %(player)s is the higher player of the "
    "group's even-numbered pair %(pair)s",
    "explain.sb.bye": "Player %(player)s is left unpaired in the lowest score group and "
    "receives the bye: the first, in SB 5 order (the group's own players, those who did not "
    "float down last round, the lowest first), who has had no bye and leaves the rest of the "
    "group pairable.",
    "explain.semicolon": "%(first)s; %(rest)s",
    # ESCA (English Schools' Chess Association): levels, floaters, colours, bye, round 1.
    "explain.esca.and_others": "%(players)s and others",
    "explain.esca.others": "others",
    "explain.esca.nobody": "nobody",
    "explain.esca.skip_met": "%(player)s (met or forbidden, ESCA 1)",
    "explain.esca.skip_floaters": "%(player)s (more floaters, ESCA 9)",
    "explain.esca.skip_rest": "%(player)s (the rest could not be paired, ESCA 2)",
    "explain.esca.skip_school": "%(player)s (same school, ESCA 7)",
    "explain.esca.skip_apart": "%(player)s (kept apart)",
    "explain.esca.passed_over": "passed over %(players)s",
    "explain.esca.same_school": "same school, unavoidable (ESCA 7)",
    "explain.esca.seekers_in_order": "white seeker v black seeker in order",
    "explain.esca.in_order": "paired in order",
    "explain.esca.next_in_order": "next opponent in order",
    "explain.esca.not_avoidable": "ESCA 29/30 pairing not avoidable in this colour group",
    "explain.esca.transferred": "Level %(score)s: %(players)s transferred to %(colour)s, the "
    "weakest claim(s) to their colour.",
    "explain.esca.transferred_tie": "Level %(score)s: %(players)s transferred to %(colour)s, "
    "the weakest claim(s) to their colour (identical requirements: the lowest in order).",
    "explain.esca.stranded": "Player %(player)s cannot be paired on score level %(score)s "
    "without a rematch or a same-school game, or without leaving others unpairable, and floats "
    "(minimum disturbance, ESCA 2).",
    "explain.esca.colour_lot": "neither has a colour yet: by lot",
    "explain.esca.seeks": "%(player)s gets the colour he seeks",
    "explain.esca.seeks_each": "each gets the colour he seeks",
    "explain.esca.stronger_claim": "both seek %(colour)s; %(player)s has the stronger claim",
    "explain.esca.top_player": "identical requirements; %(player)s is the top player",
    "explain.esca.higher_score": "identical requirements; %(player)s has the higher score",
    "explain.esca.tops_lot": "identical requirements, two top players: by lot",
    "explain.esca.higher_order": "identical requirements, same score; %(player)s is higher in "
    "order",
    "explain.esca.across_levels": "floated across score levels, nearest score",
    "explain.esca.downfloater_first": "downfloater paired first, opponent by upfloat history",
    "explain.esca.downfloater_seekers": "downfloater paired first, opponent from the "
    "%(colour)s seekers by upfloat history",
    "explain.esca.levels_linked": "levels linked for colour transfers: both have more "
    "%(colour)s seekers and %(player)s has the weakest claim, so he is transferred",
    "explain.esca.group_seekers": "%(colour)s seekers",
    "explain.esca.group_players": "players",
    "explain.esca.never_floated": "never floated down",
    "explain.esca.floated_before": "floated down %(times)s time(s) before, the fewest it could be",
    "explain.esca.first_choice_replaced": "in place of the first choice of ESCA 20-21, which "
    "would cost one or more colour transfers more over this level and the next (ESCA 23b)",
    "explain.esca.floats_down": "Player %(player)s floats down from score level %(score)s: "
    "chosen from the %(group)s, %(history)s.",
    "explain.esca.floats_down_larger": "Player %(player)s floats down from score level "
    "%(score)s: chosen from the %(group)s (the larger group), %(history)s.",
    "explain.esca.same_school_games": "%(count)s same-school game(s) could not be avoided; kept "
    "to the minimum.",
    "explain.esca.fixed": "fixed by the event",
    "explain.esca.drawn": "drawn by lot",
    "explain.esca.round1_colours": "Colours: the top-half player of board 1 has %(colour)s "
    "(%(how)s); the colours alternate down the boards.",
    "explain.esca.why_alternating": "%(why)s. Colours: alternating from board 1 (ESCA 6)",
    "explain.esca.why_colours": "%(why)s. Colours: %(colours)s (%(rule)s)",
    "explain.esca.board_level": "Board %(board)s: %(white)s (white) v %(black)s (black), both "
    "on %(score)s: %(why)s.",
    "explain.esca.board": "Board %(board)s: %(white)s (white) v %(black)s (black), "
    "%(white_score)s v %(black_score)s: %(why)s.",
    "explain.esca.bye_alphabetical": "the last in alphabetical order who is not a top player",
    "explain.esca.bye_drawn": "the last in the order drawn by lot (ESCA 26) who is not a top "
    "player",
    "explain.esca.bye_lowest": "from the lowest score level possible (%(score)s), the larger "
    "colour group first",
    "explain.esca.bye_passed": "passed over %(players)s, whose bye would leave the others "
    "unpairable or with a same-school game",
    "explain.esca.bye": "Bye: %(player)s, %(why)s. It scores a win, without colour (ESCA 5).",
    "explain.esca.apart_top": "top players, ESCA 3 and 6",
    "explain.esca.apart_area": "same area, ESCA 27",
    "explain.esca.apart_country": "same country, ESCA 27",
    "explain.esca.round1_tops": "schools and top players kept apart",
    "explain.esca.round1_schools": "schools kept apart; top players as far as possible",
    "explain.esca.round1_areas": "areas and countries (ESCA 27) as far as possible",
    "explain.esca.round1": "Round 1: %(note)s.",
    "explain.esca.top_v_bottom": "top half v bottom half",
    "explain.esca.first_bottom_left": "the first bottom-half player left",
    "explain.esca.kept_apart": "%(player)s kept apart (%(reasons)s)",
    "explain.esca.repair": "%(summary)s.",
    "explain.esca.repair_kept": "Published draw changed with the least disturbance: %(count)s "
    "board(s) kept",
    "explain.esca.repair_gone": "not playing: %(players)s",
    "explain.esca.repair_opened": "opened as well so that everyone can be paired: board(s) "
    "%(boards)s",
    "explain.esca.repair_left": "re-paired: %(players)s",
    # Lim (FIDE C.04.2, General Pairing Rules 7-13): groups, floaters, exchanges, colours.
    "explain.lim.point": "%(points)s point",
    "explain.lim.points": "%(points)s points",
    "explain.lim.above": "above the median",
    "explain.lim.median": "the median",
    "explain.lim.below": "below the median",
    "explain.lim.downward": "downward",
    "explain.lim.upward": "upward",
    "explain.lim.down": "down",
    "explain.lim.up": "up",
    "explain.lim.lower": "lower",
    "explain.lim.higher": "higher",
    "explain.lim.last_round": "Last round: players with the same score who have not met are "
    "compatible whatever their colours; colours follow Lim 12 where they can.",
    "explain.lim.top_seed_lot": "Colour of the top seed drawn by lot: %(colour)s.",
    "explain.lim.bye": "Player %(player)s receives the bye: the lowest ranked player of the "
    "lowest score group (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3).",
    "explain.lim.bye_passed": "Player %(player)s receives the bye: the lowest ranked player of "
    "the lowest score group (%(points)s) who may have it; one point, no colour (Lim 8.1, 8.3). "
    "Passed over: %(passed)s.",
    "explain.lim.bye_skip_had": "%(player)s (already had the bye or a point by default, Lim 8.2)",
    "explain.lim.bye_skip_rest": "%(player)s (the others could not all be paired, Lim 9.1)",
    "explain.lim.group": "Score group %(points)s (%(position)s): players %(players)s; paired "
    "%(direction)s (Lim 9.2).",
    "explain.lim.group_floaters": "Score group %(points)s (%(position)s): players %(players)s, "
    "with floaters %(floaters)s; paired %(direction)s (Lim 9.2).",
    "explain.lim.transferred": "Player %(player)s %(reason)s: he floats %(go)s to the next "
    "score group.",
    "explain.lim.transferred_on": "Player %(player)s %(reason)s: he floats %(go)s to the next "
    "score group and floats on (Lim 10.5).",
    "explain.lim.transfer_alone": "is alone in his score group, which must be made even (Lim "
    "9.3 d)",
    "explain.lim.transfer_played": "has already played (or may not meet) every player of the "
    "group (Lim 9.3 a)",
    "explain.lim.transfer_b": "has two more of one colour, and no compatible opponent in the "
    "group can give him the other colour (Lim 9.3 b)",
    "explain.lim.transfer_c": "had the same colour in the last two rounds, and no compatible "
    "opponent in the group can give him the other colour (Lim 9.3 c)",
    "explain.lim.transfer_b_c": "has two more of one colour and had the same colour in the "
    "last two rounds, and no compatible opponent in the group can give him the other colour "
    "(Lim 9.3 b, c)",
    "explain.lim.transfer_colour": "cannot be given a permitted colour, and no compatible "
    "opponent in the group can give him the other colour (Lim 9.3 b, c)",
    "explain.lim.parity": "The group has an odd number of players; player %(player)s floats "
    "%(go)s to make it even: %(why)s",
    "explain.lim.parity_why": "%(why)s.",
    "explain.lim.parity_why_maxi": "%(why)s. %(maxi)s",
    "explain.lim.maxi_parity": "In this Maxi-tournament player %(chosen)s, who would even out "
    "the due colours, is rated more than %(limit)s points from player %(plain)s, so player "
    "%(plain)s floats (Lim 10.2).",
    "explain.lim.type_has": "he has a compatible opponent in the next score group (type "
    "%(letter)s of Lim 10.9, %(rule)s)",
    "explain.lim.type_has_no": "he has no compatible opponent in the next score group (type "
    "%(letter)s of Lim 10.9, %(rule)s)",
    "explain.lim.type_came_has": "he came into the group as a floater and has a compatible "
    "opponent in the next score group (type %(letter)s of Lim 10.9, %(rule)s)",
    "explain.lim.type_came_has_no": "he came into the group as a floater and has no compatible "
    "opponent in the next score group (type %(letter)s of Lim 10.9, %(rule)s)",
    "explain.lim.no_better_type": "no player of a better type was available",
    "explain.lim.typed": "%(player)s (type %(type)s)",
    "explain.lim.worse_type": "passed over as floaters of a worse type (Lim 10.9): %(players)s",
    "explain.lim.repeat_passed": "player %(player)s, who came first, floated in the round "
    "before and is passed over (Lim 10.10)",
    "explain.lim.repeat_kept": "he floated in the round before, but passing him over would cost "
    "a pairing or give a worse type of floater (Lim 10.10)",
    "explain.lim.due_even": "as many players are due white as black (Lim 10.2)",
    "explain.lim.due_majority": "he is due %(colour)s, like most of the group (%(white)s due "
    "white, %(black)s due black), so the due colours even out (Lim 10.2)",
    "explain.lim.due_minority": "more players are due %(colour)s, but none of them may float "
    "before him (Lim 10.2)",
    "explain.lim.lowest_such": "the lowest numbered such player (Lim 10.2, 10.3)",
    "explain.lim.highest_such": "the highest numbered such player (Lim 10.2, 10.4)",
    "explain.lim.floats": "Player %(player)s floats %(go)s: %(why)s.",
    "explain.lim.crack_lower": "The median score group cannot be paired. Floaters from higher "
    "groups: %(above)s, from lower groups: %(below)s (more from above), so the next pairing of "
    "the lower score groups, %(first)s v %(second)s, is cracked and both join the median group "
    "as floaters.",
    "explain.lim.crack_higher": "The median score group cannot be paired. Floaters from higher "
    "groups: %(above)s, from lower groups: %(below)s (not more from above), so the next "
    "pairing of the higher score groups, %(first)s v %(second)s, is cracked and both join the "
    "median group as floaters.",
    "explain.lim.skip_met": "met before or may not meet (Lim 9.1)",
    "explain.lim.skip_colours": "colours (Lim 9.1)",
    "explain.lim.skip_due": "both due %(colour)s (Lim 12.2)",
    "explain.lim.skip_rest": "the rest of the group could not then be paired (Lim 11.4)",
    "explain.lim.skip_maxi": "rated over %(limit)s from the first choice (%(rule)s)",
    "explain.lim.skipped": "%(player)s (%(reason)s)",
    "explain.lim.passed_over": "passed over: %(players)s",
    "explain.lim.passed_over_more": "passed over: %(players)s and others",
    "explain.lim.parity_back": "player %(player)s, floated to make the group even, returns to "
    "it in his place (Lim 11.4 a)",
    "explain.lim.companion_lowest": "the lowest numbered player left whose departure lets the "
    "others be paired; he floats with player %(player)s to keep the group even (Lim 11.4 b)",
    "explain.lim.companion_highest": "the highest numbered player left whose departure lets the "
    "others be paired; he floats with player %(player)s to keep the group even (Lim 11.4 b)",
    "explain.lim.stuck_floater": "no compatible opponent is left for him in the group (Lim 10.5)",
    "explain.lim.stuck_player": "no compatible opponent can be found for him by exchanges that "
    "leave the players before him paired (Lim 11.4)",
    "explain.lim.gave_up": "player %(holder)s gave up opponent %(taken)s to player %(player)s "
    "and takes the highest numbered player left who is compatible (Lim 11.3)",
    "explain.lim.takes": "player %(player)s had no compatible opponent left, so he takes player "
    "%(taken)s, opponent of player %(holder)s (Lim 11.3)",
    "explain.lim.released": "player %(player)s had no compatible opponent left, so he is paired "
    "with player %(holder)s, whose opponent %(released)s rejoins the group (Lim 11.3)",
    "explain.lim.highest_due": "the highest numbered available player who is due the other colour",
    "explain.lim.lowest_due": "the lowest numbered available player who is due the other colour",
    "explain.lim.highest_compatible": "the highest numbered available compatible player "
    "(nobody available was due the other colour)",
    "explain.lim.lowest_compatible": "the lowest numbered available compatible player (nobody "
    "available was due the other colour)",
    "explain.lim.floater_first": "floater %(floater)s (%(points)s) was paired first (%(rule)s) "
    "with %(opponent)s, %(how)s (Lim 10.8)",
    "explain.lim.proposed": "proposed pairing %(player)s v %(opponent)s (Lim 9.4)",
    "explain.lim.exchanged": "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); "
    "exchanged for %(opponent)s, the first in the order of Lim 11.1-11.2 who is compatible "
    "(Lim 9.5)",
    "explain.lim.exchanged_due": "proposed opponent of %(player)s was %(proposed)s (Lim 9.4); "
    "exchanged for %(opponent)s, the first in the order of Lim 11.1-11.2 who is compatible and "
    "lets both have their due colours (Lim 12.2)",
    "explain.lim.colour_bound": "player %(player)s may not have the other colour by Lim 9.1",
    "explain.lim.thirteen": "Lim 13 allows this in the last round",
    "explain.lim.colour_none": "neither has a colour yet; colours alternate from board to "
    "board, the top seed's colour drawn or set for round 1",
    "explain.lim.colour_due": "each has his due colour",
    "explain.lim.colour_must": "both are due %(colour)s; player %(player)s must have it",
    "explain.lim.colour_history": "both are due %(colour)s; going back through their colours, "
    "the latest round in which they differed decides",
    "explain.lim.colour_identical_below": "both are due %(colour)s with identical histories; "
    "below the median group the %(which)s ranked player, %(player)s, has it",
    "explain.lim.colour_identical_above": "both are due %(colour)s with identical histories; "
    "in or above the median group the %(which)s ranked player, %(player)s, has it",
    "explain.lim.board": "Board %(board)s: %(white)s (white) v %(black)s (black): %(why)s. "
    "Colours: %(colours)s (%(rule)s).",
    "explain.lim.board_floats": "Board %(board)s: %(white)s (white) v %(black)s (black): "
    "%(why)s. Colours: %(colours)s (%(rule)s). %(floats)s",
    "explain.lim.floats_down_up": "Player %(high)s floats down, player %(low)s floats up (Lim "
    "10.1).",
    "explain.lim.floats_down": "Player %(player)s floats down (Lim 10.1).",
    "explain.lim.floats_up": "Player %(player)s floats up (Lim 10.1).",
}
"""Each explanation code's English template."""

__all__ = ["EXPLAIN"]
