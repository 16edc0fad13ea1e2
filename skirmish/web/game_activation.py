"""The book's secret activation on two phones (issue #12, §1.8, R-07, H-06).

Each player lays the card of the model they want to activate face down: on their own phone they
tap one of their models still to take its turn (``picks.pick``). The opponent's phone and every
spectator's see only that a pick was made, never which, until both are made
(``picks.round_state`` is the one place that decides what a reader may see). Then both picks
are shown; the initiative is rolled (1D6 + RIF + unused FAMA of the model or of a friend within
5U, R-07; ties rolled again, H-06) with dice typed on big 1–6 buttons or "roll for me"; the
roll is kept (``table_roll``) and explained in the CLI's words; the winner's phone offers
"activate mine" or "let my opponent activate", and that model's turn begins
(``initiative.initiative`` with the kept dice).

The panel (``templates/game/_activation.html``) is included by the game's live page with
``activation`` in its context (``panel``), and served alone at
``/c/{campaign}/games/{game}/activation``; it asks for itself again every few seconds (``204``
while nothing changed). Its forms post to ``…/activation/pick``, ``/roll``, ``/choose`` and
``/only`` (one side left: no roll, §1.8); the API twins are
``/api/v1/campaigns/{c}/games/{g}/picks`` (GET the round for the reader, POST a pick) and
``…/initiative`` (POST dice or random, and/or the winner's ``activate``). Every POST is one
unit of work carrying an idempotency key (a double tap acts once) and asks the game
permissions in that unit of work.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign import idempotency
from skirmish.campaign.game import picks, table_roll
from skirmish.campaign.game.activations import current, to_activate
from skirmish.campaign.game.board import find_model, game_by_id, member_of, models_of, side_of
from skirmish.campaign.game.end import side_gang
from skirmish.campaign.game.initiative import InitiativeReport, initiative
from skirmish.campaign.game.permissions import (
    GameAction,
    may_game,
    require_game,
    sides_played,
)
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.models import Campaign
from skirmish.engine.dice import TableDice, parse_dice
from skirmish.engine.glossary import GameStatus, TableState, label, label_value, parse
from skirmish.errors import CampaignError, SkirmishError, StoreError
from skirmish.i18n import Lang
from skirmish.rules.model import ModelState, Side
from skirmish.web import game_live, text
from skirmish.web.site import (
    NotFound,
    Site,
    form_fields,
    pick_lang,
    reader,
    safe_next,
    scenario_name,
    segment,
)

WORDS = text.part(
    {
        "en": {
            "ga_title": "Activation",
            "ga_title_short": "before the first turn",
            "ga_round": "turn {turn}, round {round}",
            "ga_acting": "Taking its turn now: {name}.",
            "ga_not_started": "The activations begin with the first turn.",
            "ga_over": "The game is over.",
            "ga_all_done": "Every model in play has taken its turn {turn}: the next turn begins "
            "the next round of picks.",
            "ga_only": "Only the {side} side has models left to take their turn: no initiative "
            "roll (§1.8). Its player chooses which one acts now.",
            "ga_only_wait": "Its player chooses which one acts now.",
            "ga_side": "{side}: {gang}",
            "ga_pick_hint": "Tap the model you want to activate: your opponent will not see it "
            "until both of you have picked (§1.8).",
            "ga_picked": "Picked: {name}",
            "ga_hidden": "(hidden from your opponent)",
            "ga_change": "Change",
            "ga_waiting": "Waiting for this side's pick.",
            "ga_they_picked": "This side has picked (hidden until both have).",
            "ga_revealed": "Both picks, revealed:",
            "ga_fama_own": "its own unused FAMA ({fama})",
            "ga_fama_friend": "{name}'s unused FAMA ({fama}), a friend within 5U",
            "ga_fama_for": "FAMA counted for {name} (R-07)",
            "ga_die_for": "{name}'s die ({side})",
            "ga_roll_for_me": "Roll for me",
            "ga_typed": "Type the dice rolled at the table",
            "ga_roll_typed": "Roll with these dice",
            "ga_roll_wait": "Waiting for the players to roll the initiative.",
            "ga_tie": "A tie: roll again (R-07, H-06).",
            "ga_tied_round": "Tie: {good} {good_total} against {bad} {bad_total} (dice {good_die} "
            "and {bad_die}): roll again (H-06).",
            "ga_you_won": "You won the initiative: who takes its turn now?",
            "ga_winner_chooses": "{name} won the initiative: who takes its turn now?",
            "ga_activate_mine": "Activate mine: {name}",
            "ga_let_opponent": "Let my opponent activate: {name}",
            "ga_choice_wait": "{name} won the initiative: waiting for its player's choice.",
            "ga_picked_done": "Your card is down.",
            "ga_nobody": "You are watching: the players pick on their phones.",
            "ga_dice_needed": "choose a face for each die, or tap \u201croll for me\u201d.",
            "ga_no_model": "tap one of the models.",
            "ga_key": "this form is out of date: reload the page and tap again.",
            "ga_initiative": "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}:"
            " {winner} wins.",
            "ga_roll": "{name}: 1D6 {dice} + RIF {rif} + FAMA {fama}{lender} = {totals}",
            "ga_lender": " ({name}'s)",
            "ga_activates": "{name} takes its turn {turn}: {choice} (§1.8).",
            "ga_choice_own": "the winner's choice",
            "ga_choice_other": "the winner lets the opponent's model act",
            "ga_shaken": "{name} rolled a natural 1 with Nervi scossi: shaken this turn (R-07).",
        },
        "it": {
            "ga_title": "Attivazione",
            "ga_title_short": "prima del primo turno",
            "ga_round": "turno {turn}, giro {round}",
            "ga_acting": "Sta giocando il suo turno: {name}.",
            "ga_not_started": "Le attivazioni cominciano col primo turno.",
            "ga_over": "La partita è finita.",
            "ga_all_done": "Tutti i personaggi in gioco hanno giocato il turno {turn}: col "
            "prossimo turno si scelgono di nuovo le carte.",
            "ga_only": "Solo i {side} hanno personaggi che devono ancora giocare il turno: "
            "niente tiro d'iniziativa (§1.8). Il loro giocatore sceglie chi agisce ora.",
            "ga_only_wait": "Il loro giocatore sceglie chi agisce ora.",
            "ga_side": "{side}: {gang}",
            "ga_pick_hint": "Tocca il personaggio che vuoi attivare: l'avversario non lo vedrà "
            "finché non avrete scelto entrambi (§1.8).",
            "ga_picked": "Scelto: {name}",
            "ga_hidden": "(nascosto all'avversario)",
            "ga_change": "Cambia",
            "ga_waiting": "In attesa della scelta di questa parte.",
            "ga_they_picked": "Questa parte ha scelto (nascosto finché non avete scelto entrambi).",
            "ga_revealed": "Le due carte, scoperte:",
            "ga_fama_own": "la sua FAMA non usata ({fama})",
            "ga_fama_friend": "la FAMA non usata di {name} ({fama}), un amico entro 5U",
            "ga_fama_for": "FAMA contata per {name} (R-07)",
            "ga_die_for": "Dado di {name} ({side})",
            "ga_roll_for_me": "Tira per me",
            "ga_typed": "Scrivi i dadi tirati al tavolo",
            "ga_roll_typed": "Tira con questi dadi",
            "ga_roll_wait": "In attesa che i giocatori tirino l'iniziativa.",
            "ga_tie": "Parità: tirate di nuovo (R-07, H-06).",
            "ga_tied_round": "Parità: {good} {good_total} contro {bad} {bad_total} (dadi "
            "{good_die} e {bad_die}): si tira di nuovo (H-06).",
            "ga_you_won": "Hai vinto l'iniziativa: chi gioca il suo turno ora?",
            "ga_winner_chooses": "{name} ha vinto l'iniziativa: chi gioca il suo turno ora?",
            "ga_activate_mine": "Attivo il mio: {name}",
            "ga_let_opponent": "Faccio attivare l'avversario: {name}",
            "ga_choice_wait": "{name} ha vinto l'iniziativa: in attesa della scelta del suo "
            "giocatore.",
            "ga_picked_done": "La tua carta è sul tavolo.",
            "ga_nobody": "Stai guardando: i giocatori scelgono sui loro telefoni.",
            "ga_dice_needed": "scegli una faccia per ogni dado, o tocca \u201ctira per me\u201d.",
            "ga_no_model": "tocca uno dei personaggi.",
            "ga_key": "questo modulo è scaduto: ricarica la pagina e tocca di nuovo.",
            "ga_initiative": "Iniziativa (R-07): {good} {good_totals} contro {bad} {bad_totals}:"
            " vince {winner}.",
            "ga_roll": "{name}: 1D6 {dice} + RIF {rif} + FAMA {fama}{lender} = {totals}",
            "ga_lender": " (di {name})",
            "ga_activates": "{name} gioca il suo turno {turn}: {choice} (§1.8).",
            "ga_choice_own": "scelta di chi ha vinto",
            "ga_choice_other": "chi ha vinto fa agire il personaggio avversario",
            "ga_shaken": "{name} ha fatto 1 naturale con Nervi scossi: scosso per questo turno "
            "(R-07).",
        },
    }
)

#: How often the panel asks for itself again (``hx-trigger``), in the template.
POLL_SECONDS = 3


class _Discard(Exception):
    """Thrown out of a unit of work to roll it back: the initiative tried, not recorded, and
    the roll kept then that it carried on from (its tied rounds), if any."""

    def __init__(self, kept: table_roll.Kept, earlier: table_roll.Kept | None) -> None:
        super().__init__("discarded")
        self.kept = kept
        self.earlier = earlier


@dataclass(frozen=True)
class Choice:
    """A model the reader may tap: its name and a line of what it is now."""

    name: str
    info: str


@dataclass(frozen=True)
class SideView:
    """One side of the round as this reader may see it: its own pick only if the reader plays
    it (``mine``), else only whether it has picked."""

    side: str
    title: str
    mine: bool
    picked: str | None = None  # the reader's own side only
    picked_any: bool = False
    models: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class FamaField:
    field: str
    label: str
    options: tuple[tuple[str, str], ...]
    chosen: str = ""  # the option first selected: the most FAMA in reach (issue #20)
    mine: bool = True  # the reader plays this side: asked; else said, and posted as chosen
    said: str = ""  # the chosen option's words


@dataclass(frozen=True)
class DieField:
    field: str
    label: str


@dataclass
class Panel:
    """Everything the panel shows this reader (``_activation.html``)."""

    phase: str  # closed, all_done, only, pick, roll, choose
    turn: int
    round: int
    poll_url: str
    pick_url: str
    roll_url: str
    choose_url: str
    only_url: str
    back: str
    key: str
    why: str = ""
    acting: str | None = None
    error: str = ""
    done_lines: list[str] = field(default_factory=list)
    sides: list[SideView] = field(default_factory=list)
    mine: list[Choice] = field(default_factory=list)
    only_side_word: str = ""
    good: str = ""
    bad: str = ""
    good_word: str = ""
    bad_word: str = ""
    roll_lines: list[str] = field(default_factory=list)
    tied: bool = False
    may_roll: bool = False
    fama: list[FamaField] = field(default_factory=list)
    dice: list[DieField] = field(default_factory=list)
    may_choose: bool = False
    winner: str = ""
    winner_side: str = ""
    winner_mine: bool = False
    loser: str = ""
    loser_side: str = ""
    data: dict[str, Any] = field(default_factory=dict)  # the API's answer


def _w(lang: Lang, key: str, **values: Any) -> str:
    return WORDS[lang.value][key].format(**values)


def _info(session: Session, model: GameModel, lang: Lang) -> str:
    """COS, state and points of a model as a short line under its name."""
    member = member_of(session, model)
    state = label_value(ModelState, model.state, lang) if model.state != "steady" else ""
    fama = max(0, member.fama - model.fama_spent)
    parts = [f"COS {model.cos_left}/{model.cos_start}", f"RIF {member.rif}", f"FAMA {fama}"]
    if state:
        parts.append(state)
    if model.prone:
        parts.append(label(TableState.PRONE, lang))
    return " · ".join(p for p in parts if p)


def game_path(campaign: str, game_id: int) -> str:
    """The game's address under its campaign (``/c/{campaign}/games/{id}``)."""
    return f"/c/{quote(campaign, safe='')}/games/{game_id}"


