"""The catalogue of the actions between games (issue #20): each declared once, below the front
ends, as ``campaign/game/commands.py`` declares a game's.

An entry (``Command``) says what may be done to a gang between games: its name (the web's
address and the API's route), its command line's path (``("gang", "hire")``) and Italian names,
its words in both languages (the button, the form's title, the help) and an example, its inputs
as typed ``Field``s (``campaign/fields.py``; those a form asks as one choice, ``pick``), the dice
it asks for in their order, who may do it (``permissions.TABLE``'s action), what the gang may
choose now (``choices``: the services' own checks, ``campaign/choices.py``, with the API's
shape of them) and what it calls (``run``: one service, inside the front end's unit of work).

The front ends are built from it:

- ``skirmish gang …``, ``skirmish member …``, ``skirmish undo``: each command's name, its
  Italian names and its help with the example (``cli/between.py``);
- the web's forms (``GET``/``POST /c/{campaign}/g/{gang}/{name}``) and ``/api/v1`` (``POST``
  with its own request schema in OpenAPI, ``GET`` for the choices), ``web/actions.py``.

``tests/campaign/test_gang_commands.py`` walks the catalogue through every front end, and runs
each action with the same dice through the command line and the API, comparing the rows.

The catalogue decides no rule: an offer is a convenience, and the service checks everything
again inside its unit of work; its refusal is what the user reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.campaign.fields import Field, Kind, Words
from skirmish.campaign.grants import Action
from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.limits import XP_CHANGE
from skirmish.rules import weapons
from skirmish.rules.model import WeaponCategory
from skirmish.translation import Message

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.models import Gang, LogEntry
    from skirmish.engine.dice import DiceSource

W = Words

#: The values of an action as a front end read them (names as typed), by field name.
Values = Mapping[str, str]
#: An action's service: the gang (locked by the caller's unit of work), the values, the dice.
Run = Callable[["Session", "Gang", Values, "DiceSource | None"], "LogEntry"]


@dataclass(frozen=True)
class Pick:
    """Fields a form asks as one choice among what the gang has now (an item where it is held,
    a model's advance): its field's name on the form, its label, the fields it sets."""

    name: str
    label: Words
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Command:
    """One action between games, declared once (see the module's docstring)."""

    name: str  # the web's: /c/{campaign}/g/{gang}/{name}, the API's route
    path: tuple[str, ...]  # ``skirmish PATH GANG …``
    italian: tuple[str, ...]  # the command line's Italian names (hidden from the help)
    label: Words  # the gang page's button, the form's button
    title: Words  # the form's title, the API route's summary
    help: Words  # one sentence or two, with the rulings
    example: str  # a command line
    usage: str  # the command line's synopsis
    fields: tuple[Field, ...]
    run: Run
    permission: Action = Action.CHANGE_GANG
    dice: tuple[Words, ...] = ()  # the dice it asks for, in order
    pick: Pick | None = None
    choices: str | None = None  # what the gang may choose now: ``campaign/choices.py``'s
    # ``{choices}_options`` (the services' own checks) and ``{choices}_data`` (its JSON)

    @property
    def cli(self) -> str:
        return "skirmish " + " ".join(self.path)

    @property
    def rolls(self) -> bool:
        return bool(self.dice)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def offered(self, session: Session, gang: Gang) -> Any:
        """What the gang may choose now, each choice allowed or refused with the service's
        words (``campaign/choices.py``)."""
        # lazy: run (the store: loaded when an action is taken)
        from skirmish.campaign import choices

        assert self.choices is not None
        return getattr(choices, f"{self.choices}_options")(session, gang)

    def shown(self, offered: Any, lang: Lang) -> dict[str, Any]:
        """``offered`` as the API's ``GET`` and ``--json`` show it."""
        from skirmish.campaign import choices  # lazy: run

        assert self.choices is not None
        found: dict[str, Any] = getattr(choices, f"{self.choices}_data")(offered, lang)
        return found


# ----------------------------------------------------------------------------- the services
# Each imports its service when it runs, as ``campaign/game/runs.py`` does: the catalogue loads
# without the store (``skirmish --help`` lists the commands from it).


def _member(values: Values) -> str | None:
    return values.get("member") or None


def hire(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import roster  # lazy: run

    return roster.hire(s, gang=gang, profile=v["profile"], name=v["name"])


def fire(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import roster  # lazy: run

    return roster.fire(s, gang=gang, member=v["member"])


def buy(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import equipment  # lazy: run

    assert dice is not None
    return equipment.buy(s, gang=gang, item=v["item"], dice=dice, member=_member(v))


def sell(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import equipment  # lazy: run

    return equipment.sell(s, gang=gang, item=v["item"], member=_member(v))


def equip(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import equipment  # lazy: run

    return equipment.equip(s, gang=gang, item=v["item"], member=v["member"])


def unequip(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import equipment  # lazy: run

    return equipment.unequip(s, gang=gang, item=v["item"], member=v["member"])


#: The weapon fields of an advance, by the category of the skill "a scelta" each answers.
WEAPON_FIELDS = ("rifle", "blade", "pistol")


def advance(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    """R-11. A skill "a scelta" takes the weapon chosen for its type, else (docs/web.md) the
    first of that type the model carries: the service picks the first that fits."""
    from skirmish.campaign import advancement, lookup  # lazy: run

    assert dice is not None
    chosen = [v[f] for f in WEAPON_FIELDS if v.get(f)]
    model = lookup.member_by_name(gang, v["member"])
    carried = [o.item for o in lookup.carried(gang, model)]
    return advancement.advance(
        s,
        gang=gang,
        member=v["member"],
        advance=v["advance"],
        dice=dice,
        choices=chosen + [c for c in carried if _is_weapon(c)],
        pick="fuciliere" if v.get("cacciatore") else None,
    )


def _is_weapon(item_id: str) -> bool:
    return any(w.id == item_id for w in weapons())


def xp(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import advancement  # lazy: run

    amount = AMOUNT.parse(v.get("amount"))
    reason = v.get("reason") or ""
    return advancement.award_xp(s, gang=gang, member=v["member"], xp=amount, reason=reason)


def rename(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import gangs  # lazy: run

    return gangs.rename_gang(s, gang=gang, name=v["name"])


def retire(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import gangs  # lazy: run

    return gangs.retire_gang(s, gang=gang)


def rename_model(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    from skirmish.campaign import roster  # lazy: run

    if v.get("no_handle") and v.get("handle"):
        raise CampaignError(
            Message("give a new handle or take its handle away, not both; nothing was changed.")
        )
    return roster.rename(
        s,
        gang=gang,
        member=v["member"],
        name=v.get("name") or None,
        handle=v.get("handle") or None,
        clear_handle=bool(v.get("no_handle")),
    )


def undo(s: Session, gang: Gang, v: Values, dice: DiceSource | None) -> LogEntry:
    """The gang's last action, only if it is still the entry shown (when one is named)."""
    from skirmish.campaign import undo_shown  # lazy: run

    return undo_shown.undo(s, gang=gang, entry=undo_shown.number(v.get("entry"), "entry"))


# ----------------------------------------------------------------------------- the fields


def _model(label: Words, help: Words, **more: Any) -> Field:
    return Field("member", Kind.MODEL, label, help, **more)


MODEL = _model(W("Model"), W("The model: its name or handle."), required=True, argument=True)
PROFILE = Field(
    "profile",
    Kind.PROFILE,
    W("Profile"),
    W("A profile, in Italian or English (e.g. sceriffo)."),
    required=True,
    argument=True,
)
NEW_MODEL = Field(
    "name",
    Kind.TEXT,
    W("Name of the new model"),
    W("The new model's name, unique in the gang."),
    required=True,
)  # fmt: skip


def _item(label: Words, help: Words) -> Field:
    return Field("item", Kind.ITEM, label, help, required=True, argument=True)


ITEM = _item(
    W("Weapon or item"),
    W("The weapon or item, in Italian or English (e.g. 'sei colpi', horse)."),
)
BUY_FOR = Field(
    "member",
    Kind.CARRIER,
    W("For"),
    W("The model who gets it; absent: the stash."),
    cli="--for",
)  # fmt: skip
HELD_BY = Field(
    "member",
    Kind.CARRIER,
    W("Held by"),
    W("The model who carries it; absent: the stash."),
    cli="--from",
)  # fmt: skip
STASH_ITEM = _item(W("Item from the stash"), W("The item in the stash."))
TAKER = _model(W("Give it to"), W("The model who takes it."), required=True, argument=True)
CARRIER = _model(W("Carried by"), W("The model who carries it."), required=True, argument=True)
ADVANCE = Field(
    "advance",
    Kind.WORD,
    W("Advance"),
    W("skill (a new skill: 3 XP, a 2D6 roll), rif or fred (+1: 5 XP), cos or tiro (+1: 6 XP), "
      "fama or fortuna (+1: 7 XP), or their words."),
    required=True,
    argument=True,
    cli="what",
)  # fmt: skip
_WEAPON_WORDS = {
    WeaponCategory.RIFLE: (
        W("Rifle, if the roll gives Rifleman"),
        W("The rifle a new skill of that type is for (R-11); absent: the first rifle the model "
          "carries."),
    ),
    WeaponCategory.BLADE: (
        W("Blade, if the roll gives Warrior"),
        W("The blade a new skill of that type is for (R-11); absent: the first blade the model "
          "carries."),
    ),
    WeaponCategory.PISTOL: (
        W("Pistol, if the roll gives Gunslinger"),
        W("The pistol a new skill of that type is for (R-11); absent: the first pistol the model "
          "carries."),
    ),
}  # fmt: skip
WEAPONS = tuple(
    Field(
        category.value,
        Kind.WEAPON,
        label,
        help,
        cli="--choice",
        category=category.value,
        more=True,
    )
    for category, (label, help) in _WEAPON_WORDS.items()
)
CACCIATORE = Field(
    "cacciatore",
    Kind.FLAG,
    W("Take CACCIATORE without rolling (mountain men, §9.6)"),
    W("Mountain men: take CACCIATORE without rolling (§9.6); true or false."),
    cli="--pick",
    more=True,
)  # fmt: skip
AMOUNT = Field(
    "amount",
    Kind.COUNT,
    W("XP gained"),
    W("XP gained (negative to correct a mistake), −10,000 to 10,000."),
    required=True,
    argument=True,
    low=XP_CHANGE.low,
    high=XP_CHANGE.high,
)  # fmt: skip
REASON = Field(
    "reason",
    Kind.TEXT,
    W("Why"),
    W("Why, for the log (e.g. '2 eliminations')."),
)  # fmt: skip
GANG_NAME = Field(
    "name",
    Kind.TEXT,
    W("New name of the gang"),
    W("The gang's new name."),
    required=True,
    argument=True,
    cli="new_name",
)
MODEL_NAME = Field(
    "name",
    Kind.TEXT,
    W("New name (blank: keep it)"),
    W("Its new name, unique in the gang; absent: keep it."),
    argument=True,
    cli="new_name",
)  # fmt: skip
HANDLE = Field(
    "handle",
    Kind.TEXT,
    W("Handle (blank: keep it)"),
    W("A short name it answers to at the table (at most 24 characters, unique in the gang "
      "among names and handles); absent: keep it."),
    hint=W("A short name it answers to at the table, at most 24 characters."),
)  # fmt: skip
NO_HANDLE = Field(
    "no_handle",
    Kind.FLAG,
    W("Take its handle away"),
    W("Take its handle away; true or false."),
    cli="--no-handle",
)
SHOWN_ENTRY = Field(
    "entry",
    Kind.TEXT,
    W("The action shown"),
    W("The id of the log entry shown as the last action (the gang's log gives "
      "it); refused with what changed since when it is no longer the last. Absent: the last "
      "action, whatever it is."),
    it_flag="--voce",
)  # fmt: skip

# ----------------------------------------------------------------------------- the catalogue

CATALOGUE: tuple[Command, ...] = (
    Command(
        "hire",
        ("gang", "hire"),
        ("assolda",),
        W("Hire"),
        W("Hire a model"),
        W("Hire a model (R-13: cost, 6 models, one leader, hero limits, own faction or NPCs)."),
        'skirmish gang hire Earps sceriffo --name "Wyatt Earp"',
        "skirmish gang hire GANG PROFILE --name NAME",
        (PROFILE, NEW_MODEL),
        hire,
        choices="hire",
    ),
    Command(
        "fire",
        ("gang", "fire"),
        ("congeda",),
        W("Fire"),
        W("Fire a model"),
        W("Dismiss a model (no refund); what it carried goes to the stash."),
        'skirmish gang fire Earps "Morgan Earp"',
        "skirmish gang fire GANG MODEL",
        (MODEL,),
        fire,
    ),
    Command(
        "buy",
        ("gang", "buy"),
        ("compra",),
        W("Buy"),
        W("Buy a weapon or an item"),
        W(
            "Buy a weapon or item (R-12: availability roll, rarity, explosives, cowboy heroes' "
            "half-price horse; H-03 after a failed roll)."
        ),
        'skirmish gang buy Earps "fucile a ripetizione" --for "Wyatt Earp" --dice 4',
        "skirmish gang buy GANG ITEM [--for MODEL] [--dice D]",
        (ITEM, BUY_FOR),
        buy,
        dice=(
            W("1D6, the availability roll against DISP (R-12); none for what needs no roll"),
        ),  # fmt: skip
        choices="buy",
    ),
    Command(
        "sell",
        ("gang", "sell"),
        ("vendi",),
        W("Sell"),
        W("Sell an item"),
        W("Sell an item for a share of what was paid, rounded down (H-05)."),
        "skirmish gang sell Earps coltello",
        "skirmish gang sell GANG ITEM [--from MODEL]",
        (ITEM, HELD_BY),
        sell,
        pick=Pick("what", W("Item to sell"), ("item", "member")),
        choices="sell",
    ),
    Command(
        "equip",
        ("gang", "equip"),
        ("equipaggia",),
        W("Equip"),
        W("Give a model an item from the stash"),
        W("Give a model an item from the stash (R-10: no two-handed weapon with Mano mozzata)."),
        'skirmish gang equip Earps cavallo "Wyatt Earp"',
        "skirmish gang equip GANG ITEM MODEL",
        (STASH_ITEM, TAKER),
        equip,
        choices="equip",
    ),
    Command(
        "unequip",
        ("gang", "unequip"),
        ("riponi",),
        W("Unequip"),
        W("Put an item back in the stash"),
        W("Put an item a model carries back into the stash."),
        'skirmish gang unequip Earps cavallo "Wyatt Earp"',
        "skirmish gang unequip GANG ITEM MODEL",
        (ITEM, CARRIER),
        unequip,
        pick=Pick("what", W("Item to put back"), ("item", "member")),
        choices="unequip",
    ),
    Command(
        "advance",
        ("member", "advance"),
        ("avanza",),
        W("Advance"),
        W("Spend a model's experience"),
        W(
            "Spend XP on a new skill (3 XP, 2D6) or +1 to a characteristic (R-11: +1 RIF/FRED 5, "
            "+1 COS/TIRO 6, +1 FAMA/FORTUNA 7; cap 4)."
        ),
        'skirmish member advance Earps "Wyatt Earp" skill --choice six-shooter --dice 6,6',
        "skirmish member advance GANG MODEL ADVANCE [--choice WEAPON] [--pick SKILL] [--dice D D]",
        (MODEL, ADVANCE, *WEAPONS, CACCIATORE),
        advance,
        dice=(
            W(
                "2D6, the skill table for a new skill (R-11); none for a characteristic or "
                "CACCIATORE taken without rolling (§9.6)"
            ),
        ),  # fmt: skip
        pick=Pick("what", W("Model and advance"), ("member", "advance")),  # fmt: skip
        choices="advance",
    ),
    Command(
        "xp",
        ("member", "xp"),
        ("pe",),
        W("XP"),
        W("Record a model's experience"),
        W(
            "Record experience a model earned in a game (R-11: +1 per enemy it eliminated), or "
            "correct it."
        ),
        'skirmish member xp Earps "Wyatt Earp" 2 --reason "2 eliminations"',
        "skirmish member xp GANG MODEL AMOUNT [--reason WHY]",
        (MODEL, AMOUNT, REASON),
        xp,
        Action.FIX_RESULTS,
    ),
    Command(
        "rename",
        ("gang", "rename"),
        ("rinomina",),
        W("Rename gang"),
        W("Rename the gang"),
        W("Rename a gang (unique in its campaign)."),
        'skirmish gang rename Earps "Earp brothers"',
        "skirmish gang rename GANG NEW_NAME",
        (GANG_NAME,),
        rename,
    ),
    Command(
        "retire",
        ("gang", "retire"),
        ("ritira",),
        W("Retire gang"),
        W("Retire the gang"),
        W(
            "Retire a gang: it stays in the campaign's history and takes no more actions (undo "
            "brings it back)."
        ),
        "skirmish gang retire Earps",
        "skirmish gang retire GANG",
        (),
        retire,
    ),
    Command(
        "rename-model",
        ("member", "rename"),
        ("rinomina",),
        W("Rename model"),
        W("Rename a model or give it a handle"),
        W(
            "Rename a model, or give it a handle: a short name every command accepts in place "
            "of its name ('Nico' for 'Niccolò Bàrtoli')."
        ),
        'skirmish member rename Ranch "Niccolò Bàrtoli" --handle Nico',
        "skirmish member rename GANG MODEL [NEW_NAME] [--handle H | --no-handle]",
        (MODEL, MODEL_NAME, HANDLE, NO_HANDLE),
        rename_model,
    ),
    Command(
        "undo",
        ("undo",),
        (),
        W("Undo"),
        W("Undo the gang's last action"),
        W("Undo the gang's last action exactly (money, XP, models, items); the undo is logged."),
        "skirmish undo Earps --entry 42",
        "skirmish undo GANG [--entry N]",
        (SHOWN_ENTRY,),
        undo,
    ),
)

BY_NAME: dict[str, Command] = {c.name: c for c in CATALOGUE}
BY_PATH: dict[tuple[str, ...], Command] = {c.path: c for c in CATALOGUE}
