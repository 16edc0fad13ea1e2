"""Between-games actions on one's own gang, as forms and as the JSON API (issues #11, #20): hire,
fire, buy, sell, equip, unequip, advance, XP, rename the gang or a model, and undo.

Each is declared once in the catalogue below the front ends (``campaign/commands.py``: its
fields, words, dice, permission, choices and service); this module is its view. The form pages
(``GET``/``POST /c/{campaign}/g/{gang}/{action}``) and the API
(``POST /api/v1/campaigns/{campaign}/gangs/{gang}/{action}``, with its own request schema in
OpenAPI, and ``GET`` of the same address for what the gang may choose now) are all made from it
by one loop; what is web's own is how a form shows the choices (``OFFERS``).

Each change is one writing unit of work (``Site.write``, its log entry naming the reader):
the campaign (only those the reader may see), the gang, ``permissions.require`` in that same
unit of work, then the service. A refusal is the service's own words, in the reader's language,
on the form (or ``{"error", "nearest"}``), with nothing changed: the unit of work rolls back.
What the forms offer comes from ``campaign.choices``, which asks the services' own checks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import (
    accounts,
    logbook,
    lookup,
    naming,
)
from skirmish.campaign.commands import CATALOGUE, Command
from skirmish.campaign.fields import Words
from skirmish.campaign.models import Campaign, CampaignLine, Gang, GangLine, LogEntry
from skirmish.campaign.permissions import Action, may, require
from skirmish.campaign.text import entry_data
from skirmish.engine.dice import DiceSource, RandomDice, TableDice, parse_dice
from skirmish.errors import (
    CampaignError,
    SkirmishError,
    StaleError,
    StoreError,
    UnknownNameError,
)
from skirmish.i18n import Lang, messages, name
from skirmish.rules import find_equipment, find_faction, find_profile
from skirmish.translation import N_, Both, Message, gettext
from skirmish.web import action_offers as offers
from skirmish.web import reads, text
from skirmish.web.action_offers import Offer, Option
from skirmish.web.action_schema import gang_request_schema
from skirmish.web.site import (
    Forbidden,
    NotFound,
    Site,
    SiteDep,
    form_fields,
    gang_url,
    model_url,
    pick_lang,
)

WORDS = text.part(
    messages(
        {
            "act_actions": N_("Actions"),
            "act_advance_more": N_("A weapon for a skill of your choice (R-11)"),
            "act_advance_more_hint": N_(
                "Rifleman, Warrior and Gunslinger are each for one "
                "weapon of their type: leave “the one it carries” and the model's own is taken."
            ),
            "act_carried": N_("the one it carries"),
            "act_stash": N_("the stash"),
            "act_not_now": N_("Not possible now"),
            "act_nothing": N_("Nothing to choose now."),
            "act_waiting": N_("Waiting for the next game (H-03): {items}"),
            "act_last": N_("The last action, which undo takes back"),
            "act_nothing_yet": N_("This gang has no action yet."),
            "act_by": N_("by {name}"),
            "act_cli": N_("the command line"),
            "act_back": N_("Back to the gang"),
            "act_done": N_("Done"),
            "act_not_available": N_("Not available"),
            "act_dice": N_("Dice: {dice}"),
            "act_money": N_("Treasury: {before}$ → {after}$"),
            "act_hero": N_("makes a hero"),
            "act_skill": N_("a new skill"),
            "act_characteristics": N_("characteristics"),
            "act_xp_of": N_("{name}, {xp} XP"),
            "act_price": N_("{price}$"),
            "act_no_roll": N_("no roll"),
            "act_required": N_("required"),
        }
    )
)


class Kind(StrEnum):
    """What a field takes, and so the control a form shows for it."""

    TEXT = "text"  # a name typed in
    PROFILE = "profile"  # a profile the gang may hire now
    ITEM = "item"  # a weapon or item: to buy, or in the stash (equip)
    MODEL = "model"  # an active model of the gang
    CARRIER = "carrier"  # the stash (blank) or an active model
    PICK = "pick"  # one choice that sets several fields (an item where it is held; an advance)
    WEAPON = "weapon"  # a weapon of one category, for a skill "a scelta"
    DICE = "dice"  # typed dice ("4", "3 5"), blank: the server rolls
    FLAG = "flag"  # a checkbox
    COUNT = "count"  # a whole number typed in


@dataclass(frozen=True)
class Field:
    """One control of an action's form: its name (in the form and in the API's JSON), its
    kind, the words of its label (and hint), and what the API says of it; made from the
    catalogue's fields (``form_controls``)."""

    name: str
    kind: Kind
    label: Words
    about: str
    required: bool = False
    hint: Words | None = None
    sets: tuple[tuple[str, str, bool], ...] = ()  # PICK: the API fields one choice sets
    category: str | None = None  # WEAPON: its category
    more: bool = False  # folded away on the form, under the action's "_more" words


