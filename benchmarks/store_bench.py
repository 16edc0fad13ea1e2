"""Issue #3: `skirmish gang show NAME` whole-process median, side by side with
`python -c "import sqlmodel"` (budget: 1.3×), with 1,000 gangs and a history of 10, 1,000 and
10,000 logged games (the figure must stay flat as the history grows).

Each database is built in a temporary folder through the store's own schema (``open_store`` runs
the migrations), then filled with SQLAlchemy core bulk inserts, because the services would take
minutes for 10,000 games: one campaign of 1,000 gangs cycling through the nine playable factions,
each with up to six models of its own profiles (skills, carried weapons, a stash, some
injuries), the log entries that founded and equipped them, and the games: ``game``,
``game_gang``, ``game_model`` and ``game_event`` rows (a duel: no objectives) with the campaign log
entries a played game leaves (``game-start`` and ``game-end`` for both gangs, then the post-game
steps ``recovery``, ``game-xp`` and ``income`` with the gang's state before them, as
``campaign.postgame`` writes them). Games pair the gangs in turn, so the measured gang plays its
share of them (1, 2 and 20 games).

Run: .venv/bin/python benchmarks/store_bench.py [--runs N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from common import ms, time_commands

BIN = Path(sys.executable).parent
GANGS = 1_000
HISTORIES = (10, 1_000, 10_000)
#: The gang ``gang show`` is timed on: the first one, which plays in games 0, 500, 1000…
MEASURED = "Gang 0000"
AT = "1881-10-26T15:00:00Z"
WEAPONS = ("six-shooter", "rifle", "knife", "repeater", "double-barrel", "heavy-pistol")
SKILLS = ("pistolero", "duro", "cecchino", "pugile", "dottore", "fuciliere")
INJURIES = ("lost-hand", "wounded")
#: The weapon type chosen for the "a scelta" skills (R-11).
CHOICES = {"pistolero": "six-shooter", "fuciliere": "rifle"}
SCENARIO = "duel"


def _roster(faction: str) -> list[Any]:
    """Up to six profiles of ``faction`` a gang could field: its leader, heroes, commons."""
    from skirmish.rules import profiles
    from skirmish.rules.model import Role

    own = [p for p in profiles() if p.faction == faction]
    order = [p for p in own if p.role is Role.LEADER][:1]
    for hero in (p for p in own if p.role is Role.HERO):
        order += [hero] * min(hero.max or 1, 2)
    commons = [p for p in own if p.role is Role.COMMON]
    order += list(islice(cycle(commons), 6)) if commons else []
    return order[:6]


def _state(gang: dict[str, Any], members: list[dict[str, Any]], **children: Any) -> dict[str, Any]:
    """What ``snapshot.capture`` stores as ``state_before``: the gang's rows with their ids."""
    return {"gang": gang, "member": members, **children}


class Builder:
    """Rows for one database, with the ids assigned here so that core inserts can batch."""

    def __init__(self) -> None:
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.next_id: dict[str, int] = {}
        #: gang id → (its member rows, its state as captured before an action)
        self.gangs: list[tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]] = []

    def add(self, table: str, **row: Any) -> dict[str, Any]:
        row["id"] = self.next_id[table] = self.next_id.get(table, 0) + 1
        self.rows.setdefault(table, []).append(row)
        return row

    def log(self, campaign_id: int, gang: dict[str, Any], action: str, **row: Any) -> None:
        row.setdefault("details", {})
        row.setdefault("dice", [])
        money = row.pop("money", gang["treasury"])
        self.add(
            "log_entry", campaign_id=campaign_id, gang_id=gang["id"], action=action, at=AT,
            member_id=row.pop("member_id", None), member_name=row.pop("member_name", None),
            ruling=row.pop("ruling", None), money_before=money, money_after=gang["treasury"],
            xp_before=row.pop("xp_before", None), xp_after=row.pop("xp_after", None),
            reverts=None, state_before=row.pop("state_before", None), **row,
        )  # fmt: skip


