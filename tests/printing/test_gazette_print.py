"""The Frontier Gazette on paper (issue #14): the HTML prints the story's sentences and nothing
of its own but the paper's words, with their sources; user text is escaped; the period faces
ship with their licence and coverage; the PDF of the example campaign, an empty one and a
played one, in both languages, renders page by page with pdftoppm (one PDF for all).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest
from print_fixtures import GOLDEN, REGEN
from sqlmodel import select

from skirmish.campaign import lookup
from skirmish.campaign.game.history import standing_entries
from skirmish.campaign.game.tables import Game, GameEvent
from skirmish.campaign.gazette import gazette
from skirmish.campaign.gazette_issue import Gazette
from skirmish.campaign.gazette_phrases import PHRASES, WORDS
from skirmish.cli.store_options import session
from skirmish.i18n import Lang
from skirmish.printing.gazette import (
    LABELS,
    STYLESHEETS,
    GazetteView,
    day_words,
    gazette_view,
    render_gazette,
)
from skirmish.printing.pdf import covered_code_points
from skirmish.resources import templates_dir
from tests.games.gazette_play import played_campaign
from tests.games.harness import Cli

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns.db.example"
FACES = templates_dir() / "fonts" / "gazette"


@pytest.fixture(scope="module")
def dbs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("gazette-print")
    example = folder / "example.db"
    shutil.copyfile(EXAMPLE, example)
    empty = Cli(folder / "empty.db")
    empty.run("campaign", "new", "Dry Gulch")
    return {
        "example": example,
        "empty": Path(empty.db),
        "played": Path(played_campaign(folder).db),
    }


def paper(db: Path, lang: Lang, game: int | None = None) -> Gazette:
    with session(str(db), access="read") as s:
        return gazette(s, campaign=lookup.current_campaign(s, None), lang=lang, game=game)


#: HTML elements without an end tag.
VOID = frozenset({"meta", "link", "br", "hr", "img", "col", "input", "wbr"})


def _facts(db: Path) -> tuple[set[int], set[int]]:
    """The ids of the campaign's standing log entries and of its games' events."""
    with session(str(db), access="read") as s:
        campaign = lookup.current_campaign(s, None)
        logs = {int(e.id or 0) for e in standing_entries(s, campaign)}
        games = {g.id for g in s.exec(select(Game).where(Game.campaign_id == campaign.id))}
        events = {int(e.id or 0) for e in s.exec(select(GameEvent)) if e.game_id in games}
    return logs, events


@dataclass
class Printed:
    sentences: list[tuple[str, str, str]]  # (text, data-log, data-event)
    other: list[str]  # every other text of the body


class _Reader(HTMLParser):
    """The body's texts: those inside a ``sentence`` element with its sources, and the rest."""

    def __init__(self) -> None:
        super().__init__()
        self.printed = Printed([], [])
        self._stack: list[tuple[str, bool]] = []
        self._sentence: list[str] | None = None
        self._sources = ("", "")
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        found = dict(attrs)
        is_sentence = "sentence" in (found.get("class") or "").split()
        if is_sentence:
            assert self._sentence is None, "a sentence inside a sentence"
            self._sentence = []
            self._sources = (found.get("data-log") or "", found.get("data-event") or "")
        if tag in ("style", "title"):
            self._skip += 1
        self._stack.append((tag, is_sentence))

    def handle_endtag(self, tag: str) -> None:
        opened, is_sentence = self._stack.pop()
        assert opened == tag, (opened, tag)
        if tag in ("style", "title"):
            self._skip -= 1
        if is_sentence and self._sentence is not None:
            self.printed.sentences.append(("".join(self._sentence), *self._sources))
            self._sentence = None

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._sentence is not None:
            self._sentence.append(data)
        elif data.strip():
            self.printed.other.append(data.strip())


def read(html: str) -> Printed:
    reader = _Reader()
    reader.feed(html)
    return reader.printed


def _allowed(view: GazetteView, lang: Lang) -> set[str]:
    """What the paper may print besides its sentences: its own words and the facts' names and
    numbers laid out in the masthead, the standings, the poster and the obituaries' heads."""
    words = {text for text in LABELS[str(lang)].values() if "{" not in text}
    words |= {view.day, view.number, view.special, view.nothing, view.campaign}
    words.add(f"{view.campaign} campaign" if lang == Lang.EN else f"Campagna {view.campaign}")
    words |= {r.dateline for r in view.reports}
    words |= {o.name for o in view.obituaries}
    for s in view.standings:
        words |= {s.gang, *map(str, (s.place, s.played, s.won, s.drawn, s.lost))}
        words |= {str(s.eliminations), str(s.points)}
    if view.wanted is not None:
        words |= {view.wanted.name, view.wanted.reward}
    return words


