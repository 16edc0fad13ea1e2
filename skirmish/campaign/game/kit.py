"""What a model has in hand and uses up in a game (issue #10): the rounds left in each of its
guns (§4.2: "un dado con i colpi residui, arrivato a 0 il personaggio dovrà ricaricare"), a
repeater, musket or carbine loaded with 7 or 17 and jammed (§5.3.2, R-14), the six-shooter
emptied by fanning (§5.2.2), whether it rides, and the whisky drunk and the explosives thrown
(§8.3, §5.5).

It is kept in ``GameModel.kit`` (migration 0007) as a JSON object, and ``GameModel.mounted``:

    {"guns": {"repeater": [{"load": 17, "left": 16, "jammed": 3}]},
     "used": {"whisky": 1, "dynamite": 1}}

``guns`` holds one entry per copy of a weapon the model carries, in the order it carries them;
a copy not listed is loaded full: a weapon starts the game loaded, a repeater with 7 (the safe
load the book says was usual, §5.3.2) unless ``game reload`` loads 17 before the first turn.
``jammed`` is the turn the gun jammed, ``None`` while it works. ``used`` counts what was used
up; the post-game takes it off the roster (R-23). The column is replaced, never changed in
place: the database sees only a new value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game.board import carried_items, member_of
from skirmish.campaign.game.tables import GameModel
from skirmish.engine.combatant import shoots
from skirmish.engine.input_ids import InputId
from skirmish.engine.situation_value import Situation
from skirmish.errors import CampaignError
from skirmish.rules import find_equipment, find_item
from skirmish.rules.model import Item, Weapon, WeaponCategory
from skirmish.translation import Both, Message, NMessage


def is_gun(weapon: Weapon) -> bool:
    """Whether the tracker counts ``weapon``'s rounds: a firearm or the bow (tables 5–7); not a
    thrown weapon (picked up again, table 1) nor an explosive (used up whole, ``use``)."""
    return shoots(weapon) and not weapon.thrown and bool(weapon.rounds)


@dataclass(frozen=True)
class Gun:
    """One gun a model carries, as it stands in the game."""

    weapon: Weapon
    copy: int  # 1 for the first of its kind the model carries, 2 for a second one…
    load: int  # rounds it holds loaded: the weapon's, or the 7 or 17 chosen
    left: int
    jammed: int | None  # the turn it jammed (§5.3.2, R-14); None: it works

    @property
    def full(self) -> bool:
        return self.left >= self.load

    def name(self, lang: str = "en") -> str:
        """The weapon's name, lower case, as a sentence says it."""
        return (self.weapon.name_it if lang == "it" else self.weapon.name_en).lower()


def _weapons(session: Session, model: GameModel) -> list[Weapon]:
    found = (find_equipment(i) for i in carried_items(session, member_of(session, model)))
    return [w for w in found if isinstance(w, Weapon)]


def guns(session: Session, model: GameModel) -> list[Gun]:
    """The guns ``model`` carries, each with its load, the rounds left and whether it jammed."""
    stored: Mapping[str, Sequence[Mapping[str, Any]]] = model.kit.get("guns", {})
    seen: Counter[str] = Counter()
    found = []
    for weapon in _weapons(session, model):
        if not is_gun(weapon):
            continue
        seen[weapon.id] += 1
        copy = seen[weapon.id]
        rows = stored.get(weapon.id, [])
        row = rows[copy - 1] if len(rows) >= copy else {}
        load = int(row.get("load", weapon.rounds[0]))
        found.append(Gun(weapon, copy, load, int(row.get("left", load)), row.get("jammed")))
    return found


def store(model: GameModel, gun: Gun) -> None:
    """Write ``gun`` back into the model's kit (a new JSON value)."""
    kit = dict(model.kit)
    every = {k: [dict(r) for r in v] for k, v in kit.get("guns", {}).items()}
    rows = every.setdefault(gun.weapon.id, [])
    full = gun.weapon.rounds[0]
    while len(rows) < gun.copy:
        rows.append({"load": full, "left": full, "jammed": None})
    rows[gun.copy - 1] = {"load": gun.load, "left": gun.left, "jammed": gun.jammed}
    kit["guns"] = every
    model.kit = kit


# ---------------------------------------------------------------------------- consumables


def used(model: GameModel, item: str) -> int:
    """How many of ``item`` (whisky, dynamite, nitroglycerin) the model used up this game."""
    return int(model.kit.get("used", {}).get(item, 0))


def carried(session: Session, model: GameModel, item: str) -> int:
    """How many of ``item`` the model brought to the game."""
    return carried_items(session, member_of(session, model)).count(item)


def left(session: Session, model: GameModel, item: str) -> int:
    """How many of ``item`` the model still has in this game."""
    return carried(session, model, item) - used(model, item)


