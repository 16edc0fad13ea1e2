"""A roster's record (games and wins in its header) is its gang's own line of the standings,
read without the other gangs' (``standings(gangs=…)``, issue #23): the same counts as the whole
campaign's standings give it, in fewer statements."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from sqlalchemy import event

from skirmish.campaign import lookup, store
from skirmish.campaign.standings import standings
from skirmish.printing.sheets import roster_sheet

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh  # noqa: E402

#: What a standings line counts; ``place`` and ``rating`` depend on the gangs compared.
COUNTS = ("gang", "games", "wins", "losses", "draws", "retreats", "eliminations", "casualties")


def _played(tmp_path: Path) -> Cli:
    """Two games ended: the Earps beat the Clantons (two eliminations, the Clantons retreat),
    then the Clantons beat the Hunters."""
    cli = fresh(build_base(tmp_path / "base"), tmp_path)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "eliminate", "Billy", "--by", "Virgil")
    cli.run("game", "turn", "--dice", "6")  # the Clantons fail their cohesion and retreat
    cli.run("game", "postgame", "--seed", "1")
    cli.run("game", "start", "duel", "Clantons", "Hunters")
    cli.run("game", "turn")
    cli.run("game", "end", "--winner", "Clantons")
    return cli


def test_one_gangs_line_is_its_line_of_the_whole_standings(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    cli = _played(tmp_path)
    engine = store.open_store(str(cli.db), access=store.Access.READ)
    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            whole = {row["gang"]: row for row in standings(s, campaign=campaign)}
            assert whole["Clantons"]["wins"] == 1 and whole["Clantons"]["retreats"] == 1
            assert whole["Earps"]["eliminations"] == 2
            for gang in campaign.gangs:
                alone = standings(s, campaign=campaign, gangs=[gang], rated={gang.name: 0})
                assert [{k: r[k] for k in COUNTS} for r in alone] == [
                    {k: whole[gang.name][k] for k in COUNTS}
                ]
    finally:
        engine.dispose()


def test_a_roster_reads_no_other_gang(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    cli = _played(tmp_path)
    engine = store.open_store(str(cli.db), access=store.Access.READ)
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    try:
        with store.transaction(engine, access=store.Access.READ) as s:
            campaign = lookup.current_campaign(s)
            gang = lookup.gang_by_name(s, campaign, "Clantons", full=True)
            event.listen(engine, "before_cursor_execute", count)
            view = roster_sheet(campaign, gang, "en")
            event.remove(engine, "before_cursor_execute", count)
        assert (view.played, view.won) == (2, 1)
        # the gangs and the ratings of the campaign are never read for one roster
        assert not [q for q in statements if q.lstrip().startswith("SELECT gang.id")]
        assert not [q for q in statements if "owned_item.paid" in q]
    finally:
        engine.dispose()


def test_a_roster_is_the_same_from_a_gang_loaded_or_not(tmp_path: Path) -> None:
    """``print roster`` reads its gang's rows (``full=False``); the web, the objects."""
    (tmp_path / "base").mkdir()
    cli = _played(tmp_path)
    engine = store.open_store(str(cli.db), access=store.Access.READ)
    try:
        views = {}
        for full in (True, False):
            with store.transaction(engine, access=store.Access.READ) as s:
                campaign = lookup.current_campaign(s)
                views[full] = [
                    roster_sheet(
                        campaign,
                        lookup.gang_by_name(s, campaign, gang.name, full=full),
                        "it",
                        with_dead=True,
                        blank=1,
                    )
                    for gang in campaign.gangs
                ]
        assert views[True] == views[False]
        assert len(views[True]) == 3 and all(v.members for v in views[True])
    finally:
        engine.dispose()
