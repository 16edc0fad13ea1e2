"""What a gang may do next (campaign.choices, issue #11) agrees with what the services do: over
random gangs, every option marked allowed succeeds when tried in a savepoint, and every option
marked refused raises exactly the words it shows, in both languages (R-10–R-13, R-23, H-03,
H-05, H-08). On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, event, given, settings
from sqlalchemy.engine import Engine
from sqlmodel import Session

from skirmish.campaign import advancement, choices, equipment, gangs, lookup, roster, store
from skirmish.campaign.choices import Refusal
from skirmish.campaign.game.end import end_game
from skirmish.campaign.game.start import start_game
from skirmish.campaign.models import Gang, LogEntry
from skirmish.engine.advances import Advance
from skirmish.engine.dice import RandomDice, ScriptedDice
from skirmish.errors import CampaignError
from skirmish.rules import factions, find_profile, items, profiles, weapons

PLAYABLE = [f.id for f in factions() if f.playable]
NAMES = ["Ann", "Bob", "Cal", "Dee", "Eli", "Fay", "Gus"]
ITEMS = [w.id for w in weapons()] + [i.id for i in items()]
#: One weapon of each kind a new skill may ask for (FUCILIERE, GUERRIERO, PISTOLERO).
SKILL_CHOICES = ["repeater", "knife", "six-shooter"]
NEWCOMER = "Zed Newcomer"
_CAMPAIGNS = itertools.count(1)


def attempt(session: Session, action: Callable[[], LogEntry]) -> tuple[Refusal | None, Any]:
    """Try a service call in a savepoint of ``session`` that is always rolled back: its
    refusal (``None`` if it went through) and the details it logged."""
    savepoint = session.begin_nested()
    try:
        entry = action()
        details = dict(entry.details)
    except CampaignError as exc:
        return Refusal(exc.text("en"), exc.text("it")), None
    finally:
        savepoint.rollback()
    return None, details


def gang_of(session: Session, campaign: str, name: str = "Gang") -> Gang:
    return lookup.gang_by_name(session, lookup.campaign_by_name(session, campaign), name)


# --------------------------------------------------------------------------- random gangs

#: A purchase: the item, for whom (an index into the roster, or the stash), the availability die
#: (a 1 always fails, a 6 always passes: every DISP is 2–5).
_buy = st.tuples(
    st.just("buy"), st.sampled_from(ITEMS), st.none() | st.integers(0, 5), st.sampled_from([1, 6])
)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("hire"), st.integers(0, 20), st.sampled_from(NAMES)),
        _buy,
        st.tuples(st.just("xp"), st.integers(0, 5), st.integers(1, 12)),
        st.tuples(st.just("hand"), st.integers(0, 5)),
        st.tuples(st.just("fire"), st.integers(0, 5)),
        st.tuples(
            st.just("advance"),
            st.integers(0, 5),
            st.sampled_from([a.value for a in Advance]),
            st.integers(0, 2**16),
        ),
    ),
    max_size=12,
)


def build(
    engine: Engine,
    faction: str,
    settings_: dict[str, str],
    hires: list[int],
    purchases: list[Any],
    plan: list[Any],
) -> str:
    """A campaign of its own with one gang of ``faction`` that tries to hire the profiles
    ``hires`` picks and make ``purchases``, then is changed by the services along ``plan``
    (each step its own unit of work; a refused step changes nothing)."""
    campaign = f"Choices {next(_CAMPAIGNS)}"
    with store.transaction(engine) as session:
        made = gangs.new_campaign(session, name=campaign, settings=settings_)
        gangs.new_gang(session, campaign=made, name="Gang", faction=faction)
    hireable = [*profiles(faction), *profiles("npc")]
    starting = [("hire", pick, name) for pick, name in zip(hires, NAMES, strict=False)]
    for step in starting + purchases + plan:
        try:
            with store.transaction(engine) as session:
                gang = gang_of(session, campaign)
                roster_names = [m.name for m in lookup.active_members(gang)]

                def who(pick: int, names: list[str] = roster_names) -> str:
                    return names[pick % len(names)] if names else "Nobody"

                match step:
                    case ("hire", pick, name):
                        profile = hireable[pick % len(hireable)].id
                        roster.hire(session, gang=gang, profile=profile, name=name)
                    case ("buy", item, pick, die):
                        member = who(pick) if pick is not None else None
                        equipment.buy(
                            session, gang=gang, item=item, member=member, dice=ScriptedDice([die])
                        )
                    case ("xp", pick, xp):
                        advancement.award_xp(session, gang=gang, member=who(pick), xp=xp)
                    case ("hand", pick):
                        roster.injure(session, gang=gang, member=who(pick), injury="mano mozzata")
                    case ("fire", pick):
                        roster.fire(session, gang=gang, member=who(pick))
                    case ("advance", pick, kind, seed):
                        advancement.advance(
                            session, gang=gang, member=who(pick), advance=kind,
                            dice=RandomDice(seed), choices=SKILL_CHOICES,
                        )  # fmt: skip
        except CampaignError:
            pass
    return campaign


def check_agreement(session: Session, gang: Gang) -> None:
    """Every option of every query against the service it stands for, in a savepoint."""

    def on(service: Callable[..., LogEntry], **kwargs: Any) -> tuple[Refusal | None, Any]:
        return attempt(session, partial(service, session, gang=gang, **kwargs))

    hiring = choices.hire_options(session, gang)
    for o in hiring.options:
        refused, details = on(roster.hire, profile=o.profile.id, name=NEWCOMER)
        assert refused == o.refusal, o.profile.id
        if hiring.refusal is None:  # no room is exactly a refusal by R-13's limits, not the price
            by_limits = refused is not None and " costs " not in refused.en
            assert (o.room == 0) == by_limits, (o.profile.id, o.room, refused)
        if details is not None:
            assert details["cost"] == o.profile.cost

    buying = choices.buy_options(session, gang)
    for b in buying.options:
        for target in (b.stash, *b.carriers):
            item, member = b.equipment.id, target.member
            refused, details = on(equipment.buy, item=item, member=member, dice=RandomDice(7))
            assert refused == target.refusal, (item, member)
            if details is not None:
                assert details["price"] == target.price
                assert details["skipped"] == (b.disp is None)
                assert b.disp is None or details["disp"] == b.disp
        assert b.allowed == (b.stash.allowed or any(c.allowed for c in b.carriers))
        assert b.waiting == (b.equipment.id in {e.id for e in buying.waiting})

    for s in choices.sell_options(session, gang).options:
        refused, details = on(equipment.sell, item=s.equipment.id, member=s.member)
        assert refused == s.refusal
        if details is not None:
            assert (details["paid"], details["price"]) == (s.paid, s.price)

    for e in choices.equip_options(session, gang).options:
        for taker in e.takers:
            assert taker.member is not None  # a model, never the stash
            refused, _ = on(equipment.equip, item=e.equipment.id, member=taker.member)
            assert refused == taker.refusal, (e.equipment.id, taker.member)

    for u in choices.unequip_options(session, gang).options:
        refused, _ = on(equipment.unequip, item=u.equipment.id, member=u.member)
        assert refused == u.refusal

    for a in choices.advance_options(session, gang).options:
        for kind in a.advances:
            refused, details = on(
                advancement.advance, member=a.member, advance=kind.advance.value,
                dice=RandomDice(3), choices=SKILL_CHOICES,
            )  # fmt: skip
            assert refused == kind.refusal, (a.member, kind.advance)
            if details is not None:
                assert details["cost"] == kind.cost
                assert details["promoted"] == kind.promotes


#: A random gang: its faction, its campaign's settings, its hires, purchases and later steps.
GANGS = {
    "faction": st.sampled_from(PLAYABLE),
    "explosives": st.sampled_from(["on", "off"]),
    "hero_limits": st.sampled_from(["hiring", "always"]),
    "failed_item": st.sampled_from(["next-game", "next-game", "any-time"]),
    "hires": st.lists(st.integers(0, 20), min_size=2, max_size=6),
    "purchases": st.lists(_buy, min_size=2, max_size=6),
    "plan": steps,
}


def _options_agree_with_services(
    engine: Engine,
    faction: str,
    explosives: str,
    hero_limits: str,
    failed_item: str,
    hires: list[int],
    purchases: list[Any],
    plan: list[Any],
) -> None:
    settings_ = {"explosives": explosives, "hero-limits": hero_limits, "failed-item": failed_item}
    campaign = build(engine, faction, settings_, hires, purchases, plan)
    with store.transaction(engine) as session:
        gang = gang_of(session, campaign)
        event(f"models: {len(lookup.active_members(gang))}")
        event(f"waiting purchases: {bool(choices.buy_options(session, gang).waiting)}")
        check_agreement(session, gang)


#: Random gangs tried on each database: every option of a gang of up to 6 models is tried (about
#: 1 s a gang on SQLite, 2 s on PostgreSQL). The rules are the same on both; PostgreSQL adds its
#: own locking and types, which a few gangs exercise.
EXAMPLES = {"sqlite": 14, "postgresql": 6}


def test_every_option_agrees_with_its_service(engine: Engine) -> None:
    check = settings(
        max_examples=EXAMPLES[engine.dialect.name],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )(given(**GANGS)(_options_agree_with_services))
    check(engine)


# --------------------------------------------------------------------------- set pieces


@pytest.fixture
def table(engine: Engine) -> Iterator[Callable[..., Any]]:
    """``do(action, gang=..., **kwargs)``: one service call in its own unit of work."""
    with store.transaction(engine) as session:
        gangs.new_campaign(session, name="West")

    def do(action: Callable[..., Any], gang: str = "Earps", **kwargs: Any) -> Any:
        with store.transaction(engine) as session:
            if action is gangs.new_gang:
                return action(session, campaign=lookup.current_campaign(session), **kwargs)
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            return action(session, gang=found, **kwargs)

    yield do


def read(engine: Engine, query: Callable[[Session, Gang], Any], gang: str = "Earps") -> Any:
    with store.transaction(engine, access=store.Access.READ) as session:
        found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
        return query(session, found)


def test_hire_options_are_the_books_profiles_and_prices(
    engine: Engine, table: Callable[..., Any]
) -> None:
    """R-13, §9.3 and §9.12: a lawmen gang may hire the Sceriffo (LEADER, 180$), the
    Vicesceriffo (EROE, max 2, 100$), the Volontario (40$), the Guardia (50$) and the non-player
    characters (25$, 30$, 30$); the military (§9.9) may not take the non-player characters."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(gangs.new_gang, name="Blue", faction="military")
    lawmen = read(engine, choices.hire_options)
    seen = {o.profile.name_it.upper(): (o.profile.cost, o.profile.max) for o in lawmen.options}
    assert seen["SCERIFFO"] == (180, 1)  # LEADER: one a gang
    assert seen["VICESCERIFFO"] == (100, 2)
    assert seen["VOLONTARIO"] == (40, None)
    assert seen["GUARDIA"] == (50, None)
    npcs = [(o.profile.id, o.profile.cost) for o in lawmen.options if o.profile.faction == "npc"]
    assert npcs == [("unarmed-civilian", 25), ("armed-civilian", 30), ("saloon-girl", 30)]
    military = read(engine, choices.hire_options, "Blue")
    assert {o.profile.faction for o in military.options} == {"military"}
    sergeant = next(o for o in military.options if o.profile.name_it == "Sergeante")
    assert (sergeant.profile.cost, sergeant.profile.max) == (95, 1)


