"""What the walker reads of a game before it asks: the board (``campaign.game.status.board``)
and, for each model, whether it can act now, by the services' own checks (``board.require_alive``,
``board.require_can_act``), so the lists it offers are the models an action takes.

A list is a convenience, not a rule: the service the action calls checks everything again, and
its refusal is what the player reads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.cli.game_text import state_word
from skirmish.cli.walker_prompts import Option
from skirmish.cli.walker_text import say
from skirmish.engine.glossary import TableState, label, label_value
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang
from skirmish.rules.model import ObjectiveState, Side, Weapon

if TYPE_CHECKING:
    from skirmish.campaign.game.kit import Gun
    from skirmish.campaign.game.tables import GameModel

#: What the walker counts of a model's consumables (§8.3, §5.5).
CONSUMABLES = ("whisky", "dynamite", "nitroglycerin")


@dataclass(frozen=True)
class Figure:
    """A model of the game as the walker lists it."""

    name: str
    label: str  # what the services are given: its name, GANG:NAME when two share it
    handle: str | None
    gang: str
    side: Side
    cos: int
    cos_left: int
    state: str
    prone: bool
    in_play: bool  # not eliminated, not off the table
    can_act: bool  # in play, and neither terrified nor fleeing
    acted: bool  # has taken (or is taking) its turn this turn (§1.8)
    acting: bool  # its turn is the current one (§1.8)
    civilian: bool  # a gang's civilian, who may flee and leave the table
    fama_left: int
    fortuna_left: int
    items: tuple[str, ...]
    drank: bool  # §8.3
    guns: tuple[Gun, ...] = ()  # each gun's load, rounds left and jam (``campaign.game.kit``)
    left: Mapping[str, int] = field(default_factory=dict)  # consumables still carried, by id
    has_mount: bool = False  # carries a horse, an Appaloosa or a mule (§8.2)
    mounted: bool = False


@dataclass(frozen=True)
class Person:
    """A scenario's person that may be shot at or fought (mayor, witness, politician)."""

    objective: str
    name_it: str
    name_en: str
    state: str


@dataclass(frozen=True)
class Table:
    """One reading of the game: its board and its models."""

    board: dict[str, Any]
    figures: tuple[Figure, ...]
    persons: tuple[Person, ...]

    @property
    def turn(self) -> int:
        return int(self.board["turn"])

    @property
    def in_progress(self) -> bool:
        return bool(self.board["status"] == "in_progress")

    def gangs(self) -> list[str]:
        return [gang["gang"] for gang in self.board["gangs"]]

    def side_of(self, label_: str) -> Side | None:
        return next((f.side for f in self.figures if f.label == label_), None)


def _passes(check: Callable[[GameModel], None], model: GameModel) -> bool:
    """Whether ``model`` passes a service's ``check`` (which raises when it does not)."""
    try:
        check(model)
    except SkirmishError:
        return False
    return True


def read_table(db: str | None, campaign: str | None, game: int | None) -> Table:
    """The game as it stands, read in a transaction of its own."""
    from skirmish.campaign.game import kit
    from skirmish.campaign.game.board import (
        flight_of,
        game_gang_of,
        gang_row,
        in_play,
        member_of,
        models_of,
        require_can_act,
        scenario_of,
        side_of,
    )
    from skirmish.campaign.game.combatant import drank_whisky
    from skirmish.campaign.game.status import board
    from skirmish.cli.game_record import game_of
    from skirmish.cli.store_options import session

    with session(db, access="read") as s:
        g = game_of(s, campaign, game)
        data = board(s, game=g)
        models = models_of(s, g)
        rows = {(gang["gang"], m["name"]): m for gang in data["gangs"] for m in gang["models"]}
        shared = Counter(m.name for m in models)
        figures = []
        for model in models:
            member = member_of(s, model)
            gang = gang_row(s, game_gang_of(s, model)).name
            row = rows[(gang, model.name)]
            playing = in_play(model)
            figures.append(
                Figure(
                    name=model.name,
                    label=model.name if shared[model.name] == 1 else f"{gang}:{model.name}",
                    handle=member.handle,
                    gang=gang,
                    side=side_of(s, model),
                    cos=model.cos_start,
                    cos_left=model.cos_left,
                    state=model.state,
                    prone=model.prone,
                    in_play=playing,
                    can_act=playing and _passes(require_can_act, model),
                    acted=row["acted"],
                    acting=row["acting"],
                    civilian=flight_of(s, model) is not None,
                    fama_left=row["fama_left"],
                    fortuna_left=row["fortuna_left"],
                    items=tuple(row["equipment"]),
                    drank=drank_whisky(s, model),
                    guns=tuple(kit.guns(s, model)),
                    left={item: kit.left(s, model, item) for item in CONSUMABLES},
                    has_mount=kit.mount_of(s, model) is not None,
                    mounted=model.mounted,
                )
            )
        scenario = scenario_of(g)
        persons = tuple(
            Person(row["objective"], o.name_it, o.name_en, row["state"])
            for o in scenario.objectives
            if o.targetable
            for row in data["objectives"]
            if row["objective"] == o.id and row["state"] != ObjectiveState.DEAD
        )
    return Table(data, tuple(figures), persons)


# ------------------------------------------------------------------------------- options


def figure_line(figure: Figure, lang: Lang, *, gangs: bool = True) -> str:
    """``Wyatt "Wy" (Earps) — COS 2/3, calmo, steso, ha agito``."""
    name = f'{figure.name} "{figure.handle}"' if figure.handle else figure.name
    state = state_word(figure.state, lang)
    if figure.prone:
        state += f", {label(TableState.PRONE, lang)}"
    if figure.in_play and (figure.acting or figure.acted):
        state += ", " + say("acting" if figure.acting else "acted", lang)
    gang = f" ({figure.gang})" if gangs else ""
    return say(
        "model-line", lang, name=name, gang=gang, cos_left=figure.cos_left, cos=figure.cos,
        state=state,
    )  # fmt: skip


def figure_options(figures: Sequence[Figure], lang: Lang) -> list[Option[str]]:
    """Models to choose from; the value is the name the services are given."""
    return [
        Option(
            f.label,
            figure_line(f, lang),
            tuple(n for n in (f.name, f.handle, f"{f.gang}:{f.name}") if n),
        )
        for f in figures
    ]


def person_options(persons: Sequence[Person], lang: Lang) -> list[Option[str]]:
    """A scenario's people to choose from; the value is their objective's id."""
    return [
        Option(
            p.objective,
            say(
                "person-line",
                lang,
                name=p.name_it if lang == Lang.IT else p.name_en,
                state=label_value(ObjectiveState, p.state, lang),
            ),
            (p.name_it, p.name_en, p.objective),
        )  # fmt: skip
        for p in persons
    ]


def weapon_options(weapons: Sequence[Weapon], lang: Lang) -> list[Option[str]]:
    """Weapons to choose from; the value is the weapon's id."""
    return [
        Option(w.id, w.name_it if lang == Lang.IT else w.name_en, (w.name_it, w.name_en, w.id))
        for w in weapons
    ]


def carried_weapons(figure: Figure) -> list[Weapon]:
    """The weapons a model carries, in the order it was given them."""
    from skirmish.rules import weapons

    known = {w.id: w for w in weapons()}
    return [known[item] for item in figure.items if item in known]
