"""Build the sheets' view-models from the campaign store's gang dict and the rules registry.

``roster_view`` takes the shape of ``skirmish gang show --json`` (name, faction, treasury, stash,
members with name, profile, characteristics, skills, injuries and items) and adds what a player
would otherwise look up in the book: weapon profiles, what each skill and injury does, the
faction's rules, the leader's aura in plain words and the house rules in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from functools import cache
from typing import Any, NamedTuple

from skirmish.errors import RulesError
from skirmish.i18n import Catalogue, Lang, name, tr
from skirmish.printing.book import fallen_lines, game_line
from skirmish.printing.labels import labels
from skirmish.printing.maps import scenario_map
from skirmish.printing.views import (
    AdvanceMark,
    CampaignView,
    HouseRuleLine,
    MemberView,
    MountLine,
    RosterView,
    ScenarioView,
    SideHead,
    SideRow,
    Standing,
    Trait,
    WeaponLine,
    XpBox,
)
from skirmish.rules import (
    advances,
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
from skirmish.rules.scenario_model import Scenario
from skirmish.rules.scenarios import scenarios

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
        "table": "{size} U. {layout}",
        "new_skill": "Abilità",
        "date": "{day} {month} {year}",
        "months": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
        "novembre dicembre",
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
        "table": "{size} U. {layout}",
        "new_skill": "Skill",
        "date": "{day} {month} {year}",
        "months": "January February March April May June July August September October "
        "November December",
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
        who = _w("who", lang, name=member["name"], profile=name(profile, lang))
        if profile.id in NO_PANIC_LEADERS:
            aura = _w("aura_no_panic", lang, who=who)
        elif profile.id in FRED_AURA_LEADERS:
            aura = _w("aura_fred", lang, who=who, fred=member["fred"])
        else:
            aura = _w("aura_none", lang, who=who)
        return f"{aura} {_w('cohesion_leader', lang)}"
    return _w("cohesion_no_leader", lang)


#: The ESPERIENZA track holds at least this many boxes (twice the dearest advance of §7.2,
#: so a model can save for two), and grows by rows of this many when a model holds more XP.
XP_ROW = 14


def xp_track(xp: int) -> tuple[XpBox, ...]:
    """A card's ESPERIENZA boxes, as on the book's sheet: ``xp`` of them ticked, and the boxes
    whose number is the price of an advance of §7.2 (3, 5, 6, 7 XP, from the rules registry)
    marked with it, so a player sees what the model can buy."""
    costs = {advance.xp for advance in advances()}
    count = max(XP_ROW, -(-max(xp, 0) // XP_ROW) * XP_ROW)
    return tuple(XpBox(ticked=i <= xp, cost=i if i in costs else None) for i in range(1, count + 1))


def advance_marks(lang: Lang | str) -> tuple[AdvanceMark, ...]:
    """What each marked XP box buys (§7.2): a new skill, or +1 to one of two characteristics,
    in the sheet's own short words ("5: RIF/FRED")."""
    words = labels(lang)
    return tuple(
        AdvanceMark(
            advance.xp,
            "/".join(words[c] for c in advance.characteristics)
            if advance.characteristics
            else _w("new_skill", lang),
        )
        for advance in sorted(advances(), key=lambda a: a.xp)
    )


#: Turn boxes of the game-day box at least: most scenarios of §10 have no turn limit and a
#: game rarely lasts a dozen turns; a scenario's limit (the witness: 8) always fits.
GAME_TURNS = 12


def game_turn_boxes() -> int:
    """How many turns the game-day box lets a player tick: ``GAME_TURNS``, or the longest
    scenario's turn limit if one is longer."""
    limits = [s.turn_limit for s in scenarios() if s.turn_limit is not None]
    return max([GAME_TURNS, *limits])


def printed_date(day: date, lang: Lang | str) -> str:
    """``day`` as the sheet's language writes it: "26 novembre 2026", "26 November 2026"."""
    month = _w("months", lang).split()[day.month - 1]
    return _w("date", lang, day=day.day, month=month, year=day.year)


