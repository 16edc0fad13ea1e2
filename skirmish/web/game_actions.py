"""A game's actions from a phone (issue #12): shoot, fight, move, reload, unjam, mount,
dismount, the lasso, explosives, whisky and objectives, with the exact odds before a shot, the
dice typed stage by stage (or rolled by the server), the FAMA and FORTUNA rerolls offered as a
die fails, the result explained in the words of ``roll`` and of the game's log, and undo.

The flow a thumb follows (``/c/{campaign}/games/{game}/act``): the model (the one taking its
turn first), the action (only those it may do now: ``campaign.game.situations``, the walker's
own lists), the target (an enemy in play, or a scenario's person), the situation pre-filled from
the game (``situations.prefill``: the weapon the service would pick, the target still waiting
from the record, the night, the leader) with range and cover to confirm, one line of exact odds
(``situations.odds``, from the very setup the service rolls), then the dice.

The dice are asked as the service asks them: every tap posts the whole action again with the
dice typed so far, and the service runs it in a unit of work that is thrown away as soon as it
wants a die nobody typed yet (``TableDice``'s ``ask``) or a reroll nobody answered yet
(``Rerolls.ask``): the page then says what that die is for, for whom, which die of its throw
(``engine.dice.DieRequest``), and offers the six faces; or the reroll, with each way to pay and
the chance the die passes once rerolled (``odds.at_roll``). Nothing is written until the action
is whole; then it is recorded in one unit of work (``Site.write``), with the permission asked
inside it (``campaign.game.permissions``) and the request's idempotency key
(``campaign.idempotency``), so a double tap or a retried request records it once.

The API twins (``POST /api/v1/campaigns/{campaign}/games/{game}/actions/{action}``, ``…/undo``)
take the CLI's options as JSON fields and answer what ``skirmish game … --json`` prints.
"""

from __future__ import annotations

import difflib
import json
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish import rules
from skirmish.campaign import idempotency, undo_shown
from skirmish.campaign.game import commands, situations
from skirmish.campaign.game import handover as handing
from skirmish.campaign.game import undo as undoing
from skirmish.campaign.game.board import events_of, game_by_id, scenario_of
from skirmish.campaign.game.commands import Command
from skirmish.campaign.game.fields import Kind
from skirmish.campaign.game.permissions import GameAction, may_game, require_game
from skirmish.campaign.game.situations import Figure, Table
from skirmish.campaign.game.tables import Game
from skirmish.campaign.game.telling import sentence, told
from skirmish.campaign.models import Campaign
from skirmish.engine.dice import parse_dice
from skirmish.engine.glossary import EventKind, Pace, label, label_value
from skirmish.engine.situation import GAME_SOURCES, Input, Procedure, inputs_for
from skirmish.errors import CampaignError, RulesError, SkirmishError, StaleError, StoreError, shown
from skirmish.i18n import Lang, name
from skirmish.limits import REVISION
from skirmish.rules.model import Cover, ObjectiveState
from skirmish.web import action_schema, game_live, input_names, text, tools
from skirmish.web.game_dice import HandTo, NeedAnswer, NeedDie, Step, ways_view
from skirmish.web.game_dice import percent as _percent
from skirmish.web.site import NotFound, Site, form_fields, pick_lang

