"""The post-game as a wizard on each player's phone (issue #12), and its JSON twin.

``/c/{campaign}/games/{game}/postgame/{gang}`` walks one gang's player through its post-game
sequence (``campaign.postgame.run_postgame``, R-09–R-11, H-01–H-11), step by step:

1. the choices: a doctor for each model eliminated in the game (R-10) and, after a voluntary
   retreat, who loses the point on an infamy 1 (R-09); then the dice, either "roll for me" or
   typed as rolled with big 1–6 buttons, one die at a time, each labelled with what it is for
   and for whom (the service says which die it needs next: the inputs so far are tried in a
   unit of work that is always rolled back, so nothing is half-applied; the inputs travel in
   the form);
2. "record": the service runs once, in one unit of work, exactly as ``skirmish game postgame
   GANG --doctor … --dice …`` runs it; the page then reports recovery and injuries, deaths, XP
   from the eliminations recorded, income and money;
3. the advances now possible (``campaign.choices.advance_options``) and 4. the purchases
   (``buy_options``), each through the between-games forms of issue #11 (``web.actions``);
then "done": the page says whether the other side has finished too, and keeps saying it live
(a poll every few seconds, 204 while nothing changed).

``GET /api/v1/campaigns/{c}/games/{g}/postgame`` is both gangs' post-game status;
``POST …/postgame/{gang}`` takes the CLI's inputs (``doctor``, ``infamy_model``, ``dice``,
``seed``) and answers ``game postgame --json``'s shape.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import choices, idempotency, lookup
from skirmish.campaign.game import capture
from skirmish.campaign.game.board import (
    find_game_gang,
    game_by_id,
    gang_row,
    gangs_of,
    member_of,
    models_of,
)
from skirmish.campaign.game.end import result_for
from skirmish.campaign.game.pending import postgame_done, standing_steps
from skirmish.campaign.game.permissions import GameAction, may_game, require_game
from skirmish.campaign.game.tables import Game, GameGang, Retreat
from skirmish.campaign.models import Campaign, Gang, LogEntry
from skirmish.campaign.postgame import PostgameReport, run_postgame
from skirmish.campaign.text import entry_data, result_word
from skirmish.engine.dice import (
    DiceSource,
    DieRequest,
    RandomDice,
    TableDice,
    described,
    parse_dice,
)
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang, name
from skirmish.rules import doctors
from skirmish.rules.model import Side
from skirmish.web import text
from skirmish.web.site import (
    NotFound,
    Site,
    form_fields,
    gang_url,
    model_url,
    pick_lang,
    reader,
    scenario_name,
    segment,
)

WORDS = text.part(
    {
        "en": {
            "pg_title": "Post-game",
            "pg_of": "Post-game of {gang}",
            "pg_game": "Game {game}: {scenario}",
            "pg_result": "Result: {result}",
            "pg_step": "Step {n} of 4",
            "pg_choices": "Doctors and choices",
            "pg_doctor_for": "Doctor for {model}'s recovery (R-10)",
            "pg_doctor_default": "the gang's own DOTTORE if it has one, else none",
            "pg_doctor_hired": "{doctor}, {fee}$",
            "pg_doctor_none": "none",
            "pg_no_doctor_needed": "Nobody of the gang was eliminated: no recovery roll.",
            "pg_infamy_model": "Who loses the point on an infamy 1 (R-09)",
            "pg_infamy_default": "the one with the most points",
            "pg_dice": "The dice",
            "pg_dice_how": "Roll the dice at the table and type each one, or let the server "
            "roll them.",
            "pg_type_dice": "Type the dice I roll",
            "pg_roll_all": "Roll for me and record",
            "pg_next_die": "Next die: {what}",
            "pg_die_n": "Die {n} of {of}",
            "pg_face": "{face}",
            "pg_face_label": "rolled {face}",
            "pg_typed": "Dice typed so far",
            "pg_none_typed": "None yet.",
            "pg_back_die": "Take back the last die",
            "pg_roll_rest": "Roll the rest for me and record",
            "pg_ready": "Every die is in. This is what will be recorded:",
            "pg_record": "Record the post-game",
            "pg_change": "Change the choices",
            "pg_report": "What happened",
            "pg_recovery": "Recovery and injuries",
            "pg_xp": "Experience (from the eliminations recorded)",
            "pg_money": "Money",
            "pg_other": "Other",
            "pg_nothing": "Nothing.",
            "pg_treasury": "Treasury now: {money}$",
            "pg_dead": "dead",
            "pg_advances": "Advances now possible",
            "pg_advance": "Advance {model}",
            "pg_no_advances": "No model has the XP for an advance now.",
            "pg_purchases": "Purchases",
            "pg_can_buy": "{count} weapons and items the gang may buy now, with {money}$.",
            "pg_buy": "Buy",
            "pg_hire": "Hire",
            "pg_blocked": "Not now: {why}",
            "pg_finish": "Done",
            "pg_status": "Post-games of game {game}",
            "pg_owed": "still to do",
            "pg_done": "finished",
            "pg_waiting_for": "Waiting for {gang} to finish their post-game.",
            "pg_other_done": "{gang} has finished their post-game.",
            "pg_all_done": "Both post-games are done.",
            "pg_open": "Open the post-game",
            "pg_not_ended": "Game {game} is still being played: its post-game opens when it ends.",
            "pg_abandoned": "Game {game} was abandoned: no post-game.",
            "pg_finished_title": "Your post-game is done",
            "pg_see_gang": "See the gang",
            "pg_see_game": "See the game",
        },
        "it": {
            "pg_title": "Dopo-partita",
            "pg_of": "Dopo-partita di {gang}",
            "pg_game": "Partita {game}: {scenario}",
            "pg_result": "Risultato: {result}",
            "pg_step": "Passo {n} di 4",
            "pg_choices": "Dottori e scelte",
            "pg_doctor_for": "Dottore per il recupero di {model} (R-10)",
            "pg_doctor_default": "il DOTTORE della banda se c'è, altrimenti nessuno",
            "pg_doctor_hired": "{doctor}, {fee}$",
            "pg_doctor_none": "nessuno",
            "pg_no_doctor_needed": "Nessun personaggio della banda è stato eliminato: nessun "
            "tiro di recupero.",
            "pg_infamy_model": "Chi perde il punto con un 1 all'infamia (R-09)",
            "pg_infamy_default": "chi ne ha di più",
            "pg_dice": "I dadi",
            "pg_dice_how": "Tira i dadi sul tavolo e scrivili uno alla volta, oppure falli "
            "tirare al server.",
            "pg_type_dice": "Scrivo i dadi che tiro",
            "pg_roll_all": "Tira tu e registra",
            "pg_next_die": "Prossimo dado: {what}",
            "pg_die_n": "Dado {n} di {of}",
            "pg_face": "{face}",
            "pg_face_label": "uscito {face}",
            "pg_typed": "Dadi scritti finora",
            "pg_none_typed": "Ancora nessuno.",
            "pg_back_die": "Togli l'ultimo dado",
            "pg_roll_rest": "Tira tu i restanti e registra",
            "pg_ready": "Ci sono tutti i dadi. Ecco cosa verrà registrato:",
            "pg_record": "Registra il dopo-partita",
            "pg_change": "Cambia le scelte",
            "pg_report": "Cos'è successo",
            "pg_recovery": "Recupero e ferite",
            "pg_xp": "Esperienza (dalle eliminazioni registrate)",
            "pg_money": "Denaro",
            "pg_other": "Altro",
            "pg_nothing": "Niente.",
            "pg_treasury": "Cassa ora: {money}$",
            "pg_dead": "morto",
            "pg_advances": "Avanzamenti possibili ora",
            "pg_advance": "Avanzamento di {model}",
            "pg_no_advances": "Nessun personaggio ha ora i PE per un avanzamento.",
            "pg_purchases": "Acquisti",
            "pg_can_buy": "{count} armi e oggetti che la banda può comprare ora, con {money}$.",
            "pg_buy": "Compra",
            "pg_hire": "Assolda",
            "pg_blocked": "Non ora: {why}",
            "pg_finish": "Fatto",
            "pg_status": "Dopo-partita della partita {game}",
            "pg_owed": "da fare",
            "pg_done": "finito",
            "pg_waiting_for": "In attesa che {gang} finisca il suo dopo-partita.",
            "pg_other_done": "{gang} ha finito il suo dopo-partita.",
            "pg_all_done": "Entrambi i dopo-partita sono fatti.",
            "pg_open": "Apri il dopo-partita",
            "pg_not_ended": "La partita {game} è ancora in corso: il dopo-partita si apre "
            "quando finisce.",
            "pg_abandoned": "La partita {game} è stata abbandonata: niente dopo-partita.",
            "pg_finished_title": "Il tuo dopo-partita è fatto",
            "pg_see_gang": "Vedi la banda",
            "pg_see_game": "Vedi la partita",
        },
    }
)

#: How often the wizard's last page asks whether the other side has finished (seconds).
POLL_SECONDS = 3
#: The post-game steps the report shows under each heading (``campaign.postgame.STEPS``).
SECTIONS = (
    ("pg_recovery", ("used-up", "wounded-healed", "recovery")),
    ("pg_xp", ("game-xp",)),
    ("pg_money", ("income", "bounty", "gambler", "marked-cards")),
    ("pg_other", ("outlaw-mark", "infamy")),
)
#: The form's field of a doctor choice is this prefix and the model's name.
DOCTOR_FIELD = "doctor:"
#: A choice left to the service (the gang's own DOTTORE, else none).
DEFAULT = ""
#: The form field and the API header of a request's idempotency key (as ``web.game_actions``).
KEY_FIELD = "key"
KEY_HEADER = "idempotency-key"


def _form_key(typed: str | None) -> str | None:
    """The client's idempotency key, or ``None`` (a fresh one then: nothing to replay);
    ``campaign.idempotency`` refuses a bad one in words."""
    return typed.strip() if typed and typed.strip() else None


# ----------------------------------------------------------------------------- addresses


def _q(part: str) -> str:
    return quote(part, safe="")


def game_url(campaign: str, game: int) -> str:
    return f"/c/{_q(campaign)}/games/{game}"


def wizard_url(campaign: str, game: int, gang: str) -> str:
    return f"{game_url(campaign, game)}/postgame/{_q(gang)}"


def status_url(campaign: str, game: int) -> str:
    return f"{game_url(campaign, game)}/postgame"


# ----------------------------------------------------------------------------- the inputs


@dataclass
class Inputs:
    """What the wizard has collected (the CLI's ``--doctor``, ``--infamy-model``, ``--dice``)."""

    doctors: dict[str, str] = field(default_factory=dict)
    infamy_model: str | None = None
    dice: tuple[int, ...] = ()

    def fields(self) -> list[tuple[str, str]]:
        """The inputs as the form's hidden fields (they travel in the form, not the store)."""
        pairs = [(DOCTOR_FIELD + model, kind) for model, kind in self.doctors.items() if kind]
        if self.infamy_model:
            pairs.append(("infamy_model", self.infamy_model))
        if self.dice:
            pairs.append(("dice", " ".join(str(d) for d in self.dice)))
        return pairs

    def query(self, **more: str) -> str:
        return urlencode([*self.fields(), *more.items()])


def read_inputs(fields: Mapping[str, str]) -> Inputs:
    """The wizard's inputs in a form's or a query's fields; dice as the CLI types them."""
    found = Inputs()
    for key, value in fields.items():
        if key.startswith(DOCTOR_FIELD) and value.strip():
            found.doctors[key[len(DOCTOR_FIELD) :].strip()] = value.strip()
    infamy = fields.get("infamy_model", "").strip()
    found.infamy_model = infamy or None
    typed = fields.get("dice", "").strip()
    found.dice = parse_dice(typed) if typed else ()
    return found


def _api_inputs(body: Any) -> tuple[Inputs, int | None, bool]:
    """The API's JSON: ``doctor`` as ``{"MODEL": "KIND"}`` or ``["MODEL=KIND"]`` (the CLI's
    ``--doctor``), ``infamy_model``, ``dice`` (``"3 5"`` or ``[3, 5]``), ``seed``. The last
    value says whether dice were given (else they are random, as the CLI's)."""
    if not isinstance(body, dict):
        raise CampaignError(
            'the body is a JSON object: {"doctor": {...}, "infamy_model": ..., "dice": '
            "...}; nothing was changed.",
            it='il corpo è un oggetto JSON: {"doctor": {...}, "infamy_model": ..., "dice": '
            "...}; non è cambiato nulla.",
        )
    found = Inputs()
    doctor = body.get("doctor") or {}
    if isinstance(doctor, list):
        pairs: dict[str, str] = {}
        for item in doctor:
            model, sep, kind = str(item).rpartition("=")
            if not sep or not model.strip() or not kind.strip():
                raise _bad_doctor(str(item))
            pairs[model.strip()] = kind.strip()
        doctor = pairs
    if not isinstance(doctor, dict):
        raise _bad_doctor(str(doctor))
    found.doctors = {str(k).strip(): str(v).strip() for k, v in doctor.items()}
    infamy = body.get("infamy_model")
    found.infamy_model = str(infamy).strip() or None if infamy is not None else None
    dice = body.get("dice")
    given = dice is not None and dice != "" and dice != []
    if isinstance(dice, list):
        dice = " ".join(str(d) for d in dice)
    found.dice = parse_dice(str(dice)) if given else ()
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise CampaignError(
            f"seed is a whole number, not {str(seed)[:40]!r}; nothing was changed.",
            it=f"seed è un numero intero, non {str(seed)[:40]!r}; non è cambiato nulla.",
        )
    return found, seed, given


def _bad_doctor(text_: str) -> CampaignError:
    shown = text_[:80]
    return CampaignError(
        f"doctor takes MODEL=bone-setter|graduate|none, not {shown!r}.",
        it=f"doctor accetta PERSONAGGIO=bone-setter|graduate|none, non {shown!r}.",
    )


# ----------------------------------------------------------------------------- finding it


class Forbidden(Exception):
    """The reader may not run this gang's post-game (``permissions``' words): 403."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


def _number(typed: str) -> int:
    """A game's number as the address gives it."""
    if typed.isascii() and typed.isdigit() and len(typed) <= 9:
        return int(typed)
    shown = typed[:40]
    raise CampaignError(
        f"{shown!r} is not a game number; see the campaign's games.",
        it=f"{shown!r} non è il numero di una partita; vedi le partite della campagna.",
    )


@dataclass
class Place:
    """A game's post-game, one gang of it: the rows every route finds the same way."""

    campaign: Campaign
    game: Game
    gg: GameGang
    gang: Gang


def _game(site: Site, s: Session, campaign: str, game_id: str) -> tuple[Campaign, Game]:
    found = site.find_campaign(s, campaign)
    lookup.lock_row(s, found, shared=True)  # campaign, then game, then gang: the CLI's order
    try:
        return found, game_by_id(s, found, _number(game_id))
    except CampaignError as error:
        raise NotFound(error, []) from None


def _place(site: Site, s: Session, campaign: str, game_id: str, gang: str) -> Place:
    found, game = _game(site, s, campaign, game_id)
    chosen = site.find_gang(s, found, gang)
    for gg in gangs_of(s, game):
        if gg.gang_id == chosen.id:
            lookup.lock_row(s, chosen)
            return Place(found, game, gg, chosen)
    find_game_gang(s, game, chosen.name)  # its refusal names the game's gangs
    raise AssertionError("unreachable: the gang is not in the game")


def _may(site: Site, s: Session, place: Place) -> bool:
    """Who may run a gang's post-game (``campaign.game.permissions``, declared once): the
    player of its side, the campaign's owner and arbitrators."""
    return may_game(s, site.actor(s), place.game, GameAction.POSTGAME, place.gg.side)


def _permitted(site: Site, s: Session, place: Place) -> None:
    try:
        require_game(s, site.actor(s), place.game, GameAction.POSTGAME, place.gg.side)
    except CampaignError as error:
        raise Forbidden(error) from None


# ----------------------------------------------------------------------------- status


def _rows(s: Session, game: Game) -> list[tuple[GameGang, Gang]]:
    rows = sorted(gangs_of(s, game), key=lambda g: (g.side != Side.GOOD, g.id or 0))
    return [(gg, gang_row(s, gg)) for gg in rows]


def status_of(s: Session, game: Game, lang: Lang) -> list[dict[str, Any]]:
    """Each gang of ``game``, good side first, with its result and whether its post-game is
    ``owed`` or ``done`` (``None`` while the game is played or after it was abandoned)."""
    found = []
    for gg, gang in _rows(s, game):
        state = None
        if game.status == GameStatus.ENDED:
            state = "done" if postgame_done(s, game, gg) else "owed"
        result = result_for(game, gg)
        found.append(
            {
                "gang": gang.name,
                "side": str(gg.side),
                "result": str(result),
                "result_word": result_word(str(result), lang.value),
                "postgame": state,
            }
        )
    return found


def _key(status: Sequence[Mapping[str, Any]]) -> str:
    """What the live box last showed: it answers 204 while this stays the same."""
    shown = [(g["gang"], g["postgame"]) for g in status]
    return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]


