"""A game told in players' words, in Italian or English (issue #10, item 9; moved here from
the command line for issue #12 so the web app's live page says the same): one sentence per
event of a game's log, with the dice as they are read at the table ("nerve 4 ✓ 2 ✗, to hit 6 ✓,
saves 1 ✗ — COS 3 → 2, shaken"), why a game ended, a scripted first turn's steps and the names
of a scenario's objectives.

``sentences`` takes the events as ``game log --json`` prints them (``id``, ``turn``, ``action``,
``details``, ``dice``) and the game's scenario, so ``game log``, the walker and the web app say
the same thing. Every kind of event has its sentence; an event this module does not know (a
kind added later) still reads as its glossary word with the names and numbers it records,
never as a raw dictionary. Names come from the data (``name_it``/``name_en``), the glossary and
the scenario; no internal id reaches the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from skirmish.engine.dice import purpose_key, purpose_words
from skirmish.engine.glossary import (
    EventKind,
    Pace,
    TableState,
    label,
    label_value,
)
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules import find_equipment
from skirmish.rules.model import ModelState, ObjectiveEvent, ObjectiveState, Point, Side
from skirmish.translation import N_, ngettext

OK, FAILED = "✓", "✗"

#: Why a game ended, as ``rules.scenarios.decide`` and ``campaign.game.end`` store it
#: (``Game.reason``), in the players' words; ``victory[N]`` is the scenario's own text.
REASONS: Catalogue = messages(
    {
        "good side retreated": N_("good side retreated"),
        "bad side retreated": N_("bad side retreated"),
        "both sides retreated": N_("both sides retreated"),
        "good side eliminated": N_("good side eliminated"),
        "bad side eliminated": N_("bad side eliminated"),
        "no victory condition holds: a draw": N_("no victory condition holds: a draw"),
        "named by the players": N_("named by the players"),
        "a draw, as the players agreed": N_("a draw, as the players agreed"),
        "confirmed by both players": N_("confirmed by both players"),
        "a draw, confirmed by both players": N_("a draw, confirmed by both players"),
        "the game goes on": N_("the game goes on"),
        "victory": N_("{side}: {text}"),
    }
)

#: The steps of a scripted first turn (Il comizio), by ``rules.scenarios.FirstTurnStep``.
STEPS: Catalogue = messages(
    {
        "bad_enter_move_only": N_("the bad models enter and may only move"),
        "good_no_actions": N_("the good models neither move nor act"),
        "sniper_wounds_target": N_("the sniper wounds the politician"),
        "guard_kills_sniper": N_("the good model in contact eliminates the sniper"),
        "civilians_flee": N_("the crowd runs"),
    }
)


def reason_text(reason: str | None, scenario: Any, lang: Lang) -> str:
    """Why a game ended in ``lang``: a victory condition is the scenario's own text for the
    side (``scenario``: a ``rules.scenarios.Scenario``), the other stored reasons the players'
    words; a reason this table does not know is shown as stored."""
    if not reason:
        return ""
    match = re.fullmatch(r"victory\[(\d+)\]", reason)
    if match is not None and scenario is not None:
        index = int(match.group(1))
        if index < len(scenario.victory):
            side = scenario.victory[index].side
            text = scenario.victory_text[side]
            return tr(REASONS, "victory", lang, side=label(side, lang),
                      text=(text.it if lang == Lang.IT else text.en).rstrip("."))  # fmt: skip
    table = REASONS[str(lang)] if str(lang) in REASONS else REASONS["en"]
    return table.get(reason, reason)


def objective_name(scenario: Any, objective: str, copy: int | None, lang: Lang) -> str:
    """A scenario's objective by its name in ``lang``, with its copy number when the scenario
    has several (``loot sack 2``, ``sacco del bottino 2``)."""
    for found in getattr(scenario, "objectives", ()):
        if found.id == objective:
            name = str(found.name_it if lang == Lang.IT else found.name_en)
            return f"{name} {copy}" if copy is not None and found.count > 1 else name
    return objective if copy is None else f"{objective} {copy}"


def carried_name(scenario: Any, carried: str, lang: Lang) -> str:
    """What a model carries as the board lists it (``"loot-sack 2"``), by its name."""
    objective, _, copy = carried.rpartition(" ")
    if objective and copy.isdigit():
        return objective_name(scenario, objective, int(copy), lang)
    return objective_name(scenario, carried, None, lang)


def step_text(step: str, lang: Lang) -> str:
    """A step of a scripted first turn in ``lang``."""
    table = STEPS[str(lang)] if str(lang) in STEPS else STEPS["en"]
    return table.get(step, step.replace("_", " "))


MESSAGES: Catalogue = messages(
    {
        "line": N_("Turn {turn} · {text}"),
        "start": N_(
            "{scenario} begins: {good} ({good_side}, {good_n} models) against {bad} "
            "({bad_side}, {bad_n} models)."
        ),
        "turn": N_("The turn begins."),
        "turn-idle": N_("The turn begins; did not act in turn {last}: {names}."),
        "turn-step": N_("Scripted turn: {steps}."),
        "cohesion": N_(
            "{gang} takes a cohesion test (R-08), {lost} of {started} lost: 1D6 {roll} "
            "{leader}= {total} against FRED {fred}: {verdict}."
        ),
        "cohesion-holds": N_("it fights on"),
        "cohesion-fails": N_("it retreats and loses"),
        "leader-alive": N_("−1 leader in play "),
        "leader-dead": N_("+1 leader eliminated "),
        "state-ends": N_("{name} is {state} again{prone} ({ruling})."),
        "still-prone": N_(", still prone"),
        "initiative": N_(
            "Initiative: {good} {good_totals} against {bad} {bad_totals}{dice}: "
            "{winner} wins{activates}."
        ),
        "activates": N_("; {name} acts"),
        "shaken-nerves": N_(" ({names} shaken by Nervi scossi, R-07)"),
        "shoot": N_("{attacker} shoots {target}{weapon}{range}: {rolls} — {outcome}."),
        "shoot-no-opportunity": N_(
            "{attacker} tries opportunity fire at {target}: {rolls} — the "
            "reflex test fails, no shot, its turn is spent (§4.2.3)."
        ),
        "melee": N_("{attacker} fights {target}{weapon}: {rolls} — {outcome}."),
        "with": N_(" with the {weapon}"),
        "at": N_(" at {range}U"),
        "miss": N_("no damage"),
        "unhurt": N_("no wounds"),
        "cos": N_("COS {before} → {after}"),
        "eliminated": N_("eliminated"),
        "prone": N_("prone"),
        "hit": N_("{name} takes {wounds}{by}: COS {before} → {after}{gone}."),
        "by": N_(" from {name}"),
        "gone": N_(", eliminated"),
        "eliminate": N_("{name} is eliminated{by}."),
        "eliminate-by": N_(" by {name}"),
        "state": N_("{name} is recorded {state}{clears}."),
        "clears": N_(" (steady again at turn {turn})"),
        "flee": N_(
            "{name}{why} is terrified and flees every turn until it leaves the table (R-20)."
        ),
        "why-near": N_(" (within 10U of a shot)"),
        "why-shot": N_(" (shot at)"),
        "why-unhurt": N_(" (shot at and not wounded)"),
        "leave": N_("{name} leaves the table: out of the game (R-20)."),
        "spend": N_("{name} spends a {point} point ({left} left, R-15)."),
        "drink": N_("{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3)."),
        "objective": N_("{objective}: {before} → {after}{by}."),
        "objective-by": N_(", by {name}"),
        "carry": N_("{name} now carries {objective}{ruling}."),
        "kept": N_("{objective} is not freed: {name}, within 5U, holds it now (R-22)."),
        "friend-panic": N_(
            "{name} sees {fallen} fall within 5U: panic test {rolls} — {state} (R-19)."
        ),
        "friend-terrified": N_(
            "{name} sees its leader {fallen} fall within 5U: terrified without a test (R-19)."
        ),
        "retreat": N_("{gang} retreats and loses (R-09){infamy}."),
        "infamy": N_("; infamy test 1D6 {roll}"),
        "end": N_("The game ends: {winner} ({reason})."),
        "winner": N_("{gang} wins"),
        "draw": N_("nobody wins"),
        "abandon": N_("The game is abandoned: nobody wins."),
        "reroll": N_(
            "{name} rerolls the {purpose} with {point}{payer}: {old} → {new} ({left} left, R-15)."
        ),
        "payer": N_(" of {payer}"),
        "activate": N_("{name} takes its turn{ended}."),
        "activate-opportunity": N_("{name} fires in opportunity: its turn (§4.2.3, R-16)."),
        "activate-told": N_("{name} had already acted this turn, as the players say (R-18)."),
        "activate-ended": N_(" ({name}'s turn is over)"),
        "reload": N_("{name} reloads the {weapon}: {before} → {after} rounds{free}."),
        "reload-free": N_(", free before the first turn"),
        "unjam": N_("{name} unjams the {weapon} (R-14)."),
        "mount": N_("{name} mounts{mount} at {pace}{rolls}: {verdict}."),
        "dismount": N_("{name} dismounts{mount} at {pace}{rolls}: {verdict}."),
        "the-mount": N_(" the {mount}"),
        "reflex": N_(", reflex {rolls}"),
        "done": N_("done"),
        "failed": N_("failed"),
        "lasso": N_("{name} throws the lasso at {target}{rolls}: {outcome}."),
        "lasso-missed": N_("missed"),
        "lasso-thrower-pulled": N_("the thrower is dragged {distance}U"),
        "lasso-held": N_("held fast"),
        "lasso-target-pulled": N_("the target is dragged {distance}U"),
        "lasso-down": N_(", {name} falls prone"),
        "lasso-unhorsed": N_(", unhorsed"),
        "explosion": N_("{name} sets off the {explosive}{fuse}: {caught}."),
        "explosion-fuse": N_(" (short fuse {roll})"),
        "explosion-in-hands": N_(" in its hands"),
        "explosion-nobody": N_("nobody caught"),
        "blast-unharmed": N_("{name} unharmed"),
        "blast-terrified": N_("{name} COS {before} → {after}, thrown and terrified"),
        "blast-eliminated": N_("{name} eliminated"),
        "blast-in-hands": N_("{name} in the blast"),
        "dice": N_("dice {dice}"),
        "generic": N_("{kind}{who}{dice}."),
        "generic-who": N_(": {name}"),
        "stage-nerve": N_("nerve"),
        "stage-fanning": N_("fanning"),
        "stage-shot": N_("to hit"),
        "stage-mount": N_("mount"),
        "stage-reflex": N_("reflex"),
        "stage-fight": N_("fight"),
        "stage-save": N_("saves"),
        "stage-panic": N_("panic"),
        "no-dice": N_("no dice"),
    }
)

#: Why a civilian flees (``campaign.game.states.civilians_flee``), by the words it stores.
_WHY = {
    "within 10U of a shot": "why-near",
    "shot at": "why-shot",
    "shot at and not wounded": "why-unhurt",
}
_STAGES = ("nerve", "fanning", "shot", "mount", "reflex", "fight", "save", "panic")


def wounds_text(wounds: int, lang: Lang) -> str:
    """ "1 wound", "2 wounds" ("1 ferita", "2 ferite")."""
    return ngettext(lang, "{n} wound", "{n} wounds", wounds)


def _say(key: str, lang: Lang, **values: Any) -> str:
    return tr(MESSAGES, key, lang, **values)


def _the(words: str, lang: Lang) -> str:
    """A rerolled test with its Italian article ("il test di panico", "l'iniziativa"); the
    English sentence has its own."""
    if lang != Lang.IT:
        return words
    return f"l'{words}" if words[:1] in "aeiou" else f"il {words}"


class _Reader:
    """Turns one game's events into sentences: what it needs besides an event (the scenario
    for objective names and victory texts) and the language."""

    def __init__(self, scenario: Any, lang: Lang, gangs: Mapping[str, str] | None = None) -> None:
        self.scenario = scenario
        self.lang = lang
        self.actor: str | None = None  # the model the event is recorded on, by its name
        # each side's gang (``board.side_gangs``), else learnt from the game's start
        self.gangs: dict[str, str] = dict(gangs or {})

    # --- names ---------------------------------------------------------------------------

    def word(self, kind: type[Any], value: Any) -> str:
        return label_value(kind, value, self.lang) if value is not None else ""

    def thing(self, item_id: Any) -> str:
        """A weapon's or an item's name from the data."""
        if not item_id:
            return ""
        try:
            found = find_equipment(str(item_id))
        except SkirmishError:
            return str(item_id)
        return found.name_it if self.lang == Lang.IT else found.name_en

    def objective(self, objective_id: Any, copy: Any = None) -> str:
        """An objective of the scenario by its name, with its copy number when it has several."""
        name = str(objective_id)
        count = 1
        for found in getattr(self.scenario, "objectives", ()):
            if found.id == objective_id:
                name = found.name_it if self.lang == Lang.IT else found.name_en
                count = found.count
        return f"{name} {copy}" if copy is not None and count > 1 else name

    def who(self, name: Any) -> str:
        """A model by its name, or a scenario's person (stored by its objective) by its name."""
        if name is None:
            return ""
        ids = {o.id for o in getattr(self.scenario, "objectives", ())}
        return self.objective(name) if name in ids else str(name)

    def rolls(self, rolls: Sequence[Mapping[str, Any]]) -> str:
        """``nerve 4 ✓ 2 ✗, to hit 6 ✓``: the dice of each stage, in order, with ✓ or ✗."""
        groups: list[tuple[str, list[str]]] = []
        for die in rolls:
            stage = str(die.get("stage"))
            ok = die.get("ok")
            face = str(die.get("face"))
            text = face if ok is None else f"{face} {OK if ok else FAILED}"
            if groups and groups[-1][0] == stage:
                groups[-1][1].append(text)
            else:
                groups.append((stage, [text]))
        if not groups:
            return _say("no-dice", self.lang)
        parts = []
        for stage, faces in groups:
            word = _say(f"stage-{stage}", self.lang) if stage in _STAGES else stage
            parts.append(f"{word} {' '.join(faces)}")
        return ", ".join(parts)

    def dice(self, dice: Sequence[Mapping[str, Any]]) -> str:
        """Dice without a verdict, grouped by what they were rolled for: ``panic test 4, 5``."""
        groups: list[tuple[str, list[str]]] = []
        for die in dice:
            purpose = str(die.get("purpose", ""))
            word = purpose_words(purpose_key(purpose)[0], str(self.lang)) if purpose else ""
            if groups and groups[-1][0] == word:
                groups[-1][1].append(str(die.get("value")))
            else:
                groups.append((word, [str(die.get("value"))]))
        return "; ".join(f"{w} {', '.join(v)}".strip() for w, v in groups)

    # --- the sentences -------------------------------------------------------------------

    def sentence(self, event: Mapping[str, Any]) -> str:
        return _say("line", self.lang, turn=event.get("turn", 0), text=self.text(event))

    def text(self, event: Mapping[str, Any]) -> str:
        """The event's sentence without its turn (what a command says of what it caused)."""
        action = str(event.get("action", ""))
        details: Mapping[str, Any] = event.get("details") or {}
        dice: Sequence[Mapping[str, Any]] = event.get("dice") or []
        self.actor = event.get("model")
        try:
            kind = EventKind(action)
        except ValueError:
            kind = None
        method = getattr(self, "_" + action.replace("-", "_"), None) if kind else None
        text = None
        if method is not None:
            try:
                text = method(details, dice)
            except (KeyError, TypeError, ValueError, AttributeError):
                text = None  # an older or newer shape of the details: the generic sentence
        if text is None:
            text = self._generic(kind, action, details, dice)
        return text

    def _generic(
        self,
        kind: EventKind | None,
        action: str,
        details: Mapping[str, Any],
        dice: Sequence[Mapping[str, Any]],
    ) -> str:
        word = label(kind, self.lang) if kind is not None else action.replace("-", " ")
        name = details.get("model") or details.get("attacker") or details.get("gang") or self.actor
        who = _say("generic-who", self.lang, name=self.who(name)) if name else ""
        shown = f" ({_say('dice', self.lang, dice=self.dice(dice))})" if dice else ""
        return _say("generic", self.lang, kind=word[:1].upper() + word[1:], who=who, dice=shown)

    def _start(self, d: Mapping[str, Any], dice: Any) -> str:
        sides = d["sides"]
        good, bad = sides["good"], sides["bad"]
        self.gangs = {Side.GOOD.value: good["gang"], Side.BAD.value: bad["gang"]}
        return _say(
            "start", self.lang, scenario=self._scenario_name(), good=good["gang"],
            bad=bad["gang"], good_side=label(Side.GOOD, self.lang),
            bad_side=label(Side.BAD, self.lang), good_n=len(good["models"]),
            bad_n=len(bad["models"]),
        )  # fmt: skip

    def _scenario_name(self) -> str:
        if self.scenario is None:
            return ""
        return str(self.scenario.name_it if self.lang == Lang.IT else self.scenario.name_en)

    def _turn(self, d: Mapping[str, Any], dice: Any) -> str:
        turn = int(d["turn"])
        idle = list(d.get("idle") or [])
        text = (
            _say("turn-idle", self.lang, last=turn - 1, names=", ".join(idle))
            if idle
            else _say("turn", self.lang)
        )
        steps = [step_text(s, self.lang) for s in d.get("scripted") or []]
        if steps:
            text += " " + _say("turn-step", self.lang, steps="; ".join(steps))
        return text

    def _cohesion(self, d: Mapping[str, Any], dice: Any) -> str:
        leader = {"alive": "leader-alive", "dead": "leader-dead"}.get(str(d.get("leader")))
        return _say(
            "cohesion", self.lang, gang=d["gang"], lost=d["lost"], started=d["started"],
            roll=d["roll"], leader=_say(leader, self.lang) if leader else "", total=d["total"],
            fred=d["highest_fred"],
            verdict=_say("cohesion-holds" if d["holds"] else "cohesion-fails", self.lang),
        )  # fmt: skip

    def _state_ends(self, d: Mapping[str, Any], dice: Any) -> str:
        after = d.get("after") or {}
        prone = _say("still-prone", self.lang) if after.get("prone") else ""
        state = self.word(ModelState, d.get("state") or after.get("state"))
        return _say("state-ends", self.lang, name=d["model"], state=state, prone=prone,
                    ruling=d.get("ruling", ""))  # fmt: skip

    def _initiative(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        faces = ", ".join(str(x.get("value")) for x in dice)
        shaken = list(d.get("shaken") or [])
        extra = _say("shaken-nerves", self.lang, names=", ".join(shaken)) if shaken else ""
        activates = d.get("activates")
        return _say(
            "initiative", self.lang, good=d["good"], bad=d["bad"],
            good_totals="/".join(str(t) for t in d["good_totals"]),
            bad_totals="/".join(str(t) for t in d["bad_totals"]),
            dice=f" (1D6 {faces})" if faces else "",
            winner=d["winner"],
            activates=_say("activates", self.lang, name=activates) if activates else "",
        ) + extra  # fmt: skip

    def _outcome(self, d: Mapping[str, Any], rolls: Sequence[Mapping[str, Any]]) -> str:
        parts: list[str] = []
        before, after = d.get("cos_before"), d.get("cos_after")
        struck = any(r.get("stage") in ("shot", "fight") and r.get("ok") for r in rolls)
        if d.get("eliminated"):
            if before is not None and after is not None:
                parts.append(_say("cos", self.lang, before=before, after=max(after, 0)))
            parts.append(_say("eliminated", self.lang))
            return ", ".join(parts)
        if before is not None and after is not None and after != before:
            parts.append(_say("cos", self.lang, before=before, after=after))
        elif struck:
            parts.append(_say("unhurt", self.lang))
        else:
            parts.append(_say("miss", self.lang))
        panicked = any(r.get("stage") == "panic" for r in rolls)
        if d.get("state") and (panicked or d["state"] != ModelState.STEADY):
            parts.append(self.word(ModelState, d["state"]))
        if d.get("prone"):
            parts.append(_say("prone", self.lang))
        return ", ".join(parts)

    def _combat(self, key: str, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        rolls = d.get("rolls")
        shown = self.rolls(rolls) if rolls is not None else self.dice(dice)
        weapon = self.thing(d.get("weapon"))
        distance = (d.get("options") or {}).get("range")
        if isinstance(distance, float) and distance.is_integer():
            distance = int(distance)
        return _say(
            key, self.lang, attacker=d["attacker"], target=self.who(d["target"]),
            weapon=_say("with", self.lang, weapon=weapon) if weapon else "",
            range=_say("at", self.lang, range=distance) if distance is not None else "",
            rolls=shown, outcome=self._outcome(d, rolls or []),
        )  # fmt: skip

    def _shoot(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        if d.get("fired") is False:  # opportunity fire's reflex test failed (§4.2.3)
            rolls = self.rolls(d.get("rolls") or [])
            return _say("shoot-no-opportunity", self.lang, attacker=d["attacker"],
                        target=self.who(d["target"]), rolls=rolls)  # fmt: skip
        return self._combat("shoot", d, dice)

    def _melee(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        return self._combat("melee", d, dice)

    def _hit(self, d: Mapping[str, Any], dice: Any) -> str:
        by = _say("by", self.lang, name=d["by"]) if d.get("by") else ""
        return _say(
            "hit", self.lang, name=self._model(d), by=by,
            wounds=wounds_text(d["wounds"], self.lang),
            before=d["cos_before"], after=max(int(d["cos_after"]), 0),
            gone=_say("gone", self.lang) if d.get("eliminated") else "",
        )  # fmt: skip

    def _model(self, d: Mapping[str, Any]) -> str:
        """The model an event is about: named in its details, else the one it is recorded on."""
        name = d.get("model") or self.actor
        if name is None:
            raise KeyError("model")  # no name to give: the generic sentence
        return self.who(name)

    def _eliminate(self, d: Mapping[str, Any], dice: Any) -> str:
        by = _say("eliminate-by", self.lang, name=d["by"]) if d.get("by") else ""
        return _say("eliminate", self.lang, name=self._model(d), by=by)

    def _state(self, d: Mapping[str, Any], dice: Any) -> str:
        state = self.word(TableState, d["state"])
        clears = d.get("clears_turn")
        return _say("state", self.lang, name=self._model(d), state=state,
                    clears=_say("clears", self.lang, turn=clears) if clears else "")  # fmt: skip

    def _flee(self, d: Mapping[str, Any], dice: Any) -> str:
        why = _WHY.get(str(d.get("why")))
        return _say("flee", self.lang, name=self._model(d),
                    why=_say(why, self.lang) if why else "")  # fmt: skip

    def _leave(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say("leave", self.lang, name=self._model(d))

    def _spend(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say("spend", self.lang, name=self._model(d),
                    point=self.word(Point, d["point"]), left=d["left"])  # fmt: skip

    def _drink(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say("drink", self.lang, name=self._model(d))

    def _objective(self, d: Mapping[str, Any], dice: Any) -> str:
        objective = self.objective(d["objective"], d.get("copy"))
        if d["event"] == "carry" and d.get("ruling") == "R-22":  # a guard keeps the captive
            return _say("kept", self.lang, name=d["by"],
                        objective=objective[:1].upper() + objective[1:])  # fmt: skip
        if d["event"] == "carry":
            ruling = f" ({d['ruling']})" if d.get("ruling") else ""
            return _say("carry", self.lang, name=d["by"], objective=objective, ruling=ruling)
        by = _say("objective-by", self.lang, name=d["by"]) if d.get("by") else ""
        event = self.word(ObjectiveEvent, d["event"])
        return _say(
            "objective", self.lang, objective=objective[:1].upper() + objective[1:],
            event=event, by=by, before=self.word(ObjectiveState, d["before"]),
            after=self.word(ObjectiveState, d["after"]),
        )  # fmt: skip

    def _friend_death(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        if d.get("reaction") == "terrified" or d.get("leader"):
            return _say("friend-terrified", self.lang, name=d["model"], fallen=d["fallen"])
        after = d.get("after") or {}
        state = self.word(ModelState, after.get("state"))
        if after.get("prone"):
            state += ", " + _say("prone", self.lang)
        faces = " ".join(str(x.get("value")) for x in dice) or _say("no-dice", self.lang)
        return _say("friend-panic", self.lang, name=d["model"], fallen=d["fallen"],
                    rolls=faces, state=state)  # fmt: skip

    def _retreat(self, d: Mapping[str, Any], dice: Any) -> str:
        roll = d.get("infamy_roll")
        infamy = _say("infamy", self.lang, roll=roll) if roll is not None else ""
        return _say("retreat", self.lang, gang=d["gang"], infamy=infamy)

    def _end(self, d: Mapping[str, Any], dice: Any) -> str:
        winner = d.get("winner")  # a side
        gang = self.gangs.get(str(winner)) or self.word(Side, winner)
        said = _say("winner", self.lang, gang=gang) if winner else _say("draw", self.lang)
        return _say("end", self.lang, winner=said,
                    reason=reason_text(d.get("reason"), self.scenario, self.lang))  # fmt: skip

    def _abandon(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say("abandon", self.lang)

    def _reroll(self, d: Mapping[str, Any], dice: Any) -> str:
        payer = d.get("payer")
        name = d["model"]
        return _say(
            "reroll", self.lang, name=name,
            purpose=_the(purpose_words(str(d.get("purpose") or d.get("stage")).partition(":")[0],
                                       str(self.lang)), self.lang),  # a roll-off's: its own
            point=self.word(Point, d["point"]), old=d["old"], new=d["new"], left=d["left"],
            payer=_say("payer", self.lang, payer=payer) if payer and payer != name else "",
        )  # fmt: skip

    def _activate(self, d: Mapping[str, Any], dice: Any) -> str:
        if d.get("told"):
            return _say("activate-told", self.lang, name=self._model(d))
        if d.get("opportunity"):
            return _say("activate-opportunity", self.lang, name=self._model(d))
        ended = d.get("ended")
        over = _say("activate-ended", self.lang, name=ended) if ended else ""
        return _say("activate", self.lang, name=self._model(d), ended=over)

    def _reload(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say(
            "reload", self.lang, name=self._model(d), weapon=self.thing(d["weapon"]),
            before=d["rounds_before"], after=d["rounds"],
            free=_say("reload-free", self.lang) if d.get("before_first_turn") else "",
        )  # fmt: skip

    def _unjam(self, d: Mapping[str, Any], dice: Any) -> str:
        return _say("unjam", self.lang, name=self._model(d), weapon=self.thing(d["weapon"]))

    def _horse(self, key: str, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        mount = self.thing(d.get("mount"))
        faces = " ".join(
            f"{x.get('value')} {OK if d.get('success') else FAILED}" for x in dice
        )  # the reflex test passes or fails as a whole
        return _say(
            key, self.lang, name=self._model(d),
            mount=_say("the-mount", self.lang, mount=mount) if mount else "",
            pace=self.word(Pace, d["pace"]),
            rolls=_say("reflex", self.lang, rolls=faces) if faces else "",
            verdict=_say("done" if d.get("success") else "failed", self.lang),
        )  # fmt: skip

    def _mount(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        return self._horse("mount", d, dice)

    def _dismount(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        return self._horse("dismount", d, dice)

    def _lasso(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        outcome = _say(f"lasso-{d['outcome']}", self.lang, distance=d.get("distance") or 0)
        if d.get("fallen"):
            outcome += _say("lasso-down", self.lang, name=d["fallen"])
        if d.get("unhorsed"):
            outcome += _say("lasso-unhorsed", self.lang)
        shown = f" ({self.dice(dice)})" if dice else ""
        return _say("lasso", self.lang, name=self._model(d), target=self.who(d["target"]),
                    rolls=shown, outcome=outcome)  # fmt: skip

    def _explosion(self, d: Mapping[str, Any], dice: Sequence[Mapping[str, Any]]) -> str:
        caught = []
        for v in d.get("caught") or []:
            outcome = str(v["outcome"])
            caught.append(
                _say(
                    f"blast-{outcome}",
                    self.lang,
                    name=v["model"],
                    before=v.get("cos_before"),
                    after=v.get("cos_after"),
                )  # fmt: skip
            )
        fuse = d.get("fuse")
        fuse_text = _say("explosion-fuse", self.lang, roll=fuse) if fuse is not None else ""
        if d.get("in_hands"):
            fuse_text += _say("explosion-in-hands", self.lang)
        text = "; ".join(caught) or _say("explosion-nobody", self.lang)
        if dice:
            text += f" ({self.dice(dice)})"
        return _say("explosion", self.lang, name=self._model(d),
                    explosive=self.thing(d["explosive"]), fuse=fuse_text, caught=text)  # fmt: skip


def sentence(
    event: Mapping[str, Any], scenario: Any, lang: Lang, gangs: Mapping[str, str] | None = None
) -> str:
    """One event of a game's log as a sentence in ``lang`` (``scenario``: the game's
    ``rules.scenarios.Scenario``, for its objectives' names and its victory texts; ``gangs``:
    each side's gang, ``board.side_gangs``, which names the winner of the game's end)."""
    return _Reader(scenario, lang, gangs).sentence(event)


def told(
    events: Iterable[Mapping[str, Any]],
    scenario: Any,
    lang: Lang,
    gangs: Mapping[str, str] | None = None,
) -> list[str]:
    """What the ``events`` an action just recorded say, one sentence each, without the turn
    (a command's lines: the sack dropped by the shot, the friend's panic, the civilian fled)."""
    reader = _Reader(scenario, lang, gangs)
    return [reader.text(e) for e in sorted(events, key=lambda e: int(e.get("id") or 0))]


def sentences(
    events: Iterable[Mapping[str, Any]],
    scenario: Any,
    lang: Lang,
    gangs: Mapping[str, str] | None = None,
) -> list[str]:
    """A game's log, one sentence per event, in the order the events were recorded (``gangs``:
    as ``sentence``'s, for a log that does not begin with the game's start)."""
    reader = _Reader(scenario, lang, gangs)
    ordered = sorted(events, key=lambda e: int(e.get("id") or 0))
    return [reader.sentence(e) for e in ordered]
