"""A game at the table, as players say it (issue #10): Rapina in banca, four models a side,
five turns, on the demo campaign (`campaigns.db.example`: the Earp brothers, good, against the
Clanton gang, bad), every die typed as it was rolled.

Each ``Step`` is one thing that happened at the table:

* ``said``: the command a player types with skirmish today — names as players say them
  (``Wyatt``, ``Earp``), the book's Italian where they think in Italian (``--cover leggera``,
  ``sacco``), no ``--target-waiting`` (the tracker knows who has acted), a reroll where it
  happens (``--reroll``), the dice of the action as they came off the table;
* ``before``: what the same moment took with the tracker as it was before issue #10
  (revision 9cf31a4): full names, English values, every flag, a reroll recorded with its own
  ``game spend`` and the action typed with the die that stood, nothing to say who acts.

``tests/games/test_table_game.py`` replays ``said`` and requires no refusal;
``benchmarks/table_game.py`` counts what each way needs (and tries every ``said`` on the old
tracker, counting those it refuses).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The demo campaign the game is played on, copied for each replay.
DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"


@dataclass(frozen=True)
class Step:
    """One moment of the game: what is typed now, and what it took before issue #10."""

    said: tuple[str, ...]
    before: tuple[tuple[str, ...], ...] = field(default=())
    note: str = ""

    def old(self) -> tuple[tuple[str, ...], ...]:
        """The old tracker's commands for this moment (``said`` when it needed nothing else)."""
        return self.before or (self.said,)


def s(*said: str, before: tuple[tuple[str, ...], ...] = (), note: str = "") -> Step:
    return Step(tuple(said), before, note)


WYATT, VIRGIL, MORGAN, DOC = "Wyatt Earp", "Virgil Earp", "Morgan Earp", "Doc Holliday"
IKE, BILLY, FRANK, TOM = "Ike Clanton", "Billy Clanton", "Frank McLaury", "Tom McLaury"
EARPS, CLANTONS = "Earp brothers", "Clanton gang"

