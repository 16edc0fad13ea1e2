"""Two choices of a shooting action side by side, exactly, and the better one for a goal:
``skirmish odds compare aim|fan|targets|fama`` and the web's calculator both ask
``compare(kind, options, goal=…, other=…)``.

The comparisons (docs/odds.md gives each one's assumptions):

- ``aim``: the shot without aiming, or aiming first (one action, table 1, R-02(b)); a weapon
  that cannot aim is refused.
- ``fan``: one ordinary shot, or fanning the six-shooter (§5.2.2, R-14); a turn has one
  shooting action (§2.1), so the action fanning costs beyond a shot buys no second shot: the
  fair comparison is one fanning against one shot. Without a range both are at the weapon's
  short range, the farthest fanning allows.
- ``targets``: this target, or another one: ``other`` holds the options that change (the
  target's and the action's, ``other_inputs()``; any left out is as for the first).
- ``fama``: keep a FAMA point, or spend it now on this roll: one more reroll spent wisely
  (R-15) than the options give.

Goals (``Goal``): ``eliminate``, the chance that the target is eliminated, needs the target's
RIF and COS; ``wounds``, the expected wounds that count (capped at the target's COS when it is
given, the damage when its RIF is not). The default is ``eliminate`` when both choices know the
target's COS, else ``wounds``. Every reroll of a comparison is spent for its goal: with
``eliminate`` the chance to eliminate comes first (``odds.combat.objective``), so a FAMA point
never lowers the goal's measure.

API:

``compare(kind, options, goal=None, other=None) -> Comparison``
    ``kind`` one of ``COMPARISONS``; ``options`` the options of ``odds shoot`` by parameter
    name (the situation's inputs, ``engine.situation``, and the four reroll budgets);
    ``goal`` a ``Goal`` or its word, ``None`` for the default; ``other`` for ``targets``:
    the other target's options by the same parameter names (no prefix), ``None`` values
    taken from ``options``. Raises ``RulesError`` (both languages) for what cannot be
    compared.
``Comparison``
    ``choices`` (two ``Choice``: ``key``, ``odds`` a ``CombatOdds``, ``actions`` the action
    cost when the choices differ in it, ``fama`` the FAMA points spent in ``fama``), ``goal``,
    ``measures`` (the goal's exact measure of each choice), ``best`` (0, 1, or ``None`` for a
    tie), ``gain`` (how much better, 0 for a tie); in a language, ``names(lang)``,
    ``rows(lang)`` (``Row``: a label, one value per choice and how to show it),
    ``verdict(lang)`` and ``notes(lang)`` (the assumptions); ``payload()`` the JSON.
``other_inputs()``, ``OTHER_PARAM``: the other target's inputs, derived from the declaration:
    every input of the shot whose is the target's or the action's, as ``other_<name>`` (each
    front end derives its flag or field from it, ``--other-target-rif``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.setup import ShootSetup
from skirmish.engine.situation import Procedure, Whose, inputs_for, parse_weapon
from skirmish.errors import RulesError, SkirmishError, renamed
from skirmish.formats import decimal, percent
from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.odds.chances import CombatSituation, combat_situation, outcome_label
from skirmish.rules import find_action
from skirmish.rules.model import Profile
from skirmish.translation import N_, NP_, Both, Message

if TYPE_CHECKING:
    from skirmish.engine.situation import Input
    from skirmish.odds.combat import CombatOdds
    from skirmish.rules.model import Weapon

#: The comparisons, in the order the front ends list them.
COMPARISONS: tuple[str, ...] = ("aim", "fan", "targets", "fama")

#: The other target's inputs: ``other_`` before the name (the CLI's ``--other-target-rif``).
OTHER_PARAM = "other_"


class Goal(StrEnum):
    """What the better choice does better."""

    ELIMINATE = "eliminate"  # the chance to eliminate the target
    WOUNDS = "wounds"  # the expected wounds that count


#: Each comparison's two choices (keys), the plain one first.
CHOICES: dict[str, tuple[str, str]] = {
    "aim": ("no-aim", "aim"),
    "fan": ("shot", "fanning"),
    "targets": ("first", "other"),
    "fama": ("keep", "spend"),
}

MESSAGES: Catalogue = messages(
    {
        "no-aim": N_("No aim"),
        "aim": N_("Aim"),
        "shot": N_("One shot"),
        "fanning": N_("Fanning"),
        "first": N_("This target"),
        "other": N_("Other target"),
        "keep": N_("Keep FAMA"),
        "spend": N_("Spend FAMA"),
        "better": N_("★ better"),
        "tie": N_("= tie"),
        "choice": N_("Choice"),
        "actions": N_("Actions"),
        "fama-spent": N_("FAMA points spent"),
        "eliminate": N_("Chance to eliminate"),
        "counted": N_("Expected wounds (up to COS {cos})"),
        "wounds": N_("Expected wounds"),
        "damage": N_("Expected damage"),
        "outcome": N_("Target: {outcome}"),
        "wounds-at-least": N_("Wounds: at least {n}"),
        "damage-at-least": N_("Damage: at least {n}"),
        "measure-eliminate": N_("the chance to eliminate"),
        "measure-counted": N_("the expected wounds that count (up to COS {cos})"),
        "measure-wounds": N_("the expected wounds"),
        "measure-damage": N_("the expected damage"),
        "verdict": N_(
            "★ Better for {measure}: {choice}, by {gain} ({best} against {worst}; "
            "exactly {best_exact} against {worst_exact})."
        ),
        "verdict-tie": N_("= A tie for {measure}: both {value} ({exact})."),
        "fama-buys": N_("Spent now, the FAMA point is worth {gain} ({measure})."),
        "fama-nothing": N_("Spent now, the FAMA point buys nothing: keep it."),
        "points": N_("{value} percentage points"),
        "aim-cost": N_(
            "Aiming costs {aim} action (table 1) and the shot {ca}: {total} in all, "
            "with no movement action this turn (R-02(b))."
        ),
        "aim-too-dear": N_(
            "Aiming and firing the {weapon} cost {total} actions, more than the "
            "{turn} of a turn (§2.1)."
        ),
        "fan-cost": N_(
            "Fanning costs {fan} actions and empties the gun (reloading: {reload} "
            "actions, table 1); one shot costs {ca} and leaves {left} action(s) for something "
            "else: a turn has one shooting action (§2.1), so they buy no second shot."
        ),
        "fan-range": N_(
            "No range given: both at the {weapon}'s short range, {range}U, the "
            "farthest fanning allows (§5.2.2)."
        ),
        "targets-same": N_("The other target is the first one changed by the --other- options."),
        "fama-cost": N_(
            "Keep: the rerolls the options give ({rerolls}); spend: one more, spent wisely (R-15)."
        ),
        "rerolls-goal": N_("Rerolls are spent for {measure} (R-15, docs/odds.md)."),
    }
)


class Row(NamedTuple):
    """One line of a comparison: its label and one value per choice; ``kind`` says how to
    show them: ``chance`` (a probability), ``mean`` (an expectation) or ``count``."""

    key: str
    label: str
    values: tuple[Fraction | int | None, ...]
    kind: str


@dataclass(frozen=True)
class Choice:
    """One side of a comparison: its key (``CHOICES``), its exact odds, and what it costs
    when the choices differ in it (actions, or FAMA points spent)."""

    key: str
    odds: CombatOdds
    actions: int | None = None
    fama: int | None = None

    @property
    def eliminated(self) -> Fraction | None:
        """The chance to eliminate, or ``None`` without the target's RIF and COS."""
        from skirmish.odds.report import eliminated  # lazy: procedure

        return eliminated(self.odds)

    @property
    def counted_wounds(self) -> Fraction:
        """The expected wounds that count: capped at the target's COS when it is given, the
        wounds without it, the damage without the target's RIF (R-15's objective)."""
        wounds, cos = self.odds.wounds, self.odds.target.cos
        if wounds is None:
            return self.odds.expected_damage
        if cos is None:
            return wounds.expectation()
        return wounds.expectation(lambda w: min(w, cos))