Values = Mapping[str, str]
Call = Callable[[Session, Gang, Values, DiceSource | None], LogEntry]


@dataclass(frozen=True)
class BetweenGames:
    """One between-games action as the web shows it: the catalogue's entry, its form's
    controls, the service it calls, what its form offers, and (``data``) what the API's
    ``GET`` answers."""

    command: Command
    fields: tuple[Field, ...]
    call: Call
    offer: Callable[[Session, Gang, Lang], Offer]
    data: Callable[[Session, Gang, Lang], dict[str, Any]] | None = None

    @property
    def name(self) -> str:
        return self.command.name

    @property
    def cli(self) -> str:
        return self.command.usage

    @property
    def key(self) -> str:
        return "act_" + self.name.replace("-", "_")

    @property
    def dice(self) -> Field | None:
        return next((f for f in self.fields if f.kind is Kind.DICE), None)


# ----------------------------------------------------------------------------- the services


def _no_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    return Offer()


def _undo_offer(s: Session, gang: Gang, lang: Lang) -> Offer:
    return Offer(hidden={"entry"})  # the form repeats the entry it shows, out of sight


def _undo_data(s: Session, gang: Gang, lang: Lang) -> dict[str, Any]:
    """What ``undo`` would take back: the gang's last action (``log --json``'s shape), or null."""
    last = logbook.last_action(s, gang=gang)
    return {"gang": gang.name, "last": _entry(s, last, gang, lang) if last is not None else None}


# ----------------------------------------------------------------------------- the view

_DICE = Field(
    "dice",
    Kind.DICE,
    Words("Dice (optional)"),
    'The dice rolled at the table, in order ("4", "3 5" or [3, 5]); absent: the server rolls, '
    "and the entry's `dice` says what it rolled.",
    hint=Words(
        "Leave it blank and the server rolls. Or type the dice you rolled at the table, in "
        "order: 4, or 3 5."
    ),
)
#: A PICK's own field, what the form posts; API clients send the fields it sets instead.
_WHAT = "The form's one choice (JSON of the fields below); API clients send those fields."

#: How each form shows what the gang may choose now (the catalogue's ``choices``), by action.
OFFERS: dict[str, Callable[[Any, Gang, Lang], Offer]] = {
    "hire": offers.hire_offer, "buy": offers.buy_offer, "sell": offers.sell_offer,
    "equip": offers.equip_offer, "unequip": offers.unequip_offer,
    "advance": offers.advance_offer,
}  # fmt: skip
#: The forms whose offer needs no choices of the catalogue: the gang's models, or nothing.
PLAIN: dict[str, Callable[[Session, Gang, Lang], Offer]] = {
    "fire": offers.models_offer, "xp": offers.models_offer, "rename-model": offers.models_offer,
    "undo": _undo_offer,
}  # fmt: skip


def form_controls(command: Command) -> tuple[Field, ...]:
    """The form's controls of ``command``: its fields in order, those of its ``pick`` as one
    choice where the first of them stands, then the dice when it rolls."""
    picked = command.pick.fields if command.pick is not None else ()
    found = []
    for f in command.fields:
        if f.name in picked:
            if command.pick is not None and f.name == picked[0]:
                sets = tuple((g.name, g.help.en, g.required) for g in map(command.field, picked))
                found.append(Field(command.pick.name, Kind.PICK, command.pick.label, _WHAT,
                                   True, sets=sets))  # fmt: skip
            continue
        found.append(
            Field(f.name, Kind(f.kind.value), f.label, f.help.en, f.required, f.hint,
                  category=f.category, more=f.more)
        )  # fmt: skip
    return (*found, _DICE) if command.rolls else tuple(found)