class _Mm:
    """What the roster's parts measure on paper, in mm (templates/roster.css), as weasyprint
    lays them out; ``page_plan`` errs on the tall side with them."""

    PAGE = 274.0  # A4's 297 less the page margins (275), less 1 mm of slack…
    SLACK = 4.0  # …and this much more left below the box that takes the page's room
    HEAD = 27.5  # name, two rows of fields…
    HEAD_QR = 31.0  # …and the QR code beside them, with its link under it
    CARD = 32.2  # name, profile, numbers, XP boxes, the weapons' head, the notes' label
    EMPTY_WEAPON = 3.9  # an empty weapon row to write in
    BLANK_CARD = 48.0  # the empty card, without its ruled lines
    WEAPON = 1.4  # a weapon's row, plus this per line of its name or note…
    WEAPON_LINE = 2.5
    TEXT = 0.5  # a paragraph (a skill, an injury…), plus this per line
    TEXT_LINE = 3.1
    ROW_GAP = 2.0
    FRAME = 3.0  # a card's border and padding
    RULED = 5.0  # a ruled line under a card
    GAMEDAY = 27.0  # the game-day box's head, fields, turns and table head…
    TRACKER_ROW = 4.7  # …and a row per model, this per line of its name
    FILL = 24.0  # the box under the cards, at least (margin included)
    RULES = 4.0  # the gang's rules box; plus a heading and lines for each part
    HEADING = 4.5
    RULES_LINE = 3.4
    HOUSE_LINE = 2.9


#: Characters of a line, at the sizes of templates/roster.css (fewer than fit: words wrap).
CARD_CHARS, NOTE_CHARS, NAME_CHARS, RULES_CHARS, HOUSE_CHARS = 75, 26, 11, 140, 70
#: Characters of a model's name in the game-day box, beside a card or under the cards.
TRACKER_CHARS, WIDE_TRACKER_CHARS = 24, 50
#: Ruled lines under each card at least, and at most when the page has room to spare.
WRITE_LINES, MAX_WRITE_LINES = 2, 8
#: The share of the room to spare that goes to the cards' ruled lines (the box below takes
#: the rest, and whatever the estimate leaves).
CARDS_SHARE = 0.7


