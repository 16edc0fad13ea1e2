"""``skirmish gang``: found, show and manage gangs between games (R-12, R-13, H-03, H-05).

Every command is one transaction on the campaign database and one entry in the campaign log;
a refusal prints one ``Error:`` line naming its ruling and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt
from skirmish.cli.help_text import example
from skirmish.cli.members import register_gang_owner
from skirmish.cli.safe import cell, echo
from skirmish.cli.store_options import CampaignOpt, Dice, console, emit, session, shell_word
from skirmish.errors import CampaignError, shown
from skirmish.i18n import Catalogue, Lang, message, messages, name, tr
from skirmish.translation import N_, gettext, pgettext

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.models import Gang, LogEntry

app = typer.Typer(
    name="gang",
    help=(
        N_("Gangs: found, hire, buy, sell, equip, show.")
        + "\n\n"
        + example(N_("skirmish gang show Earps"))
    ),
    no_args_is_help=True,
)

GangArg = Annotated[str, typer.Argument(help=N_("Name of the gang."), show_default=False)]

LABELS: Catalogue = messages({
        "model": N_("model"), "profile": N_("profile"), "xp": N_("XP"), "skills": N_("skills"),
        "injuries": N_("injuries"), "equipment": N_("equipment"), "stash": N_("Stash"),
        "treasury": N_("treasury"), "rating": N_("rating"), "weapons": N_("Weapons"),
        "weapon": N_("weapon"), "short": N_("short"), "long": N_("long"), "shots": N_("shots/turn"),
        "ca": N_("CA"), "bonus": N_("bonus"), "notes": N_("notes"), "empty": N_("empty"),
        "former": N_("Former models"),
        "gangs": N_("Gangs"),
        "gang": N_("gang"),
        "faction": N_("faction"),
        "models": N_("models"), "status": N_("status"), "none": N_("No gangs yet: found one with "
        "'skirmish gang new NAME --faction FACTION'."), "failed": N_("Failed availability (H-03)"),
        "owed": N_("Still owes the post-game of game {game} ({scenario}) before hiring, buying or "
        "playing again (R-23): 'skirmish game postgame {gang} --game {game}'."),
        # gang hire GANG, gang buy GANG: what may be done now (campaign.choices)
        "hire-head": N_("{gang} — treasury {treasury}$ — who may be hired now, then the rest "
        "and why not"),
        "buy-head": N_("{gang} — treasury {treasury}$ — what may be bought now, then the rest "
        "and why not"),
        "role": N_("role"),
        "cost": N_("cost"),
        "why-not": N_("why not"),
        "room": N_("room"),
        "role-leader": N_("LEADER"),
        "role-hero": N_("HERO"),
        "role-common": N_("common"),
        "max": N_("max {max} ({hired} in the gang)"),
        "npc": N_("(NPC)"), "item": N_("item"), "price": N_("price"), "disp": N_("DISP"),
        "for-whom": N_("for whom / why not"), "two-hands": N_("two-handed"),
        "hire-how": N_("Hire with: skirmish gang hire {gang} PROFILE --name NAME"),
        "buy-how": N_("Buy with: skirmish gang buy {gang} ITEM [--for MODEL] "
        "(DISP: the availability roll, 1D6 ≥ DISP; —: no roll)"),
        "need-name": N_("give the new model's name: "
                        "skirmish gang hire GANG {profile} --name NAME."),
    })  # fmt: skip

#: A gang's and a model's status (``campaign.models.GangStatus``, ``MemberStatus``) in words.
STATUSES: Catalogue = messages(
    {"active": N_("active"), "dead": N_("dead"), "retired": N_("retired")}
)


def status_word(status: str, lang: Lang) -> str:
    """A gang's or a model's stored status in ``lang`` (an unknown one as stored)."""
    return STATUSES.get(str(lang), STATUSES["en"]).get(status, status)


def _gang(s: Session, campaign: str | None, name: str, *, full: bool = False) -> Gang:
    from skirmish.campaign import lookup  # lazy: command

    return lookup.gang_by_name(s, lookup.current_campaign(s, campaign), name, full=full)


def _report(entry: LogEntry, lang: Lang, json_: bool) -> None:
    from skirmish.campaign.text import describe_entry, entry_data  # lazy: command

    if json_:
        emit(entry_data(entry, None, lang))
        return
    line = describe_entry(entry, lang)
    money = (
        f" [{entry.money_before}$ → {entry.money_after}$]"
        if entry.money_before != entry.money_after
        else ""
    )
    echo(f"{entry.ruling + ': ' if entry.ruling else ''}{line}{money}")


@command(app, "gang", "new")
def new(
    name: str,
    faction: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's ``gang new``."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.logbook import last_action  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        gang = club.found_gang(s, actor=CLI, campaign=found, name=name, faction=faction)
        entry = last_action(s, gang=gang)
        assert entry is not None
        _report(entry, lang, json_)


@app.command(
    "list",
    help=(
        N_("List the gangs of the campaign with faction, models, treasury and rating.")
        + "\n\n"
        + example(N_("skirmish gang list --json"))
    ),
)
def list_(
    lang: LangOpt, campaign: CampaignOpt = None, json_: JsonOpt = False, db: DbOpt = None
) -> None:
    """``list``: its help is the command's (above)."""
    from sqlmodel import col, select  # lazy: command

    from skirmish.campaign import lookup, views  # lazy: command
    from skirmish.campaign.models import Gang  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        query = select(Gang).where(Gang.campaign_id == found.id).order_by(col(Gang.id))
        rows = views.gang_summaries(s, s.exec(query).all(), lang)  # as rows (issue #23)
    if json_:
        emit(rows)
        return
    if not rows:
        echo(tr(LABELS, "none", lang))
        return
    table = Table(title=tr(LABELS, "gangs", lang))
    for key in ("model", "faction", "models", "treasury", "rating", "status"):
        table.add_column(tr(LABELS, key, lang) if key != "model" else tr(LABELS, "gang", lang))
    for row in rows:
        table.add_row(
            cell(row["name"]), cell(row["faction_name"]), str(row["models"]),
            f"{row['treasury']}$", f"{row['rating']}$", cell(status_word(row["status"], lang)),
        )  # fmt: skip
    console().print(table)


