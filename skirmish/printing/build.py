"""Build the sheets' view-models from the campaign store's gang dict and the rules registry.

``roster_view`` takes the shape of ``skirmish gang show --json`` (name, faction, treasury, stash,
members with name, profile, characteristics, skills, injuries and items) and adds what a player
would otherwise look up in the book: weapon profiles, what each skill and injury does, the
faction's rules, the leader's aura in plain words and the house rules in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from skirmish.errors import RulesError
from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.printing.book import fallen_lines, game_line
from skirmish.printing.views import (
    CampaignView,
    HouseRuleLine,
    MemberView,
    MountLine,
    RosterView,
    ScenarioView,
    Standing,
    Trait,
    WeaponLine,
)
from skirmish.rules import (
    find_equipment,
    find_faction,
    find_profile,
    find_skill,
    invalid_table,
    recovery_table,
)
from skirmish.rules.entries import Invalidity, RecoveryResult
from skirmish.rules.model import Item, Profile, Role, Side, Weapon
from skirmish.rules.names import NameIndex
from skirmish.rules.scenarios import Scenario

WORDS: Catalogue = {
    "it": {
        "leader": "LEADER",
        "hero": "EROE",
        "hero_max": "EROE, max {max}",
        "thrown": "COS×2",
        "template": "sagoma",
        "melee": "corpo a corpo",
        "no_aim": "non si mira",
        "fanning": "può svuotare il tamburo (2 azioni)",
        "improvised": "arma impropria",
        "blade": "arma bianca",
        "two_handed": "a due mani",
        "jams": "con 17 colpi un 1 la inceppa",
        "point_blank": "entro {u}U +{b} bonus",
        "light_cover": "ignora la copertura leggera",
        "bayonet": "monta baionetta",
        "mounted": "malus da cavallo ridotti di {n}",
        "no_damage": "nessun danno",
        "explosive": "{d} danni, raggio {r}U",
        "scope": "mirino +{u}U",
        "mount_move": "trotto {trot}U, corsa {gallop}U",
        "no_jump": "non salta",
        "choice": "{skill} ({choice})",
        "aura_fred": (
            "{who}: le miniature amiche entro 5U possono usare la sua FREDDEZZA ({fred}) nel "
            "TEST DI PANICO (R-04)."
        ),
        "aura_no_panic": (
            "{who}: lui e tutte le miniature amiche entro 5U non subiscono PANICO: non fanno il "
            "TEST DI PANICO (R-04)."
        ),
        "aura_none": "{who}: il libro non gli dà alcuna aura.",
        "cohesion_leader": (
            "TEST DI COESIONE: −1 finché il leader è in gioco, +1 se è eliminato (R-08)."
        ),
        "cohesion_no_leader": (
            "La banda non ha un leader: nessuna aura, e il TEST DI COESIONE non ha il "
            "modificatore del leader (R-08)."
        ),
        "who": "{name} ({profile})",
        "wounded": "−1 COS solo nella prossima partita (R-10).",
        "graduate": "Dottore laureato",
        "graduate_effect": (
            "cura gratis i compagni eliminati: +2 al RECUPERO PERSONAGGIO se non è stato ucciso "
            "nella partita (R-10)."
        ),
        "good": "buoni",
        "bad": "cattivi",
        "side": "{side}: {text}",
        "other": "altri",
        "table": "{size} U. {layout}",
        "first": "Schierano per primi i {side}.",
    },
    "en": {
        "leader": "LEADER",
        "hero": "HERO",
        "hero_max": "HERO, max {max}",
        "thrown": "COS×2",
        "template": "template",
        "melee": "melee",
        "no_aim": "cannot aim",
        "fanning": "may fan the cylinder (2 actions)",
        "improvised": "improvised weapon",
        "blade": "blade",
        "two_handed": "two-handed",
        "jams": "loaded with 17, a 1 jams it",
        "point_blank": "+{b} bonus within {u}U",
        "light_cover": "ignores light cover",
        "bayonet": "takes a bayonet",
        "mounted": "horseback penalties {n} smaller",
        "no_damage": "no damage",
        "explosive": "{d} damage, {r}U radius",
        "scope": "scope +{u}U",
        "mount_move": "trot {trot}U, gallop {gallop}U",
        "no_jump": "cannot jump",
        "choice": "{skill} ({choice})",
        "aura_fred": (
            "{who}: friendly models within 5U may use his FRED ({fred}) for panic tests (R-04)."
        ),
        "aura_no_panic": (
            "{who}: he and every friendly model within 5U never panic: they take no panic "
            "tests (R-04)."
        ),
        "aura_none": "{who}: the book gives him no aura.",
        "cohesion_leader": (
            "Cohesion test: −1 while the leader is in play, +1 once he is eliminated (R-08)."
        ),
        "cohesion_no_leader": (
            "The gang has no leader: no aura, and its cohesion test has no leader modifier (R-08)."
        ),
        "who": "{name} ({profile})",
        "wounded": "−1 COS in the next game only (R-10).",
        "graduate": "Graduate doctor",
        "graduate_effect": (
            "heals eliminated friends for free: +2 to their recovery roll if he was not killed "
            "in the game (R-10)."
        ),
        "good": "good side",
        "bad": "bad side",
        "side": "{side}: {text}",
        "other": "others",
        "table": "{size} U. {layout}",
        "first": "The {side} deploys first.",
    },
}

#: The store's id for DOTTORE taken a second time (a graduate doctor, §7.2, R-10).
GRADUATE = "dottore-laureato"

#: Leaders whose FRED friendly models within 5U may use for panic tests (R-04, §9).
FRED_AURA_LEADERS = frozenset({"sheriff", "boss", "ranchero", "killer", "chief"})
#: Leaders near whom no model takes a panic test (R-04, §9.10).
NO_PANIC_LEADERS = frozenset({"captain"})

#: Weapon categories as the skills "a scelta" record them (R-11).
CATEGORY_WORDS: Catalogue = {
    "it": {"rifle": "fucile", "pistol": "pistola", "blade": "arma bianca"},
    "en": {"rifle": "rifle", "pistol": "pistol", "blade": "blade"},
}


def _w(key: str, lang: Lang | str, **values: Any) -> str:
    return tr(WORDS, key, lang, **values)


@cache
def _injury_index() -> NameIndex[Invalidity | RecoveryResult]:
    wounded = [r for r in recovery_table() if r.id == "wounded"]
    entries: list[Invalidity | RecoveryResult] = [*invalid_table(), *wounded]
    return NameIndex("injury", entries)


def _entry_id(entry: Any, *keys: str) -> str:
    """An entry of a list in the store's dict: a bare id, or a dict holding it."""
    if isinstance(entry, str):
        return entry
    if isinstance(entry, Mapping):
        for key in ("id", *keys, "name"):
            value = entry.get(key)
            if isinstance(value, str) and value:
                return value
    raise RulesError(
        f"cannot read {entry!r} as a table entry: expected an id or {{'id': ...}}.",
        it=f"impossibile leggere {entry!r} come voce di tabella: atteso un id o {{'id': ...}}.",
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
        return _w("leader", lang)
    if role is Role.HERO:
        if profile.role is Role.HERO and profile.max:
            return _w("hero_max", lang, max=profile.max)
        return _w("hero", lang)
    return ""


def weapon_line(weapon: Weapon, lang: Lang | str, *, range_bonus: int = 0) -> WeaponLine:
    """A weapon's profile as printed on a card (tables 5–7, R-14); ``range_bonus`` for a scope."""
    notes: list[str] = []
    if not weapon.can_aim:
        notes.append(_w("no_aim", lang))
    if weapon.fanning:
        notes.append(_w("fanning", lang))
    if weapon.improvised:
        notes.append(_w("improvised", lang))
    if weapon.blade:
        notes.append(_w("blade", lang))
    if weapon.two_handed:
        notes.append(_w("two_handed", lang))
    if weapon.jams_on_17:
        notes.append(_w("jams", lang))
    if weapon.point_blank:
        notes.append(_w("point_blank", lang, u=weapon.point_blank, b=weapon.point_blank_bonus))
    if weapon.ignores_light_cover:
        notes.append(_w("light_cover", lang))
    if weapon.takes_bayonet:
        notes.append(_w("bayonet", lang))
    if weapon.mounted_penalty_reduction:
        notes.append(_w("mounted", lang, n=weapon.mounted_penalty_reduction))
    if not weapon.deals_damage:
        notes.append(_w("no_damage", lang))
    if weapon.explosive_damage:
        notes.append(_w("explosive", lang, d=weapon.explosive_damage, r=weapon.blast_radius))
    if range_bonus:
        notes.append(_w("scope", lang, u=range_bonus))

    if weapon.short is not None and weapon.long is not None:
        short, long = str(weapon.short), str(weapon.long + range_bonus)
    elif weapon.thrown:
        short, long = _w("thrown", lang), ""
    elif weapon.template:
        short, long = _w("template", lang), ""
    else:
        short, long = _w("melee", lang), ""
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
        notes.append(_w("mount_move", lang, trot=item.trot, gallop=item.gallop))
    if not item.jumps:
        notes.append(_w("no_jump", lang))
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
        skill_id = _entry_id(entry, "skill")
        if skill_id == GRADUATE:  # DOTTORE taken twice (§7.2): no row of its own on the table
            traits.append(Trait(_w("graduate", lang), _w("graduate_effect", lang)))
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
            label = _w("choice", lang, skill=label, choice=shown or _equipment_name(choice, lang))
        traits.append(Trait(label, skill.text_it if str(lang) == Lang.IT else skill.text_en))
    return traits


def _equipment_name(value: str, lang: Lang | str) -> str:
    try:
        return name(find_equipment(value), lang)
    except RulesError:
        return value


def _injury_traits(member: Mapping[str, Any], lang: Lang | str) -> list[Trait]:
    traits = []
    for entry in member.get("injuries", ()):
        injury = _injury_index().find(_entry_id(entry, "injury"))
        if isinstance(injury, RecoveryResult):  # "wounded": its table text repeats the name
            effect = _w("wounded", lang)
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
        found = find_equipment(_entry_id(entry, "item"))
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
    )