def api_path(campaign: str, game_id: int) -> str:
    return f"/api/v1/campaigns/{quote(campaign, safe='')}/games/{game_id}"


def _side_word(side: Side, lang: Lang) -> str:
    return label(side, lang)


def roll_lines(kept: table_roll.Kept, lang: Lang) -> list[str]:
    """The roll as ``skirmish game initiative`` says it (``cli.game_activations``): both sides'
    totals and the winner, then each side's die, RIF and FAMA; a tie's rounds to roll again."""
    names = {Side.GOOD: kept.good, Side.BAD: kept.bad}
    if kept.winner_side is None:
        return [
            _w(lang, "ga_tied_round", good=kept.good, bad=kept.bad, good_total=r.good_total,
               bad_total=r.bad_total, good_die=r.good_die, bad_die=r.bad_die)
            for r in kept.rounds
        ]  # fmt: skip
    good_totals = "/".join(str(r.good_total) for r in kept.rounds)
    bad_totals = "/".join(str(r.bad_total) for r in kept.rounds)
    lines = [
        _w(lang, "ga_initiative", good=kept.good, bad=kept.bad, good_totals=good_totals,
           bad_totals=bad_totals, winner=names[kept.winner_side])
    ]  # fmt: skip
    for side, rif, fama, lender in (
        (Side.GOOD, kept.good_rif, kept.good_fama, kept.good_fama_from),
        (Side.BAD, kept.bad_rif, kept.bad_fama, kept.bad_fama_from),
    ):
        dice = "/".join(str(r.good_die if side is Side.GOOD else r.bad_die) for r in kept.rounds)
        totals = good_totals if side is Side.GOOD else bad_totals
        lent = _w(lang, "ga_lender", name=lender) if lender else ""
        lines.append(
            _w(lang, "ga_roll", name=names[side], dice=dice, rif=rif, fama=fama, lender=lent,
               totals=totals)
        )  # fmt: skip
    lines += [_w(lang, "ga_shaken", name=n) for n in kept.shaken]
    return lines


