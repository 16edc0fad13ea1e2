"""``game reload``, ``unjam``, ``mount``, ``dismount``, ``lasso`` and ``explosion``: the rest of
table 1's actions (issue #10), over the services of ``campaign.game.actions``; and how a
model's kit (rounds, jams, horse, what it used up) reads on the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.game_text import state_word
from skirmish.cli.store_options import CampaignOpt, Dice
from skirmish.engine.glossary import Pace, label
from skirmish.errors import CampaignError
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules import find_equipment, find_weapon
from skirmish.translation import N_, Message

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.actions import Caught, ExplosionReport, GunReport, HorseReport
    from skirmish.campaign.game.tables import Game

MESSAGES: Catalogue = messages(
    {
        "reload": N_("{name} reloads the {weapon}: {rounds} rounds ({ca} actions, table 1)."),
        "loaded": N_("{name}'s {weapon} starts the game loaded with {rounds} rounds."),
        "unjam": N_(
            "{name} unjams the {weapon} ({ca} actions, table 1, R-14): {rounds} rounds left."
        ),
        "mount": N_("{name} mounts the {mount} ({pace}; {ca} action, table 1)."),
        "dismount": N_("{name} dismounts from the {mount} ({pace}; {ca} action, table 1)."),
        "mount-failed": N_(
            "{name} fails to mount the {mount} ({pace}): the action is lost (§2.4)."
        ),
        "dismount-failed": N_(
            "{name} fails to dismount from the {mount} ({pace}): the action is lost (§2.4)."
        ),
        "horse": N_("horse"),
        "fallen": N_("{name} is pulled down: prone{saddle}."),
        "saddle": N_(", out of the saddle"),
        "fuse-ok": N_("short fuse {face}: thrown"),
        "fuse-hands": N_("short fuse {face}: the {explosive} explodes in {name}'s hands (§5.5.2)"),
        "victim": N_("{name}:"),
        "out": N_("{name} is eliminated."),
        "left": N_("{name}: COS {before} → {after}, {state}."),
        "nobody": N_("Nobody else was within 5U."),
        "sticks": N_("{name} has {left} {explosive} left."),
        # the board's kit
        "column": N_("kit"),
        "jammed": N_("jammed"),
        "mounted": N_("mounted"),
        "used": N_("used: {items}"),
    }
)


def say(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` of this module in ``lang``."""
    return tr(MESSAGES, key, lang, **values)


def _name(entry: Any, lang: Lang) -> str:
    return str(entry.name_it if lang == Lang.IT else entry.name_en).lower()


# ---------------------------------------------------------------------------- options

#: R-15: a failed die of the model's own reflex test rerolled with a point.
ReflexRerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll the first failed die of the reflex test with a point, "
            "reflex:POINT[:FRIEND] (riflessi; fama or fortuna; FRIEND a friendly model "
            "within 5U paying with its FAMA; repeatable), e.g. --reroll reflex:fortuna."
        ),
    ),
]
#: R-15: a failed saving roll of a model caught in the blast rerolled with a point.
SaveRerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll the first failed saving roll of a model caught (in the order "
            "named) with a point, save:POINT[:FRIEND] (salvezza; fama or fortuna; FRIEND a "
            "friendly model within 5U paying with its FAMA; repeatable), e.g. --reroll "
            "save:fortuna."
        ),
    ),
]
# ---------------------------------------------------------------------------- reload, unjam


def _gun_line(key: str, report: GunReport, lang: Lang) -> str:
    return say(key, lang, name=report.model, weapon=report.after.name(str(lang)),
               rounds=report.after.left, ca=report.ca)  # fmt: skip