def test_hire_options_put_the_legal_and_affordable_first(
    engine: Engine, table: Callable[..., Any]
) -> None:
    """R-13: one leader, a hero's "max 2", the 400$; refused ones keep the service's words."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(roster.hire, profile="sceriffo", name="Wyatt")
    table(roster.hire, profile="vicesceriffo", name="Virgil")  # 400 - 280 = 120$ left
    found = read(engine, choices.hire_options)
    assert [o.profile.id for o in found.options] == [
        "deputy", "lawmen-volunteer", "guard", "unarmed-civilian", "armed-civilian",
        "saloon-girl", "sheriff",
    ]  # fmt: skip
    assert [o.allowed for o in found.options] == [True] * 6 + [False]
    table(roster.hire, profile="vicesceriffo", name="Morgan")  # 20$ left
    found = read(engine, choices.hire_options)
    assert not found.available and found.refusal is None
    by_id = {o.profile.id: o for o in found.options}
    assert by_id["sheriff"].refusal is not None
    assert by_id["sheriff"].refusal.en == (
        "R-13: 'Earps' already has a leader ('Wyatt'); a gang has at most one."
    )
    assert by_id["sheriff"].refusal.it == (
        "R-13: 'Earps' ha già un capo ('Wyatt'); una banda ne ha al massimo uno."
    )
    deputy = by_id["deputy"]
    assert deputy.hired == 2 and deputy.refusal is not None
    assert deputy.refusal.en.startswith("R-13: 'Earps' already has 2 Deputy (max 2)")
    guard = by_id["guard"]
    assert guard.refusal is not None
    assert guard.refusal.text("it") == (
        "R-13: Guardia: costa 50$ ma 'Earps' ha 20$; il tesoro non va mai sotto 0."
    )


def test_buy_options_follow_the_faction_and_campaign(
    engine: Engine, table: Callable[..., Any]
) -> None:
    """R-12: lawmen buy weapons without a roll but roll for the lasso (R-24) and the horse;
    rare items of other factions are not offered; explosives are offered refused where the
    campaign does not allow them; the military's rifle scope is DISP 3; a cowboy hero's horse
    is half price for himself only; Mano mozzata keeps a model from two-handed weapons (R-10)."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(gangs.new_gang, name="Blue", faction="military")
    table(gangs.new_gang, name="Ranch", faction="cowboys")
    table(roster.hire, profile="sceriffo", name="Wyatt")
    table(roster.injure, member="Wyatt", injury="mano mozzata")
    lawmen = {o.equipment.id: o for o in read(engine, choices.buy_options).options}
    assert lawmen["six-shooter"].disp is None and lawmen["lasso"].disp == 2
    assert lawmen["horse"].disp == 2
    assert not {"spear", "bayonet", "sword", "bow", "appaloosa"} & set(lawmen)
    dynamite = lawmen["dynamite"]
    assert not dynamite.allowed and dynamite.refusal is not None
    assert dynamite.refusal.en.startswith("R-12: dynamite is sold only where campaign 'West'")
    rifle = lawmen["rifle"]
    assert rifle.two_handed and rifle.stash.allowed
    (wyatt,) = rifle.carriers
    assert wyatt.refusal is not None and wyatt.refusal.en.startswith(
        "R-10: 'Wyatt' has Mano mozzata (lost hand)"
    )
    military = {o.equipment.id: o for o in read(engine, choices.buy_options, "Blue").options}
    assert military["rifle-scope"].disp == 3 and military["rifle"].disp == 2
    assert {"bayonet", "sword"} <= set(military)
    table(roster.hire, gang="Ranch", profile="ranchero", name="Chisum")
    table(roster.hire, gang="Ranch", profile="cowboy", name="Pat")
    table(roster.hire, gang="Ranch", profile="greenhorn", name="Jim")
    horse = next(
        o for o in read(engine, choices.buy_options, "Ranch").options if o.equipment.id == "horse"
    )
    assert horse.stash.price == 18
    assert {c.member: c.price for c in horse.carriers} == {"Chisum": 9, "Pat": 9, "Jim": 18}


