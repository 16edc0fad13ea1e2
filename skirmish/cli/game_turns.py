"""``game start``, ``turn`` and ``initiative``: a game's start (R-10, R-21), its turns (cohesion,
R-08; states ending, R-04, R-07) and the initiative of §1.8 (R-07, H-06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_activations import chooser, idle_line, initiative_lines
from skirmish.cli.game_record import GameOpt, act, ended_lines, entry_name
from skirmish.cli.game_text import say, step_text
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, Dice, emit, session
from skirmish.errors import COMMAND_LINE
from skirmish.translation import N_, Both, said_value

#: R-15 at the start of a turn: a failed cohesion die rerolled with a model's FAMA (R-08).
CohesionRerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll a failed cohesion test (R-08) with the FAMA of one of the gang's "
            "models in play, cohesion:fama[:MODEL] (coesione; default: its model with the most "
            "FAMA left; the die is the gang's, so no FORTUNA), e.g. --reroll cohesion:fama:Ike."
        ),
    ),
]
#: R-15 in the initiative: a side's losing die rerolled with a point (FAMA spent counts no more).
InitiativeRerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll the losing initiative die with a point of its side, "
            "initiative:POINT[:FRIEND] (iniziativa; fama or fortuna; FRIEND a friendly model "
            "within 5U paying with its FAMA; repeatable). Unused FAMA counts in the total "
            "(R-07): FAMA spent on the reroll no longer does."
        ),
    ),
]

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


@inputs(find("start"))
def start(
    scenario: str,
    gangs: tuple[str, ...],
    good: str | None,
    bad: str | None,
    leave: tuple[str, ...],
    leader: tuple[str, ...],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``start`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.start import start_game  # lazy: command
    from skirmish.campaign.game.status import board  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        game = start_game(
            s, campaign=found, scenario=scenario, gangs=list(gangs), good=good, bad=bad,
            leave=list(leave), leaders=list(leader),
        )  # fmt: skip
        data = board(s, game=game)
    if json_:
        emit(data)
        return
    good_gang, bad_gang = data["gangs"]
    echo(
        say(
            "started",
            lang,
            game=data["game"],
            scenario=said_value(Both(data["name_en"], data["name_it"]), lang),
            good=good_gang["gang"],
            good_n=good_gang["started"],
            bad=bad_gang["gang"],
            bad_n=bad_gang["started"],
        )  # fmt: skip
    )
    for gang in data["gangs"]:
        if gang["leader_named"]:
            echo(say("leader", lang, gang=gang["gang"], name=gang["leader"]))
        for model in gang["models"]:
            if model["wounded_start"]:
                echo(say("wounded", lang, name=model["name"], cos=model["cos"]))
    if COMMAND_LINE.get():  # the walker asks for the turn itself
        echo(say("next", lang))


@inputs(find("turn"))
def turn(
    lang: LangOpt,
    reroll: CohesionRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``turn`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.board import scenario_of  # lazy: command
    from skirmish.campaign.game.turns import new_turn  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        report = new_turn(s, game=g, dice=rolled.source, rerolls=rerolls)
        scenario = scenario_of(g)
        if report.ended is not None and not report.cohesion:
            return ended_lines(s, g, lang)
        limit = say("limit", lang, limit=scenario.turn_limit) if scenario.turn_limit else ""
        lines = idle_line(report.idle, report.turn - 1, lang)
        lines.append(
            say("turn", lang, turn=report.turn, scenario=entry_name(scenario, lang), limit=limit)
        )
        for back in report.recovered:
            prone = say("still-prone", lang) if back.prone else ""
            lines.append(say(f"recovers-{back.ruling}", lang, name=back.name, prone=prone))
        lines += reroll_lines(report.rerolls, lang)  # R-15, before the tests as they lay
        for check in report.cohesion:
            lines.append(
                say(
                    "cohesion",
                    lang,
                    gang=check.gang,
                    lost=check.lost,
                    started=check.started,
                    roll=check.roll,
                    leader=f"({check.leader})",
                    total=check.total,
                    fred=check.highest_fred,
                    verdict=say("holds" if check.holds else "fails", lang),
                )  # fmt: skip
            )
        for step in report.scripted:
            lines.append(say("step", lang, step=step_text(step, lang)))
        if report.ended is not None:
            return lines + ended_lines(s, g, lang)
        lines += [f"- {rule.in_lang(lang)}" for rule in scenario.special_rules]
        lines += [f"- {m.text.in_lang(lang)}" for m in scenario.modifiers]
        lines += [f"- {r.text.in_lang(lang)}" for r in scenario.restrictions]
        return lines

    act(db, campaign, game, json_, action, rolled)


@inputs(find("initiative"))
def initiative(
    good: str | None,
    bad: str | None,
    good_fama_from: str | None,
    bad_fama_from: str | None,
    activate: str | None,
    lang: LangOpt,
    reroll: InitiativeRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``initiative`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.initiative import initiative as roll  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        report = roll(
            s, game=g, good=good, bad=bad, good_fama_from=good_fama_from,
            bad_fama_from=bad_fama_from, activate=activate,
            choose=None if json_ else chooser(lang), dice=rolled.source, rerolls=rerolls,
        )  # fmt: skip
        lines = reroll_lines(report.rerolls, lang) + initiative_lines(report, g.turn, lang)
        lines += [say("shaken-nerves", lang, name=name) for name in report.shaken]
        return lines

    act(db, campaign, game, json_, action, rolled)
