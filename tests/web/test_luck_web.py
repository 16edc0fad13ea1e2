"""The luck ledger's web pages (issue #14, ``skirmish/web/luck.py``): the campaign's, a gang's
and a game's luck after a played game, each linked from the page it belongs to, in both
languages; the JSON the same as ``skirmish luck --json``; the dice typed in and those rolled
kept apart (``?source=``); the exact chances of the moments; a campaign without games says so;
a hidden campaign's luck is a 404; names with markup are text."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.luck_games import CAMPAIGN, CLANTONS, EARPS, cli, played

C, EARPS_Q = quote(CAMPAIGN, safe=""), quote(EARPS, safe="")
LUCK = f"/c/{C}/luck"
API = f"/api/v1/campaigns/{C}/luck"
MARKUP = '<script>alert(1)</script> & "{{ 7*7 }}"'


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo store after one bank robbery (``luck_games``), shared by the module's reads."""
    return played(tmp_path_factory.mktemp("luck"))


@pytest.fixture(scope="module")
def web(store: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(store))) as client:
        yield client


def cli_json(db: Path, *args: str) -> Any:
    return json.loads(cli(db, "luck", *args, "--campaign", CAMPAIGN, "--json"))


def main_of(html: str) -> str:
    return html[html.index("<main>") : html.index("</main>")]


# ---------------------------------------------------------------------- the JSON


@pytest.mark.parametrize(
    ("query", "args"),
    [("", ()), (f"?gang={EARPS_Q}", (EARPS,)), ("?game=1", ("--game", "1")),
     (f"?gang={quote(CLANTONS)}&game=1", (CLANTONS, "--game", "1"))],
)  # fmt: skip
def test_the_api_gives_the_same_figures_as_the_command_line(
    web: Any, store: Path, query: str, args: tuple[str, ...]
) -> None:
    got = web.get(API + query)
    assert got.status_code == 200 and got.headers["content-type"] == "application/json"
    assert got.json() == cli_json(store, *args)


def test_the_api_refuses_an_unknown_gang_or_game_with_the_nearest(web: Any) -> None:
    gang = web.get(API + "?gang=Earp%20brothrs")
    assert gang.status_code == 404 and EARPS in gang.json()["nearest"]
    game = web.get(API + "?game=7")
    assert game.status_code == 404 and "7" in game.json()["error"]
    assert web.get(API + "?game=x").status_code == 404


# ---------------------------------------------------------------------- the pages


def test_the_campaign_page_links_its_luck_and_the_luck_reads_as_the_ledger(
    web: Any, store: Path
) -> None:
    campaign = web.get(f"/c/{C}?lang=en").text
    assert f'href="{LUCK}"' in campaign
    page = web.get(LUCK + "?lang=en")
    assert page.status_code == 200
    text = main_of(page.text)
    data = cli_json(store)
    overall = data["overall"]
    assert "<h1>Luck ledger</h1>" in text
    # the sources side by side: every die, then the typed-in and the rolled, with their figures
    for key, words in (("table", "Typed in at the table"), ("random", "Rolled by skirmish")):
        figures = overall["by_source"][key]
        shown = f"{figures['mean_percentile']:.1f} ± {figures['standard_error']:.1f}"
        assert re.search(rf"<th scope=\"row\">{words}</th>\s*<td class=\"num\">"
                         rf"{figures['rolls']}</td>\s*<td><span class=\"figure\">"
                         rf"{re.escape(shown)}</span>", text)  # fmt: skip
    # by gang, each linked to its own luck page, with its verdict
    for gang in data["gangs"]:
        assert f'href="/c/{C}/g/{quote(gang["name"], safe="")}/luck"' in text
        assert gang["all"]["within_noise"] is True
    assert text.count("within the noise") >= 2
    # the luckiest moment: Ike's panic test of double 1, at exactly 1 in 36
    luckiest = overall["luckiest"][0]
    assert (luckiest["model"], luckiest["purpose"], luckiest["faces"]) == (
        "Ike Clanton", "panic", [1, 1]
    )  # fmt: skip
    assert Fraction(luckiest["as_good"]) == Fraction(1, 36)
    assert "Ike Clanton (Clanton gang): panic test against Wyatt Earp: 1, 1" in text
    assert "a result this good or better: 1 in 36 (2.78%)" in text
    assert "a result this bad or worse: 1 in 36 (2.78%)" in text  # Wyatt's double 6 panic
    assert "No great escape yet." in text
    assert f'href="/c/{C}/games/1/luck"' in text
    assert 'class="chart luck"' in text and 'role="img"' in text


