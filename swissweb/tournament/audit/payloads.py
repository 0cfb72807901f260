"""The values each audit action records, one frozen dataclass per shape (#33).

Each class writes the JSON keys the services wrote before the types existed, reads
them back from any earlier version's row (``parse``, tolerant), and renders itself
(``facts``, ``subject``, or its own ``render``): the Audit page never probes a key.
``registry.PAYLOADS`` says which class each ``AuditAction`` records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from swissweb.tournament.audit.fields import (
    FieldChanges,
    PlayerChanges,
    SettingChanges,
    choice_words,
    column_name,
)
from swissweb.tournament.audit.stored import (
    AuditPayload,
    Fact,
    Fields,
    Names,
    Rendering,
    fact_lines,
    plain,
    player_names,
)
from swissweb.tournament.models import (
    REQUEST_KIND_WORDS,
    AskState,
    PlayerAsk,
    RequestKind,
    Result,
)

__all__ = [
    "ArbiterAdded",
    "BoardsPayload",
    "EventImported",
    "FieldChanges",
    "ForbiddenPairValues",
    "NoValues",
    "PlayerAskValues",
    "PlayerChanges",
    "PlayerLink",
    "PlayerNumber",
    "PlayerTop",
    "PlayerWithdrawal",
    "PlayersAdded",
    "RatingsRefreshed",
    "ResultPayload",
    "RoundNumber",
    "RoundRequestValues",
    "SettingChanges",
]


Facts = list[Fact]
"""A payload's facts (``RatingsRefreshed`` has a field named ``list``)."""


BYE_RULE_WORDS = {
    # Translators: a rule of the bye policy, named in the audit log of an override.
    "most": gettext_lazy("most half-point byes per player"),
    # Translators: a rule of the bye policy, named in the audit log of an override.
    "last_rounds": gettext_lazy("no half-point bye in the last rounds"),
    # Translators: a rule of the bye policy, named in the audit log of an override.
    "deadline": gettext_lazy("deadline before the round"),
}
"""The rules of the bye policy by their codes (``players.bye_policy``), in words."""


def _request_words(kind: str | None) -> str:
    """A round request's kind in words ("half-point bye"), else as recorded."""
    if kind in RequestKind.values:
        return str(REQUEST_KIND_WORDS[RequestKind(kind)])
    return plain(kind)


@dataclass(frozen=True, slots=True, kw_only=True)
class NoValues(AuditPayload):
    """``event_create``, ``event_start``: the action says it all."""

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls()


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundNumber(AuditPayload):
    """A round as a whole (paired, published, unpublished, its draft deleted): its
    number, which the Round column shows even after a deleted draft took its
    ``AuditEntry.round`` link with it (the writer records it when a round is given)."""

    round: int | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(round=fields.number("round"))

    def round_number(self) -> int | None:
        return self.round


