"""``skirmish game``: a game tracked turn by turn, and the post-game sequence.

Every command is one transaction on the campaign database: the game's rows and its event (with
every die) are written together, so the laptop can be closed between any two commands. The
game a command works on is the campaign's game in progress (or its latest one); ``--game N``
chooses another. Models are named as on their roster (``GANG:NAME`` when two gangs share a
name); the people of a scenario (mayor, witness, politician) by their objective's name.

Nothing here imports the database stack at module level (STYLE.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.common_flags import DbOpt, DiceOpt, JsonOpt, LangOpt, SeedOpt, bounded
from skirmish.cli.safe import cell, echo
from skirmish.cli.situation_options import parameter, situation_command, values_of
from skirmish.cli.store_options import CampaignOpt, Dice, console, emit, session
from skirmish.engine.glossary import EventKind, GameStatus, TableState, label, label_value, parse
from skirmish.engine.rerolls import Point
from skirmish.engine.situation import GAME_SOURCES, Procedure
from skirmish.i18n import Catalogue, Lang, tr
from skirmish.limits import COUNT, DISTANCE, GAME
from skirmish.rules.model import Cover, ModelState, Side

if TYPE_CHECKING:
    from sqlmodel import Session

    from skirmish.campaign.game.reactions import Bystanders
    from skirmish.campaign.game.tables import Game

app = typer.Typer(
    name="game",
    help=(
        "A game tracked turn by turn and the post-game sequence. "
        "Example: skirmish game start duel --good Earps --bad Clantons"
    ),
    no_args_is_help=True,
)

GameOpt = Annotated[
    int | None,
    typer.Option(
        "--game",
        callback=bounded(GAME),
        help="Game number (default: the game in progress, else the latest).",
    ),
]
ModelArg = Annotated[str, typer.Argument(help="A model of the game (GANG:NAME if ambiguous).")]
NearOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--near",
        "--vicino",
        help="R-19: a Volontario or Delinquente of its gang within 5U if it falls: a panic test "
        "for a hero, terrified for the leader (repeatable).",
    ),
]
GuardOpt = Annotated[
    str | None,
    typer.Option(
        "--guard",
        "--custode",
        help="R-22: a model of its side within 5U of the captive it holds, which keeps it if "
        "it falls (else the captive is freed).",
    ),
]
CiviliansOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--civilian-near",
        "--civile-vicino",
        help="R-20: an unarmed civilian within 10U of the shot: it flees the table (repeatable)",
    ),
]

MESSAGES: Catalogue = {
    "en": {
        "started": "Game {game}: {scenario}, turn 0. Good: {good} ({good_n} models). "
        "Bad: {bad} ({bad_n} models).",
        "wounded": "{name} starts wounded: COS {cos} (R-10).",
        "leader": "{name} leads {gang} in this game (R-21).",
        "next": "Begin the first turn with 'skirmish game turn'.",
        "turn": "Turn {turn} of {scenario}{limit}.",
        "limit": " (last: {limit})",
        "cohesion": "Cohesion (R-08) {gang}: lost {lost} of {started}; 1D6 {roll} {leader} = "
        "{total} against FRED {fred}: {verdict}.",
        "recovers-R-04": "{name} has skipped its turn terrified and is steady again{prone} "
        "(R-04, §4.3.2).",
        "recovers-R-07": "{name} is no longer shaken: Nervi scossi lasts one turn{prone} (R-07).",
        "still-prone": "; still prone",
        "clears": " → {state} at turn {turn}",
        "holds": "fights on",
        "fails": "retreats and loses",
        "step": "Scripted turn 1: {step}.",
        "ended": "Game over: {winner} ({reason}). Next: 'skirmish game postgame'.",
        "draw": "nobody wins",
        "wins": "{gang} wins",
        "initiative": "Initiative (R-07): {good} {good_totals} against {bad} {bad_totals}: "
        "{winner} wins and chooses who activates.",
        "shaken-nerves": "{name} rolled a natural 1 with Nervi scossi: shaken this turn (R-07).",
        "cos": "{name}: COS {before} → {after}{state}.",
        "gone": "{name} is eliminated.",
        "hit": "{name} takes {wounds} wound(s): COS {before} → {after}.",
        "state": "{name} is now {state}{prone}.",
        "prone": ", prone",
        "eliminated": "{name} eliminated{by}.",
        "by": " by {name}",
        "flees": ", fleeing until it leaves the table (R-20)",
        "left": "{name} has left the table: out of the game, neither eliminated nor a casualty "
        "(R-20).",
        "spend": "{name} spends a {point} point; {left} left this game (R-15).",
        "drink": "{name} drinks whisky: +1 FRED, −1 RIF for the rest of the game (§8.3).",
        "retreat": "{gang} retreats (R-09) and loses.",
        "infamy": "Infamy test (R-09): 1D6 {roll}{loss}.",
        "infamy-1": " — a 1: a FAMA point (else FORTUNA) is lost in the post-game sequence",
        "infamy-later": "The infamy test (R-09) is rolled in the post-game sequence.",
        "abandoned": "Game {game} abandoned: nobody wins, no post-game sequence.",
        "postgame": "Post-game for {gang} ({result}):",
        "no-games": "No games yet.",
        "board": "Game {game}: {title} — {status}, turn {turn}{limit}",
        "listed": "{game}: {scenario} — {good} vs {bad}, {status}, turn {turn}{winner}",
        "listed-winner": ", winner {winner}",
    },
    "it": {
        "started": "Partita {game}: {scenario}, turno 0. Buoni: {good} ({good_n} personaggi). "
        "Cattivi: {bad} ({bad_n} personaggi).",
        "wounded": "{name} parte ferito: COS {cos} (R-10).",
        "leader": "{name} guida {gang} in questa partita (R-21).",
        "next": "Inizia il primo turno con 'skirmish game turn'.",
        "turn": "Turno {turn} di {scenario}{limit}.",
        "limit": " (ultimo: {limit})",
        "cohesion": "Coesione (R-08) {gang}: persi {lost} su {started}; 1D6 {roll} {leader} = "
        "{total} contro FRED {fred}: {verdict}.",
        "recovers-R-04": "{name} ha saltato il suo turno impaurito e torna calmo{prone} "
        "(R-04, §4.3.2).",
        "recovers-R-07": "{name} non è più scosso: Nervi scossi dura un turno{prone} (R-07).",
        "still-prone": "; resta steso",
        "clears": " → {state} al turno {turn}",
        "holds": "resta in gioco",
        "fails": "si ritira e perde",
        "step": "Primo turno prestabilito: {step}.",
        "ended": "Partita finita: {winner} ({reason}). Poi: 'skirmish game postgame'.",
        "draw": "nessun vincitore",
        "wins": "vince {gang}",
        "initiative": "Iniziativa (R-07): {good} {good_totals} contro {bad} {bad_totals}: "
        "vince {winner} e sceglie chi attivare.",
        "shaken-nerves": "{name} ha fatto 1 con Nervi scossi: SCOSSO per questo turno (R-07).",
        "cos": "{name}: COS {before} → {after}{state}.",
        "gone": "{name} è eliminato.",
        "hit": "{name} subisce {wounds} ferite: COS {before} → {after}.",
        "state": "{name} ora è {state}{prone}.",
        "prone": ", steso",
        "eliminated": "{name} eliminato{by}.",
        "by": " da {name}",
        "flees": ", in fuga finché non esce dal tavolo (R-20)",
        "left": "{name} è uscito dal tavolo: fuori dalla partita, né eliminato né perso (R-20).",
        "spend": "{name} spende un punto {point}; ne restano {left} in questa partita (R-15).",
        "drink": "{name} beve whisky: +1 FRED, −1 RIF per il resto della partita (§8.3).",
        "retreat": "{gang} si ritira (R-09) e perde.",
        "infamy": "Test di infamia (R-09): 1D6 {roll}{loss}.",
        "infamy-1": " — un 1: si perde un punto FAMA (o FORTUNA) nella fase dopo la partita",
        "infamy-later": "Il test di infamia (R-09) si tira nella fase dopo la partita.",
        "abandoned": "Partita {game} abbandonata: nessun vincitore, niente fase dopo la partita.",
        "postgame": "Dopo la partita per {gang} ({result}):",
        "no-games": "Nessuna partita.",
        "board": "Partita {game}: {title} — {status}, turno {turn}{limit}",
        "listed": "{game}: {scenario} — {good} contro {bad}, {status}, turno {turn}{winner}",
        "listed-winner": ", vince {winner}",
    },
}


def _t(key: str, lang: Lang, **values: Any) -> str:
    return tr(MESSAGES, key, lang, **values)


def _state_word(state: str, lang: Lang) -> str:
    """A model's stored state in the glossary's word."""
    return label_value(ModelState, state, lang)


# --------------------------------------------------------------------------- plumbing


def _game(s: Session, campaign: str | None, game: int | None) -> Game:
    from skirmish.campaign import lookup
    from skirmish.campaign.game.board import current_game

    return current_game(s, lookup.current_campaign(s, campaign), game)


def _game_status(db: str | None, campaign: str | None, game: int | None) -> dict[str, Any]:
    """The game's board, read in a transaction of its own."""
    from skirmish.campaign.game.status import board

    with session(db, access="read") as s:
        return board(s, game=_game(s, campaign, game))


