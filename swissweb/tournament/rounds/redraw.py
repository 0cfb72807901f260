"""Changing a published draw with the least disturbance (ESCA 25).

ESCA 25: "Once a draw has been published, if adjustments or alterations are necessary,
they are made so as to produce the least disturbance to the draw."  The usual causes on
the day: a player does not turn up for a round already published, or a late entrant
arrives.  The arbiter names who cannot play; the ESCA engine's ``repair`` keeps every
board it can and pairs only the players left over.  It runs as a pairing does
(``engine_door.run_engine``): the state validated first, under the time limit.  The
change is shown first (:func:`redraw_preview`) and saved only when the arbiter
confirms that very change (:func:`redraw_apply`): if anything moved in between, the
confirmation is refused.

Boards that already have a result are never changed: a redraw that would touch one is
refused, naming the board.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from swissweb.tournament.audit import log as audit
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import BoardsPayload
from swissweb.tournament.core.errors import PairingFailed, RoundLocked, TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.services import _lock_event
from swissweb.tournament.models import Game, Result, Round, RoundState
from swissweb.tournament.models import RequestKind as ModelRequestKind
from swissweb.tournament.models import RoundRequest as ModelRoundRequest
from swissweb.tournament.rounds import engine_adapter, fixed_boards
from swissweb.tournament.rounds.engine_door import RoundPairing, check_round, rules_for, run_engine
from swissweb.tournament.rounds.engine_words import violation_text
from swissweb.tournament.rounds.explanation_words import explanation_text


@dataclasses.dataclass(frozen=True, slots=True)
class BoardLine:
    """One board as the arbiter reads it: number, White, Black (``""`` for the bye)."""

    board: int
    white: str
    black: str


@dataclasses.dataclass(frozen=True, slots=True)
class Redraw:
    """A proposed change of a published round: what stays, what goes, what comes."""

    round_number: int
    kept: tuple[BoardLine, ...]
    removed: tuple[BoardLine, ...]
    added: tuple[BoardLine, ...]
    absent: tuple[str, ...]
    explanation: tuple[str, ...]
    digest: str
    """Fingerprint of the proposal; the confirmation must carry the same one."""

    @property
    def changes_anything(self) -> bool:
        """False when the published draw already fits (nothing to save)."""
        return bool(self.removed or self.added)


def _lines(pairing: RoundPairing) -> list[tuple[int, int | None]]:
    """The pairing's boards as (White, Black) pairing numbers, the bye last with None."""
    pairs: list[tuple[int, int | None]] = [(b.white, b.black) for b in pairing.boards]
    if pairing.pairing_allocated_bye is not None:
        pairs.append((pairing.pairing_allocated_bye, None))
    return pairs


def _propose(round_: Round, absent_ids: Iterable[int]) -> tuple[Redraw, RoundPairing]:
    event = round_.event
    rules = rules_for(event.system)
    if rules.repair is None:
        message = _(
            # Translators: %(system)s is the pairing system's name as its rules call it.
            "The %(system)s has no rule for redrawing a published round (ESCA 25 is the only "
            "such rule)."
        )
        raise TournamentError(message % {"system": rules.title})
    if round_.state != RoundState.PUBLISHED:
        raise TournamentError(
            _("Round %(number)d is not a published round in play.") % {"number": round_.number}
        )
    players = {p.pk: p for p in event.players.all()}
    absent = sorted((players[i] for i in set(absent_ids) if i in players), key=lambda p: p.name)
    state = engine_adapter.state_with_absent(round_, absent)
    published = engine_adapter.round_pairing(round_)
    # The engine's front door, as pairing a round: the state validated, the time limit.
    proposal = run_engine(
        state, rules.system, number=round_.number, seed=round_.lots_seed, published=published
    )
    violations = check_round(state, proposal, rules.system)
    if violations:
        details = "; ".join(violation_text(v) for v in violations)
        # Translators: %(details)s lists the rules broken, each "rule: what is wrong".
        message = _("Round %(number)d: the redraw breaks %(details)s")
        raise PairingFailed(message % {"number": round_.number, "details": details})
    by_number = {p.pairing_number: p for p in players.values() if p.pairing_number}
    before = _lines(published)
    after = _lines(proposal)

    def line(board: int, pair: tuple[int, int | None]) -> BoardLine:
        white, black = pair
        return BoardLine(
            board=board,
            white=by_number[white].name,
            # Translators: in a board's Black column: the player has the bye.
            black=by_number[black].name if black is not None else _("bye"),
        )

    results = {
        (g.white.pairing_number, g.black.pairing_number if g.black else None): g
        for g in round_.games.select_related("white", "black")
    }
    kept_pairs = set(before) & set(after)
    for pair in set(before) - kept_pairs:
        game = results[pair]
        if game.result not in ("", Result.PAIRING_BYE):
            raise RoundLocked(
                _(
                    "Board %(board)d has a result already and cannot be redrawn; correct the "
                    "result first or leave that player in."
                )
                % {"board": game.board}
            )
    kept = tuple(line(i, p) for i, p in enumerate(after, start=1) if p in kept_pairs)
    added = tuple(line(i, p) for i, p in enumerate(after, start=1) if p not in kept_pairs)
    removed = tuple(line(results[p].board, p) for p in before if p not in kept_pairs)
    text = repr((round_.pk, [list(p) for p in after], sorted(p.pk for p in absent)))
    redraw = Redraw(
        round_number=round_.number,
        kept=kept,
        removed=removed,
        added=added,
        absent=tuple(p.name for p in absent),
        explanation=tuple(f"{e.rule}: {explanation_text(e)}" for e in proposal.explanation),
        digest=hashlib.sha256(text.encode()).hexdigest()[:16],
    )
    return redraw, proposal


