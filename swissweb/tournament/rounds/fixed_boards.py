"""Fixed boards: a player's game always at the same board (#34 item 5).

A player may be given a board of their own (a table near the door for a wheelchair,
a live board).  The engine pairs as ever; before the games are saved, the round
service renumbers the boards so that a game with such a player gets that board, and
who meets whom, and with which colours, is not changed (as Swiss-Manager's "fixed
boards" do).  The other games keep the engine's order on the boards that are left;
the pairing-allocated bye stays last.

Conflicts are settled in a fixed order and said in the round's explanation: when both
players of a game have a fixed board, the higher-ranked player's (the lower pairing
number, the TPN of FIDE C.04.2 Article 2) counts; when two games want one board, the game the engine
placed higher keeps it; a board past the round's last is not given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from swissweb.tournament.models import Game, Player, Round

FIXED_BOARD_STEP = "Fixed board"
"""The rule of a step the renumbering adds to a round's explanation."""
FIXED_BOARD_WARNING = "Fixed board: not given"
"""The rule of a step saying a fixed board could not be given (the draft page warns)."""


def _label(player: Player) -> str:
    return f"{player.pairing_number}. {player.name}"


def _step(rule: str, text: str, game: Game) -> dict[str, object]:
    players = [game.white.pairing_number]
    if game.black is not None:
        players.append(game.black.pairing_number)
    return {"rule": rule, "text": text, "players": players}


def _wanted(game: Game, steps: list[dict[str, object]]) -> tuple[int, Player] | None:
    """The board a game asks for and the player it is fixed for, if any."""
    seated = [p for p in (game.white, game.black) if p is not None and p.fixed_board]
    if not seated:
        return None
    seated.sort(key=lambda p: p.pairing_number or 0)
    first = seated[0]
    if len(seated) == 2 and seated[1].fixed_board != first.fixed_board:
        other = seated[1]
        text = _(
            "%(first)s (board %(board)s) and %(second)s (board %(other)s) both have a fixed "
            "board: the higher-ranked player's counts."
        ) % {"first": _label(first), "board": first.fixed_board, "second": _label(other),
             "other": other.fixed_board}  # fmt: skip
        steps.append(_step(FIXED_BOARD_WARNING, text, game))
    assert first.fixed_board is not None
    return first.fixed_board, first


def renumber(games: Sequence[Game]) -> list[dict[str, object]]:
    """Give each game with a fixed-board player that board, in place, and the others the
    boards left in their order; the steps saying so (rule ``FIXED_BOARD_STEP``, or
    ``FIXED_BOARD_WARNING`` for a board not given).

    ``games`` are a round's unsaved games with their players loaded (the bye, if any,
    last, with no black player); nothing changes when no player has a fixed board.
    """
    boards = [g for g in games if g.black_id is not None]
    byes = [g for g in games if g not in boards]
    steps: list[dict[str, object]] = []
    taken: dict[int, Game] = {}
    for game in sorted(boards, key=lambda g: g.board):
        wanted = _wanted(game, steps)
        if wanted is None:
            continue
        board, player = wanted
        values = {"board": board, "player": _label(player)}
        if board > len(boards):
            text = _(
                "Board %(board)s, fixed for %(player)s, is not in play this round "
                "(%(count)s boards)."
            ) % {**values, "count": len(boards)}
            steps.append(_step(FIXED_BOARD_WARNING, text, game))
        elif board in taken:
            text = (
                _("Board %(board)s, fixed for %(player)s, went to a game the engine placed higher.")
                % values
            )
            steps.append(_step(FIXED_BOARD_WARNING, text, game))
        else:
            taken[board] = game
            steps.append(_step(FIXED_BOARD_STEP, _("Board %(board)s fixed for %(player)s.")
                               % values, game))  # fmt: skip
    if not taken:
        return steps
    free = iter(b for b in range(1, len(boards) + 1) if b not in taken)
    placed = {id(game): board for board, game in taken.items()}
    for game in sorted(boards, key=lambda g: g.board):
        game.board = placed.get(id(game)) or next(free)
    for index, bye in enumerate(byes, start=len(boards) + 1):
        bye.board = index
    return steps


def fixed_players(players: Mapping[int, Player]) -> bool:
    """Whether any of the players has a fixed board."""
    return any(p.fixed_board for p in players.values())


def apply_to_draft(round_: Round) -> bool:
    """Renumber a saved draft's boards after an edit (a swap) moved a fixed-board player,
    its fixed-board steps replaced by the new ones; whether any board changed.

    The games are re-created rather than updated in place, so no intermediate row ever
    holds a board twice (the database refuses that at once).
    """
    games = list(round_.games.select_related("white", "black").order_by("board"))
    before = {game.pk: game.board for game in games}
    steps = renumber(games)
    kept = [s for s in round_.explanation if s.get("rule") not in FIXED_RULES]
    if kept + steps != round_.explanation:
        round_.explanation = kept + steps
        round_.save(update_fields=["explanation", "modified_at"])
    if all(before[game.pk] == game.board for game in games):
        return False
    Game.objects.filter(pk__in=before).delete()
    for game in games:
        game.pk = None
        game.version = 0
    Game.objects.bulk_create(games)
    return True


FIXED_RULES = frozenset({FIXED_BOARD_STEP, FIXED_BOARD_WARNING})
"""The rules of the steps this module adds to an explanation."""