def build_gangs(b: Builder, campaign_id: int) -> None:
    """1,000 gangs with models, skills, items, injuries and the log entries that made them."""
    from skirmish.rules import factions, find_weapon

    playable = [f.id for f in factions() if f.playable]
    rosters = {faction: _roster(faction) for faction in playable}
    for number in range(GANGS):
        faction = playable[number % len(playable)]
        gang = b.add(
            "gang", campaign_id=campaign_id, name=f"Gang {number:04d}", faction=faction,
            treasury=400, status="active", games_played=0,
        )  # fmt: skip
        b.log(
            campaign_id,
            gang,
            "gang-new",
            money=0,
            ruling="R-13",
            details={"gang": gang["name"], "faction": faction},
        )
        members: list[dict[str, Any]] = []
        skills: list[dict[str, Any]] = []
        items: list[dict[str, Any]] = []
        injuries: list[dict[str, Any]] = []
        size = 6 - number % 4  # 6 to 3 models: the measured gang has the full six
        for index, profile in enumerate(rosters[faction][:size]):
            state = _state(dict(gang), list(members), member_skill=list(skills), owned_item=[])
            money = gang["treasury"]
            gang["treasury"] -= min(profile.cost, gang["treasury"])
            member = b.add(
                "member", gang_id=gang["id"], name=f"{profile.name_en} {index}",
                profile=profile.id, role=profile.role.value, tiro=profile.tiro,
                fred=profile.fred, rif=profile.rif, cos=profile.cos, fama=profile.fama,
                fortuna=profile.fortuna, xp=profile.xp + index, status="active",
            )  # fmt: skip
            members.append(member)
            b.log(
                campaign_id,
                gang,
                "hire",
                money=money,
                ruling="R-13",
                state_before=state,
                member_id=member["id"],
                member_name=member["name"],
                xp_after=member["xp"],
                details={"profile": profile.id, "name": member["name"], "cost": profile.cost},
            )
            for skill in (*profile.skills, SKILLS[(number + index) % len(SKILLS)]):
                choice = CHOICES.get(skill)
                skills.append(
                    b.add("member_skill", member_id=member["id"], skill=skill, choice=choice)
                )
            weapon = find_weapon(WEAPONS[(number + index) % len(WEAPONS)])
            items.append(
                b.add(
                    "owned_item",
                    gang_id=gang["id"],
                    member_id=member["id"],
                    item=weapon.id,
                    paid=weapon.cost or 0,
                )  # fmt: skip
            )
            if index == 1 and number % 3 == 0:
                injuries.append(
                    b.add("injury", member_id=member["id"], injury=INJURIES[number % 2])
                )
        items.append(b.add("owned_item", gang_id=gang["id"], member_id=None, item="horse", paid=18))
        if number % 5 == 0:
            b.add("failed_purchase", gang_id=gang["id"], item="rifle-scope", game=0)
        state = _state(
            gang, members, member_skill=skills, injury=injuries, owned_item=items,
            failed_purchase=[],
        )  # fmt: skip
        b.gangs.append((gang, members, state))


def build_games(b: Builder, campaign_id: int, games: int) -> None:
    """``games`` ended games with their events and the log entries they leave."""
    for number in range(games):
        # Pairs in turn: game n has gangs 2n and 2n+1 (mod 1,000), so gang 0 plays every 500th.
        first = (2 * number) % GANGS
        pair = (b.gangs[first], b.gangs[first + 1])
        game = b.add(
            "game", campaign_id=campaign_id, scenario=SCENARIO, status="ended", turn=6,
            winner="good", reason="the bad side has no model left", leader_fired=True,
            started_at=AT, ended_at=AT,
        )  # fmt: skip
        event = {"game_id": game["id"], "at": AT, "model_id": None}
        b.add(
            "game_event", turn=0, action="start", details={"scenario": SCENARIO}, dice=[], **event
        )
        models: list[list[dict[str, Any]]] = []
        for side, (gang, members, _state) in zip(("good", "bad"), pair, strict=True):
            gg = b.add(
                "game_gang", game_id=game["id"], gang_id=gang["id"], side=side,
                started=len(members), retreated=None, retreat_turn=None, infamy_roll=None,
                infamy_pending=False,
            )  # fmt: skip
            models.append(
                [
                    b.add(
                        "game_model",
                        game_id=game["id"],
                        game_gang_id=gg["id"],
                        member_id=m["id"],
                        name=m["name"],
                        cos_start=m["cos"],
                        wounded_start=False,
                        cos_left=m["cos"],
                        state="steady",
                        prone=False,
                        eliminated=side == "bad" and i < 2,
                        eliminated_by=None,
                        eliminated_turn=None,
                        fama_spent=0,
                        fortuna_spent=0,
                        small_pistol_used=False,
                    )  # fmt: skip
                    for i, m in enumerate(members)
                ]
            )
            b.log(
                campaign_id,
                gang,
                "game-start",
                details={"game": game["id"], "scenario": SCENARIO, "side": side},
            )
        for turn in range(1, 7):
            shooter = models[0][turn % len(models[0])]
            dice = [{"value": 4, "purpose": "to hit"}, {"value": 3, "purpose": "save"}]
            b.add("game_event", turn=turn, action="shoot",
                  details={"target": models[1][0]["name"], "weapon": "six-shooter"},
                  dice=dice, **{**event, "model_id": shooter["id"]})  # fmt: skip
        b.add("game_event", turn=6, action="end", details={"winner": "good"}, dice=[], **event)
        for side, (gang, members, state) in zip(("good", "bad"), pair, strict=True):
            details = {"game": game["id"], "scenario": SCENARIO}
            result = "win" if side == "good" else "loss"
            b.log(
                campaign_id,
                gang,
                "game-end",
                details={**details, "side": side, "winner": "good", "result": result},
            )
            if side == "bad":
                for member in members[:2]:
                    b.log(
                        campaign_id,
                        gang,
                        "recovery",
                        state_before=state,
                        ruling="R-10",
                        member_id=member["id"],
                        member_name=member["name"],
                        xp_before=member["xp"],
                        xp_after=member["xp"],
                        dice=[{"value": 5, "purpose": "recovery"}],
                        details={**details, "outcome": "recovered", "roll": 5, "total": 5},
                    )
            else:
                killer = members[0]
                b.log(
                    campaign_id,
                    gang,
                    "game-xp",
                    state_before=state,
                    ruling="R-11, H-02",
                    member_id=killer["id"],
                    member_name=killer["name"],
                    xp_before=killer["xp"],
                    xp_after=killer["xp"] + 3,
                    details={**details, "eliminations": 2, "bonus": 1},
                )
                killer["xp"] += 3
            amount = 50 if side == "good" else 20
            money = gang["treasury"]
            gang["treasury"] += amount
            gang["games_played"] += 1
            b.log(
                campaign_id,
                gang,
                "income",
                money=money,
                state_before=state,
                ruling="H-01",
                details={**details, "result": result, "amount": amount},
            )


