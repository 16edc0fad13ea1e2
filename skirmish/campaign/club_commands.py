"""The catalogue of the club's actions (issue #20): a new campaign, its house rules, public or
private, its web address, members' roles, who looks after each gang, a new gang, invitations and
joining, each declared once below the front ends, as ``campaign/commands.py`` declares the
actions between games on one gang.

An entry (``ClubCommand``) says its name, its command line's path (``("campaign", "invite")``)
and Italian names, its words in both languages (the button, the form's title and the API's
summary, the help) and an example, its inputs as typed ``Field``s (``campaign/fields.py``), who
may do it (``permissions.TABLE``'s action; ``None`` where no row of the table answers: anyone
logged in founds a campaign, holding an invitation is the permission to join), where the web
takes it (its form's ``POST`` and its ``/api/v1`` twin) and what it calls (``run``: the club's
service, ``campaign/club.py``, inside the front end's unit of work).

The front ends are built from it:

- ``skirmish campaign …`` and ``skirmish gang new/owner``: each command's name, Italian names
  and help with the example (``cli/between.py``'s ``command``);
- the web's club pages (``web/club_campaigns.py``, ``web/club_members.py``,
  ``web/club_join.py``): their API routes' summary, description and request schema in OpenAPI
  (``web/action_schema.club_route``), their forms' labels (``web/club.py``'s ``WORDS``), and the
  service each form runs.

``tests/campaign/test_club_commands.py`` walks the catalogue through every front end;
``tests/web/test_club_same.py`` runs each action through the command line and through the web
and compares the rows. As in the other catalogues the values are passed as typed: the service
parses them, once for both front ends, after asking the permission.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.campaign.fields import Field, Kind, Words
from skirmish.campaign.grants import Action
from skirmish.campaign.settings import HOUSE_RULES, HouseRule, parse_assignment
from skirmish.errors import CampaignError
from skirmish.limits import INVITE_DAYS
from skirmish.translation import N_, Message

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.models import Campaign
    from skirmish.campaign.permissions import Actor

W = Words


def _filled(msgid: str, **values: Any) -> Words:
    """A label or help of the catalogue with values filled in, in both languages."""
    return Words.filled(msgid, **values)


#: The values of an action as a front end read them (as typed), by field name.
Values = Mapping[str, Any]
#: An action's service: the campaign (``None`` for a new campaign and for joining, found by the
#: caller's unit of work), the actor, the values; it answers what the service answers.
Run = Callable[["Session", "Campaign | None", "Actor", Values], Any]


@dataclass(frozen=True)
class ClubCommand:
    """One of the club's actions, declared once (see the module's docstring)."""

    name: str
    path: tuple[str, ...]  # ``skirmish PATH …``
    italian: tuple[str, ...]  # the command line's Italian names (hidden from the help)
    label: Words  # the form's button
    title: Words  # the form's title, the API route's summary
    help: Words
    example: str  # a command line
    usage: str  # the command line's synopsis
    fields: tuple[Field, ...]
    run: Run
    permission: Action | None  # ``permissions.TABLE``'s row; None: see the module's docstring
    form: str  # the web form's ``POST``
    api: str  # its ``/api/v1`` twin
    asked: tuple[str, ...] | None = None  # the fields the web's form asks (None: all); the
    # others the API and the command line take, and the web sets on another page
    each: bool = False  # the command line sets one field at a time: ``campaign set KEY VALUE``
    for_user: bool = False  # the command line names the account it acts for (``--user``);
    # on the web it is the reader
    created: bool = False  # the API answers 201 Created

    @property
    def cli(self) -> str:
        return "skirmish " + " ".join(self.path)

    @property
    def rolls(self) -> bool:
        return False  # no club action rolls dice (``cli/between.help_of`` asks)

    @property
    def on_form(self) -> tuple[Field, ...]:
        """The fields the web's form asks."""
        if self.asked is None:
            return self.fields
        return tuple(f for f in self.fields if f.name in self.asked)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


