"""The campaign's members from the command line (issue #11): ``campaign invite``, ``join``,
``role``, ``members``, ``set-public`` and ``gang owner``. The command line is the store's local
administrator: it may do everything the permissions table (``campaign.permissions``) grants
anyone, and its log entries have no author."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt, bounded
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, emit, session
from skirmish.errors import CampaignError
from skirmish.i18n import Catalogue, tr
from skirmish.limits import INVITE_DAYS

MESSAGES: Catalogue = {
    "en": {
        "invited": "Invitation to {campaign!r} as {role}, good until {until}:",
        "code": "  code: {code}",
        "link": "  link: {link}",
        "once": "Each invitation is used once.",
        "joined": "{user!r} joined {campaign!r} as {role}.",
        "role": "{user!r} is now {role} in {campaign!r} (was {before}).",
        "no-role": "no role",
        "visibility": "{campaign!r} is {visibility}.",
        "public": "public: everyone may read it",
        "private": "private: only its members may read it",
        "members": "Members of {campaign!r} ({visibility}):",
        "member": "  {user}: {role}{gangs}",
        "gangs": "; gangs {gangs}",
        "no-members": "  nobody yet: invite with 'skirmish campaign invite'.",
        "invitations": "Open invitations:",
        "invitation": "  {code}: {role}, until {until}",
        "owner": "{gang!r} now belongs to {user!r}.",
        "no-owner": "{gang!r} now belongs to nobody.",
    },
    "it": {
        "invited": "Invito a {campaign!r} come {role}, valido fino al {until}:",
        "code": "  codice: {code}",
        "link": "  link: {link}",
        "once": "Ogni invito si usa una volta sola.",
        "joined": "{user!r} è entrato in {campaign!r} come {role}.",
        "role": "{user!r} ora è {role} in {campaign!r} (prima: {before}).",
        "no-role": "nessun ruolo",
        "visibility": "{campaign!r} è {visibility}.",
        "public": "pubblica: chiunque può leggerla",
        "private": "privata: solo i suoi membri possono leggerla",
        "members": "Membri di {campaign!r} ({visibility}):",
        "member": "  {user}: {role}{gangs}",
        "gangs": "; bande {gangs}",
        "no-members": "  ancora nessuno: invita con 'skirmish campaign invite'.",
        "invitations": "Inviti aperti:",
        "invitation": "  {code}: {role}, fino al {until}",
        "owner": "{gang!r} ora appartiene a {user!r}.",
        "no-owner": "{gang!r} ora non appartiene a nessuno.",
    },
}

#: The words for "no role" / "no owner", in both languages (no account may be called so).
NOBODY = ("none", "nessuno", "nobody")
ON = ("on", "yes", "true", "sì", "si", "1")
OFF = ("off", "no", "false", "0")


def moment(stamp: str) -> str:
    """A stored UTC timestamp as people read it: ``2026-12-03 07:13 UTC``."""
    return f"{stamp[:10]} {stamp[11:16]} UTC"


UserArg = Annotated[str, typer.Argument(help="The user's name (any case).", show_default=False)]


def invite(
    lang: LangOpt,
    role: Annotated[
        str, typer.Option("--role", help="The role offered: player or arbitrator.")
    ] = "player",
    expires_days: Annotated[
        int,
        typer.Option(
            "--expires-days", callback=bounded(INVITE_DAYS), help="Days it stays good (1–90)."
        ),
    ] = 7,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Invite someone to the campaign: prints a short code to type and a link of the web app.

    Example: skirmish campaign invite --role arbitrator --expires-days 3
    """
    from skirmish.campaign import accounts, lookup
    from skirmish.campaign.permissions import parse_role, role_word

    offered = parse_role(role)
    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        invited = accounts.invite(s, found, offered, days=expires_days)
        name, until = found.name, invited.row.expires_at
    code = accounts.show_code(invited.code)
    if json_:
        emit(
            {"campaign": name, "role": offered.value, "code": code, "link": invited.link,
             "expires_at": until}
        )  # fmt: skip
        return
    echo(
        tr(
            MESSAGES,
            "invited",
            lang,
            campaign=name,
            role=role_word(offered, lang),
            until=moment(until),
        )
    )
    echo(tr(MESSAGES, "code", lang, code=code))
    echo(tr(MESSAGES, "link", lang, link=invited.link))
    echo(tr(MESSAGES, "once", lang))