GAME: tuple[Step, ...] = (
    s("game", "start", "rapina", "--good", "Earp", "--bad", "Clanton",
      before=(("game", "start", "bank-robbery", "--good", EARPS, "--bad", CLANTONS),)),
    s("game", "objective", "sacco", "porta", "--by", "Billy", "--copy", "1",
      before=(("game", "objective", "loot-sack", "carry", "--by", BILLY, "--copy", "1"),)),
    s("game", "objective", "sacco", "porta", "--by", "Tom", "--copy", "2",
      before=(("game", "objective", "loot-sack", "carry", "--by", TOM, "--copy", "2"),)),
    # ---------------------------------------------------------------- turn 1
    s("game", "turn"),
    s("game", "initiative", "Wyatt", "Ike", "--dice", "5,3",
      before=(("game", "initiative", WYATT, IKE, "--dice", "5,3"),)),
    s("game", "shoot", "Wyatt", "Ike", "--range", "8", "--cover", "leggera",
      "--dice", "4,5,2,5,3",
      before=(("game", "shoot", WYATT, IKE, "--range", "8", "--cover", "light",
               "--target-waiting", "--dice", "4,5,2,5,3"),)),
    s("game", "initiative", "Virgil", "Frank", "--dice", "2,6",
      before=(("game", "initiative", VIRGIL, FRANK, "--dice", "2,6"),)),
    s("game", "shoot", "Frank", "Virgil", "--range", "15", "--dice", "2,1,5,4,6,2,3",
      before=(("game", "shoot", FRANK, VIRGIL, "--range", "15", "--target-waiting",
               "--dice", "2,1,5,4,6,2,3"),)),
    s("game", "initiative", "Doc", "Billy", "--dice", "4,4,5,2",
      before=(("game", "initiative", DOC, BILLY, "--dice", "4,4,5,2"),)),
    s("game", "shoot", "Doc", "Billy", "--range", "4", "--dice", "3,2,2,3,4",
      before=(("game", "shoot", DOC, BILLY, "--range", "4", "--target-waiting",
               "--dice", "3,2,2,3,4"),)),
    # ---------------------------------------------------------------- turn 2
    s("game", "turn"),
    s("game", "initiative", "Wyatt", "Ike", "--dice", "3,3",
      before=(("game", "initiative", WYATT, IKE, "--dice", "3,3"),)),
    s("game", "shoot", "Wyatt", "Ike", "--range", "10", "--cover", "leggera",
      "--reroll", "tiro:fortuna", "--dice", "2,3,1,5,3,4,2,5",
      before=(("game", "spend", "fortuna", WYATT),
              ("game", "shoot", WYATT, IKE, "--range", "10", "--cover", "light",
               "--target-waiting", "--dice", "2,3,5,3,4,2,5"))),
    s("game", "initiative", "Virgil", "Billy", "--dice", "4,5",
      before=(("game", "initiative", VIRGIL, BILLY, "--dice", "4,5"),)),
    s("game", "esplosione", "Billy", "--esplosivo", "dinamite", "--coinvolto", "Virgil=2",
      "--coinvolto", "Morgan=4", "--dice", "3,1,2,2,1,2,3,3,4",
      before=(("roll", "explosion", "--explosive", "dinamite", "--rif", "3", "--cos", "1",
               "--unmoved", "--distance", "2", "--dice", "3,1,2,2,1,2,3,3"),
              ("roll", "explosion", "--explosive", "dinamite", "--rif", "3", "--cos", "2",
               "--unmoved", "--distance", "4", "--dice", "4"),
              ("game", "state", VIRGIL, "terrified"))),
    s("game", "initiative", "Doc", "Frank", "--dice", "5,1",
      before=(("game", "initiative", DOC, FRANK, "--dice", "5,1"),)),
    s("game", "shoot", "Doc", "Frank", "--range", "6", "--dice", "2,2,6,5,3,3,3",
      before=(("game", "shoot", DOC, FRANK, "--range", "6", "--target-waiting",
               "--dice", "2,2,6,5,3,3,3"),)),
    # ---------------------------------------------------------------- turn 3
    s("game", "turn"),
    s("game", "initiative", "Morgan", "Tom", "--dice", "6,2",
      before=(("game", "initiative", MORGAN, TOM, "--dice", "6,2"),)),
    s("game", "lotta", "Morgan", "Tom", "--dice", "3,3,5,4,6,3",
      before=(("game", "melee", MORGAN, TOM, "--target-waiting", "--dice", "3,3,5,4,6,3"),)),
    s("game", "initiative", "Doc", "Frank", "--dice", "5,2",
      before=(("game", "initiative", DOC, FRANK, "--dice", "5,2"),)),
    s("game", "ricarica", "Doc", before=((),), note="rounds are counted now, not before"),
    s("game", "shoot", "Doc", "Tom", "--range", "3", "--dice", "2,3,5,6",
      before=(("game", "shoot", DOC, TOM, "--range", "3", "--dice", "2,3,5,6"),)),
    s("game", "objective", "sacco", "recupera", "--by", "Doc", "--copy", "2",
      before=(("game", "objective", "loot-sack", "recover", "--by", DOC, "--copy", "2"),)),
    s("game", "shoot", "Frank", "Wyatt", "--range", "12", "--dice", "1,2,4,2,3,3,3",
      before=(("game", "shoot", FRANK, WYATT, "--range", "12", "--target-waiting",
               "--dice", "1,2,4,2,3,3,3"),)),
    # ---------------------------------------------------------------- turn 4
    s("game", "turn"),
    s("game", "initiative", "Wyatt", "Ike", "--dice", "5,2",
      before=(("game", "initiative", WYATT, IKE, "--dice", "5,2"),)),
    s("game", "shoot", "Wyatt", "Billy", "--range", "5", "--dice", "3,1,6,5,6",
      before=(("game", "shoot", WYATT, BILLY, "--range", "5", "--target-waiting",
               "--dice", "3,1,6,5,6"),)),
    s("game", "sali", "Ike", "--andatura", "trotto", "--dice", "2,5",
      before=(("roll", "reflex", "--rif", "3", "--action", "mount-trotting", "--dice", "2,5"),)),
    s("game", "objective", "sacco", "raccogli", "--by", "Ike", "--copy", "1",
      before=(("game", "objective", "loot-sack", "pick-up", "--by", IKE, "--copy", "1"),)),
    s("game", "ricarica", "Frank", before=((),)),
    # ---------------------------------------------------------------- turn 5
    s("game", "turn"),
    s("game", "objective", "sacco", "porta-via", "--by", "Ike", "--copy", "1",
      before=(("game", "objective", "loot-sack", "carry-off", "--by", IKE, "--copy", "1"),
              ("game", "turn"))),  # the old tracker ended the game only with the turn
    # ---------------------------------------------------------------- after the game
    s("game", "postgame", "Clanton", "--dice", "3,3",
      before=(("game", "postgame", CLANTONS, "--dice", "3,3"),)),
    s("game", "postgame", "Earp", before=(("game", "postgame", EARPS),)),
)  # fmt: skip