@dataclass(frozen=True)
class Comparison:
    """Two choices side by side and the better one for ``goal``."""

    kind: str
    goal: Goal
    choices: tuple[Choice, Choice]
    notes_of: tuple[tuple[str, dict[str, Any]], ...] = ()  # (message key, values) each

    @property
    def measures(self) -> tuple[Fraction, Fraction]:
        """The goal's exact measure of each choice."""
        first, second = (self._measure(c) for c in self.choices)
        return first, second

    def _measure(self, choice: Choice) -> Fraction:
        if self.goal is Goal.ELIMINATE:
            chance = choice.eliminated
            assert chance is not None  # compare() checks the goal can be measured
            return chance
        return choice.counted_wounds

    @property
    def best(self) -> int | None:
        """The index of the better choice, ``None`` for a tie."""
        first, second = self.measures
        if first == second:
            return None
        return 0 if first > second else 1

    @property
    def gain(self) -> Fraction:
        """How much the better choice measures more (0 for a tie)."""
        first, second = self.measures
        return abs(first - second)

    # -- in a language -----------------------------------------------------------------------
    def names(self, lang: Lang | str) -> tuple[str, str]:
        """Each choice's name, the better one marked (★ and a word), a tie said as one."""
        best = self.best
        found = []
        for index, choice in enumerate(self.choices):
            name = tr(MESSAGES, choice.key, lang)
            if best is None:
                name += " " + tr(MESSAGES, "tie", lang)
            elif best == index:
                name += " " + tr(MESSAGES, "better", lang)
            found.append(name)
        return found[0], found[1]

    def measure_name(self, lang: Lang | str) -> str:
        """What the goal measures, in words: "the chance to eliminate"…"""
        if self.goal is Goal.ELIMINATE:
            return tr(MESSAGES, "measure-eliminate", lang)
        targets = [c.odds.target for c in self.choices]
        if any(t.rif is None for t in targets):
            return tr(MESSAGES, "measure-damage", lang)
        coses = {t.cos for t in targets}
        if None in coses:
            return tr(MESSAGES, "measure-wounds", lang)
        if len(coses) == 1:
            return tr(MESSAGES, "measure-counted", lang, cos=coses.pop())
        cos = "/".join(str(t.cos) for t in targets)
        return tr(MESSAGES, "measure-counted", lang, cos=cos)

    def _shown(self, value: Fraction, lang: Lang | str) -> str:
        if self.goal is Goal.ELIMINATE:
            return percent(value, str(lang))
        return decimal(value, str(lang))

    def verdict(self, lang: Lang | str) -> str:
        """The better choice and by how much, exactly; or the tie."""
        measures, best = self.measures, self.best
        measure = self.measure_name(lang)
        if best is None:
            value = measures[0]
            return tr(
                MESSAGES, "verdict-tie", lang, measure=measure, value=self._shown(value, lang),
                exact=str(value),
            )  # fmt: skip
        worst = 1 - best
        return tr(
            MESSAGES, "verdict", lang, measure=measure,
            choice=tr(MESSAGES, self.choices[best].key, lang), gain=self._gain(lang),
            best=self._shown(measures[best], lang), worst=self._shown(measures[worst], lang),
            best_exact=str(measures[best]), worst_exact=str(measures[worst]),
        )  # fmt: skip

    def _gain(self, lang: Lang | str) -> str:
        if self.goal is Goal.ELIMINATE:
            return tr(MESSAGES, "points", lang, value=decimal(self.gain * 100, str(lang), 2))
        return decimal(self.gain, str(lang))

    def notes(self, lang: Lang | str) -> list[str]:
        """The assumptions of the comparison, and for ``fama`` what the point buys."""
        found = [tr(MESSAGES, key, lang, **_said(values, lang)) for key, values in self.notes_of]
        if any(c.odds.rerolls.actor or c.odds.rerolls.target for c in self.choices):
            found.append(tr(MESSAGES, "rerolls-goal", lang, measure=self.measure_name(lang)))
        if self.kind == "fama":
            if self.best == 1:
                gain = self._gain(lang)
                found.append(
                    tr(MESSAGES, "fama-buys", lang, gain=gain, measure=self.measure_name(lang))
                )
            else:
                found.append(tr(MESSAGES, "fama-nothing", lang))
        return found

    def rows(self, lang: Lang | str) -> list[Row]:
        """The lines of the table: costs, the chance to eliminate, expectations, the
        target's outcomes, then at least N wounds and damage."""
        a, b = self.choices
        rows: list[Row] = []
        if a.actions is not None and b.actions is not None:
            rows.append(
                Row("actions", tr(MESSAGES, "actions", lang), (a.actions, b.actions), "count")
            )
        if a.fama is not None and b.fama is not None:
            rows.append(Row("fama", tr(MESSAGES, "fama-spent", lang), (a.fama, b.fama), "count"))
        eliminated = (a.eliminated, b.eliminated)
        if any(e is not None for e in eliminated):
            rows.append(Row("eliminated", tr(MESSAGES, "eliminate", lang), eliminated, "chance"))
        coses = (a.odds.target.cos, b.odds.target.cos)
        if all(c is not None for c in coses) and all(c.odds.wounds is not None for c in (a, b)):
            label = tr(MESSAGES, "counted", lang, cos="/".join(sorted({str(c) for c in coses})))
            counted = (a.counted_wounds, b.counted_wounds)
            rows.append(Row("expected_counted_wounds", label, counted, "mean"))
        wounds = (a.odds.expected_wounds, b.odds.expected_wounds)
        if any(w is not None for w in wounds):
            rows.append(Row("expected_wounds", tr(MESSAGES, "wounds", lang), wounds, "mean"))
        damage = (a.odds.expected_damage, b.odds.expected_damage)
        rows.append(Row("expected_damage", tr(MESSAGES, "damage", lang), damage, "mean"))
        rows += self._outcome_rows(lang)
        rows += self._at_least_rows("wounds", lang)
        rows += self._at_least_rows("damage", lang)
        return rows

    def _outcome_rows(self, lang: Lang | str) -> list[Row]:
        from skirmish.odds.report import OUTCOME_ORDER, outcome_key  # lazy: procedure

        outcomes = [c.odds.outcome for c in self.choices]
        if all(o is None for o in outcomes):
            return []
        rows = []
        for outcome in OUTCOME_ORDER:
            values = tuple(None if o is None else o[outcome] for o in outcomes)
            if not any(values):
                continue
            key = outcome_key(outcome)
            label = tr(MESSAGES, "outcome", lang, outcome=outcome_label(key, lang))
            rows.append(Row("outcome:" + key, label, values, "chance"))
        return rows

    def _at_least_rows(self, table: str, lang: Lang | str) -> list[Row]:
        from skirmish.odds.report import at_least  # lazy: procedure

        dists = [c.odds.wounds if table == "wounds" else c.odds.damage for c in self.choices]
        if all(d is None for d in dists):
            return []
        tables = [None if d is None else at_least(d) for d in dists]
        top = max((max(t) for t in tables if t), default=0)
        rows = []
        for n in range(1, top + 1):
            values = tuple(None if t is None else _or_more(t, n) for t in tables)
            label = tr(MESSAGES, f"{table}-at-least", lang, n=n)
            rows.append(Row(f"at_least:{table}:{n}", label, values, "chance"))
        return rows

    # -- JSON ------------------------------------------------------------------------------------
    def payload(self) -> dict[str, Any]:
        """The JSON of ``--json``: each choice's odds (as ``odds shoot --json``) with its cost
        and measure, the goal, the better choice (``null`` for a tie) and the gain, exact."""
        from skirmish.odds.report import combat_payload  # lazy: procedure

        choices = []
        for choice, measure in zip(self.choices, self.measures, strict=True):
            entry: dict[str, Any] = {"choice": choice.key}
            if choice.actions is not None:
                entry["actions"] = choice.actions
            if choice.fama is not None:
                entry["fama_spent"] = choice.fama
            entry["measure"] = str(measure)
            entry.update(combat_payload(choice.odds))
            choices.append(entry)
        best = self.best
        return {
            "comparison": self.kind,
            "goal": self.goal.value,
            "choices": choices,
            "better": None if best is None else self.choices[best].key,
            "tie": best is None,
            "gain": str(self.gain),
        }