def join(
    code: Annotated[str, typer.Argument(help="The invitation's code (ABCD-EFGH) or link.")],
    user: Annotated[str, typer.Option("--user", help="Who joins (an existing user).")],
    lang: LangOpt,
    db: DbOpt = None,
) -> None:
    """Use an invitation for a user, as the web app's join page does.

    Example: skirmish campaign join ABCD-EFGH --user Doc
    """
    from skirmish.campaign import accounts
    from skirmish.campaign.permissions import role_word

    with session(db, access="campaign") as s:
        found = accounts.find_user(s, user)
        joined, role = accounts.join(s, code, found)
        echo(
            tr(MESSAGES, "joined", lang, user=found.name, campaign=joined.name,
               role=role_word(role, lang))
        )  # fmt: skip


def role(
    user: UserArg,
    new_role: Annotated[
        str,
        typer.Argument(
            metavar="ROLE", help="owner, arbitrator, player, or none to remove the user."
        ),
    ],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """Give a user a role in the campaign (owner, arbitrator, player) or take it away (none).

    Example: skirmish campaign role Doc arbitrator
    """
    from skirmish.campaign import accounts, lookup
    from skirmish.campaign.permissions import parse_role, role_word

    wanted = None if new_role.strip().casefold() in NOBODY else parse_role(new_role)
    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        account = accounts.find_user(s, user)
        before = accounts.set_role(s, found, account, wanted)

        def word(r: object) -> str:
            return role_word(str(r), lang) if r is not None else tr(MESSAGES, "no-role", lang)

        echo(
            tr(MESSAGES, "role", lang, user=account.name, role=word(wanted),
               campaign=found.name, before=word(before))
        )  # fmt: skip


def members(
    lang: LangOpt, campaign: CampaignOpt = None, json_: JsonOpt = False, db: DbOpt = None
) -> None:
    """List the campaign's members with their roles and gangs, and its open invitations.

    Example: skirmish campaign members --json
    """
    from skirmish.campaign import accounts, lookup
    from skirmish.campaign.permissions import role_word

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        owners: dict[int | None, list[str]] = {}
        for gang in found.gangs:
            owners.setdefault(gang.owner_id, []).append(gang.name)
        people: list[dict[str, Any]] = [
            {"user": u.name, "role": r.value, "gangs": owners.get(u.id, [])}
            for u, r in accounts.members(s, found)
        ]
        open_ = [
            {"code": accounts.show_code(i.code), "role": i.role, "expires_at": i.expires_at}
            for i in accounts.open_invitations(s, found)
        ]
        name, public = found.name, found.public
    if json_:
        emit({"campaign": name, "public": public, "members": people, "invitations": open_})
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
               role=role_word(one["role"], lang), until=moment(one["expires_at"]))
        )  # fmt: skip


def set_public(
    value: Annotated[str, typer.Argument(metavar="on|off", help="on: public; off: members only.")],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """Make the campaign public (everyone may read it, nobody may change it) or private.

    Example: skirmish campaign set-public on
    """
    from skirmish.campaign import accounts, lookup

    word = value.strip().casefold()
    if word not in ON + OFF:
        raise CampaignError(
            f"set-public takes on or off, not {value!r}.",
            it=f"set-public vuole on oppure off, non {value!r}.",
        )
    with session(db, access="campaign") as s:
        found = accounts.set_public(s, lookup.current_campaign(s, campaign), word in ON)
        visibility = tr(MESSAGES, "public" if found.public else "private", lang)
        echo(tr(MESSAGES, "visibility", lang, campaign=found.name, visibility=visibility))


def gang_owner(
    gang: Annotated[str, typer.Argument(help="Name of the gang.", show_default=False)],
    user: Annotated[str, typer.Argument(help="Its owner, or none.", show_default=False)],
    lang: LangOpt,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """Say which user looks after a gang (none: nobody); a user with no role becomes a player.

    Example: skirmish gang owner Earps Wyatt
    """
    from skirmish.campaign import accounts, lookup

    with session(db, access="campaign") as s:
        found = lookup.gang_by_name(s, lookup.current_campaign(s, campaign), gang)
        owner = None if user.strip().casefold() in NOBODY else accounts.find_user(s, user)
        accounts.set_gang_owner(s, found, owner)
        if owner is None:
            echo(tr(MESSAGES, "no-owner", lang, gang=found.name))
        else:
            echo(tr(MESSAGES, "owner", lang, gang=found.name, user=owner.name))


def register_members(app: typer.Typer) -> None:
    """Add the members' commands to the ``campaign`` app."""
    app.command("invite")(invite)
    app.command("join")(join)
    app.command("role")(role)
    app.command("members")(members)
    app.command("set-public")(set_public)


def register_gang_owner(app: typer.Typer) -> None:
    """Add ``owner`` to the ``gang`` app."""
    app.command("owner")(gang_owner)
