"""``game play`` (and ``scenario play``): the interactive walker, a companion at the table.

A menu of every action ``skirmish game`` records (``walker_actions.MENU``); each asks what only
the players know, checked as it is typed (``walker_prompts``), and runs the same command
function, so the same service, in a transaction of its own: quitting at any point keeps the
game, and the same command resumes it. Ctrl-C cancels the action being asked and nothing
changes; a refusal of the rules is one line and the menu again; Ctrl-D (or ``quit``) closes the
walker with the game still in progress. When the game ends the post-game sequence is offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated

import typer

from skirmish.campaign.game.commands import CATALOGUE, Command
from skirmish.cli import walker_actions as do
from skirmish.cli import walker_kit as kit
from skirmish.cli.common_flags import DbOpt, LangOpt
from skirmish.cli.game_end import postgame
from skirmish.cli.game_turns import start
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, session
from skirmish.cli.walker_actions import Walker
from skirmish.cli.walker_prompts import Asker, Cancelled, Option
from skirmish.cli.walker_table import read_table
from skirmish.cli.walker_text import ENTRIES, entry_word, naming, say
from skirmish.engine.glossary import GameStatus
from skirmish.errors import COMMAND_LINE, NAMING, SkirmishError, shown
from skirmish.i18n import Lang
from skirmish.rules.names import matching
from skirmish.translation import N_


@dataclass(frozen=True)
class Entry:
    """One entry of the menu: its key (the catalogue's ``walker``, or ``walker_text.ENTRIES``
    for the walker's own reads), what it asks and does, and the catalogue's action."""

    key: str
    run: Callable[[Walker], None]
    command: Command | None = None


#: What each of the catalogue's actions (``campaign/game/commands.py``) asks in the walker.
ASKS: dict[str, Callable[[Walker], None]] = {
    "turn": do.turn, "initiative": do.initiative, "activate": do.activate, "shoot": do.shoot,
    "melee": do.melee, "hit": do.hit, "eliminate": do.eliminate, "state": do.state,
    "reload": kit.reload, "unjam": kit.unjam, "mount": kit.mount, "dismount": kit.dismount,
    "lasso": kit.lasso, "explosion": kit.explosion, "drink": do.drink, "spend": do.spend,
    "leave": do.leave, "objective": do.objective, "undo": do.undo, "retreat": do.retreat,
    "end": do.end, "abandon": do.abandon,
}  # fmt: skip

#: The menu, in the order it is shown: the board, the catalogue's actions, the log; "quit" is
#: the loop's own.
MENU: tuple[Entry, ...] = (
    Entry("board", do.board),
    *(Entry(c.walker, ASKS[c.walker], c) for c in CATALOGUE if c.walker is not None),
    Entry("log", do.log),
)

#: What closes the walker besides Ctrl-D: the menu's "quit" and these.
QUIT = ("q", "quit", "exit", "chiudi", "basta")
#: What shows the menu again.
HELP = ("?", "help", "aiuto", "menu")


def _menu(lang: Lang) -> list[Option[Entry | None]]:
    """The menu's entries, then "quit" (``None``); each named by its word in ``lang`` and
    answering to its words in both languages."""
    options: list[Option[Entry | None]] = []
    for e in MENU:
        if e.command is None:
            word = entry_word(e.key, lang)
            options.append(Option(e, word, (word, *_other_words(e.key))))
        else:
            word = e.command.italian[0] if lang is Lang.IT else e.command.cli
            options.append(Option(e, word, (word, *e.command.words(lang))))
    options.append(Option(None, entry_word("quit", lang), (entry_word("quit", lang), *QUIT)))
    return options


def _other_words(key: str) -> tuple[str, ...]:
    return tuple(table[key] for table in ENTRIES.values())


def show_menu(lang: Lang, options: Sequence[Option[Entry | None]]) -> None:
    """The menu in columns, numbered."""
    echo(say("menu-title", lang))
    cells = [f"{number:>2} {option.label}" for number, option in enumerate(options, 1)]
    width = max(len(c) for c in cells) + 2
    per_line = max(1, 78 // width)
    for first in range(0, len(cells), per_line):
        echo("  " + "".join(c.ljust(width) for c in cells[first : first + per_line]).rstrip())


def choose_entry(
    ask: Asker, answer: str, options: Sequence[Option[Entry | None]]
) -> Option[Entry | None] | None:
    """The entry ``answer`` names: its number, or its word (or a unique beginning of it) in
    either language; ``None`` after saying why not."""
    if answer.isascii() and answer.isdigit():
        return ask.pick(answer, options)
    found = matching(answer, [(o, o.names) for o in options])
    if len(found) == 1:
        return found[0]
    if found:
        candidates = ", ".join(f"{options.index(o) + 1} {o.label}" for o in found)
        ask.wrong(ask.say("ambiguous", answer=shown(answer), candidates=candidates))
    else:
        ask.wrong(ask.say("unknown-entry", answer=shown(answer)))
    return None


def run_entry(walker: Walker, entry: Entry) -> None:
    """One action: its questions and its command; whatever happens, back to the menu with the
    database as the action left it (all of it, or nothing)."""
    from skirmish.cli import crash  # lazy: error

    try:
        entry.run(walker)
    except (KeyboardInterrupt, Cancelled):
        echo(walker.say("cancelled"))
    except SkirmishError as exc:
        echo(walker.say("error", message=exc.text(walker.lang)))
    except EOFError:
        raise  # the input has ended: the loop closes the walker
    except Exception as exc:  # the safety net: a line and the crash log, never a traceback
        echo(walker.say("unexpected", message=crash.report(exc, ["skirmish", "game", "play"])))


def _typed(scenario_id: str, lang: Lang) -> str:
    """The scenario as a player of ``lang`` types it to resume the game: its id in English, its
    Italian name in Italian (``rapina-in-banca``; both are accepted everywhere)."""
    if lang != Lang.IT:
        return scenario_id
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    return "-".join(find_scenario(scenario_id).name_it.lower().split())


def walk(walker: Walker, scenario_id: str) -> bool:
    """The menu until the game is over (``True``) or the player closes the walker."""
    options = _menu(walker.lang)
    table = read_table(walker.db, walker.campaign, walker.game)
    show_menu(walker.lang, options)
    while table.in_progress:
        key = "prompt" if table.turn else "prompt-start"
        try:
            answer = walker.ask.command(walker.say(key, turn=table.turn))
        except KeyboardInterrupt:
            echo("")
            echo(walker.say("interrupt-menu"))
            continue
        except EOFError:
            answer = "quit"
        if not answer:
            continue  # an empty Enter asks again, and shows nothing
        if answer in HELP:
            show_menu(walker.lang, options)
            continue
        chosen = choose_entry(walker.ask, answer, options)
        if chosen is None:
            continue
        if chosen.value is None:
            echo(walker.say("left", game=walker.game, scenario=_typed(scenario_id, walker.lang)))
            return False
        try:
            run_entry(walker, chosen.value)
        except EOFError:  # the input ended in the middle of an action
            echo(walker.say("cancelled"))
            echo(walker.say("left", game=walker.game, scenario=_typed(scenario_id, walker.lang)))
            return False
        before = table.turn
        table = read_table(walker.db, walker.campaign, walker.game)
        if table.turn != before and table.in_progress and chosen.value.key != "board":
            do.board(walker)  # a new turn: the board as it starts
    return bool(table.board["status"] == GameStatus.ENDED)


def _game_in_progress(db: str | None, campaign: str | None, scenario_id: str) -> int | None:
    """The campaign's game of ``scenario_id`` in progress, to resume."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.listed import games_of  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        playing = [
            g.id
            for g in games_of(s, found)
            if g.status == GameStatus.IN_PROGRESS and g.scenario == scenario_id
        ]
    return playing[-1] if playing else None