def _or_more(table: Mapping[int, Fraction], n: int) -> Fraction:
    """The chance of ``n`` or more from an ``at_least`` table whose values may skip ``n``."""
    return next((p for value, p in sorted(table.items()) if value >= n), Fraction(0))


# ---------------------------------------------------------------------------- building


def other_inputs() -> tuple[Input, ...]:
    """The inputs of the other target in ``targets``: the shot's inputs that are the
    target's or the action's (the attacker's are shared), in the declaration's order."""
    return tuple(i for i in inputs_for(Procedure.SHOOT) if i.whose in (Whose.TARGET, Whose.ACTION))


def compare(
    kind: str,
    options: Mapping[str, Any],
    goal: Goal | str | None = None,
    other: Mapping[str, Any] | None = None,
) -> Comparison:
    """``kind`` (``COMPARISONS``) of the shooting action ``options`` describe (the options of
    ``odds shoot`` by parameter name), for ``goal`` (default: eliminate when the target's COS
    is known, else wounds); ``other``: the other target's options for ``targets``."""
    if kind not in CHOICES:
        raise RulesError(
            Message(
                "unknown comparison {kind!r}: choose one of {join_comparisons}.",
                kind=kind,
                join_comparisons=", ".join(COMPARISONS),
            )
        )
    given = dict(options)
    first, second, notes, costs = _BUILDERS[kind](given, dict(other or {}))
    chosen = _goal(goal, [first, second])
    odds = [_odds(first, chosen)]
    try:
        odds.append(_odds(second, chosen))
    except SkirmishError as refused:
        raise (_other_refused(refused) if kind == "targets" else refused) from None
    keys = CHOICES[kind]
    choices = tuple(Choice(key, o, **cost) for key, o, cost in zip(keys, odds, costs, strict=True))
    return Comparison(kind, chosen, (choices[0], choices[1]), notes)


