"""An event's settings: which there are, which options a system reads, and what a change
would do to an event already under way.

Read by the settings form and by ``event_services.event_settings_update``; nothing here
writes.  What differs between systems comes from the registry (``rules_for(system)``:
its options and default tie-breaks), never from a system's name.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any, cast

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swissweb.tournament.core.numbers import half_points_text, points_words
from swissweb.tournament.events.report_fields import round_dates_text
from swissweb.tournament.models import Event, RoundState
from swissweb.tournament.rounds.engine_door import SYSTEMS, Flag, System, option_specs, rules_for
from swissweb.tournament.rounds.engine_words import render
from swissweb.tournament.standings.selectors import standings_after

POINT_FIELD_NAMES = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_forfeit_win",
    "points_forfeit_loss",
    "points_pairing_bye",
    "points_full_bye",
    "points_half_bye",
)
"""The event's point values, in half-points."""

POINT_FIELDS = {
    "points_win": gettext_lazy("Points: win"),
    "points_draw": gettext_lazy("Points: draw"),
    "points_loss": gettext_lazy("Points: loss"),
    "points_forfeit_win": gettext_lazy("Points: forfeit win"),
    "points_forfeit_loss": gettext_lazy("Points: forfeit loss"),
    "points_pairing_bye": gettext_lazy("Points: pairing-allocated bye"),
    "points_full_bye": gettext_lazy("Points: full-point bye"),
    "points_half_bye": gettext_lazy("Points: half-point bye"),
}
"""The event's point values, by their labels: shown in points, stored in half-points."""


def option_flags() -> dict[str, Flag]:
    """Every system option's flags (form fields, ``SWO`` words) by name, in registry
    order: what each system declares (``rules_for(system).options``)."""
    return {flag.word: flag for spec in option_specs() for flag in spec.flags()}


def option_field_names() -> tuple[str, ...]:
    """Every option of the event, in the form's order: ``acceleration`` (a column of its
    own: every system reads it, and it writes the TRF 192 record besides ``SWO``), then
    the systems' own options, stored in ``Event.system_options``."""
    return ("acceleration", *option_flags())


REPORT_FIELDS = (
    "federation",
    "chief_arbiter",
    "deputy_arbiters",
    "time_control",
    "time_control_code",
    "round_dates",
)
"""What FIDE's rating report needs beyond the pairing (``report_fields``)."""

BYE_POLICY_FIELDS = ("bye_most", "bye_last_rounds", "bye_deadline_hours")
"""The event's bye policy (#36 item 7, ``players.bye_policy``)."""

_SETTINGS_BEFORE_OPTIONS = (
    "name",
    "slug",
    "system",
    "rounds",
    "tiebreaks",
    "tiebreak_rules",
    "unrated_rating",
    "rate_of_play",
    "rating_basis",
)
_SETTINGS_AFTER_OPTIONS = (
    "initial_colour",
    "start_date",
    "end_date",
    "venue",
    *REPORT_FIELDS,
    "team_size",
    "team_scoring",
    "prize_table",
    "prize_sharing",
    *BYE_POLICY_FIELDS,
    "public",
    *POINT_FIELD_NAMES,
)


def settings_fields() -> tuple[str, ...]:
    """What the arbiter may change in the settings form."""
    return (*_SETTINGS_BEFORE_OPTIONS, *option_field_names(), *_SETTINGS_AFTER_OPTIONS)


LOCKED_ONCE_PAIRED = ("system", "initial_colour", "rating_basis")
"""Fixed once round 1 is paired: the rounds paired were made by this system, the top
seed's colour of round 1 decides every colour after it, and the pairing numbers were
given by the rating the event pairs on, so no later change could be applied to what
was played."""


def confirmed_once_paired() -> tuple[str, ...]:
    """Changed after round 1 only when the arbiter confirms: the app applies them
    consistently (standings are computed from the results, options apply to the rounds
    still to pair), but the rounds already paired were made with the old values."""
    return (*POINT_FIELD_NAMES, *option_field_names())


def option_fields(system: System | str) -> tuple[str, ...]:
    """The options ``system`` reads, in the form's order: ``acceleration`` and its own."""
    own = (flag.word for spec in rules_for(system).options for flag in spec.flags())
    return ("acceleration", *own)


def option_systems() -> dict[str, tuple[System, ...]]:
    """Which systems read each option."""
    return {
        name: tuple(system for system in SYSTEMS if name in option_fields(system))
        for name in option_field_names()
    }