def status_box(
    site: Site, s: Session, campaign: Campaign, game: Game, me: str | None, lang: Lang
) -> dict[str, Any]:
    """The live box's context (``game/postgame_status.html``): each gang's post-game, the
    wizard's address for those the reader may run, and what ``me``'s player waits for."""
    t = text.words(lang)
    status = status_of(s, game, lang)
    actor = site.actor(s)
    assert game.id is not None
    for row, (gg, _) in zip(status, _rows(s, game), strict=True):
        row["word"] = t["pg_done"] if row["postgame"] == "done" else t["pg_owed"]
        row["url"] = (
            wizard_url(campaign.name, game.id, row["gang"])
            if row["postgame"] == "owed" and may_game(s, actor, game, GameAction.POSTGAME, gg.side)
            else ""
        )
    note = ""
    if me is not None and game.status == GameStatus.ENDED:
        others = [row for row in status if row["gang"] != me]
        waiting = [row["gang"] for row in others if row["postgame"] == "owed"]
        if waiting:
            note = t["pg_waiting_for"].format(gang=", ".join(waiting))
        elif others:
            note = t["pg_other_done"].format(gang=", ".join(row["gang"] for row in others))
    elif game.status == GameStatus.IN_PROGRESS:
        note = t["pg_not_ended"].format(game=game.id)
    elif game.status == GameStatus.ABANDONED:
        note = t["pg_abandoned"].format(game=game.id)
    key = _key(status)
    query = urlencode({"seen": key, **({"me": me} if me else {})})
    owed = any(row["postgame"] == "owed" for row in status)
    return {
        # Asks again while the game is played or a gang owes its post-game; then stops.
        "live": game.status == GameStatus.IN_PROGRESS or owed,
        "gangs": status,
        "note": note,
        "key": key,
        "live_url": f"{game_url(campaign.name, game.id)}/postgame-live?{query}",
        "poll": POLL_SECONDS,
        "heading": t["pg_status"].format(game=game.id),
    }


