"""``game retreat``, ``end``, ``abandon`` and ``postgame``: how a game ends (R-08, R-09) and the
post-game sequence, each step logged and undoable (R-09–R-11, H-01–H-11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, act, ended_lines
from skirmish.cli.game_text import say
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, Dice, emit, session
from skirmish.engine.glossary import label, parse
from skirmish.errors import CampaignError, shown
from skirmish.i18n import Lang
from skirmish.rules.model import Side
from skirmish.translation import Message, gettext

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.tables import Game


@inputs(find("retreat"))
def retreat(
    gang: str,
    infamy_later: bool,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``retreat`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.end import retreat as record  # lazy: command

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        report = record(s, game=g, gang=gang, dice=rolled.source, infamy_now=not infamy_later)
        lines = [say("retreat", lang, gang=report.gang)]
        if report.infamy_roll is None:
            lines.append(say("infamy-later", lang))
        else:
            loss = say("infamy-1", lang) if report.infamy_roll == 1 else ""
            lines.append(say("infamy", lang, roll=report.infamy_roll, loss=loss))
        return lines + ended_lines(s, g, lang)

    act(db, campaign, game, json_, action, rolled)


@inputs(find("end"))
def end(
    winner: str | None,
    draw: bool,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``end`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.end import end_game  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        end_game(s, game=g, winner=winner, draw=draw)
        return ended_lines(s, g, lang)

    act(db, campaign, game, json_, action)


@inputs(find("vote"))
def vote(
    verdict: str,
    side: str,
    withdraw: bool,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``vote`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.end import side_gang, vote_end, withdraw_vote  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        mine = parse(Side, side)
        words = label(mine, lang)
        if withdraw:
            withdraw_vote(s, game=g, side=mine)
            return [say("vote-withdrawn", lang, side=words)]
        now = vote_end(s, game=g, side=mine, verdict=verdict)
        if now.agreed:
            return ended_lines(s, g, lang)
        chosen = now.good if mine is Side.GOOD else now.bad
        shown = (
            say("vote-draw", lang)
            if chosen not in (Side.GOOD.value, Side.BAD.value)
            else say("vote-won", lang, gang=side_gang(s, g, Side(str(chosen))))
        )
        return [say("vote", lang, side=words, verdict=shown)]

    act(db, campaign, game, json_, action)


@inputs(find("abandon"))
def abandon(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``abandon`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.end import abandon as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        record(s, game=g)
        return [say("abandoned", lang, game=g.id)]

    act(db, campaign, game, json_, action)


def _doctor_choices(values: Sequence[str]) -> dict[str, str]:
    choices: dict[str, str] = {}
    for text in values:
        name, sep, kind = text.rpartition("=")
        if not sep or not name.strip() or not kind.strip():
            raise CampaignError(
                Message(
                    "--doctor takes MODEL=bone-setter|graduate|none, not {text}.", text=shown(text)
                )
            )
        choices[name.strip()] = kind.strip()
    return choices


@inputs(find("postgame"))
def postgame(
    gang: str | None,
    doctor: tuple[str, ...],
    infamy_model: str | None,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``postgame`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.board import current_game  # lazy: command
    from skirmish.campaign.postgame import run_postgame  # lazy: command
    from skirmish.campaign.text import entry_data, result_word  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    with session(db) as s:
        from skirmish.campaign import lookup  # lazy: command

        found = lookup.current_campaign(s, campaign)
        g = current_game(s, found, game)
        reports = run_postgame(
            s, game=g, dice=rolled.source, gang=gang, doctors=_doctor_choices(doctor),
            infamy_model=infamy_model,
        )  # fmt: skip
        rolled.check_all_used()
        data: list[dict[str, Any]] = [
            {
                "gang": r.gang,
                "result": r.result,
                "steps": [entry_data(e, r.gang, lang) for e in r.entries],
            }
            for r in reports
        ]
    if json_:
        emit({"game": g.id, "gangs": data})
        return
    for report in data:
        result = result_word(report["result"], lang)
        echo(say("postgame", lang, gang=report["gang"], result=result))
        for step in report["steps"]:
            echo("  " + _step_text(step, lang))


def _step_text(step: dict[str, Any], lang: Lang) -> str:
    from skirmish.campaign.text import describe_step  # lazy: command

    money = (
        f" [{step['money_before']}$ → {step['money_after']}$]"
        if step["money_before"] != step["money_after"]
        else ""
    )
    xp = (
        f" [{gettext(lang, 'XP')} {step['xp_before']} → {step['xp_after']}]"
        if step["xp_before"] != step["xp_after"]
        else ""
    )
    text = describe_step(step["action"], step["details"], step["member"], lang) or step["action"]
    return f"{step['ruling'] + ': ' if step['ruling'] else ''}{text}{money}{xp}"
