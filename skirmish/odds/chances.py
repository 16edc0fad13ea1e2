"""The exact chances of a test, from the same inputs as its roll: ``skirmish odds`` and the
web's odds calculator both ask ``chances(test, options)``.

``options`` are the test's declared inputs by parameter name (the combat situation's,
``engine.situation``, or ``engine.rolls.OPTIONS`` for a reflex test) and the rerolls spent
wisely (R-15, ``engine.rolls.REROLLS`` and ``TARGET_REROLLS``). The answer holds the JSON of
``--json`` (``odds.report``: exact fractions such as "5/36") and, in a language, the tables
(a title and rows of a label and its probability) and the lines below them (expectations,
rerolls), which the terminal prints with rich and the web as bars.

The declaration, read by both front ends:

- ``Chances.payload``: the JSON; besides each table, ``"at_least"`` holds for every numeric
  table (``damage``, ``wounds``) the exact chance of each value or more
  (``{"wounds": {"0": "1", "1": "5/12", …}}``), and ``"eliminated"`` the chance to eliminate
  when the target's COS is known (shoot and melee with ``--target-rif`` and ``--target-cos``,
  save with ``--cos``).
- ``Chances.tables(lang)``: ``Table(title, rows, at_least)``; ``rows`` are (label, chance)
  pairs; ``at_least`` is ``None`` for a table of outcomes (nerve, panic, the target's state)
  and, for a numeric table, the chance of the row's value or more, one per row.
- ``Chances.headline(lang)``: the first line to show, "Chance to eliminate: 41.67% (5/12)",
  or ``None`` when the target's COS is not known; ``Chances.eliminated`` the exact chance.
- ``Chances.lines(lang)``: the lines below the tables (expectations, rerolls spent).

``combat_odds(test, options)`` gives the whole ``CombatOdds`` of a shoot or melee from the
same options, for ``odds.compare``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from skirmish.engine import glossary
from skirmish.engine.characteristic import check_characteristic
from skirmish.engine.rolls import reflex_check
from skirmish.engine.setup import ShootSetup
from skirmish.engine.situation import Procedure
from skirmish.errors import RulesError
from skirmish.formats import decimal, percent
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.rules.model import ModelState
from skirmish.translation import N_, Message, ngettext

if TYPE_CHECKING:
    from skirmish.engine.setup import MeleeSetup, ShootSetup
    from skirmish.odds.combat import CombatOdds
    from skirmish.odds.dist import Dist

#: The tests whose exact chances are computed, in the order the front ends list them.
ODDS_TESTS: tuple[str, ...] = ("shoot", "melee", "save", "panic", "nerve", "reflex")

MESSAGES: Catalogue = messages(
    {
        "damage": N_("Damage"),
        "wounds": N_("Wounds"),
        "outcome": N_("Target"),
        "nerve": N_("Nerve test"),
        "panic": N_("Panic test"),
        "successes": N_("Successes"),
        "chance": N_("Chance"),
        "exact": N_("Exact"),
        "eliminated": N_("eliminated"),
        "untested": N_("no panic test"),
        "calm": N_("calm"),
        "tense": N_("tense −1"),
        "nervous": N_("nervous −2"),
        "expected-damage": N_("Expected damage: {value} ({exact})"),
        "expected-wounds": N_("Expected wounds: {value} ({exact})"),
        "expected-penalty": N_("Expected penalty: {value} ({exact})"),
        "prone-chance": N_("Ends prone: {value} ({exact})"),
        "rerolls": N_("Rerolls spent wisely (R-15): {actor} by {who}{target}."),
        "headline": N_("Chance to eliminate: {value} ({exact})"),
        "at-least": N_("At least"),
        "rerolls-target": N_(", {n} by the target"),
        "attacker": N_("the attacker"),
        "model": N_("the model"),
    }
)

#: The most saving rolls whose exact odds are enumerated at once: the odds hold at most 96 dice
#: along one path (``odds.rerolls``), rerolls included; no action of the book deals more than a
#: dozen damage (fanning: six shots of at most two), so this bound never meets a real test.
MAX_SAVES = 60


class Table(NamedTuple):
    """One table: its title, its rows (a label and the chance of it) and, for a numeric
    table (damage, wounds, successes), the chance of each row's value or more."""

    title: str
    rows: list[tuple[str, Fraction]]
    at_least: list[Fraction] | None = None