# ----------------------------------------------------------------------------- the dice


class _Need(Exception):
    """The service asked for a die the inputs do not hold yet."""

    def __init__(self, request: DieRequest) -> None:
        super().__init__(request.purpose)
        self.request = request


class _Tried(Exception):
    """A trial ran to the end: its outcome, carried out of the unit of work to roll it back."""

    def __init__(self, trial: Trial) -> None:
        super().__init__("tried")
        self.trial = trial


@dataclass
class Trial:
    """What the inputs so far give: the next die wanted (what for), or the whole report that
    "record" would write; the dice typed, each with what it was for."""

    typed: list[tuple[int, str]]
    need: str | None = None
    need_number: int = 1
    need_of: int = 1
    preview: list[dict[str, Any]] = field(default_factory=list)


def _ask(request: DieRequest) -> Sequence[int] | None:
    raise _Need(request)


def _labels(table: TableDice, lang: Lang) -> list[tuple[int, str]]:
    return [(die.value, described(die.purpose, who, lang.value)) for die, who, _ in table.dice]


def _run(s: Session, place: Place, inputs: Inputs, dice: DiceSource) -> list[PostgameReport]:
    return run_postgame(
        s,
        game=place.game,
        dice=dice,
        gang=place.gang.name,
        doctors=inputs.doctors,
        infamy_model=inputs.infamy_model,
    )


