"""Every table checked against the rulebook: row counts and the actual numbers.

The expected values below are transcribed again, independently, from
/work/shared/rules/per-qualche-dado-in-piu.it.txt (and RULINGS.md where a ruling fixes one).
"""

from __future__ import annotations

import pytest

from skirmish import rules
from skirmish.errors import RulesError
from skirmish.rules.model import Role, WeaponCategory

# --------------------------------------------------------------------------- weapons

# id: (short, long, shots per turn, rounds, CA, bonus) — tables 5, 6, 7
RANGED = {
    "small-pistol": (4, 8, 2, (2,), 1, 1),
    "six-shooter": (6, 12, 1, (6,), 1, 1),
    "heavy-pistol": (8, 16, 1, (7,), 1, 1),
    "rifle": (14, 28, 1, (2,), 2, 2),
    "repeater": (10, 20, 1, (7, 17), 2, 2),
    "hunting-rifle": (17, 34, 1, (1,), 3, 2),  # 3 actions (table 6 says 2)
    "double-barrel": (8, 16, 2, (2,), 2, 2),
    "sawn-off": (None, None, 2, (2,), 2, 2),  # template
    "musket": (12, 24, 1, (7, 17), 2, 2),
    "carbine": (8, 16, 1, (7, 17), 2, 2),
    "knife": (None, None, 1, (1,), 1, 1),  # thrown COS×2
    "tomahawk": (None, None, 1, (1,), 1, 1),
    "woodsman-axe": (None, None, 0, (), 1, 1),  # not thrown
    "spear": (None, None, 1, (1,), 1, 1),
    "bayonet": (None, None, 0, (), 1, 1),
    "sword": (None, None, 0, (), 1, 1),
    "bow": (8, 16, 1, (12,), 1, 1),
    "lasso": (None, None, 1, (1,), 1, 1),
    "dynamite": (None, None, 1, (1,), 1, 0),
    "nitroglycerin": (None, None, 1, (1,), 1, 0),
}

# id: (Disp., Costo, rare) — §8.2 (lasso from §8.3), rarity
PRICES = {
    "small-pistol": (3, 5, ()),
    "six-shooter": (2, 6, ()),
    "heavy-pistol": (3, 12, ()),
    "rifle": (2, 16, ()),
    "repeater": (2, 18, ()),
    "musket": (2, 18, ()),
    "carbine": (2, 16, ()),
    "hunting-rifle": (3, 25, ()),
    "double-barrel": (2, 12, ()),
    "sawn-off": (3, 15, ()),
    "knife": (2, 2, ()),
    "tomahawk": (3, 3, ()),
    "woodsman-axe": (3, 3, ()),
    "spear": (4, 4, ("indians",)),
    "bayonet": (4, 2, ("military",)),
    "sword": (4, 3, ("military",)),
    "bow": (2, 5, ("indians",)),
    "lasso": (2, 10, ()),
    "dynamite": (4, 18, ("explosives",)),
    "nitroglycerin": (5, 30, ("explosives",)),
}


def test_weapon_rows() -> None:
    assert [w.id for w in rules.weapons()] == list(RANGED)


@pytest.mark.parametrize("weapon_id", list(RANGED))
def test_weapon_numbers(weapon_id: str) -> None:
    w = rules.find_weapon(weapon_id)
    assert (w.short, w.long, w.shots_per_turn, w.rounds, w.ca, w.bonus) == RANGED[weapon_id]


#: The TURNO column of tables 5–7 ("colpi sparabili a turno"), as printed; None where the
#: book writes "arma non da lancio"; explosives (§5.5) are thrown once.
SHOTS_AS_PRINTED: dict[str, str | None] = {
    "small-pistol": "1/2",
    "six-shooter": "1/6",
    **dict.fromkeys(("heavy-pistol", "rifle", "repeater", "hunting-rifle"), "1"),
    **dict.fromkeys(("double-barrel", "sawn-off"), "2"),
    **dict.fromkeys(("musket", "carbine", "knife", "tomahawk", "spear", "bow", "lasso"), "1"),
    **dict.fromkeys(("woodsman-axe", "bayonet", "sword"), None),
    **dict.fromkeys(("dynamite", "nitroglycerin"), "1"),
}


def test_shots_per_turn_as_the_book_prints_them() -> None:
    """Tables 5–7: the small pistol's "1/2" and the six-shooter's "1/6" (issue 9)."""
    assert {w.id: w.shots_label for w in rules.weapons()} == SHOTS_AS_PRINTED


