"""The combat situation as a value (issue #20, item 6): what every front end hands the engine.

``engine.situation`` declares each input of a shot, a fight and the tests inside them; a
``Situation`` is one procedure's inputs as given, keyed by ``InputId`` and each parsed to its
input's kind (``Kind``): a flag is a ``bool``, a characteristic or a count an ``int``, a
distance a ``float``, a choice its ``StrEnum`` (``Cover.LIGHT``, from ``light`` or ``leggera``),
a faction its id. A weapon and skills stay as the player named them (a word, or the ``Weapon``
and ``SkillTaken`` a campaign model already holds): which weapon a word means depends on what
the model carries (``combatant.pick_weapon``) and a skill's chosen weapon on the weapon in hand
(``situation_words.parse_skills``), so the builders parse them where that is known.

A ``Situation`` is only made by ``Situation.read``, which parses through the declaration and
refuses an id the procedure does not take (naming the nearest) or a value of the wrong kind
(naming the input, ``errors.named``, so each front end says it its own way). It is immutable:
``with_`` gives a new one with more values (those a campaign model fills in, the gun's load),
``without`` one with fewer, ``completed`` one with every input (the defaults for the rest).
``to_json`` is what is stored or sent; ``read`` of it gives the same situation back.

The builders at the end (``shoot_setup``, ``melee_setup``, ``nerve_model``, ``panic_model``,
``save_modifiers_of``) take a ``Situation`` and give the engine's setup, the one way for every
front end, checking the inputs' conditions (``situation.check_inputs``).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any

from skirmish.engine.input_ids import InputId
from skirmish.engine.setup import (
    Attacker,
    FightSituation,
    MeleeSetup,
    MountPace,
    ShootSetup,
    ShotSituation,
    SkillTaken,
    Target,
)
from skirmish.engine.situation import (
    Input,
    Kind,
    Known,
    Procedure,
    Source,
    Whose,
    check_inputs,
    inputs_for,
)
from skirmish.engine.situation_words import (
    choice_value,
    model_state,
    parse_faction,
    parse_skills,
    parse_weapon,
)
from skirmish.errors import RulesError, named, shown
from skirmish.rules.model import Weapon
from skirmish.translation import N_, Message

#: A value as JSON holds it: what ``Situation.to_json`` gives and ``Situation.read`` takes.
JSONValue = bool | int | float | str | list[str] | None

#: Only ``Situation.read`` passes it: a ``Situation`` is never made of values it did not parse.
_PARSED = object()

#: The kinds whose value is a whole number, and their words for a refusal.
_WHOLE = frozenset({Kind.CHARACTERISTIC, Kind.COUNT})


class Situation(Mapping[InputId, object]):
    """One procedure's inputs as given, by ``InputId``, each of its kind (``Situation.read``).

    An input not given is absent (the builders take its default, ``completed``); one given as
    ``None`` is "not said", which a game resolves itself (the weapon it picks among those
    carried, ``target_waiting`` from its record, R-18).
    """

    __slots__ = ("_procedure", "_values")

    def __init__(
        self, procedure: Procedure, values: Mapping[InputId, object], parsed: object = None
    ) -> None:
        if parsed is not _PARSED:
            raise TypeError("a Situation is made by Situation.read, through the declaration")
        self._procedure = procedure
        self._values = dict(values)

    # ---------------------------------------------------------------- made by parsing

    @classmethod
    def read(cls, procedure: Procedure, raw: Mapping[str, object]) -> Situation:
        """``raw`` (input ids to values, as a front end, a model or stored JSON gives them)
        parsed through ``procedure``'s declaration: an id it does not take is refused naming
        the nearest, a value not of its input's kind naming the input."""
        taken = {str(i.id): i for i in inputs_for(procedure)}
        values: dict[InputId, object] = {}
        for key, value in raw.items():
            input_ = taken.get(key)
            if input_ is None:
                raise _unknown(procedure, key, taken)
            values[input_.id] = parse_value(input_, value)
        return cls(procedure, values, _PARSED)

    @classmethod
    def of_options(cls, procedure: Procedure, options: Mapping[str, object]) -> Situation:
        """A command's ``options`` (by parameter name, ``Input.param_for``: ``range_``, ``rif``
        in ``roll save``) read as ``procedure``'s situation; an option that is no input of
        ``procedure`` is a bug of the caller (``TypeError``)."""
        by_param = {i.param_for(procedure): i.id for i in inputs_for(procedure)}
        unknown = sorted(set(options) - set(by_param))
        if unknown:
            raise TypeError(f"options {unknown} are no inputs of {procedure.value}")
        return cls.read(procedure, {by_param[name]: value for name, value in options.items()})

    def with_(self, more: Situation | Mapping[str, object]) -> Situation:
        """This situation with ``more`` (another of the same procedure, or values parsed as
        ``read`` does) given too, over its own."""
        if isinstance(more, Situation):
            if more._procedure is not self._procedure:
                raise TypeError(f"a {more._procedure.value} situation merged into a "
                                f"{self._procedure.value} one")  # fmt: skip
            added = more
        else:
            added = Situation.read(self._procedure, more)
        return Situation(self._procedure, {**self._values, **added._values}, _PARSED)

    def without(self, *ids: InputId) -> Situation:
        """This situation with ``ids`` not given."""
        kept = {k: v for k, v in self._values.items() if k not in ids}
        return Situation(self._procedure, kept, _PARSED)

    def completed(self, procedure: Procedure) -> Situation:
        """Every input of ``procedure``: those given, the defaults for the rest (a situation
        of another procedure is a bug of the caller, ``TypeError``)."""
        if procedure is not self._procedure:
            raise TypeError(f"a {self._procedure.value} situation given to {procedure.value}")
        given: dict[str, object] = {i.id: i.default_for(procedure) for i in inputs_for(procedure)}
        for key, value in self._values.items():
            given[key] = value
        return Situation.read(procedure, given)

    # ---------------------------------------------------------------- read back

    @property
    def procedure(self) -> Procedure:
        """The procedure whose inputs these are."""
        return self._procedure

    def __getitem__(self, key: InputId) -> object:
        return self._values[key]

    def __iter__(self) -> Iterator[InputId]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Situation):
            return NotImplemented
        return self._procedure is other._procedure and self._values == other._values

    __hash__ = None  # type: ignore[assignment]  # its values may be lists: equal, not hashed

    def __repr__(self) -> str:
        return f"Situation({self._procedure.value}, {self._values!r})"

    def flag(self, key: InputId) -> bool:
        """A flag's value: not given (or not said) is no."""
        return self._values.get(key) is True

    def said(self, key: InputId) -> bool | None:
        """A flag as given: ``None`` when not said (``target_waiting`` from a game's record)."""
        value = self._values.get(key)
        return value if isinstance(value, bool) else None

    def number(self, key: InputId) -> int | None:
        """A characteristic's or a count's value, ``None`` when not given."""
        value = self._values.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def distance(self, key: InputId) -> float | None:
        """A distance in U, ``None`` when not given."""
        value = self._values.get(key)
        return value if isinstance(value, float) else None

    def word(self, key: InputId) -> str | None:
        """A faction's id, or a choice's value, ``None`` when not given."""
        value = self._values.get(key)
        return str(value) if isinstance(value, str) else None

    def weapon(self, key: InputId) -> str | Weapon | None:
        """A weapon as named (a word, or the weapon itself); ``None`` when not given."""
        value = self._values.get(key)
        return value if isinstance(value, str | Weapon) else None

    def skills(self, key: InputId) -> tuple[str | SkillTaken, ...]:
        """Skills as named (``NAME[:WEAPON]``, or skills already taken)."""
        value = self._values.get(key)
        return value if isinstance(value, tuple) else ()

    def to_json(self) -> dict[str, JSONValue]:
        """The values as JSON holds them, by input id: a choice its value, a weapon its id, a
        skill ``NAME[:WEAPON]`` (``read`` of it gives the same situation back)."""
        return {str(key): _json(value) for key, value in self._values.items()}