class Chances(NamedTuple):
    """The exact chances of a test: the JSON of ``--json``, and in a language its tables and
    the lines below them; ``eliminated`` is the chance to eliminate the target when its COS
    is known (else ``None``), which ``headline`` says first."""

    payload: dict[str, Any]
    tables: Callable[[Lang | str], list[Table]]
    lines: Callable[[Lang | str], list[str]]
    eliminated: Fraction | None = None

    def headline(self, lang: Lang | str) -> str | None:
        """ "Chance to eliminate: 41.67% (5/12)" in ``lang``, or ``None`` without the COS."""
        if self.eliminated is None:
            return None
        return tr(
            MESSAGES,
            "headline",
            lang,
            value=percent(self.eliminated, str(lang)),
            exact=str(self.eliminated),
        )


def outcome_label(key: str, lang: Lang | str) -> str:
    """Where a target ends: a state in the glossary's word, else eliminated or untested."""
    if key in {state.value for state in ModelState}:
        return glossary.label(ModelState(key), Lang(str(lang)))
    return tr(MESSAGES, key, lang)


def _numbers(title: str, dist: Dist[int]) -> Table:
    """A numeric table: each value, its chance and the chance of that value or more."""
    from skirmish.odds.report import at_least  # lazy: procedure

    rows = [(str(k), p) for k, p in dist.sorted_items()]
    return Table(title, rows, list(at_least(dist).values()))


def _expected(key: str, value: Fraction, lang: Lang | str, **extra: Any) -> str:
    return tr(MESSAGES, key, lang, value=decimal(value, str(lang)), exact=str(value), **extra)


def _rerolls_line(actor: int, target: int, who: str, lang: Lang | str) -> list[str]:
    if not actor and not target:
        return []
    more = tr(MESSAGES, "rerolls-target", lang, n=target) if target else ""
    return [tr(MESSAGES, "rerolls", lang, actor=actor, who=tr(MESSAGES, who, lang), target=more)]


def _budget(fortuna: int, fama: int, who: str = "") -> int:
    """The rerolls of FORTUNA and FAMA points (each a characteristic, 0–4) (R-15)."""
    check_characteristic(f"{who}FORTUNA", fortuna)
    check_characteristic(f"{who}FAMA", fama)
    return fortuna + fama


def chances(test: str, options: Mapping[str, Any]) -> Chances:
    """The exact chances of ``test`` (one of ``ODDS_TESTS``) given ``options`` by parameter
    name: every declared input of the test and its rerolls, as the command passes them."""
    return _CHANCES[test](dict(options))


# ---------------------------------------------------------------------------- combat


def _combat(odds: Any) -> Chances:
    # lazy: procedure
    from skirmish.odds.report import OUTCOME_ORDER, combat_payload, eliminated, outcome_key

    def tables(lang: Lang | str) -> list[Table]:
        found = [_numbers(tr(MESSAGES, "damage", lang), odds.damage)]
        if odds.wounds is not None:
            found.append(_numbers(tr(MESSAGES, "wounds", lang), odds.wounds))
        outcome = odds.outcome
        if outcome is not None:
            rows = [(outcome_label(outcome_key(o), lang), outcome[o]) for o in OUTCOME_ORDER]
            found.append(Table(tr(MESSAGES, "outcome", lang), [r for r in rows if r[1]]))
        return found

    def lines(lang: Lang | str) -> list[str]:
        shown = [_expected("expected-damage", odds.expected_damage, lang)]
        if odds.wounds is not None:
            shown.append(_expected("expected-wounds", odds.expected_wounds, lang))
        return shown + _rerolls_line(odds.rerolls.actor, odds.rerolls.target, "attacker", lang)

    return Chances(combat_payload(odds), tables, lines, eliminated(odds))


