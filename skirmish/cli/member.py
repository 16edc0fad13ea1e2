"""``skirmish member``: spend a model's experience (R-11), rename it or give it a handle."""

from __future__ import annotations

from typing import Annotated

import typer

from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt, bounded
from skirmish.cli.game_views import register_member
from skirmish.cli.store_options import CampaignOpt, Dice, session
from skirmish.limits import XP_CHANGE

app = typer.Typer(
    name="member",
    help="A gang's models: advances (R-11). Example: skirmish member advance Earps Wyatt tiro",
    no_args_is_help=True,
)


@app.callback()
def _member() -> None:
    """A gang's models: advances (R-11)."""


@command(app, "member", "advance")
def advance(
    gang: Annotated[str, typer.Argument(help="Name of the gang.")],
    member: Annotated[str, typer.Argument(help="Name of the model.")],
    what: Annotated[
        str,
        typer.Argument(
            metavar="skill|rif|fred|cos|tiro|fama|fortuna",
            help="A new skill (3 XP, 2D6 roll), +1 RIF/FRED (5), +1 COS/TIRO (6), "
            "+1 FAMA/FORTUNA (7).",
        ),
    ],
    lang: LangOpt,
    choice: Annotated[
        list[str] | None,
        typer.Option(
            "--choice",
            help="Weapon type for FUCILIERE (a rifle), GUERRIERO (a blade) or PISTOLERO "
            "(a pistol); repeat it to cover any skill the roll may give.",
        ),
    ] = None,
    pick: Annotated[
        str | None,
        typer.Option("--pick", help="Mountain men: take CACCIATORE without rolling (§9.6)."),
    ] = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member advance``."""
    from skirmish.campaign import advancement
    from skirmish.cli.gang import _gang, _report

    rolled = Dice(seed=seed, dice=dice)
    with session(db) as s:
        entry = advancement.advance(
            s,
            gang=_gang(s, campaign, gang),
            member=member,
            advance=what,
            dice=rolled.source,
            choices=choice or [],
            pick=pick,
        )
        rolled.check_all_used()
        _report(entry, lang, json_)


#: A negative number is an argument here, not an unknown option (``member xp G M -2``).
NUMBERS_MAY_BE_NEGATIVE = {"ignore_unknown_options": True}


@command(app, "member", "xp", context_settings=NUMBERS_MAY_BE_NEGATIVE)
def xp(
    gang: Annotated[str, typer.Argument(help="Name of the gang.")],
    member: Annotated[str, typer.Argument(help="Name of the model.")],
    amount: Annotated[
        int,
        typer.Argument(
            callback=bounded(XP_CHANGE),
            help="XP gained (negative to correct a mistake), −10,000 to 10,000.",
        ),
    ],
    lang: LangOpt,
    reason: Annotated[
        str, typer.Option("--reason", help="Why, for the log (e.g. '2 eliminations').")
    ] = "",
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member xp``."""
    from skirmish.campaign import advancement
    from skirmish.cli.gang import _gang, _report

    with session(db) as s:
        entry = advancement.award_xp(
            s, gang=_gang(s, campaign, gang), member=member, xp=amount, reason=reason
        )
        _report(entry, lang, json_)


@command(app, "member", "rename")
def rename(
    gang: Annotated[str, typer.Argument(help="Name of the gang.")],
    member: Annotated[str, typer.Argument(help="Name (or handle) of the model.")],
    lang: LangOpt,
    new_name: Annotated[
        str | None,
        typer.Argument(help="Its new name (unique in the gang); leave out to keep it."),
    ] = None,
    handle: Annotated[
        str | None,
        typer.Option(
            "--handle",
            help="A short name it answers to at the table (at most 24 characters, unique in "
            "the gang among names and handles); --handle '' takes it away.",
        ),
    ] = None,
    no_handle: Annotated[bool, typer.Option("--no-handle", help="Take its handle away.")] = False,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member rename``."""
    from skirmish.campaign import roster
    from skirmish.cli.gang import _gang, _report
    from skirmish.errors import CampaignError

    if no_handle and handle:
        raise CampaignError(
            "give --handle HANDLE or --no-handle, not both.",
            it="usa --handle SOPRANNOME oppure --no-handle, non entrambi.",
        )
    with session(db) as s:
        entry = roster.rename(
            s,
            gang=_gang(s, campaign, gang),
            member=member,
            name=new_name,
            handle=handle,
            clear_handle=no_handle,
        )
        _report(entry, lang, json_)


register_member(app)
