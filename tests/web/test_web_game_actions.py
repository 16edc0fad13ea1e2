"""A game's actions from a phone (issue #12, web/game_actions.py), against the command line.

The demo store gets a Duello between the Earps (Wyatt's, good) and the Clantons (Ike's, bad),
whisky for Billy Clanton, and three accounts: Wyatt, Ike, and Curly, who looks after the Lazy K
Ranch (a player of the campaign who only watches this game). The store is then copied: the
web acts on one copy, the CLI on the other, with the same dice, and both must record the same
events and leave the same board.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from tests.web.test_actions import CAMPAIGN, PASSWORD, cli, log_in, open_client

EARPS, CLANTONS, RANCH = "Earp brothers", "Clanton gang", "Lazy K Ranch"
PAGE = f"/c/{quote(CAMPAIGN, safe='')}/games/1"
API = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/games/1"


def table_store(path: Path, scenario: str = "duello") -> Path:
    """The demo store with the scenario begun (turn 1) and the three accounts; Billy Clanton
    has whisky, Tom McLaury a lasso, Morgan Earp dynamite (both gangs given 200$ for them)."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE gang SET treasury = 200 WHERE name IN (?, ?)", (EARPS, CLANTONS))
    cli(path, "gang", "buy", CLANTONS, "whisky", "--for", "Billy Clanton", "--dice", "6")
    cli(path, "gang", "buy", CLANTONS, "lasso", "--for", "Tom McLaury", "--dice", "6")
    cli(path, "gang", "buy", EARPS, "dynamite", "--for", "Morgan Earp")
    for user in ("Wyatt", "Ike", "Curly"):
        cli(path, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike"), (RANCH, "Curly")):
        cli(path, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(path, "game", "start", scenario, "--good", EARPS, "--bad", CLANTONS)
    cli(path, "game", "turn")
    return path


@pytest.fixture
def stores(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> tuple[Path, Path]:
    """The web's store and a copy of it for the CLI."""
    web = prepared(table_store)
    other = tmp_path / "cli.db"
    shutil.copyfile(web, other)
    return web, other


def plain_cli(*args: str) -> str:
    """A command that opens no store (``odds``)."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"SKIRMISH_LANG": "en"})
    assert result.exit_code == 0, (args, result.output)
    return result.output


def cli_json(db: Path, *args: str) -> Any:
    return json.loads(cli(db, "game", *args, "--json"))


def board(db: Path) -> Any:
    return cli_json(db, "status")


def events(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM game_event").fetchone()[0])


def revision(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT revision FROM game").fetchone()[0])


def text_of(response: Any) -> str:
    main = response.text.split("<main>")[1].split("</main>")[0]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", main))).strip()


def text_of_fragment(response: Any) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.text))).strip()


def hidden(response: Any) -> dict[str, str]:
    found = re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', response.text)
    return {m.group(1): html.unescape(m.group(2)) for m in found}


def ticked(response: Any) -> dict[str, str]:
    """The boxes a page shows ticked (a browser posts them as they are)."""
    found = re.finditer(
        r'<input type="checkbox" id="[^"]*" name="([^"]+)" value="([^"]*)" checked', response.text
    )
    return {m.group(1): html.unescape(m.group(2)) for m in found}


def flow_url(**query: str) -> str:
    return f"{PAGE}/act?{urlencode(query)}"


def follow(client: Any, response: Any) -> Any:
    """The page a redirect leads to, as a browser follows it."""
    while response.status_code in (302, 303):
        response = client.get(response.headers["location"])
    return response


def form_action(response: Any, kind: str = "gac-dice") -> str:
    found = re.search(rf'<form method="post" action="([^"]+)" class="{kind}">', response.text)
    assert found, text_of(response)
    return html.unescape(found.group(1))


def take_over(client: Any, response: Any) -> Any:
    """The tap on "Roll it here (one phone for both)" of a page that waits for the other
    phone (issue #20): the hand-over is asked on this phone from now on."""
    form = {**hidden(response), "here": "1"}
    return follow(client, client.post(form_action(response, "gac-go"), data=form))


def tap(client: Any, response: Any, taking: bool = True, **field: str) -> Any:
    """One button of the dice form the page shows, posted with its hidden fields where the form
    posts (the action's flow, or a hand-over); a page that waits for the other phone is taken
    over first (``taking``: one phone for both)."""
    response = follow(client, response)
    if taking and 'name="here"' in response.text and 'class="gac-dice"' not in response.text:
        response = take_over(client, response)
    return follow(client, client.post(form_action(response), data={**hidden(response), **field}))


def play(
    client: Any,
    model: str,
    action: str,
    target: str = "",
    situation: dict[str, str] | None = None,
    dice: list[int] | None = None,
    answers: list[str] | None = None,
) -> Any:
    """Through the form as a thumb does: the situation's page, then each die as asked, each
    reroll answered in turn; the last page."""
    query = {"model": model, "action": action, **({"target": target} if target else {})}
    page = client.get(flow_url(**query))
    assert page.status_code == 200, page.text
    form = {**hidden(page), **ticked(page), **(situation or {})}
    form["mode" if dice is not None else "go"] = "typed" if dice is not None else "1"
    response = follow(client, client.post(f"{PAGE}/act", data=form))
    faces, said = list(dice or []), list(answers or [])
    while response.status_code == 200 and any(
        f'name="{x}"' in response.text for x in ("die", "answer", "here")
    ):
        if 'class="gac-dice"' not in response.text:  # the other phone's die: roll it here
            if not faces and not said:
                break
            response = take_over(client, response)
        if 'name="answer"' in response.text:
            response = tap(client, response, answer=said.pop(0))
        elif 'name="die"' in response.text and faces:
            response = tap(client, response, die=str(faces.pop(0)))
        else:
            break
    assert not faces and not said, text_of(response)
    return response


def shown_events(db: Path, after: int) -> list[dict[str, Any]]:
    data = cli_json(db, "log")
    every = data["events"] if isinstance(data, dict) else data
    return [e for e in every if int(e["id"]) > after]


# ----------------------------------------------------------------------------- the same as the CLI


def test_shoot_by_the_form_with_typed_dice_equals_the_cli(stores: tuple[Path, Path]) -> None:
    web, other = stores
    dice = [2, 3, 6, 2, 1, 1, 3]
    with open_client(web) as client:
        log_in(client, "Wyatt")
        done = play(client, "Wyatt Earp", "shoot", "Ike Clanton", {"range": "5"}, dice)
    assert done.status_code == 200, text_of(done)
    said = text_of(done)
    # roll's words (the engine's explanation), then the game log's sentence
    assert "nerve 2,3 vs FRED 3, calm" in said
    assert "Wyatt Earp shoots Ike Clanton" in said
    printed = cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
                       ",".join(map(str, dice)))  # fmt: skip
    assert board(web) == board(other)
    assert shown_events(web, 0) == shown_events(other, 0)
    assert printed["events"] == shown_events(web, 0)[-len(printed["events"]) :]


def test_every_action_by_the_api_answers_what_the_cli_prints(stores: tuple[Path, Path]) -> None:
    """Shoot, reload, fight, mount, dismount, whisky and move: each by the API and by the
    command line with the same dice; the answers and the boards are equal."""
    web, other = stores
    steps: list[tuple[str, dict[str, Any], list[str]]] = [
        ("shoot", {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5,
                   "dice": [2, 3, 6, 2, 1, 1, 3]},
         ["shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice", "2,3,6,2,1,1,3"]),
        ("reload", {"member": "Wyatt Earp"}, ["reload", "Wyatt Earp"]),
        ("fight", {"attacker": "Billy Clanton", "target": "Virgil Earp",
                   "dice": "3,3,5,4,2,2"},
         ["melee", "Billy Clanton", "Virgil Earp", "--dice", "3,3,5,4,2,2"]),
        ("mount", {"member": "Ike Clanton", "pace": "trot", "dice": [2, 5]},
         ["mount", "Ike Clanton", "--pace", "trot", "--dice", "2,5"]),
        ("dismount", {"member": "Ike Clanton"}, ["dismount", "Ike Clanton"]),
        ("whisky", {"member": "Billy Clanton"}, ["drink", "Billy Clanton"]),
        ("move", {"member": "Morgan Earp"}, ["activate", "Morgan Earp"]),
    ]  # fmt: skip
    with open_client(web) as client:
        log_in(client, "Wyatt")
        token = client.cookies.get("csrf")
        ike = open_client(web)
        with ike:
            ike_token = log_in(ike, "Ike")
            for action, body, args in steps:
                side = ike if body.get("member", body.get("attacker", "")).startswith(
                    ("Ike", "Billy")) else client  # fmt: skip
                csrf = ike_token if side is ike else token
                answer = side.post(f"{API}/actions/{action}", json=body,
                                   headers={"X-CSRF-Token": csrf})  # fmt: skip
                printed = cli_json(other, *args)
                assert answer.status_code == 200, (action, answer.text)
                assert answer.json() == printed, action
    assert board(web) == board(other)


def test_lasso_explosive_fight_and_whisky_by_the_form_equal_the_cli(
    stores: tuple[Path, Path],
) -> None:
    web, other = stores
    with open_client(web) as ike, open_client(web) as wyatt:
        log_in(ike, "Ike")
        log_in(wyatt, "Wyatt")
        lasso = play(ike, "Tom McLaury", "lasso", "Wyatt Earp", dice=[2, 5, 6])
        assert "Tom McLaury throws the lasso at Wyatt Earp" in text_of(lasso)
        blast = play(wyatt, "Morgan Earp", "explosive", situation={"caught": "Ike Clanton=3"},
                     dice=[1] * 8)  # fmt: skip
        assert "Ike Clanton: save 1 − 3 = −2, no wound" in text_of(blast)
        # Virgil's save, and whether to reroll it with the Earps' points (R-15), are Wyatt's
        # (issue #20): Ike's phone hands the fight to Wyatt's, which types the save, keeps the
        # failed die and types the rest
        page = ike.get(flow_url(model="Billy Clanton", action="fight", target="Virgil Earp"))
        step = ike.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "mode": "typed"})
        for face in (3, 3, 5):
            step = tap(ike, step, taking=False, die=str(face))
        assert "Waiting for Wyatt (Earp brothers) to roll: saving roll for Virgil Earp." in (
            text_of(step)
        )
        step = tap(wyatt, wyatt.get(f"{PAGE}/handover"), taking=False, die="4")
        assert "saving roll for Virgil Earp failed: 4. Reroll it?" in text_of(step)
        step = tap(wyatt, step, taking=False, answer="keep")
        for face in (2, 2):
            step = tap(wyatt, step, taking=False, die=str(face))
        fight = step
        assert "fight 5 + 2 + 1 = 8, hit, 1 damage" in text_of(fight)
        whisky = play(ike, "Billy Clanton", "whisky")
        assert "Billy Clanton drinks whisky" in text_of(whisky)
    cli_json(other, "lasso", "Tom McLaury", "Wyatt Earp", "--dice", "2,5,6")
    cli_json(other, "explosion", "Morgan Earp", "--caught", "Ike Clanton=3", "--dice",
             "1,1,1,1,1,1,1,1")  # fmt: skip
    cli_json(other, "melee", "Billy Clanton", "Virgil Earp", "--dice", "3,3,5,4,2,2")
    cli_json(other, "drink", "Billy Clanton")
    assert shown_events(web, 0) == shown_events(other, 0)
    assert board(web) == board(other)


def test_an_objective_by_the_form_and_the_api_equals_the_cli(demo: Path, tmp_path: Path) -> None:
    web = table_store(demo, "Rapina in banca")
    other = tmp_path / "cli.db"
    shutil.copyfile(web, other)
    carry = json.dumps({"copy": "1", "event": "carry", "objective": "loot-sack"}, sort_keys=True)
    with open_client(web) as ike:
        token = log_in(ike, "Ike")
        page = ike.get(flow_url(model="Ike Clanton", action="objective"))
        assert carry in html.unescape(page.text)  # the sack, copy 1: carries it
        done = play(ike, "Ike Clanton", "objective", situation={"what": carry})
        assert done.status_code == 200, text_of(done)
        answer = ike.post(f"{API}/actions/objective", json={"objective": "loot-sack",
                          "event": "carry", "by": "Billy Clanton"},
                          headers={"X-CSRF-Token": token})  # fmt: skip
    cli_json(other, "objective", "loot-sack", "carry", "--by", "Ike Clanton", "--copy", "1")
    assert answer.json() == cli_json(other, "objective", "loot-sack", "carry", "--by",
                                     "Billy Clanton")  # fmt: skip
    assert shown_events(web, 0) == shown_events(other, 0)
    assert board(web) == board(other)


def offered(client: Any, model: str) -> list[str]:
    """The objective's events the phone offers ``model`` (its one pick's ``event``)."""
    page = client.get(flow_url(model=model, action="objective"))
    assert page.status_code == 200, page.text
    picks = re.findall(r'value="(\{[^"]*\})"', page.text)
    return [json.loads(html.unescape(p))["event"] for p in picks]


def test_each_phone_is_offered_only_its_sides_objective_events(demo: Path) -> None:
    """Prigioniero (the prisoner is the lawmen's): the bad side frees him and lets him escape,
    the good side delivers and recaptures him (docs/scenarios.md); each phone is offered its
    own side's events the prisoner's state allows, as the service records them."""
    web = table_store(demo, "Prigioniero")
    with open_client(web) as wyatt, open_client(web) as ike:
        log_in(wyatt, "Wyatt")
        log_in(ike, "Ike")
        assert offered(wyatt, "Wyatt Earp") == ["deliver", "carry"]
        assert offered(ike, "Ike Clanton") == ["free", "carry"]
        free = json.dumps({"copy": "1", "event": "free", "objective": "prisoner"}, sort_keys=True)
        done = play(ike, "Ike Clanton", "objective", situation={"what": free})
        assert done.status_code == 200, text_of(done)
        assert offered(wyatt, "Wyatt Earp") == ["recapture", "carry"]
        assert offered(ike, "Ike Clanton") == ["escape", "carry"]
    assert board(web)["objectives"][0]["state"] == "freed"


def test_a_reroll_through_the_form_equals_reroll_on_the_command_line(
    stores: tuple[Path, Path],
) -> None:
    """R-15: the nerve die 5 fails; the form offers FORTUNA and FAMA with the advice, the
    player takes FORTUNA and types the new die; the same as --reroll nerve:fortuna."""
    web, other = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
        form = {**hidden(page), **ticked(page), "range": "5", "mode": "typed"}
        response = client.post(f"{PAGE}/act", data=form)
        for face in (5, 2):
            response = tap(client, response, die=str(face))
        offer = text_of(response)
        assert "nerve test for Wyatt Earp failed: 5. Reroll it?" in offer
        assert "FORTUNA of Wyatt Earp (2 left)" in offer
        assert "Rerolled, it passes on 1, 2, 3: 50%." in offer
        assert events(web) == events(other)  # nothing recorded while the dice are asked
        response = tap(client, response, answer="fortuna")
        assert "die 1 of 1 · rerolled" in text_of(response)
        for face in (2, 6, 2, 1, 1, 3):
            response = tap(client, response, die=str(face))
        assert "Wyatt Earp rerolls the nerve test with FORTUNA" in text_of(response)
    cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             "5,2,2,6,2,1,1,3", "--reroll", "nerve:fortuna")  # fmt: skip
    assert shown_events(web, 0) == shown_events(other, 0)
    assert board(web) == board(other)


