"""Where each field of each record is: columns, codes and the values a field may hold.

Columns are 1-based and inclusive, as numbered in the FIDE documents; a :data:`Span` is the
first and last column of a field.  No code outside this package knows a record's columns.
"""

from __future__ import annotations

from pairing.engine.model import RequestKind, Title

Span = tuple[int, int]
"""First and last column of a field, 1-based and inclusive."""

# --- The 001 player record (TRF16 = TRF-2026) ------------------------------------------

PLAYER_TAG = "001"
START_RANK: Span = (5, 8)
"""The starting-rank number: the id every record uses, the TPN of C.04 (2026)."""
MAX_START_RANK = 10 ** (START_RANK[1] - START_RANK[0] + 1) - 1
"""9,999: the largest starting rank four columns hold, so the most players a TRF numbers."""
SEX: Span = (10, 10)
TITLE: Span = (11, 13)
NAME: Span = (15, 47)
RATING: Span = (49, 52)
FEDERATION: Span = (54, 56)
FIDE_ID: Span = (58, 68)
BIRTH_DATE: Span = (70, 79)
POINTS: Span = (81, 84)
RANK: Span = (86, 89)
ROUND_OPPONENT: Span = (92, 95)
"""Round 1's opponent; each later round's block starts ``ROUND_STEP`` columns further on."""
ROUND_COLOR = 97
ROUND_RESULT = 99
ROUND_STEP = 10

BYE_KINDS = {"H": RequestKind.HALF_POINT_BYE, "F": RequestKind.FULL_POINT_BYE,
             "Z": RequestKind.ABSENT}  # fmt: skip
"""The byes a request can ask for, by their code in a 001 block and in a 240 record."""
RESULT_CODES = ("1", "0", "=", "+", "-", "W", "D", "L", "H", "F", "U", "Z")
"""TRF16 result codes; blank is the same as ``Z``."""
BYE_CODES = frozenset({"H", "F", "U", "Z"})
GAME_CODES = frozenset({"1", "0", "=", "W", "D", "L"})
"""Results of a game actually played (``W D L``: lasted less than one move)."""
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
"""The result the opponent must have; a double forfeit (``-`` against ``-``) is also allowed."""

# JaVaFo XXA: number at 5-8, round r's points at 10 + 5(r-1), four characters each.
XXA_RANK: Span = (5, 8)
XXA_FIRST_POINTS: Span = (10, 13)
XXA_STEP = 5
# Our SWC and SWW lines.
SWC_RANK: Span = (5, 8)
SWC_NAME = 10
SWW_RANK: Span = (5, 8)
SWW_ROUND = 10
SWN_RANK: Span = (5, 8)
SWN_NAME = 10
SWN_TAG, SWC_TAG, SWA_TAG = "SWN", "SWC", "SWA"
SWA_RANK: Span = (5, 8)
SWA_NAME = 10
SWF_SECOND: Span = (10, 13)
"""SWF: the second player; the first is at ``SWC_RANK``, the reason from ``SWF_REASON``."""
SWF_REASON = 15
SWE_ROUND: Span = (5, 7)
"""SWE: the round whose explanation the line holds."""
SWE_DATA = 9
"""SWE: the explanation, packed (zlib, then base64), from this column to the end."""
SWR_ROUND: Span = (5, 7)
SWR_STATE = 9
SWG_ROUND: Span = (5, 7)
SWG_BOARD: Span = (9, 12)
SWG_WHITE: Span = (14, 17)
SWG_BLACK: Span = (19, 22)
SWG_RESULT = 24
SWG_RESULTS = ("1-0", "0-1", "1/2", "+-", "-+", "--", "adj")
"""Results an SWG line can carry; blank means not yet played."""
SWG_BLOCKS = {
    "1-0": (("1", "W"), ("0", "L")), "0-1": (("0", "L"), ("1", "W")),
    "1/2": (("=", "D"), ("=", "D")), "adj": (("=",), ("=",)),
    "+-": (("+",), ("-",)), "-+": (("-",), ("+",)), "--": (("-",), ("-",)),
}  # fmt: skip
"""The 001 result codes white and black may have for each SWG result."""
ROUND_STATES = ("paired", "published", "completed")
# TRF-2026 162: code at 6, value at 7-10; further pairs every 9 columns.
T162_FIRST_CODE = 6
T162_STEP = 9
# TRF-2026 240: bye type at 5, round at 7-9, starting ranks at 11-14, 16-19, ...
T240_TYPE = 5
T240_ROUND: Span = (7, 9)
T240_FIRST_RANK = 11
# TRF-2026 250: match points at 5-8 (teams only), game points at 10-13, rounds at 15-17
# and 19-21, players at 23-26 and 28-31.
T250_MATCH_POINTS: Span = (5, 8)
T250_GAME_POINTS: Span = (10, 13)
T250_FIRST_ROUND: Span = (15, 17)
T250_LAST_ROUND: Span = (19, 21)
T250_FIRST_PLAYER: Span = (23, 26)
T250_LAST_PLAYER: Span = (28, 31)
# TRF-2026 260: rounds at 5-7 and 9-11, starting ranks at 13-16, 18-21, ...
T260_FIRST_ROUND: Span = (5, 7)
T260_LAST_ROUND: Span = (9, 11)
T260_FIRST_RANK = 13
RANK_LIST_STEP = 5
"""Width of one starting-rank field, with its separating space, in 240 and 260 lists."""

TITLES = {
    "GM": Title.GM, "WGM": Title.WGM, "IM": Title.IM, "WIM": Title.WIM, "FM": Title.FM,
    "WFM": Title.WFM, "CM": Title.CM, "WCM": Title.WCM,
    "G": Title.GM, "WG": Title.WGM, "M": Title.IM, "WM": Title.WIM, "F": Title.FM,
    "WF": Title.WFM, "C": Title.CM, "WC": Title.WCM,
}  # fmt: skip
"""TRF title codes, upper-cased: every FIDE title code of the TRF specification, the
one- and two-letter codes (g m f c wg wm wf wc) those of old files."""
SEPARATORS = (48, 53, 57, 69, 80, 85)
"""Columns a 001 line leaves blank between the fields after the name (TRF16)."""
