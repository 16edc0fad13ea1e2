"""The quick reference's words in both languages (``TEXT``: titles, headers, notes), the groups
its tables are headed by, and the small helpers its tables share.
"""

from __future__ import annotations

from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.rules.entries import TableModifier
from skirmish.translation import N_, NP_

TEXT: Catalogue = messages(
    {
        "title": N_("Quick reference"),
        "group_turn": N_("Turn and actions"),
        "group_combat": N_("Combat"),
        "group_end": N_("End of the game"),
        "group_campaign": N_("Campaign"),
        "group_equipment": N_("Weapons and equipment"),
        "initiative": N_("Initiative"),
        "initiative_1": N_("1D6 + RIF + the unspent FAMA of the model or of a friend within 5U."),
        "initiative_2": N_(
            "Highest wins and chooses who activates a model; ties roll again (R-07)."
        ),
        "heroes": N_("FAMA and FORTUNA (§1.6)"),
        "heroes_1": N_(
            "FAMA: for each point the model, or a friend within 5U, rerolls one die of any test."
        ),
        "heroes_2": N_(
            "FORTUNA: for each point the model rerolls one of its own dice. Spent points "
            "come back after the game (R-15)."
        ),
        "fire": N_("Friendly fire and opportunity fire"),
        "fire_1": N_(
            "Friendly fire (§4.2.2): a MISS with friendly or neutral models in the line of "
            "fire or within 2U of the target: 1D6, on a {face} take the SHOOTING ROLL against one "
            "of them."
        ),
        "fire_2": N_(
            "Opportunity fire (§4.2.3): a model that has not taken its turn shoots an "
            "enemy that has just moved across its view; first a reflex test with its penalties "
            "doubled (R-06)."
        ),
        "fire_3": N_(
            "It may only shoot, with no bonus at all (neither the weapon's nor any positive "
            "modifier); the target counts as moving (−1) (R-16). It uses the model's whole turn."
        ),
        "explosives": N_("Explosives (§5.5)"),
        "explosive": N_("Explosive"),
        "damage": N_("Damage"),
        "radius": N_("Radius"),
        "reflex": N_("Reflex test"),
        "reflex_1": N_(
            "2D6, modifiers on each die: a die succeeds when it is less than RIF "
            "(equal fails) (R-06)."
        ),
        "reflex_2": N_(
            "1 success is enough; actions marked \u201c2 of 2 dice\u201d need 2 "
            "(table 1). Failed: nothing happens, the actions are spent."
        ),
        "reflex_n1": N_(
            "A positive modifier makes the test harder. Opportunity fire doubles "
            "every penalty (§4.2.3)."
        ),
        "mod_side-step": N_("Horse side-step (table 2)"),
        "mod_side-step-fast": N_("Fast horse side-step (table 2)"),
        "mod_backing": N_("Backing a horse (table 2)"),
        "mod_disengage-enemies": N_("Disengaging: each enemy beyond the first (§4.3.1)"),
        "mod_buon-cavaliere": N_("BUON CAVALIERE, tests with the horse (§7.2)"),
        "mod_cowboy-lasso": N_("Cowboys, lasso (§9.5)"),
        "mod_imbranato": N_("Invalid \u201cImbranato\u201d (§6.5)"),
        "mod_whisky": N_("Drank whisky (§8.3)"),
        "nerve": N_("1 · Nerve test"),
        "nerve_1": N_(
            "Before each shooting or fight action: 2D6, modifiers on each die; "
            "a die greater than FRED fails (R-01)."
        ),
        "nerve_2": N_(
            "FRED +1: DURO when shooting, PUGILE when fighting, whisky. "
            "Taking the test ends the shaken state."
        ),
        "failed": N_("Failed dice"),
        "effect": N_("Effect"),
        "nerve_0": N_("no penalty"),
        "nerve_1f": N_("tense: −1 on this action's rolls"),
        "nerve_2f": N_("nervous: −2 on this action's rolls"),
        "modifier": N_("Modifier"),
        "value": N_("Mod."),
        "per_die": N_("{v} on each die"),
        "shooting": N_("2 · Shooting roll"),
        "shooting_1": N_("For each shot: 1D6 + TIRO + weapon bonus + modifiers + nerve penalty."),
        "shooting_2": N_(
            "1–{miss} miss · {hit}–{one} hit, 1 damage · {double} or more hit, 2 damages (R-02)."
        ),
        "shooting_n1": N_(
            "Cover: only the worst applies; full cover cannot be shot at. "
            "Aim only for the first shot and without moving (CECCHINO +2)."
        ),
        "shooting_n2": N_(
            "A total of {total} against a mounted target: 1D6, on a {face} the mount "
            "is hit and "
            "falls; a galloping rider takes a reflex test, on failure 1 wound and a panic "
            "test (R-02c)."
        ),
        "fight": N_("3 · Fight roll"),
        "fight_1": N_(
            "Within 1U, enemy seen this turn, not shaken: 1D6 + COS + weapon bonus + "
            "modifiers + nerve penalty."
        ),
        "fight_2": N_(
            "1–{miss} miss · {hit}–{one} hit, 1 damage · {double} or more hit, 2 damages (R-05)."
        ),
        "fight_n1": N_(
            "Weapon bonus: 1 with a blade or an improvised weapon (heavy pistol, rifles), "
            "0 bare-handed."
        ),
        "saving": N_("4 · Saving roll"),
        "saving_1": N_("For each damage: 1D6 + modifiers − RIF."),
        "saving_2": N_(
            "{none} or less no wound · {low}–{high} one wound · {two} or more two "
            "wounds (R-03). "
            "COS 0: eliminated."
        ),
        "saving_n1": N_("Small pistol: the first time it hits within short range +1."),
        "panic": N_("5 · Panic test"),
        "panic_1": N_(
            "Every model shot at or fought and not eliminated: 2D6, each die greater than "
            "FRED fails (R-04)."
        ),
        "panic_0": N_("nothing"),
        "panic_1f": N_("SHAKEN (a shaken model becomes TERRIFIED)"),
        "panic_2f": N_("TERRIFIED: skips its next turn (a terrified model drops prone)"),
        "panic_n1": N_("Any failure: a free move to the nearest cover within 5U, else drop prone."),
        "cohesion": N_("Cohesion test"),
        "cohesion_1": N_(
            "At the start of each turn, once the gang has lost more than half of its "
            "models: 1D6 + modifiers against the highest FRED in play."
        ),
        "cohesion_2": N_("Equal or lower: fight on; higher: the gang retreats and loses (R-08)."),
        "cohesion_n1": N_(
            "The book's summary table says \u201cFRED + 1D6\u201d: a misprint of §6.2. "
            "Gangs with no leader (mountain men, rangers): no modifier."
        ),
        "infamy": N_("Infamy test"),
        "infamy_1": N_(
            "Only after a voluntary retreat: 1D6; on a 1 a model of the player's choice "
            "loses 1 FAMA for good, or 1 FORTUNA if none has FAMA (R-09)."
        ),
        "recovery": N_("Recovery"),
        "recovery_1": N_("After the game, for each eliminated model: 1D6 + doctor's bonus (R-10)."),
        "roll": N_("1D6"),
        "result": N_("Result"),
        "doctor": N_("{name}: +{bonus} for {cost}$"),
        "doctor_n1": N_(
            "A gang member with DOTTORE who was not killed in the game heals for free."
        ),
        "invalid": N_("Invalidity (1D6)"),
        "invalid_n1": N_("A duplicate invalidity is rolled again (H-07)."),
        "actions": N_("Accessory actions (table 1)"),
        "actions_1": N_(
            "{most} actions a turn ({fewest} for non-player characters); one shooting "
            "and one "
            "movement action at most a turn (§2.1)."
        ),
        "action": N_("Action"),
        "ca": N_("CA"),
        "note": N_("Note"),
        "movement": N_("Movement (table 2)"),
        "movement_1": N_(
            "One kind of movement a turn. A free turn of up to 90° at its start counts "
            "as movement, so no aiming (§3.1)."
        ),
        "movement_mounts": N_("Mounts, trot/gallop: {mounts}."),
        "mode": N_("Mode"),
        "move": N_("Move"),
        "dp": N_("DP"),
        "foot": N_("On foot"),
        "horse": N_("Mounted"),
        "wagon": N_("Wagon"),
        "reflex_mod": N_("reflex test +{v}"),
        "weapons": N_("Weapons (tables 5–7)"),
        "weapon": N_("Weapon"),
        "short": N_("Short"),
        "long": N_("Long"),
        "shots": N_("Shots"),
        "rounds": NP_("reference_text.TEXT.rounds", "Rounds"),
        "bonus": N_("Bonus"),
        "weapons_n1": N_(
            "Shots 1/2: one or two shots a turn; 1/6: fanning (R-14). "
            "{hunting}: {ca} actions to fire."
        ),
        "protection": N_("Protection from explosions (table 8)"),
        "cover": N_("Shelter"),
        "partial": N_("Partial"),
        "total": N_("Total"),
        "protection_n1": N_(
            "Subtract the protection from the explosive's damage; "
            "each damage left is a saving roll; survivors are thrown 1D6 + damage U and are "
            "TERRIFIED (R-14)."
        ),
        "advances": N_("Advances (§7.2)"),
        "advances_1": N_(
            "+1 experience point (XP) for each enemy eliminated; spent between games (R-11, R-23)."
        ),
        "xp": N_("XP"),
        "advance": N_("Advance"),
        "advances_n1": N_(
            "No characteristic above {max}, FAMA and FORTUNA included. A common "
            "model that gains FAMA or FORTUNA becomes a HERO (§1.6)."
        ),
        "skills": N_("New skills (2D6)"),
        "dice_2d6": N_("2D6"),
        "skill": N_("Skill"),
        "skills_n1": N_(
            "A skill already owned is rolled again; {doctor} twice: graduate doctor "
            "(R-11). {mountain}: may choose {hunter} instead of rolling (§9.6)."
        ),
        "prices": N_("Weapons: prices and availability (§8.2)"),
        "prices_1": N_(
            "Before buying: 1D6 equal to or above DISP, else not this time "
            "(R-12, H-03). R: rare, only for those named."
        ),
        "prices_n1": N_(
            "{free} buy weapons without the availability roll (R-12); rarity still applies."
        ),
        "disp": N_("DISP"),
        "cost": N_("$"),
        "rare": N_("Rare (R)"),
        "rare_for": N_("R: {who}"),
        "explosive_zones": N_("mining or railroad zones"),
        "special": N_("Special items (§8.3)"),
        "item": N_("Item"),
        "special_n1": N_(
            "The lasso is a special item: those who buy weapons without the roll "
            "roll for it all the same (R-24)."
        ),
        "disp_for": N_("{disp} ({who} {value})"),
        "lasso_effect": N_(
            "Thrown COS×2 U, no damage: 1D6 against the COS of the model caught "
            "(plus its mount's) (R-14)."
        ),
        "mounts": N_("Mounts (§8.2)"),
        "mount": NP_("reference_text.TEXT.mount", "Mount"),
        "tiro": N_("TIRO"),
        "fred": N_("FRED"),
        "rif": N_("RIF"),
        "cos": N_("COS"),
        "speed": N_("Trot / gallop"),
        "mounts_n1": N_("{appaloosa}: +{bonus}U of movement, {who} only (R). {mule}: cannot jump."),
        "mounts_n2": N_("{faction}: {rule}"),
    }
)

#: The groups of tables, in reading order; a page is headed by the groups it holds.
GROUPS = ("turn", "combat", "end", "campaign", "equipment")


def phrase(key: str, lang: Lang | str, **values: object) -> str:
    return tr(TEXT, key, lang, **values)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def is_italian(lang: Lang | str) -> bool:
    return str(lang) == Lang.IT


def modifier_rows(mods: tuple[TableModifier, ...], lang: Lang | str) -> tuple[tuple[str, ...], ...]:
    return tuple((name(m, lang), signed(m.value)) for m in mods)
