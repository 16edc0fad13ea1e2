"""Every sheet of ``skirmish print`` as a download of the web app (issue #11): the /print page,
each PDF opening with its pages and its names in the chosen language, byte for byte the CLI's
PDF and HTML, the files named after the book's words, a hidden campaign's sheets a 404, names
with markup printed as text, the cache of finished PDFs (a repeat is not laid out again, a
change is a new PDF), and the other pages answering while a PDF is laid out."""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, GANG = "Tombstone 1881", "Earp brothers"
C, G = quote(CAMPAIGN), quote(GANG)
ACTIVE = ("Earp brothers", "Clanton gang", "Lazy K Ranch", "Apache scouts")


def cli(db: Path, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    rules_only = args[0] == "print" and args[1] in ("blank", "reference", "scenario")
    store = [] if rules_only else ["--db", str(db)]
    result = CliRunner().invoke(app, [*args, *store], input=stdin, env={"SKIRMISH_LANG": "en"})
    assert result.exit_code == 0, (args, result.output)
    return result.output


def pdf_text(content: bytes) -> tuple[int, str]:
    """The number of pages of a PDF and its text."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(content))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def links(html: str) -> set[str]:
    return {href.replace("&amp;", "&") for href in re.findall(r'href="([^"]+)"', html)}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many sheets' PDFs were laid out (the rest came from the cache): one entry each."""
    from skirmish.printing import pdf

    laid: list[int] = []
    real = pdf._lay_out

    def lay_out(sheets: Any, *args: Any, **kwargs: Any) -> Any:
        laid.append(len(sheets))
        return real(sheets, *args, **kwargs)

    monkeypatch.setattr(pdf, "_lay_out", lay_out)
    return laid


# ---------------------------------------------------------------------- the page


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Sheets to print", "Blank gang sheet", "Quick reference", "Scenario cards",
                "Bank robbery", "Whole campaign", "Language of the sheets"]),
        ("it", ["Schede da stampare", "Scheda giocatore vuota", "Tabelle riassuntive",
                "Schede degli scenari", "Rapina in banca", "Campagna intera",
                "Lingua delle schede"]),
    ],
)  # fmt: skip
def test_the_print_page_offers_every_sheet_in_the_readers_language(
    client: Any, lang: str, words: list[str]
) -> None:
    from skirmish.rules.scenarios import scenarios

    response = client.get("/print", headers={"Accept-Language": lang})
    assert response.status_code == 200
    for word in words:
        assert word in response.text
    found = links(response.text)
    expected = {f"/print/blank.pdf?lang={lang}", f"/print/reference.html?lang={lang}"}
    expected |= {f"/scenarios/{s.id}/card.pdf?lang={lang}" for s in scenarios()}
    expected |= {f"/c/{C}/campaign.pdf?lang={lang}", f"/c/{C}/campaign.html?lang={lang}"}
    expected |= {f"/c/{C}/g/{quote(g)}/roster.pdf?lang={lang}" for g in ACTIVE}
    assert expected <= found
    assert '<label for="sheets">' in response.text and 'id="sheets"' in response.text
    assert "/print" in links(client.get("/").text)  # in the header of every page


def test_the_sheets_language_is_chosen_apart_from_the_pages(client: Any) -> None:
    """``?sheets=en`` on an Italian page: the page stays Italian, the sheets are English."""
    response = client.get("/print?sheets=en", headers={"Accept-Language": "it"})
    assert "Schede da stampare" in response.text and "Bank robbery" in response.text
    assert "/print/blank.pdf?lang=en" in links(response.text)
    assert '<option value="en" selected>' in response.text
    assert "lang" not in response.cookies  # the reader's own language is not changed


def test_the_campaign_and_scenario_pages_link_their_pdf(client: Any) -> None:
    assert f"/c/{C}/campaign.pdf" in links(client.get(f"/c/{C}").text)
    assert "Campaign PDF (A4)" in client.get(f"/c/{C}").text
    assert "/scenarios/duel/card.pdf" in links(client.get("/scenarios/duel").text)
    assert "PDF della campagna" in client.get(f"/c/{C}?lang=it").text


# ---------------------------------------------------------------------- the PDFs

