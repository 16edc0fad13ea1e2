"""The declaration of the combat situation (``engine.situation``): every input declared once,
complete against the engine's setup, with both languages and the conditions that must hold."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import rules
from skirmish.engine import situation, situation_value
from skirmish.engine.setup import (
    Attacker,
    Elevation,
    FightSituation,
    Immunity,
    Motion,
    MountPace,
    ShotSituation,
    SkillTaken,
    Target,
)
from skirmish.engine.situation import (
    INPUTS,
    Known,
    Procedure,
    Source,
    Whose,
    inputs_for,
)
from skirmish.engine.situation_value import Situation
from skirmish.engine.situation_words import CHOICE_LABELS, CHOICE_WORDS, choice_value
from skirmish.errors import RulesError
from skirmish.rules.model import Cover


def shoot_setup(values: dict[str, Any], known: Known | None = None) -> Any:
    """The engine's builder of a shot, given the values as a front end reads them."""
    return situation_value.shoot_setup(Situation.read(Procedure.SHOOT, values), known)


def melee_setup(values: dict[str, Any], known: Known | None = None) -> Any:
    """The engine's builder of a fight, given the values as a front end reads them."""
    return situation_value.melee_setup(Situation.read(Procedure.MELEE, values), known)


#: Engine fields the builders fill by hand, from more than one input or by parsing a name.
BY_HAND = {
    Attacker: {"weapon", "skills", "state", "faction"},
    Target: {"weapon", "skills", "state"},  # and mount in a fight (--target-mounted)
}
SLOTS = {Whose.ATTACKER: Attacker, Whose.TARGET: Target}


def test_ids_are_unique_and_snake_case() -> None:
    ids = [i.id for i in INPUTS]
    assert len(ids) == len(set(ids))
    assert all(i.isidentifier() and i == i.lower() for i in ids)


@pytest.mark.parametrize("procedure", list(Procedure))
def test_flags_and_parameters_are_unique_in_each_command(procedure: Procedure) -> None:
    taken = inputs_for(procedure)
    names = [n for i in taken for n in (i.name_for(procedure), *i.aliases)]
    params = [i.param_for(procedure) for i in taken]
    assert len(names) == len(set(names)), names
    assert len(params) == len(set(params)), params
    assert all(n.isidentifier() and n == n.lower() for n in names)


def test_every_input_has_names_help_and_a_rule_in_both_languages() -> None:
    for i in INPUTS:
        assert i.name_en and i.name_it and i.rule, i.id
        assert i.help_en.endswith(".") and i.help_it.endswith("."), i.id
        assert i.help("it") == i.help_it and i.name("en") == i.name_en
        assert i.procedures, i.id
        if i.kind is situation.Kind.CHOICE:
            assert i.choices is not None, i.id


@pytest.mark.parametrize(
    ("procedure", "action"),
    [(Procedure.SHOOT, ShotSituation), (Procedure.MELEE, FightSituation)],
)
def test_every_field_of_the_setup_has_an_input(procedure: Procedure, action: type[Any]) -> None:
    """Every engine field a shot or a fight reads is reachable from the declaration, and every
    declared field exists in the engine."""
    slots = {**SLOTS, Whose.ACTION: action}
    for whose, cls in slots.items():
        names = set(cls._fields)
        filled = {
            i.field for i in inputs_for(procedure) if i.whose is whose and i.field is not None
        }
        assert filled <= names, (cls.__name__, filled - names)
        if whose is Whose.ACTION and procedure is Procedure.SHOOT:
            assert names - filled == {"range"}  # the builder defaults it when fanning
        elif whose is Whose.ACTION:
            assert names == filled
    # The attacker's and the target's fields, over both procedures.
    for whose, cls in SLOTS.items():
        names = set(cls._fields)
        filled = {
            i.field
            for p in (Procedure.SHOOT, Procedure.MELEE)
            for i in inputs_for(p)
            if i.whose is whose and i.field is not None
        }
        assert names - filled == BY_HAND[cls], cls.__name__


def test_defaults_build_the_engines_defaults() -> None:
    setup = shoot_setup({})
    assert setup.target == Target() and setup.situation == ShotSituation()
    assert setup.attacker.weapon is not None and setup.attacker.weapon.id == "six-shooter"
    fight = melee_setup({})
    assert fight.attacker == Attacker(weapon=None) and fight.target == Target()


