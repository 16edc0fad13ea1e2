"""``game play`` (and ``scenario play``): the interactive walker, a menu and prompts that run
the same commands as ``skirmish game``, one transaction each, so quitting at any point keeps
the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer

from skirmish.cli.common_flags import DbOpt, LangOpt
from skirmish.cli.game_combat import do_melee, do_shoot, eliminate, hit
from skirmish.cli.game_end import abandon, end, postgame, retreat
from skirmish.cli.game_objectives import objective
from skirmish.cli.game_record import board_of, game_of
from skirmish.cli.game_states import drink, leave, spend, state
from skirmish.cli.game_status import status
from skirmish.cli.game_turns import initiative, start, turn
from skirmish.cli.safe import echo
from skirmish.cli.store_options import CampaignOpt, session
from skirmish.i18n import Lang
from skirmish.limits import COUNT, DISTANCE
from skirmish.rules.model import Cover

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
            do_shoot(attacker=attacker, target=target, weapon=weapon,
                     range_=DISTANCE.check(float(distance)) if distance else None, cover=cover,
                     **named, **common, dice=_rolled(lang))  # fmt: skip
        else:
            named = _ask_bystanders(target, lang, db, campaign, game)
            do_melee(attacker=attacker, target=target, weapon=weapon, **named, **common,
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
        asked = questions(s, game=game_of(s, campaign, game), target=target)
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
        data = board_of(db, campaign, None)
        resuming = data["status"] == "in_progress" and data["scenario"] == found.id
    except SkirmishError:
        resuming = False
    if not resuming:
        good = good or _ask("Good gang")
        bad = bad or _ask("Bad gang")
        leaders = _ask_leaders(found.id, [good, bad], lang, campaign, db)
        start(scenario=found.id, lang=lang, gangs=[], good=good, bad=bad, leave=[],
              leader=leaders, campaign=campaign, json_=False, db=db)  # fmt: skip
    game_no = board_of(db, campaign, None)["game"]
    labels = {key: (it if lang == Lang.IT else en) for key, en, it in MENU}
    while board_of(db, campaign, game_no)["status"] == "in_progress":
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
