"""Each decision on the phone of the player it belongs to (issue #20): an action handed from the
phone that began it to the other side's player's phone, and back.

The acting phone types its own dice (``web/game_actions.py``); when the next die, or the next
reroll question, is of a model of the other side (a save, a panic test, its FAMA or FORTUNA),
the action so far is stored (``campaign.game.handover``) and the acting phone shows whom it
waits for (``/c/{campaign}/games/{game}/handover?key=…``, which asks every second). The other
side's live page shows the question in its panel (``@game_live_base.panel("handover")``): the die's
six faces, or the reroll's ways with their advice, exactly as the acting phone asks them (the
action run again from the stored dice in a unit of work that is thrown away, ``game_actions.
run_action``). Each tap carries the action on (``POST …/handover``): re-run with the dice and
answers so far plus this one, stored again where it waits next (the other side's die hands it
back), or recorded once with the action's own idempotency key, the hand-over deleted in the
same unit of work. Either phone may take it over with one tap ("Roll it here": one phone for
both). A hand-over the game has moved past (another action, an undo) has lapsed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlmodel import Session
from starlette.concurrency import run_in_threadpool

from skirmish.campaign.account_tables import User
from skirmish.campaign.game import handover as handing
from skirmish.campaign.game.board import scenario_of, side_gangs
from skirmish.campaign.game.permissions import GameAction, may_game
from skirmish.campaign.game.tables import Game, GameHandover
from skirmish.campaign.game.telling import told
from skirmish.campaign.models import CampaignLine
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError, SkirmishError, StaleError, StoreError
from skirmish.i18n import Lang, messages
from skirmish.translation import N_, Both, Message
from skirmish.web import game_live_base, text
from skirmish.web.game_dice import NeedAnswer, NeedDie, Step, asked_words, ways_view
from skirmish.web.game_perform import (
    Done,
    find_game,
    find_spec,
    log_rows,
    perform,
    run_action,
    sides_acting,
)
from skirmish.web.site import Forbidden, NotFound, Site, SiteDep, form_fields, pick_lang, reader

WORDS = text.part(
    messages(
        {
            "gho_title": N_("Whose die"),
            "gho_waiting": N_("Waiting for {who} to roll: {what}."),
            "gho_waiting_answer": N_(
                "Waiting for {who} to say whether to reroll: {what} (failed: {face})."
            ),
            "gho_who": N_("{player} ({gang})"),
            "gho_taken": N_("{player}'s phone (taken over)"),
            "gho_yours": N_("{action}: {actor} → {target}. Your die."),
            "gho_yours_answer": N_("{action}: {actor} → {target}. Your decision."),
            "gho_here": N_("Roll it here (one phone for both)"),
            "gho_here_hint": N_(
                "Both players at this phone: every die of this action is then asked here."
            ),
            "gho_recorded": N_("Recorded:"),
            "gho_lapsed": N_(
                "This action was dropped: the game moved on since (another action was "
                "recorded, or one was undone). Nothing of it was recorded."
            ),
            "gho_nothing": N_("No action waits for a die."),
            "gho_not_yours": N_(
                "This die is {who}'s to roll: tap “Roll it here” first. Nothing was changed."
            ),
            "gho_no_back": N_(
                "Only the dice typed on this phone since it was handed here may be "
                "taken back. Nothing was changed."
            ),
        }
    )
)


def _say(key: str, lang: Lang, **values: Any) -> str:
    return WORDS[lang.value][key].format(**values)


def _refusal(key: str, **values: Any) -> CampaignError:
    return CampaignError(text.Worded(key, **values))


def _not_yours(session: Session, game: Game, row: GameHandover) -> Forbidden:
    """A tap on a die the hand-over asks of another phone: refused, saying whose it is."""
    # said now, in both languages: the refusal is read after this unit of work has ended
    who = Both(_who(session, game, row, Lang.EN), _who(session, game, row, Lang.IT))
    return Forbidden(CampaignError(text.Worded("gho_not_yours", who=who)))


def page_url(campaign: str, game: int | None, key: str = "") -> str:
    """The acting phone's page while the action waits on the other phone."""
    base = f"{game_live_base.game_url(campaign, game)}/handover"
    return f"{base}?key={key}" if key else base


