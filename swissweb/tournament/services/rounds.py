"""Every write: typed functions, one transaction each, behind the event's row lock.

Locking the event row (``SELECT ... FOR UPDATE``) serialises everything that changes its
rounds and standings, so two arbiters clicking "pair" at once create one round.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any, cast

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Field

from pairing.engine import EngineError, System, pair_round, rules_for
from pairing.engine.checker import check_round
from pairing.engine.model import RoundPairing, TournamentState
from pairing.timed import PairingTimeout, pair_round_limited
from swissweb.tournament import engine_adapter
from swissweb.tournament.errors import (
    AlreadyRecorded,
    ConfirmationNeeded,
    EventNotStarted,
    PairingFailed,
    PlayerWithdrawn,
    ResultsIncomplete,
    RoundAlreadyPaired,
    RoundLocked,
    StaleEdit,
    TournamentError,
)
from swissweb.tournament.models import (
    AuditEntry,
    Event,
    ForbiddenPair,
    Game,
    Player,
    RequestKind,
    Result,
    Round,
    RoundRequest,
    RoundState,
    Title,
)

TITLE_ORDER = {title: index for index, title in enumerate(Title.values)}
"""Dutch A2 c: IGM-WGM-IM-WIM-FM-WFM-no title (the choices are declared in that order)."""


def _lock_event(event_id: int, *, standings: bool = True) -> Event:
    """Lock the event row for a change, and count the change for the public pages' cache.

    The counters (``Event.results_version``, ``Event.standings_version``) change in the
    transaction of the change itself, so they commit or roll back with it, in every
    process at once: a page cached under a version never shows older data than that
    version (``selectors.cache_version``).  ``standings=False`` is for a change that
    cannot move the standings after a completed round (a result in a round in play), so
    the standings and the crosstable stay cached while results come in (#10).
    """
    counters: dict[str, Any] = {"results_version": F("results_version") + 1}
    if standings:
        counters["standings_version"] = F("standings_version") + 1
    Event.objects.filter(pk=event_id).update(**counters)
    return Event.objects.select_for_update().get(pk=event_id)


def event_changed(*, event_id: int) -> None:
    """Count a change made outside the services (the admin) for the public pages' cache."""
    Event.objects.filter(pk=event_id).update(
        results_version=F("results_version") + 1, standings_version=F("standings_version") + 1
    )


def _standings_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(standings_version=F("standings_version") + 1)


def _audit(
    *,
    event: Event,
    user: User | None,
    now: dt.datetime,
    action: str,
    round_: Round | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
) -> None:
    AuditEntry.objects.create(
        event=event,
        round=round_,
        user=user if user is not None and user.is_authenticated else None,
        at=now,
        action=action,
        before=before or {},
        after=after or {},
        reason=reason,
    )


def event_start(*, event_id: int, user: User | None, now: dt.datetime) -> Event:
    """Assign pairing numbers and start the event.

    The order is the system's own: Lim 7 for a Lim event (rating, title, then lot drawn
    from the event's seed; we keep no local ratings, so that step is skipped); Dutch A2
    (rating, title, name) for every other system.  The arbiter can still change the
    numbers until round 1 is paired.

    :raises RoundLocked: a round has been paired already, so numbers cannot change.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        if event.round_set.exists():
            raise RoundLocked("Pairing numbers cannot change once round 1 is paired.")
        players = list(event.players.all())
        if len(players) < 2:
            raise TournamentError("An event needs at least two players to start.")
        players = engine_adapter.initial_order(event, players)
        event.players.update(pairing_number=None)
        for number, player in enumerate(players, start=1):
            player.pairing_number = number
        Player.objects.bulk_update(players, ["pairing_number"])
        event.started_at = now
        event.save(update_fields=["started_at", "modified_at"])
        _audit(event=event, user=user, now=now, action="event_start")
        return event


def _next_round_number(event: Event) -> int:
    last = event.round_set.order_by("-number").first()
    if last is None:
        return 1
    if last.state == RoundState.PAIRED:
        raise RoundAlreadyPaired(
            f"Round {last.number} is already paired; publish or delete that draft first."
        )
    if last.games.filter(result=Result.NOT_PLAYED_YET).exists():
        raise ResultsIncomplete(f"Round {last.number} still has boards without a result.")
    return last.number + 1


def _pair(state: TournamentState, system: System, number: int, seed: int) -> RoundPairing:
    """Call the engine, in a child process stopped after ``PAIRING_TIMEOUT`` seconds.

    :raises PairingFailed: the engine found no pairing, failed, or took too long.
    """
    seconds = float(settings.PAIRING_TIMEOUT)
    try:
        if seconds <= 0:
            return pair_round(state, system, seed=seed)
        return pair_round_limited(state, system, seed=seed, seconds=seconds)
    except PairingTimeout as exc:
        raise PairingFailed(
            f"Round {number}: pairing took longer than {exc.seconds:g} s; nothing was saved."
        ) from exc
    except EngineError as exc:
        raise PairingFailed(
            f"Round {number} could not be paired: {exc}; nothing was saved."
        ) from exc


def round_pair(
    *,
    event_id: int,
    user: User | None,
    now: dt.datetime,
    expected_round: int | None = None,
    seed: int | None = None,
) -> Round:
    """Pair the next round and save it as a draft, in one transaction.

    ``expected_round`` is the round number the arbiter saw on the page: a second click
    (or a second arbiter) asking for a round that exists already is refused.

    :raises RoundAlreadyPaired: the round exists already.
    :raises ResultsIncomplete: the previous round is not finished.
    :raises EventNotStarted: pairing numbers are not assigned.
    :raises PairingFailed: the engine found no valid pairing, failed, or took longer than
        ``settings.PAIRING_TIMEOUT`` seconds; nothing is saved.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        if event.started_at is None:
            raise EventNotStarted("Start the event first: pairing numbers are not assigned.")
        number = _next_round_number(event)
        if expected_round is not None and number != expected_round:
            raise RoundAlreadyPaired(f"Round {expected_round} has already been paired.")
        if number > event.rounds:
            raise TournamentError(f"All {event.rounds} planned rounds have been paired.")
        state = engine_adapter.state_for_round(event, number)
        lots_seed = seed if seed is not None else secrets.randbits(62)
        pairing = _pair(state, System(event.system), number, lots_seed)
        violations = check_round(state, pairing, System(event.system))
        if violations:
            details = "; ".join(f"{v.rule}: {v.message}" for v in violations)
            raise PairingFailed(f"Round {number}: the engine's pairing breaks {details}")
        round_ = Round.objects.create(
            event=event,
            number=number,
            lots_seed=lots_seed,
            paired_at=now,
            explanation=engine_adapter.explanation_json(pairing.explanation),
        )
        players = {p.pairing_number: p for p in event.players.all() if p.pairing_number}
        games = engine_adapter.pairing_games(round_, pairing, players)
        Game.objects.bulk_create(games)
        _audit(event=event, user=user, now=now, action="round_pair", round_=round_)
        return round_


def round_delete_draft(*, round_id: int, user: User | None, now: dt.datetime) -> None:
    """Delete an unpublished round so it can be paired again.

    :raises RoundLocked: the round is published (Dutch F6).
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(f"Round {round_.number} is published and cannot be deleted.")
        _audit(
            event=event, user=user, now=now, action="round_delete", after={"round": round_.number}
        )
        round_.delete()


def round_publish(*, round_id: int, user: User | None, now: dt.datetime) -> Round:
    """Publish a drafted round: it becomes public and its pairings locked (Dutch F6).

    :raises RoundLocked: the round is published already.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(f"Round {round_.number} is already published.")
        round_.state = RoundState.PUBLISHED
        round_.published_at = now
        round_.save(update_fields=["state", "published_at", "modified_at"])
        _audit(event=event, user=user, now=now, action="round_publish", round_=round_)
        return round_


def result_record(
    *,
    game_id: int,
    result: str,
    expected_version: int,
    user: User | None,
    now: dt.datetime,
) -> Game:
    """Record or correct a game's result (Dutch F7); every change is audited.

    ``expected_version`` is the version the arbiter's form showed: an edit made on a
    stale page is refused, never silently lost.

    :raises TournamentError: the result is not a valid one, or the game is the bye.
    :raises RoundLocked: the round is still a draft (publish it first), or a later round's
        draft was paired on this round's results (a correction would leave it stale).
    :raises StaleEdit: the game changed since the form was loaded.
    :raises RoundLocked: the result would be emptied while a later round exists.
    """
    if result not in Result.values or result == Result.PAIRING_BYE:
        raise TournamentError(f"{result!r} is not a game result.")
    with transaction.atomic():
        event_id = Game.objects.values_list("round__event_id", flat=True).get(pk=game_id)
        event = _lock_event(event_id, standings=False)
        game = Game.objects.select_related("round").get(pk=game_id)
        if game.is_bye:
            raise TournamentError("The pairing-allocated bye has no result to enter.")
        if game.round.state == RoundState.PAIRED:
            raise RoundLocked("Publish the round before entering results.")
        draft = event.round_set.filter(number__gt=game.round.number, state=RoundState.PAIRED)
        if draft.exists():
            raise RoundLocked(
                f"A draft of a later round was paired on the results of round "
                f"{game.round.number}: delete that draft before correcting this result."
            )
        if result == Result.NOT_PLAYED_YET:
            _refuse_emptying(event, game)
        if game.version != expected_version:
            raise StaleEdit(
                f"Board {game.board} was changed by someone else "
                f"(now {game.result or 'no result'}). Reload and try again."
            )
        before = {"board": game.board, "result": game.result}
        updated = Game.objects.filter(pk=game_id, version=expected_version).update(
            result=result, version=F("version") + 1, modified_at=now
        )
        if updated != 1:
            raise StaleEdit(
                f"Board {game.board} was changed by someone else. Reload and try again."
            )
        game.refresh_from_db()
        round_ = game.round
        complete = not round_.games.filter(result=Result.NOT_PLAYED_YET).exists()
        if complete or round_.state == RoundState.COMPLETED:
            # A correction in a completed round, or the last result of a round.
            _standings_changed(event.pk)
        new_state = RoundState.COMPLETED if complete else RoundState.PUBLISHED
        if round_.state != new_state:
            round_.state = new_state
            round_.completed_at = now if complete else None
            round_.save(update_fields=["state", "completed_at", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="result_record",
            round_=round_,
            before=before,
            after={"board": game.board, "result": game.result},
        )
        return game


def event_create(*, user: User, now: dt.datetime, **fields: Any) -> Event:
    """Create an event; its creator becomes its first arbiter."""
    with transaction.atomic():
        event = Event(**fields)
        event.lots_seed = secrets.randbits(62)
        event.full_clean()
        event.save()
        event.arbiters.add(user)
        _audit(event=event, user=user, now=now, action="event_create")
        return event


def event_add_arbiter(*, event_id: int, arbiter: User, user: User, now: dt.datetime) -> None:
    """Make another user an arbiter of the event."""
    with transaction.atomic():
        event = _lock_event(event_id)
        event.arbiters.add(arbiter)
        _audit(
            event=event,
            user=user,
            now=now,
            action="arbiter_add",
            after={"arbiter": arbiter.get_username()},
        )


def event_settings_update(
    *,
    event_id: int,
    changes: dict[str, Any],
    expected_version: int,
    user: User | None,
    now: dt.datetime,
    confirm: bool = False,
) -> Event:
    """Change an event's settings: all the changes, or none (#20).

    ``changes`` maps settings (``event_settings.SETTINGS_FIELDS``; points in
    half-points) to their new values; ``expected_version`` is the ``settings_version``
    the arbiter's form was loaded at.  Every setting that changes is recorded, before
    and after.  A new slug keeps the old one leading to the event (``EventSlugRedirect``).

    :raises StaleEdit: someone changed the settings since the form was loaded.
    :raises SettingLocked: fewer rounds than are paired; the system or the initial
        colour once round 1 is paired.
    :raises ConfirmationNeeded: point values or system options once round 1 is paired,
        unless ``confirm``; its ``changes`` say what the change would do.
    :raises TournamentError: a value is not valid (a slug taken or shadowed by a route,
        unknown tie-breaks, dates out of order, ...), naming the setting.
    """
    from django.core.exceptions import ValidationError
    from django.db import IntegrityError
    from django.db.models import Max
    from django.utils.text import capfirst

    from pairing.engine.tiebreaks import parse_tiebreaks
    from swissweb.tournament import event_settings, slugs
    from swissweb.tournament.errors import ConfirmationNeeded, SettingLocked
    from swissweb.tournament.models import EventSlugRedirect

    unknown = sorted(set(changes) - set(event_settings.SETTINGS_FIELDS))
    if unknown:
        raise TournamentError(f"Not a setting of the event: {', '.join(unknown)}.")
    changes = dict(changes)
    if "tiebreaks" in changes:
        try:
            codes = parse_tiebreaks(str(changes["tiebreaks"]))
        except ValueError as exc:
            raise TournamentError(f"Tie-breaks: {exc}.") from exc
        changes["tiebreaks"] = ",".join(code.value for code in codes)
    try:
        with transaction.atomic():
            event = _lock_event(event_id)
            if event.settings_version != expected_version:
                last = event.audit_entries.filter(action="event_settings").first()
                who = ""
                if last is not None:
                    name = last.user.get_username() if last.user is not None else "someone"
                    who = f" (by {name}, {last.at:%Y-%m-%d %H:%M})"
                raise StaleEdit(
                    f"The settings were changed by someone else since this form was "
                    f"loaded{who}: reload the form and make your change again."
                )
            diff = {name: value for name, value in changes.items() if getattr(event, name) != value}
            if not diff:
                return event
            paired = event.round_set.aggregate(last=Max("number"))["last"] or 0
            problems = event_settings.refusals(event, diff, paired)
            if problems:
                raise SettingLocked(" ".join(problems))
            if "slug" in diff:
                refusal = slugs.slug_refusal(str(diff["slug"]), event_id=event.pk)
                if refusal is not None:
                    raise TournamentError(refusal)
            lines = event_settings.changed_lines(event, diff)
            effects = event_settings.consequences(event, diff, paired)
            if effects and not confirm:
                raise ConfirmationNeeded(
                    f"{capfirst(event_settings.paired_rounds(paired))} paired already: "
                    "confirm these changes.",
                    changes=lines + effects,
                )
            before = {name: event_settings.as_json(getattr(event, name)) for name in diff}
            old_slug = event.slug
            for name, value in diff.items():
                setattr(event, name, value)
            event.settings_version += 1
            try:
                event.full_clean(exclude=["arbiters"])
            except ValidationError as exc:
                raise TournamentError(f"Not saved: {_problems(exc)}") from exc
            event.save(update_fields=[*diff, "settings_version", "modified_at"])
            if "slug" in diff:
                EventSlugRedirect.objects.filter(old_slug=event.slug, event=event).delete()
                EventSlugRedirect.objects.create(old_slug=old_slug, event=event)
            _audit(
                event=event,
                user=user,
                now=now,
                action="event_settings",
                before=before,
                after={name: event_settings.as_json(value) for name, value in diff.items()},
                reason="Confirmed: " + " ".join(effects) if effects else "",
            )
            return event
    except IntegrityError as exc:
        # Another event took the slug between the check and the save.
        raise TournamentError(f"Not saved: {exc}") from exc


def _ensure_not_started(event: Event) -> None:
    if event.round_set.exists():
        raise RoundLocked("Round 1 is paired already: pairing numbers are fixed.")


def players_add(
    *, event_id: int, rows: list[dict[str, Any]], user: User, now: dt.datetime
) -> list[Player]:
    """Register players (one, or a whole import) in one transaction: all or none.

    Players entered after the event has started (late entries) get the next free pairing
    numbers; they are paired from the next round on.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        players = [Player(event=event, **row) for row in rows]
        if event.started_at is not None:
            last = max((p.pairing_number or 0 for p in event.players.all()), default=0)
            for offset, player in enumerate(players, start=1):
                player.pairing_number = last + offset
        for player in players:
            try:
                player.full_clean(exclude=["event"])
            except ValidationError as exc:
                problems = "; ".join(
                    f"{field}: {' '.join(errors)}" for field, errors in exc.message_dict.items()
                )
                raise TournamentError(f"Player {player.name!r} not valid: {problems}") from exc
        marked = sum(1 for p in players if p.top_player)
        if marked:
            entrants = event.players.count() + len(players)
            top = event.players.filter(top_player=True).count() + marked
            if 2 * top > entrants:
                raise TournamentError(
                    f"{top} top players among {entrants} entrants: top players may be at most "
                    "half of the entrants (ESCA 3). Nothing was added."
                )
        Player.objects.bulk_create(players)
        _audit(
            event=event,
            user=user,
            now=now,
            action="players_add",
            after={"players": [p.name for p in players]},
        )
        return players


def pairing_number_set(
    *, player_id: int, pairing_number: int, user: User, now: dt.datetime
) -> None:
    """Give a player another pairing number before round 1, swapping with its holder.

    :raises RoundLocked: round 1 is paired already.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        _ensure_not_started(event)
        if event.started_at is None:
            raise EventNotStarted("Start the event first: pairing numbers are not assigned.")
        player = Player.objects.get(pk=player_id)
        count = event.players.count()
        if not 1 <= pairing_number <= count:
            raise TournamentError(f"Pairing numbers run from 1 to {count}.")
        holder = event.players.filter(pairing_number=pairing_number).first()
        old = player.pairing_number
        if holder is not None and holder.pk != player.pk:
            holder.pairing_number = None
            holder.save(update_fields=["pairing_number"])
            player.pairing_number = pairing_number
            player.save(update_fields=["pairing_number"])
            holder.pairing_number = old
            holder.save(update_fields=["pairing_number"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="pairing_number_set",
            before={"player": player.name, "pairing_number": old},
            after={"player": player.name, "pairing_number": pairing_number},
        )


def player_withdraw(*, player_id: int, user: User, now: dt.datetime, reason: str = "") -> Player:
    """Withdraw a player after the last round paired: not paired any more (Dutch F5, F8)."""
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.withdrawn_after_round is not None:
            raise TournamentError(f"{player.name} has withdrawn already.")
        last = event.round_set.order_by("-number").values_list("number", flat=True).first()
        player.withdrawn_after_round = last or 0
        player.save(update_fields=["withdrawn_after_round", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="player_withdraw",
            after={"player": player.name, "after_round": player.withdrawn_after_round},
            reason=reason,
        )
        return player


def player_top_set(*, player_id: int, top: bool, user: User, now: dt.datetime) -> Player:
    """Mark or unmark a top player (ESCA 3), also between rounds of a running event.

    ESCA 3: the top players "should make up no more than 50% of the total entrants"; a
    mark that would pass that share is refused.  The set "can be amended for particular
    players in the light of experience during the tournament": the change applies from
    the next round paired.

    :raises TournamentError: more than half of the entrants would be top players.
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.top_player == top:
            return player
        if top:
            entrants = event.players.count()
            marked = event.players.filter(top_player=True).count()
            if 2 * (marked + 1) > entrants:
                raise TournamentError(
                    f"{player.name} cannot be marked: top players may be at most half of the "
                    f"{entrants} entrants (ESCA 3), and {marked} are marked already."
                )
        player.top_player = top
        player.save(update_fields=["top_player", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="player_top_set",
            before={"player": player.name, "top_player": not top},
            after={"player": player.name, "top_player": top},
        )
        return player


def round_request_set(
    *,
    player_id: int,
    round_number: int,
    kind: str,
    user: User,
    now: dt.datetime,
    replace: bool = False,
) -> None:
    """Record a half-point bye or a known absence for a round not yet paired (Dutch F5).

    A player has one request per round: the same request again is refused, and another
    kind of request replaces the recorded one only with ``replace`` (the arbiter's
    confirmation).

    :raises RoundLocked: that round is paired already (or finished).
    :raises PlayerWithdrawn: the player has withdrawn.
    :raises AlreadyRecorded: the same request is recorded already.
    :raises ConfirmationNeeded: another request for that round is recorded; not replaced.
    """
    if kind not in RequestKind.values:
        raise TournamentError("A request is a half-point bye or a known absence.")
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if not 1 <= round_number <= event.rounds:
            raise TournamentError(f"Rounds run from 1 to {event.rounds}.")
        _refuse_request_for_round(event, round_number)
        if player.withdrawn_after_round is not None:
            raise PlayerWithdrawn(
                f"{player.name} has withdrawn (after round {player.withdrawn_after_round}): "
                f"reinstate {player.name} before recording a request."
            )
        existing = RoundRequest.objects.filter(player=player, round_number=round_number).first()
        if existing is not None:
            _refuse_duplicate_request(player, existing, kind, replace)

        RoundRequest.objects.update_or_create(
            player_id=player_id, round_number=round_number, defaults={"kind": kind}
        )
        _audit(
            event=event,
            user=user,
            now=now,
            action="round_request",
            before=(
                {"player": player.name, "round": round_number, "kind": existing.kind}
                if existing is not None
                else None
            ),
            after={
                "player_id": player_id,
                "player": player.name,
                "round": round_number,
                "kind": kind,
            },
        )


def forbidden_pair_add(
    *,
    event_id: int,
    first_id: int,
    second_id: int,
    user: User,
    now: dt.datetime,
    reason: str = "",
) -> None:
    """Forbid two players of the event to meet.

    :raises AlreadyRecorded: the two are kept apart already.
    """
    if first_id == second_id:
        raise TournamentError("Choose two different players.")
    reason = _forbidden_reason(reason)
    with transaction.atomic():
        event = _lock_event(event_id)
        first, second = sorted((first_id, second_id))
        if event.players.filter(pk__in=[first, second]).count() != 2:
            raise TournamentError("Both players must be entered in this event.")
        names = [Player.objects.get(pk=pk).name for pk in (first, second)]
        if ForbiddenPair.objects.filter(event=event, first_id=first, second_id=second).exists():
            raise AlreadyRecorded(
                f"{names[0]} and {names[1]} are kept apart already: edit that pair instead."
            )

        ForbiddenPair.objects.create(event=event, first_id=first, second_id=second, reason=reason)
        _audit(
            event=event,
            user=user,
            now=now,
            action="forbidden_pair_add",
            after={"players": [first, second], "names": names, "reason": reason},
        )


def round_violations(round_: Round) -> list[str]:
    """Every absolute-criteria violation in a round's boards, in words with the rule."""
    event = round_.event
    state = engine_adapter.state_for_round(event, round_.number)
    return [
        f"{v.rule}: {v.message}"
        for v in check_round(
            state, engine_adapter.round_pairing(round_, renumbered=True), System(event.system)
        )
    ]


def round_warnings(round_: Round) -> list[str]:
    """Relative criteria an edit may have broken, named by the event's own system.

    These warn and do not refuse (Dutch B3, B4; Lim 10, 12; ESCA 8-12; SB 5, 7).
    """
    state = engine_adapter.state_for_round(round_.event, round_.number)
    rules = rules_for(round_.event.system)
    return rules.warnings(state, engine_adapter.round_pairing(round_, renumbered=True))


def _check_edit(round_: Round) -> list[str]:
    violations = round_violations(round_)
    if violations:
        raise TournamentError("Refused: " + " ".join(violations))
    return round_warnings(round_)


def draft_swap_players(
    *,
    round_id: int,
    first_id: int,
    second_id: int,
    user: User | None,
    now: dt.datetime,
) -> list[str]:
    """Swap two players between boards of a draft; absolute criteria refuse, others warn.

    :raises RoundLocked: the round is published (Dutch F6).
    :raises TournamentError: the swap breaks an absolute criterion; nothing changes.
    :returns: warnings about relative criteria.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(f"Round {round_.number} is published: its pairings are locked.")
        seats = {}
        for game in round_.games.all():
            seats[game.white_id] = (game, "white")
            if game.black_id is not None:
                seats[game.black_id] = (game, "black")
        if first_id == second_id:
            raise TournamentError("Choose two different players to swap.")
        if first_id not in seats or second_id not in seats:
            raise TournamentError("Both players must be in this round's pairings.")
        (game_a, side_a), (game_b, side_b) = seats[first_id], seats[second_id]
        before = _boards_json(round_)
        _swap_seats(game_a, side_a, game_b, side_b, first_id, second_id)
        warnings = _check_edit(round_)
        _audit(
            event=event,
            user=user,
            now=now,
            action="draft_swap",
            round_=round_,
            before=before,
            after=_boards_json(round_),
        )
        return warnings


def _swap_seats(
    game_a: Game, side_a: str, game_b: Game, side_b: str, first_id: int, second_id: int
) -> None:
    """Exchange two seats of a draft.

    The boards are re-created rather than updated in place, so no intermediate row ever
    seats a player twice in the round (the database refuses that at once).
    """
    if game_a.pk == game_b.pk:
        assert game_a.black_id is not None  # both players of one board: never the bye
        game_a.white_id, game_a.black_id = game_a.black_id, game_a.white_id
        game_a.save(update_fields=["white", "black"])
        return
    setattr(game_a, f"{side_a}_id", second_id)
    setattr(game_b, f"{side_b}_id", first_id)
    Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).delete()
    for game in (game_a, game_b):
        game.pk = None
        game.version = 0
    Game.objects.bulk_create([game_a, game_b])


def draft_flip_colours(*, game_id: int, user: User | None, now: dt.datetime) -> list[str]:
    """Swap the colours of one board of a draft; absolute criteria refuse, others warn.

    :raises RoundLocked: the round is published (Dutch F6).
    :raises TournamentError: the change breaks an absolute criterion (Dutch B2).
    """
    with transaction.atomic():
        event_id = Game.objects.values_list("round__event_id", flat=True).get(pk=game_id)
        event = _lock_event(event_id)
        game = Game.objects.select_related("round").get(pk=game_id)
        round_ = game.round
        if round_.state != RoundState.PAIRED:
            raise RoundLocked(f"Round {round_.number} is published: its pairings are locked.")
        if game.black_id is None:
            raise TournamentError("The bye has no colours.")
        before = _boards_json(round_)
        _swap_seats(game, "white", game, "black", game.white_id, game.black_id)
        warnings = _check_edit(round_)
        _audit(
            event=event,
            user=user,
            now=now,
            action="draft_flip",
            round_=round_,
            before=before,
            after=_boards_json(round_),
        )
        return warnings


def _boards_json(round_: Round) -> dict[str, Any]:
    rows = round_.games.order_by("board").values_list("board", "white_id", "black_id")
    return {"boards": [list(row) for row in rows]}


def round_correct(
    *,
    round_id: int,
    first_id: int,
    second_id: int,
    reason: str,
    user: User | None,
    now: dt.datetime,
) -> None:
    """Swap two players of a published round to mend a breach of B1/B2 (Dutch F6).

    A published pairing is changed only when it breaks an absolute criterion, only on
    boards without a result, only with a reason, and only if the change leaves the round
    legal.  Who, when, the boards before and after, and the reason are recorded.

    :raises RoundLocked: the round breaks no absolute criterion, or a board has a result.
    :raises TournamentError: no reason given, or the change would still break a criterion.
    """
    if not reason.strip():
        raise TournamentError("Give the reason for correcting a published pairing.")
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.select_related("event").get(pk=round_id)
        if round_.state == RoundState.PAIRED:
            raise TournamentError("This round is a draft: edit it directly.")
        violations = round_violations(round_)
        if not violations:
            raise RoundLocked(
                f"Round {round_.number} is published and keeps the absolute criteria: "
                "it cannot be changed (Dutch F6)."
            )
        seats = {}
        for game in round_.games.all():
            seats[game.white_id] = (game, "white")
            if game.black_id is not None:
                seats[game.black_id] = (game, "black")
        if first_id == second_id:
            raise TournamentError("Choose two different players to swap.")
        if first_id not in seats or second_id not in seats:
            raise TournamentError("Both players must be in this round's pairings.")
        (game_a, side_a), (game_b, side_b) = seats[first_id], seats[second_id]
        if any(g.result not in ("", Result.PAIRING_BYE) for g in (game_a, game_b)):
            raise RoundLocked("A board with a result cannot be re-paired.")
        before = _boards_json(round_)
        _swap_seats(game_a, side_a, game_b, side_b, first_id, second_id)
        remaining = round_violations(round_)
        if remaining:
            raise TournamentError("The correction still breaks: " + " ".join(remaining))
        _audit(
            event=event,
            user=user,
            now=now,
            action="round_correct",
            round_=round_,
            before={**before, "violations": violations},
            after=_boards_json(round_),
            reason=reason,
        )


def event_import_trf(*, text: str, user: User, now: dt.datetime) -> Event:
    """Create a whole event from a TRF file (a backup made by our export, or another
    program's file): players, every round with its boards and results, requests and
    forbidden pairs; the importing user becomes its arbiter.  All or nothing.

    :raises TournamentError: the file is malformed or inconsistent (the message names
        line and column), or a value does not fit the database.
    """
    from django.db import IntegrityError

    from swissweb.tournament import backup, slugs

    plan = backup.event_plan(text, now=now)
    started = plan.event["started_at"] is not None
    try:
        with transaction.atomic():
            event = Event(slug=slugs.unique_slug(plan.event["name"]), **plan.event)
            try:
                event.full_clean()
            except ValidationError as exc:
                raise TournamentError(f"The event is not valid: {_problems(exc)}") from exc
            event.save()
            event.arbiters.add(user)
            players = {}
            for rank, fields in plan.players.items():
                player = Player(event=event, pairing_number=rank if started else None, **fields)
                try:
                    player.full_clean(exclude=["event"])
                except ValidationError as exc:
                    raise TournamentError(
                        f"TRF line {plan.player_lines[rank]}: player {rank} is not valid: "
                        f"{_problems(exc)}"
                    ) from exc
                players[rank] = player
            Player.objects.bulk_create(players.values())
            games = []
            for planned in plan.rounds:
                round_ = Round.objects.create(
                    event=event,
                    number=planned.number,
                    state=planned.state,
                    lots_seed=planned.seed,
                    paired_at=planned.paired_at,
                    published_at=planned.published_at,
                    completed_at=planned.completed_at,
                )
                games += [
                    Game(
                        round=round_,
                        board=g.board,
                        white=players[g.white],
                        black=players[g.black] if g.black is not None else None,
                        result=g.result,
                    )
                    for g in planned.games
                ]
            Game.objects.bulk_create(games)
            RoundRequest.objects.bulk_create(
                RoundRequest(player=players[rank], round_number=number, kind=kind)
                for (rank, number), kind in sorted(plan.requests.items())
            )
            ForbiddenPair.objects.bulk_create(
                ForbiddenPair(
                    event=event,
                    first=min(players[a], players[b], key=lambda p: p.pk),
                    second=max(players[a], players[b], key=lambda p: p.pk),
                )
                for a, b in sorted(plan.forbidden)
            )
            _audit(
                event=event,
                user=user,
                now=now,
                action="event_import",
                after={"players": len(players), "rounds": len(plan.rounds)},
            )
            return event
    except IntegrityError as exc:
        raise TournamentError(
            f"The file does not fit the database: {plain_integrity_error(exc)}"
        ) from exc


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{field}: {' '.join(errors)}" for field, errors in exc.message_dict.items())


# The arbiter's workspace (#20): a way back from every mistake, each change checked,
# locked and recorded like the rest.


def _blocking_round(event: Event, round_number: int) -> Round | None:
    """The round that makes requests for ``round_number`` final: it, or a later one."""
    return event.round_set.filter(number__gte=round_number).order_by("number").first()


def _refuse_request_for_round(event: Event, round_number: int) -> None:
    """Requests are for rounds not yet paired (Dutch F5).

    :raises RoundLocked: the round is finished, or paired already.
    """
    blocking = _blocking_round(event, round_number)
    if blocking is None:
        return
    if blocking.number == round_number and blocking.state == RoundState.COMPLETED:
        raise RoundLocked(
            f"Round {round_number} is finished: requests are for rounds not yet paired."
        )
    raise RoundLocked(f"Round {round_number} is paired already.")


def _request_label(kind: str) -> str:
    return str(RequestKind(kind).label).lower()


def _refuse_duplicate_request(
    player: Player, existing: RoundRequest, kind: str, replace: bool
) -> None:
    """One request per player and round: the same one again is refused, another kind
    replaces it only on confirmation."""
    number = existing.round_number
    if existing.kind == kind:
        raise AlreadyRecorded(
            f"{player.name} has a {_request_label(kind)} for round {number} already."
        )
    if not replace:
        raise ConfirmationNeeded(
            f"{player.name} has a {_request_label(existing.kind)} for round {number} already: "
            f"confirm to replace it with a {_request_label(kind)}."
        )


def _forbidden_reason(reason: str) -> str:
    reason = reason.strip()
    if len(reason) > 200:
        raise TournamentError("Keep the reason to 200 characters.")
    return reason


def _refuse_emptying(event: Event, game: Game) -> None:
    """A result is never emptied once a later round exists: that round rests on it.

    :raises RoundLocked: a later round is paired.
    """
    later = (
        event.round_set.filter(number__gt=game.round.number)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if later is not None:
        raise RoundLocked(
            f"Round {later} is paired already: the result of board {game.board} in round "
            f"{game.round.number} can be corrected, not emptied."
        )


def plain_integrity_error(exc: Exception) -> str:
    """The rule a database refusal names, in the words of its constraint, never its name."""
    from django.apps import apps
    from django.db.models import UniqueConstraint

    text = str(exc)
    for model in apps.get_app_config("tournament").get_models():
        table = model._meta.db_table
        for constraint in model._meta.constraints:
            names = [constraint.name]
            if isinstance(constraint, UniqueConstraint) and constraint.fields:
                columns = [_field(model, name).column for name in constraint.fields]
                names.append(", ".join(f"{table}.{column}" for column in columns))
            if any(name in text for name in names):
                return constraint.get_violation_error_message()
    if "game_player_once_per_round" in text:
        return "A player plays at most one game per round."
    return "A value breaks a rule of the database."


def _field(model: Any, name: str) -> Field[Any, Any]:
    """A concrete field of ``model`` (constraints and forms name only those)."""
    return cast("Field[Any, Any]", model._meta.get_field(name))


def _plain_problems(exc: ValidationError) -> str:
    """A model's validation errors as sentences: field labels, never ``__all__``."""
    parts = []
    for field, errors in exc.message_dict.items():
        text = " ".join(errors)
        if field == "__all__":
            parts.append(text)
        else:
            label = _field(Player, field).verbose_name
            parts.append(f"{str(label).capitalize()}: {text}")
    return " ".join(parts)


def _jsonable(value: Any) -> Any:
    return value.isoformat() if isinstance(value, dt.date) else value


PLAYER_DETAILS = (
    "name",
    "rating",
    "title",
    "federation",
    "fide_id",
    "birth_date",
    "sex",
    "club",
    "area",
)
"""What ``player_update`` changes at any time; the pairing number only before round 1."""

ENGINE_DETAILS = frozenset({"name", "rating", "title", "federation", "club", "area"})
"""The details a pairing reads (order, ESCA schools and areas, ratings for Lim and SB 3)."""


def player_update(
    *, player_id: int, changes: dict[str, Any], user: User, now: dt.datetime
) -> list[str]:
    """Correct a player's details: name, rating, title, federation, FIDE id, club, ...

    The details count from the next round paired on.  The pairing number changes only
    before round 1 is paired (its holder takes the old number).

    :raises TournamentError: a value is not valid, or cannot be edited; nothing changes.
    :raises RoundLocked: a new pairing number after round 1 is paired.
    :raises EventNotStarted: a pairing number before the event has started.
    :returns: warnings (a draft paired on the old details).
    """
    unknown = sorted(set(changes) - {*PLAYER_DETAILS, "pairing_number"})
    if unknown:
        raise TournamentError(f"These cannot be edited here: {', '.join(unknown)}.")
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        name = player.name
        changed = {k: v for k, v in changes.items() if getattr(player, k) != v}
        before = {k: _jsonable(getattr(player, k)) for k in changed}
        number = changed.pop("pairing_number", None)
        if "pairing_number" in before:
            _refuse_number(event, player, number)
        for field, value in changed.items():
            setattr(player, field, value)
        try:
            player.full_clean(exclude=["event"])
        except ValidationError as exc:
            raise TournamentError(f"{name} not changed: {_plain_problems(exc)}") from exc
        if changed:
            player.save(update_fields=[*changed, "modified_at"])
        if number is not None:
            _move_number(event, player, number)
        if not before:
            return []
        _audit(
            event=event,
            user=user,
            now=now,
            action="player_update",
            before={"player": name, **before},
            after={"player": player.name, **{k: _jsonable(getattr(player, k)) for k in before}},
        )
        draft = event.round_set.filter(state=RoundState.PAIRED).first()
        if draft is not None and ENGINE_DETAILS & set(before):
            return [
                f"The draft of round {draft.number} was paired with the old details: "
                "pair it again if the change matters."
            ]
        return []


def _refuse_number(event: Event, player: Player, number: int | None) -> None:
    if event.round_set.exists():
        raise RoundLocked(
            f"Pairing numbers are fixed once round 1 is paired: {player.name} keeps "
            f"number {player.pairing_number}."
        )
    if event.started_at is None:
        raise EventNotStarted("Start the event first: pairing numbers are not assigned.")
    count = event.players.count()
    if number is None or not 1 <= number <= count:
        raise TournamentError(f"Pairing numbers run from 1 to {count}.")


def _move_number(event: Event, player: Player, number: int) -> None:
    """Give ``player`` pairing number ``number``; its holder takes the player's old one."""
    old = Player.objects.values_list("pairing_number", flat=True).get(pk=player.pk)
    holder = event.players.filter(pairing_number=number).exclude(pk=player.pk).first()
    if holder is not None:
        holder.pairing_number = None
        holder.save(update_fields=["pairing_number"])
    player.pairing_number = number
    player.save(update_fields=["pairing_number"])
    if holder is not None:
        holder.pairing_number = old
        holder.save(update_fields=["pairing_number"])


def player_reinstate(*, player_id: int, user: User, now: dt.datetime) -> list[str]:
    """Undo a withdrawal: the player is paired again in the rounds not yet paired.

    The rounds paired while the player was withdrawn stay as they are (absences).

    :raises TournamentError: the player has not withdrawn.
    :raises RoundLocked: every planned round is paired: none is left to play.
    :returns: warnings (a draft paired without the player).
    """
    with transaction.atomic():
        event_id = Player.objects.values_list("event_id", flat=True).get(pk=player_id)
        event = _lock_event(event_id)
        player = Player.objects.get(pk=player_id)
        if player.withdrawn_after_round is None:
            raise TournamentError(f"{player.name} has not withdrawn.")
        last = event.round_set.order_by("-number").first()
        last_number = last.number if last is not None else 0
        if last_number >= event.rounds:
            raise RoundLocked(
                f"All {event.rounds} rounds are paired: no round is left for {player.name}."
            )
        withdrawn_after = player.withdrawn_after_round
        player.withdrawn_after_round = None
        player.save(update_fields=["withdrawn_after_round", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="player_reinstate",
            before={"player": player.name, "after_round": withdrawn_after},
            after={"player": player.name, "plays_from_round": last_number + 1},
        )
        if last is not None and last.state == RoundState.PAIRED and withdrawn_after < last_number:
            return [
                f"The draft of round {last_number} was paired without {player.name}: "
                f"pair it again to include {player.name}."
            ]
        return []


def _locked_request(request_id: int) -> tuple[Event, RoundRequest]:
    """The event locked, and the request read again under the lock."""
    gone = TournamentError("That request was deleted already.")
    event_id = (
        RoundRequest.objects.filter(pk=request_id).values_list("player__event_id", flat=True)
    ).first()
    if event_id is None:
        raise gone
    event = _lock_event(event_id)
    request = RoundRequest.objects.select_related("player").filter(pk=request_id).first()
    if request is None:
        raise gone
    return event, request


def _refuse_request_change(event: Event, request: RoundRequest) -> None:
    """A request of a paired round is part of that round (Dutch F5): it stays."""
    blocking = _blocking_round(event, request.round_number)
    if blocking is not None:
        done = "finished" if blocking.state == RoundState.COMPLETED else "paired already"
        if blocking.number != request.round_number:
            done = "paired already"
        raise RoundLocked(
            f"Round {request.round_number} is {done}: the request of {request.player.name} "
            "is part of it and stays."
        )


def _request_json(request: RoundRequest) -> dict[str, Any]:
    return {"player": request.player.name, "round": request.round_number, "kind": request.kind}


def round_request_update(
    *, request_id: int, round_number: int, kind: str, user: User, now: dt.datetime
) -> None:
    """Change a recorded request's round or kind, for rounds not yet paired.

    :raises RoundLocked: the old or the new round is paired already.
    :raises PlayerWithdrawn: the player has withdrawn.
    :raises AlreadyRecorded: the player has another request for the new round.
    """
    if kind not in RequestKind.values:
        raise TournamentError("A request is a half-point bye or a known absence.")
    with transaction.atomic():
        event, request = _locked_request(request_id)
        player = request.player
        if not 1 <= round_number <= event.rounds:
            raise TournamentError(f"Rounds run from 1 to {event.rounds}.")
        _refuse_request_change(event, request)
        _refuse_request_for_round(event, round_number)
        if player.withdrawn_after_round is not None:
            raise PlayerWithdrawn(
                f"{player.name} has withdrawn (after round {player.withdrawn_after_round}): "
                f"reinstate {player.name} before changing a request."
            )
        other = (
            RoundRequest.objects.filter(player=player, round_number=round_number)
            .exclude(pk=request.pk)
            .first()
        )
        if other is not None:
            raise AlreadyRecorded(
                f"{player.name} has a {_request_label(other.kind)} for round {round_number} "
                "already: delete one of the two."
            )
        if (request.round_number, request.kind) == (round_number, kind):
            return
        before = _request_json(request)
        request.round_number, request.kind = round_number, kind
        request.save(update_fields=["round_number", "kind", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="round_request_update",
            before=before,
            after=_request_json(request),
        )


def round_request_delete(*, request_id: int, user: User, now: dt.datetime) -> None:
    """Delete a half-point bye or an absence requested for a round not yet paired.

    :raises RoundLocked: the round is paired already (its request is part of it).
    :raises TournamentError: the request was deleted already.
    """
    with transaction.atomic():
        event, request = _locked_request(request_id)
        _refuse_request_change(event, request)
        _audit(
            event=event,
            user=user,
            now=now,
            action="round_request_delete",
            before=_request_json(request),
        )
        request.delete()


def _locked_pair(pair_id: int) -> tuple[Event, ForbiddenPair]:
    gone = TournamentError("That forbidden pair was deleted already.")
    event_id = ForbiddenPair.objects.filter(pk=pair_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise gone
    event = _lock_event(event_id)
    pair = ForbiddenPair.objects.select_related("first", "second").filter(pk=pair_id).first()
    if pair is None:
        raise gone
    return event, pair


def _pair_json(pair: ForbiddenPair) -> dict[str, Any]:
    return {
        "players": [pair.first_id, pair.second_id],
        "names": [pair.first.name, pair.second.name],
        "reason": pair.reason,
    }


def forbidden_pair_update(*, pair_id: int, reason: str, user: User, now: dt.datetime) -> None:
    """Change the reason two players are kept apart (relatives, one club, ...).

    :raises TournamentError: the pair was deleted, or the reason is too long.
    """
    reason = _forbidden_reason(reason)
    with transaction.atomic():
        event, pair = _locked_pair(pair_id)
        if pair.reason == reason:
            return
        before = _pair_json(pair)
        pair.reason = reason
        pair.save(update_fields=["reason", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action="forbidden_pair_update",
            before=before,
            after=_pair_json(pair),
        )


def forbidden_pair_delete(*, pair_id: int, user: User, now: dt.datetime) -> None:
    """Let two players meet again from the next round paired on.

    Rounds paired already stay as they are.

    :raises TournamentError: the pair was deleted already.
    """
    with transaction.atomic():
        event, pair = _locked_pair(pair_id)
        _audit(
            event=event,
            user=user,
            now=now,
            action="forbidden_pair_delete",
            before=_pair_json(pair),
        )
        pair.delete()


def round_unpublish(*, round_id: int, user: User | None, now: dt.datetime) -> Round:
    """Take a published round back to a draft while no result is entered in it.

    It leaves the public pages, and can be edited, paired again or deleted.

    :raises RoundLocked: the round is a draft, has a result, or a later round exists.
    """
    with transaction.atomic():
        event = _lock_event(Round.objects.values_list("event_id", flat=True).get(pk=round_id))
        round_ = Round.objects.get(pk=round_id)
        number = round_.number
        if round_.state == RoundState.PAIRED:
            raise RoundLocked(f"Round {number} is not published.")
        if event.round_set.filter(number__gt=number).exists():
            raise RoundLocked(f"Round {number + 1} is paired already: round {number} stays.")
        boards = list(
            round_.games.exclude(result__in=[Result.NOT_PLAYED_YET, Result.PAIRING_BYE])
            .order_by("board")
            .values_list("board", flat=True)
        )
        if boards:
            listed = ", ".join(str(board) for board in boards[:10])
            more = "…" if len(boards) > 10 else ""
            raise RoundLocked(
                f"Round {number} has results (board{'s' if len(boards) > 1 else ''} "
                f"{listed}{more}): a round is unpublished only before any result is entered."
            )
        round_.state = RoundState.PAIRED
        round_.published_at = None
        round_.completed_at = None
        round_.save(update_fields=["state", "published_at", "completed_at", "modified_at"])
        _audit(event=event, user=user, now=now, action="round_unpublish", round_=round_)
        return round_
