"""The secret activation's panel (issue #12, §1.8, R-07, H-06): what a reader's phone shows of
the round of picks, the initiative and the winner's choice, and the words it says them in.

``panel`` builds it for this request's reader from what ``picks.round_state`` lets them see (a
pick only to the side that made it, both once both are down); ``round_view`` is that round,
``acts_for`` and ``require`` the game permissions as the panel and the forms ask them (a refusal
is ``Forbidden``, 403). ``roll_lines`` and ``chosen_lines`` say a kept roll and the winner's
choice as ``skirmish game initiative`` does. The routes that show the panel and take its forms
are ``web.game_activation``; the game's live page includes it (``live_panel``,
``game_live_base.PANELS``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import Request
from sqlmodel import Session

from skirmish.campaign.game import picks, table_roll
from skirmish.campaign.game.activations import current, to_activate
from skirmish.campaign.game.board import game_by_id, member_of, models_of, side_of
from skirmish.campaign.game.end import side_gang
from skirmish.campaign.game.initiative import InitiativeReport
from skirmish.campaign.game.permissions import (
    GameAction,
    may_game,
    require_game,
    sides_played,
)
from skirmish.campaign.game.status import shared_reading
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.models import CampaignLine
from skirmish.engine.glossary import GameStatus, TableState, label, label_value
from skirmish.errors import CampaignError
from skirmish.i18n import Lang, messages
from skirmish.rules.model import ModelState, Side
from skirmish.translation import N_, NP_
from skirmish.web import game_live_base, text
from skirmish.web.site import (
    NotFound,
    Site,
    pick_lang,
    safe_next,
    scenario_name,
)

WORDS = text.part(
    messages(
        {
            "ga_title": N_("Activation"),
            "ga_title_short": N_("before the first turn"),
            "ga_round": N_("turn {turn}, round {round}"),
            "ga_turn_only": N_("turn {turn}"),
            "ga_acting": N_("Taking its turn now: {name}."),
            "ga_not_started": N_("The activations begin with the first turn."),
            "ga_over": N_("The game is over."),
            "ga_all_done": N_(
                "Every model in play has taken its turn {turn}: the next turn begins "
                "the next round of picks."
            ),
            "ga_only": N_(
                "Only the {side} side has models left to take their turn: no initiative "
                "roll (§1.8). Its player chooses which one acts now."
            ),
            "ga_only_wait": N_("Its player chooses which one acts now."),
            "ga_side": N_("{side}: {gang}"),
            "ga_pick_hint": N_(
                "Tap the model you want to activate: your opponent will not see it "
                "until both of you have picked (§1.8)."
            ),
            "ga_picked": N_("Picked: {name}"),
            "ga_hidden": N_("(hidden from your opponent)"),
            "ga_change": N_("Change"),
            "ga_waiting": N_("Waiting for this side's pick."),
            "ga_they_picked": N_("This side has picked (hidden until both have)."),
            "ga_revealed": N_("Both picks, revealed:"),
            "ga_fama_own": N_("its own unused FAMA ({fama})"),
            "ga_fama_friend": N_("{name}'s unused FAMA ({fama}), a friend within 5U"),
            "ga_fama_for": N_("FAMA counted for {name} (R-07)"),
            "ga_die_for": N_("{name}'s die ({side})"),
            "ga_roll_for_me": N_("Roll for me"),
            "ga_typed": N_("Type the dice rolled at the table"),
            "ga_roll_typed": N_("Roll with these dice"),
            "ga_roll_wait": N_("Waiting for the players to roll the initiative."),
            "ga_tie": N_("A tie: roll again (R-07, H-06)."),
            "ga_tied_round": N_(
                "Tie: {good} {good_total} against {bad} {bad_total} (dice {good_die} "
                "and {bad_die}): roll again (H-06)."
            ),
            "ga_you_won": N_("You won the initiative: who takes its turn now?"),
            "ga_winner_chooses": N_("{name} won the initiative: who takes its turn now?"),
            "ga_activate_mine": N_("Activate mine: {name}"),
            "ga_let_opponent": N_("Let my opponent activate: {name}"),
            "ga_choice_wait": N_("{name} won the initiative: waiting for its player's choice."),
            "ga_picked_done": N_("Your card is down."),
            "ga_nobody": N_("You are watching: the players pick on their phones."),
            "ga_dice_needed": N_("choose a face for each die, or tap \u201croll for me\u201d."),
            "ga_no_model": N_("tap one of the models."),
            "ga_key": N_("this form is out of date: reload the page and tap again."),
            "ga_initiative": N_(
                "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}: {winner} wins."
            ),
            "ga_roll": N_("{name}: 1D6 {dice} + RIF {rif} + FAMA {fama}{lender} = {totals}"),
            "ga_lender": N_(" ({name}'s)"),
            "ga_activates": N_("{name} takes its turn {turn}: {choice} (§1.8)."),
            "ga_choice_own": N_("the winner's choice"),
            "ga_choice_other": N_("the winner lets the opponent's model act"),
            "ga_shaken": NP_(
                "activation_panel.WORDS.ga_shaken",
                "{name} rolled a natural 1 with Nervi scossi: shaken this turn (R-07).",
            ),
        }
    )
)

#: How often the panel asks for itself again (``hx-trigger``), in the template.
POLL_SECONDS = 3


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


class Forbidden(CampaignError):
    """A reader who may not do this in this game (a spectator, the other side): 403."""


def say(lang: Lang, key: str, **values: Any) -> str:
    """The panel's sentence ``key`` in ``lang`` (``WORDS``), filled in with ``values``."""
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
            say(lang, "ga_tied_round", good=kept.good, bad=kept.bad, good_total=r.good_total,
               bad_total=r.bad_total, good_die=r.good_die, bad_die=r.bad_die)
            for r in kept.rounds
        ]  # fmt: skip
    good_totals = "/".join(str(r.good_total) for r in kept.rounds)
    bad_totals = "/".join(str(r.bad_total) for r in kept.rounds)
    lines = [
        say(lang, "ga_initiative", good=kept.good, bad=kept.bad, good_totals=good_totals,
           bad_totals=bad_totals, winner=names[kept.winner_side])
    ]  # fmt: skip
    for side, rif, fama, lender in (
        (Side.GOOD, kept.good_rif, kept.good_fama, kept.good_fama_from),
        (Side.BAD, kept.bad_rif, kept.bad_fama, kept.bad_fama_from),
    ):
        dice = "/".join(str(r.good_die if side is Side.GOOD else r.bad_die) for r in kept.rounds)
        totals = good_totals if side is Side.GOOD else bad_totals
        lent = say(lang, "ga_lender", name=lender) if lender else ""
        lines.append(
            say(lang, "ga_roll", name=names[side], dice=dice, rif=rif, fama=fama, lender=lent,
               totals=totals)
        )  # fmt: skip
    lines += [say(lang, "ga_shaken", name=n) for n in kept.shaken]
    return lines