# ---------------------------------------------------------------------------- parsing


def parse_value(input_: Input, value: object) -> object:
    """``value`` as ``input_``'s kind, or refused naming the input; ``None`` stays "not said"."""
    if value is None:
        return None
    match input_.kind:
        case Kind.FLAG if isinstance(value, bool):
            return value
        case kind if kind in _WHOLE and isinstance(value, int) and not isinstance(value, bool):
            return value
        case Kind.DISTANCE if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        case Kind.CHOICE:
            assert input_.choices is not None
            return _choice(input_, input_.choices, value)
        case Kind.WEAPON if isinstance(value, str | Weapon):
            return value
        case Kind.FACTION if isinstance(value, str):
            return parse_faction(value)
        case Kind.SKILLS if _skills(value):
            assert isinstance(value, Sequence)
            return tuple(value)
    raise _wrong_kind(input_, value)


def _skills(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(v, str | SkillTaken) for v in value)


def _choice(input_: Input, choices: type[StrEnum], value: object) -> StrEnum:
    if isinstance(value, choices):
        return value
    if isinstance(value, str):
        try:
            return choices(value)
        except ValueError:
            pass
        try:
            return choices(choice_value(choices, value))
        except RulesError:
            pass
    names = ", ".join(c.value for c in choices)
    raise RulesError(
        Message(
            "{input_id} {value}: choose one of {names}.",
            input_id=named(input_.id),
            value=shown(value),
            names=names,
        )
    )