def _view(command: Command) -> BetweenGames:
    offer: Callable[[Session, Gang, Lang], Offer] = PLAIN.get(command.name, _no_offer)
    data = None
    if command.choices is not None:
        render = OFFERS[command.name]

        def offer(s: Session, gang: Gang, lang: Lang) -> Offer:
            return render(command.offered(s, gang), gang, lang)

        def data(s: Session, gang: Gang, lang: Lang) -> dict[str, Any]:
            return command.shown(command.offered(s, gang), lang)

    if command.name == "undo":  # the confirmation is the web's own (a page shows the entry)
        return BetweenGames(command, form_controls(command), command.run, offer, _undo_data)
    return BetweenGames(command, form_controls(command), command.run, offer, data)


ACTIONS: tuple[BetweenGames, ...] = tuple(_view(c) for c in CATALOGUE)


# ----------------------------------------------------------------------------- doing it


class UnknownModel(NotFound):
    """A field names no model of the gang: 404, with the nearest names."""


class Misnamed(Exception):
    """A field names no profile, weapon or item of the book: the rules' own words (400), and
    the nearest names in the reader's language for the API's ``nearest``."""

    def __init__(self, error: UnknownNameError, finder: Callable[[str], Any]) -> None:
        super().__init__(str(error))
        self.error = error
        self.finder = finder

    def nearest(self, lang: Lang) -> list[str]:
        found = []
        for suggestion in self.error.suggestions:
            try:
                found.append(name(self.finder(suggestion), lang))
            except SkirmishError:
                found.append(suggestion)
        return found


#: The fields that name an entry of the book, and the lookup the service makes of each.
BOOK_NAMES: dict[str, Callable[[str], Any]] = {"item": find_equipment, "profile": find_profile}


@dataclass(frozen=True)
class Done:
    """A change made: where its gang's page is, its log entry and the gang after it."""

    url: str
    entry: dict[str, Any]
    gang: dict[str, Any]


#: What a checkbox's or a JSON boolean's "yes" may be.
YES = frozenset({"on", "true", "1", "yes", "si", "sì"})


def _required(label: Words, key: str) -> CampaignError:
    en, it = label.en, label.it
    return CampaignError(
        Message("{en} ({key}): choose or type one; nothing was changed.", key=key, en=Both(en, it))
    )


def _unpick(chosen: str, keys: Sequence[str]) -> dict[str, str]:
    """The fields a PICK option sets (``_pick``); anything else is not one of the form's."""
    try:
        found = json.loads(chosen)
    except ValueError:
        found = None
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise CampaignError(
            Message(
                "that choice is not one this form offers; reload the page and choose "
                "again. Nothing was changed."
            )
        )
    return {k: v for k, v in found.items() if k in keys}


def read_values(spec: BetweenGames, fields: Mapping[str, str]) -> dict[str, str]:
    """The values of ``spec``'s fields in a form's or a JSON body's ``fields`` (a PICK's one
    choice, or the fields it sets), the required ones checked; names kept as typed."""
    values: dict[str, str] = {}
    for f in spec.fields:
        if f.kind is Kind.PICK:
            keys = [key for key, _, _ in f.sets]
            chosen = fields.get(f.name, "")
            picked = _unpick(chosen, keys) if chosen else {}
            for key, _, needed in f.sets:
                values[key] = picked.get(key, fields.get(key, "")).strip()
                if needed and not values[key]:
                    raise _required(f.label, key)
            continue
        value = fields.get(f.name, "")
        if f.kind is Kind.FLAG:
            value = "on" if value.strip().casefold() in YES else ""
        elif f.kind is not Kind.TEXT:  # a name is kept as typed, the rest trimmed
            value = value.strip()
        if f.required and not value.strip():
            raise _required(f.label, f.name)
        values[f.name] = value
    return values


def _model(campaign: Campaign, gang: Gang, typed: str) -> str:
    """The model ``typed`` names (its name or handle, as the CLI looks it up), else 404."""
    try:
        return lookup.member_by_name(gang, typed).name
    except CampaignError as error:
        every = [m.name for m in lookup.active_members(gang)]
        near = naming.nearest(typed, every) if every else []
        links = [(n, model_url(campaign.name, gang.name, n)) for n in near]
        raise UnknownModel(error, links) from None


