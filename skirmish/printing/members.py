"""A gang's member on paper: ``member_view`` takes one member of ``skirmish gang show --json``
and adds what a player would otherwise look up in the book: weapon profiles (``weapon_line``),
mounts, what each skill and injury does, the role, the ESPERIENZA track with the prices of the
advances (``xp_track``, ``advance_marks``) and the leader's aura in plain words
(``leader_aura``); ``by_rank`` orders a gang's sheet and cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from skirmish.errors import RulesError
from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.printing.labels import labels
from skirmish.printing.views import (
    AdvanceMark,
    MemberView,
    MountLine,
    Trait,
    WeaponLine,
    XpBox,
)
from skirmish.rules import (
    advances,
    find_equipment,
    find_profile,
    find_skill,
    invalid_table,
    recovery_table,
)
from skirmish.rules.entries import Invalidity, RecoveryResult
from skirmish.rules.model import Item, Profile, Role, Weapon
from skirmish.rules.names import NameIndex
from skirmish.translation import N_, NP_, Message

WORDS: Catalogue = messages(
    {
        "leader": N_("LEADER"),
        "hero": N_("HERO"),
        "hero_max": N_("HERO, max {max}"),
        "thrown": N_("COS×2"),
        "template": N_("template"),
        "melee": N_("melee"),
        "no_aim": N_("cannot aim"),
        "fanning": N_("may fan the cylinder (2 actions)"),
        "improvised": N_("improvised weapon"),
        "blade": N_("blade"),
        "two_handed": NP_("members.WORDS.two_handed", "two-handed"),
        "jams": N_("loaded with 17, a 1 jams it"),
        "point_blank": N_("+{b} bonus within {u}U"),
        "light_cover": N_("ignores light cover"),
        "bayonet": N_("takes a bayonet"),
        "mounted": N_("horseback penalties {n} smaller"),
        "no_damage": N_("no damage"),
        "explosive": N_("{d} damage, {r}U radius"),
        "scope": N_("scope +{u}U"),
        "mount_move": N_("trot {trot}U, gallop {gallop}U"),
        "no_jump": N_("cannot jump"),
        "choice": N_("{skill} ({choice})"),
        "aura_fred": (
            N_("{who}: friendly models within 5U may use his FRED ({fred}) for panic tests (R-04).")
        ),
        "aura_no_panic": (
            N_(
                "{who}: he and every friendly model within 5U never panic: they take no panic "
                "tests (R-04)."
            )
        ),
        "aura_none": N_("{who}: the book gives him no aura."),
        "cohesion_leader": (
            N_("Cohesion test: −1 while the leader is in play, +1 once he is eliminated (R-08).")
        ),
        "cohesion_no_leader": (
            N_(
                "The gang has no leader: no aura, and its cohesion "
                "test has no leader modifier (R-08)."
            )
        ),
        "who": N_("{name} ({profile})"),
        "wounded": N_("−1 COS in the next game only (R-10)."),
        "graduate": N_("Graduate doctor"),
        "graduate_effect": (
            N_(
                "heals eliminated friends for free: +2 to their recovery roll if he was not killed "
                "in the game (R-10)."
            )
        ),
        "good": N_("good side"),
        "bad": N_("bad side"),
        "table": N_("{size} U. {layout}"),
        "new_skill": N_("Skill"),
    }
)

#: The store's id for DOTTORE taken a second time (a graduate doctor, §7.2, R-10).
GRADUATE = "dottore-laureato"

#: Leaders whose FRED friendly models within 5U may use for panic tests (R-04, §9).
FRED_AURA_LEADERS = frozenset({"sheriff", "boss", "ranchero", "killer", "chief"})
#: Leaders near whom no model takes a panic test (R-04, §9.10).
NO_PANIC_LEADERS = frozenset({"captain"})

#: Weapon categories as the skills "a scelta" record them (R-11).
CATEGORY_WORDS: Catalogue = messages(
    {"rifle": N_("rifle"), "pistol": N_("pistol"), "blade": N_("blade")}
)


def word(key: str, lang: Lang | str, **values: Any) -> str:
    return tr(WORDS, key, lang, **values)


@cache
def _injury_index() -> NameIndex[Invalidity | RecoveryResult]:
    wounded = [r for r in recovery_table() if r.id == "wounded"]
    entries: list[Invalidity | RecoveryResult] = [*invalid_table(), *wounded]
    return NameIndex("injury", entries)


def entry_id(entry: Any, *keys: str) -> str:
    """An entry of a list in the store's dict: a bare id, or a dict holding it."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Mapping):
        for key in ("id", *keys, "name"):
            value = entry.get(key)
            if isinstance(value, str) and value:
                return value
    raise RulesError(
        Message(
            "cannot read {entry!r} as a table entry: expected an id or {{'id': ...}}.", entry=entry
        )
    )


def _choice(entry: Any) -> str | None:
    if isinstance(entry, Mapping):
        value = entry.get("choice")
        return str(value) if value else None
    return None


