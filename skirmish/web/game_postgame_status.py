"""Finding a game's post-game and who may run it (``Place``, ``Forbidden``), and both gangs'
post-game status: ``owed`` or ``done``, and the live box that keeps saying it (a poll every few
seconds, 204 while nothing changed).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.game.board import (
    find_game_gang,
    game_by_id,
    gang_row,
    gangs_of,
)
from skirmish.campaign.game.end import result_for
from skirmish.campaign.game.pending import postgame_done
from skirmish.campaign.game.permissions import GameAction, may_game, require_game
from skirmish.campaign.game.tables import Game, GameGang
from skirmish.campaign.models import Campaign, Gang
from skirmish.campaign.text import result_word
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.i18n import Lang
from skirmish.rules.model import Side
from skirmish.translation import Message
from skirmish.web import text
from skirmish.web.game_postgame_inputs import game_url, wizard_url
from skirmish.web.site import (
    Forbidden,
    NotFound,
    Site,
)

#: How often the wizard's last page asks whether the other side has finished (seconds).
POLL_SECONDS = 3


# ----------------------------------------------------------------------------- finding it


def game_number(typed: str) -> int:
    """A game's number as the address gives it."""
    if typed.isascii() and typed.isdigit() and len(typed) <= 9:
        return int(typed)
    shown = typed[:40]
    raise CampaignError(
        Message("{shown!r} is not a game number; see the campaign's games.", shown=shown)
    )


@dataclass
class Place:
    """A game's post-game, one gang of it: the rows every route finds the same way."""

    campaign: Campaign
    game: Game
    gg: GameGang
    gang: Gang


def campaign_game(site: Site, s: Session, campaign: str, game_id: str) -> tuple[Campaign, Game]:
    found = site.find_campaign(s, campaign)
    lookup.lock_row(s, found, shared=True)  # campaign, then game, then gang: the CLI's order
    try:
        return found, game_by_id(s, found, game_number(game_id))
    except CampaignError as error:
        raise NotFound(error, []) from None


def find_place(site: Site, s: Session, campaign: str, game_id: str, gang: str) -> Place:
    found, game = campaign_game(site, s, campaign, game_id)
    chosen = site.find_gang(s, found, gang)
    for gg in gangs_of(s, game):
        if gg.gang_id == chosen.id:
            lookup.lock_row(s, chosen)
            return Place(found, game, gg, chosen)
    find_game_gang(s, game, chosen.name)  # its refusal names the game's gangs
    raise AssertionError("unreachable: the gang is not in the game")


def may_run(site: Site, s: Session, place: Place) -> bool:
    """Who may run a gang's post-game (``campaign.game.permissions``, declared once): the
    player of its side, the campaign's owner and arbitrators."""
    return may_game(s, site.actor(s), place.game, GameAction.POSTGAME, place.gg.side)


def require_run(site: Site, s: Session, place: Place) -> None:
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