@pytest.mark.parametrize("weapon_id", list(PRICES))
def test_weapon_prices(weapon_id: str) -> None:
    w = rules.find_weapon(weapon_id)
    assert (w.disp, w.cost, w.rare) == PRICES[weapon_id]


def test_weapon_flags() -> None:
    by_id = {w.id: w for w in rules.weapons()}
    assert {i for i, w in by_id.items() if not w.can_aim} == {"small-pistol", "six-shooter"}
    assert {i for i, w in by_id.items() if w.fanning} == {"six-shooter"}
    assert by_id["six-shooter"].fanning_ca == 2  # "6 colpi per turno (2 azioni)", §5.2.2
    assert {i for i, w in by_id.items() if w.jams_on_17} == {"repeater", "musket", "carbine"}
    assert {i for i, w in by_id.items() if w.template} == {"sawn-off"}
    assert {i for i, w in by_id.items() if w.ignores_light_cover} == {"sawn-off"}
    assert {i for i, w in by_id.items() if w.thrown} == {
        "knife",
        "tomahawk",
        "spear",
        "lasso",
        "dynamite",
        "nitroglycerin",
    }
    assert {i for i, w in by_id.items() if w.improvised} == {
        "heavy-pistol",
        "rifle",
        "repeater",
        "hunting-rifle",
        "double-barrel",
        "sawn-off",
        "musket",
        "carbine",
    }
    assert {i for i, w in by_id.items() if w.blade} == {
        "knife",
        "tomahawk",
        "woodsman-axe",
        "spear",
        "bayonet",
        "sword",
    }
    two_handed = {i for i, w in by_id.items() if w.two_handed}
    assert {"woodsman-axe", "spear", "bayonet", "rifle", "sawn-off", "carbine"} <= two_handed
    assert not {"knife", "tomahawk", "sword", "six-shooter", "heavy-pistol"} & two_handed
    assert [i for i, w in by_id.items() if not w.deals_damage] == ["lasso"]
    assert by_id["double-barrel"].point_blank == 4
    assert by_id["double-barrel"].point_blank_bonus == 1
    assert by_id["carbine"].mounted_penalty_reduction == 1
    assert [i for i, w in by_id.items() if w.takes_bayonet] == ["musket"]
    assert by_id["hunting-rifle"].rulings == ("R-14",)


def test_categories() -> None:
    by_category: dict[WeaponCategory, set[str]] = {}
    for w in rules.weapons():
        by_category.setdefault(w.category, set()).add(w.id)
    assert by_category[WeaponCategory.PISTOL] == {"small-pistol", "six-shooter", "heavy-pistol"}
    assert len(by_category[WeaponCategory.RIFLE]) == 7
    assert len(by_category[WeaponCategory.BLADE]) == 8  # table 7, bow and lasso included
    assert by_category[WeaponCategory.EXPLOSIVE] == {"dynamite", "nitroglycerin"}


def test_explosives() -> None:
    dynamite = rules.find_weapon("dinamite")
    nitro = rules.find_weapon("nitroglicerina")
    assert (dynamite.explosive_damage, dynamite.blast_radius) == (6, 5)
    assert (nitro.explosive_damage, nitro.blast_radius) == (10, 5)


def test_protection_table_8() -> None:
    rows = {(p.name_it, p.partial, p.total) for p in rules.protections()}
    assert rows == {
        ("Muro di mattoni, Roccia", 2, 4),
        ("Costruzione in legno", 2, 4),
        ("Palizzata, carro, parete vagone", 1, 3),
        ("Albero, siepe", 1, 2),
        ("Grossa roccia", 3, 5),
    }


# --------------------------------------------------------------------------- items


def test_mounts() -> None:
    horse, appaloosa, mule = (rules.find_item(n) for n in ("cavallo", "appaloosa", "mulo"))
    assert (horse.cost, horse.disp, horse.tiro, horse.fred, horse.rif, horse.cos) == (
        18,
        2,
        0,
        2,
        4,
        3,
    )
    assert (appaloosa.cost, appaloosa.disp, appaloosa.move_bonus, appaloosa.rare) == (
        18,
        3,
        2,
        ("indians",),
    )
    assert (appaloosa.tiro, appaloosa.fred, appaloosa.rif, appaloosa.cos) == (0, 2, 4, 3)
    assert (mule.cost, mule.disp, mule.tiro, mule.fred, mule.rif, mule.cos) == (12, 2, 0, 4, 3, 4)
    assert (mule.trot, mule.gallop, mule.jumps) == (6, 12, False)
    assert (horse.trot, horse.gallop, horse.jumps) == (10, 20, True)