def _last_event_id(s: Session, game: Game) -> int:
    from skirmish.campaign.game.board import events_of

    events = events_of(s, game)
    return events[-1].id or 0 if events else 0


def _events_after(s: Session, game: Game, after: int) -> list[dict[str, Any]]:
    from skirmish.campaign.game.board import events_of

    return [
        {
            "id": e.id,
            "turn": e.turn,
            "action": e.action,
            "details": e.details,
            "dice": e.dice,
        }
        for e in events_of(s, game)
        if (e.id or 0) > after
    ]


def _act(
    db: str | None,
    campaign: str | None,
    game_no: int | None,
    json_: bool,
    action: Callable[[Session, Game], list[str]],
    dice: Dice | None = None,
) -> None:
    """Run one action on the game in one transaction; print its lines or its events as JSON."""
    with session(db) as s:
        game = _game(s, campaign, game_no)
        mark = _last_event_id(s, game)
        lines = action(s, game)
        if dice is not None:
            dice.check_all_used()
        if json_:
            emit({"game": game.id, "turn": game.turn, "events": _events_after(s, game, mark)})
            return
    for line in lines:
        echo(line)


def _ended_lines(s: Session, game: Game, lang: Lang) -> list[str]:
    from skirmish.campaign.game.status import board

    data = board(s, game=game)
    winner = _t("wins", lang, gang=data["winner"]) if data["winner"] else _t("draw", lang)
    return [_t("ended", lang, winner=winner, reason=data["reason"])]


def _name(entry: Any, lang: Lang) -> str:
    return str(entry.name_it if lang == Lang.IT else entry.name_en)


# --------------------------------------------------------------------------- start and list