def _rerolls(options: dict[str, Any]) -> tuple[int, int, int, int]:
    return (
        options.pop("fortuna"),
        options.pop("fama"),
        options.pop("target_fortuna"),
        options.pop("target_fama"),
    )


class CombatSituation(NamedTuple):
    """A shoot or melee as the options describe it: the engine's setup and each side's
    rerolls (R-15)."""

    setup: ShootSetup | MeleeSetup
    rerolls: int
    target_rerolls: int


def combat_situation(test: str, options: Mapping[str, Any]) -> CombatSituation:
    """The setup and rerolls of ``test`` ("shoot" or "melee") given its options by parameter
    name, checked by the engine's one builder of each setup."""
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    given = dict(options)
    fortuna, fama, target_fortuna, target_fama = _rerolls(given)
    rerolls = _budget(fortuna, fama)
    target_rerolls = _budget(target_fortuna, target_fama, "target ")
    if test == "shoot":
        setup: ShootSetup | MeleeSetup = situation.shoot_setup(
            Situation.of_options(Procedure.SHOOT, given)
        )
    else:
        setup = situation.melee_setup(Situation.of_options(Procedure.MELEE, given))
    return CombatSituation(setup, rerolls, target_rerolls)


def combat_odds(test: str, options: Mapping[str, Any], *, eliminate: bool = False) -> CombatOdds:
    """The exact ``CombatOdds`` of ``test`` ("shoot" or "melee") given its options by
    parameter name, rerolls included, as ``chances`` computes them; ``eliminate``: the
    rerolls are spent for the chance to eliminate first (``odds.combat.objective``)."""
    from skirmish.odds.combat import melee_odds, shoot_odds  # lazy: procedure

    setup, rerolls, target_rerolls = combat_situation(test, options)
    if isinstance(setup, ShootSetup):
        return shoot_odds(
            setup, rerolls=rerolls, target_rerolls=target_rerolls, eliminate=eliminate
        )
    return melee_odds(setup, rerolls=rerolls, target_rerolls=target_rerolls, eliminate=eliminate)


def _shoot(options: dict[str, Any]) -> Chances:
    return _combat(combat_odds("shoot", options))


def _melee(options: dict[str, Any]) -> Chances:
    return _combat(combat_odds("melee", options))


# ---------------------------------------------------------------------------- single tests


def _nerve(options: dict[str, Any]) -> Chances:
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.nerve import check_can_act, nerve_modifiers  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure
    from skirmish.odds.report import nerve_payload  # lazy: procedure
    from skirmish.odds.single import nerve_odds  # lazy: procedure

    fortuna, fama = options.pop("fortuna"), options.pop("fama")
    fight, saloon_girl = options.pop("fight"), options.pop("saloon_girl")
    model = situation.nerve_model(Situation.of_options(Procedure.NERVE, options))
    check_can_act(model)
    rerolls = _budget(fortuna, fama)
    dist = nerve_odds(nerve_modifiers(model, fight=fight, saloon_girl=saloon_girl), rerolls=rerolls)
    payload = nerve_payload(dist, rerolls)
    return Chances(
        payload,
        lambda lang: [
            Table(
                tr(MESSAGES, "nerve", lang),
                [(tr(MESSAGES, k, lang), Fraction(v)) for k, v in payload["nerve"].items()],
            )
        ],
        lambda lang: [
            _expected("expected-penalty", Fraction(payload["expected_penalty"]), lang),
            *_rerolls_line(rerolls, 0, "model", lang),
        ],
    )


