"""``skirmish odds shoot|melee|save|panic|reflex|nerve``: exact chances, no dice rolled.

Each command takes the same options as its ``skirmish roll`` twin (read from that command's
signature by ``derived_command``), without ``--seed`` and ``--dice``, and with
``--fortuna`` / ``--fama``: rerolls spent wisely (R-15, docs/odds.md). The odds come from
``skirmish.odds``, imported inside the commands; the terminal shows tables with percentages
(rich), ``--json`` exact fractions such as "5/36".
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli import roll_combat, roll_procedures
from skirmish.cli.common_flags import emit_json
from skirmish.cli.situation_options import (
    Command,
    melee_setup,
    nerve_model,
    panic_model,
    parameter,
    save_mods,
    shoot_setup,
)
from skirmish.engine import glossary
from skirmish.i18n import Catalogue, Lang, tr
from skirmish.rules.model import ModelState

if TYPE_CHECKING:
    from skirmish.odds.dist import Dist

app = typer.Typer(
    name="odds",
    help=(
        "Exact chances of a test, by enumerating every die (no sampling): the same options as "
        "'skirmish roll', plus --fortuna/--fama rerolls spent wisely.\n\n"
        "Example: skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3 "
        "--target-cos 3"
    ),
    no_args_is_help=True,
)

FortunaOpt = Annotated[
    int,
    typer.Option(
        "--fortuna",
        help="FORTUNA points the model spends: each rerolls one of its own dice, wisely (R-15).",
    ),
]
FamaOpt = Annotated[
    int,
    typer.Option(
        "--fama",
        help="FAMA points spent on the model's dice (its own, or a friend's within 5U) (R-15).",
    ),
]
TargetFortunaOpt = Annotated[
    int,
    typer.Option(
        "--target-fortuna",
        help="FORTUNA points the target spends on its saving and panic dice (R-15).",
    ),
]
TargetFamaOpt = Annotated[
    int,
    typer.Option(
        "--target-fama", help="FAMA points spent on the target's saving and panic dice (R-15)."
    ),
]

REROLLS = [parameter("fortuna", FortunaOpt, 0), parameter("fama", FamaOpt, 0)]
TARGET_REROLLS = [
    parameter("target_fortuna", TargetFortunaOpt, 0),
    parameter("target_fama", TargetFamaOpt, 0),
]

MESSAGES: Catalogue = {
    "en": {
        "damage": "Damage",
        "wounds": "Wounds",
        "outcome": "Target",
        "nerve": "Nerve test",
        "panic": "Panic test",
        "successes": "Successes",
        "chance": "Chance",
        "exact": "Exact",
        "eliminated": "eliminated",
        "untested": "no panic test",
        "calm": "calm",
        "tense": "tense −1",
        "nervous": "nervous −2",
        "expected-damage": "Expected damage: {value} ({exact})",
        "expected-wounds": "Expected wounds: {value} ({exact})",
        "expected-penalty": "Expected penalty: {value} ({exact})",
        "eliminated-chance": "Eliminated (COS {cos}): {value} ({exact})",
        "prone-chance": "Ends prone: {value} ({exact})",
        "success-chance": "Passes ({need} success(es) needed): {value} ({exact})",
        "rerolls": "Rerolls spent wisely (R-15): {actor} by {who}{target}.",
        "rerolls-target": ", {n} by the target",
        "attacker": "the attacker",
        "model": "the model",
    },
    "it": {
        "damage": "Danni",
        "wounds": "Ferite",
        "outcome": "Bersaglio",
        "nerve": "Test di freddezza",
        "panic": "Test di panico",
        "successes": "Successi",
        "chance": "Probabilità",
        "exact": "Esatta",
        "eliminated": "eliminato",
        "untested": "nessun test di panico",
        "calm": "calmo",
        "tense": "teso −1",
        "nervous": "nervoso −2",
        "expected-damage": "Danni attesi: {value} ({exact})",
        "expected-wounds": "Ferite attese: {value} ({exact})",
        "expected-penalty": "Penalità attesa: {value} ({exact})",
        "eliminated-chance": "Eliminato (COS {cos}): {value} ({exact})",
        "prone-chance": "Finisce a terra: {value} ({exact})",
        "success-chance": "Superato ({need} successi richiesti): {value} ({exact})",
        "rerolls": "Ritiri spesi con giudizio (R-15): {actor} {who}{target}.",
        "rerolls-target": ", {n} dal bersaglio",
        "attacker": "dall'attaccante",
        "model": "dal modello",
    },
}


# ---------------------------------------------------------------------------- rendering


def percent(p: Fraction) -> str:
    """A probability as a percentage with two decimals, rounded half up: ``13.89%``."""
    hundredths = (p * 10000 + Fraction(1, 2)).__floor__()
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def decimal(value: Fraction) -> str:
    """An expectation with three decimals."""
    thousandths = (abs(value) * 1000 + Fraction(1, 2)).__floor__()
    sign = "−" if value < 0 else ""
    return f"{sign}{thousandths // 1000}.{thousandths % 1000:03d}"


def _table(title: str, rows: list[tuple[str, Fraction]], lang: Lang) -> Any:
    from rich.table import Table

    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column(title)
    table.add_column(tr(MESSAGES, "chance", lang), justify="right")
    table.add_column(tr(MESSAGES, "exact", lang), justify="right")
    for label, p in rows:
        table.add_row(label, percent(p), str(p))
    return table


def _show(tables: list[Any], lines: list[str]) -> None:
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=True)
    for table in tables:
        console.print(table)
        console.print()
    for line in lines:
        console.print(line, markup=False)


def _outcome(key: str, lang: Lang) -> str:
    """Where a target ends: a state in the glossary's word, else eliminated or untested."""
    if key in {state.value for state in ModelState}:
        return glossary.label(ModelState(key), lang)
    return tr(MESSAGES, key, lang)


