"""The campaign book (issue #13): the results of every finished game, the graveyard, standings
with eliminations, losses and retreats, all from the store; page numbers that run across the
book's sheets; an empty campaign; the web's PDF the CLI's.

One campaign is built once with the CLI (``tests/games/harness``) and played twice:

- game 1, Bank robbery: Earps (good) beat Clantons (bad); Wyatt eliminates Frank, who dies in
  the Clantons' post-game (recovery 1, R-10);
- game 2, Duel: Earps (good) against Hunters (bad); Virgil eliminates Kid, then the Hunters
  retreat by choice (R-09): the Earps win. No post-game yet: Kid is not dead.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pypdf
import pytest
from print_fixtures import GOLDEN, REGEN
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.cli.store_options import session
from skirmish.i18n import Lang
from skirmish.printing.book import day_of
from skirmish.printing.book_press import book_pdf
from skirmish.printing.build import campaign_view
from skirmish.printing.pdf import Press
from skirmish.printing.render import render_campaign, render_campaign_sheets
from skirmish.printing.sheets import campaign_sheet
from skirmish.printing.views import (
    CampaignView,
    FallenLine,
    GameLine,
    HouseRuleLine,
    SideLine,
    Standing,
)
from tests.games.harness import Cli, build_base, fresh, register_views

runner = CliRunner()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_views()
    return build_base(tmp_path_factory.mktemp("book-base"))


@pytest.fixture(scope="module")
def played(base: Path, tmp_path_factory: pytest.TempPathFactory) -> Cli:
    cli = fresh(base, tmp_path_factory.mktemp("book-played"))
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "end", "--winner", "Earps")
    cli.run("game", "postgame", "Clantons", "--dice", "1,3")  # Frank: recovery 1, dead
    cli.run("game", "postgame", "Earps", "--dice", "3")
    cli.run("game", "start", "duel", "Hunters", "Earps")
    cli.run("game", "turn")
    cli.run("game", "eliminate", "Kid", "--by", "Virgil")
    cli.run("game", "retreat", "Hunters", "--dice", "4")
    return cli


def book(cli: Cli, lang: Lang) -> CampaignView:
    with session(str(cli.db), access="read") as s:
        from skirmish.campaign import lookup

        return campaign_sheet(s, lookup.current_campaign(s, None), lang)


# ------------------------------------------------------------------------ the view


def test_each_finished_game_is_listed_with_its_winner(played: Cli) -> None:
    view = book(played, Lang.EN)
    listed = played.json("game", "list")
    assert [g.number for g in view.games] == [g["game"] for g in listed] == [1, 2]
    first, second = view.games
    assert (first.scenario, first.outcome, first.turns) == ("Bank robbery", "Earps wins", 1)
    assert first.sides == (
        SideLine("Earps", "good", "win", 3, ()),
        SideLine("Clantons", "bad", "loss", 3, ("Frank (by Wyatt, turn 1)",)),
    )
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}", first.date)
    assert (second.scenario, second.outcome) == ("Duel", "Earps wins")
    earps, hunters = second.sides  # lawmen are always the good side
    assert (hunters.gang, hunters.side, hunters.result) == ("Hunters", "bad", "retreat")
    assert hunters.lost == ("Kid (by Virgil, turn 1)",)
    assert hunters.retreat == "retreats by choice (R-09), turn 1"
    assert (earps.result, earps.retreat, earps.lost) == ("win", "", ())
    assert second.reason == "bad side retreated"
    italian = book(played, Lang.IT).games
    assert (italian[0].scenario, italian[0].outcome) == ("Rapina in banca", "vince Earps")
    assert italian[1].sides[1].result == "ritirata"
    assert italian[1].sides[1].retreat == "si ritira per scelta (R-09), turno 1"
    assert italian[0].sides[1].lost == ("Frank (da Wyatt, turno 1)",)
    assert re.fullmatch(r"\d{1,2} [a-z]{3} \d{4}", italian[0].date)  # "29 nov 2026"


def test_the_graveyard_lists_the_dead_only(played: Cli) -> None:
    view = book(played, Lang.EN)
    stored = played.json("campaign", "graveyard")
    assert [d["name"] for d in stored] == ["Frank"]  # Kid fell, but has not rolled recovery
    assert view.graveyard == (
        FallenLine("Frank", "Thug", "Clantons", "1, Bank robbery", view.games[0].date, "Wyatt"),
    )
    (frank,) = book(played, Lang.IT).graveyard
    assert (frank.profile, frank.game) == ("Delinquente", "1, Rapina in banca")


def test_the_standings_have_the_stores_eliminations_losses_and_retreats(played: Cli) -> None:
    stored = {row["gang"]: row for row in played.json("campaign", "standings")}
    view = book(played, Lang.EN)
    assert [s.gang for s in view.standings] == ["Earps", "Clantons", "Hunters"]
    for line in view.standings:
        row = stored[line.gang]
        assert (line.played, line.won, line.drawn, line.lost, line.points, line.rating) == (
            row["games"], row["wins"], row["draws"], row["losses"], row["points"], row["rating"]
        )  # fmt: skip
        assert (line.eliminations, line.casualties, line.retreats) == (
            row["eliminations"], row["casualties"], row["retreats"]
        )  # fmt: skip
    numbers = {s.gang: (s.eliminations, s.casualties, s.retreats) for s in view.standings}
    assert numbers == {"Earps": (2, 0, 0), "Clantons": (0, 1, 0), "Hunters": (0, 1, 1)}


def test_an_empty_campaign_says_no_game_yet_and_has_no_graveyard(
    base: Path, tmp_path: Path
) -> None:
    cli = fresh(base, tmp_path)
    for lang, no_games, graveyard in (
        (Lang.EN, "No game finished yet.", "The graveyard"),
        (Lang.IT, "Nessuna partita conclusa finora.", "Il cimitero"),
    ):
        view = book(cli, lang)
        assert view.games == () and view.graveyard == ()
        assert {(s.eliminations, s.casualties, s.retreats) for s in view.standings} == {(0, 0, 0)}
        first = render_campaign_sheets(view, lang)[0]
        assert first.count(no_games) == 1 and graveyard not in first
        assert 'class="book-games"' not in first


def test_games_with_no_dead_say_so(base: Path, tmp_path: Path) -> None:
    cli = fresh(base, tmp_path)
    cli.run("game", "start", "duel", "Earps", "Hunters")
    cli.run("game", "end", "--draw")
    view = book(cli, Lang.EN)
    assert [(g.outcome, [s.result for s in g.sides]) for g in view.games] == [
        ("draw", ["draw", "draw"])
    ]
    first = render_campaign_sheets(view, Lang.EN)[0]
    assert "The graveyard" in first and "Nobody has died yet." in first


def test_a_hand_made_campaign_does_not_invent_numbers(lawmen: dict[str, Any]) -> None:
    """Without the store's standings nothing is known of eliminations, losses or retreats:
    the columns print a dash, not a zero."""
    view = campaign_view("Deadwood", [lawmen], Lang.EN)
    (line,) = view.standings
    assert (line.eliminations, line.casualties, line.retreats) == (None, None, None)
    row = re.search(r"<tr><td class=\"num\">1</td>.*?</tr>", render_campaign_sheets(view)[0])
    assert row is not None and row.group(0).count(">–<") == 7  # won … casualties


def test_days_as_players_write_them() -> None:
    assert day_of("2026-11-26T18:40:00Z", Lang.IT) == "26 nov 2026"
    assert day_of("2026-11-06T18:40:00Z", Lang.EN) == "6 Nov 2026"
    assert day_of(None, Lang.EN) == day_of("soon", Lang.IT) == ""
    assert day_of("2026-13-01T00:00:00Z", Lang.EN) == ""


# ------------------------------------------------------------------------ the HTML

#: A hand-made book: every section, user text with markup in it.
HAND_MADE = CampaignView(
    name="<i>Deadwood</i>",
    gangs=(),
    standings=(
        Standing("<b>Earps</b>", "Lawmen", 2, 2, 0, 0, 6, 423, 75, 9, 3, 2, 0, 0),
        Standing("Clantons", "Outlaws", 2, 0, 0, 2, 0, 349, 59, 4, 2, 0, 2, 1),
    ),
    house_rules=(HouseRuleLine("H-01", "winner +50$, loser +20$"),),
    games=(
        GameLine(
            number=1,
            date="26/11/2026",
            scenario="Rapina in banca",
            turns=4,
            outcome="vince <b>Earps</b>",
            reason="i cattivi si sono ritirati",
            sides=(
                SideLine("<b>Earps</b>", "buoni", "vittoria", 3, ()),
                SideLine(
                    "Clantons",
                    "cattivi",
                    "ritirata",
                    3,
                    ("Frank (da Wyatt, turno 2)", "<Billy>"),
                    "si ritira per scelta (R-09), turno 3",
                ),
            ),
        ),
    ),
    graveyard=(
        FallenLine("Frank", "Delinquente", "Clantons", "1, Rapina in banca", "26/11/2026", "Wyatt"),
    ),
)


def test_user_text_in_the_book_is_escaped() -> None:
    html = render_campaign(HAND_MADE, Lang.IT)
    assert "<b>Earps</b>" not in html and "<Billy>" not in html and "<i>Deadwood" not in html
    assert "&lt;b&gt;Earps&lt;/b&gt;" in html and "&lt;Billy&gt;" in html


@pytest.mark.parametrize("lang", list(Lang))
def test_the_books_first_sheet_matches_its_golden_file(lang: Lang) -> None:
    html = render_campaign_sheets(HAND_MADE, lang)[0]
    path = GOLDEN / f"book.{lang}.html"
    if REGEN:
        path.write_text(html, encoding="utf-8")
    assert html == path.read_text(encoding="utf-8"), "see docs/printing.md to regenerate"


# ------------------------------------------------------------------------ the PDF


def _footers(pdf: bytes) -> list[str]:
    """Each page's page number as printed in its footer ("3 / 7")."""
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    found = []
    for page in pages:
        numbers = re.findall(r"(\d+) / (\d+)\s*$", page.extract_text().strip())
        found.append(" / ".join(numbers[-1]) if numbers else "")
    return found