def test_keeping_a_failed_die_and_taking_back_a_typed_one(stores: tuple[Path, Path]) -> None:
    """ "Keep the die" spends nothing; "take back the last die" asks for it again."""
    web, other = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
        response = client.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "range": "5",
                                                     "mode": "typed"})  # fmt: skip
        response = tap(client, response, die="4")
        response = tap(client, response, back="1")
        assert "Next die: nerve test for Wyatt Earp die 1 of 2" in text_of(response)
        for face in (5, 2):
            response = tap(client, response, die=str(face))
        response = tap(client, response, answer="keep")
        for face in (6, 2, 1, 1, 3):
            response = tap(client, response, die=str(face))
        assert response.status_code == 200 and "Done" in text_of(response)
    cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             "5,2,6,2,1,1,3")  # fmt: skip
    assert shown_events(web, 0) == shown_events(other, 0)


def verdict_of(response: Any) -> str:
    """The line that says what the last die did (``#gac-verdict``), or ""."""
    found = re.search(r'<p class="gac-verdict[^"]*" id="gac-verdict" role="status">([^<]*)</p>',
                      response.text)  # fmt: skip
    return html.unescape(found.group(1)) if found else ""


def test_every_die_typed_is_judged_before_the_next_is_asked(stores: tuple[Path, Path]) -> None:
    """Issue #20: after each die the page says what it did, as the engine's result of the
    dice so far judges it (``stages.verdicts``): the nerve dice, the hit and its damage, each
    save, the panic dice; a failed die kept is said failed; in Italian too."""
    web, _ = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
        response = client.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "range": "5",
                                                     "mode": "typed"})  # fmt: skip
        assert verdict_of(response) == ""  # no die yet
        said = []
        for face in (2, 3, 6, 2, 1, 1):
            response = tap(client, response, die=str(face))
            said.append(verdict_of(response))
        assert said == [
            "nerve test for Wyatt Earp: 2, passed.",
            "nerve test for Wyatt Earp: 3, passed.",
            "shooting roll for Wyatt Earp: 6, hit, damage 2.",
            "saving roll for Ike Clanton: 2, saved.",
            "saving roll for Ike Clanton: 1, saved.",
            "panic test for Ike Clanton: 1, passed.",
        ]
        # Every die typed keeps its verdict in the list of the dice so far.
        assert "saving roll for Ike Clanton 2 saved" in text_of(response)
        # A nerve die of 5 against FRED 3 fails: said with the reroll's question, and again
        # once kept, before the next die.
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
        response = client.post(f"{PAGE}/act", data={**hidden(page), **ticked(page), "range": "5",
                                                     "mode": "typed"})  # fmt: skip
        for face in (5, 2):
            response = tap(client, response, die=str(face))
        assert verdict_of(response) == "nerve test for Wyatt Earp: 2, passed."
        assert "nerve test for Wyatt Earp 5 failed" in text_of(response)
        response = tap(client, response, answer="keep")
        assert verdict_of(response) == "nerve test for Wyatt Earp: 2, passed."
        client.cookies.set("lang", "it")
        response = tap(client, response, die="1")
        assert verdict_of(response) == "tiro per colpire per Wyatt Earp: 1, mancato."
        assert "test di freddezza per Wyatt Earp 5 fallito" in text_of(response)