def chosen_lines(report: InitiativeReport, turn: int, lang: Lang) -> list[str]:
    """After the winner's choice: whose turn began, as the CLI says it."""
    started = report.activated
    if started is None:
        return []
    own = started.model == report.winner
    choice = _w(lang, "ga_choice_own" if own else "ga_choice_other")
    return [_w(lang, "ga_activates", name=started.model, turn=turn, choice=choice)]


def _fama_fields(
    session: Session, game: Game, revealed: Mapping[Side, GameModel], lang: Lang,
    sides: frozenset[Side] = frozenset(Side),
) -> list[FamaField]:  # fmt: skip
    """For each side, whose unused FAMA its roll counts (R-07): the revealed model's own, or
    a friend's within 5U. The server cannot measure 5U: it offers the side's models in play
    with unused FAMA, as ``--good-fama-from`` takes them, and the players keep to the rule.
    The most FAMA is chosen first (the model's own on a tie); only the player of the side is
    asked (``sides``), the other phone says what counts (issue #20)."""
    fields: list[FamaField] = []
    for side, key in ((Side.GOOD, "good_fama_from"), (Side.BAD, "bad_fama_from")):
        model = revealed[side]
        own = max(0, member_of(session, model).fama - model.fama_spent)
        options = [("", _w(lang, "ga_fama_own", fama=own))]
        best, most = options[0], own
        for friend in models_of(session, game):
            if friend.id == model.id or friend.eliminated or friend.left_turn is not None:
                continue
            if side_of(session, friend) is not side:
                continue
            fama = max(0, member_of(session, friend).fama - friend.fama_spent)
            if fama > 0:
                words = _w(lang, "ga_fama_friend", name=friend.name, fama=fama)
                options.append((friend.name, words))
                if fama > most:
                    best, most = options[-1], fama
        if len(options) > 1:
            label = _w(lang, "ga_fama_for", name=model.name)
            fields.append(FamaField(key, label, tuple(options), best[0], side in sides, best[1]))
    return fields


