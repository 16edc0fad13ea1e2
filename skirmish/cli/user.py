"""``skirmish user``: the club's accounts, administered from the command line on the same store
the web app serves (issue #11). Passwords are asked twice at a terminal without echo, or read
from one line of standard input with ``--password-stdin`` (for scripts); they never appear on
the command line, where other users of the machine could read them."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer

from skirmish import formats
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.help_text import example
from skirmish.cli.safe import echo
from skirmish.cli.store_options import emit, session
from skirmish.errors import CampaignError
from skirmish.i18n import Catalogue, messages, tr
from skirmish.translation import N_, Message, ngettext

MESSAGES: Catalogue = messages(
    {
        "added": N_("User {name!r} added."),
        "removed": N_("User {name!r} removed."),
        "unowned": N_("Gangs left without an owner: {gangs}."),
        "none": N_("No users yet: add one with 'skirmish user add NAME'."),
        "row": N_("{name} (since {since}): {campaigns}"),
        "no-campaign": N_("no campaign"),
        "prompt": N_("Password"),
        "repeat": N_("Repeat the password"),
    }
)

app = typer.Typer(
    name="user",
    help=(
        N_("The club's accounts for the web app: add, passwd, list, remove.")
        + "\n\n"
        + example(N_("skirmish user add Wyatt"))
    ),
    no_args_is_help=True,
)

NameArg = Annotated[str, typer.Argument(help=N_("The user's name (any case)."), show_default=False)]
PasswordStdinOpt = Annotated[
    bool,
    typer.Option(
        "--password-stdin",
        help=N_("Read the password from the first line of standard input instead of asking."),
    ),
]


def at_terminal() -> bool:
    """Whether the password can be asked without echo (standard input is a terminal)."""
    return sys.stdin.isatty()


def read_password(lang: str, from_stdin: bool) -> str:
    """The new password: one line of standard input, or asked twice at the terminal."""
    if from_stdin:
        line = sys.stdin.readline()
        return line.removesuffix("\n").removesuffix("\r")
    if not at_terminal():
        raise CampaignError(
            Message(
                "there is no terminal to ask the password at: pass it on standard "
                "input with --password-stdin."
            )
        )
    typed: str = typer.prompt(
        tr(MESSAGES, "prompt", lang),
        hide_input=True,
        confirmation_prompt=tr(MESSAGES, "repeat", lang),
    )
    return typed


@app.command(
    "add",
    help=(
        N_("Add a user who can log in to the web app; names are unique whatever their case.")
        + "\n\n"
        + example(
            N_("printf '%s\\n' 'polvere e piombo' | skirmish user add Wyatt --password-stdin")
        )
    ),
)
def add(
    name: NameArg, lang: LangOpt, password_stdin: PasswordStdinOpt = False, db: DbOpt = None
) -> None:
    """``add``: its help is the command's (above)."""
    from skirmish.campaign import accounts  # lazy: command

    password = read_password(lang, password_stdin)
    with session(db, access="campaign", create=True) as s:
        user = accounts.add_user(s, name, password)
        echo(tr(MESSAGES, "added", lang, name=user.name))


@app.command(
    "passwd",
    help=(
        N_("Change a user's password; every session they have open ends (they log in again).")
        + "\n\n"
        + example(N_("skirmish user passwd Wyatt"))
    ),
)
def passwd(
    name: NameArg, lang: LangOpt, password_stdin: PasswordStdinOpt = False, db: DbOpt = None
) -> None:
    """``passwd``: its help is the command's (above)."""
    from skirmish.campaign import accounts  # lazy: command

    with session(db, access="read") as s:
        accounts.find_user(s, name)  # an unknown name is said before the password is asked
    password = read_password(lang, password_stdin)
    with session(db, access="campaign") as s:
        user, ended = accounts.set_password(s, name, password)
        echo(
            ngettext(
                lang,
                "Password of {name!r} changed; {n} session ended.",
                "Password of {name!r} changed; {n} sessions ended.",
                ended,
                name=user.name,
            )
        )


@app.command(
    "list",
    help=(
        N_("List the users, with their role in each campaign and the gangs they own.")
        + "\n\n"
        + example(N_("skirmish user list --json"))
    ),
)
def list_(lang: LangOpt, json_: JsonOpt = False, db: DbOpt = None) -> None:
    """``list``: its help is the command's (above)."""
    from skirmish.campaign import accounts  # lazy: command
    from skirmish.campaign.club import memberships  # lazy: command
    from skirmish.campaign.permissions import role_word  # lazy: command

    with session(db, access="read") as s:
        rows: list[dict[str, Any]] = []
        for user in accounts.list_users(s):
            roles = sorted((c.name, r.value) for c, r in memberships(s, user))
            rows.append(
                {
                    "name": user.name,
                    "created_at": user.created_at,
                    "campaigns": [{"campaign": c, "role": r} for c, r in roles],
                    "gangs": [g.name for g in accounts.owned_gangs(s, user)],
                }
            )
    if json_:
        emit(rows)
        return
    if not rows:
        echo(tr(MESSAGES, "none", lang))
    for row in rows:
        campaigns = ", ".join(
            f"{c['campaign']} ({role_word(c['role'], lang)})" for c in row["campaigns"]
        )
        echo(
            tr(
                MESSAGES, "row", lang, name=row["name"], since=formats.day(row["created_at"], lang),
                campaigns=campaigns or tr(MESSAGES, "no-campaign", lang),
            )
        )  # fmt: skip


@app.command(
    "remove",
    help=(
        N_("Remove a user with their sessions and roles; their log entries stay as they were.")
        + "\n\n"
        + example(N_("skirmish user remove Ike --force"))
    ),
)
def remove(
    name: NameArg,
    lang: LangOpt,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help=N_("Remove a user who owns gangs; their gangs keep no owner.")
        ),
    ] = False,
    db: DbOpt = None,
) -> None:
    """``remove``: its help is the command's (above)."""
    from skirmish.campaign import accounts  # lazy: command

    with session(db, access="campaign") as s:
        user = accounts.find_user(s, name)
        gangs = [g.name for g in accounts.owned_gangs(s, user)]
        removed = accounts.remove_user(s, name, force=force)
        echo(tr(MESSAGES, "removed", lang, name=removed.name))
        if gangs:
            echo(tr(MESSAGES, "unowned", lang, gangs=", ".join(gangs)))