@dataclass(frozen=True)
class Held:
    """A hand-over as read in one unit of work: what the pages need after it ends."""

    action: str
    values: dict[str, Any]
    dice: list[int]
    answers: list[dict[str, Any]]
    random: bool
    key: str
    revision: int
    since: int
    side: str
    acting_side: str
    started_by: int | None

    @classmethod
    def of(cls, row: GameHandover) -> Held:
        return cls(row.action, dict(row.values), list(row.dice), [dict(a) for a in row.answers],
                   row.random, row.key, row.revision, row.since, row.side, row.acting_side,
                   row.started_by)  # fmt: skip


def asked_here(site: Site, session: Session, game: Game, row: GameHandover) -> bool:
    """Whether this reader's phone is asked what the hand-over waits for: the phone that took
    it over, else the player of the side it waits for (``OWN_DICE``: their saves and panic
    tests, their points; a referee too)."""
    if row.taken_by is not None:
        return reader().user_id == row.taken_by
    return may_game(session, site.actor(session), game, GameAction.OWN_DICE, row.side)


def _who(session: Session, game: Game, row: GameHandover, lang: Lang) -> str:
    """Whom the hand-over waits for, in words: "Ike (Clanton gang)"."""
    if row.taken_by is not None:
        user = session.get(User, row.taken_by)
        return _say("gho_taken", lang, player=user.name if user is not None else "?")
    player, gang = handing.player_of(session, game, row.side)
    if player is None:
        return gang or row.side
    return _say("gho_who", lang, player=player, gang=gang)


def _view(
    site: Site, request: Request, campaign: str, game: str, key: str = "", poll: bool = False,
    message: str = "", tries: int = 3,
) -> dict[str, Any]:  # fmt: skip
    """What the hand-over panel shows this reader: nothing, whom it waits for (with the
    take-over), the question (run again from the stored dice), what was recorded, or that it
    lapsed (``key``: the action this page followed)."""
    lang = pick_lang(request)
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        name_, number = found.name, g.id
        base = game_live_base.game_url(name_, number)
        view: dict[str, Any] = {
            "state": "none", "poll": poll, "message": message, "key": key, "rev": g.revision,
            "panel_url": f"{base}/handover/panel", "post_url": f"{base}/handover",
            "page_url": f"{base}/handover",
            "game_url": base, "act_url": f"{base}/act", "campaign": name_,
            "undo_url": f"{base}/undo",
            "next": "page" if poll else "live",
        }  # fmt: skip
        if not sides_acting(site, s, g):
            return view
        row = handing.current(s, g)
        if row is None:
            ids = handing.recorded_events(s, key) if key else None
            if ids is not None:
                view["state"] = "recorded"
                view["lines"] = told(
                    log_rows(s, g, set(ids)), scenario_of(g), lang, side_gangs(s, g)
                )
            elif key:
                view["state"] = "lapsed"
            return view
        held = Held.of(row)
        view["key"] = held.key
        view["asks"] = dict(row.asks)
        view["what"] = asked_words(row.asks, lang)
        view["who"] = _who(s, g, row, lang)
        asked = asked_here(site, s, g, row)
    spec = find_spec(held.action)
    actor = str(held.values.get(spec.actor or "", "") or "")
    target = str(held.values.get(spec.target or "", "") or "")
    view["title"] = {"action": spec.label(lang), "actor": actor, "target": target or "—"}
    pending = _trial(site, campaign, game, held, lang)
    if pending is None and tries > 1:  # the other phone carried it on meanwhile: what waits now
        return _view(site, request, campaign, game, key, poll, message, tries - 1)
    if pending is None:
        view["state"] = "lapsed"
        return view
    used = pending.used
    view.update(used=used, said=used[-1] if used and used[-1].verdict else None)
    if not asked:
        view["state"] = "waiting"
        return view
    need = pending if isinstance(pending, NeedDie) else None
    question = pending if isinstance(pending, NeedAnswer) else None
    view.update(
        state="asked", need=need, question=question,
        ways=ways_view(question, lang) if question is not None else [],
        may_back=len(held.dice) > held.since,
        form_fields={"key": held.key, "rev": str(held.revision), "next": view["next"]},
    )  # fmt: skip
    return view