def redraw_preview(*, round_id: int, absent_ids: Iterable[int]) -> Redraw:
    """The change ESCA 25 would make if ``absent_ids`` cannot play; nothing is saved."""
    round_ = Round.objects.select_related("event").get(pk=round_id)
    return _propose(round_, absent_ids)[0]


def redraw_apply(
    *,
    round_id: int,
    absent_ids: Iterable[int],
    digest: str,
    reason: str,
    user: User | None,
    now: dt.datetime,
) -> Redraw:
    """Save the previewed redraw: absences recorded, boards replaced, results kept.

    :raises TournamentError: no reason, or the proposal changed since the preview.
    :raises RoundLocked: a board that would change has a result.
    """
    if not reason.strip():
        raise TournamentError(_("Give the reason for changing a published draw."))
    absent_ids = list(absent_ids)
    with transaction.atomic():
        event_id = Round.objects.values_list("event_id", flat=True).get(pk=round_id)

        event = _lock_event(event_id)
        round_ = Round.objects.select_related("event").get(pk=round_id)
        redraw, proposal = _propose(round_, absent_ids)
        if redraw.digest != digest:
            raise TournamentError(
                _(
                    "The draw changed since the preview (a result or another change came in); "
                    "look at the new preview before confirming."
                )
            )
        if not redraw.changes_anything:
            return redraw
        players = {p.pairing_number: p for p in event.players.all() if p.pairing_number}
        old = {(g.white_id, g.black_id): g for g in round_.games.select_related("white", "black")}
        before = sorted([g.board, g.white_id, g.black_id] for g in old.values())
        round_.games.all().delete()
        games = engine_adapter.pairing_games(round_, proposal, players, renumbered=True)
        fixed = fixed_boards.renumber(games)  # the players' fixed boards (#34), as pairing does
        for game in games:
            kept = old.get((game.white_id, game.black_id))
            if kept is not None:
                game.result, game.version = kept.result, kept.version
        Game.objects.bulk_create(games)
        for player_id in absent_ids:
            ModelRoundRequest.objects.get_or_create(
                player_id=player_id,
                round_number=round_.number,
                defaults={"kind": ModelRequestKind.ABSENT},
            )
        kept_steps = [
            s for s in round_.explanation if s.get("rule") not in fixed_boards.FIXED_RULES
        ]
        round_.explanation = (
            kept_steps
            + engine_adapter.explanation_json(
                e for e in proposal.explanation if e.rule == "ESCA 25"
            )
            + fixed
        )
        round_.save(update_fields=["explanation", "modified_at"])
        audit.record(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ROUND_REDRAW,
            round_=round_,
            before=BoardsPayload(boards=tuple((b, w, k) for b, w, k in before)),
            after=BoardsPayload(
                boards=tuple((g.board, g.white_id, g.black_id) for g in games),
                absent=tuple(sorted(absent_ids)),
            ),
            reason=reason,
        )
        return redraw


MAX_PAIRING_NUMBER = 999_999
"""The largest pairing number the redraw's field reads (more digits name nobody)."""


def absent_by_numbers(*, round_: Round, text: str) -> list[int]:
    """The ids of the players typed by pairing number ("3, 17 22") as unable to play
    ``round_``: the redraw's field at any size of field, instead of a select of every
    player seated (#36 item 4).

    :raises TournamentError: a word is not a pairing number, or no player of the event
        has it.
    """
    words = [word for word in text.replace(",", " ").replace(";", " ").split() if word]
    numbers = [positive_number(word, maximum=MAX_PAIRING_NUMBER) or 0 for word in words[:500]]
    if 0 in numbers or len(words) > 500:
        raise TournamentError(
            _("Type the pairing numbers of the players who cannot play, e.g. 3, 17.")
        )
    found = dict(
        round_.event.players.filter(pairing_number__in=numbers).values_list("pairing_number", "pk")
    )
    missing = [str(number) for number in numbers if number not in found]
    if missing:
        raise TournamentError(
            _("No player has the pairing number %(numbers)s.") % {"numbers": ", ".join(missing)}
        )
    return list(dict.fromkeys(found[number] for number in numbers))