@app.command(
    "show",
    help=(
        N_(
            "Show a gang: models, numbers, weapons with their profile, skills, injuries, XP, "
            "treasury, stash and rating."
        )
        + "\n\n"
        + example(N_("skirmish gang show Earps"))
    ),
)
def show(
    name: GangArg,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """``show``: its help is the command's (above)."""
    with session(db, access="read") as s:
        from skirmish.campaign import views  # lazy: command

        data = views.gang_data(_gang(s, campaign, name), lang)  # read as rows (issue #23)
        weapons = views.weapons_in(data)
    if json_:
        emit(data)
        return
    _print_gang(data, weapons, lang)


def _print_gang(data: dict[str, Any], weapons: list[Any], lang: Lang) -> None:
    from skirmish.campaign.naming import with_handle  # lazy: command

    def label(key: str) -> str:
        return tr(LABELS, key, lang)

    out = console()
    heading = cell(data["name"], "bold")
    heading.append(
        cell(
            f" — {data['faction_name']} — {label('treasury')} {data['treasury']}$ — "
            f"{label('rating')} {data['rating']}$"
            + (f" — {status_word(data['status'], lang)}" if data["status"] != "active" else "")
        )
    )
    out.print(heading)
    owed = data["postgame_owed"]
    if owed is not None:
        # lazy: game
        from skirmish.rules.scenarios import find_scenario

        scenario = find_scenario(owed["scenario"])
        title = scenario.name_it if lang == Lang.IT else scenario.name_en
        out.print(
            cell(
                tr(LABELS, "owed", lang, game=owed["game"], scenario=title,
                   gang=shell_word(data["name"])),
                "bold",
            )
        )  # fmt: skip
    table = Table()
    for column in ("model", "profile"):
        table.add_column(label(column))
    for column in ("TIRO", "FRED", "RIF", "COS", "FA", "FO"):
        table.add_column(column, justify="right")
    table.add_column(label("xp"), justify="right")
    for column in ("skills", "injuries", "equipment"):
        table.add_column(label(column))
    for m in data["members"]:
        skills = ", ".join(
            s["name"] + (f" ({s['choice_name']})" if s["choice"] else "") for s in m["skills"]
        )
        table.add_row(
            cell(with_handle(m["name"], m["handle"])),
            cell(m["profile_name"] + _role_mark(m, lang)),
            *(str(m[k]) for k in ("tiro", "fred", "rif", "cos", "fama", "fortuna", "xp")),
            cell(skills or "—"), cell(", ".join(i["name"] for i in m["injuries"]) or "—"),
            cell(", ".join(i["name"] for i in m["items"]) or "—"),
        )  # fmt: skip
    out.print(table)
    stash = ", ".join(i["name"] for i in data["stash"]) or label("empty")
    out.print(cell(f"{label('stash')}: {stash}"))
    waiting = [f for f in data["failed_purchases"] if f["waiting"]]
    if waiting:  # only while H-03 keeps the item from being tried again
        failed = ", ".join(f["name"] for f in waiting)
        out.print(cell(f"{label('failed')}: {failed}"))
    if data["former_members"]:
        former = ", ".join(
            f"{m['name']} ({status_word(m['status'], lang)})" for m in data["former_members"]
        )
        out.print(cell(f"{label('former')}: {former}"))
    if weapons:
        table = Table(title=label("weapons"))
        for key in ("weapon", "short", "long", "shots", "ca", "bonus", "notes"):
            table.add_column(label(key))
        for w in weapons:
            table.add_row(
                cell(name(w, lang)), _u(w.short), _u(w.long), str(w.shots_per_turn), str(w.ca),
                f"{w.bonus:+d}", gettext(lang, "two-handed")
                if w.two_handed else "",
            )  # fmt: skip
        out.print(table)


def _role_mark(member: dict[str, Any], lang: Lang) -> str:
    if member["role"] == "leader":
        return "*"
    if member["promoted"]:
        return " ({})".format(pgettext(lang, "role", "hero"))
    return ""


def _u(value: int | None) -> str:
    return f"{value}U" if value is not None else "—"


@command(app, "gang", "rename")
def rename(
    gang: GangArg,
    name: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang rename``."""
    from skirmish.campaign import gangs  # lazy: command

    with session(db) as s:
        entry = gangs.rename_gang(s, gang=_gang(s, campaign, gang), name=name)
        _report(entry, lang, json_)


@command(app, "gang", "retire")
def retire(
    gang: GangArg,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang retire``."""
    from skirmish.campaign import gangs  # lazy: command

    with session(db) as s:
        entry = gangs.retire_gang(s, gang=_gang(s, campaign, gang))
        _report(entry, lang, json_)


@command(app, "gang", "hire", optional=("profile", "name"))
def hire(
    gang: GangArg,
    lang: LangOpt,
    profile: str | None,
    name: str | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang hire``; without PROFILE, the choices."""
    from skirmish.campaign import roster  # lazy: command

    if profile is None:
        _list_hires(db, campaign, gang, lang, json_)
        return
    if name is None:
        raise CampaignError(message(LABELS, "need-name", profile=shown(profile)))
    with session(db) as s:
        entry = roster.hire(s, gang=_gang(s, campaign, gang), profile=profile, name=name)
        _report(entry, lang, json_)


#: The column of a profile's numbers, headed with the book's short names (the same in both
#: languages, §9), in the order ``choices.CHARACTERISTICS`` gives them.
NUMBERS = "TIRO/FRED/RIF/COS/FA/FO"


def _list_hires(db: str | None, campaign: str | None, gang: str, lang: Lang, json_: bool) -> None:
    """``gang hire GANG``: every profile the gang could hire, those it may hire now first, the
    others dimmed with the words ``hire`` would refuse them with (``campaign.choices``)."""
    from skirmish.campaign import choices  # lazy: command

    with session(db, access="read") as s:
        row = _gang(s, campaign, gang)
        own = row.faction
        found = choices.hire_options(s, row)
        data = choices.hire_data(found, lang)
    if json_:
        emit(data)
        return
    out = console()
    _options_heading(out, "hire-head", data, lang)
    table = Table()
    for key in ("profile", "role", "cost", NUMBERS, "room", "why-not"):
        head = key if key == NUMBERS else tr(LABELS, key, lang)
        table.add_column(head, justify="right" if key in ("cost", "room") else "left")
    for option in data["options"]:
        style = "" if option["allowed"] else "dim"
        role = tr(LABELS, f"role-{option['role']}", lang)
        if option["max"] is not None and option["role"] != "leader":
            role += ", " + tr(LABELS, "max", lang, max=option["max"], hired=option["hired"])
        if option["faction"] != own:
            role += " " + tr(LABELS, "npc", lang)
        why = option["refusal"] if data["refusal"] is None else "—"
        table.add_row(
            cell(option["name"], style), cell(role, style), cell(f"{option['cost']}$", style),
            cell("/".join(str(n) for n in list(option["characteristics"].values())[:6]), style),
            cell(str(option["room"]), style), cell(why or "", style),
        )  # fmt: skip
    out.print(table)
    echo(tr(LABELS, "hire-how", lang, gang=shell_word(data["gang"])))


def _options_heading(out: Any, key: str, data: dict[str, Any], lang: Lang) -> None:
    """The gang and its treasury, then the refusal that stops the whole action, if any."""
    out.print(cell(tr(LABELS, key, lang, gang=data["gang"], treasury=data["treasury"]), "bold"))
    if data["refusal"] is not None:
        out.print(cell(data["refusal"], "bold"))


@command(app, "gang", "fire")
def fire(
    gang: GangArg,
    member: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang fire``."""
    from skirmish.campaign import roster  # lazy: command

    with session(db) as s:
        entry = roster.fire(s, gang=_gang(s, campaign, gang), member=member)
        _report(entry, lang, json_)


@command(app, "gang", "buy", optional=("item",))
def buy(
    gang: GangArg,
    lang: LangOpt,
    item: str | None,
    member: str | None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang buy``; without ITEM, the choices."""
    from skirmish.campaign import equipment  # lazy: command

    if item is None:
        _list_buys(db, campaign, gang, member, lang, json_)
        return
    rolled = Dice(seed=seed, dice=dice)
    with session(db) as s:
        entry = equipment.buy(
            s, gang=_gang(s, campaign, gang), item=item, dice=rolled.source, member=member
        )
        rolled.check_all_used()
        _report(entry, lang, json_)


def _list_buys(
    db: str | None, campaign: str | None, gang: str, model: str | None, lang: Lang, json_: bool
) -> None:
    """``gang buy GANG``: what the gang's faction may buy, those it may buy now first with
    their price, DISP and who may take them, the others dimmed with the words ``buy`` would
    refuse them with (``campaign.choices``); ``model`` narrows it to buying for one model."""
    from skirmish.campaign import choices, lookup  # lazy: command

    with session(db, access="read") as s:
        row = _gang(s, campaign, gang)
        who = lookup.member_by_name(row, model).name if model is not None else None
        data = choices.buy_data(choices.buy_options(s, row), lang)
    if who is not None:  # each item as bought for that model: its price there and refusal
        for option in data["options"]:
            target = next(c for c in option["carriers"] if c["member"] == who)
            option.update(allowed=target["allowed"], refusal=target["refusal"])
            option.update(stash=None, carriers=[target])
        data["options"].sort(key=lambda o: not o["allowed"])
    if json_:
        emit(data)
        return
    out = console()
    _options_heading(out, "buy-head", data, lang)
    table = Table()
    for key in ("item", "price", "disp", "for-whom"):
        right = key in ("price", "disp")
        table.add_column(tr(LABELS, key, lang), justify="right" if right else "left")
    for option in data["options"]:
        style = "" if option["allowed"] else "dim"
        name = option["name"]
        if option["two_handed"]:
            name += f" ({tr(LABELS, 'two-hands', lang)})"
        if not option["allowed"]:
            where = option["refusal"] if data["refusal"] is None else "—"
        else:
            places = [_place(t, option["cost"], lang) for t in _targets(option) if t["allowed"]]
            where = ", ".join(places)
        disp = "—" if option["disp"] is None else str(option["disp"])
        price = option["carriers"][0]["price"] if who is not None else option["cost"]
        table.add_row(
            cell(name, style), cell(f"{price}$", style), cell(disp, style),
            cell(where or "", style),
        )  # fmt: skip
    out.print(table)
    if data["waiting"]:
        waiting = ", ".join(w["name"] for w in data["waiting"])
        out.print(cell(f"{tr(LABELS, 'failed', lang)}: {waiting}"))
    echo(tr(LABELS, "buy-how", lang, gang=shell_word(data["gang"])))


def _targets(option: dict[str, Any]) -> list[dict[str, Any]]:
    """Where a purchase could go: the stash (unless narrowed to one model), then the models."""
    stash = [option["stash"]] if option["stash"] is not None else []
    return [*stash, *option["carriers"]]


def _place(target: dict[str, Any], cost: int, lang: Lang) -> str:
    """A place a purchase may go, with its price when it is not the list price (R-12)."""
    where = target["member"] if target["member"] is not None else tr(LABELS, "stash", lang)
    return where if target["price"] == cost else f"{where} {target['price']}$"


@command(app, "gang", "sell")
def sell(
    gang: GangArg,
    item: str,
    lang: LangOpt,
    member: str | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang sell``."""
    from skirmish.campaign import equipment  # lazy: command

    with session(db) as s:
        entry = equipment.sell(s, gang=_gang(s, campaign, gang), item=item, member=member)
        _report(entry, lang, json_)


@command(app, "gang", "equip")
def equip(
    gang: GangArg,
    item: str,
    member: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang equip``."""
    from skirmish.campaign import equipment  # lazy: command

    with session(db) as s:
        entry = equipment.equip(s, gang=_gang(s, campaign, gang), item=item, member=member)
        _report(entry, lang, json_)


@command(app, "gang", "unequip")
def unequip(
    gang: GangArg,
    item: str,
    member: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``gang unequip``."""
    from skirmish.campaign import equipment  # lazy: command

    with session(db) as s:
        entry = equipment.unequip(s, gang=_gang(s, campaign, gang), item=item, member=member)
        _report(entry, lang, json_)


register_gang_owner(app)