WORDS = text.part(
    {
        "en": {
            "gac_title": "Act",
            "gac_panel": "Your move",
            "gac_act": "Act with a model",
            "gac_model": "Who acts?",
            "gac_model_hint": "The model taking its turn comes first; the others may still take "
            "theirs.",
            "gac_acting": "taking its turn",
            "gac_acted": "has acted",
            "gac_action": "What does {name} do?",
            "gac_target": "At whom?",
            "gac_nobody": "Nobody this model may act with now.",
            "gac_no_action": "{name} has nothing it may do now.",
            "gac_no_target": "No target in play.",
            "gac_change": "change",
            "gac_situation": "The situation",
            "gac_known": "What the game knows",
            "gac_confirm": "Confirm range and cover",
            "gac_more": "More of the situation",
            "gac_odds": "Odds now: to hit {hit} · to wound {wound} · to eliminate {eliminate}",
            "gac_odds_na": "—",
            "gac_odds_note": "Exact, before any FAMA or FORTUNA. Change the situation and tap "
            "“Update the odds”.",
            "gac_update": "Update the odds",
            "gac_roll_for_me": "Roll for me",
            "gac_type_dice": "I roll the dice",
            "gac_do": "Do it",
            "gac_dice": "The dice",
            "gac_next_die": "Next die: {what}",
            "gac_die_of": "die {number} of {of}",
            "gac_reroll_die": "rerolled",
            "gac_typed": "Typed so far",
            "gac_verdict": "{what}: {face}, {verdict}.",
            "gac_none_yet": "no die yet",
            "gac_face": "Face {face}",
            "gac_back_die": "Take back the last die",
            "gac_rest_random": "Roll the rest for me",
            "gac_cancel": "Cancel",
            "gac_reroll": "{die} failed: {face}. Reroll it?",
            "gac_reroll_advice": "Rerolled, it passes on {faces}: {chance}.",
            "gac_reroll_useless": "No face passes: keep the point.",
            "gac_pay_own": "{point} of {name} ({left} left)",
            "gac_pay_friend": "FAMA of {name}, within 5U ({left} left)",
            "gac_keep": "Keep the die",
            "gac_reroll_other": "The die is {name}'s: its player says whether to spend a point "
            "(R-15).",
            "gac_done": "Done",
            "gac_replayed": "Already recorded (the same tap arrived twice): nothing was recorded "
            "again.",
            "gac_next": "Another action",
            "gac_back_game": "Back to the game",
            "gac_undo": "Undo the last action",
            "gac_undo_title": "Undo the game's last action",
            "gac_undo_what": "This takes back:",
            "gac_undo_nothing": "Nothing to undo: the game has no action since it began.",
            "gac_undo_confirm": "Yes, take it back",
            "gac_undone": "Taken back: {what}.",
            "gac_spectator": "You watch this game: only its players, its owner and arbitrators "
            "act.",
            "gac_f_range": "Range (U)",
            "gac_f_cover": "Cover",
            "gac_f_weapon": "Weapon",
            "gac_f_target_weapon": "Defender's weapon",
            "gac_f_default": "{name} (the service's choice)",
            "gac_f_bare": "bare hands",
            "gac_f_waiting": "{name} has not yet taken its turn (+1, R-18)",
            "gac_f_waiting_hint": "From the record: {said}. Untick it if it has moved.",
            "gac_said_yes": "still waiting",
            "gac_said_no": "it has acted",
            "gac_f_pace": "Pace",
            "gac_f_gun": "Gun",
            "gac_f_rounds": "Rounds",
            "gac_f_rounds_default": "as loaded before",
            "gac_f_explosive": "Explosive",
            "gac_f_short_fuse": "Short fuse (§5.5.2)",
            "gac_f_caught": "Caught in the blast (within 5U)",
            "gac_f_distance": "{name}: distance from the centre (U)",
            "gac_f_not_caught": "not caught",
            "gac_f_objective": "Objective",
            "gac_f_event": "What happens",
            "gac_f_carry": "carries it",
            "gac_f_near": "Friends within 5U that see it fall (R-19)",
            "gac_k_state": "{name}: {state}",
            "gac_k_waiting": "{name} is still to take its turn: +1 (R-18)",
            "gac_k_acted": "{name} has already taken its turn",
            "gac_k_weapon": "Weapon carried: {weapon}",
            "gac_k_target_weapon": "{name} fights with: {weapon}",
            "gac_k_leader": "{target}'s leader in play: {name} (within 5U he lends his FRED)",
            "gac_k_is_leader": "{name} leads the gang",
            "gac_k_night": "Night: −1 to hit beyond 20U (scenario)",
            "gac_k_mounted": "{name} is mounted",
            "gac_k_drank": "{name} drank whisky (§8.3)",
            "gac_k_person": "{name}, a person of the scenario",
            "gac_shoot": "Shoot",
            "gac_fight": "Fight",
            "gac_move": "Move (take its turn)",
            "gac_reload": "Reload",
            "gac_unjam": "Unjam",
            "gac_mount": "Mount",
            "gac_dismount": "Dismount",
            "gac_lasso": "Lasso",
            "gac_explosive": "Explosive",
            "gac_whisky": "Whisky",
            "gac_objective": "Objective",
            "gac_moved": "{name} takes its turn {turn} (§1.8).",
            "gac_drank": "{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3).",
            "gac_reloaded": "{name} reloads the {weapon}: {rounds} rounds.",
            "gac_unjammed": "{name} unjams the {weapon}: {rounds} rounds left.",
            "gac_bad_field": "{field} {value}: {why}",
            "gac_bad_dice": "the dice so far are not faces 1 to 6; start the dice again.",
            "gac_unknown_action": "{action} is not an action of a game; one of {known}.",
            "gac_missing": "{field} is missing.",
        },
        "it": {
            "gac_title": "Agisci",
            "gac_panel": "Tocca a te",
            "gac_act": "Agisci con un personaggio",
            "gac_model": "Chi agisce?",
            "gac_model_hint": "Prima il personaggio che gioca il suo turno; gli altri possono "
            "ancora giocare il loro.",
            "gac_acting": "gioca il suo turno",
            "gac_acted": "ha agito",
            "gac_action": "Che cosa fa {name}?",
            "gac_target": "Contro chi?",
            "gac_nobody": "Nessun personaggio con cui agire ora.",
            "gac_no_action": "{name} non può fare nulla ora.",
            "gac_no_target": "Nessun bersaglio in gioco.",
            "gac_change": "cambia",
            "gac_situation": "La situazione",
            "gac_known": "Quello che la partita sa",
            "gac_confirm": "Conferma distanza e copertura",
            "gac_more": "Altro della situazione",
            "gac_odds": "Probabilità ora: colpire {hit} · ferire {wound} · eliminare {eliminate}",
            "gac_odds_na": "—",
            "gac_odds_note": "Esatte, senza FAMA né FORTUNA. Cambia la situazione e tocca "
            "“Aggiorna le probabilità”.",
            "gac_update": "Aggiorna le probabilità",
            "gac_roll_for_me": "Tira per me",
            "gac_type_dice": "Tiro io i dadi",
            "gac_do": "Fallo",
            "gac_dice": "I dadi",
            "gac_next_die": "Prossimo dado: {what}",
            "gac_die_of": "dado {number} di {of}",
            "gac_reroll_die": "ritirato",
            "gac_typed": "Inseriti finora",
            "gac_verdict": "{what}: {face}, {verdict}.",
            "gac_none_yet": "ancora nessun dado",
            "gac_face": "Faccia {face}",
            "gac_back_die": "Togli l'ultimo dado",
            "gac_rest_random": "Tira il resto per me",
            "gac_cancel": "Annulla",
            "gac_reroll": "{die} fallito: {face}. Lo ritiri?",
            "gac_reroll_advice": "Ritirato, passa con {faces}: {chance}.",
            "gac_reroll_useless": "Nessuna faccia passa: tieni il punto.",
            "gac_pay_own": "{point} di {name} (ne restano {left})",
            "gac_pay_friend": "FAMA di {name}, entro 5U (ne restano {left})",
            "gac_keep": "Tieni il dado",
            "gac_reroll_other": "Il dado è di {name}: decide chi lo gioca se spendere un punto "
            "(R-15).",
            "gac_done": "Fatto",
            "gac_replayed": "Già registrato (lo stesso tocco è arrivato due volte): non è stato "
            "registrato nulla di nuovo.",
            "gac_next": "Un'altra azione",
            "gac_back_game": "Torna alla partita",
            "gac_undo": "Annulla l'ultima azione",
            "gac_undo_title": "Annulla l'ultima azione della partita",
            "gac_undo_what": "Questo toglie:",
            "gac_undo_nothing": "Niente da annullare: la partita non ha azioni dal suo inizio.",
            "gac_undo_confirm": "Sì, annullala",
            "gac_undone": "Annullato: {what}.",
            "gac_spectator": "Segui questa partita: agiscono solo i suoi giocatori, il "
            "proprietario e gli arbitri.",
            "gac_f_range": "Distanza (U)",
            "gac_f_cover": "Copertura",
            "gac_f_weapon": "Arma",
            "gac_f_target_weapon": "Arma di chi si difende",
            "gac_f_default": "{name} (la scelta del servizio)",
            "gac_f_bare": "mani nude",
            "gac_f_waiting": "{name} non ha ancora giocato il suo turno (+1, R-18)",
            "gac_f_waiting_hint": "Dal registro: {said}. Togli la spunta se si è mosso.",
            "gac_said_yes": "sta ancora aspettando",
            "gac_said_no": "ha agito",
            "gac_f_pace": "Andatura",
            "gac_f_gun": "Arma da fuoco",
            "gac_f_rounds": "Colpi",
            "gac_f_rounds_default": "come caricata prima",
            "gac_f_explosive": "Esplosivo",
            "gac_f_short_fuse": "Miccia corta (§5.5.2)",
            "gac_f_caught": "Coinvolti nell'esplosione (entro 5U)",
            "gac_f_distance": "{name}: distanza dal centro (U)",
            "gac_f_not_caught": "non coinvolto",
            "gac_f_objective": "Obiettivo",
            "gac_f_event": "Che cosa succede",
            "gac_f_carry": "lo porta",
            "gac_f_near": "Amici entro 5U che lo vedono cadere (R-19)",
            "gac_k_state": "{name}: {state}",
            "gac_k_waiting": "{name} deve ancora giocare il suo turno: +1 (R-18)",
            "gac_k_acted": "{name} ha già giocato il suo turno",
            "gac_k_weapon": "Arma portata: {weapon}",
            "gac_k_target_weapon": "{name} combatte con: {weapon}",
            "gac_k_leader": "Capo di {target} in gioco: {name} (entro 5U presta la sua FRED)",
            "gac_k_is_leader": "{name} guida la banda",
            "gac_k_night": "Notte: −1 per colpire oltre 20U (scenario)",
            "gac_k_mounted": "{name} è a cavallo",
            "gac_k_drank": "{name} ha bevuto whisky (§8.3)",
            "gac_k_person": "{name}, un personaggio dello scenario",
            "gac_shoot": "Spara",
            "gac_fight": "Corpo a corpo",
            "gac_move": "Muovi (gioca il turno)",
            "gac_reload": "Ricarica",
            "gac_unjam": "Disinceppa",
            "gac_mount": "Sali a cavallo",
            "gac_dismount": "Scendi da cavallo",
            "gac_lasso": "Lazo",
            "gac_explosive": "Esplosivo",
            "gac_whisky": "Whisky",
            "gac_objective": "Obiettivo",
            "gac_moved": "{name} gioca il suo turno {turn} (§1.8).",
            "gac_drank": "{name} beve whisky: +1 FRED, −1 RIF per il resto della partita (§8.3).",
            "gac_reloaded": "{name} ricarica {weapon}: {rounds} colpi.",
            "gac_unjammed": "{name} disinceppa {weapon}: restano {rounds} colpi.",
            "gac_bad_field": "{field} {value}: {why}",
            "gac_bad_dice": "i dadi finora non sono facce da 1 a 6; ricomincia i dadi.",
            "gac_unknown_action": "{action} non è un'azione della partita; una tra {known}.",
            "gac_missing": "manca {field}.",
        },
    }
)

#: The field of every form that carries its idempotency key, and the API's header.
KEY_FIELD = "key"
KEY_HEADER = "idempotency-key"
#: The longest key kept (``request_key.key``).
KEY_LENGTH = 64


def _t(lang: Lang) -> Mapping[str, str]:
    return text.words(lang)


def _refusal(key: str, **values: Any) -> CampaignError:
    """One of this module's refusals, in both languages."""
    return CampaignError(WORDS["en"][key].format(**values), it=WORDS["it"][key].format(**values))


