"""A round's explanation in the reader's language (#36 item 8).

``Round.explanation`` stores each step's rule, English text and players, and, for a step
the engine worded, its message code and values (``engine_adapter.explanation_json``).
:func:`step_text` renders the code in the active language; a step without one (a round
paired before the codes, a backup written then, the arbiter's own step) or with a code
no longer known reads as its stored text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from swissweb.tournament.rounds.engine_door import Explanation, message_from_json
from swissweb.tournament.rounds.engine_words import render


def step_text(step: Mapping[str, Any]) -> str:
    """A stored step's text in the active language, else as stored."""
    if "code" in step:
        message = message_from_json({"code": step["code"], "values": step.get("values")})
        if message is not None:
            return render(message)
    return str(step["text"])


def explanation_text(item: Explanation) -> str:
    """An engine step, not yet stored, in the active language."""
    return render(item.words) if item.words is not None else item.text


__all__ = ["explanation_text", "step_text"]
