"""Between-games actions and their rules (R-11, R-12, R-13, H-03, H-05, H-08), on SQLite and
PostgreSQL. Every refusal must leave the gang exactly as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from skirmish.campaign import advancement, equipment, gangs, logbook, lookup, roster, store
from skirmish.campaign.models import Gang
from skirmish.campaign.snapshot import capture
from skirmish.engine.dice import ScriptedDice
from skirmish.errors import CampaignError, NotEnoughDice


class Table:
    """A campaign with one gang per test, each action in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with store.transaction(engine) as session:
            gangs.new_campaign(session, name="West")

    def gang(self, name: str, faction: str) -> None:
        with store.transaction(self.engine) as session:
            campaign = lookup.current_campaign(session)
            gangs.new_gang(session, campaign=campaign, name=name, faction=faction)

    def do(self, action: Callable[..., Any], gang: str, **kwargs: Any) -> Any:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            return action(session, gang=found, **kwargs)

    def state(self, gang: str) -> dict[str, Any]:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            assert found.id is not None
            return capture(session, found.id)

    def refused(self, action: Callable[..., Any], gang: str, message: str, **kwargs: Any) -> None:
        before = self.state(gang)
        with pytest.raises(CampaignError) as refusal:
            self.do(action, gang, **kwargs)
        assert str(refusal.value) == message
        assert self.state(gang) == before

    def view(self, gang: str) -> Gang:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang, full=True)
            for member in found.members:
                _ = (member.skills, member.injuries, member.items)
            session.expunge_all()
            return found


@pytest.fixture
def table(engine: Engine) -> Iterator[Table]:
    yield Table(engine)


def dice(*faces: int) -> ScriptedDice:
    return ScriptedDice(faces)


def test_a_new_gang_has_400_dollars_and_logs_it(table: Table) -> None:
    table.gang("Earps", "Uomini della legge")
    gang = table.view("Earps")
    assert (gang.faction, gang.treasury) == ("lawmen", 400)
    with store.transaction(table.engine) as session:
        entries = logbook.history(session, campaign=lookup.current_campaign(session))
    assert [(e.action, e.money_before, e.money_after) for e in entries] == [
        ("campaign-new", None, None),
        ("gang-new", 0, 400),
    ]


def test_hiring_takes_the_profile_numbers_and_cost(table: Table) -> None:
    table.gang("Tribe", "indiani")
    entry = table.do(roster.hire, "Tribe", profile="capo tribu", name="Nuvola Rossa")
    assert (entry.money_before, entry.money_after, entry.xp_after) == (400, 240, 2)
    member = table.view("Tribe").members[0]
    assert (member.profile, member.role, member.tiro, member.cos, member.xp) == (
        "chief", "leader", 3, 4, 2,
    )  # fmt: skip
    assert [s.skill for s in member.skills] == ["buon-cavaliere"]


