"""Between-games actions on one's own gang, through the forms and the API (issue #11).

The demo store gets three accounts: Wyatt, a player who looks after "Earp brothers" and a new
gang "Dodge posse" (400$, for hiring); Ike, a player who looks after "Clanton gang"; Doc, a
member of nothing. Every change is the CLI's service in one unit of work, logged with the user
as its author; every refusal is the service's words with nothing changed."""

from __future__ import annotations

import html
import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, EARPS, CLANTONS, POSSE = "Tombstone 1881", "Earp brothers", "Clanton gang", "Dodge posse"
PASSWORD = "polvere e piombo"


def cli(db: Path | str, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


def make_club(db: Path | str) -> None:
    """Wyatt looks after the Earps and the Dodge posse, Ike the Clantons; Doc has no role."""
    cli(db, "gang", "new", POSSE, "--faction", "lawmen", "--campaign", CAMPAIGN)
    for user in ("Wyatt", "Ike", "Doc"):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (POSSE, "Wyatt"), (CLANTONS, "Ike")):
        cli(db, "gang", "owner", gang, user, "--campaign", CAMPAIGN)


@pytest.fixture
def club(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(make_club)


def open_client(db: Path | str) -> Any:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    return TestClient(create_app(str(db)), follow_redirects=False)


@pytest.fixture
def web(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


def log_in(client: Any, user: str = "Wyatt") -> str:
    """Log ``user`` in; the CSRF token every form and API call then repeats."""
    assert client.get("/login").status_code == 200
    form = {"user": user, "password": PASSWORD, "csrf": client.cookies.get("csrf")}
    assert client.post("/login", data=form).status_code == 303
    token: str = client.cookies.get("csrf")
    return token


def page(campaign: str = CAMPAIGN, gang: str = EARPS, action: str = "") -> str:
    base = f"/c/{quote(campaign, safe='')}/g/{quote(gang, safe='')}"
    return f"{base}/{action}" if action else base


def api(gang: str = EARPS, action: str = "") -> str:
    base = f"/api/v1/campaigns/{quote(CAMPAIGN, safe='')}/gangs/{quote(gang, safe='')}"
    return f"{base}/{action}" if action else base


def gang_json(client: Any, gang: str = EARPS) -> Any:
    response = client.get(api(gang))
    assert response.status_code == 200
    return response.json()


def pick(**values: str) -> str:
    """A PICK option's value, as the form offers it."""
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def last_entry(db: Path) -> tuple[str, str, int | None, str | None]:
    """The newest log entry's action, member, author id, and the author's name."""
    with sqlite3.connect(db) as connection:
        action, member, author = connection.execute(
            "SELECT action, member_name, author FROM log_entry ORDER BY id DESC LIMIT 1"
        ).fetchone()
        name = None
        if author is not None:
            name = connection.execute(
                "SELECT name FROM user_account WHERE id = ?", (author,)
            ).fetchone()[0]
    return action, member, author, name


def entries(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute("SELECT count(*) FROM log_entry").fetchone()[0])


def done_line(client: Any, response: Any) -> str:
    """Follow a form's POST-redirect-GET: the gang page's one "done" line, as text."""
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert re.search(r"\?done=\d+$", location)
    shown = client.get(location)
    assert shown.status_code == 200
    found = re.search(
        r'<p class="(done|error)" role="status" id="done">(.*?)</p>', shown.text, re.S
    )
    assert found, shown.text
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(2)))


# ------------------------------------------------------------------ the gang page's panel