def chosen_lines(report: InitiativeReport, turn: int, lang: Lang) -> list[str]:
    """After the winner's choice: whose turn began, as the CLI says it."""
    started = report.activated
    if started is None:
        return []
    own = started.model == report.winner
    choice = say(lang, "ga_choice_own" if own else "ga_choice_other")
    return [say(lang, "ga_activates", name=started.model, turn=turn, choice=choice)]


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
        options = [("", say(lang, "ga_fama_own", fama=own))]
        best, most = options[0], own
        for friend in models_of(session, game):
            if friend.id == model.id or friend.eliminated or friend.left_turn is not None:
                continue
            if side_of(session, friend) is not side:
                continue
            fama = max(0, member_of(session, friend).fama - friend.fama_spent)
            if fama > 0:
                words = say(lang, "ga_fama_friend", name=friend.name, fama=fama)
                options.append((friend.name, words))
                if fama > most:
                    best, most = options[-1], fama
        if len(options) > 1:
            label = say(lang, "ga_fama_for", name=model.name)
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
        raise Forbidden(refusal.message) from None


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


# ---------------------------------------------------------------- the round's data


@dataclass(frozen=True)
class RoundFacts:
    """The round every reader's data is made from, whoever reads it (issue #23, table mode's
    seventh round): built once per (store, game, revision, rosters) for every READ unit of
    work (``status.shared_reading``), so the two phones' states after a change read the
    models, the events, the cards and the kept roll once. It holds **both** sides' cards
    (``cards``): it never leaves the server; ``round_data`` tells a reader a card only when
    its side is theirs or both are down."""

    acting: str | None
    left: Mapping[Side, tuple[str, ...]]
    round: int
    made: Mapping[Side, bool]
    cards: Mapping[Side, str | None]  # each side's pick: secret until both are down
    card_ids: Mapping[Side, int | None]  # their game models' ids
    revealed: bool
    kept: table_roll.Kept | None  # the roll kept for the two revealed models


#: What the round's facts are kept as among a game's shared readings (``status.READINGS``).
ROUND_FACTS = "round_facts"


