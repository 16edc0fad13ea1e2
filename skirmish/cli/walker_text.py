"""What the walker (``game play``, ``scenario play``) says, in Italian and English: its menu,
its questions, its answers to a wrong answer. The results of each action are the ``game``
commands' own lines (``game_text``).
"""

from __future__ import annotations

from typing import Any

from skirmish.campaign.game.fields import FIELDS
from skirmish.engine.situation import find_input
from skirmish.i18n import Catalogue, Lang, messages, tr
from skirmish.translation import N_, NP_

#: The menu's entries: what a player types (a number, or a prefix of the word in either
#: language) and the help beside it.
ENTRIES: Catalogue = messages({"board": N_("board"), "log": N_("log"), "quit": N_("quit")})

MESSAGES: Catalogue = messages(
    {
        "welcome": N_(
            "Game {game}: {scenario}. Type a number or a word of the menu; '?' shows "
            "it again, Ctrl-C cancels the action being asked, Ctrl-D (or 'quit') leaves: the game "
            "stays saved."
        ),
        "resumed": N_("Resuming game {game}: {scenario}, turn {turn}."),
        "menu-title": N_("Actions:"),
        "prompt": N_("Turn {turn} >"),
        "prompt-start": N_("Before turn 1 >"),
        "unknown-entry": N_(
            "{answer} is no action of the menu; type its number or its word ('?' shows the menu)."
        ),
        "ambiguous": N_("{answer} could be {candidates}; type more of it, or its number."),
        "not-listed": N_("{answer} is not in the list; type its number or its name."),
        "empty-choice": N_("type the number of one of the list, or its name."),
        "number-range": N_("type a whole number from {low} to {high}."),
        "number-min": N_("type a whole number, {low} or more."),
        "distance": N_("type a distance in U, from 0 to {high} (e.g. 12 or 7.5)."),
        "yes-no": N_("answer yes or no (y/n, s/sì)."),
        "yes-no-suffix": N_("[y/N]"),
        "yes-no-suffix-yes": N_("[Y/n]"),
        "blank-none": N_("blank: none"),
        "blank-default": N_("blank: {default}"),
        "choose-many": N_("numbers or names separated by commas"),
        "cancelled": N_("Cancelled: nothing was changed."),
        "interrupt-menu": N_("(Ctrl-D or 'quit' leaves the walker; the game stays saved.)"),
        "left": N_(
            "The walker is closed; game {game} stays in progress. Resume it with: "
            "skirmish game play {scenario}"
        ),
        "nobody": N_("No model can do that now: {why}."),
        "why-act": N_("every model in play is terrified, fleeing or out"),
        "why-civilian": N_("no civilian of a gang is on the table"),
        "why-points": N_("nobody in play has FAMA or FORTUNA left"),
        "why-whisky": N_("nobody in play has a bottle of whisky left"),
        "why-target": N_("no enemy is left in play"),
        "why-model": N_("no model is in play"),
        "error": N_("Error: {message}"),
        "unexpected": N_("Error: {message}"),
        # the models and the answers
        "model-line": N_("{name}{gang} — COS {cos_left}/{cos}, {state}"),
        "points-line": N_("{name} — FAMA {fama}, FORTUNA {fortuna}"),
        "person-line": N_("{name} ({state})"),
        "acting": N_("taking its turn"),
        "why-reload": N_("nobody who may act has a gun to reload"),
        "why-jammed": N_("nobody who may act has a jammed gun"),
        "why-mount": N_("nobody who may act has a horse to mount"),
        "why-dismount": N_("nobody who may act is on a horse"),
        "jammed": NP_("walker_text.MESSAGES.jammed", "jammed"),
        "why-lasso": N_("nobody who may act carries a lasso"),
        "why-explosive": N_("nobody who may act carries dynamite or nitroglycerin"),
        "rounds": N_("Rounds loaded ({blank})"),
        "rounds-default": N_("as loaded before"),
        "pace": N_("The horse's pace ({blank})"),
        "thrower": N_("Who throws"),
        "explosive": N_("Which explosive"),
        "short-fuse": N_("A short fuse (nobody steps away; on a 1 it explodes in the hands)?"),
        "caught": N_("Who is within 5U of the blast ({choose}; {blank})"),
        "near-thrower": N_(
            "If it explodes in the hands: who is within 5U of the thrower ({choose}; {blank})"
        ),
        "blast-distance": N_("{name}: distance from the centre of the blast in U (0 to 5)"),
        "shelter": N_("Its shelter (table 8; {blank})"),
        "shelter-partial": N_("partial"),
        "shelter-total": N_("total"),
        "shelter-name": N_("What shelters it (e.g. palisade)"),
        "acted": N_("has acted"),
        "activate-who": N_("Who takes its turn"),
        "why-activate": N_("every model in play has taken its turn, or cannot act"),
        "target-acted": N_("the target has already taken its turn (it moved): no +1 (R-18)"),
        "attacker": N_("Who attacks"),
        "shooter": N_("Who shoots"),
        "target": N_("At whom"),
        "model": N_("Which model"),
        "by": N_("By whom ({blank})"),
        "weapon": N_("With which weapon ({blank})"),
        "weapon-default": N_("the one it would draw"),
        "target-weapon": N_("The defender's weapon ({blank})"),
        "bare-hands": N_("bare hands"),
        "range": N_("Range in U ({blank})"),
        "range-default": N_("within the weapon's long range"),
        "cover": N_("Cover"),
        "more": N_("Anything else on the table? ({choose}; ? lists them; {blank})"),
        "value": N_("{name} ({help})"),
        "dice": N_("Dice as rolled ({blank})"),
        "dice-name": N_("Dice as rolled"),
        "dice-random": N_("the computer rolls them"),
        "wounds": N_("Wounds taken (after saves)"),
        "new-state": N_("New state"),
        "point": N_("Which point"),
        "good-model": N_("The good side's model"),
        "bad-model": N_("The bad side's model"),
        "fama-from": N_("A friend within 5U of {name} lending FAMA ({blank})"),
        "objective": N_("Which objective"),
        "objective-line": N_("{name} {copy}: {state}{carrier}"),
        "carrier": N_(" (carried by {name})"),
        "event": N_("What happens"),
        "carry-event": N_("carry (who carries or holds it now)"),
        "copy": N_("Which one"),
        "doer": N_("Who does it ({blank})"),
        "gang": N_("Which gang"),
        "infamy-now": N_("Roll the infamy test now (R-09)?"),
        "winner": N_("The winner"),
        "winner-verdict": N_("as the scenario says: {who}"),
        "winner-draw": N_("nobody (a draw)"),
        "confirm-retreat": N_("{gang} retreats and loses the game. Sure?"),
        "confirm-end": N_("End the game now?"),
        "confirm-abandon": N_("Abandon the game? Nobody wins and nothing changes on the rosters."),
        "confirm-undo": N_("Undo the game's last action ({what}, turn {turn})?"),
        "friends": N_(
            "If {target} falls, which of these friends were within 5U (R-19; {choose}; {blank})"
        ),
        "guard": N_(
            "If {target} falls, a model of its side within 5U of {held} (R-22; {blank}: "
            "the captive is freed)"
        ),
        "civilians": N_("Unarmed civilians within 10U of the shot (R-20; {choose}; {blank})"),
        "leader": N_("Who leads {gang} in this game (R-21)"),
        "good-gang": N_("The good side's gang"),
        "bad-gang": N_("The bad side's gang"),
        "postgame": N_("Run the post-game sequence now?"),
        "postgame-later": N_(
            "The post-game sequence waits: run 'skirmish game postgame' when you are ready."
        ),
        "over": N_("The game is over."),
        "yes-word": N_("yes"),
        "no-word": N_("no"),
    }
)


def say(key: str, lang: Lang, **values: Any) -> str:
    """The walker's message ``key`` in ``lang``, formatted with ``values``."""
    return tr(MESSAGES, key, lang, **values)


def naming(name: str, lang: str) -> str:
    """The walker's ``errors.Naming``: an input a refusal names, as the walker's question or
    the field's label says it, quoted ("“Dadi come sono usciti”"), never a command-line flag."""
    if name == "dice":
        return f"“{say('dice-name', Lang(lang))}”"
    field = next((f for f in FIELDS if f.declared == name), None)
    if field is not None:
        return f"“{field.label(lang)}”"
    try:
        return f"“{find_input(name).name(str(lang))}”"
    except KeyError:
        return f"“{name.replace('_', ' ')}”"


def entry_word(key: str, lang: Lang) -> str:
    """The menu's word for the action ``key`` in ``lang``."""
    return tr(ENTRIES, key, lang)
