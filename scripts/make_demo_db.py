"""Build ``campaigns.db.example``: a demo campaign with gangs of four factions, equipped, with
advances, injuries and a logged history (a failed availability roll, a sale, an undo).

Reproducible: every roll uses seeded dice and the log's clock is fixed, so running it again
gives the same database (the campaign revision's stamps come from a seeded source).
Usage: ``.venv/bin/python scripts/make_demo_db.py [OUTPUT]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import text

from skirmish.campaign import advancement, equipment, gangs, logbook, lookup, models, roster, store
from skirmish.engine.dice import RandomDice, ScriptedDice

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "campaigns.db.example"


class Clock:
    """A fixed start, one minute more at every logged action."""

    def __init__(self) -> None:
        self.now = datetime(1881, 10, 20, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def build(path: Path) -> None:
    """Write the demo campaign to ``path`` (replacing it)."""
    for stale in (path, *path.parent.glob(path.name + ".*.bak")):
        stale.unlink(missing_ok=True)
    logbook.clock = Clock()
    seeded = random.Random(1881)
    models.stamps = lambda: seeded.getrandbits(62)  # the revisions' stamps too
    engine = store.open_store(str(path))
    seeds = iter(range(1881, 10_000))

    def act(gang: str, action: Callable[..., Any], **kwargs: Any) -> None:
        with store.transaction(engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            if action in (equipment.buy, advancement.advance) and "dice" not in kwargs:
                kwargs["dice"] = RandomDice(next(seeds))
            action(session, gang=found, **kwargs)

    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(
            session, name="Tombstone 1881", explosives=True, settings={"win-money": "60"}
        )
        for name, faction in (
            ("Earp brothers", "lawmen"),
            ("Clanton gang", "outlaws"),
            ("Lazy K Ranch", "cowboys"),
            ("Apache scouts", "indians"),
        ):
            gangs.new_gang(session, campaign=campaign, name=name, faction=faction)

    # The law: a sheriff, a deputy, a guard and a volunteer; lawmen buy weapons without a roll.
    for profile, name in (
        ("sceriffo", "Wyatt Earp"), ("vicesceriffo", "Virgil Earp"),
        ("guardia", "Morgan Earp"), ("volontario", "Doc Holliday"),
    ):  # fmt: skip
        act("Earp brothers", roster.hire, profile=profile, name=name)
    for item, member in (
        ("sei colpi", "Wyatt Earp"), ("sei colpi", "Virgil Earp"), ("remington", "Doc Holliday"),
    ):  # fmt: skip
        act("Earp brothers", equipment.buy, item=item, member=member)
    act("Earp brothers", equipment.buy, item="mulo", dice=ScriptedDice([1]))  # fails: H-03
    act("Earp brothers", advancement.award_xp, member="Wyatt Earp", xp=4, reason="O.K. Corral")
    act("Earp brothers", advancement.advance, member="Wyatt Earp", advance="skill",
        dice=ScriptedDice([6, 6]), choices=["six-shooter"])  # fmt: skip
    act("Earp brothers", roster.injure, member="Morgan Earp", injury="sciancato")

    # The outlaws: a boss, a bandit, two thugs; one buy is sold back, one is undone.
    for profile, name in (
        ("boss", "Ike Clanton"), ("bandito", "Billy Clanton"),
        ("delinquente", "Frank McLaury"), ("delinquente", "Tom McLaury"),
    ):  # fmt: skip
        act("Clanton gang", roster.hire, profile=profile, name=name)
    for item, member, faces in (
        ("sei colpi", "Ike Clanton", [4]), ("fucile", "Frank McLaury", [3]),
        ("dinamite", "Billy Clanton", [5]), ("coltello", "Tom McLaury", [2]),
    ):  # fmt: skip
        act("Clanton gang", equipment.buy, item=item, member=member, dice=ScriptedDice(faces))
    act("Clanton gang", equipment.buy, item="cavallo", dice=ScriptedDice([6]))
    act("Clanton gang", equipment.sell, item="coltello", member="Tom McLaury")
    act("Clanton gang", equipment.buy, item="mulo", dice=ScriptedDice([5]))
    with store.transaction(engine) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Clanton gang")
        logbook.undo(session, gang=gang)  # changed their mind about the mule
    act("Clanton gang", equipment.equip, item="cavallo", member="Ike Clanton")
    act("Clanton gang", advancement.award_xp, member="Billy Clanton", xp=5, reason="two kills")
    act("Clanton gang", advancement.advance, member="Billy Clanton", advance="fred")
    act("Clanton gang", roster.injure, member="Frank McLaury", injury="orbo")

    # The cowboys: the rancher's hero buys his horse at half price.
    for profile, name in (
        ("ranchero", "John Chisum"), ("cowboys", "Pat Garrett"), ("wrangler", "Jim Peppin"),
        ("pivelli", "Billy Kid"),
    ):  # fmt: skip
        act("Lazy K Ranch", roster.hire, profile=profile, name=name)
    for item, member, faces in (
        ("cavallo", "Pat Garrett", [3]), ("lazzo", "Jim Peppin", [4]),
        ("carabina", "John Chisum", [2]), ("sei colpi", "Billy Kid", [5]),
    ):  # fmt: skip
        act("Lazy K Ranch", equipment.buy, item=item, member=member, dice=ScriptedDice(faces))
    act("Lazy K Ranch", advancement.award_xp, member="Billy Kid", xp=7, reason="three kills")
    act("Lazy K Ranch", advancement.advance, member="Billy Kid", advance="fortuna")  # now a hero
    act("Lazy K Ranch", roster.injure, member="John Chisum", injury="malattia")

    # The Apache: rare bows and spears are theirs.
    for profile, name in (
        ("capo tribu", "Geronimo"), ("cacciatore", "Naiche"), ("guerriero", "Chato"),
        ("guerriero", "Lozen"),
    ):  # fmt: skip
        act("Apache scouts", roster.hire, profile=profile, name=name)
    for item, member, faces in (
        ("arco", "Naiche", [3]), ("lancia", "Chato", [4]), ("appaloosa", "Geronimo", [5]),
        ("tomahawk", "Lozen", [3]),
    ):  # fmt: skip
        act("Apache scouts", equipment.buy, item=item, member=member, dice=ScriptedDice(faces))
    act("Apache scouts", advancement.award_xp, member="Geronimo", xp=3, reason="first raid")
    act("Apache scouts", advancement.advance, member="Geronimo", advance="skill",
        dice=ScriptedDice([1, 2]), choices=["tomahawk"])  # fmt: skip
    engine.dispose()
    vacuum = store.make_engine(f"sqlite:///{path}")
    with vacuum.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT").execute(text("VACUUM"))
    vacuum.dispose()


def main(argv: list[str]) -> int:
    target = Path(argv[1]) if len(argv) > 1 else DEFAULT
    build(target)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