def _said(values: Mapping[str, Any], lang: Lang | str) -> dict[str, Any]:
    """A note's values in ``lang``: a weapon by its name in that language."""
    return {k: name(v, Lang(str(lang))) if hasattr(v, "name_it") else v for k, v in values.items()}


#: What each comparison builds: the two situations, its notes, and each choice's cost.
_Built = tuple[
    CombatSituation, CombatSituation, tuple[tuple[str, dict[str, Any]], ...], list[dict[str, Any]]
]


def _situation(options: Mapping[str, Any]) -> CombatSituation:
    return combat_situation("shoot", options)


def _goal(goal: Goal | str | None, situations: list[CombatSituation]) -> Goal:
    """The goal asked for, or the default; eliminate needs the target's RIF and COS."""
    known = all(
        s.setup.target.rif is not None and s.setup.target.cos is not None for s in situations
    )
    if goal is None:
        return Goal.ELIMINATE if known else Goal.WOUNDS
    words = {"eliminate": Goal.ELIMINATE, "eliminare": Goal.ELIMINATE,
             "wounds": Goal.WOUNDS, "ferite": Goal.WOUNDS}  # fmt: skip
    chosen = words.get(str(goal).strip().lower())
    if chosen is None:
        raise RulesError(Message("⟨goal⟩ {goal!r}: choose eliminate or wounds.", goal=goal))
    if chosen is Goal.ELIMINATE and not known:
        raise RulesError(
            Message(
                "⟨goal⟩ eliminate needs the target's RIF and COS of each choice: give "
                "⟨target_rif⟩ and ⟨target_cos⟩, or ⟨goal⟩ wounds."
            )
        )
    return chosen


