"""The campaign book's record of play (issue #13): every finished game and the graveyard, as
view-models built from the store's rows (``campaign.game.history.game_results`` and
``graveyard``) and the rules registry (scenario and profile names in the book's words).

Pure functions of plain data: no session, no SQL; ``printing.sheets`` reads the store.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from skirmish import formats
from skirmish.campaign.game.telling import reason_text
from skirmish.engine.glossary import GameResult, label, label_value
from skirmish.errors import RulesError
from skirmish.i18n import Catalogue, Lang, messages, name, tr
from skirmish.printing.views import FallenLine, GameLine, SideLine
from skirmish.rules import find_profile
from skirmish.rules.model import Side
from skirmish.rules.scenario_model import Scenario
from skirmish.rules.scenarios import find_scenario
from skirmish.translation import N_

WORDS: Catalogue = messages(
    {
        "won_by": N_("{gang} wins"),
        "draw": N_("draw"),
        "lost_by": N_("{name} (by {by}, turn {turn})"),
        "lost_turn": N_("{name} (turn {turn})"),
        "lost_by_only": N_("{name} (by {by})"),
        "retreat_voluntary": N_("retreats by choice (R-09)"),
        "retreat_cohesion": N_("retreats: failed cohesion test (R-08)"),
        "in_turn": N_("{what}, turn {turn}"),
        "game": N_("{number}, {scenario}"),
    }
)


def _w(key: str, lang: Lang | str, **values: Any) -> str:
    return tr(WORDS, key, lang, **values)


def day_of(stamp: str | None, lang: Lang | str) -> str:
    """The day of a log's timestamp (``2026-11-26T18:40:00Z``) in ``lang``: ``26 nov 2026``,
    ``26 Nov 2026`` (``formats.day``); ``""`` when there is none or it cannot be read."""
    return formats.day(stamp, str(lang))


def _scenario(scenario_id: str | None) -> Scenario | None:
    if not scenario_id:
        return None
    try:
        return find_scenario(scenario_id)
    except RulesError:  # a scenario since removed from the rules: its id is all there is
        return None


def scenario_name(scenario_id: str | None, lang: Lang | str) -> str:
    """A scenario by the book's name in ``lang`` (its stored id if the rules lost it)."""
    found = _scenario(scenario_id)
    if found is None:
        return scenario_id or ""
    return found.name_it if str(lang) == Lang.IT else found.name_en


def _side(value: str, lang: Lang | str) -> str:
    try:
        return label(Side(value), lang)
    except ValueError:
        return value


def _lost(model: Mapping[str, Any], lang: Lang | str) -> str:
    by, turn = model.get("by"), model.get("turn")
    if by and turn:
        return _w("lost_by", lang, name=model["name"], by=by, turn=turn)
    if by:
        return _w("lost_by_only", lang, name=model["name"], by=by)
    if turn:
        return _w("lost_turn", lang, name=model["name"], turn=turn)
    return str(model["name"])


def _retreat(side: Mapping[str, Any], lang: Lang | str) -> str:
    how = side.get("retreated")
    if not how:
        return ""
    what = _w("retreat_cohesion" if how == "cohesion" else "retreat_voluntary", lang)
    turn = side.get("retreat_turn")
    return _w("in_turn", lang, what=what, turn=turn) if turn else what


def game_line(row: Mapping[str, Any], lang: Lang | str = Lang.IT) -> GameLine:
    """A finished game (a row of ``game_results``) as the book prints it."""
    sides = row["sides"]
    winner = next((s for s in sides if s["result"] == GameResult.WIN), None)
    outcome = _w("won_by", lang, gang=winner["gang"]) if winner else _w("draw", lang)
    return GameLine(
        number=int(row["game"]),
        date=day_of(row.get("ended_at") or row.get("started_at"), lang),
        scenario=scenario_name(row.get("scenario"), lang),
        turns=int(row.get("turns") or 0),
        outcome=outcome,
        reason=reason_text(row.get("reason"), _scenario(row.get("scenario")), Lang(str(lang))),
        sides=tuple(
            SideLine(
                gang=str(s["gang"]),
                side=_side(str(s["side"]), lang),
                result=label_value(GameResult, s.get("result"), lang),
                started=int(s.get("started") or 0),
                lost=tuple(_lost(m, lang) for m in s.get("eliminated", ())),
                retreat=_retreat(s, lang),
            )
            for s in sides
        ),
    )


def _profile_name(profile_id: str, lang: Lang | str) -> str:
    try:
        return name(find_profile(profile_id), lang)
    except RulesError:
        return profile_id


def fallen_lines(
    dead: Iterable[Mapping[str, Any]],
    games: Sequence[Mapping[str, Any]],
    lang: Lang | str = Lang.IT,
) -> tuple[FallenLine, ...]:
    """The graveyard (rows of ``history.graveyard``), each with the game it fell in and that
    game's date (``games``: rows of ``game_results``)."""
    by_number = {int(g["game"]): g for g in games}
    lines = []
    for row in dead:
        number = row.get("game")
        game = by_number.get(int(number)) if number is not None else None
        where = (
            _w("game", lang, number=number, scenario=scenario_name(row.get("scenario"), lang))
            if number is not None
            else ""
        )
        lines.append(
            FallenLine(
                name=str(row["name"]),
                profile=_profile_name(str(row["profile"]), lang),
                gang=str(row["gang"]),
                game=where,
                date=day_of(game.get("ended_at"), lang) if game is not None else "",
                eliminated_by=str(row.get("eliminated_by") or ""),
            )
        )
    return tuple(lines)