def test_a_failed_roll_waits_for_the_next_game(engine: Engine, table: Callable[..., Any]) -> None:
    """H-03: the item whose availability roll failed is listed as waiting, refused with the
    service's words, and named among the gang's waiting purchases."""
    table(gangs.new_gang, name="Earps", faction="outlaws")
    table(equipment.buy, item="horse", dice=ScriptedDice([1]))
    found = read(engine, choices.buy_options)
    assert [e.id for e in found.waiting] == ["horse"]
    horse = next(o for o in found.options if o.equipment.id == "horse")
    assert horse.waiting and not horse.allowed and horse.affordable
    assert horse.refusal == Refusal(
        "H-03: 'Earps' failed the availability roll for the horse and may try again only after "
        "its next game.",
        "H-03: 'Earps' ha fallito il tiro di REPERIBILITÀ per Cavallo e potrà riprovare solo "
        "dopo la sua prossima partita.",
    )
    assert found.options[-1].equipment.id == "horse" or not found.options[-1].allowed


def test_sell_equip_unequip_and_advance_options(engine: Engine, table: Callable[..., Any]) -> None:
    """H-05: half of what was paid; equip lists the stash by kind and who may take it (R-10);
    R-11: an advance needs its XP and no characteristic above 4."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(roster.hire, profile="sceriffo", name="Wyatt")
    table(roster.hire, profile="volontario", name="Ike")
    table(equipment.buy, item="knife", dice=ScriptedDice([]))
    table(equipment.buy, item="knife", dice=ScriptedDice([]))
    table(equipment.buy, item="rifle", member="Wyatt", dice=ScriptedDice([]))
    table(roster.injure, member="Ike", injury="mano mozzata")
    table(equipment.buy, item="repeater", dice=ScriptedDice([]))
    sold = read(engine, choices.sell_options).options
    assert [(s.equipment.id, s.member, s.count, s.price) for s in sold] == [
        ("knife", None, 2, 1),
        ("repeater", None, 1, 9),
        ("rifle", "Wyatt", 1, 8),
    ]
    equip = {e.equipment.id: e for e in read(engine, choices.equip_options).options}
    assert equip["knife"].count == 2
    assert [t.allowed for t in equip["repeater"].takers] == [True, False]
    assert [(u.equipment.id, u.member) for u in read(engine, choices.unequip_options).options] == [
        ("rifle", "Wyatt")
    ]
    table(advancement.award_xp, member="Ike", xp=5)
    advances = read(engine, choices.advance_options).options
    # Ike may advance, Wyatt (2 XP) may not: the ones who may come first
    assert [(a.member, a.allowed) for a in advances] == [("Ike", True), ("Wyatt", False)]
    ike = {c.advance: c for c in advances[0].advances}
    assert ike[Advance.RIF].allowed and not ike[Advance.TIRO].allowed
    assert ike[Advance.TIRO].missing == 1
    assert ike[Advance.FAMA].promotes and ike[Advance.FAMA].missing == 2
    wyatt = {c.advance: c for c in advances[1].advances}
    assert wyatt[Advance.RIF].refusal is not None
    assert wyatt[Advance.RIF].refusal.en == (
        "R-11: 'Wyatt' has RIF 4 already, the most a characteristic may be; choose another advance."
    )


def test_a_retired_gang_is_refused_everything(engine: Engine, table: Callable[..., Any]) -> None:
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(roster.hire, profile="sceriffo", name="Wyatt")
    table(equipment.buy, item="knife", member="Wyatt", dice=ScriptedDice([]))
    table(equipment.buy, item="knife", dice=ScriptedDice([]))
    table(gangs.retire_gang)
    words = Refusal(
        "gang 'Earps' is retired; it takes no more actions (undoing can bring it back "
        "if retiring was its last action).",
        "la banda 'Earps' si è ritirata; non fa più azioni (un annullamento può riportarla se "
        "il ritiro è stata la sua ultima azione).",
    )
    for query in QUERIES:
        found = read(engine, query)
        assert found.refusal == words
        assert found.options and not found.available
    with store.transaction(engine) as session:
        check_agreement(
            session, lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        )


QUERIES = [
    choices.hire_options,
    choices.buy_options,
    choices.sell_options,
    choices.equip_options,
    choices.unequip_options,
    choices.advance_options,
]


def test_between_games_only(engine: Engine, table: Callable[..., Any]) -> None:
    """R-23: while a game is played, and until its post-game sequence is run, every option is
    refused with the words of require_between_games for that action."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(gangs.new_gang, name="Clantons", faction="outlaws")
    for gang, profile, model in (("Earps", "sceriffo", "Wyatt"), ("Clantons", "boss", "Ike")):
        table(roster.hire, gang=gang, profile=profile, name=model)
        table(equipment.buy, gang=gang, item="knife", member=model, dice=ScriptedDice([2]))
        table(equipment.buy, gang=gang, item="knife", dice=ScriptedDice([2]))
    with store.transaction(engine) as session:
        game = start_game(
            session, campaign=lookup.current_campaign(session), scenario="duel",
            gangs=["Earps", "Clantons"],
        )  # fmt: skip
    hiring = read(engine, choices.hire_options)
    assert hiring.refusal is not None
    assert hiring.refusal.en.startswith(f"R-23: 'Earps' is playing game {game.id} (Duel); hiring")
    advancing = read(engine, choices.advance_options)
    assert advancing.refusal is not None
    assert advancing.refusal.it.startswith(
        f"R-23: 'Earps' sta giocando la partita {game.id} (Duello); un avanzamento si fa"
    )
    with store.transaction(engine) as session:
        check_agreement(
            session, lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        )
        game = session.merge(game)
        end_game(session, game=game, draw=True)
    buying = read(engine, choices.buy_options)
    assert buying.refusal is not None
    assert buying.refusal.en.startswith("R-23: 'Earps' has not run the post-game sequence")
    assert "buying happens between games" in buying.refusal.en
    assert all(o.refusal == buying.refusal for o in buying.options)
    with store.transaction(engine) as session:
        check_agreement(
            session, lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        )