# ----------------------------------------------------------------------------- the services
# Each imports the club's services when it runs (``club.py`` needs the store): the catalogue
# loads without it, for ``skirmish --help``.


def _text(values: Values, name: str, default: str = "") -> str:
    value = values.get(name)
    return default if value is None else str(value)


def _yes(values: Values, name: str) -> bool:
    """A flag as a form (``on``), JSON (``true``) or the command line (a bool) sends it."""
    value = values.get(name)
    if isinstance(value, bool):
        return value
    return str(value or "").strip().casefold() in ("on", "1", "true", "yes", "sì", "si")


def _campaign(campaign: Campaign | None) -> Campaign:
    assert campaign is not None, "a campaign's action is run on its campaign"
    return campaign


def house_assignments(values: Values) -> dict[str, str]:
    """``house`` as typed: KEY=VALUE texts (a list, or one text of them separated by spaces,
    as a form or a JSON list comes to the web), each checked (``settings.parse_assignment``)."""
    typed = values.get("house") or ()
    texts = typed.split() if isinstance(typed, str) else [str(t) for t in typed]
    return dict(parse_assignment(text) for text in texts)


def new_campaign(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Campaign:
    from skirmish.campaign import club  # lazy: run

    return club.create_campaign(
        s,
        actor=actor,
        name=_text(v, "name"),
        explosives=_yes(v, "explosives"),
        settings=house_assignments(v),
    )


def house_rules(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    """Every house rule sent, each checked; an entry for each that changes (the web's form sends
    them all). The command line's ``campaign set KEY VALUE`` is ``club.set_house_rule``."""
    from skirmish.campaign import club  # lazy: run

    values = {key: str(value) for key, value in v.items()}
    return club.set_house_rules(s, actor=actor, campaign=_campaign(campaign), values=values)


def set_public(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Campaign:
    from skirmish.campaign import club  # lazy: run

    return club.set_public(s, actor=actor, campaign=_campaign(campaign), public=_text(v, "public"))


def set_address(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    from skirmish.campaign import club  # lazy: run

    typed = _text(v, "address")
    if typed.strip() and _yes(v, "clear"):
        raise CampaignError(Message("give an address or clear it, not both. Nothing was changed."))
    address = typed if typed.strip() else None  # empty: removed, as ``--clear``
    return club.set_address(s, actor=actor, campaign=_campaign(campaign), address=address)


def set_role(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    from skirmish.campaign import club  # lazy: run

    return club.set_role(
        s, actor=actor, campaign=_campaign(campaign), user=_text(v, "user"), role=_text(v, "role")
    )


def give_gang(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    from skirmish.campaign import club  # lazy: run

    return club.give_gang(
        s, actor=actor, campaign=_campaign(campaign), gang=_text(v, "gang"), user=_text(v, "user")
    )


def found_gang(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    from skirmish.campaign import club  # lazy: run

    return club.found_gang(
        s,
        actor=actor,
        campaign=_campaign(campaign),
        name=_text(v, "name"),
        faction=_text(v, "faction"),
    )


def invite(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    from skirmish.campaign import accounts, club  # lazy: run

    days = v.get("days")
    return club.invite(
        s,
        actor=actor,
        campaign=_campaign(campaign),
        role=_text(v, "role") or "player",
        days=days if isinstance(days, int) else str(days or accounts.INVITE_DEFAULT_DAYS),
    )


def withdraw(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> None:
    from skirmish.campaign import club  # lazy: run

    club.withdraw(s, actor=actor, campaign=_campaign(campaign), code=_text(v, "code"))


def join(s: Session, campaign: Campaign | None, actor: Actor, v: Values) -> Any:
    """The actor (an account) uses the invitation; nobody logged in is told to log in."""
    from skirmish.campaign import club  # lazy: run

    user = club.user_of(actor)
    if user is None:
        raise CampaignError(
            Message("log in first (or make your account with an invitation). Nothing was changed.")
        )
    return club.join(s, code=_text(v, "code"), user=user)


# ----------------------------------------------------------------------------- the fields


def _text_field(name: str, label: Words, help: Words, **more: Any) -> Field:
    return Field(name, Kind.TEXT, label, help, **more)


CAMPAIGN_NAME = _text_field(
    "name",
    W("Name of the campaign"),
    W("The new campaign's name, unique in the store."),
    required=True,
    argument=True,
)
EXPLOSIVES = Field(
    "explosives",
    Kind.FLAG,
    W("Dynamite and nitroglycerin on sale"),
    W("Dynamite and nitroglycerin on sale (a mining or railroad zone, R-12)."),
)  # fmt: skip
#: Every house rule's key, with its ruling: explosives (R-12), win-money (H-01), …
KEYS_TEXT = ", ".join(f"{rule.key} ({rule.rule})" for rule in HOUSE_RULES)
HOUSE = Field(
    "house",
    Kind.ASSIGNMENTS,
    W("House rules"),
    _filled(N_("House rules set instead of their defaults, each KEY=VALUE (sell-percent=100). "
                "Keys: {keys}."), keys=KEYS_TEXT),
    short="-H",
)  # fmt: skip

#: Each house rule's label on the settings form, by key.
HOUSE_LABELS: dict[str, Words] = {
    "explosives": W("Dynamite and nitroglycerin on sale"),
    "win-money": W("Dollars for a win"),
    "loss-money": W("Dollars for a loss"),
    "win-xp": W("XP for a win"),
    "failed-item": W("An unavailable item may be tried again"),
    "dead-equipment": W("A dead model's equipment goes"),
    "sell-percent": W("Items sell for, % of the price paid"),
    "initiative-ties": W("Initiative ties"),
    "duplicate-invalidity": W("A duplicate invalidity"),
    "hero-limits": W("Hero limits apply"),
    "bounty-percent": W("Bounty, % of the model's cost"),
    "marked-cards-dice": W("Marked cards, D6 rolled"),
    "gambler": W("Gambler's winnings"),
}  # fmt: skip


def _house_field(rule: HouseRule) -> Field:
    """A house rule as an input: a number in its range, or one of its words."""
    help = _filled(N_("{rule}: {accepts} (default {default})."), rule=rule.rule,
                   accepts=rule.accepts, default=rule.default)  # fmt: skip
    if rule.choices:
        return Field(rule.key, Kind.WORD, HOUSE_LABELS[rule.key], help)
    return Field(rule.key, Kind.COUNT, HOUSE_LABELS[rule.key], help, low=rule.low, high=rule.high)


HOUSE_FIELDS = tuple(_house_field(rule) for rule in HOUSE_RULES)
HOUSE_KEYS = frozenset(rule.key for rule in HOUSE_RULES)
#: A house rule's words, where a choice is typed (``settings.HouseRule.choices``), by key.
HOUSE_CHOICES: dict[str, tuple[str, ...]] = {r.key: r.choices for r in HOUSE_RULES if r.choices}

PUBLIC = Field(
    "public",
    Kind.WORD,
    W("Public"),
    W("on: everyone may read it; off: only its members (false or empty: off)."),
    required=True,
    argument=True,
    cli="value",
)  # fmt: skip
ADDRESS = _text_field(
    "address",
    W("Address of this web app (https://…/)"),
    W("Where the club's phones open this app, e.g. https://saloon.example.org/; printed "
      "rosters and cards carry a QR code to each gang's page there. Empty: remove it."),
    argument=True,
    cli="url",
)  # fmt: skip
CLEAR = Field(
    "clear",
    Kind.FLAG,
    W("Remove the address"),
    W("Remove the address: printed sheets carry no QR code."),
)  # fmt: skip
USER = _text_field(
    "user",
    W("User"),
    W("The user's name (any case)."),
    required=True,
    argument=True,
)
ROLE = Field(
    "role",
    Kind.WORD,
    W("Role"),
    W("owner, arbitrator, player (or their Italian words), or none to take the role away."),
    required=True,
    argument=True,
    cli="new_role",
)  # fmt: skip
GANG = _text_field(
    "gang",
    W("Gang"),
    W("The gang's name."),
    required=True,
    argument=True,
)
OWNER = _text_field(
    "user",
    W("Looked after by"),
    W("The user who looks after it (becomes a player if they had no role), or none."),
    required=True,
    argument=True,
)  # fmt: skip
GANG_NAME = _text_field(
    "name",
    W("Name of the gang"),
    W("The new gang's name, unique in its campaign."),
    required=True,
    argument=True,
)  # fmt: skip
FACTION = Field(
    "faction",
    Kind.WORD,
    W("Faction"),
    W("lawmen, outlaws, cowboys, mountain-men, mexicans, rangers, bounty-killers, military or "
      "indians (Italian names too)."),
    required=True,
)  # fmt: skip
OFFERED = Field(
    "role",
    Kind.WORD,
    W("Role offered"),
    W("The role offered: player or arbitrator (default player)."),
)  # fmt: skip
DAYS = Field(
    "days",
    Kind.COUNT,
    _filled(N_("Good for (days, {low}–{high})"), low=INVITE_DAYS.low, high=INVITE_DAYS.high),
    _filled(N_("Days it stays good ({low}–{high}, default 7)."), low=INVITE_DAYS.low,
            high=INVITE_DAYS.high),
    low=INVITE_DAYS.low,
    high=INVITE_DAYS.high,
    cli="--expires-days",
)  # fmt: skip
CODE = _text_field(
    "code",
    W("Invitation code"),
    W("The invitation's code (ABCD-EFGH, any case, with or without the dash) or its link."),
    required=True,
    argument=True,
)  # fmt: skip
OPEN_CODE = _text_field(
    "code",
    W("Invitation code"),
    W("The open invitation's code (ABCD-EFGH)."),
    required=True,
    argument=True,
)

# ----------------------------------------------------------------------------- the catalogue

_C = "/c/{campaign}"
_API = "/api/v1/campaigns/{campaign}"

CATALOGUE: tuple[ClubCommand, ...] = (
    ClubCommand(
        "campaign-new",
        ("campaign", "new"),
        (),
        W("Create"),
        W("New campaign"),
        W(
            "Create a campaign; an account that creates it becomes its owner (the command line "
            "also starts using it)."
        ),
        'skirmish campaign new "Tombstone 1881" --explosives -H sell-percent=100',
        "skirmish campaign new NAME [--explosives] [-H KEY=VALUE …]",
        (CAMPAIGN_NAME, EXPLOSIVES, HOUSE),
        new_campaign,
        None,
        "/campaigns/new",
        "/api/v1/campaigns",
        asked=("name",),  # the house rules' page follows, with every rule
        created=True,
    ),
    ClubCommand(
        "house-rules",
        ("campaign", "set"),
        (),
        W("Save"),
        W("House rules"),
        W("Change house rules (H-01…H-11) or the explosives flag; each change is logged."),
        "skirmish campaign set sell-percent 100",
        "skirmish campaign set KEY VALUE",
        HOUSE_FIELDS,
        house_rules,
        Action.HOUSE_RULES,
        _C + "/settings",
        _API + "/settings",
        each=True,
    ),
    ClubCommand(
        "set-public",
        ("campaign", "set-public"),
        (),
        W("Make it public"),
        W("Public or private"),
        W(
            "Make the campaign public (everyone may read it, nobody but its members may change "
            "it) or private."
        ),
        "skirmish campaign set-public on",
        "skirmish campaign set-public on|off",
        (PUBLIC,),
        set_public,
        Action.PUBLISH,
        _C + "/members/public",
        _API + "/members/public",
    ),
    ClubCommand(
        "address",
        ("campaign", "address"),
        (),
        W("Save"),
        W("Web address"),
        W(
            "Set the campaign's web address, where the club reaches its web app: printed "
            "rosters and cards then carry a QR code to each gang's page there. Setting it is "
            "logged."
        ),
        "skirmish campaign address https://saloon.example.org/",
        "skirmish campaign address [URL] [--clear]",
        (ADDRESS, CLEAR),
        set_address,
        Action.PUBLISH,
        _C + "/members/address",
        _API + "/members/address",
        asked=("address",),  # the form clears it when left empty
    ),
    ClubCommand(
        "role",
        ("campaign", "role"),
        (),
        W("Change"),
        W("A member's role"),
        W(
            "Give a user a role in the campaign (owner, arbitrator, player) or take it away "
            "(none); the campaign's last owner stays owner."
        ),
        "skirmish campaign role Doc arbitrator",
        "skirmish campaign role USER ROLE",
        (USER, ROLE),
        set_role,
        Action.MEMBERS,
        _C + "/members/role",
        _API + "/members/role",
    ),
    ClubCommand(
        "gang-owner",
        ("gang", "owner"),
        (),
        W("Give"),
        W("Who looks after each gang"),
        W(
            "Say which user looks after a gang (none: nobody); a user with no role becomes a "
            "player."
        ),
        "skirmish gang owner Earps Wyatt",
        "skirmish gang owner GANG USER",
        (GANG, OWNER),
        give_gang,
        Action.MEMBERS,
        _C + "/members/gang",
        _API + "/members/gang",
    ),
    ClubCommand(
        "gang-new",
        ("gang", "new"),
        (),
        W("Found the gang"),
        W("Found a gang"),
        W("Found a gang with the starting 400$ (R-13); an account that founds it looks after it."),
        'skirmish gang new Earps --faction "uomini della legge"',
        "skirmish gang new NAME --faction FACTION",
        (GANG_NAME, FACTION),
        found_gang,
        Action.CREATE_GANG,
        _C + "/gangs/new",
        _API + "/gangs",
        created=True,
    ),
    ClubCommand(
        "invite",
        ("campaign", "invite"),
        (),
        W("Invite"),
        W("Invite to the campaign"),
        W(
            "Invite someone to the campaign: a short code to type and a link of the web app, "
            "each used once."
        ),
        "skirmish campaign invite --role arbitrator --expires-days 3",
        "skirmish campaign invite [--role ROLE] [--expires-days N]",
        (OFFERED, DAYS),
        invite,
        Action.INVITE,
        _C + "/invitations",
        _API + "/invitations",
        created=True,
    ),
    ClubCommand(
        "withdraw",
        ("campaign", "withdraw"),
        (),
        W("Withdraw"),
        W("Withdraw an invitation"),
        W("Withdraw an open invitation: neither its code nor its link works any more."),
        "skirmish campaign withdraw ABCD-EFGH",
        "skirmish campaign withdraw CODE",
        (OPEN_CODE,),
        withdraw,
        Action.INVITE,
        _C + "/invitations/withdraw",
        _API + "/invitations/withdraw",
    ),
    ClubCommand(
        "join",
        ("campaign", "join"),
        (),
        W("Join"),
        W("Join a campaign"),
        W(
            "Use an invitation: its holder joins the campaign with the role it offers "
            "(holding it is the permission)."
        ),
        "skirmish campaign join ABCD-EFGH --user Doc",
        "skirmish campaign join CODE --user USER",
        (CODE,),
        join,
        None,
        "/join",
        "/api/v1/join",
        for_user=True,
    ),
)

BY_NAME: dict[str, ClubCommand] = {c.name: c for c in CATALOGUE}
BY_PATH: dict[tuple[str, ...], ClubCommand] = {c.path: c for c in CATALOGUE}
