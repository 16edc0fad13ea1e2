"""``skirmish print cards``: from a database made with the CLI, HTML and PDF, blank cards,
backs, the QR code when the campaign has a web address, and one-line errors in both
languages."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Two campaigns made through the CLI: Deadwood (no web address) with the Earps, hired
    commons first, and a gang with a nasty name; Tombstone with a web address."""
    db = str(tmp_path_factory.mktemp("cards-store") / "campaign.db")
    _run("campaign", "new", "Deadwood", "--db", db)
    _run("gang", "new", "Earps", "--faction", "lawmen", "--db", db)
    _run("gang", "hire", "Earps", "guardia", "--name", "Morgan Earp", "--db", db)
    _run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp", "--db", db)
    _run("gang", "hire", "Earps", "vicesceriffo", "--name", "Virgil Earp", "--db", db)
    _run("gang", "buy", "Earps", "fucile a ripetizione", "--for", "Wyatt Earp", "--db", db)
    _run("gang", "new", "<b>Tom & Jerry</b>", "--faction", "outlaws", "--db", db)
    _run("gang", "hire", "<b>Tom & Jerry</b>", "boss", "--name", "Jesse James", "--db", db)
    _run("campaign", "new", "Tombstone", "--db", db)
    _run("gang", "new", "Clantons", "--faction", "outlaws", "--campaign", "Tombstone", "--db", db)
    _run("gang", "hire", "Clantons", "boss", "--name", "Ike Clanton", "--campaign", "Tombstone",
         "--db", db)  # fmt: skip
    _run("campaign", "address", "https://saloon.example.org/", "--campaign", "Tombstone",
         "--db", db)  # fmt: skip
    return db


def test_cards_as_html_leader_first_escaped(store: str, tmp_path: Path) -> None:
    target = tmp_path / "earps.html"
    where = ("--campaign", "Deadwood", "--db", store)
    out = _run("print", "cards", "Earps", *where, "-o", str(target))
    assert out.strip() == f"Wrote {target} (HTML)."
    html = target.read_text(encoding="utf-8")
    assert html.index("Wyatt Earp") < html.index("Virgil Earp") < html.index("Morgan Earp")
    assert "Gittata" in html and "Fucile a ripetizione" in html  # Italian by default
    assert 'class="qr"' not in html  # Deadwood has no web address
    tom = tmp_path / "tom.html"
    _run("print", "cards", "<b>Tom & Jerry</b>", "--lang", "en", "--campaign", "Deadwood",
         "--db", store, "-o", str(tom))  # fmt: skip
    text = tom.read_text(encoding="utf-8")
    assert "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;" in text and "<b>Tom" not in text
    assert "Range" in text and "Jesse James" in text


def test_a_campaign_with_a_web_address_puts_a_qr_code_on_every_card(
    store: str, tmp_path: Path
) -> None:
    target = tmp_path / "clantons.html"
    _run("print", "cards", "Clantons", "--blank", "1", "--campaign", "Tombstone", "--db", store,
         "-o", str(target))  # fmt: skip
    html = target.read_text(encoding="utf-8")
    assert html.count('class="qr"') == 1  # Ike's card; the blank one has none
    assert "La banda Clantons sul sito della campagna" in html


@pytest.mark.slow
def test_cards_pdf_with_backs_and_blanks(store: str, tmp_path: Path) -> None:
    target = tmp_path / "earps.pdf"
    out = _run("print", "cards", "Earps", "--blank", "7", "--back", "--campaign", "Deadwood",
               "--db", store, "-o", str(target))  # fmt: skip
    assert out.strip() == f"Wrote {target} (4 pages)."  # 3 + 7 cards: two pages, each with backs
    reader = pypdf.PdfReader(target)
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Wyatt Earp" in first and "Morgan Earp" in first and "TIRO FRED RIF" in first
    back = " ".join(reader.pages[1].extract_text().split())
    assert "Per qualche dado in più" in back and "Earps" in back and "Wyatt" not in back
    blank = tmp_path / "blank.pdf"
    assert _run("print", "cards", "--blank", "9", "-o", str(blank)).strip().endswith("(1 page).")


def _error(*args: str, lang: str = "en") -> str:
    result = runner.invoke(app, list(args), env={"SKIRMISH_LANG": lang})
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    prefix = "Errore: " if lang == "it" else "Error: "  # issue #21, item 6
    assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
    return lines[0]


def test_an_unknown_gang_names_the_nearest(store: str, tmp_path: Path) -> None:
    args = ("print", "cards", "Erps", "--campaign", "Deadwood", "--db", store, "-o",
            str(tmp_path / "x.pdf"))  # fmt: skip
    english = _error(*args)
    assert "Erps" in english and "Earps" in english
    italian = _error(*args, lang="it")
    assert "Erps" in italian and "Earps" in italian and italian != english
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    ("args", "english", "italian"),
    [
        ((), "Error: nothing to print: name a gang, or ask for empty cards with --blank N",
         "Errore: niente da stampare: indica una banda"),
        (("--blank", "55"), "Error: --blank 55 is out of range: give 1 to 54 empty cards",
         "Errore: --blank 55 è fuori intervallo: chiedi da 1 a 54 carte vuote"),
        (("Earps", "--blank", "-2"), "Error: --blank -2 is out of range: give 0 to 54",
         "Errore: --blank -2 è fuori intervallo: chiedi da 0 a 54"),
    ],
)  # fmt: skip
def test_blank_errors_in_both_languages(
    tmp_path: Path, args: tuple[str, ...], english: str, italian: str
) -> None:
    target = str(tmp_path / "cards.pdf")
    assert _error("print", "cards", *args, "-o", target).startswith(english)
    assert _error("print", "cards", *args, "-o", target, lang="it").startswith(italian)


def test_a_wrong_suffix_is_refused_before_the_store_is_opened(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere" / "none.db")
    line = _error("print", "cards", "Earps", "--db", missing, "-o", str(tmp_path / "c.png"))
    assert "cannot tell what to write to" in line


def test_help_has_an_example() -> None:
    result = runner.invoke(app, ["print", "cards", "--help"])
    assert result.exit_code == 0
    assert "Example: skirmish print cards" in result.output


def test_models_reprints_some_cards_with_their_own_index(store: str, tmp_path: Path) -> None:
    target = tmp_path / "some.html"
    _run("print", "cards", "Earps", "--models", "morgan earp", "--campaign", "Deadwood",
         "--db", store, "-o", str(target))  # fmt: skip
    html = target.read_text(encoding="utf-8")
    assert "Morgan Earp" in html and "Wyatt Earp" not in html
    assert 'class="ac-rank">Q<' in html  # third of the gang: leader A, hero K, then him
    line = _error("print", "cards", "Earps", "--models", "Morgn", "--campaign", "Deadwood",
                  "--db", store, "-o", str(target))  # fmt: skip
    assert "'Morgn'" in line and "Morgan Earp" in line
    line = _error("print", "cards", "--models", "Morgan Earp", "--blank", "1", "-o", str(target))
    assert "name the gang too" in line
