"""Every read-only page of the web app (issue #11) on the demo campaign: 200 with the right
content in both languages, the language from the browser or the switch, 404s that name the
nearest names, the roster PDF, and no internal id anywhere."""

from __future__ import annotations

import io
import re
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, GANG, MODEL = "Tombstone 1881", "Earp brothers", "Wyatt Earp"
C, G, M = quote(CAMPAIGN), quote(GANG), quote(MODEL)

#: Each page and words it must show, in English and in Italian.
PAGES: list[tuple[str, list[str], list[str]]] = [
    ("/", ["Campaigns", CAMPAIGN, GANG, "Apache scouts"], ["Campagne", CAMPAIGN, "4 bande"]),
    (
        f"/c/{C}",
        [
            "Standings",
            "Campaign log",
            "Graveyard",
            "Nobody has died yet.",
            "House rules",
            GANG,
            "Geronimo gains Warrior (Tomahawk) for 3 XP",
            "No games yet.",
        ],
        [
            "Classifica",
            "Registro della campagna",
            "Cimitero",
            "Nessun morto.",
            "Regole della casa",
            "Ancora nessuna partita.",
            GANG,
        ],
    ),  # fmt: skip
    (
        f"/c/{C}/g/{G}",
        [
            GANG,
            "Lawmen",
            "13$",
            "422$",
            "Six-shooter",
            "Gunslinger",
            "Lame",
            "Mule",
            MODEL,
            "Doc Holliday",
            "Stash",
            "empty",
            "Roster PDF",
        ],
        [GANG, "Sei colpi", "Pistolero", "Sciancato", "Mulo", "Deposito", "vuoto", "Cassa"],
    ),  # fmt: skip
    (
        f"/c/{C}/g/{G}/m/{M}",
        [
            MODEL,
            "Sheriff of Earp brothers",
            "Advances",
            "Gunslinger for 3 XP",
            "Has not played a game yet.",
            "No injuries.",
        ],
        [MODEL, "Avanzamenti", "Pistolero per 3 PE", "Non ha ancora giocato una partita."],
    ),  # fmt: skip
    ("/scenarios", ["Scenarios", "Bank robbery", "§10"], ["Scenari", "Rapina in banca"]),
    (
        "/scenarios/rapina-in-banca",
        ["Bank robbery", "Deployment", "Victory"],
        ["Rapina in banca", "Schieramento", "Condizioni di vittoria"],
    ),
    ("/rules", ["Rules", "Six-shooter", "Weapons", "Skills"], ["Regole", "Sei colpi", "Armi"]),
    (
        "/rules?q=sei%20colpi",
        ["Weapon", "Six-shooter", "In Italian: Sei colpi", "Range 6/12 · shots 1/6", "6$"],
        ["Arma", "Sei colpi", "In inglese: Six-shooter", "Gittata 6/12 · colpi 1/6"],
    ),
    ("/rules?q=volontario", ["Profile", "TIRO 2"], ["Profilo", "TIRO 2"]),
]

#: Ids the store and the data use, never shown (the book's names are).
IDS = ("six-shooter", "small-pistol", "lawmen-volunteer", "pistolero", "bank-robbery", "lame")


def _text(html: str) -> str:
    """The page without its tags and attributes (links carry names, not ids)."""
    return re.sub(r"<[^>]*>", " ", html)


@pytest.mark.parametrize(("url", "english", "italian"), PAGES, ids=[p[0] for p in PAGES])
def test_each_page_in_english_and_italian(
    client: Any, url: str, english: list[str], italian: list[str]
) -> None:
    for lang, expected in (("en", english), ("it", italian)):
        response = client.get(url, headers={"Accept-Language": lang})
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/html")
        assert f'<html lang="{lang}">' in response.text
        missing = [word for word in expected if word not in response.text]
        assert not missing, (lang, missing)
        shown = _text(response.text)
        if lang == "en":  # Italian text says "pistolero", the skill's own name
            assert not [i for i in IDS if i in shown], [i for i in IDS if i in shown]