# ---------------------------------------------------------------- the picks, the permissions


@dataclass(frozen=True)
class RoundView:
    """The round of picks as this reader may see it: for each side whether it has picked, the
    pick itself only for a side the reader plays, both once both are down (``revealed``)."""

    turn: int
    round: int
    own: Mapping[Side, GameModel | None]
    made: Mapping[Side, bool]
    revealed: Mapping[Side, GameModel] | None


def acts_for(session: Session, site: Site, game: Game) -> frozenset[Side]:
    """The sides this request's reader may pick for in ``game`` (the game permissions: a
    player their own, a referee both, a spectator none)."""
    actor = site.actor(session)
    return frozenset(side for side in Side if may_game(session, actor, game, GameAction.ACT, side))


def require(
    session: Session, site: Site, game: Game, action: GameAction, side: Side | None = None
) -> None:
    """``require_game``, its refusal a 403 (``Forbidden``) in the same words."""
    try:
        require_game(session, site.actor(session), game, action, side)
    except CampaignError as refusal:
        raise Forbidden(str(refusal), it=refusal.it) from None


def round_view(session: Session, site: Site, game: Game) -> RoundView:
    """The round as ``picks.round_state`` lets this reader see it: a pick only to the side
    that made it (the sides the reader plays), both once both are down. A referee and a
    spectator see what the opponent sees."""
    seen = sides_played(session, site.actor(session), game)
    state = picks.round_state(session, game, seen)

    def model(side: Side) -> GameModel | None:
        card = state.card(side)
        return session.get(GameModel, card.model_id) if card.model_id is not None else None

    revealed = None
    if state.revealed:
        shown = {side: model(side) for side in Side}
        revealed = {side: m for side, m in shown.items() if m is not None}
    return RoundView(
        turn=state.turn,
        round=state.round,
        own={side: model(side) for side in seen},
        made={side: state.card(side).picked for side in Side},
        revealed=revealed if revealed is not None and len(revealed) == 2 else None,
    )


# ---------------------------------------------------------------- the panel


def panel(
    session: Session,
    site: Site,
    request: Request,
    campaign: Campaign,
    game: Game,
    *,
    back: str | None = None,
    error: str = "",
    done_lines: Sequence[str] = (),
) -> Panel:
    """The activation panel for this request's reader, read in ``session`` (the live page
    calls it too, and puts it in its context as ``activation``)."""
    lang = pick_lang(request)
    base = game_path(campaign.name, int(game.id or 0))
    p = Panel(
        phase="closed", turn=game.turn, round=0, poll_url=f"{base}/activation/panel",
        pick_url=f"{base}/activation/pick", roll_url=f"{base}/activation/roll",
        choose_url=f"{base}/activation/choose", only_url=f"{base}/activation/only",
        back=safe_next(back or quote(request.url.path, safe="/%")),
        key=secrets.token_urlsafe(18), error=error, done_lines=list(done_lines),
    )  # fmt: skip
    p.data = {"game": game.id, "turn": game.turn, "round": None, "phase": "closed"}
    if game.status != GameStatus.IN_PROGRESS:
        p.why = _w(lang, "ga_over")
    elif game.turn < 1:
        p.why = _w(lang, "ga_not_started")
    else:
        _open_panel(session, site, game, p, lang)
    # What the action said, less what the panel shows anyway (the roll's lines).
    p.done_lines = [line for line in p.done_lines if line not in p.roll_lines]
    p.data["phase"] = p.phase
    p.poll_url += "?" + urlencode({"back": p.back, "v": version(p, lang)})
    return p


def _open_panel(session: Session, site: Site, game: Game, p: Panel, lang: Lang) -> None:
    sides = acts_for(session, site, game)
    acting = current(session, game)
    p.acting = acting.name if acting is not None else None
    p.data["acting"] = p.acting
    left = to_activate(session, game)
    waiting = [side for side in (Side.GOOD, Side.BAD) if left[side]]
    if not waiting:
        p.phase = "all_done"
    elif len(waiting) == 1:
        p.phase = "only"
        only = waiting[0]
        p.only_side_word = _side_word(only, lang)
        if only in sides:
            p.mine = [Choice(m.name, _info(session, m, lang)) for m in left[only]]
        p.data["only"] = only.value
        p.data["models"] = [m.name for m in left[only]] if only in sides else []
    else:
        _round_panel(session, site, game, p, sides, left, lang)