# ------------------------------------------------------------------------ the HTML


@pytest.mark.parametrize("lang", [Lang.IT, Lang.EN])
@pytest.mark.parametrize("which", ["example", "empty", "played", "game-1"])
def test_the_html_prints_the_storys_sentences_with_their_sources_and_nothing_else(
    dbs: dict[str, Path], which: str, lang: Lang
) -> None:
    db = dbs["played" if which == "game-1" else which]
    story = paper(db, lang, 1 if which == "game-1" else None)
    view = gazette_view(story)
    printed = read(render_gazette(view, lang))
    expected = [
        (s.text, " ".join(map(str, s.log_ids)), " ".join(map(str, s.event_ids)))
        for s in story.sentences()
    ]
    assert sorted(printed.sentences) == sorted(expected)
    logs, events = _facts(db)
    for text, log, event in printed.sentences:
        assert log or event, text
        assert {int(i) for i in log.split()} <= logs, text  # entries that stand (not undone)
        assert {int(i) for i in event.split()} <= events, text
    allowed = _allowed(view, lang)
    assert [text for text in printed.other if text not in allowed] == []
    title = "La Gazzetta della Frontiera" if lang == Lang.IT else "The Frontier Gazette"
    assert title in printed.other
    if which == "empty":
        assert printed.sentences == [] and view.nothing in printed.other


def test_a_played_campaign_prints_reports_obituaries_standings_and_the_poster(
    dbs: dict[str, Path],
) -> None:
    html = render_gazette(gazette_view(paper(dbs["played"], Lang.EN)), Lang.EN)
    for part in ('class="report"', 'class="obituary"', 'class="standings"', 'class="wanted"'):
        assert part in html, part
    assert html.count('class="report"') == 3
    printed = read(html)
    assert "Wanted" in printed.other and "95$" in printed.other  # the Boss's bounty (H-09)
    assert "Game 1 · Bank robbery · " in " ".join(printed.other)


@pytest.mark.parametrize("lang", [Lang.IT, Lang.EN])
def test_the_example_campaigns_issue_matches_its_golden_file(
    dbs: dict[str, Path], lang: Lang
) -> None:
    """The example campaign's facts are fixed (its timestamps too): its paper is the same
    byte for byte, so a change of a phrasing, a label or the template shows in a diff."""
    html = render_gazette(gazette_view(paper(dbs["example"], lang)), lang, inline_css=False)
    path = GOLDEN / f"gazette.example.{lang}.html"
    if REGEN:
        path.write_text(html, encoding="utf-8")
    assert html == path.read_text(encoding="utf-8"), "see docs/printing.md to regenerate"


def test_the_html_file_is_self_contained(dbs: dict[str, Path]) -> None:
    html = render_gazette(gazette_view(paper(dbs["example"], Lang.IT)), Lang.IT)
    assert html.count("data:font/ttf;base64,") == 5  # three period faces, two fallback faces
    assert 'url("fonts/' not in html
    bare = render_gazette(gazette_view(paper(dbs["example"], Lang.IT)), Lang.IT, inline_css=False)
    assert "<style>" not in bare


def test_user_text_is_escaped(dbs: dict[str, Path], tmp_path: Path) -> None:
    cli = Cli(tmp_path / "hostile.db")
    shutil.copyfile(dbs["empty"], cli.db)
    cli.run("gang", "new", "<b>Tom & Jerry</b>", "--faction", "outlaws")
    cli.run("gang", "hire", "<b>Tom & Jerry</b>", "boss", "--name", "<script>x</script>")
    html = render_gazette(gazette_view(paper(cli.db, Lang.EN)), Lang.EN)
    assert "<b>Tom" not in html and "<script>" not in html
    assert "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;" in html and "&lt;script&gt;x" in html
    wanted = read(html).other
    assert "<script>x</script>" in wanted  # the poster's name, as typed, read back as text


def test_the_date_is_written_as_a_newspaper_dates_itself() -> None:
    assert day_words("1881-10-26T15:00:00Z", Lang.IT) == "mercoledì 26 ottobre 1881"
    assert day_words("1881-10-26T15:00:00Z", Lang.EN) == "Wednesday, 26 October 1881"
    assert day_words("", Lang.EN) == day_words("not a date", Lang.IT) == ""


# ------------------------------------------------------------------------ the fonts