def role_label(profile: Profile, lang: Lang | str, role: Role | None = None) -> str:
    """The book's role line: LEADER, EROE max N, or nothing for a common model.

    ``role`` is the model's own when it differs from its profile's (a common model promoted to
    hero by FAMA or FORTUNA, R-11).
    """
    role = role or profile.role
    if role is Role.LEADER:
        return word("leader", lang)
    if role is Role.HERO:
        if profile.role is Role.HERO and profile.max:
            return word("hero_max", lang, max=profile.max)
        return word("hero", lang)
    return ""


def weapon_line(weapon: Weapon, lang: Lang | str, *, range_bonus: int = 0) -> WeaponLine:
    """A weapon's profile as printed on a card (tables 5–7, R-14); ``range_bonus`` for a scope."""
    notes: list[str] = []
    if not weapon.can_aim:
        notes.append(word("no_aim", lang))
    if weapon.fanning:
        notes.append(word("fanning", lang))
    if weapon.improvised:
        notes.append(word("improvised", lang))
    if weapon.blade:
        notes.append(word("blade", lang))
    if weapon.two_handed:
        notes.append(word("two_handed", lang))
    if weapon.jams_on_17:
        notes.append(word("jams", lang))
    if weapon.point_blank:
        notes.append(word("point_blank", lang, u=weapon.point_blank, b=weapon.point_blank_bonus))
    if weapon.ignores_light_cover:
        notes.append(word("light_cover", lang))
    if weapon.takes_bayonet:
        notes.append(word("bayonet", lang))
    if weapon.mounted_penalty_reduction:
        notes.append(word("mounted", lang, n=weapon.mounted_penalty_reduction))
    if not weapon.deals_damage:
        notes.append(word("no_damage", lang))
    if weapon.explosive_damage:
        notes.append(word("explosive", lang, d=weapon.explosive_damage, r=weapon.blast_radius))
    if range_bonus:
        notes.append(word("scope", lang, u=range_bonus))

    if weapon.short is not None and weapon.long is not None:
        short, long = str(weapon.short), str(weapon.long + range_bonus)
    elif weapon.thrown:
        short, long = word("thrown", lang), ""
    elif weapon.template:
        short, long = word("template", lang), ""
    else:
        short, long = word("melee", lang), ""
    shots = weapon.shots_label or "–"  # as the book prints it: "1/2", "1/6" (tables 5–7)
    rounds = "/".join(str(r) for r in weapon.rounds) or "–"
    return WeaponLine(
        name=name(weapon, lang),
        short=short,
        long=long,
        shots=shots,
        rounds=rounds,
        ca=weapon.ca,
        bonus=weapon.bonus,
        note="; ".join(notes),
    )


def mount_line(item: Item, lang: Lang | str) -> MountLine:
    """A mount's numbers and its movement (§8.2, table 2)."""
    notes = []
    if item.trot is not None and item.gallop is not None:
        notes.append(word("mount_move", lang, trot=item.trot, gallop=item.gallop))
    if not item.jumps:
        notes.append(word("no_jump", lang))
    return MountLine(
        name=name(item, lang),
        tiro=item.tiro or 0,
        fred=item.fred or 0,
        rif=item.rif or 0,
        cos=item.cos or 0,
        note=", ".join(notes),
    )


def _skill_traits(member: Mapping[str, Any], profile: Profile, lang: Lang | str) -> list[Trait]:
    traits: list[Trait] = []
    seen: set[str] = set()
    for entry in [*profile.skills, *member.get("skills", ())]:
        skill_id = entry_id(entry, "skill")
        if skill_id == GRADUATE:  # DOTTORE taken twice (§7.2): no row of its own on the table
            traits.append(Trait(word("graduate", lang), word("graduate_effect", lang)))
            continue
        skill = find_skill(skill_id)
        choice = _choice(entry)
        key = f"{skill.id}/{choice}"
        if key in seen:
            continue
        seen.add(key)
        label = name(skill, lang)
        if choice:
            shown = CATEGORY_WORDS[str(lang)].get(choice) if str(lang) in CATEGORY_WORDS else None
            label = word("choice", lang, skill=label, choice=shown or equipment_name(choice, lang))
        traits.append(Trait(label, skill.text_it if str(lang) == Lang.IT else skill.text_en))
    return traits


def equipment_name(value: str, lang: Lang | str) -> str:
    try:
        return name(find_equipment(value), lang)
    except RulesError:
        return value


def _injury_traits(member: Mapping[str, Any], lang: Lang | str) -> list[Trait]:
    traits = []
    for entry in member.get("injuries", ()):
        injury = _injury_index().find(entry_id(entry, "injury"))
        if isinstance(injury, RecoveryResult):  # "wounded": its table text repeats the name
            effect = word("wounded", lang)
        else:
            effect = injury.text_it if str(lang) == Lang.IT else injury.text_en
        traits.append(Trait(name(injury, lang), effect))
    return traits


def _profile(member: Mapping[str, Any], faction: str | None) -> Profile:
    return find_profile(str(member["profile"]), faction=faction)


def _role(member: Mapping[str, Any]) -> Role | None:
    value = member.get("role")
    return Role(value) if isinstance(value, str) and value in set(Role) else None