class _Discard(Exception):
    """A trial run thrown away: nothing is ever recorded from showing a page."""


def _trial(
    site: Site, campaign: str, game: str, held: Held, lang: Lang
) -> NeedDie | NeedAnswer | None:
    """The stored action run again to the die or question it waits for, in a unit of work
    that is always thrown away (nothing is ever recorded from showing a page); ``None`` when
    the hand-over moved on since it was read (the other phone's tap came in between)."""
    spec = find_spec(held.action)
    step = Step(lang, list(held.dice), [str(a.get("pay", "")) for a in held.answers])
    try:
        with site.write() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            row = handing.current(s, g)
            if row is not None and (row.key, row.revision) == (held.key, held.revision):
                run_action(s, g, spec, held.values, step)
            raise _Discard
    except (NeedDie, NeedAnswer) as pending:
        return pending
    except _Discard:
        return None


def _held(site: Site, campaign: str, game: str, key: str, rev: str) -> Held:
    """The hand-over a tap answers, as its page showed it, asked of this reader's phone."""
    with site.read() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        row = handing.fresh(s, g, key, rev)
        if not asked_here(site, s, g, row):
            raise _not_yours(s, g, row)
        return Held.of(row)


def _claim(site: Site, key: str, rev: str) -> Any:
    """In the unit of work that carries the action on: the hand-over still the one shown and
    still this phone's; deleted (back again if the run stops on a die). The account whose
    idempotency key the action's is: the one that began it."""

    def claim(session: Session, game: Game) -> int | None:
        row = handing.fresh(session, game, key, rev)
        if not asked_here(site, session, game, row):
            raise _not_yours(session, game, row)
        started = row.started_by
        handing.claim(session, row)
        return started

    return claim


def _carry_on(
    site: Site, campaign: str, game: str, key: str, rev: str, held: Held,
    pending: NeedDie | NeedAnswer, answers: list[dict[str, Any]], random: bool,
) -> None:  # fmt: skip
    """The action went on and waits again: stored where it waits (the die's model's side)."""
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        row = handing.fresh(s, g, key, rev)
        handing.carry_on(
            s, row, game=g, dice=[u.face for u in pending.used], answers=answers, random=random,
            side=pending.side or held.acting_side, asks=pending.asks(),
        )  # fmt: skip


def _take_over(site: Site, campaign: str, game: str, key: str, rev: str) -> None:
    with site.write() as s:
        found = site.find_campaign(s, campaign)
        g = find_game(s, found, game)
        row = handing.fresh(s, g, key, rev)
        sides = sides_acting(site, s, g)
        if not sides:
            raise _not_yours(s, g, row)
        side = row.side if row.side in sides else sides[0]
        handing.take_over(s, row, game=g, by=reader().user_id, side=side)


@game_live_base.panel("handover")
def live_panel(
    session: Session, site: Site, request: Request, campaign: CampaignLine, game: Game
) -> dict[str, Any] | None:
    """The live page's part: a place the hand-over's question or wait shows in, fetched when
    there is one and again whenever the game changes; nothing for a reader who only watches."""
    if game.status != GameStatus.IN_PROGRESS or not sides_acting(site, session, game):
        return None
    base = game_live_base.game_url(campaign.name, game.id)
    return {"state": "to-load" if handing.current(session, game) else "none",
            "panel_url": f"{base}/handover/panel", "page_url": f"{base}/handover",
            "rev": "", "key": "", "poll": False, "message": ""}  # fmt: skip


def _done_page(site: Site, request: Request, done: Done) -> Response:
    number = int(done.body["game"]) if isinstance(done.body, dict) else 0
    base = game_live_base.game_url(done.campaign, number)
    return site.page(
        request, "game/action_done.html", 200, campaign_name=done.campaign, game_id=number,
        game_url=base, act_url=f"{base}/act", undo_url=f"{base}/undo", lines=done.lines,
        replayed=done.replayed,
    )  # fmt: skip


#: The acting phone's wait, the panel's fragment, and the taps that carry the action on (issue
#: #20: module-level routes, the site by ``Depends``).
router = APIRouter()
PAGE = "/c/{campaign}/games/{game}/handover"