@inputs(find("reload"))
def reload(
    member: str,
    weapon: str | None,
    rounds: int | None,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``reload`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.actions import reload as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        report = record(s, game=g, member=member, weapon=weapon, rounds=rounds)
        return [_gun_line("loaded" if report.ca == 0 else "reload", report, lang)]

    act(db, campaign, game, json_, action)


@inputs(find("unjam"))
def unjam(
    member: str,
    weapon: str | None,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``unjam`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.actions import unjam as record  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        return [_gun_line("unjam", record(s, game=g, member=member, weapon=weapon), lang)]

    act(db, campaign, game, json_, action)


# ---------------------------------------------------------------------------- the horse


def _horse_lines(report: HorseReport, lang: Lang) -> list[str]:
    from skirmish.cli.render_procedures import reflex_lines  # lazy: command

    lines = reflex_lines(report.test, lang) if report.test is not None else []
    key = "mount" if report.mounting else "dismount"
    if not report.success:
        key += "-failed"
    mount = _name(report.mount, lang) if report.mount is not None else say("horse", lang)
    lines.append(say(key, lang, name=report.model, mount=mount, pace=label(report.pace, lang),
                     ca=report.ca))  # fmt: skip
    return lines


def _horse(
    mounting: bool, member: str, lang: Lang, pace: Pace | None, game: int | None,
    campaign: str | None,
    seed: int | None, dice: str | None, json_: bool, db: str | None, reroll: list[str] | None,
) -> None:  # fmt: skip
    from skirmish.campaign.game.actions import dismount, mount  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    service = mount if mounting else dismount
    chosen = pace or Pace.STILL
    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        report = service(s, game=g, member=member, pace=chosen, dice=rolled.source,
                         rerolls=rerolls)  # fmt: skip
        return reroll_lines(report.rerolls, lang) + _horse_lines(report, lang)

    act(db, campaign, game, json_, action, rolled)


@inputs(find("mount"))
def mount(
    member: str,
    pace: Pace | None,
    lang: LangOpt,
    reroll: ReflexRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``mount`` (``campaign/game/commands.py``: its help and example)."""
    _horse(True, member, lang, pace, game, campaign, seed, dice, json_, db, reroll)


@inputs(find("dismount"))
def dismount(
    member: str,
    pace: Pace | None,
    lang: LangOpt,
    reroll: ReflexRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``dismount`` (``campaign/game/commands.py``: its help and example)."""
    _horse(False, member, lang, pace, game, campaign, seed, dice, json_, db, reroll)


# ---------------------------------------------------------------------------- the lasso


@inputs(find("lasso"))
def lasso(
    thrower: str,
    target: str,
    lang: LangOpt,
    reroll: ReflexRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``lasso`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.actions import throw_lasso  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command
    from skirmish.cli.render_procedures import lasso_lines  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        report = throw_lasso(s, game=g, thrower=thrower, target=target, dice=rolled.source,
                             rerolls=rerolls)  # fmt: skip
        lines = reroll_lines(report.rerolls, lang) + lasso_lines(report.result, lang)
        if report.fallen is not None:
            saddle = say("saddle", lang) if report.unhorsed else ""
            lines.append(say("fallen", lang, name=report.fallen, saddle=saddle))
        return lines

    act(db, campaign, game, json_, action, rolled)


# ---------------------------------------------------------------------------- explosives


def _explosion_lines(report: ExplosionReport, lang: Lang) -> list[str]:
    from skirmish.cli.dice_prompt import reroll_lines  # lazy: command
    from skirmish.cli.render_procedures import explosion_lines  # lazy: command

    explosive = _name(find_weapon(report.explosive.value), lang)
    lines = []
    if report.fuse is not None:
        key = "fuse-hands" if report.in_hands else "fuse-ok"
        lines.append(say(key, lang, face=report.fuse.roll, explosive=explosive,
                         name=report.thrower))  # fmt: skip
    for victim in report.victims:
        lines.append(say("victim", lang, name=victim.name))
        lines += [f"  {line}" for line in reroll_lines(victim.rerolls, lang)]
        lines += [f"  {line}" for line in explosion_lines(victim.result, lang)]
        if victim.eliminated:
            lines.append(say("out", lang, name=victim.name))
        else:
            lines.append(
                say(
                    "left",
                    lang,
                    name=victim.name,
                    before=victim.cos_before,
                    after=victim.cos_after,
                    state=state_word(victim.state, lang),
                )
            )
    if not report.victims:
        lines.append(say("nobody", lang))
    lines.append(say("sticks", lang, name=report.thrower, left=report.left, explosive=explosive))
    return lines


@inputs(find("explosion"))
def explosion(
    thrower: str,
    item: str | None,
    caught: tuple[Caught, ...],
    short_fuse: bool,
    near_thrower: tuple[Caught, ...],
    lang: LangOpt,
    reroll: SaveRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``explosive`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.actions import explode  # lazy: command
    from skirmish.cli.dice_prompt import rerolls_of  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        chosen = item if item is not None else _carried_explosive(s, g, thrower)
        report = explode(
            s,
            game=g,
            thrower=thrower,
            explosive=chosen,
            caught=list(caught),
            short_fuse=short_fuse,
            near_thrower=list(near_thrower),
            dice=rolled.source,
            rerolls=rerolls,
        )
        return _explosion_lines(report, lang)

    act(db, campaign, game, json_, action, rolled)


def _carried_explosive(s: Session, g: Game, thrower: str) -> str:
    """The explosive ``thrower`` still has, when it has one kind only."""
    from skirmish.campaign.game import kit  # lazy: command
    from skirmish.campaign.game.board import find_model  # lazy: command
    from skirmish.engine.explosion import Explosive  # lazy: command

    model = find_model(s, g, thrower)
    kinds = [e.value for e in Explosive if kit.left(s, model, e.value) > 0]
    if len(kinds) == 1:
        return kinds[0]
    if not kinds:
        raise CampaignError(
            Message(
                "{model_name} has no dynamite nor nitroglycerin left (§5.5).", model_name=model.name
            )
        )
    raise CampaignError(
        Message(
            "{model_name} carries dynamite and nitroglycerin: say which with --item.",
            model_name=model.name,
        )
    )


# ---------------------------------------------------------------------------- the board


def kit_text(kit: Mapping[str, Any], lang: Lang) -> str:
    """A model's kit on the board: ``six-shooter 4/6, repeater 0/17 jammed; mounted; used:
    whisky``, in ``lang``."""
    guns = []
    for gun in kit.get("guns", []):
        text = f"{_name(find_equipment(gun['weapon']), lang)} {gun['left']}/{gun['load']}"
        if gun.get("jammed") is not None:
            text += f" {say('jammed', lang)}"
        guns.append(text)
    parts = [", ".join(guns)] if guns else []
    if kit.get("mounted"):
        parts.append(say("mounted", lang))
    used = kit.get("used") or {}
    if used:
        items = ", ".join(
            _name(find_equipment(item), lang) + (f" ×{n}" if n > 1 else "")
            for item, n in used.items()
        )
        parts.append(say("used", lang, items=items))
    return "; ".join(parts)
