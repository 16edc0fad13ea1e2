"""``game shoot`` and ``melee`` with their options derived from the combat situation
(``engine.situation``), and the results recorded from the table: ``hit`` and ``eliminate``,
with the bystanders that react (R-19, R-20, R-22).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.campaign.game.commands import find
from skirmish.campaign.game.telling import wounds_text
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.from_fields import inputs, parameters, parse
from skirmish.cli.game_activations import combat_lines, no_waiting_option, take_waiting
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.game_text import say, state_word
from skirmish.cli.situation_options import parameter, situation_command
from skirmish.cli.store_options import CampaignOpt, Dice
from skirmish.engine.situation import GAME_SOURCES, Procedure
from skirmish.engine.situation_value import Situation
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.translation import N_

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.reactions import Bystanders
    from skirmish.campaign.game.tables import Game


MESSAGES: Catalogue = messages(
    {
        "no-opportunity": N_(
            "{name} fails the reflex test: no opportunity fire, and its turn "
            "{turn} is spent (§4.2.3, §2.4)."
        ),
    }
)


def _combat_lines(report: Any, lang: Lang, shooting: bool) -> list[str]:
    from skirmish.cli.dice_prompt import reroll_lines  # lazy: command
    from skirmish.cli.render_combat import melee_lines, shoot_lines  # lazy: command
    from skirmish.cli.render_procedures import reflex_lines  # lazy: command

    # Opportunity fire (§4.2.3): the reflex test that opens it first, as 'roll reflex' says it.
    lines = reflex_lines(report.opportunity, lang) if report.opportunity is not None else []
    if not report.fired:
        turn = report.activation.turn if report.activation is not None else ""
        return lines + [tr(MESSAGES, "no-opportunity", lang, name=report.attacker, turn=turn)]
    lines += shoot_lines(report.result, lang) if shooting else melee_lines(report.result, lang)
    lines += combat_lines(report, lang)  # whose turn, the target waiting
    if report.eliminated:
        lines.append(say("gone", lang, name=report.target))
    elif report.cos_before is not None and report.state_after is not None:
        prone = say("prone", lang) if report.prone_after else ""
        state = f", {state_word(report.state_after, lang)}{prone}"
        lines.append(
            say("cos", lang, name=report.target, before=report.cos_before,
                after=report.cos_after, state=state)
        )  # fmt: skip
    return lines + reroll_lines(report.friend_rerolls, lang)  # R-19's panic tests (R-15)


def _combat(
    db: str | None,
    campaign: str | None,
    game_no: int | None,
    json_: bool,
    lang: Lang,
    rolled: Dice,
    roll: Callable[..., Any],
    shooting: bool,
    bystanders: Bystanders | None = None,
    reroll: list[str] | None = None,
    **attack: Any,
) -> None:
    """Roll a shot or a fight (``roll``: the ``shoot`` or ``melee`` service) on the game, with
    the ``bystanders`` the players name (R-19, R-20, R-22) and the rerolls ``--reroll`` says
    or the player takes at the prompt (R-15)."""

    from skirmish.campaign.game.reactions import NOBODY  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        report = roll(s, game=g, **attack, dice=rolled.source, bystanders=bystanders or NOBODY,
                      rerolls=rerolls)  # fmt: skip
        return reroll_lines(report.rerolls, lang) + _combat_lines(report, lang, shooting)

    act(db, campaign, game_no, json_, action, rolled)


def _bystanders(options: dict[str, Any]) -> Bystanders:
    """The bystander options taken out of a shot's or a fight's ``options`` (their fields'
    values: R-19, R-20, R-22); the rest is the situation."""
    from skirmish.campaign.game.reactions import Bystanders  # lazy: command

    return Bystanders(
        near=tuple(options.pop("near", None) or ()),
        guard=options.pop("guard", None),
        civilians=tuple(options.pop("civilian_near", None) or ()),
    )


#: A shot's and a fight's catalogue entries: their models and bystanders are their fields'.
SHOOT, FIGHT = find("shoot"), find("fight")


#: The game's own help for the weapons: one the model carries, the default chosen by rule.
SHOOT_HELPS = {
    "weapon": N_(
        "A weapon the shooter carries (default: its first gun that reaches --range, "
        "a thrown weapon only if it has no gun)."
    ),
}
#: R-18: the target's waiting is read from the record unless the players say it.
WAITING = [parameter("no_target_waiting", no_waiting_option(), False)]
MELEE_HELPS = {
    "weapon": N_(
        "A blade or improvised weapon carried, or bare-hands (default: the best carried)."
    ),
    "target_weapon": N_(
        "What the defender fights with, among what it carries (default: the best carried)."
    ),
}
#: R-15: FAMA and FORTUNA rerolls said beforehand (on a terminal they are offered as dice fail).
RerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll the first failed die of a stage with a point, "
            "STAGE:POINT[:FRIEND]: nerve/freddezza, shot/tiro, fight/corpo-a-corpo, "
            "save/salvezza, panic/panico, reflex/riflessi; fama or fortuna; FRIEND a "
            "friendly model within 5U that pays with its FAMA (repeatable), e.g. --reroll "
            'shot:fortuna --reroll panic:fama:"Wyatt Earp".'
        ),
    ),
]
#: R-15 for the friends' panic tests of R-19 when a model is hit or eliminated at the table.
PanicRerollOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--reroll",
        "--ritira",
        help=N_(
            "R-15: reroll the first failed die of a friend's panic test (R-19) with a point, "
            "panic:POINT[:FRIEND] (panico; fama or fortuna; FRIEND a friendly model within "
            '5U paying with its FAMA; repeatable), e.g. --reroll panic:fama:"Wyatt Earp".'
        ),
    ),
]
#: What a game's combat takes besides the situation: which game, where, and the dice.
GAME_OPTIONS = [
    parameter("reroll", RerollOpt, None),
    parameter("game", GameOpt, None),
    parameter("campaign", CampaignOpt, None),
    parameter("seed", SeedOpt, None),
    parameter("dice", DiceOpt, None),
    parameter("json_", JsonOpt, False),
    parameter("db", DbOpt, None),
]


def _models(entry: Any) -> list[Any]:
    """A shot's or a fight's arguments (its fields'), then ``--lang``."""
    return [*parameters(f for f in entry.fields if f.argument), parameter("lang", LangOpt)]


def _bystanders_of(entry: Any) -> list[Any]:
    """Who stood near (R-19, R-20, R-22): its options (its fields')."""
    return parameters(f for f in entry.fields if not f.argument)


def _combat_of(
    entry: Any,
    procedure: Procedure,
    *,
    lang: Lang,
    game: int | None = None,
    campaign: str | None = None,
    seed: int | None = None,
    dice: str | None = None,
    json_: bool = False,
    db: str | None = None,
    reroll: list[str] | None = None,
    **given: Any,
) -> None:
    """A shot or a fight (``entry``: the catalogue's ``shoot`` or ``fight``): its fields'
    values parsed (the models, who stood near), the rest its combat situation."""
    from skirmish.campaign.game.combat import melee, shoot  # lazy: command

    parse(entry.fields, given)
    attacker, target = given.pop("attacker"), given.pop("target")
    named = _bystanders(given)
    take_waiting(given)
    shooting = procedure is Procedure.SHOOT
    _combat(db, campaign, game, json_, lang, Dice(seed=seed, dice=dice),
            shoot if shooting else melee, shooting, named, attacker=attacker, target=target,
            reroll=reroll, situation=Situation.of_options(procedure, given))  # fmt: skip


def do_shoot(**given: Any) -> None:
    """The catalogue's ``shoot`` (``campaign/game/commands.py``: its help and example)."""
    _combat_of(SHOOT, Procedure.SHOOT, **given)


def do_melee(**given: Any) -> None:
    """The catalogue's ``fight`` (``campaign/game/commands.py``: its help and example)."""
    _combat_of(FIGHT, Procedure.MELEE, **given)


shoot = situation_command(
    Procedure.SHOOT, GAME_SOURCES, do_shoot, name="shoot", doc=do_shoot.__doc__ or "",
    before=_models(SHOOT), after=[*WAITING, *_bystanders_of(SHOOT), *GAME_OPTIONS],
    helps=SHOOT_HELPS, defaults={"weapon": None, "target_waiting": None}, bounds=True,
)  # fmt: skip
melee = situation_command(
    Procedure.MELEE, GAME_SOURCES, do_melee, name="melee", doc=do_melee.__doc__ or "",
    before=_models(FIGHT), after=[*WAITING, *_bystanders_of(FIGHT), *GAME_OPTIONS],
    helps=MELEE_HELPS, defaults={"target_waiting": None}, bounds=True,
)  # fmt: skip


@inputs(find("hit"))
def hit(
    member: str,
    wounds: int,
    by: str | None,
    near: tuple[str, ...],
    guard: str | None,
    lang: LangOpt,
    reroll: PanicRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``hit`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.combat import hit as record  # lazy: command
    from skirmish.campaign.game.reactions import Bystanders  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        named = Bystanders(near=near, guard=guard)
        report = record(s, game=g, member=member, wounds=wounds, by=by, bystanders=named,
                        dice=rolled.source, rerolls=rerolls)  # fmt: skip
        model = report.model
        before = model.cos_left + wounds
        lines = [say("hit", lang, name=model.name, wounds=wounds_text(wounds, lang), before=before,
                     after=model.cos_left)]  # fmt: skip
        if model.eliminated:
            lines.append(say("gone", lang, name=model.name))
        # what the wounds brought about: game_record.consequences
        return lines + reroll_lines(report.rerolls, lang)

    act(db, campaign, game, json_, action, rolled)


@inputs(find("eliminate"))
def eliminate(
    member: str,
    by: str | None,
    near: tuple[str, ...],
    guard: str | None,
    lang: LangOpt,
    reroll: PanicRerollOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``eliminate`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.combat import eliminate as record  # lazy: command
    from skirmish.campaign.game.reactions import Bystanders  # lazy: command
    from skirmish.cli.dice_prompt import reroll_lines, rerolls_of  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    rerolls = rerolls_of(reroll, lang, live=rolled.live)

    def action(s: Session, g: Game) -> list[str]:
        named = Bystanders(near=near, guard=guard)
        report = record(s, game=g, member=member, by=by, bystanders=named, dice=rolled.source,
                        rerolls=rerolls)  # fmt: skip
        who = say("by", lang, name=by) if by else ""
        lines = [say("eliminated", lang, name=report.model.name, by=who)]
        return lines + reroll_lines(report.rerolls, lang)

    act(db, campaign, game, json_, action, rolled)
