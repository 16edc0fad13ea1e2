"""A club's evening in one language (issue #21, item 4): the README's tour at the terminal, a
game through the walker, every web page a player reaches from the home page (the club's pages
and table mode, with a game in progress) and every printed sheet's text, all in Italian, hold
no word of the English catalogue that is not also a term of the book or a proper name, and no
internal id; the same evening in English holds no word of the Italian catalogue outside the
book's terms.

The two vocabularies come from the message catalogue itself (``skirmish/locale``): the words
its English msgids use and its Italian never does, and the other way round. Names are taken
out first: the players' (gangs, models, campaigns, accounts), and the book's own (every name
of the rules data, in both languages, and the scenarios'), which either language may show.
"""

from __future__ import annotations

import html.parser
import json
import re
import shutil
import sys
import tomllib
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from skirmish.cli import walker_prompts
from skirmish.cli.main import app
from skirmish.translation import LOCALE

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "campaigns.db.example"
PO = LOCALE / "it" / "LC_MESSAGES" / "skirmish.po"
#: How many pages the crawl reads at most (each page once, whatever its query).
PAGES = 160

#: Words both languages write: the book's capitals and loanwords, units, the program's name,
#: formats, and words spelt the same in both.
SHARED = {
    "fama", "fortuna", "tiro", "fred", "rif", "cos", "disp", "bonus", "whisky", "leader",
    "boss", "ranger", "cowboy", "cowboys", "html", "json", "pdf", "csv", "skirmish", "api",
    "id", "ok", "qr", "url", "http", "https", "www", "no", "sì", "web", "online", "offline",
    "password", "login", "logout", "email", "gazette", "wanted", "saloon", "sceriffo",
}  # fmt: skip


def _words(text: str) -> set[str]:
    plain = re.sub(r"\{[^}]*\}", " ", text)  # placeholders are not words
    plain = re.sub(r"'skirmish [^']*'|\bskirmish( [a-z][\w-]*)+", " ", plain)  # commands
    plain = re.sub(r"--?[a-z][\w-]*", " ", plain)  # flags
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", plain) if len(w) > 3}