class Forbidden(Exception):
    """The reader may not do this in this game: 403, with the words."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(str(error))
        self.error = error


# ----------------------------------------------------------------------------- the actions

Values = Mapping[str, Any]


Spec = Command


def _text(values: Values, key: str) -> str | None:
    value = values.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str | int | float):
        raise _bad(key, value, "not a word")
    return str(value).strip()


def _bad(key: str, value: Any, why: str) -> RulesError:
    why_it = {"not a word": "non è una parola", "not a list of names": "non è un elenco di nomi",
              "not yes or no": "non è sì o no"}.get(why, why)  # fmt: skip
    return RulesError(
        WORDS["en"]["gac_bad_field"].format(field=key, value=shown(value), why=why),
        it=WORDS["it"]["gac_bad_field"].format(field=key, value=shown(value), why=why_it),
    )


def _required(values: Values, key: str) -> str:
    found = _text(values, key)
    if found is None:
        raise _refusal("gac_missing", field=key)
    return found


def _flag(values: Values, key: str) -> bool:
    value = values.get(key)
    if value is None or value == "" or value is False:
        return False
    if value is True:
        return True
    if isinstance(value, str) and value.strip().lower() in tools.YES:
        return True
    if isinstance(value, str) and value.strip().lower() in tools.NO:
        return False
    raise _bad(key, value, "not yes or no")


def situation_inputs(procedure: Procedure) -> tuple[Input, ...]:
    """The inputs of a shot or a fight the players give in a game (the declaration's)."""
    return inputs_for(procedure, GAME_SOURCES)


def field_name(item: Input, procedure: Procedure) -> str:
    """An input's field: its declared name as ``procedure`` takes it, ``-`` for ``_``
    (``range``, ``two-pistols``), the name a refusal says on the API (``input_names.key``)."""
    return input_names.key(item.name_for(procedure))


#: Inputs whose default in a game is the service's own choice, as ``game shoot`` takes them:
#: the weapon (the model's first gun that reaches the range, ``combatant.pick_weapon``), not the
#: six-shooter ``roll shoot`` assumes.
GAME_DEFAULTS: dict[str, Any] = {"weapon": None, "target_weapon": None}


def read_situation(procedure: Procedure, values: Values) -> dict[str, Any]:
    """The situation's values (by the declaration's ids) from the fields, checked as the
    command's options are (bounds, choices in Italian or English); ``target-waiting`` is
    ``None`` (from the record, R-18) unless given, and ``no-target-waiting`` says it acted."""
    found: dict[str, Any] = {}
    for item in situation_inputs(procedure):
        key = field_name(item, procedure)
        raw = values.get(key, values.get(key.replace("-", "_")))
        if item.id == "target_waiting":
            found[item.id] = None
            if raw not in (None, ""):
                found[item.id] = _flag({key: raw}, key)
            continue
        if item.id in GAME_DEFAULTS and raw in (None, ""):
            found[item.id] = GAME_DEFAULTS[item.id]
            continue
        control = tools._from_input(item, procedure)
        given: list[str]
        if raw is None:
            given = []
        elif isinstance(raw, bool):
            given = ["on" if raw else "off"]
        elif isinstance(raw, int | float | str):
            given = [str(raw)]
        else:
            raise _bad(key, raw, "not a word")
        found[item.id] = tools._value(control, given)
    if _flag(values, "no-target-waiting") or _flag(values, "no_target_waiting"):
        found["target_waiting"] = False
    record = values.get("waiting-record")
    if record in ("yes", "no"):  # the form's box, ticked as the record says until changed
        said = _flag(values, "target-waiting")
        found["target_waiting"] = None if said == (record == "yes") else said
    return found


def find_spec(typed: str) -> Spec:
    """One of a model's actions, by any of its names (the catalogue's)."""
    return commands.model_action(typed)


def actor_field(spec: Spec) -> str:
    """The field naming the model a player picks first (the retreating gang's model)."""
    return spec.actor or "member"


# ----------------------------------------------------------------------------- who may


def find_game(session: Session, campaign: Campaign, typed: str | int) -> Game:
    """Game number ``typed`` of ``campaign`` (locked in a writing unit of work); else
    ``NotFound`` naming the campaign's games."""
    text_ = str(typed)
    number = int(text_) if text_.isascii() and text_.isdigit() and len(text_) <= 9 else None
    try:
        if number is None:
            raise CampaignError(
                f"{shown(text_)} is not a game number.",
                it=f"{shown(text_)} non è un numero di partita.",
            )
        return game_by_id(session, campaign, number)
    except CampaignError as error:
        links = [(campaign.name, game_live.games_url(campaign.name))]
        raise NotFound(error, links) from None


def _side_of(session: Session, game: Game, model: str | None) -> str | None:
    if model is None:
        return None
    from skirmish.campaign.game.board import resolve_target, side_of

    ref = resolve_target(session, game, model)
    return side_of(session, ref.model).value if ref.model is not None else None


def _side_of_gang(session: Session, game: Game, gang: str) -> str | None:
    """The side ``gang`` plays in ``game`` (the service refuses a gang not playing it)."""
    from skirmish.campaign.game.board import find_game_gang

    try:
        return find_game_gang(session, game, gang).side
    except CampaignError:
        return None


def permitted(site: Site, session: Session, game: Game, spec: Spec, values: Values) -> None:
    """The reader may act for the acting model's side (``ACT``), or, for an attack, record it
    at a model of their own side (``RECORD_AT``: the target's player records the shot at their
    model); an objective's event with nobody doing it, for either side they play. Refused:
    ``Forbidden`` with ``require_game``'s words, nothing changed."""
    actor = site.actor(session)
    acting = _text(values, spec.actor) if spec.actor else None
    try:
        gang = _text(values, "gang") if spec.actor is None else None
        if gang is not None:  # a gang's own step (retreat): for the side it plays
            require_game(session, actor, game, GameAction.ACT, _side_of_gang(session, game, gang))
            return
        if acting is None:
            if any(may_game(session, actor, game, GameAction.ACT, x) for x in ("good", "bad")):
                return
            require_game(session, actor, game, GameAction.ACT, None)
        mine = _side_of(session, game, acting)
        if may_game(session, actor, game, GameAction.ACT, mine):
            return
        target = _text(values, spec.target) if spec.target else None
        theirs = _side_of(session, game, target) if target is not None else None
        if theirs is not None and may_game(session, actor, game, GameAction.RECORD_AT, theirs):
            return
        require_game(session, actor, game, GameAction.ACT, mine)
    except CampaignError as error:
        raise Forbidden(error) from None


def played_models(site: Site, session: Session, game: Game) -> frozenset[str] | None:
    """The names of the models of the sides this reader acts for (``None``: both sides)."""
    from skirmish.campaign.game.board import models_of, side_of

    sides = sides_acting(site, session, game)
    if len(sides) == 2:
        return None
    return frozenset(m.name for m in models_of(session, game) if side_of(session, m) in sides)


def sides_acting(site: Site, session: Session, game: Game) -> list[str]:
    """The sides this reader may act for (what the flow offers)."""
    actor = site.actor(session)
    return [s for s in ("good", "bad") if may_game(session, actor, game, GameAction.ACT, s)]


# ----------------------------------------------------------------------------- doing it


def _last_event(session: Session, game: Game) -> int:
    events = events_of(session, game)
    return (events[-1].id or 0) if events else 0


def events_after(session: Session, game: Game, after: int) -> list[dict[str, Any]]:
    """The events recorded after id ``after``, as ``skirmish game … --json`` prints them."""
    return [
        {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details, "dice": e.dice}
        for e in events_of(session, game)
        if (e.id or 0) > after
    ]


@dataclass
class Done:
    """An action recorded (or its first answer replayed): the CLI's JSON, its explanation."""

    body: dict[str, Any]
    lines: list[str]
    replayed: bool
    campaign: str
    status: int = 200


def _key(key: str | None) -> str:
    """The client's idempotency key (``idempotency.check_key``), a fresh one when it sent none
    (nothing to replay then)."""
    if key is None or not key.strip():
        return secrets.token_urlsafe(24)
    return idempotency.check_key(key.strip())


#: A handed-over action's own check, in the unit of work that carries it on (issue #20): the
#: reader may answer what it waits for, and it is still the one shown; the account whose
#: idempotency key the action's is.
Claim = Callable[[Session, Game], int | None]


def perform(
    site: Site, spec: Spec, campaign: str, game_id: str, values: Values, step: Step,
    key: str | None, claim: Claim | None = None,
) -> Done:  # fmt: skip
    """One unit of work: the campaign (one the reader may see), the game (locked), the
    permission, then the action once for the key. An action short of a die or of a reroll's
    answer raises ``NeedDie`` or ``NeedAnswer`` out of the unit of work: nothing is written.
    Each says on whose phone it is asked (``side``): the other side's when the die is of a
    model the reader does not play (the hand-over); with ``claim``, the side of the die's
    model, always."""
    from skirmish.web.site import reader

    lines: list[str] = []
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        game = find_game(s, found, game_id)
        if claim is None:
            permitted(site, s, game, spec, values)
            user = reader().user_id
            acting = _text(values, spec.actor) if spec.actor else None
            step.hand_to = _hand_to(site, s, game, acting)
        else:
            user = claim(s, game)
            step.hand_to = lambda model: _side_of(s, game, model)
        step.mine = lambda: played_models(site, s, game)  # asked only when a die fails
        route = f"games/{game.id}/actions/{spec.name}"

        def run() -> tuple[int, dict[str, Any]]:
            mark = _last_event(s, game)
            lines.extend(run_action(s, game, spec, values, step))
            body = {"game": game.id, "turn": game.turn, "events": events_after(s, game, mark)}
            return 200, body

        status, body, replayed = idempotency.replay_or_run(s, _key(key), user, route, run)
        events = body.get("events", []) if isinstance(body, dict) else []
        ids = {e.get("id") for e in events if isinstance(e, dict)}
        said = told(log_rows(s, game, ids), scenario_of(game), step.lang)
        return Done(body, lines + said, replayed, found.name, status)


def run_action(session: Session, game: Game, spec: Spec, values: Values, step: Step) -> list[str]:
    """The action's service with its values, the dice as ``step`` gives them: what it said."""
    typed = spec.read(values)
    if spec.procedure is not None:
        typed["situation"] = read_situation(spec.procedure, values)
    assert spec.run is not None
    said = spec.run(session, game, typed, step)
    step.table.check_all_used()
    return list(said)


def _hand_to(site: Site, session: Session, game: Game, acting: str | None) -> HandTo:
    """Where a die of a model is asked, for a reader who plays the acting model's side only:
    the other side's phone for a model of the other side (its saves, panic tests, rerolls;
    issue #20), ``None`` (this phone) otherwise: a referee, one player of both sides, or the
    target's player recording the shot at their model type every die themselves."""
    known: dict[str, list[str]] = {}

    def side_for(model: str | None) -> str | None:
        if "mine" not in known:
            sides = sides_acting(site, session, game)
            plays = len(sides) == 1 and _side_of(session, game, acting) in sides
            known["mine"] = sides if plays else []
        if model is None or not known["mine"]:
            return None
        theirs = _side_of(session, game, model)
        return theirs if theirs is not None and theirs not in known["mine"] else None

    return side_for


def hand_over(
    site: Site, spec: Spec, campaign: str, game_id: str, values: Values,
    pending: NeedDie | NeedAnswer, answers: list[Any], random: bool, key: str | None,
) -> str:  # fmt: skip
    """Store the action so far for the other side's phone (``campaign.game.handover``), in one
    small unit of work that moves the game's revision on; the page that waits for it."""
    from skirmish.web.site import reader

    assert pending.side is not None
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        game = find_game(s, found, game_id)
        permitted(site, s, game, spec, values)
        acting = _side_of(s, game, _text(values, spec.actor) if spec.actor else None)
        row = handing.hand_over(
            s, game=game, action=spec.name, values=values, dice=[u.face for u in pending.used],
            answers=answers, random=random, key=_key(key), by=reader().user_id,
            acting_side=acting or pending.side, side=pending.side, asks=pending.asks(),
        )  # fmt: skip
        return _url(found.name, game.id, "handover", key=row.key)


def log_rows(session: Session, game: Game, ids: set[Any] | None = None) -> list[dict[str, Any]]:
    """The game's events (those of ``ids``) as the game log reads them: with the name of the
    model each is about (``telling``)."""
    from skirmish.campaign.game.board import models_of

    names = {m.id: m.name for m in models_of(session, game)}
    return [
        {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details, "dice": e.dice,
         "model": names.get(e.model_id) if e.model_id is not None else None}
        for e in events_of(session, game)
        if ids is None or e.id in ids
    ]  # fmt: skip


def take_back(
    site: Site, campaign: str, game_id: str, key: str | None, lang: Lang,
    entry: int | None = None, revision: int | None = None,
) -> Done:  # fmt: skip
    """Undo the game's last action (``undo.undo_last``), once for the key; the same JSON as
    ``skirmish game undo --json``. ``entry`` (the action the page showed) or ``revision``
    (the game's, as the client saw it): refused (``StaleError``) when the game has moved on
    since, so two phones confirming the same undo take back one action (issue #20)."""
    from skirmish.web.site import reader

    lines: list[str] = []
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        game = find_game(s, found, game_id)
        try:
            require_game(s, site.actor(s), game, GameAction.UNDO)
        except CampaignError as error:
            raise Forbidden(error) from None
        said = last_action(s, game, lang)

        def run() -> tuple[int, dict[str, Any]]:
            item = undoing.undo_last(s, game=game, entry=entry, revision=revision)
            lines.append(_t(lang)["gac_undone"].format(what=" ".join(said)))
            now = {"game": game.id, "turn": game.turn, "status": game.status}
            return 200, {**now, "undone": [item.data()]}

        route = f"games/{game.id}/undo"
        status, body, replayed = idempotency.replay_or_run(
            s, _key(key), reader().user_id, route, run
        )
        return Done(body, lines, replayed, found.name, status)


def last_action(session: Session, game: Game, lang: Lang) -> list[str]:
    """What undo would take back, in the game log's words: the events of the last action (the
    last one that keeps the rows as they were before it, and those after it)."""
    events = events_of(session, game)
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].before is not None), None)
    if start is None or events[start].action == EventKind.START:
        return []
    rows = log_rows(session, game, {e.id for e in events[start:]})
    scenario = scenario_of(game)
    return [sentence(row, scenario, lang) for row in rows]