def test_special_items() -> None:
    prices = {i.id: (i.disp, i.cost) for i in rules.items() if i.kind == "special"}
    assert prices == {
        "whisky": (3, 16),
        "rifle-scope": (4, 16),
        "marked-cards": (2, 20),
    }
    scope = rules.find_item("mirino per fucile")
    assert scope.disp_by_faction == {"military": 3}
    assert set(scope.fits) == {"rifle", "hunting-rifle", "repeater"}
    assert scope.range_bonus == 4
    assert len(rules.items()) == 6


# --------------------------------------------------------------------------- skills, XP


def test_skills_table() -> None:
    assert [(s.roll, s.id) for s in rules.skills()] == [
        (2, "fuciliere"),
        (3, "guerriero"),
        (4, "pugile"),
        (5, "dottore"),
        (6, "predicatore"),
        (7, "buon-cavaliere"),
        (8, "giocatore"),
        (9, "bounty-killer"),
        (10, "duro"),
        (11, "cecchino"),
        (12, "pistolero"),
    ]
    assert {s.id: s.choice for s in rules.skills() if s.choice} == {
        "fuciliere": "rifle",
        "guerriero": "blade",
        "pistolero": "pistol",
    }


@pytest.mark.parametrize("roll", range(2, 13))
def test_skill_for_roll(roll: int) -> None:
    assert rules.skill_for_roll(roll).roll == roll


@pytest.mark.parametrize("roll", [0, 1, 13])
def test_skill_for_impossible_roll(roll: int) -> None:
    with pytest.raises(RulesError, match="2 to 12"):
        rules.skill_for_roll(roll)


def test_advance_costs() -> None:
    assert rules.advance_costs() == {
        "skill": 3,
        "rif": 5,
        "fred": 5,
        "cos": 6,
        "tiro": 6,
        "fama": 7,
        "fortuna": 7,
    }


# --------------------------------------------------------------------------- recovery


def test_recovery_table() -> None:
    assert [(r.id, r.low, r.high) for r in rules.recovery_table()] == [
        ("dead", 1, 1),
        ("invalid", 2, 2),
        ("wounded", 3, 4),
        ("recovered", 5, None),
    ]
    outcomes = {roll: rules.recovery_for_roll(roll).id for roll in range(-1, 10)}
    assert outcomes == {
        -1: "dead",
        0: "dead",
        1: "dead",
        2: "invalid",
        3: "wounded",
        4: "wounded",
        5: "recovered",
        6: "recovered",
        7: "recovered",
        8: "recovered",
        9: "recovered",
    }


def test_invalid_table() -> None:
    assert [(i.roll, i.name_it) for i in rules.invalid_table()] == [
        (1, "Malattia"),
        (2, "Orbo"),
        (3, "Sciancato"),
        (4, "Mano mozzata"),
        (5, "Nervi scossi"),
        (6, "Imbranato"),
    ]
    assert rules.invalidity_for_roll(2).id == "one-eyed"


def test_doctors_r10() -> None:
    assert {(d.id, d.bonus, d.cost) for d in rules.doctors()} == {
        ("bone-setter", 1, 5),
        ("graduate", 2, 20),
    }


# --------------------------------------------------------------------------- modifiers


def test_shooting_modifiers_table_3() -> None:
    assert [(m.id, m.value) for m in rules.shooting_modifiers()] == [
        ("aim", 1),
        ("short-range", 1),
        ("target-waiting", 1),
        ("cover-light", -1),
        ("cover-partial", -2),
        ("after-first-shot", -1),
        ("two-pistols", -1),
        ("target-trotting", 2),
        ("target-galloping", 1),
        ("shooter-trotting", -1),
        ("shooter-galloping", -2),
        ("prone-target-short", 1),
        ("prone-target-beyond", -1),
        ("target-not-seen", -1),
        ("target-terrified-short", 1),
    ]


def test_fight_modifiers_table_4() -> None:
    assert [m.value for m in rules.fight_modifiers()] == [1, -1, 1, -1, 2, -2, 1, -1, 1, 2]
    assert rules.find_modifier("fight", "difensore in panico").value == 2


def test_small_modifier_tables() -> None:
    assert {m.id: m.value for m in rules.saving_modifiers()} == {"behind": 2, "blade": 1}
    assert {m.id: m.value for m in rules.nerve_modifiers()} == {"shaken": 1}
    assert {m.id: m.value for m in rules.cohesion_modifiers()} == {
        "leader-in-play": -1,
        "leader-dead": 1,
    }


# --------------------------------------------------------------------------- actions, movement


