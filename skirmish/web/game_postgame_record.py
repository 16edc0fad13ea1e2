"""The post-game's dice and its one recording: ``try_inputs`` runs the service on the inputs so
far in a unit of work that is always rolled back (which die it needs next, or what recording
would write), ``record`` runs it once, exactly as ``skirmish game postgame GANG --doctor …
--dice …`` runs it, once per idempotency key.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from skirmish.campaign import idempotency
from skirmish.campaign.game import capture
from skirmish.campaign.postgame import PostgameReport, run_postgame
from skirmish.campaign.text import entry_data
from skirmish.engine.dice import (
    DiceSource,
    DieRequest,
    RandomDice,
    TableDice,
    described,
)
from skirmish.i18n import Lang
from skirmish.web.game_postgame_inputs import Inputs
from skirmish.web.game_postgame_pages import report_line
from skirmish.web.game_postgame_status import Place, find_place, require_run
from skirmish.web.site import (
    Site,
    reader,
)

# ----------------------------------------------------------------------------- the dice


class _Need(Exception):
    """The service asked for a die the inputs do not hold yet."""

    def __init__(self, request: DieRequest) -> None:
        super().__init__(request.purpose)
        self.request = request


class _Tried(Exception):
    """A trial ran to the end: its outcome, carried out of the unit of work to roll it back."""

    def __init__(self, trial: Trial) -> None:
        super().__init__("tried")
        self.trial = trial


@dataclass
class Trial:
    """What the inputs so far give: the next die wanted (what for), or the whole report that
    "record" would write; the dice typed, each with what it was for."""

    typed: list[tuple[int, str]]
    need: str | None = None
    need_number: int = 1
    need_of: int = 1
    preview: list[dict[str, Any]] = field(default_factory=list)


def _ask(request: DieRequest) -> Sequence[int] | None:
    raise _Need(request)


def _labels(table: TableDice, lang: Lang) -> list[tuple[int, str]]:
    return [(die.value, described(die.purpose, who, lang.value)) for die, who, _ in table.dice]


def _run(s: Session, place: Place, inputs: Inputs, dice: DiceSource) -> list[PostgameReport]:
    return run_postgame(
        s,
        game=place.game,
        dice=dice,
        gang=place.gang.name,
        doctors=inputs.doctors,
        infamy_model=inputs.infamy_model,
    )


def _report_data(reports: Sequence[PostgameReport], lang: Lang) -> list[dict[str, Any]]:
    """``game postgame --json``'s ``gangs``."""
    return [
        {
            "gang": r.gang,
            "result": r.result,
            "steps": [entry_data(e, r.gang, lang) for e in r.entries],
        }
        for r in reports
    ]


def try_inputs(
    site: Site, campaign: str, game_id: str, gang: str, inputs: Inputs, lang: Lang
) -> Trial:
    """Run the post-game on the inputs so far in a unit of work that is always rolled back:
    which die the service wants next, or what recording would write. Its refusals are the
    service's own."""
    try:
        with site.write() as s:
            place = find_place(site, s, campaign, game_id, gang)
            require_run(site, s, place)
            table = TableDice(inputs.dice, ask=_ask)
            try:
                reports = _run(s, place, inputs, table)
            except _Need as need:
                request = need.request
                raise _Tried(
                    Trial(
                        _labels(table, lang),
                        need=described(request.purpose, request.subject, lang.value),
                        need_number=request.number,
                        need_of=request.of,
                    )
                ) from None
            table.check_all_used()
            s.flush()
            lines = [report_line(step) for step in _report_data(reports, lang)[0]["steps"]]
            raise _Tried(Trial(_labels(table, lang), preview=lines))
    except _Tried as tried:
        return tried.trial


def record(
    site: Site,
    campaign: str,
    game_id: str,
    gang: str,
    inputs: Inputs,
    lang: Lang,
    *,
    rest_random: bool,
    seed: int | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """The post-game, once, in one unit of work, as ``skirmish game postgame GANG`` runs it:
    the dice typed first, then (``rest_random``) random ones; ``game postgame --json``'s
    shape. Once per idempotency ``key`` (``campaign.idempotency``): a double tap on "record",
    or a request retried, gets the first answer again."""
    with site.write() as s:
        place = find_place(site, s, campaign, game_id, gang)
        require_run(site, s, place)

        def run() -> tuple[int, dict[str, Any]]:
            table = TableDice(inputs.dice, random_dice=RandomDice(seed) if rest_random else None)
            source: DiceSource = table
            if rest_random and not inputs.dice:
                source = RandomDice(seed)  # as the CLI's: no dice typed, random ones
            reports = _run(s, place, inputs, source)
            table.check_all_used()
            # The game's pages show its post-game status: its revision moves on, so the live
            # page of the other phone shows this side done (``capture.touch``).
            capture.touch(s, place.game)
            s.flush()
            return 200, {"game": place.game.id, "gangs": _report_data(reports, lang)}

        route = f"games/{place.game.id}/postgame/{place.gang.id}"
        _, body, _ = idempotency.replay_or_run(
            s, key or secrets.token_urlsafe(24), reader().user_id, route, run
        )
        return dict(body)