#: Each sheet: its address, the pages it has, and words it must print in English and Italian.
SHEETS: list[tuple[str, int, list[str], list[str]]] = [
    ("/print/blank.pdf", 1, ["Gang roster"], ["Scheda giocatore"]),
    ("/print/reference.pdf", 3, ["Quick reference", "1–7 miss"], ["Tabelle riassuntive"]),
    ("/scenarios/bank-robbery/card.pdf", 1, ["Bank robbery"], ["Rapina in banca"]),
    ("/scenarios/Rapina%20in%20banca/card.pdf", 1, ["Bank robbery"], ["Rapina in banca"]),
    (f"/c/{C}/g/{G}/roster.pdf", 1, [GANG, "Six-shooter", "Wyatt Earp"], [GANG, "Sei colpi"]),
    (f"/c/{C}/campaign.pdf", 5, [CAMPAIGN, *ACTIVE, "Six-shooter"], [CAMPAIGN, "Sei colpi"]),
]


@pytest.mark.slow
@pytest.mark.parametrize(("address", "pages", "english", "italian"), SHEETS)
def test_each_pdf_opens_with_its_pages_and_names_in_the_chosen_language(
    client: Any, address: str, pages: int, english: list[str], italian: list[str]
) -> None:
    for lang, words in (("en", english), ("it", italian)):
        response = client.get(f"{address}?lang={lang}")
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == "application/pdf"
        count, text = pdf_text(response.content)
        assert count == pages
        for word in words:
            assert word in text, (lang, word)
    # without ?lang=, the reader's language
    assert (
        "Rapina in banca"
        in pdf_text(
            client.get(
                "/scenarios/bank-robbery/card.pdf", headers={"Accept-Language": "it"}
            ).content
        )[1]
    )


#: Each sheet's address on the web and the ``skirmish print`` arguments of the same sheet.
SAME_AS_CLI: list[tuple[str, list[str]]] = [
    ("/print/blank.{fmt}?lang=en", ["blank", "--lang", "en"]),
    ("/print/reference.{fmt}?lang=it", ["reference"]),
    ("/scenarios/duel/card.{fmt}?lang=en", ["scenario", "duel", "--lang", "en"]),
    (f"/c/{C}/g/{G}/roster.{{fmt}}?lang=it", ["roster", GANG, "--campaign", CAMPAIGN]),
    (f"/c/{C}/campaign.{{fmt}}?lang=en", ["campaign", "--lang", "en", "--campaign", CAMPAIGN]),
]


@pytest.mark.parametrize(("address", "args"), SAME_AS_CLI)
def test_the_html_is_the_clis_html(
    client: Any, demo: Path, tmp_path: Path, address: str, args: list[str]
) -> None:
    target = tmp_path / "sheet.html"
    cli(demo, "print", *args, "-o", str(target))
    response = client.get(address.format(fmt="html"))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.text == target.read_text(encoding="utf-8")
    policy = response.headers["content-security-policy"]
    assert "default-src 'none'" in policy
    # The fonts are embedded in the sheet (issue #13): the policy lets exactly those load.
    assert "font-src data:" in policy and 'url("data:font/ttf;base64,' in response.text


@pytest.mark.slow
@pytest.mark.parametrize(("address", "args"), SAME_AS_CLI)
def test_the_pdf_is_the_clis_pdf_byte_for_byte(
    client: Any, demo: Path, tmp_path: Path, address: str, args: list[str]
) -> None:
    """The warm press (stylesheet parsed once, fonts loaded once) changes nothing printed."""
    target = tmp_path / "sheet.pdf"
    cli(demo, "print", *args, "-o", str(target))
    assert client.get(address.format(fmt="pdf")).content == target.read_bytes()


@pytest.mark.parametrize(
    ("address", "filename"),
    [
        ("/print/blank.html?lang=it", "Scheda giocatore (vuota).html"),
        ("/print/blank.html?lang=en", "Gang roster (blank).html"),
        ("/print/reference.html?lang=it", "Tabelle riassuntive.html"),
        ("/scenarios/the-rally/card.html?lang=it", "Il comizio.html"),
        ("/scenarios/the-rally/card.html?lang=en", "The rally.html"),
        (f"/c/{C}/g/{G}/roster.html", "Earp brothers.html"),
        (f"/c/{C}/campaign.html", "Tombstone 1881.html"),
    ],
)
def test_the_files_are_named_after_the_sheet(client: Any, address: str, filename: str) -> None:
    header = client.get(address).headers["content-disposition"]
    assert header.startswith("inline; ")
    assert f'filename="{filename}"' in header
    assert f"filename*=UTF-8''{quote(filename, safe='')}" in header


