"""What each of a game's actions runs (issue #20): one service of ``campaign.game`` each, with
the typed values of its fields (``campaign/game/fields.py``) and the dice of the front end that
asked (``Rolling``); the lines returned explain the dice in the engine's words. When each is
offered to a model is here too, read ahead from the services' own checks (``situations``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from skirmish.campaign.game import situations
from skirmish.campaign.game.situations import Figure, Table
from skirmish.engine.glossary import Pace
from skirmish.engine.situation_value import Situation
from skirmish.i18n import Lang

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.rerolls import Rerolls
    from skirmish.campaign.game.tables import Game
    from skirmish.engine.dice import TableDice


class Rolling(Protocol):
    """How the dice of one run come (a front end's): the dice, the rerolls, the language of
    the explanation."""

    @property
    def lang(self) -> Lang: ...

    @property
    def table(self) -> TableDice: ...

    @property
    def rerolls(self) -> Rerolls: ...


@dataclass(frozen=True)
class Inputs(Mapping[str, Any]):
    """An action's inputs as read (``Command.read``): each field's value parsed by its kind
    (``Field.parse``), by the field's name, and a shot's or a fight's situation, typed
    (``Situation``), when the action takes one."""

    fields: Mapping[str, Any]
    situation: Situation | None = None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def with_situation(self, situation: Situation) -> Inputs:
        """These inputs with the situation a front end read from its own words for it."""
        return replace(self, situation=situation)

    def combat(self) -> Situation:
        """The situation of a shot or a fight (a front end that gave none has a bug)."""
        if self.situation is None:
            raise TypeError("a shot or a fight run without its situation")
        return self.situation


#: What an action runs: the store, the game, its inputs (``Command.read``, with a shot's or a
#: fight's situation), the dice; its lines explain the dice.
Run = Callable[["Session", "Game", Inputs, Rolling], list[str]]


# ----------------------------------------------------------------------------- what each runs


def _bystanders(v: Inputs) -> Any:
    """Who stood near the target (R-19, R-22; R-20 near a shot), as the fields say."""
    from skirmish.campaign.game.reactions import Bystanders  # lazy: run

    return Bystanders(
        near=tuple(v.get("near") or ()),
        guard=v.get("guard"),
        civilians=tuple(v.get("civilian-near") or ()),
    )


def noted(roll: Rolling, result: Any) -> None:
    """Hand the engine's ``result`` of an action that rolls dice (a shot, a fight, or one of
    ``engine.table_actions``'s records) to a front end that keeps them (a ``results`` list: the
    offline sync compares its outcome, issue #24); nothing else changes."""
    kept = getattr(roll, "results", None)
    if isinstance(kept, list):
        kept.append(result)


def shoot(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.combat import shoot  # lazy: run
    from skirmish.engine import explain_combat, explain_procedures  # lazy: run

    report = shoot(
        s,
        game=g,
        attacker=v["attacker"],
        target=v["target"],
        situation=v.combat(),
        dice=roll.table,
        bystanders=_bystanders(v),
        rerolls=roll.rerolls,
    )
    noted(roll, report.result)
    lines = []
    if report.opportunity is not None:
        lines += explain_procedures.reflex_lines(report.opportunity, roll.lang)
    if report.fired:
        lines += explain_combat.shoot_lines(report.result, roll.lang)
    return lines


def fight(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.combat import melee  # lazy: run
    from skirmish.engine import explain_combat  # lazy: run

    report = melee(
        s,
        game=g,
        attacker=v["attacker"],
        target=v["target"],
        situation=v.combat(),
        dice=roll.table,
        bystanders=_bystanders(v),
        rerolls=roll.rerolls,
    )
    noted(roll, report.result)
    return explain_combat.melee_lines(report.result, roll.lang)


def move(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.activations import activate  # lazy: run

    activate(s, game=g, member=v["member"])
    return []


def reload(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.actions import reload  # lazy: run

    reload(s, game=g, member=v["member"], weapon=v.get("weapon"), rounds=v.get("rounds"))
    return []


def unjam(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.actions import unjam  # lazy: run

    unjam(s, game=g, member=v["member"], weapon=v.get("weapon"))
    return []


def horse(mounting: bool) -> Run:
    def call(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
        from skirmish.campaign.game.actions import dismount, mount  # lazy: run
        from skirmish.engine import explain_procedures  # lazy: run
        from skirmish.engine.table_actions import HorseTest  # lazy: run

        service = mount if mounting else dismount
        report = service(
            s,
            game=g,
            member=v["member"],
            pace=v.get("pace") or Pace.STILL,
            dice=roll.table,
            rerolls=roll.rerolls,
        )
        noted(roll, HorseTest(report.model, mounting, report.pace, report.test))
        return explain_procedures.reflex_lines(report.test, roll.lang) if report.test else []

    return call


def lasso(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.actions import throw_lasso  # lazy: run
    from skirmish.engine import explain_procedures  # lazy: run

    report = throw_lasso(
        s, game=g, thrower=v["thrower"], target=v["target"], dice=roll.table, rerolls=roll.rerolls
    )
    noted(roll, report.result)
    return explain_procedures.lasso_lines(report.result, roll.lang)


def carried_explosive(s: Session, g: Game, thrower: str) -> str:
    """The explosive ``thrower`` carries when it carries one kind (else dynamite, which the
    service refuses in words when it carries none)."""
    from skirmish.campaign.game.board import find_model  # lazy: run
    from skirmish.engine.table_actions import default_explosive  # lazy: run

    figure = find_model(s, g, thrower)
    mine = situations.read(s, g).figure(figure.name)
    kinds = situations.explosives(mine) if mine is not None else []
    return default_explosive([k.id for k in kinds]).value  # the phone's choice too


def explosion(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.actions import explode  # lazy: run
    from skirmish.engine import explain_procedures  # lazy: run
    from skirmish.engine.table_actions import Thrown  # lazy: run

    thrower = v["thrower"]
    item = v.get("item") or carried_explosive(s, g, thrower)
    report = explode(
        s,
        game=g,
        thrower=thrower,
        explosive=item,
        caught=list(v.get("caught", ())),
        short_fuse=bool(v.get("short-fuse")),
        near_thrower=list(v.get("near-thrower", ())),
        dice=roll.table,
        rerolls=roll.rerolls,
    )
    victims = tuple((victim.name, victim.result) for victim in report.victims)
    noted(roll, Thrown(report.explosive, report.fuse, victims))
    lines = []
    for victim in report.victims:
        lines += [
            f"{victim.name}: {line}"
            for line in explain_procedures.explosion_lines(victim.result, roll.lang)
        ]
    return lines


def drink(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.states import drink  # lazy: run

    drink(s, game=g, member=v["member"])
    return []


def objective(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.objectives import objective  # lazy: run

    objective(
        s, game=g, name=v["objective"], event=v["event"], by=v.get("by"), copy_no=v.get("copy")
    )
    return []


def state(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.states import set_state  # lazy: run

    set_state(s, game=g, member=v["member"], state=str(v["new-state"]))
    return []


def hit(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.combat import hit  # lazy: run

    report = hit(
        s,
        game=g,
        member=v["member"],
        wounds=v["wounds"],
        by=v.get("by"),
        bystanders=_bystanders(v),
        dice=roll.table,
        rerolls=roll.rerolls,
    )
    noted(roll, report.fallen)
    return []


def eliminate(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.combat import eliminate  # lazy: run

    report = eliminate(
        s,
        game=g,
        member=v["member"],
        by=v.get("by"),
        bystanders=_bystanders(v),
        dice=roll.table,
        rerolls=roll.rerolls,
    )
    noted(roll, report.fallen)
    return []


def leave(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.states import leave  # lazy: run

    leave(s, game=g, member=v["member"])
    return []


def spend(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.states import spend  # lazy: run

    spend(s, game=g, point=str(v["point"]), member=v["member"])
    return []


def retreat(s: Session, g: Game, v: Inputs, roll: Rolling) -> list[str]:
    from skirmish.campaign.game.end import retreat  # lazy: run

    report = retreat(
        s, game=g, gang=v["gang"], dice=roll.table, infamy_now=not v.get("infamy-later")
    )
    noted(roll, report.retreated)
    return []


# ----------------------------------------------------------------------------- when offered


def shooter(table: Table, f: Figure) -> bool:
    return bool(situations.guns_to_shoot(f)) and bool(
        situations.enemies(table, f.label) or table.persons
    )


def fighter(table: Table, f: Figure) -> bool:
    return bool(situations.enemies(table, f.label) or table.persons)


def has_enemy(table: Table, f: Figure) -> bool:
    return bool(situations.enemies(table, f.label))


def spends(table: Table, f: Figure) -> bool:
    return f.fama_left > 0 or f.fortuna_left > 0