def test_roll_for_me_records_the_dice_it_rolled(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton"))
        response = follow(client, client.post(f"{PAGE}/act", data={**hidden(page), "range": "5",
                                                                   "mode": "random"}))  # fmt: skip
        # a failed die with points left: keep it (Ike's, asked on his phone: taken over here)
        while 'name="answer"' in response.text or 'name="here"' in response.text:
            response = tap(client, response, answer="keep")
        assert response.status_code == 200 and "Wyatt Earp shoots Ike Clanton" in text_of(response)
    shot = [e for e in shown_events(web, 0) if e["action"] == "shoot"]
    assert len(shot) == 1 and len(shot[0]["dice"]) >= 3


# ----------------------------------------------------------------------------- odds, pre-fill


def test_the_situation_is_prefilled_and_the_odds_are_one_line(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton",
                                   range="5"))  # fmt: skip
    said = text_of(page)
    assert "Ike Clanton is still to take its turn: +1 (R-18)" in said
    assert "Weapon carried: Six-shooter" in said
    assert "Wyatt Earp leads the gang" in said
    assert re.search(r"Odds now: to hit \d+% · to wound \d+% · to eliminate \d+%", said)
    assert len(re.findall(r"Odds now:", said)) == 1


def test_the_odds_are_those_of_the_setup_the_service_rolls(stores: tuple[Path, Path]) -> None:
    """The one line's chances equal ``odds shoot`` with the numbers the game knows."""
    from fractions import Fraction

    from skirmish.campaign import lookup, store
    from skirmish.campaign.game import situations
    from skirmish.campaign.game.board import current_game
    from skirmish.engine.situation import Procedure
    from skirmish.engine.situation_value import Situation

    web, _ = stores
    engine = store.open_store(str(web), access=store.Access.READ, create=False)
    with store.transaction(engine, access=store.Access.READ) as s:
        game = current_game(s, lookup.current_campaign(s, CAMPAIGN))
        table = {"range": 5.0, "cover": "none", "target_waiting": None}
        situation = Situation.read(Procedure.SHOOT, table)
        found = situations.odds(s, game, "Wyatt Earp", "Ike Clanton", Procedure.SHOOT, situation)
    engine.dispose()
    odds = json.loads(plain_cli("odds", "shoot", "--tiro", "3", "--fred", "3", "--range", "5",
                          "--weapon", "six-shooter", "--skill", "pistolero",
                          "--target-waiting", "--target-rif", "3", "--target-cos", "3",
                          "--target-fred", "3", "--json"))  # fmt: skip
    damage = {int(k): Fraction(v) for k, v in odds["damage"].items()}
    wounds = {int(k): Fraction(v) for k, v in odds["wounds"].items()}
    assert found.hit == 1 - damage.get(0, Fraction(0))
    assert found.wound == 1 - wounds.get(0, Fraction(0))
    assert found.eliminate == Fraction(odds["outcome"].get("eliminated", "0"))
    with open_client(web) as client:
        log_in(client, "Wyatt")
        query = urlencode({"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": "5"})
        answer = client.get(f"{API}/actions/shoot/odds?{query}")
        refused = client.get(f"{API}/actions/move/odds?{query}")
    assert answer.json() == {"hit": str(found.hit), "wound": str(found.wound),
                             "eliminate": str(found.eliminate)}  # fmt: skip
    assert refused.status_code == 400