def build_store(db: str, games: int) -> None:
    """A campaign database at ``db``: 1,000 gangs and ``games`` logged games."""
    from sqlalchemy import insert
    from sqlmodel import SQLModel

    import skirmish.campaign.game.tables  # noqa: F401 - the game tables on the metadata
    from skirmish.campaign import gangs, store

    engine = store.open_store(db)  # the schema, through the migrations
    with store.transaction(engine) as session:
        campaign = gangs.new_campaign(session, name="Bench")
        assert campaign.id is not None
        campaign_id = campaign.id
    b = Builder()
    b.next_id["log_entry"] = 1_000  # after the campaign's own entries
    build_gangs(b, campaign_id)
    build_games(b, campaign_id, games)
    tables = SQLModel.metadata.tables
    order = ("gang", "member", "member_skill", "injury", "owned_item", "failed_purchase", "game",
             "game_gang", "game_model", "game_event", "log_entry")  # fmt: skip
    with engine.begin() as connection:
        for name in order:
            rows = b.rows.get(name, [])
            for start in range(0, len(rows), 5_000):
                connection.execute(insert(tables[name]), rows[start : start + 5_000])
    engine.dispose()


def main() -> dict[str, str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each command")
    args, _ = parser.parse_known_args()
    skirmish = str(BIN / "skirmish")
    with tempfile.TemporaryDirectory() as tmp:
        commands = {'python -c "import sqlmodel"': [sys.executable, "-c", "import sqlmodel"]}
        for games in HISTORIES:
            db = str(Path(tmp) / f"games-{games}.db")
            start = time.perf_counter()
            build_store(db, games)
            print(
                f"built {GANGS} gangs, {games} games in {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
            )
            commands[f"gang show ({games:,} games)"] = [skirmish, "gang", "show", MEASURED,
                                                        "--db", db]  # fmt: skip
        medians = time_commands(commands, runs=args.runs, warmup=3)
    baseline = 'python -c "import sqlmodel"'
    base = medians[baseline]
    rows = {baseline: ms(base)}
    for name, t in medians.items():
        if name != baseline:
            rows[name] = f"{ms(t)} ({t / base:.2f}× import sqlmodel; budget 1.3×)"
    shortest, longest = (f"gang show ({games:,} games)" for games in (HISTORIES[0], HISTORIES[-1]))
    rows["10,000 games / 10 games"] = f"{medians[longest] / medians[shortest]:.2f}× (flat: ~1)"
    for name, row in rows.items():
        print(f"{name:30} {row}")
    return rows


if __name__ == "__main__":
    main()
