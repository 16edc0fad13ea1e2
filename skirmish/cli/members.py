"""The campaign's members from the command line (issue #11): ``campaign invite``, ``join``,
``withdraw``, ``role``, ``members``, ``set-public`` and ``gang owner``, each action registered
with its name and help from the club's catalogue (``campaign/club_commands.py``). Each calls the
club's service (``campaign.club``), the same the web app's members page calls, as
``permissions.CLI``: the command line is the store's local administrator, it may do everything
the permissions table (``campaign.permissions``) grants anyone, and its log entries have no
author."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skirmish import formats
from skirmish.cli.between import command
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.help_text import example
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, emit, session
from skirmish.i18n import Catalogue, messages, tr
from skirmish.translation import N_

MESSAGES: Catalogue = messages(
    {
        "invited": N_("Invitation to {campaign!r} as {role}, good until {until}:"),
        "code": N_("  code: {code}"),
        "link": N_("  link: {link}"),
        "once": N_("Each invitation is used once."),
        "scan": N_("Or scan this QR code with the phone's camera:"),
        "relative": N_(
            "  (a path of the web app: set the campaign's address with 'skirmish campaign "
            "address URL' to print a whole link and its QR code)"
        ),
        "listed": N_("Open invitations to {campaign!r}:"),
        "none-open": N_("{campaign!r} has no open invitation."),
        "listed-one": N_("  {code}: {role}, made {made}{by}, until {until}"),
        "listed-by": N_(" by {user}"),
        "withdraw-hint": N_("Withdraw one with 'skirmish campaign withdraw CODE'."),
        "joined": N_("{user!r} joined {campaign!r} as {role}."),
        "role": N_("{user!r} is now {role} in {campaign!r} (was {before})."),
        "no-role": N_("no role"),
        "visibility": N_("{campaign!r} is {visibility}."),
        "public": N_("public: everyone may read it"),
        "private": N_("private: only its members may read it"),
        "members": N_("Members of {campaign!r} ({visibility}):"),
        "member": N_("  {user}: {role}{gangs}"),
        "gangs": N_("; gangs {gangs}"),
        "no-members": N_("  nobody yet: invite with 'skirmish campaign invite'."),
        "invitations": N_("Open invitations:"),
        "invitation": N_("  {code}: {role}, until {until}"),
        "owner": N_("{gang!r} now belongs to {user!r}."),
        "no-owner": N_("{gang!r} now belongs to nobody."),
        "withdrawn": N_(
            "Invitation {code} to {campaign!r} withdrawn: neither its code nor its "
            "link works any more."
        ),
    }
)


def moment(stamp: str, lang: str) -> str:
    """A stored UTC timestamp as people read it in ``lang`` (``formats.moment``): ``3 Dec 2026,
    07:13 UTC``, ``3 dic 2026, 07:13 UTC``."""
    return f"{formats.moment(stamp, str(lang))} UTC"


def invite(
    lang: LangOpt,
    role: str | None,
    days: int | None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's action of this name (``campaign/club_commands.py``)."""
    from skirmish.campaign import accounts, club, links, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI, Role, role_word  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        invited = club.invite(
            s,
            actor=CLI,
            campaign=found,
            role=role or "player",
            days=accounts.INVITE_DEFAULT_DAYS if days is None else days,
        )
        name, until, offered = found.name, invited.row.expires_at, Role(invited.row.role)
        link = links.join_link(found, invited.token)
    code = accounts.show_code(invited.code)
    whole = link != invited.link  # absolute: the campaign's address is set
    if json_:
        emit(
            {"campaign": name, "role": offered.value, "code": code, "link": invited.link,
             "url": link if whole else None, "expires_at": until}
        )  # fmt: skip
        return
    echo(
        tr(
            MESSAGES,
            "invited",
            lang,
            campaign=name,
            role=role_word(offered, lang),
            until=moment(until, lang),
        )
    )
    echo(tr(MESSAGES, "code", lang, code=code))
    echo(tr(MESSAGES, "link", lang, link=link))
    if whole:
        from skirmish.printing.qr import terminal  # lazy: command

        echo(tr(MESSAGES, "scan", lang))
        sys.stdout.flush()
        terminal(link, sys.stdout)
    else:
        echo(tr(MESSAGES, "relative", lang))
    echo(tr(MESSAGES, "once", lang))


#: ``campaign invitations``'s help screen.
INVITATIONS_HELP = (
    N_(
        "List the campaign's open invitations (code, role, when and by whom each was made, "
        "until when it is good), to withdraw one made by mistake."
    )
    + "\n\n"
    + example(N_("skirmish campaign invitations --json"))
)