# --------------------------------------------------------------------------- replaying it


@dataclass
class Replay:
    """What a replay of ``GAME`` took: commands run, answers typed at prompts, refusals."""

    commands: int = 0
    answers: int = 0
    refused: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)


def fresh_demo(folder: Path, name: str = "table.db") -> Path:
    """A copy of the demo campaign of its own."""
    target = folder / name
    shutil.copyfile(DEMO, target)
    return target


def replay(db: Path, lang: str = "en") -> Replay:
    """Type every ``said`` command with its dice (``--dice``, as scripts do)."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    runner, done = CliRunner(), Replay()
    for step in GAME:
        result = runner.invoke(app, [*step.said, "--db", str(db), "--lang", lang])
        done.commands += 1
        done.outputs.append(result.stdout)
        if result.exit_code != 0:
            done.refused.append(f"{' '.join(step.said)}: {result.stderr.strip()}")
    return done


def _without_dice(args: tuple[str, ...]) -> tuple[list[str], list[int]]:
    """The command as typed at a terminal (no ``--dice``) and the dice it rolled, in order."""
    if "--dice" not in args:
        return list(args), []
    at = args.index("--dice")
    dice = [int(face) for face in args[at + 1].split(",")]
    return [*args[:at], *args[at + 2 :]], dice


_WHICH = re.compile(r"\(die (\d+) of (\d+)\)")


@contextmanager
def at_the_table(monkeypatch: Any, replay: Replay) -> Iterator[list[int]]:
    """A terminal at the table: the dice prompts answered throw by throw from the dice that
    were rolled (a 2D6 test is one answer, "4 5"), a failed die's reroll offer kept with Enter,
    the initiative's winner taking its own model's turn with Enter. Yields the dice queue the
    answers come from; every answer is counted in ``replay``."""
    import typer

    from skirmish.cli import dice_prompt

    queue: list[int] = []

    def read(prompt: str) -> str:
        replay.answers += 1
        if "Reroll with" in prompt:
            return ""  # keep the die: the rerolls of the game are given with --reroll
        which = _WHICH.search(prompt)
        count = int(which[2]) - int(which[1]) + 1 if which else 1
        if len(queue) < count:
            raise AssertionError(f"no die left for {prompt!r}")
        faces = [queue.pop(0) for _ in range(count)]
        return " ".join(str(f) for f in faces)

    def prompt(text: str, default: str = "", **_: Any) -> str:
        replay.answers += 1
        return default  # Enter: the winner's own model takes its turn (§1.8)

    monkeypatch.setattr(dice_prompt, "interactive", lambda: True)
    monkeypatch.setattr(dice_prompt, "_read", read)
    monkeypatch.setattr(typer, "prompt", prompt)
    yield queue


def replay_at_table(db: Path, monkeypatch: Any) -> Replay:
    """Type every ``said`` command at a terminal without ``--dice``, answering the prompts
    with the dice as they were rolled."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    runner, done = CliRunner(), Replay()
    with at_the_table(monkeypatch, done) as queue:
        for step in GAME:
            args, dice = _without_dice(step.said)
            queue[:] = dice
            result = runner.invoke(app, [*args, "--db", str(db)])
            done.commands += 1
            done.outputs.append(result.stdout)
            if result.exit_code != 0 or queue:
                done.refused.append(f"{' '.join(args)}: {result.stderr.strip()} {queue}")
    return done