def whole_page(
    site: Site,
    request: Request,
    campaign: str,
    game: str,
    key: str,
    message: str = "",
    code: int = 200,
) -> Response:
    view = _view(site, request, campaign, game, key, poll=True, message=message)
    return site.page(request, "game/handover.html", code, handover=view,
                     campaign_name=view["campaign"])  # fmt: skip


@router.get(PAGE, response_class=HTMLResponse, include_in_schema=False)
def handover_page(
    request: Request, campaign: str, game: str, site: SiteDep, key: str = ""
) -> Response:
    return whole_page(site, request, campaign, game, key)


@router.get(PAGE + "/panel", response_class=HTMLResponse, include_in_schema=False)
def handover_panel(
    request: Request,
    campaign: str,
    game: str,
    site: SiteDep,
    rev: str = "",
    key: str = "",
    poll: str = "",
) -> Response:
    """The panel alone: ``204`` while the game's revision is still ``rev``."""
    if rev:
        with site.read() as s:
            g = find_game(s, site.find_campaign(s, campaign), game)
            if str(g.revision) == rev:
                return Response(status_code=204)
    view = _view(site, request, campaign, game, key, poll=bool(poll))
    response = site.page(request, "game/_handover.html", 200, handover=view)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post(PAGE, response_class=HTMLResponse, include_in_schema=False)
async def handover_post(request: Request, campaign: str, game: str, site: SiteDep) -> Response:
    fields = await form_fields(request)
    lang = pick_lang(request)
    key, rev = fields.get("key", ""), fields.get("rev", "")
    there = "page" if fields.get("next") == "page" else "live"

    def back_to(after: str) -> str:
        with site.read() as s:
            found = site.find_campaign(s, campaign)
            g = find_game(s, found, game)
            if after == "page":
                return page_url(found.name, g.id, key)
            return game_live_base.game_url(found.name, g.id)

    try:
        if fields.get("here"):
            await run_in_threadpool(_take_over, site, campaign, game, key, rev)
            return RedirectResponse(await run_in_threadpool(back_to, there), 303)
        held = await run_in_threadpool(_held, site, campaign, game, key, rev)
        faces, answers = list(held.dice), list(held.answers)
        random = held.random or fields.get("mode") == "random"
        if fields.get("back"):
            if len(faces) <= held.since:
                raise _refusal("gho_no_back")
            faces.pop()
            answers = [a for a in answers if int(a.get("at", 0)) <= len(faces)]
        elif fields.get("die"):
            faces.append(_face(fields["die"]))
        elif fields.get("answer"):
            answers.append({"at": len(faces), "pay": fields["answer"]})
        step = Step(lang, faces, [str(a.get("pay", "")) for a in answers], random)
        spec = find_spec(held.action)
        claim = _claim(site, key, rev)
        done = await run_in_threadpool(perform, site, spec, campaign, game, held.values,
                                       step, key, claim, request)  # fmt: skip
    except (NeedDie, NeedAnswer) as pending:
        try:
            await run_in_threadpool(_carry_on, site, campaign, game, key, rev, held,
                                    pending, answers, random)  # fmt: skip
        except StaleError as stale:
            return await run_in_threadpool(whole_page, site, request, campaign, game, key,
                                           stale.text(lang.value), 409)  # fmt: skip
        return RedirectResponse(await run_in_threadpool(back_to, there), 303)
    except StaleError as stale:
        return await run_in_threadpool(whole_page, site, request, campaign, game, key,
                                       stale.text(lang.value), 409)  # fmt: skip
    except Forbidden as refusal:
        return site.page(request, "refused.html", 403, message=refusal.error.text(lang))
    except (StoreError, NotFound):
        raise
    except SkirmishError as error:
        return await run_in_threadpool(whole_page, site, request, campaign, game, key,
                                       error.text(lang.value), 400)  # fmt: skip
    return _done_page(site, request, done)


def _face(typed: str) -> int:
    if typed.strip() in ("1", "2", "3", "4", "5", "6"):
        return int(typed)
    raise CampaignError(
        Message(
            "{typed_strip_8!r} is no face of a die; tap one of 1 to 6. Nothing was changed.",
            typed_strip_8=typed.strip()[:8],
        )
    )
