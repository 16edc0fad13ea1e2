"""``game list``, ``status`` and ``log``: the campaign's games, a game's board and its event
log, in either language or as JSON.
"""

from __future__ import annotations

from skirmish.campaign.naming import with_handle
from skirmish.cli import game_actions as actions
from skirmish.cli import game_activations as turns
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.game_record import GameOpt, board_of, events_after, game_of
from skirmish.cli.game_text import say, state_word
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.engine.glossary import EventKind, GameStatus, TableState, label, label_value
from skirmish.i18n import Lang
from skirmish.rules.model import ModelState, Side


def list_(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """List the campaign's games: scenario, gangs, status, turn and winner.

    Example: skirmish game list --json
    """
    from skirmish.campaign import lookup
    from skirmish.campaign.game.board import games_of
    from skirmish.campaign.game.status import board

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        rows = []
        for game in games_of(s, found):
            data = board(s, game=game)
            rows.append(
                {
                    "game": game.id,
                    "scenario": game.scenario,
                    "status": game.status,
                    "turn": game.turn,
                    "good": data["gangs"][0]["gang"],
                    "bad": data["gangs"][1]["gang"],
                    "winner": data["winner"],
                    "postgame_owed": data["postgame_owed"],
                }
            )
    if json_:
        emit(rows)
        return
    if not rows:
        echo(say("no-games", lang))
    for row in rows:
        winner = say("listed-winner", lang, winner=row["winner"]) if row["winner"] else ""
        status = label_value(GameStatus, row["status"], lang)
        echo(say("listed", lang, **{**row, "status": status, "winner": winner}))
        if row["postgame_owed"]:
            echo("   " + _owed(row["game"], row["postgame_owed"], lang))


def _owed(game: int, gangs: list[str], lang: Lang) -> str:
    """Who still owes the post-game sequence of ``game`` (R-23, issue #10)."""
    return say("owed", lang, game=game, gangs=", ".join(map(repr, gangs)))


def status(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The board: each model's COS left, state and what it carries, the turn, the casualties and
    whether cohesion tests are due.

    Example: skirmish game status --json
    """
    from rich.table import Table

    data = board_of(db, campaign, game)
    if json_:
        emit(data)
        return
    limit = f"/{data['turn_limit']}" if data["turn_limit"] else ""
    title = data["name_it"] if lang == Lang.IT else data["name_en"]
    status_word = label_value(GameStatus, data["status"], lang)
    echo(say("board", lang, game=data["game"], title=title, status=status_word, turn=data["turn"],
             limit=limit))  # fmt: skip
    out = console()
    for gang in data["gangs"]:
        extra = []
        if gang["cohesion_due"]:
            extra.append("cohesion test due (R-08)")
        if gang["retreated"]:
            extra.append(f"retreated ({gang['retreated']})")
        if gang["leader_named"]:
            extra.append(f"leader {gang['leader']} (R-21)")
        if gang["left_table"]:
            extra.append(f"{gang['left_table']} left the table (R-20)")
        table = Table(
            title=cell(
                f"{gang['gang']} ({label_value(Side, gang['side'], lang)}): casualties "
                f"{gang['casualties']}/"
                f"{gang['started']}" + (f"; {'; '.join(extra)}" if extra else "")
            )
        )
        for column in ("model", "COS", "state", "FAMA", "FORTUNA", "carries", "out"):
            table.add_column(column)
        table.add_column(turns.say("column", lang))  # §1.8: acting, done or still to act
        table.add_column(actions.say("column", lang))  # rounds, jams, horse, used up
        for m in gang["models"]:
            prone = f" {label(TableState.PRONE, lang)}" if m["prone"] else ""
            state = state_word(m["state"], lang) + prone
            if m["fleeing"]:
                state += " (R-20: flees)"
            if m["state_clears_turn"] is not None and not m["eliminated"]:
                steady = label(ModelState.STEADY, lang)
                state += say("clears", lang, state=steady, turn=m["state_clears_turn"])
            out_text = ""
            if m["eliminated"]:
                out_text = f"eliminated{' by ' + m['eliminated_by'] if m['eliminated_by'] else ''}"
            elif m["left_turn"] is not None:
                out_text = f"left the table in turn {m['left_turn']} (R-20)"
            table.add_row(
                cell(with_handle(m["name"], m["handle"])), f"{m['cos_left']}/{m['cos']}",
                cell(state), str(m["fama_left"]),
                str(m["fortuna_left"]), cell(", ".join(m["carries"])), cell(out_text),
                turns.turn_cell(m, lang), cell(actions.kit_text(m["kit"], lang)),
            )  # fmt: skip
        out.print(table)
    for line in turns.board_lines(data, lang):
        echo(line)
    for row in data["objectives"]:
        carrier = f" ({row['carrier']})" if row["carrier"] else ""
        echo(f"{row['objective']} {row['copy']}: {row['state']}{carrier}")
    if data["verdict"] is not None and data["verdict"]["over"]:
        who = data["verdict"]["winner"] or "nobody"
        echo(f"The recorded state ends the game: {who} wins; run 'skirmish game end'.")
    if data["winner"] or data["status"] == "ended":
        echo(f"Winner: {data['winner'] or 'nobody'} ({data['reason']})")
    if data["postgame_owed"]:
        echo(_owed(data["game"], data["postgame_owed"], lang))


def log(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The game's event log: every action with its dice, in order.

    Example: skirmish game log --game 2 --json
    """
    with session(db, access="read") as s:
        g = game_of(s, campaign, game)
        events = events_after(s, g, 0)
    if json_:
        emit(events)
        return
    for e in events:
        dice = ",".join(str(d["value"]) for d in e["dice"])
        details = ", ".join(f"{k}={v}" for k, v in e["details"].items() if v not in (None, [], {}))
        kind = label_value(EventKind, e["action"], lang)
        echo(f"{e['id']} T{e['turn']} {kind}: {details}" + (f" [{dice}]" if dice else ""))