def option_problems(values: Mapping[str, Any]) -> list[str]:
    """Why the system options' flags in ``values`` are not values they take (the other
    names in ``values`` are not looked at)."""
    flags = option_flags()
    problems = []
    for name, value in values.items():
        problem = flags[name].problem(value) if name in flags else None
        if problem is not None:
            # Translators: a setting, and the pairing engine's explanation.
            text = _("%(setting)s: %(problem)s, not %(value)s.")
            problems.append(
                text % {"setting": label(name), "problem": render(problem), "value": value}
            )
    return problems


def current(event: Event, name: str) -> Any:
    """The event's value of setting ``name`` (a column, or a system option's flag)."""
    flags = event.option_flags()
    return flags[name] if name in flags else getattr(event, name)


def assign(event: Event, changes: Mapping[str, Any]) -> None:
    """Set the settings ``changes`` names on ``event`` (not saved)."""
    flags = option_flags()
    event.set_option_flags({name: value for name, value in changes.items() if name in flags})
    for name, value in changes.items():
        if name not in flags:
            setattr(event, name, value)


def stored_fields(names: Iterable[str]) -> list[str]:
    """The columns that hold the settings ``names`` (for ``save(update_fields=...)``)."""
    flags = option_flags()
    columns = ["system_options" if name in flags else name for name in names]
    return list(dict.fromkeys(columns))


def default_tiebreaks(system: System | str) -> str:
    """The tie-breaks a new event of ``system`` starts with (its ``default_tiebreaks``)."""
    codes = rules_for(system).default_tiebreaks
    if codes:
        return ",".join(codes)
    return str(_field("tiebreaks").default)


def _field(name: str) -> models.Field[Any, Any]:
    # Settings are columns of Event, never relations.
    return cast("models.Field[Any, Any]", Event._meta.get_field(name))


def label(name: str) -> str:
    """A setting's name as the form shows it."""

    if name in POINT_FIELDS:
        return str(POINT_FIELDS[name])
    flag = option_flags().get(name)
    if flag is not None:
        # The engine's English label is the message id (``option_msgids``).
        return capfirst(_(flag.label))
    if name == "system":
        return _("Pairing system")
    return capfirst(str(_field(name).verbose_name))


def shown(name: str, value: Any) -> str:
    """A setting's value in words: points in points, choices by their label."""
    if name in POINT_FIELD_NAMES:
        return half_points_text(int(value))
    if name == "round_dates":
        # Translators: the value of a setting left empty.
        return round_dates_text(value) or _("none")
    if isinstance(value, bool):
        # Translators: the value of a setting switched on or off.
        return _("on") if value else _("off")
    if name in option_flags():
        return str(value)
    choices = dict(_field(name).flatchoices)
    if choices and value in choices:
        return str(choices[value])
    if value is None or value == "":
        return _("none")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def as_json(value: Any) -> Any:
    """A setting's value as the audit log stores it."""
    return value.isoformat() if isinstance(value, dt.date) else value


def changed_lines(event: Event, diff: Mapping[str, Any]) -> list[str]:
    """Each changed setting as "label: before → after"."""
    # Translators: a changed setting, its value before and its value after the change.
    line = _("%(setting)s: %(before)s → %(after)s")
    return [
        line % {"setting": label(name), "before": shown(name, current(event, name)),
                "after": shown(name, value)}
        for name, value in diff.items()
    ]  # fmt: skip


def refusals(event: Event, diff: Mapping[str, Any], paired: int) -> list[str]:
    """Why the changes ``diff`` would break the event, once ``paired`` rounds are paired."""
    problems = []
    rounds = diff.get("rounds")
    if rounds is not None and rounds < paired:
        problems.append(
            _(
                "Rounds: %(paired)d rounds are paired already, so the event cannot have "
                "fewer than %(paired)d rounds (not %(rounds)d)."
            )
            % {"paired": paired, "rounds": rounds}
        )
    if paired:
        for name in LOCKED_ONCE_PAIRED:
            if name in diff:
                problems.append(
                    _(
                        # Translators: a setting, and its value the rounds were paired with.
                        "%(setting)s: cannot change once round 1 is paired; the rounds paired "
                        "so far were made with %(value)s."
                    )
                    % {"setting": label(name), "value": shown(name, current(event, name))}
                )
    return problems


