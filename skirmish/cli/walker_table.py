"""What the walker reads of a game before it asks, and how it lists it: the reading itself
(the board and, for each model, whether it can act now, by the services' own checks) is
``campaign.game.situations`` (issue #12: the web's phones read the same), so the lists it offers
are the models an action takes.

A list is a convenience, not a rule: the service the action calls checks everything again, and
its refusal is what the player reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from skirmish.campaign.game.situations import (
    CONSUMABLES,
    Figure,
    Person,
    Table,
    carried_weapons,
    read,
)
from skirmish.cli.game_record import game_of
from skirmish.cli.game_text import state_word
from skirmish.cli.store_options import session
from skirmish.cli.walker_prompts import Option
from skirmish.cli.walker_text import say
from skirmish.engine.glossary import TableState, label, label_value
from skirmish.i18n import Lang
from skirmish.rules.model import ObjectiveState, Weapon

__all__ = [
    "CONSUMABLES",
    "Figure",
    "Person",
    "Table",
    "carried_weapons",
    "figure_line",
    "figure_options",
    "person_options",
    "read_table",
    "weapon_options",
]


def read_table(db: str | None, campaign: str | None, game: int | None) -> Table:
    """The game as it stands (``campaign.game.situations.read``, what the web's phones read
    too), in a transaction of its own."""
    with session(db, access="read") as s:
        return read(s, game_of(s, campaign, game))


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
