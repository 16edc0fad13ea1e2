"""``game activate`` and what the game's commands say about activations (§1.7, §1.8, §2.1,
§4.2.3; R-07, R-16, R-18): whose turn begins, whether a target was still waiting, the
initiative's dice and the winner's choice, who has acted on the board, who did not act when a
turn ends. The rules are in ``campaign.game.activations``; this module only words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.campaign.game.commands import find
from skirmish.cli.common_flags import DbOpt, JsonOpt, LangOpt
from skirmish.cli.from_fields import inputs
from skirmish.cli.game_record import GameOpt, act
from skirmish.cli.game_text import on_command_line
from skirmish.cli.store_options import CampaignOpt
from skirmish.engine.glossary import label
from skirmish.errors import CampaignError, SkirmishError
from skirmish.i18n import Catalogue, Lang, message, messages, tr
from skirmish.rules.model import Side
from skirmish.translation import N_, NP_, Message

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.activations import Activation, Waiting
    from skirmish.campaign.game.initiative import InitiativeReport
    from skirmish.campaign.game.tables import Game

MESSAGES: Catalogue = messages(
    {
        "begins": N_("{name} takes its turn {turn} (§1.8)."),
        "begins-after": N_("{name} takes its turn {turn}; {ended}'s turn is over (§1.8)."),
        "opportunity": N_("Opportunity fire: {name}'s whole turn {turn} (§4.2.3, R-16)."),
        "waiting-yes": N_(
            "{target} has not yet taken its turn: +1 (R-18, from the record; "
            "--no-target-waiting if it has)."
        ),
        "waiting-yes-elsewhere": N_(
            "{target} has not yet taken its turn: +1 (R-18, from the record)."
        ),
        "waiting-no": N_(
            "{target} has already taken its turn {turn}: no +1 (R-18, from the record)."
        ),
        "told": N_("{target}'s turn {turn} is recorded as taken, as you said (R-18)."),
        "initiative": N_(
            "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}: {winner} wins."
        ),
        "roll": N_("  {name}: 1D6 {dice} + RIF {rif} + FAMA {fama}{lender} = {totals}"),
        "lender": N_(" ({name}'s)"),
        "choice-default": N_("the winner's own model, by default"),
        "choice-own": N_("the winner's choice"),
        "choice-other": N_("the winner lets the opponent's model act"),
        "activates": N_("{name} takes its turn {turn}: {choice} (§1.8)."),
        "no-roll": N_(
            "No initiative roll needed: only the {side} side has models left to take "
            "their turn {turn} ({names})."
        ),
        "no-roll-pick": N_("Choose one with 'skirmish game activate NAME'."),
        "no-roll-pick-elsewhere": N_("Choose which one takes its turn."),
        "all-done": N_(
            "Every model in play has taken its turn {turn}: begin the next with "
            "'skirmish game turn'."
        ),
        "all-done-elsewhere": N_(
            "Every model in play has taken its turn {turn}: begin the next turn."
        ),
        "idle": N_("Not recorded as taking their turn {turn}: {names}."),
        "ask": N_("{winner} wins the initiative: who takes its turn, {good} or {bad}?"),
        "cancelled": N_("The initiative was cancelled: nothing was recorded."),
        "column": N_("turn"),
        "acting": N_("acting"),
        "acted": NP_("game_activations.MESSAGES.acted", "done"),
        "board-acting": N_("Taking its turn: {name}."),
        "board-left": N_("Still to take their turn {turn}: {names}."),
        "board-none": N_("Every model in play has taken its turn {turn}."),
    }
)


def say(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    return tr(MESSAGES, key, lang, **values)


def began_lines(started: Activation | None, lang: Lang) -> list[str]:
    """A line when a model's turn began (nothing when it goes on with its turn)."""
    if started is None or not started.began:
        return []
    if started.opportunity:
        return [say("opportunity", lang, name=started.model, turn=started.turn)]
    if started.ended is not None:
        return [say("begins-after", lang, name=started.model, turn=started.turn,
                    ended=started.ended)]  # fmt: skip
    return [say("begins", lang, name=started.model, turn=started.turn)]


def combat_lines(report: Any, lang: Lang) -> list[str]:
    """What a shot or a fight says about turns: the attacker's turn beginning, and whether its
    target was still waiting (R-18) as read from the record or recorded as the players said."""
    lines = began_lines(report.activation, lang)
    waiting: Waiting | None = report.waiting
    if waiting is None or waiting.target is None:
        return lines
    if waiting.inferred:
        key = on_command_line("waiting-yes") if waiting.value else "waiting-no"
        lines.append(say(key, lang, target=waiting.target, turn=waiting.acted_turn))
    elif not waiting.value and waiting.acted_turn is not None:
        lines.append(say("told", lang, target=waiting.target, turn=waiting.acted_turn))
    return lines