def consequences(event: Event, diff: Mapping[str, Any], paired: int) -> list[str]:
    """What the changes in ``diff`` would do to the rounds paired so far (empty: nothing
    that needs the arbiter's confirmation)."""
    confirmed = [name for name in confirmed_once_paired() if name in diff]
    if not paired:
        return []
    lines = _rate_switch(diff)
    if not confirmed:
        return lines + _reranked(event, diff)
    numbers = {"paired": paired, "next": paired + 1}
    if any(name in POINT_FIELD_NAMES for name in confirmed):
        lines.append(
            _(
                "The standings after every round are computed again from the results with "
                "the new points."
            )
        )
        lines += _standings_change(event, diff)
        lines.append(_old_scores(paired, all_paired=paired >= event.rounds) % numbers)
    options = [name for name in confirmed if name in option_field_names()]
    if options:
        names = ", ".join(label(name) for name in options)
        if paired == 1:
            text = _(
                # Translators: %(settings)s lists the options changed.
                "%(settings)s: round 1 was paired with the old setting; only rounds paired "
                "from now on read the new one."
            )
        else:
            text = _(
                # Translators: %(settings)s lists the options changed.
                "%(settings)s: rounds 1-%(paired)d were paired with the old setting; only "
                "rounds paired from now on read the new one."
            )
        lines.append(text % {"settings": names, **numbers})
    draft = event.round_set.filter(state=RoundState.PAIRED).order_by("-number").first()
    if draft is not None:
        lines.append(
            _(
                "The draft of round %(number)d was paired with the old settings: delete it "
                "and pair it again to use the new ones."
            )
            % {"number": draft.number}
        )
    lines.append(
        _(
            "The TRF export records only the new settings: a program that pairs the rounds "
            "played again from it may pair them differently."
        )
    )
    return lines


def _rate_switch(diff: Mapping[str, Any]) -> list[str]:
    """What a new rate of play does once rounds are played: the players' FIDE ratings
    change (``fide_ratings.switch_event``), and what reads them with them."""
    if "rate_of_play" not in diff:
        return []
    return [
        _(
            "Each player's FIDE rating becomes their rating of the rate %(rate)s where it "
            "is known; the standings' rating-based tie-breaks and the FIDE report read the "
            "new ones for the rounds played too."
        )
        % {"rate": shown("rate_of_play", diff["rate_of_play"])}
    ]


def _old_scores(paired: int, *, all_paired: bool) -> str:
    """What new point values do to the rounds paired so far, to be filled with
    ``paired`` and ``next`` (the number of the next round)."""
    if paired == 1 and all_paired:
        return _(
            "Round 1 was paired on the old scores and keep their pairings; the new scores are "
            "used from no round (all are paired) on."
        )
    if paired == 1:
        return _(
            "Round 1 was paired on the old scores and keep their pairings; the new scores are "
            "used from round %(next)d on."
        )
    if all_paired:
        return _(
            "Rounds 1-%(paired)d were paired on the old scores and keep their pairings; the "
            "new scores are used from no round (all are paired) on."
        )
    return _(
        "Rounds 1-%(paired)d were paired on the old scores and keep their pairings; the new "
        "scores are used from round %(next)d on."
    )


def _reranked(event: Event, diff: Mapping[str, Any]) -> list[str]:
    """What a change of the tie-breaks alone does, if it moves anyone in the latest
    standings (#36 item 5: a re-ranking is confirmed, as new point values are)."""
    if not any(name in diff for name in ("tiebreaks", "tiebreak_rules")):
        return []
    moves = _standings_change(event, diff, only_if_moved=True)
    if not moves:
        return []
    return [_("The standings after every round are ranked again by the new tie-breaks."), *moves]


def _standings_change(
    event: Event, diff: Mapping[str, Any], *, only_if_moved: bool = False
) -> list[str]:
    """How many players the new values move in the latest standings (nothing, with
    ``only_if_moved``, when nobody moves)."""

    after = copy.copy(event)
    assign(after, diff)
    old = standings_after(event=event)
    if not old.after_round:
        return []
    new = standings_after(event=after)
    rank = {line.player.pk: line.rank for line in old.lines}
    moved = sum(1 for line in new.lines if rank.get(line.player.pk) != line.rank)
    if only_if_moved and not moved:
        return []
    leader = new.lines[0] if new.lines else None
    numbers = {"round": old.after_round, "moved": moved, "players": len(new.lines)}
    if leader is None:
        return [_("After round %(round)d: %(moved)d of %(players)d players change rank.") % numbers]
    return [
        _(
            "After round %(round)d: %(moved)d of %(players)d players change rank; first would "
            "be %(name)s with %(points)s."
        )
        % {**numbers, "name": leader.player.name, "points": points_words(leader.points)}
    ]