def test_a_name_with_a_slash_or_accents_names_the_file_safely() -> None:
    from skirmish.web.prints import Format, disposition

    header = disposition('AC/DC "Niccolò"\n', Format.PDF)
    assert header == (
        "inline; filename=\"AC-DC 'Niccolo'.pdf\"; filename*=UTF-8''AC-DC%20%22Niccol%C3%B2%22.pdf"
    )
    assert disposition("\x00", Format.HTML).endswith("filename*=UTF-8''sheet.html")


@pytest.mark.parametrize(
    "address",
    ["/print/blank.docx", "/print/reference.PDF", f"/c/{C}/g/{G}/roster.txt",
     f"/c/{C}/campaign.zip", "/scenarios/duel/card.png"],
)  # fmt: skip
def test_another_suffix_is_no_page(client: Any, address: str) -> None:
    response = client.get(address)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")


def test_unknown_names_are_a_404_with_the_nearest(client: Any) -> None:
    response = client.get("/scenarios/rapinna/card.pdf")
    assert response.status_code == 404 and "/scenarios/bank-robbery" in response.text
    response = client.get(f"/c/{C}/g/Erps/roster.html")
    assert response.status_code == 404 and f"/c/{C}/g/{G}" in links(response.text)
    response = client.get("/c/Tombstne/campaign.pdf")
    assert response.status_code == 404 and f"/c/{C}" in links(response.text)


def test_a_campaign_with_no_active_gang_is_refused_in_the_clis_words(
    client: Any, demo: Path
) -> None:
    cli(demo, "campaign", "new", "Dodge City")
    response = client.get("/c/Dodge%20City/campaign.pdf")
    assert response.status_code == 400
    assert "has no active gang to print" in response.text
    page = client.get("/print").text
    assert "No active gang to print yet." in page
    assert "/c/Dodge%20City/campaign.pdf" not in client.get("/c/Dodge%20City").text


# ---------------------------------------------------------------------- who may print what


@pytest.fixture
def private(demo: Path) -> Path:
    """The demo store with an account: its campaign is private now (docs/web.md)."""
    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin="polvere e piombo\n")
    return demo


@pytest.mark.parametrize(
    "address",
    [f"/c/{C}/campaign.pdf", f"/c/{C}/campaign.html", f"/c/{C}/g/{G}/roster.pdf",
     f"/c/{C}/g/{G}/roster.html", "/c/Tomb/campaign.pdf"],
)  # fmt: skip
def test_a_hidden_campaigns_sheets_are_a_404(private: Path, address: str) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(private))) as web:
        response = web.get(address)
        assert response.status_code == 404
        assert response.headers["content-type"].startswith("text/html")
        assert f'<a href="/c/{C}">' not in response.text  # not suggested either
        missing = web.get(address.replace(C, "Nowhere").replace("Tomb", "Nowhere"))
        assert missing.status_code == 404
        page = web.get("/print").text
        assert CAMPAIGN not in page and GANG not in page
        assert web.get("/print/blank.pdf").status_code == 200  # the rules' sheets are for all


# ---------------------------------------------------------------------- names with markup

MARKUP = "<script>alert(1)</script> & {{ 7*7 }}"


def test_names_with_markup_are_text_on_the_page_the_html_and_the_pdf(
    client: Any, demo: Path
) -> None:
    cli(demo, "gang", "rename", GANG, MARKUP, "--campaign", CAMPAIGN)
    page = client.get("/print").text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; {{ 7*7 }}" in page
    address = f"/c/{C}/g/{quote(MARKUP, safe='')}/roster"
    assert address + ".pdf?lang=en" in links(page)
    html = client.get(address + ".html")
    assert html.status_code == 200 and "<script>alert" not in html.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; {{ 7*7 }}" in html.text
    pdf = client.get(address + ".pdf")
    assert pdf.status_code == 200
    assert MARKUP in pdf_text(pdf.content)[1]
    assert (
        "filename*=UTF-8''%3Cscript%3Ealert%281%29%3C-script%3E"
        in (pdf.headers["content-disposition"])
    )