def round_facts(session: Session, game: Game) -> RoundFacts:
    """``RoundFacts`` for the game in progress, once per revision in a READ unit of work."""
    return shared_reading(session, game, ROUND_FACTS, lambda: _round_facts(session, game))


def _round_facts(session: Session, game: Game) -> RoundFacts:
    acting = current(session, game)
    left = to_activate(session, game)
    state = picks.round_state(session, game, frozenset(Side))
    cards = {side: state.card(side) for side in Side}
    found = {
        side: session.get(GameModel, card.model_id)
        for side, card in cards.items()
        if card.model_id is not None
    }
    models = {side: model for side, model in found.items() if model is not None}
    revealed = state.revealed and len(models) == 2
    kept = None
    if revealed:
        kept = table_roll.kept_roll(
            session, game=game, turn=state.turn, round_no=state.round, revealed=models
        )
    return RoundFacts(
        acting=acting.name if acting is not None else None,
        left={side: tuple(m.name for m in left[side]) for side in Side},
        round=state.round,
        made={side: cards[side].picked for side in Side},
        cards={side: models[side].name if side in models else None for side in Side},
        card_ids={side: models[side].id if side in models else None for side in Side},
        revealed=revealed,
        kept=kept,
    )


def round_data(
    game: Game, facts: RoundFacts | None, sides: frozenset[Side], seen: frozenset[Side]
) -> dict[str, Any]:
    """The round as a reader may see it (what ``GET …/picks`` answers, ``Panel.data``): the
    reader acts for ``sides`` and plays ``seen`` (their own cards); ``facts`` is None for a
    game over or not begun."""
    data: dict[str, Any] = {"game": game.id, "turn": game.turn, "round": None, "phase": "closed"}
    if facts is None:
        return data
    data["acting"] = facts.acting
    waiting = [side for side in (Side.GOOD, Side.BAD) if facts.left[side]]
    if not waiting:
        data["phase"] = "all_done"
        return data
    if len(waiting) == 1:
        only = waiting[0]
        data["phase"] = "only"
        data["only"] = only.value
        data["models"] = list(facts.left[only]) if only in sides else []
        return data
    data["round"] = facts.round
    data["sides"] = {
        side.value: {
            "picked": facts.made[side],
            "mine": side in sides,
            "model": facts.cards[side] if facts.revealed or side in seen else None,
        }
        for side in (Side.GOOD, Side.BAD)
    }
    if not facts.revealed:
        data["phase"] = "pick"
        data["revealed"] = None
        data["roll"] = None
        return data
    kept = facts.kept
    data["phase"] = "choose" if kept is not None and kept.winner_side is not None else "roll"
    data["revealed"] = {"good": facts.cards[Side.GOOD], "bad": facts.cards[Side.BAD]}
    data["roll"] = kept.data() if kept is not None else None
    return data


def in_play(game: Game) -> bool:
    """Whether ``game`` has a round of §1.8 to show (begun, not over)."""
    return game.status == GameStatus.IN_PROGRESS and game.turn >= 1


def reader_round(
    session: Session, site: Site, game: Game, facts: RoundFacts | None = None
) -> dict[str, Any]:
    """``round_data`` for this request's reader (the sides they act for and play), from
    ``facts`` when the caller read them already (``round_facts``)."""
    if not in_play(game):
        return round_data(game, None, frozenset(), frozenset())
    seen = sides_played(session, site.actor(session), game)
    facts = facts if facts is not None else round_facts(session, game)
    return round_data(game, facts, acts_for(session, site, game), seen)


# ---------------------------------------------------------------- the panel


