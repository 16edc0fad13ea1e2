"""``game undo`` (``annulla``): the game's last actions taken back exactly, one line each saying
what was undone (``campaign.game.undo``), or the same as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, game_of
from skirmish.cli.game_text import state_word
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, emit, session
from skirmish.engine.glossary import EventKind, GameStatus, label_value
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules.model import ObjectiveState
from skirmish.translation import N_

if TYPE_CHECKING:
    from skirmish.campaign.game.undo import Change, Undone

MESSAGES: Catalogue = messages(
    {
        "undone": N_("Undone: turn {turn}, {what}{changes}."),
        "actor": N_("{kind}: {actor}"),
        "target": N_(" → {target}"),
        "changes": N_(" ({changes})"),
        "now": N_("Game {game} is at turn {turn}, {status}."),
        "log": N_("The campaign log of {gang} takes back the {what} of game {game}."),
        "turn": N_("turn {before} → {after}"),
        "status": N_("game {before} → {after}"),
        "leader-fired": N_("a leader has fired (Duel)"),
        "retreat": N_("retreats"),
        "cos": N_("COS {before} → {after}"),
        "state": N_("{before} → {after}"),
        "prone": N_("prone"),
        "standing": N_("stands up"),
        "eliminated": N_("eliminated"),
        "fleeing": N_("flees (R-20)"),
        "left": N_("leaves the table"),
        "fama": N_("FAMA spent {before} → {after}"),
        "fortuna": N_("FORTUNA spent {before} → {after}"),
        "activated": N_("has acted"),
        "mounted": N_("mounts"),
        "dismounted": N_("dismounts"),
        "kit": N_("its kit used"),
        "objective": N_("{before} → {after}"),
        "carrier": N_("carried by {after}"),
        "carrier-none": N_("no longer carried by {before}"),
        "other": N_("other changes"),
        "who": N_("{who}: {what}"),
        "nobody": N_("nobody"),
    }
)


def say(key: str, lang: Lang, **values: Any) -> str:
    return tr(MESSAGES, key, lang, **values)


@inputs(find("undo"))
def undo(
    times: int | None,
    entry: int | None,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``undo`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.undo import undo as undo_actions  # lazy: command

    with session(db) as s:
        g = game_of(s, campaign, game)
        done = undo_actions(s, game=g, times=1 if times is None else times, entry=entry)
        now = {"game": g.id, "turn": g.turn, "status": g.status}
    if json_:
        emit({**now, "undone": [u.data() for u in done]})
        return
    for item in done:
        echo(_line(item, lang))
        for logged in item.log:
            what = _log_word(logged["action"], lang)
            echo(say("log", lang, gang=logged["gang"], what=what, game=now["game"]))
    status = label_value(GameStatus, str(now["status"]), lang)
    echo(say("now", lang, game=now["game"], turn=now["turn"], status=status))


def _line(item: Undone, lang: Lang) -> str:
    what = say("actor", lang, kind=label_value(EventKind, item.kind, lang), actor=item.actor)
    if item.actor is None:
        what = label_value(EventKind, item.kind, lang)
    if item.target:
        what += say("target", lang, target=item.target)
    groups: dict[str, list[str]] = {}
    for change in item.changes:
        who, text = _change(item.scenario, change, lang)
        groups.setdefault(who, []).append(text)
    texts = [
        say("who", lang, who=who, what=", ".join(said)) if who else ", ".join(said)
        for who, said in groups.items()
    ]
    changes = say("changes", lang, changes="; ".join(texts)) if texts else ""
    return say("undone", lang, turn=item.turn, what=what, changes=changes)


def _change(scenario: str, change: Change, lang: Lang) -> tuple[str, str]:
    """Whose change it is and the change itself in the chosen language: the book's words,
    never a stored id."""
    from skirmish.campaign.game.undo import ChangeKind  # lazy: command

    kind, who, before, after = change.kind, change.who, change.before, change.after
    if change.copy is not None:
        who = _objective_name(scenario, who, change.copy, lang)
    if kind is ChangeKind.STATUS:
        before = label_value(GameStatus, before, lang)
        after = label_value(GameStatus, after, lang)
    elif kind is ChangeKind.STATE:
        before, after = state_word(before, lang), state_word(after, lang)
    elif kind is ChangeKind.OBJECTIVE:
        before = label_value(ObjectiveState, before, lang)
        after = label_value(ObjectiveState, after, lang)
    if kind is ChangeKind.PRONE and not after:
        return who, say("standing", lang)
    if kind is ChangeKind.MOUNTED and not after:
        return who, say("dismounted", lang)
    if kind is ChangeKind.CARRIER and after is None:
        return who, say("carrier-none", lang, before=before or say("nobody", lang))
    flags = (ChangeKind.ELIMINATED, ChangeKind.FLEEING, ChangeKind.LEADER_FIRED, ChangeKind.RETREAT)
    if kind in flags and not after:
        kind = ChangeKind.OTHER  # a flag cleared by the action: said without detail
    return who, say(kind.value, lang, before=before, after=after)


def _objective_name(scenario: str, objective: str, copy: int, lang: Lang) -> str:
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    for found in find_scenario(scenario).objectives:
        if found.id == objective:
            name = found.name_it if lang == Lang.IT else found.name_en
            return f"{name} {copy}" if found.count > 1 else name
    return objective


def _log_word(action: str, lang: Lang) -> str:
    """The game's word for a campaign log entry a game action wrote (its end, its abandon)."""
    kind = {"game-end": EventKind.END, "game-abandon": EventKind.ABANDON}.get(action)
    return label_value(EventKind, kind, lang) if kind is not None else action