@pytest.mark.slow
def test_the_book_pdf_numbers_its_pages_across_its_sheets(played: Cli, tmp_path: Path) -> None:
    target = tmp_path / "book.pdf"
    result = runner.invoke(app, ["print", "campaign", "--db", str(played.db), "-o", str(target)])
    assert result.exit_code == 0, result.output
    pdf = target.read_bytes()
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    total = len(pages)
    assert total >= 4  # the book's first sheet, then three gangs
    assert _footers(pdf) == [f"{n} / {total}" for n in range(1, total + 1)]
    text = "\n".join(page.extract_text() for page in pages)
    for words in ("Risultati delle partite", "Rapina in banca", "Duello", "vince Earps",
                  "Il cimitero", "Frank (da Wyatt, turno 1)", "Perdite", "Ritir."):  # fmt: skip
        assert words in text, words
    # the web app's Press lays the same sheets out to the same bytes (in one process, as the
    # command line's book is joined: issue #23) and to the same pages as one document
    view = book(played, Lang.IT)
    sheets = render_campaign_sheets(view, Lang.IT)
    assert Press().pdf(sheets, book_pdf, "book") == pdf
    alone = pypdf.PdfReader(io.BytesIO(Press().pdf(sheets)))
    assert [page.extract_text() for page in alone.pages] == [p.extract_text() for p in pages]