def leader_aura(
    members: Sequence[Mapping[str, Any]], lang: Lang | str, faction: str | None = None
) -> str:
    """The leader's aura (R-04) and what the leader means for cohesion (R-08), in plain words."""
    for member in members:
        profile = _profile(member, faction)
        if profile.role is not Role.LEADER:
            continue
        who = _w("who", lang, name=member["name"], profile=name(profile, lang))
        if profile.id in NO_PANIC_LEADERS:
            aura = _w("aura_no_panic", lang, who=who)
        elif profile.id in FRED_AURA_LEADERS:
            aura = _w("aura_fred", lang, who=who, fred=member["fred"])
        else:
            aura = _w("aura_none", lang, who=who)
        return f"{aura} {_w('cohesion_leader', lang)}"
    return _w("cohesion_no_leader", lang)


def roster_view(
    gang: Mapping[str, Any],
    lang: Lang | str = Lang.IT,
    *,
    house_rules: Iterable[tuple[str, str]] = (),
) -> RosterView:
    """A gang's sheet from the store's dict; ``house_rules`` are (rule id, text) pairs in force."""
    faction = find_faction(str(gang["faction"]))
    members = list(gang.get("members", ()))
    return RosterView(
        name=str(gang["name"]),
        faction=name(faction, lang),
        treasury=int(gang.get("treasury", 0)),
        members=tuple(member_view(m, lang, faction.id) for m in members),
        stash=tuple(_equipment_name(_entry_id(e, "item"), lang) for e in gang.get("stash", ())),
        faction_rules=tuple(
            r.text_it if str(lang) == Lang.IT else r.text_en for r in faction.rules
        ),
        leader_aura=leader_aura(members, lang, faction.id),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
    )