def test_the_same_page_in_italian(web: Any) -> None:
    text = main_of(web.get(LUCK + "?lang=it").text)
    for words in ("Registro della sorte", "Inseriti al tavolo", "Tirati da skirmish",
                  "entro il rumore", "I momenti più fortunati", "Fughe miracolose",
                  "un risultato così buono o migliore: 1 su 36 (2,78%)",
                  "test di panico contro Wyatt Earp: 1, 1", "partita 1, turno 1"):  # fmt: skip
        assert words in text, words
    assert "within the noise" not in text and "Rolled by" not in text


def test_a_gangs_luck_is_model_by_model_and_linked_from_its_page(web: Any, store: Path) -> None:
    from skirmish.web.luck import signed

    gang = web.get(f"/c/{C}/g/{EARPS_Q}?lang=en").text
    assert f'href="/c/{C}/g/{EARPS_Q}/luck"' in gang
    page = main_of(web.get(f"/c/{C}/g/{EARPS_Q}/luck").text)
    assert "Luck ledger: Earp brothers" in page and "By model" in page
    assert "By gang" not in page
    data = cli_json(store, EARPS)
    for model in data["models"]:
        name = quote(model["name"], safe="")
        assert f'href="/c/{C}/g/{EARPS_Q}/m/{name}"' in page
        figures = model["all"]
        assert f"{figures['mean_percentile']:.1f} ± {figures['standard_error']:.1f}" in page
        # the impact in wounds and eliminations, signed, three decimals (Wyatt dealt two
        # wounds where 2/3 were expected: lucky)
        for key in ("impact_wounds", "impact_eliminations"):
            assert signed(Fraction(figures[key]), "en") in page
    wyatt = next(m for m in data["models"] if m["name"] == "Wyatt Earp")
    assert Fraction(wyatt["all"]["impact_wounds"]) > 0


def test_a_games_luck_is_linked_from_the_game_and_has_its_gangs_and_models(web: Any) -> None:
    live = web.get(f"/c/{C}/games/1?lang=en").text
    assert f'href="/c/{C}/games/1/luck"' in live
    page = main_of(web.get(f"/c/{C}/games/1/luck").text)
    assert "Luck ledger: game 1" in page
    assert "By gang" in page and "By model" in page
    assert f'<a href="/c/{C}/games/1">Game 1</a>' in page
    missing = web.get(f"/c/{C}/games/9/luck")
    assert missing.status_code == 404 and f'href="/c/{C}/games"' in missing.text


def test_one_source_of_dice_at_a_time(web: Any, store: Path) -> None:
    typed = main_of(web.get(LUCK + "?source=table&lang=en").text)
    assert 'aria-current="true">Typed in at the table</a>' in typed
    moments = re.findall(
        rf'<span class="meta"><a href="/c/{C}/games/1">game 1, turn \d+</a> · ([^<]+)</span>',
        typed,
    )
    assert moments and set(moments) == {"Typed in at the table"}
    data = cli_json(store)
    table = {g["name"]: g["by_source"].get("table") for g in data["gangs"]}
    for gang, figures in table.items():
        if figures is not None:
            shown = f"{figures['mean_percentile']:.1f} ± {figures['standard_error']:.1f}"
            assert shown in typed, gang
    bad = web.get(LUCK + "?source=loaded&lang=en")
    assert bad.status_code == 400
    assert "'loaded' is not a way the dice came: all, table, random, mixed, unknown." in (
        html.unescape(bad.text)
    )


def test_before_any_game_the_rolls_between_games_are_the_luck(client: Any, demo: Path) -> None:
    """The demo campaign has played no game, but its gangs rolled for what they bought (R-12):
    those rolls are its luck, listed apart as the rolls between games, and the same as
    ``skirmish luck --json``."""
    data = client.get(API).json()
    assert data == cli_json(demo)
    assert data["moments"] == [] and data["between_games"]
    assert data["overall"]["all"]["rolls"] == len(data["between_games"])
    mule = next(m for m in data["between_games"] if m["item"] == "mule")
    assert (mule["gang"], mule["faces"], mule["passed"]) == (EARPS, [1], False)
    english = main_of(client.get(f"{LUCK}?lang=en").text)
    assert "<h2>Between games</h2>" in english
    n = len(data["between_games"])
    assert f"<summary>Every roll between games ({n})</summary>" in english  # folded away
    assert (
        '<span class="what">Earp brothers: availability roll 1 for Mule (DISP 2): not found'
        '</span> <span class="chance">a result this bad or worse: 1 in 6 (16.67%)</span>'
    ) in english
    assert "before the gang&#39;s first game" in english
    italian = main_of(client.get(f"{LUCK}?lang=it").text)
    assert "Tra una partita e l'altra" in html.unescape(italian)
    assert "Earp brothers: disponibilità 1 per Mulo (DISP 2): non trovato" in italian