def use(model: GameModel, item: str) -> None:
    """One ``item`` used up (a bottle drunk, a stick thrown): gone from the roster in the
    post-game (R-23)."""
    kit = dict(model.kit)
    counts = dict(kit.get("used", {}))
    counts[item] = int(counts.get(item, 0)) + 1
    kit["used"] = counts
    model.kit = kit


def consumed(model: GameModel) -> dict[str, int]:
    """Everything the model used up in the game, by item id (the post-game's list)."""
    return {k: int(v) for k, v in model.kit.get("used", {}).items() if int(v) > 0}


# ---------------------------------------------------------------------------- the horse


def mount_of(session: Session, model: GameModel) -> Item | None:
    """The first mount the model carries (horse, Appaloosa, mule: §8.2), if any."""
    for item in carried_items(session, member_of(session, model)):
        found = find_equipment(item)
        if isinstance(found, Item) and found.kind == "mount":
            return find_item(found.id)
    return None


# ---------------------------------------------------------------------------- shooting


@dataclass(frozen=True)
class Volley:
    """The guns a shooting action fires: one, or two pistols (table 3), and how many rounds it
    takes from each; a fanned six-shooter is emptied whatever it fired (§5.2.2)."""

    guns: tuple[Gun, ...]
    fanning: bool = False
    template_again: bool = False  # a further model under the sawn-off's template: no rounds


def _cmd(verb: str, model: GameModel, gun: Gun, several: bool) -> Message:
    """ " with 'skirmish game VERB MODEL'" on the command line, nothing elsewhere: the phone
    offers the model's reload and unjam itself."""
    name = f'"{model.name}"' if " " in model.name else model.name
    if several:
        return Message(
            "⟪ with 'skirmish game {verb} {name} --weapon \"{weapon}\"'¦⟫",
            verb=verb,
            name=name,
            weapon=Both(gun.name("en"), gun.name("it")),
        )
    return Message("⟪ with 'skirmish game {verb} {name}'¦⟫", verb=verb, name=name)


def _jammed_error(model: GameModel, gun: Gun, turn: int, several: bool) -> CampaignError:
    en, it = gun.name("en"), gun.name("it")
    if gun.jammed == turn:
        return CampaignError(
            Message(
                "{model_name}'s {en} jammed this turn (§5.3.2, R-14): it cannot fire "
                "again this turn; unjam it next turn{cmd_unjam_model_gun_several}.",
                model_name=model.name,
                en=Both(en, it),
                cmd_unjam_model_gun_several=_cmd("unjam", model, gun, several),
            )
        )
    return CampaignError(
        Message(
            "{model_name}'s {en} is jammed since turn {gun_jammed} (R-14): unjam "
            "it first{cmd_unjam_model_gun_several} (2 actions, table 1).",
            model_name=model.name,
            gun_jammed=gun.jammed,
            en=Both(en, it),
            cmd_unjam_model_gun_several=_cmd("unjam", model, gun, several),
        )
    )


def _empty_error(model: GameModel, gun: Gun, several: bool) -> CampaignError:
    return CampaignError(
        Message(
            "{model_name}'s {gun_name} is empty (§4.2): reload it "
            "first{cmd_reload_model_gun_severa} (2 actions, table 1).",
            model_name=model.name,
            gun_name=Both(gun.name("en"), gun.name("it")),
            cmd_reload_model_gun_severa=_cmd("reload", model, gun, several),
        )
    )


def _ready(candidates: Sequence[Gun], need: int) -> Gun | None:
    return next((g for g in candidates if g.jammed is None and g.left >= need), None)