def invitations(
    lang: LangOpt, campaign: CampaignOpt = None, json_: JsonOpt = False, db: DbOpt = None
) -> None:
    """``campaign invitations``: its help is ``INVITATIONS_HELP``."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI, role_word  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        name, open_ = found.name, club.invitations(s, actor=CLI, campaign=found)
    if json_:
        emit({"campaign": name, "invitations": open_})
        return
    if not open_:
        echo(tr(MESSAGES, "none-open", lang, campaign=name))
        return
    echo(tr(MESSAGES, "listed", lang, campaign=name))
    for one in open_:
        by = tr(MESSAGES, "listed-by", lang, user=one["by"]) if one["by"] else ""
        echo(
            tr(MESSAGES, "listed-one", lang, code=one["code"], role=role_word(one["role"], lang),
               made=moment(one["created_at"], lang), by=by,
               until=moment(one["expires_at"], lang))
        )  # fmt: skip
    echo(tr(MESSAGES, "withdraw-hint", lang))


def join(
    code: str,
    user: Annotated[str, typer.Option("--user", help=N_("Who joins (an existing user)."))],
    lang: LangOpt,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's action of this name (``campaign/club_commands.py``)."""
    from skirmish.campaign import accounts, club  # lazy: command
    from skirmish.campaign.permissions import role_word  # lazy: command

    with session(db, access="campaign") as s:
        found = accounts.find_user(s, user)
        joined, role = club.join(s, code=code, user=found)
        echo(
            tr(MESSAGES, "joined", lang, user=found.name, campaign=joined.name,
               role=role_word(role, lang))
        )  # fmt: skip


def role(
    user: str,
    role: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's action of this name (``campaign/club_commands.py``)."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI, role_word  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        changed = club.set_role(s, actor=CLI, campaign=found, user=user, role=role)

        def word(r: object) -> str:
            return role_word(str(r), lang) if r is not None else tr(MESSAGES, "no-role", lang)

        echo(
            tr(MESSAGES, "role", lang, user=changed.user.name, role=word(changed.after),
               campaign=found.name, before=word(changed.before))
        )  # fmt: skip


#: ``campaign members``'s help screen.
MEMBERS_HELP = (
    N_("List the campaign's members with their roles and gangs, and its open invitations.")
    + "\n\n"
    + example(N_("skirmish campaign members --json"))
)


def members(
    lang: LangOpt, campaign: CampaignOpt = None, json_: JsonOpt = False, db: DbOpt = None
) -> None:
    """``campaign members``: its help is ``MEMBERS_HELP``."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI, role_word  # lazy: command

    with session(db, access="read") as s:
        data = club.members(s, actor=CLI, campaign=lookup.current_campaign(s, campaign))
    name, public, people = data["campaign"], data["public"], data["members"]
    open_ = data["invitations"]
    if json_:
        emit(data)
        return
    visibility = tr(MESSAGES, "public" if public else "private", lang)
    echo(tr(MESSAGES, "members", lang, campaign=name, visibility=visibility))
    for person in people:
        gangs = person["gangs"]
        listed = tr(MESSAGES, "gangs", lang, gangs=", ".join(gangs)) if gangs else ""
        echo(
            tr(MESSAGES, "member", lang, user=person["user"],
               role=role_word(person["role"], lang), gangs=listed)
        )  # fmt: skip
    if not people:
        echo(tr(MESSAGES, "no-members", lang))
    if open_:
        echo(tr(MESSAGES, "invitations", lang))
    for one in open_:
        echo(
            tr(MESSAGES, "invitation", lang, code=one["code"],
               role=role_word(one["role"], lang), until=moment(one["expires_at"], lang))
        )  # fmt: skip


def set_public(
    public: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's action of this name (``campaign/club_commands.py``)."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    with session(db, access="campaign") as s:
        found = club.set_public(
            s, actor=CLI, campaign=lookup.current_campaign(s, campaign), public=public
        )
        visibility = tr(MESSAGES, "public" if found.public else "private", lang)
        echo(tr(MESSAGES, "visibility", lang, campaign=found.name, visibility=visibility))


def gang_owner(
    gang: str,
    user: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's action of this name (``campaign/club_commands.py``)."""
    from skirmish.campaign import club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        gang_row, owner = club.give_gang(s, actor=CLI, campaign=found, gang=gang, user=user)
        if owner is None:
            echo(tr(MESSAGES, "no-owner", lang, gang=gang_row.name))
        else:
            echo(tr(MESSAGES, "owner", lang, gang=gang_row.name, user=owner.name))


def withdraw(
    code: str,
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """The club's catalogue's ``withdraw``."""
    from skirmish.campaign import accounts, club, lookup  # lazy: command
    from skirmish.campaign.permissions import CLI  # lazy: command

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        gone = accounts.show_code(club.withdraw(s, actor=CLI, campaign=found, code=code).code)
        name = found.name
    echo(tr(MESSAGES, "withdrawn", lang, code=gone, campaign=name))


def register_members(app: typer.Typer) -> None:
    """Add the members' commands to the ``campaign`` app."""
    command(app, "campaign", "invite")(invite)
    app.command("invitations", help=INVITATIONS_HELP)(invitations)
    command(app, "campaign", "withdraw")(withdraw)
    command(app, "campaign", "join")(join)
    command(app, "campaign", "role")(role)
    app.command("members", help=MEMBERS_HELP)(members)
    command(app, "campaign", "set-public")(set_public)


def register_gang_owner(app: typer.Typer) -> None:
    """Add ``owner`` to the ``gang`` app."""
    command(app, "gang", "owner")(gang_owner)