def _gangs(db: str | None, campaign: str | None) -> list[str]:
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.models import GangStatus  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        return [g.name for g in found.gangs if g.status == GangStatus.ACTIVE]


def _ask_leaders(
    ask: Asker, scenario: str, gangs: Sequence[str], campaign: str | None, db: str | None
) -> list[str]:
    """R-21: the leader each gang without one names for the game, asked before it starts."""
    from skirmish.campaign import lookup  # lazy: command
    from skirmish.campaign.game.start import leader_to_name  # lazy: command

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        choices = {
            gang: leader_to_name(s, campaign=found, scenario=scenario, gang=gang) for gang in gangs
        }
    leaders = []
    for gang, names in choices.items():
        if names:
            options = [Option(name, name, (name,)) for name in names]
            leaders.append(f"{gang}:{ask.choose(ask.say('leader', gang=gang), options)}")
    return leaders


def _start(
    ask: Asker,
    scenario_id: str,
    good: str | None,
    bad: str | None,
    campaign: str | None,
    db: str | None,
) -> None:
    """Start the game, asking for the gangs (and Duel leaders) not given."""
    if good is None or bad is None:
        names = _gangs(db, campaign)
        if good is None:
            good = ask.choose(ask.say("good-gang"), [Option(g, g, (g,)) for g in names if g != bad])
        if bad is None:
            others = [Option(g, g, (g,)) for g in names if g != good]
            bad = ask.choose(ask.say("bad-gang"), others)
    leaders = _ask_leaders(ask, scenario_id, [good, bad], campaign, db)
    start(scenario=scenario_id, lang=ask.lang, gangs=[], good=good, bad=bad, leave=[],
          leader=leaders, campaign=campaign, json_=False, db=db)  # fmt: skip


