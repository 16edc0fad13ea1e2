"""A scenario's objectives in a game: the loot, the captives and the people, and the events that
change them (docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game.board import (
    find_model,
    find_objective,
    record_event,
    require_alive,
    require_in_progress,
    scenario_of,
)
from skirmish.campaign.game.end import settle
from skirmish.campaign.game.tables import Game, GameModel, GameObjective
from skirmish.engine.glossary import EventKind, parse
from skirmish.errors import CampaignError, UnknownNameError, shown
from skirmish.rules.model import ObjectiveEvent, ObjectiveState, Side
from skirmish.rules.names import normalize
from skirmish.rules.scenario_model import TRANSITIONS, Objective
from skirmish.translation import Both, Message

#: ``carry`` in either language: not an event of the scenario, it only names who carries or
#: holds the objective now (its events are the glossary's ``OBJECTIVE_EVENTS``).
CARRY = frozenset({"carry", "porta", "custodian", "custode"})


#: Events after which somebody carries or holds the objective.
_TAKES = (ObjectiveEvent.PICK_UP, ObjectiveEvent.RECOVER, ObjectiveEvent.RECAPTURE)


#: Events after which nobody does.
_RELEASES = (
    ObjectiveEvent.DROP, ObjectiveEvent.CARRY_OFF, ObjectiveEvent.FREE, ObjectiveEvent.ESCAPE,
    ObjectiveEvent.DELIVER, ObjectiveEvent.RESCUE, ObjectiveEvent.KILL, ObjectiveEvent.SHELTER,
)  # fmt: skip


#: Events only the model carrying or holding the objective does (it drops the sack, carries it
#: off, delivers the prisoner); any other event is done to it by someone else (a lawman frees
#: the hostage from the kidnapper who holds her), so ``--by`` need not be the carrier.
_CARRIERS_OWN = (ObjectiveEvent.DROP, ObjectiveEvent.CARRY_OFF, ObjectiveEvent.DELIVER)


def transitions(event: ObjectiveEvent) -> frozenset[ObjectiveState]:
    return TRANSITIONS[event][0]


def offered_events(
    objective: Objective, state: str, carrier: str | None, side: Side, names: Sequence[str]
) -> list[str]:
    """What a model of ``side`` (named ``names``, its name and its label) may record now for
    one copy of ``objective`` in ``state``, carried by ``carrier`` (a model's name or none),
    as ``objective`` accepts it: each event the copy's state allows, its carrier's own only by
    its carrier, each by the side that does it (``Objective.recorded_by``); then ``carry``
    while nobody carries it."""
    now = ObjectiveState(state)
    found = []
    for event in objective.events:
        if now not in transitions(event):
            continue
        if event in _CARRIERS_OWN and carrier not in (None, *names):
            continue
        if event is ObjectiveEvent.DROP and carrier is None:  # carried by its side or not
            holder = objective.side if now is ObjectiveState.CARRIED else objective.side.other
            if holder is not side:
                continue
        if objective.recorded_by(event) not in (None, side):
            continue
        found.append(event.value)
    if carrier is None:
        found.append("carry")
    return found


def objective_event(
    session: Session,
    game: Game,
    rows: Sequence[GameObjective],
    event: ObjectiveEvent,
    *,
    by: GameModel | None,
    automatic: bool = False,
) -> list[str]:
    scenario = scenario_of(game)
    changes: list[str] = []
    for row in rows:
        objective = scenario.objective(row.objective)
        before = ObjectiveState(row.state)
        after = objective.after(before, event)
        row.state = after.value
        if event in _TAKES:
            row.carrier = by.id if by is not None else None
        elif event in _RELEASES:
            row.carrier = None
        row.by = by.id if by is not None else row.by
        session.add(row)
        changes.append(f"{objective.id} {row.copy_no}: {before.value} → {after.value}")
        if automatic:
            record_event(
                session,
                game,
                EventKind.OBJECTIVE,
                model=by,
                details={
                    "objective": objective.id,
                    "copy": row.copy_no,
                    "event": event.value,
                    "before": before.value,
                    "after": after.value,
                    "by": by.name if by is not None else None,
                    "automatic": True,
                },
            )
    session.flush()
    return changes


def objective(
    session: Session,
    *,
    game: Game,
    name: str,
    event: str,
    by: str | None = None,
    copy_no: int | None = None,
) -> list[str]:
    """Record what happened to an objective: pick up, drop, carry off, recover the loot; free,
    recapture, deliver, rescue a captive; wound, kill, shelter a person; or ``carry``: who
    carries or holds it now. Each scenario allows its own events (``docs/scenarios.md``)."""
    require_in_progress(game)
    found, copies = find_objective(session, game, name, copy_no)
    actor = find_model(session, game, by) if by is not None else None
    if actor is not None:
        require_alive(session, actor)
    if normalize(event) in CARRY:
        if actor is None:
            raise CampaignError(Message("'carry' needs ⟨by⟩: the model that carries or holds it."))
        target = _choose_copy(copies, lambda r: r.carrier is None, found, "carry")
        target.carrier = actor.id
        session.add(target)
        session.flush()
        change = f"{found.id} {target.copy_no}: carried by {actor.name}"
        record_event(
            session,
            game,
            EventKind.OBJECTIVE,
            model=actor,
            details={"objective": found.id, "copy": target.copy_no, "event": "carry",
                     "by": actor.name},
        )  # fmt: skip
        settle(session, game)  # e.g. the witness sheltered: the scenario may be over now
        return [change]
    try:
        kind = parse(ObjectiveEvent, event)
    except UnknownNameError:
        events = ", ".join(e.value.replace("_", "-") for e in found.events)
        raise CampaignError(
            Message(
                "unknown event {event} for the {found_name}: give one of {events} or carry.",
                event=shown(event),
                events=events,
                found_name=Both(found.name_en, found.name_it),
            )
        ) from None
    if kind not in found.events:
        events = ", ".join(e.value.replace("_", "-") for e in found.events)
        raise CampaignError(
            Message(
                "{scenario_of_game_name}: the {found_name} takes {events} or carry, not {event!r}.",
                events=events,
                event=event,
                scenario_of_game_name=Both(scenario_of(game).name_en, scenario_of(game).name_it),
                found_name=Both(found.name_en, found.name_it),
            )
        )
    if kind in _TAKES and actor is None:
        raise CampaignError(
            Message(
                "{kind_value_replace} needs ⟨by⟩: who takes it.",
                kind_value_replace=kind.value.replace("_", "-"),
            )
        )
    allowed = transitions(kind)
    target = _choose_copy(
        copies,
        lambda r: (
            ObjectiveState(r.state) in allowed
            and (actor is None or kind not in _CARRIERS_OWN or r.carrier in (None, actor.id))
        ),
        found,
        kind.value,
    )
    before = ObjectiveState(target.state)
    changes = objective_event(session, game, [target], kind, by=actor)
    record_event(
        session,
        game,
        EventKind.OBJECTIVE,
        model=actor,
        details={
            "objective": found.id,
            "copy": target.copy_no,
            "event": kind.value,
            "before": before.value,
            "after": target.state,
            "by": actor.name if actor is not None else None,
        },
    )
    settle(session, game)  # the last sack off the table or recovered ends the game now
    return changes


def _choose_copy(
    copies: Sequence[GameObjective], fits: Any, objective: Objective, what: str
) -> GameObjective:
    for row in copies:
        if fits(row):
            return row
    states = ", ".join(f"{r.copy_no}: {r.state}" for r in copies)
    raise CampaignError(
        Message(
            "no {objective_name} can {what_replace} now (states: {states}); check "
            "⟨copy⟩ and the events recorded.",
            what_replace=what.replace("_", " "),
            states=states,
            objective_name=Both(objective.name_en, objective.name_it),
        )
    )