def _dice(spec: BetweenGames, values: Values) -> tuple[DiceSource | None, TableDice | None]:
    """The action's dice: those typed (the CLI's ``--dice``: "4", "3 5"), else random ones."""
    if spec.dice is None:
        return None, None
    typed = values.get(spec.dice.name, "")
    if not typed:
        return RandomDice(), None
    table = TableDice(parse_dice(typed))
    return table, table


def _entry(s: Session, entry: LogEntry, gang: Gang, lang: Lang) -> dict[str, Any]:
    """A log entry as ``skirmish log --json`` shows it, with its author's name."""
    author = None
    if entry.author is not None:
        names = accounts.user_names(s, {entry.author})
        author = names.get(entry.author, gettext(lang.value, "(removed account)"))
    return entry_data(entry, gang.name, lang, author)


def _permitted(
    site: Site, s: Session, campaign: Campaign, gang: Gang, action: Action = Action.CHANGE_GANG
) -> None:
    try:
        require(s, site.actor(s), action, campaign, gang)
    except CampaignError as error:
        raise Forbidden(error) from None


def perform(
    site: Site, spec: BetweenGames, campaign: str, gang: str, fields: Mapping[str, str], lang: Lang
) -> Done:
    """One unit of work: the campaign (one the reader may see), the gang, the permission, the
    values, the service, its dice all used; any refusal rolls it all back."""
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        lookup.lock_row(s, found, shared=True)  # campaign, then gang: the CLI's order
        chosen = site.find_gang(s, found, gang)
        _permitted(site, s, found, chosen, spec.command.permission)
        values = read_values(spec, fields)
        for key, finder in BOOK_NAMES.items():
            if values.get(key):
                try:  # the service looks it up again; here only for the nearest names
                    finder(values[key])
                except UnknownNameError as error:
                    raise Misnamed(error, finder) from None
        if values.get("member"):
            values["member"] = _model(found, chosen, values["member"])
        source, table = _dice(spec, values)
        entry = spec.call(s, chosen, values, source)
        if table is not None:
            table.check_all_used()
        s.flush()
        shown = _entry(s, entry, chosen, lang)
        gang_id = chosen.id
        s.expire_all()  # the gang as it is now, every collection read afresh
        after = s.get(Gang, gang_id)
        assert after is not None
        data = reads.gang_show(after, lang)
        url = f"{gang_url(found.name, after.name)}?done={entry.id}"
        return Done(url, shown, data)


# ----------------------------------------------------------------------------- the form


def _controls(
    spec: BetweenGames, offer: Offer, typed: Mapping[str, str], lang: Lang
) -> list[dict[str, Any]]:
    """Each field as the form shows it: label, hint, kept value and options (allowed first,
    refused ones disabled with their reason), grouped when the options are."""
    controls = []
    for f in spec.fields:
        if f.name in offer.hidden:
            continue
        options = offer.options.get(f.name, [])
        groups: list[tuple[str, list[Option]]] = []
        for option in options:
            if groups and groups[-1][0] == option.group:
                groups[-1][1].append(option)
            else:
                groups.append((option.group, [option]))
        # A name typed in has no options: only a choice with nothing allowed is empty.
        choice = f.kind not in (Kind.TEXT, Kind.DICE, Kind.FLAG, Kind.COUNT)
        controls.append(
            {
                "name": f.name,
                "kind": f.kind.value,
                "id": f"act-{f.name}",
                "label": f.label(lang),
                "hint": f.hint(lang) if f.hint else "",
                "required": f.required,
                "value": typed.get(f.name, ""),
                "choice": choice,
                "groups": groups,
                "empty": f.required and choice and not any(o.allowed for o in options),
                "more": f.more,
            }
        )
    return controls


