"""A referee that plays random tournaments through the command line, as other tools do.

The harness keeps its own record of the event (who joined when, who withdrew, who asked
for a bye, every board and result) and writes the TRF itself, column by column as
TRF16 numbers them, in the styles third-party programs use (:class:`Style`): ``0000 - Z``
or a blank block for an absence, XXZ lines, ``0000 - H/Z/F`` or TRF-2026 240 records for
the round to pair, forfeits ``+``/``-`` (some with ``-`` as the colour), double forfeits,
W/D/L results, byes without ``0000``, late entries, withdrawn players left out of the
file, 001 lines in standings order, XXR or none, XXC or none, XXP, XXA, 3/1/0 point
systems (XXS, BB?, 162), CR LF, CR or LF, UTF-8 (also padded by bytes) or Latin-1.  It
never uses the ``trf`` package's writer, so a reading problem cannot hide behind a
matching writer.

Each round is paired by ``pairing.__main__.main`` (or a real subprocess) and judged:

- the output parses: the count, then ``white black`` lines, the bye as ``N 0`` last;
- everyone present is paired exactly once or has the bye; nobody absent, withdrawn or not
  yet entered is paired;
- :func:`pairing.engine.checker.check_round` finds nothing;
- exit status 1, with nothing written, only when no pairing keeps the absolute criteria:
  confirmed by an exhaustive search up to 20 players present, by a maximum matching of
  the boards the checker allows up to 80;
- per system, what the rule texts fix without a choice: round 1 (Dutch final remarks and
  E4, Lim 9.4, 8.1 and alternating colours), Dutch E1-E4 colours and F1 board order, Lim
  8.1 (the bye) and 12.1 (due colours).

The finished file is then checked with ``-c``, which must agree with every round.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from pairing.__main__ import main
from pairing.engine import System
from pairing.engine.checker import Violation, check_round, over_half
from pairing.engine.history import pairing_scores
from pairing.engine.matching import maximum_matching
from pairing.engine.model import Board, PairingNumber, RoundPairing, TournamentState
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

ROOT = Path(__file__).resolve().parents[2]
EXHAUSTIVE = 20
"""Up to this many players present, rounds are also judged by an exhaustive search."""
MATCHED = 80
"""Up to this many, an exit 1 is confirmed by a maximum matching of the allowed boards."""

NAMES = [
    "Müller, Jürgen", "Ødegård, Åse", "Núñez, José", "Smith, Anna", "Łukasz, Kowal",
    "Dupré, Hélène", "O'Brien, Seán", "Björk, Sigrún", "Chen, Wei", "Garcia, Luis",
]  # fmt: skip
"""Names with letters Latin-1 can (and one it cannot) encode."""
TITLES = ["", "", "", "", "GM", "IM", "FM", "WGM", "CM", "g", "m", "wf"]


@dataclass(slots=True)
class Block:
    """One round of one player as a TRF16 round block: columns 92-99 for round 1."""

    opponent: int = 0
    colour: str = "-"
    result: str = ""
    blank: bool = False
    """Written as eight spaces instead of ``0000 - Z`` (an absence the other way)."""

    bare: bool = False
    """A bye without ``0000`` and colour (``         U``, as lichess writes it)."""

    def text(self) -> str:
        if self.blank:
            return " " * 8
        if self.bare:
            return f"{'':7}{self.result}"
        return (
            f"{self.opponent:04d} {self.colour} {self.result}"
            if not self.opponent
            else (f"{self.opponent:>4} {self.colour} {self.result}")
        )


@dataclass(slots=True)
class Entrant:
    """A player as the organiser knows one."""

    number: int
    name: str
    rating: int
    title: str
    joins: int = 1
    """The first round the player can be paired in (late entry)."""
    withdraws_after: int | None = None
    """Last round before the withdrawal; not paired in any later round."""
    blocks: list[Block] = field(default_factory=list)


@dataclass(slots=True)
class Style:
    """How the third-party tool writes its file."""

    newline: str = "\n"
    encoding: str = "utf-8"
    absence_blank: bool = False
    """Absences and not-yet-entered rounds as blank blocks instead of ``0000 - Z``."""
    requests_on_xxz: bool = False
    """Absences in the round to pair listed on XXZ instead of ``0000 - Z`` in its column."""
    forfeit_colour_dash: bool = False
    """Forfeits written ``nnnn - +`` as some programs do."""
    points_with_request: bool = True
    """JaVaFo: the Points field includes a half-point bye asked for the round to pair."""
    rank_column: bool = True
    xxc: str | None = None
    """``white1``, ``black1`` or none (the lot from ``-s``)."""
    header: str = "full"
    """``full`` (012 022 032 042 052 092 102), ``minimal`` (012 only) or ``none``."""
    omit_early_withdrawals: bool = True
    """A player who withdrew before playing a game is left out of the file."""
    xxr: bool = True
    """Without XXR the command line takes no round as the last one, in -p and -c alike."""
    by_rank: bool = False
    """001 lines in the order of the standings instead of the starting ranks."""
    scoring: str = ""
    """``""`` (1, ½, 0), or 3/1/0 as ``XXS`` (JaVaFo: the PAB stays 1), ``BB`` or ``162``."""
    requests_240: bool = False
    """H/F/Z requests for the round to pair as TRF-2026 240 records."""
    forbidden: int = 0
    """How many forbidden pairs (XXP lines) the event has."""
    byte_padding: bool = False
    """Names padded to 33 UTF-8 bytes, as C programs do, so later fields move left."""
    accelerated: bool = False
    """XXA lines: a fictitious point for the top half in rounds 1 and 2 (JaVaFo)."""
    bare_byes: bool = False
    """Byes of past rounds as ``         U`` / ``H`` / ``F``: no ``0000``, no colour."""


@dataclass(slots=True)
class Outcome:
    """What happened to one round at the command line."""

    round_number: int
    status: int
    pairing: RoundPairing | None
    problems: list[str]


class Tournament:
    """A random event run round by round through the command line."""

    def __init__(
        self,
        system: System,
        *,
        players: int,
        rounds: int,
        seed: int,
        directory: Path,
        late: int = 0,
        withdrawals: float = 0.05,
        requests: float = 0.08,
        forfeits: float = 0.06,
        unrated: float = 0.15,
        style: Style | None = None,
        subprocess_rounds: Sequence[int] = (),
    ) -> None:
        self.system = system
        self.rounds = rounds
        self.seed = seed
        self.rng = random.Random(seed)
        self.directory = directory
        self.withdrawals = withdrawals
        self.requests_share = requests
        self.forfeits = forfeits
        self.subprocess_rounds = set(subprocess_rounds)
        self.style = style or random_style(self.rng)
        ratings = sorted((self.rng.randrange(1200, 2700) for _ in range(players)), reverse=True)
        ratings = [0 if self.rng.random() < unrated else r for r in ratings]
        ratings.sort(reverse=True)
        self.entrants = [
            Entrant(
                number=n,
                name=f"{NAMES[n % len(NAMES)]} {n}",
                rating=rating,
                title=self.rng.choice(TITLES) if rating > 2300 else "",
            )
            for n, rating in enumerate(ratings, start=1)
        ]
        for entrant in self.rng.sample(self.entrants, min(late, players - 3) if players > 3 else 0):
            entrant.joins = 3
        if players > 4 and self.rng.random() < withdrawals * 4:
            self.rng.choice(self.entrants).withdraws_after = 0  # never came
        numbers = [e.number for e in self.entrants]
        self.forbidden = sorted(
            tuple(sorted(self.rng.sample(numbers, 2)))
            for _ in range(self.style.forbidden if players > 1 else 0)
        )
        self.requests: dict[int, str] = {}
        """Requests for the round to pair: ``H``, ``F`` or ``Z`` by pairing number."""
        self.played = 0
        self.outcomes: list[Outcome] = []

    # --- the organiser's side ---------------------------------------------------------

    def present(self, round_number: int) -> list[int]:
        """Who should be paired in ``round_number``: entered, not withdrawn, no request."""
        return [
            e.number
            for e in self.entrants
            if e.joins <= round_number
            and (e.withdraws_after is None or e.withdraws_after >= round_number)
            and e.number not in self.requests
        ]

    def draw_requests(self, round_number: int) -> None:
        """Withdrawals after the last round and requests for the next one, at random."""
        self.requests = {}
        for entrant in self.entrants:
            if entrant.withdraws_after is not None:
                continue
            if round_number > 1 and self.rng.random() < self.withdrawals:
                entrant.withdraws_after = round_number - 1
                continue
            if entrant.joins <= round_number and self.rng.random() < self.requests_share:
                self.requests[entrant.number] = self.rng.choice("HHZZF")
        if not self.present(round_number):
            # A round where nobody is paired would leave a column of byes only, which
            # a reader cannot tell from the requests for the round to pair.
            self.requests = {}

    def listed(self) -> list[Entrant]:
        """The players the file lists: one who withdrew before round 1 may be left out.

        Left out from the first file on, as a tool that drops a withdrawal would: the
        list of entrants (the SB text's initial list, say) is then the same in every file.
        """
        return [
            e
            for e in self.entrants
            if not (self.style.omit_early_withdrawals and e.withdraws_after == 0)
        ]

    def points(self, entrant: Entrant, *, with_request: bool) -> float:
        value = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "F": 1.0, "H": 0.5, "W": 1.0, "D": 0.5}
        if self.style.scoring:
            pab = 1.0 if self.style.scoring == "XXS" else 3.0
            value = {"1": 3.0, "=": 1.0, "+": 3.0, "U": pab, "F": 3.0, "H": 1.0, "W": 3.0, "D": 1.0}
        total = sum(value.get(b.result, 0.0) for b in entrant.blocks)
        request = self.requests.get(entrant.number)
        if with_request and request in ("H", "F"):
            total += value[request]
        return total

    def trf_text(self, *, to_pair: bool) -> str:
        """The file a third-party tool writes: rounds played, then the round to pair."""
        style = self.style
        lines = []
        if style.header != "none":
            lines.append(f"012 Referee Open {self.seed}")
        if style.header == "full":
            lines += [
                "022 Bad Ragaz",
                "032 SUI",
                "042 2026/11/23",
                "052 2026/11/30",
                "092 Individual: Swiss-System",
                "102 Arbiter, Chief",
            ]
        if style.xxr:
            lines.append(f"XXR {self.rounds}")
        if style.xxc:
            lines.append(f"XXC {style.xxc}")
        lines += {
            "": [],
            "XXS": ["XXS W=3 D=1"],
            "BB": ["BBW  3.0", "BBD  1.0"],
            "162": ["162  W 3.0    D 1.0    L 0.0"],
        }[style.scoring]
        listed = self.listed()
        shown = {e.number for e in listed}
        lines += [f"XXP {a} {b}" for a, b in self.forbidden if {a, b} <= shown]
        if style.accelerated:
            top = range(1, len(self.entrants) // 2 + 1)
            lines += [f"XXA {n:>4}  1.0  1.0" for n in top if n in shown]
        ranking = sorted(listed, key=lambda e: -self.points(e, with_request=False))
        rank = {e.number: i for i, e in enumerate(ranking, start=1)}
        absent = []
        by_kind: dict[str, list[int]] = {}
        for entrant in ranking if style.by_rank else listed:
            blocks = [b.text() for b in entrant.blocks]
            request = self.requests.get(entrant.number) if to_pair else None
            gone = entrant.withdraws_after is not None or entrant.joins > self.played + 1
            if to_pair and (request == "Z" or gone) and style.requests_on_xxz:
                absent.append(entrant.number)
            elif to_pair and request is not None and style.requests_240:
                by_kind.setdefault(request, []).append(entrant.number)
            elif to_pair and request is not None:
                blocks.append(f"0000 - {request}")
            elif to_pair and gone:
                blocks.append("0000 - Z")
            points = self.points(entrant, with_request=to_pair and style.points_with_request)
            lines.append(self.player_line(entrant, points, rank[entrant.number], blocks))
        if absent:
            lines.append("XXZ " + " ".join(str(n) for n in absent))
        for kind, numbers in sorted(by_kind.items()):
            ranks = "".join(f" {n:>4}" for n in sorted(numbers))
            lines.append(f"240 {kind} {self.played + 1:03d}{ranks}")
        return style.newline.join(lines) + style.newline

    def player_line(self, entrant: Entrant, points: float, rank: int, blocks: list[str]) -> str:
        """A 001 line placed field by field on the TRF16 columns."""
        cells = [" "] * (91 + 10 * len(blocks))

        def put(first: int, text: str) -> None:
            cells[first - 1 : first - 1 + len(text)] = text

        put(1, "001")
        put(5, f"{entrant.number:>4}")
        put(10, "w" if entrant.number % 3 == 0 else "m")
        put(11, f"{entrant.title:>3}")
        put(15, entrant.name[:33])
        put(49, f"{entrant.rating:>4}" if entrant.rating else "    ")
        put(54, "SUI")
        put(58, f"{1000000 + entrant.number:>11}")
        put(70, "1990/01/01")
        put(81, f"{points:4.1f}")
        put(86, f"{rank:>4}" if self.style.rank_column else "    ")
        for index, block in enumerate(blocks):
            put(92 + 10 * index, block)
        line = "".join(cells).rstrip()
        if self.style.byte_padding and self.style.encoding != "latin-1":
            name = entrant.name[:33]
            extra = len(name.encode("utf-8")) - len(name)
            line = line[: 47 - extra] + line[47:]
        return line

    def write(self, name: str, *, to_pair: bool) -> Path:
        path = self.directory / name
        text = self.trf_text(to_pair=to_pair)
        path.write_bytes(text.encode(self.style.encoding, errors="replace"))
        return path

    # --- the command line ---------------------------------------------------------------

    def run_cli(self, args: list[str], *, real: bool) -> tuple[int, str, str]:
        """Exit status, standard output and standard error of one command."""
        return self.run_cli_static(args, real=real)

    @staticmethod
    def run_cli_static(args: list[str], *, real: bool = False) -> tuple[int, str, str]:
        """Exit status, standard output and standard error of one command."""
        if real:
            done = subprocess.run(
                [sys.executable, "-m", "pairing", *args],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=False,
            )
            return done.returncode, done.stdout, done.stderr
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(args)
        return status, out.getvalue(), err.getvalue()

    def pair_next(self) -> Outcome | None:
        """Pair round ``played + 1`` at the command line and judge the answer.

        None when nobody is left to pair: the organiser would not pair such a round.
        """
        number = self.played + 1
        self.draw_requests(number)
        if not self.present(number):
            return None
        path = self.write(f"round{number}.trf", to_pair=True)
        output = self.directory / f"round{number}.pairs"
        output.unlink(missing_ok=True)
        args = [f"--{self.system.value}", str(path), "-p", str(output), "-s", str(self.seed)]
        status, out, err = self.run_cli(args, real=number in self.subprocess_rounds)
        problems: list[str] = []
        state = state_from_trf(read_trf(decode_trf(path.read_bytes())))
        if not self.style.xxr:
            # The command line's reading of a file without XXR: not the last round.
            state = replace(state, total_rounds=state.round_number + 1)
        if state.round_number != number:
            problems.append(f"the file is read as round {state.round_number}, not {number}")
        pairing = None
        if status == 0:
            if err or out:
                problems.append(f"exit 0 but output {out!r} / {err!r}")
            pairing = parse_pairs(output.read_text(), number, problems)
            if pairing is not None:
                problems += self.judge(state, pairing, number)
                self.play(pairing, number)
        elif status == 1:
            if out or not err.startswith("pairing: no valid pairing") or output.exists():
                problems.append(f"exit 1 with stdout {out!r}, stderr {err!r}")
            if "Traceback" in err:
                problems.append("traceback on exit 1")
            found = self.find_pairing(state)
            if found is not None:
                problems.append(f"exit 1, but this pairing is legal: {found}")
        else:
            problems.append(f"exit {status}: {err.strip()}")
        outcome = Outcome(round_number=number, status=status, pairing=pairing, problems=problems)
        self.outcomes.append(outcome)
        return outcome

    def judge(self, state: TournamentState, pairing: RoundPairing, number: int) -> list[str]:
        """Everyone present once, nobody else; then the checker on the file's state."""
        problems = []
        present = set(self.present(number))
        seats = [n for b in pairing.boards for n in (b.white, b.black)]
        if pairing.pairing_allocated_bye is not None:
            seats.append(pairing.pairing_allocated_bye)
        if sorted(seats) != sorted(present):
            extra = sorted(set(seats) - present)
            missing = sorted(present - set(seats))
            twice = sorted({n for n in seats if seats.count(n) > 1})
            problems.append(f"paired but absent {extra}, missing {missing}, twice {twice}")
        if (pairing.pairing_allocated_bye is not None) != (len(present) % 2 == 1):
            problems.append(f"bye {pairing.pairing_allocated_bye} with {len(present)} present")
        problems += [f"{v.rule}: {v.message}" for v in check_round(state, pairing, self.system)]
        if self.system is System.LIM:
            problems += self.lim_8_1(state, pairing) + self.lim_12(pairing)
        if number == 1 and self.system in (System.DUTCH_1992, System.LIM):
            problems += self.round_one(state, pairing)
        if self.system is System.DUTCH_1992:
            problems += self.dutch_e(state, pairing) + self.dutch_f1(state, pairing)
        return problems

    def played_colours(self, number: int) -> str:
        """The colours of a player's games actually played, ``w``/``b``, oldest first (F2, F3)."""
        entrant = next(e for e in self.entrants if e.number == number)
        return "".join(b.colour for b in entrant.blocks if b.result in "10=WDL" and b.opponent)

    def lim_12(self, pairing: RoundPairing) -> list[str]:
        """Lim 12.1, 12.5, 12.6: two players due different colours both get them.

        A player's due colour (as lim.py reads the text) is the equalising one when his
        whites and blacks differ, else the alternate one; none before his first game.
        """
        problems = []
        for board in pairing.boards:
            due = []
            for number in (board.white, board.black):
                colours = self.played_colours(number)
                difference = colours.count("w") - colours.count("b")
                if difference:
                    due.append("b" if difference > 0 else "w")
                elif colours:
                    due.append("b" if colours[-1] == "w" else "w")
            if len(due) == 2 and due[0] != due[1] and due[0] != "w":
                problems.append(
                    f"Lim 12.1: board {board.number} {board.white}-{board.black}: due "
                    f"{due[0]} and {due[1]}, histories {self.played_colours(board.white)} "
                    f"and {self.played_colours(board.black)}"
                )
        return problems

    def dutch_e(self, state: TournamentState, pairing: RoundPairing) -> list[str]:
        """Dutch E1-E4 on every board whose colours A7 decides.

        A7: absolute (difference beyond ±1, or the same colour twice running), strong
        (difference not 0), mild (alternate the last game).  E1 grants both preferences;
        E2 the stronger one; E3 alternates to the latest round (gaps closed, F3) in which
        the two had different colours; E4 the higher ranked (A2) gets his.  Boards of a
        player without games, and of players over 50% in the last round (A7a, Note to B),
        are not judged.
        """
        exempt = over_half(state)
        score = pairing_scores(state)
        by_number = {e.number: e for e in self.entrants}
        problems = []
        for board in pairing.boards:
            if {board.white, board.black} & exempt:
                continue
            prefs = {}
            for number in (board.white, board.black):
                colours = self.played_colours(number)
                if not colours:
                    break
                difference = colours.count("w") - colours.count("b")
                if abs(difference) > 1 or colours[-2:] in ("ww", "bb"):
                    if (
                        abs(difference) > 1
                        and colours[-2:] in ("ww", "bb")
                        and ((difference < 0) != (colours[-1] == "b"))
                    ):
                        break  # A7a gives no single colour
                    prefs[number] = (3, "w" if difference < 0 or colours[-2:] == "bb" else "b")
                elif difference:
                    prefs[number] = (2, "w" if difference < 0 else "b")
                else:
                    prefs[number] = (1, "w" if colours[-1] == "b" else "b")
            else:
                (strength_w, want_w), (strength_b, want_b) = prefs[board.white], prefs[board.black]
                if want_w != want_b:
                    rule, ok = "E1", want_w == "w" and want_b == "b"
                elif strength_w != strength_b:
                    rule = "E2"
                    ok = (want_w == "w") == (strength_w > strength_b)
                else:
                    white = self.played_colours(board.white)[::-1]
                    black = self.played_colours(board.black)[::-1]
                    differ = [
                        i for i, (a, b) in enumerate(zip(white, black, strict=False)) if a != b
                    ]
                    if differ:
                        rule, ok = "E3", white[differ[0]] == "b"
                    else:
                        first = by_number[board.white]
                        second = by_number[board.black]
                        a2_white = (-score[board.white], -first.rating)
                        a2_black = (-score[board.black], -second.rating)
                        if a2_white == a2_black:
                            continue  # title or name decide: not judged
                        rule = "E4"
                        ok = (want_w == "w") == (a2_white < a2_black)
                if not ok:
                    problems.append(
                        f"Dutch {rule}: board {board.number} {board.white}-{board.black}: "
                        f"histories {self.played_colours(board.white) or '-'} and "
                        f"{self.played_colours(board.black) or '-'}"
                    )
        return problems

    def dutch_f1(self, state: TournamentState, pairing: RoundPairing) -> list[str]:
        """Dutch F1: boards by the higher player's score, the sum of scores, his A2 rank.

        Judged between boards whose higher players differ in score or rating (title and
        name, the last A2 criteria, are left alone).
        """
        score = pairing_scores(state)
        rating = {e.number: e.rating for e in self.entrants}

        def key(board: Board) -> tuple[int, int, int]:
            higher = min(
                (board.white, board.black), key=lambda n: (-score[PairingNumber(n)], -rating[n])
            )
            total = score[board.white] + score[board.black]
            return (-score[PairingNumber(higher)], -total, -rating[higher])

        keys = [key(board) for board in pairing.boards]
        for index in range(len(keys) - 1):
            if keys[index] > keys[index + 1]:
                return [f"Dutch F1: board {index + 1} should come after board {index + 2}"]
        return []

    def round_one(self, state: TournamentState, pairing: RoundPairing) -> list[str]:
        """Round 1: the top half against the bottom half in order, the bye to the last.

        Dutch (final remarks): one homogeneous bracket ordered by A2 (rating, title, name),
        "the highest player of S1 will play against the highest player of S2 and if the
        number of players is odd the lowest ranked player will receive a bye".  Lim 9.4
        and 8.1: the proposed pairings 1 v (n/2 + 1) ... in pairing-number order, all
        compatible in round 1; the bye to the lowest ranked.  Judged only when the order
        is certain (no two players present with the same rating and title; no XXP, no
        acceleration).
        """
        present = self.present(1)
        if self.forbidden or self.style.accelerated or not present:
            return []
        by_number = {e.number: e for e in self.entrants}
        title_order = ["GM", "WGM", "IM", "WIM", "FM", "WFM"]

        def a2(number: int) -> tuple[int, int]:
            entrant = by_number[number]
            title = {"G": "GM", "M": "IM", "F": "FM", "WF": "WFM"}.get(
                entrant.title.upper(), entrant.title.upper()
            )
            rank = title_order.index(title) if title in title_order else len(title_order)
            return (-entrant.rating, rank)

        if self.system is System.DUTCH_1992:
            if len({a2(n) for n in present}) < len(present):
                return []
            order = sorted(present, key=a2)
        else:
            order = sorted(present)
        expected_bye = order.pop() if len(order) % 2 else None
        half = len(order) // 2
        expected = {frozenset({order[i], order[i + half]}) for i in range(half)}
        got = {frozenset({b.white, b.black}) for b in pairing.boards}
        rule = "Dutch final remarks" if self.system is System.DUTCH_1992 else "Lim 9.4/8.1"
        if got != expected or pairing.pairing_allocated_bye != expected_bye:
            return [f"{rule}: round 1 should pair {sorted(map(sorted, expected))}, bye "
                    f"{expected_bye}"]  # fmt: skip
        # Dutch E4 (Lim 12.1 as lim.py reads it): S1's players alternate colours, and the
        # top seed has the colour XXC fixes.
        white = {b.white for b in pairing.boards}
        first = order[0] in white if order else True
        for index, number in enumerate(order[:half]):
            if (number in white) != (first if index % 2 == 0 else not first):
                return [f"{rule} (colours): round 1 S1 {order[:half]} does not alternate"]
        fixed = (self.style.xxc or "").split()[-1:]
        if order and order[0] == 1 and fixed and first != (fixed[0] == "white1"):
            return [f"{rule} (colours): player 1 should have {fixed[0]}"]
        return []

    def play(self, pairing: RoundPairing, number: int) -> None:
        """Random results for the boards; byes, requests and absences for the rest."""
        by_number = {e.number: e for e in self.entrants}
        seated = set()
        for board in pairing.boards:
            white, black = by_number[board.white], by_number[board.black]
            seated |= {board.white, board.black}
            roll = self.rng.random()
            if roll < self.forfeits * 0.7:
                first, second = ("+", "-") if self.rng.random() < 0.5 else ("-", "+")
            elif roll < self.forfeits:
                first, second = "-", "-"
            else:
                first = self.rng.choice("10==1" if self.rng.random() < 0.95 else "WDL")
                second = {"1": "0", "0": "1", "=": "=", "W": "L", "D": "D", "L": "W"}[first]
            forfeit = first in "+-" and self.style.forfeit_colour_dash
            white.blocks.append(Block(board.black, "-" if forfeit else "w", first))
            black.blocks.append(Block(board.white, "-" if forfeit else "b", second))
        if pairing.pairing_allocated_bye is not None:
            bare = self.style.bare_byes
            by_number[pairing.pairing_allocated_bye].blocks.append(Block(result="U", bare=bare))
            seated.add(pairing.pairing_allocated_bye)
        for entrant in self.entrants:
            if entrant.number in seated:
                continue
            kind = self.requests.get(entrant.number, "Z")
            blank = kind == "Z" and self.style.absence_blank
            bare = self.style.bare_byes and kind != "Z"
            entrant.blocks.append(Block(result=kind, blank=blank, bare=bare))
        self.played = number

    def legal_options(
        self, state: TournamentState, players: Sequence[int]
    ) -> tuple[dict[tuple[int, int], tuple[int, int]], list[int]]:
        """The boards the checker allows (with colours that work), and who may have the bye."""

        def legal(pairing: RoundPairing) -> bool:
            return not [v for v in check_round(state, pairing, self.system) if _own(v)]

        def single(white: int, black: int) -> RoundPairing:
            board = Board(number=1, white=PairingNumber(white), black=PairingNumber(black))
            return RoundPairing(round_number=state.round_number, boards=(board,))

        options: dict[tuple[int, int], tuple[int, int]] = {}
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                for white, black in ((a, b), (b, a)):
                    if legal(single(white, black)):
                        options[(a, b)] = (white, black)
                        break
        byes = [
            n
            for n in players
            if legal(
                RoundPairing(
                    round_number=state.round_number,
                    boards=(),
                    pairing_allocated_bye=PairingNumber(n),
                )
            )
        ]
        return options, byes

    def find_pairing(self, state: TournamentState) -> RoundPairing | None:
        """A pairing the checker accepts: exhaustive search, or Edmonds for larger fields."""
        present = sorted(self.present(state.round_number))
        if len(present) > MATCHED:
            return None
        options, eligible = self.legal_options(state, present)
        byes: list[int | None] = list(eligible) if len(present) % 2 else [None]
        if len(present) > EXHAUSTIVE:
            byes = _edmonds_bye(present, options, eligible)
        for bye in byes:
            rest = [n for n in present if n != bye]
            boards = _match(rest, options) if len(rest) <= EXHAUSTIVE else _edmonds(rest, options)
            if boards is not None:
                return RoundPairing(
                    round_number=state.round_number,
                    boards=tuple(
                        Board(number=i, white=PairingNumber(w), black=PairingNumber(b))
                        for i, (w, b) in enumerate(boards, start=1)
                    ),
                    pairing_allocated_bye=PairingNumber(bye) if bye is not None else None,
                )
        return None

    def lim_8_1(self, state: TournamentState, pairing: RoundPairing) -> list[str]:
        """Lim 8.1: the bye to the lowest ranked player of the lowest score group.

        Read as the engine documents it: among the players Lim 8.2 allows, by score
        (lowest first) then rank (largest pairing number first), the first one without
        whom everybody else can still be paired (Lim 9.1).
        """
        bye = pairing.pairing_allocated_bye
        present = sorted(self.present(state.round_number))
        if bye is None or len(present) > EXHAUSTIVE:
            return []
        options, eligible = self.legal_options(state, present)
        score = pairing_scores(state)
        for candidate in sorted(eligible, key=lambda n: (score[PairingNumber(n)], -n)):
            if _match([n for n in present if n != candidate], options) is None:
                continue
            if candidate == bye:
                return []
            return [
                f"Lim 8.1: the bye went to {bye} (score {score[bye] / 2}), but {candidate} "
                f"(score {score[PairingNumber(candidate)] / 2}) ranks lower and the others "
                "could all be paired"
            ]
        return []

    def run(self) -> Iterator[Outcome]:
        """Pair round after round until the last one or until no pairing exists."""
        while self.played < self.rounds:
            outcome = self.pair_next()
            if outcome is None:
                return  # nobody left to pair (see draw_requests)
            yield outcome
            if outcome.status != 0 or outcome.problems:
                return

    def check_file(self, *, real: bool = False) -> tuple[int, str, str]:
        """``-c`` on the file of every round played, as the tool would write it at the end."""
        self.requests = {}
        path = self.write("final.trf", to_pair=False)
        return self.run_cli(
            [f"--{self.system.value}", str(path), "-c", "-s", str(self.seed)], real=real
        )


def _own(violation: Violation) -> bool:
    """A violation of the system's rules or a forbidden pair, not of the pairing's shape."""
    return violation.rule != "pairing"


def _edmonds(
    players: Sequence[int], options: dict[tuple[int, int], tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """A perfect matching by the engine's Edmonds search (chess-free, tested on its own)."""
    index = {n: i for i, n in enumerate(players)}
    adjacent: list[list[int]] = [[] for _ in players]
    for a, b in options:
        if a in index and b in index:
            adjacent[index[a]].append(index[b])
            adjacent[index[b]].append(index[a])
    mate = maximum_matching(adjacent)
    if -1 in mate:
        return None
    return [
        options[(a, b)] for a, b in itertools.combinations(players, 2) if mate[index[a]] == index[b]
    ]


def _edmonds_bye(
    players: Sequence[int], options: dict[tuple[int, int], tuple[int, int]], eligible: Sequence[int]
) -> list[int | None]:
    """The bye candidates to try: one that a perfect matching with a stand-in finds."""
    if len(players) % 2 == 0:
        return [None]
    stand_in = 0
    extended = dict(options)
    extended.update({(stand_in, n): (n, stand_in) for n in eligible})
    found = _edmonds([stand_in, *players], extended)
    if found is None:
        return []
    return [next(white for white, black in found if black == stand_in)]


def _match(
    players: Sequence[int], options: dict[tuple[int, int], tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """A perfect matching of ``players`` from the allowed pairs, by backtracking."""
    dead: set[tuple[int, ...]] = set()

    def search(left: tuple[int, ...]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if left in dead:
            return None
        first, rest = left[0], left[1:]
        for partner in rest:
            if (first, partner) in options:
                found = search(tuple(n for n in rest if n != partner))
                if found is not None:
                    return [options[(first, partner)], *found]
        dead.add(left)
        return None

    return search(tuple(players))


def parse_pairs(text: str, round_number: int, problems: list[str]) -> RoundPairing | None:
    """Read the JaVaFo/bbpPairings output: the count, then ``white black`` per line."""
    lines = text.split("\n")
    if lines[-1] != "":
        problems.append("output does not end with a newline")
    lines = lines[:-1]
    if not lines or not lines[0].isdigit() or int(lines[0]) != len(lines) - 1:
        problems.append(f"output count line does not match: {text!r}")
        return None
    boards = []
    bye = None
    for line in lines[1:]:
        words = line.split(" ")
        if len(words) != 2 or not all(w.isdigit() for w in words):
            problems.append(f"output line {line!r} is not 'white black'")
            return None
        white, black = int(words[0]), int(words[1])
        if black == 0:
            if bye is not None:
                problems.append("two byes in the output")
            bye = PairingNumber(white)
        else:
            boards.append((white, black))
    if bye is not None and lines[-1] != f"{bye} 0":
        problems.append("the bye is not the last line")
    return RoundPairing(
        round_number=round_number,
        boards=tuple(
            Board(number=i, white=PairingNumber(w), black=PairingNumber(b))
            for i, (w, b) in enumerate(boards, start=1)
        ),
        pairing_allocated_bye=bye,
    )


def random_style(rng: random.Random) -> Style:
    """A third-party tool's habits, drawn at random."""
    return Style(
        newline=rng.choice(["\n", "\r\n", "\r\n", "\r"]),
        encoding=rng.choice(["utf-8", "latin-1", "utf-8-sig"]),
        absence_blank=rng.random() < 0.4,
        requests_on_xxz=rng.random() < 0.4,
        forfeit_colour_dash=rng.random() < 0.2,
        points_with_request=rng.random() < 0.5,
        rank_column=rng.random() < 0.7,
        xxc=rng.choice([None, None, "white1", "black1", "rank white1"]),
        header=rng.choice(["full", "full", "minimal", "none"]),
        omit_early_withdrawals=rng.random() < 0.5,
        xxr=rng.random() < 0.8,
        by_rank=rng.random() < 0.3,
        scoring=rng.choice(["", "", "", "XXS", "BB", "162"]),
        requests_240=rng.random() < 0.2,
        forbidden=rng.choice([0, 0, 1, 2]),
        bare_byes=rng.random() < 0.2,
        accelerated=rng.random() < 0.15,
        byte_padding=rng.random() < 0.2,
    )
