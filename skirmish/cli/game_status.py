"""``game list``, ``status`` and ``log``: the campaign's games, a game's board and its event
log, in either language or as JSON.
"""

from __future__ import annotations

from skirmish.campaign.naming import with_handle
from skirmish.cli import game_actions as actions
from skirmish.cli import game_activations as turns
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.game_record import GameOpt, board_of, events_after, game_of
from skirmish.cli.game_text import (
    carried_name,
    objective_name,
    on_command_line,
    reason_text,
    say,
    state_word,
)
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, console, emit, session
from skirmish.engine.glossary import GameStatus, TableState, label, label_value
from skirmish.i18n import Lang
from skirmish.rules.model import ModelState, ObjectiveState, Side
from skirmish.translation import Both, said_value


def list_(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``game list``: its help is ``cli.game.READ_HELPS``'s."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.listings import game_rows  # lazy: command
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    with session(db, access="read") as s:
        rows = game_rows(s, lookup.current_campaign(s, campaign))
    if json_:
        emit(rows)
        return
    if not rows:
        echo(say("no-games", lang))
    for row in rows:
        winner = say("listed-winner", lang, winner=row["winner"]) if row["winner"] else ""
        status = label_value(GameStatus, row["status"], lang)
        played = find_scenario(str(row["scenario"]))
        scenario = played.name_it if lang == Lang.IT else played.name_en
        shown = {**row, "status": status, "winner": winner, "scenario": scenario}
        echo(say("listed", lang, **shown))
        if row["postgame_owed"]:
            echo("   " + _owed(row["game"], row["postgame_owed"], lang))


def _owed(game: int, gangs: list[str], lang: Lang) -> str:
    """Who still owes the post-game sequence of ``game`` (R-23, issue #10)."""
    return say(on_command_line("owed"), lang, game=game, gangs=", ".join(map(repr, gangs)))


def status(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``game status``: its help is ``cli.game.READ_HELPS``'s."""
    from rich.table import Table  # lazy: rich

    data = board_of(db, campaign, game)
    if json_:
        emit(data)
        return
    limit = f"/{data['turn_limit']}" if data["turn_limit"] else ""
    title = said_value(Both(data["name_en"], data["name_it"]), lang)
    status_word = label_value(GameStatus, data["status"], lang)
    echo(say("board", lang, game=data["game"], title=title, status=status_word, turn=data["turn"],
             limit=limit))  # fmt: skip
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    scenario = find_scenario(data["scenario"])
    out = console()
    for gang in data["gangs"]:
        extra = []
        if gang["cohesion_due"]:
            extra.append(say("board-cohesion", lang))
        if gang["retreated"]:
            why = "board-voluntary" if gang["retreated"] == "voluntary" else "board-cohesion-failed"
            extra.append(say("board-retreated", lang, why=say(why, lang)))
        if gang["leader_named"]:
            extra.append(say("board-leader", lang, name=gang["leader"]))
        if gang["left_table"]:
            extra.append(say("board-left", lang, count=gang["left_table"]))
        side = label_value(Side, gang["side"], lang)
        more = f"; {'; '.join(extra)}" if extra else ""
        title = say("board-gang", lang, gang=gang["gang"], side=side, started=gang["started"],
                    casualties=gang["casualties"], extra=more)  # fmt: skip
        table = Table(title=cell(title))
        for column in ("model", "COS", "state", "FAMA", "FORTUNA", "carries", "out"):
            table.add_column(say(f"board-{column}", lang) if column.islower() else column)
        table.add_column(turns.say("column", lang))  # §1.8: acting, done or still to act
        table.add_column(actions.say("column", lang))  # rounds, jams, horse, used up
        for m in gang["models"]:
            prone = f" {label(TableState.PRONE, lang)}" if m["prone"] else ""
            state = state_word(m["state"], lang) + prone
            if m["fleeing"]:
                state += say("board-flees", lang)
            if m["state_clears_turn"] is not None and not m["eliminated"]:
                steady = label(ModelState.STEADY, lang)
                state += say("clears", lang, state=steady, turn=m["state_clears_turn"])
            out_text = ""
            if m["eliminated"]:
                by = say("by", lang, name=m["eliminated_by"]) if m["eliminated_by"] else ""
                out_text = say("board-eliminated", lang, by=by)
            elif m["left_turn"] is not None:
                out_text = say("board-left-turn", lang, turn=m["left_turn"])
            table.add_row(
                cell(with_handle(m["name"], m["handle"])), f"{max(0, m['cos_left'])}/{m['cos']}",
                cell(state), str(m["fama_left"]),
                str(m["fortuna_left"]),
                cell(", ".join(carried_name(scenario, c, lang) for c in m["carries"])),
                cell(out_text),
                turns.turn_cell(m, lang), cell(actions.kit_text(m["kit"], lang)),
            )  # fmt: skip
        out.print(table)
    for line in turns.board_lines(data, lang):
        echo(line)
    for row in data["objectives"]:
        carrier = f" ({row['carrier']})" if row["carrier"] else ""
        name = objective_name(scenario, row["objective"], row["copy"], lang)
        state = label_value(ObjectiveState, row["state"], lang)
        echo(say("board-objective", lang, objective=name, state=state, carrier=carrier))
    if data["verdict"] is not None and data["verdict"]["over"]:
        winner = data["verdict"]["winner"]
        who = say("wins", lang, gang=winner) if winner else say("draw", lang)
        echo(say(on_command_line("board-verdict"), lang, who=who))
    if data["winner"] or data["status"] == "ended":
        reason = reason_text(data["reason"], scenario, lang)
        echo(say("board-winner", lang, who=data["winner"] or say("nobody", lang), reason=reason))
    if data["postgame_owed"]:
        echo(_owed(data["game"], data["postgame_owed"], lang))


def log(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``game log``: its help is ``cli.game.READ_HELPS``'s."""
    from skirmish.campaign.game.board import (  # lazy: command
        events_of,
        models_of,
        scenario_of,
        side_gangs,
    )
    from skirmish.cli.game_log import sentences  # lazy: command

    with session(db, access="read") as s:
        g = game_of(s, campaign, game)
        if json_:
            emit(sorted(events_after(s, g, 0), key=lambda e: e["id"]))
            return
        names = {m.id: m.name for m in models_of(s, g)}
        events = [
            {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details,
             "dice": e.dice, "model": names.get(e.model_id)}
            for e in events_of(s, g)
        ]  # fmt: skip
        scenario, gangs = scenario_of(g), side_gangs(s, g)
    for line in sentences(events, scenario, lang, gangs):
        echo(line)
