"""View-models: the store's gang dict plus the rules registry, as the sheets print them."""

from __future__ import annotations

from typing import Any

import pytest
from print_fixtures import faction_gangs, member

from skirmish.errors import UnknownNameError
from skirmish.i18n import Lang
from skirmish.printing.build import campaign_view, roster_view, scenario_view
from skirmish.printing.members import leader_aura, weapon_line
from skirmish.printing.reference import reference_view
from skirmish.rules import doctors, find_weapon, profiles, shooting_modifiers, weapons
from skirmish.rules.scenarios import scenarios


def test_weapon_lines_carry_the_tables_numbers() -> None:
    six = weapon_line(find_weapon("sei colpi"), Lang.IT)
    assert (six.name, six.short, six.long, six.shots, six.rounds, six.ca, six.bonus) == (
        "Sei colpi", "6", "12", "1/6", "6", 1, 1,
    )  # fmt: skip
    assert "non si mira" in six.note
    small = weapon_line(find_weapon("remington"), Lang.EN)
    assert (small.shots, small.rounds) == ("1/2", "2")
    repeater = weapon_line(find_weapon("repeater"), Lang.EN)
    assert repeater.rounds == "7/17" and "17" in repeater.note
    knife = weapon_line(find_weapon("knife"), Lang.EN)
    assert (knife.short, knife.long) == ("COS×2", "")
    hunting = weapon_line(find_weapon("hunting-rifle"), Lang.EN)
    assert hunting.ca == 3  # §5.3.3 wins over table 6


def test_every_weapon_has_a_line_in_both_languages() -> None:
    for weapon in weapons():
        for lang in Lang:
            line = weapon_line(weapon, lang)
            assert line.name and line.short and line.shots and line.rounds


def test_roster_view_of_the_lawmen(lawmen: dict[str, Any]) -> None:
    view = roster_view(lawmen, Lang.EN, house_rules=[("H-01", "winner +50$")])
    assert view.faction == "Lawmen" and view.treasury == 37
    assert view.stash == ("Lasso", "Whisky")
    wyatt = view.members[0]
    assert (wyatt.tiro, wyatt.fred, wyatt.rif, wyatt.cos, wyatt.xp) == (3, 3, 4, 3, 6)
    assert wyatt.role == "LEADER" and wyatt.profile == "Sheriff"
    assert [w.name for w in wyatt.weapons] == ["Six-shooter", "Repeating rifle"]
    assert wyatt.weapons[1].long == "24"  # rifle scope: +4U long range
    assert wyatt.mount is not None and (wyatt.mount.rif, wyatt.mount.cos) == (4, 3)
    assert wyatt.equipment == ("Rifle scope",)
    assert [s.name for s in wyatt.skills] == ["Hard case", "Rifleman (rifle)"]
    assert wyatt.injuries[0].name == "One-eyed" and "18U" in wyatt.injuries[0].effect
    doc = view.members[2]
    assert doc.injuries[0].effect.startswith("−1 COS")
    assert view.members[4].actions == 2  # saloon girl: a non-player character (§9.12)
    assert view.members[1].role == "HERO, max 2"
    assert view.house_rules[0].id == "H-01"
    assert len(view.faction_rules) == 2


def test_indian_heroes_print_their_built_in_skill() -> None:
    hunter = next(p for p in profiles() if p.id == "hunter")
    gang = {
        "name": "Sioux",
        "faction": "indians",
        "treasury": 0,
        "members": [member(hunter, "Hawk")],
    }
    view = roster_view(gang, Lang.IT)
    assert [s.name for s in view.members[0].skills] == ["Buon cavaliere"]


@pytest.mark.parametrize(
    ("profile_id", "expected"),
    [("sheriff", "FRED (3)"), ("captain", "never panic"), ("bandido", "no aura")],
)
def test_leader_aura_in_plain_words(profile_id: str, expected: str) -> None:
    profile = next(p for p in profiles() if p.id == profile_id)
    aura = leader_aura([member(profile, "Boss Man", fred=3)], Lang.EN)
    assert expected in aura and "Boss Man" in aura and "R-08" in aura


def test_a_gang_without_leader_says_so() -> None:
    agent = next(p for p in profiles() if p.id == "agent")
    assert "no leader" in leader_aura([member(agent, "Ranger Joe")], Lang.EN)


def test_unknown_item_is_a_named_error(lawmen: dict[str, Any]) -> None:
    lawmen["members"][0]["items"] = ["laser pistol"]
    with pytest.raises(UnknownNameError, match="laser pistol"):
        roster_view(lawmen, Lang.EN)