#: What each kind takes, for a refusal.
_KIND_WORDS: dict[Kind, str] = {
    Kind.FLAG: N_("yes or no"),
    Kind.CHARACTERISTIC: N_("a whole number from 0 to 4"),
    Kind.COUNT: N_("a whole number"),
    Kind.DISTANCE: N_("a distance in U"),
    Kind.WEAPON: N_("a weapon's name"),
    Kind.FACTION: N_("a faction's name"),
    Kind.SKILLS: N_("a list of skills"),
}


def _wrong_kind(input_: Input, value: object) -> RulesError:
    return RulesError(
        Message(
            "{input_id} {value}: give {english}.",
            input_id=named(input_.id),
            value=shown(value),
            english=Message(_KIND_WORDS[input_.kind]),
        )
    )


def _unknown(procedure: Procedure, key: str, taken: Mapping[str, Input]) -> RulesError:
    nearest = difflib.get_close_matches(str(key), list(taken), n=1, cutoff=0.0)
    hint = Message("; the nearest is {name}", name=named(nearest[0])) if nearest else ""
    return RulesError(
        Message(
            "{key} is not an input of {procedure_value}{hint}.",
            key=shown(key),
            procedure_value=procedure.value,
            hint=hint,
        )
    )


def _json(value: object) -> JSONValue:
    if isinstance(value, Weapon):
        return value.id
    if isinstance(value, tuple):
        return [_skill_json(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    assert value is None or isinstance(value, bool | int | float | str), value
    return value


def _skill_json(value: Any) -> str:
    if isinstance(value, SkillTaken):
        return f"{value.id}:{value.choice}" if value.choice else value.id
    return str(value)


# ---------------------------------------------------------------------------- builders


def known_from(values: Situation) -> Known:
    """What the inputs themselves say of who the models are: the attacker's faction."""
    return Known(attacker_faction=values.word(InputId.FACTION))


# ---------------------------------------------------------------------------- builders


def _fields(procedure: Procedure, whose: Whose, values: Situation) -> dict[str, Any]:
    """The values of ``procedure``'s inputs of ``whose`` that fill an engine field as they
    are, by the field's name (keyword arguments of the engine's setup)."""
    return {
        i.field: values[i.id]
        for i in inputs_for(procedure)
        if i.whose is whose and i.field is not None and i.source is not Source.ROSTER_TABLE
    }


def _attacker(procedure: Procedure, v: Situation, weapon: Weapon | None, who: str) -> Attacker:
    return Attacker(
        weapon=weapon,
        skills=parse_skills(v.skills(InputId.SKILL), weapon),
        state=model_state(v.flag(InputId.SHAKEN), v.flag(InputId.TERRIFIED), who),
        faction=v.word(InputId.FACTION),
        **_fields(procedure, Whose.ATTACKER, v),
    )


def _target(procedure: Procedure, v: Situation, who: str, **extra: Any) -> Target:
    return Target(
        skills=parse_skills(v.skills(InputId.TARGET_SKILL), None),
        state=model_state(v.flag(InputId.TARGET_SHAKEN), v.flag(InputId.TARGET_TERRIFIED), who),
        **_fields(procedure, Whose.TARGET, v),
        **extra,
    )


def shoot_setup(values: Situation, known: Known | None = None) -> ShootSetup:
    """The shooting action ``values`` describe (R-02); fanning with no ``range`` fires within
    short range. ``known``: who the models are (default: what the values say)."""
    procedure = Procedure.SHOOT
    v = values.completed(procedure)
    check_inputs(procedure, v, known or known_from(v))
    gun = parse_weapon(v.weapon(InputId.WEAPON))
    if gun is None:
        raise RulesError(Message("shooting needs a weapon; give ⟨weapon⟩ (e.g. six-shooter)."))
    distance = v.distance(InputId.RANGE)
    if distance is None and v.flag(InputId.FANNING) and gun.short is not None:
        distance = float(gun.short)
    return ShootSetup(
        attacker=_attacker(procedure, v, gun, "the shooter"),
        target=_target(procedure, v, "the target"),
        situation=ShotSituation(range=distance, **_fields(procedure, Whose.ACTION, v)),
    )


def melee_setup(values: Situation, known: Known | None = None) -> MeleeSetup:
    """The fight ``values`` describe (R-05)."""
    procedure = Procedure.MELEE
    v = values.completed(procedure)
    check_inputs(procedure, v, known or known_from(v))
    return MeleeSetup(
        attacker=_attacker(procedure, v, parse_weapon(v.weapon(InputId.WEAPON)), "the attacker"),
        target=_target(
            procedure,
            v,
            "the defender",
            weapon=parse_weapon(v.weapon(InputId.TARGET_WEAPON)),
            mount=MountPace.STILL if v.flag(InputId.TARGET_MOUNTED) else MountPace.NONE,
        ),
        situation=FightSituation(**_fields(procedure, Whose.ACTION, v)),
    )


def nerve_model(values: Situation) -> Attacker:
    """The model taking a nerve test on its own (R-01); ``fight`` and ``saloon_girl`` are the
    test's, not the model's."""
    v = values.completed(Procedure.NERVE)
    return Attacker(
        skills=parse_skills(v.skills(InputId.SKILL), None),
        state=model_state(v.flag(InputId.SHAKEN), v.flag(InputId.TERRIFIED), "the model"),
        **_fields(Procedure.NERVE, Whose.ATTACKER, v),
    )


def panic_model(values: Situation, known: Known | None = None) -> Target:
    """The model taking a panic test on its own (R-04); ``mountain_men_charge`` is the
    test's."""
    v = values.completed(Procedure.PANIC)
    check_inputs(Procedure.PANIC, v, known or Known())
    return _target(Procedure.PANIC, v, "the model")


def save_modifiers_of(values: Situation) -> tuple[Any, ...]:
    """The saving-roll modifiers of the inputs of ``roll save`` (R-03)."""
    from skirmish.engine.saving import save_modifiers  # lazy: procedure

    v = values.completed(Procedure.SAVE)
    return save_modifiers(
        behind=v.flag(InputId.BEHIND),
        blade=v.flag(InputId.BLADE),
        small_pistol_first=v.flag(InputId.SMALL_PISTOL_FIRST),
        whisky=v.flag(InputId.TARGET_WHISKY),
    )