# ----------------------------------------------------------------------------- what the page shows

#: The fields of the flow itself, never part of an action's values.
FLOW_FIELDS = frozenset({"csrf", "key", "state", "dice", "answers", "die", "back", "answer",
                         "mode", "go", "odds"})  # fmt: skip


def _model_line(f: Figure, lang: Lang) -> str:
    t = _t(lang)
    state = label_value_state(f.state, lang)
    extra = [state]
    if f.prone:
        extra.append(label_value_prone(lang))
    if f.acting:
        extra.append(t["gac_acting"])
    elif f.acted:
        extra.append(t["gac_acted"])
    who = f'{f.name} "{f.handle}"' if f.handle else f.name
    return f"{who} · COS {f.cos_left}/{f.cos} · {', '.join(extra)}"


def label_value_state(state: str, lang: Lang) -> str:
    from skirmish.rules.model import ModelState

    return label_value(ModelState, state, lang)


def label_value_prone(lang: Lang) -> str:
    from skirmish.engine.glossary import TableState

    return label(TableState.PRONE, lang)


def _weapon_name(weapon_id: str | None, lang: Lang) -> str:
    if weapon_id is None:
        return _t(lang)["gac_f_bare"]
    try:
        return name(rules.find_equipment(weapon_id), lang)
    except SkirmishError:
        return weapon_id


def _url(campaign: str, game: int | None, tail: str = "act", **query: str) -> str:
    from urllib.parse import urlencode

    base = f"{game_live.game_url(campaign, game)}/{tail}"
    given = {k: v for k, v in query.items() if v}
    return f"{base}?{urlencode(given)}" if given else base


def _models(site: Site, s: Session, game: Game, table: Table) -> list[Figure]:
    """The models this reader may act with now, the one taking its turn first."""
    sides = set(sides_acting(site, s, game))
    mine = [f for f in situations.in_play(table) if f.side.value in sides]
    return sorted(mine, key=lambda f: (not f.acting, f.acted))


def _offered(table: Table, figure: Figure) -> list[Spec]:
    acting = any(a.label == figure.label for a in situations.actors(table))
    return commands.offered(table, figure, acting)


def _targets(table: Table, spec: Spec, figure: Figure, lang: Lang) -> list[dict[str, str]]:
    found = [
        {"value": f.label, "label": _model_line(f, lang)}
        for f in situations.enemies(table, figure.label)
    ]
    if spec.target_kind is Kind.TARGET:
        t = _t(lang)
        for p in table.persons:
            who = p.name_it if lang is Lang.IT else p.name_en
            found.append({"value": p.objective, "label": t["gac_k_person"].format(name=who)})
    return found