def test_hire_refusals_name_r13(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.refused(
        roster.hire, "Earps",
        "R-13: 'Earps' already has a leader ('Wyatt'); a gang has at most one.",
        profile="sceriffo", name="Other",
    )  # fmt: skip
    table.refused(
        roster.hire, "Earps",
        "R-13: 'Earps' already has a model called 'wyatt'; two models of one gang may not share "
        "a name: choose another name.",
        profile="guard", name="wyatt",
    )  # fmt: skip
    table.do(roster.hire, "Earps", profile="vicesceriffo", name="Virgil")
    table.do(roster.hire, "Earps", profile="deputy", name="Morgan")
    table.refused(
        roster.hire, "Earps",
        "R-13: 'Earps' already has 2 Deputy (max 2); H-08 applies hero limits when hiring.",
        profile="deputy", name="Doc",
    )  # fmt: skip
    table.refused(
        roster.hire, "Earps",
        "R-13: a Guard costs 50$ but 'Earps' has 20$; the treasury never goes below 0.",
        profile="guard", name="Doc",
    )  # fmt: skip
    table.refused(
        roster.hire, "Earps",
        "R-13: profile 'boss' is not one the Lawmen may hire: it is Boss (Outlaws); "
        "see the profiles of the Lawmen in the rules.",
        profile="boss", name="Doc",
    )  # fmt: skip
    table.refused(
        roster.hire, "Earps", "unknown profile 'sherif': did you mean 'sheriff', 'deputy'?",
        profile="sherif", name="Doc",
    )  # fmt: skip


def test_a_seventh_model_is_refused(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    for n in range(6):
        table.do(roster.hire, "Daltons", profile="delinquente", name=f"Thug {n}")
    table.refused(
        roster.hire, "Daltons",
        "R-13: 'Daltons' already has 6 models, the most a gang may have; fire one first.",
        profile="thug", name="Thug 7",
    )  # fmt: skip


def test_non_player_characters_join_where_allowed(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.gang("Fort", "military")
    table.do(roster.hire, "Earps", profile="donna da saloon", name="Kate")
    table.refused(
        roster.hire, "Fort",
        "R-13: profile 'saloon girl' is not one the Military may hire: it is Saloon girl, "
        "adventuress (Non-player characters); see the profiles of the Military in the rules.",
        profile="saloon girl", name="Kate",
    )  # fmt: skip


def test_buying_rolls_availability_and_logs_the_die(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    entry = table.do(equipment.buy, "Daltons", item="fucile da caccia", dice=dice(3))
    assert entry.dice == [{"value": 3, "purpose": "availability"}]
    assert (entry.money_before, entry.money_after) == (400, 375)
    assert entry.details["available"] is True
    assert [i.item for i in table.view("Daltons").items] == ["hunting-rifle"]


def test_a_failed_roll_is_recorded_and_blocks_until_the_next_game(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    entry = table.do(equipment.buy, "Daltons", item="hunting rifle", dice=dice(2))
    assert entry.details["available"] is False
    assert entry.money_after == 400
    assert [(f.item, f.game) for f in table.view("Daltons").failed_purchases] == [
        ("hunting-rifle", 0)
    ]
    table.refused(
        equipment.buy, "Daltons",
        "H-03: 'Daltons' failed the availability roll for the hunting rifle and may try again "
        "only after its next game.",
        item="hunting-rifle", dice=dice(6),
    )  # fmt: skip
    with store.transaction(table.engine) as session:
        campaign = lookup.current_campaign(session)
        gangs.set_setting(session, campaign=campaign, key="H-03", value="any-time")
    assert table.do(equipment.buy, "Daltons", item="hunting-rifle", dice=dice(6)).money_after == 375


def test_a_game_played_lifts_the_h03_block(table: Table, engine: Engine) -> None:
    table.gang("Daltons", "outlaws")
    table.do(equipment.buy, "Daltons", item="hunting rifle", dice=dice(1))
    with Session(engine) as session, session.begin():
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Daltons")
        gang.games_played += 1
    assert table.do(equipment.buy, "Daltons", item="hunting-rifle", dice=dice(4)).money_after == 375


def test_lawmen_and_rangers_skip_the_roll_for_weapons_only(table: Table) -> None:
    table.gang("Rangers", "rangers")
    weapon = table.do(equipment.buy, "Rangers", item="winchester", dice=dice())
    assert weapon.dice == [] and weapon.details["skipped"] is True
    with pytest.raises(NotEnoughDice):
        table.do(equipment.buy, "Rangers", item="whisky", dice=dice())
    item = table.do(equipment.buy, "Rangers", item="whisky", dice=dice(3))
    assert item.dice == [{"value": 3, "purpose": "availability"}]


def test_rarity_and_explosives(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.gang("Tribe", "indians")
    table.refused(
        equipment.buy, "Earps",
        "R-12: the spear is rare: only indians may buy it, not lawmen ('Earps').",
        item="lancia", dice=dice(6),
    )  # fmt: skip
    assert table.do(equipment.buy, "Tribe", item="lancia", dice=dice(4)).money_after == 396
    table.refused(
        equipment.buy, "Earps",
        "R-12: dynamite is sold only where campaign 'West' allows explosives (a mining or "
        "railroad zone); allow them in the campaign's settings.",
        item="dinamite", dice=dice(6),
    )  # fmt: skip
    with store.transaction(table.engine) as session:
        campaign = lookup.current_campaign(session)
        gangs.set_setting(session, campaign=campaign, key="explosives", value="yes")
    assert table.do(equipment.buy, "Earps", item="dynamite", dice=dice(4)).money_after == 382


def test_rifle_scope_is_easier_for_the_military(table: Table) -> None:
    table.gang("Fort", "military")
    table.gang("Daltons", "outlaws")
    assert table.do(equipment.buy, "Fort", item="mirino", dice=dice(3)).details["available"]
    assert not table.do(equipment.buy, "Daltons", item="mirino", dice=dice(3)).details["available"]


def test_cowboy_heroes_buy_horses_at_half_price(table: Table) -> None:
    table.gang("Ranch", "cowboys")
    table.do(roster.hire, "Ranch", profile="cowboys", name="Slim")
    table.do(roster.hire, "Ranch", profile="pivelli", name="Kid")
    hero = table.do(equipment.buy, "Ranch", item="cavallo", dice=dice(2), member="Slim")
    assert (hero.money_before - hero.money_after, hero.details["half_price"]) == (9, True)
    common = table.do(equipment.buy, "Ranch", item="cavallo", dice=dice(2), member="Kid")
    assert common.money_before - common.money_after == 18


def test_over_budget_purchase(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    for profile, name in (("boss", "Bob"), ("henchman", "Grat"), ("bandit", "Bill")):
        table.do(roster.hire, "Daltons", profile=profile, name=name)
    table.do(roster.hire, "Daltons", profile="thug", name="Emmett")
    table.refused(
        equipment.buy, "Daltons",
        "R-12: the knife costs 2$ but 'Daltons' has 0$; the treasury never goes below 0.",
        item="coltello", dice=dice(6),
    )  # fmt: skip


def test_unknown_items_list_the_nearest(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    table.refused(
        equipment.buy, "Daltons",
        "unknown equipment 'sei colpo': did you mean 'six-shooter', 'heavy-pistol', "
        "'rifle-scope'?",
        item="sei colpo", dice=dice(6),
    )  # fmt: skip


def test_selling_pays_half_what_was_paid_rounded_down(table: Table) -> None:
    table.gang("Ranch", "cowboys")
    table.do(roster.hire, "Ranch", profile="cowboy", name="Slim")
    table.do(equipment.buy, "Ranch", item="horse", dice=dice(2), member="Slim")
    table.do(equipment.buy, "Ranch", item="remington", dice=dice(3))
    sold = table.do(equipment.sell, "Ranch", item="remington")
    assert (sold.details["price"], sold.money_after - sold.money_before) == (2, 2)
    horse = table.do(equipment.sell, "Ranch", item="cavallo", member="Slim")
    assert horse.details == {"item": "horse", "paid": 9, "price": 4, "percent": 50}
    table.refused(
        equipment.sell, "Ranch", "the stash of 'Ranch' holds no knife (it holds: nothing).",
        item="knife",
    )  # fmt: skip


def test_equip_and_unequip_move_items_between_stash_and_models(table: Table) -> None:
    table.gang("Fort", "military")
    table.do(roster.hire, "Fort", profile="soldato", name="Pvt Smith")
    table.do(equipment.buy, "Fort", item="carabina", dice=dice(2))
    table.do(equipment.equip, "Fort", item="carbine", member="pvt smith")
    gang = table.view("Fort")
    assert [(i.item, i.member_id) for i in gang.items] == [("carbine", gang.members[0].id)]
    table.do(equipment.unequip, "Fort", item="carbine", member="Pvt Smith")
    assert [i.member_id for i in table.view("Fort").items] == [None]
    table.refused(
        equipment.unequip, "Fort", "'Pvt Smith' holds no carbine (it holds: nothing).",
        item="carbine", member="Pvt Smith",
    )  # fmt: skip
    table.refused(
        equipment.sell, "Fort", "the stash of 'Fort' holds no knife (it holds: carbine).",
        item="knife",
    )  # fmt: skip


def test_two_handed_weapons_are_refused_to_a_lost_hand(table: Table) -> None:
    table.gang("Fort", "military")
    table.do(roster.hire, "Fort", profile="soldier", name="Stumpy")
    table.do(roster.injure, "Fort", member="Stumpy", injury="mano mozzata")
    table.do(equipment.buy, "Fort", item="musket", dice=dice(2))
    message = (
        "R-10: 'Stumpy' has Mano mozzata (lost hand) and cannot use the two-handed musket; "
        "give it to another model of 'Fort'."
    )
    table.refused(equipment.equip, "Fort", message, item="musket", member="Stumpy")
    table.refused(
        equipment.buy, "Fort", message.replace("musket", "carbine"),
        item="carbine", member="Stumpy", dice=dice(2),
    )  # fmt: skip
    assert table.do(equipment.buy, "Fort", item="six-shooter", member="Stumpy", dice=dice(2))


def test_firing_sends_equipment_to_the_stash(table: Table) -> None:
    table.gang("Fort", "military")
    table.do(roster.hire, "Fort", profile="scout", name="Hawk")
    table.do(equipment.buy, "Fort", item="knife", member="Hawk", dice=dice(2))
    entry = table.do(roster.fire, "Fort", member="Hawk")
    assert entry.details["to_stash"] == ["knife"] and entry.money_after == entry.money_before
    gang = table.view("Fort")
    assert [m.status for m in gang.members] == ["retired"]
    assert [i.member_id for i in gang.items] == [None]
    table.do(roster.hire, "Fort", profile="scout", name="Hawk")  # the name is free again


def test_advances_cost_xp_and_stop_at_4(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.refused(
        advancement.advance, "Earps", "R-11: +1 TIRO costs 6 XP but 'Wyatt' has 2.",
        member="Wyatt", advance="tiro", dice=dice(),
    )  # fmt: skip
    table.refused(
        advancement.advance, "Earps", "R-11: 'Wyatt' has RIF 4 already, the most a characteristic "
        "may be; choose another advance.",
        member="Wyatt", advance="riflessi", dice=dice(),
    )  # fmt: skip
    table.do(advancement.award_xp, "Earps", member="Wyatt", xp=10)
    entry = table.do(advancement.advance, "Earps", member="Wyatt", advance="fred", dice=dice())
    assert (entry.xp_before, entry.xp_after, entry.details["after"]) == (12, 7, 4)
    assert table.view("Earps").members[0].fred == 4


def test_skill_roll_rerolls_owned_skills_and_records_the_choice(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.do(advancement.award_xp, "Earps", member="Wyatt", xp=20)
    first = table.do(
        advancement.advance, "Earps", member="Wyatt", advance="skill", dice=dice(6, 6),
        choices=["sei colpi"],
    )  # fmt: skip
    assert (first.details["skill"], first.details["choice"]) == ("pistolero", "six-shooter")
    second = table.do(
        advancement.advance, "Earps", member="Wyatt", advance="skill", dice=dice(6, 6, 2, 2),
        choices=["six-shooter"],
    )  # fmt: skip
    assert second.details["skill"] == "pugile"
    assert [d["value"] for d in second.dice] == [6, 6, 2, 2]
    skills = [(s.skill, s.choice) for s in table.view("Earps").members[0].skills]
    assert skills == [("pistolero", "six-shooter"), ("pugile", None)]


def test_a_choice_skill_needs_a_weapon_type_of_its_kind(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.do(advancement.award_xp, "Earps", member="Wyatt", xp=3)
    table.refused(
        advancement.advance, "Earps",
        "R-11: Fuciliere/Cacciatore needs the rifle type it is for: add choice with a rifle "
        "(the dice were 1, 1); nothing was changed.",
        member="Wyatt", advance="skill", dice=dice(1, 1), choices=["knife"],
    )  # fmt: skip


def test_dottore_twice_makes_a_graduate(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.do(advancement.award_xp, "Earps", member="Wyatt", xp=6)
    table.do(advancement.advance, "Earps", member="Wyatt", advance="skill", dice=dice(2, 3))
    entry = table.do(advancement.advance, "Earps", member="Wyatt", advance="skill", dice=dice(4, 1))
    assert entry.details["replaces"] == "dottore"
    assert [s.skill for s in table.view("Earps").members[0].skills] == ["dottore-laureato"]


def test_mountain_men_take_cacciatore_without_rolling(table: Table) -> None:
    table.gang("Trappers", "mountain-men")
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Trappers", profile="cacciatore di orsi", name="Grizzly")
    table.do(advancement.award_xp, "Trappers", member="Grizzly", xp=1)
    entry = table.do(
        advancement.advance, "Trappers", member="Grizzly", advance="skill", dice=dice(),
        pick="cacciatore", choices=["fucile da caccia"],
    )  # fmt: skip
    assert entry.dice == [] and entry.details["chosen"] is True
    assert entry.details["skill"] == "fuciliere" and entry.details["choice"] == "hunting-rifle"
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt")
    table.do(advancement.award_xp, "Earps", member="Wyatt", xp=1)
    table.refused(
        advancement.advance, "Earps",
        "only mountain men may take CACCIATORE without rolling, not Lawmen (R-11, §9.6); "
        "roll on the table instead.",
        member="Wyatt", advance="skill", dice=dice(), pick="cacciatore", choices=["rifle"],
    )  # fmt: skip


def test_a_common_model_gaining_fama_becomes_a_hero(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="guard", name="Ike")
    table.do(advancement.award_xp, "Earps", member="Ike", xp=7)
    entry = table.do(advancement.advance, "Earps", member="Ike", advance="fama", dice=dice())
    assert entry.details["promoted"] is True
    member = table.view("Earps").members[0]
    assert (member.role, member.fama, member.xp) == ("hero", 1, 0)


def test_hero_limits_always_refuse_a_promotion_beyond_them(table: Table) -> None:
    table.gang("Fort", "military")
    with store.transaction(table.engine) as session:
        campaign = lookup.current_campaign(session)
        gangs.set_setting(session, campaign=campaign, key="hero-limits", value="always")
    table.do(roster.hire, "Fort", profile="sergeant", name="Sarge")
    table.do(roster.hire, "Fort", profile="soldier", name="Pvt")
    table.do(advancement.award_xp, "Fort", member="Pvt", xp=7)
    table.refused(
        advancement.advance, "Fort",
        "H-08: 'Fort' already has 1 heroes, its faction's limit, and this campaign applies hero "
        "limits always; choose another advance.",
        member="Pvt", advance="fortuna", dice=dice(),
    )  # fmt: skip


def test_undo_reverts_each_kind_of_action_exactly(table: Table) -> None:
    table.gang("Ranch", "cowboys")
    steps: list[tuple[Callable[..., Any], dict[str, Any]]] = [
        (roster.hire, {"profile": "ranchero", "name": "Ben"}),
        (roster.hire, {"profile": "wrangler", "name": "Hoss"}),
        (equipment.buy, {"item": "lasso", "dice": dice(4), "member": "Hoss"}),
        (equipment.buy, {"item": "mule", "dice": dice(1)}),
        (equipment.buy, {"item": "horse", "dice": dice(5), "member": "Ben"}),
        (equipment.unequip, {"item": "horse", "member": "Ben"}),
        (equipment.equip, {"item": "horse", "member": "Hoss"}),
        (advancement.award_xp, {"member": "Ben", "xp": 3}),
        (advancement.advance, {"member": "Ben", "advance": "skill", "dice": dice(3, 4)}),
        (roster.injure, {"member": "Hoss", "injury": "orbo"}),
        (equipment.sell, {"item": "lasso", "member": "Hoss"}),
        (roster.fire, {"member": "Hoss"}),
        (gangs.rename_gang, {"name": "Ponderosa"}),
        (gangs.retire_gang, {}),
    ]
    states = []
    name = "Ranch"
    for action, kwargs in steps:
        states.append((name, table.state(name)))
        table.do(action, name, **kwargs)
        name = kwargs.get("name", name) if action is gangs.rename_gang else name
    while states:
        table.do(logbook.undo, name)
        name, expected = states.pop()
        assert table.state(name) == expected
    table.refused(
        logbook.undo,
        "Ranch",
        "nothing to undo for 'Ranch': its last action is its gang new, which cannot be undone.",
    )


def test_money_in_the_log_adds_up_to_the_treasury(table: Table) -> None:
    table.gang("Daltons", "outlaws")
    table.do(roster.hire, "Daltons", profile="boss", name="Bob")
    table.do(equipment.buy, "Daltons", item="sei colpi", dice=dice(5), member="Bob")
    table.do(equipment.sell, "Daltons", item="six-shooter", member="Bob")
    table.do(logbook.undo, "Daltons")
    with store.transaction(table.engine) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Daltons")
        entries = logbook.history(session, campaign=lookup.current_campaign(session), gang=gang)
        ledger = sum((e.money_after or 0) - (e.money_before or 0) for e in entries)
        assert ledger == gang.treasury == 400 - 190 - 6


def test_unknown_names_list_the_nearest(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(roster.hire, "Earps", profile="sheriff", name="Wyatt Earp")
    with store.transaction(table.engine) as session:
        with pytest.raises(CampaignError, match=r"^unknown campaign 'Wst': did you mean 'West'\?$"):
            lookup.current_campaign(session, "Wst")
        campaign = lookup.current_campaign(session)
        with pytest.raises(CampaignError, match=r"^unknown gang 'Erps': did you mean 'Earps'\?$"):
            lookup.gang_by_name(session, campaign, "Erps")
    table.refused(
        roster.fire, "Earps", "unknown model 'Wyet': did you mean 'Wyatt Earp'?", member="Wyet"
    )


def test_retired_gangs_take_no_actions(table: Table) -> None:
    table.gang("Earps", "lawmen")
    table.do(gangs.retire_gang, "Earps")
    table.refused(
        roster.hire, "Earps",
        "gang 'Earps' is retired; it takes no more actions (undoing can bring it back "
        "if retiring was its last action).",
        profile="guard", name="Ike",
    )  # fmt: skip


def test_gang_names_are_unique_in_a_campaign(table: Table) -> None:
    table.gang("Earps", "lawmen")
    with pytest.raises(CampaignError) as refused:
        table.gang("earps", "outlaws")
    assert str(refused.value) == (
        "campaign 'West' already has a gang called 'Earps'; choose another name."
    )


def test_npcs_are_not_a_gang(table: Table) -> None:
    with pytest.raises(CampaignError, match=r"^R-13: non-player characters join other gangs"):
        table.gang("Town", "npc")
