"""``skirmish member``: spend a model's experience (R-11), rename it or give it a handle."""

from __future__ import annotations

from typing import Annotated

import typer

from skirmish.campaign.commands import WEAPON_FIELDS
from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.game_views import register_member
from skirmish.cli.help_text import example
from skirmish.cli.store_options import CampaignOpt, Dice, session
from skirmish.errors import CampaignError
from skirmish.translation import N_, Message

app = typer.Typer(
    name="member",
    add_completion=False,
    help=(
        N_("A gang's models: advances (R-11).")
        + "\n\n"
        + example(N_("skirmish member advance Earps Wyatt tiro"))
    ),
    no_args_is_help=True,
)


@app.callback()
def _member() -> None:
    """A gang's models: advances (R-11)."""


#: ``member advance`` takes a skill's weapon as the book does: ``--choice WEAPON``, repeated to
#: cover any type the roll may give (the service keeps the one of the skill's type), and
#: ``--pick cacciatore``; the web asks one weapon per type and a checkbox (the catalogue's
#: fields ``rifle``, ``blade``, ``pistol``, ``cacciatore``, whose ``cli`` are these options).
OWN_WAY = (*WEAPON_FIELDS, "cacciatore")


@command(app, "member", "advance", own=OWN_WAY)
def advance(
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    member: str,
    advance: str,
    lang: LangOpt,
    choice: Annotated[
        list[str] | None,
        typer.Option(
            "--choice",
            help=N_(
                "Weapon type for FUCILIERE (a rifle), GUERRIERO (a blade) or PISTOLERO (a "
                "pistol); repeat it to cover any skill the roll may give."
            ),
        ),
    ] = None,
    pick: Annotated[
        str | None,
        typer.Option("--pick", help=N_("Mountain men: take CACCIATORE without rolling (§9.6).")),
    ] = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member advance``."""
    from skirmish.campaign import advancement  # lazy: command
    from skirmish.cli.gang import _gang, _report  # lazy: command

    rolled = Dice(seed=seed, dice=dice)
    with session(db) as s:
        entry = advancement.advance(
            s,
            gang=_gang(s, campaign, gang),
            member=member,
            advance=advance,
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
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    member: str,
    amount: int,
    lang: LangOpt,
    reason: str | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member xp``."""
    from skirmish.campaign import advancement  # lazy: command
    from skirmish.cli.gang import _gang, _report  # lazy: command

    with session(db) as s:
        entry = advancement.award_xp(
            s, gang=_gang(s, campaign, gang), member=member, xp=amount, reason=reason or ""
        )
        _report(entry, lang, json_)


@command(app, "member", "rename")
def rename(
    gang: Annotated[str, typer.Argument(help=N_("Name of the gang."))],
    member: str,
    lang: LangOpt,
    name: str | None,
    handle: str | None,
    no_handle: bool,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``member rename``."""
    from skirmish.campaign import roster  # lazy: command
    from skirmish.cli.gang import _gang, _report  # lazy: command

    if no_handle and handle:
        raise CampaignError(Message("give --handle HANDLE or --no-handle, not both."))
    with session(db) as s:
        entry = roster.rename(
            s,
            gang=_gang(s, campaign, gang),
            member=member,
            name=name,
            handle=handle,
            clear_handle=no_handle,
        )
        _report(entry, lang, json_)


register_member(app)