def _optional(row: Mapping[str, Any], *keys: str) -> int | None:
    for key in keys:
        if row.get(key) is not None:
            return int(row[key])
    return None


def standing(
    gang: Mapping[str, Any], lang: Lang | str = Lang.IT, result: Mapping[str, Any] | None = None
) -> Standing:
    """A gang's line in the standings: its numbers from the store's gang dict, its games from
    ``result`` (a row of the store's standings: games, wins, draws, losses, points, rating)."""
    members = list(gang.get("members", ()))
    row: Mapping[str, Any] = result if result is not None else gang
    return Standing(
        gang=str(gang["name"]),
        faction=name(find_faction(str(gang["faction"])), lang),
        played=_optional(row, "games", "games_played", "played") or 0,
        won=_optional(row, "wins", "won"),
        drawn=_optional(row, "draws", "drawn"),
        lost=_optional(row, "losses", "lost"),
        points=_optional(row, "points"),
        rating=_optional(row, "rating") or _optional(gang, "rating") or 0,
        treasury=int(gang.get("treasury", 0)),
        fama=sum(int(m.get("fama", 0)) for m in members),
        members=len(members),
        eliminations=_optional(row, "eliminations"),
        casualties=_optional(row, "casualties"),
        retreats=_optional(row, "retreats"),
    )


