"""The sentences the page scripts write, in the reader's language (#24).

The scripts in ``static/js`` are the same files for every language; what they say to
the reader comes from this context processor, written into each page as JSON
(``base.html``: ``json_script``, which CSP lets through as data, not code).  A
placeholder is written ``%(name)s`` as in the Python catalogue, and each script fills
it in.  A few hundred bytes per page, and no request of its own on a hall's slow
network.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext


def script_text(request: HttpRequest) -> dict[str, dict[str, str]]:
    """``script_text``: each key a script uses, with its sentence."""
    return {
        "script_text": {
            # htmx_errors.js: an htmx refresh that failed.
            "refreshFailed": gettext(
                "Could not refresh at %(time)s (%(why)s); showing what was loaded before."
            ),
            "serverAnswered": gettext("the server answered %(status)s"),
            "noConnection": gettext("no connection"),
            # results.js: the state of one board's result.
            "saving": gettext("saving…"),
            "saved": gettext("saved"),
            "refused": gettext("refused: %(why)s"),
            "badKey": gettext("refused: type 1, 0, =, + or - (forfeits), -- (double forfeit)"),
            "signIn": gettext("not saved: sign in again in another tab, then press Enter here"),
            "retrying": gettext("not saved yet (%(why)s); trying again"),
            "blocked": gettext(
                "not saved: a save of this board was refused; reload the page, or save it anyway"
            ),
            "overwrite": gettext("Save it anyway"),
            # board_entry.js: the box for results by board number (#36).
            "pending": gettext("Saves pending: %(count)s"),
            "missing": gettext("Boards without a result: %(count)s"),
            "missingNone": gettext("Every board has a result."),
            "boxBadBoard": gettext("Type the board number first, then the result: 17 1"),
            "boxBadResult": gettext(
                "Board %(board)s: type 1, 0, = (or ½), + or - (forfeits), -- (double forfeit)"
            ),
            "boxNoBoard": gettext("This round has no board %(board)s."),
            "boxBye": gettext("Board %(board)s is the pairing-allocated bye."),
            "boxBlocked": gettext(
                "Board %(board)s is blocked after a refused save: reload the page, or use "
                "its “Save it anyway” button."
            ),
            "boxSaving": gettext("Board %(board)s: %(result)s, saving…"),
            # draft_review.js: the players picked for a swap by their numbers (#36).
            "swapFirst": gettext(
                "No. %(first)s picked: click the pairing number of the player to swap with."
            ),
            "swapReady": gettext("Swap no. %(first)s with no. %(second)s: press “Swap players”."),
            # tiebreak_picker.js: the buttons beside each chosen tie-break code.
            "moveUp": gettext("Move %(code)s up"),
            "moveDown": gettext("Move %(code)s down"),
            "remove": gettext("Remove %(code)s"),
        }
    }
