"""The walker's entries for the rest of table 1 (``game_actions``): reload, unjam, mount,
dismount, the lasso and explosives. Each asks what the table shows and calls the command
function, so the same service (``campaign.game.actions``); the lists offer the models and the
guns the action takes by the book's data (a gun that loads 7 or 17 rounds, the lasso, an
explosive), and the service decides the rest (a gun that is not jammed, a horse to mount…).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish.campaign.game.situations import (
    actors,
    enemies,
    explosives,
    in_play,
    jammed,
    may_dismount,
    may_mount,
    reloadable,
    throws_lasso,
)
from skirmish.cli import game_actions
from skirmish.cli.walker_actions import Walker, pick_model
from skirmish.cli.walker_prompts import Option
from skirmish.cli.walker_table import Figure, figure_options, weapon_options
from skirmish.cli.walker_text import say
from skirmish.engine.glossary import Pace, label
from skirmish.i18n import Lang
from skirmish.limits import Bound
from skirmish.translation import N_

if TYPE_CHECKING:
    from skirmish.campaign.game.kit import Gun

#: How far from its centre a model caught by a blast stands: up to 5U (§5.5).
BLAST = Bound(N_("a distance from the blast (U)"), 0, 5)


def _gun(walker: Walker, guns: list[Gun]) -> Gun | None:
    """Which gun, asked only when more than one would do (blank: the service's own choice)."""
    if len(guns) < 2:
        return guns[0] if guns else None
    blank = walker.say("blank-default", default=walker.say("weapon-default"))
    options = [
        Option(g, gun_line(g, walker.lang), (g.weapon.name_it, g.weapon.name_en, g.weapon.id))
        for g in guns
    ]
    return walker.ask.choose_or_none(walker.say("weapon", blank=blank), options)


def gun_line(gun: Gun, lang: Lang) -> str:
    """``fucile a ripetizione (3/7)``, ``rifle (jammed)``."""
    name = gun.weapon.name_it if lang == Lang.IT else gun.weapon.name_en
    state = say("jammed", lang) if gun.jammed is not None else f"{gun.left}/{gun.load}"
    return f"{name} ({state})"


def _with_guns(
    walker: Walker, which: Callable[[Figure, int], list[Gun]], why: str
) -> tuple[Figure, Gun | None]:
    table = walker.table()
    figures = [f for f in actors(table) if which(f, table.turn)]
    label_ = pick_model(walker, "model", figures, why)
    figure = next(f for f in figures if f.label == label_)
    return figure, _gun(walker, which(figure, table.turn))


def reload(walker: Walker) -> None:
    figure, gun = _with_guns(walker, reloadable, "why-reload")
    rounds = None
    if gun is not None and len(gun.weapon.rounds) > 1:  # a repeater, musket or carbine
        options = [Option(str(n), str(n), (str(n),)) for n in gun.weapon.rounds]
        blank = walker.say("blank-default", default=walker.say("rounds-default"))
        picked = walker.ask.choose_or_none(walker.say("rounds", blank=blank), options)
        rounds = int(picked) if picked is not None else None
    weapon = gun.weapon.id if gun is not None else None
    game_actions.reload(
        member=figure.label, weapon=weapon, rounds=rounds, **walker.common, json_=False
    )


def unjam(walker: Walker) -> None:
    figure, gun = _with_guns(walker, jammed, "why-jammed")
    weapon = gun.weapon.id if gun is not None else None
    game_actions.unjam(member=figure.label, weapon=weapon, **walker.common, json_=False)


def _pace(walker: Walker) -> str:
    lang = walker.lang
    options = [
        Option(p.value, label(p, lang), (label(p, Lang.IT), label(p, Lang.EN), p.value))
        for p in Pace
    ]
    blank = walker.say("blank-default", default=label(Pace.STILL, lang))
    return walker.ask.choose_or_none(walker.say("pace", blank=blank), options) or Pace.STILL.value


def mount(walker: Walker) -> None:
    riders = [f for f in actors(walker.table()) if may_mount(f)]
    member = pick_model(walker, "model", riders, "why-mount")
    game_actions.mount(
        member=member,
        pace=_pace(walker),
        **walker.common,
        seed=None,
        dice=walker.dice(),
        json_=False,
    )


def dismount(walker: Walker) -> None:
    riders = [f for f in actors(walker.table()) if may_dismount(f)]
    member = pick_model(walker, "model", riders, "why-dismount")
    game_actions.dismount(
        member=member,
        pace=_pace(walker),
        **walker.common,
        seed=None,
        dice=walker.dice(),
        json_=False,
    )


def lasso(walker: Walker) -> None:
    table = walker.table()
    throwers = [f for f in actors(table) if throws_lasso(f)]
    thrower = pick_model(walker, "thrower", throwers, "why-lasso")
    target = pick_model(walker, "target", enemies(table, thrower), "why-target")
    game_actions.lasso(
        thrower=thrower, target=target, **walker.common, seed=None, dice=walker.dice(), json_=False
    )


def _caught(walker: Walker, figures: list[Figure], question: str) -> list[str]:
    """Models within 5U of a blast as ``game explosion --caught`` takes them:
    ``NAME=DISTANCE[,partial|total:SHELTER]`` (table 8); whether each moved is read from the
    record."""
    choose, blank = walker.say("choose-many"), walker.say("blank-none")
    chosen = walker.ask.choose_many(
        walker.say(question, choose=choose, blank=blank), figure_options(figures, walker.lang)
    )
    caught = []
    for name in chosen:
        distance = walker.ask.number(walker.say("blast-distance", name=name), BLAST)
        spec = f"{name}={distance}"
        levels = [
            Option("partial", walker.say("shelter-partial"), ("partial", "parziale")),
            Option("total", walker.say("shelter-total"), ("total", "totale")),
        ]
        level = walker.ask.choose_or_none(walker.say("shelter", blank=blank), levels)
        if level is not None:
            shelter = walker.ask.line(walker.say("shelter-name")) or level
            spec += f",{level}:{shelter.replace(',', ' ')}"
        caught.append(spec)
    return caught


def explosion(walker: Walker) -> None:
    table = walker.table()
    throwers = [f for f in actors(table) if explosives(f)]
    thrower = pick_model(walker, "thrower", throwers, "why-explosive")
    figure = next(f for f in throwers if f.label == thrower)
    kinds = {w.id: w for w in explosives(figure)}
    item = None
    if len(kinds) > 1:
        item = walker.ask.choose(
            walker.say("explosive"), weapon_options(list(kinds.values()), walker.lang)
        )
    short_fuse = False
    if "dynamite" in kinds and (item or "dynamite") == "dynamite":
        short_fuse = walker.ask.yes_no(walker.say("short-fuse"))
    caught = _caught(walker, in_play(table), "caught")
    near = []
    if short_fuse:
        others = [f for f in in_play(table) if f.label != figure.label]
        near = _caught(walker, others, "near-thrower")
    game_actions.explosion(thrower=figure.label, item=item, caught=caught, short_fuse=short_fuse,
           near_thrower=near, **walker.common, seed=None, dice=walker.dice(),
           json_=False)  # fmt: skip