def test_the_prefill_is_what_the_walker_reads(stores: tuple[Path, Path]) -> None:
    """The web's lists are the walker's: the models that may act, the enemies, the guns."""
    from skirmish.campaign import lookup, store
    from skirmish.campaign.game import situations
    from skirmish.campaign.game.board import current_game
    from skirmish.campaign.game.situations import actors, enemies  # the walker's lists
    from skirmish.cli.walker_table import read_table

    web, _ = stores
    walker = read_table(str(web), CAMPAIGN, None)
    engine = store.open_store(str(web), access=store.Access.READ, create=False)
    with store.transaction(engine, access=store.Access.READ) as s:
        mine = situations.read(s, current_game(s, lookup.current_campaign(s, CAMPAIGN)))
    engine.dispose()
    assert mine == walker
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = text_of(client.get(flow_url()))
        targets = text_of(client.get(flow_url(model="Wyatt Earp", action="shoot")))
    earps = [f.name for f in actors(walker) if f.gang == EARPS]
    assert all(name in page for name in earps)
    assert "Ike Clanton" not in page  # Wyatt acts only for his own side
    assert [f.name for f in enemies(walker, "Wyatt Earp")] == [
        name for name in ("Ike Clanton", "Billy Clanton", "Frank McLaury", "Tom McLaury")
        if name in targets
    ]  # fmt: skip