def _round_panel(
    session: Session,
    site: Site,
    game: Game,
    p: Panel,
    sides: frozenset[Side],
    left: Mapping[Side, list[GameModel]],
    lang: Lang,
) -> None:
    actor = site.actor(session)
    view = round_view(session, site, game)
    p.round = view.round
    p.data["round"] = view.round
    p.data["sides"] = {
        side.value: {
            "picked": view.made.get(side, False),
            "mine": side in sides,
            "model": _own_name(view, side),
        }
        for side in (Side.GOOD, Side.BAD)
    }
    if view.revealed is None:
        p.phase = "pick"
        for side in (Side.GOOD, Side.BAD):
            mine = side in sides
            picked = _own_name(view, side)
            p.sides.append(
                SideView(
                    side=side.value,
                    title=f"{side_gang(session, game, side)} ({_side_word(side, lang)})",
                    mine=mine,
                    picked=picked,
                    picked_any=view.made.get(side, False),
                    models=tuple(Choice(m.name, _info(session, m, lang)) for m in left[side])
                    if mine
                    else (),
                )
            )
        p.data["revealed"] = None
        p.data["roll"] = None
        return
    revealed = view.revealed
    p.good, p.bad = revealed[Side.GOOD].name, revealed[Side.BAD].name
    p.good_word = _side_word(Side.GOOD, lang).capitalize()
    p.bad_word = _side_word(Side.BAD, lang).capitalize()
    p.data["revealed"] = {"good": p.good, "bad": p.bad}
    kept = table_roll.kept_roll(
        session, game=game, turn=view.turn, round_no=view.round, revealed=revealed
    )
    p.data["roll"] = kept.data() if kept is not None else None
    if kept is not None:
        p.roll_lines = roll_lines(kept, lang)
    if kept is None or kept.winner_side is None:
        p.phase = "roll"
        p.tied = kept is not None
        p.may_roll = may_game(session, actor, game, GameAction.INITIATIVE)
        if not p.tied:
            p.fama = _fama_fields(session, game, revealed, lang, sides)
        p.dice = [
            DieField("good_die", _w(lang, "ga_die_for", name=p.good, side=p.good_word)),
            DieField("bad_die", _w(lang, "ga_die_for", name=p.bad, side=p.bad_word)),
        ]
        return
    p.phase = "choose"
    winner = kept.winner_side
    loser = Side.BAD if winner is Side.GOOD else Side.GOOD
    p.winner, p.loser = revealed[winner].name, revealed[loser].name
    p.winner_side, p.loser_side = winner.value, loser.value
    p.may_choose = winner in sides
    p.winner_mine = winner in sides_played(session, actor, game)


def _own_name(view: RoundView, side: Side) -> str | None:
    """The pick of ``side`` as this reader may see it: their own, or both once revealed."""
    if view.revealed is not None:
        return view.revealed[side].name
    model = view.own.get(side)
    return model.name if model is not None else None


def version(p: Panel, lang: Lang) -> str:
    """What the reader's panel shows, as a short digest: the poll answers 204 while it holds
    (so a refusal's or a roll's words stay until something changes). Made only of what this
    reader may see (``Panel.data``)."""
    seen = repr((lang.value, sorted(p.data.items(), key=lambda kv: kv[0])))
    return hashlib.sha256(seen.encode()).hexdigest()[:16]


def find_game(session: Session, site: Site, campaign: str, game_id: int) -> tuple[Campaign, Game]:
    """The campaign (among those the reader may see) and its game ``game_id``; else 404."""
    found = site.find_campaign(session, campaign)
    try:
        return found, game_by_id(session, found, game_id)
    except CampaignError as error:
        raise NotFound(error, []) from None


def _title(game: Game, lang: Lang) -> str:
    return text.TEXT[lang.value]["game_line"].format(
        game=game.id, scenario=scenario_name(game.scenario, lang)
    )


def _fragment(request: Request) -> bool:
    return request.headers.get("hx-request") == "true" and (
        request.headers.get("hx-target") == "activation"
        or request.url.path.endswith("/activation/panel")
    )


@dataclass(frozen=True)
class Done:
    """What a form's action is given: its fields, the reader's language, and what its
    ``prepare`` step found (the initiative tried and thrown away)."""

    form: Mapping[str, str]
    lang: Lang
    prepared: table_roll.Kept | None = None
    earlier: table_roll.Kept | None = None  # the kept roll the prepared one carried on from


#: A posted form's action: given the unit of work, the campaign, the game and the form, the
#: lines to say once it is done.
Act = Callable[[Session, Campaign, Game, Done], list[str]]
#: A step before it, in a unit of work of its own that ends by throwing ``_Discard``.
Prepare = Callable[[Session, Campaign, Game, Mapping[str, str]], None]


class Forbidden(CampaignError):
    """A reader who may not do this in this game (a spectator, the other side): 403."""