def _coverage() -> set[int]:
    points: set[int] = set()
    for line in (FACES / "coverage.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            first, _, last = line.partition("-")
            points.update(range(int(first, 16), int(last or first, 16) + 1))
    return points


def test_the_period_faces_ship_renamed_with_their_licence_and_coverage() -> None:
    from fontTools.ttLib import TTFont

    faces = sorted(FACES.glob("*.ttf"))
    assert [f.name for f in faces] == [
        "FrontierGazetteSerif-Bold.ttf",
        "FrontierGazetteSerif-Italic.ttf",
        "FrontierGazetteSerif-Regular.ttf",
    ]
    licence = (FACES / "LICENSE-OldStandard.txt").read_text("utf-8")
    assert "SIL Open Font License" in licence and "Alexey Kryukov" in licence
    common: set[int] | None = None
    for path in faces:
        font = TTFont(path)
        cmap = set(font.getBestCmap())
        common = cmap if common is None else common & cmap
        # OFL: a modified font may not keep the Reserved Font Name "Old Standard"
        for record in font["name"].names:
            if record.nameID in (1, 3, 4, 6, 16):
                assert "Old Standard" not in record.toUnicode(), (path.name, record.nameID)
    assert common == _coverage()


def test_every_word_the_paper_prints_of_its_own_is_in_the_period_faces() -> None:
    faces = _coverage()
    texts = [t for table in (PHRASES, WORDS, LABELS) for lang in ("it", "en")
             for t in table[lang].values()]  # fmt: skip
    for name in ("gazette.html", "gazette.css"):
        texts.append((templates_dir() / name).read_text("utf-8"))
    missing = {c for text in texts for c in text if ord(c) not in faces and c not in "\n\t"}
    assert missing == set()
    assert faces <= covered_code_points()  # the fallback draws whatever a name needs beyond


# ------------------------------------------------------------------------ the PDF


@pytest.fixture(scope="module")
def pdf(dbs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """Every issue in one PDF: example, empty, played and game 1, in Italian and English."""
    from skirmish.printing.pdf import write_pdf_sheets

    sheets, names = [], []
    for which in ("played", "example", "empty", "game-1"):
        for lang in (Lang.IT, Lang.EN):
            db = dbs["played" if which == "game-1" else which]
            view = gazette_view(paper(db, lang, 1 if which == "game-1" else None))
            sheets.append(render_gazette(view, lang, inline_css=False))
            names.append(f"{which}.{lang}")
    target = tmp_path_factory.mktemp("gazette-pdf") / "gazette.pdf"
    pages = write_pdf_sheets(sheets, target, files=STYLESHEETS)
    assert pages == len(sheets)  # each issue one page
    return target, names


@pytest.mark.slow
def test_every_issue_is_one_page_with_its_title_in_the_period_faces(
    pdf: tuple[Path, list[str]],
) -> None:
    path, names = pdf
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    assert len(reader.pages) == len(names)
    fonts: set[str] = set()
    for name, page in zip(names, reader.pages, strict=True):
        text = page.extract_text()
        title = "Gazzetta" if name.endswith(".it") else "Frontier Gazette"
        assert title in text, name
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[-1])
    assert fonts and all("Frontier-Gazette-Serif" in f for f in fonts), fonts


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler) not installed")
def test_pdftoppm_renders_every_page_inked_and_within_its_margins(
    pdf: tuple[Path, list[str]], tmp_path: Path
) -> None:
    from PIL import Image

    path, names = pdf
    subprocess.run(["pdftoppm", "-r", "30", "-gray", "-png", str(path), str(tmp_path / "p")],
                   check=True)  # fmt: skip
    images = sorted(tmp_path.glob("p-*.png"))
    assert len(images) == len(names)
    for name, png in zip(names, images, strict=True):
        image = Image.open(png).convert("L")
        width, height = image.size
        pixels = image.load()
        inked = sum(1 for x in range(width) for y in range(height) if pixels[x, y] < 110)
        least = 0.004 if name.startswith("empty") else 0.01  # the masthead alone: ~0.7%
        assert inked > least * width * height, f"{name}: the page is (nearly) blank"
        band = 3  # 2.5 mm of the 11 mm margins: nothing prints this close to an edge
        edge = [
            (x, y)
            for x in range(width)
            for y in range(height)
            if (x < band or x >= width - band or y < band or y >= height - band)
            and pixels[x, y] < 150
        ]
        assert not edge, f"{name}: ink at the page's edge {edge[:3]}"
    folder = os.environ.get("SKIRMISH_SCREENSHOTS")
    if folder:  # the README's picture: the played campaign's first page, in Italian
        Path(folder).mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["pdftoppm", "-r", "80", "-png", "-singlefile", "-f", "1", "-l", "1", str(path),
             str(Path(folder) / "gazette")],
            check=True,
        )  # fmt: skip
        assert (Path(folder) / "gazette.png").stat().st_size > 10_000