#: The order of a gang's sheet and cards: the leader, the heroes, the commons (issue #13).
RANK_ORDER = (Role.LEADER, Role.HERO, Role.COMMON)


def member_role(member: Mapping[str, Any], faction: str | None = None) -> Role:
    """A model's standing: its own (a common promoted to hero by FAMA or FORTUNA, R-11), or
    its profile's when the store's dict does not say."""
    return _role(member) or _profile(member, faction).role


def by_rank(
    members: Sequence[Mapping[str, Any]], faction: str | None = None
) -> list[Mapping[str, Any]]:
    """``members`` leader first, then the heroes (promoted commons among them, R-11), then the
    commons; each group in the order of the store's list (hiring order). ``faction`` tells
    apart profiles that share a name (VOLONTARIO)."""
    rank = {role: i for i, role in enumerate(RANK_ORDER)}
    return sorted(members, key=lambda m: rank[member_role(m, faction)])  # sorted() is stable


def member_view(
    member: Mapping[str, Any], lang: Lang | str, faction: str | None = None
) -> MemberView:
    """One model of the store's gang dict as printed on its card (``faction`` tells apart
    profiles that share a name, VOLONTARIO)."""
    profile = _profile(member, faction)
    weapons: list[Weapon] = []
    equipment: list[str] = []
    mount: MountLine | None = None
    scope = 0
    scope_fits: tuple[str, ...] = ()
    for entry in member.get("items", ()):
        found = find_equipment(entry_id(entry, "item"))
        if isinstance(found, Weapon):
            weapons.append(found)
            continue
        if found.kind == "mount" and mount is None:
            mount = mount_line(found, lang)
            continue
        if found.range_bonus:
            scope, scope_fits = found.range_bonus, found.fits
        equipment.append(name(found, lang))
    lines = tuple(
        weapon_line(w, lang, range_bonus=scope if w.id in scope_fits else 0) for w in weapons
    )
    return MemberView(
        name=str(member["name"]),
        profile=name(profile, lang),
        role=role_label(profile, lang, _role(member)),
        tiro=int(member["tiro"]),
        fred=int(member["fred"]),
        rif=int(member["rif"]),
        cos=int(member["cos"]),
        fama=int(member["fama"]),
        fortuna=int(member["fortuna"]),
        xp=int(member["xp"]),
        actions=profile.actions,
        special=profile.special_it if str(lang) == Lang.IT else profile.special_en,
        weapons=lines,
        skills=tuple(_skill_traits(member, profile, lang)),
        injuries=tuple(_injury_traits(member, lang)),
        equipment=tuple(equipment),
        mount=mount,
        notes=str(member.get("notes") or ""),
        xp_track=xp_track(int(member["xp"])),
        dead=str(member.get("status") or "") == "dead",
    )


def leader_aura(
    members: Sequence[Mapping[str, Any]], lang: Lang | str, faction: str | None = None
) -> str:
    """The leader's aura (R-04) and what the leader means for cohesion (R-08), in plain words."""
    for member in members:
        profile = _profile(member, faction)
        if profile.role is not Role.LEADER:
            continue
        who = word("who", lang, name=member["name"], profile=name(profile, lang))
        if profile.id in NO_PANIC_LEADERS:
            aura = word("aura_no_panic", lang, who=who)
        elif profile.id in FRED_AURA_LEADERS:
            aura = word("aura_fred", lang, who=who, fred=member["fred"])
        else:
            aura = word("aura_none", lang, who=who)
        return f"{aura} {word('cohesion_leader', lang)}"
    return word("cohesion_no_leader", lang)


#: The ESPERIENZA track holds at least this many boxes (twice the dearest advance of §7.2,
#: so a model can save for two), and grows by rows of this many when a model holds more XP.
XP_ROW = 14


@cache  # the same few XP on every card of every page (issue #23): said once per value
def xp_track(xp: int) -> tuple[XpBox, ...]:
    """A card's ESPERIENZA boxes, as on the book's sheet: ``xp`` of them ticked, and the boxes
    whose number is the price of an advance of §7.2 (3, 5, 6, 7 XP, from the rules registry)
    marked with it, so a player sees what the model can buy."""
    costs = {advance.xp for advance in advances()}
    count = max(XP_ROW, -(-max(xp, 0) // XP_ROW) * XP_ROW)
    return tuple(XpBox(ticked=i <= xp, cost=i if i in costs else None) for i in range(1, count + 1))


@cache  # once per language (issue #23: every roster's view asks it)
def advance_marks(lang: Lang | str) -> tuple[AdvanceMark, ...]:
    """What each marked XP box buys (§7.2): a new skill, or +1 to one of two characteristics,
    in the sheet's own short words ("5: RIF/FRED")."""
    words = labels(lang)
    return tuple(
        AdvanceMark(
            advance.xp,
            "/".join(words[c] for c in advance.characteristics)
            if advance.characteristics
            else word("new_skill", lang),
        )
        for advance in sorted(advances(), key=lambda a: a.xp)
    )