def panel(
    session: Session,
    site: Site,
    request: Request,
    campaign: CampaignLine,
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
    here = quote(request.url.path, safe="/%")
    if here == f"{base}/events":  # built for a stream (game_state): back to its live page
        here = base
    p = Panel(
        phase="closed", turn=game.turn, round=0, poll_url=f"{base}/activation/panel",
        pick_url=f"{base}/activation/pick", roll_url=f"{base}/activation/roll",
        choose_url=f"{base}/activation/choose", only_url=f"{base}/activation/only",
        back=safe_next(back or here),
        key=secrets.token_urlsafe(18), error=error, done_lines=list(done_lines),
    )  # fmt: skip
    if game.status != GameStatus.IN_PROGRESS:
        p.why = say(lang, "ga_over")
    elif game.turn < 1:
        p.why = say(lang, "ga_not_started")
    else:
        _open_panel(session, site, game, p, lang)
    # What the action said, less what the panel shows anyway (the roll's lines).
    p.done_lines = [line for line in p.done_lines if line not in p.roll_lines]
    p.data = reader_round(session, site, game)
    p.poll_url += "?" + urlencode({"back": p.back, "v": version(p, lang)})
    return p


def _open_panel(session: Session, site: Site, game: Game, p: Panel, lang: Lang) -> None:
    facts = round_facts(session, game)
    sides = acts_for(session, site, game)
    p.acting = facts.acting
    waiting = [side for side in (Side.GOOD, Side.BAD) if facts.left[side]]
    if not waiting:
        p.phase = "all_done"
    elif len(waiting) == 1:
        p.phase = "only"
        only = waiting[0]
        p.only_side_word = _side_word(only, lang)
        if only in sides:
            p.mine = [Choice(m.name, _info(session, m, lang)) for m in _left(session, game, only)]
    else:
        _round_panel(session, site, game, p, sides, facts, lang)


def _left(session: Session, game: Game, side: Side) -> list[GameModel]:
    """The models of ``side`` still to take their turn, as rows (the reader's own choices)."""
    return to_activate(session, game)[side]


def _round_panel(
    session: Session,
    site: Site,
    game: Game,
    p: Panel,
    sides: frozenset[Side],
    facts: RoundFacts,
    lang: Lang,
) -> None:
    actor = site.actor(session)
    p.round = facts.round
    if not facts.revealed:
        seen = sides_played(session, actor, game)
        p.phase = "pick"
        # the reader's own side first: the other's line grows when its card goes down (three
        # lines in Italian on a phone), and would move the buttons under a thumb about to tap
        for side in sorted((Side.GOOD, Side.BAD), key=lambda side: side not in sides):
            mine = side in sides
            p.sides.append(
                SideView(
                    side=side.value,
                    title=f"{side_gang(session, game, side)} ({_side_word(side, lang)})",
                    mine=mine,
                    picked=facts.cards[side] if side in seen else None,
                    picked_any=facts.made[side],
                    models=tuple(
                        Choice(m.name, _info(session, m, lang)) for m in _left(session, game, side)
                    )
                    if mine
                    else (),
                )
            )
        return
    p.good, p.bad = facts.cards[Side.GOOD] or "", facts.cards[Side.BAD] or ""
    p.good_word = _side_word(Side.GOOD, lang).capitalize()
    p.bad_word = _side_word(Side.BAD, lang).capitalize()
    kept = facts.kept
    if kept is not None:
        p.roll_lines = roll_lines(kept, lang)
    if kept is None or kept.winner_side is None:
        p.phase = "roll"
        p.tied = kept is not None
        p.may_roll = may_game(session, actor, game, GameAction.INITIATIVE)
        if not p.tied:
            revealed = {side: _row(session, facts.card_ids[side]) for side in Side}
            p.fama = _fama_fields(session, game, revealed, lang, sides)
        p.dice = [
            DieField("good_die", say(lang, "ga_die_for", name=p.good, side=p.good_word)),
            DieField("bad_die", say(lang, "ga_die_for", name=p.bad, side=p.bad_word)),
        ]
        return
    p.phase = "choose"
    winner = kept.winner_side
    loser = Side.BAD if winner is Side.GOOD else Side.GOOD
    p.winner, p.loser = facts.cards[winner] or "", facts.cards[loser] or ""
    p.winner_side, p.loser_side = winner.value, loser.value
    p.may_choose = winner in sides
    p.winner_mine = winner in sides_played(session, actor, game)


def _row(session: Session, model_id: int | None) -> GameModel:
    model = session.get(GameModel, model_id)
    assert model is not None  # a revealed card's model (``RoundFacts.revealed``)
    return model


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


def find_game(
    session: Session, site: Site, campaign: str, game_id: int
) -> tuple[CampaignLine, Game]:
    """The campaign (among those the reader may see: a row in a ``write(rows=True)``) and its
    game ``game_id``; else 404."""
    found = site.find_campaign_line(session, campaign)
    try:
        return found, game_by_id(session, found, game_id)
    except CampaignError as error:
        raise NotFound(error, []) from None


def game_title(game: Game, lang: Lang) -> str:
    """The game's line ("Game 3: The rally"), the activation page's title."""
    return text.TEXT[lang.value]["game_line"].format(
        game=game.id, scenario=scenario_name(game.scenario, lang)
    )


@game_live_base.panel("activation")
def live_panel(
    session: Session, site: Site, request: Request, campaign: CampaignLine, game: Game
) -> Panel:
    """The panel on the game's live page (``game_live_base.PANELS``), for its reader."""
    return panel(session, site, request, campaign, game)