def test_the_actions_panel_shows_only_to_who_may_change_the_gang(web: Any, club: Path) -> None:
    cli(club, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    assert 'class="actions"' not in web.get(page()).text  # logged out: a public visitor
    log_in(web)
    mine = web.get(page())
    assert 'class="actions"' in mine.text
    for action in ("hire", "fire", "buy", "sell", "equip", "unequip", "advance", "rename",
                   "rename-model", "undo"):  # fmt: skip
        assert f'href="{page(action=action)}"' in mine.text
    assert 'class="actions"' not in web.get(page(gang=CLANTONS)).text


def test_base_page_lets_htmx_swap_refusals(web: Any) -> None:
    """htmx 2 swaps no 4xx by default: the config makes a refused form show its words."""
    head = web.get("/").text
    config = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", head)
    assert config is not None
    handling = json.loads(config.group(1))["responseHandling"]
    assert {"code": "[45]..", "swap": True, "error": False} in handling


# ------------------------------------------------------------------ every action, by its form

FORMS: list[tuple[str, str, dict[str, str], str]] = [
    (POSSE, "hire", {"profile": "sceriffo", "name": "Bat Masterson"},
     "R-13: hired Bat Masterson (Sheriff) for 180$"),
    (EARPS, "fire", {"member": "Morgan Earp"}, "fired Morgan Earp (Guard); to the stash: —"),
    (EARPS, "buy", {"item": "knife", "member": "Wyatt Earp", "dice": ""},
     "R-12: bought Knife for 2$ for Wyatt Earp (weapons need no availability roll for Lawmen)"),
    (EARPS, "buy", {"item": "lasso", "member": "", "dice": "5"},
     "bought Lasso for 10$ (availability: rolled 5, DISP 2)"),
    (EARPS, "sell", {"what": pick(item="six-shooter", member="Virgil Earp")},
     "H-05: sold Six-shooter for 3$ (50% of 6$)"),
    (EARPS, "unequip", {"what": pick(item="small-pistol", member="Doc Holliday")},
     "Small pistol taken from Doc Holliday to the stash"),
    (EARPS, "advance", {"what": pick(member="Wyatt Earp", advance="skill"), "rifle": "carbine",
                        "dice": "1 1"},
     "R-11: Wyatt Earp gains Rifleman (Carbine) for 3 XP (2D6: 1+1=2)"),
    (EARPS, "rename", {"name": "Earp posse"}, "gang renamed 'Earp brothers' → 'Earp posse'"),
    (EARPS, "rename-model", {"member": "Doc", "name": "", "handle": "Doc H."},
     "Doc Holliday answers to “Doc H.”"),
    (EARPS, "undo", {}, "R-10: undone: Morgan Earp: Lame"),
]  # fmt: skip


@pytest.mark.parametrize(("gang", "action", "form", "said"), FORMS)
def test_every_action_through_its_form(
    web: Any, club: Path, gang: str, action: str, form: dict[str, str], said: str
) -> None:
    token = log_in(web)
    shown = web.get(page(gang=gang, action=action))
    assert shown.status_code == 200 and 'name="csrf"' in shown.text
    assert '<button type="submit">' in shown.text  # a name to type never hides the button
    for control in re.findall(r'<(?:select|input)[^>]* id="([^"]+)"', shown.text):
        assert f'for="{control}"' in shown.text, control  # every control has its label
    line = done_line(web, web.post(page(gang=gang, action=action), data={**form, "csrf": token}))
    assert said in line
    assert last_entry(club)[3] == "Wyatt"  # the log names the user who did it


def test_equip_gives_a_stash_item_to_a_model(web: Any, club: Path) -> None:
    token = log_in(web)
    web.post(page(action="buy"), data={"item": "knife", "csrf": token})
    form = web.get(page(action="equip")).text
    assert '<option value="knife">Knife</option>' in form
    line = done_line(
        web, web.post(page(action="equip"), data={"item": "knife", "member": "Morgan",
                                                  "csrf": token})
    )  # fmt: skip
    assert "Knife given to Morgan Earp" in line
    morgan = next(m for m in gang_json(web)["members"] if m["name"] == "Morgan Earp")
    assert [i["name"] for i in morgan["items"]] == ["Knife"]


def test_a_skill_a_scelta_takes_the_weapon_the_model_carries(web: Any) -> None:
    """docs/web.md: left on "the one it carries", GUERRIERO takes the blade Wyatt carries."""
    token = log_in(web)
    web.post(page(action="buy"), data={"item": "knife", "member": "Wyatt Earp", "csrf": token})
    form = {"what": pick(member="Wyatt Earp", advance="skill"), "blade": "", "dice": "1 2"}
    line = done_line(web, web.post(page(action="advance"), data={**form, "csrf": token}))
    assert "Wyatt Earp gains Warrior (Knife) for 3 XP (2D6: 1+2=3)" in line
    assert "Dice: 1, 2" in line


def test_the_advance_form_names_each_model_and_folds_the_weapons(web: Any) -> None:
    log_in(web)
    form = web.get(page(action="advance")).text
    assert ">Wyatt Earp: New skill · 3 XP</option>" in form
    assert '<details class="more">' in form and 'name="rifle"' in form
    assert 'name="cacciatore"' not in form  # lawmen: the engine's check says no (§9.6)


def test_mountain_men_may_take_cacciatore_without_rolling(web: Any, club: Path) -> None:
    for args in (
        ("gang", "new", "Trappers", "--faction", "mountain-men"),
        ("gang", "owner", "Trappers", "Wyatt"),
        ("gang", "hire", "Trappers", "bear-hunter", "--name", "Jeremiah"),
        ("member", "xp", "Trappers", "Jeremiah", "1"),
    ):
        cli(club, *args, "--campaign", CAMPAIGN)
    token = log_in(web)
    assert 'name="cacciatore"' in web.get(page(gang="Trappers", action="advance")).text
    form = {"what": pick(member="Jeremiah", advance="skill"), "cacciatore": "on",
            "rifle": "hunting-rifle", "dice": "", "csrf": token}  # fmt: skip
    line = done_line(web, web.post(page(gang="Trappers", action="advance"), data=form))
    assert "Jeremiah gains Rifleman (Hunting rifle) for 3 XP (taken without rolling, §9.6)" in line


# ------------------------------------------------------------------ refusals, on the form


def test_a_refusal_is_the_services_words_on_the_form_with_the_values_kept(
    web: Any, club: Path
) -> None:
    token = log_in(web)
    before, logged = gang_json(web), entries(club)
    form = {"what": pick(member="Wyatt Earp", advance="skill"), "dice": "1 1", "csrf": token}
    refused = web.post(page(action="advance"), data=form)
    assert refused.status_code == 400
    assert "R-11: Fuciliere/Cacciatore needs the rifle type it is for" in refused.text
    assert 'value="1 1"' in refused.text  # the dice typed are kept
    assert gang_json(web) == before and entries(club) == logged


def test_hire_offers_only_legal_and_affordable_profiles(web: Any) -> None:
    token = log_in(web)
    form = web.get(page(gang=POSSE, action="hire")).text
    assert '<option value="sheriff">Sheriff · 180$</option>' in form
    web.post(page(gang=POSSE, action="hire"),
             data={"profile": "sheriff", "name": "Bat", "csrf": token})  # fmt: skip
    after = web.get(page(gang=POSSE, action="hire")).text
    assert 'value="sheriff"' not in after  # one leader: no longer offered…
    assert "Not possible now" in after and "Sheriff</strong>: R-13" in after  # …and says why
    poor = web.get(page(action="hire")).text  # 13$: nobody is affordable
    assert "<option" not in poor.split('name="csrf"')[1].split("</form>")[0]


def test_a_name_taken_keeps_the_name_typed(web: Any, club: Path) -> None:
    token = log_in(web)
    form = {"profile": "guard", "name": "Bat", "csrf": token}
    web.post(page(gang=POSSE, action="hire"), data=form)
    again = web.post(page(gang=POSSE, action="hire"), data={**form, "name": "bat"})
    assert again.status_code == 400
    assert "R-13: &#39;Dodge posse&#39; already has a model called &#39;bat&#39;" in again.text
    assert 'name="name" value="bat"' in again.text


def test_typed_dice_that_are_not_dice_give_the_clis_error(web: Any, club: Path) -> None:
    token = log_in(web)
    logged = entries(club)
    for typed, said in (
        ("x", "&#39;x&#39; in “Dice” &#39;x&#39; is not a number"),  # its field (issue #20)
        ("7", "a D6 shows 1 to 6, not 7"),
        ("5 5", "“Dice” gave 2 dice but the action ended with"),
    ):
        refused = web.post(page(action="buy"),
                           data={"item": "lasso", "dice": typed, "csrf": token})  # fmt: skip
        assert refused.status_code == 400 and said in refused.text, typed
        assert f'name="dice" value="{typed}"' in refused.text
    assert entries(club) == logged


def test_a_failed_availability_roll_says_so_and_is_logged(web: Any, club: Path) -> None:
    """R-12, H-03: the die is logged, the price is not paid, the item waits for the next game."""
    token = log_in(web)
    money = gang_json(web)["treasury"]
    line = done_line(
        web, web.post(page(action="buy"), data={"item": "lasso", "dice": "1", "csrf": token})
    )
    assert "Not available:" in line and "Lasso not available: rolled 1, DISP 2" in line
    assert "Dice: 1" in line
    after = gang_json(web)
    assert after["treasury"] == money
    assert {"item": "lasso", "name": "Lasso", "game": 0, "waiting": True} in after[
        "failed_purchases"
    ]
    assert last_entry(club)[:1] == ("buy",)
    assert 'value="lasso"' not in web.get(page(action="buy")).text  # H-03: not offered now


def test_the_refusal_in_italian(web: Any) -> None:
    token = log_in(web)
    form = {"what": pick(member="Virgil Earp", advance="rif"), "csrf": token}
    refused = web.post(page(action="advance") + "?lang=it", data=form)
    assert refused.status_code == 400
    assert "R-11: +1 RIF costa 5 PE ma &#39;Virgil Earp&#39; ne ha 1." in refused.text
    assert "Spendi l&#39;esperienza di un personaggio" in refused.text


def test_a_missing_field_is_refused_in_both_languages(web: Any) -> None:
    token = log_in(web)
    refused = web.post(page(gang=POSSE, action="hire"), data={"profile": "guard", "csrf": token})
    assert refused.status_code == 400 and "Name of the new model (name)" in refused.text
    forged = web.post(page(action="sell"), data={"what": "not json", "csrf": token})
    assert forged.status_code == 400 and "not one this form offers" in forged.text


def test_an_unknown_model_is_a_404_with_the_nearest_names(web: Any) -> None:
    token = log_in(web)
    form = web.post(page(action="fire"), data={"member": "Wyatt Erp", "csrf": token})
    assert form.status_code == 404 and "Wyatt Earp" in form.text
    answer = web.post(api(action="fire"), json={"member": "Morgn"},
                      headers={"X-CSRF-Token": token})  # fmt: skip
    assert answer.status_code == 404 and "Morgan Earp" in answer.json()["nearest"]


# ------------------------------------------------------------------ undo


def test_undo_through_the_web_undoes_the_last_action(web: Any, club: Path) -> None:
    token = log_in(web)
    before = gang_json(web)
    web.post(page(action="buy"), data={"item": "knife", "member": "Wyatt Earp", "csrf": token})
    form = web.get(page(action="undo")).text
    assert "bought Knife for 2$ for Wyatt Earp" in form and "by Wyatt" in form
    line = done_line(web, web.post(page(action="undo"), data={"csrf": token}))
    assert "undone: bought Knife for 2$ for Wyatt Earp" in line
    assert gang_json(web)["members"] == before["members"]
    assert gang_json(web)["treasury"] == before["treasury"]
    assert last_entry(club)[0] == "undo" and last_entry(club)[3] == "Wyatt"


# ------------------------------------------------------------------ the API


def test_every_action_through_the_api(web: Any, club: Path, cli_json: Any) -> None:
    token = log_in(web)
    headers = {"X-CSRF-Token": token}
    rolled = web.post(api(action="buy"), json={"item": "mule"}, headers=headers)
    assert rolled.status_code == 400  # H-03: the demo's failed roll waits for the next game
    assert rolled.json() == {
        "error": "H-03: 'Earp brothers' failed the availability roll for the mule and may try "
        "again only after its next game.",
        "nearest": [],
    }
    calls: list[tuple[str, str, dict[str, Any]]] = [
        (POSSE, "hire", {"profile": "vicesceriffo", "name": "Bat"}),
        (EARPS, "buy", {"item": "coltello", "member": "Wyatt"}),
        (EARPS, "buy", {"item": "lasso", "dice": [6]}),
        (EARPS, "equip", {"item": "lasso", "member": "Morgan Earp"}),
        (EARPS, "unequip", {"item": "lasso", "member": "Morgan Earp"}),
        (EARPS, "sell", {"item": "lasso"}),
        (EARPS, "advance", {"member": "Wyatt Earp", "advance": "skill", "dice": "1 2"}),
        (EARPS, "fire", {"member": "Morgan Earp"}),
        (EARPS, "rename-model", {"member": "Doc Holliday", "handle": "Doc"}),
        (EARPS, "rename-model", {"member": "Doc Holliday", "no_handle": True}),
        (EARPS, "undo", {}),
        (EARPS, "rename", {"name": "Earp posse"}),
    ]
    for gang, action, body in calls:
        answer = web.post(api(gang, action), json=body, headers=headers)
        assert answer.status_code == 200, (action, answer.text)
        data = answer.json()
        assert data["entry"]["author"] == "Wyatt"
        assert data["gang"] == gang_json(web, data["gang"]["name"])
        logged = cli_json("log", data["gang"]["name"], "--last", "1")
        assert data["entry"] == logged[0], action


def test_the_api_rolls_the_dice_when_none_are_sent(web: Any) -> None:
    token = log_in(web)
    answer = web.post(api(action="buy"), json={"item": "lasso"}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200
    entry = answer.json()["entry"]
    assert len(entry["dice"]) == 1 and 1 <= entry["dice"][0]["value"] <= 6
    assert entry["details"]["roll"] == entry["dice"][0]["value"]


def test_api_refusals_in_the_readers_language_with_the_nearest_names(web: Any) -> None:
    token = log_in(web)
    headers = {"X-CSRF-Token": token, "Accept-Language": "it"}
    unknown = web.post(api(action="buy"), json={"item": "colteloo"}, headers=headers)
    assert unknown.status_code == 400
    assert unknown.json() == {
        "error": "equipaggiamento sconosciuto 'colteloo': forse intendevi 'Coltello', "
        "'Sei colpi', 'Dinamite'?",
        "nearest": ["Coltello", "Sei colpi", "Dinamite"],
    }
    poor = web.post(api(POSSE, "hire"), json={"profile": "sceriffo"}, headers=headers)
    assert poor.status_code == 400 and "(name)" in poor.json()["error"]


def test_the_api_says_what_the_gang_may_choose(web: Any) -> None:
    token = log_in(web)
    assert token
    hire = web.get(api(POSSE, "hire")).json()
    assert hire["gang"] == POSSE and hire["treasury"] == 400
    sheriff = next(o for o in hire["options"] if o["profile"] == "sheriff")
    assert sheriff["allowed"] and sheriff["refusal"] is None
    undo = web.get(api(action="undo")).json()
    assert undo["last"]["text"] == "Morgan Earp: Lame"


def test_every_action_is_in_the_openapi_document(web: Any) -> None:
    from skirmish.web.actions import ACTIONS

    document = web.get("/api/v1/openapi.json").json()
    for action in ACTIONS:
        path = document["paths"][f"/api/v1/campaigns/{{campaign}}/gangs/{{gang}}/{action.name}"]
        post = path["post"]
        assert post["summary"] and action.cli in post["description"]
        schema = post["requestBody"]["content"]["application/json"]["schema"]
        assert schema["type"] == "object"
        for f in action.fields:
            names = [key for key, _, _ in f.sets] or [f.name]
            assert set(names) <= set(schema["properties"]), action.name
        assert {"200", "400", "403", "404"} <= set(post["responses"])
    assert (
        "dice"
        in document["paths"]["/api/v1/campaigns/{campaign}/gangs/{gang}/buy"]["post"][
            "requestBody"
        ]["content"]["application/json"]["schema"]["properties"]
    )


# ------------------------------------------------------------------ who may


def test_a_player_cannot_change_another_players_gang(web: Any, club: Path) -> None:
    token = log_in(web)
    before, logged = gang_json(web, CLANTONS), entries(club)
    assert web.get(page(gang=CLANTONS, action="buy")).status_code == 403
    form = web.post(page(gang=CLANTONS, action="sell"),
                    data={"item": "six-shooter", "csrf": token})  # fmt: skip
    assert form.status_code == 403 and "you may not change this gang" in form.text
    for action, body in (("buy", {"item": "knife"}), ("undo", {}), ("rename", {"name": "Mine"})):
        answer = web.post(api(CLANTONS, action), json=body, headers={"X-CSRF-Token": token})
        assert answer.status_code == 403, action
        assert answer.json()["error"].startswith("you may not change this gang in")
    assert web.get(api(CLANTONS, "buy")).status_code == 403
    assert gang_json(web, CLANTONS) == before and entries(club) == logged


@pytest.mark.parametrize("who", ["Doc", None])
def test_a_visitor_of_a_public_campaign_cannot_change_a_gang(
    web: Any, club: Path, who: str | None
) -> None:
    cli(club, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    token = log_in(web, who) if who else ""
    if not who:
        web.get("/")
        token = web.cookies.get("csrf")
    before, logged = gang_json(web), entries(club)
    assert web.get(page(action="hire")).status_code == 403
    form = web.post(page(action="buy"), data={"item": "knife", "csrf": token})
    assert form.status_code == 403
    answer = web.post(api(action="buy"), json={"item": "knife"}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 403
    assert gang_json(web) == before and entries(club) == logged


def test_a_hidden_campaign_is_a_404_for_an_action_too(web: Any) -> None:
    web.get("/")
    token = web.cookies.get("csrf")
    assert web.post(page(action="buy"), data={"item": "knife", "csrf": token}).status_code == 404
    answer = web.post(api(action="buy"), json={"item": "knife"}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 404


def test_a_form_without_its_csrf_token_is_refused(web: Any, club: Path) -> None:
    token = log_in(web)
    before, logged = gang_json(web), entries(club)
    assert web.post(page(action="buy"), data={"item": "knife"}).status_code == 403
    wrong = web.post(page(action="buy"), data={"item": "knife", "csrf": token[::-1]})
    assert wrong.status_code == 403
    assert web.post(api(action="buy"), json={"item": "knife"}).status_code == 403
    assert gang_json(web) == before and entries(club) == logged


def test_an_arbitrator_may_change_any_gang(web: Any, club: Path) -> None:
    cli(club, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)
    token = log_in(web, "Doc")
    answer = web.post(api(CLANTONS, "rename"), json={"name": "Cowboys"},
                      headers={"X-CSRF-Token": token})  # fmt: skip
    assert answer.status_code == 200 and answer.json()["entry"]["author"] == "Doc"


def test_a_store_without_accounts_lets_the_laptop_do_everything(demo: Path) -> None:
    """No account at all: the single laptop at the table is the CLI (docs/web.md)."""
    with open_client(demo) as client:
        client.get("/")
        token = client.cookies.get("csrf")
        assert 'class="actions"' in client.get(page()).text
        answer = client.post(api(action="buy"), json={"item": "knife"},
                             headers={"X-CSRF-Token": token})  # fmt: skip
        assert answer.status_code == 200 and answer.json()["entry"]["author"] is None


# ------------------------------------------------------------------ names are text


@pytest.mark.parametrize("typed", ["<script>alert(1)</script>", "{{ 7*7 }}"])
def test_names_with_markup_read_as_typed(web: Any, typed: str) -> None:
    token = log_in(web)
    line = web.post(page(gang=POSSE, action="hire"),
                    data={"profile": "guard", "name": typed, "csrf": token})  # fmt: skip
    shown = web.get(line.headers["location"]).text
    assert "<script>alert" not in shown and "49" not in shown.split('id="done"')[1][:300]
    escaped = typed.replace("<", "&lt;").replace(">", "&gt;")
    assert f"hired {escaped} (Guard)" in shown
    form = web.get(page(gang=POSSE, action="fire")).text
    assert f">{escaped}</option>" in form and "<script>alert" not in form
    again = web.post(page(gang=POSSE, action="hire"),
                     data={"profile": "guard", "name": typed, "csrf": token})  # fmt: skip
    assert again.status_code == 400 and "<script>alert" not in again.text
    assert f'value="{escaped}"' in again.text


def test_a_gang_renamed_with_a_slash_and_a_percent_keeps_working(web: Any) -> None:
    """A name is one segment of the address however it is spelled (``NamesWithSlashes``)."""
    token = log_in(web)
    renamed = web.post(page(action="rename"), data={"name": "AC/DC 100%", "csrf": token})
    assert renamed.headers["location"].startswith("/c/Tombstone%201881/g/AC%2FDC%20100%25?done=")
    gang = page(gang="AC/DC 100%")
    assert f'action="{gang}/buy"' in web.get(f"{gang}/buy").text
    bought = web.post(f"{gang}/buy", data={"item": "knife", "csrf": token})
    assert "bought Knife for 2$" in done_line(web, bought)
    answer = web.post(api("AC/DC 100%", "undo"), json={}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200 and answer.json()["gang"]["name"] == "AC/DC 100%"


def test_xp_by_hand_is_for_the_owner_and_arbitrators(web: Any, club: Path) -> None:
    """``member xp`` on the web (issue #20): ``fix-results``, not a player's own gang."""
    token = log_in(web)
    body, headers = {"member": "Virgil Earp", "amount": 2}, {"X-CSRF-Token": token}
    assert web.post(api(action="xp"), json=body, headers=headers).status_code == 403
    assert f'href="{page(action="xp")}"' not in web.get(page()).text
    cli(club, "campaign", "role", "Doc", "arbitrator", "--campaign", CAMPAIGN)
    token = log_in(web, "Doc")
    answer = web.post(api(action="xp"), json=body, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200 and answer.json()["entry"]["xp_after"] == 3