def test_campaign_standings_rank_by_wins_then_fame() -> None:
    gangs = faction_gangs()
    view = campaign_view("Deadwood", gangs, Lang.EN)
    assert len(view.gangs) == len(gangs) == 9
    wins = [s.won or 0 for s in view.standings]
    assert wins == sorted(wins, reverse=True)
    assert [s.played for s in view.standings] == [2] * 9


def test_standings_without_results_rank_by_rating() -> None:
    gangs = faction_gangs()[:3]
    for rating, gang in zip((300, 900, 600), gangs, strict=True):
        del gang["won"]
        gang["rating"] = rating
    view = campaign_view("Deadwood", gangs, Lang.EN)
    assert [s.rating for s in view.standings] == [900, 600, 300]
    assert all(s.won is None for s in view.standings)


def test_standings_follow_the_store_rows() -> None:
    gangs = faction_gangs()[:3]
    rows = [
        {"gang": gangs[2]["name"], "games": 3, "wins": 2, "draws": 1, "losses": 0, "points": 7,
         "rating": 500},
        {"gang": "Retired gang", "games": 9, "wins": 9, "draws": 0, "losses": 0, "points": 27,
         "rating": 0},
        {"gang": gangs[0]["name"], "games": 3, "wins": 1, "draws": 0, "losses": 2, "points": 3,
         "rating": 800},
        {"gang": gangs[1]["name"], "games": 2, "wins": 0, "draws": 0, "losses": 2, "points": 0,
         "rating": 900},
    ]  # fmt: skip
    view = campaign_view("Deadwood", gangs, Lang.EN, standings=rows)
    assert [s.gang for s in view.standings] == [
        gangs[2]["name"],
        gangs[0]["name"],
        gangs[1]["name"],
    ]
    first = view.standings[0]
    assert (first.played, first.won, first.drawn, first.lost, first.points, first.rating) == (
        3, 2, 1, 0, 7, 500,
    )  # fmt: skip
    assert first.members == len(gangs[2]["members"])


def test_store_roles_and_graduate_doctor() -> None:
    bandit = next(p for p in profiles() if p.id == "bandit")
    promoted = member(bandit, "Frank", fama=1, role="hero", skills=[{"id": "dottore-laureato"}])
    gang = {"name": "James", "faction": "outlaws", "treasury": 0, "members": [promoted]}
    card = roster_view(gang, Lang.EN).members[0]
    assert card.role == "HERO"  # a common promoted by FAMA, no "max" of a profile
    assert card.skills[0].name == "Graduate doctor" and "+2" in card.skills[0].effect


def test_shared_profile_names_are_told_apart_by_faction() -> None:
    volunteers = [p for p in profiles() if p.name_it == "Volontario"]
    assert len(volunteers) == 3
    for profile in volunteers:
        volunteer = member(profile, "Vol")
        volunteer["profile"] = "Volontario"  # the book's name, shared by three factions
        gang = {"name": "V", "faction": profile.faction, "treasury": 0, "members": [volunteer]}
        assert roster_view(gang, Lang.IT).members[0].special == profile.special_it


def test_reference_takes_its_numbers_from_the_registry_and_rulings() -> None:
    ref = reference_view(Lang.EN)
    tables = {t.key: t for t in ref.tables}
    shooting = tables["shooting"]
    assert len(shooting.rows) == len(shooting_modifiers())
    assert any("1–7 miss" in line for line in shooting.lines)
    recovery = " ".join(tables["recovery"].lines)
    for doctor in doctors():
        assert f"+{doctor.bonus} for {doctor.cost}$" in recovery  # +1/5$, +2/20$
    assert "+1 for 5$" in recovery and "+2 for 20$" in recovery
    cohesion = " ".join(tables["cohesion"].lines + tables["cohesion"].notes)
    assert "highest FRED" in cohesion and "misprint" in cohesion
    assert len(tables["weapons"].rows) == len(weapons())
    assert set(tables) >= {
        "nerve", "shooting", "fight", "saving", "panic", "cohesion", "infamy", "recovery",
        "actions", "movement", "weapons", "protection",
    }  # fmt: skip


def test_every_scenario_has_a_card() -> None:
    for scenario in scenarios():
        for lang in Lang:
            card = scenario_view(scenario, lang)
            assert card.title and card.table and card.rows and card.map_svg
            assert [h.side for h in card.sides] == ["good", "bad"]
            assert all(row.good and row.bad for row in card.rows)
            assert card.section.startswith("§10")
