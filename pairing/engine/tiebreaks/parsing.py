"""Reading tie-break codes with their modifiers, as the command line, the event settings
and FIDE's checker write them (``BH-C1``, ``aro/m1``, ``KS-L40``; FIDE C.07 Article 14
and the definitions for which modifier applies to which code)."""

from __future__ import annotations

import re
from dataclasses import replace

from .codes import _NAMED, MODIFIERS, TieBreak, TieBreakSpec, as_spec

_BASE_ALIASES = {"PS": TieBreak.PROG, "GE": TieBreak.REP, "SNO": TieBreak.TPN}


_ITEM = re.compile(r"([A-Z][A-Z0-9]*)((?:[-/](?:[CM][1-9]|F|L[1-9][0-9]?|L[+-][1-9][0-9]?))*)")


_MODIFIER = re.compile(r"[-/]([CM][1-9]|F|L[1-9][0-9]?|L[+-][1-9][0-9]?)")


class TieBreakCodeError(ValueError):
    """A tie-break code that does not read.  The message says why in English, for the
    command line; ``reason`` and ``details`` say it as data, for a caller that words it
    in another language (the web app's event form).

    Reasons: ``unknown`` (``text``, ``known``), ``modifiers`` (``text``), ``has_cut``
    (``text``, ``named``, ``code``), ``not_applicable`` (``text``, ``modifier``,
    ``code``, ``allowed``, empty when the code takes none), ``two_cuts`` (``text``).
    """

    def __init__(self, message: str, reason: str, **details: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


def parse_tiebreak(item: str) -> TieBreakSpec:
    """Read one code with its modifiers, such as ``"BH-C1"``, ``"aro/m1"`` or ``"KS-L40"``.

    :raises TieBreakCodeError: the code is unknown, or a modifier does not apply to it;
        the message names it.
    """
    text = item.strip().upper()
    match = _ITEM.fullmatch(text)
    lead = re.match(r"[A-Z][A-Z0-9]*", text)
    name = lead.group(0) if lead else text
    try:
        named = _BASE_ALIASES.get(name) or TieBreak(name)
    except ValueError:
        known = ", ".join(t.value for t in TieBreak if t not in _NAMED)
        raise TieBreakCodeError(
            f"unknown tie-break code {text!r}; known codes: {known}",
            "unknown",
            text=text,
            known=known,
        ) from None
    if match is None:
        raise TieBreakCodeError(
            f"cannot read the modifiers of {text!r}: write them as -C1, -C2, -M1, -M2, -F, "
            "-L40 or -L-2",
            "modifiers",
            text=text,
        )
    spec = as_spec(named)
    modifiers = _MODIFIER.findall(match.group(2))
    if modifiers and spec.code is not named:
        raise TieBreakCodeError(
            f"{text!r}: {named.value} already has its cut; give the modifiers to "
            f"{spec.code.value} ({spec.code.value}-C2, {spec.code.value}-M1, ...)",
            "has_cut",
            text=text,
            named=named.value,
            code=spec.code.value,
        )
    allowed = MODIFIERS.get(spec.code, "")
    for modifier in modifiers:
        kind = modifier[0]
        if kind not in allowed:
            raise TieBreakCodeError(
                f"{text!r}: the modifier {modifier} does not apply to {spec.code.value}"
                + (f" (it takes {', '.join(allowed)})" if allowed else " (it takes none)"),
                "not_applicable",
                text=text,
                modifier=modifier,
                code=spec.code.value,
                allowed=", ".join(allowed),
            )
        if kind in "CM":
            if spec.cut:
                raise TieBreakCodeError(
                    f"{text!r}: give one cut or median modifier, not two", "two_cuts", text=text
                )
            spec = replace(spec, cut=int(modifier[1:]), median=kind == "M")
        elif kind == "F":
            spec = replace(spec, fore=True)
        elif modifier[1] in "+-":
            spec = replace(spec, limit_shift=int(modifier[1:]))
        else:
            spec = replace(spec, limit_percent=int(modifier[1:]))
    return spec


def parse_tiebreaks(codes: str) -> tuple[TieBreakSpec, ...]:
    """Read a comma-separated list of codes such as ``"BH-C1, SB, ARO-M1, DE"``.

    Codes are case-insensitive and may be surrounded by spaces; empty items are skipped,
    so ``""`` means "points, then pairing number".  Each item is read by
    :func:`parse_tiebreak`.

    :raises ValueError: an item cannot be read; the message names it.
    """
    return tuple(parse_tiebreak(item) for item in codes.split(",") if item.strip())