def test_actions_table_1() -> None:
    rows = [(a.name_it, a.ca, a.reflex) for a in rules.actions()]
    assert len(rows) == 17
    assert [ca for _, ca, _ in rows] == [1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 2, 2, 1, 1, 2, 1, 2]
    assert {a.id: a.reflex for a in rules.actions() if a.reflex} == {
        "climb": 1,
        "mount-trotting": 1,
        "mount-galloping": 2,
        "jump-6": 1,
        "lasso-catch": 1,
    }
    assert rules.find_action("disinceppare").ca == 2  # table 1 wins over §5.3.2


def test_movement_table_2() -> None:
    rows = [(m.mode, m.distance, m.ca, m.reflex) for m in rules.movements()]
    assert rows == [
        ("foot", 5, 1, None),
        ("foot", 10, 2, None),
        ("foot", 5, 1, None),
        ("foot", 5, 2, None),
        ("horse", 10, 1, None),
        ("horse", 20, 2, None),
        ("horse", 5, 2, 1),
        ("horse", 10, 3, 2),
        ("horse", 5, 3, 2),
        ("wagon", 8, 1, None),
        ("wagon", 16, 2, None),
    ]


# --------------------------------------------------------------------------- factions, profiles

# id: (faction, TIRO, FRED, RIF, COS, FA, FO, XP, cost, role, max) — §9.3–§9.12
PROFILES = {
    "sheriff": ("lawmen", 3, 3, 4, 3, 1, 2, 2, 180, "leader", 1),
    "deputy": ("lawmen", 3, 3, 3, 3, 0, 1, 1, 100, "hero", 2),
    "lawmen-volunteer": ("lawmen", 2, 3, 3, 2, 0, 0, 0, 40, "common", None),
    "guard": ("lawmen", 3, 3, 3, 2, 0, 0, 0, 50, "common", None),
    "boss": ("outlaws", 4, 3, 3, 3, 1, 2, 2, 190, "leader", 1),
    "henchman": ("outlaws", 3, 3, 4, 3, 0, 1, 1, 115, "hero", 2),
    "thug": ("outlaws", 2, 3, 3, 2, 0, 0, 0, 35, "common", None),
    "bandit": ("outlaws", 4, 2, 3, 2, 0, 0, 0, 60, "common", None),
    "ranchero": ("cowboys", 3, 4, 3, 3, 1, 1, 2, 150, "leader", 1),
    "cowboy": ("cowboys", 3, 3, 3, 3, 0, 1, 1, 110, "hero", 2),
    "greenhorn": ("cowboys", 2, 2, 3, 2, 0, 0, 0, 35, "common", None),
    "wrangler": ("cowboys", 4, 2, 3, 2, 0, 0, 0, 60, "common", None),
    "bear-hunter": ("mountain-men", 3, 4, 3, 3, 0, 1, 2, 120, "hero", 3),
    "trapper": ("mountain-men", 3, 3, 3, 3, 0, 0, 0, 75, "common", None),
    "woodsman": ("mountain-men", 2, 3, 3, 2, 0, 0, 0, 40, "common", None),
    "bandido": ("mexicans", 3, 4, 3, 3, 1, 1, 2, 150, "leader", 1),
    "gringo": ("mexicans", 3, 3, 3, 3, 0, 1, 1, 100, "hero", 2),
    "peon": ("mexicans", 2, 3, 3, 2, 0, 0, 0, 35, "common", None),
    "agent": ("rangers", 3, 3, 4, 3, 0, 1, 1, 110, "hero", 3),
    "rangers-volunteer": ("rangers", 2, 3, 3, 2, 0, 0, 0, 40, "common", None),
    "tough": ("rangers", 3, 3, 3, 2, 0, 0, 0, 50, "common", None),
    "killer": ("bounty-killers", 3, 4, 3, 3, 1, 1, 2, 150, "leader", 1),
    "bounty-hunter": ("bounty-killers", 3, 3, 3, 3, 0, 1, 1, 110, "hero", 2),
    "bounty-volunteer": ("bounty-killers", 2, 2, 3, 2, 0, 0, 0, 35, "common", None),
    "captain": ("military", 4, 4, 3, 3, 1, 1, 2, 180, "leader", 1),
    "sergeant": ("military", 3, 3, 3, 3, 0, 1, 1, 95, "hero", 1),
    "soldier": ("military", 3, 3, 3, 2, 0, 0, 0, 50, "common", None),
    "scout": ("military", 3, 4, 3, 2, 0, 0, 0, 55, "common", None),
    "chief": ("indians", 3, 3, 4, 4, 1, 1, 2, 160, "leader", 1),
    "hunter": ("indians", 3, 2, 3, 3, 0, 1, 1, 90, "hero", 2),
    "warrior": ("indians", 2, 4, 3, 2, 0, 0, 0, 50, "common", None),
    "unarmed-civilian": ("npc", 2, 2, 3, 1, 0, 0, 0, 25, "common", None),
    "armed-civilian": ("npc", 3, 2, 2, 1, 0, 0, 0, 30, "common", None),
    "saloon-girl": ("npc", 2, 2, 3, 1, 0, 0, 0, 30, "common", None),
}