def flow(
    site: Site, s: Session, campaign: Campaign, game: Game, query: Mapping[str, str], lang: Lang
) -> dict[str, Any]:
    """Everything the flow page shows for what ``query`` has chosen so far."""
    table = situations.read(s, game)
    view: dict[str, Any] = {
        "campaign_name": campaign.name,
        "game_id": game.id,
        "turn": game.turn,
        "scenario": name(scenario_of(game), lang),
        "game_url": game_live.game_url(campaign.name, game.id),
        "act_url": _url(campaign.name, game.id),
        "undo_url": _url(campaign.name, game.id, "undo"),
        "spectator": not sides_acting(site, s, game),
        "models": [],
        "model": None,
        "actions": [],
        "spec": None,
        "targets": [],
        "target": None,
        "known": [],
        "controls": [],
        "more": [],
        "odds": None,
        "odds_error": "",
        "ready": False,
        "key": secrets.token_urlsafe(24),
        "values": {},
    }
    if view["spectator"] or not table.in_progress:
        return view
    mine = _models(site, s, game, table)
    view["models"] = [
        {"label": _model_line(f, lang),
         "url": _url(campaign.name, game.id, model=f.label)}
        for f in mine
    ]  # fmt: skip
    chosen = next((f for f in mine if f.label == _last(query, "model")), None)
    if chosen is None:
        return view
    view["model"] = {"label": _model_line(chosen, lang), "name": chosen.label,
                     "change": _url(campaign.name, game.id)}  # fmt: skip
    offered = _offered(table, chosen)
    view["actions"] = [
        {"label": spec.label(lang), "url": _url(campaign.name, game.id, model=chosen.label,
                                           action=spec.name)}
        for spec in offered
    ]  # fmt: skip
    spec = next((x for x in offered if x.name == _last(query, "action")), None)
    if spec is None:
        return view
    view["spec"] = {"name": spec.name, "label": spec.label(lang), "rolls": spec.rolls,
                    "combat": spec.procedure is not None,
                    "change": _url(campaign.name, game.id, model=chosen.label)}  # fmt: skip
    values: dict[str, Any] = {actor_field(spec): chosen.label}
    if spec.actor is None:  # the chosen model's gang does it (retreat): its name is said
        values["gang"] = chosen.gang
        view["spec"]["label"] = f"{spec.label(lang)}: {chosen.gang}"
    if spec.target:
        view["targets"] = [
            {**row, "url": _url(campaign.name, game.id, model=chosen.label, action=spec.name,
                                target=row["value"])}
            for row in _targets(table, spec, chosen, lang)
        ]  # fmt: skip
        target = next((x for x in view["targets"] if x["value"] == _last(query, "target")), None)
        if target is None:
            return view
        view["target"] = {**target, "change": _url(campaign.name, game.id, model=chosen.label,
                                                  action=spec.name)}  # fmt: skip
        values[spec.target] = target["value"]
    view["values"] = values
    view["ready"] = True
    if spec.procedure is not None:
        _situation(view, s, game, table, chosen, spec, values, query, lang)
    else:
        view["controls"] = _fields(s, game, table, chosen, spec, query, lang)
    return view


def _choice_words(choices: type[Any], value: str, lang: Lang) -> str:
    from skirmish.engine.glossary import VOCABULARIES
    from skirmish.engine.situation import choice_label

    if choices in VOCABULARIES:
        return label(choices(value), lang)
    return choice_label(choices, value, lang.value)


def _control(
    kind: str, name_: str, label_: str, value: Any = "", options: Sequence[tuple[str, str]] = (),
    hint: str = "", checked: bool = False,
) -> dict[str, Any]:  # fmt: skip
    return {"kind": kind, "name": name_, "id": f"gac-{name_}", "label": label_, "value": value,
            "options": list(options), "hint": hint, "checked": checked}  # fmt: skip


#: The inputs the situation form shows up front; the others are folded under "more".
FRONT = ("range", "cover", "weapon", "target_weapon", "target_waiting")


def _last(query: Mapping[str, Any], key: str, default: str = "") -> str:
    value = query.get(key, default)
    if isinstance(value, list):
        return str(value[-1]) if value else default
    return str(value)


def _situation(
    view: dict[str, Any], s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    values: dict[str, Any], query: Mapping[str, Any], lang: Lang,
) -> None:  # fmt: skip
    """The situation of a shot or a fight: what the game knows (``situations.prefill``), range,
    cover and the weapons up front, the rest folded, the bystanders asked where they matter
    (``reactions.questions``), and the exact odds of what the form says now."""
    from skirmish.campaign.game.reactions import questions

    t = _t(lang)
    procedure = spec.procedure
    assert procedure is not None
    target = values["target"]
    range_text = _last(query, "range")
    try:
        range_u = int(float(range_text.replace(",", "."))) if range_text.strip() else None
    except (ValueError, OverflowError):  # not a number, or no finite one: the service says so
        range_u = None
    known = situations.prefill(s, game, table, figure.label, target, procedure, range_u)
    lines = [t["gac_k_state"].format(name=figure.name, state=label_value_state(figure.state, lang))]
    if known.target is not None:
        other = known.target
        state = label_value_state(other.state, lang)
        lines.append(t["gac_k_state"].format(name=other.name, state=state))
        key = "gac_k_waiting" if known.target_waiting else "gac_k_acted"
        lines.append(t[key].format(name=other.name))
        if other.mounted:
            lines.append(t["gac_k_mounted"].format(name=other.name))
    lines.append(t["gac_k_weapon"].format(weapon=_weapon_name(known.weapon, lang)))
    if procedure is Procedure.MELEE and known.target is not None:
        lines.append(t["gac_k_target_weapon"].format(
            name=known.target.name, weapon=_weapon_name(known.target_weapon, lang)))  # fmt: skip
    if known.is_leader:
        lines.append(t["gac_k_is_leader"].format(name=figure.name))
    if known.leader and known.target is not None:
        lines.append(t["gac_k_leader"].format(target=known.target.name, name=known.leader))
    if figure.mounted:
        lines.append(t["gac_k_mounted"].format(name=figure.name))
    if figure.drank:
        lines.append(t["gac_k_drank"].format(name=figure.name))
    if known.night:
        lines.append(t["gac_k_night"])
    view["known"] = lines
    controls: list[dict[str, Any]] = []
    more: list[dict[str, Any]] = []
    for item in situation_inputs(procedure):
        key = field_name(item, procedure)
        given = _last(query, key)
        if item.id == "range":
            controls.append(_control("decimal", key, t["gac_f_range"], given))
        elif item.id == "cover":
            assert item.choices is not None
            options = [(c.value, _choice_words(item.choices, c.value, lang)) for c in item.choices]
            controls.append(_control("select", key, t["gac_f_cover"], given or Cover.NONE.value,
                                     options))  # fmt: skip
        elif item.id == "weapon":
            carried = (situations.fight_weapons(figure) if procedure is Procedure.MELEE
                       else situations.guns_to_shoot(figure))  # fmt: skip
            default = t["gac_f_default"].format(name=_weapon_name(known.weapon, lang))
            options = [("", default), *((w.id, name(w, lang)) for w in carried)]
            if procedure is Procedure.MELEE:
                options.append(("bare-hands", t["gac_f_bare"]))
            controls.append(_control("select", key, t["gac_f_weapon"], given, options))
        elif item.id == "target_weapon":
            if known.target is None:
                continue
            default = t["gac_f_default"].format(name=_weapon_name(known.target_weapon, lang))
            carried = situations.fight_weapons(known.target)
            options = [("", default), *((w.id, name(w, lang)) for w in carried),
                       ("bare-hands", t["gac_f_bare"])]  # fmt: skip
            controls.append(_control("select", key, t["gac_f_target_weapon"], given, options))
        elif item.id == "target_waiting":
            if known.target is None or known.target_waiting is None:
                continue
            record = known.target_waiting
            said = t["gac_said_yes"] if record else t["gac_said_no"]
            checked = _flag(query, key) if "waiting-record" in query else record
            controls.append(_control(
                "check", key, t["gac_f_waiting"].format(name=known.target.name), "on",
                hint=t["gac_f_waiting_hint"].format(said=said), checked=checked))  # fmt: skip
            controls.append(_control("hidden", "waiting-record", "", "yes" if record else "no"))
        else:
            control = tools._from_input(item, procedure)
            words = item.name(lang.value)
            if control.widget == "check":
                more.append(_control("check", key, words, "on", hint=item.help(lang.value),
                                     checked=_flag(query, key)))  # fmt: skip
            elif control.widget == "select":
                assert item.choices is not None
                options = [(c.value, _choice_words(item.choices, c.value, lang))
                           for c in item.choices]  # fmt: skip
                default = item.default_for(procedure)
                if default is None:
                    options.insert(0, ("", "—"))
                shown_ = given or (str(default) if default is not None else "")
                more.append(_control("select", key, words, shown_, options,
                                     hint=item.help(lang.value)))  # fmt: skip
            else:
                more.append(_control(control.widget, key, words, given,
                                     hint=item.help(lang.value)))  # fmt: skip
    if known.target is not None:
        asked = questions(s, game=game, target=target)
        by_name = {f.name: f for f in table.figures}
        chosen_near = _many(query, "near")
        for friend in asked.friends:
            f = by_name.get(friend)
            more.append(_control("multi", "near", t["gac_f_near"] + f": {friend}",
                                 f.label if f else friend,
                                 checked=(f.label if f else friend) in chosen_near))  # fmt: skip
    view["controls"] = controls
    view["more"] = more
    try:
        situation = read_situation(procedure, {**_flat(query), **values})
        found = situations.odds(s, game, figure.label, target, procedure, situation)
        view["odds"] = t["gac_odds"].format(hit=_percent(found.hit, lang),
                                           wound=_percent(found.wound, lang),
                                           eliminate=_percent(found.eliminate, lang))  # fmt: skip
    except SkirmishError as refused:
        view["odds_error"] = refused.text(lang.value)


