"""The inputs of an action as typed values (issue #20), shared by both catalogues: a game's
(``campaign/game/commands.py``) and the between-games one (``campaign/commands.py``).

``Field`` says what one input holds, its label and help in both languages, and parses what a
front end received (a form's text, a query, a JSON value, an option) into the value the service
takes; a faulty value is a ``FieldError`` naming the field, which each front end says its own
way (``--wounds`` at the command line, "Wounds" on the phone, ``wounds`` in the API).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.engine.glossary import parse
from skirmish.errors import RulesError, named, shown
from skirmish.i18n import Lang
from skirmish.translation import Message, Said, gettext

#: Raw values as a front end received them (a form, a query, a JSON body), by field name.
Values = Mapping[str, Any]

#: What "yes" and "no" may be typed as, in both languages.
YES = frozenset({"on", "1", "true", "yes", "y", "si", "sì"})
NO = frozenset({"0", "off", "false", "no", "n"})


class Kind(StrEnum):
    """What a field holds, which says how every front end asks it and how it is checked."""

    MODEL = "model"  # a model in play, named as on its roster (GANG:NAME when two share it)
    TARGET = "target"  # an enemy in play, or a scenario's person (its objective's id)
    MODELS = "models"  # several models in play (a repeatable option)
    CHOICE = "choice"  # one word of a closed set (``choices``), in Italian or English
    COUNT = "count"  # a whole number from ``low`` to ``high``
    FLAG = "flag"  # yes or no
    GANG = "gang"  # a gang playing the game (or, starting one, of the campaign)
    GANGS = "gangs"  # several gangs of the campaign (a game's start)
    WORD = "word"  # a free word checked by the service (an objective, an event, an item)
    CAUGHT = "caught"  # models within 5U of a blast: NAME[=DISTANCE,…] (0–5U), repeatable
    # between games (``campaign/commands.py``)
    TEXT = "text"  # a name typed in, kept as typed
    PROFILE = "profile"  # a profile the gang may hire, in Italian or English
    ITEM = "item"  # a weapon or item, in Italian or English
    CARRIER = "carrier"  # the stash (blank) or an active model of the gang
    WEAPON = "weapon"  # a weapon of one category, for a skill "a scelta"
    # the club's (``campaign/club_commands.py``)
    ASSIGNMENTS = "assignments"  # KEY=VALUE, repeatable: house rules, a post-game's doctors


@dataclass(frozen=True)
class Words:
    """A text in both languages: its English, the msgid of its Italian in the message catalogue
    (``skirmish/locale``, issue #21). ``italian`` is for a text made from values at run time,
    whose Italian cannot be a msgid."""

    en: str
    italian: str | None = None
    #: A msgid of the catalogue and the values it is filled with (``Words.filled``): its
    #: Italian is said when first asked, so declaring it reads no catalogue (issue #23).
    template: tuple[str, tuple[tuple[str, Any], ...]] | None = None

    @property
    def it(self) -> str:
        if self.italian is not None:
            return self.italian
        if self.template is not None:
            msgid, values = self.template
            return gettext("it", msgid, **dict(values))
        return gettext("it", self.en)

    def __call__(self, lang: Lang | str) -> str:
        return self.it if Lang(lang) is Lang.IT else self.en

    @classmethod
    def made(cls, en: str, it: str) -> Words:
        """A text built from values at run time in each language (no msgid of the catalogue:
        what it is built from is)."""
        return cls(en, it)

    @classmethod
    def filled(cls, msgid: str, **values: Any) -> Words:
        """A text of the catalogue with values filled in, in both languages: the English at
        once (no catalogue is read for it), the Italian only when it is asked for."""
        return cls(gettext("en", msgid, **values), template=(msgid, tuple(values.items())))


@dataclass(frozen=True)
class Field:
    """One input of an action: its neutral name (the API's JSON field and the form's field;
    the command line's argument or ``--option``), what it holds, its label and help in both
    languages, and whether it must be given."""

    name: str
    kind: Kind
    label: Words
    help: Words
    required: bool = False
    argument: bool = False  # a positional argument at the command line
    choices: type[StrEnum] | None = None
    low: int = 0
    high: int = 99
    cli: str = ""  # the command line's own name for it when not the field's: --for, new_name
    it_flag: str = ""  # the command line's Italian alias of its option: --vicino for --near
    short: str = ""  # the command line's one-letter alias of its option: -H for --house
    hint: Words | None = None  # a form's hint under the control
    category: str | None = None  # WEAPON: the weapon category it takes
    more: bool = False  # folded away on a form, with the other seldom-used fields

    @property
    def cli_name(self) -> str:
        """How the command line takes it: its argument's parameter, or its option's flag."""
        if self.cli:
            return self.cli
        return self.name.replace("-", "_") if self.argument else self.flag

    @property
    def many(self) -> bool:
        return self.kind in (Kind.MODELS, Kind.GANGS, Kind.CAUGHT, Kind.ASSIGNMENTS)

    @property
    def flag(self) -> str:
        """The command line's option for this field."""
        return "--" + self.name

    @property
    def declared(self) -> str:
        """Its name as a refusal names an input (``errors.named``): ``new_state``."""
        return self.name.replace("-", "_")

    def parse(self, raw: Any) -> Any:
        """The typed value of ``raw`` (``None`` or ``()`` when blank), or ``FieldError``."""
        if self.many:
            items = raw if isinstance(raw, list | tuple) else ([] if raw in (None, "") else [raw])
            if self.kind is Kind.CAUGHT:
                return tuple(_caught(self, item) for item in items)
            if not all(isinstance(item, str) for item in items):
                raise FieldError(self, raw, NOT_NAMES)
            return tuple(item.strip() for item in items if item.strip())
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if self.kind is Kind.FLAG:
                return False
            if self.required:
                raise FieldError(self, raw, MISSING)
            return None
        if self.kind is Kind.FLAG:
            return _yes_no(self, raw)
        if isinstance(raw, bool) or not isinstance(raw, str | int):
            raise FieldError(self, raw, NOT_A_WORD)
        text = str(raw).strip()
        if self.kind is Kind.COUNT:
            digits = text.removeprefix("-")
            longest = max(3, len(str(self.high)), len(str(abs(self.low))))
            if not (digits.isascii() and digits.isdigit() and len(digits) <= longest):
                raise FieldError(
                    self,
                    raw,
                    _between(self.low, self.high),
                )
            number = int(text)
            if not self.low <= number <= self.high:
                raise FieldError(
                    self,
                    raw,
                    _between(self.low, self.high),
                )
            return number
        if self.kind is Kind.CHOICE and self.choices is not None:
            return parse(self.choices, text)
        return text


#: Why a field's value is refused, in both languages.
MISSING = Words("missing")
NOT_A_WORD = Words("a word")
NOT_NAMES = Words("a list of names")
NOT_YES_NO = Words("yes or no")
NOT_CAUGHT = Words(
    "a model's name, then after = a distance (0–5), moved, unmoved or partial|total:SHELTER"
)


class FieldError(RulesError):
    """A field's value a player gave is not what the field takes; the message names the field
    by its name, which each front end says its own way (``--wounds``, "Wounds")."""

    def __init__(self, field: Field, value: Any, why: Words) -> None:
        self.field = field.name
        what = named(field.declared)
        if why is MISSING:
            super().__init__(
                Message(
                    "{what} is missing: give {label}.",
                    what=what,
                    label=Said(lambda lang: field.label(lang).lower()),
                )
            )
            return
        super().__init__(
            Message("{what}: {value} is not {why}.", what=what, value=shown(value), why=Said(why))
        )


def _yes_no(field: Field, raw: Any) -> bool:
    if raw is True or raw is False:
        return bool(raw)
    if isinstance(raw, str) and raw.strip().lower() in YES:
        return True
    if isinstance(raw, str) and raw.strip().lower() in NO:
        return False
    raise FieldError(field, raw, NOT_YES_NO)


def _caught(field: Field, item: Any) -> Any:
    """A model within 5U of a blast, as ``--caught`` takes it
    (``NAME[=DISTANCE,moved|unmoved,partial|total:SHELTER]``: the distance from the centre,
    0–5U; whether it moved, else from the record; its shelter, table 8), or an object with
    ``name``, ``distance``, ``moved``, ``protection`` and ``shelter`` (the API)."""
    from skirmish.engine.explosion import Protection  # lazy: procedure
    from skirmish.engine.table_actions import Caught, caught_from  # lazy: run

    if isinstance(item, str):
        found = caught_from(item)  # the phone's offline preview reads it so too (issue #24)
        if found is None:
            raise FieldError(field, item, NOT_CAUGHT)
        return found
    if isinstance(item, dict) and isinstance(item.get("name"), str):
        distance_v = item.get("distance")
        if distance_v is not None and not (
            isinstance(distance_v, int)
            and not isinstance(distance_v, bool)
            and 0 <= distance_v <= 5
        ):
            raise FieldError(field, item, NOT_CAUGHT)
        moved = item.get("moved")
        protection = str(item.get("protection") or "none")
        if protection not in {p.value for p in Protection} or not isinstance(moved, bool | None):
            raise FieldError(
                field,
                item,
                Words("protection none, partial or total, and moved yes or no"),
            )
        sheltered = item.get("shelter")
        return Caught(
            item["name"],
            distance_v,
            moved,
            str(sheltered) if sheltered else None,
            Protection(protection),
        )
    raise FieldError(field, item, NOT_CAUGHT)


def _between(low: int, high: int) -> Words:
    """ "a number from LOW to HIGH", in both languages (a ``FieldError``'s reason)."""
    said = (
        gettext(lang, "a number from {low} to {high}", low=low, high=high)
        for lang in "en it".split()
    )
    return Words.made(*said)