def render_form(
    site: Site,
    request: Request,
    spec: BetweenGames,
    campaign: str,
    gang: str,
    typed: Mapping[str, str],
    message: str = "",
    code: int = 200,
) -> Response:
    """The action's form (after a refusal: its words, the values typed, ``code``); 403 when
    the reader may not change this gang."""
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        chosen = site.find_gang(s, found, gang)
        try:
            _permitted(site, s, found, chosen, spec.command.permission)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        offer = spec.offer(s, chosen, lang)
        last = None
        if spec.name == "undo":
            entry = logbook.last_action(s, gang=chosen)
            last = done_line(_entry(s, entry, chosen, lang), lang) if entry is not None else None
        campaign_name, gang_name = found.name, chosen.name
        treasury = chosen.treasury
        faction = name(find_faction(chosen.faction), lang)
    t = text.words(lang)
    controls = _controls(spec, offer, typed, lang)
    return site.page(
        request,
        "actions/form.html",
        code,
        action=spec.name,
        title=spec.command.title(lang),
        button=spec.command.label(lang),
        campaign_name=campaign_name,
        gang_name=gang_name,
        faction=faction,
        treasury=treasury,
        action_url=f"{gang_url(campaign_name, gang_name)}/{spec.name}",
        message=message,
        blocked=offer.blocked,
        notes=offer.notes,
        refused=offer.refused,
        about=offer.about,
        profiles=offer.profiles,
        controls=controls,
        can_submit=not any(c["empty"] for c in controls),
        undo=spec.name == "undo",
        last=last,
        more=t.get(spec.key + "_more", ""),
        more_hint=t.get(spec.key + "_more_hint", ""),
        next=return_to(typed.get("next") or request.query_params.get("next")),
    )


def return_to(target: str | None) -> str:
    """Where a form goes back to once done (``?next=``, issue #12: the post-game wizard), only
    ever a path on this server; else "" (the gang's page)."""
    if target and target.startswith("/") and not target.startswith(("//", "/\\")):
        return target[:500]
    return ""


def done_line(entry: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    """A log entry as the CLI reports an action (``R-12: bought … [13$ → 3$]``), its dice and
    whether it did what was asked (a failed availability roll did not, H-03)."""
    t = text.words(lang)
    line = (f"{entry['ruling']}: " if entry["ruling"] else "") + entry["text"]
    before, after = entry["money_before"], entry["money_after"]
    details = entry["details"] if isinstance(entry["details"], dict) else {}
    faces = ", ".join(str(d.get("value", "?")) for d in entry["dice"] or [] if isinstance(d, dict))
    return {
        "id": entry["id"],
        "line": line,
        "money": t["act_money"].format(before=before, after=after)
        if before is not None and after is not None and before != after
        else "",
        "dice": t["act_dice"].format(dice=faces) if faces else "",
        "ok": entry["action"] != "buy" or bool(details.get("available", True)),
        "by": t["act_by"].format(name=entry["author"] or t["act_cli"]),
    }


def panel(
    site: Site,
    s: Session,
    campaign: CampaignLine,
    gang: GangLine,
    entries: Sequence[Mapping[str, Any]],
    done: str | None,
    lang: Lang,
) -> dict[str, Any]:
    """The gang page's part: the actions' buttons when the reader may change the gang, and the
    "done" line of ``?done=ID``, an entry of this gang's own log (others show nothing)."""
    actor, base = site.actor(s), gang_url(campaign.name, gang.name)
    allowed = {p for p in {a.command.permission for a in ACTIONS}
               if may(s, actor, p, campaign, gang)}  # fmt: skip
    buttons = [
        {"label": a.command.label(lang), "url": f"{base}/{a.name}"}
        for a in ACTIONS
        if a.command.permission in allowed
    ]
    shown = next((e for e in entries if done and str(e["id"]) == done), None)
    return {"actions": buttons, "done": done_line(shown, lang) if shown is not None else None}


# ----------------------------------------------------------------------------- the routes


_ERROR = {
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {
                    "error": {"type": "string"},
                    "nearest": {"type": "array", "items": {"type": "string"}},
                },
            }
        }
    }
}
_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"description": '`{"entry": <the log entry, as `skirmish log --json` shows it>, '
          '"gang": <the gang after it, as `skirmish gang show --json`>}`'},
    400: {"description": "Refused by the rules, in the reader's language; nothing changed.",
          **_ERROR},
    403: {"description": "The reader may not change this gang, or the CSRF token is missing.",
          **_ERROR},
    404: {"description": "No such campaign, gang or model; the nearest names.", **_ERROR},
}  # fmt: skip


#: Who may take an action, as the API's description says it (``permissions.TABLE``).
WHO = {
    Action.CHANGE_GANG: "the logged-in reader's own gang (or any gang, for the campaign's owner "
    "and arbitrators)",
    Action.FIX_RESULTS: "the campaign's owner and arbitrators, on any gang",
}