def test_values_may_be_text_or_engine_values() -> None:
    """A front end that parses nothing (the web) and one that knows the models (a game) give
    the same setup."""
    typed = shoot_setup({"cover": "light", "weapon": "fucile", "skill": ["fuciliere:fucile"]})
    known = shoot_setup(
        {
            "cover": Cover.LIGHT,
            "weapon": rules.find_weapon("rifle"),
            "skill": (SkillTaken("fuciliere", "rifle"),),
        }
    )
    assert typed == known


def test_an_unknown_input_is_refused_not_dropped() -> None:
    with pytest.raises(RulesError, match="'elevation' is not an input of shoot"):
        shoot_setup({"elevation": "attacker"})  # a fight's input


def test_a_bad_choice_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="cover 'heavy': choose one of none, light"):
        shoot_setup({"cover": "heavy"})


def test_melee_target_mounted_is_a_standing_horse() -> None:
    assert melee_setup({"target_mounted": True}).target.mount is MountPace.STILL


# ---------------------------------------------------------------------------- conditions


@pytest.mark.parametrize(
    ("values", "known", "message"),
    [
        ({"mountain_men_charge": True}, Known(attacker_faction="cowboys"), "only mountain men"),
        ({"gringo_far": True}, Known(target_profile="boss"), "only a Gringo"),
        ({"immune": Immunity.CAPITANO}, Known(target_immunities=frozenset()), "Capitano"),
        (
            {"immune": Immunity.VICESCERIFFO},
            Known(target_immunities=frozenset({Immunity.CAPITANO})),
            "Sceriffo is in play and not terrified",
        ),
    ],
)
def test_a_fight_input_whose_condition_fails_is_refused(
    values: dict[str, Any], known: Known, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        melee_setup(values, known)


@pytest.mark.parametrize(
    ("values", "known", "message"),
    [
        ({"two_pistols": True}, Known(attacker_pistols=1), "carries 1 pistol"),
        ({"near_two_soldiers": True}, Known(attacker_profile="scout"), "Soldato"),
        (
            {"near_two_soldiers": True},
            Known(attacker_profile="soldier", attacker_soldiers=1),
            "1 other soldier",
        ),
        ({"indian_hidden": True, "range": 22}, Known(target_faction="outlaws"), "indians"),
        ({"immune": "sergente"}, Known(target_immunities=frozenset()), "two soldiers"),
    ],
)
def test_a_shooting_input_whose_condition_fails_is_refused(
    values: dict[str, Any], known: Known, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        shoot_setup(values, known)


@pytest.mark.parametrize(
    ("values", "known"),
    [
        ({"mountain_men_charge": True}, Known(attacker_faction="mountain-men")),
        ({"mountain_men_charge": True}, Known()),  # not known: the player's word is taken
        ({"gringo_far": True}, Known(target_profile="gringo")),
        ({"immune": "capitano"}, Known(target_immunities=frozenset({Immunity.CAPITANO}))),
    ],
)
def test_conditions_that_hold_or_are_unknown_pass(values: dict[str, Any], known: Known) -> None:
    melee_setup(values, known)


def test_the_attackers_faction_given_is_known() -> None:
    with pytest.raises(RulesError, match="one of the cowboys"):
        melee_setup({"faction": "cowboys", "mountain_men_charge": True})
    assert melee_setup({"faction": "uomini delle montagne", "mountain_men_charge": True}).situation


def test_sources_say_what_a_game_asks() -> None:
    asked = {i.id for i in inputs_for(Procedure.SHOOT, situation.GAME_SOURCES)}
    assert {"cover", "range", "aim", "weapon", "leader_near", "immune"} <= asked
    assert not asked & {"tiro", "mano_mozzata", "target_whisky", "night", "leader_fred"}
    rolled = {i.id for i in inputs_for(Procedure.SHOOT, situation.ROLL_SOURCES)}
    assert "leader_near" not in rolled and {"tiro", "night", "leader_fred"} <= rolled
    assert all(i.source in Source for i in INPUTS)


def test_each_choice_label_is_a_word_the_choice_takes() -> None:
    """A choice's label comes from the catalogue (issue #21); the Italian one is its first
    Italian word, so a player can type back what the walker and the web show."""
    assert CHOICE_LABELS.keys() == CHOICE_WORDS.keys()
    for name, labels in CHOICE_LABELS.items():
        assert labels.keys() == CHOICE_WORDS[name].keys(), name
        enum = {"Cover": Cover, "Motion": Motion, "MountPace": MountPace, "Elevation": Elevation}
        for value in labels:
            italian = situation.choice_label(enum[name], value, "it")
            assert italian == CHOICE_WORDS[name][value][0], (name, value)
            assert choice_value(enum[name], italian) == value
            assert situation.choice_label(enum[name], value, "en") == value