def test_profile_rows() -> None:
    assert [p.id for p in rules.profiles()] == list(PROFILES)


@pytest.mark.parametrize("profile_id", list(PROFILES))
def test_profile_numbers(profile_id: str) -> None:
    p = rules.find_profile(profile_id)
    got = (
        p.faction,
        p.tiro,
        p.fred,
        p.rif,
        p.cos,
        p.fama,
        p.fortuna,
        p.xp,
        p.cost,
        p.role.value,
        p.max,
    )
    assert got == PROFILES[profile_id]


def test_factions() -> None:
    assert [f.id for f in rules.factions()] == [
        "lawmen",
        "outlaws",
        "cowboys",
        "mountain-men",
        "mexicans",
        "rangers",
        "bounty-killers",
        "military",
        "indians",
        "npc",
    ]
    sections = [f.section for f in rules.factions()]
    assert sections == [f"§9.{n}" for n in range(3, 13)]


def test_default_sides() -> None:
    good = {f.id for f in rules.factions() if f.default_side == "good"}
    assert good == {"lawmen", "military", "rangers", "cowboys"}  # RULINGS §3
    bad = {f.id for f in rules.factions() if f.default_side == "bad"}
    assert bad == {"outlaws", "mountain-men", "mexicans", "bounty-killers", "indians"}


def test_faction_flags() -> None:
    by_id = {f.id: f for f in rules.factions()}
    assert {i for i, f in by_id.items() if f.skips_weapon_availability} == {"lawmen", "rangers"}
    playable = {i for i, f in by_id.items() if f.playable}
    assert playable == set(by_id) - {"npc"}
    no_npcs = {i for i in playable if not by_id[i].npc_allowed}
    assert no_npcs == {"military", "indians"}


def test_faction_rules_have_codes_and_both_languages() -> None:
    codes = {f.id: {r.code for r in f.rules} for f in rules.factions()}
    assert "fanning-fives" in codes["mexicans"]
    assert "lasso-reflex-bonus" in codes["cowboys"]
    assert "heroes-half-price-horse" in codes["cowboys"]
    assert "charge-panic" in codes["mountain-men"]
    assert "bounty" in codes["bounty-killers"]
    assert "heroes-good-riders" in codes["indians"]
    for faction in rules.factions():
        assert faction.rules
        for rule in faction.rules:
            assert rule.text_it and rule.text_en and rule.text_it != rule.text_en


def test_leaders_r13() -> None:
    for faction in rules.factions():
        leaders = [p for p in rules.profiles(faction.id) if p.role is Role.LEADER]
        expected = 0 if faction.id in ("mountain-men", "rangers", "npc") else 1
        assert len(leaders) == expected, faction.id


def test_only_five_leaders_lend_their_fred_r17() -> None:
    """R-17, R-04: Sceriffo, Boss, Ranchero, Killer and Capo tribù lend their FRED to a panic
    test; the Bandido lends nothing and the Capitano's rule is immunity, not a FRED value."""
    lenders = [p.name_it for p in rules.fred_lenders()]
    assert lenders == ["Sceriffo", "Boss", "Ranchero", "Killer", "Capo tribù"]
    assert {p.id for p in rules.profiles() if p.lends_fred} == {
        "sheriff",
        "boss",
        "ranchero",
        "killer",
        "chief",
    }
    assert not rules.find_profile("bandido").lends_fred
    assert not rules.find_profile("captain").lends_fred


def test_npcs_have_two_actions() -> None:
    actions = {p.id: p.actions for p in rules.profiles()}
    assert {i for i, a in actions.items() if a == 2} == {
        "unarmed-civilian",
        "armed-civilian",
        "saloon-girl",
    }
    assert set(actions.values()) == {2, 3}


def test_indian_heroes_ride_well() -> None:
    assert rules.find_profile("chief").skills == ("buon-cavaliere",)
    assert rules.find_profile("hunter").skills == ("buon-cavaliere",)
    assert rules.find_profile("warrior").skills == ()


def test_book_spelling_kept() -> None:
    assert rules.find_profile("sergeant").name_it == "Sergeante"
    assert rules.find_profile("sergente").id == "sergeant"
    assert rules.find_weapon("tomahawk").name_it == "Tomawk/Accetta"
