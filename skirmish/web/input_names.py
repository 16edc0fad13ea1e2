"""How the web app names an input: a page by its field's label in the reader's language
("Weapon", "Arma"), the JSON API by its field's name (``weapon``, ``target-waiting``); issue
#20, item 6.

The engine knows no front end: a refusal names the input it is about (``errors.named``), and
the naming at work says it (``errors.NAMING``). ``InputNaming``, an ASGI middleware, sets the
page's or the API's for each request, so every ``error.text(lang)`` of a route or of the app's
error handlers says a field, never a command-line flag. The names come from the declarations
the forms are made of (``engine.situation.INPUTS``, ``engine.rolls``), as the forms' own.
"""

from __future__ import annotations

import functools

from starlette.types import ASGIApp, Receive, Scope, Send

from skirmish.campaign.game.fields import FIELDS
from skirmish.engine import rolls
from skirmish.engine.roll_inputs import key as key  # a field of a declared input
from skirmish.engine.situation import INPUTS, Procedure, find_input
from skirmish.errors import COMMAND_LINE, NAMING, Naming
from skirmish.odds.compare import OTHER_PARAM
from skirmish.translation import NP_, gettext

#: The inputs of a game's steps (start, initiative, end, undo, rerolls) that the services'
#: refusals name (``campaign/game``) and no declaration above labels.
_GAME_STEPS = {
    "reroll": NP_("web.input_names", "reroll"),
    "good": NP_("web.input_names", "good gang"),
    "bad": NP_("web.input_names", "bad gang"),
    "leave": NP_("web.input_names", "stays home"),
    "activate": NP_("web.input_names", "who activates"),
    "winner": NP_("web.input_names", "winner"),
    "draw": NP_("web.input_names", "draw"),
    "times": NP_("web.input_names", "how many"),
    "game": NP_("web.input_names", "game"),
}

#: The inputs of the between-games actions that the services' refusals name (``campaign``).
_BETWEEN_GAMES = {
    "pick": NP_("web.input_names", "skill"),
    "choice": NP_("web.input_names", "weapon type"),
    "name": NP_("web.input_names", "name"),
    "handle": NP_("web.input_names", "handle"),
    "no_handle": NP_("web.input_names", "take its handle away"),
    "campaign": NP_("web.input_names", "campaign"),
}

#: The words the other target's fields of a comparison carry after their label.
_OTHER = NP_("web.input_names", "other target")


@functools.cache
def _names() -> dict[str, tuple[str, str]]:
    """Every declared input's name in English and Italian, by its declared name."""
    options = [o for taken in rolls.OPTIONS.values() for o in taken]
    options += [*rolls.REROLLS, *rolls.TARGET_REROLLS, rolls.DICE, rolls.SEED]
    found: dict[str, tuple[str, str]] = {}
    for o in options:  # the first of a name: "RIF", not the lasso thrower's
        found.setdefault(o.id, (o.name_en, o.name_it))
    found.update({i.id: (i.name_en, i.name_it) for i in INPUTS})
    for f in FIELDS:  # a game's actions' own fields (``campaign/game/fields.py``)
        found.setdefault(f.declared, (f.label.en, f.label.it))
    goal = NP_("web.input_names", "goal")  # ``odds compare``'s own
    for name, word in (_GAME_STEPS | _BETWEEN_GAMES | {"goal": goal}).items():
        found.setdefault(name, (gettext("en", word), gettext("it", word)))
    return found


def label(name: str, lang: str) -> str:
    """The label of the field of the input declared as ``name``, in ``lang``, as a form shows
    it (capitalised): "Weapon", "Arma"; the other target's with "(other target)"."""
    if name.startswith(OTHER_PARAM):
        return f"{label(name.removeprefix(OTHER_PARAM), lang)} ({gettext(str(lang), _OTHER)})"
    names = _names().get(name)
    if names is None:
        return key(name)
    text = names[1] if str(lang) == "it" else names[0]
    return text[:1].upper() + text[1:]


def page_naming(name: str, lang: str) -> str:
    """A page's ``errors.Naming``: the field's label, quoted (“Weapon”)."""
    return f"“{label(name, lang)}”"


def api_naming(name: str, lang: str) -> str:
    """The JSON API's ``errors.Naming``: the field's name (``target-waiting``)."""
    return key(name)


def api_naming_for(procedure: Procedure) -> Naming:
    """The API's naming in ``procedure``'s test: the target's fields of a test of one model on
    its own drop their prefix (``rif`` in a saving roll, as its query takes it)."""

    def naming(name: str, lang: str) -> str:
        try:
            return key(find_input(name).name_for(procedure))
        except KeyError:
            return key(name)

    return naming


class InputNaming:
    """ASGI middleware: the API's naming under ``/api/``, a page's elsewhere, for the request;
    never the command line's phrases (``errors.on_command_line``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")
        token = NAMING.set(api_naming if api else page_naming)
        # ``skirmish serve`` runs inside the command line's context: a page is no command line.
        command_line = COMMAND_LINE.set(False)
        try:
            await self.app(scope, receive, send)
        finally:
            COMMAND_LINE.reset(command_line)
            NAMING.reset(token)