def initiative_lines(report: InitiativeReport, turn: int, lang: Lang) -> list[str]:
    """The initiative's dice and totals for both sides, the winner and whom it activated; or
    why no roll was needed."""
    if not report.rolled:
        if report.only is None:
            return [say(on_command_line("all-done"), lang, turn=turn)]
        side = label(report.only, lang)
        lines = [say("no-roll", lang, side=side, turn=turn, names=", ".join(report.left))]
        if report.activated is None:
            return [*lines, say(on_command_line("no-roll-pick"), lang)]
        return lines + began_lines(report.activated, lang)
    lines = [
        say("initiative", lang, good=report.good, bad=report.bad, winner=report.winner,
            good_totals="/".join(map(str, report.good_totals)),
            bad_totals="/".join(map(str, report.bad_totals)))
    ]  # fmt: skip
    for roller in report.rollers:
        lender = say("lender", lang, name=roller.fama_from) if roller.fama_from else ""
        lines.append(
            say("roll", lang, name=roller.model, dice="/".join(map(str, roller.dice)),
                rif=roller.rif, fama=roller.fama, lender=lender,
                totals="/".join(map(str, roller.totals)))
        )  # fmt: skip
    if report.activated is not None:
        own = report.activated.model == report.winner
        choice = "choice-own" if own else "choice-other"
        if not report.chosen:
            choice = "choice-default"
        lines.append(say("activates", lang, name=report.activated.model,
                         turn=report.activated.turn, choice=say(choice, lang)))  # fmt: skip
    return lines


def chooser(lang: Lang) -> Any:
    """On a terminal, ask the winner whom it activates (Enter: its own), again until the answer
    names one of the two; else ``None``, and the winner's own model takes its turn."""
    from skirmish.cli.dice_prompt import interactive  # lazy: command

    if not interactive():
        return None

    from skirmish.campaign.game.initiative import side_chosen  # lazy: command

    def ask(report: InitiativeReport) -> str | None:
        question = say("ask", lang, winner=report.winner, good=report.good, bad=report.bad)
        names = {Side.GOOD: report.good or "", Side.BAD: report.bad or ""}
        while True:
            try:
                answer: str = typer.prompt(question, default=report.winner or "")
            except typer.Abort:  # Ctrl-C, Ctrl-D: nothing is recorded, not even the roll
                raise CampaignError(message(MESSAGES, "cancelled")) from None
            try:
                side_chosen(answer, names)
            except SkirmishError as exc:
                typer.echo(exc.text(lang))
                continue
            return answer.strip() or None

    return ask


def idle_line(names: tuple[str, ...], turn: int, lang: Lang) -> list[str]:
    """When a turn ends: the models that did not take theirs (players forget to record it)."""
    return [say("idle", lang, turn=turn, names=", ".join(names))] if names else []


def turn_cell(model: dict[str, Any], lang: Lang) -> str:
    """A model's cell of the board's turn column: taking its turn now, done, or waiting."""
    if model["acting"]:
        return say("acting", lang)
    return say("acted", lang) if model["acted"] else ""


def board_lines(data: dict[str, Any], lang: Lang) -> list[str]:
    """The board's line on turns: whose turn it is, and who has still to take theirs."""
    if data["status"] != "in_progress" or data["turn"] < 1:
        return []
    lines = []
    if data["activation"] is not None:
        lines.append(say("board-acting", lang, name=data["activation"]))
    waiting = [
        m["name"]
        for gang in data["gangs"]
        for m in gang["models"]
        if not m["acted"] and not m["eliminated"] and m["left_turn"] is None
        and not m["fleeing"] and m["state"] != "terrified"
    ]  # fmt: skip
    key = "board-left" if waiting else "board-none"
    lines.append(say(key, lang, turn=data["turn"], names=", ".join(waiting)))
    return lines


@inputs(find("activate"))
def activate(
    member: str,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The catalogue's ``move`` (``campaign/game/commands.py``: its help and example)."""
    from skirmish.campaign.game.activations import activate as begin  # lazy: command

    def action(s: Session, g: Game) -> list[str]:
        return began_lines(begin(s, game=g, member=member), lang)

    act(db, campaign, game, json_, action)


def no_waiting_option() -> Any:
    """``--no-target-waiting`` for ``game shoot`` and ``game melee``: the players say the target
    has taken its turn though the record does not show it (R-18)."""
    return Annotated[
        bool,
        typer.Option(
            "--no-target-waiting",
            "--target-acted",
            help=N_(
                "R-18: without --target-waiting or this, the tracker reads from its record "
                "whether the target has taken its turn. This says it has, unrecorded (it "
                "moved): no +1, and its turn is recorded."
            ),
        ),
    ]


def take_waiting(options: dict[str, Any]) -> None:
    """Fold ``--no-target-waiting`` into the situation's ``target_waiting`` (``None``: read
    from the record; R-18)."""
    if options.pop("no_target_waiting", False):
        if options.get("target_waiting"):
            raise CampaignError(
                Message("--target-waiting and --no-target-waiting contradict each other; give one.")
            )
        options["target_waiting"] = False