def test_every_page_is_phone_ready_and_loads_the_vendored_htmx(client: Any) -> None:
    for url, _, _ in PAGES:
        html = client.get(url).text
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
        assert '<script src="/static/htmx-2.0.4.min.js" defer></script>' in html
    script = client.get("/static/htmx-2.0.4.min.js")
    assert script.status_code == 200 and "htmx" in script.text
    assert "Zero-Clause BSD" in client.get("/static/htmx-LICENSE.txt").text
    css = client.get("/static/site.css")
    assert css.status_code == 200 and "@media (min-width:" in css.text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("en-GB,en;q=0.9,it;q=0.8", "en"),
        ("fr-FR,fr;q=0.9,it;q=0.5,en;q=0.4", "it"),
        ("de, en;q=0.2", "en"),
        ("", "en"),
        ("it;q=0", "en"),
        ("it;q=nonsense,en", "en"),
    ],
)
def test_the_language_follows_the_browser(client: Any, header: str, lang: str) -> None:
    assert f'<html lang="{lang}">' in client.get("/", headers={"Accept-Language": header}).text


def test_the_switch_is_remembered_in_a_cookie(client: Any) -> None:
    english = {"Accept-Language": "en"}
    first = client.get("/scenarios?lang=it", headers=english)
    assert '<html lang="it">' in first.text
    cookie = first.headers["set-cookie"]
    assert "lang=it" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert '<html lang="it">' in client.get("/scenarios", headers=english).text
    assert '<html lang="en">' in client.get("/scenarios?lang=en", headers=english).text
    # the switch links to the same page in the other language, on this server
    assert 'href="/scenarios?lang=it"' in client.get("/scenarios", headers=english).text
    assert '<html lang="en">' in client.get("/?lang=xx", headers=english).text


@pytest.mark.parametrize(
    ("sort", "first"),
    [
        ("rating", "Lazy K Ranch"),  # 446$
        ("treasury", "Clanton gang"),  # 21$
        ("place", "Lazy K Ranch"),
        ("nonsense", "Lazy K Ranch"),  # an unknown key keeps the standings' order
    ],
)
def test_the_standings_sort(client: Any, sort: str, first: str) -> None:
    html = client.get(f"/c/{C}?sort={sort}").text
    table = html[html.index('<table class="standings">') :]
    rows = re.findall(r'<td><a href="/c/[^"]+/g/[^"]+">([^<]+)</a>', table)
    assert rows[0] == first, rows
    assert len(rows) == 4


def test_the_standings_by_treasury_are_in_descending_order(client: Any) -> None:
    html = client.get(f"/c/{C}?sort=treasury").text
    table = html[html.index('<table class="standings">') : html.index("</table>")]
    money = [int(m) for m in re.findall(r'<td class="num wide">(\d+)\$</td>', table)]
    assert money == sorted(money, reverse=True) and money[0] == 21


@pytest.mark.parametrize(
    ("url", "english", "italian", "link"),
    [
        ("/c/Tombstne", "unknown campaign &#39;Tombstne&#39;", "Tombstne", f"/c/{C}"),
        (f"/c/{C}/g/Erps", "unknown gang &#39;Erps&#39;", "Erps", f"/c/{C}/g/{G}"),
        (f"/c/{C}/g/{G}/m/Wytt%20Earp", "Wytt Earp", "Wytt Earp", f"/c/{C}/g/{G}/m/{M}"),
        (f"/c/{C}/g/Erps/roster.pdf", "unknown gang", "Erps", f"/c/{C}/g/{G}"),
        ("/scenarios/rapinna", "no scenario called &#39;rapinna&#39;", "nessuno scenario",
         "/scenarios/bank-robbery"),
    ],
)  # fmt: skip
def test_unknown_names_are_a_404_page_with_the_nearest(
    client: Any, url: str, english: str, italian: str, link: str
) -> None:
    for lang, said in (("en", english), ("it", italian)):
        response = client.get(url, headers={"Accept-Language": lang})
        assert response.status_code == 404
        assert said in response.text
        assert f'<a href="{link}">' in response.text
    assert "Forse cercavi:" in client.get(url, headers={"Accept-Language": "it"}).text


