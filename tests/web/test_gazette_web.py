"""The Frontier Gazette on the web (issue #14, ``skirmish/web/gazette.py``): the paper to date
and each finished game's issue inside the site, in the reader's language, every sentence
``campaign.gazette``'s; its PDF through the app's warm press; the Atom and RSS feeds (valid
XML with the elements each format requires, an entry per finished game's issue and one for the
paper to date, ids that survive a new address, times of the latest fact); the campaign page's
``<link rel="alternate">``; a hidden campaign's paper a 404; names with markup as text."""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote
from xml.etree import ElementTree

import pytest

from tests.web.luck_games import CAMPAIGN, EARPS, cli, played

C = quote(CAMPAIGN, safe="")
PAPER = f"/c/{C}/gazette"
A = "{http://www.w3.org/2005/Atom}"
MARKUP = '<script>alert(1)</script> & "{{ 7*7 }}"'


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo store after one bank robbery (``luck_games``), shared by the module's reads."""
    return played(tmp_path_factory.mktemp("gazette"))


@pytest.fixture(scope="module")
def web(store: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(store))) as client:
        yield client


def issue(db: Path, lang: str, game: int | None = None) -> Any:
    """``campaign.gazette``'s issue, read from the store as the page reads it."""
    from sqlmodel import select

    from skirmish.campaign import store
    from skirmish.campaign.gazette import gazette
    from skirmish.campaign.models import Campaign

    engine = store.open_store(str(db), access=store.Access.READ, create=False)
    try:
        with store.transaction(engine, access=store.Access.READ) as session:
            found = session.exec(select(Campaign).where(Campaign.name == CAMPAIGN)).one()
            return gazette(session, campaign=found, lang=lang, game=game)
    finally:
        engine.dispose()


def main_of(page: str) -> str:
    return html.unescape(page[page.index("<main>") : page.index("</main>")])


# ---------------------------------------------------------------------- the page


@pytest.mark.parametrize(
    ("lang", "title", "special"),
    [("en", "The Frontier Gazette", "Special edition: game 1"),
     ("it", "La Gazzetta della Frontiera", "Edizione straordinaria: la partita 1")],
)  # fmt: skip
def test_every_sentence_of_the_paper_is_on_the_page(
    web: Any, store: Path, lang: str, title: str, special: str
) -> None:
    whole = web.get(f"{PAPER}?lang={lang}")
    assert whole.status_code == 200
    text = main_of(whole.text)
    assert f"<h1>{title}</h1>" in text and special not in text
    paper = issue(store, lang)
    sentences = [s.text for s in paper.sentences()]
    assert len(sentences) > 5
    for sentence in sentences:
        assert sentence in text, sentence
    one = main_of(web.get(f"{PAPER}?game=1&lang={lang}").text)
    assert special in one
    for sentence in issue(store, lang, game=1).sentences():
        assert sentence.text in one, sentence.text
    # each sentence carries the facts it states, as the printed paper does
    assert 'data-event="' in whole.text and 'data-log="' in whole.text


def test_the_campaign_page_links_the_paper_and_its_feed(web: Any) -> None:
    page = web.get(f"/c/{C}?lang=en").text
    head = page[: page.index("</head>")]
    assert (
        f'<link rel="alternate" type="application/atom+xml" title="Gazette: {CAMPAIGN}" '
        f'href="/c/{C}/gazette.atom?lang=en">'
    ) in head
    rss = f'type="application/rss+xml" title="Gazette: {CAMPAIGN}" href="/c/{C}/gazette.rss'
    assert rss in head
    assert f'href="{PAPER}"' in page
    paper = web.get(f"{PAPER}?lang=en").text
    assert f'href="/c/{C}/gazette.atom?lang=en"' in paper[: paper.index("</head>")]
    assert f'href="{PAPER}?game=1">No. 1: game 1, Bank robbery</a>' in paper
    assert f'href="/c/{C}/gazette.pdf"' in paper
    assert f'href="{PAPER}?game=1"' in web.get(f"/c/{C}/games/1").text  # the game has ended