def _data_texts(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Each text of the rules data and the scenarios with its language (``name_it``,
    ``text_en``, a scenario's ``it =``/``en =``)."""
    if isinstance(value, dict):
        for inner, item in value.items():
            yield from _data_texts(item, inner)
    elif isinstance(value, list):
        for item in value:
            yield from _data_texts(item, key)
    elif isinstance(value, str):
        for lang in ("it", "en"):
            if key == lang or key.endswith(f"_{lang}"):
                yield lang, value


def _vocabularies() -> tuple[set[str], set[str]]:
    """The words only the English of the catalogue and the rules data use, and those only
    their Italian uses."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    english: set[str] = set()
    italian: set[str] = set()
    data = [json.loads(f.read_text()) for f in (ROOT / "skirmish/rules/data").glob("*.json")]
    data += [tomllib.loads(f.read_text()) for f in (ROOT / "scenarios").glob("*.toml")]
    for lang, text in _data_texts(data):
        (italian if lang == "it" else english).update(_words(text))
    for message in catalog:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= _words(text)
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            italian |= _words(text)
    return english - italian - SHARED, italian - english - SHARED


def _book_names(lang: str) -> set[str]:
    """Every word of every name in the rules data and the scenarios in ``lang``: the book's
    terms (the other language's are shown only where an entry lists them on purpose, its
    "Altri nomi", which ``_found`` leaves out)."""
    from skirmish import rules
    from skirmish.rules.scenarios import scenarios

    found: set[str] = set()
    tables: list[Any] = [
        rules.factions(), rules.items(), rules.profiles(), rules.skills(), rules.weapons(),
        rules.doctors(), rules.invalid_table(), rules.recovery_table(), rules.actions(),
        rules.movements(), rules.protections(), rules.advances(),
    ]  # fmt: skip
    for table in tables:
        for entry in table:
            name = getattr(entry, f"name_{lang}", None)
            if isinstance(name, str):
                found |= _words(name)
    for scenario in scenarios():
        found |= _words(getattr(scenario, f"name_{lang}"))
        for objective in scenario.objectives:
            found |= _words(getattr(objective, f"name_{lang}"))
    return found


def _internal_ids(lang: str) -> set[str]:
    """The data's ids with a hyphen (``six-shooter``, ``loot-sack``) that are not also a name
    in ``lang``: never shown to a player."""
    from skirmish.rules import factions, items, profiles, weapons
    from skirmish.rules.scenarios import scenarios

    entries: list[Any] = [*factions(), *items(), *profiles(), *weapons()]
    for scenario in scenarios():
        entries += [scenario, *scenario.objectives]
    names = " | ".join(str(getattr(e, f"name_{lang}")).lower().replace("-", " ") for e in entries)
    return {e.id for e in entries if "-" in e.id and e.id.replace("-", " ") not in names}


class _Text(html.parser.HTMLParser):
    """A page's words as a player reads them: its text, and the labels a screen reader says
    (``aria-label``, ``title``, ``placeholder``, ``alt``); not scripts, styles or the code
    blocks that show what to type (``<code>``, ``<kbd>``, ``<pre>``)."""

    SKIPPED = {"script", "style", "code", "kbd", "pre", "samp"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.links: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIPPED:
            self._skipping += 1
        values = dict(attrs)
        for name in ("aria-label", "title", "placeholder", "alt"):
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "a" and values.get("href") and "download" not in values:
            self.links.append(str(values["href"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED and self._skipping:
            self._skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def page_text(markup: str) -> tuple[str, list[str]]:
    parser = _Text()
    parser.feed(markup)
    return " ".join(parser.parts), parser.links


class Evening:
    """One evening on a copy of the demo campaign, in ``lang``; every output kept by where it
    came from."""

    def __init__(self, folder: Path, lang: str) -> None:
        self.folder = folder
        self.lang = lang
        self.db = folder / "club.db"
        shutil.copyfile(DEMO, self.db)
        self.outputs: list[tuple[str, str]] = []

    def run(self, *args: str, db: bool = True, keep: bool = True) -> str:
        full = [*args, "--db", str(self.db)] if db else list(args)
        result = CliRunner().invoke(app, full, env={"SKIRMISH_LANG": self.lang, "COLUMNS": "200"})
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        text = (result.stdout + result.stderr).replace(str(self.folder), "DIR")
        if keep:
            self.outputs.append(("skirmish " + " ".join(args), text))
        return text

    def names(self) -> set[str]:
        """The players' words: the names of gangs, models and campaigns, and the reasons they
        typed for XP given by hand (``member xp … --reason``)."""
        found = {"Tombstone 1881", "Tombstone 1882", "Fratelli Earp"}
        for gang in json.loads(self.run("gang", "list", "--json", keep=False)):
            found.add(gang["name"])
            shown = json.loads(self.run("gang", "show", gang["name"], "--json", keep=False))
            found |= {m["name"] for m in shown["members"]}
            for entry in json.loads(self.run("log", gang["name"], "--json", keep=False)):
                reason = (entry.get("details") or {}).get("reason")
                if isinstance(reason, str) and reason:
                    found.add(reason)
        return found


def readme_tour(evening: Evening) -> None:
    """The README's tour at the terminal: a roll and the odds, the rules, a campaign between
    games, a game turn by turn, its post-game, and paper."""
    s, folder = evening, evening.folder
    s.run("roll", "shoot", "--tiro", "4", "--cover", "leggera", "--seed", "1", db=False)
    s.run("roll", "melee", "--cos", "3", "--weapon", "coltello", "--fred", "4", "--target-rif",
          "3", "--target-fred", "3", "--target-cos", "3", "--dice", "2,4,4,4,3,5",
          db=False)  # fmt: skip
    s.run("roll", "reflex", "--rif", "4", "--need", "2", "--seed", "1", db=False)
    s.run("roll", "panic", "--fred", "3", "--shaken", "--seed", "1", db=False)
    s.run("odds", "shoot", "--tiro", "4", "--weapon", "six-shooter", "--range", "5",
          "--target-rif", "3", "--target-fred", "3", "--target-cos", "2", db=False)  # fmt: skip
    s.run("odds", "save", "--rif", "3", "--damage", "2", "--cos", "2", "--histogram", db=False)
    s.run("rules", "show", "fucile", db=False)
    s.run("scenario", "show", "rapina-in-banca", db=False)
    s.run("campaign", "new", "Tombstone 1882", "--explosives")
    s.run("gang", "new", "Fratelli Earp", "--faction", "uomini-della-legge")
    s.run("gang", "hire", "Fratelli Earp", "sceriffo", "--name", "Wyatt Earp")
    s.run("gang", "buy", "Fratelli Earp", "fucile", "--for", "Wyatt Earp", "--seed", "4")
    s.run("gang", "show", "Fratelli Earp")
    s.run("log", "Fratelli Earp")
    s.run("campaign", "use", "Tombstone 1881")
    s.run("campaign", "show")
    s.run("game", "start", "rapina in banca", "--good", "Earp brothers", "--bad", "Clanton gang")
    s.run("game", "turn")
    s.run("game", "initiative", "Wyatt", "Ike", "--dice", "5,3")
    s.run("game", "shoot", "Wyatt Earp", "Ike Clanton", "--range", "9", "--cover", "leggera",
          "--dice", "1,1,6,6,6,6,6")  # fmt: skip
    s.run("game", "status")
    s.run("game", "log")
    s.run("print", "roster", "Earp brothers", "-o", str(folder / "earps.html"))
    s.run("print", "scenario", "duello", "-o", str(folder / "duel.html"), db=False)


def walker_game(evening: Evening) -> None:
    """The tour's game resumed through the walker (``game play``), in the evening's language:
    its menu, lists, prompts and verdicts, until the player closes it (Ctrl-D)."""
    answers = {
        "it": ["stato", "Ike", "steso", "ricarica", "Frank", ""],
        "en": ["state", "Ike", "prone", "reload", "Frank", ""],
    }[evening.lang]

    def read_line(prompt: str) -> str:
        sys.stdout.write(prompt)
        if not answers:
            raise EOFError
        answer = answers.pop(0)
        sys.stdout.write(answer + "\n")
        return answer

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(walker_prompts, "read_line", read_line)
        evening.run("game", "play", "rapina")
    assert not answers


def crawl(evening: Evening) -> None:
    """Every page reachable from the home page by its links, once each, in the evening's
    language (chosen with ``?lang=`` as the language link does); files and the API's own
    documentation are not pages a player reads."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    with TestClient(create_app(str(evening.db))) as client:
        client.get(f"/?lang={evening.lang}")
        queue, seen = ["/"], set()
        while queue and len(seen) < PAGES:
            address = queue.pop(0)
            path = urlsplit(address).path
            if path in seen:
                continue
            seen.add(path)
            response = client.get(address)
            if "text/html" not in response.headers.get("content-type", ""):
                continue
            text, links = page_text(response.text)
            evening.outputs.append((f"GET {path}", text))
            for link in links:
                target = urljoin(address, link)
                parts = urlsplit(target)
                if parts.netloc and parts.netloc != "testserver":
                    continue
                if parts.path.endswith((".pdf", ".json", ".csv", ".html", ".ics", ".png")):
                    continue
                if parts.path.startswith(("/api/", "/static/", "/logout")) or "lang=" in target:
                    continue
                if parts.path not in seen:
                    queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))