@pytest.mark.slow
def test_a_single_sheet_keeps_its_own_numbers(tmp_path: Path) -> None:
    """One sheet is laid out as before: its own footers, nothing numbered again."""
    from skirmish.printing.pdf import write_pdf_sheets

    target = tmp_path / "one.pdf"
    pages = write_pdf_sheets(render_campaign_sheets(HAND_MADE, Lang.EN)[:1], target)
    assert _footers(target.read_bytes()) == [f"{n} / {pages}" for n in range(1, pages + 1)]


@pytest.mark.slow
def test_a_sheet_without_a_folio_gets_none_and_still_counts(tmp_path: Path) -> None:
    """Pages are numbered as the book's pages: one whose own CSS prints no page number (a card
    sheet, say) gets none, and still counts."""
    from skirmish.printing.pdf import write_pdf_sheets

    plain = "<!DOCTYPE html><html><body><h1>{}</h1></body></html>"
    bare = "<style>@page {{ @bottom-right {{ content: none }} }}</style>" + plain
    sheets = [plain.format("One"), bare.format("Two"), plain.format("Three")]
    assert write_pdf_sheets(sheets, tmp_path / "three.pdf") == 3
    assert _footers((tmp_path / "three.pdf").read_bytes()) == ["1 / 3", "", "3 / 3"]