def _numbers(dist: Dist[int]) -> list[tuple[str, Fraction]]:
    return [(str(k), p) for k, p in dist.sorted_items()]


def _expected(key: str, value: Fraction, lang: Lang, **extra: Any) -> str:
    return tr(MESSAGES, key, lang, value=decimal(value), exact=str(value), **extra)


def _rerolls_line(actor: int, target: int, who: str, lang: Lang) -> list[str]:
    if not actor and not target:
        return []
    more = tr(MESSAGES, "rerolls-target", lang, n=target) if target else ""
    return [tr(MESSAGES, "rerolls", lang, actor=actor, who=tr(MESSAGES, who, lang), target=more)]


def _budget(fortuna: int, fama: int, who: str = "") -> int:
    """The rerolls of FORTUNA and FAMA points (each a characteristic, 0–4) (R-15)."""
    from skirmish.engine.setup import check_characteristic

    check_characteristic(f"{who}FORTUNA", fortuna)
    check_characteristic(f"{who}FAMA", fama)
    return fortuna + fama


# ---------------------------------------------------------------------------- combat


def _show_combat(odds: Any, as_json: bool, lang: Lang) -> None:
    from skirmish.odds.report import OUTCOME_ORDER, combat_payload, outcome_key

    if as_json:
        emit_json(combat_payload(odds))
        return
    tables = [_table(tr(MESSAGES, "damage", lang), _numbers(odds.damage), lang)]
    lines = [_expected("expected-damage", odds.expected_damage, lang)]
    if odds.wounds is not None:
        tables.append(_table(tr(MESSAGES, "wounds", lang), _numbers(odds.wounds), lang))
        lines.append(_expected("expected-wounds", odds.expected_wounds, lang))
    outcome = odds.outcome
    if outcome is not None:
        rows = [(_outcome(outcome_key(o), lang), outcome[o]) for o in OUTCOME_ORDER]
        tables.append(_table(tr(MESSAGES, "outcome", lang), [r for r in rows if r[1]], lang))
    lines += _rerolls_line(odds.rerolls.actor, odds.rerolls.target, "attacker", lang)
    _show(tables, lines)


def _combat(
    odds_of: Callable[..., Any],
    build: Callable[..., Any],
    *,
    fortuna: int,
    fama: int,
    target_fortuna: int,
    target_fama: int,
    json: bool,
    lang: Lang,
    **options: Any,
) -> None:
    """The odds of the attack ``build(**options)`` describes, with both sides' rerolls."""
    odds = odds_of(
        build(**options),
        rerolls=_budget(fortuna, fama),
        target_rerolls=_budget(target_fortuna, target_fama, "target "),
    )
    _show_combat(odds, json, lang)