def _odds(situation: CombatSituation, goal: Goal) -> CombatOdds:
    from skirmish.odds.combat import shoot_odds  # lazy: procedure

    setup, rerolls, target_rerolls = situation
    assert isinstance(setup, ShootSetup)  # every comparison is of a shot
    return shoot_odds(
        setup, rerolls=rerolls, target_rerolls=target_rerolls,
        eliminate=goal is Goal.ELIMINATE,
    )  # fmt: skip


def _weapon(options: Mapping[str, Any]) -> Weapon | None:
    return parse_weapon(options.get("weapon"))


def _aim(options: dict[str, Any], other: dict[str, Any]) -> _Built:
    weapon = _weapon(options)
    if weapon is not None and not weapon.can_aim:
        raise RulesError(
            Message(
                "the {weapon_name} cannot aim (§5.2.1, §5.2.2, R-02(b)): there is "
                "nothing to compare; give a weapon that can, e.g. ⟨weapon⟩ rifle.",
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
    for flag, rule in (
        ("moved", N_("took no movement action this turn (R-02(b))")),
        ("opportunity", N_("is not firing on opportunity (§4.2.3, R-16)")),
    ):
        if options.get(flag):
            raise RulesError(
                Message(
                    "⟨{flag}⟩: only a model that {rule} may aim, so there is nothing to "
                    "compare; drop ⟨{flag}⟩.",
                    flag=flag,
                    rule=Message(rule),
                )
            )
    plain = _situation({**options, "aim": False})
    aiming = _situation({**options, "aim": True})
    gun = plain.setup.attacker.weapon
    assert gun is not None  # a shot needs a weapon: shoot_setup refuses one without
    ca, aim = gun.ca, find_action("aim").ca
    notes: list[tuple[str, dict[str, Any]]] = [
        ("aim-cost", {"aim": aim, "ca": ca, "total": aim + ca})
    ]
    turn = _actions_a_turn()
    if aim + ca > turn:
        notes.append(("aim-too-dear", {"weapon": gun, "total": aim + ca, "turn": turn}))
    return plain, aiming, tuple(notes), [{"actions": ca}, {"actions": aim + ca}]


def _fan(options: dict[str, Any], other: dict[str, Any]) -> _Built:
    weapon = _weapon(options)
    if weapon is None or not weapon.fanning or weapon.fanning_ca is None:
        name = (
            Message(NP_("cannot be fanned", "no weapon"))
            if weapon is None
            else Message(
                NP_("cannot be fanned", "the {weapon_name}"),
                weapon_name=Both(weapon.name_en, weapon.name_it),
            )
        )
        raise RulesError(
            Message(
                "{name} cannot be fanned: only the six-shooter can (§5.2.2, R-14); "
                "give ⟨weapon⟩ six-shooter.",
                name=name,
            )
        )
    notes: list[tuple[str, dict[str, Any]]] = []
    given = dict(options)
    if given.get("range_") is None and weapon.short is not None:
        given["range_"] = float(weapon.short)
        notes.append(("fan-range", {"weapon": weapon, "range": weapon.short}))
    plain = _situation({**given, "fanning": False})
    fanning = _situation({**given, "fanning": True})
    turn = _actions_a_turn()
    notes.insert(0, ("fan-cost", {
        "fan": weapon.fanning_ca, "reload": find_action("reload").ca, "ca": weapon.ca,
        "left": turn - weapon.ca,
    }))  # fmt: skip
    return plain, fanning, tuple(notes), [{"actions": weapon.ca}, {"actions": weapon.fanning_ca}]


def _targets(options: dict[str, Any], other: dict[str, Any]) -> _Built:
    allowed = {i.param_for(Procedure.SHOOT) for i in other_inputs()}
    unknown = sorted(set(other) - allowed)
    if unknown:
        raise TypeError(f"{unknown} are no options of the other target")
    changed = {k: v for k, v in other.items() if v is not None}
    first = _situation(options)
    try:
        second = _situation({**options, **changed})
    except SkirmishError as refused:
        raise _other_refused(refused) from None
    return first, second, (("targets-same", {}),), [{}, {}]


def _other_refused(refused: SkirmishError) -> RulesError:
    """A refusal of the other target's situation, saying whose it is."""
    return RulesError(
        Message(
            "the other target: {renamed_refused_template}",
            renamed_refused_template=Both(
                renamed(refused.template("en"), OTHER_PARAM),
                renamed(refused.template("it"), OTHER_PARAM),
            ),
        )
    )


def _fama(options: dict[str, Any], other: dict[str, Any]) -> _Built:
    fama = options.get("fama", 0)
    check_characteristic("FAMA", fama)
    if fama >= 4:
        raise RulesError(
            Message(
                "⟨fama⟩ {fama}: a model has at most 4 FAMA points (R-15), so none is "
                "left to spend now; give the rerolls already spent on this roll, 0–3.",
                fama=fama,
            )
        )
    keep = _situation(options)
    spend = keep._replace(rerolls=keep.rerolls + 1)
    notes = (("fama-cost", {"rerolls": keep.rerolls}),)
    return keep, spend, notes, [{"fama": fama}, {"fama": fama + 1}]


def _actions_a_turn() -> int:
    """The actions of a turn (§2.1: 3), as the profiles declare them by default."""
    value = Profile._field_defaults["actions"]
    assert isinstance(value, int)
    return value


_BUILDERS = {"aim": _aim, "fan": _fan, "targets": _targets, "fama": _fama}