#: The summary of an action's ``GET`` in the API, where "what the gang may choose" fits badly.
ASKS = {"undo": "What undo would take back: the gang's last action, or null"}


def _routes(r: APIRouter, spec: BetweenGames) -> None:
    """The form, its submission, the API's twin and (where it has choices) their ``GET`` of
    one declared action; the site comes with each request (``SiteDep``)."""
    page = "/c/{campaign}/g/{gang}/" + spec.name
    api = "/api/v1/campaigns/{campaign}/gangs/{gang}/" + spec.name

    def form_page(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
        return render_form(site, request, spec, campaign, gang, {})

    async def submit(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
        """The form posted: done, then the gang's page with its "done" line (POST-redirect-
        GET); refused, the form again with the words, the values typed kept."""
        fields = await form_fields(request)
        lang = pick_lang(request)
        try:
            done = await run_in_threadpool(perform, site, spec, campaign, gang, fields, lang)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except UnknownModel as unknown:
            message = unknown.error.text(lang)
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, message, 404
            )
        except Misnamed as misnamed:
            message = misnamed.error.text(lang)
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, message, 400
            )
        except StoreError:
            raise
        except SkirmishError as error:
            code = 409 if isinstance(error, StaleError) else 400  # undo: what changed since
            return await run_in_threadpool(
                render_form, site, request, spec, campaign, gang, fields, error.text(lang), code
            )
        back = return_to(fields.get("next"))
        if back:  # the page it came from, with the "done" line's entry
            joint = "&" if "?" in back else "?"
            return RedirectResponse(f"{back}{joint}done={done.entry['id']}", status_code=303)
        return RedirectResponse(done.url, status_code=303)

    async def api_submit(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
        fields = await form_fields(request)
        lang = pick_lang(request)
        try:
            done = await run_in_threadpool(perform, site, spec, campaign, gang, fields, lang)
        except Misnamed as misnamed:
            answer = {"error": misnamed.error.text(lang), "nearest": misnamed.nearest(lang)}
            return site.api(request, answer, 400)
        except StoreError:
            raise
        except (Forbidden, SkirmishError) as refused:
            return site.api_refusal(request, refused, lang)
        return site.api(request, {"entry": done.entry, "gang": done.gang})

    r.add_api_route(page, form_page, methods=["GET"], response_class=HTMLResponse,
                    include_in_schema=False, name=f"{spec.name}-form")  # fmt: skip
    r.add_api_route(page, submit, methods=["POST"], response_class=HTMLResponse,
                    include_in_schema=False, name=f"{spec.name}-submit")  # fmt: skip
    r.add_api_route(
        api,
        api_submit,
        methods=["POST"],
        name=f"api-{spec.name}",
        summary=spec.command.title.en,
        description=f"{spec.command.help.en} The same as `{spec.cli} --json`, for "
        f"{WHO[spec.command.permission]}. Send the `csrf` cookie's value in the `X-CSRF-Token` "
        "header. One unit of work: refused, nothing changes.",
        tags=["actions"],
        responses=_RESPONSES,
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": gang_request_schema(spec.command)}},
            }
        },
    )
    if spec.data is not None:
        data = spec.data

        def api_options(request: Request, campaign: str, gang: str, site: SiteDep) -> Response:
            lang = pick_lang(request)
            with site.read() as s:
                found = site.find_campaign(s, campaign)
                chosen = site.find_gang(s, found, gang)
                try:
                    _permitted(site, s, found, chosen)
                except Forbidden as refusal:
                    return site.api_refusal(request, refusal, lang)
                return site.api(request, data(s, chosen, lang))

        r.add_api_route(
            api,
            api_options,
            methods=["GET"],
            name=f"api-{spec.name}-options",
            summary=ASKS.get(spec.name, f"What the gang may choose now to {spec.name}"),
            description="Each option allowed now or refused with the service's own words "
            "(`campaign.choices`, the same checks as the action), allowed ones first.",
            tags=["actions"],
            responses={
                200: {"description": "The choices, or (undo) the last action."},
                403: _RESPONSES[403],
                404: _RESPONSES[404],
            },
        )


#: The between-games forms and their API, one of each per declared action (issue #20: a
#: module-level router; the routes of each action are made from the catalogue's entry).
router = APIRouter()
for _spec in ACTIONS:
    _routes(router, _spec)
