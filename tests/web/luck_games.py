"""A campaign with a played game for the luck ledger's and the Gazette's web pages (issue #14):
the demo store after a bank robbery where Wyatt's shot at Ike is typed in at the table (physical
dice) and the other shots are rolled by skirmish with a seed (random dice), won by the Earps,
with both post-games recorded. Played through the command line in this process (Typer's runner),
as a club would."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
CAMPAIGN, EARPS, CLANTONS = "Tombstone 1881", "Earp brothers", "Clanton gang"

#: The commands, in order; the dice of the first shot typed (nerve 1,2; shot 6; saves 6,6;
#: Ike's panic 1,1), the others rolled from seeds.
GAME = (
    ["game", "start", "bank-robbery", EARPS, CLANTONS],
    ["game", "turn"],
    ["game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice", "1,2,6,6,6,1,1"],
    ["game", "shoot", "Virgil Earp", "Frank McLaury", "--range", "8", "--seed", "11"],
    ["game", "shoot", "Ike Clanton", "Wyatt Earp", "--range", "5", "--seed", "5"],
    ["game", "end", "--winner", EARPS],
    ["game", "postgame", EARPS, "--seed", "3"],
    ["game", "postgame", CLANTONS, "--seed", "4"],
)


def cli(db: Path, *args: str, stdin: str | None = None) -> str:
    """``skirmish ARGS --db DB`` in this process; its output, or a failure naming it."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


#: The store after the game, played once per test process and copied for each test (playing
#: it costs about 1.5 s of commands; a copy, milliseconds).
_PLAYED: list[Path] = []


def _played_once() -> Path:
    if not _PLAYED:
        folder = Path(tempfile.mkdtemp(prefix="skirmish-luck-games-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        db = folder / "campaigns.db"
        shutil.copyfile(DEMO, db)
        for command in GAME:
            cli(db, *command)
        _PLAYED.append(db)
    return _PLAYED[0]


def played(folder: Path) -> Path:
    """A copy in ``folder`` of the demo store with the game above played and recorded."""
    db = folder / "campaigns.db"
    shutil.copyfile(_played_once(), db)
    return db
