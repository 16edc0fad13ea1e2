"""Finding entries by name: both languages, any case, accents, aliases, nearest names."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish import rules
from skirmish.errors import RulesError, UnknownNameError
from skirmish.rules.names import normalize


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("six-shooter", "six-shooter"),
        ("sei-colpi", "six-shooter"),
        ("Sei Colpi", "six-shooter"),
        ("6 colpi", "six-shooter"),
        ("REVOLVER", "six-shooter"),
        ("Remington", "small-pistol"),
        ("piccola pistola", "small-pistol"),
        ("coltello", "knife"),
        ("Fucile a ripetizione", "repeater"),
        ("fucile ripetizione", "repeater"),
        ("fucile canne mozze", "sawn-off"),
        ("tomawk", "tomahawk"),
        ("accetta", "tomahawk"),
        ("lazzo", "lasso"),
        ("NITROGLICERINA", "nitroglycerin"),
    ],
)
def test_find_weapon(name: str, expected: str) -> None:
    assert rules.find_weapon(name).id == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("capo tribù", "chief"),
        ("CAPO TRIBU", "chief"),
        ("Capo Tribu'", "chief"),
        ("sergente", "sergeant"),
        ("SERGEANTE", "sergeant"),
        ("vice sceriffo", "deputy"),
        ("Vicesceriffo", "deputy"),
        ("donna da saloon", "saloon-girl"),
        ("Saloon girl", "saloon-girl"),
        ("cacciatore di orsi", "bear-hunter"),
        ("Gringos", "gringo"),
    ],
)
def test_find_profile(name: str, expected: str) -> None:
    assert rules.find_profile(name).id == expected


@pytest.mark.parametrize(
    ("faction", "expected"),
    [
        ("lawmen", "lawmen-volunteer"),
        ("Uomini della legge", "lawmen-volunteer"),
        ("rangers", "rangers-volunteer"),
        ("agenti privati", "rangers-volunteer"),
        ("cacciatori di taglie", "bounty-volunteer"),
        ("bounty-killers", "bounty-volunteer"),
    ],
)
def test_volontario_needs_a_faction(faction: str, expected: str) -> None:
    assert rules.find_profile("VOLONTARIO", faction=faction).id == expected


def test_ambiguous_volontario_lists_candidates_with_factions() -> None:
    with pytest.raises(RulesError) as caught:
        rules.find_profile("volontario")
    message = str(caught.value)
    assert not isinstance(caught.value, UnknownNameError)
    assert "ambiguous" in message
    for candidate in (
        "lawmen-volunteer (lawmen)",
        "rangers-volunteer (rangers)",
        "bounty-volunteer (bounty-killers)",
    ):
        assert candidate in message


def test_profile_of_another_faction() -> None:
    with pytest.raises(RulesError, match=r"'sheriff' is not one the Outlaws may hire.*\(Lawmen\)"):
        rules.find_profile("sheriff", faction="outlaws")


def test_npcs_join_gangs_but_not_military_or_indians() -> None:
    assert rules.find_profile("civile armato", faction="fuorilegge").id == "armed-civilian"
    with pytest.raises(RulesError, match="not one the Military may hire"):
        rules.find_profile("civile armato", faction="militari")
    with pytest.raises(RulesError, match="not one the Indians may hire"):
        rules.find_profile("saloon girl", faction="indians")


def test_profiles_of_a_faction() -> None:
    assert [p.id for p in rules.profiles("Fuorilegge")] == ["boss", "henchman", "thug", "bandit"]
    assert len(rules.profiles()) == 34


@pytest.mark.parametrize(
    ("find", "name", "suggested"),
    [
        (rules.find_weapon, "sei colpo", "six-shooter"),
        (rules.find_weapon, "dinamyte", "dynamite"),
        (rules.find_faction, "fuorileggi", "outlaws"),
        (rules.find_skill, "pistolera", "pistolero"),
        (rules.find_item, "mirino fucile", "rifle-scope"),
        (rules.find_equipment, "cavalo", "horse"),
        (rules.find_profile, "sceriffio", "sheriff"),
        (rules.find_profile, "volontari", "lawmen-volunteer"),
    ],
)
def test_unknown_name_lists_nearest(find: Callable[[str], Any], name: str, suggested: str) -> None:
    with pytest.raises(UnknownNameError) as caught:
        find(name)
    assert suggested in caught.value.suggestions
    assert repr(name) in str(caught.value)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fuciliere", "fuciliere"),
        ("cacciatore", "fuciliere"),
        ("rifleman", "fuciliere"),
        ("lottatore", "pugile"),
        ("sciamano", "predicatore"),
        ("gambler", "giocatore"),
        ("cacciatore di teste", "bounty-killer"),
        ("Buon Cavaliere", "buon-cavaliere"),
    ],
)
def test_find_skill(name: str, expected: str) -> None:
    assert rules.find_skill(name).id == expected


def test_find_equipment_spans_weapons_and_items() -> None:
    assert rules.find_equipment("mulo").id == "mule"
    assert rules.find_equipment("doppietta").id == "double-barrel"
    assert rules.find_doctor("dottore segaossa").id == "bone-setter"


def test_find_any_returns_every_table() -> None:
    kinds = {(type(e).__name__, e.id) for e in rules.find_any("guerriero")}
    assert kinds == {("Profile", "warrior"), ("Skill", "guerriero")}
    volunteers = [e.id for e in rules.find_any("Volontario")]
    assert volunteers == ["lawmen-volunteer", "rangers-volunteer", "bounty-volunteer"]
    cowboys = [(type(e).__name__, e.id) for e in rules.find_any("cowboys")]
    assert cowboys == [("Faction", "cowboys"), ("Profile", "cowboy")]
    assert [e.id for e in rules.find_any("copertura leggera")] == ["cover-light"]
    with pytest.raises(UnknownNameError, match="'cacciatore di tagle'.*bounty-hunter"):
        rules.find_any("cacciatore di tagle")


def test_import_is_cheap() -> None:
    """Importing skirmish.rules parses no JSON; find_weapon reads only weapons.json."""
    probe = (
        "import json, sys\n"
        "import skirmish.rules as r\n"
        "from skirmish.rules import tables\n"
        "before = tables.load.cache_info().currsize\n"
        "r.find_weapon('sei colpi')\n"
        "after = tables.load.cache_info().currsize\n"
        "print(before, after, 'rich' in sys.modules, 'typer' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "1", "False", "False"]


# --------------------------------------------------------------------------- round trip


def _all_entries() -> list[tuple[Callable[[str], Any], Any]]:
    tables: list[tuple[Callable[[str], Any], Any]] = []
    tables += [(rules.find_faction, e) for e in rules.factions()]
    tables += [(rules.find_weapon, e) for e in rules.weapons()]
    tables += [(rules.find_item, e) for e in rules.items()]
    tables += [(rules.find_equipment, e) for e in (*rules.weapons(), *rules.items())]
    tables += [(rules.find_skill, e) for e in rules.skills()]
    tables += [(rules.find_action, e) for e in rules.actions()]
    tables += [(rules.find_movement, e) for e in rules.movements()]
    tables += [(rules.find_protection, e) for e in rules.protections()]
    tables += [(rules.find_doctor, e) for e in rules.doctors()]
    for table in rules.MODIFIER_TABLES:
        for modifier in getattr(rules, f"{table}_modifiers")():
            tables.append((lambda n, t=table: rules.find_modifier(t, n), modifier))
    tables += [
        (lambda n, f=p.faction: rules.find_profile(n, faction=f), p) for p in rules.profiles()
    ]
    return tables


ENTRIES = _all_entries()


def _vary(name: str, upper: list[bool], accent: bool, sep: str) -> str:
    """The same name as a user might type it: other case, spaces or dashes, maybe accents."""
    letters = [c.upper() if upper[i % len(upper)] else c.lower() for i, c in enumerate(name)]
    varied = "".join(letters).replace(" ", sep).replace("-", sep)
    if accent:
        varied = varied.replace("u", "ù").replace("e", "è")
    return varied


@given(
    st.sampled_from(ENTRIES),
    st.data(),
    st.lists(st.booleans(), min_size=1, max_size=5),
    st.booleans(),
    st.sampled_from([" ", "-", "_", "  "]),
)
def test_every_entry_found_by_each_of_its_names(
    pair: tuple[Callable[[str], Any], Any],
    data: st.DataObject,
    upper: list[bool],
    accent: bool,
    sep: str,
) -> None:
    find, entry = pair
    names = (entry.id, entry.name_it, entry.name_en, *entry.aliases)
    chosen = data.draw(st.sampled_from(names))
    assert find(chosen) == entry
    varied = _vary(chosen, upper, accent, sep)
    assert normalize(varied) == normalize(chosen)
    assert find(varied) == entry


@given(st.sampled_from(ENTRIES))
def test_find_any_includes_every_entry_by_its_id(pair: tuple[Callable[[str], Any], Any]) -> None:
    _, entry = pair
    assert entry in rules.find_any(entry.id)


@given(st.text(min_size=1, max_size=30))
def test_normalize_is_idempotent(text: str) -> None:
    assert normalize(normalize(text)) == normalize(text)