def test_json_shapes(engine: Engine, table: Callable[..., Any]) -> None:
    """The JSON the CLI's --json and the web API serve: ids, the book's names in the reader's
    language, the refusal in the reader's language (docs/campaign.md)."""
    table(gangs.new_gang, name="Earps", faction="lawmen")
    table(roster.hire, profile="sceriffo", name="Wyatt")
    with store.transaction(engine, access=store.Access.READ) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        hire = choices.hire_data(choices.hire_options(session, gang), "it")
        buy = choices.buy_data(choices.buy_options(session, gang), "en")
        advance = choices.advance_data(choices.advance_options(session, gang), "it")
    assert set(hire) == {"gang", "treasury", "allowed", "refusal", "options"}
    assert (hire["gang"], hire["treasury"], hire["allowed"]) == ("Earps", 220, True)
    sheriff = next(o for o in hire["options"] if o["profile"] == "sheriff")
    assert sheriff == {
        "profile": "sheriff",
        "name": "Sceriffo",
        "faction": "lawmen",
        "role": "leader",
        "cost": 180,
        "max": 1,
        "hired": 1,
        "room": 0,
        "characteristics": {
            "tiro": 3,
            "fred": 3,
            "rif": 4,
            "cos": 3,
            "fama": 1,
            "fortuna": 2,
            "xp": 2,
        },  # fmt: skip
        "skills": [],
        "allowed": False,
        "refusal": "R-13: 'Earps' ha già un capo ('Wyatt'); una banda ne ha al massimo uno.",
    }
    deputy = next(o for o in hire["options"] if o["profile"] == "deputy")
    assert (deputy["hired"], deputy["room"]) == (0, 2)  # "max 2", five places on the roster
    lasso = next(o for o in buy["options"] if o["item"] == "lasso")
    assert lasso == {
        "item": "lasso",
        "name": "Lasso",
        "kind": "weapon",
        "cost": 10,
        "disp": 2,
        "two_handed": False,
        "affordable": True,
        "waiting": False,
        "allowed": True,
        "refusal": None,
        "stash": {"member": None, "price": 10, "allowed": True, "refusal": None},
        "carriers": [{"member": "Wyatt", "price": 10, "allowed": True, "refusal": None}],
    }
    assert buy["waiting"] == []
    (wyatt,) = advance["options"]
    assert wyatt["member"] == "Wyatt" and wyatt["xp"] == find_profile("sceriffo").xp
    skill = wyatt["advances"][0]
    assert skill == {
        "advance": "skill",
        "name": "Nuova abilità",
        "cost": 3,
        "missing": 1,
        "promotes": False,
        "allowed": False,
        "refusal": "R-11: una nuova abilità costa 3 PE ma 'Wyatt' ne ha 2.",
    }