def ready_to_fire(
    session: Session,
    model: GameModel,
    weapon: Weapon,
    table: Situation,
    turn: int,
) -> tuple[Volley | None, Situation]:
    """Before a shooting action with ``weapon`` (``table``: the situation's inputs): the gun
    or guns it fires, and the table with the gun's load as ``rounds`` (a 1 with 17 loaded jams
    it, R-14). Refused: an empty gun (§4.2), fewer rounds than the shots declared, a jammed gun
    (§5.3.2), fanning a cylinder that is not full (§5.2.2), ``--rounds`` other than the load
    the tracker knows. ``None`` for a weapon whose rounds are not counted (a thrown knife)."""
    if not is_gun(weapon):
        return None, table
    every = guns(session, model)
    mine = [g for g in every if g.weapon.id == weapon.id]
    several = len(every) > 1
    if not mine:  # pragma: no cover - pick_weapon chose a weapon the model carries
        return None, table
    fanning = table.flag(InputId.FANNING)
    again = (table.number(InputId.TEMPLATE_POSITION) or 1) > 1
    shots = 0 if again else table.number(InputId.SHOTS) or 1
    two = table.flag(InputId.TWO_PISTOLS)
    first_share = -(-shots // 2) if two else shots
    working = [g for g in mine if g.jammed is None]
    if not working:
        raise _jammed_error(model, mine[0], turn, several)
    loaded = [g for g in working if g.left > 0]
    if not loaded and shots:
        raise _empty_error(model, working[0], several)
    if fanning:
        gun = next((g for g in working if g.full), None)
        if gun is None:
            best = max(working, key=lambda g: g.left)
            raise CampaignError(
                Message(
                    "fanning empties a full cylinder (§5.2.2, R-14): {model_name}'s "
                    "{best_name} has {best_left} of {best_load} rounds; reload it first, "
                    "or fire them as ordinary shots.",
                    model_name=model.name,
                    best_left=best.left,
                    best_load=best.load,
                    best_name=Both(best.name("en"), best.name("it")),
                )
            )
    else:
        found = _ready(working, first_share)
        if found is None:
            best = max(working, key=lambda g: g.left)
            raise CampaignError(
                NMessage(
                    "{model_name}'s {best_name} has {n} round left, fewer than the "
                    "{first_share} shots declared (§4.2); declare fewer with ⟨shots⟩, or "
                    "reload first.",
                    "{model_name}'s {best_name} has {n} rounds left, fewer than the "
                    "{first_share} shots declared (§4.2); declare fewer with ⟨shots⟩, or "
                    "reload first.",
                    best.left,
                    model_name=model.name,
                    first_share=first_share,
                    best_name=Both(best.name("en"), best.name("it")),
                )
            )
        gun = found
    chosen = [gun]
    if two:
        share = shots - first_share
        others = [
            g
            for g in every
            if g.weapon.category is WeaponCategory.PISTOL
            and (g.weapon.id, g.copy) != (gun.weapon.id, gun.copy)
        ]
        second = _ready(others, max(share, 1))
        if second is None and others:  # with no second pistol the engine refuses (table 3)
            raise CampaignError(
                Message(
                    "firing two pistols needs a second one loaded and working: "
                    "{model_name}'s other pistol is empty or jammed (table 3); reload it, "
                    "or fire one pistol.",
                    model_name=model.name,
                )
            )
        if second is not None:
            chosen.append(second)
    out = table
    if len(weapon.rounds) > 1:  # a repeater, musket or carbine: 7 or 17
        given = table.number(InputId.ROUNDS)
        if given is not None and given != gun.load:
            raise CampaignError(
                Message(
                    "{model_name}'s {gun_name} is loaded with {gun_load} rounds, as the "
                    "tracker recorded it (a reload's ⟨rounds⟩); drop ⟨rounds⟩ {given}.",
                    model_name=model.name,
                    gun_load=gun.load,
                    given=given,
                    gun_name=Both(gun.name("en"), gun.name("it")),
                )
            )
        out = table.with_({InputId.ROUNDS: gun.load})
    return Volley(tuple(chosen), fanning=fanning, template_again=again), out


def fired(model: GameModel, volley: Volley | None, result: Any, turn: int) -> dict[str, Any]:
    """After the shooting action ``result`` (a ``ShootResult``): each shot rolled used a round
    (two pistols take turns), a fanned six-shooter is empty (§5.2.2), a jam stops the gun until
    it is unjammed (§5.3.2, R-14). What the guns hold now, for the event."""
    if volley is None:
        return {}
    after = list(volley.guns)
    if volley.fanning:
        after[0] = replace(after[0], left=0)
    elif not volley.template_again:
        for index, _ in enumerate(result.shots):
            gun = after[index % len(after)]
            after[index % len(after)] = replace(gun, left=max(0, gun.left - 1))
    if result.jammed:
        after[0] = replace(after[0], jammed=turn)
    for gun in after:
        store(model, gun)
    return {
        "guns": [
            {"weapon": g.weapon.id, "copy": g.copy, "left": g.left, "load": g.load,
             "jammed": g.jammed is not None}
            for g in after
        ]
    }  # fmt: skip


def unhorsed(target: GameModel | None, result: Any) -> dict[str, Any]:
    """A shot whose 7 brought the target's mount down (R-02(c)): the rider is on foot now;
    said in the event."""
    if target is None or not target.mounted:
        return {}
    if any(s.mount is not None and s.mount.falls for s in result.shots):
        target.mounted = False
        return {"unhorsed": target.name}
    return {}


def view(session: Session, model: GameModel) -> dict[str, Any]:
    """The kit as ``game status`` shows it: each gun's rounds and jam, whether it rides, what it
    used up."""
    return {
        "guns": [
            {"weapon": g.weapon.id, "copy": g.copy, "load": g.load, "left": g.left,
             "jammed": g.jammed}
            for g in guns(session, model)
        ],
        "mounted": model.mounted,
        "used": consumed(model),
    }  # fmt: skip