def prepared(
    site: Site, campaign: str, game_id: int, form: Mapping[str, str], prepare: Prepare, key: str
) -> _Discard | None:
    """``prepare`` in a writing unit of work of its own, which it ends by throwing what it
    found (``_Discard``): nothing it did is kept. Not for a retry (``key`` answered): its
    answer is replayed as it was."""
    try:
        with site.write() as s:
            found, game = find_game(s, site, campaign, game_id)
            if idempotency.answered(s, key):
                return None
            prepare(s, found, game, form)
    except _Discard as thrown:
        return thrown
    return None


def _dice(form: Mapping[str, str]) -> tuple[int, ...] | None:
    """The two dice typed (the good side's, then the bad side's), or ``None``: roll for me."""
    if form.get("random"):
        return None
    if form.get("dice"):  # the API: "5 2", or [5, 2]
        return parse_dice(form["dice"])
    good, bad = form.get("good_die", ""), form.get("bad_die", "")
    if not good or not bad:
        raise CampaignError(
            "choose a face for each die, or tap \u201croll for me\u201d.",
            it="scegli una faccia per ogni dado, o tocca \u201ctira per me\u201d.",
        )
    return parse_dice(f"{good} {bad}")


def _blank(value: str | None) -> str | None:
    value = (value or "").strip()
    return value or None