@dataclass(frozen=True, slots=True, kw_only=True)
class ArbiterAdded(AuditPayload):
    """``arbiter_add``: the arbiter's user name."""

    arbiter: str

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(arbiter=fields.text("arbiter") or "")

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("arbiter", _("arbiter"), plain(self.arbiter))]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventImported(AuditPayload):
    """``event_import``: how many players and rounds the file gave, the players it
    seems to name twice, what it could not read, and what the restore changed."""

    players: int
    rounds: int
    duplicates: tuple[str, ...] = ()
    not_read: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            players=fields.number("players") or 0,
            rounds=fields.number("rounds") or 0,
            duplicates=fields.texts("duplicates"),
            not_read=fields.texts("not_read"),
            notes=fields.texts("notes"),
        )

    def facts(self, names: Names) -> list[Fact]:
        facts = [
            Fact("players", _("players"), str(self.players)),
            Fact("rounds", _("rounds"), str(self.rounds)),
        ]
        listed = (
            ("duplicates", _("players named twice"), self.duplicates),
            ("not_read", _("not read"), self.not_read),
            # Translators: what restoring a backup changed on purpose (an audit entry's label).
            ("notes", _("notes"), self.notes),
        )
        facts += [Fact(key, label, plain(list(v))) for key, label, v in listed if v]
        return facts


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersAdded(AuditPayload):
    """``players_add``: the names registered, and the request they were given for the
    rounds they missed (the rounds as "1-3")."""

    players: tuple[str, ...]
    kind: str | None = None
    rounds: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            players=fields.texts("players"), kind=fields.text("kind"), rounds=fields.text("rounds")
        )

    def facts(self, names: Names) -> list[Fact]:
        facts = [Fact("players", _("players"), plain(list(self.players)))]
        if self.kind is not None:
            facts.append(Fact("kind", _("request"), _request_words(self.kind)))
        if self.rounds is not None:
            facts.append(Fact("rounds", _("rounds"), self.rounds))
        return facts


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerNamed(AuditPayload):
    """The base of the payloads about one player, named as they were then."""

    player: str

    def subject(self, names: Names) -> str:
        return self.player


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerNumber(PlayerNamed):
    """``pairing_number_set``: the player's pairing number (None: none yet)."""

    pairing_number: int | None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "", pairing_number=fields.number("pairing_number")
        )

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("pairing_number", _("pairing number"), plain(self.pairing_number))]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWithdrawal(PlayerNamed):
    """``player_withdraw`` / ``player_reinstate``: the round the withdrawal followed,
    or the round the reinstated player plays from."""

    after_round: int | None = None
    plays_from_round: int | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "",
            after_round=fields.number("after_round"),
            plays_from_round=fields.number("plays_from_round"),
        )

    def facts(self, names: Names) -> list[Fact]:
        facts = []
        if self.after_round is not None:
            facts.append(Fact("after_round", _("withdrawn after round"), str(self.after_round)))
        if self.plays_from_round is not None:
            facts.append(
                Fact("plays_from_round", _("plays from round"), str(self.plays_from_round))
            )
        return facts


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerTop(PlayerNamed):
    """``player_top_set``: whether the player is a top player (ESCA 3)."""

    top_player: bool | None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(player=fields.text("player") or "", top_player=fields.flag("top_player"))

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("top_player", _("top player"), plain(self.top_player))]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerFixedBoard(PlayerNamed):
    """``player_fixed_board``: the board every game of the player is given (None: none)."""

    fixed_board: int | None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(player=fields.text("player") or "", fixed_board=fields.number("fixed_board"))

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("fixed_board", _("fixed board"), plain(self.fixed_board))]


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleRows(AuditPayload):
    """``schedule_set``: each round's date and start time as the schedule says them."""

    schedule: tuple[str, ...]

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(schedule=fields.texts("schedule"))

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("schedule", _("schedule"), plain([*self.schedule]))]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLink(PlayerNamed):
    """``player_link_rotate``: the fingerprint of the player's private link (never
    the code itself)."""

    link: str

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(player=fields.text("player") or "", link=fields.text("link") or "")

    def facts(self, names: Names) -> list[Fact]:
        return [Fact("link", _("link (fingerprint)"), plain(self.link))]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRequestValues(PlayerNamed):
    """``round_request*``: a player's request (bye, absence) for a round.  The first
    rows named the player by id only (``player_id``)."""

    round: int | None
    kind: str
    player_id: int | None = None
    overridden: tuple[str, ...] = ()
    """The rules of the bye policy the arbiter overrode (#36), by code."""

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "",
            round=fields.number("round"),
            kind=fields.text("kind") or "",
            player_id=fields.number("player_id"),
            overridden=fields.texts("overridden"),
        )

    def subject(self, names: Names) -> str:
        if self.player or self.player_id is None:
            return self.player
        return names.get(self.player_id, "")

    def facts(self, names: Names) -> list[Fact]:
        return [
            Fact("round", _("round"), plain(self.round)),
            Fact("kind", _("request"), _request_words(self.kind)),
            *(
                [Fact("overridden", _("bye policy overridden"), ", ".join(
                    str(BYE_RULE_WORDS.get(rule, rule)) for rule in self.overridden))]
                if self.overridden
                else []
            ),
        ]  # fmt: skip

    def player_ids(self) -> set[int]:
        return {self.player_id} if self.player_id is not None else set()

    def round_number(self) -> int | None:
        return self.round


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAskValues(PlayerNamed):
    """``player_ask`` / ``player_ask_decide``: a player's request from their own page,
    the link it came through (its fingerprint), and the arbiter's decision."""

    kind: str
    round: int | None
    link: str | None = None
    state: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            player=fields.text("player") or "",
            kind=fields.text("kind") or "",
            round=fields.number("round"),
            link=fields.text("link"),
            state=fields.text("state"),
        )

    def facts(self, names: Names) -> list[Fact]:
        kind = str(PlayerAsk(self.kind).label) if self.kind in PlayerAsk.values else self.kind
        facts = [
            Fact("kind", _("request"), plain(kind)),
            Fact("round", _("round"), plain(self.round)),
        ]
        if self.link is not None:
            facts.append(Fact("link", _("link (fingerprint)"), plain(self.link)))
        if self.state is not None:
            state = choice_words(AskState, self.state)
            facts.append(Fact("state", pgettext("of a player's request", "state"), state))
        return facts

    def round_number(self) -> int | None:
        return self.round