def _lines(text: str, width: int) -> int:
    return max(1, -(-len(text) // width)) if text else 0


def _card_mm(m: MemberView, weapon_lines: int = 2) -> float:
    """How tall ``m``'s card is without its ruled lines, with ``weapon_lines`` empty rows."""
    weapons = sum(
        _Mm.WEAPON
        + _Mm.WEAPON_LINE * max(1, _lines(w.note, NOTE_CHARS), _lines(w.name, NAME_CHARS))
        for w in m.weapons
    )
    texts = [m.special, m.notes, *(f"{s.name}: {s.effect}" for s in (*m.skills, *m.injuries))]
    if m.mount:
        texts.append(f"{m.mount.name} (TIRO 0 FRED 0 RIF 0 COS 0). {m.mount.note}")
    if m.equipment:
        texts.append(", ".join(m.equipment) + " " * 16)
    paragraphs = sum(_Mm.TEXT + _Mm.TEXT_LINE * _lines(text, CARD_CHARS) for text in texts if text)
    return _Mm.CARD + _Mm.EMPTY_WEAPON * weapon_lines + weapons + paragraphs


def _rules_mm(view: RosterView) -> float:
    if not (view.faction_rules or view.leader_aura or view.house_rules):
        return 0.0
    height = _Mm.RULES
    if view.faction_rules:
        height += _Mm.HEADING + sum(
            _Mm.RULES_LINE * _lines(r, RULES_CHARS) for r in view.faction_rules
        )
    if view.leader_aura:
        height += _Mm.HEADING + _Mm.RULES_LINE * _lines(view.leader_aura, RULES_CHARS)
    # two to a line: each pair as tall as its longer rule
    lines = [_lines(f"{r.id} {r.text}", HOUSE_CHARS) for r in view.house_rules]
    rows = [max(lines[i : i + 2]) for i in range(0, len(lines), 2)]
    if view.house_rules:
        height += _Mm.HEADING + _Mm.HOUSE_LINE * sum(rows)
    return height


class Plan(NamedTuple):
    """How a roster fills its page (``page_plan``)."""

    write_lines: int  # ruled lines under each card
    weapon_lines: int  # empty weapon rows under each model's weapons
    one_page: bool  # the sheet fits one page, which it fills
    fill: bool  # the box under the cards prints
    fill_mm: float = 0.0  # how tall the box under the cards is, at least


def _pages(blocks: Sequence[float]) -> int:
    """How many pages ``blocks`` (heights in mm, each kept whole, the gap after each
    included) fill when laid one under the other."""
    pages, used = 1, 0.0
    for height in blocks:
        if used and used + height > _Mm.PAGE:
            pages, used = pages + 1, 0.0
        used += height
    return pages


def page_plan(view: RosterView) -> Plan:
    """How the roster fills its page.

    The sheet is laid out before weasyprint sees it, from the heights its parts take
    (``_Mm``, erring tall): when the cards, the game-day box and the gang's rules fit one page
    with room to spare, each card gets more ruled lines (the same number for every card, up to
    ``MAX_WRITE_LINES``, ``CARDS_SHARE`` of the room) and the box under the cards takes the rest
    of the page. A gang that fits only with less gets fewer ruled lines, then none, then loses
    the box under the cards, then the empty weapon rows. A crowded one flows onto more pages,
    its rows of cards whole, with the most it can keep in as few pages as its cards allow."""
    playing = [m.name for m in view.members if not m.dead] + [""] * view.blank
    count = len(view.members) + view.blank
    half = count % 2 == 1  # the game-day box sits beside the last card
    width = TRACKER_CHARS if half else WIDE_TRACKER_CHARS
    gameday = _Mm.GAMEDAY + sum(_Mm.TRACKER_ROW * _lines(n or " ", width) for n in playing)

    def blocks(weapon_lines: int, fill: bool, lines: int = 0) -> list[float]:
        """The sheet's parts one under the other: the header, each row of cards, the box
        under them, the gang's rules (each with the gap after it)."""
        cards = [_card_mm(m, weapon_lines) for m in view.members]
        cards += [_Mm.BLANK_CARD - _Mm.EMPTY_WEAPON * (view.weapon_lines - weapon_lines)] * (
            view.blank
        )
        rows = [
            max(cards[i : i + 2]) + _Mm.FRAME + _Mm.RULED * lines for i in range(0, len(cards), 2)
        ]
        below = _Mm.FILL if fill else 0.0
        if half:
            rows[-1] = max(rows[-1], gameday)
        elif fill:
            below = max(below, gameday + _Mm.ROW_GAP)
        head = _Mm.HEAD_QR if view.qr else _Mm.HEAD
        return [head, *(row + _Mm.ROW_GAP for row in rows), below, _rules_mm(view)]

    def room(weapon_lines: int, fill: bool) -> tuple[float, int]:
        """The page's height left over, and the rows of cards."""
        parts = blocks(weapon_lines, fill)
        return _Mm.PAGE - sum(parts), max(len(parts) - 3, 1)

    free, rows = room(view.weapon_lines, True)
    below = _Mm.FILL if half else max(_Mm.FILL, gameday + _Mm.ROW_GAP)
    ruled = _Mm.RULED * rows
    if free >= WRITE_LINES * ruled:  # room to spare: the cards take most of it
        lines = min(MAX_WRITE_LINES, max(WRITE_LINES, int(free * CARDS_SHARE // ruled)))
    elif free >= 0:
        lines = int(free // ruled)
    else:
        lines = -1
    if lines >= 0:  # the box under the cards takes what the lines leave (less the slack)
        left = max(0.0, free - lines * ruled - _Mm.SLACK)
        return Plan(lines, view.weapon_lines, True, True, below - _Mm.ROW_GAP + left)
    if room(view.weapon_lines, False)[0] >= 0:
        return Plan(0, view.weapon_lines, True, False)
    for weapon_lines in range(view.weapon_lines - 1, -1, -1):
        if room(weapon_lines, False)[0] >= 0:
            return Plan(0, weapon_lines, True, False)
    # more than a page: the fewest pages the cards allow, then the most kept in them
    choices = [
        (weapon_lines, fill, lines)
        for weapon_lines in range(view.weapon_lines, -1, -1)
        for fill in (True, False)
        for lines in (WRITE_LINES, 0)
    ]
    fewest = min(_pages(blocks(*choice)) for choice in choices)
    weapon_lines, fill, lines = next(c for c in choices if _pages(blocks(*c)) == fewest)
    return Plan(lines, weapon_lines, False, fill)


def fit_page(view: RosterView) -> RosterView:
    """``view`` laid out for its page (``page_plan``)."""
    plan = page_plan(view)
    return replace(
        view,
        write_lines=plan.write_lines,
        weapon_lines=plan.weapon_lines,
        one_page=plan.one_page,
        fill=plan.fill,
        fill_mm=round(plan.fill_mm, 1),
    )


def roster_view(
    gang: Mapping[str, Any],
    lang: Lang | str = Lang.IT,
    *,
    house_rules: Iterable[tuple[str, str]] = (),
    dead: Sequence[Mapping[str, Any]] = (),
    blank: int = 0,
    campaign: str = "",
    printed: date | None = None,
    record: Mapping[str, Any] | None = None,
    link: str | None = None,
    qr: str | None = None,
) -> RosterView:
    """A gang's sheet from the store's dict; ``house_rules`` are (rule id, text) pairs in force.

    The models print leader first, then heroes, then commons (``by_rank``); ``dead`` models
    (the store's dicts of those R-10 killed) after them, marked; then ``blank`` empty cards.
    The header carries the gang's ``rating`` and games (``record``, the store's standings row:
    games and wins; else the dict's own ``games_played``), the ``campaign``'s name, the date
    ``printed`` and, when the campaign has a web address, the ``link`` to the gang's page and its
    ``qr`` code (our own SVG)."""
    faction = find_faction(str(gang["faction"]))
    members = list(gang.get("members", ()))
    cards = [member_view(m, lang, faction.id) for m in by_rank(members, faction.id)]
    cards += [replace(member_view(m, lang, faction.id), dead=True) for m in dead]
    row: Mapping[str, Any] = record if record is not None else gang
    view = RosterView(
        name=str(gang["name"]),
        faction=name(faction, lang),
        treasury=int(gang.get("treasury", 0)),
        members=tuple(cards),
        stash=tuple(_equipment_name(_entry_id(e, "item"), lang) for e in gang.get("stash", ())),
        faction_rules=tuple(
            r.text_it if str(lang) == Lang.IT else r.text_en for r in faction.rules
        ),
        leader_aura=leader_aura(members, lang, faction.id),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
        rating=_optional(gang, "rating"),
        played=_optional(row, "games", "games_played", "played"),
        won=_optional(row, "wins", "won"),
        campaign=campaign,
        printed=printed_date(printed, lang) if printed is not None else "",
        link=link,
        qr=qr,
        advances=advance_marks(lang),
        blank=max(blank, 0),
    )
    return fit_page(view)


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
    rosters: Sequence[RosterView] | None = None,
) -> CampaignView:
    """Every gang's sheet and the standings. ``standings`` are the store's rows, best first
    (``campaign.game.history.standings``); without them the gangs are ranked by wins when their
    dicts have them, then rating, then FAMA. The house rules are the campaign's: they are
    printed once, with the standings, not on every gang's sheet. ``games`` and ``graveyard``
    are the store's finished games and dead (``history.game_results``, ``history.graveyard``):
    the book's results and graveyard (issue #13). ``rosters``: the gangs' sheets as the store
    makes them (``sheets.roster_sheet``: with the record, campaign, date and QR code in their
    headers); else each built from its dict alone."""
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
        gangs=tuple(rosters) if rosters is not None else tuple(roster_view(g, lang) for g in gangs),
        standings=tuple(lines),
        house_rules=tuple(HouseRuleLine(rule, text) for rule, text in house_rules),
        games=tuple(game_line(row, lang) for row in games),
        graveyard=fallen_lines(graveyard, games, lang),
    )


def scenario_view(scenario: Scenario, lang: Lang | str = Lang.IT) -> ScenarioView:
    """A scenario card (§10): the table map, each side's deployment and victory in its own
    column (once across both when the book gives both sides the same words), the side that
    deploys first marked, then length, special rules and the markers to track."""
    t = labels(lang)
    first = scenario.deployment.first
    sides = tuple(
        SideHead(
            side.value,
            _w(side.value, lang).capitalize(),
            t["deploys_first"] if first is side else "",
        )
        for side in (Side.GOOD, Side.BAD)
    )
    rows = (
        SideRow(
            t["deployment"],
            scenario.deployment.good.in_lang(lang),
            scenario.deployment.bad.in_lang(lang),
        ),
        SideRow(
            t["victory"],
            scenario.victory_text[Side.GOOD].in_lang(lang),
            scenario.victory_text[Side.BAD].in_lang(lang),
        ),
    )
    other = scenario.deployment.other
    rules = [text.in_lang(lang) for text in scenario.special_rules]
    # How the tracker applies them: the restrictions, modifiers and civilians say the special
    # rules again with our decisions, so they print apart, smaller, and only where they differ.
    applied = [r.text.in_lang(lang) for r in scenario.restrictions]
    applied += [m.text.in_lang(lang) for m in scenario.modifiers]
    if scenario.civilians is not None:
        applied.append(scenario.civilians.text.in_lang(lang))
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
        sides=sides,
        rows=rows,
        others=other.in_lang(lang) if other is not None else "",
        others_heading=t["others_deploy"],
        length=scenario.length.in_lang(lang),
        rules=tuple(dict.fromkeys(rules)),  # a rule quoted twice in the data prints once
        applied=tuple(line for line in dict.fromkeys(applied) if line not in rules),
        tracked=tracked,
        map_svg=scenario_map(scenario, lang),
    )