@app.command("start")
def start(
    scenario: Annotated[str, typer.Argument(help="Scenario id or name (Italian or English).")],
    lang: LangOpt,
    gangs: Annotated[
        list[str] | None,
        typer.Argument(
            help="Gangs on their default sides (lawmen, military, rangers, cowboys good).",
            show_default=False,
        ),
    ] = None,
    good: Annotated[str | None, typer.Option("--good", help="The gang of the good side.")] = None,
    bad: Annotated[str | None, typer.Option("--bad", help="The gang of the bad side.")] = None,
    leave: Annotated[
        list[str] | None,
        typer.Option("--leave", help="A model that stays home (repeatable; GANG:NAME)."),
    ] = None,
    leader: Annotated[
        list[str] | None,
        typer.Option(
            "--leader",
            "--capo",
            help="Duel: the model that leads a gang without a leader in this game (rangers, "
            "mountain men; repeatable, one per gang; R-21).",
        ),
    ] = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Start a game: the scenario, the gangs and their sides, the models taking part.

    Example: skirmish game start "Rapina in banca" --good Earps --bad Clantons --leave Ike
    """
    from skirmish.campaign import lookup
    from skirmish.campaign.game.start import start_game
    from skirmish.campaign.game.status import board

    with session(db, access="campaign") as s:
        found = lookup.current_campaign(s, campaign)
        game = start_game(
            s, campaign=found, scenario=scenario, gangs=gangs or [], good=good, bad=bad,
            leave=leave or [], leaders=leader or [],
        )  # fmt: skip
        data = board(s, game=game)
    if json_:
        emit(data)
        return
    good_gang, bad_gang = data["gangs"]
    echo(
        _t(
            "started",
            lang,
            game=data["game"],
            scenario=data["name_it"] if lang == Lang.IT else data["name_en"],
            good=good_gang["gang"],
            good_n=good_gang["started"],
            bad=bad_gang["gang"],
            bad_n=bad_gang["started"],
        )  # fmt: skip
    )
    for gang in data["gangs"]:
        if gang["leader_named"]:
            echo(_t("leader", lang, gang=gang["gang"], name=gang["leader"]))
        for model in gang["models"]:
            if model["wounded_start"]:
                echo(_t("wounded", lang, name=model["name"], cos=model["cos"]))
    echo(_t("next", lang))


@app.command("list")
def list_(
    lang: LangOpt,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """List the campaign's games: scenario, gangs, status, turn and winner.

    Example: skirmish game list --json
    """
    from skirmish.campaign import lookup
    from skirmish.campaign.game.board import games_of
    from skirmish.campaign.game.status import board

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        rows = []
        for game in games_of(s, found):
            data = board(s, game=game)
            rows.append(
                {
                    "game": game.id,
                    "scenario": game.scenario,
                    "status": game.status,
                    "turn": game.turn,
                    "good": data["gangs"][0]["gang"],
                    "bad": data["gangs"][1]["gang"],
                    "winner": data["winner"],
                }
            )
    if json_:
        emit(rows)
        return
    if not rows:
        echo(_t("no-games", lang))
    for row in rows:
        winner = _t("listed-winner", lang, winner=row["winner"]) if row["winner"] else ""
        status = label_value(GameStatus, row["status"], lang)
        echo(_t("listed", lang, **{**row, "status": status, "winner": winner}))


# --------------------------------------------------------------------------- turns


@app.command("turn")
def turn(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """End the turn being played and begin the next: due cohesion tests (R-08) are rolled, the
    scenario's rules recalled; the game ends at its turn limit or when its end conditions hold.

    Example: skirmish game turn --dice 4
    """
    from skirmish.campaign.game.board import scenario_of
    from skirmish.campaign.game.turns import new_turn

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        report = new_turn(s, game=g, dice=rolled.source)
        scenario = scenario_of(g)
        if report.ended is not None and not report.cohesion:
            return _ended_lines(s, g, lang)
        limit = _t("limit", lang, limit=scenario.turn_limit) if scenario.turn_limit else ""
        lines = [_t("turn", lang, turn=report.turn, scenario=_name(scenario, lang), limit=limit)]
        for back in report.recovered:
            prone = _t("still-prone", lang) if back.prone else ""
            lines.append(_t(f"recovers-{back.ruling}", lang, name=back.name, prone=prone))
        for check in report.cohesion:
            lines.append(
                _t(
                    "cohesion",
                    lang,
                    gang=check.gang,
                    lost=check.lost,
                    started=check.started,
                    roll=check.roll,
                    leader=f"({check.leader})",
                    total=check.total,
                    fred=check.highest_fred,
                    verdict=_t("holds" if check.holds else "fails", lang),
                )  # fmt: skip
            )
        for step in report.scripted:
            lines.append(_t("step", lang, step=step.replace("_", " ")))
        if report.ended is not None:
            return lines + _ended_lines(s, g, lang)
        lines += [f"- {rule.in_lang(lang)}" for rule in scenario.special_rules]
        lines += [f"- {m.text.in_lang(lang)}" for m in scenario.modifiers]
        lines += [f"- {r.text.in_lang(lang)}" for r in scenario.restrictions]
        return lines

    _act(db, campaign, game, json_, action, rolled)


@app.command("initiative")
def initiative(
    good: Annotated[str, typer.Argument(help="The good side's model whose card is played.")],
    bad: Annotated[str, typer.Argument(help="The bad side's model whose card is played.")],
    lang: LangOpt,
    good_fama_from: Annotated[
        str | None,
        typer.Option("--good-fama-from", help="A friend within 5U lending unused FAMA."),
    ] = None,
    bad_fama_from: Annotated[
        str | None,
        typer.Option("--bad-fama-from", help="A friend within 5U lending unused FAMA."),
    ] = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Initiative: 1D6 + RIF + unused FAMA for each side's model; ties rolled again (R-07,
    H-06).

    Example: skirmish game initiative "Wyatt Earp" "Ike Clanton" --dice 5,2
    """
    from skirmish.campaign.game.initiative import initiative as roll

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        report = roll(
            s, game=g, good=good, bad=bad, good_fama_from=good_fama_from,
            bad_fama_from=bad_fama_from, dice=rolled.source,
        )  # fmt: skip
        lines = [
            _t(
                "initiative",
                lang,
                good=report.good,
                good_totals="/".join(map(str, report.good_totals)),
                bad=report.bad,
                bad_totals="/".join(map(str, report.bad_totals)),
                winner=report.winner,
            )  # fmt: skip
        ]
        lines += [_t("shaken-nerves", lang, name=name) for name in report.shaken]
        return lines

    _act(db, campaign, game, json_, action, rolled)


# --------------------------------------------------------------------------- combat


def _combat_lines(report: Any, lang: Lang, shooting: bool) -> list[str]:
    from skirmish.cli.render_combat import melee_lines, shoot_lines

    lines = shoot_lines(report.result, lang) if shooting else melee_lines(report.result, lang)
    if report.eliminated:
        lines.append(_t("gone", lang, name=report.target))
    elif report.cos_before is not None and report.state_after is not None:
        prone = _t("prone", lang) if report.prone_after else ""
        state = f", {_state_word(report.state_after, lang)}{prone}"
        lines.append(
            _t("cos", lang, name=report.target, before=report.cos_before,
               after=report.cos_after, state=state)
        )  # fmt: skip
    lines += report.changes
    return lines


def _combat(
    db: str | None,
    campaign: str | None,
    game_no: int | None,
    json_: bool,
    lang: Lang,
    rolled: Dice,
    roll: Callable[..., Any],
    shooting: bool,
    bystanders: Bystanders | None = None,
    **attack: Any,
) -> None:
    """Roll a shot or a fight (``roll``: the ``shoot`` or ``melee`` service) on the game, with
    the ``bystanders`` the players name (R-19, R-20, R-22)."""

    from skirmish.campaign.game.reactions import NOBODY

    def action(s: Session, g: Game) -> list[str]:
        report = roll(s, game=g, **attack, dice=rolled.source, bystanders=bystanders or NOBODY)
        return _combat_lines(report, lang, shooting)

    _act(db, campaign, game_no, json_, action, rolled)


def _bystanders(options: dict[str, Any]) -> Bystanders:
    """The bystander options taken out of a shot's or a fight's ``options`` (R-19, R-20,
    R-22); the rest is the situation."""
    from skirmish.campaign.game.reactions import Bystanders

    return Bystanders(
        near=tuple(options.pop("near", None) or ()),
        guard=options.pop("guard", None),
        civilians=tuple(options.pop("civilian_near", None) or ()),
    )


#: The game's own help for the weapons: one the model carries, the default chosen by rule.
SHOOT_HELPS = {
    "weapon": "A weapon the shooter carries (default: the first that shoots).",
}
MELEE_HELPS = {
    "weapon": "A blade or improvised weapon carried, or bare-hands (default: the best carried).",
    "target_weapon": "What the defender fights with, among what it carries (default: the best "
    "carried).",
}
#: Who stood near a fight, and a shot (R-19, R-22; R-20).
FIGHT_BYSTANDERS = [parameter("near", NearOpt, None), parameter("guard", GuardOpt, None)]
SHOT_BYSTANDERS = [*FIGHT_BYSTANDERS, parameter("civilian_near", CiviliansOpt, None)]
#: What a game's combat takes besides the situation: which game, where, and the dice.
GAME_OPTIONS = [
    parameter("game", GameOpt, None),
    parameter("campaign", CampaignOpt, None),
    parameter("seed", SeedOpt, None),
    parameter("dice", DiceOpt, None),
    parameter("json_", JsonOpt, False),
    parameter("db", DbOpt, None),
]


def _models(target_help: str) -> list[Any]:
    return [
        parameter("attacker", ModelArg),
        parameter("target", Annotated[str, typer.Argument(help=target_help)]),
        parameter("lang", LangOpt),
    ]


def _shoot(
    *,
    attacker: str,
    target: str,
    lang: Lang,
    game: int | None = None,
    campaign: str | None = None,
    seed: int | None = None,
    dice: str | None = None,
    json_: bool = False,
    db: str | None = None,
    **situation: Any,
) -> None:
    """Shoot: nerve test, shooting rolls, the target's saves and panic, with both models'
    numbers, weapons, skills, injuries, whisky and state from the game and the scenario's
    modifiers; the options are what the table shows, as for 'skirmish roll shoot'.

    Example: skirmish game shoot "Wyatt Earp" "Ike Clanton" --range 5 --dice 2,3,6,2,1,1
    """
    from skirmish.campaign.game.combat import shoot as roll

    named = _bystanders(situation)
    _combat(db, campaign, game, json_, lang, Dice(seed=seed, dice=dice), roll, True, named,
            attacker=attacker, target=target,
            situation=values_of(Procedure.SHOOT, situation))  # fmt: skip


def _melee(
    *,
    attacker: str,
    target: str,
    lang: Lang,
    game: int | None = None,
    campaign: str | None = None,
    seed: int | None = None,
    dice: str | None = None,
    json_: bool = False,
    db: str | None = None,
    **situation: Any,
) -> None:
    """Fight: nerve test, fight roll, the defender's saves and panic, with both models'
    numbers, weapons, skills, injuries (Malattia, Mano mozzata), whisky and state from the
    game (R-05); the options are what the table shows, as for 'skirmish roll melee'.

    Example: skirmish game melee "Doc Holliday" "Billy Clanton" --behind --dice 3,3,5,4,2,2
    """
    from skirmish.campaign.game.combat import melee as roll

    named = _bystanders(situation)
    _combat(db, campaign, game, json_, lang, Dice(seed=seed, dice=dice), roll, False, named,
            attacker=attacker, target=target,
            situation=values_of(Procedure.MELEE, situation))  # fmt: skip


shoot = situation_command(
    Procedure.SHOOT, GAME_SOURCES, _shoot, name="shoot", doc=_shoot.__doc__ or "",
    before=_models("The model (or scenario person) shot at."),
    after=[*SHOT_BYSTANDERS, *GAME_OPTIONS],
    helps=SHOOT_HELPS, defaults={"weapon": None}, bounds=True,
)  # fmt: skip
melee = situation_command(
    Procedure.MELEE, GAME_SOURCES, _melee, name="melee", doc=_melee.__doc__ or "",
    before=_models("The model (or scenario person) attacked."),
    after=[*FIGHT_BYSTANDERS, *GAME_OPTIONS],
    helps=MELEE_HELPS, bounds=True,
)  # fmt: skip
app.command("shoot")(shoot)
app.command("melee")(melee)


@app.command("drink")
def drink(
    member: ModelArg,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """A model drinks the bottle of whisky it carries: +1 FRED and −1 RIF for the rest of the
    game, in every shot and fight it takes part in (§8.3).

    Example: skirmish game drink "Doc Holliday"
    """
    from skirmish.campaign.game.states import drink as drink_whisky

    def action(s: Session, g: Game) -> list[str]:
        model = drink_whisky(s, game=g, member=member)
        return [_t("drink", lang, name=model.name)]

    _act(db, campaign, game, json_, action, None)


# --------------------------------------------------------------------------- table results


@app.command("hit")
def hit(
    member: ModelArg,
    wounds: Annotated[
        int,
        typer.Option(
            "--wounds", min=1, callback=bounded(COUNT), help="Wounds taken (after saves)."
        ),
    ],
    lang: LangOpt,
    by: Annotated[str | None, typer.Option("--by", help="The model that hit it.")] = None,
    near: NearOpt = None,
    guard: GuardOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Record wounds rolled with physical dice; COS 0 eliminates (§6.1), with the friends that
    react (R-19: their panic tests take --dice) and a captive kept (R-22).

    Example: skirmish game hit "Billy Clanton" --wounds 3 --by "Wyatt Earp" --near Frank
    """
    from skirmish.campaign.game.combat import hit as record
    from skirmish.campaign.game.reactions import Bystanders

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        named = Bystanders(near=tuple(near or ()), guard=guard)
        report = record(s, game=g, member=member, wounds=wounds, by=by, bystanders=named,
                        dice=rolled.source)  # fmt: skip
        model = report.model
        before = model.cos_left + wounds
        lines = [_t("hit", lang, name=model.name, wounds=wounds, before=before,
                    after=model.cos_left)]  # fmt: skip
        if model.eliminated:
            lines.append(_t("gone", lang, name=model.name))
        return lines + list(report.changes)

    _act(db, campaign, game, json_, action, rolled)


@app.command("state")
def state(
    member: ModelArg,
    new_state: Annotated[
        str,
        typer.Argument(
            metavar="shaken|terrified|prone|steady|standing|fleeing",
            help="Shaken, terrified, steady (neither), prone or standing; fleeing: a civilian "
            "shot at with physical dice flees the table (R-20); Italian too.",
        ),
    ],
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Record a state from the table: shaken, terrified, steady, prone or standing (R-04).

    Example: skirmish game state "Ike Clanton" shaken
    """
    from skirmish.campaign.game.states import set_state

    def action(s: Session, g: Game) -> list[str]:
        model = set_state(s, game=g, member=member, state=new_state)
        prone = _t("prone", lang) if model.prone else ""
        flees = _t("flees", lang) if model.fleeing else ""
        return [_t("state", lang, name=model.name, state=_state_word(model.state, lang),
                   prone=prone + flees)]  # fmt: skip

    _act(db, campaign, game, json_, action)


@app.command("eliminate")
def eliminate(
    member: ModelArg,
    lang: LangOpt,
    by: Annotated[
        str | None, typer.Option("--by", help="The model that eliminated it (XP, R-11).")
    ] = None,
    near: NearOpt = None,
    guard: GuardOpt = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Record a model eliminated at the table, and by whom; the friends within 5U that react
    (R-19: their panic tests take --dice) and a captive kept by its side (R-22).

    Example: skirmish game eliminate "Billy Clanton" --by "Doc Holliday" --near Frank
    """
    from skirmish.campaign.game.combat import eliminate as record
    from skirmish.campaign.game.reactions import Bystanders

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        named = Bystanders(near=tuple(near or ()), guard=guard)
        report = record(s, game=g, member=member, by=by, bystanders=named, dice=rolled.source)
        who = _t("by", lang, name=by) if by else ""
        return [_t("eliminated", lang, name=report.model.name, by=who), *report.changes]

    _act(db, campaign, game, json_, action, rolled)


@app.command("leave")
def leave(
    member: ModelArg,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """A civilian leaves the table (R-20): out of the game, neither eliminated nor a casualty
    (no XP for anyone, no recovery roll).

    Example: skirmish game leave "Mary"
    """
    from skirmish.campaign.game.states import leave as record

    def action(s: Session, g: Game) -> list[str]:
        model = record(s, game=g, member=member)
        return [_t("left", lang, name=model.name)]

    _act(db, campaign, game, json_, action)


@app.command("spend")
def spend(
    point: Annotated[str, typer.Argument(metavar="fama|fortuna", help="The point spent.")],
    member: ModelArg,
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Spend a FAMA or FORTUNA point on a reroll, for this game only (R-15).

    Example: skirmish game spend fortuna "Wyatt Earp"
    """
    from skirmish.campaign.game.board import member_of
    from skirmish.campaign.game.states import spend as record

    def action(s: Session, g: Game) -> list[str]:
        model = record(s, game=g, point=point, member=member)
        kind = parse(Point, point)
        left = getattr(member_of(s, model), kind) - getattr(model, f"{kind}_spent")
        return [_t("spend", lang, name=model.name, point=label(kind, lang), left=left)]

    _act(db, campaign, game, json_, action)


@app.command("objective")
def objective(
    name: Annotated[
        str,
        typer.Argument(
            help="The objective: loot-sack, prisoner, hostage, "
            "mayor, witness, politician (Italian too)."
        ),
    ],
    event: Annotated[
        str,
        typer.Argument(
            help="pick-up, drop, recover, carry-off, free, recapture, escape, deliver, rescue, "
            "wound, kill, shelter, or carry (who carries or holds it now)."
        ),
    ],
    lang: LangOpt,
    by: Annotated[str | None, typer.Option("--by", help="The model doing it.")] = None,
    copy_no: Annotated[
        int | None,
        typer.Option(
            "--copy", min=1, callback=bounded(COUNT), help="Which one (loot sack 1 or 2)."
        ),
    ] = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Record what happened to a scenario objective, as the scenario allows.

    Example: skirmish game objective loot-sack carry-off --by "Ike Clanton"
    """
    from skirmish.campaign.game.objectives import objective as record

    def action(s: Session, g: Game) -> list[str]:
        return record(s, game=g, name=name, event=event, by=by, copy_no=copy_no)

    _act(db, campaign, game, json_, action)


# --------------------------------------------------------------------------- status


@app.command("status")
def status(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The board: each model's COS left, state and what it carries, the turn, the casualties and
    whether cohesion tests are due.

    Example: skirmish game status --json
    """
    from rich.table import Table

    data = _game_status(db, campaign, game)
    if json_:
        emit(data)
        return
    limit = f"/{data['turn_limit']}" if data["turn_limit"] else ""
    title = data["name_it"] if lang == Lang.IT else data["name_en"]
    status_word = label_value(GameStatus, data["status"], lang)
    echo(_t("board", lang, game=data["game"], title=title, status=status_word, turn=data["turn"],
            limit=limit))  # fmt: skip
    out = console()
    for gang in data["gangs"]:
        extra = []
        if gang["cohesion_due"]:
            extra.append("cohesion test due (R-08)")
        if gang["retreated"]:
            extra.append(f"retreated ({gang['retreated']})")
        if gang["leader_named"]:
            extra.append(f"leader {gang['leader']} (R-21)")
        if gang["left_table"]:
            extra.append(f"{gang['left_table']} left the table (R-20)")
        table = Table(
            title=cell(
                f"{gang['gang']} ({label_value(Side, gang['side'], lang)}): casualties "
                f"{gang['casualties']}/"
                f"{gang['started']}" + (f"; {'; '.join(extra)}" if extra else "")
            )
        )
        for column in ("model", "COS", "state", "FAMA", "FORTUNA", "carries", "out"):
            table.add_column(column)
        for m in gang["models"]:
            prone = f" {label(TableState.PRONE, lang)}" if m["prone"] else ""
            state = _state_word(m["state"], lang) + prone
            if m["fleeing"]:
                state += " (R-20: flees)"
            if m["state_clears_turn"] is not None and not m["eliminated"]:
                steady = label(ModelState.STEADY, lang)
                state += _t("clears", lang, state=steady, turn=m["state_clears_turn"])
            out_text = ""
            if m["eliminated"]:
                out_text = f"eliminated{' by ' + m['eliminated_by'] if m['eliminated_by'] else ''}"
            elif m["left_turn"] is not None:
                out_text = f"left the table in turn {m['left_turn']} (R-20)"
            table.add_row(
                cell(m["name"]), f"{m['cos_left']}/{m['cos']}", cell(state), str(m["fama_left"]),
                str(m["fortuna_left"]), cell(", ".join(m["carries"])), cell(out_text),
            )  # fmt: skip
        out.print(table)
    for row in data["objectives"]:
        carrier = f" ({row['carrier']})" if row["carrier"] else ""
        echo(f"{row['objective']} {row['copy']}: {row['state']}{carrier}")
    if data["verdict"] is not None and data["verdict"]["over"]:
        who = data["verdict"]["winner"] or "nobody"
        echo(f"The recorded state ends the game: {who} wins; run 'skirmish game end'.")
    if data["winner"] or data["status"] == "ended":
        echo(f"Winner: {data['winner'] or 'nobody'} ({data['reason']})")


# --------------------------------------------------------------------------- the end


@app.command("retreat")
def retreat(
    gang: Annotated[str, typer.Argument(help="The gang that retreats by choice.")],
    lang: LangOpt,
    infamy_later: Annotated[
        bool,
        typer.Option("--infamy-later", help="Roll the infamy test in the post-game sequence."),
    ] = False,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """A gang retreats by choice: it loses, the game ends, the infamy test is rolled (R-09).

    Example: skirmish game retreat Clantons --dice 4
    """
    from skirmish.campaign.game.end import retreat as record

    rolled = Dice(seed=seed, dice=dice)

    def action(s: Session, g: Game) -> list[str]:
        report = record(s, game=g, gang=gang, dice=rolled.source, infamy_now=not infamy_later)
        lines = [_t("retreat", lang, gang=report.gang)]
        if report.infamy_roll is None:
            lines.append(_t("infamy-later", lang))
        else:
            loss = _t("infamy-1", lang) if report.infamy_roll == 1 else ""
            lines.append(_t("infamy", lang, roll=report.infamy_roll, loss=loss))
        return lines + _ended_lines(s, g, lang)

    _act(db, campaign, game, json_, action, rolled)


@app.command("end")
def end(
    lang: LangOpt,
    winner: Annotated[
        str | None,
        typer.Option("--winner", help="The winning gang, when the recorded state does not say."),
    ] = None,
    draw: Annotated[bool, typer.Option("--draw", help="End without a winner.")] = False,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """End the game; the winner comes from the scenario's victory conditions when the recorded
    state shows it.

    Example: skirmish game end --winner Earps
    """
    from skirmish.campaign.game.end import end_game

    def action(s: Session, g: Game) -> list[str]:
        end_game(s, game=g, winner=winner, draw=draw)
        return _ended_lines(s, g, lang)

    _act(db, campaign, game, json_, action)


@app.command("abandon")
def abandon(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """Abandon the game: nobody wins, nothing changes on the rosters.

    Example: skirmish game abandon
    """
    from skirmish.campaign.game.end import abandon as record

    def action(s: Session, g: Game) -> list[str]:
        record(s, game=g)
        return [_t("abandoned", lang, game=g.id)]

    _act(db, campaign, game, json_, action)


@app.command("log")
def log(
    lang: LangOpt,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The game's event log: every action with its dice, in order.

    Example: skirmish game log --game 2 --json
    """
    with session(db, access="read") as s:
        g = _game(s, campaign, game)
        events = _events_after(s, g, 0)
    if json_:
        emit(events)
        return
    for e in events:
        dice = ",".join(str(d["value"]) for d in e["dice"])
        details = ", ".join(f"{k}={v}" for k, v in e["details"].items() if v not in (None, [], {}))
        kind = label_value(EventKind, e["action"], lang)
        echo(f"{e['id']} T{e['turn']} {kind}: {details}" + (f" [{dice}]" if dice else ""))


# --------------------------------------------------------------------------- post-game


def _doctor_choices(values: Sequence[str]) -> dict[str, str]:
    from skirmish.errors import CampaignError, shown

    choices: dict[str, str] = {}
    for text in values:
        name, sep, kind = text.rpartition("=")
        if not sep or not name.strip() or not kind.strip():
            raise CampaignError(
                f"--doctor takes MODEL=bone-setter|graduate|none, not {shown(text)}."
            )
        choices[name.strip()] = kind.strip()
    return choices


@app.command("postgame")
def postgame(
    lang: LangOpt,
    gang: Annotated[
        str | None, typer.Argument(help="Only this gang (default: every gang not done yet).")
    ] = None,
    doctor: Annotated[
        list[str] | None,
        typer.Option(
            "--doctor",
            metavar="MODEL=KIND",
            help="Doctor for a model's recovery roll: bone-setter (5$), graduate (20$) or none; "
            "the gang's own DOTTORE is used for free otherwise.",
        ),
    ] = None,
    infamy_model: Annotated[
        str | None,
        typer.Option("--infamy-model", help="Who loses the point on an infamy 1 (R-09)."),
    ] = None,
    game: GameOpt = None,
    campaign: CampaignOpt = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json_: JsonOpt = False,
    db: DbOpt = None,
) -> None:
    """The post-game sequence, gang by gang, each step logged and undoable ('skirmish undo'):
    recovery (R-10), XP (R-11, H-02), income (H-01), bounty (H-09), gambler (H-11), marked
    cards (H-10), infamy (R-09).

    Example: skirmish game postgame --doctor "Ike Clanton=graduate" --dice 3,5,2,4
    """
    from skirmish.campaign.game.board import current_game
    from skirmish.campaign.postgame import run_postgame
    from skirmish.campaign.text import entry_data, result_word

    rolled = Dice(seed=seed, dice=dice)
    with session(db) as s:
        from skirmish.campaign import lookup

        found = lookup.current_campaign(s, campaign)
        g = current_game(s, found, game)
        reports = run_postgame(
            s, game=g, dice=rolled.source, gang=gang, doctors=_doctor_choices(doctor or []),
            infamy_model=infamy_model,
        )  # fmt: skip
        rolled.check_all_used()
        data: list[dict[str, Any]] = [
            {
                "gang": r.gang,
                "result": r.result,
                "steps": [entry_data(e, r.gang, lang) for e in r.entries],
            }
            for r in reports
        ]
    if json_:
        emit({"game": g.id, "gangs": data})
        return
    for report in data:
        result = result_word(report["result"], lang)
        echo(_t("postgame", lang, gang=report["gang"], result=result))
        for step in report["steps"]:
            echo("  " + _step_text(step, lang))


def _step_text(step: dict[str, Any], lang: Lang) -> str:
    from skirmish.campaign.text import describe_step

    money = (
        f" [{step['money_before']}$ → {step['money_after']}$]"
        if step["money_before"] != step["money_after"]
        else ""
    )
    xp = (
        f" [XP {step['xp_before']} → {step['xp_after']}]"
        if step["xp_before"] != step["xp_after"]
        else ""
    )
    text = describe_step(step["action"], step["details"], step["member"], lang) or step["action"]
    return f"{step['ruling'] + ': ' if step['ruling'] else ''}{text}{money}{xp}"


# --------------------------------------------------------------------------- the walker

#: The walker's menu: key, English and Italian labels.
MENU: tuple[tuple[str, str, str], ...] = (
    ("t", "new turn", "nuovo turno"),
    ("i", "initiative", "iniziativa"),
    ("s", "shoot", "spara"),
    ("m", "melee", "lotta"),
    ("h", "wounds from the table", "ferite dal tavolo"),
    ("x", "state", "stato"),
    ("e", "eliminate", "elimina"),
    ("l", "a civilian leaves the table", "un civile esce dal tavolo"),
    ("f", "spend FAMA/FORTUNA", "spendi FAMA/FORTUNA"),
    ("w", "drink whisky", "bevi whisky"),
    ("o", "objective", "obiettivo"),
    ("b", "board", "situazione"),
    ("r", "retreat", "ritirata"),
    ("n", "end the game", "fine partita"),
    ("a", "abandon", "abbandona"),
    ("q", "quit (the game stays saved)", "esci (la partita resta salvata)"),
)


def _ask(text: str, default: str | None = None) -> str:
    answer: str = typer.prompt(text, default=default) if default is not None else typer.prompt(text)
    return answer.strip()


def _optional(text: str) -> str | None:
    answer = _ask(text, "")
    return answer or None


def _rolled(lang: Lang) -> str | None:
    prompt = "Dadi (vuoto: casuali)" if lang == Lang.IT else "Dice (blank: random)"
    return _optional(prompt)


def _walk_step(
    key: str, lang: Lang, db: str | None, campaign: str | None, game: int | None
) -> None:
    common: dict[str, Any] = {"lang": lang, "game": game, "campaign": campaign, "db": db}
    if key == "t":
        turn(**common, seed=None, dice=_rolled(lang), json_=False)
    elif key == "i":
        good, bad = _ask("Good model"), _ask("Bad model")
        initiative(good=good, bad=bad, good_fama_from=None, bad_fama_from=None, **common,
                   seed=None, dice=_rolled(lang), json_=False)  # fmt: skip
    elif key in ("s", "m"):
        attacker, target = _ask("Attacker"), _ask("Target")
        weapon = _optional("Weapon (blank: the one carried)")
        if key == "s":
            distance = _optional("Range in U (blank: beyond short range)")
            cover = Cover(_ask("Cover (none, light, partial)", "none"))
            named = _ask_bystanders(target, lang, db, campaign, game, shot=True)
            _shoot(attacker=attacker, target=target, weapon=weapon,
                   range_=DISTANCE.check(float(distance)) if distance else None, cover=cover,
                   **named, **common, dice=_rolled(lang))  # fmt: skip
        else:
            named = _ask_bystanders(target, lang, db, campaign, game)
            _melee(attacker=attacker, target=target, weapon=weapon, **named, **common,
                   dice=_rolled(lang))  # fmt: skip
    elif key == "h":
        member, wounds = _ask("Model"), COUNT.check(int(_ask("Wounds")))
        by = _optional("By (blank: -)")
        named = _ask_bystanders(member, lang, db, campaign, game)
        hit(member=member, wounds=wounds, by=by, **named, **common, seed=None,
            dice=_rolled(lang) if named["near"] else None, json_=False)  # fmt: skip
    elif key == "x":
        state(member=_ask("Model"), new_state=_ask("State (shaken, terrified, prone, steady)"),
              **common, json_=False)  # fmt: skip
    elif key == "e":
        member, by = _ask("Model"), _optional("By (blank: -)")
        named = _ask_bystanders(member, lang, db, campaign, game)
        eliminate(member=member, by=by, **named, **common, seed=None,
                  dice=_rolled(lang) if named["near"] else None, json_=False)  # fmt: skip
    elif key == "l":
        leave(member=_ask("Model"), **common, json_=False)
    elif key == "f":
        spend(point=_ask("fama or fortuna"), member=_ask("Model"), **common, json_=False)
    elif key == "w":
        drink(member=_ask("Model"), **common, json_=False)
    elif key == "o":
        objective(name=_ask("Objective"), event=_ask("Event"), by=_optional("By (blank: -)"),
                  copy_no=None, **common, json_=False)  # fmt: skip
    elif key == "b":
        status(**common, json_=False)
    elif key == "r":
        retreat(gang=_ask("Gang"), infamy_later=False, **common, seed=None,
                dice=_rolled(lang), json_=False)  # fmt: skip
    elif key == "n":
        winner = _optional("Winner (blank: from the scenario)")
        end(winner=winner, draw=False, **common, json_=False)
    elif key == "a":
        abandon(**common, json_=False)


def _names(answer: str | None) -> list[str]:
    return [name.strip() for name in (answer or "").split(",") if name.strip()]


def _ask_bystanders(
    target: str,
    lang: Lang,
    db: str | None,
    campaign: str | None,
    game: int | None,
    *,
    shot: bool = False,
) -> dict[str, Any]:
    """What the tracker cannot know about the models around ``target`` (it knows no
    positions), asked only where it matters: the friends that would react to its death
    (R-19), a model of its side near the captive it holds (R-22), the unarmed civilians near a
    shot (R-20). The answers as ``near``, ``guard`` (and ``civilian_near`` for a shot)."""
    from skirmish.campaign.game.reactions import questions

    with session(db, access="read") as s:
        asked = questions(s, game=_game(s, campaign, game), target=target)
    it = lang == Lang.IT
    answers: dict[str, Any] = {"near": [], "guard": None}
    if asked.friends:
        who = ", ".join(asked.friends)
        answers["near"] = _names(
            _optional(
                f"Se {target} cade, chi tra {who} era entro 5U (R-19; separati da virgole, "
                "vuoto: nessuno)"
                if it
                else f"If {target} falls, which of {who} were within 5U (R-19; commas, blank: none)"
            )
        )
    if asked.captives:
        held = ", ".join(asked.captives)
        answers["guard"] = _optional(
            f"Se {target} cade, un suo compagno entro 5U da {held} (R-22; vuoto: nessuno, è libero)"
            if it
            else f"If {target} falls, a model of its side within 5U of {held} (R-22; blank: "
            "none, it is freed)"
        )
    if shot:
        answers["civilian_near"] = (
            _names(
                _optional(
                    f"Civili disarmati entro 10U dal tiro ({', '.join(asked.civilians)}; R-20; "
                    "vuoto: nessuno)"
                    if it
                    else f"Unarmed civilians within 10U of the shot ({', '.join(asked.civilians)}"
                    "; R-20; blank: none)"
                )
            )
            if asked.civilians
            else []
        )
    return answers


def _ask_leaders(
    scenario: str, gangs: Sequence[str], lang: Lang, campaign: str | None, db: str | None
) -> list[str]:
    """R-21: the leader each gang without one names for the game, asked before it starts."""
    from skirmish.campaign import lookup
    from skirmish.campaign.game.start import leader_to_name

    with session(db, access="read") as s:
        found = lookup.current_campaign(s, campaign)
        choices = {
            gang: leader_to_name(s, campaign=found, scenario=scenario, gang=gang) for gang in gangs
        }
    leaders = []
    for gang, names in choices.items():
        if names:
            prompt = (
                f"Chi guida {gang} in questa partita (R-21; {', '.join(names)})"
                if lang == Lang.IT
                else f"Who leads {gang} in this game (R-21; {', '.join(names)})"
            )
            leaders.append(f"{gang}:{_ask(prompt, names[0])}")
    return leaders


def play(
    scenario: Annotated[str, typer.Argument(help="Scenario id or name (Italian or English).")],
    lang: LangOpt,
    good: Annotated[str | None, typer.Option("--good", help="The gang of the good side.")] = None,
    bad: Annotated[str | None, typer.Option("--bad", help="The gang of the bad side.")] = None,
    campaign: CampaignOpt = None,
    db: DbOpt = None,
) -> None:
    """Play a scenario with prompts: the same actions as the 'skirmish game' commands, one
    transaction each, so quitting at any point keeps the game (resume with the same command).

    Example: skirmish game play "Il testimone" --good Earps --bad Clantons
    """
    from skirmish.errors import SkirmishError
    from skirmish.rules.scenarios import find_scenario

    found = find_scenario(scenario)
    try:
        data = _game_status(db, campaign, None)
        resuming = data["status"] == "in_progress" and data["scenario"] == found.id
    except SkirmishError:
        resuming = False
    if not resuming:
        good = good or _ask("Good gang")
        bad = bad or _ask("Bad gang")
        leaders = _ask_leaders(found.id, [good, bad], lang, campaign, db)
        start(scenario=found.id, lang=lang, gangs=[], good=good, bad=bad, leave=[],
              leader=leaders, campaign=campaign, json_=False, db=db)  # fmt: skip
    game_no = _game_status(db, campaign, None)["game"]
    labels = {key: (it if lang == Lang.IT else en) for key, en, it in MENU}
    while _game_status(db, campaign, game_no)["status"] == "in_progress":
        echo("  ".join(f"[{key}] {label}" for key, label in labels.items()))
        key = _ask(">", "b").lower()[:1]
        if key == "q":
            return
        if key not in labels:
            continue
        try:
            _walk_step(key, lang, db, campaign, game_no)
        except (SkirmishError, ValueError) as exc:
            echo(f"Error: {exc}")
    if typer.confirm(
        "Eseguire ora la fase dopo la partita?" if lang == Lang.IT else "Run the post-game now?",
        default=True,
    ):
        postgame(lang=lang, gang=None, doctor=None, infamy_model=None, game=game_no,
                 campaign=campaign, seed=None, dice=_rolled(lang), json_=False, db=db)  # fmt: skip


app.command("play")(play)


def register_scenario(scenario_app: typer.Typer) -> None:
    """Add ``play`` to the ``scenario`` app: ``skirmish scenario play ID``."""
    scenario_app.command("play")(play)


#: The commands' Italian names (hidden from the help screen, which lists the English ones).
ITALIAN: dict[str, Callable[..., None]] = {
    "inizia": start, "elenco": list_, "turno": turn, "iniziativa": initiative, "spara": shoot,
    "lotta": melee, "colpito": hit, "stato": state, "elimina": eliminate, "spendi": spend,
    "obiettivo": objective, "bevi": drink, "situazione": status, "ritirata": retreat, "fine": end,
    "abbandona": abandon, "registro": log, "dopo-partita": postgame, "gioca": play,
    "esci": leave,
}  # fmt: skip
for _italian, _command in ITALIAN.items():
    app.command(_italian, hidden=True)(_command)
