"""The configurations whose exact odds are kept as golden files (tests/golden/odds/*.json).

Each case is built from the engine's own setup values, so the golden files do not depend on
how the CLI spells its options; ``payload`` is what ``skirmish odds … --json`` prints for it.
Regenerate with ``python -m tests.odds.regen`` (or ``python tests/odds/regen.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skirmish.engine.nerve import nerve_modifiers
from skirmish.engine.panic import panic_modifiers
from skirmish.engine.reflex import reflex_modifiers
from skirmish.engine.saving import save_modifiers
from skirmish.engine.setup import (
    Attacker,
    FightSituation,
    Immunity,
    MeleeSetup,
    MountPace,
    ShootSetup,
    ShotSituation,
    SkillTaken,
    Target,
)
from skirmish.odds.combat import melee_odds, shoot_odds
from skirmish.odds.report import (
    combat_payload,
    nerve_payload,
    panic_payload,
    reflex_payload,
    save_payload,
)
from skirmish.odds.single import nerve_odds, panic_odds, reflex_odds, save_odds
from skirmish.rules import find_weapon
from skirmish.rules.model import Cover, ModelState

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "odds"


def weapon(name: str) -> Any:
    return find_weapon(name)


@dataclass(frozen=True)
class Case:
    """One golden configuration: a name, what it shows, and how to compute its payload."""

    name: str
    about: str
    payload: Callable[[], dict[str, Any]]
    setup: ShootSetup | MeleeSetup | None = None
    rerolls: int = 0
    target_rerolls: int = 0
    tags: frozenset[str] = field(default_factory=frozenset)

    @property
    def path(self) -> Path:
        return GOLDEN / f"{self.name}.json"


def _shoot(name: str, about: str, setup: ShootSetup, rerolls: int = 0, target: int = 0) -> Case:
    return Case(
        name,
        about,
        lambda: combat_payload(shoot_odds(setup, rerolls=rerolls, target_rerolls=target)),
        setup,
        rerolls,
        target,
    )


def _melee(name: str, about: str, setup: MeleeSetup, rerolls: int = 0, target: int = 0) -> Case:
    return Case(
        name,
        about,
        lambda: combat_payload(melee_odds(setup, rerolls=rerolls, target_rerolls=target)),
        setup,
        rerolls,
        target,
    )


SIX = weapon("six-shooter")
KNIFE = weapon("knife")

#: §4.2: Wyatt (TIRO 4, FRED 3) shoots Billy (RIF 3, FRED 3, COS 3) behind a fence at 8U.
EXAMPLE_4_2 = ShootSetup(
    Attacker(tiro=4, fred=3, weapon=SIX),
    Target(rif=3, fred=3, cos=3),
    ShotSituation(range=8, cover=Cover.LIGHT, target_waiting=True),
)
#: §4.3: John (COS 3, FRED 4, knife) stabs an unarmed Billy (RIF 3, FRED 3, COS 3).
EXAMPLE_4_3 = MeleeSetup(Attacker(cos=3, fred=4, weapon=KNIFE), Target(rif=3, fred=3, cos=3))
#: The benchmark: a TIRO 4 gunman fans his six-shooter at short range at a RIF 3 FRED 3 COS 3.
FANNING = ShootSetup(
    Attacker(tiro=4, fred=3, weapon=SIX),
    Target(rif=3, fred=3, cos=3),
    ShotSituation(range=4, fanning=True),
)
MEXICAN_FANNING = ShootSetup(
    Attacker(tiro=3, fred=3, weapon=SIX, faction="mexicans"),
    Target(rif=2, fred=3, cos=2),
    ShotSituation(range=5, fanning=True, target_waiting=True),
)

CASES: tuple[Case, ...] = (
    _shoot("shoot-example-4-2", "§4.2 Wyatt shoots Billy behind a fence", EXAMPLE_4_2),
    _shoot(
        "shoot-no-target",
        "TIRO 3 heavy pistol, beyond short range, nothing known of the target",
        ShootSetup(Attacker(tiro=3, fred=3, weapon=weapon("heavy-pistol"))),
    ),
    _shoot(
        "shoot-rifle-aim-cecchino",
        "CECCHINO aiming a rifle (+2) at a RIF 2 COS 2 target, no FRED known",
        ShootSetup(
            Attacker(tiro=3, fred=2, weapon=weapon("rifle"), skills=(SkillTaken("cecchino"),)),
            Target(rif=2, cos=2),
            ShotSituation(range=20, aim=True),
        ),
    ),
    _shoot(
        "shoot-small-pistol-first-use",
        "Small pistol, 2 shots at 3U, first use (the first hit's saves +1)",
        ShootSetup(
            Attacker(tiro=3, fred=3, weapon=weapon("small-pistol")),
            Target(rif=3, fred=3, cos=3),
            ShotSituation(range=3, shots=2, first_small_pistol=True),
        ),
    ),
    _shoot(
        "shoot-two-pistols-shaken",
        "A shaken shooter firing two six-shooters, 2 shots, at a shaken RIF 2 FRED 2 COS 2",
        ShootSetup(
            Attacker(tiro=4, fred=3, weapon=SIX, two_pistols=True, state=ModelState.SHAKEN),
            Target(rif=2, fred=2, cos=2, state=ModelState.SHAKEN),
            ShotSituation(range=5, shots=2),
        ),
    ),
    _shoot(
        "shoot-repeater-17-rounds",
        "Repeater loaded with 17 (a natural 1 jams), at a RIF 3 COS 1 target",
        ShootSetup(
            Attacker(tiro=3, fred=3, weapon=weapon("repeater"), rounds=17),
            Target(rif=3, cos=1),
            ShotSituation(range=8),
        ),
    ),
    _shoot("shoot-fanning", "Fanning a six-shooter, TIRO 4, with saves and panic", FANNING),
    _shoot(
        "shoot-fanning-mexican",
        "A mexican fanning (5s fire at −1), TIRO 3, at a waiting RIF 2 FRED 3 COS 2",
        MEXICAN_FANNING,
    ),
    _shoot(
        "shoot-galloping-rider",
        "Aimed rifle at a galloping rider (a 7 rolls for the mount, then the rider's reflex)",
        ShootSetup(
            Attacker(tiro=2, fred=3, weapon=weapon("rifle")),
            Target(rif=3, cos=2, mount=MountPace.GALLOP),
            ShotSituation(range=20, aim=True),
        ),
    ),
    _shoot(
        "shoot-double-barrel-trotting",
        "Double barrel at 3U, 2 shots at a trotting rider: a fallen mount changes shot 2",
        ShootSetup(
            Attacker(tiro=1, fred=2, weapon=weapon("double-barrel")),
            Target(mount=MountPace.TROT),
            ShotSituation(range=3, shots=2),
        ),
    ),
    _shoot(
        "shoot-prone-partial-behind",
        "Prone target in partial cover, shot from behind within short range",
        ShootSetup(
            Attacker(tiro=4, fred=4, weapon=SIX),
            Target(rif=1, fred=2, cos=2, prone=True),
            ShotSituation(range=4, cover=Cover.PARTIAL, behind=True),
        ),
    ),
    _shoot(
        "shoot-panic-only",
        "Only the target's FRED known: a leader within 5U lends FRED 4",
        ShootSetup(
            Attacker(tiro=2, fred=1, weapon=SIX),
            Target(fred=2, leader_fred=4, saloon_girl=True),
            ShotSituation(range=10),
        ),
    ),
    _shoot(
        "shoot-opportunity-double-barrel",
        "R-16: opportunity fire, double barrel at 3U, 2 shots at a waiting target: no bonus at "
        "all (weapon, within 4U, short range, waiting), target moving −1",
        ShootSetup(
            Attacker(tiro=4, fred=3, weapon=weapon("double-barrel")),
            Target(rif=3, fred=3, cos=3),
            ShotSituation(range=3, shots=2, target_waiting=True, opportunity=True),
        ),
    ),
    _melee("melee-example-4-3", "§4.3 John's knife against an unarmed Billy", EXAMPLE_4_3),
    _melee(
        "melee-rifle-club-target-waiting",
        "R-18: a rifle used as a club (+1, not its shooting +2) against an axe, the defender "
        "has not acted yet (+1)",
        MeleeSetup(
            Attacker(cos=3, fred=3, weapon=weapon("rifle")),
            Target(rif=3, fred=3, cos=3, weapon=weapon("woodsman-axe")),
            FightSituation(target_waiting=True),
        ),
    ),
    _melee(
        "melee-bare-hands-vs-knife",
        "Bare hands against a shaken defender with a knife, mountain men charging",
        MeleeSetup(
            Attacker(cos=4, fred=2),
            Target(rif=2, fred=2, cos=2, weapon=KNIFE, state=ModelState.SHAKEN),
            FightSituation(mountain_men_charge=True),
        ),
    ),
    _melee(
        "melee-immune-from-behind",
        "A tomahawk from behind at a defender near his Capitano (never panics)",
        MeleeSetup(
            Attacker(cos=2, fred=3, weapon=weapon("tomahawk")),
            Target(rif=3, fred=1, cos=3, immunity=Immunity.CAPITANO),
            FightSituation(behind=True),
        ),
    ),
    _shoot(
        "shoot-no-target-fortuna-2",
        "TIRO 3 heavy pistol with 2 rerolls",
        ShootSetup(Attacker(tiro=3, fred=2, weapon=weapon("heavy-pistol"))),
        2,
    ),
    _shoot(
        "shoot-saves-target-fortuna-1",
        "Aimed rifle at a RIF 2 COS 1 target that has 1 reroll for its saving roll",
        ShootSetup(
            Attacker(tiro=4, fred=3, weapon=weapon("rifle")),
            Target(rif=2, cos=1),
            ShotSituation(range=10, aim=True),
        ),
        0,
        1,
    ),
    _melee(
        "melee-tomahawk-fortuna-1-target-1",
        "Tomahawk from behind, 1 reroll each side, the defender COS 1",
        MeleeSetup(
            Attacker(cos=2, fred=2, weapon=weapon("tomahawk")),
            Target(rif=3, cos=1),
            FightSituation(behind=True),
        ),
        1,
        1,
    ),
    _melee(
        "melee-panic-target-fortuna-1",
        "Bare hands against a FRED 2 defender charged by mountain men, 1 reroll for its panic",
        MeleeSetup(
            Attacker(cos=4, fred=3), Target(fred=2), FightSituation(mountain_men_charge=True)
        ),
        0,
        1,
    ),
    _shoot("shoot-fanning-fortuna-1", "Fanning with 1 reroll", FANNING, 1),
    Case(
        "nerve-shaken",
        "Nerve test, FRED 3, shaken",
        lambda: nerve_payload(
            nerve_odds(nerve_modifiers(Attacker(fred=3, state=ModelState.SHAKEN), fight=False))
        ),
    ),
    Case(
        "nerve-fortuna-2",
        "Nerve test, FRED 2, 2 rerolls",
        lambda: nerve_payload(
            nerve_odds(nerve_modifiers(Attacker(fred=2), fight=True), rerolls=2), 2
        ),
    ),
    Case(
        "save-three-behind-cos-2",
        "Three saving rolls from behind, RIF 3, COS 2",
        lambda: save_payload(
            save_odds(3, damage=3, modifiers=save_modifiers(behind=True), cos=2), 2
        ),
    ),
    Case(
        "save-fortuna-1",
        "Two saving rolls, RIF 2, COS 3, 1 reroll",
        lambda: save_payload(save_odds(2, damage=2, cos=3, rerolls=1), 3, 1),
    ),
    Case(
        "panic-shaken-leader",
        "Panic test, FRED 2, shaken, leader's FRED 3",
        lambda: panic_payload(
            panic_odds(
                panic_modifiers(Target(fred=2, leader_fred=3, state=ModelState.SHAKEN)),
                state=ModelState.SHAKEN,
            )
        ),
    ),
    Case(
        "panic-terrified-fortuna-2",
        "Panic test, FRED 3, terrified, 2 rerolls",
        lambda: panic_payload(
            panic_odds(
                panic_modifiers(Target(fred=3, state=ModelState.TERRIFIED)),
                state=ModelState.TERRIFIED,
                rerolls=2,
            ),
            2,
        ),
    ),
    Case(
        "reflex-need-2",
        "Reflex test, RIF 4, 2 successes needed, galloping side-step",
        lambda: reflex_payload(reflex_odds(4, need=2, modifiers=reflex_modifiers(side_step=2)), 2),
    ),
    Case(
        "reflex-fortuna-1",
        "Reflex test, RIF 3, 1 success, 1 reroll",
        lambda: reflex_payload(reflex_odds(3, need=1, rerolls=1), 1, 1),
    ),
)

BY_NAME = {case.name: case for case in CASES}