# ----------------------------------------------------------------------------- only once


def test_a_double_tap_records_the_action_once(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Morgan Earp", action="move"))
        form = {**hidden(page), "go": "1"}
        before = revision(web)
        first = client.post(f"{PAGE}/act", data=form)
        count = events(web)
        second = client.post(f"{PAGE}/act", data=form)
    assert first.status_code == second.status_code == 200
    assert events(web) == count
    assert revision(web) == before + 1  # the live pages redraw once
    assert "Already recorded" in text_of(second) and "Already recorded" not in text_of(first)


def test_a_retried_api_request_answers_the_first_and_records_once(
    stores: tuple[Path, Path],
) -> None:
    web, _ = stores
    body = {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": 5}
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        headers = {"X-CSRF-Token": token, "Idempotency-Key": "tap-0001"}
        first = client.post(f"{API}/actions/shoot", json=body, headers=headers)
        count = events(web)
        again = client.post(f"{API}/actions/shoot", json=body, headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()  # the server's random dice, answered again
    assert events(web) == count


def test_two_requests_racing_with_one_key_record_once(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    body = {"member": "Morgan Earp"}
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        headers = {"X-CSRF-Token": token, "Idempotency-Key": "race-0001"}
        before = events(web)
        answers: list[Any] = []
        start = threading.Barrier(2)

        def tap() -> None:
            start.wait()
            answers.append(client.post(f"{API}/actions/move", json=body, headers=headers))

        threads = [threading.Thread(target=tap) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert events(web) == before + 1


# ----------------------------------------------------------------------------- who may


def test_a_spectator_and_the_wrong_player_are_refused_in_words(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    before = events(web)
    with open_client(web) as curly:
        token = log_in(curly, "Curly")
        page = curly.get(flow_url())
        assert "You watch this game" in text_of(page)
        answer = curly.post(f"{API}/actions/move", json={"member": "Morgan Earp"},
                            headers={"X-CSRF-Token": token})  # fmt: skip
        assert answer.status_code == 403
        assert "you may not act for the good side in game 1" in answer.json()["error"]
    with open_client(web) as ike:
        token = log_in(ike, "Ike")
        answer = ike.post(f"{API}/actions/shoot", json={"attacker": "Wyatt Earp",
                          "target": "Ike Clanton", "dice": [2, 3, 6, 2, 1, 1, 3]},
                          headers={"X-CSRF-Token": token, "Accept-Language": "it"})  # fmt: skip
        assert answer.status_code == 200  # the target's player records the shot at his model
        after = events(web)
        refused = ike.post(f"{API}/actions/move", json={"member": "Virgil Earp"},
                           headers={"X-CSRF-Token": token, "Accept-Language": "it"})  # fmt: skip
        assert refused.status_code == 403
        assert "non puoi agire per i buoni" in refused.json()["error"]
        form = ike.post(f"{PAGE}/act", data={"csrf": token, "action": "move",
                                             "member": "Virgil Earp", "go": "1"})  # fmt: skip
        assert form.status_code == 403 and "Traceback" not in form.text
    assert events(web) == after > before


def test_the_targets_player_records_a_shot_at_his_model_through_the_form(
    stores: tuple[Path, Path],
) -> None:
    web, other = stores
    with open_client(web) as ike:
        token = log_in(ike, "Ike")
        form = {"csrf": token, "action": "shoot", "attacker": "Wyatt Earp",
                "target": "Ike Clanton", "range": "5", "mode": "typed"}  # fmt: skip
        response = ike.post(f"{PAGE}/act", data=form)
        for face in (2, 3, 6, 2, 1, 1, 3):
            response = tap(ike, response, die=str(face))
    assert "Wyatt Earp shoots Ike Clanton" in text_of(response)
    cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             "2,3,6,2,1,1,3")  # fmt: skip
    assert board(web) == board(other)


def test_a_refusal_reads_as_the_cli_and_changes_nothing(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    before = events(web)
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        answer = client.post(f"{API}/actions/shoot", json={"attacker": "Virgil Earp",
                             "target": "Ike Clanton", "range": 5, "dice": [2, 3, 6]},
                             headers={"X-CSRF-Token": token})  # fmt: skip
        assert answer.status_code == 400
        assert "nobody shoots until a leader has fired" in answer.json()["error"]
        for bad in (
            {"attacker": "Wyatt Earp", "target": "Ike Clanton", "range": "far"},
            {"attacker": "Wyatt Earp", "target": "Ike Clanton", "dice": [7]},
            {"attacker": ["x"], "target": "Ike Clanton"},
            {"attacker": "Wyatt Earp", "target": "Nobody"},
            {"attacker": "Wyatt Earp", "target": "Ike Clanton", "cover": "lots"},
        ):
            refused = client.post(f"{API}/actions/shoot", json=bad,
                                  headers={"X-CSRF-Token": token})  # fmt: skip
            assert refused.status_code == 400, (bad, refused.text)
            assert refused.json()["error"]
        unknown = client.post(f"{API}/actions/dance", json={}, headers={"X-CSRF-Token": token})
        assert unknown.status_code == 400 and "not an action of a game" in unknown.json()["error"]
        form = client.post(f"{PAGE}/act", data={"csrf": token, "action": "shoot",
                           "attacker": "Virgil Earp", "target": "Ike Clanton",
                           "mode": "typed"})  # fmt: skip
        assert form.status_code == 400
        assert "nobody shoots until a leader has fired" in text_of(form)
        stale = client.post(f"{PAGE}/act", data={"csrf": token, "action": "shoot",
                                                 "state": "{not json", "die": "3"})  # fmt: skip
        assert stale.status_code == 400 and "out of date" in text_of(stale)
    assert events(web) == before


# ----------------------------------------------------------------------------- undo


def test_undo_names_what_it_takes_back_and_equals_the_cli(stores: tuple[Path, Path]) -> None:
    web, other = stores
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        client.post(f"{API}/actions/shoot", json={"attacker": "Wyatt Earp",
                    "target": "Ike Clanton", "range": 5, "dice": [2, 3, 6, 2, 1, 1, 3]},
                    headers={"X-CSRF-Token": token})  # fmt: skip
        confirm = client.get(f"{PAGE}/undo")
        assert "This takes back:" in text_of(confirm)
        assert "Wyatt Earp shoots Ike Clanton" in text_of(confirm)
        done = client.post(f"{PAGE}/undo", data=hidden(confirm))
        assert done.status_code == 200 and "Taken back" in text_of(done)
        again = client.post(f"{PAGE}/undo", data=hidden(confirm))  # a double tap
        assert "Already recorded" in text_of(again)
    cli_json(other, "shoot", "Wyatt Earp", "Ike Clanton", "--range", "5", "--dice",
             "2,3,6,2,1,1,3")  # fmt: skip
    cli_json(other, "undo")
    assert board(web) == board(other)
    assert shown_events(web, 0) == shown_events(other, 0)


def test_undo_by_the_api_answers_what_the_cli_prints(stores: tuple[Path, Path]) -> None:
    web, other = stores
    with open_client(web) as client:
        token = log_in(client, "Ike")
        headers = {"X-CSRF-Token": token}
        client.post(f"{API}/actions/whisky", json={"member": "Billy Clanton"}, headers=headers)
        answer = client.post(f"{API}/undo", json={}, headers=headers)
    cli_json(other, "drink", "Billy Clanton")
    assert answer.status_code == 200
    assert answer.json() == cli_json(other, "undo")


# ----------------------------------------------------------------------------- text is text


def test_markup_in_names_is_text(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with sqlite3.connect(web) as connection:
        connection.execute(
            "UPDATE game_model SET name = '<b>Doc</b> {{ 7*7 }}' WHERE name = 'Doc Holliday'"
        )
        connection.execute(
            "UPDATE member SET name = '<b>Doc</b> {{ 7*7 }}' WHERE name = 'Doc Holliday'"
        )
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url())
        chosen = client.get(flow_url(model="<b>Doc</b> {{ 7*7 }}", action="shoot"))
    assert "<b>Doc</b>" not in page.text and "&lt;b&gt;Doc&lt;/b&gt; {{ 7*7 }}" in page.text
    assert "<b>Doc</b>" not in chosen.text and "49" not in text_of(chosen)


def test_the_live_page_offers_the_actions_to_players_only(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        live = client.get(PAGE)
        client.post(f"{API}/actions/move", json={"member": "Morgan Earp"},
                    headers={"X-CSRF-Token": token})  # fmt: skip
        redrawn = client.get(f"{PAGE}/act/panel")  # on the board's "game-changed"
    with open_client(web) as curly:
        log_in(curly, "Curly")
        watched = curly.get(PAGE)
        nothing = curly.get(f"{PAGE}/act/panel")
    assert live.status_code == watched.status_code == 200
    assert 'id="gac-panel"' in live.text and f"{PAGE}/act" in live.text
    assert "Morgan Earp · COS 2/2 · steady, taking its turn" in text_of_fragment(redrawn)
    assert 'id="gac-panel"' not in watched.text and "gac-panel" not in nothing.text


def test_the_pages_speak_italian(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        log_in(client, "Wyatt")
        page = client.get(flow_url(model="Wyatt Earp", action="shoot", target="Ike Clanton",
                                   lang="it"))  # fmt: skip
        response = client.post(f"{PAGE}/act?lang=it", data={**hidden(page), "mode": "typed"})
    assert "Probabilità ora: colpire" in text_of(page)
    assert "Prossimo dado: test di freddezza per Wyatt Earp" in text_of(response)
    assert CAMPAIGN in page.text


HOSTILE: tuple[Any, ...] = (None, -1, 1e308, "", "x" * 500, [], [7], {"a": 1}, True, "<script>",
                            "1,2,x")  # fmt: skip


def test_hostile_input_is_a_refusal_in_words_never_a_500(stores: tuple[Path, Path]) -> None:
    web, _ = stores
    with open_client(web) as client:
        token = log_in(client, "Wyatt")
        headers = {"X-CSRF-Token": token}
        base = {"attacker": "Wyatt Earp", "target": "Ike Clanton"}
        for key in ("attacker", "target", "range", "cover", "weapon", "dice", "reroll", "near",
                    "shots", "target-waiting", "immune", "guard"):  # fmt: skip
            for value in HOSTILE:
                answer = client.post(f"{API}/actions/shoot", json={**base, key: value},
                                     headers=headers)  # fmt: skip
                assert answer.status_code < 500, (key, value, answer.text)
                if answer.status_code == 200:
                    client.post(f"{API}/undo", json={}, headers=headers)
                else:
                    assert answer.json()["error"]
        for key in ("member", "pace", "rounds", "caught", "objective", "copy", "event"):
            for action in ("reload", "mount", "explosive", "objective"):
                answer = client.post(f"{API}/actions/{action}", json={key: [7]}, headers=headers)
                assert answer.status_code == 400, (action, key, answer.text)
        for raw in ("[1, 2]", "nope", '{"a":'):
            typed = {**headers, "content-type": "application/json"}
            answer = client.post(f"{API}/actions/shoot", content=raw, headers=typed)
            assert answer.status_code == 400
        for form in (
            {"action": "shoot", "state": "[]"},
            {"action": "shoot", "dice": "9"},
            {"action": "shoot", "answers": '[{"at": "x"}]', "back": "1", "dice": "1"},
            {"action": "", "go": "1"},
            {"action": "objective", "what": "{"},
            {"action": "shoot", **base, "key": "a key with spaces", "mode": "typed"},
        ):
            answer = client.post(f"{PAGE}/act", data={"csrf": token, **form})
            assert answer.status_code in (400, 403), (form, answer.status_code)
        for query in ("model=x", "model=Wyatt+Earp&action=zz", "model=Wyatt+Earp&action=shoot"
                      "&target=Ike+Clanton&range=1e400&shots=-4&cover=zz"):  # fmt: skip
            assert client.get(f"{PAGE}/act?{query}").status_code == 200
        assert client.get(f"/c/{quote(CAMPAIGN, safe='')}/games/abc/act").status_code == 404