def _many(query: Mapping[str, Any], key: str) -> list[str]:
    value = query.get(key)
    if value is None:
        return []
    return [v for v in (value if isinstance(value, list) else [value]) if str(v).strip()]


#: Fields that take several values (the CLI's repeatable options).
MULTI = frozenset({"near", "civilian-near", "caught", "near-thrower", "reroll"})


def _flat(query: Mapping[str, Any]) -> dict[str, Any]:
    """A form's or query's values as the actions read them: one value each, a list for the
    repeatable ones, the flow's own fields left out."""
    found: dict[str, Any] = {}
    for key, value in query.items():
        if key in FLOW_FIELDS:
            continue
        if key in MULTI:
            found[key] = _many(query, key)
        else:
            found[key] = value[-1] if isinstance(value, list) and value else value
    return found


def _fields(
    s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    query: Mapping[str, Any], lang: Lang,
) -> list[dict[str, Any]]:  # fmt: skip
    """The few fields of the other actions (which gun, how many rounds, the pace, the blast,
    the objective's event), each offered from what the game knows."""
    from skirmish.campaign.game.situations import jammed, reloadable

    t = _t(lang)
    found: list[dict[str, Any]] = []
    if spec.name in ("reload", "unjam"):
        guns = reloadable(figure, table.turn) if spec.name == "reload" else jammed(figure, 0)
        if len(guns) > 1:
            options = [(g.weapon.id, f"{name(g.weapon, lang)} ({g.left}/{g.load})") for g in guns]
            found.append(_control("select", "weapon", t["gac_f_gun"], _last(query, "weapon"),
                                  options))  # fmt: skip
        loads = sorted({n for g in guns for n in g.weapon.rounds})
        if spec.name == "reload" and len(loads) > 1:
            options = [("", t["gac_f_rounds_default"]), *((str(n), str(n)) for n in loads)]
            found.append(_control("select", "rounds", t["gac_f_rounds"], _last(query, "rounds"),
                                  options))  # fmt: skip
    elif spec.name in ("mount", "dismount"):
        options = [(p.value, label(p, lang)) for p in Pace]
        found.append(_control("select", "pace", t["gac_f_pace"],
                              _last(query, "pace", Pace.STILL.value), options))  # fmt: skip
    elif spec.name == "explosive":
        kinds = situations.explosives(figure)
        if len(kinds) > 1:
            options = [(w.id, name(w, lang)) for w in kinds]
            found.append(_control("select", "item", t["gac_f_explosive"], _last(query, "item"),
                                  options))  # fmt: skip
        if any(w.id == "dynamite" for w in kinds):
            found.append(_control("check", "short-fuse", t["gac_f_short_fuse"], "on",
                                  checked=_flag(query, "short-fuse")))  # fmt: skip
        chosen = {c.partition("=")[0]: c for c in _many(query, "caught")}
        for other in situations.in_play(table):
            options = [("", t["gac_f_not_caught"]),
                       *((f"{other.label}={d}", f"{d}U") for d in range(6))]  # fmt: skip
            found.append({**_control("select", "caught", t["gac_f_distance"].format(
                name=other.name), chosen.get(other.label, ""), options),
                "id": f"gac-caught-{len(found)}"})  # fmt: skip
    elif spec.name == "objective":
        scenario = scenario_of(game)
        options = []
        for row in table.board["objectives"]:
            found_o = scenario.objective(row["objective"])
            what = name(found_o, lang) + (f" {row['copy']}" if found_o.count > 1 else "")
            state = label_value(ObjectiveState, row["state"], lang)
            for event in found_o.events:
                value = json.dumps({"objective": found_o.id, "copy": str(row["copy"]),
                                    "event": event.value}, sort_keys=True)  # fmt: skip
                options.append((value, f"{what} ({state}): {label(event, lang)}"))
            carry = json.dumps({"objective": found_o.id, "copy": str(row["copy"]),
                                "event": "carry"}, sort_keys=True)  # fmt: skip
            options.append((carry, f"{what} ({state}): {t['gac_f_carry']}"))
        found.append(_control("select", "what", t["gac_f_event"], _last(query, "what"), options))
    else:
        found += _table_fields(s, game, table, figure, spec, query, lang)
    return found


def _table_fields(
    s: Session, game: Game, table: Table, figure: Figure, spec: Spec,
    query: Mapping[str, Any], lang: Lang,
) -> list[dict[str, Any]]:  # fmt: skip
    """The fields of what is recorded from the table (wounds, an elimination, a state, a point
    spent, a retreat), labelled as the catalogue declares them."""
    from skirmish.campaign.game.reactions import questions
    from skirmish.engine.glossary import TableState
    from skirmish.rules.model import Point

    found: list[dict[str, Any]] = []
    names = {f.name for f in spec.fields}
    target = table.figure(_last(query, "target")) if spec.target else None
    if "wounds" in names:
        most = max(6, target.cos_left if target is not None else 0)
        options = [(str(n), str(n)) for n in range(1, most + 1)]
        found.append(_control("select", "wounds", spec.field("wounds").label(lang),
                              _last(query, "wounds", "1"), options,
                              hint=spec.field("wounds").help(lang)))  # fmt: skip
    if "new-state" in names:
        default = TableState.STANDING if figure.prone else TableState.PRONE
        options = [(x.value, label(x, lang)) for x in TableState]
        found.append(_control("select", "new-state", spec.field("new-state").label(lang),
                              _last(query, "new-state", default.value), options))  # fmt: skip
    if "point" in names:
        left = {Point.FAMA: figure.fama_left, Point.FORTUNA: figure.fortuna_left}
        options = [(p.value, f"{label(p, lang).upper()} ({n})") for p, n in left.items() if n]
        found.append(_control("select", "point", spec.field("point").label(lang),
                              _last(query, "point", options[0][0] if options else ""),
                              options))  # fmt: skip
    if "infamy-later" in names:
        found.append(_control("check", "infamy-later", spec.field("infamy-later").label(lang),
                              "on", hint=spec.field("infamy-later").help(lang),
                              checked=_flag(query, "infamy-later")))  # fmt: skip
    if target is not None and "near" in names:
        asked = questions(s, game=game, target=target.label)
        by_name = {f.name: f for f in table.figures}
        near = spec.field("near")
        for friend in asked.friends:
            f = by_name.get(friend)
            value = f.label if f else friend
            found.append(_control("multi", "near", f"{near.label(lang)}: {friend}", value,
                                  hint=near.help(lang) if friend == asked.friends[0] else "",
                                  checked=value in _many(query, "near")))  # fmt: skip
        if asked.captives and "guard" in names:
            guard = spec.field("guard")
            friends = [f for f in situations.friends(table, target.label) if f.in_play]
            options = [("", "—"), *((f.label, f.name) for f in friends)]
            found.append(_control("select", "guard", guard.label(lang), _last(query, "guard"),
                                  options, hint=guard.help(lang)))  # fmt: skip
    return found


# ----------------------------------------------------------------------------- the live page