def _shoot(**options: Any) -> None:
    from skirmish.odds.combat import shoot_odds

    _combat(shoot_odds, shoot_setup, **options)


def _melee(**options: Any) -> None:
    from skirmish.odds.combat import melee_odds

    _combat(melee_odds, melee_setup, **options)


# ---------------------------------------------------------------------------- single tests


def _nerve(
    *,
    fortuna: int,
    fama: int,
    fight: bool,
    saloon_girl: bool,
    json: bool,
    lang: Lang,
    **options: Any,
) -> None:
    from skirmish.engine.nerve import check_can_act, nerve_modifiers
    from skirmish.odds.report import nerve_payload
    from skirmish.odds.single import nerve_odds

    model = nerve_model(**options)
    check_can_act(model)
    rerolls = _budget(fortuna, fama)
    dist = nerve_odds(nerve_modifiers(model, fight=fight, saloon_girl=saloon_girl), rerolls=rerolls)
    payload = nerve_payload(dist, rerolls)
    if json:
        emit_json(payload)
        return
    rows = [(tr(MESSAGES, k, lang), Fraction(v)) for k, v in payload["nerve"].items()]
    lines = [_expected("expected-penalty", Fraction(payload["expected_penalty"]), lang)]
    _show(
        [_table(tr(MESSAGES, "nerve", lang), rows, lang)],
        lines + _rerolls_line(rerolls, 0, "model", lang),
    )


def _save(
    *,
    fortuna: int,
    fama: int,
    rif: int,
    damage: int,
    cos: int | None,
    json: bool,
    lang: Lang,
    **options: Any,
) -> None:
    from skirmish.engine.setup import check_characteristic
    from skirmish.errors import RulesError
    from skirmish.odds.report import save_payload
    from skirmish.odds.single import save_odds

    check_characteristic("RIF", rif)
    if cos is not None:
        check_characteristic("COS", cos)
    if damage < 1:
        raise RulesError(
            f"damage {damage!r}: a saving roll is taken for each damage, 1 or more.",
            it=f"danni {damage!r}: si fa un TIRO SALVEZZA per ogni danno, 1 o più.",
        )
    rerolls = _budget(fortuna, fama)
    wounds = save_odds(rif, damage=damage, modifiers=save_mods(**options), cos=cos, rerolls=rerolls)
    if json:
        emit_json(save_payload(wounds, cos, rerolls))
        return
    lines = [_expected("expected-wounds", wounds.expectation(), lang)]
    if cos is not None:
        lines.append(_expected("eliminated-chance", wounds.prob(lambda w: w >= cos), lang, cos=cos))
    _show(
        [_table(tr(MESSAGES, "wounds", lang), _numbers(wounds), lang)],
        lines + _rerolls_line(rerolls, 0, "model", lang),
    )


def _panic(
    *, fortuna: int, fama: int, mountain_men_charge: bool, json: bool, lang: Lang, **options: Any
) -> None:
    from skirmish.engine.panic import panic_modifiers
    from skirmish.odds.report import panic_payload
    from skirmish.odds.single import panic_odds

    model = panic_model(**options)
    rerolls = _budget(fortuna, fama)
    check = panic_modifiers(model, mountain_men_charge=mountain_men_charge)
    dist = panic_odds(check, state=model.state, prone=model.prone, rerolls=rerolls)
    payload = panic_payload(dist, rerolls)
    if json:
        emit_json(payload)
        return
    rows = [(_outcome(k, lang), Fraction(v)) for k, v in payload["outcome"].items()]
    lines = [_expected("prone-chance", Fraction(payload["prone"]), lang)]
    _show(
        [_table(tr(MESSAGES, "panic", lang), rows, lang)],
        lines + _rerolls_line(rerolls, 0, "model", lang),
    )


