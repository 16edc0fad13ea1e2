"""A campaign played with the CLI for the Frontier Gazette's tests (issue #14): three games
with scripted dice, a death, a retreat by choice, a bounty and a gang that never played.

- game 1, Bank robbery: Earps (good) beat Clantons (bad). Wyatt shoots Frank down (scripted
  dice), then the players record Morgan eliminating Billy; Frank dies in the post-game
  (recovery 1, R-10), Billy is back on his feet (5); Ike gambles (3, H-11).
- game 2, Duel: Hunters (bad, as bounty killers are) against Earps; Virgil eliminates Kid, the
  Hunters retreat by choice (R-09, infamy die 4): the Earps win. Kid recovers (4: wounded).
- game 3, Duel: Hunters against Clantons; Django eliminates Ike (an outlaw's boss: a bounty,
  H-09), the Hunters win; Ike recovers (6).
- after the games, the Clantons hire Johnny Ringo and Wyatt earns a new skill.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from tests.games.harness import Cli, build_base, fresh, register_views

PLAY: tuple[tuple[str, ...], ...] = (
    ("game", "start", "bank-robbery", "Earps", "Clantons"),
    ("game", "turn"),
    ("game", "shoot", "Wyatt", "Frank", "--range", "6", "--dice", "2,2,6,6,6"),
    ("game", "eliminate", "Billy", "--by", "Morgan"),
    ("game", "end", "--winner", "Earps"),
    ("game", "postgame", "Clantons", "--dice", "5,1,3"),
    ("game", "postgame", "Earps", "--dice", "3"),
    ("game", "start", "duel", "Hunters", "Earps"),
    ("game", "turn"),
    ("game", "eliminate", "Kid", "--by", "Virgil"),
    ("game", "retreat", "Hunters", "--dice", "4"),
    ("game", "postgame", "Hunters", "--dice", "4"),
    ("game", "postgame", "Earps", "--dice", "2"),
    ("game", "start", "duel", "Hunters", "Clantons"),
    ("game", "turn"),
    ("game", "eliminate", "Ike", "--by", "Django"),
    ("game", "end", "--winner", "Hunters"),
    ("game", "postgame", "Clantons", "--dice", "6"),
    ("game", "postgame", "Hunters"),
    ("gang", "hire", "Clantons", "thug", "--name", "Johnny Ringo"),
    ("member", "advance", "Earps", "Wyatt", "skill", "--dice", "5,6"),
)


@cache
def _played() -> Path:
    """``PLAY`` played once per test process (the story's, the paper's and the command's tests
    share it), in a folder removed when the process ends."""
    register_views()
    folder = Path(tempfile.mkdtemp(prefix="gazette-play-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    cli = fresh(build_base(folder), folder, "played.db")
    for command in PLAY:
        cli.run(*command)
    return Path(cli.db)


def played_campaign(folder: Path) -> Cli:
    """A copy in ``folder`` of the base campaign of ``tests.games.harness`` with ``PLAY``
    played on it."""
    target = folder / "gazette.db"
    shutil.copyfile(_played(), target)
    return Cli(target)