def test_the_print_page_offers_the_paper_of_each_campaign(web: Any) -> None:
    page = web.get("/print?sheets=en&lang=it").text
    assert "La Gazzetta della Frontiera" in page
    assert f'href="{PAPER}.pdf?lang=en"' in page and f'href="{PAPER}.html?lang=en"' in page


def test_a_game_with_no_issue_is_a_404_listing_the_issues(web: Any) -> None:
    for game in ("9", "x"):
        missing = web.get(f"{PAPER}?game={game}&lang=en")
        assert missing.status_code == 404
        assert f'href="{PAPER}?game=1">No. 1: game 1, Bank robbery</a>' in missing.text


def test_a_campaign_where_nothing_happened_says_so(demo: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    cli(demo, "campaign", "new", "Dodge City")
    with TestClient(create_app(str(demo))) as web:
        for lang, words in (("en", "nothing has happened yet"), ("it", "finora non è successo")):
            page = main_of(web.get(f"/c/Dodge%20City/gazette?lang={lang}").text)
            assert words in page
        feed = ElementTree.fromstring(web.get("/c/Dodge%20City/gazette.atom").content)
        assert len(feed.findall(f"{A}entry")) == 1  # the paper to date, and no game's issue


# ---------------------------------------------------------------------- the feeds


def test_the_atom_feed_has_an_entry_per_issue_and_every_required_element(
    web: Any, store: Path
) -> None:
    from skirmish.web.feeds import rfc3339

    answer = web.get(f"/c/{C}/gazette.atom?lang=en")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/atom+xml"
    root = ElementTree.fromstring(answer.content)
    for required in ("id", "title", "updated", "author"):
        assert root.find(f"{A}{required}") is not None, required
    assert root.findtext(f"{A}title") == f"The Frontier Gazette: {CAMPAIGN}"
    links = {link.get("rel"): link.get("href") for link in root.findall(f"{A}link")}
    assert links == {
        "self": f"http://testserver/c/{C}/gazette.atom?lang=en",
        "alternate": f"http://testserver{PAPER}?lang=en",
    }
    entries = root.findall(f"{A}entry")
    assert len(entries) == 2  # the paper to date and game 1's issue
    whole, game = issue(store, "en"), issue(store, "en", game=1)
    by_link = {e.find(f"{A}link").get("href"): e for e in entries}  # type: ignore[union-attr]
    for paper, link in ((whole, f"{PAPER}?lang=en"), (game, f"{PAPER}?game=1&lang=en")):
        entry = by_link[f"http://testserver{link}"]
        for required in ("id", "title", "updated", "content"):
            assert entry.find(f"{A}{required}") is not None, required
        assert entry.findtext(f"{A}updated") == rfc3339(paper.date)
        content = entry.find(f"{A}content")
        assert content is not None and content.get("type") == "html"
        body = html.unescape(content.text or "")
        for sentence in paper.sentences():
            assert sentence.text in body, sentence.text
    assert root.findtext(f"{A}updated") == max(e.findtext(f"{A}updated") or "" for e in entries)
    title = by_link[f"http://testserver{PAPER}?game=1&lang=en"].findtext(f"{A}title")
    assert title == f"No. 1, game 1: {game.reports[0].headline.text}"


def test_the_feeds_ids_stay_when_the_address_changes(store: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    def ids(client: Any, lang: str = "en") -> list[str]:
        root = ElementTree.fromstring(client.get(f"/c/{C}/gazette.atom?lang={lang}").content)
        return [root.findtext(f"{A}id") or ""] + [e.findtext(f"{A}id") or ""
                                                   for e in root.findall(f"{A}entry")]  # fmt: skip

    app = create_app(str(store))
    with TestClient(app) as here, TestClient(app, base_url="https://saloon.example.org") as there:
        first = ids(here)
        assert len(set(first)) == 3 and all(i.startswith("urn:uuid:") for i in first)
        assert ids(there) == first == ids(here)
        root = ElementTree.fromstring(there.get(f"/c/{C}/gazette.atom").content)
        entry = root.find(f"{A}entry/{A}link")
        assert entry is not None and entry.get("href", "").startswith("https://saloon.example.org/")


def test_the_campaigns_web_address_leads_the_feeds_links(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = played(tmp_path)
    cli(db, "campaign", "address", "https://club.example.org/saloon/", "--campaign", CAMPAIGN)
    with TestClient(create_app(str(db))) as web:
        root = ElementTree.fromstring(web.get(f"/c/{C}/gazette.atom?lang=it").content)
        hrefs = [link.get("href", "") for link in root.iter(f"{A}link")]
        assert hrefs and all(h.startswith("https://club.example.org/saloon/c/") for h in hrefs)
        assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "it"
        assert root.findtext(f"{A}title") == f"La Gazzetta della Frontiera: {CAMPAIGN}"


def test_a_feed_reader_polling_is_told_nothing_changed(web: Any) -> None:
    address = f"/c/{C}/gazette.atom?lang=en"
    first = web.get(address)
    assert first.status_code == 200
    again = web.get(address, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and not again.content
    since = web.get(address, headers={"If-Modified-Since": first.headers["last-modified"]})
    assert since.status_code == 304
    older = web.get(address, headers={"If-Modified-Since": "Thu, 20 Oct 1881 09:01:00 GMT"})
    assert older.status_code == 200 and older.content == first.content
    other = web.get(address, headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200
    rss = web.get(f"/c/{C}/gazette.rss?lang=en", headers={"If-None-Match": first.headers["etag"]})
    assert rss.status_code == 200  # another document, another tag


def test_the_rss_feed_says_the_same(web: Any) -> None:
    answer = web.get(f"/c/{C}/gazette.rss?lang=it")
    assert answer.headers["content-type"] == "application/rss+xml"
    channel = ElementTree.fromstring(answer.content).find("channel")
    assert channel is not None
    for required in ("title", "link", "description"):
        assert channel.findtext(required), required
    assert channel.findtext("language") == "it"
    items = channel.findall("item")
    assert len(items) == 2
    atom = ElementTree.fromstring(web.get(f"/c/{C}/gazette.atom?lang=it").content)
    assert sorted(i.findtext("guid") or "" for i in items) == sorted(
        e.findtext(f"{A}id") or "" for e in atom.findall(f"{A}entry")
    )


# ---------------------------------------------------------------------- who reads, what prints


def test_a_hidden_campaigns_paper_is_a_404(demo: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin="polvere e piombo\n")
    with TestClient(create_app(str(demo))) as visitor:
        for suffix in ("", ".atom", ".rss", ".pdf", ".html"):
            answer = visitor.get(f"{PAPER}{suffix}")
            assert answer.status_code == 404, suffix
            assert f'<a href="/c/{C}">' not in answer.text
        assert visitor.get(f"{PAPER}.xml").status_code == 404


def test_names_with_markup_are_text_on_the_page_and_in_the_feed(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = played(tmp_path)
    cli(db, "gang", "rename", EARPS, MARKUP, "--campaign", CAMPAIGN)
    with TestClient(create_app(str(db))) as web:
        page = web.get(f"{PAPER}?lang=en").text
        assert "<script>alert" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;{{ 7*7 }}&#34;" in page
        feed = web.get(f"/c/{C}/gazette.atom?lang=en")
        assert b"<script>" not in feed.content
        for content in ElementTree.fromstring(feed.content).iter(f"{A}content"):
            # the entry's HTML, once unescaped by a feed reader, still holds the name as text
            assert "<script>" not in (content.text or "")
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (content.text or "")


@pytest.mark.slow
def test_the_pdf_is_the_printed_paper_and_a_repeat_is_not_sent_again(web: Any) -> None:
    from pypdf import PdfReader

    answer = web.get(f"{PAPER}.pdf?game=1&lang=en")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"].startswith(
        f'inline; filename="The Frontier Gazette - {CAMPAIGN} - No. 1.pdf"'
    )
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(answer.content)).pages)
    assert "Frontier Gazette" in text and "Special edition: game 1" in text
    again = web.get(
        f"{PAPER}.pdf?game=1&lang=en", headers={"If-None-Match": answer.headers["etag"]}
    )
    assert again.status_code == 304 and not again.content
    page = web.get(f"{PAPER}.html?lang=it")
    assert page.status_code == 200 and "La Gazzetta della Frontiera" in page.text
    assert "@font-face" in page.text  # one file that opens anywhere: its fonts inside