def _save(options: dict[str, Any]) -> Chances:
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.saving import check_save  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure
    from skirmish.odds.report import save_payload  # lazy: procedure
    from skirmish.odds.single import save_odds  # lazy: procedure

    fortuna, fama = options.pop("fortuna"), options.pop("fama")
    rif, damage, cos = options.pop("rif"), options.pop("damage"), options.pop("cos")
    check_save(rif, damage, cos)
    if damage > MAX_SAVES:
        raise RulesError(
            Message(
                "damage {damage!r}: the exact odds take at most {max_saves} saving "
                "rolls at once; roll them instead.",
                damage=damage,
                max_saves=MAX_SAVES,
            )
        )
    rerolls = _budget(fortuna, fama)
    mods = situation.save_modifiers_of(Situation.of_options(Procedure.SAVE, options))
    wounds = save_odds(rif, damage=damage, modifiers=mods, cos=cos, rerolls=rerolls)

    def lines(lang: Lang | str) -> list[str]:
        shown = [_expected("expected-wounds", wounds.expectation(), lang)]
        return shown + _rerolls_line(rerolls, 0, "model", lang)

    return Chances(
        save_payload(wounds, cos, rerolls),
        lambda lang: [_numbers(tr(MESSAGES, "wounds", lang), wounds)],
        lines,
        None if cos is None else wounds.prob(lambda w: w >= cos),
    )


def _panic(options: dict[str, Any]) -> Chances:
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.panic import panic_modifiers  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure
    from skirmish.odds.report import panic_payload  # lazy: procedure
    from skirmish.odds.single import panic_odds  # lazy: procedure

    fortuna, fama = options.pop("fortuna"), options.pop("fama")
    charge = options.pop("mountain_men_charge")
    model = situation.panic_model(Situation.of_options(Procedure.PANIC, options))
    rerolls = _budget(fortuna, fama)
    check = panic_modifiers(model, mountain_men_charge=charge)
    dist = panic_odds(check, state=model.state, prone=model.prone, rerolls=rerolls)
    payload = panic_payload(dist, rerolls)
    return Chances(
        payload,
        lambda lang: [
            Table(
                tr(MESSAGES, "panic", lang),
                [(outcome_label(k, lang), Fraction(v)) for k, v in payload["outcome"].items()],
            )
        ],
        lambda lang: [
            _expected("prone-chance", Fraction(payload["prone"]), lang),
            *_rerolls_line(rerolls, 0, "model", lang),
        ],
    )


def _reflex(options: dict[str, Any]) -> Chances:
    from skirmish.engine.reflex import check_need  # lazy: procedure
    from skirmish.odds.report import reflex_payload  # lazy: procedure
    from skirmish.odds.single import reflex_odds  # lazy: procedure

    fortuna, fama, rif = options.pop("fortuna"), options.pop("fama"), options.pop("rif")
    check_characteristic("RIF", rif)
    need, mods = reflex_check(**options)
    check_need(need)
    rerolls = _budget(fortuna, fama)
    successes = reflex_odds(rif, need=need, modifiers=mods, rerolls=rerolls)
    passed = successes.prob(lambda s: s >= need)
    return Chances(
        reflex_payload(successes, need, rerolls),
        lambda lang: [_numbers(tr(MESSAGES, "successes", lang), successes)],
        lambda lang: [
            ngettext(
                str(lang),
                "Passes ({n} success needed): {value} ({exact})",
                "Passes ({n} successes needed): {value} ({exact})",
                need,
                value=decimal(passed, str(lang)),
                exact=str(passed),
            ),
            *_rerolls_line(rerolls, 0, "model", lang),
        ],
    )


_CHANCES: dict[str, Callable[[dict[str, Any]], Chances]] = {
    "shoot": _shoot,
    "melee": _melee,
    "save": _save,
    "panic": _panic,
    "nerve": _nerve,
    "reflex": _reflex,
}