def test_a_rules_search_that_finds_nothing_suggests_by_name(client: Any) -> None:
    html = client.get("/rules?q=winchestr").text
    assert "Nothing in the rules is called &#39;winchestr&#39;." in html
    assert '<a href="/rules?q=Repeating%20rifle">Repeating rifle</a>' in html
    italian = client.get("/rules?q=winchestr&lang=it").text
    assert "Nelle regole non c&#39;è nulla che si chiami" in italian


def test_the_roster_pdf_is_the_printed_sheet(client: Any) -> None:
    from pypdf import PdfReader

    for lang, word in (("en", "Six-shooter"), ("it", "Sei colpi")):
        response = client.get(f"/c/{C}/g/{G}/roster.pdf?lang={lang}")
        assert response.status_code == 200
        assert response.headers["content-type"] == "application/pdf"
        assert response.content.startswith(b"%PDF-")
        assert "filename*=UTF-8''Earp%20brothers.pdf" in response.headers["content-disposition"]
        text = "".join(
            page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages
        )
        assert GANG in text and word in text


def test_the_pages_change_nothing(client: Any, demo: Any) -> None:
    """Each request is one read-only transaction: the database file is the same after."""
    before = demo.read_bytes()
    for url, _, _ in PAGES:
        client.get(url)
    client.get(f"/c/{C}/g/{G}/roster.pdf")
    assert demo.read_bytes() == before


def test_a_missing_store_is_refused_before_serving(tmp_path: Any) -> None:
    from skirmish.errors import SkirmishError
    from skirmish.web.app import create_app

    with pytest.raises(SkirmishError, match="there is no database"):
        create_app(str(tmp_path / "none.db"))
    assert not (tmp_path / "none.db").exists()


def test_without_db_the_app_takes_skirmish_db(demo: Any, monkeypatch: Any) -> None:
    """``uvicorn skirmish.web.app:create_app --factory`` (docs/web.md) finds the store as
    ``--db`` does."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    monkeypatch.setenv("SKIRMISH_DB", str(demo))
    assert CAMPAIGN in TestClient(create_app()).get("/").text


@pytest.fixture
def played(demo: Any) -> Any:
    """The demo copy after one game of Bank robbery, won by the Earps, post-game not yet done."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    runner = CliRunner()
    for args in (
        ["game", "start", "bank-robbery", GANG, "Clanton gang"],
        ["game", "turn"],
        ["game", "end", "--winner", GANG],
    ):
        result = runner.invoke(app, [*args, "--db", str(demo)], env={"SKIRMISH_LANG": ""})
        assert result.exit_code == 0, result.output
    return demo


def test_a_played_game_on_every_page(played: Any, cli_json: Any) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    client = TestClient(create_app(str(played)))
    english = client.get(f"/c/{C}", headers={"Accept-Language": "en"}).text
    assert "Game 1: Bank robbery" in english
    assert "Earp brothers vs Clanton gang · ended · winner: Earp brothers" in english
    assert "post-game still owed by Earp brothers, Clanton gang" in english
    italian = client.get(f"/c/{C}?lang=it").text
    assert (
        "Partita 1: Rapina in banca" in italian and "Earp brothers contro Clanton gang" in italian
    )
    assert "vincitore: Earp brothers" in italian
    gang = client.get(f"/c/{C}/g/{G}?lang=en").text  # the cookie now says Italian
    assert "This gang still owes the post-game of game 1 (Bank robbery)." in gang
    model = client.get(f"/c/{C}/g/{G}/m/{M}").text
    assert "Game 1, Bank robbery: win" in model
    # sorted by wins, the winner leads
    table = client.get(f"/c/{C}?sort=wins").text
    table = table[table.index('<table class="standings">') :]
    assert re.findall(r'<td><a href="/c/[^"]+/g/[^"]+">([^<]+)</a>', table)[0] == GANG
    for url, command in (
        (f"/api/v1/campaigns/{C}/games", ["game", "list", "--campaign", CAMPAIGN]),
        (f"/api/v1/campaigns/{C}/standings", ["campaign", "standings", "--campaign", CAMPAIGN]),
        (
            f"/api/v1/campaigns/{C}/gangs/{G}/models/{M}",
            ["member", "history", GANG, MODEL, "--campaign", CAMPAIGN],
        ),
    ):
        assert client.get(url).json() == cli_json(*command)