def _postgame(ask: Asker, game: int, campaign: str | None, db: str | None) -> None:
    """Offer the post-game sequence of an ended game; a refusal leaves it for later."""
    try:
        if not ask.yes_no(ask.say("postgame"), default=True):
            echo(ask.say("postgame-later"))
            return
        postgame(lang=ask.lang, gang=None, doctor=None, infamy_model=None, game=game,
                 campaign=campaign, seed=None, dice=ask.dice(), json_=False, db=db)  # fmt: skip
    except (KeyboardInterrupt, EOFError, Cancelled):
        echo(ask.say("cancelled"))
        echo(ask.say("postgame-later"))
    except SkirmishError as exc:
        echo(ask.say("error", message=exc.text(ask.lang)))
        echo(ask.say("postgame-later"))


def play(
    scenario: Annotated[str, typer.Argument(help=N_("Scenario id or name (Italian or English)."))],
    lang: LangOpt,
    good: Annotated[
        str | None, typer.Option("--good", help=N_("The gang of the good side."))
    ] = None,
    bad: Annotated[str | None, typer.Option("--bad", help=N_("The gang of the bad side."))] = None,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """``game play``: its help is ``cli.game.READ_HELPS``'s."""
    # The walker asks for each action itself: what the commands it runs say names no command
    # to type (``errors.on_command_line``, ``game_text.on_command_line``), and a refusal names
    # an input as the walker asks for it, not by its flag.
    command_line, names = COMMAND_LINE.set(False), NAMING.set(naming)
    try:
        _play(scenario, lang, good, bad, campaign, db)
    finally:
        NAMING.reset(names)
        COMMAND_LINE.reset(command_line)


def _play(
    scenario: str,
    lang: Lang,
    good: str | None,
    bad: str | None,
    campaign: str | None,
    db: str | None,
) -> None:
    from skirmish.rules.scenarios import find_scenario  # lazy: command

    ask = Asker(lang)
    found = find_scenario(scenario)
    game = _game_in_progress(db, campaign, found.id)
    name = found.name_it if lang == Lang.IT else found.name_en
    if game is None:
        try:
            _start(ask, found.id, good, bad, campaign, db)
        except (KeyboardInterrupt, EOFError, Cancelled):
            echo(ask.say("cancelled"))
            return
        game = _game_in_progress(db, campaign, found.id)
        assert game is not None
    else:
        turn = read_table(db, campaign, game).turn
        echo(say("resumed", lang, game=game, scenario=name, turn=turn))
    echo(say("welcome", lang, game=game, scenario=name))
    walker = Walker(lang=lang, db=db, campaign=campaign, game=game, ask=ask)
    if walk(walker, found.id):
        _postgame(ask, game, campaign, db)