def test_a_campaign_where_no_die_was_rolled_says_so(demo: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    cli(demo, "campaign", "new", "Dodge City")
    with TestClient(create_app(str(demo))) as web:
        for lang, words in (("en", "No dice logged yet"), ("it", "Ancora nessun dado registrato")):
            page = web.get(f"/c/Dodge%20City/luck?lang={lang}")
            assert page.status_code == 200 and words in page.text
            assert 'class="chart' not in page.text
        data = web.get("/api/v1/campaigns/Dodge%20City/luck").json()
        assert data["moments"] == [] and data["overall"]["all"]["rolls"] == 0


def test_a_hidden_campaigns_luck_is_a_404(demo: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin="polvere e piombo\n")
    with TestClient(create_app(str(demo))) as visitor:
        for address in (LUCK, f"/c/{C}/g/{EARPS_Q}/luck", f"/c/{C}/games/1/luck", API):
            answer = visitor.get(address)
            assert answer.status_code == 404, address
            assert f'<a href="/c/{C}">' not in answer.text  # not suggested either


def test_a_public_campaigns_luck_is_for_everyone_and_by_player(tmp_path: Path) -> None:
    """With accounts, a public campaign's luck is read by a visitor who is not logged in, and
    a gang's owner account is its player: the campaign's luck has a row per player."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = played(tmp_path)
    cli(db, "user", "add", "Wyatt", "--password-stdin", stdin="polvere e piombo\n")
    cli(db, "gang", "owner", EARPS, "Wyatt", "--campaign", CAMPAIGN)
    cli(db, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    with TestClient(create_app(str(db))) as visitor:
        page = main_of(visitor.get(LUCK + "?lang=en").text)
        players = page[page.index('<section id="luck-players">') :]
        players = players[: players.index("</section>")]
        assert "<h2>By player</h2>" in players
        assert '<th scope="row">Wyatt</th>' in players
        data = visitor.get(API).json()
        assert [p["name"] for p in data["players"]] == ["Wyatt"]
        wyatt = data["players"][0]["all"]
        assert f"{wyatt['mean_percentile']:.1f} ± {wyatt['standard_error']:.1f}" in players


def test_names_with_markup_are_text(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = played(tmp_path)
    cli(db, "gang", "rename", EARPS, MARKUP, "--campaign", CAMPAIGN)
    cli(db, "member", "rename", CLANTONS, "Ike Clanton", MARKUP + " Ike", "--campaign", CAMPAIGN)
    with TestClient(create_app(str(db))) as web:
        for address in (LUCK, f"/c/{C}/g/{quote(MARKUP, safe='')}/luck", f"/c/{C}/games/1/luck"):
            page = web.get(address + "?lang=en")
            assert page.status_code == 200, address
            assert "<script>alert" not in page.text, address
            assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;{{ 7*7 }}&#34;" in page.text


# ---------------------------------------------------------------------- the view, alone


def test_a_great_escape_reads_with_its_exact_odds() -> None:
    """A target that survived a shot with a 35/36 chance to eliminate it (built directly: a
    short scripted game rarely gives one)."""
    from skirmish.campaign.luck import Moment, Who, build
    from skirmish.web.luck import ledger_view

    ike = Who("Ike Clanton", 2, CLANTONS, 2, None)
    escape = Moment(
        kind="action", role="target", purpose="shoot", faces=(), percentile=Fraction(3599, 36),
        variance=Fraction(35, 1296) * 10000, as_good=Fraction(1, 36), as_bad=Fraction(1),
        who=ike, opponent="Wyatt Earp", source="table", game_id=3, turn=2, event_id=40,
        wounds=2, expected_wounds=Fraction(3), eliminated=False,
        chance_eliminated=Fraction(35, 36), impact_wounds=Fraction(1),
        impact_eliminations=Fraction(35, 36),
    )  # fmt: skip
    book = build(CAMPAIGN, None, None, (3,), [escape])
    assert book.great_escapes == (escape,)
    english = ledger_view(book, "en")
    (line,) = english["escapes"]
    assert line["what"] == (
        "Ike Clanton (Clanton gang) survived Wyatt Earp's shot, which had a 97.22% chance to "
        "eliminate them (35/36)"
    )
    assert line["where"] == "game 3, turn 2" and line["source"] == "Typed in at the table"
    (italian,) = ledger_view(book, "it")["escapes"]
    assert italian["what"] == (
        "Ike Clanton (Clanton gang) scampa allo sparo di Wyatt Earp, che aveva il 97,22% di "
        "probabilità di eliminazione (35/36)"
    )
    assert ledger_view(book, "en", source="random")["escapes"] == []


def test_a_gangs_own_die_is_the_gangs() -> None:
    """A cohesion test (R-08) is the gang's roll, not a model's: it reads with the gang's name
    alone, and counts for the gang but for no model."""
    from skirmish.campaign.luck import Moment, Who, build
    from skirmish.web.luck import ledger_view, moment_line

    clantons = Who(None, None, CLANTONS, 2, None)
    roll = Moment(
        kind="roll", role="roller", purpose="cohesion", faces=(1, 2),
        percentile=Fraction(1875, 18), variance=Fraction(100), as_good=Fraction(1, 12),
        as_bad=Fraction(1), who=clantons, opponent=None, source="random", game_id=2, turn=4,
        event_id=12,
    )  # fmt: skip
    line = moment_line(roll, "en", good=True)
    assert line["what"] == "Clanton gang: cohesion test: 1, 2"
    assert line["chance"] == "a result this good or better: 1 in 12 (8.33%)"
    assert moment_line(roll, "it", good=True)["what"].startswith("Clanton gang: ")
    view = ledger_view(build(CAMPAIGN, None, 2, (2,), [roll]), "en")
    assert [g["title"] for g in view["groups"]] == ["By gang", "By model"]
    gangs, models = view["groups"]
    assert [r["name"] for r in gangs["rows"]] == [CLANTONS] and models["rows"] == []


def test_an_action_other_than_a_shot_or_a_fight_is_named_by_the_glossary() -> None:
    """The ledger places shots and fights; should it read another kind of action (a blast),
    the page names it by the game's own word for it, never as a shot."""
    from skirmish.campaign.luck import Moment, Who
    from skirmish.web.luck import escape_line, moment_line

    blast = Moment(
        kind="action", role="target", purpose="explosion", faces=(), percentile=Fraction(99),
        variance=Fraction(1), as_good=Fraction(1, 50), as_bad=Fraction(1),
        who=Who("Tom McLaury", 4, CLANTONS, 2, None), opponent="Billy Clanton", source="random",
        game_id=2, turn=3, event_id=77, wounds=0, expected_wounds=Fraction(2),
        eliminated=False, chance_eliminated=Fraction(49, 50),
    )  # fmt: skip
    line = moment_line(blast, "en", good=True)["what"]
    assert line == (
        "Tom McLaury (Clanton gang), explosion by Billy Clanton: 0 wounds, expected 2.000"
    )
    assert "shot" not in escape_line(blast, "en")["what"]
    assert "«esplosione»" in escape_line(blast, "it")["what"]


def test_a_recovery_roll_survived_against_the_odds_is_a_great_escape() -> None:
    """A post-game recovery roll (§6.5) that had a 95% or better chance to kill the model, and
    did not (the ledger's post-game moments carry their log entry, not a game event)."""
    from skirmish.campaign.luck import Moment, Who, build
    from skirmish.web.luck import ledger_view

    frank = Who("Frank McLaury", 3, CLANTONS, 2, None)
    survived = Moment(
        kind="roll", role="roller", purpose="recovery", faces=(6,), percentile=Fraction(1250, 12),
        variance=Fraction(100), as_good=Fraction(1, 6), as_bad=Fraction(1), who=frank,
        opponent=None, source="unknown", game_id=1, turn=3, event_id=0, eliminated=False,
        chance_eliminated=Fraction(5, 6), log_id=66,
    )  # fmt: skip
    sure = Moment(**{**survived.__dict__, "chance_eliminated": Fraction(35, 36)})
    assert not survived.escape and sure.escape  # 5/6 is not at odds of 5% or less
    book = build(CAMPAIGN, None, None, (1,), [], [sure])
    (line,) = ledger_view(book, "en")["escapes"]
    assert line["what"] == (
        "Frank McLaury (Clanton gang) survived the recovery roll, which had a 97.22% chance to "
        "be dead (35/36, R-10)"
    )
    assert line["where"] == "after game 1"
    (italian,) = ledger_view(book, "it")["escapes"]
    assert italian["where"] == "dopo la partita 1" and "tiro di recupero" in italian["what"]
