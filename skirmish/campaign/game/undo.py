"""``game undo``: a game action taken back exactly.

Every game action stores the game's rows as they were before it on its first event
(``capture``: one place, for every action). Undoing the last action puts every row of the game
back (``game``, ``game_gang``, ``game_model``, ``game_objective``), deletes the action's events
(the game's log then reads as if it never happened; ids are never given again) and, for an
action that ended or abandoned the game, appends an ``undo`` entry to each gang's campaign log
reverting the ``game-end``/``game-abandon`` entry it wrote. Refused, with nothing changed:

- at the game's start (the start is not an action ``game undo`` takes back: ``game abandon``);
- an action recorded before migration 0007, which kept nothing to go back to;
- when the game's rows or events changed since the action otherwise than by a game command
  (the digest of its rows after it, or its events, no longer match): undoing could corrupt it;
- an end or abandon after which a gang has done anything else in the campaign log (its
  post-game sequence, a between-games action): that comes first (``skirmish undo GANG``);
- (issue #20) a confirmation that is out of date: a page or an API client names the action
  it showed (``entry``: the id of the action's first event, ``shown_entry``) or the game's
  revision it saw (``revision``), and the undo is refused (``StaleError``) when that action
  is no longer the last (another phone acted, or took it back, meanwhile) or the game has
  moved on, saying what changed since. Two phones confirming the same undo take back one
  action, never two.

Decisions: docs/games.md, "Undoing a game action".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlmodel import Session

from skirmish.campaign import lookup
from skirmish.campaign.game.board import (
    events_of,
    load_befores,
    models_of,
    scenario_of,
    side_gangs,
)
from skirmish.campaign.game.capture import ACTION, State, columns_of, digest, game_rows, restore
from skirmish.campaign.game.tables import Game, GameEvent
from skirmish.campaign.game.telling import sentence
from skirmish.campaign.logbook import author, last_action, now_text
from skirmish.campaign.models import Gang, LogEntry
from skirmish.campaign.text import describe_entry
from skirmish.campaign.undo_shown import listed
from skirmish.engine.glossary import EventKind, label_value
from skirmish.errors import CampaignError, StaleError
from skirmish.i18n import Lang
from skirmish.translation import Both, Message, Said, gettext


class ChangeKind(StrEnum):
    """What an undone action had changed, as ``game undo`` tells it."""

    TURN = "turn"
    STATUS = "status"  # the game's: in progress, ended, abandoned
    LEADER_FIRED = "leader-fired"  # Duello
    RETREAT = "retreat"  # a gang's
    COS = "cos"
    STATE = "state"
    PRONE = "prone"
    ELIMINATED = "eliminated"
    FLEEING = "fleeing"
    LEFT = "left"  # off the table
    FAMA = "fama"  # points spent
    FORTUNA = "fortuna"
    ACTIVATED = "activated"  # the turn it last acted (§1.8)
    MOUNTED = "mounted"
    KIT = "kit"  # rounds, jams, whisky, dynamite used
    OBJECTIVE = "objective"  # an objective's state
    CARRIER = "carrier"  # who carries or holds it
    OTHER = "other"  # anything else of that row


#: Each table's columns that ``game undo`` names, and those that only go with another change
#: (the turn a model was eliminated goes with its elimination) and are not named on their own.
_NAMED: dict[str, dict[str, ChangeKind]] = {
    "game": {
        "turn": ChangeKind.TURN,
        "status": ChangeKind.STATUS,
        "leader_fired": ChangeKind.LEADER_FIRED,
    },
    "game_gang": {"retreated": ChangeKind.RETREAT},
    "game_model": {
        "cos_left": ChangeKind.COS,
        "state": ChangeKind.STATE,
        "prone": ChangeKind.PRONE,
        "eliminated": ChangeKind.ELIMINATED,
        "fleeing": ChangeKind.FLEEING,
        "left_turn": ChangeKind.LEFT,
        "fama_spent": ChangeKind.FAMA,
        "fortuna_spent": ChangeKind.FORTUNA,
        "activated_turn": ChangeKind.ACTIVATED,
        "mounted": ChangeKind.MOUNTED,
        "kit": ChangeKind.KIT,
    },
    "game_objective": {"state": ChangeKind.OBJECTIVE, "carrier": ChangeKind.CARRIER},
}
_QUIET: dict[str, frozenset[str]] = {
    "game": frozenset({"winner", "reason", "ended_at"}),
    "game_gang": frozenset({"retreat_turn", "infamy_roll", "infamy_pending"}),
    "game_model": frozenset(
        {"state_clears_turn", "eliminated_by", "eliminated_turn", "small_pistol_used"}
    ),
    "game_objective": frozenset({"by"}),
}
#: Events that follow from the command that records them (a state ending at a new turn, a
#: friend's fall, a dropped sack, the end a turn brings): the undone action is named by the
#: command's own event when it has one.
_CONSEQUENCES = frozenset(
    {
        EventKind.STATE_ENDS,
        EventKind.COHESION,
        EventKind.FRIEND_DEATH,
        EventKind.FLEE,
        EventKind.OBJECTIVE,
        EventKind.END,
        EventKind.REROLL,
        EventKind.ACTIVATE,
    }
)


@dataclass(frozen=True)
class Change:
    """One thing the undone action had changed: ``before`` → ``after`` it (``who``: a model's
    or a gang's name, an objective's id with its ``copy``; empty for the game)."""

    kind: ChangeKind
    who: str
    before: Any
    after: Any
    copy: int | None = None


@dataclass(frozen=True)
class Undone:
    """A game action taken back: its turn, what it was (its command's event kind, who acted
    and on whom), its events, what it had changed, the campaign log entries taken back."""

    game: int
    scenario: str
    turn: int
    kind: EventKind
    actor: str | None
    target: str | None
    events: tuple[dict[str, Any], ...]
    changes: tuple[Change, ...]
    log: tuple[dict[str, Any], ...]

    def data(self) -> dict[str, Any]:
        """As ``skirmish game undo --json`` prints it (and the web's undo answers)."""
        return {
            "turn": self.turn,
            "action": self.kind.value,
            "actor": self.actor,
            "target": self.target,
            "events": list(self.events),
            "changes": [
                {
                    "kind": c.kind.value,
                    "who": c.who,
                    "copy": c.copy,
                    "before": c.before,
                    "after": c.after,
                }
                for c in self.changes
            ],  # fmt: skip
            "log": list(self.log),
        }


def undo(
    session: Session,
    *,
    game: Game,
    times: int = 1,
    entry: int | None = None,
    revision: int | None = None,
) -> list[Undone]:
    """Take back the game's last ``times`` actions, the latest first, in the caller's one unit
    of work: all of them, or (refused) none. ``entry`` and ``revision``: what the first of
    them must be (``check_shown``)."""
    if times < 1:
        raise CampaignError(Message("⟨times⟩ {times}: give 1 or more.", times=times))
    check_shown(session, game=game, entry=entry, revision=revision)
    done: list[Undone] = []
    for _ in range(times):
        try:
            done.append(undo_last(session, game=game))
        except CampaignError as exc:
            if not done:
                raise
            raise CampaignError(
                Message(
                    "only {done_count} of the {times} actions asked can be undone: {en} "
                    "Nothing was changed.",
                    done_count=len(done),
                    times=times,
                    en=_unchanged_said(exc),
                )
            ) from None
    return done


def undo_last(
    session: Session, *, game: Game, entry: int | None = None, revision: int | None = None
) -> Undone:
    """Take back the game's last action exactly (see the module's docs for the refusals); with
    ``entry`` or ``revision``, only the action shown (``check_shown``). The caller has locked
    the game (``board.game_by_id``)."""
    check_shown(session, game=game, entry=entry, revision=revision)
    events = _with_befores(session, game)
    first, tail = _last_action(game, events)
    before: State = dict(first.before or {})
    action = before.pop(ACTION, None)
    ids = [e.id or 0 for e in tail]
    if not isinstance(action, dict) or sorted(action.get("events", [])) != sorted(ids):
        raise _changed(game, first)
    now = game_rows(session, lookup.row_id(game))
    if digest(now, columns_of(before)) != action.get("after"):
        raise _changed(game, first)
    taken_back = _take_back_log(session, game, [int(i) for i in action.get("log", [])])
    main = _main_event(tail)
    names = _model_names(before, now)
    undone = Undone(
        game=lookup.row_id(game),
        scenario=game.scenario,
        turn=main.turn,
        kind=_kind(main),
        actor=names.get(main.model_id) if main.model_id is not None else None,
        target=_target(main),
        events=tuple(_event_data(e) for e in tail),
        changes=tuple(_changes(session, before, now, names)),
        log=tuple(taken_back),
    )
    # ``now`` was read above, the game locked: what came since wrote the campaign's log only
    restore(session, lookup.row_id(game), before, current=now)
    for row in tail:
        session.delete(row)
    session.flush()
    session.refresh(game)
    return undone


def undoable(session: Session, *, game: Game) -> int:
    """How many of the game's actions ``game undo`` could take back one after another, as the
    events tell (the checks of each undo still apply)."""
    count = 0
    for row in reversed(_with_befores(session, game)):
        if row.before is None:
            if row.action == EventKind.START:
                return count
            continue
        if not isinstance(row.before.get(ACTION), dict):
            return count
        count += 1
    return count


def shown_entry(session: Session, *, game: Game) -> int | None:
    """The id of the first event of the action ``game undo`` would take back now (what an undo
    page shows and its confirmation names), or ``None`` when there is none."""
    for row in reversed(_with_befores(session, game)):
        if row.before is not None:
            return None if row.action == EventKind.START else row.id
    return None


def _with_befores(session: Session, game: Game) -> list[GameEvent]:
    """The game's events, each with its ``before`` (``board.load_befores``)."""
    events = events_of(session, game)
    load_befores(session, events)
    return events


def check_shown(
    session: Session, *, game: Game, entry: int | None, revision: int | None = None
) -> None:
    """Refuse (``StaleError``, in words naming what changed since) unless the action ``undo``
    would take back is the one shown, whose first event is ``entry``, and the game is still at
    ``revision`` (each when given)."""
    if entry is None and revision is None:
        return
    events = _with_befores(session, game)
    last = shown_entry(session, game=game)
    if entry is not None and last != entry:
        raise _stale_entry(session, game, events, entry)
    if revision is not None and revision != game.revision:
        raise StaleError(
            Message(
                "game {game_id} has changed since it was shown (revision {revision}, "
                "now {game_revision}): {now}. Look at it again before undoing. Nothing "
                "was changed.",
                game_id=game.id,
                revision=revision,
                game_revision=game.revision,
                now=_now(session, game, events),
            )
        )


def _stale_entry(
    session: Session, game: Game, events: list[GameEvent], entry: int
) -> CampaignError:
    """The refusal of an undo confirmed for action ``entry``, which is no longer the last."""
    index = next((i for i, e in enumerate(events) if e.id == entry), None)
    elsewhere = index is None and session.get(GameEvent, entry) is not None
    if elsewhere or (index is not None and events[index].before is None):
        return CampaignError(
            Message(
                "event {entry} does not begin an action of game {game_id}: look at the "
                "last action again{on_command_line_skirmish_game}. Nothing was changed.",
                entry=entry,
                game_id=game.id,
                on_command_line_skirmish_game=Message(
                    "⟪ ('skirmish game log --json' shows the events' ids)¦⟫"
                ),
            )
        )
    if index is None:
        shown: Both | Message = Message("event {entry}", entry=entry)  # its events are gone
        since = Message("it was taken back meanwhile; {now}", now=_now(session, game, events))
    else:  # still standing: the last of those after it is the last action now
        end = next(
            (i for i in range(index + 1, len(events)) if events[i].before is not None),
            len(events),
        )
        shown = _told_both(session, game, events[index:end], " ".join)
        later = _told_both(session, game, events[end:], listed)
        since = Message("it was followed by: {actions}", actions=later)
    return StaleError(
        Message(
            "the last action of game {game_id} is no longer the one shown "
            "({shown}): {since}. Undo takes back only the last action: look at it "
            "again before undoing. Nothing was changed.",
            game_id=game.id,
            shown=shown,
            since=since,
        )
    )


def _now(session: Session, game: Game, events: list[GameEvent]) -> Message:
    """What undo would take back now."""
    last = shown_entry(session, game=game)
    if last is None:
        return Message("nothing is left to undo")
    tail = [e for e in events if (e.id or 0) >= last]
    return Message("the last action now is: {what}", what=_told_both(session, game, tail, " ".join))


def _told_both(
    session: Session,
    game: Game,
    rows: list[GameEvent],
    joined: Callable[..., str],
) -> Both:
    """``rows`` as the game's log says them in each language, read now (the store is not
    there when the message is said), joined by ``joined`` (``listed`` takes the language)."""
    said = {}
    for lang in Lang:
        told = _told(session, game, rows, lang)
        said[lang] = listed(told, lang.value) if joined is listed else joined(told)
    return Both(said[Lang.EN], said[Lang.IT])


def _unchanged_said(exc: CampaignError) -> Said:
    """``exc``'s message in the message's language, without its "Nothing was changed."."""
    return Said(
        lambda lang: exc.text(lang).removesuffix(" " + gettext(lang, "Nothing was changed."))
    )


def _told(session: Session, game: Game, rows: list[GameEvent], lang: Lang) -> list[str]:
    """``rows`` as the game's log says them, one sentence each (without its full stop)."""
    names = {m.id: m.name for m in models_of(session, game)}
    scenario, gangs = scenario_of(game), side_gangs(session, game)
    return [
        sentence(
            {"id": e.id, "turn": e.turn, "action": e.action, "details": e.details,
             "dice": e.dice, "model": names.get(e.model_id) if e.model_id is not None else None},
            scenario, lang, gangs,
        ).removesuffix(".")
        for e in rows
    ]  # fmt: skip


def _kind(row: GameEvent) -> EventKind:
    try:
        return EventKind(row.action)
    except ValueError:  # written by a newer skirmish
        return EventKind.STATE


def _last_action(game: Game, events: list[GameEvent]) -> tuple[GameEvent, list[GameEvent]]:
    """The last action's first event and its events (that one and every later one)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].before is not None:
            return events[index], events[index:]
    last = events[-1] if events else None
    if last is None or (last.action == EventKind.START and len(events) == 1):
        raise CampaignError(
            Message(
                "game {game_id} is back at its start: there is nothing left to undo "
                "(the start itself is not undone; {on_command_line_skirmish_game} the "
                "game).",
                game_id=game.id,
                on_command_line_skirmish_game=Message(
                    "⟪'skirmish game abandon' drops¦abandoning drops⟫"
                ),
            )
        )
    what_en = label_value(EventKind, last.action, "en")
    what_it = label_value(EventKind, last.action, "it")
    raise CampaignError(
        Message(
            "the last action of game {game_id} (turn {last_turn}, {what}) was "
            "recorded by an older skirmish, which did not keep the state before "
            "it; it cannot be undone: correct the "
            "game{on_command_line_with_skirmish} instead.",
            game_id=game.id,
            last_turn=last.turn,
            what=Both(what_en, what_it),
            on_command_line_with_skirmish=Message(
                "⟪ with 'skirmish game state', 'game hit'…¦ by recording states, hits…⟫"
            ),
        )
    )


def _changed(game: Game, first: GameEvent) -> CampaignError:
    what_en = label_value(EventKind, first.action, "en")
    what_it = label_value(EventKind, first.action, "it")
    return CampaignError(
        Message(
            "game {game_id} has changed since its last action (turn {first_turn}, "
            "{what}) otherwise than by a game command; undoing it could corrupt "
            "the game, so it is refused. Nothing was changed.",
            game_id=game.id,
            first_turn=first.turn,
            what=Both(what_en, what_it),
        )
    )


def _take_back_log(session: Session, game: Game, entry_ids: list[int]) -> list[dict[str, Any]]:
    """Revert the campaign log entries the action wrote (a game's end or abandon, one per
    gang), each while it is still its gang's last action; refused otherwise."""
    entries: list[tuple[LogEntry, Gang]] = []
    for entry_id in entry_ids:
        entry = session.get(LogEntry, entry_id)
        gang = session.get(Gang, entry.gang_id) if entry is not None else None
        if entry is None or gang is None:
            raise CampaignError(
                Message(
                    "game {game_id}'s last action wrote a campaign log entry that is gone; "
                    "it cannot be undone. Nothing was changed.",
                    game_id=game.id,
                )
            )
        lookup.lock_row(session, gang)
        last = last_action(session, gang=gang)
        if last is None or last.id != entry.id:
            since: Both | Message = (
                Both(describe_entry(last, "en"), describe_entry(last, "it"))
                if last is not None
                else Message("its log was undone")
            )
            raise CampaignError(
                Message(
                    "{gang_name!r} has logged more since game {game_id} ended ({since}): "
                    "the end can be undone only while it is the gang's last action; take "
                    "that back first{on_command_line_f_with_skirmish_undo_gang_name} (a "
                    "post-game step at a time). Nothing was changed.",
                    gang_name=gang.name,
                    game_id=game.id,
                    since=since,
                    on_command_line_f_with_skirmish_undo_gang_name=Message(
                        "⟪ with 'skirmish undo {name}'¦⟫", name=gang.name
                    ),
                )
            )
        entries.append((entry, gang))
    taken: list[dict[str, Any]] = []
    for entry, gang in entries:
        session.add(
            LogEntry(
                campaign_id=gang.campaign_id,
                gang_id=gang.id,
                action="undo",
                at=now_text(),
                details={"reverts": entry.id, "action": entry.action, "details": entry.details},
                dice=[],
                money_before=gang.treasury,
                money_after=gang.treasury,
                reverts=entry.id,
                author=author(session),
            )
        )
        taken.append(
            {"gang": gang.name, "action": entry.action, "entry": entry.id, "details": entry.details}
        )
    session.flush()
    return taken


def _main_event(tail: list[GameEvent]) -> GameEvent:
    """The event of the command itself, not one of its consequences (when it has one)."""
    for row in tail:
        if row.action not in _CONSEQUENCES:
            return row
    return tail[0]


def _target(row: GameEvent) -> str | None:
    target = row.details.get("target") if isinstance(row.details, dict) else None
    return str(target) if isinstance(target, str) and target else None


def _event_data(row: GameEvent) -> dict[str, Any]:
    return {
        "id": row.id,
        "turn": row.turn,
        "action": row.action,
        "details": row.details,
        "dice": row.dice,
    }


def _model_names(*states: State) -> dict[int | None, str]:
    names: dict[int | None, str] = {}
    for state in states:
        for row in state.get("game_model", []):
            names[row["id"]] = str(row["name"])
    return names


def _changes(
    session: Session, before: State, after: State, names: dict[int | None, str]
) -> list[Change]:
    """What the action changed, row by row (``before`` it → ``after`` it, now)."""
    changes: list[Change] = []
    for table in ("game", "game_gang", "game_model", "game_objective"):
        old = {row["id"]: row for row in before.get(table, [])}
        new = {row["id"]: row for row in after.get(table, [])}
        for row_id in sorted(set(old) | set(new), key=lambda i: (i is None, i)):
            was, now = old.get(row_id), new.get(row_id)
            who, copy = _who(session, table, was or now or {})
            if was is None or now is None:
                changes.append(Change(ChangeKind.OTHER, who, was is not None, now is not None))
                continue
            named = _NAMED[table]
            found: list[Change] = []
            other = False
            for column in sorted(set(was) & set(now)):
                if was[column] == now[column] or column in _QUIET[table]:
                    continue
                kind = named.get(column)
                if kind is None:
                    other = True
                    continue
                a, b = was[column], now[column]
                if kind is ChangeKind.CARRIER:
                    a, b = names.get(a), names.get(b)
                found.append(Change(kind, who, a, b, copy))
            if other and not found:
                found.append(Change(ChangeKind.OTHER, who, None, None, copy))
            found.sort(key=lambda c: list(ChangeKind).index(c.kind))
            changes += found
    return changes


def _who(session: Session, table: str, row: dict[str, Any]) -> tuple[str, int | None]:
    if table == "game_model":
        return str(row.get("name", "")), None
    if table == "game_objective":
        return str(row.get("objective", "")), row.get("copy_no")
    if table == "game_gang":
        gang = session.get(Gang, row.get("gang_id"))
        return (gang.name if gang is not None else ""), None
    return "", None