@game_live.panel("actions")
def live_panel(
    session: Session, site: Site, request: Request, campaign: Campaign, game: Game
) -> dict[str, Any] | None:
    """The live page's part: act with the model taking its turn (or any other), undo; nothing
    for a reader who only watches, or a game that is over."""
    from skirmish.engine.glossary import GameStatus

    if game.status != GameStatus.IN_PROGRESS or not sides_acting(site, session, game):
        return None
    lang = pick_lang(request)
    table = situations.read(session, game)
    mine = _models(site, session, game, table)
    acting = next((f for f in mine if f.acting), None)
    return {
        "panel_url": _url(campaign.name, game.id, "act/panel"),
        "act_url": _url(campaign.name, game.id),
        "acting": {
            "label": _model_line(acting, lang),
            "url": _url(campaign.name, game.id, model=acting.label),
        }
        if acting is not None
        else None,  # fmt: skip
        "undo_url": _url(campaign.name, game.id, "undo"),
        "last": last_action(session, game, lang),
    }


# ----------------------------------------------------------------------------- the routes


async def all_fields(request: Request) -> dict[str, list[str]]:
    """Every value of every field of a posted form (a repeatable field keeps them all)."""
    from urllib.parse import parse_qsl

    from skirmish.web.site import FORM_BYTES

    await form_fields(request)  # the CSRF check read it; the body is kept
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await request.body()
    found: dict[str, list[str]] = {}
    if kind == "application/x-www-form-urlencoded" and len(body) <= FORM_BYTES:
        for key, value in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True):
            found.setdefault(key, []).append(value)
    return found


def _json_list(raw: str | None) -> list[Any]:
    if not raw:
        return []
    try:
        found = json.loads(raw)
    except ValueError:
        return []
    return found if isinstance(found, list) else []


def _state(raw: str) -> dict[str, Any]:
    """The action's values carried from one die to the next (strings, lists of strings)."""
    try:
        found = json.loads(raw)
    except ValueError:
        found = None
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and (isinstance(v, str) or (isinstance(v, list)
                                and all(isinstance(x, str) for x in v)))
        for k, v in found.items()
    ):  # fmt: skip
        raise CampaignError(
            "this form is out of date; start the action again. Nothing was changed.",
            it="questo modulo non è più valido; ricomincia l'azione. Non è cambiato nulla.",
        )
    return found


def _values(spec: Spec, every: Mapping[str, list[str]]) -> dict[str, Any]:
    """The action's values from the situation form (the PICK of an objective unfolded)."""
    values = _flat({k: v for k, v in every.items() if k not in ("action", "model")})
    what = values.pop("what", None)
    if spec.name == "objective" and isinstance(what, str) and what:
        try:
            picked = json.loads(what)
        except ValueError:
            picked = None
        if isinstance(picked, dict):
            values.update({k: str(v) for k, v in picked.items() if k in
                           ("objective", "copy", "event")})  # fmt: skip
    return values


def _faces(raw: str) -> list[int]:
    if not raw.strip():
        return []
    try:
        return list(parse_dice(raw))
    except SkirmishError:
        raise _refusal("gac_bad_dice") from None


def _unknown_field(spec: Spec, typed: str) -> RulesError:
    known = sorted(action_schema.api_fields(spec))
    close = difflib.get_close_matches(typed, known, n=3, cutoff=0.5) or known
    return RulesError(
        f"{shown(typed)} is no field of {spec.name}; did you mean {', '.join(close)}?",
        it=f"{shown(typed)} non è un campo di {spec.name}; forse {', '.join(close)}?",
    )


def _one_action(
    handle: Callable[[Request, str, str, str], Awaitable[Response]], action: str
) -> Callable[[Request, str, str], Awaitable[Response]]:
    """The route of one action: the same handler, with the action's name."""

    async def one(request: Request, campaign: str, game: str) -> Response:
        return await handle(request, campaign, game, action)

    return one