def campaign_view(
    campaign_name: str,
    gangs: Sequence[Mapping[str, Any]],
    lang: Lang | str = Lang.IT,
    *,
    house_rules: Iterable[tuple[str, str]] = (),
    standings: Sequence[Mapping[str, Any]] | None = None,
    games: Sequence[Mapping[str, Any]] = (),
    graveyard: Sequence[Mapping[str, Any]] = (),
) -> CampaignView:
    """Every gang's sheet and the standings. ``standings`` are the store's rows, best first
    (``campaign.game.history.standings``); without them the gangs are ranked by wins when their
    dicts have them, then rating, then FAMA. The house rules are the campaign's: they are
    printed once, with the standings, not on every gang's sheet. ``games`` and ``graveyard``
    are the store's finished games and dead (``history.game_results``, ``history.graveyard``):
    the book's results and graveyard (issue #13)."""
    if standings is None:
        lines = sorted(
            (standing(g, lang) for g in gangs),
            key=lambda s: (-(s.won or 0), -s.rating, -s.fama, s.gang.casefold()),
        )
    else:
        by_name = {str(g["name"]): g for g in gangs}
        lines = [
            standing(by_name[str(row["gang"])], lang, row)
            for row in standings
            if str(row["gang"]) in by_name  # gangs that are printed: the active ones
        ]
    return CampaignView(
        name=campaign_name,
        gangs=tuple(roster_view(g, lang) for g in gangs),
        standings=tuple(lines),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
        games=tuple(game_line(row, lang) for row in games),
        graveyard=fallen_lines(graveyard, games, lang),
    )


def scenario_view(scenario: Scenario, lang: Lang | str = Lang.IT) -> ScenarioView:
    """A scenario card (§10): table, deployment per side, victory per side, rules, markers."""
    side_name = {Side.GOOD: _w("good", lang), Side.BAD: _w("bad", lang)}
    order = (
        [Side.BAD, Side.GOOD] if scenario.deployment.first is Side.BAD else [Side.GOOD, Side.BAD]
    )
    deployment = [
        _w(
            "side",
            lang,
            side=side_name[s].capitalize(),
            text=scenario.deployment.for_side(s).in_lang(lang),
        )
        for s in order
    ]
    if scenario.deployment.other is not None:
        deployment.append(
            _w(
                "side",
                lang,
                side=_w("other", lang).capitalize(),
                text=scenario.deployment.other.in_lang(lang),
            )
        )
    if scenario.deployment.first is not None:
        deployment.insert(0, _w("first", lang, side=side_name[scenario.deployment.first]))
    victory = tuple(
        _w("side", lang, side=side_name[s].capitalize(), text=text.in_lang(lang))
        for s, text in sorted(scenario.victory_text.items(), key=lambda kv: kv[0] != order[0])
    )
    rules = [text.in_lang(lang) for text in scenario.special_rules]
    rules += [r.text.in_lang(lang) for r in scenario.restrictions]
    rules += [m.text.in_lang(lang) for m in scenario.modifiers]
    if scenario.civilians is not None:
        rules.append(scenario.civilians.text.in_lang(lang))
    tracked = tuple(
        f"{o.count} × {name(o, lang)}" if o.count > 1 else name(o, lang)
        for o in scenario.objectives
    )
    return ScenarioView(
        title=name(scenario, lang),
        section=f"§{scenario.number}",
        background=scenario.background.in_lang(lang),
        table=_w(
            "table", lang, size=scenario.table.size, layout=scenario.table.layout.in_lang(lang)
        ),
        deployment=tuple(deployment),
        victory=victory,
        length=scenario.length.in_lang(lang),
        rules=tuple(dict.fromkeys(rules)),  # a rule quoted twice in the data prints once
        tracked=tracked,
    )
