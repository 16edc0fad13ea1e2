"""The words of the procedures that are not a shot or a fight, in both languages: the modifiers'
short names (``LABELS``), the explanations' sentences (``MESSAGES``), and the names of skills,
invalidities and doctors from the rules tables. ``engine.explain_procedures`` and
``engine.explain_campaign`` explain the rolls with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.engine.explain import (
    Words,
)
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules import find_doctor, find_skill, invalidity_for_roll
from skirmish.translation import N_

if TYPE_CHECKING:
    # Types only: each command has already imported the one engine module it runs, so the
    # functions below import their enums locally and ``roll reflex`` never loads the others.
    from skirmish.engine.recovery import Doctor, Invalidity


#: Short names of the modifiers these tests use, by the engine's key.
LABELS: Catalogue = messages(
    {
        "side-step": N_("side-step"),
        "side-step-fast": N_("fast side-step"),
        "backing": N_("backing"),
        "disengage-enemies": N_("enemies beyond the first"),
        "buon-cavaliere": N_("BUON CAVALIERE"),
        "cowboy-lasso": N_("cowboy's lasso"),
        "imbranato": N_("Imbranato"),
        "whisky": N_("whisky"),
        "opportunity-fire": N_("opportunity fire doubles penalties"),
        "rif": N_("RIF"),
        "fama": N_("FAMA"),
        "leader-in-play": N_("leader in play"),
        "leader-dead": N_("leader eliminated"),
        "doctor-bone-setter": N_("bone-setter"),
        "doctor-graduate": N_("graduate doctor"),
        "protection": N_("protection"),
        "whisky-rif": N_("whisky, −1 RIF"),
    }
)

#: The words of each step.
MESSAGES: Catalogue = messages(
    {
        "reflex": N_("reflex"),
        "vs": N_("vs"),
        "each": N_("each"),
        "needed": N_("{need} needed"),
        "passed": N_("passed"),
        "failed": N_("failed"),
        "initiative": N_("initiative"),
        "shaken-nerves": N_("natural 1 with Nervi scossi: shaken this turn"),
        "tie": N_("tie, roll again"),
        "first-wins": N_("you win and choose which side activates a model"),
        "second-wins": N_("the opponent wins and chooses which side activates a model"),
        "first-shaken": N_("your model is shaken this turn (Nervi scossi)"),
        "second-shaken": N_("the opponent's model is shaken this turn (Nervi scossi)"),
        "cohesion": N_("cohesion"),
        "highest-fred": N_("highest FRED"),
        "fights-on": N_("the gang fights on"),
        "retreats": N_("the gang retreats and loses the game"),
        "infamy": N_("infamy"),
        "loss-fama": N_("one model of your choice loses 1 FAMA for good"),
        "loss-fortuna": N_(
            "no FAMA in the gang: one model of your choice loses 1 FORTUNA for good"
        ),
        "loss-none-left": N_("no FAMA or FORTUNA in the gang: nothing to lose"),
        "no-loss": N_("no loss"),
        "recovery": N_("recovery"),
        "dead": N_("dead"),
        "invalid": N_("invalid"),
        "wounded": N_("wounded: −1 COS in the next game only"),
        "recovered": N_("fully recovered"),
        "fee": N_("hired for {fee}$"),
        "free": N_("the gang's own doctor, free"),
        "fortuna-saves": N_("FORTUNA reroll {face}, below COS {cos}: survives as an invalid"),
        "fortuna-fails": N_("FORTUNA reroll {face}, not below COS {cos}: dies"),
        "invalid-table": N_("invalid table"),
        "duplicate": N_("{name} already, roll again"),
        "every-invalidity": N_("already has every invalidity: nothing more to roll (H-07)"),
        "skill": N_("new skill"),
        "owned": N_("{name} already owned, roll again"),
        "graduate": N_("{name} again: the bone-setter becomes a graduate doctor"),
        "graduate-name": N_("Dottore laureato"),
        "choose": N_("choose the {choice} type it applies to"),
        "choice-rifle": N_("rifle"),
        "choice-blade": N_("blade"),
        "choice-pistol": N_("pistol"),
        "cacciatore": N_("mountain men take CACCIATORE without rolling: {name}"),
        "availability": N_("availability"),
        "available": N_("available, it can be bought"),
        "unavailable": N_("not available this time; try again after the next game (H-03)"),
        "no-roll": N_("{item}: no availability roll for this gang's weapons (R-12)"),
        "rare": N_("rare (R-12): {who}"),
        "explosives": N_("only where explosives are allowed"),
        "fuse": N_("short fuse {face}"),
        "fuse-ok": N_("thrown"),
        "fuse-hands": N_("it explodes in the thrower's hands"),
        "in-hands": N_("resolve the blast around the thrower (⟨thrower⟩)"),
        "step": N_("step away {face}: {step}U, now {at}U from the blast"),
        "step-out": N_("out of the radius, unharmed"),
        "step-in": N_("still within 5U"),
        "blast": N_("{explosive} {damage} damages"),
        "blast-protection": N_(
            "{explosive} {damage} − protection {protection} = {damages} damages"
        ),
        "unharmed": N_("the protection stops every damage: unharmed"),
        "save": N_("save"),
        "no-wound": N_("no wound"),
        "wound": N_("1 wound"),
        "wounds": N_("{n} wounds"),
        "eliminated": N_("eliminated: COS {cos} − {wounds} = {left}"),
        "thrown": N_("thrown {face} + {damages} = {distance}U and terrified (no panic test)"),
        "in-all": N_("{wounds} in all, COS {left} left"),
        "in-all-none": N_("no wounds in all, COS {left} left"),
        "lasso": N_("lasso"),
        "mount": N_("mount"),
        "missed": N_("missed: the target is not caught"),
        "caught": N_("caught (reflex test taken apart)"),
        "thrower-pulled": N_("the thrower is pulled {distance}U"),
        "held": N_("the target is held"),
        "target-pulled": N_("the target is pulled {distance}U"),
        "knocked-down": N_("and knocked down"),
    }
)


WORDS = Words(labels=LABELS, messages=MESSAGES)
label = WORDS.label
modifiers_json = WORDS.modifiers_json
wounds_text = WORDS.wounds_text
save_line = WORDS.save_line


def entry_name(entry: Any, lang: Lang | str) -> str:
    return str(entry.name_it if str(lang) == Lang.IT else entry.name_en)


def skill_name(skill: str, lang: Lang | str) -> str:
    """A skill's name from the rules tables (the graduate has none there)."""
    from skirmish.engine.advances import DOTTORE_LAUREATO  # lazy: procedure

    if skill == DOTTORE_LAUREATO:
        return tr(MESSAGES, "graduate-name", lang)

    return entry_name(find_skill(skill), lang).upper()


def invalidity_name(invalidity: Invalidity, lang: Lang | str) -> str:
    """An invalidity's name and effect from the invalid table."""
    row = invalidity_for_roll(invalidity.face)
    text = row.text_it if str(lang) == Lang.IT else row.text_en
    effect = text.rstrip(".")
    return f"{entry_name(row, lang)}: {effect[:1].lower()}{effect[1:]}"


def doctor_name(doctor: Doctor, lang: Lang | str) -> str:
    """A doctor's name from the rules tables."""
    return entry_name(find_doctor(doctor.value), lang)