def _reflex(*, fortuna: int, fama: int, rif: int, json: bool, lang: Lang, **options: Any) -> None:
    from skirmish.engine.reflex import check_need
    from skirmish.engine.setup import check_characteristic
    from skirmish.odds.report import reflex_payload
    from skirmish.odds.single import reflex_odds

    check_characteristic("RIF", rif)
    need, mods = roll_procedures.reflex_check(**options)
    check_need(need)
    rerolls = _budget(fortuna, fama)
    successes = reflex_odds(rif, need=need, modifiers=mods, rerolls=rerolls)
    if json:
        emit_json(reflex_payload(successes, need, rerolls))
        return
    passed = successes.prob(lambda s: s >= need)
    lines = [_expected("success-chance", passed, lang, need=need)]
    _show(
        [_table(tr(MESSAGES, "successes", lang), _numbers(successes), lang)],
        lines + _rerolls_line(rerolls, 0, "model", lang),
    )


# ---------------------------------------------------------------------------- the commands

#: ``roll`` options that make no sense for exact odds.
ROLL_ONLY = ("seed", "dice")


def derived_command(
    roll_command: Callable[..., Any],
    extra: Sequence[inspect.Parameter],
    body: Callable[..., None],
    doc: str,
) -> Command:
    """A Typer command with the options of ``roll_command`` (less ``--seed``/``--dice``, their
    annotations resolved) and ``extra``, calling ``body(**options)``; the options are copied
    when first read."""

    def params() -> list[inspect.Parameter]:
        hints = typing.get_type_hints(roll_command, include_extras=True)
        inherited = [
            p.replace(annotation=hints[p.name])
            for p in inspect.signature(roll_command).parameters.values()
            if p.name not in ROLL_ONLY
        ]
        names = {p.name for p in inherited}
        return [*inherited, *(p for p in extra if p.name not in names)]

    return Command(params, body, getattr(roll_command, "__name__", "command"), doc)


def _register(
    name: str,
    roll_command: Callable[..., Any],
    body: Callable[..., None],
    extra: list[Any],
    doc: str,
) -> None:
    app.command(name)(derived_command(roll_command, extra, body, doc))


_register(
    "shoot",
    roll_combat.shoot,
    _shoot,
    REROLLS + TARGET_REROLLS,
    """Exact odds of a shooting action: damage, wounds given --target-rif, and with
    --target-fred and --target-cos whether the target ends eliminated, terrified, shaken or
    steady (R-01–R-04, R-14). Same options as 'skirmish roll shoot' without --seed/--dice.

    Example: skirmish odds shoot --tiro 4 --fanning --target-rif 3 --target-fred 3
    --target-cos 3 --fortuna 1
    """,
)
_register(
    "melee",
    roll_combat.melee,
    _melee,
    REROLLS + TARGET_REROLLS,
    """Exact odds of a fight: damage, wounds given --target-rif, and with --target-fred and
    --target-cos the defender's outcome (R-01, R-03–R-05). Same options as
    'skirmish roll melee' without --seed/--dice.

    Example: skirmish odds melee --cos 3 --weapon coltello --fred 4 --target-rif 3
    --target-fred 3 --target-cos 3
    """,
)
_register(
    "save",
    roll_combat.save,
    _save,
    REROLLS,
    """Exact odds of the saving rolls: wounds from --damage rolls, and with --cos the chance
    of elimination (R-03).

    Example: skirmish odds save --rif 3 --damage 2 --behind --cos 2
    """,
)
_register(
    "panic",
    roll_combat.panic,
    _panic,
    REROLLS,
    """Exact odds of a panic test: steady, shaken or terrified, and the chance of ending
    prone (R-04).

    Example: skirmish odds panic --fred 3 --shaken --fortuna 1
    """,
)
_register(
    "reflex",
    roll_procedures.reflex,
    _reflex,
    REROLLS,
    """Exact odds of a reflex test: 0, 1 or 2 successes and the chance of passing with
    --need 1 or 2 (R-06).

    Example: skirmish odds reflex --rif 4 --need 2 --fortuna 1
    """,
)
_register(
    "nerve",
    roll_combat.nerve,
    _nerve,
    REROLLS,
    """Exact odds of a nerve test: calm, tense (−1) or nervous (−2) (R-01).

    Example: skirmish odds nerve --fred 3 --shaken
    """,
)