def sheets(evening: Evening) -> None:
    """Every printed sheet as HTML in the evening's language: a roster, the activation cards,
    the campaign book, a blank sheet, the quick reference, a scenario card and the Gazette."""
    folder, lang = evening.folder, evening.lang
    made = [
        ("print", "roster", "Clanton gang"),
        ("print", "cards", "Clanton gang"),
        ("print", "campaign"),
        ("print", "blank"),
        ("print", "reference"),
        ("print", "scenario", "assassinio"),
        ("gazette",),
    ]
    for index, command in enumerate(made):
        out = folder / f"sheet{index}.html"
        db = command[1] not in ("blank", "reference", "scenario") if len(command) > 1 else True
        evening.run(*command, "-o", str(out), "--lang", lang, db=db, keep=False)
        text, _ = page_text(out.read_text(encoding="utf-8"))
        evening.outputs.append((" ".join(command), text))


@pytest.fixture(scope="module", params=["it", "en"])
def evening(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Evening:
    night = Evening(tmp_path_factory.mktemp(f"evening-{request.param}"), request.param)
    readme_tour(night)
    walker_game(night)
    crawl(night)
    sheets(night)
    return night


def _typed() -> list[str]:
    """What a player types that ``campaign show`` lists as typed: the house rules' keys and
    their values (``campaign set failed-item next-game``)."""
    from skirmish.campaign.settings import HOUSE_RULES

    typed = {rule.key for rule in HOUSE_RULES} | {c for r in HOUSE_RULES for c in r.choices}
    return sorted(typed, key=len, reverse=True)


def _plain(evening: Evening) -> Iterator[tuple[str, str]]:
    """Each output without what is not the program's words: the players' names, the paths of
    files, the keys a player types (an entry's ``[key]``, ``campaign set``'s keys and values)
    and the other language's names an entry lists on purpose (``Altri nomi``, a scenario's
    title ``Duello (Duel)``)."""
    names = sorted(evening.names(), key=len, reverse=True)
    for where, text in evening.outputs:
        for name in names:
            text = text.replace(name, " ")
        text = re.sub(r"DIR/\S+", " ", text)
        text = re.sub(r"^(Altri nomi|Also called): .*$", " ", text, flags=re.M)
        text = re.sub(r" \[[a-z-]+\]$", " ", text, flags=re.M)
        if where.startswith("skirmish scenario show"):
            text = re.sub(r"^(.*?) \([^)]*\)", r"\1", text, count=1)
        if where.startswith("skirmish campaign show"):
            for word in _typed():
                text = re.sub(rf"(?<![\w-]){re.escape(word)}(?![\w-])", " ", text)
        yield where, text


def _found(evening: Evening, forbidden: set[str]) -> dict[str, list[str]]:
    book = _book_names(evening.lang)
    found: dict[str, set[str]] = defaultdict(set)
    for where, text in _plain(evening):
        found[where] |= (_words(text) & forbidden) - book
    return {where: sorted(words) for where, words in found.items() if words}


def test_the_evening_reaches_every_part(evening: Evening) -> None:
    places = {" ".join(where.split()[:2]) for where, _ in evening.outputs}
    pages = [w for w, _ in evening.outputs if w.startswith("GET ")]
    assert {"skirmish roll", "skirmish game", "print roster", "print reference"} <= places
    assert any("/games/" in page for page in pages), pages  # table mode, a game in progress
    assert len(pages) >= 25, pages
    assert any("game play" in where for where, _ in evening.outputs)


def test_no_word_of_the_other_language(evening: Evening) -> None:
    english, italian = _vocabularies()
    assert {"shaken", "treasury"} <= english and {"scosso", "ferite"} <= italian
    found = _found(evening, english if evening.lang == "it" else italian)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_no_internal_id(evening: Evening) -> None:
    ids = _internal_ids(evening.lang)
    leaks: dict[str, list[str]] = {}
    for where, text in _plain(evening):
        hits = {i for i in ids if re.search(rf"(?<![\w/-]){re.escape(i)}(?![\w-])", text)}
        hits |= set(re.findall(r"(?<![\w/.-])[a-z]+_[a-z_]+(?![\w.(-])", text))
        if hits:
            leaks[where] = sorted(hits)
    assert leaks == {}, json.dumps(leaks, indent=1, ensure_ascii=False)


def counts(evenings: Sequence[Evening]) -> Iterator[tuple[str, int]]:
    """For the report: how many words of the other language each evening found."""
    english, italian = _vocabularies()
    for night in evenings:
        found = _found(night, english if night.lang == "it" else italian)
        yield night.lang, sum(len(words) for words in found.values())