def _report_data(reports: Sequence[PostgameReport], lang: Lang) -> list[dict[str, Any]]:
    """``game postgame --json``'s ``gangs``."""
    return [
        {
            "gang": r.gang,
            "result": r.result,
            "steps": [entry_data(e, r.gang, lang) for e in r.entries],
        }
        for r in reports
    ]


def try_inputs(
    site: Site, campaign: str, game_id: str, gang: str, inputs: Inputs, lang: Lang
) -> Trial:
    """Run the post-game on the inputs so far in a unit of work that is always rolled back:
    which die the service wants next, or what recording would write. Its refusals are the
    service's own."""
    try:
        with site.write() as s:
            place = _place(site, s, campaign, game_id, gang)
            _permitted(site, s, place)
            table = TableDice(inputs.dice, ask=_ask)
            try:
                reports = _run(s, place, inputs, table)
            except _Need as need:
                request = need.request
                raise _Tried(
                    Trial(
                        _labels(table, lang),
                        need=described(request.purpose, request.subject, lang.value),
                        need_number=request.number,
                        need_of=request.of,
                    )
                ) from None
            table.check_all_used()
            s.flush()
            lines = [_line(step) for step in _report_data(reports, lang)[0]["steps"]]
            raise _Tried(Trial(_labels(table, lang), preview=lines))
    except _Tried as tried:
        return tried.trial