# ---------------------------------------------------------------------- the cache


def test_a_repeated_download_is_not_laid_out_again_and_a_change_is_a_new_pdf(
    client: Any, demo: Path, counted: list[int]
) -> None:
    roster = f"/c/{C}/g/{G}/roster.pdf?lang=en"
    first = client.get(roster)
    again = client.get(roster)
    assert counted == [1]  # the second came from the cache
    assert again.content == first.content and again.headers["etag"] == first.headers["etag"]
    held = client.get(roster, headers={"If-None-Match": first.headers["etag"]})
    assert held.status_code == 304 and held.content == b"" and counted == [1]

    # the gang changes: a new PDF, with the new name, though nothing else was asked
    cli(demo, "member", "rename", GANG, "Wyatt Earp", "Wyatt B. S. Earp", "--campaign", CAMPAIGN)
    renamed = client.get(roster, headers={"If-None-Match": first.headers["etag"]})
    assert renamed.status_code == 200 and counted == [1, 1]
    assert renamed.headers["etag"] != first.headers["etag"]
    assert "Wyatt B. S. Earp" in pdf_text(renamed.content)[1]

    # the campaign's house rules change: a new PDF again
    cli(demo, "campaign", "set", "sell-percent", "100", "--campaign", CAMPAIGN)
    ruled = client.get(roster)
    assert counted == [1, 1, 1] and ruled.content != renamed.content

    # the other language is another PDF; each stays in the cache
    client.get(f"/c/{C}/g/{G}/roster.pdf?lang=it")
    client.get(roster)
    assert counted == [1, 1, 1, 1]


def test_an_undo_brings_back_the_pdf_already_made(
    client: Any, demo: Path, counted: list[int]
) -> None:
    """The cache is keyed by what is printed: the state before a change prints the same."""
    roster = f"/c/{C}/g/{G}/roster.pdf"
    before = client.get(roster).content
    cli(demo, "member", "rename", GANG, "Wyatt Earp", "Wyatt B. S. Earp", "--campaign", CAMPAIGN)
    assert client.get(roster).content != before
    cli(demo, "undo", GANG, "--campaign", CAMPAIGN)
    assert client.get(roster).content == before
    assert counted == [1, 1]


def test_the_campaign_pdf_lays_out_each_sheet_once(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laid out as the command line's book (``book_press.book_pdf``, issue #23), once."""
    from skirmish.printing import book_press

    counted: list[int] = []
    real = book_press.book_pdf

    def book_pdf(sheets: Any, *args: Any) -> bytes:
        counted.append(len(sheets))
        return real(sheets, *args)

    monkeypatch.setattr(book_press, "book_pdf", book_pdf)
    client.get(f"/c/{C}/campaign.pdf")
    client.get(f"/c/{C}/campaign.pdf")
    assert counted == [1 + len(ACTIVE)]  # the standings, then each active gang


# ---------------------------------------------------------------------- off the event loop


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, threading.Event]]:
    """A PDF whose layout starts (first event) and then waits for the second event."""
    from skirmish.printing import pdf

    started, release = threading.Event(), threading.Event()
    real: Callable[..., Any] = pdf._lay_out

    def lay_out(*args: Any, **kwargs: Any) -> Any:
        started.set()
        assert release.wait(60), "the test never let the PDF finish"
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf, "_lay_out", lay_out)
    yield started, release
    release.set()


def test_other_pages_answer_while_a_pdf_is_laid_out(
    client: Any, held: tuple[threading.Event, threading.Event]
) -> None:
    started, release = held
    answers: list[Any] = []
    downloading = threading.Thread(
        target=lambda: answers.append(client.get(f"/c/{C}/g/{G}/roster.pdf"))
    )
    downloading.start()
    assert started.wait(60)
    # the PDF is half made: its layout is waiting; the pages still answer
    assert client.get("/").status_code == 200
    assert client.get(f"/c/{C}").status_code == 200
    assert not answers
    release.set()
    downloading.join(60)
    assert answers and answers[0].status_code == 200
    assert answers[0].content.startswith(b"%PDF-")