def router(site: Site) -> APIRouter:
    """The flow's pages and forms, undo, and their API twins."""
    r = APIRouter()
    page = "/c/{campaign}/games/{game}"
    api = "/api/v1/campaigns/{campaign}/games/{game}"

    def flow_page(
        request: Request, campaign: str, game: str, query: Mapping[str, Any],
        message: str = "", code: int = 200,
    ) -> Response:  # fmt: skip
        lang = pick_lang(request)
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            view = flow(site, s, found, g, query, lang)
        return site.page(request, "game/action.html", code, flow=view, message=message)

    @r.get(page + "/act", response_class=HTMLResponse, include_in_schema=False)
    def act_page(request: Request, campaign: str, game: str) -> Response:
        query = {k: request.query_params.getlist(k) for k in request.query_params}
        return flow_page(request, campaign, game, query)

    @r.get(page + "/act/panel", response_class=HTMLResponse, include_in_schema=False)
    def act_panel(request: Request, campaign: str, game: str) -> Response:
        """The live page's panel alone, redrawn when the game changes (whose turn it is, what
        undo would take back)."""
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            shown = live_panel(s, site, request, found, g)
        return site.page(request, "game/_actions.html", 200, actions=shown)

    @r.post(page + "/act", response_class=HTMLResponse, include_in_schema=False)
    async def act_step(request: Request, campaign: str, game: str) -> Response:
        every = await all_fields(request)
        lang = pick_lang(request)
        one = {k: v[0] for k, v in every.items() if v}
        try:
            spec = find_spec(one.get("action", ""))
            values = _state(one["state"]) if one.get("state") else _values(spec, every)
        except SkirmishError as error:
            return flow_page(request, campaign, game, {}, error.text(lang.value), 400)
        query = {**values, "model": values.get(actor_field(spec), ""), "action": spec.name}
        if spec.target:  # the flow's own name for the model it is done to
            query["target"] = values.get(spec.target, "")
        if one.get("odds"):  # "update the odds": the form again with what it says now
            return await run_in_threadpool(flow_page, request, campaign, game, query)
        try:
            faces = _faces(one.get("dice", ""))
            answers = [
                a
                for a in _json_list(one.get("answers"))
                if isinstance(a, dict) and isinstance(a.get("at"), int)
                and isinstance(a.get("pay"), str)
            ]  # fmt: skip
            if one.get("back") and faces:
                faces.pop()
                answers = [a for a in answers if int(a.get("at", 0)) <= len(faces)]
            elif one.get("die"):
                faces.append(_faces(one["die"])[0])
            elif one.get("answer"):
                answers.append({"at": len(faces), "pay": one["answer"]})
        except SkirmishError as error:
            return await run_in_threadpool(flow_page, request, campaign, game, query,
                                           error.text(lang.value), 400)  # fmt: skip
        random = one.get("mode") == "random"
        step = Step(lang, faces, [str(a.get("pay", "")) for a in answers], random)
        key = one.get("key")
        try:
            done = await run_in_threadpool(perform, site, spec, campaign, game, values, step, key)
        except (NeedDie, NeedAnswer) as pending:
            if pending.side is not None:  # the other side's die: asked on its player's phone
                there = await run_in_threadpool(hand_over, site, spec, campaign, game, values,
                                                pending, answers, random, key)  # fmt: skip
                return RedirectResponse(there, status_code=303)
            return _dice_page(request, campaign, game, spec, values, pending, answers, random,
                              key or "", lang)  # fmt: skip
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except StoreError:
            raise
        except NotFound:
            raise
        except SkirmishError as error:
            return await run_in_threadpool(flow_page, request, campaign, game, query,
                                           error.text(lang.value), 400)  # fmt: skip
        return _done_page(request, campaign, game, done, lang)

    def _dice_page(
        request: Request, campaign: str, game: str, spec: Spec, values: Mapping[str, Any],
        pending: NeedDie | NeedAnswer, answers: list[Any], random: bool, key: str, lang: Lang,
    ) -> Response:  # fmt: skip
        used = pending.used
        need = pending if isinstance(pending, NeedDie) else None
        question = pending if isinstance(pending, NeedAnswer) else None
        ways = ways_view(question, lang) if question is not None else []
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            campaign_name, game_id = found.name, g.id
        return site.page(
            request, "game/action_dice.html", 200,
            campaign_name=campaign_name, game_id=game_id,
            game_url=game_live.game_url(campaign_name, game_id),
            act_url=_url(campaign_name, game_id),
            action_label=spec.label(lang),
            actor=values.get(actor_field(spec) if spec.actor else "gang", ""),
            target=values.get("target", ""),
            used=used, need=need, question=question, ways=ways,
            said=used[-1] if used and used[-1].verdict else None,
            state=json.dumps(values, ensure_ascii=False, sort_keys=True),
            dice=" ".join(str(u.face) for u in used),
            answers=json.dumps(answers), mode="random" if random else "typed",
            key=key, action=spec.name,
        )  # fmt: skip

    def _done_page(request: Request, campaign: str, game: str, done: Done, lang: Lang) -> Response:
        game_id = done.body.get("game") if isinstance(done.body, dict) else None
        number = int(game_id) if isinstance(game_id, int) else int(game)
        return site.page(
            request, "game/action_done.html", 200,
            campaign_name=done.campaign, game_id=number,
            game_url=game_live.game_url(done.campaign, number),
            act_url=_url(done.campaign, number), undo_url=_url(done.campaign, number, "undo"),
            lines=done.lines, replayed=done.replayed,
        )  # fmt: skip

    @r.get(page + "/undo", response_class=HTMLResponse, include_in_schema=False)
    def undo_page(request: Request, campaign: str, game: str) -> Response:
        return undo_view(request, campaign, game)

    def undo_view(
        request: Request, campaign: str, game: str, message: str = "", code: int = 200
    ) -> Response:
        """What undo would take back, and its confirmation naming it (``entry``: the action's
        first event), so that the action shown is the one taken back, or none (issue #20)."""
        lang = pick_lang(request)
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            try:
                require_game(s, site.actor(s), g, GameAction.UNDO)
            except CampaignError as error:
                return site.page(request, "refused.html", 403, message=error.text(lang.value))
            last = last_action(s, g, lang)
            entry = undoing.shown_entry(s, game=g)
            name_, number = found.name, g.id
        return site.page(
            request, "game/action_undo.html", code, campaign_name=name_, game_id=number,
            game_url=game_live.game_url(name_, number), undo_url=_url(name_, number, "undo"),
            last=last, key=secrets.token_urlsafe(24), entry=entry or "", message=message,
        )  # fmt: skip

    @r.post(page + "/undo", response_class=HTMLResponse, include_in_schema=False)
    async def undo_post(request: Request, campaign: str, game: str) -> Response:
        fields = await form_fields(request)
        lang = pick_lang(request)
        try:
            entry = undo_shown.number(fields.get("entry"), "entry")
            done = await run_in_threadpool(take_back, site, campaign, game, fields.get(KEY_FIELD),
                                           lang, entry)  # fmt: skip
        except StaleError as stale:  # the page again: what changed, and what undo takes now
            return await run_in_threadpool(undo_view, request, campaign, game,
                                           stale.text(lang.value), 409)  # fmt: skip
        except Forbidden as refusal:
            return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
        except StoreError:
            raise
        except NotFound:
            raise
        except SkirmishError as error:
            return site.page(request, "refused.html", 400, message=error.text(lang.value))
        return _done_page(request, campaign, game, done, lang)

    # ------------------------------------------------------------------------ the API

    async def api_body(request: Request) -> dict[str, Any]:
        await form_fields(request)
        raw = await request.body()
        try:
            found = json.loads(raw) if raw else {}
        except ValueError:
            found = None
        if not isinstance(found, dict):
            raise RulesError("send a JSON object.", it="invia un oggetto JSON.")
        return found

    def api_error(request: Request, error: SkirmishError, code: int, lang: Lang) -> Response:
        return site.api(request, {"error": error.text(lang.value), "nearest": []}, code)

    async def api_action(request: Request, campaign: str, game: str, action: str) -> Response:
        lang = pick_lang(request)
        try:
            spec = find_spec(action)
            body = await api_body(request)
            unknown = sorted(set(body) - action_schema.api_fields(spec))
            if unknown:
                raise _unknown_field(spec, unknown[0])
            dice = body.pop("dice", None)
            if isinstance(dice, list):
                dice = ",".join(str(d) for d in dice)
            faces = list(parse_dice(str(dice))) if dice not in (None, "") else []
            chosen = body.pop("reroll", None) or []
            chosen = [chosen] if isinstance(chosen, str) else chosen
            if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
                raise _bad("reroll", chosen, "not a list of names")
            step = Step(lang, faces, whole=True, choices=tuple(chosen))
            key = request.headers.get(KEY_HEADER)
            done = await run_in_threadpool(perform, site, spec, campaign, game, body, step, key)
        except Forbidden as refusal:
            return api_error(request, refusal.error, 403, lang)
        except (StoreError, NotFound):
            raise
        except SkirmishError as error:
            return api_error(request, error, 400, lang)
        return site.api(request, done.body, done.status)

    for command in commands.MODEL_ACTIONS:  # one route each, with its own request schema
        r.add_api_route(
            api + f"/actions/{command.name}", _one_action(api_action, command.name),
            methods=["POST"], tags=["games"], name=f"api-game-{command.name}",
            summary=f"{command.label.en}: as `skirmish game {command.cli} --json`",
            description=f"{command.help.en} Example: `{command.example}`. The fields are the "
            "command line's arguments and options without their dashes. The `Idempotency-Key` "
            "header makes a retried request answer the first one without acting twice. Send "
            "the `csrf` cookie's value in `X-CSRF-Token`.",
            openapi_extra=action_schema.openapi_extra(command),
            responses={200: {"description": "`{game, turn, events}`, as the CLI's `--json`."},
                       400: {"description": "Refused in words; nothing changed."},
                       403: {"description": "The reader may not act for that side."},
                       404: {"description": "No such campaign or game."}},
        )  # fmt: skip
    # the command line's and the Italian names of the same actions
    r.add_api_route(api + "/actions/{action}", api_action, methods=["POST"],
                    include_in_schema=False)  # fmt: skip

    @r.get(
        api + "/actions/{action}/odds",
        tags=["games"],
        summary="The exact odds of a shot or a fight now: to hit, to wound, to eliminate",
        description="The query takes the same fields as the action (`attacker`, `target`, "
        "`range`, `cover`, …); the chances are exact fractions, before any FAMA or FORTUNA, "
        "from the very setup the service would roll (`null`: the target has no such numbers).",
    )
    def api_odds(request: Request, campaign: str, game: str, action: str) -> Response:
        lang = pick_lang(request)
        try:
            spec = find_spec(action)
            if spec.procedure is None:
                raise _refusal("gac_unknown_action", action=shown(action), known="shoot, fight")
            query = {k: request.query_params.get(k) for k in request.query_params}
            with site.read() as s:
                found = site.find_campaign(s, campaign)
                g = find_game(s, found, game)
                situation = read_situation(spec.procedure, query)
                chances = situations.odds(s, g, _required(query, "attacker"),
                                          _required(query, "target"), spec.procedure,
                                          situation)  # fmt: skip
        except NotFound:
            raise
        except StoreError:
            raise
        except SkirmishError as error:
            return api_error(request, error, 400, lang)
        plain = {
            "hit": str(chances.hit),
            "wound": None if chances.wound is None else str(chances.wound),
            "eliminate": None if chances.eliminate is None else str(chances.eliminate),
        }
        return site.api(request, plain)

    @r.post(
        api + "/undo",
        tags=["games"],
        summary="Take back the game's last action, as `skirmish game undo --json`",
        description="With the `Idempotency-Key` header a retried request answers the first "
        "one and takes back nothing more. The JSON body (optional) says what the client "
        "showed: `entry` (the id of the action's first event, as `game log --json` and "
        "`GET …/undo` give it) and/or `revision` (the game's, as its board gave it); the undo "
        "is refused with 409 and what changed since when the game has moved on.",
        responses={409: {"description": "The action shown is no longer the last (or the game "
                         "has moved on): what changed since; nothing changed."}},
    )  # fmt: skip
    async def api_undo(request: Request, campaign: str, game: str) -> Response:
        lang = pick_lang(request)
        try:
            body = await api_body(request)
            entry = undo_shown.number(body.get("entry"), "entry")
            revision = undo_shown.number(body.get("revision"), "revision", REVISION)
            done = await run_in_threadpool(take_back, site, campaign, game,
                                           request.headers.get(KEY_HEADER), lang, entry,
                                           revision)  # fmt: skip
        except StaleError as stale:
            return api_error(request, stale, 409, lang)
        except Forbidden as refusal:
            return api_error(request, refusal.error, 403, lang)
        except (StoreError, NotFound):
            raise
        except SkirmishError as error:
            return api_error(request, error, 400, lang)
        return site.api(request, done.body, done.status)

    return r
