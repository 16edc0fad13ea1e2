"""A campaign for the import tests, built through the CLI as players build one: three gangs,
most between-games actions (hire, fire, buy with a failed roll, equip, unequip, sell, undo, XP,
a skill and a characteristic advance with a promotion, rename, a model's handle, retire) and
three games (one won with its whole post-game sequence, one abandoned, one drawn in which a
wounded model heals), so its export holds almost every kind of log entry.

Also the entries no CLI command writes in a few lines (``injure``, ``bounty``,
``outlaw-mark``, ``infamy``), with valid details, to add to a gang's log by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("campaign", "new", "West", "-H", "sell-percent=40"),
    ("campaign", "set", "win-money", "60"),
    ("campaign", "address", "https://saloon.example.org/"),  # issue #13
    ("gang", "new", "Earps", "--faction", "lawmen"),
    ("gang", "hire", "Earps", "sheriff", "--name", "Wyatt"),
    ("gang", "hire", "Earps", "deputy", "--name", "Virgil"),
    ("gang", "hire", "Earps", "guard", "--name", "Morgan"),
    ("gang", "buy", "Earps", "six-shooter", "--for", "Wyatt"),
    ("gang", "buy", "Earps", "rifle", "--for", "Virgil"),
    ("gang", "buy", "Earps", "marked-cards", "--for", "Wyatt", "--dice", "6"),
    ("gang", "buy", "Earps", "horse", "--dice", "1"),  # failed: H-03
    ("gang", "buy", "Earps", "knife"),
    ("gang", "equip", "Earps", "knife", "Morgan"),
    ("gang", "unequip", "Earps", "knife", "Morgan"),
    ("gang", "sell", "Earps", "knife"),
    ("gang", "buy", "Earps", "knife"),
    ("undo", "Earps"),
    ("member", "xp", "Earps", "Virgil", "2", "--reason", "won the duel"),
    ("member", "advance", "Earps", "Virgil", "skill", "--dice", "2,3"),  # DOTTORE
    ("member", "xp", "Earps", "Morgan", "7"),
    ("member", "advance", "Earps", "Morgan", "fama"),  # promoted to hero
    ("member", "rename", "Earps", "Morgan", "--handle", "Morg"),  # issue #10: a handle
    ("gang", "new", "Clanton", "--faction", "outlaws"),
    ("gang", "rename", "Clanton", "Clantons"),
    ("gang", "hire", "Clantons", "boss", "--name", "Ike"),
    ("gang", "hire", "Clantons", "henchman", "--name", "Billy"),
    ("gang", "hire", "Clantons", "thug", "--name", "Frank"),
    ("gang", "hire", "Clantons", "thug", "--name", "Joe"),
    ("gang", "fire", "Clantons", "Joe"),
    ("gang", "buy", "Clantons", "rifle", "--for", "Ike", "--dice", "6"),
    ("member", "xp", "Clantons", "Ike", "1"),
    ("member", "advance", "Clantons", "Ike", "skill", "--dice", "4,4"),  # GIOCATORE
    ("gang", "new", "Quitters", "--faction", "cowboys"),
    ("gang", "retire", "Quitters"),
    ("game", "start", "bank-robbery", "Earps", "Clantons"),
    ("game", "turn"),
    ("game", "eliminate", "Frank", "--by", "Wyatt"),
    ("game", "end", "--winner", "Earps"),
    ("game", "postgame", "--dice", "3,4,5"),  # marked cards, Frank wounded, the gambler
    ("game", "start", "duel", "Earps", "Clantons"),
    ("game", "abandon"),
    ("game", "start", "bank-robbery", "Earps", "Clantons"),
    ("game", "end", "--draw"),
    ("game", "postgame", "--dice", "1,1"),  # Frank heals
)

#: Valid details of the actions the commands above do not log, for a gang's log.
EXTRA_DETAILS: dict[str, dict[str, Any]] = {
    "print-choice": {"models": ["Wyatt"], "with_dead": False, "blank": 2},  # issue #13
    "injure": {"injury": "lost-hand"},
    "bounty": {
        "game": 1,
        "scenario": "bank-robbery",
        "victims": [{"name": "Frank", "profile": "thug", "cost": 35, "bounty": 17}],
        "percent": 50,
    },
    "outlaw-mark": {"game": 1, "scenario": "bank-robbery", "civilians": ["Teller"]},
    "infamy": {"game": 1, "scenario": "bank-robbery", "roll": 2, "loss": "fama",
               "rolled_at_retreat": False},
}  # fmt: skip


def build(db: Path) -> None:
    """Run ``COMMANDS`` on a new database file."""
    from skirmish.cli.main import app

    runner = CliRunner()
    for command in COMMANDS:
        result = runner.invoke(app, [*command, "--db", str(db)], env={"SKIRMISH_LANG": ""})
        assert result.exit_code == 0, (command, result.output)


def entry(action: str, details: dict[str, Any], member: str | None = None) -> dict[str, Any]:
    """A log entry as an export holds it, that changes no money."""
    return {
        "action": action,
        "at": "2024-05-01T18:30:00Z",
        "member": member,
        "details": details,
        "dice": [],
        "ruling": None,
        "money_before": None,
        "money_after": None,
        "xp_before": None,
        "xp_after": None,
        "reverts": None,
    }


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