def record(
    site: Site,
    campaign: str,
    game_id: str,
    gang: str,
    inputs: Inputs,
    lang: Lang,
    *,
    rest_random: bool,
    seed: int | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """The post-game, once, in one unit of work, as ``skirmish game postgame GANG`` runs it:
    the dice typed first, then (``rest_random``) random ones; ``game postgame --json``'s
    shape. Once per idempotency ``key`` (``campaign.idempotency``): a double tap on "record",
    or a request retried, gets the first answer again."""
    with site.write() as s:
        place = _place(site, s, campaign, game_id, gang)
        _permitted(site, s, place)

        def run() -> tuple[int, dict[str, Any]]:
            table = TableDice(inputs.dice, random_dice=RandomDice(seed) if rest_random else None)
            source: DiceSource = table
            if rest_random and not inputs.dice:
                source = RandomDice(seed)  # as the CLI's: no dice typed, random ones
            reports = _run(s, place, inputs, source)
            table.check_all_used()
            # The game's pages show its post-game status: its revision moves on, so the live
            # page of the other phone shows this side done (``capture.touch``).
            capture.touch(s, place.game)
            s.flush()
            return 200, {"game": place.game.id, "gangs": _report_data(reports, lang)}

        route = f"games/{place.game.id}/postgame/{place.gang.id}"
        _, body, _ = idempotency.replay_or_run(
            s, key or secrets.token_urlsafe(24), reader().user_id, route, run
        )
        return dict(body)


# ----------------------------------------------------------------------------- the report


def _line(step: Mapping[str, Any]) -> dict[str, Any]:
    """One step as the CLI prints it (``R-10: Frank McLaury: recovery 2 → 2: invalid``), with
    its money and XP before and after."""
    line = (f"{step['ruling']}: " if step["ruling"] else "") + step["text"]
    money = (
        f"{step['money_before']}$ → {step['money_after']}$"
        if step["money_before"] != step["money_after"]
        else ""
    )
    details = step["details"] if isinstance(step["details"], dict) else {}
    return {
        "action": step["action"],
        "line": line,
        "money": money,
        "xp": (step["xp_before"], step["xp_after"])
        if step["xp_before"] != step["xp_after"]
        else None,
        "dead": step["action"] == "recovery" and details.get("outcome") == "dead",
        "member": step["member"],
    }


def _sections(entries: Sequence[LogEntry], gang: str, lang: Lang) -> list[dict[str, Any]]:
    t = text.words(lang)
    lines = [_line(entry_data(e, gang, lang)) for e in entries]
    return [
        {"title": t[key], "lines": [x for x in lines if x["action"] in actions]}
        for key, actions in SECTIONS
    ]


# ----------------------------------------------------------------------------- the pages


def _doctor_options(lang: Lang) -> list[tuple[str, str]]:
    t = text.words(lang)
    from skirmish.engine.recovery import find_doctor

    found = [(DEFAULT, t["pg_doctor_default"])]
    for d in doctors():
        fee = find_doctor(d.id).fee
        found.append((d.id, t["pg_doctor_hired"].format(doctor=name(d, lang), fee=fee)))
    found.append(("none", t["pg_doctor_none"]))
    return found


def _choices(s: Session, place: Place, inputs: Inputs, lang: Lang) -> dict[str, Any]:
    """Step 1's controls: a doctor for each model of the gang eliminated in the game (R-10),
    and, after a voluntary retreat, who loses a point on an infamy 1 (R-09)."""
    t = text.words(lang)
    mine = [m for m in models_of(s, place.game) if m.game_gang_id == place.gg.id]
    patients = []
    for index, model in enumerate(m for m in mine if m.eliminated):
        patients.append(
            {
                "id": f"pg-doctor-{index}",
                "field": DOCTOR_FIELD + model.name,
                "label": t["pg_doctor_for"].format(model=model.name),
                "value": inputs.doctors.get(model.name, DEFAULT),
            }
        )
    infamy: list[tuple[str, str]] = []
    if place.gg.retreated == Retreat.VOLUNTARY:
        infamy = [("", t["pg_infamy_default"])]
        for model in mine:
            member = member_of(s, model)
            if member.fama > 0 or member.fortuna > 0:
                infamy.append((member.name, f"{member.name} (FAMA {member.fama}, FORTUNA "
                               f"{member.fortuna})"))  # fmt: skip
    return {
        "patients": patients,
        "doctor_options": _doctor_options(lang),
        "infamy": infamy,
        "infamy_value": inputs.infamy_model or "",
    }


def _id(row: Game) -> int:
    assert row.id is not None
    return row.id


def _done(s: Session, place: Place, typed: str | None, lang: Lang) -> dict[str, Any] | None:
    """The "done" line of an advance, purchase or hire made from the wizard (``?done=ID``, the
    between-games form's answer): an entry of this gang's own log, else nothing."""
    if not typed or not typed.isascii() or not typed.isdigit() or len(typed) > 12:
        return None
    entry = s.get(LogEntry, int(typed))
    if entry is None or entry.gang_id != place.gang.id:
        return None
    return _line(entry_data(entry, place.gang.name, lang))


def _advances(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    """Step 3: the advances the gang's models may take now (``choices.advance_options``)."""
    t = text.words(lang)
    found = choices.advance_options(s, place.gang)
    base = gang_url(place.campaign.name, place.gang.name)
    models = []
    for option in found.options:
        allowed = [a for a in option.advances if a.allowed]
        if not allowed:
            continue
        models.append(
            {
                "member": option.member,
                "xp": option.xp,
                "what": [
                    f"{choices.advance_name(a.advance, lang)} · {a.cost} {t['xp']}" for a in allowed
                ],
                "url": model_url(place.campaign.name, place.gang.name, option.member),
                "label": t["pg_advance"].format(model=option.member),
            }
        )
    blocked = found.refusal.text(lang) if found.refusal is not None else ""
    back = quote(wizard_url(place.campaign.name, _id(place.game), place.gang.name) + "?step=3")
    return {"models": models, "form": f"{base}/advance?next={back}", "blocked": blocked}


def _purchases(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    """Step 4: what the gang may buy now (``choices.buy_options``), and the buy form."""
    t = text.words(lang)
    found = choices.buy_options(s, place.gang)
    allowed = [o for o in found.options if o.allowed]
    base = gang_url(place.campaign.name, place.gang.name)
    blocked = found.refusal.text(lang) if found.refusal is not None else ""
    back = quote(wizard_url(place.campaign.name, _id(place.game), place.gang.name) + "?step=4")
    return {
        "line": t["pg_can_buy"].format(count=len(allowed), money=place.gang.treasury),
        "offers": [f"{name(o.equipment, lang)} · {o.equipment.cost}$" for o in allowed[:8]],
        "buy": f"{base}/buy?next={back}",
        "hire": f"{base}/hire?next={back}",
        "blocked": blocked,
    }


def _head(s: Session, place: Place, lang: Lang) -> dict[str, Any]:
    t = text.words(lang)
    assert place.game.id is not None
    result = result_word(str(result_for(place.game, place.gg)), lang.value)
    return {
        "campaign_name": place.campaign.name,
        "gang_name": place.gang.name,
        "game_id": place.game.id,
        "game_line": t["pg_game"].format(
            game=place.game.id, scenario=scenario_name(place.game.scenario, lang)
        ),
        "result_line": t["pg_result"].format(result=result),
        "wizard": wizard_url(place.campaign.name, place.game.id, place.gang.name),
        "status_page": status_url(place.campaign.name, place.game.id),
        "game_page": game_url(place.campaign.name, place.game.id),
    }


#: The wizard's pages once the post-game is recorded: the report, advances, purchases, done.
AFTER = ("2", "3", "4", "done")


def render(
    site: Site,
    request: Request,
    campaign: str,
    game_id: str,
    gang: str,
    inputs: Inputs,
    step: str,
    message: str = "",
    code: int = 200,
) -> Response:
    """The wizard's page for ``step``: the choices (1), the dice, or once the post-game is
    recorded the report (2), the advances (3), the purchases (4) and "done"."""
    lang = pick_lang(request)
    with site.read() as s:
        place = _place(site, s, campaign, game_id, gang)
        if not _may(site, s, place):
            try:
                _permitted(site, s, place)
            except Forbidden as refusal:
                return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        context = _head(s, place, lang)
        me = place.gang.name
        context["box"] = status_box(site, s, place.campaign, place.game, me, lang)
        if place.game.status != GameStatus.ENDED:
            stage = "closed"
        elif postgame_done(s, place.game, place.gg):
            stage = step if step in AFTER else "2"
            entries = standing_steps(s, place.game, place.gang.id or 0)
            context["sections"] = _sections(entries, me, lang)
            context["treasury"] = place.gang.treasury
            context["advances"] = _advances(s, place, lang)
            context["purchases"] = _purchases(s, place, lang)
            context["done"] = _done(s, place, request.query_params.get("done"), lang)
        else:
            stage = "dice" if step == "dice" else "choices"
            context.update(_choices(s, place, inputs, lang))
    trial = None
    if stage == "dice":
        try:
            trial = try_inputs(site, campaign, game_id, gang, inputs, lang)
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except StoreError:
            raise
        except SkirmishError as error:
            # The choices refused (a doctor the gang cannot pay, dice left over): say so on
            # the first step, the choices kept.
            message, code = message or error.text(lang), 400
            stage = "choices"
    return site.page(
        request,
        "game/postgame.html",
        code,
        stage=stage,
        message=message,
        hidden=inputs.fields(),
        key=secrets.token_urlsafe(18),  # one per page: a double tap on its button is one
        hidden_choices=[(k, v) for k, v in inputs.fields() if k != "dice"],
        back_url=f"{context['wizard']}?{inputs.query(step='dice')}",
        trial=trial,
        faces=range(1, 7),
        **context,
    )


def router(site: Site) -> APIRouter:
    """The post-game wizard, its live status, and their API."""
    r = APIRouter()
    page = "/c/{campaign}/games/{game}/postgame/{gang}"
    api_base = "/api/v1/campaigns/{campaign}/games/{game}/postgame"

    def wizard(request: Request, campaign: str, game: str, gang: str) -> Response:
        """The wizard's step; a die tapped (``die``) or taken back (``back``) goes to the
        dice page with the new list (the address then holds every input)."""
        query = dict(request.query_params)
        lang = pick_lang(request)
        step = query.get("step", "")
        try:
            inputs = read_inputs(query)
        except SkirmishError as error:
            return render(site, request, campaign, game, gang, Inputs(), "", error.text(lang), 400)
        if "die" in query or "back" in query:
            dice = list(inputs.dice)
            if "back" in query:
                dice = dice[:-1]
            else:
                try:
                    dice.extend(parse_dice(query["die"]))
                except SkirmishError as error:
                    return render(
                        site, request, campaign, game, gang, inputs, "dice", error.text(lang), 400
                    )
            inputs.dice = tuple(dice)
            target = wizard_url(segment_name(campaign), int_or(game), segment_name(gang))
            return RedirectResponse(f"{target}?{inputs.query(step='dice')}", status_code=303)
        return render(site, request, campaign, game, gang, inputs, step)

    async def submit(request: Request, campaign: str, game: str, gang: str) -> Response:
        """ "Record": the post-game in one unit of work, then its report (POST, redirect,
        GET); refused, the wizard again with the service's words and the inputs kept."""
        fields = await form_fields(request)
        lang = pick_lang(request)
        rest_random = fields.get("mode") == "random"
        try:
            inputs = read_inputs(fields)
            await run_in_threadpool(
                partial(record, rest_random=rest_random, key=_form_key(fields.get(KEY_FIELD))),
                site, campaign, game, gang, inputs, lang,
            )  # fmt: skip
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except StoreError:
            raise
        except SkirmishError as error:
            kept = read_inputs_safe(fields)
            step = "dice" if kept.dice else ""
            return await run_in_threadpool(
                render, site, request, campaign, game, gang, kept, step, error.text(lang), 400
            )
        target = wizard_url(segment_name(campaign), int_or(game), segment_name(gang))
        return RedirectResponse(f"{target}?step=2", status_code=303)

    def status_page(request: Request, campaign: str, game: str) -> Response:
        """Both gangs' post-game, with a link to the wizard of each the reader may run."""
        lang = pick_lang(request)
        with site.read() as s:
            found, row = _game(site, s, campaign, game)
            box = status_box(site, s, found, row, None, lang)
            assert row.id is not None
            title = text.words(lang)["pg_game"].format(
                game=row.id, scenario=scenario_name(row.scenario, lang)
            )
            name_ = found.name
        return site.page(
            request, "game/postgame_games.html", box=box, campaign_name=name_, title=title
        )

    def live(request: Request, campaign: str, game: str) -> Response:
        """The live box: 204 while what it shows is unchanged, else the box anew."""
        lang = pick_lang(request)
        me = request.query_params.get("me") or None
        with site.read() as s:
            found, row = _game(site, s, campaign, game)
            box = status_box(site, s, found, row, me, lang)
        if box["key"] == request.query_params.get("seen"):
            return Response(status_code=204)
        return site.page(request, "game/postgame_status.html", box=box)

    def api_status(request: Request, campaign: str, game: str) -> Response:
        lang = pick_lang(request)
        with site.read() as s:
            _, row = _game(site, s, campaign, game)
            status = [
                {k: v for k, v in g.items() if k != "result_word"} for g in status_of(s, row, lang)
            ]
            payload = {
                "game": row.id,
                "scenario": row.scenario,
                "status": str(row.status),
                "gangs": status,
            }
        return site.api(request, payload)

    async def api_submit(request: Request, campaign: str, game: str, gang: str) -> Response:
        lang = pick_lang(request)
        try:
            try:
                body = json.loads(await request.body() or b"{}")
            except ValueError:
                body = None
            inputs, seed, given = _api_inputs(body)
            key = _form_key(request.headers.get(KEY_HEADER))
            payload = await run_in_threadpool(
                partial(record, rest_random=not given, seed=seed, key=key),
                site, campaign, game, gang, inputs, lang,
            )  # fmt: skip
        except Forbidden as refusal:
            return site.api(request, {"error": refusal.error.text(lang), "nearest": []}, 403)
        except StoreError:
            raise
        except SkirmishError as error:
            return site.api(request, {"error": error.text(lang), "nearest": []}, 400)
        return site.api(request, payload)

    r.add_api_route(page, wizard, methods=["GET"], response_class=HTMLResponse,
                    include_in_schema=False, name="postgame-wizard")  # fmt: skip
    r.add_api_route(page, submit, methods=["POST"], response_class=HTMLResponse,
                    include_in_schema=False, name="postgame-record")  # fmt: skip
    r.add_api_route("/c/{campaign}/games/{game}/postgame", status_page, methods=["GET"],
                    response_class=HTMLResponse, include_in_schema=False,
                    name="postgame-status")  # fmt: skip
    r.add_api_route("/c/{campaign}/games/{game}/postgame-live", live, methods=["GET"],
                    response_class=HTMLResponse, include_in_schema=False,
                    name="postgame-live")  # fmt: skip
    r.add_api_route(
        api_base,
        api_status,
        methods=["GET"],
        name="api-postgame-status",
        summary="Both gangs' post-game: owed or done",
        description="Each gang of the game, good side first, with its result and its "
        "post-game sequence `owed` or `done` (`null` while the game is played or abandoned).",
        tags=["games"],
    )
    r.add_api_route(
        api_base + "/{gang}",
        api_submit,
        methods=["POST"],
        name="api-postgame",
        summary="Run a gang's post-game sequence",
        description="The same as `skirmish game postgame GANG --doctor MODEL=KIND "
        "--infamy-model M --dice D --json`, for the reader's own gang (or any, for the "
        "campaign's owner and arbitrators). Without `dice` the dice are random (`seed` "
        "repeats them). One unit of work: refused, nothing changes.",
        tags=["games"],
        openapi_extra={
            "requestBody": {
                "required": False,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": {
                                "doctor": {
                                    "description": "A doctor for a model's recovery roll: "
                                    "bone-setter (5$), graduate (20$) or none",
                                    "oneOf": [
                                        {"type": "object",
                                         "additionalProperties": {"type": "string"}},
                                        {"type": "array", "items": {"type": "string"},
                                         "examples": [["Ike Clanton=graduate"]]},
                                    ],
                                },
                                "infamy_model": {"type": "string"},
                                "dice": {
                                    "oneOf": [
                                        {"type": "string", "examples": ["3 5"]},
                                        {"type": "array",
                                         "items": {"type": "integer", "minimum": 1,
                                                   "maximum": 6}},
                                    ]
                                },
                                "seed": {"type": "integer"},
                            },
                        }
                    }
                },
            }
        },
    )  # fmt: skip
    return r


def segment_name(typed: str) -> str:
    """A name from the path as the links carry it."""
    return segment(typed)


def int_or(typed: str) -> int:
    return _number(typed)


def read_inputs_safe(fields: Mapping[str, str]) -> Inputs:
    """The inputs to keep on a refused form: those that read, the dice left out if not."""
    try:
        return read_inputs(fields)
    except SkirmishError:
        return read_inputs({k: v for k, v in fields.items() if k != "dice"})