@dataclass(frozen=True, slots=True, kw_only=True)
class ForbiddenPairValues(AuditPayload):
    """``forbidden_pair_*``: the two players kept apart (ids and names), and why.  The
    first rows recorded the ids only."""

    players: tuple[int, ...]
    names: tuple[str, ...] = ()
    reason: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            players=fields.numbers("players"),
            names=fields.texts("names"),
            reason=fields.text("reason"),
        )

    def subject(self, names: Names) -> str:
        pair = self.names or tuple(names.get(pk, f"#{pk}") for pk in self.players)
        if len(pair) == 2:
            # Translators: the two players of a forbidden pair.
            return _("%(first)s and %(second)s") % {"first": pair[0], "second": pair[1]}
        return ", ".join(pair)

    def facts(self, names: Names) -> list[Fact]:
        return [] if self.reason is None else [Fact("reason", _("reason"), plain(self.reason))]

    def player_ids(self) -> set[int]:
        return set(self.players)


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingsRefreshed(AuditPayload):
    """``ratings_refresh``: the list read, its rating column, and each change in words."""

    list: str
    kind: str
    changes: tuple[str, ...]

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            list=fields.text("list") or "",
            kind=fields.text("kind") or "",
            changes=fields.texts("changes"),
        )

    def facts(self, names: Names) -> Facts:
        return [
            Fact("list", pgettext("a rating list", "list"), plain(self.list)),
            # The rating column the refresh read, by its name ("rapid rating").
            Fact("kind", _("rating"), column_name(self.kind)),
            Fact("changes", _("changes"), plain([*self.changes])),
        ]


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultPayload(AuditPayload):
    """``result_record``: the board, its players and the result, on each side.

    The players are named ("3. Frost") as they were when the result came in, so the log
    reads "Board 3: 3. Frost – 7. Chen" even after a player is renamed or deleted.  A
    row written before #33 named no players (``white``/``black`` None): its board is
    then one of its changes.
    """

    board: int | None
    result: str
    white: str | None = None
    black: str | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        return cls(
            board=fields.number("board"),
            result=fields.text("result") or "",
            white=fields.text("white"),
            black=fields.text("black"),
        )

    def named(self) -> bool:
        """Whether the row names its players (written since #33)."""
        return self.white is not None or self.black is not None

    def subject(self, names: Names) -> str:
        if not self.named():
            return ""
        # Translators: the board of a result entered and its players (white – black).
        return _("Board %(board)s: %(white)s – %(black)s") % {
            "board": self.board,
            "white": self.white or _("bye"),
            "black": self.black or _("bye"),
        }

    def facts(self, names: Names) -> list[Fact]:
        known = self.result and self.result in Result.values  # "": no result, "none"
        result = str(Result(self.result).label) if known else self.result
        facts = [] if self.named() else [Fact("board", _("board"), plain(self.board))]
        return [*facts, Fact("result", _("result"), plain(result))]


Board = tuple[int | None, int | None, int | None]
"""A board as ``(board, white id, black id)``; None for the bye's missing player."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardsPayload(AuditPayload):
    """A round's boards (a redraw, a swap or a colour flip in a draft, a correction),
    the players a redraw recorded absent, the rules a correction mended, and the
    round's number (the writer records it for a draft, which "pair again" deletes)."""

    boards: tuple[Board, ...]
    absent: tuple[int, ...] = ()
    violations: tuple[str, ...] = ()
    round: int | None = None

    @classmethod
    def parse(cls, fields: Fields) -> Self:
        rows = fields.data.get("boards")
        boards = [
            tuple(v if isinstance(v, int) and not isinstance(v, bool) else None for v in row)
            for row in (rows if isinstance(rows, list) else [])
            if isinstance(row, list) and len(row) == 3
        ]
        return cls(
            boards=tuple((b[0], b[1], b[2]) for b in boards),
            absent=fields.numbers("absent"),
            violations=fields.texts("violations"),
            round=fields.number("round"),
        )

    def facts(self, names: Names) -> list[Fact]:
        # Translators: the players a redraw (ESCA 25) recorded absent.
        return (
            [Fact("absent", _("absent"), player_names(self.absent, names))] if self.absent else []
        )

    def player_ids(self) -> set[int]:
        seated = {pk for _board, *pair in self.boards for pk in pair if pk is not None}
        return seated | set(self.absent)

    def round_number(self) -> int | None:
        return self.round

    def seats(self, names: Names) -> dict[int, str]:
        """Each board's players as "A - B" (a missing player: the bye)."""
        bye = _("bye")

        def seat(pk: int | None) -> str:
            return names.get(pk, f"#{pk}") if pk is not None else bye

        return {board or 0: " - ".join(seat(pk) for pk in pair) for board, *pair in self.boards}

    @classmethod
    def render(cls, before: Self | None, after: Self | None, names: Names) -> Rendering:
        """The boards that changed, "board 3: A - B → A - C", then the other values,
        then each rule a correction mended."""
        old = before.seats(names) if before is not None else {}
        new = after.seats(names) if after is not None else {}
        none = pgettext("no value", "none")
        changes = [
            # Translators: a board of a round the arbiter changed: its players before → after.
            _("board %(board)s: %(before)s → %(after)s")
            % {"board": board, "before": old.get(board, none), "after": new.get(board, none)}
            for board in sorted(set(old) | set(new))
            if old.get(board) != new.get(board)
        ]
        changes += fact_lines(
            before.facts(names) if before is not None else [],
            after.facts(names) if after is not None else [],
        )
        for violation in before.violations if before is not None else ():
            # Translators: the rule a published pairing broke, which a correction mended.
            changes.append(_("breach mended: %(violation)s") % {"violation": violation})
        return Rendering(subject="", changes=tuple(changes))