def router(site: Site) -> APIRouter:
    """The panel's pages, its forms and their API twins."""
    r = APIRouter()

    def show(
        request: Request,
        campaign: str,
        game_id: int,
        *,
        code: int = 200,
        error: str = "",
        done: Sequence[str] = (),
        back: str | None = None,
        fragment: bool = False,
    ) -> Response:
        lang = pick_lang(request)
        with site.read() as s:
            found, game = find_game(s, site, campaign, game_id)
            p = panel(s, site, request, found, game, back=back, error=error, done_lines=done)
            title = _title(game, lang)
            name = found.name
        if fragment:
            return site.page(request, "game/_activation.html", code, activation=p)
        return site.page(
            request, "game/activation.html", code, activation=p, campaign=name, title=title
        )

    @r.get(
        "/c/{campaign}/games/{game_id}/activation",
        response_class=HTMLResponse,
        include_in_schema=False,
    )
    def activation_page(request: Request, campaign: str, game_id: int) -> Response:
        """The activation of §1.8 for this reader: their picks, the initiative, the choice."""
        return show(request, campaign, game_id)

    @r.get(
        "/c/{campaign}/games/{game_id}/activation/panel",
        response_class=HTMLResponse,
        include_in_schema=False,
    )
    def activation_panel(request: Request, campaign: str, game_id: int) -> Response:
        """The panel alone (the live page's poll): 204 while it shows what ``?v=`` says."""
        lang = pick_lang(request)
        with site.read() as s:
            found, game = find_game(s, site, campaign, game_id)
            p = panel(s, site, request, found, game, back=request.query_params.get("back"))
        if request.query_params.get("v") == version(p, lang):
            return Response(status_code=204)
        return site.page(request, "game/_activation.html", 200, activation=p)

    async def posted(
        request: Request,
        campaign: str,
        game_id: int,
        act: Act,
        prepare: Prepare | None = None,
    ) -> Response:
        """One form's unit of work, then the panel (HTMX) or back to the page (303)."""
        form = await form_fields(request)
        lang = pick_lang(request)
        standalone = f"{game_path(segment(campaign), game_id)}/activation"
        back = safe_next(form.get("back") or standalone)
        code, error, done = 200, "", []
        try:
            done = await run_in_threadpool(work, request, campaign, game_id, form, act, prepare)
        except StoreError:
            raise
        except Forbidden as refusal:
            code, error = 403, refusal.text(lang.value)
        except SkirmishError as refusal:
            code, error = 400, refusal.text(lang.value)
        if request.headers.get("hx-request") == "true":
            return show(request, campaign, game_id, code=code, error=error, done=done,
                        back=back, fragment=True)  # fmt: skip
        if code != 200:
            return show(request, campaign, game_id, code=code, error=error, back=back)
        return RedirectResponse(back, status_code=303)

    def work(
        request: Request,
        campaign: str,
        game_id: int,
        form: Mapping[str, str],
        act: Act,
        prepare: Prepare | None,
        step: str = "",
    ) -> list[str]:
        """``prepare`` (in a unit of work of its own that it throws away), then ``act`` in one
        writing unit of work, at most once per idempotency key; a further ``step`` of the same
        request (the API's roll then choice) is answered once under a key of its own, derived
        from the request's (``idempotency.step_key``)."""
        lang = pick_lang(request)
        route = f"{request.url.path}#{act.__name__}"[: idempotency.ROUTE_LENGTH]
        key = form.get("key") or request.headers.get("idempotency-key") or ""
        if step:
            key = idempotency.step_key(key, step)
        thrown = prepared(site, campaign, game_id, form, prepare, key) if prepare else None
        tried = Done(form, lang, thrown.kept, thrown.earlier) if thrown else Done(form, lang)
        with site.write() as s:
            found, game = find_game(s, site, campaign, game_id)

            def run() -> tuple[int, Any]:
                return 200, {"lines": act(s, found, game, tried)}

            _, body, _ = idempotency.replay_or_run(s, key, reader().user_id, route, run)
            return [str(line) for line in body.get("lines", [])]

    # ------------------------------------------------------------ the actions

    def sides_or_refuse(session: Session, game: Game) -> frozenset[Side]:
        sides = acts_for(session, site, game)
        if not sides:
            raise Forbidden(
                "you are watching this game: only its players and arbitrators pick and roll. "
                "Nothing was changed.",
                it="stai guardando questa partita: scelgono e tirano solo i suoi giocatori e gli "
                "arbitri. Non è cambiato nulla.",
            )
        return sides

    def side_asked(form: Mapping[str, str]) -> Side | None:
        """The side a form names (``side``: good or bad, in either language), if any."""
        asked = _blank(form.get("side"))
        if asked is None:
            return None
        try:
            return parse(Side, asked)
        except SkirmishError:
            raise CampaignError(
                "say which side picks: good or bad.", it="di' quale parte sceglie: buoni o cattivi."
            ) from None

    def do_pick(s: Session, found: Campaign, game: Game, done: Done) -> list[str]:
        """The side picking is the one named, else the tapped model's: a model of a side the
        reader does not play is a refusal of the game permissions (403)."""
        sides_or_refuse(s, game)
        name = _blank(done.form.get("model"))
        if name is None:
            raise CampaignError("tap one of the models.", it="tocca uno dei personaggi.")
        side = side_asked(done.form) or side_of(s, find_model(s, game, name))
        require(s, site, game, GameAction.ACT, side)
        picks.pick(s, game, side, name)
        return [_w(done.lang, "ga_picked_done")]

    def revealed_or_refuse(s: Session, game: Game) -> RoundView:
        view = round_view(s, site, game)
        if view.revealed is None:
            raise CampaignError(
                "both sides must pick before the initiative is rolled (§1.8).",
                it="entrambe le parti devono scegliere prima del tiro d'iniziativa (§1.8).",
            )
        return view

    def try_roll(s: Session, found: Campaign, game: Game, form: Mapping[str, str]) -> None:
        require(s, site, game, GameAction.INITIATIVE)
        view = revealed_or_refuse(s, game)
        assert view.revealed is not None
        earlier = table_roll.kept_roll(
            s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed
        )
        if earlier is not None and earlier.winner_side is not None:
            raise _Discard(earlier, earlier)  # rolled already: its answer stands
        good_from = earlier.good_fama_from if earlier else _blank(form.get("good_fama_from"))
        bad_from = earlier.bad_fama_from if earlier else _blank(form.get("bad_fama_from"))
        tried = table_roll.trial(
            s, game=game, revealed=view.revealed, good_fama_from=good_from,
            bad_fama_from=bad_from, earlier=earlier.dice if earlier else (),
            typed=_dice(form), user_id=reader().user_id,
        )  # fmt: skip
        raise _Discard(tried, earlier)

    def do_roll(s: Session, found: Campaign, game: Game, done: Done) -> list[str]:
        """Keep the roll tried, unless another phone kept one since its trial: then everyone
        is answered with that one (``table_roll.keep``)."""
        require(s, site, game, GameAction.INITIATIVE)
        view = revealed_or_refuse(s, game)
        assert view.revealed is not None and done.prepared is not None
        kept = table_roll.keep(
            s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed,
            roll=done.prepared, earlier=done.earlier,
        )  # fmt: skip
        return roll_lines(kept, done.lang)

    def do_choose(s: Session, found: Campaign, game: Game, done: Done) -> list[str]:
        sides_or_refuse(s, game)
        view = revealed_or_refuse(s, game)
        assert view.revealed is not None
        kept = table_roll.kept_roll(
            s, game=game, turn=view.turn, round_no=view.round, revealed=view.revealed
        )
        if kept is None:
            raise CampaignError(
                "roll the initiative first (R-07).", it="tirate prima l'iniziativa (R-07)."
            )
        if kept.winner_side is None:
            raise CampaignError(
                "the initiative is tied: roll again before choosing (R-07, H-06).",
                it="l'iniziativa è in parità: tirate di nuovo prima di scegliere (R-07, H-06).",
            )
        if not may_game(s, site.actor(s), game, GameAction.ACT, kept.winner_side):
            raise Forbidden(
                f"{kept.winner} won the initiative: its player chooses who takes its turn "
                "(§1.8). Nothing was changed.",
                it=f"{kept.winner} ha vinto l'iniziativa: sceglie il suo giocatore chi gioca il "
                "turno (§1.8). Non è cambiato nulla.",
            )
        try:
            chosen = parse(Side, done.form.get("activate", ""))
        except SkirmishError:
            raise CampaignError(
                "say whose model takes its turn: good or bad.",
                it="di' di chi è il personaggio che gioca il turno: buoni o cattivi.",
            ) from None
        report = table_roll.choose(s, game=game, roll=kept, activate=chosen)
        return roll_lines(kept, done.lang) + chosen_lines(report, game.turn, done.lang)

    def do_only(s: Session, found: Campaign, game: Game, done: Done) -> list[str]:
        sides_or_refuse(s, game)
        left = to_activate(s, game)
        waiting = [side for side in (Side.GOOD, Side.BAD) if left[side]]
        if len(waiting) != 1:
            raise CampaignError(
                "both sides have models left to take their turn: pick one each (§1.8).",
                it="entrambe le parti hanno personaggi che devono ancora giocare il turno: "
                "sceglietene uno per parte (§1.8).",
            )
        require(s, site, game, GameAction.ACT, waiting[0])
        model = _blank(done.form.get("model"))
        if model is None:
            raise CampaignError("tap one of the models.", it="tocca uno dei personaggi.")
        named = {waiting[0]: model}
        report = initiative(
            s, game=game, good=named.get(Side.GOOD), bad=named.get(Side.BAD),
            dice=TableDice(()),
        )  # fmt: skip
        started = report.activated
        if started is None:
            return []
        return [_w(done.lang, "ga_acting", name=started.model)]

    base = "/c/{campaign}/games/{game_id}/activation"

    @r.post(f"{base}/pick", response_class=HTMLResponse, include_in_schema=False)
    async def pick_form(request: Request, campaign: str, game_id: int) -> Response:
        """Lay a model's card face down for this round (§1.8), or change it."""
        return await posted(request, campaign, game_id, do_pick)

    @r.post(f"{base}/roll", response_class=HTMLResponse, include_in_schema=False)
    async def roll_form(request: Request, campaign: str, game_id: int) -> Response:
        """Roll the initiative of the two revealed models (R-07, H-06): typed dice or random."""
        return await posted(request, campaign, game_id, do_roll, try_roll)

    @r.post(f"{base}/choose", response_class=HTMLResponse, include_in_schema=False)
    async def choose_form(request: Request, campaign: str, game_id: int) -> Response:
        """The winner's choice: its own model or the opponent's takes its turn (§1.8)."""
        return await posted(request, campaign, game_id, do_choose)

    @r.post(f"{base}/only", response_class=HTMLResponse, include_in_schema=False)
    async def only_form(request: Request, campaign: str, game_id: int) -> Response:
        """One side alone has models left: its player says which takes its turn (§1.8)."""
        return await posted(request, campaign, game_id, do_only)

    # ------------------------------------------------------------ the API

    api_base = "/api/v1/campaigns/{campaign}/games/{game_id}"

    def state(request: Request, campaign: str, game_id: int) -> dict[str, Any]:
        with site.read() as s:
            found, game = find_game(s, site, campaign, game_id)
            return panel(s, site, request, found, game).data

    async def api_posted(
        request: Request, campaign: str, game_id: int, steps: Sequence[tuple[Act, Prepare | None]]
    ) -> Response:
        form = await form_fields(request)
        lang = pick_lang(request)
        lines: list[str] = []
        try:
            for number, (act, prepare) in enumerate(steps):
                step = act.__name__ if number else ""  # one key per step (issue #20)
                lines += await run_in_threadpool(
                    work, request, campaign, game_id, form, act, prepare, step
                )
        except StoreError:
            raise
        except Forbidden as refusal:
            return site.api(request, {"error": refusal.text(lang.value), "nearest": []}, 403)
        except SkirmishError as refusal:
            return site.api(request, {"error": refusal.text(lang.value), "nearest": []}, 400)
        answer = await run_in_threadpool(state, request, campaign, game_id)
        return site.api(request, {**answer, "lines": lines})

    @r.get(f"{api_base}/picks")
    def api_round(request: Request, campaign: str, game_id: int) -> Response:
        """This round of §1.8 as the reader may see it: whether each side has picked, the
        reader's own pick, both once both are made, the initiative kept, the phase."""
        return site.api(request, state(request, campaign, game_id))

    @r.post(f"{api_base}/picks")
    async def api_pick(request: Request, campaign: str, game_id: int) -> Response:
        """Pick (or change) the model a side activates this round: ``model``, ``side`` (when
        the reader plays both), ``key`` (or the header ``Idempotency-Key``)."""
        return await api_posted(request, campaign, game_id, [(do_pick, None)])

    @r.post(f"{api_base}/initiative")
    async def api_initiative(request: Request, campaign: str, game_id: int) -> Response:
        """Roll the initiative of the two revealed models (``dice``: the good side's die and
        the bad side's, or ``random``: true; ``good_fama_from``, ``bad_fama_from``), and/or
        the winner's choice (``activate``: good or bad)."""
        form = await form_fields(request)
        steps: list[tuple[Act, Prepare | None]] = []
        if form.get("dice") or form.get("random"):
            steps.append((do_roll, try_roll))
        if form.get("activate"):
            steps.append((do_choose, None))
        if not steps:
            lang = pick_lang(request)
            message = CampaignError(
                "give the dice (dice, or random: true) or the winner's choice (activate).",
                it="dai i dadi (dice, o random: true) o la scelta di chi ha vinto (activate).",
            ).text(lang.value)
            return site.api(request, {"error": message, "nearest": []}, 400)
        return await api_posted(request, campaign, game_id, steps)

    return r


@game_live.panel("activation")
def live_panel(
    session: Session, site: Site, request: Request, campaign: Campaign, game: Game
) -> Panel:
    """The panel on the game's live page (``game_live.PANELS``), for its reader."""
    return panel(session, site, request, campaign, game)
