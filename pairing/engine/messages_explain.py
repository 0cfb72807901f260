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
    # @@DUTCH1992@@
}
"""Each explanation code's English template."""

__all__ = ["EXPLAIN"]
